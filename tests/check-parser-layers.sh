#!/bin/sh
# check-parser-layers.sh: the agenda parser's files are layered too
# (doc/design.md, "The agenda parser"): each module (mla-agenda-X.c and
# its mla-agenda-X-private.h) includes the private headers of lower
# modules only, never of a higher one, so no loop of calls runs between
# its files; where a lower module needs the work of a higher one it is
# handed a callback (the rule engine's compile and classify functions).
# The order below is the one doc/design.md writes; a new file must be
# placed in both.
. "${top_srcdir:-.}/tests/e2e-lib.sh"
cd "$top_srcdir"

order="patterns vocabulary builder times unfold scanner durations names days places people title-places title-days titles changes evidence cells pasted blocks grids tables labels flat export slots slot-labelled headings finish rules"

order_in_design "the parser's"

bad=0
for file in lib/agenda-parser/mla-agenda-*.c lib/agenda-parser/mla-agenda-*-private.h; do
    module=$(basename "$file" | sed 's/^mla-agenda-//; s/-private\.h$//; s/\.c$//')
    rank=$(rank_of "$module")
    [ -n "$rank" ] || { echo "$file: module $module has no place in tests/check-parser-layers.sh" >&2; bad=$((bad + 1)); continue; }
    for header in $(sed -n 's/^#include "mla-agenda-\([a-z-]*\)-private\.h".*/\1/p' "$file"); do
        to=$(rank_of "$header")
        [ -n "$to" ] || continue # a header of another folder
        [ "$header" = "$module" ] && continue
        if [ "$to" -ge "$rank" ]; then
            echo "$file ($module, $rank) includes mla-agenda-$header-private.h ($header, $to): a higher module" >&2
            bad=$((bad + 1))
        fi
    done
done
for m in $order; do
    [ -f lib/agenda-parser/mla-agenda-"$m".c ] || [ -f lib/agenda-parser/mla-agenda-"$m"-private.h ] \
        || { echo "module $m has no file in lib/agenda-parser/" >&2; bad=$((bad + 1)); }
done
[ "$bad" -eq 0 ] || fail "$bad include(s) break the parser's layering"
echo "parser layers: $(echo $order | wc -w) modules, no include runs up"
