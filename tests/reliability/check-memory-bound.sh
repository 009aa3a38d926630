#!/bin/sh
# check-memory-bound.sh: peak memory of import and site within the bound
# of mlarc(1), LIMITS, at the default size limit, whatever the mail, both
# parse threads together (issue 27 §1: millions of short header lines took
# 1.95 GB, a 30 MB HTML body of one tiny element repeated 1.65 GB, two of
# them in one mbox 3.2 GB). The mboxes are generated here, never
# committed. A message that cannot be parsed within the budget is a
# too-costly reject; the ordinary message after it is stored.
# MLARC_SANITIZERS (non-empty in a sanitizer build): peaks shown, not held
# to the bound.
. "${top_srcdir:?run me through make check or tests/reliability/run}/tests/reliability/lib.sh"

# mlarc(1), LIMITS: about 120 MB plus ten times the size limit (32 MiB).
BOUND_KB=$(((120 + 10 * 32) * 1024))
FROM='From hostile@example.org Thu Jan  1 00:00:00 2004'

head_of () {
    printf '%s\nFrom: hostile@example.org\nMessage-ID: <%s@example.org>\nSubject: %s\nDate: Thu, 1 Jan 2004 00:00:00 +0000\n' \
        "$FROM" "$1" "$1"
}
after () {
    printf '%s\nFrom: ok@example.org\nMessage-ID: <after-%s@example.org>\nSubject: after %s\n\nstill archived\n\n' \
        "$FROM" "$1" "$1"
}
# 16 MB of fields of 5 bytes: 3.3 million header fields.
short_fields () {
    head_of "$1"; yes 'X: a' | head -n 3300000; printf '\nbody\n\n'
}
# The same with a line that is no field between any two.
junk_fields () {
    head_of "$1"; yes 'X: a
zz' | head -n 3000000; printf '\nbody\n\n'
}
# 27 MB of HTML: "<b>x</b>" 3.4 million times.
tiny_html () {
    head_of "$1"; printf 'MIME-Version: 1.0\nContent-Type: text/html\n\n'
    yes '<b>x</b>' | head -n 3400000 | tr -d '\n'; printf '\n\n'
}
# 8 MB of one element's attributes, each of another name.
attributes () {
    head_of "$1"; printf 'MIME-Version: 1.0\nContent-Type: text/html\n\n<b'
    awk 'BEGIN { for (i = 0; i < 1000000; i++) printf " a%d", i }'
    printf '>x</b>\n\n'
}
# 9,000 parts of a few bytes, under the mime-cut of 10,000 delimiters.
small_parts () {
    head_of "$1"
    printf 'MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="b"\n\n'
    awk 'BEGIN { for (i = 1; i <= 9000; i++)
        printf "--b\nContent-Type: application/octet-stream\n\npart %d\n", i
        print "--b--" }'
    printf '\n'
}
# 500 nested multiparts, legal and under GMime's depth of 1,024.
deep_mime () {
    head_of "$1"; printf 'MIME-Version: 1.0\n'
    awk 'BEGIN { for (i = 1; i <= 500; i++)
        printf "Content-Type: multipart/mixed; boundary=\"b%d\"\n\n--b%d\n", i, i
        printf "Content-Type: text/plain\n\ninnermost\n"
        for (i = 500; i >= 1; i--) printf "--b%d--\n", i }'
    printf '\n'
}

# $1 command ("import" or "site") and its arguments: runs it under
# /usr/bin/time -v; says its peak in KiB, failing past the bound.
peak_of () {
    status=0
    /usr/bin/time -v -o "$TMP/time" timeout "${MLARC_TIMEOUT:-600}" \
        "$MLARC" "$@" >"$TMP/out" 2>"$TMP/err" || status=$?
    [ "$status" -eq 0 ] || fail "mlarc $1 exit $status: $(tail -n 2 "$TMP/err" | tr '\n' ' ')"
    kb=$(sed -n 's/^.*Maximum resident set size (kbytes): *//p' "$TMP/time")
    if [ -z "${MLARC_SANITIZERS:-}" ] && [ "$kb" -gt "$BOUND_KB" ]; then
        fail "mlarc $1 peaked at $((kb / 1024)) MiB, over the bound of $((BOUND_KB / 1024)) MiB"
    fi
    echo "$kb"
}

# $1 case, $2 generator, $3 how many hostile messages, $4 the outcome
# (too-costly: each rejected; stored: each archived).
bound_case () {
    name=$1 make=$2 n=$3 want=$4
    {   i=1
        while [ "$i" -le "$n" ]; do "$make" "$name$i"; i=$((i + 1)); done
        after "$name"; } >"$TMP/$name.mbox"
    import_kb=$(peak_of import -a "$TMP/$name" "$TMP/$name.mbox")
    rm -f "$TMP/$name.mbox"
    volumes=$TMP/$name/volumes
    grep -q "<message id=\"after-$name@example.org\"" "$volumes"/*.xml \
        || fail "the message after the $name messages is lost"
    case $want in
    too-costly)
        got=$(grep -c 'code="too-costly">parsing would take about' "$volumes"/*.xml)
        [ "$got" -eq "$n" ] || fail "$got of $n messages rejected as too-costly" ;;
    stored)
        got=$(grep -c "<message id=\"$name[0-9]*@example.org\"" "$volumes"/*.xml)
        [ "$got" -eq "$n" ] || fail "$got of $n messages stored" ;;
    esac
    site_kb=$(peak_of site --search=no -a "$TMP/$name" -o "$TMP/$name-site")
    "$MLARC" check -a "$TMP/$name" >/dev/null 2>"$TMP/check" \
        || fail "mlarc check fails: $(tail -n 1 "$TMP/check")"
    detail "$n $want; peak: import $((import_kb / 1024)) MiB, site $((site_kb / 1024)) MiB (bound $((BOUND_KB / 1024)))"
    rm -rf "$TMP/$name" "$TMP/$name-site"
}

[ -x /usr/bin/time ] && /usr/bin/time -v true >/dev/null 2>&1 \
    || skip "/usr/bin/time -v is missing (apt-get install time)"
check "memory: 3.3 million short header fields" bound_case fields short_fields 1 too-costly
check "memory: header fields between lines that are none" bound_case junk junk_fields 1 too-costly
check "memory: two messages of short header fields" bound_case fields2x short_fields 2 too-costly
check "memory: 27 MB of one tiny HTML element" bound_case html tiny_html 1 stored
check "memory: two messages of tiny HTML elements" bound_case html2x tiny_html 2 stored
check "memory: one HTML element of a million attributes" bound_case attrs attributes 1 stored
check "memory: 9,000 small parts" bound_case parts small_parts 1 stored
check "memory: 500 nested multiparts" bound_case deep deep_mime 1 stored
finish
