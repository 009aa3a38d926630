#!/bin/sh
# e2e-site-search.sh: the site's search (Pagefind): mlarc build --search=yes on
# the sample makes an index per period under pagefind/, whose records are
# the message pages only (subject, author, own text; filters and meta), a
# search page that is the only page with a script, and a link to it from
# every page; a one-word query finds its message's record; a rerun keeps
# the index, an update re-indexes only the period that changed, and the
# result equals a full build byte for byte, bundles and tiers included. Without pagefind, auto builds
# without search and says so once; yes is an error. Skips when pagefind
# is not installed (npm install at the top of the source tree).
. "${top_srcdir:-.}/tests/e2e-lib.sh"

need_pagefind

A=$TMP/archive
S=$TMP/site
expect 0 build --search=yes -a "$A" -o "$S" "$SAMPLE"
grep -q '^mlarc site: search index: 1 period indexed, 0 unchanged$' "$TMP/err" \
    || fail "build: no search summary: $(cat "$TMP/err")"
for f in search.html search.js pagefind/2004/pagefind.js pagefind/2004/pagefind-entry.json \
         pagefind/2004/wasm.en.pagefind; do
    [ -f "$S/$f" ] || fail "no $f"
done
[ "$(ls "$S/pagefind")" = 2004 ] || fail "periods: $(ls "$S/pagefind")"
[ -z "$(find "$S/pagefind" -name 'pagefind-ui*')" ] || fail "Pagefind's own UI was copied"
grep -q ' pagefind/2004/pagefind-entry.json$' "$S/.mlarc-site" || fail "the index is not in the manifest"

# The records: one per message page (36), none for another kind of page.
records () {
    for f in "$1"/pagefind/*/fragment/*.pf_fragment; do
        gzip -dc "$f" | tail -c +13
        echo
    done
}
records "$S" >"$TMP/records"
[ "$(wc -l <"$TMP/records")" -eq 36 ] || fail "not 36 records: $(wc -l <"$TMP/records")"
[ "$(grep -c '^{"url":"/m/[^"]*/index.html"' "$TMP/records")" -eq 36 ] || fail "a record is not a message page"
for url in $(sed 's/^{"url":"\([^"]*\)".*/\1/' "$TMP/records"); do
    [ -f "$S$url" ] || fail "$url: a record of no page"
done
grep -q '"filters":{"author":\["Theodore Ts'"'"'o"\],"month":\["2004-07"\],"year":\["2004"\]}' "$TMP/records" \
    || fail "no author, month and year filters"
grep -q '"meta":{"author":"Theodore Ts'"'"'o","date":"2004-07-17 12:30 UTC","title":"Re: \[Ksummit-2004-discuss\] Getting to the Congress Centre"}' \
    "$TMP/records" || fail "no author, date and title meta"
# Navigation, headers and quotes are not indexed.
! grep -q -e 'the whole thread' -e 'raw message' -e 'Message-ID' "$TMP/records" || fail "navigation was indexed"
# Two pages show this line, one quoting the other: one record has it.
[ "$(grep -l 'squeezed out by NUMA' "$S"/m/*/index.html | wc -l)" -eq 2 ] || fail "the sample changed"
[ "$(grep -c 'squeezed out by NUMA' "$TMP/records")" -eq 1 ] || fail "quoted text was indexed"

# A one-word query: the word is in one record, the page it names exists,
# and so do the index files a browser loads for it (the entry, the meta,
# the wasm, an index chunk, the fragment).
[ "$(grep -c -i garage "$TMP/records")" -eq 1 ] || fail "garage: not one record"
grep -i garage "$TMP/records" | grep -q '"url":"/m/20040717123005.GA15511@thunk.org/index.html"' \
    || fail "garage: not the expected message"
hash=$(sed -n 's/.*"hash":"\([^"]*\)".*/\1/p' "$S/pagefind/2004/pagefind-entry.json")
[ -f "$S/pagefind/2004/pagefind.$hash.pf_meta" ] || fail "no meta for the entry's hash $hash"
[ -n "$(ls "$S"/pagefind/2004/index/*.pf_index)" ] || fail "no index chunk"

# Scripts: search.html is the only page with one, and the only page whose
# policy lets WebAssembly run; every page links to it.
[ "$(grep -r -l '<script' --include='*.html' "$S")" = "$S/search.html" ] || fail "a script outside search.html"
grep -q "script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'" "$S/search.html" \
    || fail "search.html: no policy for Pagefind"
! grep -r -l 'wasm-unsafe-eval' --include='*.html' "$S" | grep -v -q '/search.html$' || fail "a policy lets wasm run outside search.html"
for page in index.html 2004/07/index.html "$(cd "$S" && ls -d t/* | head -n 1)/index.html"; do
    grep -q 'class="search" href="[./]*search.html"' "$S/$page" || fail "$page: no link to search"
done

# A rerun keeps the index; an update in a new period (2021) indexes that
# period only (the old one's pages changed their links, not their text);
# one more message in 2021 re-indexes that period only.
expect 0 site -a "$A" -o "$S"
grep -q '^mlarc site: search index: 0 periods indexed, 1 unchanged$' "$TMP/err" || fail "rerun: $(cat "$TMP/err")"
grep -q ' 0 files written' "$TMP/err" || fail "rerun wrote files"
expect 0 build -a "$A" -o "$S" "$DATA/site/hostile.mbox"
grep -q '^mlarc site: search index: 1 period indexed, 1 unchanged$' "$TMP/err" || fail "hostile: $(cat "$TMP/err")"
cat >"$TMP/late.mbox" <<'MBOX'
From late@example.org Tue Mar  2 10:00:00 2021
From: Late Sender <late@example.org>
Subject: a late word: periwinkle
Date: Tue, 2 Mar 2021 10:00:00 +0000
Message-ID: <late-1@example.org>

Only this message says periwinkle.
MBOX
expect 0 build -a "$A" -o "$S" "$TMP/late.mbox"
grep -q '^mlarc site: search index: 1 period indexed, 1 unchanged$' "$TMP/err" || fail "late: $(cat "$TMP/err")"
records "$S" | grep -q '"url":"/m/late-1@example.org/index.html".*periwinkle' || fail "late: not findable"

# Incremental = full, the index included (Pagefind's output is the same
# for the same pages).
expect 0 site -a "$A" -o "$TMP/full"
# The settings file records how the site was made, not what it shows.
diff -r -x .mlarc-site.settings -x .mlarc-site.state -x .mlarc-site.delta "$S" "$TMP/full" >"$TMP/diff" || { head -20 "$TMP/diff" >&2; fail "incremental site differs from a full build"; }

# Bundles: with 10 pages a bundle the sample's 2004 is cut, in archive
# order, into 2004 and 2004.001 to 2004.003; a late message dated 2004
# joins the last bundle, which alone is indexed again, and the result
# equals a full build.
B=$TMP/bundled
export MLARC_SEARCH_BUNDLE=10
expect 0 build --search=yes -a "$TMP/bundled-archive" -o "$B" "$SAMPLE"
[ "$(ls "$B/pagefind" | tr '\n' ' ')" = "2004 2004.001 2004.002 2004.003 " ] \
    || fail "bundles: $(ls "$B/pagefind" | tr '\n' ' ')"
sed 's/2021/2004/g; s/periwinkle/marigold/; s/late-1@/late-2004@/' "$TMP/late.mbox" >"$TMP/late2004.mbox"
expect 0 build -a "$TMP/bundled-archive" -o "$B" "$TMP/late2004.mbox"
grep -q '^mlarc site: search index: 1 period indexed, 3 unchanged$' "$TMP/err" || fail "bundled late: $(cat "$TMP/err")"
records "$B" | grep -q '"url":"/m/late-2004@example.org/index.html".*marigold' || fail "bundled late: not findable"
expect 0 site -a "$TMP/bundled-archive" -o "$TMP/bundled-full"
diff -r -x .mlarc-site.settings -x .mlarc-site.state -x .mlarc-site.delta "$B" "$TMP/bundled-full" >"$TMP/diff" || { head -20 "$TMP/diff" >&2; fail "bundled: incremental site differs from a full build"; }

# Tiers: with 4 pages a step, the period's open bundle (6 pages)
# holds 4 and its current tier 2004.new the other 2. A late message joins
# the tier, which alone is indexed again; the next one fills it, so it is
# merged into the open bundle (indexed again once) and 2004.new goes. Each
# step equals a full build.
T=$TMP/tiered
export MLARC_SEARCH_TIER=4
expect 0 build --search=yes -a "$TMP/tiered-archive" -o "$T" "$SAMPLE"
[ "$(ls "$T/pagefind" | tr '\n' ' ')" = "2004 2004.001 2004.002 2004.003 2004.new " ] \
    || fail "tiers: $(ls "$T/pagefind" | tr '\n' ' ')"
[ "$(head -n 2 "$T/search-indexes.txt" | tr '\n' ' ')" = "2004.new 2 2004.003 4 " ] \
    || fail "tiers: $(head -n 2 "$T/search-indexes.txt" | tr '\n' ' ')"
tier_step () { # MESSAGE-ID WORD EXPECTED-SUMMARY BUNDLES
    sed "s/2021/2004/g; s/periwinkle/$2/; s/late-1@/$1@/" "$TMP/late.mbox" >"$TMP/$1.mbox"
    expect 0 build -a "$TMP/tiered-archive" -o "$T" "$TMP/$1.mbox"
    grep -q "^mlarc site: search index: $3\$" "$TMP/err" || fail "$1: $(cat "$TMP/err")"
    [ "$(ls "$T/pagefind" | tr '\n' ' ')" = "$4" ] || fail "$1: $(ls "$T/pagefind" | tr '\n' ' ')"
    records "$T" | grep -q "\"url\":\"/m/$1@example.org/index.html\".*$2" || fail "$1: not findable"
    rm -rf "$TMP/tiered-full"
    expect 0 site -a "$TMP/tiered-archive" -o "$TMP/tiered-full"
    diff -r -x .mlarc-site.settings -x .mlarc-site.state -x .mlarc-site.delta "$T" "$TMP/tiered-full" \
        >"$TMP/diff" || { head -20 "$TMP/diff" >&2; fail "$1: incremental site differs from a full build"; }
}
tier_step tier-1 bluebell "1 period indexed, 4 unchanged" "2004 2004.001 2004.002 2004.003 2004.new "
tier_step tier-2 cowslip "1 period indexed, 3 unchanged" "2004 2004.001 2004.002 2004.003 "
[ "$(sed -n 1p "$T/search-indexes.txt")" = "2004.003 8" ] || fail "merged: $(sed -n 1p "$T/search-indexes.txt")"
unset MLARC_SEARCH_BUNDLE MLARC_SEARCH_TIER

# --search=no takes the search away again.
expect 0 site --search=no -a "$A" -o "$S"
[ ! -e "$S/pagefind" ] && [ ! -e "$S/search.html" ] && [ ! -e "$S/search.js" ] || fail "search files left"
! grep -q 'search.html' "$S/index.html" || fail "home still links to search"

# Without pagefind: auto builds without search and says so once; yes and
# a MLARC_PAGEFIND that is no program are errors.
N=$TMP/nosearch
(cd "$TMP" && MLARC_PAGEFIND= PATH=/usr/bin:/bin expect 0 site -a "$A" -o "$N")
[ "$(grep -c 'pagefind not found' "$TMP/err")" -eq 1 ] || fail "auto: not said once: $(cat "$TMP/err")"
[ ! -e "$N/search.html" ] && [ ! -e "$N/pagefind" ] || fail "auto: search without pagefind"
(cd "$TMP" && MLARC_PAGEFIND= PATH=/usr/bin:/bin expect 1 site --search=yes -a "$A" -o "$N")
grep -q 'pagefind not found' "$TMP/err" || fail "yes: no clear error: $(cat "$TMP/err")"
MLARC_PAGEFIND=$TMP/no-such-pagefind expect 1 site -a "$A" -o "$N"
grep -q 'no-such-pagefind: no such program' "$TMP/err" || fail "bad MLARC_PAGEFIND: $(cat "$TMP/err")"
expect 2 site --search=maybe -a "$A" -o "$N"

echo "e2e-site-search: ok"
