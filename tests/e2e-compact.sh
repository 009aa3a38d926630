#!/bin/sh
# e2e-compact.sh: mlarc compact and live delivery. An archive of many
# small volumes (the sample, single messages, a reject) is compacted: the
# export, the threads, a message's bytes and the whole site stay the same,
# the archive validates, and a second run changes nothing. Plain
# single-message imports merge their volumes by themselves. A
# single-message import into an archive of many volumes finds the known
# keys in keys.index: it reads no volume's .keys cache nor its XML.
. "${top_srcdir:?run me through make check}/tests/e2e-lib.sh"

# Imports message number $2 into archive $1 as a single message on stdin,
# with the options after them.
deliver () {
    archive=$1; n=$2; shift 2
    printf 'From: Poster %s <p%s@example.org>\nSubject: live %s\nMessage-ID: <live-%s@example.org>\nDate: Mon, 19 Jul 2004 10:%02d:00 +0000\nIn-Reply-To: <live-%s@example.org>\n\nbody %s\n' \
        "$n" "$n" "$n" "$n" $((n % 60)) $((n / 2)) "$n" >"$TMP/message"
    expect 0 import "$@" -a "$archive" - <"$TMP/message"
}

n_volumes () { grep -c '<volume ' "$1/index.xml"; }

A=$TMP/archive
expect 0 import -q -a "$A" "$SAMPLE"
i=1
while [ $i -le 70 ]; do
    deliver "$A" $i --no-compact
    i=$((i + 1))
done
deliver "$A" 999 --no-compact --max-message-size 10
[ "$(n_volumes "$A")" -eq 72 ] || fail "--no-compact: $(n_volumes "$A") volumes, not 72"
messages=$(count "$A")
expect 0 export -a "$A" -o "$TMP/before.mbox"
expect 0 threads -a "$A"
cp "$TMP/out" "$TMP/threads-before"
expect 0 show --raw -a "$A" live-33@example.org
cp "$TMP/out" "$TMP/show-before"
expect 0 site --search=no -q -a "$A" -o "$TMP/site-before"

expect 0 compact -a "$A"
grep -q '^72 volumes, now 1 (1 merged)$' "$TMP/err" || fail "compact said: $(cat "$TMP/err")"
[ "$(n_volumes "$A")" -eq 1 ] || fail "$(n_volumes "$A") volumes after compact, not 1"
grep -q 'messages="106" rejects="1"' "$A/index.xml" || fail "counts: $(grep '<volume ' "$A/index.xml")"
[ "$({ ls "$A/volumes"; ls "$A/raw"; } | grep -c .)" -eq 3 ] \
    || fail "old files left: $(ls "$A/volumes" "$A/raw")"
validate "$A"
[ "$(count "$A")" -eq "$messages" ] || fail "$(count "$A") messages after compact, not $messages"
expect 0 export -a "$A" -o "$TMP/after.mbox"
cmp "$TMP/before.mbox" "$TMP/after.mbox" || fail "the export changed"
expect 0 threads -a "$A"
cmp "$TMP/out" "$TMP/threads-before" || fail "the threads changed"
expect 0 show --raw -a "$A" live-33@example.org
cmp "$TMP/out" "$TMP/show-before" || fail "a message's bytes changed"
grep -q rebuilt "$TMP/err" && fail "the overview was rebuilt, not moved: $(cat "$TMP/err")"
expect 0 site --search=no -q -a "$A" -o "$TMP/site-after"
diff -r -x .mlarc-site.state -x .mlarc-site.delta "$TMP/site-before" "$TMP/site-after" >"$TMP/diff" || { head "$TMP/diff" >&2; fail "the site changed"; }

# A second run has nothing to merge and changes nothing.
cp "$A/index.xml" "$TMP/index-once"
expect 0 compact -a "$A"
grep -q '^1 volumes, now 1 (0 merged)$' "$TMP/err" || fail "second compact said: $(cat "$TMP/err")"
cmp "$A/index.xml" "$TMP/index-once" || fail "a second compact changed the index"

# What was there is still known; new mail still goes in.
expect 0 import -a "$A" "$SAMPLE"
[ "$(summary added)" -eq 0 ] || fail "the sample was stored again after compact"
deliver "$A" 71
[ "$(count "$A")" -eq $((messages + 1)) ] || fail "a new message after compact was not added"

# Live delivery: plain imports merge their volumes once 64 are in a row.
L=$TMP/live
i=1
while [ $i -le 65 ]; do
    deliver "$L" $i
    i=$((i + 1))
done
[ "$(n_volumes "$L")" -eq 2 ] || fail "65 live imports left $(n_volumes "$L") volumes, not 2"
validate "$L"
[ "$(count "$L")" -eq 65 ] || fail "live: $(count "$L") messages, not 65"
expect 0 show --raw -a "$L" live-20@example.org
grep -q '^body 20$' "$TMP/out" || fail "live: the overview does not find a merged message's bytes"

# The keys of 40 volumes are found in keys.index, which an import writes
# anew every 16 volumes: after 40 it covers volumes 1 to 32. With their
# .keys caches and XML made unreadable as data, a single-message import
# still knows what is stored (reading either would fail the import).
K=$TMP/keys
i=1
while [ $i -le 40 ]; do
    deliver "$K" $i --no-compact
    i=$((i + 1))
done
[ -s "$K/keys.index" ] || fail "no keys.index"
for f in "$K"/volumes/0000[012]?.keys "$K"/volumes/0000[012]?.xml \
         "$K"/volumes/00003[012].keys "$K"/volumes/00003[012].xml; do
    echo 'not a cache, not XML <' >"$f"
done
deliver "$K" 7 --no-compact
[ "$(summary 'already present')" -eq 1 ] || fail "a stored message was not found: $(cat "$TMP/err")"
deliver "$K" 41 --no-compact
[ "$(n_volumes "$K")" -eq 41 ] || fail "the new message was not committed"
