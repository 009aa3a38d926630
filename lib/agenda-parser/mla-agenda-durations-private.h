/* mla-agenda-durations-private.h: a session's clock over items that give
 * only their length ("13:00-15:00 UTC" over "Intro (10)", "CoRECONF
 * cluster (15)"): each item starts when the one above it ends. Not
 * installed. */
#pragma once
#include <glib.h>
#include "mla-agenda-builder-private.h"

G_BEGIN_DECLS

/* Rewrites in @lines (those of @b) each run of such items into timed
 * lines ("13:00-13:10 UTC Intro"), which the slot rules then read, and
 * makes the clock's line above them blank: it frames them, it is no
 * slot. The items are the lines at the first item's level (its indent,
 * with or without a list marker) that end in a length; lines below them
 * at another level (the drafts under a session) stay its notes. A length
 * without a unit ("(10)") counts only when the clock has an end that the
 * lengths fit in. */
/* "\u2022 14:00 14:30" over "Building a tiny compiler 30m": the two
 * clocks of a line become a range ("14:00-14:30"), and the title below
 * loses its length when it is the range's. */
void mla_agenda_join_clock_pairs (MlaAgendaBuilder *b, MlaAgendaLine *lines);

void mla_agenda_time_by_durations (MlaAgendaBuilder *b, MlaAgendaLine *lines);

G_END_DECLS
