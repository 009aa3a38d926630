#!/bin/sh
# e2e-site-incremental.sh: a site updated after each of many small imports
# (replies before their roots, so threads merge and pages move) equals a
# site built from scratch from the same archive, file for file.
. "${top_srcdir:-.}/tests/e2e-lib.sh"

mkdir -p "$TMP/parts"
n=100
for mbox in "$SAMPLE" "$DATA"/thread/*.mbox "$DATA/site/hostile.mbox"; do
    n=$((n + 100))
    awk -v dir="$TMP/parts" -v base="$n" \
        '/^From / { out = sprintf ("%s/%04d", dir, base + ++k) } { print > out }' "$mbox"
done
# Newest first, a few at a time: most updates add a thread's parent.
A=$TMP/archive
S=$TMP/site
i=0
for part in $(ls "$TMP/parts" | sort -r); do
    i=$((i + 1))
    cat "$TMP/parts/$part" >>"$TMP/batch"
    if [ $((i % 4)) -eq 0 ]; then
        expect 0 import -q -a "$A" "$TMP/batch"
        expect 0 site -q --search=no -a "$A" -o "$S"
        rm "$TMP/batch"
    fi
done
if [ -f "$TMP/batch" ]; then
    expect 0 import -q -a "$A" "$TMP/batch"
    expect 0 site -q --search=no -a "$A" -o "$S"
fi
# Nothing new: nothing written.
expect 0 site --search=no -a "$A" -o "$S"
grep -q ' 0 files written' "$TMP/err" || fail "a run with nothing new wrote files: $(cat "$TMP/err")"

# The site updated in place equals one built from scratch.
check_full () { same_as_full "$A" "$S" "$1" --search=no; }
check_full "the batches"

# One message at a time, each followed by an update: $1 Message-ID, $2
# date, $3 subject, $4 References (may be empty).
deliver () {
    one_message "$@"
    expect 0 import -q -a "$A" "$TMP/one.mbox"
    expect 0 site --search=no -a "$A" -o "$S"
    grep -q ' 0 files written' "$TMP/err" && fail "$1 wrote no file: $(cat "$TMP/err")"
    return 0
}
# An archive that only grew: only the pages the new mail reaches are
# visited (the rest is kept unvisited), and the result is the same.
scoped () {
    grep -q 'visited only the pages new mail reaches' "$TMP/err" \
        || fail "$1 visited every page: $(cat "$TMP/err")"
}
cp "$S/.mlarc-site" "$TMP/base"
deliver live-reply@example.org 'Fri, 25 Jun 2004 10:00:00 +0000' \
    'Re: [Ksummit-2004-discuss] Call for session topics' 20040624150213.GA3321@thunk.org
scoped "a reply into an old thread"
# A scoped update writes what it changed into the manifest's delta and
# leaves the base alone (until the delta grows past an eighth of it).
cmp -s "$S/.mlarc-site" "$TMP/base" || fail "a scoped update wrote the manifest's base"
[ "$(wc -l <"$S/.mlarc-site.delta")" -gt 1 ] || fail "a scoped update wrote no delta"
check_full "a reply into an old thread"
deliver live-new@example.org 'Sat, 26 Jun 2004 10:00:00 +0000' 'A new thread' ''
scoped "a new thread"
check_full "a new thread"
deliver live-month@example.org 'Mon, 04 Jan 2010 10:00:00 +0000' 'A new month' ''
scoped "a new month"
check_full "a new month"
# A second message with an id already archived, in another month: the
# first one's page lists both, and its thread's pages change.
deliver live-reply@example.org 'Tue, 05 Jan 2010 09:00:00 +0000' 'A copy' ''
scoped "a message with an id already archived"
check_full "a message with an id already archived"
# Two threads, then the message between them: one thread, and the old
# thread id sends readers on.
deliver merge-a@example.org 'Tue, 05 Jan 2010 10:00:00 +0000' 'Merging' ''
deliver merge-c@example.org 'Thu, 07 Jan 2010 10:00:00 +0000' 'Other words' merge-b@example.org
deliver merge-b@example.org 'Wed, 06 Jan 2010 10:00:00 +0000' 'Re: Merging' merge-a@example.org
check_full "a message that merges two threads"
grep -l 'now part of' "$S"/t/*/index.html >/dev/null \
    || fail "the merged thread's old page sends no one on"
expect 0 site --search=no -a "$A" -o "$S"
grep -q ' 0 files written, [1-9][0-9]* unchanged, 0 removed' "$TMP/err" \
    || fail "nothing new after the merge: $(cat "$TMP/err")"
# The manifest is trusted: a page deleted by hand stays away on an update,
# and comes back once the manifest is deleted too.
page=$(find "$S/m" -name index.html | sort | head -n 1)
rm "$page"
deliver late-1@example.org 'Fri, 08 Jan 2010 10:00:00 +0000' 'Late' ''
[ ! -e "$page" ] || fail "an update looked at a file its manifest lists"
rm "$S/.mlarc-site"
expect 0 site --search=no -a "$A" -o "$S"
[ -f "$page" ] || fail "a page deleted by hand is not made again without a manifest"
check_full "a site made again without its manifest"
