/* mla-agenda-headings.c: the rule "day-heading": a line that names a day
 * ("Monday", "Day 2 (Friday, Apr. 24)", "2004-12-05", "LC Agenda for
 * Monday, September 14th.") starts one, or names the empty day above; its
 * date from the heading, from the weekday after the mail's date, from
 * "Day N" after the day before, or from "Tomorrow's agenda" in the prose
 * above. A dated heading with hours over field lines and items frames
 * them ("ABC WG, Wednesday 18 November 2026, 09:30-11:30"); deadlines
 * ("until 8 January") and sentences that go on over the line date no day.
 * A heading may be a grid header's corner cell ("SAT 23/1   LOFT
 * CELLAR"). */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <stdlib.h>
#include <string.h>
#include "mla-agenda-headings-private.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-builder-private.h"
#include "mla-agenda-times-private.h"
#include "mla-agenda-scanner-private.h"
#include "mla-agenda-days-private.h"
#include "mla-agenda-grids-private.h"

#define HEADING_MAX_OTHER_WORDS 6

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

/* "Monday Session II" (an IETF meeting's sessions are numbered in each
 * day, held-out real text 44) names the day "Monday": the session is the
 * hours of the slots under it, not a day of its own. */
static void
day_without_session (MlaAgendaBuilder *b, char **name)
{
    g_autoptr (GMatchInfo) match = NULL;

    if (g_regex_match (b->parser->session_of_day, *name, 0, &match)) {
        char *day = g_match_info_fetch_named (match, "day");

        g_free (*name);
        *name = day;
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
    day_without_session (b, &name);

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

/* "11:30-11:40" over "Day 1 wrap-up": the current line is the title of
 * a range alone right above it (a time alone, "23:30", may end a day's
 * rows over the next day's heading). */
static gboolean
titles_pending_range (MlaAgendaBuilder *b)
{
    return b->slot.pending != NULL && b->slot.pending->end[0] != '\0' &&
           b->index > 0 && !b->lines[b->index - 1].blank;
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
    if (titles_pending_range (b))
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
    MLA_AGENDA_TRACE ("agenda: rule day-heading: line %u: \"%s\" %s",
                      b->index + 1, text, date);
    heading_name_day (b, text, frame, span, &hw, date);
    mla_agenda_builder_clear_table (b);
    corner_header (b);
    b->day.heading_since_slot = TRUE;
    b->day.number = hw.day_number;
    if (frame)
        set_frame_end (b, text);
    return TRUE;
}
