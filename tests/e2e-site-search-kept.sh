#!/bin/sh
# e2e-site-search-kept.sh: a site made with search, updated where pagefind
# is not found (--search=auto, the default), keeps its search page and
# index as they were and says so once (not with -q); with nothing new the
# run writes nothing. A stand-in pagefind (a script) makes the first index,
# so the test needs no Pagefind.
. "${top_srcdir:-.}/tests/e2e-lib.sh"

mkdir -p "$TMP/bin"
cat >"$TMP/bin/pagefind" <<'SCRIPT'
#!/bin/sh
[ "$1" = --version ] && { echo "pagefind 0.0.0-stand-in"; exit 0; }
mkdir -p "$2/pagefind"
(cd "$2" && find . -name index.html | sort) >"$2/pagefind/pagefind.js"
SCRIPT
chmod +x "$TMP/bin/pagefind"

A=$TMP/archive
S=$TMP/site
MLARC_PAGEFIND=$TMP/bin/pagefind expect 0 build -q -a "$A" -o "$S" "$SAMPLE"
index=$(ls "$S"/pagefind/*/pagefind.js)
[ -s "$index" ] && [ -f "$S/search.html" ] || fail "no search made with the stand-in"
cp "$index" "$TMP/index.before"
cp "$S/search.html" "$TMP/search.before"

# One more message; pagefind is nowhere to be found now.
{
    printf 'From t@example.org Mon Jan  1 00:00:00 2001\n'
    printf 'From: T <t@example.org>\nMessage-ID: <kept@example.org>\n'
    printf 'Date: Fri, 25 Jun 2004 10:00:00 +0000\nSubject: Kept\n\nNew.\n\n'
} >"$TMP/one.mbox"
expect 0 import -q -a "$A" "$TMP/one.mbox"
(cd "$TMP" && MLARC_PAGEFIND= PATH=/usr/bin:/bin expect 0 site -a "$A" -o "$S")
[ "$(grep -c 'pagefind not found, the search index is kept' "$TMP/err")" -eq 1 ] \
    || fail "not said once: $(cat "$TMP/err")"
cmp -s "$index" "$TMP/index.before" || fail "the search index changed"
cmp -s "$S/search.html" "$TMP/search.before" || fail "the search page changed"
grep -q 'search.html' "$S/m/kept@example.org/index.html" \
    || fail "the new message's page has no link to the search"
# Nothing new: nothing written, still said; -q says nothing.
(cd "$TMP" && MLARC_PAGEFIND= PATH=/usr/bin:/bin expect 0 site -a "$A" -o "$S")
grep -q ' 0 files written' "$TMP/err" || fail "nothing new wrote: $(cat "$TMP/err")"
grep -q 'the search index is kept' "$TMP/err" || fail "nothing new: not said"
[ -f "$index" ] || fail "nothing new: the index is gone"
(cd "$TMP" && MLARC_PAGEFIND= PATH=/usr/bin:/bin expect 0 site -q -a "$A" -o "$S")
[ ! -s "$TMP/err" ] || fail "-q printed: $(cat "$TMP/err")"
