#!/bin/sh
# check-diskfull.sh: an import and a site update onto a full file system
# fail with a clear message and leave what was there intact. As root the
# file system is a tmpfs of 3 MB mounted for the test; otherwise (or when
# mounting is not allowed) each file is limited by "ulimit -f", so the
# error is "File too large" rather than "No space left on device". The
# details say which was used.
. "${top_srcdir:?run me through make check or tests/reliability/run}/tests/reliability/lib.sh"

command -v python3 >/dev/null 2>&1 || { check "disk full" skip "python3 is needed to generate mail"; finish; }
command -v "$XMLLINT" >/dev/null 2>&1 || { check "disk full" skip "xmllint is needed"; finish; }
python3 "$top_srcdir/bench/import" 8M --generate-only --no-peers --workdir "$TMP/gen" >/dev/null 2>&1 \
    || fail "bench/import could not generate mail"
MORE=$TMP/gen/bench.mbox
FS=$TMP/fs
mkdir -p "$FS"
if [ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=3m mlarc-test "$FS" 2>/dev/null; then
    trap 'umount "$FS"; rm -rf "$TMP"' EXIT INT TERM
    how="a 3 MB tmpfs"
    full="No space left on device"
else
    # A wrapper: mlarc with files limited to 128 blocks, SIGXFSZ ignored so
    # that the write fails with EFBIG instead of killing it.
    LIMITED=$TMP/mlarc-limited
    printf '#!/bin/sh\ntrap "" XFSZ\nulimit -f 128\nexec "%s" "$@"\n' "$MLARC" >"$LIMITED"
    chmod +x "$LIMITED"
    how="ulimit -f 128 (not root, or no mount allowed)"
    full="File too large"
fi

# expect, with mlarc on the full file system.
expect_on_full () {
    saved=$MLARC
    MLARC=${LIMITED:-$MLARC}
    expect "$@"
    MLARC=$saved
}

# The run failed with the message of a full disk, in a line or two.
expect_full () {
    grep -q "$full" "$TMP/err" || fail "not a clear message: $(cat "$TMP/err")"
    [ "$(wc -l <"$TMP/err")" -le 2 ] || fail "more than two lines of error: $(cat "$TMP/err")"
    [ -z "$(find "$FS" -name '*.tmp')" ] || fail "temporary files left: $(find "$FS" -name '*.tmp' | head -n 3)"
}

import_full () {
    A=$FS/archive
    expect 0 import -q -a "$A" "$SAMPLE"
    expect 0 export -a "$A" -o "$TMP/before.mbox"
    expect_on_full 75 import -a "$A" "$MORE"
    expect_full
    message=$(head -n 1 "$TMP/err")
    validate "$A"
    expect 0 export -a "$A" -o "$TMP/after.mbox"
    cmp -s "$TMP/before.mbox" "$TMP/after.mbox" || fail "the export changed"
    # Space freed: the archive takes mail again.
    expect 0 import -q -a "$A" "$DATA/hostile/dates.mbox"
    expect 0 check -a "$A"
    detail "$how: $message; check passes, the earlier volume exports as before, the next import works"
}

site_full () {
    A=$TMP/site-archive
    S=$FS/site
    expect 0 import -q -a "$A" "$SAMPLE"
    expect 0 site --search=no -q -a "$A" -o "$S"
    cp -a "$S" "$TMP/site-before"
    expect 0 import -q -a "$A" "$MORE"
    expect_on_full 75 site --search=no -a "$A" -o "$S"
    expect_full
    message=$(head -n 1 "$TMP/err")
    # Folders made for pages never written may stay, empty, and the marker
    # of a run that did not finish.
    cp -a "$S" "$TMP/site-after"
    rm -f "$TMP/site-after/.mlarc-site.running"
    empty=$(find "$TMP/site-after" -type d -empty | wc -l)
    find "$TMP/site-after" -type d -empty -delete
    same_files "$TMP/site-before" "$TMP/site-after" >"$TMP/diff" || { head "$TMP/diff" >&2; fail "the site changed"; }
    site_pages_parse "$S"
    site_links_resolve "$S" reachable
    pages=$(wc -l <"$TMP/pages")
    [ -n "${LIMITED:-}" ] || mount -o remount,size=64m "$FS" || fail "cannot grow the tmpfs"
    expect 0 site --search=no -q -a "$A" -o "$TMP/site-full"
    expect 0 site --search=no -q -a "$A" -o "$S"
    same_files "$S" "$TMP/site-full" >"$TMP/diff" || { head "$TMP/diff" >&2; fail "the next run differs from a full build"; }
    detail "$how: $message; the previous site is unchanged but for $empty empty folders ($links links from $pages pages resolve); with space, the next run equals a full build"
}

check "import onto a full disk" import_full
check "site update onto a full disk" site_full
finish
