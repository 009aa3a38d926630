#!/bin/sh
# e2e-site-privacy.sh: the address policy holds (issue 23, part 3). Under
# --addresses hide, no file of the site of the sample and of a real list
# (../shared/corpora, when present) holds a string that parses as an
# e-mail address, however its at sign is written, once the Message-IDs
# (and the folder names made of them) are taken out, and the list's own
# public addresses: the posting address its List-Id names, anywhere, and
# the mailto: addresses of its List-* fields, in the downloads (raw.txt
# and the mboxes), where those fields are. Not the pages, the
# feeds, raw.txt, the thread mboxes (decompressed), series.mbox, the
# calendars, nor the search index (Pagefind's files, decompressed) when
# pagefind is installed. Links still resolve. --addresses show is
# recorded, and brings the addresses back, raw.txt byte-exact.
. "${top_srcdir:-.}/tests/e2e-lib.sh"

command -v "$XMLLINT" >/dev/null 2>&1 || skip "xmllint is needed to parse the pages"
LIST=${MLARC_SHARED:-$top_srcdir/../shared}/corpora/grimoirelab-perceval/tests/data/groupsio/messages.mbox
[ -f "$LIST" ] || skip "no real list mail in ../shared/corpora (groupsio/messages.mbox)"
search=no
if (need_pagefind) >/dev/null 2>&1; then
    need_pagefind
    search=yes
else
    note "pagefind is not installed: the search index is not checked"
fi

A=$TMP/archive
S=$TMP/site
expect 0 build -q --search=$search --addresses hide -a "$A" -o "$S" "$SAMPLE" "$LIST"
grep -q '^addresses=hide$' "$S/.mlarc-site.settings" || fail "the policy is not recorded"

# The Message-IDs of the inputs: Message-ID, In-Reply-To and References
# fields, continuation lines included.
LC_ALL=C awk '
    /^From / && blank { header = 1 }
    /^$/ { header = 0; blank = 1; next }
    { blank = 0 }
    header && /^[^ \t]/ { field = tolower($0); sub(/:.*/, "", field) }
    header && (field == "message-id" || field == "in-reply-to" || field == "references") {
        line = $0
        while (match(line, /<[^<>]*>/)) {
            print substr(line, RSTART + 1, RLENGTH - 2)
            line = substr(line, RSTART + RLENGTH)
        }
    }' blank=1 "$SAMPLE" "$LIST" >"$TMP/ids"
ls "$S/m" >>"$TMP/ids"

# The list's own: its List-Ids, and the mailto: addresses of its List-*
# fields (continuation lines included).
LC_ALL=C awk '
    /^From / && blank { header = 1 }
    /^$/ { header = 0; blank = 1; next }
    { blank = 0 }
    header && /^[^ \t]/ { field = tolower($0); sub(/:.*/, "", field) }
    header && field == "list-id" && match($0, /<[^<>]*>/) {
        print "id " tolower(substr($0, RSTART + 1, RLENGTH - 2))
    }
    header && field ~ /^list-(post|subscribe|unsubscribe|help|owner|archive)$/ {
        line = $0
        while (match(line, /mailto:[^?>,]*/)) {
            print "field " tolower(substr(line, RSTART + 7, RLENGTH - 7))
            line = substr(line, RSTART + RLENGTH)
        }
    }' blank=1 "$SAMPLE" "$LIST" | sort -u >"$TMP/lists"
grep -q '^id ksummit-2004-discuss.thunk.org$' "$TMP/lists" || fail "no List-Id read"
grep -q '^field ksummit-2004-discuss-request@thunk.org$' "$TMP/lists" || fail "no List-* mailto: read"
[ "$(wc -l <"$TMP/ids")" -gt 150 ] || fail "too few Message-IDs read: $(wc -l <"$TMP/ids")"

# Every file, decompressed when it is gzip (thread.mbox.gz, Pagefind's).
find "$S" -type f ! -name '.mlarc-site*' | sort >"$TMP/files"
[ "$(grep -c '/raw.txt$' "$TMP/files")" -eq 85 ] || fail "not 85 raw.txt files"
grep -q 'thread.mbox.gz$' "$TMP/files" || fail "no thread mbox"
[ $search = no ] || grep -q '/pagefind/' "$TMP/files" || fail "no search index"
found=0
while read -r file; do
    if gzip -t "$file" 2>/dev/null; then gzip -dc "$file"; else cat "$file"; fi >"$TMP/text"
    # The ids out (and the calendars' event ids, "digest@mlarc"), then
    # anything like local@domain.tld, the at sign as mail, URLs or HTML
    # write it (the domain needs a dot: Pagefind's binary files hold
    # byte pairs such as "A@k").
    case $file in
    */raw.txt | *.mbox.gz | *.mbox) download=1 ;;
    *) download=0 ;;
    esac
    LC_ALL=C awk -v ids="$TMP/ids" -v lists="$TMP/lists" -v download=$download \
        -v ics="${file%.ics}" -v file="$file" '
        # @s percent-encoded as a mailto: query has it (RFC 6068).
        function uri(s,    out, c, i) {
            out = ""
            for (i = 1; i <= length(s); i++) {
                c = substr(s, i, 1)
                out = out (c ~ /[A-Za-z0-9._~-]/ ? c : sprintf("%%%02X", ord[c]))
            }
            return out
        }
        BEGIN {
            for (i = 1; i < 256; i++) ord[sprintf("%c", i)] = i
            while ((getline id <ids) > 0)
                if (id != "") { list[++n] = id; list[++n] = uri(id) }
            while ((getline l <lists) > 0) own[l] = 1
        }
        ics != file && /^UID:[0-9a-f]*@mlarc\r?$/ { next }
        {
            line = $0
            if (index(line, "@") || index(line, "%40") || index(line, "&#"))
                for (i = 1; i <= n; i++)
                    while ((p = index(line, list[i])) > 0)
                        line = substr(line, 1, p - 1) " " substr(line, p + length(list[i]))
            while (match(line, /[A-Za-z0-9!#$%&'\''*+\/=?^_`{|}~.-]+(@|%40|&#64;|&#[xX]40;)([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z][A-Za-z]+/)) {
                found = substr(line, RSTART, RLENGTH)
                line = substr(line, RSTART + RLENGTH)
                # The address, from after a query'"'"'s or an option'"'"'s "=".
                address = tolower(found)
                sub(/.*=/, "", address)
                sub(/%40|&#64;|&#x40;/, "@", address)
                named = address
                sub(/@/, ".", named)
                if (("id " named) in own || (download && ("field " address) in own))
                    continue
                print FILENAME ": " found
            }
        }' "$TMP/text" | sed "s|^[^:]*: |${file#"$S"/}: |" >>"$TMP/found"
done <"$TMP/files"
if [ -s "$TMP/found" ]; then
    head -n 20 "$TMP/found" >&2
    fail "$(wc -l <"$TMP/found") addresses left under --addresses hide"
fi

# The ids stay: permalinks, and raw.txt's Message-ID.
grep -q '^Message-ID: <20040714025057.GA8801@thunk.org>' "$S/m/20040714025057.GA8801@thunk.org/raw.txt" \
    || fail "hide: raw.txt lost its Message-ID"
grep -q 'corbet at lwn.net' "$S"/m/*/raw.txt || fail "hide: no masked address in raw.txt"
# The list's own addresses stay: the reply link's, the List-* fields of
# raw.txt.
page=$S/m/20040714025057.GA8801@thunk.org/index.html
grep -q 'href="mailto:ksummit-2004-discuss@thunk.org?In-Reply-To=%3C20040714025057.GA8801%40thunk.org%3E&amp;' "$page" ||
    fail "hide: the reply link is not to the list with its In-Reply-To"
grep -q '^[[:space:]]<mailto:ksummit-2004-discuss-request@thunk.org?subject=unsubscribe>' "$S/m/20040714025057.GA8801@thunk.org/raw.txt" ||
    fail "hide: raw.txt lost the list's List-Unsubscribe"
site_pages_parse "$S"
site_links_resolve "$S"

# show: recorded, and reused by a run without it.
expect 0 site -q --search=no --addresses show -a "$A" -o "$S"
grep -q '^addresses=show$' "$S/.mlarc-site.settings" || fail "show is not recorded"
expect 0 site --search=no -a "$A" -o "$S"
grep -q '^mlarc site: 0 files written' "$TMP/err" || fail "a run without --addresses changed the site: $(cat "$TMP/err")"
grep -q 'corbet@lwn.net' "$S"/m/*/index.html || fail "show: no address on the pages"
id=20040714025057.GA8801@thunk.org
expect 0 show --raw -a "$A" "$id"
cmp -s "$TMP/out" "$S/m/$id/raw.txt" || fail "show: raw.txt is not the stored message"
expect 2 site -q --addresses maybe -a "$A" -o "$S"
grep -q 'hide or show' "$TMP/err" || fail "a bad policy: $(cat "$TMP/err")"
exit 0
