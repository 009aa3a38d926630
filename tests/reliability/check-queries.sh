#!/bin/sh
# check-queries.sh: a query too large is a bad query (issue 27 §12): 5,000
# ORed from: terms exit 2 with one line, as bad syntax does, not 1 with
# SQLite's "Expression tree is too large".
. "${top_srcdir:?run me through make check or tests/reliability/run}/tests/reliability/lib.sh"

too_many_terms () {
    expect 0 import -q -a "$TMP/a" "$SAMPLE"
    terms=$(i=0; while [ $i -lt 5000 ]; do printf 'from:user%d@example.org OR ' $i; i=$((i + 1)); done)
    # shellcheck disable=SC2086 # the terms are words of the query
    expect 2 search -a "$TMP/a" $terms last@example.org
    [ "$(wc -l <"$TMP/err")" -eq 1 ] || fail "not one line: $(cat "$TMP/err")"
    [ ! -s "$TMP/out" ] || fail "output: $(head -c 200 "$TMP/out")"
    detail "$(cat "$TMP/err")"
}

check "5,000 ORed from: terms: exit 2, one line" too_many_terms
finish
