#!/bin/sh
# e2e-bad-input.sh: malformed messages are imported with their defects
# recorded; inputs that are not mail fail with one clear line and leave
# the archive as it was.
. "${top_srcdir:-.}/tests/e2e-lib.sh"
BAD="$DATA/import/bad"

# $1 file, $2 defect code that `mlarc check` must list.
expect_defect () {
    rm -rf "$TMP/arch"
    expect 0 import -a "$TMP/arch" "$1"
    expect_accounted
    [ "$(summary flagged)" -ge 1 ] || fail "$1: nothing flagged"
    validate "$TMP/arch"
    grep -q "	$2	" "$TMP/out" || { cat "$TMP/out" >&2; fail "$1: no $2 defect listed by check"; }
}

expect_defect "$BAD/nul-bytes.mbox" nul-bytes
expect_defect "$BAD/crlf.mbox" crlf
expect_defect "$BAD/bad-date.mbox" bad-date
expect_defect "$BAD/bad-date.mbox" no-date
grep -q 'source="envelope"' "$TMP/arch"/volumes/*.xml || fail "bad date: no envelope fallback"
expect_defect "$BAD/8bit-header.mbox" 8bit-header
grep -q 'Café crème' "$TMP/arch"/volumes/*.xml || fail "8-bit header not decoded to UTF-8"
expect_defect "$BAD/broken-mime.mbox" multipart-without-boundary
grep -q "	truncated-message	" "$TMP/out" || fail "unterminated multipart not reported"
expect_defect "$BAD/truncated.mbox" truncated
[ "$(count "$TMP/arch")" -eq 2 ] || fail "truncated: the cut message was not kept"
expect_defect "$BAD/no-message-id.mbox" no-message-id
grep -q 'synthetic-id="true"' "$TMP/arch"/volumes/*.xml || fail "no synthetic id"
expect_defect "$BAD/unescaped-from.mbox" unescaped-from-line
[ "$(count "$TMP/arch")" -eq 2 ] || fail "unescaped From line split a message"

# A 10 MB single line.
{
    printf 'From big@example.org Mon Jul  5 10:00:00 2004\nFrom: Big <big@example.org>\n'
    printf 'Subject: one long line\nMessage-ID: <long@example.org>\n\n'
    head -c 10485760 /dev/zero | tr '\0' 'x'
    printf '\n'
} >"$TMP/long.mbox"
expect_defect "$TMP/long.mbox" long-line

# The empty file holds no messages: not an error.
expect 0 import -a "$TMP/empty" "$BAD/empty.mbox"
[ "$(summary read)" -eq 0 ] || fail "empty file: read $(summary read)"

# Not mail, corrupt gzip, a missing path: one error line naming the file,
# exit 1, and the archive unchanged even when good input came first.
expect 0 import -a "$TMP/keep" "$SAMPLE"
cp -r "$TMP/keep" "$TMP/keep.before"
for input in "$BAD/not-mail.txt" "$BAD/corrupt.mbox.gz" "$TMP/no/such/file.mbox"; do
    expect 1 import -a "$TMP/keep" "$DATA/import/good/single.eml" "$input"
    [ "$(wc -l <"$TMP/err")" -eq 1 ] || { cat "$TMP/err" >&2; fail "$input: not one error line"; }
    grep -q "^mlarc: .*$(basename "$input")" "$TMP/err" \
        || { cat "$TMP/err" >&2; fail "$input: the error does not name the file"; }
    diff -r "$TMP/keep.before" "$TMP/keep" >/dev/null || fail "$input: the archive changed"
done
# A failed first import leaves no archive behind.
expect 1 import -a "$TMP/never" "$BAD/not-mail.txt"
[ ! -e "$TMP/never" ] || fail "a failed first import left an archive"
expect 1 import -a "$TMP/keep" "$BAD/not-mail.txt"
grep -q -i 'not mail' "$TMP/err" || fail "junk: the error does not say it is not mail"
expect 1 import -a "$TMP/keep" "$BAD/corrupt.mbox.gz"
grep -q -i 'gzip' "$TMP/err" || fail "corrupt gzip: the error does not say so"

# An archive folder that is something else is refused, not overwritten.
mkdir "$TMP/other" && echo precious >"$TMP/other/file"
expect 1 import -a "$TMP/other" "$SAMPLE"
[ "$(cat "$TMP/other/file")" = precious ] || fail "a foreign folder was touched"
exit 0
