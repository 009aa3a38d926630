#!/bin/sh
# check-smuggling.sh: an over-limit message of an mboxcl2 or mboxcl file
# is skipped by its Content-Length, whole (issue 27 §10): a From_ line and
# headers inside its counted body never become a message of their own.
. "${top_srcdir:?run me through make check or tests/reliability/run}/tests/reliability/lib.sh"

# A counted message of 2 KB whose body holds a From_ line and the headers
# of a "smuggled" message, then a small one; $1 writes a line of the body
# (mboxcl quotes From lines in counted bodies, mboxcl2 does not).
counted_mbox () {
    from=$1
    {
        printf 'x%.0s' $(seq 1 2000)
        printf '\n\n%s evil@example.org Tue Mar  2 13:00:00 2021\n' "$from"
        printf 'From: Evil <evil@example.org>\nSubject: smuggled\n'
        printf 'Message-ID: <smuggled@example.org>\n\nchosen by the sender\n'
    } >"$TMP/body"
    {
        printf 'From a@example.org Tue Mar  2 13:00:00 2021\n'
        printf 'From: A <a@example.org>\nSubject: big\nMessage-ID: <big@example.org>\n'
        printf 'Content-Length: %d\n\n' "$(wc -c <"$TMP/body")"
        cat "$TMP/body"
        printf '\nFrom b@example.org Tue Mar  2 13:01:00 2021\n'
        printf 'From: B <b@example.org>\nSubject: next\nMessage-ID: <next@example.org>\n'
        printf 'Content-Length: 5\n\nnext\n\n'
    } >"$TMP/counted.mbox"
}

skipped_whole () {
    format=$1 from=$2
    counted_mbox "$from"
    rm -rf "$TMP/a"
    expect 0 import -a "$TMP/a" --format "$format" --max-message-size 1000 "$TMP/counted.mbox"
    expect_accounted
    [ "$(summary read)" -eq 2 ] && [ "$(summary rejected)" -eq 1 ] || fail "$(cat "$TMP/err")"
    validate "$TMP/a"
    grep -q 'over the limit' "$TMP/out" || fail "no too-big reject: $(cat "$TMP/out")"
    expect 0 threads -a "$TMP/a"
    grep -q smuggled "$TMP/out" && fail "the smuggled message was stored: $(cat "$TMP/out")"
    grep -q next "$TMP/out" || fail "the message after it was lost: $(cat "$TMP/out")"
    detail "2 read: the over-limit one rejected (too-big), the next one stored"
}

check "mboxcl2: an over-limit counted message is skipped whole" skipped_whole mboxcl2 From
check "mboxcl: an over-limit counted message is skipped whole" skipped_whole mboxcl '>From'
finish
