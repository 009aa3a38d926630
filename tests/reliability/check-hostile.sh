#!/bin/sh
# check-hostile.sh: every case of tests/data/hostile/ (and those its
# generate.sh writes) goes through "mlarc build" in a sandbox folder: no
# crash, done within $MLARC_TIMEOUT seconds, nothing written outside the
# archive and the site, every page parses as HTML with no mail-borne
# active content and every link resolving, the archive valid, and every
# message read archived or counted as rejected with its reason.
. "${top_srcdir:?run me through make check or tests/reliability/run}/tests/reliability/lib.sh"

command -v "$XMLLINT" >/dev/null 2>&1 || skip "xmllint is needed to parse the pages"
MLARC_TIMEOUT=${MLARC_TIMEOUT:-60}
HOSTILE=$DATA/hostile
"$HOSTILE/generate.sh" "$TMP/generated"

# A listing of folder $1 (names; sizes and mtimes of files) without the
# contents of $1/archive and $1/site.
listing () {
    (cd "$1" && find . \( -path ./archive -o -path ./site \) -prune -o -type d -printf '%p/\n' \
         -o -printf '%p %s %T@\n' | grep -v -x -e ./archive -e ./site | sort)
}

# Names that Windows reserves, as a site's file or folder: its files may be
# copied to any machine.
reserved_names () {
    find "$1" | sed 's|.*/||; s|\..*||' | tr 'a-z' 'A-Z' \
        | grep -x -E 'CON|PRN|AUX|NUL|COM[0-9]|LPT[0-9]' || true
}

hostile_case () {
    input=$1
    box=$TMP/box/$(basename "$input")
    mkdir -p "$box/in"
    cp "$input" "$box/in/"
    listing "$box" >"$TMP/before"
    start=$(now)
    # From inside the sandbox: a relative path gone wrong lands in it.
    (cd "$box" && expect 0 build --search=no -a "$box/archive" -o "$box/site" "$box/in/$(basename "$input")") \
        || exit 1
    took=$(elapsed "$start")
    listing "$box" >"$TMP/after"
    diff "$TMP/before" "$TMP/after" >&2 || fail "files written outside the archive and the site"
    [ -z "$(find /tmp /var/tmp -maxdepth 1 -newer "$TMP/before" \( -name '*.sh' -o -name 'escape*' \
        -o -name 'absolute*' -o -name 'deep*' \) 2>/dev/null)" ] || fail "a file landed in /tmp"
    [ -z "$(reserved_names "$box/site")" ] || fail "reserved file names: $(reserved_names "$box/site")"
    find "$box/site" | awk -F/ '{ for (i = 1; i <= NF; i++) if (length($i) > 255) exit 1 }' \
        || fail "a file name over 255 bytes"
    grep '^mlarc import:' "$TMP/err" >"$TMP/summary" || fail "no import summary"
    cp "$TMP/summary" "$TMP/err"
    expect_accounted
    read=$(summary read); added=$(summary added); rejected=$(summary rejected)
    [ "$read" -gt 0 ] || fail "no message read"
    validate "$box/archive"
    # Every reject is listed by check, with its reason.
    [ "$(grep -c '	rejected	.' "$TMP/out" || true)" -eq "$rejected" ] \
        || fail "$rejected rejected, but check lists $(grep -c '	rejected	' "$TMP/out" || true) with a reason"
    site_pages_parse "$box/site"
    pages=$(wc -l <"$TMP/pages")
    site_no_active_content "$box/site"
    site_links_resolve "$box/site"
    find "$box/site" -type f \( -name '*.html' -o -name '*.atom' -o -name '*.xml' \) >"$TMP/texts"
    while read -r f; do
        iconv -f UTF-8 -t UTF-8 "$f" >/dev/null 2>&1 || fail "$f is not UTF-8"
    done <"$TMP/texts"
    # The threads of the archive, as a reader lists them, end.
    expect 0 threads -a "$box/archive"
    detail "$read read, $added added, $rejected rejected; $pages pages, $links links; ${took}s"
}

for input in "$HOSTILE"/*.eml "$HOSTILE"/*.mbox "$TMP"/generated/*; do
    check "hostile $(basename "$input")" hostile_case "$input"
done
finish
