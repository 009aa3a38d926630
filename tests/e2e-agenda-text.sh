#!/bin/sh
# e2e-agenda-text.sh: `mlarc agenda` on a file that is not mail (issue 24
# section 5): the text of a programme, read whole, its weekdays dated from
# --date, else from the file's modification time, or left undated with
# --date=none; the man page's `--format html -o out program.txt`. The text
# is the body of one of our own mails (tests/data/agendas/own), so the
# agenda must match the one of that mail; a shared text is tried too when
# the shared corpora are present.
. "${top_srcdir:-.}/tests/e2e-lib.sh"
TZ=UTC
export TZ

eml="$DATA/agendas/own/06-week-long-school.eml"
text="$TMP/program.txt"
# The body: everything after the first blank line.
sed '1,/^$/d' "$eml" >"$text"
head -n 1 "$text" | grep -q ':' && fail "$text starts like a header field"

# days FILE: "name date" per <day> of an XML agenda.
days () {
    sed -n 's/.*<day name="\([^"]*\)"\( date="\([^"]*\)"\)\{0,1\}.*/\1 \3/p' "$1"
}
slots () {
    grep -c '<slot ' "$1" || true
}

# The mail and its text, dated the same day, give the same timetable.
expect 0 agenda --format xml "$eml"
cp "$TMP/out" "$TMP/mail.xml"
expect 0 agenda --format xml --date 2025-06-25 "$text"
cp "$TMP/out" "$TMP/text.xml"
[ "$(slots "$TMP/mail.xml")" -gt 20 ] || fail "the mail's agenda has $(slots "$TMP/mail.xml") slots"
[ "$(slots "$TMP/text.xml")" = "$(slots "$TMP/mail.xml")" ] ||
    fail "text: $(slots "$TMP/text.xml") slots, the mail: $(slots "$TMP/mail.xml")"
days "$TMP/mail.xml" >"$TMP/mail.days"
days "$TMP/text.xml" >"$TMP/text.days"
diff "$TMP/mail.days" "$TMP/text.days" >&2 || fail "--date: days differ from the mail's"
grep -qx 'Monday 2025-06-30' "$TMP/text.days" || fail "--date 2025-06-25: no Monday 2025-06-30"
grep -q 'message-id=' "$TMP/text.xml" && fail "a text has no Message-ID"

# Without --date: the file's modification time (Thursday 2024-02-01).
touch -d '2024-02-01 12:00:00' "$text"
expect 0 agenda --format xml "$text"
days "$TMP/out" >"$TMP/mtime.days"
grep -qx 'Monday 2024-02-05' "$TMP/mtime.days" || fail "mtime: $(cat "$TMP/mtime.days")"
grep -qx 'Friday 2024-02-09' "$TMP/mtime.days" || fail "mtime: $(cat "$TMP/mtime.days")"

# --date=none: weekday names stay names.
expect 0 agenda --format xml --date none "$text"
days "$TMP/out" >"$TMP/none.days"
grep -qx 'Monday ' "$TMP/none.days" || fail "--date=none: $(cat "$TMP/none.days")"
grep -q '[0-9]' "$TMP/none.days" && fail "--date=none dated a day: $(cat "$TMP/none.days")"

# A bad date is a usage error, named.
expect 2 agenda --date 2025-13-01 "$text"
grep -q 'YYYY-MM-DD' "$TMP/err" || fail "no word on the bad --date: $(cat "$TMP/err")"

# The man page's example: an HTML timetable from a text.
expect 0 agenda --format html -o "$TMP/html" "$text"
n=$(find "$TMP/html" -name '*.html' | wc -l)
[ "$n" -eq 1 ] || fail "--format html -o: $n pages"
page=$(find "$TMP/html" -name '*.html')
grep -q 'Lecture: Introduction to type systems' "$page" || fail "$page lacks a slot's title"
grep -q '2024-02-05' "$page" || fail "$page lacks the Monday's date"

# Not UTF-8: an error that names the file and the byte.
printf 'Programme\n09:00 Opening \377\n' >"$TMP/latin.txt"
expect 1 agenda "$TMP/latin.txt"
grep -q "latin.txt: neither mail nor UTF-8 text (byte 24)" "$TMP/err" || fail "$(cat "$TMP/err")"

shared=${MLARC_SHARED:-}
if [ -n "$shared" ] && [ -f "$shared/agendas/02-ospert-2007-program.txt" ]; then
    expect 0 agenda --format html -o "$TMP/shared" "$shared/agendas/02-ospert-2007-program.txt"
    [ -n "$(find "$TMP/shared" -name '*.html')" ] || fail "no page for a shared text"
else
    note "no shared corpora: the shared text is not tried"
fi
echo "agenda-text: a text is an agenda, dated by --date, mtime or none"
