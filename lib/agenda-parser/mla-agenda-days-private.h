/* mla-agenda-days-private.h: assembling slots into days: new days, slots
 * added, stops, frames, slot ends; owns the part "day" of
 * MlaAgendaBuilder (mla-agenda-builder-private.h). Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda.h"
#include "mla-agenda-builder-private.h"

G_BEGIN_DECLS

/* Fills the empty ends of @day's slots with the start of the next later
 * slot in the same room (or any room, for a slot without one). */
void mla_agenda_fill_ends (MlaAgendaDay *day);

/* Takes the time zone of a rule's @match for the agenda, when it has none. */
void mla_agenda_builder_set_zone (MlaAgendaBuilder *b, GMatchInfo *match);

/* Starts a day named @name (nullable) on @date (nullable, "YYYY-MM-DD"). */
void mla_agenda_builder_new_day (MlaAgendaBuilder *b, const char *name,
                                 const char *date);
/* Returns: (transfer none): the day of the agenda named @name on @date
 * ("" when unknown), made when there is none yet; the builder's state
 * (its current day, the previous time) is not touched. */
MlaAgendaDay *mla_agenda_builder_day_for (MlaAgendaBuilder *b, const char *name,
                                          const char *date);

/* Adds @slot (transfer full) to the current day, starting one when there
 * is none; later lines continue @slot. */
void mla_agenda_builder_add_slot (MlaAgendaBuilder *b, MlaAgendaSlot *slot);

/* A time row with no title ("9:30   -" under the seed's evening table)
 * ends the slots before it: it stands in the day as a slot without a
 * title (a stop) until the day's ends are filled, then it is dropped. */
void mla_agenda_builder_add_stop (MlaAgendaBuilder *b, int start);

/* The current day's hours end at @end (minutes): its last slot ends there
 * when nothing else ends it ("Session II 09:30-11:30" over the items). */
void mla_agenda_builder_frame (MlaAgendaBuilder *b, int end);

/* A new table starts: forgets the parts table, tracks and flat. */
void mla_agenda_builder_clear_table (MlaAgendaBuilder *b);

/* A programme that starts again in the morning (at @s, an hour or more
 * before the day's last start, not past midnight) with no heading since
 * is another day: a new day, undated (the text does not say which). */
void mla_agenda_new_day_if_restarted (MlaAgendaBuilder *b, int s);

G_END_DECLS
