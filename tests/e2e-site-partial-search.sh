#!/bin/sh
# e2e-site-partial-search.sh: an update that reads part of the archive
# (mla-site-partial.c) of a site with a search index and options of its
# own (--title, --base-url, addresses shown): the bundles of periods with
# no new page and no page made again stay as the last build left them;
# those of the others are cut again from the overview's rows; after each
# delivery the site, search index included, equals a full build.
. "${top_srcdir:-.}/tests/e2e-lib.sh"
need_pagefind

# Small bundles and tiers, so that a period holds several.
MLARC_SEARCH_BUNDLE=20
MLARC_SEARCH_TIER=5
export MLARC_SEARCH_BUNDLE MLARC_SEARCH_TIER
A=$TMP/archive
S=$TMP/site
OPTIONS="--search=yes --title Partial --base-url https://lists.example.org/partial/ --addresses show"
partial_base "$TMP/base.mbox"
expect 0 import -q -a "$A" "$DATA"/thread/*.mbox "$TMP/base.mbox"
# shellcheck disable=SC2086 # the options are words
expect 0 site -q $OPTIONS -a "$A" -o "$S"
[ "$(ls "$S/pagefind" | wc -l)" -gt 4 ] || fail "fixture: few bundles: $(ls "$S/pagefind")"

# $1..$4 as one_message: the update reads part of the archive, indexes
# only what it must, and equals a full build.
deliver () {
    one_message "$@"
    expect 0 import -q -a "$A" "$TMP/one.mbox"
    # shellcheck disable=SC2086
    expect 0 site $OPTIONS -a "$A" -o "$S"
    read_part "$1"
    grep -q 'search index: [0-9]* periods\{0,1\} indexed, [1-9][0-9]* unchanged' "$TMP/err" \
        || fail "$1: every bundle was indexed again: $(cat "$TMP/err")"
    # shellcheck disable=SC2086
    same_as_full "$A" "$S" "$1" $OPTIONS
}

# A new thread: the newest period's tier.
deliver new.1@example.org 'Sun, 30 Jan 2022 10:00:00 +0000' 'A new thread: periwinkle' ''
# A reply into the long thread of 2004: its pages are made again, and
# the bundles holding them indexed again.
deliver reply.1@example.org 'Tue, 02 Mar 2004 11:00:00 +0000' 'Re: a long thread' long.30@example.org
# A new month, and a period of its own.
deliver month.1@example.org 'Mon, 04 Jan 2010 10:00:00 +0000' 'A new year' ''
for i in 2 3 4 5 6; do
    deliver "new.$i@example.org" "Mon, 31 Jan 2022 1$i:00:00 +0000" "More, $i" ''
done
for f in "$S"/pagefind/*/fragment/*.pf_fragment; do
    gzip -dc "$f" | tail -c +13
    echo
done | grep -q 'periwinkle' || fail "the new thread's words are not in the index"
exit 0
