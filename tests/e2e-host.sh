#!/bin/sh
# e2e-host.sh: mlarc host on two lists made from the sample (messages 1-20
# as they are, 15-36 under another List-Id, so 15-20 are in both): the
# front page lists both with their counts, every page parses and every
# link resolves, r/ID/ leads to both lists or to the one, the feeds' Atom
# ids are tag URIs that differ per list and do not depend on the folder,
# a rerun writes nothing, a removal drops the id's lookup page, two
# archives of one list are refused, and import warns once about a mixed
# mbox. With pagefind, the search across lists opens both lists' bundles.
. "${top_srcdir:-.}/tests/e2e-lib.sh"

command -v "$XMLLINT" >/dev/null 2>&1 || skip "xmllint is needed to parse the pages"

awk '/^From /{n++} n<=20' "$SAMPLE" >"$TMP/one.mbox"
awk '/^From /{n++} n>=15' "$SAMPLE" | sed 's/^List-Id: .*/List-Id: Other list <other.example.org>/' >"$TMP/two.mbox"
[ "$(grep -c '^Message-ID' "$TMP/one.mbox")" -eq 20 ] || fail "split: not 20 messages in one.mbox"
A1=$TMP/ksummit
A2=$TMP/second
expect 0 import -q -a "$A1" "$TMP/one.mbox"
expect 0 import -q -a "$A2" "$TMP/two.mbox"
W=$TMP/www
expect 0 host --search=no --title 'Test lists' -o "$W" "$A1" "$A2"
grep -q '^mlarc host: 2 lists; front page, search and 36 Message-ID pages: 38 written, 0 unchanged, 0 removed$' \
    "$TMP/err" || fail "host summary: $(cat "$TMP/err")"
grep -q ' 42 messages published' "$TMP/err" || fail "sites summary: $(cat "$TMP/err")"

# The front page: both lists, their counts, their feeds.
row () {
    "$XMLLINT" --html --xpath "string(//tr[td/a = '$1']/td[$2])" "$W/index.html" 2>/dev/null
}
[ "$(row ksummit-2004-discuss 2)" = ksummit-2004-discuss.thunk.org ] || fail "front page: ksummit's List-Id"
[ "$(row ksummit-2004-discuss 3)" = 20 ] || fail "front page: ksummit has $(row ksummit-2004-discuss 3) messages"
[ "$(row other 3)" = 22 ] || fail "front page: other has $(row other 3) messages"
[ "$(row other 4)" = 2004-07-21 ] || fail "front page: other's last activity $(row other 4)"
grep -q 'href="other/threads.atom"' "$W/index.html" || fail "front page: no feed link"
grep -q '<title>Test lists</title>' "$W/index.html" || fail "front page: no title"

# Each list's site, and the host's pages: they parse and link within.
for list in ksummit-2004-discuss other; do
    [ "$(ls "$W/$list/m" | wc -l)" -eq "$(row "$list" 3)" ] || fail "$list: not a page per message"
done
site_pages_parse "$W"
site_links_resolve "$W"
[ "$links" -gt 1000 ] || fail "only $links internal links checked"
site_no_active_content "$W"

# Every page of a list leads back to the front page.
for page in "$W/other/index.html" "$W/other/m/$(ls "$W/other/m" | head -n 1)/index.html"; do
    grep -q 'class="up" href="[./]*index.html">All lists</a>' "$page" || fail "$page: no link to the front page"
done
expect 0 site -q --search=no -a "$A1" -o "$TMP/alone"
! grep -q 'All lists' "$TMP/alone/index.html" || fail "a site of its own links to a host"

# r/ID/: an id of both lists links to both; an id of one sends the
# reader there.
both=$(sed -n 's/^Message-ID: <\(.*\)>$/\1/p' "$TMP/two.mbox" | head -n 1)
only=$(sed -n 's/^Message-ID: <\(.*\)>$/\1/p' "$TMP/one.mbox" | head -n 1)
for list in ksummit-2004-discuss other; do
    grep -q "href=\"../../$list/m/$both/index.html\"" "$W/r/$both/index.html" || fail "r/$both/: no link to $list"
done
! grep -q 'http-equiv="refresh"' "$W/r/$both/index.html" || fail "r/$both/: sends the reader to one list"
grep -q "url=../../ksummit-2004-discuss/m/$only/index.html" "$W/r/$only/index.html" || fail "r/$only/: no redirect"
[ -f "$W/ksummit-2004-discuss/m/$only/index.html" ] || fail "r/$only/: its target is missing"

# Feeds: tag URIs, one authority and date per list, none shared.
feed_ids () {
    "$XMLLINT" --xpath "//*[local-name()='id']/text()" "$1" | tr -s ' \n' '\n'
}
feed_ids "$W/ksummit-2004-discuss/new.atom" >"$TMP/ids1"
feed_ids "$W/other/new.atom" >"$TMP/ids2"
# Dated by each list's first stored message (message 1, message 15).
[ "$(head -n 1 "$TMP/ids1")" = "tag:ksummit-2004-discuss.thunk.org,2004-06-24:messages" ] || fail "feed id: $(head -n 1 "$TMP/ids1")"
[ "$(head -n 1 "$TMP/ids2")" = "tag:other.example.org,2004-07-14:messages" ] || fail "feed id: $(head -n 1 "$TMP/ids2")"
grep -q ":m/$both\$" "$TMP/ids2" || fail "no entry id for <$both>"
sort "$TMP/ids1" >"$TMP/s1"
sort "$TMP/ids2" >"$TMP/s2"
[ -z "$(comm -12 "$TMP/s1" "$TMP/s2")" ] || fail "the two lists share Atom ids: $(comm -12 "$TMP/s1" "$TMP/s2" | head -n 1)"
grep -v '^tag:' "$TMP/ids1" "$TMP/ids2" && fail "an Atom id is no tag URI"
grep -rh '<id>' "$W" --include='*.atom' --include='atom.xml' | grep -q 'urn:mlarc' && fail "urn:mlarc ids left"

# With a base URL, the ids are the host's and differ by the list's path.
expect 0 host -q --search=no --base-url https://lists.example.org -o "$TMP/based" "$A1" "$A2"
[ "$(feed_ids "$TMP/based/other/new.atom" | head -n 1)" = "tag:lists.example.org,2004-07-14:/other/messages" ] \
    || fail "base URL: $(feed_ids "$TMP/based/other/new.atom" | head -n 1)"

# A rerun with nothing new writes nothing; a build into a new folder is
# the same, byte for byte (Atom ids included).
expect 0 host --search=no -o "$W" "$A1" "$A2"
grep -q '^mlarc host: 0 files written, [0-9]* unchanged, 0 removed' "$TMP/err" || fail "rerun, sites: $(cat "$TMP/err")"
grep -q 'pages: 0 written, 38 unchanged, 0 removed$' "$TMP/err" || fail "rerun, host: $(cat "$TMP/err")"
expect 0 host -q --search=no --title 'Test lists' -o "$TMP/fresh" "$A1" "$A2"
diff -r -x '.mlarc-site*' "$W" "$TMP/fresh" >"$TMP/diff" || fail "a fresh host differs: $(head -n 5 "$TMP/diff")"

# A list file names the same archives: the same host.
printf '# the lists\nksummit\n\n%s\n' "$A2" >"$TMP/lists.conf"
expect 0 host -q --search=no --title 'Test lists' --lists "$TMP/lists.conf" -o "$TMP/listed"
diff -r -x '.mlarc-site*' "$W" "$TMP/listed" >"$TMP/diff" || fail "--lists: another host: $(head -n 5 "$TMP/diff")"
printf '# none yet\n' >"$TMP/empty.conf"
expect 2 host --lists "$TMP/empty.conf" -o "$TMP/none"
grep -q 'empty.conf: names no archive' "$TMP/err" || fail "empty list file: $(cat "$TMP/err")"

# mlarc remove in one list: the id of that list alone loses its page,
# the id of both lists keeps the other one's.
expect 0 remove -q -a "$A1" "<$only>" "<$both>"
expect 0 host --search=no -o "$W" "$A1" "$A2"
[ ! -e "$W/r/$only" ] || fail "r/$only/ is still there after its removal"
grep -q 'pages: [0-9]* written, [0-9]* unchanged, 1 removed$' "$TMP/err" || fail "removal: $(cat "$TMP/err")"
grep -q "url=../../other/m/$both/index.html" "$W/r/$both/index.html" || fail "r/$both/: not to the other list alone"
[ "$(row ksummit-2004-discuss 3)" = 18 ] || fail "front page after removal: $(row ksummit-2004-discuss 3)"
site_links_resolve "$W"

# Two archives of one list: refused, nothing written.
expect 1 host -o "$TMP/twice" "$A1" "$A1"
grep -q 'are both the list "ksummit-2004-discuss"' "$TMP/err" || fail "same list: $(cat "$TMP/err")"
[ ! -e "$TMP/twice/index.html" ] || fail "same list: pages written"
expect 2 host -o "$TMP/none"

# import: one line for a mixed mbox, none with -q.
cat "$TMP/one.mbox" "$TMP/two.mbox" >"$TMP/mixed.mbox"
expect 0 import -a "$TMP/mixed" "$TMP/mixed.mbox"
[ "$(grep -c 'another List-Id' "$TMP/err")" -eq 1 ] || fail "mixed: $(cat "$TMP/err")"
grep -q '^mlarc: 20 messages added carry another List-Id than the archive.s list (other.example.org): ksummit-2004-discuss.thunk.org; .*mlarc host$' \
    "$TMP/err" || fail "mixed: $(cat "$TMP/err")"
expect 0 import -q -a "$TMP/mixed-q" "$TMP/mixed.mbox"
[ ! -s "$TMP/err" ] || fail "mixed, -q: $(cat "$TMP/err")"
expect 0 import -a "$A2" "$TMP/two.mbox"
! grep -q 'another List-Id' "$TMP/err" || fail "a list's own mail: $(cat "$TMP/err")"

# Search across lists: both lists' bundles, each list's own search.
if (need_pagefind) >/dev/null 2>&1; then
    need_pagefind
    S=$TMP/searchable
    expect 0 host --search=yes -o "$S" "$A1" "$A2"
    for list in ksummit-2004-discuss other; do
        [ -f "$S/$list/pagefind/2004/pagefind.js" ] || fail "$list: no index"
        grep -q "<option>$list</option>" "$S/search.html" || fail "search: no $list in the list selector"
        grep -q 'data-indexes="[^"]*'"$list"'/pagefind/2004/' "$S/search.html" || fail "search: $list's bundle not opened"
        grep -q 'data-indexes="pagefind/2004/"' "$S/$list/search.html" || fail "$list: its own search changed"
    done
    grep -q 'data-lists="ksummit-2004-discuss other"' "$S/search.html" || fail "search: bundles' lists"
    grep -q 'href="search.html"' "$S/index.html" || fail "front page: no search link"
    site_links_resolve "$S"
else
    note "pagefind not installed: the search across lists is not checked"
fi
