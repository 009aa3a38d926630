/* mla-agenda-slots-private.h: the slot rules of the agenda parser, the
 * handlers of the rule table that find a slot's time on its line: a time
 * first, a range in parentheses after a title, a line headed by its date
 * or weekday, a detail line under a slot. Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda-builder-private.h"

G_BEGIN_DECLS

/* "9:00 - 9:30 Title": a time first, then the title or a row's cells. */
gboolean mla_agenda_rule_slot_time (MlaAgendaBuilder *b, GMatchInfo *match);
/* "Lunch (12:30-13:30)", "- Break (10:15-10:30)" under a slot. */
gboolean mla_agenda_rule_slot_inline (MlaAgendaBuilder *b, GMatchInfo *match);
/* "Mon Sep-21, 8:30 AM- 9:00 AM" under a slot: its day and hours. */
gboolean mla_agenda_rule_slot_detail (MlaAgendaBuilder *b, GMatchInfo *match);
/* "Wed 15 Jan 2025, 16:00-17:00, Room B12: Title": a slot on that day. */
gboolean mla_agenda_rule_slot_dated (MlaAgendaBuilder *b, GMatchInfo *match);

/* "Time/place: 16:15, S 2.109": a slot whose time is a field of its
 * block, under the block's "Title:" and "Speaker:" lines. */
gboolean mla_agenda_rule_slot_labelled (MlaAgendaBuilder *b, GMatchInfo *match);

/* The rule "field-above-time": a "Label: value" line of a block whose
 * time field comes below it in the same paragraph is left for that
 * field's rule ("slot-labelled"), which reads the block; a day's field
 * that names the current day again starts no day. */
gboolean mla_agenda_rule_field_above_time (MlaAgendaBuilder *b,
                                           GMatchInfo *match);

/* "- lunch from 12:15 to 1, downstairs", "- then coffee till 10:45": a
 * list item written as prose, in a programme already under way. */
gboolean mla_agenda_rule_slot_prose (MlaAgendaBuilder *b, GMatchInfo *match);

/* The rule "slot-from": "Accueil \u00e0 partir de 8h30 : caf\u00e9", a short
 * title, a word of [times] from, a time, maybe a note: a slot from then,
 * as the first line of a programme too, but not in minutes. */
gboolean mla_agenda_rule_slot_from (MlaAgendaBuilder *b, GMatchInfo *match);

/* The rule "slot-after": "Lunch 1200 \u2013 1300", a short title (four
 * words at most), then its range and nothing else: a slot of those hours,
 * but not in minutes. */
gboolean mla_agenda_rule_slot_after (MlaAgendaBuilder *b, GMatchInfo *match);

G_END_DECLS
