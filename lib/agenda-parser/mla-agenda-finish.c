/* mla-agenda-finish.c: the passes over the agenda once the last line is
 * read: a programme with no day heading takes the last date of the prose
 * before it; then, day by day, the names before "Name: Title" and after
 * the titles (mla-agenda-titles.c), the places before a colon
 * (mla-agenda-places.c), kinds, the places of parallel slots made rooms,
 * untitled slots that frame the next ones dropped, a frame's end, the
 * ends filled, the stops dropped, then the empty days. */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <string.h>
#include "mla-agenda-finish-private.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-builder-private.h"
#include "mla-agenda-times-private.h"
#include "mla-agenda-days-private.h"
#include "mla-agenda-places-private.h"
#include "mla-agenda-titles-private.h"
#include "mla-agenda-title-days-private.h"

/* Removes the stops from @day's slots, in one pass. */
static void
drop_stops (MlaAgendaDay *day, GHashTable *stops)
{
    gsize n = 0;
    MlaAgendaSlot **all = (MlaAgendaSlot **) g_ptr_array_steal (day->slots, &n);

    for (gsize i = 0; i < n; i++) {
        if (g_hash_table_contains (stops, all[i]))
            mla_agenda_slot_free (all[i]);
        else
            g_ptr_array_add (day->slots, all[i]);
    }
    g_free (all);
}

/* "10:00 AM \u00b7 Hall A" and "10:00 AM \u00b7 Hall B": slots that start
 * together, each in a place of its own, are parallel tracks, and their
 * places rooms. */
static void
parallel_places_are_rooms (MlaAgendaDay *day)
{
    g_autoptr (GPtrArray) parallel = g_ptr_array_new ();

    for (guint i = 0; i < day->slots->len; i++) {
        MlaAgendaSlot *a = g_ptr_array_index (day->slots, i);

        for (guint j = 0;
             a->location != NULL && a->room == NULL && j < day->slots->len;
             j++) {
            MlaAgendaSlot *other = g_ptr_array_index (day->slots, j);

            if (other != a && other->location != NULL && other->room == NULL &&
                strcmp (other->start, a->start) == 0 &&
                strcmp (other->location, a->location) != 0) {
                g_ptr_array_add (parallel, a);
                break;
            }
        }
    }
    for (guint i = 0; i < parallel->len; i++) {
        MlaAgendaSlot *slot = g_ptr_array_index (parallel, i);

        slot->room = g_steal_pointer (&slot->location);
    }
}

/* A frame's end, after the day's slots, is a stop for the last of them. */
static void
add_frame_end (MlaAgendaBuilder *b, MlaAgendaDay *day)
{
    int end =
        GPOINTER_TO_INT (g_hash_table_lookup (b->day.frame_ends, day)) - 1;
    MlaAgendaSlot *stop;

    if (end < 0 || day->slots->len == 0)
        return;
    for (guint i = 0; i < day->slots->len; i++)
        if (mla_agenda_minutes_of (
                ((MlaAgendaSlot *) g_ptr_array_index (day->slots, i))->start) >=
            end)
            return; /* the slots run past the frame: it was no frame */
    stop = mla_agenda_slot_new ();
    mla_agenda_format_minutes (end, stop->start);
    g_ptr_array_add (day->slots, stop);
    g_hash_table_add (b->day.stops, stop);
}

/* "the plan for the review on Thursday 16 April." over a programme with
 * no day heading at all: the last date of the prose before its first
 * slot is its day (not a reply's "On Fri, Apr 10, 2026, Ann wrote:"). */
static void
date_only_day_from_prose (MlaAgendaBuilder *b)
{
    MlaAgendaDay *day;

    if (b->agenda->days->len != 1 || b->day.slot_lines->len == 0)
        return;
    day = g_ptr_array_index (b->agenda->days, 0);
    if (day->name != NULL || day->date[0] != '\0')
        return;
    for (guint i = g_array_index (b->day.slot_lines, guint, 0); i-- > 0;) {
        char date[11] = "";
        gint span[2] = { 0, 0 };

        if (b->lines[i].blank ||
            g_regex_match (b->parser->attribution, b->lines[i].text, 0, NULL))
            continue;
        if (mla_agenda_find_date_span (b, b->lines[i].text, date, span) &&
            date[0] != '\0') {
            day->name =
                g_strndup (b->lines[i].text + span[0], span[1] - span[0]);
            memcpy (day->date, date, sizeof date);
            return;
        }
    }
}

/* "Time: 15:00-17:00 UTC" over an agenda's items from 15:00 on: a slot
 * with no title whose hours hold the next two slots or more, the first at
 * its start, frames them and is none itself. */
static void
drop_untitled_frames (MlaAgendaBuilder *b, MlaAgendaDay *day)
{
    for (guint j = 0; j + 2 < day->slots->len; j++) {
        const MlaAgendaSlot *frame = g_ptr_array_index (day->slots, j);
        const MlaAgendaSlot *first = g_ptr_array_index (day->slots, j + 1);
        guint inside = 0;

        if (frame->title != NULL || frame->end[0] == '\0' ||
            strcmp (first->start, frame->start) != 0)
            continue;
        for (guint k = j + 1; k < day->slots->len; k++) {
            const MlaAgendaSlot *slot = g_ptr_array_index (day->slots, k);

            if (strcmp (slot->start, frame->start) < 0 ||
                strcmp (slot->start, frame->end) >= 0)
                break;
            inside++;
        }
        if (inside >= 2)
            g_hash_table_add (b->day.stops, (gpointer) frame);
    }
}

void
mla_agenda_builder_finish (MlaAgendaBuilder *b)
{
    date_only_day_from_prose (b);
    for (guint i = b->agenda->days->len; i-- > 0;) {
        MlaAgendaDay *day = g_ptr_array_index (b->agenda->days, i);

        /* names first: a place prefix reads "Niamh Gallagher:" as one */
        mla_agenda_day_name_heads (b, day);
        mla_agenda_day_lower_tails (b, day);
        mla_agenda_day_place_prefixes (b, day);
        for (guint j = 0; j < day->slots->len; j++) {
            MlaAgendaSlot *slot = g_ptr_array_index (day->slots, j);

            slot->kind = mla_agenda_parser_kind (b->parser, slot->title);
        }
        parallel_places_are_rooms (day);
        drop_untitled_frames (b, day);
        add_frame_end (b, day);
        mla_agenda_fill_ends (day);
        if (g_hash_table_size (b->day.stops) > 0)
            drop_stops (day, b->day.stops);
        if (day->slots->len == 0)
            g_ptr_array_remove_index (b->agenda->days, i);
    }
}
