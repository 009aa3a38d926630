#!/bin/sh
# check-compact.sh: mlarc compact killed with SIGKILL at several points of
# its run, and the two states between its steps made by hand (merged
# files in place but not committed; committed but the old files still
# there). Each time the archive validates, holds every message exactly
# once (its export is byte for byte the one before), lists its threads as
# before, and a re-run of compact finishes the job: one volume, no
# leftover files, the same export. The archive is a volume of mail made
# by bench/import's generator (python3; $MLARC_COMPACT_SIZE, default 10M,
# so that the merge takes long enough to be killed part way), the sample,
# and $MLARC_COMPACT_VOLUMES (default 150) single-message volumes.
. "${top_srcdir:?run me through make check or tests/reliability/run}/tests/reliability/lib.sh"

command -v "$XMLLINT" >/dev/null 2>&1 || { check "compact killed" skip "xmllint is needed"; finish; }
command -v python3 >/dev/null 2>&1 || { check "compact killed" skip "python3 is needed to generate mail"; finish; }
python3 "$top_srcdir/bench/import" "${MLARC_COMPACT_SIZE:-10M}" --generate-only --no-peers \
    --workdir "$TMP/gen" >/dev/null 2>&1 || fail "bench/import could not generate mail"

# The number of messages archive $1 commits (from check).
committed () {
    expect 0 check -a "$1"
    sed -n 's/^mlarc check: \([0-9]*\) messages.*/\1/p' "$TMP/err"
}

n_volumes () { grep -c '<volume ' "$1/index.xml"; }

# Runs mlarc $2... killed with SIGKILL after $1 seconds; sets $killed to
# yes when it was still running then.
kill_after () {
    after=$1; shift
    killed=no
    timeout -s KILL "$after" "$MLARC" "$@" >/dev/null 2>&1 || { [ $? -eq 137 ] && killed=yes; }
}

B=$TMP/base
expect 0 import -q --no-compact -a "$B" "$TMP/gen/bench.mbox"
expect 0 import -q --no-compact -a "$B" "$SAMPLE"
i=1
while [ $i -le "${MLARC_COMPACT_VOLUMES:-150}" ]; do
    printf 'From: P %s <p%s@example.org>\nSubject: s %s\nMessage-ID: <c-%s@example.org>\nIn-Reply-To: <c-%s@example.org>\n\nbody %s\n' \
        $i $i $((i % 9)) $i $((i / 3)) $i | "$MLARC" import -q --no-compact -a "$B" - \
        || fail "import $i failed"
    i=$((i + 1))
done
base=$(committed "$B")
volumes_before=$(n_volumes "$B")
expect 0 export -a "$B" -o "$TMP/base.mbox"
expect 0 threads -a "$B"
cp "$TMP/out" "$TMP/threads-base"
cp -a "$B" "$TMP/calibrate"
start=$(now)
expect 0 compact -a "$TMP/calibrate"
T_COMPACT=$(elapsed "$start")
[ "$(n_volumes "$TMP/calibrate")" -eq 1 ] || fail "compact left $(n_volumes "$TMP/calibrate") volumes"

# Archive $1 holds what the base held, once, and lists the same threads.
same_mail () {
    validate "$1"
    [ "$(committed "$1")" -eq "$base" ] || fail "$(committed "$1") messages, not $base"
    expect 0 export -a "$1" -o "$TMP/export.mbox"
    cmp -s "$TMP/base.mbox" "$TMP/export.mbox" || fail "the export differs from the one before"
    expect 0 threads -a "$1"
    cmp -s "$TMP/out" "$TMP/threads-base" || fail "the threads differ"
}

# After the kill: the state, then a re-run that finishes the job.
recover () {
    case $(n_volumes "$1") in
    "$volumes_before") state="not committed" ;;
    1) state="committed" ;;
    *) fail "$(n_volumes "$1") volumes: neither $volumes_before nor 1" ;;
    esac
    same_mail "$1"
    expect 0 compact -a "$1"
    [ "$(n_volumes "$1")" -eq 1 ] || fail "the re-run left $(n_volumes "$1") volumes"
    same_mail "$1"
    left=$({ ls "$1/volumes"; ls "$1/raw"; } | grep -c .)
    [ "$left" -eq 3 ] || fail "files left after the re-run: $(ls "$1/volumes" | head -5)"
}

compact_killed () {
    fraction=$1
    A=$TMP/killed-$fraction
    rm -rf "$A"; cp -a "$B" "$A"
    kill_after "$(echo "$T_COMPACT $fraction" | awk '{ printf "%.2f", $1 * $2 }')" compact -a "$A"
    recover "$A"
    detail "killed at $fraction of ${T_COMPACT}s ($killed): $state; $base messages once, export and threads as before; the re-run leaves one volume"
}

for f in 0.05 0.1 0.2 0.35 0.5 0.8; do
    check "compact killed at $f" compact_killed "$f"
done

# Merged files renamed into place, index not yet replaced.
before_commit () {
    A=$TMP/before-commit
    cp -a "$B" "$A"
    cp "$TMP"/calibrate/volumes/*-* "$A/volumes/"
    cp "$TMP"/calibrate/raw/*-* "$A/raw/"
    recover "$A"
    [ "$state" = "not committed" ] || fail "state $state"
    detail "merged files in place, old index: the old archive; the re-run replaces the merged files and commits"
}
check "compact stopped before its commit" before_commit

# Index replaced, old files not yet removed.
after_commit () {
    A=$TMP/after-commit
    cp -a "$TMP/calibrate" "$A"
    cp "$B"/volumes/* "$A/volumes/"
    cp "$B"/raw/* "$A/raw/"
    recover "$A"
    [ "$state" = committed ] || fail "state $state"
    detail "committed, old files still there: the merged archive; the re-run removes the old files"
}
check "compact stopped after its commit" after_commit
finish
