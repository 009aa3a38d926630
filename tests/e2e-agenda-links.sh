#!/bin/sh
# e2e-agenda-links.sh: timetable slots link to the threads that discussed
# them. On tests/data/agenda-links (its README lists the true links) every
# true link is made and no other; on the sample the one slot with a thread
# of its own ("Hot Plug Memory and CPU") links to it and nothing else links.
. "${top_srcdir:-.}/tests/e2e-lib.sh"

command -v "$XMLLINT" >/dev/null 2>&1 || skip "xmllint is needed to read the pages"

# links PAGE: "slot title => thread subject" for each link, sorted; fails
# unless each link leads to a page of the site.
links () {
    dir=$(dirname "$1")
    for href in $("$XMLLINT" --html --xpath '//div[@class="thread"]/a/@href' "$1" 2>/dev/null \
                  | sed -n 's/^ *href="\([^"]*\)"$/\1/p'); do
        [ -f "$dir/$href" ] || fail "$1: link $href leads nowhere"
    done
    n=$("$XMLLINT" --html --xpath 'count(//div[div[@class="thread"]])' "$1")
    i=1
    while [ "$i" -le "$n" ]; do
        slot="(//div[div[@class='thread']])[$i]"
        printf '%s => %s\n' "$("$XMLLINT" --html --xpath "string($slot/span[@class='title'])" "$1")" \
            "$("$XMLLINT" --html --xpath "string($slot/div[@class='thread']/a)" "$1")"
        i=$((i + 1))
    done | sort
}

expect 0 build -a "$TMP/a" -o "$TMP/s" "$DATA/agenda-links/links.mbox"
links "$TMP/s/m/programme@lists.example.org/agenda-1.html" >"$TMP/links"
cat >"$TMP/want" <<'WANT'
BPF in the storage stack => [Storage] BPF for storage: kickoff
Block layer: multi-queue scheduling => [Storage] Multi-queue scheduling in the block layer
Filesystem testing with xfstests => [Storage] xfstests filesystem testing results
Memory tiering => Re: [Storage] memory tiering session
NVMe over TCP => [Storage] NVMe over TCP: session proposal
Rust for Linux drivers => [Storage] Rust drivers: where are we?
WANT
diff -u "$TMP/want" "$TMP/links" || fail "fixture: links differ from the true ones"

# A thread's subject is shortened in the timetable as in the listings
# (issue 27 §7): the same words repeated link it as before.
long=$(printf ' kickoff%.0s' $(seq 100))
sed "s/^Subject: \[Storage\] BPF for storage: kickoff\$/&$long/" "$DATA/agenda-links/links.mbox" >"$TMP/long.mbox"
expect 0 build -a "$TMP/la" -o "$TMP/ls" "$TMP/long.mbox"
links "$TMP/ls/m/programme@lists.example.org/agenda-1.html" | grep '^BPF in the storage stack => ' >"$TMP/long-link" \
    || fail "long subject: no link"
grep -q '…$' "$TMP/long-link" && [ "$(sed 's/^BPF in the storage stack => //; s/…$//' "$TMP/long-link" | wc -c)" -eq 201 ] \
    || fail "long subject not shortened to 200 characters and an ellipsis: $(cat "$TMP/long-link")"

expect 0 build -a "$TMP/sa" -o "$TMP/ss" "$SAMPLE"
for page in "$TMP"/ss/m/*/agenda-1.html; do
    links "$page"
done >"$TMP/sample-links"
[ "$(wc -l <"$TMP/sample-links")" -eq 1 ] || { cat "$TMP/sample-links" >&2; fail "sample: not one link"; }
grep -q '^Hot Plug Memory and CPU => \[Ksummit-2004-discuss\] Hot-plug memory session' "$TMP/sample-links" \
    || { cat "$TMP/sample-links" >&2; fail "sample: not the Hot Plug session's thread"; }
