# lib.sh: sourced by the check-*.sh scripts of tests/reliability/ after
# tests/e2e-lib.sh (fail, skip, expect, validate, the site_* helpers).
# "check NAME FUNCTION [ARG...]" runs FUNCTION in a subshell and prints its
# row, "ROW<TAB>NAME<TAB>PASS|FAIL|SKIP<TAB>detail": PASS when it returns,
# SKIP on skip, FAIL on fail or any other exit, the detail being what it
# gave "detail", or the skip/fail message. "finish" ends the script: exit
# 1 if a row failed, 77 if every row skipped, else 0.
. "${top_srcdir:?run me through make check or tests/reliability/run}/tests/e2e-lib.sh"

rows_file=$TMP/rows
: >"$rows_file"

# The detail of the current check's row (the last call wins).
detail () { printf '%s' "$*" >"$TMP/detail"; }

# Seconds since the epoch with centiseconds, for durations in details.
now () { date +%s.%N | cut -c 1-13; }
elapsed () { echo "$(now) $1" | awk '{ printf "%.1f", $1 - $2 }'; }

check () {
    name=$1; shift
    : >"$TMP/detail"
    check_status=0
    ( "$@" ) 2>"$TMP/check.err" || check_status=$?
    case $check_status in
    0) result=PASS ;;
    77) result=SKIP; grep '^SKIP: ' "$TMP/check.err" | tail -n 1 | cut -c 7- | tr -d '\n' >"$TMP/detail" ;;
    *) result=FAIL
       { grep '^FAIL: ' "$TMP/check.err" | tail -n 1 | cut -c 7- | grep . \
             || echo "exit status $check_status: $(tail -n 1 "$TMP/check.err")"; } | tr -d '\n' >"$TMP/detail"
       sed 's/^/# /' "$TMP/check.err" >&2 ;;
    esac
    printf 'ROW\t%s\t%s\t%s\n' "$name" "$result" "$(tr '\t\n' '  ' <"$TMP/detail" | cut -c 1-300)"
    echo "$result" >>"$rows_file"
}

finish () {
    grep -q FAIL "$rows_file" && exit 1
    grep -q PASS "$rows_file" || exit 77
    exit 0
}
