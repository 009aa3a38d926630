#!/bin/sh
# browser-site.sh: the sample's site in a real browser (Debian's chromium,
# headless): home -> month -> thread -> message, each page rendered by the
# browser and its DOM checked for what a reader should see; the style sheet
# must load under the pages' Content-Security-Policy. With
# MLARC_SCREENSHOTS=DIR it also leaves screenshots of a thread and a
# message page at phone and desktop widths in DIR (doc/ holds them).
# Skips when chromium is not installed.
. "${top_srcdir:-.}/tests/e2e-lib.sh"

CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
[ -n "$CHROMIUM" ] || skip "chromium is not installed"

S=$TMP/site
expect 0 build -q -a "$TMP/archive" -o "$S" "$SAMPLE"

browse () {    # browse FILE [extra chromium options]: the rendered DOM on stdout
    file=$1; shift
    timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$TMP/profile" "$@" "file://$file" 2>"$TMP/chromium.err"
}

# The first link whose href starts with $2 in the DOM $1, resolved from the
# page $3's folder, '%25' undone as a browser does.
follow () {
    href=$(grep -o "href=\"$2[^\"]*\"" "$1" | head -n 1 | sed 's/^href="//; s/"$//; s/%25/%/g')
    [ -n "$href" ] || fail "no link to $2 in $3"
    echo "$(dirname "$3")/$href"
}

home=$S/index.html
browse "$home" --dump-dom >"$TMP/home.dom" || fail "chromium could not open the home page"
grep -q 'ksummit-2004-discuss.thunk.org' "$TMP/home.dom" || fail "home: no list name"
grep -q '36 messages in 9 threads' "$TMP/home.dom" || fail "home: no counts"

month=$(follow "$TMP/home.dom" 2004/07/ "$home")
browse "$month" --dump-dom >"$TMP/month.dom"
grep -q '<h1>2004-07</h1>' "$TMP/month.dom" || fail "month: no heading"
grep -q 'Kernel Summit Agenda' "$TMP/month.dom" || fail "month: the agenda thread is not listed"

thread=$(follow "$TMP/month.dom" ../../t/ "$month")
browse "$thread" --dump-dom >"$TMP/thread.dom"
grep -q 'class="skeleton"' "$TMP/thread.dom" || fail "thread: no overview"
grep -q 'download as mbox' "$TMP/thread.dom" || fail "thread: no mbox download"

message=$(follow "$TMP/thread.dom" ../../m/ "$thread")
browse "$message" --dump-dom >"$TMP/message.dom"
grep -q 'Message-ID' "$TMP/message.dom" || fail "message: no headers"
grep -q 'the whole thread' "$TMP/message.dom" || fail "message: no way back to the thread"
grep -q -E 'class="depth-[0-9]+ current"' "$TMP/message.dom" || fail "message: the overview does not mark it"
grep -q '<h1 class="subject"' "$TMP/message.dom" || fail "message: its subject is not the h1"
grep -q '<main class="main">' "$TMP/message.dom" || fail "message: no main"
grep -q 'href="mailto:ksummit-2004-discuss@thunk.org?In-Reply-To=' "$TMP/message.dom" ||
    fail "message: no mailto: link to reply to the list"
grep -q 'git send-email' "$TMP/message.dom" || fail "message: no git send-email line"
grep -q 'Post to the list' "$TMP/home.dom" || fail "home: no word on posting"

# At 390 px the thread overview keeps its authors' names whole: a copy of
# the message page without its CSP runs a script that measures each
# author in the overview and writes the count of those cut or outside
# the window into the DOM.
narrow=$(dirname "$message")/narrow.html
sed -e 's|<meta http-equiv="Content-Security-Policy"[^>]*>||' \
    -e 's|</body>|<script>var n = 0, cut = 0; document.querySelectorAll("ul.skeleton .author").forEach(function (a) { var r = a.getBoundingClientRect (); n++; if (a.scrollWidth > a.clientWidth + 1 \|\| r.right > window.innerWidth \|\| r.width < 1) cut++; }); document.body.setAttribute ("data-authors", n + " " + cut);</script></body>|' \
    "$message" >"$narrow"
browse "$narrow" --dump-dom --window-size=390,1400 >"$TMP/narrow.dom"
authors=$(sed -n 's/.*data-authors="\([0-9]*\) \([0-9]*\)".*/\1 \2/p' "$TMP/narrow.dom")
[ -n "$authors" ] || fail "390 px: the measuring script did not run"
[ "${authors% *}" -gt 0 ] || fail "390 px: no author in the overview"
[ "${authors#* }" -eq 0 ] || fail "390 px: ${authors#* } of ${authors% *} authors cut in the thread overview"

# The style sheet loads under the CSP: the page is not laid out in the
# browser's defaults (a screenshot of a styled page differs from unstyled).
browse "$thread" --screenshot="$TMP/styled.png" --window-size=1280,900 >/dev/null
sed 's|<link rel="stylesheet"[^>]*>||' "$thread" >"$(dirname "$thread")/unstyled.html"
browse "$(dirname "$thread")/unstyled.html" --screenshot="$TMP/unstyled.png" --window-size=1280,900 >/dev/null
[ -s "$TMP/styled.png" ] && [ -s "$TMP/unstyled.png" ] || fail "no screenshots"
! cmp -s "$TMP/styled.png" "$TMP/unstyled.png" || fail "the style sheet did not load"
grep -qi 'Refused to' "$TMP/chromium.err" && fail "the browser refused something: $(grep -i 'Refused' "$TMP/chromium.err" | head -n 1)"

if [ -n "${MLARC_SCREENSHOTS:-}" ]; then
    for width in 390 1280; do
        browse "$thread" --screenshot="$MLARC_SCREENSHOTS/site-thread-$width.png" --window-size=$width,1400 >/dev/null
        browse "$message" --screenshot="$MLARC_SCREENSHOTS/site-message-$width.png" --window-size=$width,1400 >/dev/null
    done
fi
echo "browser-site: ok"
