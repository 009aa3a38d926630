#!/bin/sh
# browser-search.sh: the sample's site with search, served over http on
# 127.0.0.1 (python3 -m http.server, as the README says), in a real browser
# (Debian's chromium, driven by playwright-core: browser-search.mjs): the
# search page loads the index under its Content-Security-Policy, a word
# typed shows the expected message with its subject, author, date and an
# excerpt, and the result leads to its message page. On a site of two
# periods (the sample's 2004 and tests/data/search/more.mbox's 2005) the
# page merges the older period only as a query needs it, and with
# ?budget=1 only when "search older" is pressed; a current tier is opened
# with the newest bundle, as one. Skips without
# chromium, node, python3, pagefind or playwright-core (npm install at the
# top of the source tree installs the last two). With MLARC_SCREENSHOTS=DIR
# it leaves a picture of the results in DIR/site-search-1000.png (doc/
# holds it).
. "${top_srcdir:-.}/tests/e2e-lib.sh"

need_browser

S=$TMP/site
expect 0 build -q --search=yes -a "$TMP/archive" -o "$S" "$SAMPLE"

# A server of $S (serve, e2e-lib.sh) until the test ends or the site is
# made again.
serve "$S"

# Each server session's queries run in one browser (browser-search.mjs
# --batch): $TMP/results.jsonl holds a JSON line per query, and pick N
# makes the Nth the result that field reads.
batch () {
    timeout 300 node "$top_srcdir/tests/browser-search.mjs" "$NODE_MODULES" "http://127.0.0.1:$port/" \
        --batch="$TMP/queries" >"$TMP/results.jsonl" 2>"$TMP/node.err" \
        || { cat "$TMP/node.err" >&2; fail "the browser run failed"; }
    [ "$(wc -l <"$TMP/results.jsonl")" -eq "$(wc -l <"$TMP/queries")" ] || fail "not a result per query"
    [ "$(grep -c '"errors":\[\]' "$TMP/results.jsonl")" -eq "$(wc -l <"$TMP/queries")" ] \
        || fail "the browser reported: $(grep -o '"errors":\[[^]]*\]' "$TMP/results.jsonl" | sort -u)"
}
pick () { sed -n "$1p" "$TMP/results.jsonl" >"$TMP/result.json"; }

{
    if [ -n "${MLARC_SCREENSHOTS:-}" ]; then
        echo "garage --screenshot=$MLARC_SCREENSHOTS/site-search-1000.png --follow"
    else
        echo "garage --follow"
    fi
    echo "multipath"
    echo "multipath --params=author=Joe%20Thornber"
    echo "multipath --params=year=2004"
    echo "multipath --params=month=2004-06"
} >"$TMP/queries"
batch
pick 1
note "$(cat "$TMP/result.json")"

field () {    # field NAME: the value of "NAME" in the result (a string or number)
    python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); print(eval("r" + sys.argv[2]))' \
        "$TMP/result.json" "$1"
}
[ "$(field "['errors']")" = "[]" ] || fail "the browser reported: $(field "['errors']")"
[ "$(field "['status']")" = "1 message found." ] || fail "status: $(field "['status']")"
[ "$(field "['results'][0]['subject']")" = "Re: [Ksummit-2004-discuss] Getting to the Congress Centre" ] \
    || fail "result: $(field "['results'][0]['subject']")"
[ "$(field "['results'][0]['meta']")" = "Theodore Ts'o · 2004-07-17 12:30 UTC" ] \
    || fail "result meta: $(field "['results'][0]['meta']")"
field "['results'][0]['excerpt']" | grep -q 'underground <mark>garage</mark>' \
    || fail "excerpt: $(field "['results'][0]['excerpt']")"
field "['followed']['url']" | grep -q "^http://127.0.0.1:$port/m/20040717123005.GA15511@thunk.org/index.html$" \
    || fail "followed to $(field "['followed']['url']")"
[ "$(field "['followed']['subject']")" = "Re: [Ksummit-2004-discuss] Getting to the Congress Centre" ] \
    || fail "the message page shows $(field "['followed']['subject']")"
# Filters from the address: the author's (of the two that say multipath,
# one is Joe Thornber's), the year's and the month's (both are of July).
pick 2
[ "$(field "['status']")" = "2 messages found." ] || fail "multipath: $(field "['status']")"
pick 3
[ "$(field "['status']")" = "1 message found." ] || fail "multipath by Joe: $(field "['status']")"
[ "$(field "['results'][0]['subject']")" = "Re: [Ksummit-2004-discuss] Multipath session chair" ] \
    || fail "multipath by Joe: $(field "['results'][0]['subject']")"
pick 4
[ "$(field "['status']")" = "2 messages found." ] || fail "multipath in 2004: $(field "['status']")"
pick 5
[ "$(field "['status']")" = "No message found." ] || fail "multipath in June: $(field "['status']")"
[ "$(field "['errors']")" = "[]" ] || fail "the browser reported: $(field "['errors']")"

# Two periods: 2005 (newest, loaded with the page) and 2004, merged when
# 2005 alone gives fewer than a page of results, unless over the budget.
kill $server
expect 0 import -q -a "$TMP/archive" "$DATA/search/more.mbox"
expect 0 site -q --search=yes -a "$TMP/archive" -o "$S"
serve "$S"
printf '%s\n' garage "garage --params=budget=1 --older" "quokka --params=year=2005" >"$TMP/queries"
batch
pick 1
[ "$(field "['status']")" = "1 message found." ] || fail "garage over two periods: $(field "['status']")"
[ "$(field "['periods']")" = "['2005', '2004']" ] || fail "garage fetched from $(field "['periods']")"
pick 2
[ "$(field "['status']")" = "No message found in 2005; 2004 not searched yet." ] \
    || fail "garage within a budget of one page: $(field "['status']")"
[ "$(field "['periods']")" = "['2005']" ] || fail "garage within a budget fetched from $(field "['periods']")"
[ "$(field "['after']['status']")" = "1 message found." ] || fail "after search older: $(field "['after']['status']")"
[ "$(field "['after']['results'][0]['subject']")" = "Re: [Ksummit-2004-discuss] Getting to the Congress Centre" ] \
    || fail "after search older: $(field "['after']['results'][0]['subject']")"
pick 3
[ "$(field "['status']")" = "1 message found." ] || fail "quokka in 2005: $(field "['status']")"
[ "$(field "['periods']")" = "['2005']" ] || fail "quokka in 2005 fetched from $(field "['periods']")"
[ "$(field "['errors']")" = "[]" ] || fail "the browser reported: $(field "['errors']")"
# Bundles of 10 pages: 2005 and 2004 to 2004.003. search.js groups the
# bundles of a period: a query merges them newest first, a year filter
# picks all of its year's, and the status names periods, not bundles.
kill $server
rm -rf "$S"
MLARC_SEARCH_BUNDLE=10
export MLARC_SEARCH_BUNDLE
expect 0 site -q --search=yes -a "$TMP/archive" -o "$S"
unset MLARC_SEARCH_BUNDLE
serve "$S"
printf '%s\n' "garage --older" "multipath --params=year=2004" "garage --params=budget=1 --older" >"$TMP/queries"
batch
# Without asking, a query opens at most two bundles besides the newest
# (each is a Pagefind instance of its own): 2004's first waits.
pick 1
[ "$(field "['status']")" = "1 message found in 2004 to 2005; 2004 not searched yet." ] \
    || fail "garage over bundles: $(field "['status']")"
[ "$(field "['after']['status']")" = "1 message found." ] \
    || fail "garage over bundles, then search older: $(field "['after']['status']")"
pick 2
[ "$(field "['status']")" = "2 messages found." ] || fail "multipath in 2004's bundles: $(field "['status']")"
[ "$(field "['periods']")" = "['2005', '2004.003', '2004.002', '2004.001', '2004']" ] \
    || fail "multipath in 2004 fetched from $(field "['periods']")"
pick 3
[ "$(field "['status']")" = "No message found in 2005; 2004 not searched yet." ] \
    || fail "garage over bundles within a budget of one page: $(field "['status']")"
[ "$(field "['errors']")" = "[]" ] || fail "the browser reported: $(field "['errors']")"
# A current tier: with 2 pages a step, 2005's third page (search-3) is
# 2005.new. It is opened with 2005: a word of it is found within a budget
# of one page, and it takes one of the two bundles a query opens beyond
# the newest (3 Pagefinds in all, to stay under 500 KB at 100,000
# messages), so a query opens one bundle of 2004 besides them.
kill $server
rm -rf "$S"
MLARC_SEARCH_BUNDLE=10 MLARC_SEARCH_TIER=2
export MLARC_SEARCH_BUNDLE MLARC_SEARCH_TIER
expect 0 site -q --search=yes -a "$TMP/archive" -o "$S"
unset MLARC_SEARCH_BUNDLE MLARC_SEARCH_TIER
[ "$(ls "$S/pagefind" | tr '\n' ' ')" = "2004 2004.001 2004.002 2004.003 2005 2005.new " ] \
    || fail "tiers: $(ls "$S/pagefind" | tr '\n' ' ')"
serve "$S"
# The bundles fetched from, sorted (a tier and its bundle load together).
fetched () { field "['periods']" | tr -d "[]' " | tr ',' '\n' | sort | tr '\n' ' '; }
printf '%s\n' "köln --params=budget=1" "garage" >"$TMP/queries"
batch
pick 1
[ "$(field "['status']")" = "1 message found in 2005; 2004 not searched yet." ] \
    || fail "köln in the tier: $(field "['status']")"
[ "$(fetched)" = "2005 2005.new " ] || fail "köln fetched from $(field "['periods']")"
pick 2
[ "$(field "['status']")" = "1 message found in 2004 to 2005; 2004 not searched yet." ] \
    || fail "garage over a tier and bundles: $(field "['status']")"
[ "$(fetched)" = "2004.003 2005 2005.new " ] \
    || fail "garage over a tier and bundles fetched from $(field "['periods']")"
[ "$(field "['errors']")" = "[]" ] || fail "the browser reported: $(field "['errors']")"
echo "browser-search: ok"
