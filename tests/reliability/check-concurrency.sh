#!/bin/sh
# check-concurrency.sh: two imports into one archive (the second waits
# for the first and succeeds; with --wait 0 it fails at once with exit 75,
# saying why), readers (threads, search, export, site) running during
# an import: each succeeds and shows a committed state, the archive before
# the import or after it, never a mix; and an import while a reader
# rebuilds the overview (the import neither fails nor waits for the rebuild). The input is made by bench/import's
# generator (python3), $MLARC_CONCURRENCY_SIZE (default 10M).
. "${top_srcdir:?run me through make check or tests/reliability/run}/tests/reliability/lib.sh"

command -v python3 >/dev/null 2>&1 || { check "concurrency" skip "python3 is needed to generate mail"; finish; }
python3 "$top_srcdir/bench/import" "${MLARC_CONCURRENCY_SIZE:-10M}" --generate-only --no-peers \
    --workdir "$TMP/gen" >/dev/null 2>&1 || fail "bench/import could not generate mail"
BIG=$TMP/gen/bench.mbox
C=$TMP/archive

# The two committed states: 0 (the sample) and 1 (sample + BIG), as
# threads, search (a word both have), export and site summary show them.
expect 0 import -q -a "$C" "$SAMPLE"
cp -a "$C" "$TMP/after"
expect 0 import -q -a "$TMP/after" "$BIG"
for state in 0 1; do
    archive=$C; [ $state -eq 1 ] && archive=$TMP/after
    expect 0 threads -a "$archive"; cp "$TMP/out" "$TMP/threads-$state"
    expect 0 search -a "$archive" --limit 100000 kernel; cp "$TMP/out" "$TMP/search-$state"
    expect 0 export -a "$archive" -o "$TMP/export-$state"
    expect 0 site --search=no -a "$archive" -o "$TMP/site-$state"
    grep -o '[0-9]* messages published' "$TMP/err" >"$TMP/site-summary-$state"
done
rm -rf "$TMP/after" "$TMP/site-0" "$TMP/site-1"

# Starts an import of BIG into $C in the background and waits until it
# writes its volume (so it holds the lock). Probing the lock itself would
# take it for an instant, and make the import fail.
start_import () {
    "$MLARC" import -q -a "$C" "$BIG" >"$TMP/import.out" 2>"$TMP/import.err" &
    import_pid=$!
    i=0
    until ls "$C"/raw/*.tmp >/dev/null 2>&1; do
        kill -0 "$import_pid" 2>/dev/null || fail "the import ended at once: $(cat "$TMP/import.err")"
        i=$((i + 1))
        [ $i -lt 1000 ] || fail "the import wrote nothing in 10 s"
        sleep 0.01
    done
}

finish_import () {
    wait "$import_pid" || fail "the import failed: $(cat "$TMP/import.err")"
}

# Which committed state file $1 equals, among $2-0 and $2-1.
state_of () {
    if cmp -s "$1" "$2-0"; then echo 0
    elif cmp -s "$1" "$2-1"; then echo 1
    else echo mixed; fi
}

two_imports () {
    start_import
    start=$(now)
    expect 75 import -q --wait 0 -a "$C" "$SAMPLE"
    took=$(elapsed "$start")
    grep -q 'another mlarc is writing' "$TMP/err" || fail "no clear message: $(cat "$TMP/err")"
    awk "BEGIN { exit !($took < 2) }" || fail "the second import took ${took}s to fail"
    kill -0 "$import_pid" 2>/dev/null || note "the first import ended before the second failed"
    why=$(head -n 1 "$TMP/err")
    expect 0 import -q -a "$C" "$TMP/gen/bench.mbox"
    waited=$(elapsed "$start")
    finish_import
    detail "with --wait 0 the second failed in ${took}s with 75: $why; by default it waited and succeeded (${waited}s)"
}

readers () {
    rm -rf "$C"; expect 0 import -q -a "$C" "$SAMPLE"
    start_import
    runs=0; seen=""
    while kill -0 "$import_pid" 2>/dev/null; do
        expect 0 threads -a "$C"; cp "$TMP/out" "$TMP/threads"
        s=$(state_of "$TMP/threads" "$TMP/threads"); [ "$s" != mixed ] || fail "threads shows no committed state"
        seen="$seen threads:$s"
        expect 0 search -a "$C" --limit 100000 kernel; cp "$TMP/out" "$TMP/search"
        s=$(state_of "$TMP/search" "$TMP/search"); [ "$s" != mixed ] || fail "search shows no committed state"
        seen="$seen search:$s"
        expect 0 export -a "$C" -o "$TMP/export"
        s=$(state_of "$TMP/export" "$TMP/export"); [ "$s" != mixed ] || fail "export shows no committed state"
        seen="$seen export:$s"
        rm -rf "$TMP/site"
        expect 0 site --search=no -a "$C" -o "$TMP/site"
        grep -o '[0-9]* messages published' "$TMP/err" >"$TMP/site-summary"
        s=$(state_of "$TMP/site-summary" "$TMP/site-summary"); [ "$s" != mixed ] || fail "site shows no committed state: $(cat "$TMP/site-summary")"
        seen="$seen site:$s"
        runs=$((runs + 1))
    done
    finish_import
    [ "$runs" -gt 0 ] || skip "the import ended before a reader ran"
    detail "$runs rounds of threads, search, export and site during the import, each a committed state:$(echo "$seen" | tr " " "\n" | grep . | sort | uniq -c | awk '{ printf " %s x%s", $2, $1 }')"
}

# The overview of the big archive is deleted; a reader rebuilds it under
# the overview lock while an import of one new message runs: the import
# must neither fail nor wait for the rebuild (it leaves its overview rows
# to the next command), and the overview then covers it.
import_during_rebuild () {
    rm -rf "$C"; expect 0 import -q -a "$C" "$SAMPLE" "$BIG"
    rm -f "$C/overview.sqlite3"
    printf 'From x@example.org Mon Jan  3 10:00:00 2005\nFrom: x@example.org\nSubject: during a rebuild\nMessage-ID: <rebuild@example.org>\nDate: Mon, 3 Jan 2005 10:00:00 +0000\n\nzebracorn\n' >"$TMP/one.mbox"
    "$MLARC" threads -a "$C" >"$TMP/reader.out" 2>"$TMP/reader.err" &
    reader_pid=$!
    until [ -e "$C/overview.sqlite3.tmp" ]; do
        kill -0 "$reader_pid" 2>/dev/null || skip "the rebuild ended before the import could start"
        sleep 0.01
    done
    start=$(now)
    expect 0 import -q -a "$C" "$TMP/one.mbox"
    took=$(elapsed "$start")
    wait "$reader_pid" || fail "the reader failed: $(cat "$TMP/reader.err")"
    [ -e "$C/overview.sqlite3.tmp" ] && fail "the rebuild left its temporary file"
    expect 0 search -a "$C" zebracorn
    grep -q 'during a rebuild' "$TMP/out" || fail "the new message is not in the overview"
    detail "the import succeeded in ${took}s while threads rebuilt the overview; search finds its message"
}

check "two imports into one archive" two_imports
check "threads, search, export and site during an import" readers
check "an import while a reader rebuilds the overview" import_during_rebuild
finish
