# site-links.awk: the link check of e2e-lib.sh's site_links_resolve, one
# process per page instead of several per link. Reads the site's files
# (find -type f), the pages listed so far, then xmllint's list of the
# page's href and src attributes; prints
# "fail MESSAGE" for a bad link, "page PATH" for each page reached and not
# listed yet (mode reachable), and "links N".
# Variables: page (the page's path), mode ("" or "reachable").
BEGIN {
    for (i = 1; i < 256; i++) byte[sprintf("%02X", i)] = sprintf("%c", i)
}

# Path $0 of the URL, percent-decoded as a web server reads it.
function url_decode(s,    out, p, code) {
    out = ""
    while ((p = index(s, "%")) > 0) {
        code = toupper(substr(s, p + 1, 2))
        if (!(code in byte)) { out = out substr(s, 1, p); s = substr(s, p + 1); continue }
        out = out substr(s, 1, p - 1) byte[code]; s = substr(s, p + 3)
    }
    return out s
}

# Path @s with "." and ".." folded and no empty segments (realpath -s).
function normal(s,    n, part, i, out, depth, kept) {
    n = split(s, part, "/")
    depth = 0
    for (i = 1; i <= n; i++) {
        if (part[i] == "" || part[i] == ".") continue
        if (part[i] == ".." && depth > 0) { depth--; continue }
        kept[++depth] = part[i]
    }
    out = substr(s, 1, 1) == "/" ? "" : "."
    for (i = 1; i <= depth; i++) out = out "/" kept[i]
    return out
}

FILENAME == ARGV[1] { file[normal($0)] = 1; next }
FILENAME == ARGV[2] { listed[$0] = 1; next }

# xmllint --xpath prints each attribute as ' href="VALUE"'.
!/^ *(href|src)="[^"]*"$/ { next }

{
    href = $0
    sub(/^ *(href|src)="/, "", href)
    sub(/"$/, "", href)
    sub(/#.*/, "", href)
    if (href == "" || href ~ /^(https?|ftp|mailto):/) next
    plain = href
    gsub(/%[0-9A-F][0-9A-F]/, "", plain)
    # An href holds only what a URL path may hold unescaped (RFC 3986
    # pchar, '/' and %XX); anything else is a bug.
    if (plain ~ /[^A-Za-z0-9.\/~!$&'()*+,;=:@_-]/) {
        print "fail " page ": unescaped byte in " href
        next
    }
    dir = page
    sub(/\/[^\/]*$/, "", dir)
    target = normal(dir "/" url_decode(href))
    if (!(target in file)) {
        print "fail " page ": link " href " leads nowhere"
        next
    }
    links++
    if (mode == "reachable" && target ~ /\.html$/ && !(target in listed)) {
        listed[target] = 1
        print "page " target
    }
}

END { print "links " links + 0 }
