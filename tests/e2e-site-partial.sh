#!/bin/sh
# e2e-site-partial.sh: an update after a few new messages reads from the
# overview only the messages the pages it visits show (mla-site-partial.c),
# and leaves a site equal to a full build of the same archive, whatever
# the new message does: a reply into an old thread, a new thread, a new
# month, a reply dated before its thread's first message, a message dated
# between old ones (its neighbours by date in other threads), a withheld
# message, a withheld thread newer than the rest, a reply into a thread
# of several pages, the first published
# message of a thread of withheld ones, a List-Id new to the site. Under
# the default address policy (hide), whose mask then asks the overview
# about the ids the pages show.
. "${top_srcdir:-.}/tests/e2e-lib.sh"

A=$TMP/archive
S=$TMP/site
partial_base "$TMP/base.mbox"
# The test mail, without agendas first.
NO_AGENDAS=--no-agendas
expect 0 import -q --no-agendas -a "$A" "$DATA"/thread/*.mbox "$DATA/site/hostile.mbox" \
    "$TMP/base.mbox"
expect 0 site -q --search=no -a "$A" -o "$S"

# $1..$5 as one_message; the update must read part of the archive, and
# equal a full build.
deliver () {
    one_message "$@"
    expect 0 import -q $NO_AGENDAS -a "$A" "$TMP/one.mbox"
    expect 0 site --search=no -a "$A" -o "$S"
    read_part "$1"
    same_as_full "$A" "$S" "$1" --search=no
}
deliver reply.1@example.org 'Fri, 25 Jun 2004 10:00:00 +0000' 'Re: a long thread' long.30@example.org
deliver new.1@example.org 'Sat, 26 Jun 2004 10:00:00 +0000' 'A new thread' ''
deliver month.1@example.org 'Mon, 04 Jan 2010 10:00:00 +0000' 'A new month' ''
# Between old messages: its neighbours by date are in other threads.
deliver between.1@example.org 'Mon, 01 Mar 2004 00:30:30 +0000' 'Between' ''
# Before its thread's first message: the thread's first by date changes.
deliver early.1@example.org 'Sun, 29 Feb 2004 10:00:00 +0000' 'Re: a new thread' new.1@example.org
deliver withheld.1@example.org 'Tue, 05 Jan 2010 10:00:00 +0000' 'Withheld' '' 'X-No-Archive: yes'
# A withheld thread newer than every other: the feeds' forty threads
# are the forty newest with a published message.
deliver withheld.2@example.org 'Sun, 01 Jan 2023 10:00:00 +0000' 'Withheld, newest' '' 'X-No-Archive: yes'
deliver after.2@example.org 'Sat, 26 Jun 2004 11:00:00 +0000' 'Re: a new thread' new.1@example.org
# The first published message of a thread of withheld ones.
deliver shown.1@example.org 'Wed, 03 Mar 2004 10:00:00 +0000' 'Re: withheld' hidden.1@example.org
# An id an old text names: the update reads everything (its old page
# shows the id unmasked now), and still equals a full build.
one_message elsewhere.7@example.org 'Wed, 06 Jan 2010 10:00:00 +0000' 'Named before' ''
expect 0 import -q --no-agendas -a "$A" "$TMP/one.mbox"
expect 0 site --search=no -a "$A" -o "$S"
same_as_full "$A" "$S" "an id an old text names" --search=no
grep -q 'elsewhere.7@example.org' "$S/m/long.7@example.org/index.html" \
    || fail "an old page still masks the id of a message archived since"
# A List-Id new to the site: its address is shown on every page now.
one_message newlist.1@example.org 'Thu, 07 Jan 2010 10:00:00 +0000' 'Another list' '' \
    'List-Id: <other.lists.example.org>'
expect 0 import -q --no-agendas -a "$A" "$TMP/one.mbox"
expect 0 site --search=no -a "$A" -o "$S"
same_as_full "$A" "$S" "a List-Id new to the site" --search=no
deliver after.1@example.org 'Fri, 08 Jan 2010 10:00:00 +0000' 'Re: Another list' newlist.1@example.org
# A reply without References joins the thread of the latest earlier
# message of its subject (within 30 days); a later delivery dated between
# them takes it over: the first thread loses it, no new message joins it.
deliver subject.root@example.org 'Mon, 11 Jan 2010 10:00:00 +0000' 'A subject moves' ''
deliver subject.loose@example.org 'Wed, 20 Jan 2010 10:00:00 +0000' 'Re: A subject moves' ''
deliver subject.between@example.org 'Fri, 15 Jan 2010 10:00:00 +0000' 'A subject moves' ''
# The same with a List-Id new to the site in the same delivery: an
# update that reads everything, and visits what changed.
deliver subject.root.2@example.org 'Tue, 12 Jan 2010 10:00:00 +0000' 'Another subject moves' ''
deliver subject.loose.2@example.org 'Fri, 22 Jan 2010 10:00:00 +0000' 'Re: Another subject moves' ''
one_message subject.between.2@example.org 'Sat, 16 Jan 2010 10:00:00 +0000' 'Another subject moves' ''
mv "$TMP/one.mbox" "$TMP/two.mbox"
one_message thirdlist.1@example.org 'Sat, 16 Jan 2010 11:00:00 +0000' 'A third list' '' \
    'List-Id: <third.lists.example.org>'
cat "$TMP/one.mbox" >>"$TMP/two.mbox"
expect 0 import -q --no-agendas -a "$A" "$TMP/two.mbox"
expect 0 site --search=no -a "$A" -o "$S"
grep -q 'visited only the pages new mail reaches' "$TMP/err" \
    || fail "a subject's move with a new List-Id: the update visited every page"
same_as_full "$A" "$S" "a subject's move with a new List-Id" --search=no

# With agendas (a timetable whose slots link threads): the agenda pages
# stay as they were, unless a thread the update changed may be linked by
# a slot, or a new agenda arrives; then everything is read.
A=$TMP/archive-agendas
S=$TMP/site-agendas
NO_AGENDAS=
expect 0 import -q -a "$A" "$DATA/agenda-links/links.mbox" "$TMP/base.mbox"
expect 0 site -q --search=no -a "$A" -o "$S"
[ -f "$S/m/programme@lists.example.org/agenda-1.html" ] \
    || fail "fixture: the agenda of tests/data/agenda-links has no page"
deliver agenda.reply.1@example.org 'Sat, 02 Jan 2016 10:00:00 +0000' 'Re: a long thread' long.40@example.org
deliver agenda.new.1@example.org 'Sun, 03 Jan 2016 10:00:00 +0000' 'A thread no slot is about' ''
# A reply into the thread a slot links: the link stays (the last build
# recorded it), and so do the agenda pages.
deliver agenda.linked.1@example.org 'Tue, 05 Sep 2023 10:00:00 +0000' 'Re: [Storage] memory tiering session' t-tier@lists.example.org
# A thread whose subject a slot's title links: every page is read.
read_all () {
    line=$(grep 'visited only the pages new mail reaches' "$TMP/err" || true)
    [ -z "$line" ] || echo "$line" | grep -q 'reading \([0-9]*\) of \1 messages' \
        || fail "$1: the update read part of the archive: $line"
}
# $1 (an agenda page of $S) links the thread of message $2 (its page
# links the thread's), shown as $3.
links () {
    thread=$(grep -o 'href="../../t/[^"]*"' "$S/m/$2/index.html" | head -n 1)
    [ -n "$thread" ] || fail "the page of $2 links no thread"
    grep -q "$thread>$3<" "$S/$1" \
        || fail "$1 does not link $2's thread as '$3': $(grep -o 'href="../../t/[^"]*"[^<]*<' "$S/$1" | tr '\n' ' ')"
}
PAGE=m/programme@lists.example.org/agenda-1.html
# Newer than the thread the slot links now, and as like its title: it
# takes the link; the update links that agenda again, alone.
deliver agenda.slot.1@example.org 'Mon, 01 Jan 2024 10:00:00 +0000' 'Memory tiering' ''
links $PAGE agenda.slot.1@example.org 'Memory tiering'
# As like the title but older: the link stays.
deliver agenda.slot.2@example.org 'Wed, 01 Jan 2020 10:00:00 +0000' 'Memory tiering' ''
links $PAGE agenda.slot.1@example.org 'Memory tiering'
# The thread linked, renamed (a message dated before its first) and as
# like the title: it keeps the link, shown with its new subject.
deliver agenda.slot.3@example.org 'Sun, 31 Dec 2023 10:00:00 +0000' 'Tiering memory' agenda.slot.1@example.org
links $PAGE agenda.slot.1@example.org 'Tiering memory'
# Renamed again, now unlike the title: another thread may take the link,
# which only the whole archive can tell (the newest of those as like the
# title as the first, not the older one just delivered).
one_message agenda.slot.4@example.org 'Sat, 30 Dec 2023 10:00:00 +0000' 'Lunch on Friday' agenda.slot.1@example.org
expect 0 import -q -a "$A" "$TMP/one.mbox"
expect 0 site --search=no -a "$A" -o "$S"
read_all "a linked thread renamed"
same_as_full "$A" "$S" "a linked thread renamed" --search=no
links $PAGE t-tier@lists.example.org 'Re: \[Storage\] memory tiering session'
# A state from before the links were recorded: an update with no thread
# a slot may take keeps saying that it knows none (not that no slot links),
# and the next, with one, reads everything.
sed -i -e '/^links=true$/d' -e '/^\[links\]$/,$d' "$S/.mlarc-site.state"
deliver agenda.withheld.1@example.org 'Tue, 02 Jan 2024 10:00:00 +0000' 'Memory tiering' '' 'X-No-Archive: yes'
! grep -q '^links=' "$S/.mlarc-site.state" \
    || fail "a state that knew no links records some after an update"
one_message agenda.slot.5@example.org 'Wed, 03 Jan 2024 10:00:00 +0000' 'Memory tiering' ''
expect 0 import -q -a "$A" "$TMP/one.mbox"
expect 0 site --search=no -a "$A" -o "$S"
read_all "a thread a slot may take, no links recorded"
same_as_full "$A" "$S" "a thread a slot may take, no links recorded" --search=no
# A new agenda (the sample's, a second list's programme).
expect 0 import -q -a "$A" "$top_srcdir/samples/ksummit-2004-discuss.mbox"
expect 0 site --search=no -a "$A" -o "$S"
read_all "a new agenda"
same_as_full "$A" "$S" "a new agenda" --search=no
deliver agenda.after.1@example.org 'Tue, 05 Jan 2016 10:00:00 +0000' 'Re: A thread no slot is about' agenda.new.1@example.org
exit 0
