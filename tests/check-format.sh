#!/bin/sh
# check-format.sh: the C sources are laid out as .clang-format says (the
# layout of ../shared/STYLE.md: notmuch's, 80 columns), so a change is
# reviewed for what it does, not for its spacing. Reformat with
#   clang-format -i FILE...
# The generated lib/base/mla-resources.c and the fuzz corpora are left out.
. "${top_srcdir:-.}/tests/e2e-lib.sh"
cd "$top_srcdir"

command -v clang-format >/dev/null 2>&1 || skip "clang-format is not installed"
# Another major version lays some constructs out differently: the layout is
# the one of the version CI installs (Debian 12's, 14).
version=$(clang-format --version | sed -n 's/.*version \([0-9]*\)\..*/\1/p')
[ "$version" = 14 ] || skip "clang-format $version, not 14"

files=$(find lib src tests -name '*.[ch]' ! -path 'tests/fuzz/corpus/*' \
        ! -name mla-resources.c ! -name config.h | sort)
[ -n "$files" ] || fail "no C sources found under $(pwd)"
# shellcheck disable=SC2086 # one word per file name, none has a space
clang-format --dry-run -Werror $files 2>"$TMP/format" \
    || { head -n 20 "$TMP/format" >&2; fail "not laid out as .clang-format says: clang-format -i the files above"; }
