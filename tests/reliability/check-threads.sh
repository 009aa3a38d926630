#!/bin/sh
# check-threads.sh: pages do not grow with a thread (issue 27 §6). A
# thread of thousands of direct replies to one message gives no page over
# 300 KB (the root's page links a window of its replies, pagers a window of
# pages), and a site twice the size for twice the replies.
. "${top_srcdir:?run me through make check or tests/reliability/run}/tests/reliability/lib.sh"

LIMIT=300000

# $1 replies to one message, each from its own sender, a minute apart.
thread_mbox () {
    awk -v n="$1" 'BEGIN {
        printf "From r@example.org Mon Mar  1 00:00:00 2021\nFrom: Root <root@example.org>\n"
        printf "Subject: the announcement\nMessage-ID: <root@example.org>\nDate: Mon, 1 Mar 2021 00:00:00 +0000\n\nroot\n\n"
        for (m = 1; m <= n; m++) {
            printf "From s%d@example.org Tue Mar  2 00:00:00 2021\nFrom: Sender %d <s%d@example.org>\n", m, m, m
            printf "Subject: Re: the announcement\nMessage-ID: <reply-%d@example.org>\nIn-Reply-To: <root@example.org>\n", m
            printf "Date: Tue, 2 Mar 2021 %02d:%02d:00 +0000\n\nreply %d\n\n", int(m / 60) % 24, m % 60, m
        }
    }' >"$TMP/thread-$1.mbox"
}

site_of () {
    thread_mbox "$1"
    expect 0 import -q -a "$TMP/a-$1" "$TMP/thread-$1.mbox"
    expect 0 site --search=no -q -a "$TMP/a-$1" -o "$TMP/s-$1"
}

largest () {
    find "$TMP/s-$1" -type f \( -name '*.html' -o -name '*.atom' -o -name '*.xml' \) -exec wc -c {} + | grep -v ' total$' | sort -n | tail -n 1
}

bounded () {
    for n in 1500 3000; do
        site_of $n
        big=$(largest $n)
        [ "${big%% /*}" -le $LIMIT ] || fail "$n replies: a page of ${big%% /*} bytes: ${big#* }"
    done
    s1=$(du -sb "$TMP/s-1500" | cut -f 1)
    s2=$(du -sb "$TMP/s-3000" | cut -f 1)
    # Linear: twice the replies, at most 2.3 times the bytes.
    [ $((s2 * 10)) -le $((s1 * 23)) ] || fail "1500 replies: $s1 bytes, 3000: $s2 bytes"
    grep -q 'more replies' "$(find "$TMP/s-3000" -path '*root@example.org*' -name index.html | head -n 1)" \
        || fail "the root's page does not say that more replies are in the thread"
    detail "1500 and 3000 direct replies: largest page $(largest 3000 | sed 's| /.*/s-3000/| |'); site $s1 then $s2 bytes"
}

check "a thread's pages stay small and the site linear" bounded
finish
