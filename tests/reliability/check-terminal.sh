#!/bin/sh
# check-terminal.sh: no control character from mail reaches a terminal or
# a tab-separated line unescaped (issue 27 §8): show, threads, search and
# check on tests/data/hostile/generate.sh's terminal.mbox (a window title,
# the clipboard, clear screen, BEL, a C1 CSI, a CR that rewrites a line)
# and ids.mbox; raw mail is not written to a terminal.
. "${top_srcdir:?run me through make check or tests/reliability/run}/tests/reliability/lib.sh"

"$DATA/hostile/generate.sh" "$TMP/generated"
# The bytes a terminal obeys: C0 controls but TAB and LF, DEL, and the C1
# controls as UTF-8 (C2 80 to C2 9F).
printf '[\001-\010\013-\037\177]\|\302[\200-\237]\n' >"$TMP/controls"

# Fails when file $1 holds a control character; TAB and LF allowed.
no_controls () {
    if LC_ALL=C grep -n -f "$TMP/controls" "$1" >"$TMP/found"; then
        od -c "$TMP/found" | head -n 20 >&2
        fail "${2:-output} holds a control character"
    fi
}

archive () {
    rm -rf "$TMP/a"
    expect 0 import -q -a "$TMP/a" "$TMP/generated/terminal.mbox" "$TMP/generated/ids.mbox"
}

show_escaped () {
    archive
    expect 0 show -a "$TMP/a" terminal@example.org
    no_controls "$TMP/out" "show"
    grep -q '^Subject: title \\x1b\]0;owned\\x07 clip \\x1b\]52;' "$TMP/out" || fail "$(cat "$TMP/out")"
    expect 0 show -a "$TMP/a" terminal-2@example.org
    no_controls "$TMP/out" "show"
    grep -q '^Fake line\\x0dmlarc: all is well$' "$TMP/out" || fail "the CR: $(cat "$TMP/out")"
    grep -q -x -F "$(printf 'A real\ttab and a backslash \\ stay.')" "$TMP/out" \
        || fail "the TAB and the backslash: $(cat "$TMP/out")"
    detail "subject, name and body escaped; tabs and line breaks of the body kept"
}

threads_escaped () {
    archive
    expect 0 threads -a "$TMP/a"
    no_controls "$TMP/out" "threads"
    expect 0 threads -a "$TMP/a" --format xml
    no_controls "$TMP/out" "threads --format xml"
    detail "text and XML"
}

search_escaped () {
    archive
    for format in text json; do
        for threads in "" --threads; do
            expect 0 search -a "$TMP/a" --format $format $threads screen OR owned OR id
            [ -s "$TMP/out" ] || fail "search --format $format $threads found nothing"
            no_controls "$TMP/out" "search --format $format $threads"
        done
    done
    detail "text and JSON, messages and threads"
}

check_escaped () {
    archive
    expect 0 check -a "$TMP/a"
    no_controls "$TMP/out" "check"
    awk -F '\t' 'NF != 5 { exit 1 }' "$TMP/out" || fail "a line without 5 fields: $(cat "$TMP/out")"
    detail "$(wc -l <"$TMP/out") lines of 5 fields"
}

errors_escaped () {
    archive
    expect 1 show -a "$TMP/a" "$(printf 'no\033]0;owned\007@example.org')"
    no_controls "$TMP/err" "the error"
    detail "$(head -n 1 "$TMP/err")"
}

raw_not_to_terminal () {
    command -v script >/dev/null 2>&1 || skip "script(1) is needed for a terminal"
    archive
    for args in "show --raw -a $TMP/a terminal@example.org" \
                "show --thread-mbox -a $TMP/a terminal@example.org" \
                "search --format mbox -a $TMP/a owned" "export -a $TMP/a"; do
        status=0
        script -q -e -c "$MLARC $args" /dev/null >"$TMP/tty.crlf" 2>&1 </dev/null || status=$?
        # The terminal ends its lines with CR LF.
        tr -d '\r' <"$TMP/tty.crlf" >"$TMP/tty"
        [ "$status" -eq 2 ] || fail "mlarc $args on a terminal: exit $status"
        grep -q 'not written to a terminal' "$TMP/tty" || fail "$(cat "$TMP/tty")"
        no_controls "$TMP/tty" "mlarc $args on a terminal"
    done
    # To a pipe, the bytes are the mail's.
    expect 0 show --raw -a "$TMP/a" terminal@example.org
    LC_ALL=C grep -q "$(printf '\033')" "$TMP/out" || fail "show --raw to a file lost its bytes"
    detail "show --raw, --thread-mbox, search --format mbox, export: exit 2 on a terminal"
}

check "show escapes control characters" show_escaped
check "threads escapes control characters" threads_escaped
check "search escapes control characters" search_escaped
check "check escapes control characters" check_escaped
check "errors escape control characters" errors_escaped
check "raw mail is not written to a terminal" raw_not_to_terminal
finish
