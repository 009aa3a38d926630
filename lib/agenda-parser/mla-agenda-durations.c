/* mla-agenda-durations.c: a session's clock over items that give only
 * their length, as working groups write their agendas ("13:00-15:00 UTC"
 * over "Intro (10)", "CoRECONF cluster (15)", "Groupcomm (Marco,
 * Christian) (60)"): each item starts when the one above it ends. The
 * items' lines become timed lines before the rules read them, so every
 * other rule (people in brackets, notes under an item) applies as to any
 * slot line. */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <stdlib.h>
#include <string.h>
#include "mla-agenda-durations-private.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-times-private.h"
#include "mla-agenda-scanner-private.h"

#define ITEMS_MIN 2 /* one length under a clock is a note */

/* An item under the clock: its line, its title without the length. */
typedef struct {
    guint line;
    int minutes;
    char *title;
} MlaTimedItem;

static void
timed_item_clear (gpointer data)
{
    g_free (((MlaTimedItem *) data)->title);
}

/* The clock of @text when it is a time or a range alone ("13:00-15:00
 * UTC", "Time: 2:30 PM"): @start and @end (-1 when none) in minutes,
 * @zone (out, owned) its zone or NULL. */
static gboolean
clock_alone (MlaAgendaBuilder *b, const char *text, int *start, int *end,
             char **zone)
{
    g_autoptr (GMatchInfo) match = NULL;
    MlaClock from, to;
    gboolean bare = FALSE;

    if (!g_regex_match (b->parser->clock_alone, text, 0, &match) ||
        !mla_agenda_fetch_clock (b, match, "1", &from, &bare))
        return FALSE;
    if (mla_agenda_fetch_clock (b, match, "2", &to, &bare)) {
        mla_agenda_resolve_range (&from, &to, -1, FALSE, start, end);
    } else {
        *start = mla_agenda_resolve_clock (&from, -1, FALSE);
        *end = -1;
    }
    *zone = g_match_info_fetch_named (match, "zone");
    if (*zone != NULL && (*zone)[0] == '\0')
        g_clear_pointer (zone, g_free);
    return TRUE;
}

/* "9:15 AM, 6 March | Hall C, Riverside Centre": the clock of @text when
 * the date of its day follows it on its line (the place after them is
 * the event's); @start (out) in minutes, @day (out, owned) the date as
 * written, which becomes the line (a day's heading). */
static gboolean
clock_and_date (MlaAgendaBuilder *b, const char *text, int *start, char **day)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *rest = NULL;
    MlaClock from;
    gboolean bare = FALSE;
    char date[11] = "";
    gint span[2] = { 0, 0 };

    if (!g_regex_match (b->parser->clock_before, text, 0, &match) ||
        !mla_agenda_fetch_clock (b, match, "1", &from, &bare) || bare)
        return FALSE;
    rest = g_match_info_fetch_named (match, "rest");
    if (!mla_agenda_find_date_span (b, rest, date, span) || span[0] > 0)
        return FALSE;
    *start = mla_agenda_resolve_clock (&from, -1, FALSE);
    *day = g_strndup (rest + span[0], span[1] - span[0]);
    return TRUE;
}

/* Whether @line is an item of a length ("Intro (10)", "- Welcome, 5
 * min"): @item (out) gets its title and minutes, @level (out) its indent
 * and whether a list marker leads it; @unit (out): the length has one. */
static gboolean
timed_item (MlaAgendaBuilder *b, const MlaAgendaLine *line, MlaTimedItem *item,
            guint *level, gboolean *unit)
{
    g_autofree char *squeezed = mla_agenda_squeeze (line->text);
    g_autofree char *text = g_regex_replace_literal (
        b->parser->list_marker, squeezed, -1, 0, "", 0, NULL);
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *n = NULL, *word = NULL, *key = NULL;

    if (!g_regex_match (b->parser->item_length, text, 0, &match))
        return FALSE;
    n = g_match_info_fetch_named (match, "n");
    word = g_match_info_fetch_named (match, "unit");
    item->minutes = atoi (n);
    *unit = word != NULL && word[0] != '\0';
    key = *unit ? mla_agenda_fold_compact (word) : NULL;
    if (key != NULL && g_hash_table_contains (b->parser->duration_hours, key))
        item->minutes *= 60;
    item->title = g_match_info_fetch_named (match, "title");
    *level = line->indent * 2 + (strcmp (text, squeezed) != 0);
    return item->minutes > 0;
}

/* The items under the clock at line @at, up to the next line with a
 * time; @all_units (out): every length has its unit. */
static GArray *
items_under (MlaAgendaBuilder *b, const MlaAgendaLine *lines, guint at,
             gboolean *all_units)
{
    GArray *items = g_array_new (FALSE, TRUE, sizeof (MlaTimedItem));
    guint first_level = 0;

    g_array_set_clear_func (items, timed_item_clear);
    *all_units = TRUE;
    for (guint i = at + 1; i < b->n_lines; i++) {
        MlaTimedItem item = { i, 0, NULL };
        guint level;
        gboolean unit;

        if (lines[i].blank)
            continue;
        if (g_regex_match (b->parser->time_anywhere, lines[i].text, 0, NULL))
            break;
        if (!timed_item (b, &lines[i], &item, &level, &unit)) {
            g_free (item.title);
            continue;
        }
        if (items->len > 0 && level != first_level) {
            g_free (item.title); /* a draft under a session */
            continue;
        }
        first_level = level;
        *all_units = *all_units && unit;
        g_array_append_val (items, item);
    }
    return items;
}

/* Rewrites @line as the timed line of @item from @start. */
static void
write_item (MlaAgendaLine *line, const MlaTimedItem *item, int start,
            const char *zone)
{
    char from[6], to[6];

    mla_agenda_format_minutes (start, from);
    mla_agenda_format_minutes (start + item->minutes, to);
    g_free (line->text);
    line->text = g_strdup_printf ("%*s%s-%s%s%s %s", (int) line->indent, "",
                                  from, to, zone != NULL ? " " : "",
                                  zone != NULL ? zone : "", item->title);
    g_clear_pointer (&line->tabbed, g_free);
}

/* The minutes of the length that ends @text ("Welcome 15m", "Talks
 * 1h", "Lab 1h30m"), -1 if none; @title_end (out) where the title
 * before it ends. */
static int
compact_length (MlaAgendaBuilder *b, const char *text, gint *title_end)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *h = NULL, *m = NULL;

    if (!g_regex_match (b->parser->compact_length, text, 0, &match))
        return -1;
    h = g_match_info_fetch_named (match, "h");
    m = g_match_info_fetch_named (match, "m");
    if ((h == NULL || h[0] == '\0') && (m == NULL || m[0] == '\0'))
        return -1;
    g_match_info_fetch_named_pos (match, "title", NULL, title_end);
    return (h != NULL ? atoi (h) * 60 : 0) + (m != NULL ? atoi (m) : 0);
}

void
mla_agenda_join_clock_pairs (MlaAgendaBuilder *b, MlaAgendaLine *lines)
{
    for (guint i = 0; i < b->n_lines; i++) {
        g_autoptr (GMatchInfo) match = NULL;
        MlaClock from, to;
        gboolean bare = FALSE;
        char start[6], end[6];
        int s, e;
        guint next = i + 1;
        gint title_end = 0;

        if (lines[i].blank || strpbrk (lines[i].text, "0123456789") == NULL ||
            !g_regex_match (b->parser->clock_pair, lines[i].text, 0, &match) ||
            !mla_agenda_fetch_clock (b, match, "1", &from, &bare) ||
            !mla_agenda_fetch_clock (b, match, "2", &to, &bare))
            continue;
        mla_agenda_resolve_range (&from, &to, -1, FALSE, &s, &e);
        if (s < 0 || e <= s)
            continue;
        mla_agenda_format_minutes (s, start);
        mla_agenda_format_minutes (e, end);
        g_free (lines[i].text);
        lines[i].text =
            g_strdup_printf ("%*s%s-%s", (int) lines[i].indent, "", start, end);
        MLA_AGENDA_TRACE ("agenda: line %u: a start and an end, no dash",
                          i + 1);
        /* the title below, its length the same as the clocks' */
        if (next < b->n_lines && !lines[next].blank &&
            compact_length (b, lines[next].text, &title_end) == e - s)
            lines[next].text[title_end] = '\0';
    }
}

void
mla_agenda_time_by_durations (MlaAgendaBuilder *b, MlaAgendaLine *lines)
{
    for (guint i = 0; i < b->n_lines; i++) {
        g_autofree char *zone = NULL;
        g_autoptr (GArray) items = NULL;
        int start, end, total = 0;
        gboolean all_units;

        g_autofree char *day = NULL;

        if (lines[i].blank || strpbrk (lines[i].text, "0123456789") == NULL ||
            !(clock_alone (b, lines[i].text, &start, &end, &zone) ||
              (end = -1, clock_and_date (b, lines[i].text, &start, &day))))
            continue;
        items = items_under (b, lines, i, &all_units);
        for (guint k = 0; k < items->len; k++)
            total += g_array_index (items, MlaTimedItem, k).minutes;
        /* "(10)" is a length only when the lengths fit the clock's hours */
        if (items->len < ITEMS_MIN ||
            !(all_units || (end > start && total <= end - start)))
            continue;
        MLA_AGENDA_TRACE ("agenda: line %u: a clock over %u items of a length",
                          i + 1, items->len);
        if (day != NULL) {
            /* ("6 March" stays: the day's heading) */
            g_free (lines[i].text);
            lines[i].text = g_steal_pointer (&day);
            g_clear_pointer (&lines[i].tabbed, g_free);
        } else {
            lines[i].text[0] = '\0';
            lines[i].indent = 0;
            lines[i].blank = TRUE;
        }
        for (guint k = 0; k < items->len; k++) {
            const MlaTimedItem *item = &g_array_index (items, MlaTimedItem, k);

            write_item (&lines[item->line], item, start, zone);
            start += item->minutes;
        }
    }
}
