#!/bin/sh
# check-future.sh: a date far in the future does not keep its thread the
# newest (issue 27 §9): as activity a message's date counts no later than
# a day after it arrived (its import), on the home page, in new.atom and
# in `mlarc threads`. The mail is tests/data/hostile/generate.sh's
# future.mbox, a message dated 2999, made to have arrived three days ago
# (its volume's imported time moved back, the overview rebuilt), then
# now.mbox, a message dated now.
. "${top_srcdir:?run me through make check or tests/reliability/run}/tests/reliability/lib.sh"

"$DATA/hostile/generate.sh" "$TMP/generated"

future_date () {
    expect 0 import -a "$TMP/a" "$TMP/generated/future.mbox"
    before=$(date -u -d '3 days ago' '+%Y-%m-%dT%H:%M:%SZ')
    sed -i "s/imported=\"[^\"]*\"/imported=\"$before\"/" "$TMP/a/index.xml" "$TMP/a"/volumes/*.xml
    expect 0 reindex -a "$TMP/a"
    expect 0 build --search=no -a "$TMP/a" -o "$TMP/s" "$TMP/generated/now.mbox"
    sed 's/></>\n</g' "$TMP/s/index.html" | grep -o 'from today\|from the future' | head -n 1 >"$TMP/first"
    [ "$(cat "$TMP/first")" = "from today" ] \
        || fail "the home page lists first: $(cat "$TMP/first")"
    sed 's/></>\n</g' "$TMP/s/new.atom" | grep -o 'from today\|from the future' | head -n 1 >"$TMP/first"
    [ "$(cat "$TMP/first")" = "from today" ] || fail "new.atom lists first: $(cat "$TMP/first")"
    ! grep -q '<updated>2999' "$TMP/s/new.atom" || fail "new.atom says updated in 2999"
    expect 0 threads -a "$TMP/a"
    head -n 1 "$TMP/out" | grep -q 'from today' || fail "mlarc threads lists first: $(head -n 1 "$TMP/out")"
    # The message still shows the date it carries.
    grep -rq '2999-01-01' "$TMP/s/m" || fail "the message page lost its date"
    detail "today's thread first on the home page, in new.atom and mlarc threads"
}

check "a date in 2999 does not pin its thread" future_date
finish
