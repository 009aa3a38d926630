#!/bin/sh
# check-crash.sh: SIGKILL at several points of an import, a site update
# and an overview rebuild. After a killed import the archive validates,
# lists the volumes it listed before (or, killed after its commit, those
# and the new one, whole), and exports the same mail; importing again
# stores every message once. A killed site update leaves a site whose
# pages parse and whose links resolve; the next run completes it as a full
# build would. A killed overview rebuild is recovered by the next command.
# The input is made by bench/import's generator (python3); its size is
# $MLARC_CRASH_SIZE (default 30M).
. "${top_srcdir:?run me through make check or tests/reliability/run}/tests/reliability/lib.sh"

command -v python3 >/dev/null 2>&1 || { check "crash safety" skip "python3 is needed to generate mail"; finish; }
command -v "$XMLLINT" >/dev/null 2>&1 || { check "crash safety" skip "xmllint is needed"; finish; }
G=$TMP/gen
python3 "$top_srcdir/bench/import" "${MLARC_CRASH_SIZE:-30M}" --generate-only --no-peers \
    --workdir "$G" >/dev/null 2>&1 || fail "bench/import could not generate mail"
BIG=$G/bench.mbox

# The number of messages archive $1 commits (from check).
committed () {
    expect 0 check -a "$1"
    sed -n 's/^mlarc check: \([0-9]*\) messages.*/\1/p' "$TMP/err"
}

# The volumes index.xml of archive $1 lists.
volumes () {
    grep -o '<volume [^>]*>' "$1/index.xml" || true
}

# Runs mlarc $2... killed with SIGKILL after $1 seconds; sets $killed to
# yes when it was still running then.
kill_after () {
    after=$1; shift
    killed=no
    timeout -s KILL "$after" "$MLARC" "$@" >/dev/null 2>&1 || { [ $? -eq 137 ] && killed=yes; }
}

# The base archive: the sample, one volume; calibration: the big import.
B=$TMP/base
expect 0 import -q -a "$B" "$SAMPLE"
expect 0 export -a "$B" -o "$TMP/base.mbox"
base=$(committed "$B")
cp -a "$B" "$TMP/calibrate"
start=$(now)
expect 0 import -q -a "$TMP/calibrate" "$BIG"
T_IMPORT=$(elapsed "$start")
n_big=$(($(committed "$TMP/calibrate") - base))

import_killed () {
    fraction=$1
    A=$TMP/import-$fraction
    rm -rf "$A"; cp -a "$B" "$A"
    volumes "$A" >"$TMP/volumes-before"
    kill_after "$(echo "$T_IMPORT $fraction" | awk '{ printf "%.2f", $1 * $2 }')" import -q -a "$A" "$BIG"
    validate "$A"
    n=$(committed "$A")
    volumes "$A" >"$TMP/volumes-after"
    if [ "$n" -eq "$base" ]; then
        state="not committed"
        cmp -s "$TMP/volumes-before" "$TMP/volumes-after" || fail "killed before its commit, yet the volume list changed"
        expect 0 export -a "$A" -o "$TMP/export.mbox"
        cmp -s "$TMP/base.mbox" "$TMP/export.mbox" || fail "the export differs from the one before the import"
    elif [ "$n" -eq $((base + n_big)) ]; then
        state="committed"
        [ "$(grep -c . "$TMP/volumes-after")" -eq $(($(grep -c . "$TMP/volumes-before") + 1)) ] \
            || fail "committed, but not exactly one more volume"
        expect 0 export -a "$A" -o "$TMP/export.mbox"
    else
        fail "after the kill the archive holds $n messages: neither $base nor $((base + n_big))"
    fi
    expect 0 import -a "$A" "$BIG"
    expect_accounted
    rerun="$(summary added) added, $(summary 'already present') present"
    [ "$(committed "$A")" -eq $((base + n_big)) ] || fail "after the rerun: $(committed "$A") messages, not $((base + n_big))"
    [ "$(shas "$A" | sort | uniq -d | wc -l)" -eq 0 ] || fail "a message is stored twice"
    [ -z "$(find "$A" -name '*.tmp')" ] || fail "temporary files left: $(find "$A" -name '*.tmp' | head -3)"
    expect 0 threads -a "$A"
    detail "killed at ${fraction} of ${T_IMPORT}s ($killed): $state; rerun: $rerun; $((base + n_big)) stored once"
}

for f in 0.01 0.1 0.5 0.9; do
    check "import killed at $f" import_killed "$f"
done

# The site: a small archive (pages are checked one by one), updated with
# mail it has not shown yet.
S_ARCHIVE=$TMP/site-archive
python3 "$top_srcdir/bench/import" 1M --generate-only --no-peers --seed 7 \
    --workdir "$TMP/gen-small" >/dev/null 2>&1 || fail "bench/import could not generate mail"
expect 0 import -q -a "$S_ARCHIVE" "$SAMPLE"
expect 0 site --search=no -q -a "$S_ARCHIVE" -o "$TMP/site-old"
expect 0 import -q -a "$S_ARCHIVE" "$TMP/gen-small/bench.mbox"
expect 0 site --search=no -q -a "$S_ARCHIVE" -o "$TMP/site-full"
cp -a "$TMP/site-old" "$TMP/site-calibrate"
start=$(now)
expect 0 site --search=no -q -j 1 -a "$S_ARCHIVE" -o "$TMP/site-calibrate"
T_SITE=$(elapsed "$start")

site_killed () {
    fraction=$1
    K=$TMP/site-$fraction
    rm -rf "$K"; cp -a "$TMP/site-old" "$K"
    kill_after "$(echo "$T_SITE $fraction" | awk '{ printf "%.2f", $1 * $2 }')" site --search=no -q -j 1 -a "$S_ARCHIVE" -o "$K"
    site_pages_parse "$K"
    site_links_resolve "$K" reachable
    checked=$links
    expect 0 site --search=no -q -a "$S_ARCHIVE" -o "$K"
    same_files "$K" "$TMP/site-full" >"$TMP/diff" || { head -20 "$TMP/diff" >&2; fail "the run after the kill differs from a full build"; }
    detail "killed at $fraction of ${T_SITE}s ($killed): pages parse, $checked links from $(wc -l <"$TMP/pages") pages reachable from the home page resolve; the next run equals a full build"
}

for f in 0.1 0.5 0.9; do
    check "site update killed at $f" site_killed "$f"
done

# The overview: a rebuild killed part way; the next command recovers.
O=$TMP/calibrate
expect 0 threads -a "$O"
cp "$TMP/out" "$TMP/threads-before"
start=$(now)
expect 0 reindex -a "$O"
T_REINDEX=$(elapsed "$start")

overview_killed () {
    fraction=$1
    kill_after "$(echo "$T_REINDEX $fraction" | awk '{ printf "%.2f", $1 * $2 }')" reindex -a "$O"
    expect 0 threads -a "$O"
    cmp -s "$TMP/out" "$TMP/threads-before" || fail "the threads after the kill differ"
    validate "$O"
    detail "killed at $fraction of ${T_REINDEX}s ($killed): the next command lists the same threads"
}

for f in 0.2 0.5 0.8; do
    check "overview rebuild killed at $f" overview_killed "$f"
done
finish
