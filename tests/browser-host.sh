#!/bin/sh
# browser-host.sh: the search across lists of mlarc host, in a real
# browser (chromium driven by playwright-core: browser-search.mjs), served
# over http on 127.0.0.1: two lists made from the sample (messages 1-20,
# and 15-36 under another List-Id). A word of one list's message finds it
# there, under that list's URL, and not with the other list chosen; a
# word of a message in both lists finds it in each; the list filter
# comes from the address (?list=NAME) as the selector sets it. Skips
# without chromium, node, python3, pagefind or playwright-core.
. "${top_srcdir:-.}/tests/e2e-lib.sh"

need_browser

awk '/^From /{n++} n<=20' "$SAMPLE" >"$TMP/one.mbox"
awk '/^From /{n++} n>=15' "$SAMPLE" | sed 's/^List-Id: .*/List-Id: Other list <other.example.org>/' >"$TMP/two.mbox"
expect 0 import -q -a "$TMP/ksummit" "$TMP/one.mbox"
expect 0 import -q -a "$TMP/second" "$TMP/two.mbox"
W=$TMP/www
expect 0 host -q --search=yes -o "$W" "$TMP/ksummit" "$TMP/second"

serve "$W"

printf '%s\n' "garage --follow" "garage --params=list=ksummit-2004-discuss" "multipath" \
    "multipath --params=list=other" "multipath --params=list=ksummit-2004-discuss" >"$TMP/queries"
timeout 300 node "$top_srcdir/tests/browser-search.mjs" "$NODE_MODULES" "http://127.0.0.1:$port/" \
    --batch="$TMP/queries" >"$TMP/results.jsonl" 2>"$TMP/node.err" \
    || { cat "$TMP/node.err" >&2; fail "the browser run failed"; }
[ "$(wc -l <"$TMP/results.jsonl")" -eq 5 ] || fail "not a result per query"
[ "$(grep -c '"errors":\[\]' "$TMP/results.jsonl")" -eq 5 ] \
    || fail "the browser reported: $(grep -o '"errors":\[[^]]*\]' "$TMP/results.jsonl" | sort -u)"
field () {    # field N EXPRESSION: of the Nth result
    sed -n "$1p" "$TMP/results.jsonl" >"$TMP/result.json"
    python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); print(eval("r" + sys.argv[2]))' \
        "$TMP/result.json" "$2"
}
note "$(sed -n 1p "$TMP/results.jsonl")"
[ "$(field 1 "['status']")" = "1 message found." ] || fail "garage: $(field 1 "['status']")"
[ "$(field 1 "['results'][0]['href']")" = "/other/m/20040717123005.GA15511@thunk.org/index.html" ] \
    || fail "garage: $(field 1 "['results'][0]['href']")"
[ "$(field 1 "['results'][0]['meta']")" = "other · Theodore Ts'o · 2004-07-17 12:30 UTC" ] \
    || fail "garage: $(field 1 "['results'][0]['meta']")"
field 1 "['followed']['url']" | grep -q "^http://127.0.0.1:$port/other/m/20040717123005.GA15511@thunk.org/index.html$" \
    || fail "garage followed to $(field 1 "['followed']['url']")"
[ "$(field 2 "['status']")" = "No message found." ] || fail "garage in ksummit: $(field 2 "['status']")"
# Message 9 is ksummit's alone, message 19 is in both lists.
[ "$(field 3 "['status']")" = "3 messages found." ] || fail "multipath: $(field 3 "['status']")"
[ "$(field 4 "['status']")" = "1 message found." ] || fail "multipath in other: $(field 4 "['status']")"
field 4 "['results'][0]['href']" | grep -q '^/other/m/' || fail "multipath in other: $(field 4 "['results'][0]['href']")"
[ "$(field 5 "['status']")" = "2 messages found." ] || fail "multipath in ksummit: $(field 5 "['status']")"
[ "$(field 5 "['periods']")" = "['2004']" ] || fail "multipath in ksummit fetched $(field 5 "['periods']")"
echo "browser-host: ok"
