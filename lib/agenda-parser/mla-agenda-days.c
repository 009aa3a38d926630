/* mla-agenda-days.c: assembling slots into days: new days (named from
 * the prose before a programme without a heading: "Here is the agenda
 * for Friday's meeting:"), the day of a date, slots added (in the room of
 * a section heading in force), stops (a time row with no title ends the
 * slot above), frames (the end of hours a heading frames), the time zone,
 * the ends of slots filled from the next ones. Owns the part "day" of
 * MlaAgendaBuilder, and clears a table's parts when a new one starts. */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <string.h>
#include "mla-agenda-days-private.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-builder-private.h"
#include "mla-agenda-times-private.h"

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
 * a day heading names its day, when it names one weekday only; dated on
 * its line ("Mercredi 9 octobre 2013 - de 9h30 \u00e0 17h" under the
 * event's title), that date. Returns: (transfer full) (nullable): the
 * weekday as written; @date is its date. */
static char *
intro_weekday (MlaAgendaBuilder *b, char date[11])
{
    g_autofree char *found = NULL;
    int weekday = 0;
    guint line = 0;

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
            if (found == NULL) {
                found = g_steal_pointer (&w);
                line = i;
            }
        }
    }
    if (found != NULL &&
        /* (not a quoted original's "Sent: Monday, 23 November") */
        !(line < b->index &&
          !g_regex_match (b->parser->original_sent, b->lines[line].text, 0,
                          NULL) &&
          mla_agenda_find_date (b, b->lines[line].text, date) &&
          mla_agenda_weekday_of (date) == weekday)) {
        date[0] = '\0';
        mla_agenda_resolve_weekday_after (b, weekday, date);
    }
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
    if (b->slot_added != NULL)
        b->slot_added (b, slot);
    g_ptr_array_add (b->day.current->slots, slot);
    g_array_append_val (b->day.slot_lines, b->index);
    b->slot.current = slot;
    b->table.row_slots = 0;
    b->slot.open = TRUE;
    b->slot.has_extra = FALSE;
    b->slot.last_content = b->index;
    b->day.heading_since_slot = FALSE;
}

void
mla_agenda_builder_frame (MlaAgendaBuilder *b, int end)
{
    if (b->day.current == NULL)
        mla_agenda_builder_new_day (b, NULL, NULL);
    g_hash_table_insert (b->day.frame_ends, b->day.current,
                         GINT_TO_POINTER (end + 1));
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

void
mla_agenda_builder_clear_table (MlaAgendaBuilder *b)
{
    g_ptr_array_set_size (b->tracks.rooms, 0);
    g_array_set_size (b->tracks.starts, 0);
    b->tracks.timed = FALSE;
    g_array_set_size (b->table.columns, 0);
    g_ptr_array_set_size (b->flat.rooms, 0);
    b->flat.pairs = FALSE;
}

void
mla_agenda_new_day_if_restarted (MlaAgendaBuilder *b, int s)
{
    if (b->day.current != NULL && b->day.current->slots->len > 0 &&
        !b->day.heading_since_slot && b->day.previous >= 0 &&
        s < b->day.previous - 60 &&
        !mla_agenda_runs_past_midnight (b->day.previous, s)) {
        /* (undated: the text does not say which day; the one after the
         * day above is a guess, wrong for a second track or a day whose
         * heading the paste lost, held-out real text 45) */
        MLA_AGENDA_TRACE ("agenda: line %u starts a new day", b->index + 1);
        mla_agenda_builder_new_day (b, NULL, "");
        mla_agenda_builder_clear_table (b);
    }
}
