/* mla-agenda-slots.c: the agenda parser's slot rules: how a slot's time
 * is found on its line: a time first ("9:00 - Title"), a range in
 * parentheses ("Lunch (12:30-13:30)"), a line headed by its date or
 * weekday, a detail line under a slot ("Mon Sep-21, 8:30 AM- 9:00 AM").
 * The rule "slot-labelled" (a time field among others) is in
 * mla-agenda-slot-labelled.c. */
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
#include "mla-agenda-flat-private.h"

#define PROSE_MIN_CHARS 50 /* a line this long that runs on is prose */

/* Whether the rest of a time row, @rest, is a dash and nothing else, as
 * in the seed's "9:30   - ": a row whose title was left empty. ("8:30AM:"
 * announces items below, and a time alone may have its title below.) */
static gboolean
is_empty_row (const char *rest)
{
    g_autofree char *text = g_strstrip (g_strdup (rest));

    return strcmp (text, "-") == 0 || strcmp (text, "\xe2\x80\x93") == 0 ||
           strcmp (text, "\xe2\x80\x94") == 0;
}

/* "3:30 - 3:15pm": the start is kept; the end, written before it, is not
 * used but flagged in a note. */
static void
flag_end_before_start (MlaAgendaSlot *slot, int s, int e)
{
    char end[6] = "";

    if (e < 0 || e >= s || mla_agenda_runs_past_midnight (s, e))
        return;
    mla_agenda_set_end (end, s, e);
    if (end[0] != '\0')
        return; /* "19h00-02h00": it ends the next day */
    mla_agenda_format_minutes (e, end);
    g_ptr_array_add (slot->notes,
                     g_strdup_printf ("end %s is before the start", end));
}

/* "10:00 AM - 10:45 AM \u00b7 Hall A" over the title: the rest of the
 * time line is the slot's place. Over another slot's line there is no
 * title below; and after a bar the title stands on the very next line:
 * over a blank line, "16:00 | Clausura" is a table row flattened, its
 * cell the title. */
static gboolean
place_after_time (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *rest)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *place = NULL;
    const char *sign = rest + strspn (rest, " ");

    if ((strchr ("|@", *sign) == NULL || *sign == '\0') &&
        !g_str_has_prefix (sign, "\xc2\xb7") &&
        !g_str_has_prefix (sign, "\xe2\x80\xa2"))
        return FALSE;
    /* (when the slot does not end here, a line with text follows) */
    if (mla_agenda_slot_ends_after (b, b->index, TRUE) ||
        (*sign == '|' && b->lines[b->index + 1].blank))
        return FALSE;
    if (!g_regex_match (b->parser->place_after_time, rest, 0, &match))
        return FALSE;
    place = g_match_info_fetch_named (match, "place");
    if (!mla_agenda_names_place (b, place))
        return FALSE;
    slot->location = g_steal_pointer (&place);
    return TRUE;
}

/* "arriving Tuesday 14 October at" over "10:35. Our shuttle ...": a
 * time that starts a line only because prose was wrapped there. The line
 * above runs on (no colon or full stop at its end; "16:00 UTC / 17:00
 * CET /" lists times on), is as long as wrapped prose and written as
 * prose (no tab, no column gap, more than one word: no link), is no
 * slot's continuation (not indented more), and its paragraph holds no
 * slot; the time's line has no tab either. */
static gboolean
continues_prose (MlaAgendaBuilder *b)
{
    const MlaAgendaLine *above;
    g_autofree char *text = NULL;
    gsize len;
    guint first;

    if (b->index == 0 || b->lines[b->index - 1].blank)
        return FALSE;
    above = &b->lines[b->index - 1];
    if (above->indent > mla_agenda_current_line (b)->indent)
        return FALSE;
    text = g_strchomp (g_strdup (above->text));
    len = strlen (text);
    if (g_utf8_strlen (text, -1) < PROSE_MIN_CHARS ||
        !(g_ascii_isalnum (text[len - 1]) || text[len - 1] == ',' ||
          text[len - 1] == '/') ||
        strchr (text, '\t') != NULL ||
        strstr (text + above->indent, "   ") != NULL ||
        /* (one long word, a link, is no prose, nor is a line that ends in
         * one, "Source: https://..."; a time row laid out in cells is none
         * either) */
        strchr (text + above->indent, ' ') == NULL ||
        strstr (strrchr (text, ' '), "://") != NULL ||
        mla_agenda_current_line (b)->tabbed != NULL)
        return FALSE;
    for (first = b->index - 1; first > 0 && !b->lines[first - 1].blank; first--)
        ;
    return b->day.slot_lines->len == 0 ||
           g_array_index (b->day.slot_lines, guint,
                          b->day.slot_lines->len - 1) < first;
}

/* "10h30 \u25ba D\u00e9marche d'accompagnement et" over "de d\u00e9veloppement
 * des produits Bio": a sign of layout after the time makes the line a
 * programme's, its title wrapped, however long. */
static gboolean
bullet_after_time (MlaAgendaBuilder *b, const char *text)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *title = NULL;

    if (!g_regex_match (mla_agenda_rule (b->parser, "slot-time"), text, 0,
                        &match))
        return FALSE;
    title = g_match_info_fetch_named (match, "title");
    return title != NULL && g_regex_match (b->parser->bullet, title, 0, NULL);
}

/* "9:30 please. Last time the 9:00 start meant half the room" over "the
 * first talk. I'd put the design review on day 2 after lunch": a time
 * that starts a paragraph of prose, whose lines (both as long as wrapped
 * prose) run on in mid-sentence and go on at the same margin in lower
 * case; a slot's title wraps indented under itself. Also "+1 to 9:30": a
 * vote, no time. */
static gboolean
starts_prose (MlaAgendaBuilder *b)
{
    const MlaAgendaLine *line = mla_agenda_current_line (b), *below;
    const char *text = line->text + line->indent;

    if (text[0] == '+' && g_ascii_isdigit (text[1]))
        return TRUE;
    if (b->index + 1 >= b->n_lines || bullet_after_time (b, text))
        return FALSE;
    below = &b->lines[b->index + 1];
    /* (a line below that is a slot of its own, "ore 21.10  Calendario",
     * is no prose however it starts) */
    return !below->blank && below->indent <= line->indent &&
           !g_regex_match (mla_agenda_rule (b->parser, "slot-time"),
                           below->text, 0, NULL) &&
           g_ascii_islower (text[strlen (text) - 1]) &&
           g_unichar_islower (g_utf8_get_char (below->text + below->indent)) &&
           g_utf8_strlen (text, -1) >= PROSE_MIN_CHARS &&
           g_utf8_strlen (below->text + below->indent, -1) >= PROSE_MIN_CHARS;
}

/* Whether the current line starts with a bullet ("- ", "* ", "\u2022 "). */
static gboolean
is_list_item (MlaAgendaBuilder *b)
{
    const MlaAgendaLine *line = mla_agenda_current_line (b);

    return g_regex_match (b->parser->list_marker, line->text + line->indent, 0,
                          NULL) &&
           !g_ascii_isdigit (line->text[line->indent]);
}

/* The start of the slot line @i, or -1. */
static int
line_start (MlaAgendaBuilder *b, guint i)
{
    g_autoptr (GMatchInfo) match = NULL;
    MlaClock clock;
    gboolean bare;

    if (!g_regex_match (mla_agenda_rule (b->parser, "slot-time"),
                        b->lines[i].text, 0, &match) ||
        !mla_agenda_fetch_clock (b, match, "1", &clock, &bare) || bare)
        return -1;
    return mla_agenda_resolve_clock (&clock, -1, b->text.all_24h);
}

/* "1400-1600 UTC" alone, then "Chairs:" and "Notes:" lines, then items
 * from 14:00: the range frames the items, it is no slot. (A range over a
 * "Title:" line and the next slot after its end is one.) */
static gboolean
frames_slots_below (MlaAgendaBuilder *b, int s, int e)
{
    guint i = b->index + 1;
    int next;

    while (i < b->n_lines && b->lines[i].blank)
        i++;
    if (i == b->n_lines ||
        !g_regex_match (b->parser->field_line, b->lines[i].text, 0, NULL) ||
        !mla_agenda_slots_follow_frame (b, b->index))
        return FALSE;
    while (i < b->n_lines && (b->lines[i].blank || line_start (b, i) < 0))
        i++;
    next = i < b->n_lines ? line_start (b, i) : -1;
    return next >= s && next < e;
}

/* "09.00-09.30  1   Opening": the item's number in a column of its own
 * is no cell of the row; cuts it from @title (in place). */
static void
drop_item_columns (MlaAgendaBuilder *b, char *title)
{
    g_autoptr (GMatchInfo) item = NULL;
    gint skip = 0;

    if (g_regex_match (b->parser->item_column, title, 0, &item)) {
        g_match_info_fetch_pos (item, 0, NULL, &skip);
        memmove (title, title + skip, strlen (title + skip) + 1);
    }
    g_clear_pointer (&item, g_match_info_unref);
    /* "TOP 1   Opening": the item's code in a column of its own is
     * the head of its title (not "Room 5  Title", a room's cell) */
    if (g_regex_match (b->parser->item_code, title, 0, &item)) {
        g_autofree char *code = g_match_info_fetch_named (item, "code");
        gsize n = strlen (code);

        g_match_info_fetch_pos (item, 0, NULL, &skip);
        if (!mla_agenda_is_room_line (b, code)) {
            title[n] = ' ';
            memmove (title + n + 1, title + skip, strlen (title + skip) + 1);
        }
    }
}

/* The slot of a time row with a title (or its pending slot, a title to
 * come): unless the row belongs to a block of parallel sessions or a
 * row of cells across rooms. */
static void
slot_of_row (MlaAgendaBuilder *b, char *title, const char *title_raw, int s,
             int e)
{
    g_autoptr (MlaAgendaSlot) slot = mla_agenda_slot_new ();

    mla_agenda_format_minutes (s, slot->start);
    mla_agenda_set_end (slot->end, s, e);
    flag_end_before_start (slot, s, e);
    if (title[0] == '\0' &&
        (mla_agenda_bar_block (b, s, e) || mla_agenda_flat_row (b, s, e) ||
         mla_agenda_parallel_block (b, s, e) || mla_agenda_block_row (b, s, e)))
        return;
    if (title[0] == '\0' || place_after_time (b, slot, title_raw)) {
        b->slot.pending = g_steal_pointer (&slot);
        return;
    }
    if (mla_agenda_parallel_block (b, s, e) ||
        mla_agenda_room_cells (b, title, s, e) ||
        mla_agenda_wall_cells (b, s, e))
        return;
    /* "9:00 am - 10:30 am | Session 1 | Chair: Ken Adams": a row of cells */
    mla_agenda_slot_set_cells (
        b, slot, title,
        mla_agenda_current_line (b)
                    ->text[mla_agenda_current_line (b)->indent] == '|' ||
            mla_agenda_cells_have_label (b, title));
    mla_agenda_builder_add_slot (b, g_steal_pointer (&slot));
}

/* Drops the time waiting for its title, since a row at @s comes first;
 * but "1130 \u2013 1145" right over "1145 \u2013 1200", a row of a whole
 * range that the next row starts at the end of, is a row left open, an
 * untitled slot (not "16:00 -", which ends the slot above, nor a time
 * alone whose row lost its title). */
static void
close_open_row (MlaAgendaBuilder *b, int s)
{
    MlaAgendaSlot *row = g_steal_pointer (&b->slot.pending);

    if (row == NULL)
        return;
    if (row->end[0] == '\0' || mla_agenda_minutes_of (row->end) != s ||
        row->title != NULL || b->day.current == NULL) {
        mla_agenda_slot_free (row);
        return;
    }
    MLA_AGENDA_TRACE ("agenda: slot at %s: a row left open", row->start);
    mla_agenda_builder_add_slot (b, row);
}

gboolean
mla_agenda_rule_slot_time (MlaAgendaBuilder *b, GMatchInfo *match)
{
    MlaClock start, end;
    gboolean bare1 = FALSE, bare2 = FALSE, has_end;
    g_autofree char *title_raw = g_match_info_fetch_named (match, "title");
    g_autofree char *title = NULL;
    int s, e = -1;
    gint title_pos = 0;

    if (b->minutes.in)
        return FALSE; /* timestamps of the minutes, no slots */
    if (continues_prose (b) || starts_prose (b))
        return FALSE;

    if (!mla_agenda_fetch_clock (b, match, "1", &start, &bare1))
        return FALSE;
    has_end = mla_agenda_fetch_clock (b, match, "2", &end, &bare2);
    title = mla_agenda_strip_separators (title_raw);
    if (bare1 && has_end && bare2)
        return FALSE; /* "2 - 3  rooms": no time has minutes or am/pm */
    if (bare1 && !has_end) {
        g_autofree char *from = g_match_info_fetch_named (match, "from");

        /* "alle 10 Apertura" is a time; "10 people" and "from 10 people" are
         * not */
        if (from == NULL || from[0] == '\0' ||
            !g_unichar_isupper (g_utf8_get_char (title)))
            return FALSE;
    }
    g_strchomp (title);
    drop_item_columns (b, title);
    while (g_str_has_suffix (title, "|")) { /* pipe tables */
        title[strlen (title) - 1] = '\0';
        g_strchomp (title);
    }
    if (title[0] == '<')
        return FALSE; /* chat logs: "12:03 <nick> hello" */
    if (has_end)
        mla_agenda_resolve_range (&start, &end, b->day.previous,
                                  b->text.all_24h, &s, &e);
    else
        s = mla_agenda_resolve_clock (&start, b->day.previous, b->text.all_24h);
    mla_agenda_builder_set_zone (b, match);
    close_open_row (b, s);
    mla_agenda_new_day_if_restarted (b, s);
    b->day.previous = s;
    b->slot.current = NULL;
    b->slot.indent = mla_agenda_current_line (b)->indent;
    MLA_AGENDA_TRACE ("agenda: rule slot-time: line %u: %02d:%02d \"%s\"",
                      b->index + 1, s / 60, s % 60, title);

    if (title[0] == '\0' && is_empty_row (title_raw)) {
        mla_agenda_builder_add_stop (b, s);
        return TRUE;
    }
    if (title[0] == '\0' && e > s && frames_slots_below (b, s, e)) {
        MLA_AGENDA_TRACE (
            "agenda: rule slot-time: line %u frames the slots below",
            b->index + 1);
        mla_agenda_builder_frame (b, e);
        return TRUE;
    }
    g_match_info_fetch_named_pos (match, "title", &title_pos, NULL);
    title_pos += (gint) (strlen (title_raw) -
                         strlen (title_raw + strspn (title_raw, " -:|.,")));
    /* (a line with no bar under a pipe table is none of its rows: "12h às
     * 13h30 — Almoço" between two tables) */
    if (b->table.columns->len > 0 &&
        (b->table.split != '|' || strchr (title_raw, '|') != NULL)) {
        mla_agenda_table_row (b, title_raw + strspn (title_raw, " -:.,"), s, e);
        return TRUE;
    }
    if (b->tracks.rooms->len > 0) {
        mla_agenda_track_row (b, title_pos, s, e);
        return TRUE;
    }
    slot_of_row (b, title, title_raw, s, e);
    return TRUE;
}

/* Whether the next line with text is a list item without a time of its
 * own: an item of the slot that a timed item before it leaves open. */
static gboolean
untimed_item_follows (MlaAgendaBuilder *b)
{
    for (guint i = b->index + 1; i < b->n_lines; i++) {
        const char *text = b->lines[i].text + b->lines[i].indent;

        if (b->lines[i].blank)
            continue;
        return g_regex_match (b->parser->list_marker, text, 0, NULL) &&
               !g_regex_match (b->parser->time_anywhere, text, 0, NULL);
    }
    return FALSE;
}

/* The title of a "slot-inline" line with what follows its range:
 * "(10:45-12:30) - with Ann Lee" or "(09:00-10:30): Kernels". Returns:
 * (transfer full). */
static char *
inline_title (GMatchInfo *match)
{
    g_autofree char *title = g_match_info_fetch_named (match, "title");
    g_autofree char *after = g_match_info_fetch_named (match, "after");
    g_autofree char *dash = g_match_info_fetch_named (match, "dash");

    if (dash != NULL && dash[0] != '\0')
        return g_strconcat (title, " ", dash, NULL);
    if (after != NULL && after[0] != '\0')
        return g_strconcat (title, ": ", after, NULL);
    return g_steal_pointer (&title);
}

/* "3. Treasurer's report (10:25)", "Lunch (12:30-14:00)": @slot, titled
 * @title without its number (@item, nullable), is a slot with a line of
 * its own. */
static void
add_own_slot (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *title,
              GMatchInfo *item, GMatchInfo *match, int s)
{
    g_autofree char *note = g_match_info_fetch_named (match, "note");
    gint skip = 0;

    if (item != NULL)
        g_match_info_fetch_pos (item, 0, NULL, &skip);
    mla_agenda_slot_set_title (b, slot, title + skip);
    if (note != NULL && note[0] != '\0')
        g_ptr_array_add (slot->notes, g_strdup (note));
    b->day.previous = s;
    b->slot.indent = mla_agenda_current_line (b)->indent;
    mla_agenda_builder_add_slot (b, slot);
}

/* "- Break (10:15-10:30)" under a slot: @slot, a slot inside it, leaves
 * the slot open; the list items right after it are a slot from the
 * break's end (pending: the first item is its title). */
static void
add_item_slot (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *title,
               int s, int e)
{
    mla_agenda_slot_set_title (b, slot, title);
    if (b->day.current == NULL)
        mla_agenda_builder_new_day (b, NULL,
                                    NULL); /* "- Recap (9:00-9:15)" first */
    g_ptr_array_add (b->day.current->slots, slot);
    g_array_append_val (b->day.slot_lines, b->index);
    b->day.previous = s;
    b->slot.last_content = b->index;
    if (e > s && b->index + 1 < b->n_lines &&
        g_regex_match (b->parser->list_marker,
                       b->lines[b->index + 1].text +
                           b->lines[b->index + 1].indent,
                       0, NULL)) {
        g_clear_pointer (&b->slot.pending, mla_agenda_slot_free);
        b->slot.pending = mla_agenda_slot_new ();
        mla_agenda_format_minutes (e, b->slot.pending->start);
    }
}

/* "- Break (10:15-10:30)" under a slot: a slot of its own, and the list
 * items right after it a slot from the break's end (the first item is
 * its title). "- Return home (4:00PM)": a slot at that time. A list of
 * items that each end in their range ("- Recap (9:00-9:15)") is a slot
 * per item; what follows the range is the title's too ("(10:45-12:30) -
 * with Ann Lee") or a note ("(9:15-10:30), speaker tbc"). */
gboolean
mla_agenda_rule_slot_inline (MlaAgendaBuilder *b, GMatchInfo *match)
{
    MlaAgendaSlot *parent = b->slot.current;
    g_autofree char *title = NULL;
    g_autoptr (GMatchInfo) item = NULL;
    MlaClock start, end;
    gboolean bare1, bare2, numbered, whole;
    int s, e;
    MlaAgendaSlot *slot;

    if (b->minutes.in)
        return FALSE; /* timestamps of the minutes, no slots */

    title = g_match_info_fetch_named (match, "title");
    /* "3. Treasurer's report (10:25)": a numbered item is a slot of its own */
    numbered = g_ascii_isdigit (title[0]) &&
               g_regex_match (b->parser->list_marker, title, 0, &item);
    /* "Session 1 (09:00-10:30): Kernels", "Lunch (12:30-14:00)": with a
     * whole range, a line is a slot of its own */
    whole = mla_agenda_fetch_clock (b, match, "2", &end, &bare2) &&
            (g_utf8_strlen (title, -1) <= HEADING_MAX_CHARS / 2 ||
             is_list_item (b));
    g_free (title);
    title = inline_title (match);
    if (!numbered && !whole &&
        mla_agenda_fetch_clock (b, match, "1", &start, &bare1) && !bare1) {
        /* "Slot 1 (10:00)" over "- Main room: Testing" lines: a time block */
        s = mla_agenda_resolve_clock (&start, b->day.previous, b->text.all_24h);
        if (mla_agenda_parallel_block (b, s, -1)) {
            b->day.previous = s;
            return TRUE;
        }
    }
    if ((!numbered && !whole && (parent == NULL || !b->slot.open)) ||
        !mla_agenda_fetch_clock (b, match, "1", &start, &bare1))
        return FALSE;
    /* (a list item with a range under a slot is a break inside it) */
    if (whole && !numbered && (!is_list_item (b) || !untimed_item_follows (b)))
        numbered = TRUE; /* the same path: a slot with its own line */
    if (mla_agenda_fetch_clock (b, match, "2", &end, &bare2)) {
        mla_agenda_resolve_range (&start, &end, b->day.previous,
                                  b->text.all_24h, &s, &e);
    } else if (!bare1) {
        s = mla_agenda_resolve_clock (&start, b->day.previous, b->text.all_24h);
        e = -1;
    } else {
        return FALSE;
    }
    slot = mla_agenda_table_slot (s, e);
    if (numbered && e > s && mla_agenda_parallel_block (b, s, e)) {
        /* "Parallel Sessions (13:00-15:00)" over one line per session */
        mla_agenda_slot_free (slot);
        b->day.previous = s;
        return TRUE;
    }
    if (numbered)
        add_own_slot (b, slot, title, item, match, s);
    else
        add_item_slot (b, slot, title, s, e);
    return TRUE;
}

/* "Thursday, 6 November 2025, 09:30-11:30" over a session's items, after
 * another day's: the next day's heading with its hours, no detail of the
 * slot above. */
static gboolean
heads_another_day (MlaAgendaBuilder *b)
{
    char date[11] = "";

    return b->day.current != NULL &&
           mla_agenda_find_date (b, mla_agenda_current_line (b)->text, date) &&
           date[0] != '\0' && strcmp (date, b->day.current->date) != 0 &&
           mla_agenda_slots_follow_frame (b, b->index);
}

gboolean
mla_agenda_rule_slot_detail (MlaAgendaBuilder *b, GMatchInfo *match)
{
    MlaAgendaSlot *slot =
        b->slot.pending != NULL ? b->slot.pending : b->slot.current;
    MlaClock start, end;
    gboolean bare1, bare2;
    int s, e;

    if (!mla_agenda_fetch_clock (b, match, "1", &start, &bare1) ||
        !mla_agenda_fetch_clock (b, match, "2", &end, &bare2))
        return FALSE;
    if (slot == NULL || heads_another_day (b))
        return FALSE;
    mla_agenda_resolve_range (&start, &end, -1, b->text.all_24h, &s, &e);
    mla_agenda_builder_set_zone (b, match);
    if (slot == b->slot.pending) {
        /* the lines after the details are the slot's category and text */
        mla_agenda_builder_add_slot (b, g_steal_pointer (&b->slot.pending));
    } else if (slot == b->slot.detail_slot) {
        /* A second detail line: a parallel slot, its speaker on the line
         * above, which the slot before took as a note. */
        MlaAgendaSlot *parallel = mla_agenda_slot_new ();
        guint above = b->index;

        while (above > 0 && b->lines[above - 1].blank)
            above--;
        mla_agenda_format_minutes (s, parallel->start);
        mla_agenda_set_end (parallel->end, s, e);
        if (above > 0 &&
            mla_agenda_parser_is_name (b->parser, b->lines[above - 1].text)) {
            g_autofree char *name =
                mla_agenda_squeeze (b->lines[above - 1].text);

            if (slot->notes->len > 0 &&
                strcmp (g_ptr_array_index (slot->notes, slot->notes->len - 1),
                        name) == 0)
                g_ptr_array_remove_index (slot->notes, slot->notes->len - 1);
            mla_agenda_add_name_run (b, parallel, name);
        }
        mla_agenda_builder_add_slot (b, parallel);
        b->day.previous = s;
        slot = parallel;
    }
    b->slot.detail_slot = slot;
    if (slot->end[0] == '\0' && e > s &&
        mla_agenda_minutes_of (slot->start) == s)
        mla_agenda_format_minutes (e, slot->end);
    if (b->day.current != NULL && b->day.current->name == NULL &&
        b->day.current->date[0] == '\0') {
        /* "Mon Sep-21, 8:30 AM- 9:00 AM" under no heading: the day is
         * named by its slots' detail lines. */
        const char *text = mla_agenda_current_line (b)->text;
        gint from = 0;
        g_autofree char *head = NULL;

        g_match_info_fetch_named_pos (match, "h1", &from, NULL);
        head = g_strndup (text, from);
        b->day.current->name =
            mla_agenda_squeeze (g_strdelimit (head, ",", ' '));
        mla_agenda_find_date (b, b->day.current->name, b->day.current->date);
    }
    b->slot.detail_line = (gint) b->index;
    return TRUE;
}

/* Whether @name, the head of a dated line, is a weekday and at most two
 * more words ("Mon", "Monday 16 November" without a year): then @date is
 * the current day's when it has that name, else the next such weekday
 * (or "" without a reference). */
static gboolean
weekday_head (MlaAgendaBuilder *b, const char *name, char date[11])
{
    int weekday = mla_agenda_text_weekday (b->parser, name);
    guint words = 1;

    for (const char *p = name; *p != '\0'; p++)
        words += *p == ' ';
    if (weekday == 0 || words > 3)
        return FALSE;
    if (b->day.current != NULL && g_strcmp0 (b->day.current->name, name) == 0)
        memcpy (date, b->day.current->date, 11);
    else if (date[0] == '\0')
        mla_agenda_resolve_weekday_after (b, weekday, date);
    return TRUE;
}

/* "Wed 15 Jan 2025, 16:00-17:00, Room B12: Title - Speaker": a line that
 * carries its own date (or weekday: "Mon    09:00-12:30  Opening
 * plenary") is a slot on that day. */
gboolean
mla_agenda_rule_slot_dated (MlaAgendaBuilder *b, GMatchInfo *match)
{
    g_autofree char *head = g_match_info_fetch_named (match, "head");
    g_autofree char *rest = g_match_info_fetch_named (match, "rest");
    g_autofree char *name = NULL;
    g_autoptr (MlaAgendaSlot) slot = NULL;
    g_autoptr (GMatchInfo) place = NULL;
    MlaClock start, end;
    gboolean bare1, bare2;
    char date[11] = "";
    int s, e;

    if (b->minutes.in)
        return FALSE; /* timestamps of the minutes, no slots */

    if (g_utf8_strlen (head, -1) > HEADING_MAX_CHARS / 2 ||
        !mla_agenda_fetch_clock (b, match, "1", &start, &bare1) ||
        !mla_agenda_fetch_clock (b, match, "2", &end, &bare2))
        return FALSE;
    name = mla_agenda_squeeze (head);
    if ((!mla_agenda_find_date (b, head, date) || date[0] == '\0') &&
        !weekday_head (b, name, date))
        return FALSE;
    mla_agenda_resolve_range (&start, &end, -1, b->text.all_24h, &s, &e);
    mla_agenda_builder_set_zone (b, match);
    if (b->day.current == NULL ||
        (date[0] != '\0' ? strcmp (b->day.current->date, date)
                         : g_strcmp0 (b->day.current->name, name)) != 0)
        mla_agenda_builder_new_day (b, name, date);
    mla_agenda_builder_clear_table (b);
    if (mla_agenda_names_place (b, rest) && mla_agenda_slot_follows (b)) {
        /* "Every Monday 10:00-11:00, Room 4.12" over the items: the
         * meeting's frame, a heading */
        MLA_AGENDA_TRACE (
            "agenda: rule slot-dated: line %u frames the slots below",
            b->index + 1);
        return TRUE;
    }
    slot = mla_agenda_slot_new ();
    mla_agenda_format_minutes (s, slot->start);
    mla_agenda_set_end (slot->end, s, e);
    if (g_regex_match (b->parser->place_prefix, rest, 0, &place)) {
        g_autofree char *where = g_match_info_fetch_named (place, "place");
        g_autofree char *title = g_match_info_fetch_named (place, "title");

        if (mla_agenda_names_place (b, where)) {
            slot->location = mla_agenda_squeeze (where);
            mla_agenda_slot_set_title (b, slot, title);
        }
    }
    if (slot->location == NULL)
        mla_agenda_slot_set_title (b, slot, rest);
    MLA_AGENDA_TRACE ("agenda: rule slot-dated: line %u: %s %02d:%02d",
                      b->index + 1, date, s / 60, s % 60);
    b->day.previous = s;
    b->slot.indent = mla_agenda_current_line (b)->indent;
    mla_agenda_builder_add_slot (b, g_steal_pointer (&slot));
    return TRUE;
}

/* "- lunch from 12:15 to 1, downstairs in the restaurant": a list item
 * that writes its times after its title, in a programme already under
 * way (it follows slots); "- then coffee till 10:45" starts where the
 * slot above ends. What follows a comma is a meal's, a break's or a
 * party's place, else a note. */
gboolean
mla_agenda_rule_slot_prose (MlaAgendaBuilder *b, GMatchInfo *match)
{
    g_autofree char *title = g_match_info_fetch_named (match, "title");
    g_autofree char *rest = g_match_info_fetch_named (match, "rest");
    MlaAgendaSlot *slot;
    MlaClock start, end;
    gboolean bare1, bare2;
    int s, e;

    if (b->minutes.in || b->slot.current == NULL ||
        b->day.slot_lines->len == 0 ||
        !mla_agenda_fetch_clock (b, match, "2", &end, &bare2))
        return FALSE;
    if (mla_agenda_fetch_clock (b, match, "1", &start, &bare1)) {
        mla_agenda_resolve_range (&start, &end, b->day.previous,
                                  b->text.all_24h, &s, &e);
    } else {
        s = mla_agenda_minutes_of (b->slot.current->end);
        if (s < 0)
            return FALSE;
        e = mla_agenda_resolve_clock (&end, s, b->text.all_24h);
    }
    if (e <= s)
        return FALSE;
    slot = mla_agenda_slot_new ();
    mla_agenda_format_minutes (s, slot->start);
    mla_agenda_format_minutes (e, slot->end);
    mla_agenda_slot_set_title (b, slot, title);
    if (rest != NULL && rest[0] != '\0') {
        /* after a meal, a break or a party, where it is; else a note */
        if (mla_agenda_parser_kind (b->parser, title) !=
                MLA_SLOT_KIND_SESSION &&
            slot->location == NULL)
            slot->location = g_steal_pointer (&rest);
        else
            g_ptr_array_add (slot->notes, g_steal_pointer (&rest));
    }
    MLA_AGENDA_TRACE ("agenda: rule slot-prose: line %u: %02d:%02d-%02d:%02d",
                      b->index + 1, s / 60, s % 60, e / 60, e % 60);
    b->day.previous = s;
    b->slot.indent = mla_agenda_current_line (b)->indent;
    mla_agenda_builder_add_slot (b, slot);
    return TRUE;
}

/* A title beside its clock on a line of its own: at most four words (a
 * line of prose is no title). */
static gboolean
is_short_title (const char *title)
{
    guint words = 1;

    for (const char *p = title; *p != '\0'; p++)
        words += *p == ' ';
    return words <= 4;
}

gboolean
mla_agenda_rule_slot_from (MlaAgendaBuilder *b, GMatchInfo *match)
{
    g_autofree char *title = g_match_info_fetch_named (match, "title");
    g_autofree char *rest = g_match_info_fetch_named (match, "rest");
    MlaAgendaSlot *slot;
    MlaClock start;
    gboolean bare;
    int s;

    if (b->minutes.in || !is_short_title (title) ||
        !mla_agenda_fetch_clock (b, match, "1", &start, &bare))
        return FALSE;
    s = mla_agenda_resolve_clock (&start, b->day.previous, b->text.all_24h);
    if (s < 0)
        return FALSE;
    slot = mla_agenda_slot_new ();
    mla_agenda_format_minutes (s, slot->start);
    mla_agenda_slot_set_title (b, slot, title);
    if (rest != NULL && rest[0] != '\0')
        g_ptr_array_add (slot->notes, g_steal_pointer (&rest));
    MLA_AGENDA_TRACE ("agenda: rule slot-from: line %u: %02d:%02d",
                      b->index + 1, s / 60, s % 60);
    b->day.previous = s;
    b->slot.indent = mla_agenda_current_line (b)->indent;
    mla_agenda_builder_add_slot (b, slot);
    return TRUE;
}

gboolean
mla_agenda_rule_slot_after (MlaAgendaBuilder *b, GMatchInfo *match)
{
    g_autofree char *title = g_match_info_fetch_named (match, "title");
    MlaAgendaSlot *slot;
    MlaClock start, end;
    gboolean bare1, bare2;
    int s, e;

    if (b->minutes.in || !is_short_title (title) ||
        !mla_agenda_fetch_clock (b, match, "1", &start, &bare1) ||
        !mla_agenda_fetch_clock (b, match, "2", &end, &bare2))
        return FALSE;
    mla_agenda_resolve_range (&start, &end, b->day.previous, b->text.all_24h,
                              &s, &e);
    if (s < 0)
        return FALSE;
    close_open_row (b, s);
    slot = mla_agenda_table_slot (s, e);
    mla_agenda_slot_set_title (b, slot, title);
    MLA_AGENDA_TRACE ("agenda: rule slot-after: line %u: %02d:%02d",
                      b->index + 1, s / 60, s % 60);
    b->day.previous = s;
    b->slot.indent = mla_agenda_current_line (b)->indent;
    mla_agenda_builder_add_slot (b, slot);
    return TRUE;
}
