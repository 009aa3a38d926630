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

#define FIELD_BLOCK_MAX_LINES 8    /* field lines of one talk */
#define TALK_HEADING_MAX_CHARS 100 /* a talk's title over its fields */
#define TALK_MAX_LINES 60          /* from a talk's time to the next one's */

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

/* Whether @field, a "Label: value" line without its list marker, gives
 * a day ("Day: Saturday", "Date: 5 March"). */
static gboolean
is_day_field (MlaAgendaBuilder *b, const char *field)
{
    const char *colon = strchr (field, ':');
    g_autofree char *label = NULL, *key = NULL;

    if (colon == NULL)
        return FALSE;
    label = g_strndup (field, colon - field);
    key = mla_agenda_fold_compact (g_strstrip (label));
    return g_hash_table_contains (b->parser->date_columns, key);
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
        /* ("- Room: K3.210": a field marked as a list item) */
        g_autofree char *field = g_regex_replace_literal (
            b->parser->list_marker, text, -1, 0, "", 0, NULL);

        /* (the day's field made or kept the slot's day) */
        if (g_regex_match (b->parser->title_label, field, 0, NULL) ||
            is_day_field (b, field))
            continue;
        b->index = i;
        if (slot->location == NULL &&
            g_regex_match (place_label, field, 0, &label)) {
            slot->location = g_match_info_fetch_named (label, "value");
        } else {
            g_clear_pointer (
                &label, g_match_info_unref); /* (a failed match has one too) */
            if (!(g_regex_match (person_label, text, 0, &label) &&
                  mla_agenda_rule_person_label (b, label)) &&
                !mla_agenda_add_labelled_line (b, slot, field))
                g_ptr_array_add (slot->notes, mla_agenda_squeeze (text));
        }
        b->index = here;
    }
}

/* "Advent of Compression: writing a BZip2 encoder in Ada": a title and
 * its subtitle, no field, though it reads as one: the subtitle starts in
 * lower case, and the words before the colon label no one, no place, no
 * day and no title. */
static gboolean
is_title_and_subtitle (MlaAgendaBuilder *b, const char *text)
{
    const char *colon = strstr (text, ": ");

    return colon != NULL && g_unichar_islower (g_utf8_get_char (colon + 2)) &&
           !is_day_field (b, text) &&
           !g_regex_match (b->parser->title_label, text, 0, NULL) &&
           !g_regex_match (mla_agenda_rule (b->parser, "person-label"), text, 0,
                           NULL) &&
           !g_regex_match (mla_agenda_rule (b->parser, "location-label"), text,
                           0, NULL);
}

/* "Mapping rivers with drones", a blank line, then a talk's fields from
 * line @first: the heading (one short line, no sentence, no field), or
 * NULL. */
static char *
heading_above (MlaAgendaBuilder *b, guint first)
{
    g_autofree char *text = NULL;
    gsize len;

    if (first < 2 || !b->lines[first - 1].blank || b->lines[first - 2].blank ||
        (first >= 3 && !b->lines[first - 3].blank))
        return NULL;
    text = mla_agenda_squeeze (b->lines[first - 2].text);
    len = strlen (text);
    if (len == 0 || g_utf8_strlen (text, -1) > TALK_HEADING_MAX_CHARS ||
        strchr (".:,;", text[len - 1]) != NULL ||
        (g_regex_match (b->parser->field_line, text, 0, NULL) &&
         !is_title_and_subtitle (b, text)) ||
        g_regex_match (b->parser->list_marker, text, 0, NULL))
        return NULL;
    return g_steal_pointer (&text);
}

/* Whether another talk's time field, marked as a list item, follows the
 * time's line @here within a talk's length. */
static gboolean
talk_follows (MlaAgendaBuilder *b, guint here)
{
    GRegex *timed = mla_agenda_rule (b->parser, "slot-labelled");

    for (guint i = here + 1; i < b->n_lines && i <= here + TALK_MAX_LINES; i++)
        if (!b->lines[i].blank &&
            g_regex_match (b->parser->list_marker, b->lines[i].text, 0, NULL) &&
            g_regex_match (timed, b->lines[i].text, 0, NULL))
            return TRUE;
    return FALSE;
}

/* The first line of the block of fields over the time's line @here
 * (@here when there is none). Fields marked as list items are a talk's
 * only under its heading, among other talks: "- Host:" and "- Dates:"
 * over "- Times:" are an event's. */
static guint
block_start (MlaAgendaBuilder *b, guint here)
{
    guint first = here;
    g_autofree char *heading = NULL;

    while (first > 0 && !b->lines[first - 1].blank &&
           g_regex_match (b->parser->field_line, b->lines[first - 1].text, 0,
                          NULL))
        first--;
    if (first < here &&
        g_regex_match (b->parser->list_marker, b->lines[first].text, 0, NULL) &&
        ((heading = heading_above (b, first)) == NULL ||
         (b->slot.field_blocks == 0 && !talk_follows (b, here))))
        return here;
    return first;
}

gboolean
mla_agenda_rule_field_above_time (MlaAgendaBuilder *b, GMatchInfo *match)
{
    GRegex *timed = mla_agenda_rule (b->parser, "slot-labelled");
    g_autofree char *label = g_match_info_fetch_named (match, "label");
    g_autofree char *value = NULL, *key = NULL;
    guint time = 0;

    if (b->minutes.in)
        return FALSE;
    for (guint i = b->index + 1;
         time == 0 && i < b->n_lines && !b->lines[i].blank &&
         i <= b->index + FIELD_BLOCK_MAX_LINES;
         i++) {
        if (g_regex_match (timed, b->lines[i].text, 0, NULL))
            time = i;
        else if (!g_regex_match (b->parser->field_line, b->lines[i].text, 0,
                                 NULL))
            return FALSE;
    }
    if (time == 0 || block_start (b, time) > b->index)
        return FALSE;
    key = mla_agenda_fold_compact (g_strstrip (label));
    if (!g_hash_table_contains (b->parser->date_columns, key))
        return TRUE; /* slot-labelled reads it */
    /* "Day: Saturday" in every talk's block: the same day, no new one */
    value = g_match_info_fetch_named (match, "value");
    return b->day.current != NULL && b->day.current->name != NULL &&
           g_utf8_collate (b->day.current->name, value) == 0;
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
    guint first, here = b->index;
    int s, e = -1;

    first = block_start (b, here);
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
    if (slot->title == NULL) {
        g_autofree char *heading = heading_above (b, first);

        if (heading != NULL)
            mla_agenda_slot_set_title (b, slot, heading);
    }
    b->slot.field_blocks++;
    mla_agenda_builder_add_slot (b, slot);
    b->slot.indent = mla_agenda_current_line (b)->indent;
    labelled_fields (b, slot, first, here);
    b->slot.last_content = here;
    MLA_AGENDA_TRACE (
        "agenda: rule slot-labelled: line %u: %02d:%02d, fields from line %u",
        here + 1, s / 60, s % 60, first + 1);
    return TRUE;
}
