#!/bin/sh
# check-includes.sh: each library (GMime, libxml2, libxslt, SQLite, libical)
# is included only by the files doc/VIOLATIONS.md allows, in its table "Who
# may include a library's headers"; a listed file that no longer includes
# its library fails too, so the table stays true. A listed header passes
# the library on: only files of its own folder may include it.
. "${top_srcdir:-.}/tests/e2e-lib.sh"
cd "$top_srcdir"

# "| GMime | `<gmime/` | a.c, b.c |" -> "GMime<TAB><gmime/<TAB>a.c b.c"
sed -n 's/^| \([A-Za-z0-9]*\) | `\(<[^`]*\)` | \(.*\) |$/\1\t\2\t\3/p' doc/VIOLATIONS.md \
    | tr -d ',' >"$TMP/rules"
[ "$(wc -l <"$TMP/rules")" -ge 5 ] || fail "doc/VIOLATIONS.md: the allow-list table has $(wc -l <"$TMP/rules") rows, expected 5"

bad=0
tab=$(printf '\t')
while IFS="$tab" read -r library include allowed; do
    grep -rlF "#include $include" lib src --include='*.[ch]' | LC_ALL=C sort >"$TMP/found"
    echo "$allowed" | tr ' ' '\n' | sed '/^$/d' | LC_ALL=C sort >"$TMP/allowed"
    for file in $(comm -23 "$TMP/found" "$TMP/allowed"); do
        echo "$file includes $library ($include...), which doc/VIOLATIONS.md does not allow" >&2
        bad=$((bad + 1))
    done
    for file in $(comm -13 "$TMP/found" "$TMP/allowed"); do
        echo "doc/VIOLATIONS.md allows $file to include $library, but it does not: update the table" >&2
        bad=$((bad + 1))
    done
    for header in $(grep '\.h$' "$TMP/allowed"); do
        folder=$(dirname "$header")
        for file in $(grep -rlF "#include \"$(basename "$header")\"" lib src --include='*.[ch]'); do
            [ "$(dirname "$file")" = "$folder" ] && continue
            echo "$file includes $(basename "$header"), which carries $library out of $folder/" >&2
            bad=$((bad + 1))
        done
    done
done <"$TMP/rules"
[ "$bad" -eq 0 ] || fail "$bad include(s) outside doc/VIOLATIONS.md's allow-list"
echo "includes: $(wc -l <"$TMP/rules") libraries, each only where doc/VIOLATIONS.md allows it"
