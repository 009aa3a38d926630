#!/bin/sh
# check-readme.sh: README's Tests section names every Check suite
# (tests/check_*.c), every end-to-end script (tests/e2e-*.sh), every check
# of the house (tests/check-*.sh), browser test and reliability check, so
# that the list a newcomer reads is the list make runs.
. "${top_srcdir:-.}/tests/e2e-lib.sh"
cd "$top_srcdir"
sed -n '/^Tests$/,/^[A-Z][a-z]*$/p' README | sed '1d' >"$TMP/tests-section"
[ -s "$TMP/tests-section" ] || fail "README has no Tests section"
missing=0
for file in tests/check_*.c tests/e2e-*.sh tests/check-*.sh tests/browser-*.sh \
        tests/reliability/check-*.sh; do
    [ "$file" = tests/e2e-lib.sh ] && continue    # sourced by the others
    name=$(basename "$file" .c)
    grep -q -- "$name" "$TMP/tests-section" && continue
    echo "README's Tests section does not name $name ($file)" >&2
    missing=$((missing + 1))
done
[ "$missing" -eq 0 ] || fail "$missing test(s) missing from README"
echo "readme: every suite and script is named in README's Tests section"
