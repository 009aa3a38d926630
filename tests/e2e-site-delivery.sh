#!/bin/sh
# e2e-site-delivery.sh: a site that follows deliveries (issue 22). One
# update of a site at a time: a held lock gives exit 75 once --wait runs
# out; with --coalesce an update leaves its work to the one running and
# exits 0 at once. Twenty `mlarc build --coalesce` deliveries started
# together, with a plain site update among them: each exits 0, and once
# all have returned the site shows every message and is the site a full
# build makes.
. "${top_srcdir:?run me through make check}/tests/e2e-lib.sh"
command -v flock >/dev/null 2>&1 || skip "no flock(1) (util-linux)"

N=${MLARC_DELIVERIES:-20}
A=$TMP/archive
S=$TMP/site
expect 0 build -q --search=no -a "$A" -o "$S" "$SAMPLE"

make_deliveries $N site-delivery "Tue, 4 Jan 2005"
page () { echo "$S/m/site-delivery-$1@example.org/index.html"; }

# Another update holds the lock (flock(1) stands in for it).
flock -o "$S/.mlarc-site.lock" sh -c 'echo $$ >"$0"; exec sleep 60' "$TMP/sleep.pid" \
    </dev/null >/dev/null 2>&1 &
holder=$!
sleep 0.2
expect 75 site -a "$A" -o "$S" --wait 0
grep -q 'another mlarc is writing to it' "$TMP/err" || fail "no lock message: $(cat "$TMP/err")"
start=$(date +%s)
expect 75 site -a "$A" -o "$S" --wait 1
[ $(($(date +%s) - start)) -ge 1 ] || fail "--wait 1 did not wait"
expect 0 build --coalesce -a "$A" -o "$S" "$TMP/m1.eml"
grep -q 'another update of .* is running; it runs again for this one' "$TMP/err" \
    || fail "no hand-over notice: $(cat "$TMP/err")"
expect 0 build -q --coalesce -a "$A" -o "$S" "$TMP/m2.eml"
[ -s "$TMP/err" ] && fail "-q printed: $(cat "$TMP/err")"
[ -f "$S/.mlarc-site.pending" ] || fail "no pending mark left"
[ -f "$(page 1)" ] && fail "a handed-over update wrote its page"
kill "$(cat "$TMP/sleep.pid")"
wait "$holder" 2>/dev/null || true
# The next update takes the mark and shows both.
expect 0 site -q -a "$A" -o "$S"
[ -f "$(page 1)" ] && [ -f "$(page 2)" ] || fail "the handed-over messages have no page"
[ -f "$S/.mlarc-site.pending" ] && fail "the pending mark was not taken"

# Deliveries together, and a plain update among them.
"$MLARC" site -q -a "$A" -o "$S" >"$TMP/plain.out" 2>&1 &
plain=$!
i=3
while [ $i -le $N ]; do
    ( "$MLARC" build -q --coalesce -a "$A" -o "$S" "$TMP/m$i.eml" >"$TMP/d$i.out" 2>&1; echo $? >"$TMP/d$i.rc" ) &
    i=$((i + 1))
done
wait
i=3
while [ $i -le $N ]; do
    [ "$(cat "$TMP/d$i.rc")" = 0 ] || fail "delivery $i exited $(cat "$TMP/d$i.rc"): $(cat "$TMP/d$i.out")"
    [ -s "$TMP/d$i.out" ] && fail "delivery $i printed with -q: $(cat "$TMP/d$i.out")"
    i=$((i + 1))
done
[ -s "$TMP/plain.out" ] && fail "the plain update printed with -q: $(cat "$TMP/plain.out")"
i=1
while [ $i -le $N ]; do
    [ -f "$(page $i)" ] || fail "message $i has no page once every update returned"
    i=$((i + 1))
done
[ -f "$S/.mlarc-site.pending" ] && fail "a pending mark is left once every update returned"
expect 0 site -q --search=no -a "$A" -o "$TMP/full"
diff -r -x '.mlarc-site*' "$S" "$TMP/full" >"$TMP/diff" \
    || { head -20 "$TMP/diff" >&2; fail "the site after the deliveries differs from a full build"; }
note "$N deliveries with --coalesce: every page there, the site as a full build makes it"
