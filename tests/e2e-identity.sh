#!/bin/sh
# e2e-identity.sh: one identity per message, whatever its container. The
# same messages as .eml files, a Maildir, standard input and every mbox
# variant (mboxo, mboxrd, mboxcl, mboxcl2, gzip'd) are stored once and are
# "already present" from every other container; an archive written before
# mbox separators were left out (tests/data/legacy) keeps working.
. "${top_srcdir:-.}/tests/e2e-lib.sh"
ENVELOPE='From fixture@mlarc.invalid Thu Jan  1 00:00:00 2004'

# The messages: the model's test mail (less one that has no header block,
# which no mbox can hold), plus endings that only the separator rule tells
# apart: several blank lines, a body "From " line, CRLF blank lines.
mkdir "$TMP/eml"
for f in "$DATA"/message/*.eml; do
    case $f in */headers-only-body.eml) continue ;; esac
    cp "$f" "$TMP/eml/"
done
printf 'From: a@example.org\nMessage-ID: <blank-lines@example.org>\nSubject: trailing\n\nbody\n\n\n\n' \
    >"$TMP/eml/zz-blank-lines.eml"
printf 'From: a@example.org\nMessage-ID: <from-line@example.org>\nSubject: quoted\n\nFrom here on, quoted.\n>From there too.\n' \
    >"$TMP/eml/zz-from-line.eml"
printf 'From: a@example.org\nMessage-ID: <from-only@example.org>\nSubject: quoted\n\nFrom here on.\n' \
    >"$TMP/eml/zz-from-only.eml"
printf 'From: a@example.org\r\nMessage-ID: <crlf-blank@example.org>\r\nSubject: crlf\r\n\r\nbody\r\n\r\n' \
    >"$TMP/eml/zz-crlf-blank.eml"
n=$(ls "$TMP/eml" | wc -l | tr -d ' ')

# mbox writers: each message of folder $1 after a From_ line, then one
# blank line. $2: the sed quoting of From lines; $3: a message to leave out.
write_mbox () {
    for f in "$1"/*.eml; do
        case $f in */"${3:-}") continue ;; esac
        printf '%s\n' "$ENVELOPE"
        sed "$2" "$f"
        printf '\n'
    done
}
# mboxo cannot tell ">From" in a body from a quoted "From": leave that one out.
write_mbox "$TMP/eml" 's/^From />From /' zz-from-line.eml >"$TMP/mboxo.mbox"
write_mbox "$TMP/eml" 's/^\(>*From \)/>\1/' >"$TMP/mboxrd.mbox"
gzip -c "$TMP/mboxrd.mbox" >"$TMP/mboxrd.mbox.gz"
mkdir -p "$TMP/maildir/cur" "$TMP/maildir/new" "$TMP/maildir/tmp"
i=0
for f in "$TMP"/eml/*.eml; do
    i=$((i + 1))
    cp "$f" "$TMP/maildir/cur/100000000$i.M$i.host:2,S"
done

# $1 what is checked, $2 archive, $3 want added, $4 want present; the rest:
# import arguments. Prints "ok<TAB>what<TAB>summary" (check-identity.sh
# makes rows of these).
import_expect () {
    what=$1 a=$2 want_added=$3 want_present=$4
    shift 4
    expect 0 import -a "$a" "$@"
    expect_accounted
    [ "$(summary added)" -eq "$want_added" ] && [ "$(summary 'already present')" -eq "$want_present" ] \
        || fail "$what: import $*: $(cat "$TMP/err"), expected $want_added added, $want_present present"
    printf 'ok\t%s\t%s\n' "$what" "$(sed -n 's/^mlarc import: //p' "$TMP/err")"
}

import_expect ".eml files first" "$TMP/a" "$n" 0 "$TMP"/eml/*.eml
import_expect "Maildir after .eml" "$TMP/a" 0 "$n" "$TMP/maildir"
import_expect "mboxrd after .eml" "$TMP/a" 0 "$n" "$TMP/mboxrd.mbox"
import_expect "mboxrd.gz after .eml" "$TMP/a" 0 "$n" -f mboxrd "$TMP/mboxrd.mbox.gz"
import_expect "mboxo after .eml" "$TMP/a" 0 "$((n - 1))" -f mboxo "$TMP/mboxo.mbox"
for f in "$TMP"/eml/*.eml; do
    run import -a "$TMP/a" - <"$f"
    [ "$status" -eq 0 ] && [ "$(summary 'already present')" -eq 1 ] \
        || fail "stdin $f: $(cat "$TMP/err")"
done
printf 'ok\t%s\t%s\n' "standard input after .eml" "$n messages, each already present"
[ "$(count "$TMP/a")" -eq "$n" ] || fail "archive holds $(count "$TMP/a") messages, expected $n"
shas "$TMP/a" | sort >"$TMP/eml.shas"
validate "$TMP/a"
grep -q 'raw-rule="message"' "$TMP/a/index.xml" || fail "index.xml: no raw-rule"

# The other way round: mbox first, then the files.
import_expect "mboxrd first" "$TMP/b" "$n" 0 "$TMP/mboxrd.mbox"
shas "$TMP/b" | sort | cmp -s - "$TMP/eml.shas" || fail "mboxrd: other bytes than the .eml files"
import_expect ".eml after mboxrd" "$TMP/b" 0 "$n" "$TMP"/eml/*.eml

# Content-Length mboxes: the messages carry their own Content-Length (a
# writer adds it, so it is part of the message). mboxcl also quotes From
# lines as mboxo does (so it cannot hold ">From" either), and counts the
# quoted body; mboxcl2 quotes nothing, so the count differs for the
# message with a From line, which only mboxcl holds.
mkdir "$TMP/cl"
for f in "$TMP"/eml/*.eml; do
    case $f in *zz-from-line.eml) continue ;; esac
    header=$(sed -n '1,/^\r\{0,1\}$/p' "$f" | wc -c)
    body=$(tail -c +"$((header + 1))" "$f" | sed 's/^From />From /' | wc -c)
    { printf 'Content-Length: %s\n' "$body"; cat "$f"; } >"$TMP/cl/$(basename "$f")"
done
write_mbox "$TMP/cl" 's/^From />From /' >"$TMP/mboxcl.mbox"
write_mbox "$TMP/cl" '' zz-from-only.eml >"$TMP/mboxcl2.mbox"
import_expect ".eml with Content-Length" "$TMP/c" "$((n - 1))" 0 "$TMP"/cl/*.eml
import_expect "mboxcl after .eml" "$TMP/c" 0 "$((n - 1))" -f mboxcl "$TMP/mboxcl.mbox"
import_expect "mboxcl2 after .eml" "$TMP/c" 0 "$((n - 2))" -f mboxcl2 "$TMP/mboxcl2.mbox"
import_expect "mboxcl2 (detected) after .eml" "$TMP/c" 0 "$((n - 2))" "$TMP/mboxcl2.mbox"
grep -q 'bad-content-length' "$TMP/c"/volumes/*.xml && fail "a Content-Length did not fit"

# Round trip: the export reads back as the same messages, and the
# separator it writes comes off again (no message grows a blank line).
expect 0 export -a "$TMP/a" -o "$TMP/a.mbox"
import_expect "export of the archive into a new one" "$TMP/a2" "$n" 0 "$TMP/a.mbox"
shas "$TMP/a2" | sort | cmp -s - "$TMP/eml.shas" || fail "export of the .eml files reads back otherwise"

# An archive written before the rule (by mlarc at f111e0e, see
# tests/data/legacy/README): its mbox messages kept their separator line.
cp -R "$DATA/legacy/archive-v1" "$TMP/legacy"
chmod -R u+w "$TMP/legacy"
validate "$TMP/legacy"
legacy=$(count "$TMP/legacy")
# The messages it was made from: those of tests/data/message then.
mkdir "$TMP/legacy-eml"
while read -r f; do cp "$DATA/message/$f" "$TMP/legacy-eml/"; done <"$DATA/legacy/messages.list"
import_expect "legacy archive: .eml files" "$TMP/legacy" 0 "$legacy" "$TMP"/legacy-eml/*.eml
# The fixture's own input, as its README says it was made.
write_mbox "$TMP/legacy-eml" 's/^From />From /' >"$TMP/legacy-input.mbox"
import_expect "legacy archive: its own mbox input" "$TMP/legacy" 0 "$legacy" "$TMP/legacy-input.mbox"
# Without the .keys cache the keys come from the XML, with the same result.
rm "$TMP/legacy/volumes/000001.keys"
import_expect "legacy archive without .keys: mbox" "$TMP/legacy" 0 "$legacy" "$TMP/legacy-input.mbox"
# New messages go into a volume of the new rule beside the old one.
extra=$((n - legacy))
import_expect "legacy archive: new messages into a new volume" "$TMP/legacy" "$extra" "$legacy" "$TMP/maildir"
grep -c 'raw-rule="message"' "$TMP/legacy/index.xml" | grep -qx 1 || fail "legacy: raw-rule not on the new volume only"
validate "$TMP/legacy"
# The export of the mixed archive has no doubled blank line and reads back
# into it as nothing new.
expect 0 export -a "$TMP/legacy" -o "$TMP/legacy.mbox"
import_expect "legacy archive: its export into itself" "$TMP/legacy" 0 "$n" "$TMP/legacy.mbox"
import_expect "export of legacy archive into a new one" "$TMP/legacy-again" "$n" 0 "$TMP/legacy.mbox"
import_expect ".eml after that export" "$TMP/legacy-again" 0 "$n" "$TMP"/eml/*.eml
exit 0
