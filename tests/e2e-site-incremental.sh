#!/bin/sh
# e2e-site-incremental.sh: a site updated after each of many small imports
# (replies before their roots, so threads merge and pages move) equals a
# site built from scratch from the same archive, file for file.
. "${top_srcdir:-.}/tests/e2e-lib.sh"

mkdir -p "$TMP/parts"
n=100
for mbox in "$SAMPLE" "$DATA"/thread/*.mbox "$DATA/site/hostile.mbox"; do
    n=$((n + 100))
    awk -v dir="$TMP/parts" -v base="$n" \
        '/^From / { out = sprintf ("%s/%04d", dir, base + ++k) } { print > out }' "$mbox"
done
# Newest first, a few at a time: most updates add a thread's parent.
A=$TMP/archive
S=$TMP/site
i=0
for part in $(ls "$TMP/parts" | sort -r); do
    i=$((i + 1))
    cat "$TMP/parts/$part" >>"$TMP/batch"
    if [ $((i % 4)) -eq 0 ]; then
        expect 0 import -q -a "$A" "$TMP/batch"
        expect 0 site -q --search=no -a "$A" -o "$S"
        rm "$TMP/batch"
    fi
done
if [ -f "$TMP/batch" ]; then
    expect 0 import -q -a "$A" "$TMP/batch"
    expect 0 site -q --search=no -a "$A" -o "$S"
fi
# Nothing new: nothing written.
expect 0 site --search=no -a "$A" -o "$S"
grep -q ' 0 files written' "$TMP/err" || fail "a run with nothing new wrote files: $(cat "$TMP/err")"
expect 0 site -q --search=no -a "$A" -o "$TMP/full"
diff -r -x .mlarc-site "$S" "$TMP/full" >"$TMP/diff" \
    || { head -20 "$TMP/diff" >&2; fail "the incremental site differs from a full build"; }
