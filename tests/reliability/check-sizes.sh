#!/bin/sh
# check-sizes.sh: the hostile sizes of issue 10, generated at test time by
# make-big-input: a gzip bomb (2 GiB of one line), a 256 MiB line, a 50 MiB
# header, 100,000 MIME parts, 10,000 nesting levels, 1,000,000 References,
# a 20 MiB one-line body under the size limit, and four messages just
# under it. For each: the import
# ends in bounded time, its peak memory (/usr/bin/time -v) stays under the
# documented bound (mlarc(1), LIMITS), the hostile message is archived or
# rejected as too-big, the ordinary message after it is archived, and every
# volume is valid for stock xmllint (no --huge) and for mlarc check.
# Prints "ROW<TAB>check<TAB>PASS|FAIL|SKIP<TAB>detail" lines (see run).
# Environment: MLARC (the CLI; skip when unset), top_srcdir, XMLLINT,
# MLARC_SANITIZERS (non-empty in a sanitizer build: peaks not held to the bound),
# BIG_SCALE=N to divide the sizes (and the size limit) by N for a quick run.
set -u
if [ -z "${MLARC:-}" ] || [ ! -x "$MLARC" ]; then
    printf 'ROW\tsizes\tSKIP\tMLARC is not set to a built mlarc\n'
    exit 77
fi
here=$(cd "$(dirname "$0")" && pwd)
top_srcdir=${top_srcdir:-$(cd "$here/../.." && pwd)}
XMLLINT=${XMLLINT:-xmllint}
SCHEMA="$top_srcdir/doc/mlarc-archive.rng"
TIME_LIMIT=600
TMP=$(mktemp -d "${TMPDIR:-/tmp}/mlarc-sizes.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
failed=0

row () { printf 'ROW\t%s\t%s\t%s\n' "$1" "$2" "$3"; [ "$2" = FAIL ] && failed=1; return 0; }

have_time=no
[ -x /usr/bin/time ] && /usr/bin/time -v true >/dev/null 2>&1 && have_time=yes
[ "$have_time" = yes ] || row "sizes: peak memory" SKIP "/usr/bin/time -v is missing (apt-get install time)"

# $1 case, $2 expected outcome of the hostile message (archived|rejected),
# $3 the size limit in MiB (32 is the default), $4 the row's name if not $1.
size_case () {
    name=$1 want=$2 limit=$3 label=${4:-$1}
    # mlarc(1), LIMITS: about 120 MB plus ten times the size limit.
    bound_kb=$(( (120 + 10 * limit) * 1024 ))
    set -- --max-message-size "$((limit * 1024 / ${BIG_SCALE:-1}))K"
    input="$TMP/$name.mbox"
    archive="$TMP/$name"
    if ! "$here/make-big-input" "$name" "$input" 2>"$TMP/gen.err"; then
        row "size: $label" FAIL "could not generate the input: $(head -c 200 "$TMP/gen.err")"
        return
    fi
    start=$(date +%s)
    status=0
    if [ "$have_time" = yes ]; then
        timeout "$TIME_LIMIT" /usr/bin/time -v -o "$TMP/time" "$MLARC" import "$@" -a "$archive" "$input" \
            >/dev/null 2>"$TMP/err" || status=$?
    else
        timeout "$TIME_LIMIT" "$MLARC" import "$@" -a "$archive" "$input" >/dev/null 2>"$TMP/err" || status=$?
    fi
    seconds=$(( $(date +%s) - start ))
    rm -f "$input"
    if [ "$status" -ne 0 ]; then
        row "size: $label" FAIL "exit $status after ${seconds} s: $(tail -n 2 "$TMP/err" | tr '\n\t' '  ')"
        return
    fi
    summary=$(grep '^mlarc import:' "$TMP/err" | sed 's/^mlarc import: //')
    detail="$summary; ${seconds} s"
    verdict=PASS
    if [ "$have_time" = yes ]; then
        kb=$(sed -n 's/^.*Maximum resident set size (kbytes): *//p' "$TMP/time")
        detail="peak $((kb / 1024)) MiB (bound $((bound_kb / 1024))); $detail"
        # AddressSanitizer's shadow memory and quarantine are not mlarc's:
        # under sanitizers the peak is shown, not held to the bound.
        if [ -n "${MLARC_SANITIZERS:-}" ]; then
            detail="$detail (sanitizer build: not held to the bound)"
        elif [ "$kb" -gt "$bound_kb" ]; then
            verdict=FAIL; detail="over the memory bound: $detail"
        fi
    fi
    case $want in
    rejected) grep -q "code=\"too-big\"" "$archive"/volumes/*.xml \
                  || { verdict=FAIL; detail="not rejected as too-big: $detail"; } ;;
    archived) grep -q "<message id=\"${name}1\{0,1\}@example.org\"" "$archive"/volumes/*.xml \
                  || { verdict=FAIL; detail="not archived: $detail"; } ;;
    esac
    grep -q "<message id=\"after-$name@example.org\"" "$archive"/volumes/*.xml \
        || { verdict=FAIL; detail="the message after it is lost: $detail"; }
    if command -v "$XMLLINT" >/dev/null 2>&1; then
        for f in "$archive"/index.xml "$archive"/volumes/*.xml; do
            "$XMLLINT" --noout --relaxng "$SCHEMA" "$f" >/dev/null 2>"$TMP/xmllint" \
                || { verdict=FAIL; detail="xmllint refuses $(basename "$f"): $(head -c 200 "$TMP/xmllint"); $detail"; }
        done
    else
        detail="$detail; xmllint missing, not validated"
    fi
    "$MLARC" check -a "$archive" >/dev/null 2>"$TMP/check" \
        || { verdict=FAIL; detail="mlarc check fails: $(tail -n 1 "$TMP/check"); $detail"; }
    row "size: $label" "$verdict" "$detail"
    rm -rf "$archive"
}

size_case bomb rejected 32
size_case line rejected 32
size_case header rejected 32
# The same header under a raised limit: archived, the field read in part.
size_case header archived 64 "header, 64M limit"
size_case parts archived 32
size_case nesting archived 32
size_case references archived 32
size_case body archived 32
size_case full archived 32
[ "$failed" -eq 0 ]
