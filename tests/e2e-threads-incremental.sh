#!/bin/sh
# e2e-threads-incremental.sh: an update re-threads only the threads its new
# mail can reach (doc/design.md, "Re-threading"); the threads it stores must
# be those of a full re-threading. Mail is imported in increments, in
# several orders (replies before their roots, so that placeholders become
# messages and threads merge; subject matches; a shared Message-ID; a
# reference cycle), the overview re-threaded after each, and the result
# compared with `mlarc reindex` of the same archive.
. "${top_srcdir:-.}/tests/e2e-lib.sh"
command -v sqlite3 >/dev/null 2>&1 || skip "no sqlite3"

# Messages whose threading depends on others, one file each.
mail () {   # FILE ID DATE SUBJECT [REFERENCES]
    {
        echo "From sender@example.org Mon Jan  5 10:00:00 2004"
        echo "From: Sender <sender@example.org>"
        echo "Message-ID: <$2>"
        echo "Date: $3"
        echo "Subject: $4"
        [ -z "${5:-}" ] || echo "References: $5"
        echo
        echo "Body of $2."
        echo
    } >"$TMP/$1"
}
mkdir -p "$TMP/parts"
mail parts/01 root@x "Mon, 5 Jan 2004 10:00:00 +0000" "topic one"
mail parts/02 reply@x "Mon, 5 Jan 2004 11:00:00 +0000" "Re: topic one" "<root@x>"
mail parts/03 loose@x "Mon, 5 Jan 2004 12:00:00 +0000" "Re: topic one"
mail parts/04 loose2@x "Tue, 6 Jan 2004 12:00:00 +0000" "Re: topic one"
mail parts/05 child@x "Mon, 5 Jan 2004 13:00:00 +0000" "Re: missing" "<gone@x> <middle@x>"
mail parts/06 middle@x "Mon, 5 Jan 2004 12:30:00 +0000" "Re: missing" "<root@x>"
mail parts/07 cycle-a@x "Mon, 5 Jan 2004 14:00:00 +0000" "cycle" "<cycle-b@x>"
mail parts/08 cycle-b@x "Mon, 5 Jan 2004 15:00:00 +0000" "Re: cycle" "<cycle-a@x>"
mail parts/09 root@x "Mon, 5 Jan 2004 09:00:00 +0000" "topic one again"
mail parts/10 other@x "Wed, 7 Jan 2004 10:00:00 +0000" "topic one"
mail parts/11 late@x "Thu, 8 Jan 2004 10:00:00 +0000" "Re: topic one"
# Subject matches at most MLA_THREAD_SUBJECT_WINDOW (30 days) apart: an
# update asks only for the subject's messages that close (days apart:
# 23, 21, 2, 15, 20 after the last).
mail parts/12 between@x "Sun, 1 Feb 2004 10:00:00 +0000" "topic one"
mail parts/13 far@x "Sun, 22 Feb 2004 10:00:00 +0000" "topic one"
mail parts/14 far-late@x "Tue, 24 Feb 2004 10:00:00 +0000" "Re: topic one"
mail parts/15 farther@x "Tue, 10 Mar 2004 10:00:00 +0000" "Re: topic one"
mail parts/16 beyond@x "Tue, 30 Mar 2004 10:00:00 +0000" "Re: topic one"
# The sample and the thread cases, one message a file.
n=100
for mbox in "$SAMPLE" "$DATA"/thread/*.mbox; do
    n=$((n + 100))
    awk -v dir="$TMP/parts" -v base="$n" \
        '/^From / { out = sprintf ("%s/%04d", dir, base + ++k) } { print > out }' "$mbox"
done
ls "$TMP/parts" >"$TMP/forward"
sort -r "$TMP/forward" >"$TMP/backward"
# Every third file, then the rest, interleaved.
awk 'NR % 3 == 0' "$TMP/forward" >"$TMP/mixed"
awk 'NR % 3 != 0' "$TMP/forward" | sort -r >>"$TMP/mixed"
# Of messages that share a Message-ID the first to arrive owns it (issue
# 27 §3): every order keeps those files in forward's order, in the places
# its own order gives them; only unrelated mail moves.
for part in $(cat "$TMP/forward"); do
    id=$(grep -i -m 1 '^message-id:' "$TMP/parts/$part" | cut -d : -f 2- | tr -d ' \r')
    [ -z "$id" ] || printf '%s %s\n' "$id" "$part"
done >"$TMP/ids"
awk '{ n[$1]++; part[NR] = $2; id[NR] = $1 } END { for (i = 1; i <= NR; i++) if (n[id[i]] > 1) print part[i] }' \
    "$TMP/ids" >"$TMP/shared"
[ -s "$TMP/shared" ] || fail "the cases hold no shared Message-ID"
for order in backward mixed; do
    awk 'NR == FNR { shared[$0] = 1; queue[++n] = $0; next }
         ($0 in shared) { print queue[++k]; next } { print }' \
        "$TMP/shared" "$TMP/$order" >"$TMP/$order.kept"
    mv "$TMP/$order.kept" "$TMP/$order"
done

dump () {   # ARCHIVE (not when each thread was stored: a reindex stores all)
    sqlite3 "$1/overview.sqlite3" \
        "SELECT message_id, sha256, thread, parent, loose FROM messages ORDER BY message_id, sha256;
         SELECT thread, root, messages, first_date, last_date, subject, shown
         FROM threads ORDER BY thread;"
}

for order in forward backward mixed; do
    A=$TMP/archive-$order
    i=0
    # One message an update, then five at a time.
    while read -r part; do
        i=$((i + 1))
        cat "$TMP/parts/$part" >>"$TMP/batch"
        if [ "$i" -le 30 ] || [ $((i % 5)) -eq 0 ]; then
            expect 0 import -q -a "$A" "$TMP/batch"
            expect 0 threads -a "$A"
            rm "$TMP/batch"
        fi
    done <"$TMP/$order"
    if [ -f "$TMP/batch" ]; then
        expect 0 import -q -a "$A" "$TMP/batch"
        rm "$TMP/batch"
    fi
    expect 0 threads -a "$A"
    cp "$TMP/out" "$TMP/$order.threads"
    dump "$A" >"$TMP/$order.incremental"
    expect 0 reindex -a "$A"
    dump "$A" >"$TMP/$order.full"
    diff -u "$TMP/$order.full" "$TMP/$order.incremental" \
        || fail "$order: the threads of incremental updates differ from a reindex"
    expect 0 threads -a "$A"
    diff -u "$TMP/$order.threads" "$TMP/out" || fail "$order: mlarc threads differs after a reindex"
    grep -q "cycle-a@x" "$TMP/$order.full" || fail "$order: a message is missing"
done
# Nor on the order the mail came in.
diff -u "$TMP/forward.full" "$TMP/backward.full" || fail "forward and backward threads differ"
diff -u "$TMP/forward.full" "$TMP/mixed.full" || fail "forward and mixed threads differ"
