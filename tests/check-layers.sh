#!/bin/sh
# check-layers.sh: lib/ is in folders by layer (doc/design.md, "Layers");
# a file includes headers of its own folder and of lower layers only, never
# of a higher layer or of a sibling on the same layer. src/ sees the public
# API only (mlarc.h), never a -private.h header. The layer table below is
# the one doc/design.md draws; a new folder must be added to both.
. "${top_srcdir:-.}/tests/e2e-lib.sh"
cd "$top_srcdir"

layer_of () {
    case $1 in
    base) echo 0 ;;
    mail) echo 1 ;;
    agenda) echo 2 ;;
    agenda-parser | archive) echo 3 ;;
    overview) echo 4 ;;
    site) echo 5 ;;
    import) echo 6 ;;
    *) echo "" ;;
    esac
}

# Every folder of lib/ has a layer, and design.md names it.
for dir in lib/*/; do
    folder=$(basename "$dir")
    [ -n "$(layer_of "$folder")" ] || fail "lib/$folder/ has no layer in tests/check-layers.sh"
    grep -q "lib/$folder/" doc/design.md || fail "lib/$folder/ is not in doc/design.md"
done

# header name -> folder
find lib -mindepth 2 -name '*.h' | sed 's|^lib/\([^/]*\)/\(.*\)$|\2 \1|' | LC_ALL=C sort >"$TMP/headers"

bad=0
for file in $(find lib -mindepth 2 -name '*.[ch]' ! -name 'mla-resources.c' | LC_ALL=C sort); do
    folder=$(echo "$file" | cut -d/ -f2)
    rank=$(layer_of "$folder")
    for header in $(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$file"); do
        [ "$header" = config.h ] && continue
        to=$(awk -v h="$header" '$1 == h { print $2 }' "$TMP/headers")
        [ -n "$to" ] || { echo "$file: includes $header, which is in no folder of lib/" >&2; bad=$((bad + 1)); continue; }
        [ "$to" = "$folder" ] && continue
        to_rank=$(layer_of "$to")
        if [ "$to_rank" -ge "$rank" ]; then
            echo "$file ($folder, layer $rank) includes $header ($to, layer $to_rank): upward or sideways" >&2
            bad=$((bad + 1))
        fi
    done
done
# The umbrella header sits above every layer; it includes public headers only.
if grep -n '^#include ".*-private\.h"' lib/mlarc.h src/*.c src/*.h >&2; then
    echo "a private header is included by the CLI or the umbrella header" >&2
    bad=$((bad + 1))
fi
[ "$bad" -eq 0 ] || fail "$bad include(s) break the layering"
echo "layers: $(find lib -mindepth 2 -name '*.[ch]' | wc -l) files in $(ls -d lib/*/ | wc -l) folders, no include runs up"
