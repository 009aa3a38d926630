#!/bin/sh
# check-identity.sh: one identity per message, whatever its container:
# runs tests/e2e-identity.sh (every container, the legacy archive) and
# makes one row of each step it passed, and a FAIL row of the step that
# failed. Prints "ROW<TAB>check<TAB>PASS|FAIL|SKIP<TAB>detail" (see run).
# Environment: MLARC (the CLI; skip when unset), top_srcdir, XMLLINT.
set -u
if [ -z "${MLARC:-}" ] || [ ! -x "$MLARC" ]; then
    printf 'ROW\tidentity\tSKIP\tMLARC is not set to a built mlarc\n'
    exit 77
fi
here=$(cd "$(dirname "$0")" && pwd)
top_srcdir=${top_srcdir:-$(cd "$here/../.." && pwd)}
export MLARC top_srcdir
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mlarc-identity.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
status=0
sh "$top_srcdir/tests/e2e-identity.sh" >"$tmp/out" 2>"$tmp/err" || status=$?
sed -n 's/^ok\t\([^\t]*\)\t/ROW\tidentity: \1\tPASS\t/p' "$tmp/out"
if [ "$status" -ne 0 ]; then
    why=$(grep '^FAIL: ' "$tmp/err" | head -n 1 | cut -c 7- | tr '\t' ' ')
    printf 'ROW\tidentity\tFAIL\t%s\n' "${why:-e2e-identity.sh exited with status $status}"
    exit 1
fi
exit 0
