/* mla-agenda-rules.c: the agenda parser's rule engine. A table of named
 * rules, whose patterns are built from the vocabulary, classifies each
 * scanned line and feeds the builder; the slot rules and the text rule
 * live here, the others in the modules of their idea (days, tables,
 * people). */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <stdlib.h>
#include <string.h>
#include "mla-agenda-rules-private.h"
#include "mla-agenda-titles-private.h"
#include "mla-agenda-days-private.h"
#include "mla-agenda-people-private.h"
#include "mla-agenda-scanner-private.h"
#include "mla-agenda-tables-private.h"
#include "mla-agenda-places-private.h"
#include "mla-agenda-times-private.h"

#define PARAGRAPH_MAX_LINES 3   /* lines of a talk's title and speaker */
#define TITLE_MAX_CHARS 100     /* a longer line is a description */
#define FRAME_MAX_FIELDS 6      /* lines between a frame and its slots */
#define PROSE_MIN_CHARS 50      /* a line this long that runs on is prose */
#define WRAP_MIN_CHARS 55       /* a line wrapped by its writer was about this long */

static gboolean rule_slot_detail (MlaAgendaBuilder *b, GMatchInfo *match);
static gboolean rule_slot_dated (MlaAgendaBuilder *b, GMatchInfo *match);
static gboolean slot_follows (MlaAgendaBuilder *b);
static gboolean rule_slot_time (MlaAgendaBuilder *b, GMatchInfo *match);
static gboolean rule_location_label (MlaAgendaBuilder *b, GMatchInfo *match);
static gboolean rule_slot_inline (MlaAgendaBuilder *b, GMatchInfo *match);
static gboolean rule_text (MlaAgendaBuilder *b, GMatchInfo *match);

/* "15:00 Hours of code": a unit word written as the first word of a title
 * (capitalised, a lower-case word after it) is the title's. */
#define TITLE_WORD "\\p{Lu}\\p{Ll}*\\s+\\p{Ll}"

/* Order matters: the first rule whose pattern matches and whose handler
 * accepts the line wins. */
static const MlaAgendaRule rules[] = {
    { "export-header", "^\\s*\\|?\\s*(?:@DATECOL@|@STARTCOL@)\\s*(?:\\||\\t|\\s{2,})\\s*\\S",
      mla_agenda_rule_export_header },
    { "table-header",
      /* ("Time (CET) | Topic | Presenter": the zone is the time column's) */
      "^\\s*(?:\\|?\\s*(?:@TIMECOL@)(?:\\s*\\([^()|]{1,12}\\))?(?:\\s*\\||\\s)|(?<corner>\\|?\\s*\\|))"
      "\\s*(?<rest>\\S.*?)\\s*"
      "$",
      mla_agenda_rule_table_header },
    { "track-header", "^\\s*(?:\\w+\\s+)?(?:@ROOM@)\\b[^:]*?\\s{2,}(?:@ROOM@)\\b",
      mla_agenda_rule_track_header },
    { "underline", "^\\s*(?:[=~_*#-]{3,}\\s*)+$", mla_agenda_rule_underline },
    { "time-header",
      "^[\\s|]*\\d{1,2}[:.]\\d{2}(?:\\s?(?:@SUFFIX@))?(?:(?:\\s{2,}|\\s*\\|\\s*)\\d{1,2}[:.]\\d{2}"
      "(?:\\s?(?:@SUFFIX@))?)+[\\s|]*$",
      mla_agenda_rule_time_header },
    { "slot-dated",
      "^\\s*(?:[-*\\x{2022}]\\s*)?(?<head>[^\\s:|][^:|]*?)[,\\s]+@TIME1@\\s*(?:@RANGE@)\\s*"
      "@TIME2@(?:\\s*(?<zone>@ZONE@)(?!\\w))?(?:\\s*[,;:|]\\s*|\\s{2,})(?<rest>\\S.*)$",
      rule_slot_dated },
    { "slot-detail",
      "^\\s*(?:@WEEKDAY@|@WEEKDAY_ABBR@)\\b\\W.*?@TIME1@\\s*(?:@RANGE@)\\s*@TIME2@"
      "(?:\\s*(?<zone>@ZONE@)(?!\\w))?\\s*$",
      rule_slot_detail },
    { "slot-time",
      "^\\s*(?:[-*\\x{2022}\\x{00b7}+|]\\s*|o\\s+|\\d{1,2}[.)]\\s+|(?<from>@FROM@)\\s+)?"
      "(?<bracket>\\[\\s*)?@TIME1@(?:\\s*(?:@RANGE@)\\s*@TIME2@)?(?(bracket)\\s*\\])"
      "(?:\\s*(?<zone>@ZONE@)(?!\\w))?(?:\\s*(?!" TITLE_WORD ")(?:@UNIT@)(?!\\w))?"
      "@OTHER_ZONE@(?<title>.*)$",
      rule_slot_time },
    { "person-label",
      "^\\s*(?:[-*\\x{2022}|]\\s*)?(?<label>@LABEL@)(?<plural>\\(\\p{L}{1,3}\\))?(?!\\w)"
      "(?<colon>\\s*:)?\\s*"
      "(?<value>.*?)[\\s|]*$",
      mla_agenda_rule_person_label },
    { "location-label", "^\\s*(?:\\|\\s*)?(?:@LOCATION@)\\s*:\\s*(?<value>.+?)[\\s|]*$",
      rule_location_label },
    { "flat-header", "^\\s*(?:@TIMECOL@)(?:(?=\\p{Lu})(?<rest>[^|]+?)|\\s*:?)\\s*$",
      mla_agenda_rule_flat_header },
    { "day-heading",
      "(?:@WEEKDAY@|@WEEKDAY_ABBR@|@MONTH@|@DAYWORD@)(?!\\w)"
      "|\\d{4}(?:-|\\x{5e74})\\d{1,2}(?:-|\\x{6708})\\d{1,2}|\\d{1,2}\\.\\d{1,2}\\.\\d{4}",
      mla_agenda_rule_day_heading },
    { "slot-inline",
      "^\\s*(?:[-*\\x{2022}]\\s*)?(?<title>(?:\\d{1,2}\\)\\s+)?[^()]*?\\S)\\s*\\(\\s*@TIME1@(?:\\s*"
      "(?:@RANGE@)\\s*"
      "@TIME2@)?\\s*\\)(?:\\s*:\\s*(?<after>\\S.*?))?\\s*$",
      rule_slot_inline },
    { "text", "\\S", rule_text },
};

/* Whether the rest of a time row, @rest, is a dash and nothing else, as
 * in the seed's "9:30   - ": a row whose title was left empty. ("8:30AM:"
 * announces items below, and a time alone may have its title below.) */
static gboolean
is_empty_row (const char *rest)
{
    g_autofree char *text = g_strstrip (g_strdup (rest));

    return strcmp (text, "-") == 0 || strcmp (text, "\xe2\x80\x93") == 0
           || strcmp (text, "\xe2\x80\x94") == 0;
}

/* "3:30 - 3:15pm": the start is kept; the end, written before it, is not
 * used but flagged in a note. */
static void
flag_end_before_start (MlaAgendaSlot *slot, int s, int e)
{
    char end[6];

    if (e < 0 || e >= s || mla_agenda_runs_past_midnight (s, e))
        return;
    mla_agenda_format_minutes (e, end);
    g_ptr_array_add (slot->notes, g_strdup_printf ("end %s is before the start", end));
}

/* "10:00 AM - 10:45 AM \u00b7 Hall A" over the title: the rest of the
 * time line is the slot's place. */
static gboolean
place_after_time (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *rest)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *place = NULL;
    const char *sign = rest + strspn (rest, " ");

    if ((strchr ("|@", *sign) == NULL || *sign == '\0') && !g_str_has_prefix (sign, "\xc2\xb7")
        && !g_str_has_prefix (sign, "\xe2\x80\xa2"))
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
 * above runs on (no colon or full stop at its end), is as long as wrapped
 * prose and written as prose (no tab, no column gap), is no slot's
 * continuation (not indented more), and its paragraph holds no slot. */
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
    if (g_utf8_strlen (text, -1) < PROSE_MIN_CHARS
        || !(g_ascii_isalnum (text[len - 1]) || text[len - 1] == ',')
        || strchr (text, '\t') != NULL || strstr (text + above->indent, "   ") != NULL)
        return FALSE;
    for (first = b->index - 1; first > 0 && !b->lines[first - 1].blank; first--)
        ;
    return b->slot_lines->len == 0
           || g_array_index (b->slot_lines, guint, b->slot_lines->len - 1) < first;
}

/* The start of the slot line @i, or -1. */
static int
line_start (MlaAgendaBuilder *b, guint i)
{
    g_autoptr (GMatchInfo) match = NULL;
    MlaClock clock;
    gboolean bare;

    if (!g_regex_match (mla_agenda_rule (b->parser, "slot-time"), b->lines[i].text, 0, &match)
        || !mla_agenda_fetch_clock (b, match, "1", &clock, &bare) || bare)
        return -1;
    return mla_agenda_resolve_clock (&clock, -1, b->all_24h);
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
    if (i == b->n_lines || !g_regex_match (b->parser->field_line, b->lines[i].text, 0, NULL)
        || !mla_agenda_slots_follow_frame (b, b->index))
        return FALSE;
    while (i < b->n_lines && (b->lines[i].blank || line_start (b, i) < 0))
        i++;
    next = i < b->n_lines ? line_start (b, i) : -1;
    return next >= s && next < e;
}

static gboolean
rule_slot_time (MlaAgendaBuilder *b, GMatchInfo *match)
{
    MlaClock start, end;
    gboolean bare1 = FALSE, bare2 = FALSE, has_end;
    g_autofree char *title_raw = g_match_info_fetch_named (match, "title");
    g_autofree char *title = NULL;
    int s, e = -1;
    gint title_pos = 0;

    if (b->in_minutes)
        return FALSE;   /* timestamps of the minutes, no slots */
    if (continues_prose (b))
        return FALSE;

    if (!mla_agenda_fetch_clock (b, match, "1", &start, &bare1))
        return FALSE;
    has_end = mla_agenda_fetch_clock (b, match, "2", &end, &bare2);
    title = mla_agenda_strip_separators (title_raw);
    if (bare1 && has_end && bare2)
        return FALSE;   /* "2 - 3  rooms": no time has minutes or am/pm */
    if (bare1 && !has_end) {
        g_autofree char *from = g_match_info_fetch_named (match, "from");

        /* "alle 10 Apertura" is a time; "10 people" and "from 10 people" are not */
        if (from == NULL || from[0] == '\0' || !g_unichar_isupper (g_utf8_get_char (title)))
            return FALSE;
    }
    g_strchomp (title);
    {
        /* "09.00-09.30  1   Opening": the item's number in a column of
         * its own is no cell of the row */
        g_autoptr (GMatchInfo) item = NULL;
        gint skip = 0;

        if (g_regex_match (b->parser->item_column, title, 0, &item)) {
            g_match_info_fetch_pos (item, 0, NULL, &skip);
            memmove (title, title + skip, strlen (title + skip) + 1);
        }
    }
    while (g_str_has_suffix (title, "|")) {     /* pipe tables */
        title[strlen (title) - 1] = '\0';
        g_strchomp (title);
    }
    if (title[0] == '<')
        return FALSE;           /* chat logs: "12:03 <nick> hello" */
    if (has_end)
        mla_agenda_resolve_range (&start, &end, b->previous, b->all_24h, &s, &e);
    else
        s = mla_agenda_resolve_clock (&start, b->previous, b->all_24h);
    mla_agenda_builder_set_zone (b, match);
    if (b->day != NULL && b->day->slots->len > 0 && !b->heading_since_slot && b->previous >= 0
        && s < b->previous - 60 && !mla_agenda_runs_past_midnight (b->previous, s)) {
        /* A programme that starts again in the morning is the next day. */
        g_autoptr (GDateTime) next = mla_agenda_day_after (b->day->date);
        char date[11] = "";

        if (next != NULL)
            mla_agenda_format_date (next, date);
        g_debug ("agenda: rule slot-time: line %u starts a new day", b->index + 1);
        mla_agenda_builder_new_day (b, NULL, date);
        mla_agenda_builder_clear_table (b);
    }
    b->previous = s;
    g_clear_pointer (&b->pending, mla_agenda_slot_free);
    b->slot = NULL;
    b->slot_indent = mla_agenda_current_line (b)->indent;
    g_debug ("agenda: rule slot-time: line %u: %02d:%02d \"%s\"", b->index + 1, s / 60, s % 60,
             title);

    if (title[0] == '\0' && is_empty_row (title_raw)) {
        mla_agenda_builder_add_stop (b, s);
        return TRUE;
    }
    if (title[0] == '\0' && e > s && frames_slots_below (b, s, e)) {
        g_debug ("agenda: rule slot-time: line %u frames the slots below", b->index + 1);
        mla_agenda_builder_frame (b, e);
        return TRUE;
    }
    g_match_info_fetch_named_pos (match, "title", &title_pos, NULL);
    title_pos += (gint) (strlen (title_raw) - strlen (title_raw + strspn (title_raw, " -:|.,")));
    if (b->columns->len > 0) {
        mla_agenda_table_row (b, title_raw + strspn (title_raw, " -:.,"), s, e);
        return TRUE;
    }
    if (b->rooms->len > 0) {
        mla_agenda_track_row (b, title_pos, s, e);
        return TRUE;
    }
    {
        g_autoptr (MlaAgendaSlot) slot = mla_agenda_slot_new ();

        mla_agenda_format_minutes (s, slot->start);
        if (e > s)
            mla_agenda_format_minutes (e, slot->end);
        flag_end_before_start (slot, s, e);
        if (title[0] == '\0'
            && (mla_agenda_flat_row (b, s, e) || mla_agenda_parallel_block (b, s, e)
                || mla_agenda_block_row (b, s, e)))
            return TRUE;
        if (title[0] == '\0' || place_after_time (b, slot, title_raw)) {
            b->pending = g_steal_pointer (&slot);
            return TRUE;
        }
        if (mla_agenda_parallel_block (b, s, e) || mla_agenda_room_cells (b, title, s, e))
            return TRUE;
        /* "9:00 am - 10:30 am | Session 1 | Chair: Ken Adams": a row of cells */
        mla_agenda_slot_set_cells (
            b, slot, title,
            mla_agenda_current_line (b)->text[mla_agenda_current_line (b)->indent] == '|'
                || mla_agenda_cells_have_label (b, title));
        mla_agenda_builder_add_slot (b, g_steal_pointer (&slot));
    }
    return TRUE;
}

/* Whether the current line starts with a bullet ("- ", "* ", "\u2022 "). */
static gboolean
is_list_item (MlaAgendaBuilder *b)
{
    const MlaAgendaLine *line = mla_agenda_current_line (b);

    return g_regex_match (b->parser->list_marker, line->text + line->indent, 0, NULL)
           && !g_ascii_isdigit (line->text[line->indent]);
}

/* "- Break (10:15-10:30)" under a slot: a slot of its own, and the list
 * items right after it a slot from the break's end (the first item is
 * its title). "- Return home (4:00PM)": a slot at that time. */
static gboolean
rule_slot_inline (MlaAgendaBuilder *b, GMatchInfo *match)
{
    MlaAgendaSlot *parent = b->slot;
    g_autofree char *title = g_match_info_fetch_named (match, "title");
    g_autofree char *after = g_match_info_fetch_named (match, "after");
    g_autoptr (GMatchInfo) item = NULL;
    MlaClock start, end;
    gboolean bare1, bare2, numbered, whole;
    int s, e;
    MlaAgendaSlot *slot;

    if (b->in_minutes)
        return FALSE;   /* timestamps of the minutes, no slots */

    /* "3. Treasurer's report (10:25)": a numbered item is a slot of its own */
    numbered =
        g_ascii_isdigit (title[0]) && g_regex_match (b->parser->list_marker, title, 0, &item);
    /* "Session 1 (09:00-10:30): Kernels", "Lunch (12:30-14:00)": with a
     * whole range, a line is a slot of its own */
    whole = mla_agenda_fetch_clock (b, match, "2", &end, &bare2)
            && g_utf8_strlen (title, -1) <= HEADING_MAX_CHARS / 2;
    if (after != NULL && after[0] != '\0') {
        char *joined = g_strconcat (title, ": ", after, NULL);

        g_free (title);
        title = joined;
    }
    if (!numbered && !whole && mla_agenda_fetch_clock (b, match, "1", &start, &bare1) && !bare1) {
        /* "Slot 1 (10:00)" over "- Main room: Testing" lines: a time block */
        s = mla_agenda_resolve_clock (&start, b->previous, b->all_24h);
        if (mla_agenda_parallel_block (b, s, -1)) {
            b->previous = s;
            return TRUE;
        }
    }
    if ((!numbered && !whole && (parent == NULL || !b->slot_open))
        || !mla_agenda_fetch_clock (b, match, "1", &start, &bare1))
        return FALSE;
    /* (a list item with a range under a slot is a break inside it) */
    if (whole && !numbered && !is_list_item (b))
        numbered = TRUE;        /* the same path: a slot with its own line */
    if (mla_agenda_fetch_clock (b, match, "2", &end, &bare2)) {
        mla_agenda_resolve_range (&start, &end, b->previous, b->all_24h, &s, &e);
    } else if (!bare1) {
        s = mla_agenda_resolve_clock (&start, b->previous, b->all_24h);
        e = -1;
    } else {
        return FALSE;
    }
    slot = mla_agenda_slot_new ();
    mla_agenda_format_minutes (s, slot->start);
    if (e > s)
        mla_agenda_format_minutes (e, slot->end);
    if (numbered && e > s && mla_agenda_parallel_block (b, s, e)) {
        /* "Parallel Sessions (13:00-15:00)" over one line per session */
        mla_agenda_slot_free (slot);
        b->previous = s;
        return TRUE;
    }
    if (numbered) {
        gint skip = 0;

        if (item != NULL)
            g_match_info_fetch_pos (item, 0, NULL, &skip);
        mla_agenda_slot_set_title (b, slot, title + skip);
        b->previous = s;
        b->slot_indent = mla_agenda_current_line (b)->indent;
        mla_agenda_builder_add_slot (b, slot);
        return TRUE;
    }
    mla_agenda_slot_set_title (b, slot, title);
    if (b->day == NULL)
        mla_agenda_builder_new_day (b, NULL, NULL);     /* "- Recap (9:00-9:15)" first */
    g_ptr_array_add (b->day->slots, slot);
    g_array_append_val (b->slot_lines, b->index);
    b->previous = s;
    b->last_content = b->index;
    if (e > s && b->index + 1 < b->n_lines
        && g_regex_match (b->parser->list_marker,
                          b->lines[b->index + 1].text + b->lines[b->index + 1].indent, 0, NULL)) {
        g_clear_pointer (&b->pending, mla_agenda_slot_free);
        b->pending = mla_agenda_slot_new ();
        mla_agenda_format_minutes (e, b->pending->start);
    }
    return TRUE;
}

/* "Thursday, 6 November 2025, 09:30-11:30" over a session's items, after
 * another day's: the next day's heading with its hours, no detail of the
 * slot above. */
static gboolean
heads_another_day (MlaAgendaBuilder *b)
{
    char date[11] = "";

    return b->day != NULL && mla_agenda_find_date (b, mla_agenda_current_line (b)->text, date)
           && date[0] != '\0' && strcmp (date, b->day->date) != 0
           && mla_agenda_slots_follow_frame (b, b->index);
}

static gboolean
rule_slot_detail (MlaAgendaBuilder *b, GMatchInfo *match)
{
    MlaAgendaSlot *slot = b->pending != NULL ? b->pending : b->slot;
    MlaClock start, end;
    gboolean bare1, bare2;
    int s, e;

    if (!mla_agenda_fetch_clock (b, match, "1", &start, &bare1) ||
        !mla_agenda_fetch_clock (b, match, "2", &end, &bare2))
        return FALSE;
    if (slot == NULL || heads_another_day (b))
        return FALSE;
    mla_agenda_resolve_range (&start, &end, -1, b->all_24h, &s, &e);
    mla_agenda_builder_set_zone (b, match);
    if (slot == b->pending) {
        /* the lines after the details are the slot's category and text */
        mla_agenda_builder_add_slot (b, g_steal_pointer (&b->pending));
    } else if (slot == b->detail_slot) {
        /* A second detail line: a parallel slot, its speaker on the line
         * above, which the slot before took as a note. */
        MlaAgendaSlot *parallel = mla_agenda_slot_new ();
        guint above = b->index;

        while (above > 0 && b->lines[above - 1].blank)
            above--;
        mla_agenda_format_minutes (s, parallel->start);
        if (e > s)
            mla_agenda_format_minutes (e, parallel->end);
        if (above > 0 && mla_agenda_parser_is_name (b->parser, b->lines[above - 1].text)) {
            g_autofree char *name = mla_agenda_squeeze (b->lines[above - 1].text);

            if (slot->notes->len > 0
                && strcmp (g_ptr_array_index (slot->notes, slot->notes->len - 1), name) == 0)
                g_ptr_array_remove_index (slot->notes, slot->notes->len - 1);
            mla_agenda_add_name_run (b, parallel, name);
        }
        mla_agenda_builder_add_slot (b, parallel);
        b->previous = s;
        slot = parallel;
    }
    b->detail_slot = slot;
    if (slot->end[0] == '\0' && e > s && mla_agenda_minutes_of (slot->start) == s)
        mla_agenda_format_minutes (e, slot->end);
    if (b->day != NULL && b->day->name == NULL && b->day->date[0] == '\0') {
        /* "Mon Sep-21, 8:30 AM- 9:00 AM" under no heading: the day is
         * named by its slots' detail lines. */
        const char *text = mla_agenda_current_line (b)->text;
        gint from = 0;
        g_autofree char *head = NULL;

        g_match_info_fetch_named_pos (match, "h1", &from, NULL);
        head = g_strndup (text, from);
        b->day->name = mla_agenda_squeeze (g_strdelimit (head, ",", ' '));
        mla_agenda_find_date (b, b->day->name, b->day->date);
    }
    b->detail_line = (gint) b->index;
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
    if (b->day != NULL && g_strcmp0 (b->day->name, name) == 0)
        memcpy (date, b->day->date, 11);
    else if (date[0] == '\0')
        mla_agenda_resolve_weekday_after (b, weekday, date);
    return TRUE;
}

/* "Wed 15 Jan 2025, 16:00-17:00, Room B12: Title - Speaker": a line that
 * carries its own date (or weekday: "Mon    09:00-12:30  Opening
 * plenary") is a slot on that day. */
static gboolean
rule_slot_dated (MlaAgendaBuilder *b, GMatchInfo *match)
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

    if (b->in_minutes)
        return FALSE;   /* timestamps of the minutes, no slots */

    if (g_utf8_strlen (head, -1) > HEADING_MAX_CHARS / 2
        || !mla_agenda_fetch_clock (b, match, "1", &start, &bare1)
        || !mla_agenda_fetch_clock (b, match, "2", &end, &bare2))
        return FALSE;
    name = mla_agenda_squeeze (head);
    if ((!mla_agenda_find_date (b, head, date) || date[0] == '\0')
        && !weekday_head (b, name, date))
        return FALSE;
    mla_agenda_resolve_range (&start, &end, -1, b->all_24h, &s, &e);
    mla_agenda_builder_set_zone (b, match);
    if (b->day == NULL
        || (date[0] != '\0' ? strcmp (b->day->date, date) : g_strcmp0 (b->day->name, name)) != 0)
        mla_agenda_builder_new_day (b, name, date);
    mla_agenda_builder_clear_table (b);
    if (mla_agenda_names_place (b, rest) && slot_follows (b)) {
        /* "Every Monday 10:00-11:00, Room 4.12" over the items: the
         * meeting's frame, a heading */
        g_debug ("agenda: rule slot-dated: line %u frames the slots below", b->index + 1);
        return TRUE;
    }
    slot = mla_agenda_slot_new ();
    mla_agenda_format_minutes (s, slot->start);
    if (e > s)
        mla_agenda_format_minutes (e, slot->end);
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
    g_debug ("agenda: rule slot-dated: line %u: %s %02d:%02d", b->index + 1, date, s / 60, s % 60);
    b->previous = s;
    b->slot_indent = mla_agenda_current_line (b)->indent;
    mla_agenda_builder_add_slot (b, g_steal_pointer (&slot));
    return TRUE;
}

/* Whether a slot line follows the current line anywhere below. */
static gboolean
slot_follows (MlaAgendaBuilder *b)
{
    for (guint i = b->index + 1; i < b->n_lines; i++)
        if (!b->lines[i].blank
            && (g_regex_match (mla_agenda_rule (b->parser, "slot-time"), b->lines[i].text, 0, NULL)
                || g_regex_match (mla_agenda_rule (b->parser, "slot-detail"), b->lines[i].text, 0,
                                  NULL)))
            return TRUE;
    return FALSE;
}

static gboolean
rule_location_label (MlaAgendaBuilder *b, GMatchInfo *match)
{
    MlaAgendaSlot *slot = b->pending != NULL ? b->pending : b->slot;

    if (slot == NULL || slot->location != NULL)
        return FALSE;
    /* "Venue: ..." in a paragraph after the programme is the event's
     * place, not the last slot's */
    if (slot == b->slot && b->last_content + 1 != b->index && !slot_follows (b))
        return FALSE;
    slot->location = g_match_info_fetch_named (match, "value");
    b->last_content = b->index;
    return TRUE;
}

/* Whether the slot's lines end after line @from: the next line with text
 * starts another slot, or the text ends (then @at_end). */
gboolean
mla_agenda_slot_ends_after (MlaAgendaBuilder *b, guint from, gboolean at_end)
{
    for (guint i = from + 1; i < b->n_lines; i++) {
        if (b->lines[i].blank)
            continue;
        return g_regex_match (mla_agenda_rule (b->parser, "slot-time"), b->lines[i].text, 0, NULL)
               || g_regex_match (mla_agenda_rule (b->parser, "slot-detail"), b->lines[i].text,
                                 0, NULL);
    }
    return at_end;
}

/* Whether slot lines follow line @from after at most a few field lines
 * ("Room: Chitlada 2", "Chairs: A, B") and rules: then a dated line with
 * hours at @from frames them. */
gboolean
mla_agenda_slots_follow_frame (MlaAgendaBuilder *b, guint from)
{
    guint fields = 0;

    for (guint i = from + 1; i < b->n_lines; i++) {
        const char *text = b->lines[i].text;

        if (b->lines[i].blank)
            continue;
        if (g_regex_match (mla_agenda_rule (b->parser, "slot-time"), text, 0, NULL)
            || g_regex_match (mla_agenda_rule (b->parser, "slot-detail"), text, 0, NULL))
            return TRUE;
        if (++fields > FRAME_MAX_FIELDS
            || !(g_regex_match (b->parser->field_line, text, 0, NULL)
                 || g_regex_match (mla_agenda_rule (b->parser, "underline"), text, 0, NULL)))
            return FALSE;
    }
    return FALSE;
}

/* Whether @text, the current line, is the rest of the line above, wrapped:
 * the line above runs on ("Teaching with open source:", "Storage and"), or
 * the first word would not have fitted there ("Lightning talks" over
 * "inscriptions on the day, 5 minutes each" is a title and a note). */
static gboolean
wraps_line_above (MlaAgendaBuilder *b, const char *text)
{
    g_autofree char *above = g_strchomp (g_strdup (b->lines[b->index - 1].text));
    gsize len = strlen (above), word = len;

    while (word > 0 && g_ascii_islower (above[word - 1]))
        word--;
    return (len > 0 && strchr (":,-&/(", above[len - 1]) != NULL)
           || (len - word >= 1 && len - word <= 4 && (word == 0 || above[word - 1] == ' '))
           || g_utf8_strlen (above, -1) + 1 + (glong) strcspn (text, " ") >= WRAP_MIN_CHARS;
}

/* "9:30 Invited Talk", a blank line, then the talk's title and speaker:
 * a short paragraph right before the next slot belongs to the slot above;
 * other paragraphs after a slot are prose after the programme. */
static gboolean
paragraph_before_slot (MlaAgendaBuilder *b)
{
    guint last = b->index;

    while (last + 1 < b->n_lines && !b->lines[last + 1].blank)
        last++;
    return last - b->index < PARAGRAPH_MAX_LINES && mla_agenda_slot_ends_after (b, last, FALSE);
}

/* Whether the next line is a title: a short line right below, neither
 * people nor a slot of its own (not a description's paragraph). */
static gboolean
title_follows (MlaAgendaBuilder *b)
{
    guint next = b->index + 1;

    return next < b->n_lines && !b->lines[next].blank
           && g_utf8_strlen (b->lines[next].text, -1) <= TITLE_MAX_CHARS
           && !mla_agenda_people_at (b, next) && !mla_agenda_slot_ends_after (b, b->index, FALSE);
}

/* "with James Blair and Clark Boylan", "moderated by X" under a slot. */
static gboolean
people_by_line (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *text)
{
    g_autofree char *title = NULL, *names = NULL;
    MlaPersonRole role;

    if (!mla_agenda_people_by (b->parser, text, &title, &names, &role))
        return FALSE;
    if (title[0] != '\0')
        return FALSE;
    mla_agenda_add_person (b, slot, names, role);
    return TRUE;
}

static gboolean
rule_text (MlaAgendaBuilder *b, GMatchInfo *match)
{
    const MlaAgendaLine *line = mla_agenda_current_line (b);
    g_autofree char *squeezed = mla_agenda_squeeze (line->text);
    g_autofree char *text = g_regex_replace_literal (b->parser->list_marker, squeezed, -1, 0, "", 0,
                                                     NULL);
    MlaAgendaSlot *slot = b->slot;
    gboolean adjacent = b->last_content + 1 == b->index;
    gboolean item = strcmp (text, squeezed) != 0;   /* a list item is no name */

    (void) match;
    if (!g_regex_match (b->parser->alnum, text, 0, NULL))
        return TRUE;    /* "+------+------+": a table's rule, layout only */
    if (b->in_minutes && (g_regex_match (b->parser->schedule_heading, line->text, 0, NULL)
                          || g_regex_match (b->parser->schedule_intro, line->text, 0, NULL))) {
        /* "Agenda for the next call:" after the minutes: slots again */
        b->in_minutes = FALSE;
        return TRUE;
    }
    if (g_regex_match (b->parser->minutes_heading, line->text, 0, NULL)) {
        /* "Minutes:": what follows is the meeting's record, its times no
         * slots, up to the next day heading */
        g_debug ("agenda: rule text: line %u starts the minutes", b->index + 1);
        b->in_minutes = TRUE;
        b->minutes_line = b->index;
        b->slot_open = FALSE;
        g_clear_pointer (&b->pending, mla_agenda_slot_free);
        return TRUE;
    }
    if (b->pending == NULL && mla_agenda_row_cells_below (b))
        return TRUE;
    if (b->pending == NULL && mla_agenda_room_heading (b)) {
        b->slot_open = FALSE;
        return TRUE;
    }
    if (b->pending == NULL && strstr (line->text + line->indent, "  ") != NULL
        && mla_agenda_grid_header (b))
        return TRUE;
    b->heading_candidate = (gint) b->index;
    if (b->pending != NULL) {
        g_autofree char *title = mla_agenda_strip_separators (text);
        g_autoptr (GMatchInfo) label = NULL;

        if (g_regex_match (b->parser->title_label, title, 0, &label)) {
            /* "14:00-15:00 / Title: Learned indexes" */
            char *labelled = g_match_info_fetch_named (label, "title");

            g_free (title);
            title = labelled;
        }

        if (title[0] == '(' || b->rooms->len > 0) {
            g_clear_pointer (&b->pending, mla_agenda_slot_free);
            return TRUE;
        }
        if (b->pending->people->len == 0 && !item && mla_agenda_parser_is_name (b->parser, title)
            && !mla_agenda_next_is_place (b)) {
            /* "9:00 AM / Jim Zemlin / Welcome Keynote": the title follows. */
            mla_agenda_add_name_run (b, b->pending, title);
            return TRUE;
        }
        if (b->pending->people->len == 0 && !item && strpbrk (title, ",(") != NULL
            && title_follows (b)) {
            g_auto (GStrv) names = mla_agenda_person_line (b->parser, title);

            /* "10:00 / Ann Lee (Red Hat) / Rust in the kernel" */
            for (guint i = 0; names != NULL && names[i] != NULL; i++)
                mla_agenda_add_person (b, b->pending, names[i], MLA_PERSON_ROLE_SPEAKER);
            if (names != NULL)
                return TRUE;
        }
        slot = g_steal_pointer (&b->pending);
        mla_agenda_slot_set_title (b, slot, title);
        mla_agenda_builder_add_slot (b, slot);
        b->slot_indent = line->indent;
        return TRUE;
    }
    if (slot != NULL && b->detail_line >= 0 && (guint) b->detail_line + 1 == b->index
        && slot->location == NULL
        && strchr (text, ' ') != NULL && !g_str_has_suffix (text, ".")) {
        /* Schedules print the place under the date line. */
        slot->location = g_strdup (text);
        b->last_content = b->index;
        return TRUE;
    }
    if (slot == NULL || !b->slot_open)
        return TRUE;
    if (!adjacent && line->indent <= b->slot_indent
        && (b->slot_has_extra || !paragraph_before_slot (b))) {
        b->slot_open = FALSE;    /* a paragraph after the programme */
        return TRUE;
    }
    if (!item && people_by_line (b, slot, text)) {
        g_debug ("agenda: rule text: line %u names who gives the slot", b->index + 1);
        b->slot_has_extra = TRUE;
    } else if (adjacent && !b->slot_has_extra && !item && slot->title != NULL
        && ((strchr (slot->title, '(') != NULL && strchr (slot->title, ')') == NULL)
            || (line->indent > b->slot_indent && g_unichar_islower (g_utf8_get_char (text))
                && wraps_line_above (b, text)))) {
        char *joined = g_strconcat (slot->title, " ", text, NULL);

        g_debug ("agenda: rule text: line %u continues the title", b->index + 1);
        g_free (slot->title);
        slot->title = joined;
    } else if (slot->location == NULL && slot->room == NULL && !item
               && (slot->location = mla_agenda_place_alone (b, text)) != NULL) {
        /* "Fuzzing at scale / Room A / Ken Adams": a schedule site's layout */
        g_debug ("agenda: rule text: line %u is the slot's room", b->index + 1);
    } else if (!b->slot_has_extra && !item && mla_agenda_parser_is_name (b->parser, text)
               && !mla_agenda_people_at (b, b->index + 1)) {
        g_debug ("agenda: rule text: line %u is the chair", b->index + 1);
        mla_agenda_add_person (b, slot, text, MLA_PERSON_ROLE_CHAIR);
        b->slot_has_extra = TRUE;
    } else if (!item && mla_agenda_add_person_line (b, slot, text, adjacent)) {
        g_debug ("agenda: rule text: line %u names the slot's people", b->index + 1);
        b->slot_has_extra = TRUE;
    } else {
        gboolean confirmed = TRUE;
        g_autofree char *clean = mla_agenda_parser_clean_person (b->parser, text, &confirmed);

        if (!b->slot_has_extra && !item && !confirmed && clean != NULL
            && mla_agenda_parser_is_name (b->parser, clean)) {
            g_ptr_array_add (slot->people,
                             mla_agenda_person_new (clean, MLA_PERSON_ROLE_CHAIR, FALSE));
        } else {
            g_debug ("agenda: rule text: line %u is a note", b->index + 1);
            g_ptr_array_add (slot->notes, mla_agenda_strip_separators (text));
        }
        b->slot_has_extra = TRUE;
    }
    b->last_content = b->index;
    return TRUE;
}

void
mla_agenda_classify_line (MlaAgendaBuilder *b)
{
    const MlaAgendaLine *line = mla_agenda_current_line (b);

    if (line->blank)
        return;
    for (guint i = 0; i < G_N_ELEMENTS (rules); i++) {
        g_autoptr (GMatchInfo) match = NULL;

        if (g_regex_match (b->parser->rules[i], line->text, 0, &match)
            && rules[i].handler (b, match)) {
            g_debug ("agenda: line %u: rule %s", b->index + 1, rules[i].name);
            return;
        }
    }
}

static guint
rule_index (const char *name)
{
    for (guint i = 0; i < G_N_ELEMENTS (rules); i++)
        if (strcmp (rules[i].name, name) == 0)
            return i;
    g_assert_not_reached ();
}

GRegex *
mla_agenda_rule (MlaAgendaParser *parser, const char *name)
{
    return parser->rules[rule_index (name)];
}

gboolean
mla_agenda_rules_compile (MlaAgendaParser *parser, GHashTable *placeholders, GError **error)
{
    parser->rules = g_new0 (GRegex *, G_N_ELEMENTS (rules));
    for (guint i = 0; i < G_N_ELEMENTS (rules); i++) {
        /* TIME placeholders hold other placeholders: expand twice. */
        g_autofree char *once = mla_agenda_expand (rules[i].pattern, placeholders);
        g_autofree char *pattern = mla_agenda_expand (once, placeholders);

        parser->rules[i] = mla_agenda_compile (pattern, G_REGEX_CASELESS, error);
        if (parser->rules[i] == NULL)
            return FALSE;
    }
    return TRUE;
}

void
mla_agenda_rules_free (MlaAgendaParser *parser)
{
    if (parser->rules != NULL)
        for (guint i = 0; i < G_N_ELEMENTS (rules); i++)
            g_clear_pointer (&parser->rules[i], g_regex_unref);
    g_clear_pointer (&parser->rules, g_free);
}

GPtrArray *
mla_agenda_parser_parse (MlaAgendaParser *parser, const char *text, GDateTime *reference)
{
    GPtrArray *agendas = g_ptr_array_new_with_free_func ((GDestroyNotify) mla_agenda_free);
    g_autoptr (GArray) lines = NULL;
    g_auto (GStrv) raw = NULL;
    g_autoptr (MlaAgenda) agenda = NULL;
    MlaAgendaBuilder b = { 0 };
    gboolean military;

    g_return_val_if_fail (parser != NULL, agendas);
    if (text == NULL || !mla_agenda_may_hold (parser, text))
        return agendas;
    raw = g_strsplit (text, "\n", -1);
    lines = g_array_sized_new (FALSE, TRUE, sizeof (MlaAgendaLine), g_strv_length (raw));
    g_array_set_clear_func (lines, mla_agenda_line_clear);
    military = mla_agenda_text_is_military (parser, raw);
    for (guint i = 0; raw[i] != NULL; i++) {
        MlaAgendaLine line = { 0 };

        mla_agenda_scan_line (parser, raw[i], military, &line);
        g_array_append_val (lines, line);
    }
    agenda = mla_agenda_new ();
    b.parser = parser;
    b.reference = reference;
    b.agenda = agenda;
    b.lines = (const MlaAgendaLine *) lines->data;
    b.n_lines = lines->len;
    b.previous = -1;
    b.header_line = -1;
    b.detail_line = -1;
    b.person_line = -1;
    b.heading_candidate = -1;
    b.slot_lines = g_array_new (FALSE, FALSE, sizeof (guint));
    b.rooms = g_ptr_array_new_with_free_func (g_free);
    b.room_starts = g_array_new (FALSE, FALSE, sizeof (guint));
    b.columns = g_array_new (FALSE, TRUE, sizeof (MlaColumn));
    b.stops = g_hash_table_new (NULL, NULL);
    b.frame_ends = g_hash_table_new (NULL, NULL);
    b.flat_rooms = g_ptr_array_new_with_free_func (g_free);
    b.military = military;
    g_array_set_clear_func (b.columns, mla_agenda_column_clear);
    mla_agenda_skip_quoted_fragments (&b, (MlaAgendaLine *) lines->data);
    b.all_24h = mla_agenda_text_is_24h (&b);
    for (guint i = 0; i < b.n_lines && !b.affiliates; i++)
        b.affiliates = mla_agenda_names_affiliation (parser, b.lines[i].text);
    b.year_hint = mla_agenda_text_year (&b);
    for (b.index = 0; b.index < b.n_lines; b.index++)
        mla_agenda_classify_line (&b);
    g_clear_pointer (&b.pending, mla_agenda_slot_free);
    if (mla_agenda_has_evidence (&b)) {
        mla_agenda_builder_finish (&b);
        g_ptr_array_add (agendas, g_steal_pointer (&agenda));
    } else if (b.slot_lines->len > 0) {
        g_debug ("agenda: %u slot lines are too few or too far apart for an agenda",
                 b.slot_lines->len);
    }
    g_array_unref (b.slot_lines);
    g_ptr_array_unref (b.rooms);
    g_array_unref (b.room_starts);
    g_array_unref (b.columns);
    g_hash_table_unref (b.stops);
    g_hash_table_unref (b.frame_ends);
    g_ptr_array_unref (b.flat_rooms);
    g_free (b.section_room);
    return agendas;
}
