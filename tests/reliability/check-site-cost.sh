#!/bin/sh
# check-site-cost.sh: the site's cost grows with the bytes of the archive,
# not with a message's parts times its bytes (issue 27 §2: each download
# parsed the whole message again, and 1,000 attachments took minutes).
# The mail is tests/data/hostile/generate.sh's parts.eml (1,000
# attachments of 480 bytes) and one-part.eml (the same bytes as one).
. "${top_srcdir:?run me through make check or tests/reliability/run}/tests/reliability/lib.sh"

[ -x /usr/bin/time ] && /usr/bin/time -f %U true >/dev/null 2>&1 \
    || skip "/usr/bin/time is missing (apt-get install time)"
"$DATA/hostile/generate.sh" "$TMP/generated"

# The CPU seconds (user and system) of "mlarc site" over an archive of $1.
site_cpu () {
    name=$(basename "$1" .eml)
    expect 0 import -a "$TMP/$name" "$1"
    status=0
    /usr/bin/time -f '%U %S' -o "$TMP/time" timeout "${MLARC_TIMEOUT:-600}" \
        "$MLARC" site --search=no -a "$TMP/$name" -o "$TMP/$name-site" \
        >"$TMP/out" 2>"$TMP/err" || status=$?
    [ "$status" -eq 0 ] || fail "mlarc site exit $status: $(tail -n 2 "$TMP/err")"
    awk '{ printf "%.2f", $1 + $2 }' "$TMP/time"
}

parts_cost () {
    one=$(site_cpu "$TMP/generated/one-part.eml")
    many=$(site_cpu "$TMP/generated/parts.eml")
    n=$(find "$TMP/parts-site/m" -name '*-part*.bin' -size 479c | wc -l)
    [ "$n" -eq 1000 ] || fail "$n attachments of 479 bytes written, not 1000"
    # (480 bytes less the line break the boundary takes.) Linear: the same bytes in 1,000 parts cost a few times one part's
    # fixed cost, not 1,000 parses (a minute and more before the fix).
    awk -v one="$one" -v many="$many" 'BEGIN { exit !(many <= 4 * one + 2) }' \
        || fail "1,000 parts took $many s of CPU, one part of the same bytes $one s"
    detail "site CPU: 1,000 attachments ${many} s, one attachment of the same bytes ${one} s"
}

check "site: 1,000 attachments cost about their bytes" parts_cost
finish
