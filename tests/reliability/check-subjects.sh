#!/bin/sh
# check-subjects.sh: listings and feeds do not grow with a subject or a
# name (issue 27 §7). Mails with 33 KB subjects and 60 KB sender names
# give listings, the home page and feeds that show them shortened, cut
# between UTF-8 characters; the message page keeps the full subject.
. "${top_srcdir:?run me through make check or tests/reliability/run}/tests/reliability/lib.sh"

MAILS=40
LIMIT=300000
awk -v n=$MAILS 'BEGIN {
    s = ""; for (i = 0; i < 16500; i++) s = s "é"
    w = ""; for (i = 0; i < 30000; i++) w = w "ü"
    for (m = 1; m <= n; m++) {
        printf "From x@example.org Tue Mar  2 13:%02d:00 2021\n", m % 60
        printf "From: %d%s <x%d@example.org>\n", m, w, m
        printf "Subject: S%d %s\nMessage-ID: <long-%d@example.org>\n", m, s, m
        printf "Date: Tue, 2 Mar 2021 13:%02d:00 +0000\nContent-Type: text/plain; charset=utf-8\n\nbody %d\n\n", m % 60, m
    }
}' >"$TMP/long.mbox"

shortened () {
    expect 0 import -q -a "$TMP/a" "$TMP/long.mbox"
    expect 0 site --search=no -q -a "$TMP/a" -o "$TMP/s"
    largest=$(find "$TMP/s" -type f \( -name '*.html' -o -name '*.xml' \) -exec wc -c {} + \
        | grep -v ' total$' | sort -n | tail -n 1)
    [ "${largest%% /*}" -le $LIMIT ] || fail "a page of ${largest%% /*} bytes: ${largest#* }"
    for f in "$TMP/s/index.html" "$TMP/s/new.atom"; do
        [ -f "$f" ] || continue
        iconv -f UTF-8 -t UTF-8 "$f" >/dev/null 2>&1 || fail "$f is not valid UTF-8"
    done
    grep -q "S$MAILS éé" "$TMP/s/index.html" || fail "the home page does not show the subject"
    # The full subject on the message page.
    page=$(find "$TMP/s" -path "*long-$MAILS@*" -name index.html | head -n 1)
    [ -n "$page" ] || fail "no page of message long-$MAILS"
    awk 'BEGIN { printf "S'$MAILS' "; for (i = 0; i < 16500; i++) printf "é"; print "" }' >"$TMP/subject"
    grep -q -F -f "$TMP/subject" "$page" || fail "the message page lost the full subject"
    detail "$MAILS mails, 33 KB subjects, 60 KB names: largest page ${largest%% /*} bytes ($(basename "$(dirname "${largest#* }")")/$(basename "${largest#* }")), home page $(wc -c <"$TMP/s/index.html") bytes"
}

check "listings and feeds shorten long subjects and names" shortened
finish
