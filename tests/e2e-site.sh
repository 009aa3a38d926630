#!/bin/sh
# e2e-site.sh: mlarc build and mlarc site on the sample and on hostile mail:
# every page parses, every internal link resolves, feeds are Atom, no
# mail-borne script reaches a page, withheld mail stays unpublished, and an
# incremental update leaves the site byte-identical to a full rebuild.
. "${top_srcdir:-.}/tests/e2e-lib.sh"

command -v "$XMLLINT" >/dev/null 2>&1 || skip "xmllint is needed to parse the pages"

A=$TMP/archive
S=$TMP/site
expect 0 build --search=no -a "$A" -o "$S" "$SAMPLE"
grep -q '^mlarc site: [0-9]* files written, 0 unchanged, 0 removed; 36 messages published, 0 withheld$' \
    "$TMP/err" || fail "build: no site summary: $(cat "$TMP/err")"
for f in index.html style.css new.atom threads.atom 2004/07/index.html 2004/07/by-author.html; do
    [ -f "$S/$f" ] || fail "no $f"
done
[ "$(ls "$S/m" | wc -l)" -eq 36 ] || fail "not 36 message pages"

# The sample's two agendas: timetables beside their messages, an iCalendar
# file each, a list, and links from the home page and the message pages.
[ "$(cat "$S"/m/*/agenda-1.html | grep -o 'class="title"' | wc -l)" -ge 35 ] \
    || fail "agendas: too few slots in the timetables"
[ "$(ls "$S"/m/*/agenda-1.ics | wc -l)" -eq 2 ] || fail "agendas: not two calendars"
for ics in "$S"/m/*/agenda-1.ics; do
    head -n 1 "$ics" | grep -q '^BEGIN:VCALENDAR' || fail "$ics is not iCalendar"
done
[ "$(grep -o 'agenda-1.html' "$S/agendas/index.html" | wc -l)" -eq 2 ] || fail "agendas: the list lacks one"
grep -q 'agendas/index.html\|agenda-1.html' "$S/index.html" || fail "home: no agendas"
grep -q 'INTEL LaGrande disclosure' "$S"/m/*/agenda-1.html || fail "agendas: the seed's evening slot is missing"
grep -l 'agenda-1.html' "$S"/m/*/index.html >/dev/null || fail "no message page links to its agenda"

# Counts of one are singular (the message has no Date: one defect).
printf 'From a@x Mon Mar  1 10:00:00 2021\nFrom: a@x\nSubject: one\nMessage-ID: <one@x>\n\nOne.\n' >"$TMP/one.mbox"
expect 0 build --search=no -a "$TMP/one" -o "$TMP/one-site" "$TMP/one.mbox"
grep -q ' 1 message published, 0 withheld$' "$TMP/err" || fail "one message: $(cat "$TMP/err")"
expect 0 check -a "$TMP/one"
grep -q '^mlarc check: 1 message, 1 defect, 0 rejects, 0 invalid files, 0 raw mismatches$' "$TMP/err" \
    || fail "check, one message: $(cat "$TMP/err")"

# A second run on the same archive writes nothing.
expect 0 site --search=no -a "$A" -o "$S"
grep -q ' 0 files written, [0-9]* unchanged, 0 removed' "$TMP/err" || fail "rerun wrote files: $(cat "$TMP/err")"

# Hostile mail, added to the same archive and site.
expect 0 build --search=no -a "$A" -o "$S" "$DATA/site/hostile.mbox"
grep -q ' 42 messages published, 1 withheld$' "$TMP/err" || fail "hostile: $(cat "$TMP/err")"

site_pages_parse "$S"
site_links_resolve "$S"
[ "$links" -gt 500 ] || fail "only $links internal links checked"

# Feeds: well-formed Atom with what RFC 4287 requires.
for feed in "$S/new.atom" "$S/threads.atom" "$S"/t/*/atom.xml; do
    "$XMLLINT" --noout "$feed" || fail "$feed is not well-formed"
    for path in "/*[local-name()='feed']/*[local-name()='id']" "/*[local-name()='feed']/*[local-name()='title']" \
                "/*[local-name()='feed']/*[local-name()='updated']"; do
        [ "$("$XMLLINT" --xpath "count($path)" "$feed")" -eq 1 ] || fail "$feed: no $path"
    done
    missing=$("$XMLLINT" --xpath "count(//*[local-name()='entry'][not(*[local-name()='id']) or not(*[local-name()='title']) or not(*[local-name()='updated'])])" "$feed")
    [ "$missing" -eq 0 ] || fail "$feed: $missing entries lack id, title or updated"
done

site_no_active_content "$S"
grep -q 'alert(1)' "$S"/m/*/index.html || fail "the display name with <script> is not shown as text"

# Ids that would be paths, and ids that differ only in case.
[ -f "$S/m/%2E/index.html" ] || fail "the id '.' has no page of its own"
[ -f "$S/m/..%2F..%2Fetc%2Fpasswd@example.org/index.html" ] || fail "no page for ../../etc/passwd@"
[ ! -e "$TMP/etc" ] && [ ! -e "$S/etc" ] || fail "a file was written outside its folder"
[ -z "$(ls "$S/m" | tr 'A-Z' 'a-z' | sort | uniq -d)" ] || fail "two message folders differ only in case"
# The first of two ids that differ only in case keeps its name; the later
# one gets a suffix (SHA-256 of "case@example.org" begins 5ce5c9f3).
[ -f "$S/m/Case@example.org/index.html" ] || fail "the first of two ids differing in case lost its name"
[ -f "$S/m/case@example.org_5ce5c9f3/index.html" ] || fail "the later of two ids differing in case: $(ls "$S/m" | grep -i case)"
# A message's URL is its id escaped as public-inbox escapes it; the folder
# is what a web server decodes that URL to.
[ -f "$S/m/odd#?%\"[]{}^|café@example.org/index.html" ] || fail "no folder named after an id with odd bytes"
grep -q 'href="../../m/odd%23%3F%25%22%5B%5D%7B%7D%5E%7Ccaf%C3%A9@example.org/index.html"' "$S"/2021/03/by-date.html \
    || fail "the URL of an id with odd bytes is not public-inbox's"
[ -f "$S/m/20040714025057.GA8801@thunk.org/index.html" ] || fail "an id with capitals is not its own URL"
grep -q 'index.html' "$S/m/..%2F..%2Fetc%2Fpasswd@example.org/index.html" || fail "no attachment listing"
# Attachments are downloads beside the page, under names that are no page
# and no script, with their decoded bytes.
H="$S/m/..%2F..%2Fetc%2Fpasswd@example.org"
for f in 1-_._.__x.bin 2-index.html.bin 3-a.sh.bin; do
    [ -f "$H/$f" ] || fail "no attachment file $f"
done
[ "$(cat "$H/3-a.sh.bin")" = "rm -rf /" ] || fail "a.sh: not its decoded bytes"
[ -z "$(find "$S" -name '*.sh' -o -name '*.html' -path '*passwd*' ! -name index.html)" ] \
    || fail "an attachment kept a risky name"

# An HTML-only mail: its text on the page, the HTML only as a .txt download.
grep -q 'Shown as' "$S/m/html-only@example.org/index.html" || fail "HTML mail: no text"
grep -q 'body.html.txt' "$S/m/html-only@example.org/index.html" || fail "HTML mail: no link to its HTML"
grep -q '<script>alert(11)</script>' "$S/m/html-only@example.org/body.html.txt" || fail "HTML mail: not the HTML it was written in"

# X-No-Archive: stored, not published.
[ ! -e "$S/m/no-archive@example.org" ] || fail "a withheld message has a page"
! grep -r -q 'Do not publish me' "$S" || fail "a withheld message shows on a page"

# The URL a site gave a message before names were recorded (capitals got
# "_" and 8 hex digits) becomes a page that sends the reader on, and stays
# one; an old URL never replaces a page of today. Made here as an older
# build would have left it: the page and its line in the manifest.
R=$TMP/renamed
expect 0 site --search=no -a "$A" -o "$R"
old_url=m/20040714025057.GA8801@thunk.org_366b003a
mkdir "$R/$old_url"
echo old >"$R/$old_url/index.html"
echo "$(printf 'old\n' | sha256sum | cut -d ' ' -f 1) $old_url/index.html" >>"$R/.mlarc-site"
# An older build left no .mlarc-site.state (its key would name another
# mlarc): without it the next run is a whole one, not "nothing new".
rm -f "$R/.mlarc-site.state"
expect 0 site --search=no -a "$A" -o "$R"
grep -q '<meta http-equiv="refresh" content="0; url=../../m/20040714025057.GA8801@thunk.org/index.html">' \
    "$R/$old_url/index.html" || fail "an old URL does not send the reader on: $(cat "$R/$old_url/index.html")"
grep -q 'href="../../m/20040714025057.GA8801@thunk.org/index.html"' "$R/$old_url/index.html" \
    || fail "an old URL's page has no link to the message"
expect 0 site --search=no -a "$A" -o "$R"
grep -q ' 0 files written, [0-9]* unchanged, 0 removed' "$TMP/err" && [ -f "$R/$old_url/index.html" ] \
    || fail "the page of an old URL went away: $(cat "$TMP/err")"
site_pages_parse "$R"
site_links_resolve "$R"
site_no_active_content "$R"

# Incremental = full: the updated site equals a rebuild into an empty folder
# (but the manifest's delta, which names its base by inode and time).
expect 0 site --search=no -a "$A" -o "$TMP/full"
diff -r -x .mlarc-site.delta "$S" "$TMP/full" >"$TMP/diff" || { head -20 "$TMP/diff" >&2; fail "incremental site differs from a full build"; }

# An update rewrites only what changed: an untouched thread keeps its mtime.
old=$(ls -d "$S"/t/* | head -n 1)
touch -d '2001-01-01' "$old/index.html"
expect 0 import -q -a "$A" "$DATA/thread/root.mbox"
expect 0 site --search=no -a "$A" -o "$S"
[ "$(find "$old/index.html" -newermt '2002-01-01' | wc -l)" -eq 0 ] || fail "an unchanged page was rewritten"
grep -q ' [1-9][0-9]* files written' "$TMP/err" || fail "the new message wrote nothing"

# A link already in the site is not followed: nothing lands outside.
L=$TMP/linked
mkdir -p "$L" "$TMP/elsewhere"
ln -s "$TMP/elsewhere" "$L/m"
expect 1 site --search=no -a "$A" -o "$L"
[ -z "$(ls -A "$TMP/elsewhere")" ] || fail "a page was written through a link"
[ "$(wc -l <"$TMP/err")" -le 2 ] || fail "the link error is not a line or two"

# A site run killed part way leaves usable pages; the next run removes its
# temporary files, completes it, and leaves it as a full build would.
K=$TMP/killed
for delay in 0.03 0.06 0.1 0.15 0.2 0.3 0.6; do
    rm -rf "$K"
    timeout -s KILL $delay "$MLARC" site --search=no -q -j 1 -a "$A" -o "$K" 2>/dev/null || true
    [ -e "$K/.mlarc-site.running" ] && break
done
[ -e "$K/.mlarc-site.running" ] || note "no run was caught part way: the resume below is a plain rerun"
site_pages_parse "$K" 50
expect 0 site --search=no -a "$A" -o "$K"
expect 0 site --search=no -a "$A" -o "$TMP/full2"
diff -r -x .mlarc-site.delta "$K" "$TMP/full2" >"$TMP/diff" || { head -20 "$TMP/diff" >&2; fail "the run after a killed one differs from a full build"; }

echo "e2e-site: ok"
