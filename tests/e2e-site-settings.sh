#!/bin/sh
# e2e-site-settings.sh: the options that shape a site are recorded with it
# (SITE/.mlarc-site.settings) and reused (issue 22, part 4): a run without
# them rewrites nothing and keeps the feeds' absolute links; a changed
# title is reported; a missing templates folder is an error; -q prints
# nothing but errors, also when search=auto finds no pagefind.
. "${top_srcdir:?run me through make check}/tests/e2e-lib.sh"

A=$TMP/archive
S=$TMP/site
expect 0 build -q --search=no --title "Summit 2004" --base-url https://lists.example.org/ks/ \
    -a "$A" -o "$S" "$SAMPLE"
[ -f "$S/.mlarc-site.settings" ] || fail "no settings file"
grep -q 'https://lists.example.org/ks/' "$S/new.atom" || fail "the feed has no absolute links"

expect 0 site -a "$A" -o "$S"
grep -q '^mlarc site: 0 files written' "$TMP/err" || fail "a run without the options rewrote files: $(cat "$TMP/err")"
grep -q 'https://lists.example.org/ks/' "$S/new.atom" || fail "the feed lost its absolute links"
grep -q 'Summit 2004' "$S/index.html" || fail "the title was forgotten"

expect 0 site -a "$A" -o "$S" --title "Kernel Summit"
grep -q '^mlarc site: title changed from Summit 2004 to Kernel Summit$' "$TMP/err" \
    || fail "the change is not reported: $(cat "$TMP/err")"
grep -q 'Kernel Summit' "$S/index.html" || fail "the new title is not used"
expect 0 site -a "$A" -o "$S"
grep -q 'changed from' "$TMP/err" && fail "a run without options reports a change: $(cat "$TMP/err")"
grep -q 'Kernel Summit' "$S/index.html" || fail "the new title was forgotten"

expect 2 site -a "$A" -o "$S" --templates "$TMP/nowhere"
grep -q 'no such folder' "$TMP/err" || fail "no clear message: $(cat "$TMP/err")"
grep -q 'nowhere' "$S/.mlarc-site.settings" && fail "a missing templates folder was recorded"

# -q: nothing on stderr, even when search=auto finds no pagefind.
(
    unset MLARC_PAGEFIND
    # Nor node_modules/.bin under the current folder (npm ci puts it there).
    cd "$TMP"
    PATH=/usr/bin:/bin; export PATH
    command -v pagefind >/dev/null 2>&1 && skip "pagefind is in /usr/bin or /bin"
    expect 0 site -q --search=auto -a "$A" -o "$S"
    [ -s "$TMP/err" ] && fail "-q printed: $(cat "$TMP/err")"
    expect 0 site --search=auto -a "$A" -o "$S"
    grep -q 'pagefind not found' "$TMP/err" || fail "no pagefind notice without -q: $(cat "$TMP/err")"
) || exit $?
