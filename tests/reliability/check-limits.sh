#!/bin/sh
# check-limits.sh: the size limit counts a message's own bytes, the same
# from every container (issue 27 §11): a message of exactly the limit is
# stored from an mbox (its separator line and the '>' quoting its From
# lines not counted), a Maildir and an .eml alike; one byte over is
# rejected from each.
. "${top_srcdir:?run me through make check or tests/reliability/run}/tests/reliability/lib.sh"

# The message: headers, a body with lines an mbox must quote, 4 KB.
{
    printf 'From: A <a@example.org>\nSubject: exactly\nMessage-ID: <exact@example.org>\n'
    printf 'Date: Tue, 2 Mar 2021 13:00:00 +0000\n\n'
    for i in $(seq 1 40); do printf 'From line %d of the body, quoted in an mbox\n' "$i"; done
} >"$TMP/m.eml"
size=$(wc -c <"$TMP/m.eml")
{ printf 'From a@example.org Tue Mar  2 13:00:00 2021\n'; sed 's/^From />From /' "$TMP/m.eml"; printf '\n'; } >"$TMP/m.mbox"
mkdir -p "$TMP/md/cur" "$TMP/md/new" "$TMP/md/tmp"
cp "$TMP/m.eml" "$TMP/md/cur/1.host:2,S"

# $1: the limit; $2: the container; $3: added, or rejected.
stored_as () {
    rm -rf "$TMP/a"
    expect 0 import -a "$TMP/a" --max-message-size "$1" "$2"
    expect_accounted
    [ "$(summary "$3")" = 1 ] || fail "$2 at a limit of $1 bytes: not $3: $(cat "$TMP/err")"
}

same_limit () {
    for input in "$TMP/m.mbox" "$TMP/md" "$TMP/m.eml"; do
        stored_as "$size" "$input" added
        stored_as $((size - 1)) "$input" rejected
    done
    detail "a $size-byte message with 40 quoted From lines: stored at a limit of $size, rejected at $((size - 1)), from an mbox, a Maildir and an .eml"
}

check "the size limit counts the message's own bytes in every container" same_limit
finish
