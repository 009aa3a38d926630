# e2e-lib.sh: sourced by the end-to-end tests. POSIX sh.
# The harness exports MLARC (the built CLI), top_srcdir, XMLLINT, MLARC_SHARED.
set -eu
: "${MLARC:?run me through make check}" "${top_srcdir:?run me through make check}"
XMLLINT=${XMLLINT:-xmllint}
SCHEMA="$top_srcdir/doc/mlarc-archive.rng"
SAMPLE="$top_srcdir/samples/ksummit-2004-discuss.mbox"
DATA="$top_srcdir/tests/data"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/mlarc-e2e.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM

fail () { echo "FAIL: $*" >&2; exit 1; }
skip () { echo "SKIP: $*" >&2; exit 77; }
note () { echo "# $*" >&2; }

# Runs mlarc, failing the test on a crash (signal or sanitizer report).
# Sets $status, leaves stdout in $TMP/out and stderr in $TMP/err.
run () {
    status=0
    timeout 600 "$MLARC" "$@" >"$TMP/out" 2>"$TMP/err" || status=$?
    if [ "$status" -ge 124 ] || grep -q -e 'Sanitizer' -e 'runtime error:' "$TMP/err"; then
        cat "$TMP/err" >&2
        fail "mlarc $* crashed (exit $status)"
    fi
    return 0
}

# run, and expect exit status $1.
expect () {
    want=$1; shift
    run "$@"
    if [ "$status" -ne "$want" ]; then
        cat "$TMP/err" >&2
        fail "mlarc $*: exit $status, expected $want"
    fi
}

# The value of field $1 ("read", "added", "already present", "duplicate ids",
# "flagged", "rejected") in the import summary line of $TMP/err.
summary () {
    grep '^mlarc import:' "$TMP/err" | tr ',' '\n' | sed -n "s/^.* \([0-9][0-9]*\) $1\$/\1/p" | head -n 1
}

# Every input message is accounted for: read = added + present + rejected.
expect_accounted () {
    r=$(summary read); a=$(summary added); p=$(summary "already present"); j=$(summary rejected)
    [ -n "$r" ] && [ -n "$a" ] && [ -n "$p" ] && [ -n "$j" ] || fail "no summary line: $(cat "$TMP/err")"
    [ "$r" -eq $((a + p + j)) ] || fail "read $r != added $a + present $p + rejected $j"
}

# Validates every XML file of archive $1 against the schema, and runs check.
validate () {
    if [ "$XMLLINT" != no ] && command -v "$XMLLINT" >/dev/null 2>&1; then
        for f in "$1"/index.xml "$1"/volumes/*.xml; do
            [ -f "$f" ] || continue
            "$XMLLINT" --noout --huge --relaxng "$SCHEMA" "$f" 2>"$TMP/xmllint" \
                || { cat "$TMP/xmllint" >&2; fail "$f is not valid"; }
        done
    fi
    expect 0 check -a "$1"
}

# Prints the SHA-256 of every message of archive $1, in archive order.
shas () {
    for f in "$1"/volumes/*.xml; do
        [ -f "$f" ] || continue
        sed -n 's/^ *<message .*sha256="\([0-9a-f]*\)".*/\1/p' "$f"
    done
}

# Number of messages in archive $1.
count () {
    shas "$1" | wc -l | tr -d ' '
}

# For the search tests: the node_modules folder that `npm install` made at
# the top of the source tree (or above it, as for distcheck's copy), and the
# pagefind program ($MLARC_PAGEFIND, else on PATH, else in that folder),
# exported as MLARC_PAGEFIND. Skips when there is no pagefind.
need_pagefind () {
    NODE_MODULES=
    dir=$(cd "$top_srcdir" && pwd)
    while [ "$dir" != / ] && [ -z "$NODE_MODULES" ]; do
        [ -d "$dir/node_modules" ] && NODE_MODULES=$dir/node_modules
        dir=$(dirname "$dir")
    done
    PAGEFIND=${MLARC_PAGEFIND:-$(command -v pagefind || true)}
    [ -n "$PAGEFIND" ] || [ -z "$NODE_MODULES" ] || PAGEFIND=$NODE_MODULES/.bin/pagefind
    [ -n "$PAGEFIND" ] && [ -x "$PAGEFIND" ] || skip "pagefind is not installed (npm install at the top of the source tree)"
    MLARC_PAGEFIND=$PAGEFIND
    export MLARC_PAGEFIND
}
