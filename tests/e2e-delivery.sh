#!/bin/sh
# e2e-delivery.sh: live delivery, as a mail server does it (issue 22).
# Fifty one-message imports started together, while a site update and
# searches run: each exits 0 and each message is stored exactly once. A
# lock held past --wait gives exit 75 (EX_TEMPFAIL), at once with --wait 0;
# a signal to a waiting delivery, or to one whose input stalls, gives 75
# at once and leaves no temporary file; a
# delivery killed with SIGKILL loses nothing committed, and its retry
# stores the message.
. "${top_srcdir:?run me through make check}/tests/e2e-lib.sh"

N=${MLARC_DELIVERIES:-50}
A=$TMP/archive
expect 0 import -q -a "$A" "$SAMPLE"
expect 0 check -a "$A"
base=$(sed -n 's/^mlarc check: \([0-9]*\) messages.*/\1/p' "$TMP/err")

# One message per delivery, each with its own Message-ID and a word of its own.
make_deliveries $N delivery "Mon, 3 Jan 2005"

# Readers first, so that they run while the deliveries do.
"$MLARC" site -q --search=no -a "$A" -o "$TMP/site" >"$TMP/site.out" 2>&1 &
site_pid=$!
j=1
while [ $j -le 3 ]; do
    ( "$MLARC" search -a "$A" kernel >/dev/null 2>"$TMP/search$j.err"; echo $? >"$TMP/search$j.rc" ) &
    j=$((j + 1))
done
start=$(date +%s)
i=1
while [ $i -le $N ]; do
    ( "$MLARC" import -q -a "$A" - <"$TMP/m$i.eml" >"$TMP/d$i.out" 2>&1; echo $? >"$TMP/d$i.rc" ) &
    i=$((i + 1))
done
wait
took=$(($(date +%s) - start))
i=1
while [ $i -le $N ]; do
    [ "$(cat "$TMP/d$i.rc")" = 0 ] || fail "delivery $i exited $(cat "$TMP/d$i.rc"): $(cat "$TMP/d$i.out")"
    [ -s "$TMP/d$i.out" ] && fail "delivery $i printed with -q: $(cat "$TMP/d$i.out")"
    i=$((i + 1))
done
wait "$site_pid" 2>/dev/null || true
for j in 1 2 3; do
    [ "$(cat "$TMP/search$j.rc")" = 0 ] || fail "search $j failed: $(cat "$TMP/search$j.err")"
done
note "$N deliveries with a site update and 3 searches running: ${took}s"

expect 0 check -a "$A"
n=$(sed -n 's/^mlarc check: \([0-9]*\) messages.*/\1/p' "$TMP/err")
[ "$n" -eq $((base + N)) ] || fail "$n messages stored, expected $((base + N))"
expect 0 export -a "$A" -o "$TMP/all.mbox"
i=1
while [ $i -le $N ]; do
    c=$(grep -c "^Message-ID: <delivery-$i@example.org>" "$TMP/all.mbox" || true)
    [ "$c" -eq 1 ] || fail "message $i stored $c times"
    i=$((i + 1))
done
expect 0 search -a "$A" word${N}word
grep -q "delivery $N" "$TMP/out" || fail "search does not find the last delivery"

# A lock held past --wait: 75, after about --wait seconds; at once with 0.
flock "$A/lock" sleep 10 &
hold_pid=$!
sleep 0.3
start=$(date +%s)
run import -q --wait 1 -a "$A" - <"$TMP/m1.eml"
[ "$status" -eq 75 ] || fail "a lock held past --wait 1: exit $status, expected 75"
[ $(($(date +%s) - start)) -le 3 ] || fail "--wait 1 took $(($(date +%s) - start))s"
grep -q 'another mlarc is writing' "$TMP/err" || fail "no clear message: $(cat "$TMP/err")"
run import -q --wait 0 -a "$A" - <"$TMP/m1.eml"
[ "$status" -eq 75 ] || fail "--wait 0 on a held lock: exit $status, expected 75"

# A signal to a delivery waiting for the lock: 75, no temporary left.
printf 'From: late@example.org\nSubject: signalled\nMessage-ID: <signalled@example.org>\nDate: Mon, 3 Jan 2005 11:00:00 +0000\n\nsignalled\n' >"$TMP/late.eml"
"$MLARC" import -q --wait 30 -a "$A" - <"$TMP/late.eml" >"$TMP/late.out" 2>&1 &
late_pid=$!
# Signalled once it waits: its lock file open (a fixed sleep raced a slow
# start on a loaded machine, before the handler was set).
tries=0
until ls -l "/proc/$late_pid/fd" 2>/dev/null | grep -q "$A/lock"; do
    tries=$((tries + 1))
    [ "$tries" -lt 200 ] || fail "the delivery never came to wait for the lock"
    sleep 0.05
done
kill -TERM "$late_pid"
rc=0; wait "$late_pid" || rc=$?
[ "$rc" -eq 75 ] || fail "SIGTERM while waiting: exit $rc, expected 75 ($(cat "$TMP/late.out"))"
ls "$A"/volumes/*.tmp "$A"/raw/*.tmp >/dev/null 2>&1 && fail "temporary files left after SIGTERM"

# SIGKILL of a delivery (here while it waits): nothing committed is lost,
# and the retry stores the message once the lock is free.
"$MLARC" import -q -a "$A" - <"$TMP/late.eml" >/dev/null 2>&1 &
kill_pid=$!
sleep 0.5
kill -KILL "$kill_pid"
wait "$kill_pid" 2>/dev/null || true
wait "$hold_pid"
expect 0 import -q -a "$A" - <"$TMP/late.eml"
expect 0 check -a "$A"
n=$(sed -n 's/^mlarc check: \([0-9]*\) messages.*/\1/p' "$TMP/err")
[ "$n" -eq $((base + N + 1)) ] || fail "$n messages after the retry, expected $((base + N + 1))"
validate "$A"

# A delivery blocked on its input (the sender stalls after a few bytes),
# signalled: it stops at once with 75 and leaves no temporary file in the
# archive or the site.
mkfifo "$TMP/stalled"
(head -c 60 "$TMP/late.eml"; exec sleep 60) >"$TMP/stalled" &
sender=$!
"$MLARC" build -q -a "$A" -o "$TMP/site" - <"$TMP/stalled" >"$TMP/stalled.out" 2>&1 &
build_pid=$!
sleep 1
start=$(date +%s)
kill -TERM "$build_pid"
rc=0; wait "$build_pid" || rc=$?
kill "$sender" 2>/dev/null || true
[ "$rc" -eq 75 ] || fail "SIGTERM while reading: exit $rc, expected 75 ($(cat "$TMP/stalled.out"))"
[ $(($(date +%s) - start)) -le 3 ] || fail "SIGTERM while reading took $(($(date +%s) - start))s"
[ -z "$(find "$A" "$TMP/site" -name '*.tmp' 2>/dev/null)" ] \
    || fail "temporary files left after SIGTERM while reading: $(find "$A" "$TMP/site" -name '*.tmp')"
