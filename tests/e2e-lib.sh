# e2e-lib.sh: sourced by the end-to-end tests. POSIX sh.
# The harness exports MLARC (the built CLI), top_srcdir, XMLLINT, MLARC_SHARED.
set -eu
: "${MLARC:?run me through make check}" "${top_srcdir:?run me through make check}"
XMLLINT=${XMLLINT:-xmllint}
SCHEMA="$top_srcdir/doc/mlarc-archive.rng"
SAMPLE="$top_srcdir/samples/ksummit-2004-discuss.mbox"
DATA="$top_srcdir/tests/data"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/mlarc-e2e.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM

fail () { echo "FAIL: $*" >&2; exit 1; }
skip () { echo "SKIP: $*" >&2; exit 77; }
note () { echo "# $*" >&2; }

# Runs mlarc, failing the test on a crash (signal or sanitizer report) or
# when it runs longer than $MLARC_TIMEOUT seconds (default 600).
# Sets $status, leaves stdout in $TMP/out and stderr in $TMP/err.
run () {
    status=0
    timeout "${MLARC_TIMEOUT:-600}" "$MLARC" "$@" >"$TMP/out" 2>"$TMP/err" || status=$?
    if [ "$status" -ge 124 ] || grep -q -e 'Sanitizer' -e 'runtime error:' "$TMP/err"; then
        cat "$TMP/err" >&2
        fail "mlarc $* crashed (exit $status)"
    fi
    return 0
}

# run, and expect exit status $1.
expect () {
    want=$1; shift
    run "$@"
    if [ "$status" -ne "$want" ]; then
        cat "$TMP/err" >&2
        fail "mlarc $*: exit $status, expected $want"
    fi
}

# The value of field $1 ("read", "added", "already present", "removed
# earlier", "duplicate ids", "flagged", "rejected") in the import summary line of $TMP/err.
summary () {
    grep '^mlarc import:' "$TMP/err" | tr ',' '\n' | sed -n "s/^.* \([0-9][0-9]*\) $1\$/\1/p" | head -n 1
}

# Every input message is accounted for:
# read = added + present + removed earlier + rejected.
expect_accounted () {
    r=$(summary read); a=$(summary added); p=$(summary "already present"); j=$(summary rejected)
    e=$(summary "removed earlier")
    [ -n "$r" ] && [ -n "$a" ] && [ -n "$p" ] && [ -n "$e" ] && [ -n "$j" ] || fail "no summary line: $(cat "$TMP/err")"
    [ "$r" -eq $((a + p + e + j)) ] || fail "read $r != added $a + present $p + removed earlier $e + rejected $j"
}

# Writes $TMP/m1.eml to $TMP/m$1.eml, one message each, for deliveries:
# Message-ID <$2-N@example.org>, dated $3 (e.g. "Mon, 3 Jan 2005") at
# 10:MM, and a word of its own, wordNword.
make_deliveries () {
    i=1
    while [ $i -le "$1" ]; do
        printf 'From: Poster %s <p%s@example.org>\nTo: list@example.org\nSubject: delivery %s\nMessage-ID: <%s-%s@example.org>\nDate: %s 10:%02d:00 +0000\n\nword%sword\n' \
            $i $i $i "$2" $i "$3" $((i % 60)) $i >"$TMP/m$i.eml"
        i=$((i + 1))
    done
}

# Validates every XML file of archive $1 against the schema, and runs check.
validate () {
    if [ "$XMLLINT" != no ] && command -v "$XMLLINT" >/dev/null 2>&1; then
        for f in "$1"/index.xml "$1"/volumes/*.xml; do
            [ -f "$f" ] || continue
            "$XMLLINT" --noout --huge --relaxng "$SCHEMA" "$f" 2>"$TMP/xmllint" \
                || { cat "$TMP/xmllint" >&2; fail "$f is not valid"; }
        done
    fi
    expect 0 check -a "$1"
}

# Prints the SHA-256 of every message of archive $1, in archive order.
shas () {
    for f in "$1"/volumes/*.xml; do
        [ -f "$f" ] || continue
        sed -n 's/^ *<message .*sha256="\([0-9a-f]*\)".*/\1/p' "$f"
    done
}

# Number of messages in archive $1.
count () {
    shas "$1" | wc -l | tr -d ' '
}

# For the search tests: the node_modules folder that `npm install` made at
# the top of the source tree (or above it, as for distcheck's copy), and the
# pagefind program ($MLARC_PAGEFIND, else on PATH, else in that folder),
# exported as MLARC_PAGEFIND. Skips when there is no pagefind.
need_pagefind () {
    NODE_MODULES=
    dir=$(cd "$top_srcdir" && pwd)
    while [ "$dir" != / ] && [ -z "$NODE_MODULES" ]; do
        [ -d "$dir/node_modules" ] && NODE_MODULES=$dir/node_modules
        dir=$(dirname "$dir")
    done
    PAGEFIND=${MLARC_PAGEFIND:-$(command -v pagefind || true)}
    [ -n "$PAGEFIND" ] || [ -z "$NODE_MODULES" ] || PAGEFIND=$NODE_MODULES/.bin/pagefind
    [ -n "$PAGEFIND" ] && [ -x "$PAGEFIND" ] || skip "pagefind is not installed (npm install at the top of the source tree)"
    MLARC_PAGEFIND=$PAGEFIND
    export MLARC_PAGEFIND
}

# The manifest of site $1 as one list sorted by path: its base
# (.mlarc-site) with its delta (.mlarc-site.delta: a stamp line, then
# lines set and "- PATH" lines removed) applied.
effective_manifest () {
    {
        [ ! -f "$1/.mlarc-site.delta" ] || tail -n +2 "$1/.mlarc-site.delta"
        echo "@@ base"
        cat "$1/.mlarc-site"
    } | awk '
        function path_of(line,    p) {
            p = line; sub(/^[^ ]+ /, "", p)
            if (match(p, /^[0-9a-f]+ /) && RLENGTH == 65) sub(/^[^ ]+ /, "", p)
            return p
        }
        $0 == "@@ base" { base = 1; next }
        !base && $1 == "-" { p = substr($0, 3); gone[p] = 1; delete set[p]; next }
        !base { p = path_of($0); set[p] = $0; delete gone[p]; next }
        { p = path_of($0); if (!(p in gone) && !(p in set)) print p "\t" $0 }
        END { for (p in set) print p "\t" set[p] }' | LC_ALL=C sort | cut -f 2-
}

# Sites $1 and $2 hold the same files and the same effective manifest
# (the base and delta themselves differ after an update, and the delta's
# stamp names its base by inode and time); what differs goes to stdout.
same_files () {
    diff -r -x .mlarc-site -x .mlarc-site.delta "$1" "$2" || return 1
    effective_manifest "$1" >"$TMP/manifest-1"
    effective_manifest "$2" >"$TMP/manifest-2"
    diff "$TMP/manifest-1" "$TMP/manifest-2"
}

# One message, in mbox form, to $TMP/one.mbox: $1 Message-ID, $2 date,
# $3 subject, $4 the id it replies to (may be empty), $5 more header
# lines (may be empty).
one_message () {
    {
        printf 'From test@example.org Mon Jan  1 00:00:00 2001\n'
        printf 'From: Test <test@example.org>\nMessage-ID: <%s>\nDate: %s\nSubject: %s\n' "$1" "$2" "$3"
        [ -z "$4" ] || printf 'References: <%s>\nIn-Reply-To: <%s>\n' "$4" "$4"
        [ -z "${5:-}" ] || printf '%s\n' "$5"
        printf '\nA live message.\n\n'
    } >"$TMP/one.mbox"
}

# partial_base FILE: an mbox for the tests of an update that reads part
# of the archive (mla-site-partial.c): a long thread (more than a page)
# in March 2004, a thread of withheld messages, and more threads than
# the home page and the feeds show (else the update reads them all),
# newer than the rest, in January 2022.
partial_base () {
    {
        i=1
        while [ $i -le 45 ]; do
            printf 'From recent@example.org Mon Jan  1 00:00:00 2001\n'
            printf 'From: Recent <recent%d@example.org>\nMessage-ID: <recent.%d@example.org>\n' $i $i
            printf 'Date: Sat, %02d Jan 2022 10:%02d:00 +0000\nSubject: recent %d\n' $((i % 28 + 1)) $i $i
            printf 'List-Id: <test.lists.example.org>\n\nRecent %d.\n\n' $i
            i=$((i + 1))
        done
        i=1
        while [ $i -le 60 ]; do
            printf 'From long@example.org Mon Jan  1 00:00:00 2001\n'
            printf 'From: Long <long%d@example.org>\nMessage-ID: <long.%d@example.org>\n' $i $i
            printf 'Date: Mon, 01 Mar 2004 %02d:%02d:00 +0000\nSubject: Re: a long thread\n' $((i / 60)) $((i % 60))
            [ $i -eq 1 ] || printf 'In-Reply-To: <long.%d@example.org>\nReferences: <long.1@example.org> <long.%d@example.org>\n' $((i - 1)) $((i - 1))
            printf 'List-Id: <test.lists.example.org>\n\nMessage %d names <elsewhere.%d@example.org>.\n\n' $i $i
            i=$((i + 1))
        done
        printf 'From hidden@example.org Mon Jan  1 00:00:00 2001\nFrom: H <h@example.org>\n'
        printf 'Message-ID: <hidden.1@example.org>\nDate: Tue, 02 Mar 2004 10:00:00 +0000\n'
        printf 'Subject: withheld\nX-No-Archive: yes\n\nNot here.\n\n'
    } >"$1"
}

# read_part WHAT: the update's report in $TMP/err says it read fewer
# messages than the archive has.
read_part () {
    line=$(grep 'visited only the pages new mail reaches' "$TMP/err") \
        || fail "$1: the update visited every page: $(cat "$TMP/err")"
    read=$(echo "$line" | sed -n 's/.*reading \([0-9]*\) of \([0-9]*\) messages.*/\1/p')
    all=$(echo "$line" | sed -n 's/.*reading \([0-9]*\) of \([0-9]*\) messages.*/\2/p')
    [ -n "$read" ] && [ "$read" -lt "$all" ] \
        || fail "$1: the update read the whole archive: $line"
}

# The site $2 of archive $1, updated in place, equals a site built from
# scratch out of the same archive with the site options that follow $3
# (after what, for the message), file for file and manifest for manifest
# (the state file names the overview's generation: left out).
same_as_full () {
    _archive=$1 _site=$2 _after=$3
    shift 3
    rm -rf "$TMP/full"
    expect 0 site -q "$@" -a "$_archive" -o "$TMP/full"
    diff -r -x '.mlarc-site*' "$_site" "$TMP/full" >"$TMP/diff" \
        || { head -c 1000 "$TMP/diff" >&2; fail "after $_after, the updated site differs from a full build"; }
    effective_manifest "$_site" >"$TMP/manifest-1"
    effective_manifest "$TMP/full" >"$TMP/manifest-2"
    cmp -s "$TMP/manifest-1" "$TMP/manifest-2" \
        || fail "after $_after, the manifest with its delta differs from a full build's"
}

# Lists the pages of site $1 in $TMP/pages (the first $2 when given).
site_pages () {
    find "$1" -name '*.html' | sort | head -n "${2:-1000000}" >"$TMP/pages"
}

# Every page of site $1 (the first $2) parses with libxml2's HTML parser,
# which predates HTML5's elements: their names (details, summary and the
# landmarks header, nav, main, section, footer) are the only complaint
# allowed.
site_pages_parse () {
    site_pages "$@"
    [ -s "$TMP/pages" ] || return 0
    # One xmllint for all pages; its messages start with the page's path.
    tr '\n' '\0' <"$TMP/pages" | xargs -0 "$XMLLINT" --html --noout 2>&1 \
        | grep -v -E 'Tag (details|summary|header|nav|main|section|footer) invalid' \
        | grep -e 'error' && fail "a page does not parse"
    return 0
}

# Every internal link of the pages of site $1 resolves to a file of the
# site, read as a web server reads the URL (tests/site-links.awk); sets
# $links to their number. With $2 = reachable, only the pages a reader
# reaches from index.html are checked (a killed update may leave new pages
# that nothing links to yet).
site_links_resolve () {
    root=$(cd "$1" && pwd)
    if [ "${2:-}" = reachable ]; then
        echo "$root/index.html" >"$TMP/pages"
    else
        find "$root" -name '*.html' | sort >"$TMP/pages"
    fi
    find "$root" -type f >"$TMP/files"
    links=0
    # The list grows as the loop reads it in reachable mode.
    while read -r page; do
        # Real attributes only: text may quote href="..." too.
        "$XMLLINT" --html --xpath '//@href | //@src' "$page" 2>/dev/null \
            | LC_ALL=C awk -v page="$page" -v mode="${2:-}" \
                  -f "$top_srcdir/tests/site-links.awk" "$TMP/files" "$TMP/pages" - >"$TMP/links"
        if grep '^fail ' "$TMP/links" >"$TMP/bad"; then
            fail "$(head -n 1 "$TMP/bad" | cut -c 6-)"
        fi
        links=$((links + $(sed -n 's/^links //p' "$TMP/links")))
        sed -n 's/^page //p' "$TMP/links" >>"$TMP/pages"
    done <"$TMP/pages"
}

# No page or feed of site $1 holds active content: no script, style,
# frame, object, form or base element, no meta http-equiv but the
# theme's Content-Security-Policy and Content-Type and a refresh to a
# page of the site (a relative URL), no event handler or style
# attribute, and no link with a scheme other than http, https, ftp and
# mailto (javascript:, data:, vbscript: ...). The themes use none of them.
site_no_active_content () {
    if grep -r -l -i -E '<script|<[a-z][^>]* on[a-z]+=' --include='*.html' \
            --include='*.atom' --include='*.xml' "$1"; then
        fail "script in the site $1"
    fi
    site_pages "$1"
    bad="//script | //style | //iframe | //frame | //object | //embed | //applet | //form | //base
         | //meta[@http-equiv and not(translate(@http-equiv, 'CONTENSURIYPOLF', 'contensuriypolf')
                                      = 'content-security-policy' or translate(@http-equiv, 'CONTENTYP',
                                      'contentyp') = 'content-type'
                                      or (@http-equiv = 'refresh' and starts-with(@content, '0; url=')
                                          and not(contains(substring-before(concat(substring-after(@content, 'url='), '/'), '/'), ':'))))]
         | //@*[starts-with(translate(name(), 'ON', 'on'), 'on')] | //@style
         | //@*[name() = 'href' or name() = 'src' or name() = 'action' or name() = 'formaction'
                or name() = 'srcset' or name() = 'background' or name() = 'poster']
              [contains(substring-before(concat(translate(., 'HTPSFMAILO', 'htpsfmailo'), '/'), '/'), ':')
               and not(starts-with(translate(., 'HTPSFMAILO', 'htpsfmailo'), 'http:')
                       or starts-with(translate(., 'HTPSFMAILO', 'htpsfmailo'), 'https:')
                       or starts-with(translate(., 'HTPSFMAILO', 'htpsfmailo'), 'ftp:')
                       or starts-with(translate(., 'HTPSFMAILO', 'htpsfmailo'), 'mailto:'))]"
    while read -r page; do
        n=$("$XMLLINT" --html --xpath "count($bad)" "$page" 2>/dev/null) || n=error
        [ "$n" = 0 ] || fail "$page: active content ($n): $("$XMLLINT" --html --xpath "$bad" "$page" 2>/dev/null | head -c 300)"
    done <"$TMP/pages"
}

# The checks of a folder's file order (check-parser-layers.sh,
# check-overview-layers.sh) keep it in $order, lowest first.
# rank_of NAME: NAME's place in $order (from 0), empty when it has none.
rank_of () {
    n=0
    for m in $order; do
        [ "$m" = "$1" ] && { echo $n; return; }
        n=$((n + 1))
    done
    echo ""
}

# order_in_design WHAT: fails unless doc/design.md writes $order as
# `a` → `b` → ….
order_in_design () {
    line=$(echo "$order" | sed 's/\([a-z-]*\)/`\1`/g; s/ / → /g')
    grep -qF "$line" "$top_srcdir/doc/design.md" \
        || fail "doc/design.md does not write $1 order: $line"
}

# For the browser tests: chromium, node, python3, pagefind and
# playwright-core (npm install at the top of the source tree), else skip;
# exports CHROMIUM and, as need_pagefind does, MLARC_PAGEFIND.
need_browser () {
    CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
    [ -n "$CHROMIUM" ] || skip "chromium is not installed"
    command -v node >/dev/null 2>&1 || skip "node is not installed"
    command -v python3 >/dev/null 2>&1 || skip "python3 is not installed"
    need_pagefind
    [ -d "$NODE_MODULES/playwright-core" ] || skip "playwright-core is not installed (npm install)"
    export CHROMIUM
}

# serve DIR: a server of DIR over http on 127.0.0.1 (python3 -m
# http.server, as the README says) at $port (a free one the first time),
# its pid in $server, stopped when the test ends; waits until it answers.
serve () {
    [ -n "${port:-}" ] || port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    python3 -m http.server --bind 127.0.0.1 --directory "$1" "$port" >"$TMP/http.log" 2>&1 &
    server=$!
    trap 'kill $server 2>/dev/null; rm -rf "$TMP"' EXIT INT TERM
    tries=0
    until python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/search.html')" 2>/dev/null; do
        tries=$((tries + 1))
        [ $tries -lt 50 ] || fail "the http server did not start: $(cat "$TMP/http.log")"
        sleep 0.2
    done
}
