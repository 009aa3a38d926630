/* mla-agenda-slot-labelled.c: the agenda parser's rule "slot-labelled":
 * a slot whose time is a field of its own ("Time: 14:00 - 14:25",
 * "Time/place: 16:15, S 2.109") among other "Label: value" lines, the
 * title's, the people's and the room's. Split from mla-agenda-slots.c,
 * whose rules find the time on a slot's own line. */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <stdlib.h>
#include <string.h>
#include "mla-agenda-slots-private.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-builder-private.h"
#include "mla-agenda-times-private.h"
#include "mla-agenda-scanner-private.h"
#include "mla-agenda-names-private.h"
#include "mla-agenda-days-private.h"
#include "mla-agenda-places-private.h"
#include "mla-agenda-people-private.h"
#include "mla-agenda-titles-private.h"
#include "mla-agenda-cells-private.h"
#include "mla-agenda-grids-private.h"
#include "mla-agenda-tables-private.h"
#include "mla-agenda-labels-private.h"

/* Whether @text is only a marker of something not yet known ("tba"). */
static gboolean
only_marker (MlaAgendaBuilder *b, const char *text)
{
    g_autoptr (GMatchInfo) match = NULL;
    gint from = 0, to = 0;

    if (!g_regex_match (b->parser->markers, text, 0, &match))
        return FALSE;
    g_match_info_fetch_pos (match, 0, &from, &to);
    return from == 0 && (gsize) to == strlen (text);
}

/* Whether a "Title:" line follows the current line in its paragraph. */
static gboolean
title_below (MlaAgendaBuilder *b)
{
    for (guint i = b->index + 1; i < b->n_lines && !b->lines[i].blank; i++)
        if (g_regex_match (b->parser->title_label, b->lines[i].text, 0, NULL))
            return TRUE;
    return FALSE;
}

/* "14:00 (!), room S 1.004": the place after a remark in @rest, the rest
 * of a time field whose label names a place ("Time/place:"). */
static void
labelled_place (MlaAgendaSlot *slot, const char *rest)
{
    const char *p = rest + strspn (rest, " ");

    if (*p == '(')
        p = strchr (p, ')') + 1;
    p += strspn (p, " ,;|");
    if (*p != '\0')
        slot->location = mla_agenda_squeeze (p);
}

/* The "Title:" lines from @first to the time's line @here: @slot's
 * title, or a note when it is only a marker ("Title: tba"). */
static void
labelled_title (MlaAgendaBuilder *b, MlaAgendaSlot *slot, guint first,
                guint here)
{
    for (guint i = first; i < here; i++) {
        g_autoptr (GMatchInfo) label = NULL;
        g_autofree char *text = mla_agenda_squeeze (b->lines[i].text);

        if (g_regex_match (b->parser->title_label, text, 0, &label)) {
            g_autofree char *title = g_match_info_fetch_named (label, "title");

            if (only_marker (b, title))
                g_ptr_array_add (slot->notes, g_strdup (text));
            else
                mla_agenda_slot_set_title (b, slot, title);
        }
    }
}

/* The other field lines from @first to the time's line @here: "Room:"
 * @slot's place, labelled people its people, others notes. */
static void
labelled_fields (MlaAgendaBuilder *b, MlaAgendaSlot *slot, guint first,
                 guint here)
{
    GRegex *person_label = mla_agenda_rule (b->parser, "person-label");
    GRegex *place_label = mla_agenda_rule (b->parser, "location-label");

    for (guint i = first; i < here; i++) {
        g_autoptr (GMatchInfo) label = NULL;
        const char *text = b->lines[i].text;

        if (g_regex_match (b->parser->title_label, text, 0, NULL))
            continue;
        b->index = i;
        if (slot->location == NULL &&
            g_regex_match (place_label, text, 0, &label)) {
            slot->location = g_match_info_fetch_named (label, "value");
        } else {
            g_clear_pointer (
                &label, g_match_info_unref); /* (a failed match has one too) */
            if (!(g_regex_match (person_label, text, 0, &label) &&
                  mla_agenda_rule_person_label (b, label)))
                g_ptr_array_add (slot->notes, mla_agenda_squeeze (text));
        }
        b->index = here;
    }
}

/* "5 March 2026 / Speaker: X / Title: Y / Time/place: 16:15, S 2.109": a
 * block of fields whose time comes last. The field lines right above the
 * time's are the slot's: "Title:" its title, labelled people its people,
 * "Room:" its place, others notes. The place after the time counts when
 * the label names one ("Time/place:"). Without fields above, the fields
 * follow, as under a time alone. */
gboolean
mla_agenda_rule_slot_labelled (MlaAgendaBuilder *b, GMatchInfo *match)
{
    g_autofree char *place = g_match_info_fetch_named (match, "place");
    g_autofree char *rest = g_match_info_fetch_named (match, "rest");
    MlaAgendaSlot *slot;
    MlaClock start, end;
    gboolean bare1, bare2;
    guint first = b->index, here = b->index;
    int s, e = -1;

    while (first > 0 && !b->lines[first - 1].blank &&
           g_regex_match (b->parser->field_line, b->lines[first - 1].text, 0,
                          NULL))
        first--;
    /* ("Time: 15:00-16:00 UTC" over "Chair:" and the items' times is the
     * meeting's frame, unless a "Title:" below makes it a slot's field) */
    if (b->minutes.in ||
        (first == here && !title_below (b) &&
         mla_agenda_slots_follow_frame (b, here)) ||
        !mla_agenda_fetch_clock (b, match, "1", &start, &bare1))
        return FALSE;
    if (mla_agenda_fetch_clock (b, match, "2", &end, &bare2))
        mla_agenda_resolve_range (&start, &end, b->day.previous,
                                  b->text.all_24h, &s, &e);
    else
        s = mla_agenda_resolve_clock (&start, b->day.previous, b->text.all_24h);
    mla_agenda_builder_set_zone (b, match);
    slot = mla_agenda_table_slot (s, e);
    if (place != NULL && place[0] != '\0')
        labelled_place (slot, rest);
    b->day.previous = s;
    g_clear_pointer (&b->slot.pending, mla_agenda_slot_free);
    if (first == here) {
        b->slot.pending = slot;
        return TRUE;
    }
    labelled_title (b, slot, first, here);
    mla_agenda_builder_add_slot (b, slot);
    b->slot.indent = mla_agenda_current_line (b)->indent;
    labelled_fields (b, slot, first, here);
    b->slot.last_content = here;
    g_debug (
        "agenda: rule slot-labelled: line %u: %02d:%02d, fields from line %u",
        here + 1, s / 60, s % 60, first + 1);
    return TRUE;
}
