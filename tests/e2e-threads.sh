#!/bin/sh
# e2e-threads.sh: mlarc threads, show and reindex on the sample and on
# tests/data/thread/, and the overview's recovery as a user meets it.
. "${top_srcdir:-.}/tests/e2e-lib.sh"

A=$TMP/archive
expect 0 import -q -a "$A" "$SAMPLE"
[ ! -s "$TMP/err" ] || fail "a first import says nothing about the overview: $(cat "$TMP/err")"

# threads: text and XML, against golden files.
expect 0 threads -a "$A"
diff -u "$top_srcdir/tests/expected/threads-sample.txt" "$TMP/out" || fail "threads text differs"
expect 0 threads -a "$A" --format xml
cp "$TMP/out" "$TMP/threads.xml"
diff -u "$top_srcdir/tests/expected/threads-sample.xml" "$TMP/threads.xml" || fail "threads xml differs"
if [ "$XMLLINT" != no ] && command -v "$XMLLINT" >/dev/null 2>&1; then
    "$XMLLINT" --noout --relaxng "$SCHEMA" "$TMP/threads.xml" 2>"$TMP/xmllint" \
        || { cat "$TMP/xmllint" >&2; fail "threads xml is not valid"; }
fi
messages=$(grep -c '<message ' "$TMP/threads.xml")
[ "$messages" -eq 36 ] || fail "threads xml lists $messages messages, not 36"
expect 0 threads -a "$A" --since 2004-07-21 --until 2004-07
grep -q 'Thanks, and where the slides' "$TMP/out" || fail "--since/--until lost a thread"
! grep -q 'Call for session topics' "$TMP/out" || fail "--since kept an older thread"
expect 2 threads -a "$A" --since yesterday

# show: readable, raw (byte for byte), the thread as mbox.
id=20040721145533.GA8872@example.org
expect 0 show -a "$A" "<$id>"
grep -q "^Message-ID: <$id>" "$TMP/out" || fail "show: no Message-ID line"
grep -q '^From: Gerrit Huizenga' "$TMP/out" || fail "show: no From line"
expect 0 show -a "$A" --raw "$id"
want=$(grep -h "id=\"$id\"" "$A"/volumes/*.xml | sed 's/.*sha256="\([0-9a-f]*\)".*/\1/')
got=$(sha256sum <"$TMP/out" | cut -d' ' -f1)
[ "$got" = "$want" ] || fail "show --raw: SHA-256 $got, the archive says $want"
expect 0 show -a "$A" --thread-mbox "$id"
cp "$TMP/out" "$TMP/thread.mbox"
[ "$(grep -c '^From ' "$TMP/thread.mbox")" -eq 3 ] || fail "thread mbox: not 3 messages"
expect 0 import -a "$A" "$TMP/thread.mbox"
[ "$(summary 'already present')" -eq 3 ] || fail "the thread mbox is not the stored bytes"

# Errors: one line, exit 1, nothing changed.
expect 1 show -a "$A" no-such-id@example.org
[ "$(wc -l <"$TMP/err")" -eq 1 ] || fail "unknown id: not one line"
expect 1 threads -a "$TMP/nowhere"
expect 2 show -a "$A"

# Recovery: every damaged overview comes back equal to a fresh reindex
# (not when each thread was stored: a reindex stores every thread).
if command -v sqlite3 >/dev/null 2>&1; then
    dump () {
        sqlite3 "$A/overview.sqlite3" \
            "SELECT message_id, sha256, thread, parent, loose FROM messages ORDER BY id;
             SELECT thread, root, messages, first_date, last_date, subject, shown
             FROM threads ORDER BY thread;"
    }
    expect 0 reindex -a "$A"
    dump >"$TMP/fresh"
    rm "$A/overview.sqlite3"
    expect 0 threads -a "$A"
    grep -q 'overview missing: rebuilt' "$TMP/err" || fail "deleted overview: no notice"
    dump | diff -u "$TMP/fresh" - || fail "deleted overview: not as a reindex"
    head -c 5000 "$A/overview.sqlite3" >"$TMP/head" && cp "$TMP/head" "$A/overview.sqlite3"
    expect 0 show -a "$A" "$id"
    grep -q 'overview damaged' "$TMP/err" || fail "truncated overview: no notice"
    dump | diff -u "$TMP/fresh" - || fail "truncated overview: not as a reindex"
    # An import stopped between its commit and its update: the overview
    # is one volume behind (simulated by putting the old file back).
    B=$TMP/two
    expect 0 import -q -a "$B" "$DATA/thread/replies.mbox"
    cp "$B/overview.sqlite3" "$TMP/old.sqlite3"
    expect 0 import -q -a "$B" "$DATA/thread/root.mbox"
    rm -f "$B/overview.sqlite3-wal" "$B/overview.sqlite3-shm"
    cp "$TMP/old.sqlite3" "$B/overview.sqlite3"
    expect 0 threads -a "$B"
    grep -q 'behind the archive' "$TMP/err" || fail "overview behind: no notice"
    A=$B dump >"$TMP/caught-up"
    expect 0 reindex -a "$B"
    A=$B dump | diff -u "$TMP/caught-up" - || fail "caught-up overview: not as a reindex"
else
    recovery_skipped=yes
fi

# An archive made before the overview existed: the next import builds it.
rm -f "$A/overview.sqlite3" "$A/overview.sqlite3-wal" "$A/overview.sqlite3-shm"
expect 0 import -a "$A" "$DATA/thread/root.mbox"
grep -q 'overview missing: rebuilt' "$TMP/err" || fail "old archive: no notice"
[ -f "$A/overview.sqlite3" ] || fail "old archive: no overview after import"

# The id of the <thread> that lists message or placeholder $1 in $TMP/out.
thread_id_of () {
    awk -v id="id=\"$1\"" '/<thread / { split ($0, a, "\""); t = a[2] }
        index ($0, id) && !/<thread / { print t; exit }' "$TMP/out"
}

# The thread fixtures: a late root keeps the thread's id.
C=$TMP/three
expect 0 import -q -a "$C" "$DATA/thread/replies.mbox"
expect 0 threads -a "$C" --format xml
before=$(thread_id_of b@example.org)
grep -q '<missing id="root@example.org"' "$TMP/out" || fail "no placeholder for the lost root"
expect 0 import -q -a "$C" "$DATA/thread/root.mbox"
expect 0 threads -a "$C" --format xml
after=$(thread_id_of b@example.org)
[ -n "$before" ] && [ "$before" = "$after" ] || fail "thread id changed: '$before' -> '$after'"
grep -q 'match="subject"' "$TMP/out" || fail "the Re: without headers is not a subject match"

# threads --ids: a "thread ID" line over each thread, the id of the XML
# and of the site's t/ID/; show takes it for the thread's messages.
expect 0 threads -a "$C" --ids
ids_text=$(sed -n 's/^thread \([0-9a-f]\{16\}\)$/\1/p' "$TMP/out")
[ "$(echo "$ids_text" | wc -l)" -eq "$(grep -c '^$' "$TMP/out")" ] ||
    fail "--ids: not one id line per thread"
echo "$ids_text" | grep -qx "$after" || fail "--ids lacks $after (the xml's id)"
expect 0 threads -a "$C"
grep -q '^thread ' "$TMP/out" && fail "the id lines without --ids"
expect 0 show -a "$C" "$after"
n=$(grep -c '^Thread: ' "$TMP/out")
[ "$n" -ge 2 ] || fail "show THREAD-ID: $n messages"
[ "$(grep -c "^Thread: $after\$" "$TMP/out")" -eq "$n" ] || fail "show THREAD-ID: another thread's message"
expect 0 show -a "$C" --thread-mbox "$after"
[ "$(grep -c '^From ' "$TMP/out")" -eq "$n" ] || fail "show --thread-mbox THREAD-ID"
expect 0 show -a "$C" --raw "$after"
grep -q 'first by date' "$TMP/err" || fail "show --raw THREAD-ID: no notice"
expect 1 show -a "$C" 0123456789abcdef
grep -q 'no message' "$TMP/err" || fail "an unknown THREAD-ID: $(cat "$TMP/err")"

# A broken overview that cannot be rebuilt: one line, exit 1.
rm -f "$C/overview.sqlite3"* && mkdir "$C/overview.sqlite3" && touch "$C/overview.sqlite3/x"
expect 1 threads -a "$C"
[ "$(wc -l <"$TMP/err")" -le 2 ] || fail "broken overview: more than a line or two"

# The rest passed; the recovery checks could not run: SKIP, not PASS.
[ -z "${recovery_skipped:-}" ] || skip "the sqlite3 command is needed for the overview recovery checks"
echo "e2e-threads: ok"
