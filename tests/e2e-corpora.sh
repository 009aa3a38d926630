#!/bin/sh
# e2e-corpora.sh: import every file of the shared third-party corpora
# (../shared/corpora, read in place), one archive per input: no crash, no
# hang, every message accounted for (archived or rejected with a reason),
# the archive valid, the export/re-import round trip exact, no agenda found
# (none of it holds one); a file that is not mail fails with one line naming
# it. Maildirs are imported as folders.
. "${top_srcdir:-.}/tests/e2e-lib.sh"
CORPORA="${MLARC_SHARED:-}/corpora"
[ -d "$CORPORA" ] || skip "no shared corpora at '$CORPORA'"

find "$CORPORA" -type f ! -path '*/cur/*' ! -path '*/new/*' ! -path '*/tmp/*' \
    ! -name '*.md' | LC_ALL=C sort >"$TMP/files"
find "$CORPORA" -type d \( -name cur -o -name new \) | sed 's|/[^/]*$||' | LC_ALL=C sort -u \
    | while read -r d; do
        # Maildir++ subfolders are read with their parent; list roots only.
        case "$(basename "$d")" in .*) ;; *) echo "$d" ;; esac
    done >"$TMP/maildirs"

files=0; mail=0; notmail=0; messages=0; rejected=0
while read -r input; do
    files=$((files + 1))
    rm -rf "$TMP/a" "$TMP/b"
    run import -a "$TMP/a" "$input"
    case $status in
    0)
        expect_accounted
        mail=$((mail + 1))
        messages=$((messages + $(summary added)))
        # None of this mail holds an agenda: every one found is a false positive.
        [ "$(summary agendas)" -eq 0 ] || fail "$input: $(summary agendas) agenda(s) found in mail without one"
        rejected=$((rejected + $(summary rejected)))
        [ -f "$TMP/a/index.xml" ] || continue
        validate "$TMP/a"
        shas "$TMP/a" >"$TMP/before"
        expect 0 export -a "$TMP/a" -o "$TMP/export.mbox"
        if [ -s "$TMP/export.mbox" ]; then
            expect 0 import -a "$TMP/b" "$TMP/export.mbox"
            shas "$TMP/b" >"$TMP/after"
            # Raw bytes without a final line break gain one in mbox form
            # (defect no-final-newline); every other message is exact.
            if ! cmp -s "$TMP/before" "$TMP/after"; then
                grep -q 'code="no-final-newline"' "$TMP"/a/volumes/*.xml \
                    && [ "$(wc -l <"$TMP/before")" -eq "$(wc -l <"$TMP/after")" ] \
                    || fail "$input: round trip changed the messages"
            fi
        fi
        ;;
    1)
        notmail=$((notmail + 1))
        [ "$(wc -l <"$TMP/err")" -eq 1 ] || { cat "$TMP/err" >&2; fail "$input: not one error line"; }
        grep -q "^mlarc: .*$(basename "$input")" "$TMP/err" \
            || { cat "$TMP/err" >&2; fail "$input: the error does not name the file"; }
        [ ! -d "$TMP/a/volumes" ] || [ -z "$(ls "$TMP/a/volumes")" ] || fail "$input: failed import left a volume"
        ;;
    *)
        cat "$TMP/err" >&2
        fail "$input: exit $status"
        ;;
    esac
done <"$TMP/files"
cat "$TMP/maildirs" >>"$TMP/files"

while read -r maildir; do
    rm -rf "$TMP/m"
    expect 0 import -a "$TMP/m" "$maildir"
    expect_accounted
    [ "$(summary read)" -gt 0 ] || fail "$maildir: no message read"
    [ "$(summary agendas)" -eq 0 ] || fail "$maildir: $(summary agendas) agenda(s) found in mail without one"
    validate "$TMP/m"
done <"$TMP/maildirs"

# mime4j's mbox and its exact split; its parts keep the separator line
# that our raw bytes leave off (archive-format.md, section 4).
rlug="$CORPORA/james-mime4j/mbox/src/test/resources/test-1/mbox.rlug"
if [ -f "$rlug" ]; then
    rm -rf "$TMP/r"
    expect 0 import -a "$TMP/r" "$rlug"
    for i in 0 1 2 3 4; do head -c -1 "$rlug-$i" | sha256sum | cut -d' ' -f1; done >"$TMP/rlug.expected"
    shas "$TMP/r" | cmp -s - "$TMP/rlug.expected" || fail "mbox.rlug does not split into mbox.rlug-0..4"
fi
note "corpora: $files files: $mail imported ($messages messages, $rejected rejected), $notmail refused as not mail; $(wc -l <"$TMP/maildirs") Maildirs"
exit 0
