#!/bin/sh
# e2e-import.sh: import the bundled sample and the good inputs with the real
# CLI: counts, idempotence, stdin, gzip, Maildir, .eml, duplicate ids,
# mbox quoting variants, schema validity.
. "${top_srcdir:-.}/tests/e2e-lib.sh"
GOOD="$DATA/import/good"

n=$(grep -c '^From ' "$SAMPLE")
expect 0 import -a "$TMP/a" "$SAMPLE"
[ "$(summary read)" -eq "$n" ] || fail "sample: read $(summary read), expected $n"
[ "$(summary added)" -eq "$n" ] || fail "sample: added $(summary added), expected $n"
expect_accounted
[ "$(count "$TMP/a")" -eq "$n" ] || fail "sample: archive holds $(count "$TMP/a") messages"
# The seed agenda and the BOF schedule; replies quoting agenda lines and
# logistics mail with times are no agendas (samples/README.md).
[ "$(summary agendas)" -eq 2 ] || fail "sample: $(summary agendas) agendas extracted, expected 2"
grep -q '<agenda ' "$TMP/a"/volumes/*.xml || fail "sample: no <agenda> in the archive"
validate "$TMP/a"

# Idempotent: the second import adds nothing and changes no file.
cp "$TMP/a/index.xml" "$TMP/index.before"
expect 0 import -a "$TMP/a" "$SAMPLE"
[ "$(summary added)" -eq 0 ] && [ "$(summary 'already present')" -eq "$n" ] \
    || fail "re-import: $(cat "$TMP/err")"
cmp -s "$TMP/index.before" "$TMP/a/index.xml" || fail "re-import changed index.xml"

# Standard input and gzip give the same messages as the plain file.
shas "$TMP/a" >"$TMP/sample.shas"
run import -a "$TMP/stdin" - <"$SAMPLE"
[ "$status" -eq 0 ] || fail "stdin: $(cat "$TMP/err")"
shas "$TMP/stdin" | cmp -s - "$TMP/sample.shas" || fail "stdin import differs"
gzip -c "$SAMPLE" >"$TMP/sample.mbox.gz"
expect 0 import -a "$TMP/gz" "$TMP/sample.mbox.gz"
shas "$TMP/gz" | cmp -s - "$TMP/sample.shas" || fail "gzip import differs"
grep -q 'format="mbox[a-z0-9]*\.gz"' "$TMP/gz"/volumes/*.xml || fail "gzip input not recorded as such"

# Several inputs in one call: a Maildir (with a Maildir++ subfolder) and an .eml.
expect 0 import -a "$TMP/b" "$GOOD/maildir" "$GOOD/single.eml"
[ "$(summary added)" -eq 4 ] || fail "maildir+eml: added $(summary added), expected 4"
grep -q 'format="maildir"' "$TMP/b"/volumes/000001.xml || fail "Maildir input not recorded"
grep -q 'format="message"' "$TMP/b"/volumes/000001.xml || fail ".eml input not recorded"
validate "$TMP/b"

# The same Message-ID with other bytes is kept, and flagged.
expect 0 import -a "$TMP/c" "$DATA/import/bad/no-message-id.mbox" "$GOOD/mboxo.mbox"
expect 0 import -a "$TMP/d" "$DATA/import/bad/nul-bytes.mbox"
expect 0 import -a "$TMP/d" "$GOOD/dup-id.eml"
[ "$(summary added)" -eq 1 ] && [ "$(summary 'duplicate ids')" -eq 1 ] \
    || fail "duplicate id: $(cat "$TMP/err")"
[ "$(count "$TMP/d")" -eq 3 ] || fail "duplicate id: archive holds $(count "$TMP/d") messages"
expect 0 check -a "$TMP/d"
grep -q 'duplicate-id' "$TMP/out" || fail "check does not list the duplicate id"

# mboxrd: one '>' comes off every >+From line; mboxo: only >From is unquoted.
# Auto-detection says mboxrd from the first >>From line on.
expect 0 import -a "$TMP/rd" "$GOOD/mboxrd.mbox"
grep -q '^>From the quoted one' "$TMP/rd"/raw/000001.raw || fail "mboxrd: >>From not unquoted once"
grep -q '^From the plain one' "$TMP/rd"/raw/000001.raw || fail "mboxrd: >From not unquoted"
grep -q 'format="mboxrd"' "$TMP/rd"/volumes/000001.xml || fail "mboxrd not detected"
expect 0 import -a "$TMP/o" "$GOOD/mboxo.mbox"
grep -q '^From the plain one' "$TMP/o"/raw/000001.raw || fail "mboxo: >From not unquoted"
grep -q 'format="mboxo"' "$TMP/o"/volumes/000001.xml || fail "mboxo not detected"
expect 0 import -a "$TMP/forced" --format mboxo "$GOOD/mboxrd.mbox"
grep -q '^>>From the quoted one' "$TMP/forced"/raw/000001.raw || fail "--format mboxo not obeyed"

# A kill during an import leaves the previous archive valid and whole, and
# running the import again finishes the job.
i=0
while [ $i -lt 150 ]; do cat "$SAMPLE"; i=$((i + 1)); done >"$TMP/big.mbox"
expect 0 import -q -a "$TMP/k" "$GOOD/single.eml"
for delay in 0.05 0.2 0.5; do
    "$MLARC" import -q -a "$TMP/k" "$TMP/big.mbox" 2>/dev/null &
    pid=$!
    sleep $delay
    kill -9 $pid 2>/dev/null || true
    wait $pid 2>/dev/null || true
    validate "$TMP/k"
    c=$(count "$TMP/k")
    [ "$c" -eq 1 ] || [ "$c" -eq $((n + 1)) ] || fail "after a kill the archive holds $c messages"
done
expect 0 import -a "$TMP/k" "$TMP/big.mbox"
[ "$(count "$TMP/k")" -eq $((n + 1)) ] || fail "re-run after kills: $(count "$TMP/k") messages"
validate "$TMP/k"
ls "$TMP"/k/volumes "$TMP"/k/raw | grep -q '\.tmp$' && fail "leftover .tmp files"

# keys.index: written after each commit; the keys it covers are found in
# it; one that is damaged or from another archive is not trusted.
n=$(grep -c '^From ' "$SAMPLE")
expect 0 import -a "$TMP/ki" "$SAMPLE"
[ -s "$TMP/ki/keys.index" ] || fail "no keys.index after an import"
rm "$TMP"/ki/volumes/*.keys
expect 0 import -a "$TMP/ki" "$SAMPLE"
[ "$(summary 'already present')" -eq "$n" ] || fail "keys.index: $(cat "$TMP/err")"
expect 0 import -a "$TMP/other" "$GOOD/single.eml"
cp "$TMP/other/keys.index" "$TMP/ki/keys.index"
expect 0 import -a "$TMP/ki" "$GOOD/single.eml" "$SAMPLE"
[ "$(summary added)" -eq 1 ] && [ "$(summary 'already present')" -eq "$n" ] \
    || fail "keys.index of another archive: $(cat "$TMP/err")"
head -c 100 "$TMP/ki/keys.index" >"$TMP/ki/keys.index.cut" && mv "$TMP/ki/keys.index.cut" "$TMP/ki/keys.index"
expect 0 import -a "$TMP/ki" "$GOOD/single.eml" "$SAMPLE"
[ "$(summary added)" -eq 0 ] && [ "$(summary 'already present')" -eq $((n + 1)) ] \
    || fail "damaged keys.index: $(cat "$TMP/err")"
# An update of keys.index killed after its import committed leaves
# keys.index.tmp; the next import removes it, even one that adds nothing.
echo partial >"$TMP/ki/keys.index.tmp"
expect 0 import -a "$TMP/ki" "$SAMPLE"
[ "$(summary added)" -eq 0 ] && [ ! -e "$TMP/ki/keys.index.tmp" ] || fail "keys.index.tmp left"

# --max-message-size: a bigger message, from any container, is a too-big
# reject, counted; the others are kept.
expect 0 import -a "$TMP/small" --max-message-size 100 "$GOOD/single.eml" "$GOOD/maildir" "$GOOD/mboxo.mbox"
[ "$(summary added)" -eq 0 ] && [ "$(summary rejected)" -eq "$(summary read)" ] \
    || fail "--max-message-size 100: $(cat "$TMP/err")"
[ "$(grep -c 'code="too-big"' "$TMP"/small/volumes/*.xml)" -eq "$(summary read)" ] \
    || fail "--max-message-size: rejects are not too-big"
run import -a "$TMP/small" --max-message-size 100 - <"$GOOD/single.eml"
[ "$status" -eq 0 ] && [ "$(summary rejected)" -eq 1 ] || fail "stdin over the limit: $(cat "$TMP/err")"
expect 0 import -a "$TMP/small" --max-message-size 1K "$GOOD/single.eml" "$GOOD/maildir"
[ "$(summary added)" -eq "$(summary read)" ] || fail "--max-message-size 1K: $(cat "$TMP/err")"

# Usage errors.
expect 2 import "$SAMPLE"
expect 2 import -a "$TMP/x" --format nonsense "$SAMPLE"
expect 2 import -a "$TMP/x" --max-message-size 0 "$SAMPLE"
expect 2 import -a "$TMP/x" --max-message-size 12Q "$SAMPLE"
expect 0 import --help
exit 0
