#!/bin/sh
# check-hijack.sh: a later message that reuses a Message-ID cannot take
# the replies of the message that had it first (issue 27 §3): the id is
# owned by the first to arrive, not the earliest Date; a withheld copy
# (X-No-Archive) never captures, hides or is counted in a published
# thread; a published copy is marked on the site as a duplicate id; and
# the threads do not depend on the order unrelated mail was imported in.
# The mail is tests/data/hostile/generate.sh's hijack-*.mbox.
. "${top_srcdir:?run me through make check or tests/reliability/run}/tests/reliability/lib.sh"

"$DATA/hostile/generate.sh" "$TMP/generated"
G=$TMP/generated

# A new archive $TMP/a of the mboxes "$@", one import each, and its site.
imports () {
    rm -rf "$TMP/a" "$TMP/s"
    for mbox in "$@"; do
        expect 0 import -a "$TMP/a" "$G/$mbox"
    done
    expect 0 site --search=no -a "$TMP/a" -o "$TMP/s"
}

# The thread of <announce@example.org>, as `mlarc threads` shows it.
replies_under_announcement () {
    expect 0 threads -a "$TMP/a" --format xml
    tr -d '\n' <"$TMP/out" | sed 's/  */ /g' >"$TMP/threads"
    grep -q '<thread id="[0-9a-f]*" messages="3"[^>]*> <message id="announce@example.org" date="2021-03-02T10:00:00Z"[^>]*> <message id="reply-1@example.org"[^>]*/> <message id="reply-2@example.org"[^>]*/> </message>' \
        "$TMP/threads" || fail "the replies left the announcement: $(cat "$TMP/threads")"
}

withheld_copy () {
    imports hijack-1.mbox hijack-2.mbox
    replies_under_announcement
    ! grep -rq 'forged copy' "$TMP/s" || fail "the withheld copy is on the site"
    grep -q '3 messages' "$TMP/s/index.html" || fail "the home page does not count 3 messages"
    [ "$(find "$TMP/s/t" -name index.html | wc -l)" -eq 1 ] \
        || fail "the thread is split: $(ls "$TMP/s/t")"
    grep -q 'Second reply' "$TMP/s/t"/*/index.html || fail "the second reply is not in the thread"
    detail "both replies under the announcement, 1 thread of 3 messages, the copy nowhere"
}

published_copy () {
    imports hijack-1.mbox hijack-3.mbox hijack-2.mbox
    replies_under_announcement
    grep -rl 'duplicate Message-ID: 2 messages' "$TMP/s/m" >"$TMP/marked" \
        || fail "no page marks the duplicate id"
    grep -q 'forged copy, published' "$(head -n 1 "$TMP/marked")" \
        || fail "the marked page does not show the copy"
    detail "replies stay; $(wc -l <"$TMP/marked") page(s) mark the duplicate id"
}

# The same messages, imported in two orders that keep the two copies in
# theirs: the same threads.
import_order () {
    imports hijack-1.mbox terminal.mbox hijack-2.mbox
    expect 0 threads -a "$TMP/a" --format xml
    mv "$TMP/out" "$TMP/first"
    imports terminal.mbox hijack-1.mbox hijack-2.mbox
    expect 0 threads -a "$TMP/a" --format xml
    diff "$TMP/first" "$TMP/out" >&2 || fail "unrelated mail imported first changes the threads"
    detail "the same threads either way"
}

check "a withheld copy dated earlier takes no reply" withheld_copy
check "a published copy is marked, replies stay" published_copy
check "threads do not depend on unrelated mail's import order" import_order
finish
