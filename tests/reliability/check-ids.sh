#!/bin/sh
# check-ids.sh: one canonical Message-ID everywhere (issue 27 §4): ids
# with control characters, or RFC 2047 words that would decode to a line
# break or a TAB, never break `mlarc check`, and a later message with the
# cleaned id is a duplicate. The mail is tests/data/hostile/generate.sh's
# ids.mbox.
. "${top_srcdir:?run me through make check or tests/reliability/run}/tests/reliability/lib.sh"

"$DATA/hostile/generate.sh" "$TMP/generated"
IDS=$TMP/generated/ids.mbox

# A new archive $TMP/a of ids.mbox.
fresh_import () {
    rm -rf "$TMP/a"
    expect 0 import -a "$TMP/a" "$IDS"
}

control_id_check () {
    fresh_import
    expect_accounted
    [ "$(summary 'duplicate ids')" -eq 1 ] || fail "$(cat "$TMP/err")"
    validate "$TMP/a"
    # A second import of the same mail: the key caches are read, not the XML.
    expect 0 import -a "$TMP/a" "$IDS"
    [ "$(summary 'already present')" -eq 6 ] || fail "$(cat "$TMP/err")"
    validate "$TMP/a"
    detail "6 read, 1 duplicate id; check exits 0 before and after a second import"
}

duplicate_of_cleaned () {
    fresh_import
    expect 0 check -a "$TMP/a"
    grep -q '^volumes/[^	]*	ctl@example.org	[^	]*	duplicate-id	' "$TMP/out" \
        || fail "<ctl@example.org> after <ctl\\001@example.org> is not a duplicate: $(cat "$TMP/out")"
    detail "<ctl@example.org> flagged duplicate-id"
}

encoded_word_id () {
    fresh_import
    expect 0 show -a "$TMP/a" '=?utf-8?q?enc=0Aline?=@example.org'
    grep -q '^Subject: an encoded line break in the id$' "$TMP/out" || fail "$(cat "$TMP/out")"
    expect 0 show -a "$TMP/a" '=?utf-8?q?tab=09id?='
    grep -q '^Subject: an encoded TAB in a bare id$' "$TMP/out" || fail "$(cat "$TMP/out")"
    detail "found by the ids as written"
}

reply_to_control_id () {
    fresh_import
    expect 0 threads -a "$TMP/a" --format xml
    tr -d '\n' <"$TMP/out" | grep -q '<message id="ctl@example.org"[^/]*>  *<message id="reply@example.org"' \
        || fail "the reply is not under <ctl@example.org>: $(cat "$TMP/out")"
    detail "In-Reply-To <ctl\\001@example.org> threads under it"
}

check_fields () {
    fresh_import
    expect 0 check -a "$TMP/a"
    awk -F '\t' 'NF != 5 { exit 1 }' "$TMP/out" || fail "a check line without 5 fields: $(cat "$TMP/out")"
    detail "$(wc -l <"$TMP/out") lines of 5 fields"
}

check "control character in an id: check passes" control_id_check
check "the cleaned id is a duplicate" duplicate_of_cleaned
check "an RFC 2047 word in an id is not decoded" encoded_word_id
check "a reply finds an id with a control character" reply_to_control_id
check "check's lines keep 5 fields" check_fields
finish
