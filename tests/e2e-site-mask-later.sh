#!/bin/sh
# e2e-site-mask-later.sh: under --addresses hide, an id in a message's
# text is shown as it is when it is the Message-ID of an archived message
# or a placeholder's (an id replies name), and masked otherwise. When the
# message with that id arrives later, or a reply makes it a placeholder,
# an update makes the old page again, also when it visits every page (a
# merge of threads) (found through the full-text index:
# its signature cannot see the change), so the site equals a full build
# of the same archive, search index included when pagefind is installed.
. "${top_srcdir:-.}/tests/e2e-lib.sh"

search=no
if (need_pagefind) >/dev/null 2>&1; then
    need_pagefind
    search=yes
fi
# Small bundles, so that the old pages' bundle is closed: only the pages
# made again can bring it to index them again.
MLARC_SEARCH_BUNDLE=2
MLARC_SEARCH_TIER=1
export MLARC_SEARCH_BUNDLE MLARC_SEARCH_TIER
mail () { # mail FILE ID DATE SUBJECT BODY [REFERENCES]
    {
        printf 'From x@example.org Mon Jan  5 10:00:00 2009\nFrom: X <x@example.org>\n'
        printf 'To: list@lists.example.org\nMessage-ID: <%s>\nDate: %s\nSubject: %s\n' "$2" "$3" "$4"
        [ -z "${6:-}" ] || printf 'In-Reply-To: <%s>\nReferences: <%s>\n' "$6" "$6"
        printf '\n%s\n\n' "$5"
    } >"$1"
}
mail "$TMP/a.mbox" first@example.org "Mon, 05 Jan 2009 10:00:00 +0000" first \
    "See <later@example.org> for the follow-up."
mail "$TMP/p.mbox" plans@example.org "Mon, 05 Jan 2009 11:00:00 +0000" plans \
    "The draft is <draft.7@example.org>, not sent here."
mail "$TMP/m.mbox" middle@example.org "Mon, 05 Jan 2009 12:00:00 +0000" unrelated "Nothing."
mail "$TMP/q.mbox" question@example.org "Mon, 05 Jan 2009 13:00:00 +0000" question \
    "Will <merge.9@example.org> come?"
mail "$TMP/b.mbox" later@example.org "Tue, 06 Feb 2009 10:00:00 +0000" "the follow-up" "Here."
mail "$TMP/c.mbox" reply@example.org "Wed, 07 Feb 2009 10:00:00 +0000" "Re: draft" \
    "A reply to the draft." draft.7@example.org
mail "$TMP/l.mbox" lost-reply@example.org "Tue, 10 Feb 2009 10:00:00 +0000" "Re: lost" \
    "A reply to a lost message." lost.5@example.org
# Dated before the reply above, it gives the lost message its parent:
# that thread merges into the first one's, and the update visits every page.
{
    printf 'From x@example.org Mon Jan  5 10:00:00 2009\nFrom: X <x@example.org>\n'
    printf 'To: list@lists.example.org\nMessage-ID: <merge.9@example.org>\n'
    printf 'Date: Sun, 08 Feb 2009 10:00:00 +0000\nSubject: Re: first\n'
    printf 'In-Reply-To: <lost.5@example.org>\n'
    printf 'References: <first@example.org> <lost.5@example.org>\n\nMerging.\n\n'
} >"$TMP/merge.mbox"

# The site updated in place equals one built from scratch out of the same
# archive (whose thread aliases keep a merged thread's old page).
check_full () {
    same_as_full "$TMP/one/A" "$TMP/one/S" "$STEP" --search=$search --addresses hide
}

mkdir "$TMP/one"
expect 0 build -q --search=$search --addresses hide -a "$TMP/one/A" -o "$TMP/one/S" \
    "$TMP/a.mbox" "$TMP/p.mbox" "$TMP/m.mbox" "$TMP/q.mbox"
grep -q 'later at example.org' "$TMP/one/S/m/first@example.org/index.html" \
    || fail "an id of no archived message is not masked"
grep -q 'draft.7 at example.org' "$TMP/one/S/m/plans@example.org/index.html" \
    || fail "an id no message names is not masked"

STEP="the message an old text names"
expect 0 build -q --search=$search --addresses hide -a "$TMP/one/A" -o "$TMP/one/S" "$TMP/b.mbox"
grep -q 'later@example.org' "$TMP/one/S/m/first@example.org/index.html" \
    || fail "the id of a message archived later is still masked in an old page"
grep -q 'later@example.org' "$TMP/one/S/m/first@example.org/raw.txt" \
    || fail "the id of a message archived later is still masked in an old raw.txt"
check_full

STEP="a reply that makes an old text's id a placeholder"
expect 0 build -q --search=$search --addresses hide -a "$TMP/one/A" -o "$TMP/one/S" "$TMP/c.mbox"
grep -q 'draft.7@example.org' "$TMP/one/S/m/plans@example.org/index.html" \
    || fail "a placeholder's id is still masked in an old page"
check_full

STEP="a message that merges two threads"
expect 0 build -q --search=$search --addresses hide -a "$TMP/one/A" -o "$TMP/one/S" "$TMP/l.mbox"
expect 0 import -q -a "$TMP/one/A" "$TMP/merge.mbox"
expect 0 site --search=$search --addresses hide -a "$TMP/one/A" -o "$TMP/one/S"
grep -q 'visited only the pages new mail reaches' "$TMP/err" \
    && fail "the merge did not make the update visit every page: $(cat "$TMP/err")"
grep -q 'merge.9@example.org' "$TMP/one/S/m/question@example.org/index.html" \
    || fail "an update that visits every page left an old page masked"
check_full
exit 0
