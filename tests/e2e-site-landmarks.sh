#!/bin/sh
# e2e-site-landmarks.sh: every HTML page of the sample's site has exactly
# one <h1> and one <main>, a <header> and a <nav> (issue 24 section 4), and
# message pages say how to reply: a mailto: link to the list's posting
# address with In-Reply-To and a "Re:" subject, and the git send-email
# line; with addresses hidden (the default) no other address is in them.
# The home page says how to post and subscribe. Needs python3 (its HTML
# parser counts the elements); skips without it.
. "${top_srcdir:-.}/tests/e2e-lib.sh"
command -v python3 >/dev/null 2>&1 || skip "python3 is needed to parse the pages"

S=$TMP/site
expect 0 build --search=no -q -a "$TMP/archive" -o "$S" "$SAMPLE"

cat >"$TMP/landmarks.py" <<'PY'
import sys
from html.parser import HTMLParser

class Count(HTMLParser):
    def __init__(self):
        super().__init__()
        self.n = {}
    def handle_starttag(self, tag, attrs):
        self.n[tag] = self.n.get(tag, 0) + 1

bad = 0
pages = sys.argv[1:]
for page in pages:
    c = Count()
    with open(page, encoding='utf-8') as f:
        c.feed(f.read())
    n = c.n
    problems = []
    if n.get('h1', 0) != 1: problems.append('%d h1' % n.get('h1', 0))
    if n.get('main', 0) != 1: problems.append('%d main' % n.get('main', 0))
    if n.get('header', 0) < 1: problems.append('no header')
    if n.get('nav', 0) < 1: problems.append('no nav')
    if problems:
        bad += 1
        print('%s: %s' % (page, ', '.join(problems)))
print('%d pages, %d without their landmarks' % (len(pages), bad))
sys.exit(1 if bad else 0)
PY
find "$S" -name '*.html' | sort >"$TMP/pages"
[ "$(wc -l <"$TMP/pages")" -gt 50 ] || fail "only $(wc -l <"$TMP/pages") pages"
grep -q '/m/' "$TMP/pages" && grep -q '/t/' "$TMP/pages" || fail "no message or thread pages"
# shellcheck disable=SC2046
python3 "$TMP/landmarks.py" $(cat "$TMP/pages") >"$TMP/landmarks" ||
    { cat "$TMP/landmarks" >&2; fail "pages without one h1, one main, a header and a nav"; }

# A message page: its subject is the h1; the reply section.
page=$S/m/20040714025057.GA8801@thunk.org/index.html
[ -f "$page" ] || fail "no page for <20040714025057.GA8801@thunk.org>"
grep -q '<h1 class="subject"' "$page" || fail "the message's subject is not the h1"
grep -q '<section class="reply" id="reply"' "$page" || fail "no reply section"
mailto=$(grep -o 'href="mailto:[^"]*"' "$page" | head -n 1)
[ -n "$mailto" ] || fail "no mailto: link"
echo "$mailto" | grep -q '^href="mailto:ksummit-2004-discuss@thunk.org?In-Reply-To=%3C20040714025057.GA8801%40thunk.org%3E&amp;Subject=Re%3A%20' ||
    fail "mailto: $mailto"
grep -q -- '--in-reply-to=20040714025057.GA8801@thunk.org \\' "$page" || fail "no --in-reply-to"
grep -q -- '--to=ksummit-2004-discuss@thunk.org \\' "$page" || fail "no --to with the list"
sed -n '/<section class="reply"/,/<\/section>/p' "$page" >"$TMP/reply"
grep -q 'tytso@' "$TMP/reply" && fail "a hidden address in the reply section"
grep -q -- '--cc=' "$TMP/reply" && fail "a --cc with addresses hidden"

# Shown addresses: to the author, the list in Cc, as public-inbox has it.
expect 0 site --search=no --addresses show -q -a "$TMP/archive" -o "$TMP/shown"
grep -q -- '--to=tytso@mit.edu \\' "$TMP/shown/m/20040714025057.GA8801@thunk.org/index.html" ||
    fail "--addresses show: the reply is not to the author"
grep -q -- '--cc=ksummit-2004-discuss@thunk.org \\' "$TMP/shown/m/20040714025057.GA8801@thunk.org/index.html" ||
    fail "--addresses show: the list is not in Cc"

# The home page: how to post and subscribe.
grep -q 'Post to the list: <a href="mailto:ksummit-2004-discuss@thunk.org">' "$S/index.html" || fail "home: no posting address"
grep -q 'Subscribe: <a href="http://thunk.org/mailman/listinfo/ksummit-2004-discuss"' "$S/index.html" || fail "home: no subscribe link"
echo "site-landmarks: $(tail -n 1 "$TMP/landmarks"); replies and posting as they should be"
