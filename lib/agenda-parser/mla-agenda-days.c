/* mla-agenda-days.c: assembling slots into days: day headings, new days,
 * slot ends, kinds, and the evidence that a text holds an agenda. */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <stdlib.h>
#include <string.h>
#include "mla-agenda-days-private.h"
#include "mla-agenda-rules-private.h"
#include "mla-agenda-tables-private.h"
#include "mla-agenda-names-private.h"
#include "mla-agenda-places-private.h"
#include "mla-agenda-times-private.h"
#include "mla-agenda-titles-private.h"

#define HEADING_MAX_OTHER_WORDS 6

/* The later slots that can still be "the next later slot" for one at their
 * left, nearest first: each pushed slot drops the ones after it that start
 * no later, so the starts grow strictly from top to bottom and a lookup is a
 * binary search. Keeps mla_agenda_fill_ends() at O(n log n) on a 100,000
 * slot day, where scanning ahead from every slot was quadratic. */
static void
later_push (GArray *stack, const int *starts, guint index)
{
    while (stack->len > 0 &&
           starts[g_array_index (stack, guint, stack->len - 1)] <=
               starts[index])
        g_array_set_size (stack, stack->len - 1);
    g_array_append_val (stack, index);
}

/* Returns the index of the nearest slot in @stack starting after @start, or
 * G_MAXUINT. */
static guint
later_find (GArray *stack, const int *starts, int start)
{
    guint low = 0, high = stack != NULL ? stack->len : 0;

    /* Entries [0, low) start after @start; the last of them is the nearest. */
    while (low < high) {
        guint mid = low + (high - low) / 2;

        if (starts[g_array_index (stack, guint, mid)] > start)
            low = mid + 1;
        else
            high = mid;
    }
    return low > 0 ? g_array_index (stack, guint, low - 1) : G_MAXUINT;
}

void
mla_agenda_fill_ends (MlaAgendaDay *day)
{
    guint n = day->slots->len;
    g_autofree int *starts = g_new (int, n);
    g_autoptr (GArray) any_room = g_array_new (FALSE, FALSE, sizeof (guint));
    g_autoptr (GArray) no_room = g_array_new (FALSE, FALSE, sizeof (guint));
    g_autoptr (GHashTable) by_room = g_hash_table_new_full (
        g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_array_unref);

    for (guint i = 0; i < n; i++) {
        int start = mla_agenda_minutes_of (
            ((MlaAgendaSlot *) g_ptr_array_index (day->slots, i))->start);

        /* After midnight in a night that goes on, a slot comes after the
         * evening ones it follows. */
        if (i > 0 && start < NIGHT_UNTIL &&
            (starts[i - 1] >= 24 * 60 ||
             mla_agenda_runs_past_midnight (starts[i - 1], start)))
            start += 24 * 60;
        starts[i] = start;
    }
    for (guint i = n; i-- > 0;) {
        MlaAgendaSlot *slot = g_ptr_array_index (day->slots, i);
        GArray *same_room = slot->room != NULL
                                ? g_hash_table_lookup (by_room, slot->room)
                                : NULL;

        if (slot->end[0] == '\0') {
            guint next;

            if (slot->room == NULL) {
                next = later_find (any_room, starts, starts[i]);
            } else {
                /* A slot in a room ends at the next one in that room or in
                 * none. */
                next = MIN (later_find (no_room, starts, starts[i]),
                            later_find (same_room, starts, starts[i]));
            }
            if (next != G_MAXUINT)
                memcpy (slot->end,
                        ((MlaAgendaSlot *) g_ptr_array_index (day->slots, next))
                            ->start,
                        sizeof slot->end);
        }
        later_push (any_room, starts, i);
        if (slot->room == NULL) {
            later_push (no_room, starts, i);
        } else {
            if (same_room == NULL) {
                same_room = g_array_new (FALSE, FALSE, sizeof (guint));
                g_hash_table_insert (by_room, slot->room, same_room);
            }
            later_push (same_room, starts, i);
        }
    }
}

MlaSlotKind
mla_agenda_parser_kind (MlaAgendaParser *parser, const char *title)
{
    static const MlaSlotKind kinds[N_KIND_WORDS] = { MLA_SLOT_KIND_BREAK,
                                                     MLA_SLOT_KIND_MEAL,
                                                     MLA_SLOT_KIND_SOCIAL };
    MlaSlotKind kind = MLA_SLOT_KIND_SESSION;
    gint best = G_MAXINT;

    if (title == NULL)
        return kind;
    for (guint i = 0; i < N_KIND_WORDS; i++) {
        g_autoptr (GMatchInfo) match = NULL;
        gint start;

        if (g_regex_match (parser->kinds[i], title, 0, &match) &&
            g_match_info_fetch_pos (match, 0, &start, NULL) && start < best) {
            best = start;
            kind = kinds[i];
        }
    }
    return kind;
}

void
mla_agenda_builder_set_zone (MlaAgendaBuilder *b, GMatchInfo *match)
{
    g_autofree char *zone = g_match_info_fetch_named (match, "zone");

    if (zone != NULL && zone[0] != '\0' && b->agenda->timezone == NULL)
        b->agenda->timezone = g_ascii_strup (zone, -1);
}

/* Whether line @above is the last line with text before the current one. */
static gboolean
right_under (MlaAgendaBuilder *b, guint above)
{
    guint i = b->index;

    while (i > 0 && b->lines[i - 1].blank)
        i--;
    return i > 0 && i - 1 == above;
}

void
mla_agenda_builder_new_day (MlaAgendaBuilder *b, const char *name,
                            const char *date)
{
    MlaAgendaDay *day = mla_agenda_day_new (name);

    if (date != NULL)
        g_strlcpy (day->date, date, sizeof day->date);
    g_ptr_array_add (b->agenda->days, day);
    b->day.current = day;
    /* "Timeline (all times UTC)" then "2025-08-19": the record's own day */
    if (b->minutes.in && !right_under (b, b->minutes.line))
        b->minutes.in = FALSE;
    b->slot.current = NULL;
    b->day.previous = -1;
    g_clear_pointer (&b->slot.pending, mla_agenda_slot_free);
}

MlaAgendaDay *
mla_agenda_builder_day_for (MlaAgendaBuilder *b, const char *name,
                            const char *date)
{
    MlaAgendaDay *day;

    for (guint i = 0; i < b->agenda->days->len; i++) {
        day = g_ptr_array_index (b->agenda->days, i);
        if (date[0] != '\0' ? strcmp (day->date, date) == 0
                            : g_strcmp0 (day->name, name) == 0)
            return day;
    }
    day = mla_agenda_day_new (name);
    g_strlcpy (day->date, date, sizeof day->date);
    g_ptr_array_add (b->agenda->days, day);
    return day;
}

/* "Here is the agenda for Friday's meeting:" before a programme without
 * a day heading names its day, when it names one weekday only. Returns:
 * (transfer full) (nullable): the weekday as written; @date is its date. */
static char *
intro_weekday (MlaAgendaBuilder *b, char date[11])
{
    g_autofree char *found = NULL;
    int weekday = 0;

    for (guint i = 0; i < b->index; i++) {
        g_autoptr (GMatchInfo) words = NULL;

        if (b->lines[i].blank || strstr (b->lines[i].text, "://") != NULL)
            continue;
        g_regex_match (b->parser->word, b->lines[i].text, 0, &words);
        for (; g_match_info_matches (words); g_match_info_next (words, NULL)) {
            g_autofree char *w = g_match_info_fetch (words, 0);
            char *apostrophe = strpbrk (w, "'\xe2");
            int value;

            if (apostrophe != NULL)
                *apostrophe = '\0'; /* "Friday's" */
            if (!mla_agenda_word_is (b->parser->weekdays, w, &value))
                continue;
            if (weekday != 0 && weekday != value)
                return NULL;
            weekday = value;
            if (found == NULL)
                found = g_steal_pointer (&w);
        }
    }
    if (found != NULL)
        mla_agenda_resolve_weekday_after (b, weekday, date);
    return g_steal_pointer (&found);
}

void
mla_agenda_builder_add_slot (MlaAgendaBuilder *b, MlaAgendaSlot *slot)
{
    if (b->day.current == NULL) {
        char date[11] = "";
        g_autofree char *name = intro_weekday (b, date);

        mla_agenda_builder_new_day (b, name, date);
    }
    if (b->section.end > 0 && b->index >= b->section.end) {
        g_clear_pointer (&b->section.room, g_free);
        b->section.end = 0;
    }
    if (b->section.room != NULL && slot->room == NULL && slot->location == NULL)
        slot->room = g_strdup (b->section.room);
    g_ptr_array_add (b->day.current->slots, slot);
    g_array_append_val (b->day.slot_lines, b->index);
    b->slot.current = slot;
    b->table.row_slots = 0;
    b->slot.open = TRUE;
    b->slot.has_extra = FALSE;
    b->slot.last_content = b->index;
    b->day.heading_since_slot = FALSE;
}

/* The number of times in @text outside @span (nullable: the date's bytes,
 * which may read as one: "Fri 4.12."). */
static guint
times_outside (MlaAgendaBuilder *b, const char *text, const gint *span)
{
    g_autoptr (GMatchInfo) time = NULL;
    guint n = 0;

    g_regex_match (b->parser->time_anywhere, text, 0, &time);
    for (; g_match_info_matches (time); g_match_info_next (time, NULL)) {
        gint s = 0, e = 0;

        g_match_info_fetch_pos (time, 0, &s, &e);
        n += span == NULL || e <= span[0] || s >= span[1];
    }
    return n;
}

/* The end of the hours @text frames ("Session II 09:30-11:30") ends the
 * current day's last slot, as a stop would (see mla_agenda_builder_finish). */
static void
set_frame_end (MlaAgendaBuilder *b, const char *text)
{
    g_autoptr (GMatchInfo) match = NULL;
    MlaClock start, end;
    gboolean bare1, bare2;
    int s, e;

    if (!g_regex_match (b->parser->range_anywhere, text, 0, &match) ||
        !mla_agenda_fetch_clock (b, match, "1", &start, &bare1) ||
        !mla_agenda_fetch_clock (b, match, "2", &end, &bare2))
        return;
    mla_agenda_resolve_range (&start, &end, -1, b->text.all_24h, &s, &e);
    if (e > s)
        mla_agenda_builder_frame (b, e);
}

void
mla_agenda_builder_frame (MlaAgendaBuilder *b, int end)
{
    if (b->day.current == NULL)
        mla_agenda_builder_new_day (b, NULL, NULL);
    g_hash_table_insert (b->day.frame_ends, b->day.current,
                         GINT_TO_POINTER (end + 1));
}

/* "Tomorrow's agenda:" over "Day 2": the first day, written without its
 * date, is the day after the mail's (or the mail's own, "today"), when the
 * prose before it says so. */
static void
date_from_prose (MlaAgendaBuilder *b, char date[11])
{
    int offset = -1; /* "tomorrow" anywhere wins over "today" */
    g_autoptr (GDateTime) day = NULL;

    for (guint i = 0; i < b->index && b->reference != NULL && offset < 1; i++) {
        g_autoptr (GMatchInfo) match = NULL;

        for (g_regex_match (b->parser->relative_day, b->lines[i].text, 0,
                            &match);
             g_match_info_matches (match); g_match_info_next (match, NULL)) {
            g_autofree char *tomorrow =
                g_match_info_fetch_named (match, "tomorrow");

            offset =
                MAX (offset, tomorrow != NULL && tomorrow[0] != '\0' ? 1 : 0);
        }
    }
    if (offset < 0)
        return;
    day = g_date_time_add_days (b->reference, offset);
    mla_agenda_format_date (day, date);
}

/* "SAT 23/1     LOFT     CELLAR" over the first time: the heading is a
 * grid header's corner cell, the rest the rooms; the day is named by the
 * corner alone. */
static void
corner_header (MlaAgendaBuilder *b)
{
    const MlaAgendaLine *line = mla_agenda_current_line (b);
    const char *corner = line->text + line->indent,
               *gap = strstr (corner, "  ");

    if (gap == NULL || b->day.current == NULL ||
        !mla_agenda_grid_header_from (b, (gsize) (gap - line->text) +
                                             strspn (gap, " ")))
        return;
    g_free (b->day.current->name);
    b->day.current->name = g_strndup (corner, gap - corner);
}

/* What the words of a heading's @text are: its weekday, "Day N", and how
 * many others. */
typedef struct {
    char *weekday_word; /* owned, nullable */
    char *day_label;    /* owned, nullable: "Day 2" */
    int day_number;
    int weekday;
    int other;
    int n_words;
    gboolean abbr;  /* the weekday abbreviated */
    gint name_from; /* where the day's name starts, or -1 */
} MlaHeadingWords;

static void
heading_words_clear (MlaHeadingWords *hw)
{
    g_clear_pointer (&hw->weekday_word, g_free);
    g_clear_pointer (&hw->day_label, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (MlaHeadingWords, heading_words_clear)

static void
heading_words (MlaAgendaBuilder *b, const char *text, MlaHeadingWords *hw)
{
    g_autoptr (GMatchInfo) words = NULL;
    int value;

    g_regex_match (b->parser->word, text, 0, &words);
    while (g_match_info_matches (words)) {
        g_autofree char *w = g_match_info_fetch (words, 0);

        hw->n_words++;
        gint from = 0;

        g_match_info_fetch_pos (words, 0, &from, NULL);
        if (mla_agenda_word_is (b->parser->weekdays, w, &value)) {
            if (hw->weekday == 0) {
                hw->weekday = value;
                hw->weekday_word = g_strdup (w);
                if (hw->name_from < 0)
                    hw->name_from = from;
            }
        } else if (mla_agenda_word_is (b->parser->weekday_abbrs, w, &value)) {
            if (hw->weekday == 0) {
                hw->weekday = value;
                hw->weekday_word = g_strdup (w);
                hw->abbr = TRUE;
                if (hw->name_from < 0)
                    hw->name_from = from;
            }
        } else if (mla_agenda_word_is (b->parser->day_words, w, NULL) &&
                   hw->n_words == 1) {
            gint end = 0;
            int number;

            g_match_info_fetch_pos (words, 0, NULL, &end);
            number = atoi (text + end + strspn (text + end, " "));
            if (number > 0) {
                hw->day_label = g_strdup_printf ("%s %d", w, number);
                hw->day_number = number;
                hw->name_from = from;
            } else {
                hw->other++;
            }
        } else if (!mla_agenda_word_is (b->parser->months, w, NULL) &&
                   !mla_agenda_word_is (b->parser->heading_fillers, w, NULL)) {
            hw->other++;
        }
        g_match_info_next (words, NULL);
    }
}

/* Names the day a heading starts (or the empty day above, "Day 2 - ..."
 * then "Friday, Apr. 24": one heading) after the heading as written, from its
 * weekday or "Day N" on: "LC Agenda for Monday, September 14th." is
 * "Monday, September 14th". */
static void
heading_name_day (MlaAgendaBuilder *b, const char *text, gboolean frame,
                  const gint span[2], const MlaHeadingWords *hw,
                  const char *date)
{
    gint from = MAX (hw->name_from, 0);
    g_autofree char *name = frame && span[1] > from
                                ? g_strndup (text + from, span[1] - from)
                                : g_strdup (text + from);
    gsize len = strlen (name);

    while (len > 0 && (strchr (":.,;-=*#~_ ", name[len - 1]) != NULL ||
                       (name[len - 1] == ')' && strchr (name, '(') == NULL)))
        name[--len] = '\0'; /* "Agenda (Thursday 12 November):" */

    if (b->day.current != NULL && b->day.current->slots->len == 0 &&
        b->slot.pending == NULL) {
        if (hw->weekday_word != NULL || b->day.current->name == NULL) {
            g_free (b->day.current->name);
            b->day.current->name = g_strdup (name);
        }
        if (date[0] != '\0')
            memcpy (b->day.current->date, date, sizeof b->day.current->date);
    } else {
        mla_agenda_builder_new_day (b, name, date);
    }
}

gboolean
mla_agenda_rule_day_heading (MlaAgendaBuilder *b, GMatchInfo *match)
{
    const MlaAgendaLine *line = mla_agenda_current_line (b);
    g_autofree char *text = mla_agenda_squeeze (line->text);
    g_auto (MlaHeadingWords) hw = { NULL, NULL, 0, 0, 0, 0, FALSE, -1 };
    char date[11] = "";
    gboolean has_date, frame;
    gint span[2] = { 0, 0 };

    (void) match;
    /* "Minutes 2 November" starts the record of a meeting, no day of slots */
    if (g_utf8_strlen (text, -1) > HEADING_MAX_CHARS ||
        strstr (text, "://") != NULL ||
        g_regex_match (b->parser->attribution, text, 0, NULL) ||
        g_regex_match (b->parser->minutes_heading, text, 0, NULL))
        return FALSE;
    /* "bascule pr\u00e9vue le" over "12 mai entre 18h00 et 22h00.": a
     * sentence going on after its article or preposition, no heading */
    if (b->index > 0 && !b->lines[b->index - 1].blank &&
        g_regex_match (b->parser->open_end, b->lines[b->index - 1].text, 0,
                       NULL))
        return FALSE;
    has_date = mla_agenda_find_date_span (b, text, date, span);
    if (has_date && span[0] > 0) {
        g_autofree char *before = g_strndup (text, span[0]);

        if (g_regex_match (b->parser->deadline_before, before, 0, NULL))
            return FALSE;
    }
    /* "ABC WG, Wednesday 18 November 2026, 09:30-11:30 (Session I)" over
     * the items (maybe after "Room:" and "Chairs:" lines): the day's
     * heading, its hours a frame, no slot */
    frame = has_date && date[0] != '\0' && times_outside (b, text, span) >= 2 &&
            mla_agenda_slots_follow_frame (b, b->index);
    if (!frame && times_outside (b, text, has_date ? span : NULL) > 0)
        return FALSE;
    heading_words (b, text, &hw);
    if (hw.other > HEADING_MAX_OTHER_WORDS)
        return FALSE;
    if (hw.abbr && !has_date && hw.n_words > 1)
        return FALSE;
    if (hw.weekday == 0 && !has_date && hw.day_label == NULL)
        return FALSE;
    if (!has_date && hw.weekday != 0 && hw.name_from > 0) {
        /* "Pizza, bitte bis Freitag bei Mia melden": a deadline too */
        g_autofree char *before = g_strndup (text, hw.name_from);

        if (g_regex_match (b->parser->deadline_before, before, 0, NULL))
            return FALSE;
    }
    if (date[0] == '\0' && hw.weekday != 0)
        mla_agenda_resolve_weekday_after (b, hw.weekday, date);
    if (date[0] == '\0' && hw.weekday == 0 && hw.day_label != NULL &&
        b->agenda->days->len == 0)
        date_from_prose (b, date);
    if (date[0] == '\0' && hw.weekday == 0 && b->day.current != NULL &&
        b->day.current->date[0] != '\0' && b->day.number > 0 &&
        hw.day_number > b->day.number) {
        /* "Day 2" after "Day 1" of 16 June: 17 June */
        g_autoptr (GDateTime) day = mla_agenda_day_after (b->day.current->date);
        g_autoptr (GDateTime) later =
            g_date_time_add_days (day, hw.day_number - b->day.number - 1);

        mla_agenda_format_date (later, date);
    }
    g_debug ("agenda: rule day-heading: line %u: \"%s\" %s", b->index + 1, text,
             date);
    heading_name_day (b, text, frame, span, &hw, date);
    mla_agenda_builder_clear_table (b);
    corner_header (b);
    b->day.heading_since_slot = TRUE;
    b->day.number = hw.day_number;
    if (frame)
        set_frame_end (b, text);
    return TRUE;
}

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

void
mla_agenda_builder_add_stop (MlaAgendaBuilder *b, int start)
{
    MlaAgendaSlot *stop;

    if (b->day.current == NULL || b->day.current->slots->len == 0)
        return;
    stop = mla_agenda_slot_new ();
    mla_agenda_format_minutes (start, stop->start);
    g_ptr_array_add (b->day.current->slots, stop);
    g_hash_table_add (b->day.stops, stop);
    b->slot.current = NULL;
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
