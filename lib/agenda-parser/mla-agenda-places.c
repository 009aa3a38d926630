/* mla-agenda-places.c: rooms and places of the agenda parser: room words,
 * room lines and headings ("=== Track A (Aula 1) ==="), places without a
 * room word ("Pavilion"), header cells that name rooms, and "Place:
 * Title" slots. */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <string.h>
#include "mla-agenda-places-private.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-builder-private.h"
#include "mla-agenda-scanner-private.h"

/* known places after dashes: the text puts places there */
#define DASHED_PLACES_MIN 2

gboolean
mla_agenda_is_room_word (MlaAgendaBuilder *b, const char *word)
{
    g_autofree char *key = mla_agenda_fold_compact (word);

    return g_hash_table_contains (b->parser->room_words, key);
}

/* Whether a header cell names a room: "Hall 1", "Track A (Salon E)",
 * "Main auditorium", "Ballroom". */
gboolean
mla_agenda_names_room (MlaAgendaBuilder *b, const char *cell)
{
    g_autoptr (GMatchInfo) words = NULL;
    const char *open = strchr (cell, '(');

    if (open != NULL && strchr (open, ')') != NULL && open != cell)
        return TRUE;
    g_regex_match (b->parser->word, cell, 0, &words);
    for (; g_match_info_matches (words); g_match_info_next (words, NULL)) {
        g_autofree char *w = g_match_info_fetch (words, 0);
        gsize n = strlen (w), tail = 0;

        if (mla_agenda_is_room_word (b, w))
            return TRUE;
        /* "会場A", "Hall3": a room word with its letter or number run on */
        while (tail < n && tail < 3 && g_ascii_isalnum (w[n - 1 - tail]))
            tail++;
        if (tail > 0 && tail < n && (tail == 1 || g_ascii_isdigit (w[n - 1]))) {
            w[n - tail] = '\0';
            if (mla_agenda_is_room_word (b, w))
                return TRUE;
        }
    }
    return FALSE;
}

static gboolean
has_lower (const char *word)
{
    for (const char *p = word; *p != '\0'; p = g_utf8_next_char (p))
        if (g_unichar_islower (g_utf8_get_char (p)))
            return TRUE;
    return FALSE;
}

/* Whether @words (at most three) are capitalised or numbers, and say
 * no kind ("Lunch"); with @strict, no word is a label or a title word
 * ("Keynote", "Session") and the first is no acronym ("WG 1"). */
static gboolean
place_words (MlaAgendaBuilder *b, const char *clean, gboolean strict)
{
    g_auto (GStrv) words = g_strsplit (clean, " ", -1);
    guint n = g_strv_length (words);

    if (n == 0 || n > 3 || clean[0] == '\0')
        return FALSE;
    for (guint i = 0; i < G_N_ELEMENTS (b->parser->kinds); i++)
        if (g_regex_match (b->parser->kinds[i], clean, 0, NULL))
            return FALSE;
    for (guint i = 0; i < n; i++) {
        g_autofree char *key = mla_agenda_fold_compact (words[i]);
        gunichar c = g_utf8_get_char (words[i]);

        if (!g_unichar_isupper (c) && !g_unichar_isdigit (c))
            return FALSE;
        if (!strict || (i > 0 && g_utf8_strlen (words[i], -1) == 1))
            continue; /* "Plaza A": a letter after the name */
        if (i == 0 && !has_lower (words[i]))
            return FALSE; /* "WG 1", "BOF": a group's code, not a place */
        if (mla_agenda_word_is (b->parser->not_names, words[i], NULL) ||
            g_hash_table_contains (b->parser->labels, key))
            return FALSE;
    }
    return TRUE;
}

gboolean
mla_agenda_text_dashes_places (MlaAgendaBuilder *b)
{
    guint known = 0;

    for (guint i = 0; i < b->n_lines && known < DASHED_PLACES_MIN; i++) {
        const char *text = b->lines[i].text;
        g_autoptr (GMatchInfo) match = NULL;
        g_autofree char *place = NULL;

        if (b->lines[i].blank ||
            !g_regex_match (b->parser->time_anywhere, text, 0, NULL) ||
            !g_regex_match (b->parser->place_dash, text, 0, &match))
            continue;
        place = g_match_info_fetch (match, 2);
        known += mla_agenda_is_room_line (b, place) ||
                 g_regex_match (b->parser->venue_word, place, 0, NULL);
    }
    return known >= DASHED_PLACES_MIN;
}

/* Whether every word of @name starts with a capital or a digit: "Room
 * 2", "Main Hall", not "Room changes" or "Raum 2.14 und 2.15". */
static gboolean
all_capitalised (const char *name)
{
    for (const char *w = name; w != NULL;
         w = strchr (w, ' '), w = w != NULL ? w + 1 : NULL) {
        gunichar c = g_utf8_get_char (w);

        if (!g_unichar_isupper (c) && !g_unichar_isdigit (c))
            return FALSE;
    }
    return TRUE;
}

gboolean
mla_agenda_is_room_line (MlaAgendaBuilder *b, const char *text)
{
    g_auto (GStrv) words = g_strsplit (text, " ", -1);
    gboolean room = FALSE;
    gunichar first = g_utf8_get_char (text);

    /* (a floor first is the room's too: "2nd Floor Foyer") */
    if (g_strv_length (words) > 4 || strpbrk (text, "():,;") != NULL ||
        !(g_unichar_isupper (first) ||
          (g_unichar_isdigit (first) && all_capitalised (text))))
        return FALSE;
    for (guint i = 0; words[i] != NULL && !room; i++)
        room = mla_agenda_is_room_word (b, words[i]);
    return room;
}

char *
mla_agenda_room_in_parentheses (MlaAgendaBuilder *b, const char *text)
{
    const char *open = strchr (text, '(');
    g_autofree char *inner = NULL;

    if (open == NULL || open == text || !g_str_has_suffix (text, ")"))
        return NULL;
    inner = g_strndup (open + 1, strlen (open + 1) - 1);
    return mla_agenda_names_place (b, inner) ||
                   g_regex_match (b->parser->room_code, inner, 0, NULL)
               ? g_steal_pointer (&inner)
               : NULL;
}

char *
mla_agenda_place_alone (MlaAgendaBuilder *b, const char *text)
{
    gsize n = strlen (text);
    g_autofree char *inner = NULL;

    if (mla_agenda_is_room_line (b, text))
        return g_strdup (text);
    /* "@ Le Bouchon des Filles": the sign says it is a place, whatever its
     * words; "@name" is a handle */
    if (g_str_has_prefix (text, "@ ") && strchr (text + 1, '@') == NULL) {
        g_autofree char *place = mla_agenda_squeeze (text + 1);
        guint words = place[0] != '\0';

        for (const char *p = place; *p != '\0'; p++)
            words += *p == ' ';
        return words >= 1 && words <= 6 ? g_steal_pointer (&place) : NULL;
    }
    if (n < 3 || text[0] != '(' || text[n - 1] != ')')
        return NULL;
    inner = g_strndup (text + 1, n - 2);
    return mla_agenda_is_room_line (b, inner) && all_capitalised (inner)
               ? g_steal_pointer (&inner)
               : NULL;
}

/* "Raum W1 (A302)": a room, then its number in parentheses (one word
 * with a digit; "NAGYTEREM (f\u00f6ldszint)" or "(1st floor)" says where
 * the room is). */
static gboolean
room_code_at (MlaAgendaBuilder *b, const char *clean)
{
    const char *open = strstr (clean, " (");
    g_autofree char *room = NULL;

    if (open == NULL || !g_str_has_suffix (clean, ")") ||
        strpbrk (open + 2, "( ") != NULL ||
        strpbrk (open, "0123456789") == NULL)
        return FALSE;
    room = g_strndup (clean, open - clean);
    return mla_agenda_is_room_line (b, room) && all_capitalised (room);
}

/* "TRACK A \u2014 Main Hall", "Track 2: Room 201", "Track A (Aula 1)",
 * "Track 1: Security (Room A)": a track, then its room after a dash or a
 * colon (both room lines) or in parentheses at the end. Returns:
 * (transfer full) (nullable): the room. */
static char *
room_after_track (MlaAgendaBuilder *b, const char *clean)
{
    static const char *const separators[] = { " - ", " \u2013 ", " \u2014 ",
                                              ": ", " (" };

    for (guint i = 0; i < G_N_ELEMENTS (separators); i++) {
        const char *at = strstr (clean, separators[i]);
        g_autofree char *track = NULL;
        g_autofree char *room = NULL;

        if (at == NULL)
            continue;
        track = g_strndup (clean, at - clean);
        room = mla_agenda_squeeze (at + strlen (separators[i]));
        if (i == G_N_ELEMENTS (separators) - 1) {
            g_autofree char *first = g_strndup (clean, strcspn (clean, " "));

            /* "Track 1: Security (Room A)": a track first, its room last */
            if (!g_str_has_suffix (room, ")"))
                continue;
            room[strlen (room) - 1] = '\0';
            if (mla_agenda_is_room_word (b, first) &&
                mla_agenda_is_room_line (b, room))
                return g_steal_pointer (&room);
        } else if (mla_agenda_is_room_line (b, track) &&
                   mla_agenda_is_room_line (b, room)) {
            return g_steal_pointer (&room);
        }
    }
    return NULL;
}

/* The room of line @i when it heads a track without decoration: after a
 * blank line, right over a slot's time, a track and its room ("TRACK A -
 * Main Hall"), or with @bare a room alone ("MAIN HALL"). Returns:
 * (transfer full) (nullable). */
static char *
plain_heading_at (MlaAgendaBuilder *b, guint i, gboolean bare)
{
    g_autofree char *clean = NULL;
    char *room;

    /* (a pasted table's row whose only cell is the room, "\t\t\tRaum W1",
     * heads the rows under it without a blank line) */
    gboolean row = b->lines[i].tabbed != NULL && b->lines[i].tabbed[0] == '\t';

    if (b->lines[i].blank || (i > 0 && !b->lines[i - 1].blank && !row) ||
        i + 1 >= b->n_lines ||
        !g_regex_match (mla_agenda_rule (b->parser, "slot-time"),
                        b->lines[i + 1].text, 0, NULL))
        return NULL;
    clean = mla_agenda_squeeze (b->lines[i].text);
    room = room_after_track (b, clean);
    if (room == NULL && bare && room_code_at (b, clean))
        room = g_strdup (clean);
    if (room == NULL && bare && g_str_has_suffix (clean, ")") &&
        strstr (clean, " (") != NULL) {
        /* "NAGYTEREM (f\u00f6ldszint)": the room, then where it is */
        g_autofree char *before =
            g_strndup (clean, strstr (clean, " (") - clean);

        if (mla_agenda_is_room_line (b, before))
            room = g_steal_pointer (&before);
    }
    if (room == NULL && bare && mla_agenda_is_room_line (b, clean))
        room = g_steal_pointer (&clean);
    return room;
}

/* "K\u00d6Z\u00d6S PROGRAM", "PLENARY" under tracks: a heading in capitals
 * over a slot that names no room ends the track before it. */
static gboolean
ends_section (MlaAgendaBuilder *b, guint i)
{
    const char *text = b->lines[i].text + b->lines[i].indent;
    gboolean letters = FALSE;

    if (b->section.room == NULL || b->lines[i].blank ||
        (i > 0 && !b->lines[i - 1].blank) || i + 1 >= b->n_lines ||
        !g_regex_match (mla_agenda_rule (b->parser, "slot-time"),
                        b->lines[i + 1].text, 0, NULL))
        return FALSE;
    for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p)) {
        gunichar c = g_utf8_get_char (p);

        if (g_unichar_islower (c) || g_unichar_isdigit (c))
            return FALSE;
        letters |= g_unichar_isupper (c);
    }
    return letters;
}

/* "MAIN HALL" alone over slots may be the day's venue: it heads a track
 * only when a heading of another room is near (SIBLING_WINDOW lines
 * before or after). */
#define SIBLING_WINDOW 80

static gboolean
has_sibling_heading (MlaAgendaBuilder *b, guint i, const char *room)
{
    guint from = i > SIBLING_WINDOW ? i - SIBLING_WINDOW : 0;

    for (guint j = from; j < b->n_lines && j < i + SIBLING_WINDOW; j++) {
        g_autofree char *other = j != i ? plain_heading_at (b, j, TRUE) : NULL;

        if (other != NULL && strcmp (other, room) != 0)
            return TRUE;
    }
    return FALSE;
}

/* The room that line @i heads a part of the programme with (see
 * mla_agenda_room_heading), or NULL. Returns: (transfer full) (nullable). */
static char *
heading_room_at (MlaAgendaBuilder *b, guint i)
{
    const char *text = b->lines[i].text;
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *name = NULL, *inner = NULL;

    if (!g_regex_match (b->parser->room_heading, text, 0, &match)) {
        g_autofree char *clean = mla_agenda_squeeze (text);

        name = plain_heading_at (b, i, TRUE);
        if (name == NULL || (mla_agenda_is_room_line (b, clean) &&
                             !has_sibling_heading (b, i, name)))
            return NULL;
    } else {
        name = g_match_info_fetch_named (match, "name");
        inner = mla_agenda_room_in_parentheses (b, name);
    }
    if (inner != NULL) {
        g_free (name);
        name = g_steal_pointer (&inner);
    } else if (room_code_at (b, name)) {
        return g_steal_pointer (&name);
    } else if (!mla_agenda_is_room_line (b, name)) {
        return NULL;
    }
    return all_capitalised (name) ? g_steal_pointer (&name) : NULL;
}

/* How far a day's programme is searched for another track's heading. */
#define SECTION_WINDOW 200

/* The line after the paragraph that starts under the heading on the
 * current line, when two slots or more are in it and no other track's
 * heading follows on the day: the last track written as one paragraph
 * ends with it. Else 0: the room holds up to the next heading. */
static guint
section_paragraph_end (MlaAgendaBuilder *b)
{
    GRegex *slot_time = mla_agenda_rule (b->parser, "slot-time");
    GRegex *day = mla_agenda_rule (b->parser, "day-heading");
    guint i = b->index + 1, timed = 0;

    for (; i < b->n_lines && !b->lines[i].blank; i++)
        timed += g_regex_match (slot_time, b->lines[i].text, 0, NULL);
    if (timed < 2)
        return 0;
    for (guint j = i; j < b->n_lines && j < i + SECTION_WINDOW; j++) {
        g_autofree char *room = NULL;

        if (b->lines[j].blank)
            continue;
        if (g_regex_match (day, b->lines[j].text, 0, NULL) &&
            !g_regex_match (slot_time, b->lines[j].text, 0, NULL))
            break; /* (a word of a day in a line also ends the search, early) */
        room = heading_room_at (b, j);
        if (room != NULL)
            return 0; /* "TRACK A" over its morning and its afternoon */
    }
    return i;
}

gboolean
mla_agenda_room_heading (MlaAgendaBuilder *b)
{
    g_autofree char *name = heading_room_at (b, b->index);

    if (name == NULL && ends_section (b, b->index)) {
        MLA_AGENDA_TRACE (
            "agenda: line %u: the slots below are in no track's room",
            b->index + 1);
        g_clear_pointer (&b->section.room, g_free);
        b->section.end = 0;
        b->day.heading_since_slot = TRUE;
        b->day.previous = -1;
        return TRUE;
    }
    if (name == NULL)
        return FALSE;
    MLA_AGENDA_TRACE ("agenda: line %u: the slots below are in %s",
                      b->index + 1, name);
    g_free (b->section.room);
    b->section.room = g_steal_pointer (&name);
    b->section.end = section_paragraph_end (b);
    /* the track's times start again: the same day */
    b->day.heading_since_slot = TRUE;
    b->day.previous = -1;
    return TRUE;
}

gboolean
mla_agenda_names_place (MlaAgendaBuilder *b, const char *text)
{
    g_autofree char *clean = mla_agenda_squeeze (text);

    return mla_agenda_names_room (b, clean) || place_words (b, clean, TRUE);
}

/* The place before "Place: Title" of @slot's title, when it names one;
 * @out_title gets the rest. Returns: (transfer full) (nullable). */
static char *
place_before_colon (MlaAgendaBuilder *b, const MlaAgendaSlot *slot,
                    char **out_title)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *place = NULL;
    gint end = 0;

    if (slot->title == NULL || slot->room != NULL || slot->location != NULL ||
        !g_regex_match (b->parser->place_prefix, slot->title, 0, &match))
        return NULL;
    g_match_info_fetch_named_pos (match, "place", NULL, &end);
    place = g_match_info_fetch_named (match, "place");
    if (slot->title[end + strspn (slot->title + end, " ")] != ':' ||
        !mla_agenda_names_place (b, place))
        return NULL;
    *out_title = g_match_info_fetch_named (match, "title");
    return mla_agenda_squeeze (place);
}

void
mla_agenda_day_place_prefixes (MlaAgendaBuilder *b, MlaAgendaDay *day)
{
    g_autoptr (GHashTable) places =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    guint titled = 0, placed = 0;

    for (guint i = 0; i < day->slots->len; i++) {
        const MlaAgendaSlot *slot = g_ptr_array_index (day->slots, i);
        g_autofree char *title = NULL;
        char *place = place_before_colon (b, slot, &title);

        titled += slot->title != NULL;
        if (place != NULL) {
            placed++;
            g_hash_table_add (places, place);
        }
    }
    /* one such prefix is a title's ("Hands-on: eBPF"); a column of them,
     * naming more than one place, is where the slots are */
    if (g_hash_table_size (places) < 2 || placed * 2 < titled)
        return;
    for (guint i = 0; i < day->slots->len; i++) {
        MlaAgendaSlot *slot = g_ptr_array_index (day->slots, i);
        g_autofree char *title = NULL;
        char *place = place_before_colon (b, slot, &title);

        if (place != NULL) {
            slot->location = place;
            g_free (slot->title);
            slot->title = g_steal_pointer (&title);
        }
    }
}

/* "ROOM     A" -> "Room A": capitals are layout, not name. */
char *
mla_agenda_room_name (MlaAgendaBuilder *b, const char *cell)
{
    g_autofree char *clean = mla_agenda_squeeze (cell);
    g_auto (GStrv) words = g_strsplit (clean, " ", -1);

    for (guint i = 0; words[i] != NULL; i++) {
        g_autofree char *key = mla_agenda_fold_compact (words[i]);

        if (g_hash_table_contains (b->parser->room_words, key)) {
            g_autofree char *lower = g_utf8_strdown (words[i], -1);

            g_free (words[i]);
            words[i] =
                g_strdup_printf ("%c%s", g_ascii_toupper (lower[0]), lower + 1);
        }
    }
    return g_strjoinv (" ", words);
}

gboolean
mla_agenda_is_room_cell (MlaAgendaBuilder *b, const char *cell)
{
    g_autofree char *key = mla_agenda_fold_compact (cell);

    /* a header cell may be a title word ("Workshop"), not a column name */
    return g_utf8_strlen (cell, -1) <= 30 &&
           !g_hash_table_contains (b->parser->labels, key) &&
           !g_hash_table_contains (b->parser->people_columns, key) &&
           !g_hash_table_contains (b->parser->place_labels, key) &&
           !g_hash_table_contains (b->parser->title_columns, key) &&
           (mla_agenda_names_room (b, cell) || place_words (b, cell, FALSE));
}

char *
mla_agenda_meal_place (MlaAgendaBuilder *b, const char *text)
{
    const char *comma = strrchr (text, ',');
    g_autofree char *name = g_strstrip (
        comma != NULL ? g_strndup (text, comma - text) : g_strdup (text));

    if (comma != NULL
            ? !g_regex_match (b->parser->place_part, comma + 1, 0, NULL)
            : strchr (name, ' ') == NULL)
        return NULL; /* (one word alone is as likely a signature: "Jeremy") */
    return g_regex_match (b->parser->venue, name, 0, NULL)
               ? mla_agenda_squeeze (text)
               : NULL;
}
