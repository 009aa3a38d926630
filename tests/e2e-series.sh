#!/bin/sh
# e2e-series.sh: mlarc show --series on a series made here with git: a
# small repository, v1 and v2 of a three-patch series (git format-patch
# --cover-letter --thread, v2 sent in reply to v1), review replies with
# trailers (to a patch, to the cover letter, to a reply, one quoted, one
# to a v1 patch, one naming someone else than its sender), imported; `mlarc show --series` on any message of the thread
# applies with `git am` in a fresh clone, gives v2's commits in order,
# each with the trailers that apply to it and no others; the site offers
# the same bytes as series.mbox and colours the patches. Skips without
# git.
. "${top_srcdir:-.}/tests/e2e-lib.sh"

command -v git >/dev/null 2>&1 || skip "git is not installed"
export GIT_AUTHOR_NAME=Ann GIT_AUTHOR_EMAIL=ann@example.org \
    GIT_COMMITTER_NAME=Ann GIT_COMMITTER_EMAIL=ann@example.org \
    GIT_AUTHOR_DATE='2024-01-02T10:00:00Z' GIT_COMMITTER_DATE='2024-01-02T10:00:00Z' \
    GIT_CONFIG_NOSYSTEM=1 HOME=$TMP

G=$TMP/repo
git init -q -b main "$G"
echo base >"$G/base.txt"
git -C "$G" add base.txt
git -C "$G" commit -q -m "base"
git clone -q "$G" "$TMP/clone"
commit () { # FILE TEXT SUBJECT
    printf '%s\n' "$2" >"$G/$1"
    git -C "$G" add "$1"
    git -C "$G" commit -q -s -m "$3" -m "Why $3."
}
commit one.txt "first version" "add one"
commit two.txt "two" "add two"
commit three.txt "three" "add three"
git -C "$G" format-patch -q --cover-letter --thread -v1 -o "$TMP/v1" main~3 \
    --subject-prefix=PATCH
# git makes Message-IDs from the time: v2, made in the same second, would
# reuse v1's.
sed -i 's/\.git\.ann@example\.org>/.v1.git.ann@example.org>/g' "$TMP"/v1/*.patch
v1_cover=$(sed -n 's/^Message-I[dD]: <\(.*\)>$/\1/p' "$TMP"/v1/v1-0000-*.patch)
# v2 changes patch 1, and is sent in reply to v1's cover letter.
git -C "$G" reset -q --hard main~3
commit one.txt "second version" "add one"
commit two.txt "two" "add two"
commit three.txt "three" "add three"
git -C "$G" format-patch -q --cover-letter --thread -v2 -o "$TMP/v2" main~3 \
    --in-reply-to="$v1_cover"
id_of () { sed -n 's/^Message-I[dD]: <\(.*\)>$/\1/p' "$1"; }
v1_p1=$(id_of "$TMP"/v1/v1-0001-*.patch)
v2_cover=$(id_of "$TMP"/v2/v2-0000-*.patch)
v2_p1=$(id_of "$TMP"/v2/v2-0001-*.patch)
v2_p3=$(id_of "$TMP"/v2/v2-0003-*.patch)
# The cover letters say what they are about.
for f in "$TMP"/v1/*0000-*.patch "$TMP"/v2/*0000-*.patch; do
    sed -i 's/\*\*\* SUBJECT HERE \*\*\*/numbers/; s/\*\*\* BLURB HERE \*\*\*/Three files./' "$f"
done

reply () { # FILE PARENT SUBJECT HOUR FROM BODY
    cat >"$1" <<MBOX
From rev@example.org Wed Jan  3 $4:00:00 2024
From: $5
Subject: Re: $3
Date: Wed, 3 Jan 2024 $4:00:00 +0000
Message-ID: <$(basename "$1")@example.org>
In-Reply-To: <$2>
References: <$v1_cover> <$2>

$6
MBOX
}
reply "$TMP/r1" "$v2_p1" "[PATCH v2 1/3] add one" 10 "Rev <rev@example.org>" "> Signed-off-by: Ann <ann@example.org>
> Tested-by: Quoted <quoted@example.org>

Reviewed-by: Rev <rev@example.org>"
reply "$TMP/r2" "$v2_cover" "[PATCH v2 0/3] numbers" 11 "Maintainer <m@example.org>" "For the series:
Acked-by: Maintainer <m@example.org>"
reply "$TMP/r3" "$v1_p1" "[PATCH v1 1/3] add one" 12 "Old <old@example.org>" "Tested-by: Old <old@example.org>"
reply "$TMP/r5" "r1@example.org" "[PATCH v2 1/3] add one" 13 "Lower Case <lc@example.org>" "Thanks. Tested-by: not at the start
  tested-by: Lower Case <LC@example.org>"
# As b4 does by default, a trailer counts only from the person it names.
reply "$TMP/r6" "$v2_p3" "[PATCH v2 3/3] add three" 14 "Rev <rev@example.org>" "Acked-by: Someone Else <else@example.org>"
# Everything in one mbox, replies and all.
for f in "$TMP"/v1/*.patch "$TMP"/v2/*.patch "$TMP"/r1 "$TMP"/r2 "$TMP"/r3 "$TMP"/r5 "$TMP"/r6; do
    cat "$f"
    echo
done >"$TMP/list.mbox"

A=$TMP/archive
expect 0 import -q -a "$A" "$TMP/list.mbox"
for id in "$v2_cover" "$v2_p3" "$v1_p1" r2@example.org; do
    expect 0 show -a "$A" --series "$id"
    cmp -s "$TMP/out" "$TMP/series.mbox" 2>/dev/null || [ ! -f "$TMP/series.mbox" ] \
        || fail "--series from <$id> differs from the cover letter's"
    cp "$TMP/out" "$TMP/series.mbox"
done
[ "$(grep -c '^From ' "$TMP/series.mbox")" -eq 3 ] || fail "not three patches: $(grep '^Subject' "$TMP/series.mbox")"
! grep -q 'numbers' "$TMP/series.mbox" || fail "the cover letter is in the series"

(cd "$TMP/clone" && git am -q <"$TMP/series.mbox") || fail "git am failed on the series"
[ "$(git -C "$TMP/clone" log --format=%s main~3..main | tr '\n' ,)" = "add three,add two,add one," ] \
    || fail "commits: $(git -C "$TMP/clone" log --oneline)"
[ "$(cat "$TMP/clone/one.txt")" = "second version" ] || fail "not v2's patch 1"
msg () { git -C "$TMP/clone" log -1 --format=%B "main~$1"; }
msg 2 >"$TMP/m1"; msg 1 >"$TMP/m2"; msg 0 >"$TMP/m3"
grep -q '^Reviewed-by: Rev <rev@example.org>$' "$TMP/m1" || fail "patch 1: no Reviewed-by: $(cat "$TMP/m1")"
grep -q '^Tested-by: Lower Case <LC@example.org>$' "$TMP/m1" || fail "patch 1: a reply's reply gave no Tested-by"
! grep -q 'Someone Else' "$TMP/m3" || fail "a trailer naming someone else than its sender was taken"
grep -q 'patch 3/3 .*1 trailer .*not from the person it names' "$TMP/err" || fail "the trailer left out is not told: $(cat "$TMP/err")"
for m in m1 m2 m3; do
    grep -q '^Acked-by: Maintainer <m@example.org>$' "$TMP/$m" || fail "$m: the cover letter's Acked-by is missing"
    grep -q '^Signed-off-by: Ann <ann@example.org>$' "$TMP/$m" || fail "$m: lost its Signed-off-by"
    ! grep -q -e 'Quoted' -e 'Old <' -e 'not at the start' "$TMP/$m" || fail "$m: a trailer that does not apply: $(cat "$TMP/$m")"
done
! grep -q 'Reviewed-by' "$TMP/m2" "$TMP/m3" || fail "patch 1's review went to another patch"
[ "$(grep -c 'Acked-by' "$TMP/m1")" -eq 1 ] || fail "a trailer added twice"

# The site offers the same series on the thread's page (with addresses
# shown; hidden, they read "ann at example.org", the Message-IDs stay),
# and colours the patches on their message pages: classes for each kind
# of line, in a <pre> that does not wrap.
S=$TMP/site
expect 0 site --search=no --addresses hide -a "$A" -o "$S"
[ "$(ls "$S"/t/*/series.mbox | wc -l)" -eq 1 ] || fail "not one series.mbox: $(ls "$S"/t/*)"
sed -e '/^\(Message-I[Dd]\|In-Reply-To\|References\):/b' -e '/^[[:space:]]</b' \
    -e 's/\([A-Za-z]\)@example\.org/\1 at example.org/g' "$TMP/series.mbox" >"$TMP/hidden.mbox"
grep -q '^Signed-off-by: Ann <ann at example.org>$' "$TMP/hidden.mbox" || fail "sed: nothing to hide"
grep -i '^Message-ID: <.*@example.org>$' "$TMP/hidden.mbox" >/dev/null || fail "sed: the Message-IDs went"
diff "$TMP/hidden.mbox" "$S"/t/*/series.mbox >&2 || fail "hidden: the site's series.mbox is not show --series masked"
expect 0 site --search=no --addresses show -a "$A" -o "$S"
cmp "$S"/t/*/series.mbox "$TMP/series.mbox" || fail "the site's series.mbox differs from show --series"
grep -q '/series.mbox">the patch series' "$S"/t/*/index.html || fail "the thread page does not offer its series"
P=$S/m/$v2_p1/index.html
for kind in file hunk add stat; do
    grep -q "<span class=\"diff-$kind\">" "$P" || fail "patch page: no diff-$kind line"
done
grep -q '<span class="diff-hunk">@@ -0,0 +1 @@</span>' "$P" || fail "patch page: the hunk header is not one line"
grep -q '<span class="diff-add">+second version</span>' "$P" || fail "patch page: the added line"
grep -q '<pre class="patch">' "$P" || fail "patch page: the patch can wrap"
! grep -q 'diff-' "$S/m/r2@example.org/index.html" || fail "a reply without a patch has diff lines"

# A thread without a patch, and an unknown id.
expect 1 show -a "$A" --series missing@example.org
cat >"$TMP/plain.mbox" <<'MBOX'
From x@example.org Wed Jan  3 10:00:00 2024
From: X <x@example.org>
Subject: a question
Date: Wed, 3 Jan 2024 10:00:00 +0000
Message-ID: <question@example.org>

No patch here.
MBOX
expect 0 import -q -a "$A" "$TMP/plain.mbox"
expect 1 show -a "$A" --series question@example.org
grep -q 'holds no patch' "$TMP/err" || fail "no clear error for a thread without a patch: $(cat "$TMP/err")"

echo "e2e-series: ok"
