#!/bin/sh
# e2e-search.sh: mlarc search on the sample and on tests/data/search/:
# known answers for each kind of term, the output formats, bad syntax,
# new mail found after an incremental import, and reindex giving the same
# answers.
. "${top_srcdir:-.}/tests/e2e-lib.sh"

A=$TMP/archive
expect 0 import -q -a "$A" "$SAMPLE"

# The Message-IDs a query finds (text format: the last field), sorted.
ids () {
    expect 0 search -a "$A" "$@"
    sed -n 's/.*  <\([^>]*\)>$/\1/p' "$TMP/out" | sort
}
# Fails unless query "$1" finds exactly the ids listed after it.
finds () {
    query=$1; shift
    got=$(ids "$query" | tr '\n' ' ')
    want=$(printf '%s\n' "$@" | sed '/^$/d' | sort | tr '\n' ' ')
    [ "$got" = "$want" ] || fail "search '$query': got [$got], expected [$want]"
}
count () {
    expect 0 search -a "$A" "$@"
    wc -l <"$TMP/out" | tr -d ' '
}

# Words and relevance: the agenda thread comes first.
expect 0 search -a "$A" agenda
head -n 1 "$TMP/out" | grep -q 'Kernel Summit Agenda' || fail "agenda: not ranked first: $(head -n 1 "$TMP/out")"
expect 0 search -a "$A" --threads agenda
head -n 1 "$TMP/out" | grep -q '^[0-9a-f]\{16\}  2004-07-15  \[8/8\]  .*Kernel Summit Agenda$' \
    || fail "--threads: $(head -n 1 "$TMP/out")"
[ "$(count --threads agenda)" -lt "$(count agenda)" ] || fail "--threads does not group"

# Terms, each with a known answer.
finds 'has:agenda' 20040714025057.GA8801@thunk.org 20040716103347.7e8f9a0b@lwn.example.org
finds 'id:<40F93A08.2050309@example.org>' 40F93A08.2050309@example.org
finds '"page clustering" from:hugh' Pine.LNX.4.44.0406251412110.2210-100000@localhost.localdomain
finds '"clustering page"'
finds 'lefevre NOT subject:cafes' 40E19C42.6000307@example.org
finds 'LEFÈVRE (café OR cafe) NOT from:greg' 40F93A08.2050309@example.org
[ "$(count 'list:KSUMMIT-2004')" -eq 36 ] || fail "list: does not find the 36 list messages"
[ "$(count 'clust*')" -ge "$(count clustering)" ] || fail "a prefix finds less than the word"
# from: and date: together.
expect 0 search -a "$A" 'from:tytso date:2004-07'
n=$(wc -l <"$TMP/out")
[ "$n" -ge 3 ] || fail "from:tytso date:2004-07 found $n"
! grep -v "^2004-07-.. ..:..  Theodore Ts'o " "$TMP/out" || fail "from:/date: let another message in"
finds 'from:tytso date:2004-06-24' 20040624150213.GA3321@thunk.org
finds 'from:tytso date:2003..2004-06-23'

# Found only after the second import: a body-only word, an
# attachment-name-only word, accents, recipients.
finds quokka
expect 0 import -q -a "$A" "$DATA/search/more.mbox"
finds quokka search-1@example.net
finds zeitplan search-2@example.net
finds 'has:attachment date:2005' search-2@example.net
finds 'koln' search-3@example.net
finds 'from:ZOE' search-3@example.net
# Joe Thornber's reply has Ted in Cc.
finds 'to:tytso@mit.edu' 20040715140355.GA9912@example.org search-3@example.net
finds 'to:bob' search-3@example.net
# An address is exact and ignores case: not the words of another address.
finds 'from:ZOE@example.NET' search-3@example.net
finds 'from:zoe@example' 
finds 'to:BOB@example.net date:2005' search-3@example.net
finds 'from:alice@example.net OR from:bob@example.net' search-1@example.net search-2@example.net
finds 'cafe date:2005-01-11' search-3@example.net
finds 'quokka OR zeitplan' search-1@example.net search-2@example.net
finds '(quokka OR zeitplan) has:attachment' search-2@example.net
finds 'subject:scheduler NOT zeitplan' search-1@example.net
finds 'NOT list:ksummit' search-3@example.net

# --limit and --offset.
expect 0 search -a "$A" agenda
sed -n 2p "$TMP/out" >"$TMP/second"
[ "$(count --limit 2 agenda)" -eq 2 ] || fail "--limit 2"
expect 0 search -a "$A" --offset 1 --limit 1 agenda
cmp -s "$TMP/out" "$TMP/second" || fail "--offset 1 --limit 1 is not the second result"
[ "$(count --threads --limit 1 agenda)" -eq 1 ] || fail "--threads --limit 1"

# JSON: well formed, one object per message.
expect 0 search -a "$A" --format json 'quokka OR zeitplan'
if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert len(r)==2 and all(m["message_id"].startswith("search-") for m in r), r' \
        "$TMP/out" || fail "json output"
    expect 0 search -a "$A" --format json --threads koln
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r[0]["message_ids"]==["search-3@example.net"] and r[0]["matched"]==1, r' \
        "$TMP/out" || fail "json --threads output"
else
    note "no python3: the JSON is not parsed"
fi
expect 0 search -a "$A" --format json xyzzy
[ "$(cat "$TMP/out")" = "[]" ] || fail "no results in JSON is not []"

# mbox: the stored bytes, so importing them again adds nothing.
expect 0 search -a "$A" --format mbox 'quokka OR zeitplan'
cp "$TMP/out" "$TMP/found.mbox"
[ "$(grep -c '^From ' "$TMP/found.mbox")" -eq 2 ] || fail "mbox: not 2 messages"
expect 0 import -a "$A" "$TMP/found.mbox"
[ "$(summary 'already present')" -eq 2 ] || fail "search mbox is not the stored bytes"
expect 0 search -a "$A" --threads --format mbox quokka
[ "$(grep -c '^From ' "$TMP/out")" -eq 2 ] || fail "--threads mbox: not the whole thread"

# No result is not an error; bad syntax is exit 2 with one line saying where.
expect 0 search -a "$A" xyzzy
[ ! -s "$TMP/out" ] || fail "xyzzy found something"
for bad in '(agenda' 'agenda )' 'from:' 'date:July' 'has:pony' '"open' 'a OR OR b'; do
    expect 2 search -a "$A" "$bad"
    [ "$(wc -l <"$TMP/err")" -eq 1 ] || fail "'$bad': not one line: $(cat "$TMP/err")"
    grep -q '^mlarc search: query: .*' "$TMP/err" || fail "'$bad': $(cat "$TMP/err")"
done
grep -q 'OR where a term was expected at character 6' "$TMP/err" || fail "no position: $(cat "$TMP/err")"
expect 2 search -a "$A"
expect 2 search -a "$A" --format pdf agenda

# reindex rebuilds the index: the same answers, byte for byte.
queries="agenda|quokka|zeitplan|koln|from:tytso date:2004-07|\"page clustering\"|clust*|has:attachment"
echo "$queries" | tr '|' '\n' >"$TMP/queries"
while IFS= read -r q; do expect 0 search -a "$A" --format json "$q"; cat "$TMP/out"; done <"$TMP/queries" >"$TMP/before"
expect 0 reindex -a "$A"
while IFS= read -r q; do expect 0 search -a "$A" --format json "$q"; cat "$TMP/out"; done <"$TMP/queries" >"$TMP/after"
cmp -s "$TMP/before" "$TMP/after" || fail "reindex changed the answers"
[ "$(grep -c message_id "$TMP/after")" -gt 20 ] || fail "the reindex comparison compared too little"
