#!/bin/sh
# generate.sh OUTDIR: writes the hostile cases that are binary or large
# into OUTDIR (tests/reliability/check-hostile.sh runs it at test time):
#   utf8.eml       invalid and overlong UTF-8 (and raw NUL) in every header,
#                  in encoded words, a filename and the body
#   long-names.eml attachment names of 4 KB (plain and RFC 2231), a 4 KB
#                  Message-ID, Subject and display name
#   ids.mbox       Message-IDs with control characters (raw, and in an
#                  RFC 2047 word that would decode to a line break or a TAB),
#                  a reply to one of them, and a later message with the id
#                  the first becomes once cleaned (issue 27 §4)
#   terminal.mbox  escape sequences in every text a terminal shows: a
#                  window title (OSC 0), the clipboard (OSC 52), clear
#                  screen, BEL, a C1 CSI, a CR that rewrites a line
#                  (issue 27 §8)
#   counted.mbox   a counted (mboxcl2) message whose body holds a From_ line
#                  and the headers of another message (issue 27 §10; the
#                  over-limit case is tests/reliability/check-smuggling.sh)
#   parts.eml      1,000 attachments of 480 bytes; one-part.eml the same
#                  bytes as one attachment (issue 27 §2: the site's cost
#                  grows with the bytes, not with parts times bytes)
#   hijack-1.mbox  an announcement and a reply; hijack-2.mbox, imported
#                  after it, a copy of the announcement's Message-ID dated
#                  a day earlier with X-No-Archive, and a second reply;
#                  hijack-3.mbox the same copy published (issue 27 §3)
#   future.mbox    a message dated in 2999; now.mbox one dated now (issue
#                  27 §9)
set -eu
out=${1:?usage: generate.sh OUTDIR}
mkdir -p "$out"

# Overlong '<' and '>' (C0 BC, E0 80 BC, F0 80 80 BC), an overlong '/'
# (C0 AF), a UTF-16 surrogate (ED A0 80), a 5-byte form (F8 88 80 80 80),
# FF FE, a truncated sequence (E2 82) and a lone continuation byte (80).
bad='\300\274script\300\276 \340\200\274b\360\200\200\274 \300\257etc \355\240\200 \370\210\200\200\200 \377\376 \342\202 \200'
# The same bytes in encoded words: base64 of "\xc0\xbcscript\xc0\xbe \xff".
word='=?utf-8?b?wLxzY3JpcHTAviD/?='
{
    printf "From: \"$bad\" <u\300\257@example.org>\n"
    printf "Sender: $word <s@example.org>\n"
    printf "To: $bad <list@example.org>\n"
    printf "Cc: $word\n"
    printf "Subject: $bad $word nul:\000:end\n"
    printf "Date: Tue, 2 Mar 2021 1\300\2620:00:00 +0000 $bad\n"
    printf "Message-ID: <utf8-\300\274\355\240\200@example.org>\n"
    printf "In-Reply-To: <\377\376@example.org>\n"
    printf "References: <\300\257..\300\257x@example.org> <\370\210\200\200\200@example.org>\n"
    printf "List-Id: $bad <utf8.example.org>\n"
    printf "Organization: $bad\n"
    printf "MIME-Version: 1.0\n"
    printf "Content-Type: multipart/mixed; boundary=\"b\"\n\n"
    printf -- "--b\nContent-Type: text/plain; charset=utf-8\n\n$bad\n\n"
    printf -- "--b\nContent-Type: text/plain; charset=\"$bad\"\n\ncharset is garbage\n\n"
    printf -- "--b\nContent-Type: application/octet-stream\n"
    printf "Content-Disposition: attachment; filename=\"$bad.txt\"\n\nx\n\n"
    printf -- "--b\nContent-Type: application/octet-stream\n"
    printf "Content-Disposition: attachment; filename=\"a\000b.txt\"\n\nraw nul in the name\n\n"
    printf -- "--b--\n"
} >"$out/utf8.eml"

long=$(head -c 4096 /dev/zero | tr '\0' 'n')
{
    printf 'From: "%s" <long@example.org>\n' "$long"
    printf 'To: list@example.org\n'
    printf 'Subject: %s\n' "$long"
    printf 'Date: Tue, 2 Mar 2021 13:00:00 +0000\n'
    printf 'Message-ID: <%s@example.org>\n' "$long"
    printf 'MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="b"\n\n'
    printf -- '--b\nContent-Type: text/plain\n\nLong names.\n\n'
    printf -- '--b\nContent-Type: application/octet-stream\n'
    printf 'Content-Disposition: attachment; filename="%s.txt"\n\nplain\n\n' "$long"
    printf -- '--b\nContent-Type: application/octet-stream\nContent-Disposition: attachment;\n'
    for i in 0 1 2 3; do
        printf ' filename*%d="%s";\n' "$i" "$(printf '%s' "$long" | head -c 1024)"
    done
    printf '\ncontinued\n\n'
    printf -- '--b\nContent-Type: application/octet-stream\n'
    printf 'Content-Disposition: attachment; filename="%s"\n\ndeep\n\n' \
        "$(i=0; while [ $i -lt 400 ]; do printf '../'; i=$((i + 1)); done)deep.txt"
    printf -- '--b--\n'
} >"$out/long-names.eml"

# msg N ID SUBJECT [EXTRA-HEADER]: one mbox message (printf escapes in all).
msg () {
    printf 'From hostile@example.org Tue Mar  2 13:00:00 2021\n'
    printf 'From: Hostile <hostile@example.org>\nTo: list@example.org\n'
    printf "Subject: $3\n"
    printf 'Date: Tue, 2 Mar 2021 13:0%d:00 +0000\n' "$1"
    printf "Message-ID: $2\n"
    [ -z "${4:-}" ] || printf "$4\n"
    printf '\nMessage %d.\n\n' "$1"
}
{
    msg 1 '<ctl\001@example.org>' 'a control character in the id'
    msg 2 '<=?utf-8?q?enc=0Aline?=@example.org>' 'an encoded line break in the id'
    msg 3 '=?utf-8?q?tab=09id?=' 'an encoded TAB in a bare id'
    msg 4 '<reply@example.org>' 'Re: a control character in the id' \
        'In-Reply-To: <ctl\001@example.org>\nReferences: <ctl\002@example.org>'
    msg 5 '<ctl@example.org>' 'the cleaned id, later'
    msg 6 '<del\177\302\233c1@example.org>' 'DEL and a C1 control in the id'
} >"$out/ids.mbox"

esc=$(printf '\033')
{
    msg 1 '<terminal@example.org>' "title ${esc}]0;owned\007 clip ${esc}]52;c;ZWNobyBvd25lZA==\007"
    printf 'From hostile@example.org Tue Mar  2 13:00:00 2021\n'
    printf 'From: "Evil\033[2J Name" <evil@example.org>\nTo: list@example.org\n'
    printf 'Subject: =?utf-8?q?encoded=1B]0;title=07_and_C1_=C2=9B31m?=\n'
    printf 'Date: Tue, 2 Mar 2021 14:00:00 +0000\n'
    printf 'Message-ID: <terminal-2@example.org>\nIn-Reply-To: <terminal@example.org>\n'
    printf 'Content-Type: text/plain; charset=utf-8\n\n'
    printf 'Clear\033[2J\033[H the screen, ring\007, and C1 \302\233 31m red.\n'
    printf 'Fake line\rmlarc: all is well\n'
    printf 'A real\ttab and a backslash \\ stay.\n\n'
} >"$out/terminal.mbox"

{
    printf 'x\n\nFrom evil@example.org Tue Mar  2 13:00:00 2021\n'
    printf 'From: Evil <evil@example.org>\nSubject: smuggled\n'
    printf 'Message-ID: <smuggled@example.org>\n\nchosen by the sender\n'
} >"$out/counted.body"
{
    printf 'From a@example.org Tue Mar  2 13:00:00 2021\n'
    printf 'From: A <a@example.org>\nSubject: counted\nMessage-ID: <counted@example.org>\n'
    printf 'Content-Length: %d\n\n' "$(wc -c <"$out/counted.body")"
    cat "$out/counted.body"
    printf '\nFrom b@example.org Tue Mar  2 13:01:00 2021\n'
    printf 'From: B <b@example.org>\nSubject: next\nMessage-ID: <next@example.org>\n'
    printf 'Content-Length: 5\n\nnext\n\n'
} >"$out/counted.mbox"
rm "$out/counted.body"

# parts_message N SIZE: a message of N attachments of SIZE bytes each.
parts_message () {
    printf 'From: Parts <parts@example.org>\nTo: list@example.org\n'
    printf 'Subject: %s attachments\nDate: Tue, 2 Mar 2021 13:00:00 +0000\n' "$1"
    printf 'Message-ID: <parts-%s@example.org>\nMIME-Version: 1.0\n' "$1"
    printf 'Content-Type: multipart/mixed; boundary="b"\n\n'
    printf -- '--b\nContent-Type: text/plain\n\nSee the attachments.\n'
    awk -v n="$1" -v size="$2" 'BEGIN {
        line = sprintf("%63s", ""); gsub(/ /, "x", line)
        for (i = 1; i <= n; i++) {
            printf "--b\nContent-Type: application/octet-stream\n"
            printf "Content-Disposition: attachment; filename=\"part%d.bin\"\n\n", i
            for (left = size; left > 0; left -= 64)
                print substr(line, 1, (left < 64 ? left : 64) - 1)
        }
    }'
    printf -- '--b--\n'
}
parts_message 1000 480 >"$out/parts.eml"
parts_message 1 480000 >"$out/one-part.eml"

# hijack_msg DAY HOUR ID SUBJECT BODY [EXTRA-HEADER]: one mbox message of
# March 2021.
hijack_msg () {
    printf 'From list@example.org Tue Mar  2 13:00:00 2021\n'
    printf 'From: Someone <someone@example.org>\nTo: list@example.org\n'
    printf 'Subject: %s\nDate: %s Mar 2021 %s:00:00 +0000\nMessage-ID: <%s>\n' "$4" "$1" "$2" "$3"
    [ -z "${6:-}" ] || printf '%s\n' "$6"
    printf '\n%s\n\n' "$5"
}
{
    hijack_msg 2 10 announce@example.org 'Release 1.0' 'The real announcement.'
    hijack_msg 2 11 reply-1@example.org 'Re: Release 1.0' 'First reply.' \
        'In-Reply-To: <announce@example.org>'
} >"$out/hijack-1.mbox"
{
    hijack_msg 1 9 announce@example.org 'Release 1.0' 'A forged copy, withheld.' \
        'X-No-Archive: yes'
    hijack_msg 3 12 reply-2@example.org 'Re: Release 1.0' 'Second reply.' \
        'References: <announce@example.org>'
} >"$out/hijack-2.mbox"
hijack_msg 1 8 announce@example.org 'Release 1.0' 'A forged copy, published.' \
    >"$out/hijack-3.mbox"
{
    printf 'From a@example.org Tue Mar  2 13:00:00 2021\n'
    printf 'From: Future <future@example.org>\nSubject: from the future\n'
    printf 'Date: Fri, 1 Jan 2999 00:00:00 +0000\nMessage-ID: <future@example.org>\n\n'
    printf 'Dated 2999.\n\n'
} >"$out/future.mbox"
{
    printf 'From b@example.org Tue Mar  2 13:00:00 2021\n'
    printf 'From: Now <now@example.org>\nSubject: from today\n'
    printf 'Date: %s\nMessage-ID: <now@example.org>\n\n' "$(LC_ALL=C date -u '+%a, %d %b %Y %H:%M:%S +0000')"
    printf 'Dated today.\n\n'
} >"$out/now.mbox"
