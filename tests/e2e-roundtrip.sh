#!/bin/sh
# e2e-roundtrip.sh: export as mboxrd, import the export: the same messages
# with the same raw bytes (SHA-256), in the same order.
. "${top_srcdir:-.}/tests/e2e-lib.sh"

roundtrip () {
    name=$1; shift
    expect 0 import -q -a "$TMP/$name" "$@"
    expect 0 export -a "$TMP/$name" -o "$TMP/$name.mbox"
    expect 0 import -q -a "$TMP/$name-again" "$TMP/$name.mbox"
    shas "$TMP/$name" >"$TMP/$name.1"
    shas "$TMP/$name-again" >"$TMP/$name.2"
    cmp -s "$TMP/$name.1" "$TMP/$name.2" || { diff "$TMP/$name.1" "$TMP/$name.2" >&2 || true;
                                             fail "$name: round trip changed the messages"; }
    # Exporting the re-imported archive gives the same mbox again.
    expect 0 export -a "$TMP/$name-again"
    cmp -s "$TMP/out" "$TMP/$name.mbox" || fail "$name: second export differs"
}

roundtrip sample "$SAMPLE"
roundtrip good "$DATA/import/good/maildir" "$DATA/import/good/single.eml" \
    "$DATA/import/good/mboxrd.mbox" "$DATA/import/good/mboxo.mbox"
bad=""
for f in "$DATA"/import/bad/*.mbox; do
    case $f in */truncated.mbox) ;; *) bad="$bad $f" ;; esac
done
# shellcheck disable=SC2086
roundtrip bad $bad
# A message whose bytes do not end with a line break gains one in mbox
# form; it is flagged, and the others are exact.
expect 0 import -q -a "$TMP/cut" "$DATA/import/bad/truncated.mbox"
grep -q 'code="no-final-newline"' "$TMP"/cut/volumes/*.xml || fail "truncated: not flagged no-final-newline"
expect 0 export -a "$TMP/cut" -o "$TMP/cut.mbox"
expect 0 import -q -a "$TMP/cut-again" "$TMP/cut.mbox"
[ "$(shas "$TMP/cut" | head -n 1)" = "$(shas "$TMP/cut-again" | head -n 1)" ] || fail "truncated: first message changed"
[ "$(count "$TMP/cut-again")" -eq 2 ] || fail "truncated: message count changed"

# Export to stdout is the default.
expect 0 export -a "$TMP/sample"
cmp -s "$TMP/out" "$TMP/sample.mbox" || fail "export to stdout differs from -o"
expect 1 export -a "$TMP/no-such-archive"

# Devices and pipes are written in place, not replaced.
expect 0 export -a "$TMP/sample" -o /dev/null
"$MLARC" export -a "$TMP/sample" -o /dev/stdout >"$TMP/via-dev" || fail "export -o /dev/stdout failed"
cmp -s "$TMP/via-dev" "$TMP/sample.mbox" || fail "export -o /dev/stdout differs from -o FILE"
mkfifo "$TMP/fifo"
cat "$TMP/fifo" >"$TMP/via-fifo" &
expect 0 export -a "$TMP/sample" -o "$TMP/fifo"
wait
cmp -s "$TMP/via-fifo" "$TMP/sample.mbox" || fail "export into a FIFO differs"
exit 0
