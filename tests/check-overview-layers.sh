#!/bin/sh
# check-overview-layers.sh: the overview's own files call down one order
# (lib/overview/mla-overview-private.h, doc/design.md "The overview and the
# threads"), lowest first, so no loop of calls runs between them: a file
# calls the functions of lower files only. They share one private header,
# so this reads calls, not includes: every function a file defines
# outside `static` is looked up by name in the files above and below it.
. "${top_srcdir:-.}/tests/e2e-lib.sh"
cd "$top_srcdir"

order="db names query probe search store subset overview"

file_of () {
    [ "$1" = overview ] && echo lib/overview/mla-overview.c \
        || echo lib/overview/mla-overview-"$1".c
}

order_in_design "the overview's"

bad=0
for file in lib/overview/mla-overview.c lib/overview/mla-overview-*.c; do
    module=$(basename "$file" .c | sed 's/^mla-overview-//; s/^mla-overview$/overview/')
    [ -n "$(rank_of "$module")" ] \
        || { echo "$file: no place in tests/check-overview-layers.sh" >&2; bad=$((bad + 1)); }
done
for module in $order; do
    file=$(file_of "$module")
    [ -f "$file" ] || { echo "$file is missing" >&2; bad=$((bad + 1)); continue; }
    rank=$(rank_of "$module")
    for name in $(sed -n 's/^\(mla_[a-z0-9_]*\) (.*/\1/p' "$file"); do
        for caller in $order; do
            [ "$(rank_of "$caller")" -lt "$rank" ] || continue
            # Comments may name a higher function: only code counts.
            if ${CC:-cc} -fpreprocessed -E "$(file_of "$caller")" 2>/dev/null | grep -qw "$name"; then
                echo "$(file_of "$caller") ($caller) calls $name of $file ($module): a higher file" >&2
                bad=$((bad + 1))
            fi
        done
    done
done
[ "$bad" -eq 0 ] || fail "$bad call(s) break the overview's layering"
echo "overview layers: $(echo $order | wc -w) files, no call runs up"
