#!/bin/sh
# check-links.sh: links and FIFOs placed inside SITE or ARCHIVE (issue 27
# §5). A symbolic link at a temporary name, a folder replaced by a link, a
# manifest line naming a file behind a link: no file outside SITE or
# ARCHIVE is written, truncated or removed. A FIFO at a temporary name or
# at a file mlarc reads never makes it wait.
. "${top_srcdir:?run me through make check or tests/reliability/run}/tests/reliability/lib.sh"

# Files outside every folder mlarc is given; their bytes must not change.
OUT=$TMP/outside
outside_sums () { (cd "$OUT" && find . -type f | sort | xargs sha256sum); }
# Each check starts from the same files outside.
reset_outside () {
    rm -rf "$OUT"
    mkdir -p "$OUT/folder"
    for f in victim-1 victim-2 victim-3 victim-4 folder/index.html folder/raw.txt; do
        echo "precious $f" >"$OUT/$f"
    done
    outside_sums >"$TMP/outside.sums"
}
unchanged () {
    outside_sums | cmp -s - "$TMP/outside.sums" \
        || fail "a file outside was written or removed: $(outside_sums | diff "$TMP/outside.sums" - | tail -n 3 | tr '\n' ' ')"
}

expect 0 import -q -a "$TMP/base" "$SAMPLE"
# A second mail, so that an update has something new to write.
more_mail () {
    printf 'From x@example.org Tue Mar  2 13:00:00 2021\nFrom: X <x@example.org>\n' >"$TMP/more.mbox"
    printf 'Subject: more\nMessage-ID: <more-%s@example.org>\nDate: Tue, 2 Mar 2021 13:00:00 +0000\n\nmore\n' "$1" >>"$TMP/more.mbox"
}

site_tmp_links () {
    reset_outside
    rm -rf "$TMP/s"
    mkdir "$TMP/s"
    ln -s "$OUT/victim-1" "$TMP/s/index.html.tmp"
    ln -s "$OUT/victim-2" "$TMP/s/.mlarc-site.tmp"
    ln -s "$OUT/victim-3" "$TMP/s/.mlarc-site.state.tmp"
    ln -s "$OUT/victim-4" "$TMP/s/.mlarc-site.running.tmp"
    expect 0 site --search=no -q -a "$TMP/base" -o "$TMP/s"
    unchanged
    [ -f "$TMP/s/index.html" ] && [ ! -L "$TMP/s/index.html" ] || fail "no index.html of its own"
    detail "links at index.html.tmp, .mlarc-site.tmp, .mlarc-site.state.tmp: replaced, not followed"
}

site_folder_link () {
    reset_outside
    rm -rf "$TMP/s"
    expect 0 site --search=no -q -a "$TMP/base" -o "$TMP/s"
    # A manifest line naming a file behind a link, as if a previous build
    # had made a page there: the update that no longer makes it must not
    # remove what the link points to.
    ln -s "$OUT" "$TMP/s/elsewhere"
    printf '%064d elsewhere/victim-1\n' 0 >>"$TMP/s/.mlarc-site"
    rm -f "$TMP/s/.mlarc-site.state"
    expect 0 site --search=no -q -a "$TMP/base" -o "$TMP/s"
    unchanged
    # A folder the build writes to, replaced by a link to one outside.
    folder=$(cd "$TMP/s" && find . -mindepth 2 -name index.html | head -n 1 | xargs dirname)
    [ -n "$folder" ] || fail "no page in a folder"
    rm -rf "$TMP/s/$folder"
    ln -s "$OUT/folder" "$TMP/s/$folder"
    rm -f "$TMP/s/.mlarc-site.state"
    run site --search=no -q -a "$TMP/base" -o "$TMP/s"
    unchanged
    [ "$status" -eq 0 ] || grep -q 'link' "$TMP/err" || fail "exit $status without saying why: $(cat "$TMP/err")"
    detail "a file behind a link in the manifest: kept; a site folder replaced by a link: exit $status ($(head -c 120 "$TMP/err")), nothing behind it touched"
}

archive_tmp_links () {
    reset_outside
    rm -rf "$TMP/a"
    cp -r "$TMP/base" "$TMP/a"
    more_mail 1
    ln -s "$OUT/victim-1" "$TMP/a/index.xml.tmp"
    ln -s "$OUT/victim-2" "$TMP/a/volumes/000002.xml.tmp"
    ln -s "$OUT/victim-3" "$TMP/a/raw/000002.raw.tmp"
    ln -s "$OUT/victim-4" "$TMP/a/keys.index.tmp"
    expect 0 import -q -a "$TMP/a" "$TMP/more.mbox"
    unchanged
    expect 0 check -a "$TMP/a"
    detail "links at index.xml.tmp and the new volume's temporary names: replaced, not followed"
}

archive_folder_link () {
    reset_outside
    rm -rf "$TMP/a"
    cp -r "$TMP/base" "$TMP/a"
    mv "$TMP/a/volumes" "$OUT/volumes"
    ln -s "$OUT/volumes" "$TMP/a/volumes"
    outside_sums >"$TMP/outside.sums"
    more_mail 2
    run import -q -a "$TMP/a" "$TMP/more.mbox"
    unchanged
    [ "$status" -ne 0 ] || fail "wrote into a volumes folder that is a link"
    grep -q 'link' "$TMP/err" || fail "no clear error: $(cat "$TMP/err")"
    detail "ARCHIVE/volumes a link: exit $status, \"$(head -c 100 "$TMP/err")\""
}

fifos () {
    reset_outside
    rm -rf "$TMP/s" "$TMP/a"
    cp -r "$TMP/base" "$TMP/a"
    mkdir "$TMP/s"
    mkfifo "$TMP/s/index.html.tmp" "$TMP/s/.mlarc-site.tmp" "$TMP/a/index.xml.tmp"
    MLARC_TIMEOUT=60
    expect 0 site --search=no -q -a "$TMP/a" -o "$TMP/s"
    more_mail 3
    expect 0 import -q -a "$TMP/a" "$TMP/more.mbox"
    # A FIFO where mlarc reads (the manifest, the state file): refused.
    mkfifo "$TMP/s/.mlarc-site.state.new"
    mv "$TMP/s/.mlarc-site.state.new" "$TMP/s/.mlarc-site.state"
    rm -f "$TMP/s/.mlarc-site"
    mkfifo "$TMP/s/.mlarc-site"
    run site --search=no -q -a "$TMP/a" -o "$TMP/s"
    grep -q 'not a regular file' "$TMP/err" || fail "exit $status: $(cat "$TMP/err")"
    detail "FIFOs at temporary names replaced; a FIFO as the manifest: refused, not waited on (exit $status)"
}

check "site: links at temporary names are not followed" site_tmp_links
check "site: nothing behind a folder replaced by a link" site_folder_link
check "archive: links at temporary names are not followed" archive_tmp_links
check "archive: a folder replaced by a link is refused" archive_folder_link
check "FIFOs never block a build or an import" fifos
finish
