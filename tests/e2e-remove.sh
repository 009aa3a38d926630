#!/bin/sh
# e2e-remove.sh: mlarc remove on a generated list (bench/site's generator,
# $MLA_REMOVE_COUNT messages, 1000 by default) and its site. A leaked
# message (a word only it has, in its subject, body and an attachment)
# and a reply to it by In-Reply-To alone are added; the leak is removed.
# After that the word is in no file of the archive, and after the next
# site run in no file of the site; its page is gone; the thread keeps a
# "(removed)" placeholder and its id; the threads are otherwise the same;
# re-importing the mbox adds nothing ("removed earlier"), nor does a
# re-sent copy; the record names the id, the time and the reason; an
# unknown id changes nothing; --dry-run and --query list what would go.
# Run once at 10,000 messages: MLA_REMOVE_COUNT=10000 (about 4 minutes).
. "${top_srcdir:?run me through make check}/tests/e2e-lib.sh"

command -v python3 >/dev/null 2>&1 || skip "python3 is needed for bench/site's generator"
COUNT=${MLA_REMOVE_COUNT:-1000}
WORD=zanzibarquux7
LEAK=leak-4711@example.org

python3 "$top_srcdir/bench/site" --sizes "$COUNT" --no-update --generate-only \
    --workdir "$TMP/gen" >"$TMP/gen.log" 2>&1 || { cat "$TMP/gen.log" >&2; fail "bench/site did not generate"; }
MBOX=$TMP/gen/site-$COUNT.mbox
ROOT=$(sed -n 's/^Message-ID: <\(.*\)>$/\1/p' "$MBOX" | head -n 1)
[ -n "$ROOT" ] || fail "no Message-ID in $MBOX"

cat >"$TMP/leak.mbox" <<EOF
From leaker@example.org Mon Jul 12 11:00:00 2004
From: Leaker <leaker@example.org>
To: list@example.org
Subject: Re: the $WORD password
Date: Mon, 12 Jul 2004 11:00:00 +0000
Message-ID: <$LEAK>
In-Reply-To: <$ROOT>
References: <$ROOT>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="b"

--b
Content-Type: text/plain

The password is $WORD, keep it to yourselves.

--b
Content-Type: text/plain; name="notes.txt"
Content-Disposition: attachment; filename="notes.txt"

notes: $WORD
--b--

From answer@example.org Mon Jul 12 12:00:00 2004
From: Answerer <answer@example.org>
To: list@example.org
Subject: please no passwords here
Date: Mon, 12 Jul 2004 12:00:00 +0000
Message-ID: <answer-4711@example.org>
In-Reply-To: <$LEAK>

Change it now, please.

EOF

A=$TMP/archive
S=$TMP/site
expect 0 import -q -a "$A" "$MBOX" "$TMP/leak.mbox"
expect 0 site -q -a "$A" -o "$S" --search=no
grep -r -q -a "$WORD" "$A" || fail "the word is not in the archive to begin with"
grep -r -q -a "$WORD" "$S" || fail "the word is not in the site to begin with"
# Whether a gzip'd download of site $1 (a thread mbox) holds the word.
in_downloads () {
    for f in $(find "$1" -name '*.gz'); do
        gzip -dc "$f" | grep -q -a "$WORD" && return 0
    done
    return 1
}
in_downloads "$S" || fail "no thread mbox holds the word to begin with"
expect 0 threads -a "$A" --format xml
sed -n 's/.*<thread id="\([0-9a-f]*\)".*/\1/p' "$TMP/out" | sort >"$TMP/threads-before"
expect 0 show -a "$A" "<answer-4711@example.org>"
grep '^Thread:' "$TMP/out" >"$TMP/answer-before"

# The dry run and the query find the leak alone, and change nothing.
cp "$A/index.xml" "$TMP/index-before"
expect 0 remove -a "$A" --dry-run "<$LEAK>"
[ "$(cut -f1 "$TMP/out")" = "<$LEAK>" ] || fail "--dry-run by id: $(cat "$TMP/out")"
expect 0 remove -a "$A" -n --query "$WORD"
[ "$(cut -f1 "$TMP/out")" = "<$LEAK>" ] || fail "--dry-run --query: $(cat "$TMP/out")"
expect 1 remove -a "$A" "<nobody-4711@example.org>"
grep -q 'no message <nobody-4711@example.org>' "$TMP/err" || fail "unknown id: $(cat "$TMP/err")"
cmp -s "$A/index.xml" "$TMP/index-before" || fail "a dry run or an unknown id changed the index"
expect 2 remove -a "$A"

start=$(date +%s)
expect 0 remove -a "$A" --reason "leaked password" "<$LEAK>"
note "removal from $COUNT messages: $(($(date +%s) - start)) s"
grep -q '1 removed (1 volume written anew), 0 removed earlier' "$TMP/err" || fail "summary: $(cat "$TMP/err")"
if grep -r -l -a "$WORD" "$A" >"$TMP/found"; then
    fail "the word is still in the archive: $(cat "$TMP/found")"
fi
grep -q "<removed id=\"$LEAK\" sha256=\"[0-9a-f]*\" at=\"[0-9TZ:-]*\" reason=\"leaked password\">" "$A/index.xml" \
    || fail "no record of the removal in index.xml"
validate "$A"

# Threads as before: the same ids, the answer in the same thread, under
# a placeholder for the leak.
expect 0 threads -a "$A" --format xml
sed -n 's/.*<thread id="\([0-9a-f]*\)".*/\1/p' "$TMP/out" | sort >"$TMP/threads-after"
cmp -s "$TMP/threads-before" "$TMP/threads-after" || fail "the thread ids changed"
grep -q "<missing id=\"$LEAK\" removed=\"true\">" "$TMP/out" || fail "no placeholder for the leak"
expect 0 show -a "$A" "<answer-4711@example.org>"
grep '^Thread:' "$TMP/out" | cmp -s - "$TMP/answer-before" || fail "the answer changed threads"

# The search finds it no more, without a rebuild asked for.
expect 0 search -a "$A" "$WORD"
[ ! -s "$TMP/out" ] || fail "the search still finds the word: $(cat "$TMP/out")"
expect 0 search -a "$A" "Change it now"
grep -q '<answer-4711@example.org>' "$TMP/out" || fail "the search lost the answer: $(cat "$TMP/out")"

# The site: the next run drops the page and shows the placeholder.
expect 0 site -a "$A" -o "$S"
if grep -r -l -a "$WORD" "$S" >"$TMP/found"; then
    fail "the word is still in the site: $(cat "$TMP/found")"
fi
[ ! -e "$S/m/$LEAK" ] || fail "the leak's page folder is still there"
! in_downloads "$S" || fail "a thread mbox still holds the word"
grep -r -q -F "(removed) &lt;$LEAK&gt;" "$S/m/answer-4711@example.org/index.html" \
    || fail "the answer's page shows no placeholder"
grep -q "$LEAK" "$S/.mlarc-site" && fail "the manifest still lists the leak's files"

# Importing again adds nothing; a re-sent copy (other bytes) neither.
expect 0 import -a "$A" "$MBOX" "$TMP/leak.mbox"
expect_accounted
[ "$(summary added)" -eq 0 ] && [ "$(summary 'removed earlier')" -eq 1 ] \
    || fail "re-import: $(cat "$TMP/err")"
sed "s/^Date: Mon, 12 Jul 2004 11:00:00/Date: Tue, 13 Jul 2004 11:00:00/" "$TMP/leak.mbox" >"$TMP/resent.mbox"
expect 0 import -a "$A" "$TMP/resent.mbox"
[ "$(summary added)" -eq 0 ] && [ "$(summary 'removed earlier')" -eq 1 ] \
    && [ "$(summary 'already present')" -eq 1 ] || fail "a re-sent copy: $(cat "$TMP/err")"
if grep -r -l -a "$WORD" "$A" >"$TMP/found"; then
    fail "a re-import brought the word back: $(cat "$TMP/found")"
fi
expect 0 remove -a "$A" "$LEAK"
grep -q '0 removed (0 volumes written anew), 1 removed earlier' "$TMP/err" || fail "again: $(cat "$TMP/err")"
validate "$A"
# A reused Message-ID: the spam that took it first (so owned it and the
# reply) removed by --query, alone, as its dry run lists it; the real
# message with that id then owns it and the reply, and the site marks
# no duplicate id any more.
B=$TMP/shared
BS=$TMP/shared-site
expect 0 import -q -a "$B" "$top_srcdir/tests/data/remove/shared-id.mbox"
expect 0 site -q -a "$B" -o "$BS" --search=no
grep -q 'duplicate Message-ID' "$BS/m/shared@example.org/index.html" || fail "no duplicate id marked to begin with"
expect 0 remove -a "$B" -n --query hijackprizeword
[ "$(wc -l <"$TMP/out")" -eq 1 ] || fail "--dry-run on a reused id: $(cat "$TMP/out")"
expect 0 remove -a "$B" --query hijackprizeword
grep -q '1 removed (1 volume written anew)' "$TMP/err" || fail "a reused id: $(cat "$TMP/err")"
expect 0 show -a "$B" "<shared@example.org>"
grep -q 'the summit is on Friday' "$TMP/out" || fail "the real copy went too: $(cat "$TMP/out")"
expect 0 site -q -a "$B" -o "$BS" --search=no
if grep -r -l -a hijackprizeword "$B" "$BS" >"$TMP/found"; then
    fail "the spam is still there: $(cat "$TMP/found")"
fi
! grep -r -q 'duplicate Message-ID' "$BS" || fail "a duplicate id is still marked"
tr -d '\n' <"$BS/m/reply@example.org/index.html" | grep -q 'parent: <span class="date">2004-07-12 09:00' \
    || fail "the reply's parent is not the real message"
validate "$B"

echo "remove: $COUNT messages, the leak gone from archive and site, kept out"
