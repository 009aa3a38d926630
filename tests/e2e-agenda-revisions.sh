#!/bin/sh
# e2e-agenda-revisions.sh: three mails carry the same agenda for the same
# Monday (tests/data/agenda-revisions/: a first programme, a reply that
# drops, moves and adds slots, and a re-post in another thread with the
# same title). The site shows each revision with its changes marked and
# links between them; the agendas list shows the newest.
. "${top_srcdir:-.}/tests/e2e-lib.sh"

command -v "$XMLLINT" >/dev/null 2>&1 || skip "xmllint is needed to read the pages"

MBOX=$DATA/agenda-revisions/revisions.mbox
A=$TMP/archive
S=$TMP/site
expect 0 build -a "$A" -o "$S" --title Storage "$MBOX"
grep -q ' 3 agendas$' "$TMP/err" || fail "import: not three agendas: $(cat "$TMP/err")"
R1=$S/m/rev1@lists.example.org/agenda-1.html
R2=$S/m/rev2@lists.example.org/agenda-1.html
R3=$S/m/rev3@lists.example.org/agenda-1.html

# xpath PAGE EXPR: the string value of EXPR in PAGE.
xpath () {
    "$XMLLINT" --html --xpath "$2" "$1" 2>/dev/null || true
}

for page in "$R1" "$R2" "$R3"; do
    [ "$(xpath "$page" 'count(//p[@class="revisions"]//a[contains(@href, "agenda-1.html")])')" = 2 ] \
        || fail "$page: does not link the two other revisions"
done
[ "$(xpath "$R1" 'string(//p[@class="revisions"]/strong)')" = 1 ] || fail "revision 1 not marked current"
[ "$(xpath "$R3" 'string(//p[@class="revisions"]/strong)')" = 3 ] || fail "revision 3 not marked current"
# Older revisions point to the newest; the newest does not.
xpath "$R1" 'string(//p[@class="newer"]/a/@href)' | grep -q 'rev3@lists.example.org/agenda-1.html' \
    || fail "revision 1 does not point to revision 3"
[ "$(xpath "$R3" 'count(//p[@class="newer"])')" = 0 ] || fail "revision 3 says it is not the newest"
# Revision 1 has nothing to compare with.
[ "$(xpath "$R1" 'count(//*[contains(@class, "change")])')" = 0 ] || fail "revision 1 marks changes"

# Revision 2 against 1: Filesystem testing moved to 10:00, NVMe added,
# Block layer dropped; Opening, Break and Lunch kept.
slot () { # PAGE TITLE: the class of the slot titled TITLE
    xpath "$1" "string(//div[span[@class='title'] = '$2']/@class)"
}
[ "$(slot "$R2" 'Filesystem testing')" = "slot kind-session change-moved" ] || fail "r2: not moved"
xpath "$R2" "string(//div[span[@class='title'] = 'Filesystem testing']/span[@class='change change-moved'])" \
    | grep -q 'moved from Monday (2023-09-11) 11:30–12:30' || fail "r2: no former place"
[ "$(slot "$R2" 'NVMe over TCP')" = "slot kind-session change-added" ] || fail "r2: not added"
for kept in Opening Break Lunch; do
    case $(slot "$R2" "$kept") in *change*) fail "r2: $kept marked as changed" ;; esac
done
[ "$(xpath "$R2" 'string(//ul[@class="dropped"])')" = "Monday (2023-09-11) 10:00–11:00 Block layer update" ] \
    || fail "r2: the dropped slot is not listed"
# Revision 3 (another thread, same title) against 2: the longer break and
# the later NVMe talk moved; nothing added or dropped.
[ "$(slot "$R3" 'Break')" = "slot kind-break change-moved" ] || fail "r3: break not moved"
[ "$(slot "$R3" 'NVMe over TCP')" = "slot kind-session change-moved" ] || fail "r3: NVMe not moved"
[ "$(xpath "$R3" 'count(//div[contains(@class, "change-added")] | //ul[@class="dropped"])')" = 0 ] \
    || fail "r3: added or dropped slots where there are none"

# The list shows the newest revision only.
[ "$(xpath "$S/agendas/index.html" 'count(//ul[@class="agendas"]/li)')" = 1 ] || fail "list: not one agenda"
xpath "$S/agendas/index.html" 'string(//ul[@class="agendas"]/li/a/@href)' | grep -q 'rev3@' \
    || fail "list: not the newest revision"

# Built one mail at a time, the site ends byte-identical to the full build:
# revision 1's page is made again when revision 2 arrives. The mail has no
# List-Id, so the feeds' Atom ids take the archive folder's name: the same
# name in another folder.
awk -v dir="$TMP" '/^From /{n++} {print > (dir "/part" n ".mbox")}' "$MBOX"
B=$TMP/one-at-a-time/archive
S2=$TMP/site2
for n in 1 2 3; do
    expect 0 build -a "$B" -o "$S2" --title Storage "$TMP/part$n.mbox"
done
diff -r -x .mlarc-site.state -x .mlarc-site.delta "$S" "$S2" >"$TMP/diff" || { cat "$TMP/diff" >&2; fail "one mail at a time differs from a full build"; }

# iCalendar: the same UIDs across revisions, SEQUENCE raised, and the
# slots a revision dropped cancelled, so that a calendar that imported
# revision 1 updates in place. event FILE SUMMARY prints "UID SEQUENCE
# STATUS" for each event of FILE with that SUMMARY.
event () {
    tr -d '\r' <"$1" | awk -v want="$2" '
        /^BEGIN:VEVENT/ { uid = ""; sum = ""; seq = ""; st = "-" }
        /^UID:/ { uid = substr($0, 5) }
        /^SUMMARY:/ { sum = substr($0, 9) }
        /^SEQUENCE:/ { seq = substr($0, 10) }
        /^STATUS:/ { st = substr($0, 8) }
        /^END:VEVENT/ { if (sum == want) print uid, seq, st }'
}
uid () { event "$1" "$2" | cut -d' ' -f1; }
SOURCE_DATE_EPOCH=1694390400
export SOURCE_DATE_EPOCH

# Two mails, a calendar each (mlarc agenda -o): SEQUENCE 0 and 1.
expect 0 agenda -f ics -o "$TMP/ics2" "$TMP/part1.mbox" "$TMP/part2.mbox"
C1=$TMP/ics2/rev1@lists.example.org.ics
C2=$TMP/ics2/rev2@lists.example.org.ics
[ "$(grep -c '^SEQUENCE:0' "$C1")" = 5 ] || fail "revision 1: not five events with SEQUENCE 0"
[ "$(grep -c '^SEQUENCE:' "$C2")" = "$(grep -c '^SEQUENCE:1' "$C2")" ] || fail "revision 2: a SEQUENCE other than 1"
[ "$(grep -c '^BEGIN:VEVENT' "$C2")" = 6 ] || fail "revision 2: not 5 events and 1 cancellation"
for kept in Opening 'Filesystem testing' Break Lunch; do
    [ -n "$(uid "$C1" "$kept")" ] || fail "revision 1: no $kept"
    [ "$(event "$C2" "$kept")" = "$(uid "$C1" "$kept") 1 -" ] || fail "revision 2: $kept has another UID"
done
[ "$(event "$C2" 'Block layer update')" = "$(uid "$C1" 'Block layer update') 1 CANCELLED" ] \
    || fail "revision 2: the dropped slot is not cancelled under its UID"
nvme=$(uid "$C2" 'NVMe over TCP')
[ -n "$nvme" ] && ! grep -q "^UID:$nvme" "$C1" || fail "revision 2: the new slot has an old UID"
# Filesystem testing moved: the same event, at its new time.
tr -d '\r' <"$C2" | grep -A 4 "^UID:$(uid "$C1" 'Filesystem testing')" | grep -q '^DTSTART:20230911T100000$' \
    || fail "revision 2: the moved slot does not start at 10:00"

# One calendar for all three mails: the newest revision (SEQUENCE 2) and
# the slot dropped at revision 2, still cancelled.
expect 0 agenda -f ics "$MBOX"
cp "$TMP/out" "$TMP/all.ics"
[ "$(grep -c '^SEQUENCE:2' "$TMP/all.ics")" = 6 ] || fail "all: not six events of revision 3"
[ "$(grep -c '^BEGIN:VEVENT' "$TMP/all.ics")" = 6 ] || fail "all: superseded revisions written"
[ "$(event "$TMP/all.ics" 'Block layer update')" = "$(uid "$C1" 'Block layer update') 2 CANCELLED" ] \
    || fail "all: the dropped slot is not cancelled"
[ "$(uid "$TMP/all.ics" 'NVMe over TCP')" = "$nvme" ] || fail "all: NVMe has another UID"

# The site's calendars carry the same revisions and UIDs (made with the
# threads the site knows).
[ "$(event "$S/m/rev2@lists.example.org/agenda-1.ics" Opening)" = "$(uid "$C1" Opening) 1 -" ] \
    || fail "site: revision 2's calendar differs"
[ "$(event "$S/m/rev3@lists.example.org/agenda-1.ics" 'NVMe over TCP')" = "$nvme 2 -" ] \
    || fail "site: revision 3's calendar differs"
