/* mla-agenda-tables.c: tables and parallel tracks of the agenda parser:
 * header rows, rows cut into cells (grids drawn with rules and spaces are
 * in mla-agenda-grids.c). */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <stdlib.h>
#include <string.h>
#include "mla-agenda-tables-private.h"
#include "mla-agenda-places-private.h"
#include "mla-agenda-days-private.h"
#include "mla-agenda-names-private.h"
#include "mla-agenda-people-private.h"
#include "mla-agenda-rules-private.h"
#include "mla-agenda-titles-private.h"
#include "mla-agenda-times-private.h"

void
mla_agenda_builder_clear_table (MlaAgendaBuilder *b)
{
    g_ptr_array_set_size (b->rooms, 0);
    g_array_set_size (b->room_starts, 0);
    b->rooms_timed = FALSE;
    g_array_set_size (b->columns, 0);
    g_ptr_array_set_size (b->flat_rooms, 0);
    b->flat_pairs = FALSE;
}

void
mla_agenda_column_clear (gpointer data)
{
    g_free (((MlaColumn *) data)->room);
    g_free (((MlaColumn *) data)->day);
}

/* Cuts @text where @cut says, trimming each piece. */
GPtrArray *
mla_agenda_cut_cells (const char *text, GArray *cuts)
{
    GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);
    guint from = 0;

    for (guint i = 0; i <= cuts->len; i++) {
        guint to = i < cuts->len ? g_array_index (cuts, guint, i)
                                 : (guint) strlen (text);
        g_autofree char *cell = g_strndup (text + from, to - from);

        g_ptr_array_add (cells, mla_agenda_squeeze (cell));
        from = to;
    }
    return cells;
}

/* Splits a row written with single spaces ("MC B2.2 (Networking) MC B1.1
 * (Audio) GT 1.1 (Vivek)"): a cell ends after ")" or "?"; a row of one
 * word repeated ("BoFs BoFs BoFs") has one cell per word. With
 * @header, cells start at room words outside parentheses instead. */
static GPtrArray *
split_free (MlaAgendaBuilder *b, const char *text, gboolean header)
{
    g_autoptr (GArray) cuts = g_array_new (FALSE, FALSE, sizeof (guint));
    g_auto (GStrv) words = g_strsplit (text, " ", -1);
    gboolean repeated = g_strv_length (words) > 1;
    int depth = 0;

    for (guint i = 1; words[i] != NULL && repeated; i++)
        repeated = strcmp (words[i], words[0]) == 0;
    for (guint i = 0; text[i] != '\0'; i++) {
        if (text[i] == '(')
            depth++;
        else if (text[i] == ')' && depth > 0)
            depth--;
        if (i == 0 || text[i - 1] != ' ' || text[i] == ' ')
            continue;
        if (repeated || (!header && depth == 0 &&
                         (text[i - 2] == ')' || text[i - 2] == '?') &&
                         g_unichar_isalnum (g_utf8_get_char (text + i)))) {
            g_array_append_val (cuts, i);
        } else if (header && depth == 0) {
            g_autofree char *word =
                g_strndup (text + i, strcspn (text + i, " "));

            if (mla_agenda_is_room_word (b, word))
                g_array_append_val (cuts, i);
        }
    }
    return mla_agenda_cut_cells (text, cuts);
}

GPtrArray *
mla_agenda_split_row (MlaAgendaBuilder *b, const char *text, char layout,
                      gboolean header)
{
    GPtrArray *cells;

    if (layout == 'f')
        return split_free (b, text, header);
    if (layout == '|') {
        g_auto (GStrv) parts = g_strsplit (text, "|", -1);
        guint n = g_strv_length (parts);

        cells = g_ptr_array_new_with_free_func (g_free);
        for (guint i = 0; i < n; i++) {
            g_autofree char *cell = mla_agenda_squeeze (parts[i]);

            /* the rest of the time cell, and the row's closing bar */
            if ((i == 0 && !header) || (i == n - 1 && cell[0] == '\0'))
                continue;
            g_ptr_array_add (cells, g_steal_pointer (&cell));
        }
        return cells;
    }
    {
        g_auto (GStrv) parts = g_regex_split (b->parser->gap_cells, text, 0);

        cells = g_ptr_array_new_with_free_func (g_free);
        for (guint i = 0; parts[i] != NULL; i++)
            if (parts[i][0] != '\0')
                g_ptr_array_add (cells, mla_agenda_squeeze (parts[i]));
    }
    return cells;
}

/* "Chair: Ken Adams", "proposed by Ines", "[host: Kim]" in a cell: adds
 * the person to @slot (nullable: only tells); returns whether the cell
 * is so. */
static gboolean
add_labelled_person (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *cell)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *label = NULL, *colon = NULL, *value = NULL, *key = NULL,
                    *inner = NULL;
    gsize n = strlen (cell);
    int role;

    if (n > 2 && ((cell[0] == '[' && cell[n - 1] == ']') ||
                  (cell[0] == '(' && cell[n - 1] == ')')))
        cell = inner = g_strndup (cell + 1, n - 2);
    if (!g_regex_match (mla_agenda_rule (b->parser, "person-label"), cell, 0,
                        &match))
        return FALSE;
    label = g_match_info_fetch_named (match, "label");
    colon = g_match_info_fetch_named (match, "colon");
    value = g_match_info_fetch_named (match, "value");
    key = mla_agenda_fold_compact (label);
    role = GPOINTER_TO_INT (g_hash_table_lookup (b->parser->labels, key)) - 1;
    if (role < 0 || value[0] == '\0' ||
        ((colon == NULL || colon[0] == '\0') &&
         !mla_agenda_label_needs_no_colon (b->parser, key)))
        return FALSE;
    if (slot != NULL)
        mla_agenda_add_people (b, slot, value, (MlaPersonRole) role,
                               mla_agenda_label_is_singular (b->parser, key)
                                   ? MLA_PEOPLE_ONE
                                   : MLA_PEOPLE_LIST);
    return TRUE;
}

gboolean
mla_agenda_add_labelled_line (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                              const char *line)
{
    g_autofree char *text = mla_agenda_squeeze (line);

    return add_labelled_person (b, slot, text);
}

/* The slots of @cells when each is "Place: Title", else NULL. Returns:
 * (transfer full) (nullable). */
static GPtrArray *
place_cell_slots (MlaAgendaBuilder *b, GStrv cells, int s, int e)
{
    g_autoptr (GPtrArray) slots = NULL;
    guint n = g_strv_length (cells);

    if (n < 2)
        return NULL;
    slots =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_agenda_slot_free);
    for (guint i = 0; i < n; i++) {
        g_autoptr (GMatchInfo) match = NULL;
        g_autofree char *room = NULL, *title = NULL;
        MlaAgendaSlot *slot;

        if (!g_regex_match (b->parser->place_prefix, g_strstrip (cells[i]), 0,
                            &match))
            return NULL;
        room = g_match_info_fetch_named (match, "place");
        title = g_match_info_fetch_named (match, "title");
        if (strchr (cells[i], ':') == NULL || !mla_agenda_names_place (b, room))
            return NULL;
        slot = mla_agenda_table_slot (s, e);
        slot->room = mla_agenda_squeeze (room);
        mla_agenda_slot_set_title (b, slot, title);
        g_ptr_array_add (slots, slot);
    }
    return g_steal_pointer (&slots);
}

gboolean
mla_agenda_room_cells (MlaAgendaBuilder *b, const char *row, int s, int e)
{
    g_autoptr (GPtrArray) slots = NULL;
    guint n;
    /* "10:00 Main room: Testing | Kitchen: Sourdough", "Track A: X /
     * Track B: Y", "Track A: X   Track B: Y": a slot per room */
    GRegex *apart[] = { b->parser->pipe_cells, b->parser->slash_cells,
                        b->parser->gap_cells };

    for (guint i = 0; i < G_N_ELEMENTS (apart) && slots == NULL; i++) {
        g_auto (GStrv) cells = g_regex_split (apart[i], row, 0);

        slots = place_cell_slots (b, cells, s, e);
    }
    if (slots == NULL)
        return FALSE;
    n = slots->len;
    while (slots->len > 0)
        mla_agenda_builder_add_slot (b, g_ptr_array_steal_index (slots, 0));
    b->row_slots = n; /* a line of their people may follow */
    return TRUE;
}

gboolean
mla_agenda_cells_have_label (MlaAgendaBuilder *b, const char *row)
{
    g_auto (GStrv) cells = NULL;
    GRegex *person = mla_agenda_rule (b->parser, "person-label");
    GRegex *place = mla_agenda_rule (b->parser, "location-label");

    if (strstr (row, " | ") == NULL)
        return FALSE;
    cells = g_regex_split (b->parser->pipe_cells, row, 0);
    for (guint i = 1; cells[i] != NULL; i++) {
        g_autoptr (GMatchInfo) match = NULL;
        g_autofree char *colon = NULL;

        if (g_regex_match (place, cells[i], 0, NULL))
            return TRUE;
        if (!g_regex_match (person, cells[i], 0, &match))
            continue;
        colon = g_match_info_fetch_named (match, "colon");
        if (colon != NULL && colon[0] != '\0')
            return TRUE;
    }
    return FALSE;
}

/* Joins a cell that starts with a dash to the cell before it: "Note
 * Well  - Chairs (5 min)" is a title and its stand-in, no second cell. */
static void
join_dash_cells (GStrv cells)
{
    guint kept = 0;

    for (guint i = 0; cells[i] != NULL; i++) {
        const char *text = cells[i] + strspn (cells[i], " ");

        if (kept > 0 && (g_str_has_prefix (text, "- ") ||
                         g_str_has_prefix (text, "\u2013 ") ||
                         g_str_has_prefix (text, "\u2014 "))) {
            char *joined = g_strconcat (cells[kept - 1], " ", text, NULL);

            g_free (cells[kept - 1]);
            g_free (cells[i]);
            cells[kept - 1] = joined;
            continue;
        }
        cells[kept++] = cells[i];
    }
    cells[kept] = NULL;
}

/* "-- vsanchez", "-- kaito, oyelaran" in a column after the title: who
 * gives the item after a dash, as names or handles; adds them to @slot. */
static gboolean
dash_cell_people (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *cell)
{
    const char *rest = cell + strspn (cell, "-");
    g_auto (GStrv) handles = NULL;

    if (g_str_has_prefix (cell, "\xe2\x80\x93") ||
        g_str_has_prefix (cell, "\xe2\x80\x94"))
        rest = cell + 3;
    if (rest == cell || *rest != ' ')
        return FALSE;
    rest += strspn (rest, " ");
    if (mla_agenda_names_only (b->parser, rest)) {
        mla_agenda_add_people (b, slot, rest, MLA_PERSON_ROLE_SPEAKER,
                               MLA_PEOPLE_LIST);
        return TRUE;
    }
    handles = mla_agenda_handles (b->parser, rest);
    for (guint i = 0; handles != NULL && handles[i] != NULL; i++)
        g_ptr_array_add (
            slot->people,
            mla_agenda_person_new (handles[i], MLA_PERSON_ROLE_SPEAKER, TRUE));
    return handles != NULL;
}

/* "API triage  [Library]": a cell in brackets names a place, not a name;
 * "Release status   [Kofi Boateng, Mei-Ling Wu]", "[Dr. Ann Lee,
 * remote]", "[daria]": the people who own the item. Returns whether
 * @cell was so (then @slot has them). */
static gboolean
bracket_cell (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *cell)
{
    g_autofree char *inner = g_strndup (cell + 1, strlen (cell) - 2);
    g_auto (GStrv) person = NULL;

    if (mla_agenda_names_place (b, inner) &&
        !mla_agenda_names_only (b->parser, inner)) {
        slot->location = mla_agenda_squeeze (inner);
        return TRUE;
    }
    person = mla_agenda_person_line (b->parser, inner);
    if (mla_agenda_names_only (b->parser, inner)) {
        mla_agenda_add_person (b, slot, inner, MLA_PERSON_ROLE_SPEAKER);
        return TRUE;
    }
    if (person != NULL) {
        mla_agenda_add_people (b, slot, inner, MLA_PERSON_ROLE_SPEAKER,
                               g_strv_length (person) == 1 ? MLA_PEOPLE_ONE
                                                           : MLA_PEOPLE_LIST);
        return TRUE;
    }
    g_clear_pointer (&person, g_strfreev);
    person = mla_agenda_handles (b->parser, inner);
    for (guint j = 0; person != NULL && person[j] != NULL; j++)
        g_ptr_array_add (
            slot->people,
            mla_agenda_person_new (person[j], MLA_PERSON_ROLE_SPEAKER, TRUE));
    return person != NULL;
}

/* A cell after a row's title: its people (by a label, after a dash, in
 * brackets), its place ("Room: 4", a room word, a place with a number),
 * people alone, or a note. */
static void
cell_after_title (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *cell)
{
    GRegex *location_label = mla_agenda_rule (b->parser, "location-label");
    g_autoptr (GMatchInfo) match = NULL;
    g_auto (GStrv) words = g_strsplit (cell, " ", -1);
    gboolean room = FALSE;

    for (guint j = 0; words[j] != NULL && !room; j++) {
        g_autofree char *key = mla_agenda_fold_compact (words[j]);

        room = g_hash_table_contains (b->parser->room_words, key);
    }
    if (add_labelled_person (b, slot, cell) || dash_cell_people (b, slot, cell))
        return;
    if (slot->location == NULL && cell[0] == '[' &&
        g_str_has_suffix (cell, "]") && bracket_cell (b, slot, cell))
        return;
    if (slot->location == NULL &&
        g_regex_match (location_label, cell, 0, &match))
        slot->location = g_match_info_fetch_named (match, "value");
    else if (slot->location == NULL &&
             (room || (strpbrk (cell, "0123456789") != NULL &&
                       mla_agenda_names_place (b, cell))))
        /* "Room 4", "Hapuna 2": a room word, or a place with a number
         * (no name has one) */
        slot->location = mla_agenda_squeeze (cell);
    else if (mla_agenda_names_only (b->parser, cell))
        /* "R. van der Berg / H. Tanaka", "A, B & C" */
        mla_agenda_add_person (b, slot, cell, MLA_PERSON_ROLE_SPEAKER);
    else
        g_ptr_array_add (slot->notes, mla_agenda_squeeze (cell));
}

/* Cell @i of @cells without the slot's length ("Ines Ferreira (10
 * min)"), stripped in place; @n is the count of cells with text before
 * it. ("(10 min)  Title - Speaker": a length before the title is a cell
 * of its own, no title.) */
static void
drop_cell_length (MlaAgendaBuilder *b, GStrv cells, guint i, guint n)
{
    g_autofree char *bare = g_regex_replace_literal (
        b->parser->duration, cells[i], -1, 0, "", 0, NULL);

    if (bare != NULL && (n > 0 || g_strstrip (bare)[0] == '\0')) {
        g_free (cells[i]);
        cells[i] = g_steal_pointer (&bare);
    }
    g_strstrip (cells[i]);
}

/* A row of a tab or pipe table without a header: the first cell is the
 * title; a room or a place, people, or a note follow, each without the
 * slot's length ("Ines Ferreira (10 min)"). */
void
mla_agenda_slot_set_cells (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                           const char *row, gboolean pipes)
{
    g_auto (GStrv) cells = g_regex_split (
        pipes ? b->parser->pipe_cells : b->parser->gap_cells, row, 0);
    guint n = 0;

    join_dash_cells (cells);
    for (guint i = 0; cells[i] != NULL; i++) {
        drop_cell_length (b, cells, i, n);
        if (cells[i][0] == '\0')
            continue;
        if (n == 0 && slot->room == NULL && cells[i + 1] != NULL &&
            mla_agenda_is_room_line (b, cells[i])) {
            /* "10:00  Track A  Title  Speaker": the track comes first */
            slot->room = mla_agenda_squeeze (cells[i]);
            continue;
        }
        if (n++ == 0)
            mla_agenda_slot_set_title (b, slot, cells[i]);
        else
            cell_after_title (b, slot, cells[i]);
    }
}

gboolean
mla_agenda_header_room (MlaAgendaBuilder *b, const char *cell)
{
    return mla_agenda_is_room_cell (b, cell) &&
           (!g_regex_match (b->parser->time_anywhere, cell, 0, NULL) ||
            mla_agenda_names_room (b, cell));
}

/* "Chair / Speaker": a header cell of people labels joined by "/" names a
 * column of people, each cell's own label giving its role ("Speaker: X"),
 * else the first label's. @key is the cell folded; returns the role or -1. */
static int
joined_labels_role (MlaAgendaBuilder *b, const char *key)
{
    g_auto (GStrv) parts =
        strchr (key, '/') != NULL ? g_strsplit (key, "/", -1) : NULL;
    int first = -1;

    for (guint i = 0; parts != NULL && parts[i] != NULL; i++) {
        int role = GPOINTER_TO_INT (
                       g_hash_table_lookup (b->parser->labels, parts[i])) -
                   1;

        if (role < 0)
            return -1;
        if (i == 0)
            first = role;
    }
    return first;
}

gboolean
mla_agenda_corner_room (MlaAgendaBuilder *b, const char *cell)
{
    g_autofree char *key = mla_agenda_fold_compact (cell);
    guint words = 1;

    for (const char *p = cell; *p != '\0'; p++)
        words += *p == ' ';
    return words <= 3 && g_utf8_strlen (cell, -1) <= 30 &&
           g_unichar_isupper (g_utf8_get_char (cell)) &&
           !g_hash_table_contains (b->parser->labels, key) &&
           !g_hash_table_contains (b->parser->people_columns, key) &&
           !g_hash_table_contains (b->parser->place_labels, key) &&
           !g_hash_table_contains (b->parser->title_columns, key) &&
           !g_regex_match (b->parser->time_anywhere, cell, 0, NULL);
}

/* "Time  Big Room  Kitchen  Roof Terrace", "Time  Storage  Memory":
 * header @cells that are all rooms or places, no label or title word,
 * are the rooms; so are short capitalised names beside a room ("Time |
 * Big Room | Kitchen | Garden tent": a column name would be a label). */
static gboolean
cells_are_rooms (MlaAgendaBuilder *b, GPtrArray *cells)
{
    gboolean rooms = TRUE, named = FALSE;

    for (guint i = 0; rooms && i < cells->len; i++) {
        gboolean room =
            mla_agenda_is_room_cell (b, g_ptr_array_index (cells, i));

        named = named || room;
        rooms =
            room || mla_agenda_corner_room (b, g_ptr_array_index (cells, i));
    }
    return rooms && named;
}

/* @column, a column of tracks: its room is the header @cell's ("Track 1
 * (Salon E)": the room in parentheses; "Online (Jitsi)" names no track
 * before them, the cell is the room). */
static void
track_column (MlaAgendaBuilder *b, const char *cell, MlaColumn *column)
{
    const char *open = strchr (cell, '(');
    g_autofree char *outer =
        open != NULL ? g_strndup (cell, open - cell) : NULL;
    g_autofree char *first = g_strndup (cell, strcspn (cell, " "));

    column->kind = COLUMN_TRACK;
    if (open != NULL && strchr (open, ')') != NULL &&
        mla_agenda_names_room (b, outer))
        column->room = g_strndup (open + 1, strchr (open, ')') - open - 1);
    else if (mla_agenda_is_room_word (b, first))
        column->room = mla_agenda_room_name (b, cell);
    else
        column->room = g_strdup (cell);
}

/* The column of the header @cell: a day's (in a week's timetable, with
 * @days), a place's, people's, a track's (with @tracks: a grid's or a
 * header of rooms), else titles. Returns whether it is a track. */
static gboolean
column_of_cell (MlaAgendaBuilder *b, const char *cell, guint days,
                gboolean tracks, MlaColumn *column)
{
    g_autofree char *key = mla_agenda_fold_compact (cell);
    gsize key_len = strlen (key);
    int role, weekday;

    /* "Speaker(s)", "Room:" name the column as "Speaker", "Room" */
    if (g_str_has_suffix (key, "(s)"))
        key[key_len - 3] = '\0';
    else if (key_len > 1 && key[key_len - 1] == ':')
        key[key_len - 1] = '\0';
    role = GPOINTER_TO_INT (g_hash_table_lookup (b->parser->labels, key)) - 1;
    weekday = days >= 2 ? mla_agenda_text_weekday (b->parser, cell) : 0;
    if (role < 0)
        role = joined_labels_role (b, key);
    if (weekday > 0) {
        /* "Time | Monday 23 Nov | Tuesday 24 Nov": a week's timetable,
         * a day per column */
        column->kind = COLUMN_TRACK;
        column->day = g_strdup (cell);
        if (!mla_agenda_find_date (b, cell, column->date) ||
            column->date[0] == '\0')
            mla_agenda_resolve_weekday_after (b, weekday, column->date);
        /* (made now: "Wednesday" after "Tuesday 24 Nov" is the 25th) */
        mla_agenda_builder_day_for (b, cell, column->date);
        return TRUE;
    }
    if (g_hash_table_contains (b->parser->place_labels, key)) {
        column->kind = COLUMN_PLACE;
    } else if (role >= 0 ||
               g_hash_table_contains (b->parser->people_columns, key)) {
        column->kind = COLUMN_PERSON;
        column->role =
            role >= 0 ? (MlaPersonRole) role : MLA_PERSON_ROLE_SPEAKER;
    } else if (tracks) {
        track_column (b, cell, column);
        return TRUE;
    }
    return FALSE;
}

void
mla_agenda_set_columns (MlaAgendaBuilder *b, GPtrArray *cells, gboolean grid,
                        char layout)
{
    gboolean rooms = !grid && cells_are_rooms (b, cells);
    guint tracks = 0, days = 0;

    for (guint i = 0; i < cells->len; i++)
        days += mla_agenda_text_weekday (b->parser,
                                         g_ptr_array_index (cells, i)) > 0;
    mla_agenda_builder_clear_table (b);
    for (guint i = 0; i < cells->len; i++) {
        MlaColumn column = { COLUMN_TITLE, MLA_PERSON_ROLE_SPEAKER, NULL, NULL,
                             "" };

        tracks += column_of_cell (b, g_ptr_array_index (cells, i), days,
                                  grid || rooms, &column);
        g_array_append_val (b->columns, column);
    }
    if (tracks ==
        1) /* one track is no parallel programme: its column is a place */
        for (guint i = 0; i < b->columns->len; i++)
            if (g_array_index (b->columns, MlaColumn, i).kind == COLUMN_TRACK)
                g_array_index (b->columns, MlaColumn, i).kind = COLUMN_PLACE;
    b->column_split = layout;
    b->slot = NULL;
}

/* "Time | Session | Room | Speaker", "Time<TAB>Hall 1<TAB>Hall 2", "Time
 * Track 1 (Salon E) Track 2 (Salon D)": the columns of the rows below. */
gboolean
mla_agenda_rule_table_header (MlaAgendaBuilder *b, GMatchInfo *match)
{
    const char *text = mla_agenda_current_line (b)->text;
    g_autofree char *rest = g_match_info_fetch_named (match, "rest");
    g_autoptr (GPtrArray) cells = NULL;
    g_autofree char *corner = g_match_info_fetch_named (match, "corner");
    gboolean grid = corner != NULL && corner[0] != '\0';
    gint rest_at;
    char layout = strchr (text, '|') != NULL                            ? '|'
                  : g_regex_match (b->parser->gap_cells, rest, 0, NULL) ? ' '
                                                                        : 'f';

    /* "kl. 09.00  Incheckning": a time after the time column's word
     * makes a row, no header */
    if (g_regex_match (mla_agenda_rule (b->parser, "slot-time"), rest, 0, NULL))
        return FALSE;
    /* "Time    Salen      Lokale 2": cells apart by spaces that are all
     * rooms are a grid's, each row's cells placed by their columns */
    if (layout == ' ' && !grid && mla_agenda_current_line (b)->tabbed == NULL &&
        g_match_info_fetch_named_pos (match, "rest", &rest_at, NULL) &&
        mla_agenda_grid_header_from (b, (gsize) rest_at)) {
        b->rooms_timed = TRUE;
        return TRUE;
    }
    cells = mla_agenda_split_row (b, rest, layout, TRUE);
    if (cells->len < 2)
        return FALSE;
    /* "         | Main Room | Kitchen | Garden": a grid's header row with
     * an empty first cell; it holds rooms only (a room's number may read
     * as a time: "Room 2.14") */
    for (guint i = 0; grid && i < cells->len; i++)
        if (!mla_agenda_header_room (b, g_ptr_array_index (cells, i)) &&
            !mla_agenda_corner_room (b, g_ptr_array_index (cells, i)))
            return FALSE;
    mla_agenda_set_columns (b, cells, grid, layout);
    g_debug ("agenda: rule table-header: line %u: %u columns", b->index + 1,
             cells->len);
    return TRUE;
}

static guint
count_tracks (MlaAgendaBuilder *b)
{
    guint n = 0;

    for (guint i = 0; i < b->columns->len; i++)
        n += g_array_index (b->columns, MlaColumn, i).kind == COLUMN_TRACK;
    return n;
}

MlaAgendaSlot *
mla_agenda_table_slot (int s, int e)
{
    MlaAgendaSlot *slot = mla_agenda_slot_new ();

    mla_agenda_format_minutes (s, slot->start);
    if (e > s)
        mla_agenda_format_minutes (e, slot->end);
    return slot;
}

gboolean
mla_agenda_empty_cell (MlaAgendaBuilder *b, const char *cell)
{
    gsize n = strlen (cell);
    g_autofree char *bare =
        g_strndup (cell + strspn (cell, "_*"), n - strspn (cell, "_*"));
    g_autofree char *key = NULL;
    char *dash;

    if (n > 0 && cell[0] == '(' && cell[n - 1] == ')' &&
        strchr (cell + 1, '(') == NULL)
        return TRUE;
    g_strchomp (g_strdelimit (bare, "_*", ' '));
    /* "Free - sign up on the board": the word before a dash says it */
    if ((dash = strstr (bare, " - ")) != NULL)
        *dash = '\0';
    key = mla_agenda_fold_compact (bare);
    if (g_hash_table_contains (b->parser->empty_cells, key))
        return TRUE;
    /* "", "-", "—", "...": a cell without a letter or digit holds nothing */
    for (const char *p = cell; *p != '\0'; p = g_utf8_next_char (p))
        if (g_unichar_isalnum (g_utf8_get_char (p)))
            return FALSE;
    return TRUE;
}

/* The lines under a row of a pipe grid that go on with its cells, their
 * time cell empty ("           | where are we?  |  | - proposed by Jun"),
 * up to a rule line ("----+----"), a blank line or a row with a time:
 * each cell's text goes to @cells' array of lines of its column (@cells
 * holds the row's own cells, a GPtrArray of char * each). Returns the
 * last such line, the row's when there is none. */
static guint
cells_below (MlaAgendaBuilder *b, GPtrArray *cells)
{
    const char *row = mla_agenda_current_line (b)->text;
    /* the time cell: before the first bar, or between the first two when
     * the rows start with one ("| 10:00 | Title |", "|       | more |") */
    gboolean leading = row[strspn (row, " ")] == '|';
    guint i;

    for (i = b->index + 1; i < b->n_lines; i++) {
        const char *text = b->lines[i].text + strspn (b->lines[i].text, " ");
        const char *cell = text + (leading && text[0] == '|');
        const char *bar = strchr (cell, '|');
        g_autoptr (GPtrArray) below = NULL;

        if (b->lines[i].blank || bar == NULL ||
            strspn (cell, " ") != (gsize) (bar - cell) ||
            !g_regex_match (b->parser->alnum, text, 0, NULL))
            break;
        below = mla_agenda_split_row (b, bar, '|', FALSE);
        if (below->len > cells->len)
            break;
        for (guint c = 0; c < below->len; c++)
            if (((char *) g_ptr_array_index (below, c))[0] != '\0')
                g_ptr_array_add (g_ptr_array_index (cells, c),
                                 g_strdup (g_ptr_array_index (below, c)));
    }
    return i - 1;
}

/* Whether one of @hosts, beside others, is written as initials ("dm"). */
static gboolean
has_initials (GStrv hosts)
{
    for (guint i = 0; hosts[1] != NULL && hosts[i] != NULL; i++)
        if (g_utf8_strlen (hosts[i], -1) <= 3)
            return TRUE;
    return FALSE;
}

/* "ana, jules", "@mkowal", "(Lucia, da confermare)": a grid cell's line
 * of hosts under its title, as handles or a first name alone, maybe
 * with a marker; adds them to @slot unless NULL. */
static gboolean
cell_hosts (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *line)
{
    gsize n = strlen (line);
    g_autofree char *inner = n > 2 && line[0] == '(' && line[n - 1] == ')'
                                 ? g_strndup (line + 1, n - 2)
                                 : g_strdup (line);
    gboolean confirmed = TRUE;
    g_autofree char *clean =
        mla_agenda_parser_clean_person (b->parser, inner, &confirmed);
    g_auto (GStrv) hosts =
        clean != NULL ? mla_agenda_handles (b->parser, clean) : NULL;

    if (hosts == NULL && clean != NULL &&
        mla_agenda_is_first_name (b->parser, clean))
        hosts = g_strsplit (clean, ",", 1);
    /* (words in lower case may be the rest of the title, "people", "show &
     * tell": hosts are marked, listed after commas or written as initials) */
    if (hosts == NULL ||
        (g_unichar_islower (g_utf8_get_char (line)) &&
         strpbrk (line, "@_.,0123456789") == NULL && !has_initials (hosts)))
        return FALSE;
    for (guint i = 0; slot != NULL && hosts[i] != NULL; i++)
        g_ptr_array_add (slot->people,
                         mla_agenda_person_new (
                             hosts[i], MLA_PERSON_ROLE_SPEAKER, confirmed));
    return TRUE;
}

/* @slot from the lines of its grid cell: the title, with the lines that
 * go on with it in lower case ("Accessibility audit / of our docs site"),
 * unless they name people ("moderator: Zofia Mazur");
 * then items after a dash ("- proposed by Marek & Sunniva", maybe over
 * two lines) or lines that name people, by a label or alone, or notes. */
static void
set_grid_cell (MlaAgendaBuilder *b, MlaAgendaSlot *slot, GPtrArray *lines)
{
    g_autoptr (GString) title =
        g_string_new (lines->len > 0 ? g_ptr_array_index (lines, 0) : "");
    g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
    guint k = 1;

    for (; k < lines->len &&
           g_unichar_islower (g_utf8_get_char (g_ptr_array_index (lines, k))) &&
           !add_labelled_person (b, NULL, g_ptr_array_index (lines, k)) &&
           !cell_hosts (b, NULL, g_ptr_array_index (lines, k));
         k++)
        g_string_append_printf (title, " %s",
                                (char *) g_ptr_array_index (lines, k));
    mla_agenda_slot_set_title (b, slot, title->str);
    for (; k < lines->len; k++) {
        const char *line = g_ptr_array_index (lines, k);

        if (g_str_has_prefix (line, "- ") || items->len == 0) {
            g_ptr_array_add (
                items,
                g_strdup (line + (g_str_has_prefix (line, "- ") ? 2 : 0)));
        } else {
            char *joined = g_strconcat (
                g_ptr_array_index (items, items->len - 1), " ", line, NULL);

            g_free (g_ptr_array_index (items, items->len - 1));
            g_ptr_array_index (items, items->len - 1) = joined;
        }
    }
    for (guint i = 0; i < items->len; i++) {
        const char *item = g_ptr_array_index (items, i);
        gsize n = strlen (item);
        g_autofree char *inner = n > 2 && item[0] == '(' && item[n - 1] == ')'
                                     ? g_strndup (item + 1, n - 2)
                                     : NULL;
        g_auto (GStrv) names = NULL;

        /* "(host: Ines Duarte)" */
        if (add_labelled_person (b, slot, inner != NULL ? inner : item))
            continue;
        if (i == 0 && inner != NULL &&
            mla_agenda_title_names_people (b, slot, item))
            continue; /* "Home automation / horror stories / (Ferdi)" */
        names = mla_agenda_person_line (b->parser, item);
        for (guint j = 0; names != NULL && names[j] != NULL; j++)
            mla_agenda_add_person (b, slot, names[j], MLA_PERSON_ROLE_SPEAKER);
        /* "(maren)" under a cell's title: its host's handle */
        if (names == NULL && !cell_hosts (b, slot, item))
            g_ptr_array_add (slot->notes, g_strdup (item));
    }
}

/* The row's cells, each as the array of its lines (a GPtrArray of char
 * *); a pipe grid's cells go on under the row (see cells_below), and
 * *@out_last gets the last line read. */
static GPtrArray *
row_cell_lines (MlaAgendaBuilder *b, GPtrArray *cells, guint *out_last)
{
    GPtrArray *lines =
        g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);

    for (guint i = 0; i < cells->len; i++) {
        GPtrArray *cell = g_ptr_array_new_with_free_func (g_free);
        const char *text = g_ptr_array_index (cells, i);

        if (text[0] != '\0')
            g_ptr_array_add (cell, g_strdup (text));
        g_ptr_array_add (lines, cell);
    }
    *out_last = b->column_split == '|' ? cells_below (b, lines) : b->index;
    return lines;
}

/* The cells of a row whose cells come a line each: @row (the rest of the
 * time's line) when it has text, then the lines below, up to a blank line,
 * a time or as many as the columns; *@out_last gets the last one. */
static GPtrArray *
cells_on_lines (MlaAgendaBuilder *b, const char *row, guint *out_last)
{
    GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);
    GRegex *slot_time = mla_agenda_rule (b->parser, "slot-time");
    guint i;

    if (row[strspn (row, " ")] != '\0')
        g_ptr_array_add (cells, mla_agenda_squeeze (row));
    for (i = b->index + 1;
         i < b->n_lines && cells->len < b->columns->len && !b->lines[i].blank &&
         !g_regex_match (slot_time, b->lines[i].text, 0, NULL);
         i++)
        g_ptr_array_add (cells, mla_agenda_squeeze (b->lines[i].text));
    *out_last = i - 1;
    return cells;
}

static guint
count_bars (const char *text)
{
    guint n = 0;

    for (; *text != '\0'; text++)
        n += *text == '|';
    return n;
}

/* Whether a row of the current line's table (its lines up to a blank
 * line either way) draws fewer bars than the current row: it merges cells. */
static gboolean
grid_merges_cells (MlaAgendaBuilder *b)
{
    GRegex *slot_time = mla_agenda_rule (b->parser, "slot-time");
    guint bars = count_bars (mla_agenda_current_line (b)->text), i;

    for (i = b->index; i > 0 && !b->lines[i - 1].blank; i--)
        ;
    for (; i < b->n_lines && !b->lines[i].blank; i++)
        if (count_bars (b->lines[i].text) < bars &&
            g_regex_match (slot_time, b->lines[i].text, 0, NULL))
            return TRUE;
    return FALSE;
}

/* A row of track cells: one slot per filled cell, in its column's room
 * (or on its column's day); the cells may go on under the row. */
static void
track_cells_row (MlaAgendaBuilder *b, GPtrArray *cells, int s, int e,
                 guint *last)
{
    g_autoptr (GPtrArray) lines = row_cell_lines (b, cells, last);
    guint n_slots = 0;

    for (guint i = 0; i < cells->len; i++) {
        const MlaColumn *column = &g_array_index (b->columns, MlaColumn, i);
        GPtrArray *cell = g_ptr_array_index (lines, i);
        MlaAgendaDay *day = b->day;
        MlaAgendaSlot *slot;

        if (cell->len == 0 ||
            mla_agenda_empty_cell (b, g_ptr_array_index (cell, 0)))
            continue;
        slot = mla_agenda_table_slot (s, e);
        slot->room = g_strdup (column->room);
        set_grid_cell (b, slot, cell);
        if (column->day != NULL) {
            b->day = mla_agenda_builder_day_for (b, column->day, column->date);
            mla_agenda_builder_add_slot (b, slot);
            /* the next row starts from the same day; the slot is
             * another day's, so no later line continues it there */
            b->day = day;
            b->slot = NULL;
        } else {
            mla_agenda_builder_add_slot (b, slot);
        }
        n_slots++;
    }
    b->row_slots = n_slots;
}

/* A row across the rooms ("| Lunch"): @slot, in no room. */
static void
across_row (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *row,
            guint *last)
{
    g_autofree char *whole = mla_agenda_squeeze (row);
    g_autoptr (GPtrArray) one = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GPtrArray) lines = NULL;

    g_strchomp (g_strdelimit (whole, "|", ' '));
    g_ptr_array_add (one, g_strdup (whole + strspn (whole, " ")));
    lines = row_cell_lines (b, one, last);
    set_grid_cell (b, slot, g_ptr_array_index (lines, 0));
    mla_agenda_builder_add_slot (b, slot);
}

/* A row of one slot: its @cells are its title, place and people, as the
 * columns say. */
static void
one_slot_row (MlaAgendaBuilder *b, MlaAgendaSlot *slot, GPtrArray *cells)
{
    for (guint i = 0, in_title = 0; i < cells->len && i < b->columns->len;
         i++) {
        const MlaColumn *column = &g_array_index (b->columns, MlaColumn, i);
        const char *cell = g_ptr_array_index (cells, i);

        if (!g_regex_match (b->parser->alnum, cell, 0, NULL))
            continue; /* "", "\u2014": an empty cell */
        if (column->kind == COLUMN_PLACE && slot->location == NULL) {
            slot->location = g_strdup (cell);
        } else if (column->kind == COLUMN_PERSON) {
            /* the row's people are its column's: names in its title cell
             * are its papers' authors ("Session A - Paper \u2013 S. Mirza") */
            g_ptr_array_remove_range (slot->people, 0,
                                      MIN (in_title, slot->people->len));
            in_title = 0;
            if (!add_labelled_person (b, slot, cell))
                mla_agenda_add_person (b, slot, cell, column->role);
        } else if (slot->title == NULL) {
            mla_agenda_slot_set_title (b, slot, cell);
            in_title = slot->people->len;
        } else {
            g_ptr_array_add (slot->notes, g_strdup (cell));
        }
    }
    mla_agenda_builder_add_slot (b, slot);
}

/* A row under a table header: one slot per track cell, or one slot whose
 * cells are its title, place and people. */
void
mla_agenda_table_row (MlaAgendaBuilder *b, const char *row, int s, int e)
{
    guint tracks = count_tracks (b), filled = 0, last = b->index;
    g_autoptr (GPtrArray) cells =
        b->column_split == 'l'
            ? cells_on_lines (b, row, &last)
            : mla_agenda_split_row (b, row, b->column_split, FALSE);

    for (guint i = 0; i < cells->len; i++)
        filled += ((char *) g_ptr_array_index (cells, i))[0] != '\0';
    /* "| 10:30 | Discussion |        |": in a grid that merges the cells
     * of a row across the rooms ("| 12:30 | Lunch |"), a row that draws
     * every column is a row of cells, the empty ones left free, though
     * only one is filled (where every row draws them all, "| 12:30 |
     * Lunch | |" spans the rooms) */
    if (b->column_split == '|' && filled == 1 && cells->len >= 2 &&
        cells->len == b->columns->len && grid_merges_cells (b))
        filled = 2;
    if (tracks >= 2 && filled >= 2 && cells->len <= b->columns->len)
        track_cells_row (b, cells, s, e, &last);
    else if (tracks >= 2)
        across_row (b, mla_agenda_table_slot (s, e), row, &last);
    else
        one_slot_row (b, mla_agenda_table_slot (s, e), cells);
    b->index = last;
}

/* The slot among @n from @first whose room ends with the word @key
 * ("A" of "Track A"), or NULL. */
static MlaAgendaSlot *
slot_of_room_key (MlaAgendaBuilder *b, guint first, guint n, const char *key)
{
    for (guint i = first; i < first + n; i++) {
        MlaAgendaSlot *slot = g_ptr_array_index (b->day->slots, i);
        const char *last =
            slot->room != NULL ? strrchr (slot->room, ' ') : NULL;

        if (last != NULL && g_ascii_strcasecmp (last + 1, key) == 0)
            return slot;
    }
    return NULL;
}

/* "Chair A: Mikko Rantanen; Chair B: Aisha Bello" under a row of track
 * slots (@n from @first): each label ends with the key of a track's room.
 * Returns whether @text is so; then each slot has its people. */
static gboolean
people_by_room_key (MlaAgendaBuilder *b, guint first, guint n, const char *text)
{
    g_auto (GStrv) groups = g_strsplit (text, ";", -1);
    guint count = g_strv_length (groups);
    g_autofree MlaAgendaSlot **slots = g_new0 (MlaAgendaSlot *, count + 1);
    g_autofree int *roles = g_new0 (int, count + 1);

    for (guint i = 0; i < count; i++) {
        const char *colon = strchr (groups[i], ':');
        g_autofree char *head =
            colon != NULL ? g_strndup (groups[i], colon - groups[i]) : NULL;
        char *key = head != NULL ? strrchr (g_strstrip (head), ' ') : NULL;

        if (key == NULL)
            return FALSE;
        *key++ = '\0';
        slots[i] = slot_of_room_key (b, first, n, key);
        roles[i] = mla_agenda_label_role (b->parser, head);
        if (slots[i] == NULL || roles[i] < 0)
            return FALSE;
    }
    for (guint i = 0; i < count; i++)
        mla_agenda_add_people (b, slots[i], strchr (groups[i], ':') + 1,
                               (MlaPersonRole) roles[i], MLA_PEOPLE_LIST);
    return count > 0;
}

gboolean
mla_agenda_row_cells_below (MlaAgendaBuilder *b)
{
    const MlaAgendaLine *line = mla_agenda_current_line (b);
    g_autoptr (GPtrArray) cells = NULL;
    guint n = b->row_slots, first;
    char layout;

    if (n < 2 || b->day == NULL || b->day->slots->len < n ||
        b->last_content + 1 != b->index)
        return FALSE;
    first = b->day->slots->len - n;
    if (strchr (line->text, ';') != NULL &&
        people_by_room_key (b, first, n, line->text)) {
        b->last_content = b->index;
        return TRUE;
    }
    layout = b->rooms->len > 0 ? ' ' : b->column_split;
    cells = mla_agenda_split_row (b, line->text, layout, layout != '|');
    if (cells->len != n && (b->rooms->len == 0 || cells->len > n))
        return FALSE;
    /* "Kernel testing  Power management" over "Shuah Khan  Rafael
     * Wysocki": each cell goes to the slot of its column */
    for (guint i = 0, at = 0; i < cells->len; i++) {
        const char *cell = g_ptr_array_index (cells, i);
        MlaAgendaSlot *slot = cells->len == n
                                  ? g_ptr_array_index (b->day->slots, first + i)
                                  : mla_agenda_grid_slot_below (
                                        b, first, n, line->text, cell, &at);
        g_auto (GStrv) names = NULL;

        gsize len = strlen (cell);
        g_autofree char *inner =
            len > 2 && cell[0] == '(' && cell[len - 1] == ')'
                ? g_strndup (cell + 1, len - 2)
                : NULL;

        if (slot == NULL)
            continue;
        /* "Chair: Ann Lee", "- proposed by Ines": a label names its people */
        if (add_labelled_person (
                b, slot, cell + (g_str_has_prefix (cell, "- ") ? 2 : 0)))
            continue;
        if (inner != NULL && mla_agenda_names_only (b->parser, inner)) {
            /* "(Ama Osei, tbc)": the speaker in parentheses */
            mla_agenda_add_people (b, slot, inner, MLA_PERSON_ROLE_SPEAKER,
                                   MLA_PEOPLE_LIST);
            continue;
        }
        /* ("(Noor & Jess)", a first name alone) */
        if (inner != NULL && mla_agenda_title_names_people (b, slot, cell))
            continue;
        names =
            mla_agenda_person_line (b->parser, inner != NULL ? inner : cell);
        for (guint j = 0; names != NULL && names[j] != NULL; j++)
            mla_agenda_add_person (b, slot, names[j], MLA_PERSON_ROLE_SPEAKER);
        if (names == NULL && !cell_hosts (b, slot, cell))
            g_ptr_array_add (slot->notes, g_strdup (cell));
    }
    b->last_content = b->index;
    return TRUE;
}
