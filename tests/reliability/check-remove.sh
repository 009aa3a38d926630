#!/bin/sh
# check-remove.sh: mlarc remove killed with SIGKILL at several points of
# its run. The archive is bench/import's generated mail
# ($MLARC_REMOVE_SIZE, default 10M, so that the rewrite of its volume
# takes long enough to be killed part way) with a leaked message in the
# same volume. After each kill the archive validates (mlarc check) and is
# either the one before (every message, the leak's word in its volume)
# or the one after (one message less, the leak recorded as removed), never
# a mix; a re-run of remove finishes the job: the word is in no file of
# the archive, leftovers and stale overview included.
. "${top_srcdir:?run me through make check or tests/reliability/run}/tests/reliability/lib.sh"

command -v "$XMLLINT" >/dev/null 2>&1 || { check "remove killed" skip "xmllint is needed"; finish; }
command -v python3 >/dev/null 2>&1 || { check "remove killed" skip "python3 is needed to generate mail"; finish; }
python3 "$top_srcdir/bench/import" "${MLARC_REMOVE_SIZE:-10M}" --generate-only --no-peers \
    --workdir "$TMP/gen" >/dev/null 2>&1 || fail "bench/import could not generate mail"

WORD=quagmirezebra91
LEAK=leak-9191@example.org
printf 'From x@example.org Mon Jul 12 11:00:00 2004\nFrom: X <x@example.org>\nSubject: oops\nMessage-ID: <%s>\nDate: Mon, 12 Jul 2004 11:00:00 +0000\n\nthe secret is %s\n\n' \
    "$LEAK" "$WORD" >"$TMP/leak.mbox"

# The number of messages archive $1 commits (from check).
committed () {
    expect 0 check -a "$1"
    sed -n 's/^mlarc check: \([0-9]*\) messages.*/\1/p' "$TMP/err"
}

# Runs mlarc $2... killed with SIGKILL after $1 seconds; sets $killed to
# yes when it was still running then.
kill_after () {
    after=$1; shift
    killed=no
    timeout -s KILL "$after" "$MLARC" "$@" >/dev/null 2>&1 || { [ $? -eq 137 ] && killed=yes; }
}

B=$TMP/base
# The leak in the middle of the volume: the messages after it move.
expect 0 import -q -a "$B" "$TMP/gen/bench.mbox" "$TMP/leak.mbox" "$SAMPLE"
expect 0 threads -a "$B"
base=$(committed "$B")
cp -a "$B" "$TMP/calibrate"
start=$(now)
expect 0 remove -a "$TMP/calibrate" "$LEAK"
T_REMOVE=$(elapsed "$start")

# Archive $1 after a kill: valid, and before or after, never between.
state_of () {
    validate "$1"
    n=$(committed "$1")
    if grep -q "<removed id=\"$LEAK\"" "$1/index.xml"; then
        [ "$n" -eq $((base - 1)) ] || fail "removal committed, but $n messages, not $((base - 1))"
        state=after
    else
        [ "$n" -eq "$base" ] || fail "not committed, but $n messages, not $base"
        expect 0 show -a "$1" --raw "<$LEAK>"
        grep -q "$WORD" "$TMP/out" || fail "not committed, but the leak's bytes are not whole"
        state=before
    fi
}

remove_killed () {
    fraction=$1
    A=$TMP/killed-$fraction
    rm -rf "$A"; cp -a "$B" "$A"
    kill_after "$(echo "$T_REMOVE $fraction" | awk '{ printf "%.2f", $1 * $2 }')" remove -a "$A" "$LEAK"
    state_of "$A"
    expect 0 remove -a "$A" "$LEAK"
    [ "$(committed "$A")" -eq $((base - 1)) ] || fail "the re-run left $(committed "$A") messages"
    validate "$A"
    if grep -r -l -a "$WORD" "$A" >"$TMP/found"; then
        fail "after the re-run the word is still in $(cat "$TMP/found")"
    fi
    detail "killed at $fraction of ${T_REMOVE}s ($killed): $state, valid; the re-run leaves the word in no file"
}

for f in 0.05 0.15 0.3 0.45 0.6 0.75 0.9; do
    check "remove killed at $f" remove_killed "$f"
done
finish
