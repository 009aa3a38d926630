/* mla-agenda-tables.c: tables with a header row. The header gives the
 * columns ("Time | Session | Room | Speaker": title, place and people
 * columns; "Time | Main Room | Kitchen": a track per room; "Time | Monday
 * 23 Nov | Tuesday 24 Nov": a day per column), and each row under it is
 * read by them: one slot per filled track cell (its lines going on under
 * the row in a pipe grid), or one slot whose cells are its title, place
 * and people; the line of speakers under a row of track cells. Cutting a
 * row into cells and what one cell says are mla-agenda-cells.c's, grids
 * laid out by position mla-agenda-grids.c's. */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <stdlib.h>
#include <string.h>
#include "mla-agenda-tables-private.h"
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

void
mla_agenda_column_clear (gpointer data)
{
    g_free (((MlaColumn *) data)->room);
    g_free (((MlaColumn *) data)->day);
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
/* Whether @cell numbers a day ("Day 1", "D\u00eda 2", "Tag 3"): a
 * day's word and a number, nothing else. */
static gboolean
numbered_day (MlaAgendaBuilder *b, const char *cell)
{
    g_auto (GStrv) words = g_strsplit (cell, " ", -1);
    gsize n = strlen (words[0] != NULL && words[1] != NULL ? words[1] : "");

    return g_strv_length (words) == 2 && n >= 1 && n <= 2 &&
           strspn (words[1], "0123456789") == n &&
           mla_agenda_word_is (b->parser->day_words, words[0], NULL);
}

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
    if (weekday == 0 && days >= 2 && numbered_day (b, cell)) {
        /* "Hora | D\u00eda 1 | D\u00eda 2": numbered days, no dates */
        column->kind = COLUMN_TRACK;
        column->day = g_strdup (cell);
        mla_agenda_builder_day_for (b, cell, column->date);
        return TRUE;
    }
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
                                         g_ptr_array_index (cells, i)) > 0 ||
                numbered_day (b, g_ptr_array_index (cells, i));
    mla_agenda_builder_clear_table (b);
    for (guint i = 0; i < cells->len; i++) {
        MlaColumn column = { COLUMN_TITLE, MLA_PERSON_ROLE_SPEAKER, NULL, NULL,
                             "" };

        tracks += column_of_cell (b, g_ptr_array_index (cells, i), days,
                                  grid || rooms, &column);
        g_array_append_val (b->table.columns, column);
    }
    if (tracks ==
        1) /* one track is no parallel programme: its column is a place */
        for (guint i = 0; i < b->table.columns->len; i++)
            if (g_array_index (b->table.columns, MlaColumn, i).kind ==
                COLUMN_TRACK)
                g_array_index (b->table.columns, MlaColumn, i).kind =
                    COLUMN_PLACE;
    b->table.split = layout;
    b->slot.current = NULL;
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
        b->tracks.timed = TRUE;
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
    MLA_AGENDA_TRACE ("agenda: rule table-header: line %u: %u columns",
                      b->index + 1, cells->len);
    return TRUE;
}

static guint
count_tracks (MlaAgendaBuilder *b)
{
    guint n = 0;

    for (guint i = 0; i < b->table.columns->len; i++)
        n +=
            g_array_index (b->table.columns, MlaColumn, i).kind == COLUMN_TRACK;
    return n;
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
           !mla_agenda_add_labelled_cell (b, NULL,
                                          g_ptr_array_index (lines, k)) &&
           !mla_agenda_cell_hosts (b, NULL, g_ptr_array_index (lines, k));
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
        if (mla_agenda_add_labelled_cell (b, slot,
                                          inner != NULL ? inner : item))
            continue;
        if (i == 0 && inner != NULL &&
            mla_agenda_title_names_people (b, slot, item))
            continue; /* "Home automation / horror stories / (Ferdi)" */
        names = mla_agenda_person_line (b->parser, item);
        for (guint j = 0; names != NULL && names[j] != NULL; j++)
            mla_agenda_add_person (b, slot, names[j], MLA_PERSON_ROLE_SPEAKER);
        /* "(maren)" under a cell's title: its host's handle */
        if (names == NULL && !mla_agenda_cell_hosts (b, slot, item))
            g_ptr_array_add (slot->notes, g_strdup (item));
    }
}

/* Whether @line, under a row pasted with tabs, starts with a tab: an
 * empty time cell (a tab first is read as the line's indent). */
static gboolean
starts_with_tab (const MlaAgendaLine *line)
{
    return line->tabbed != NULL ? line->tabbed[0] == '\t' : line->indent >= 2;
}

/* Under a row pasted from a web page (tabs part its cells; a line break
 * inside a cell makes a line of its own): a line without a tab goes on
 * with the cell last written, @current, a line that starts with a tab
 * (its time cell empty) with the cells after it ("10:00-12:00<TAB>NETWORKS
 * Routing, by K. Ortega" / "Mesh radios, by L. Fenn" / "<TAB>ROBOTICS
 * Arm kinematics, by D. Sato"). Up to a blank line or a time; adds to
 * @cells' arrays of lines and returns the last line read. */
static guint
tab_cells_below (MlaAgendaBuilder *b, GPtrArray *cells, guint current)
{
    GRegex *slot_time = mla_agenda_rule (b->parser, "slot-time");
    guint i;

    for (i = b->index + 1; i < b->n_lines; i++) {
        const MlaAgendaLine *line = &b->lines[i];
        g_auto (GStrv) parts = NULL;

        if (line->blank || g_regex_match (slot_time, line->text, 0, NULL) ||
            (line->tabbed != NULL && !starts_with_tab (line)))
            break;
        if (!starts_with_tab (line)) {
            g_ptr_array_add (g_ptr_array_index (cells, current),
                             mla_agenda_squeeze (line->text));
            continue;
        }
        if (line->tabbed != NULL) {
            parts = g_strsplit (line->tabbed, "\t", -1);
        } else {
            parts = g_new0 (char *, 3); /* (one cell after the tab) */
            parts[0] = g_strdup ("");
            parts[1] = g_strdup (line->text);
        }
        if (current + g_strv_length (parts) - 1 >= cells->len)
            break;
        for (guint k = 1; parts[k] != NULL; k++) {
            g_autofree char *cell = mla_agenda_squeeze (parts[k]);

            current++;
            if (cell[0] != '\0')
                g_ptr_array_add (g_ptr_array_index (cells, current),
                                 g_steal_pointer (&cell));
        }
    }
    return i - 1;
}

/* Whether the current row, pasted with tabs, goes on with the cells of
 * other columns on lines that start with a tab (see tab_cells_below). */
static gboolean
tab_row_goes_on (MlaAgendaBuilder *b)
{
    GRegex *slot_time = mla_agenda_rule (b->parser, "slot-time");

    if (mla_agenda_current_line (b)->tabbed == NULL)
        return FALSE;
    for (guint i = b->index + 1;
         i < b->n_lines && !b->lines[i].blank &&
         !g_regex_match (slot_time, b->lines[i].text, 0, NULL);
         i++)
        if (starts_with_tab (&b->lines[i]))
            return TRUE;
        else if (b->lines[i].tabbed != NULL)
            return FALSE;
    return FALSE;
}

/* The row's cells, each as the array of its lines (a GPtrArray of char
 * *); a pipe grid's cells go on under the row (see cells_below), a
 * pasted row's too (tab_cells_below), and *@out_last gets the last line
 * read. */
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
    if (b->table.split == '|')
        *out_last = cells_below (b, lines);
    else if (cells->len > 0 && tab_row_goes_on (b)) {
        while (lines->len < b->table.columns->len)
            g_ptr_array_add (lines, g_ptr_array_new_with_free_func (g_free));
        *out_last = tab_cells_below (b, lines, cells->len - 1);
    } else
        *out_last = b->index;
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
         i < b->n_lines && cells->len < b->table.columns->len &&
         !b->lines[i].blank &&
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

    for (guint i = 0; i < lines->len && i < b->table.columns->len; i++) {
        const MlaColumn *column =
            &g_array_index (b->table.columns, MlaColumn, i);
        GPtrArray *cell = g_ptr_array_index (lines, i);
        MlaAgendaDay *day = b->day.current;
        MlaAgendaSlot *slot;

        if (cell->len == 0 ||
            mla_agenda_empty_cell (b, g_ptr_array_index (cell, 0)))
            continue;
        slot = mla_agenda_table_slot (s, e);
        slot->room = g_strdup (column->room);
        set_grid_cell (b, slot, cell);
        if (column->day != NULL) {
            b->day.current =
                mla_agenda_builder_day_for (b, column->day, column->date);
            mla_agenda_builder_add_slot (b, slot);
            /* the next row starts from the same day; the slot is
             * another day's, so no later line continues it there */
            b->day.current = day;
            b->slot.current = NULL;
        } else {
            mla_agenda_builder_add_slot (b, slot);
        }
        n_slots++;
    }
    b->table.row_slots = n_slots;
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
    for (guint i = 0, in_title = 0; i < cells->len && i < b->table.columns->len;
         i++) {
        const MlaColumn *column =
            &g_array_index (b->table.columns, MlaColumn, i);
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
            if (!mla_agenda_add_labelled_cell (b, slot, cell))
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
        b->table.split == 'l'
            ? cells_on_lines (b, row, &last)
            : mla_agenda_split_row (b, row, b->table.split, FALSE);

    for (guint i = 0; i < cells->len; i++)
        filled += ((char *) g_ptr_array_index (cells, i))[0] != '\0';
    /* "| 10:30 | Discussion |        |": in a grid that merges the cells
     * of a row across the rooms ("| 12:30 | Lunch |"), a row that draws
     * every column is a row of cells, the empty ones left free, though
     * only one is filled (where every row draws them all, "| 12:30 |
     * Lunch | |" spans the rooms) */
    if (b->table.split == '|' && filled == 1 && cells->len >= 2 &&
        cells->len == b->table.columns->len && grid_merges_cells (b))
        filled = 2;
    /* ("10:00-12:00<TAB>A" over "<TAB>B": the row goes on below) */
    if (tracks >= 2 && filled == 1 && cells->len == 1 && tab_row_goes_on (b))
        filled = 2;
    if (tracks >= 2 && filled >= 2 && cells->len <= b->table.columns->len)
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
        MlaAgendaSlot *slot = g_ptr_array_index (b->day.current->slots, i);
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
    guint n = b->table.row_slots, first;
    char layout;

    if (n < 2 || b->day.current == NULL || b->day.current->slots->len < n ||
        b->slot.last_content + 1 != b->index)
        return FALSE;
    first = b->day.current->slots->len - n;
    if (strchr (line->text, ';') != NULL &&
        people_by_room_key (b, first, n, line->text)) {
        b->slot.last_content = b->index;
        return TRUE;
    }
    layout = b->tracks.rooms->len > 0 ? ' ' : b->table.split;
    cells = mla_agenda_split_row (b, line->text, layout, layout != '|');
    if (cells->len != n && (b->tracks.rooms->len == 0 || cells->len > n))
        return FALSE;
    /* "Kernel testing  Power management" over "Shuah Khan  Rafael
     * Wysocki": each cell goes to the slot of its column */
    for (guint i = 0, at = 0; i < cells->len; i++) {
        const char *cell = g_ptr_array_index (cells, i);
        MlaAgendaSlot *slot =
            cells->len == n
                ? g_ptr_array_index (b->day.current->slots, first + i)
                : mla_agenda_grid_slot_below (b, first, n, line->text, cell,
                                              &at);
        g_auto (GStrv) names = NULL;

        gsize len = strlen (cell);
        g_autofree char *inner =
            len > 2 && cell[0] == '(' && cell[len - 1] == ')'
                ? g_strndup (cell + 1, len - 2)
                : NULL;

        if (slot == NULL)
            continue;
        /* "Chair: Ann Lee", "- proposed by Ines": a label names its people */
        if (mla_agenda_add_labelled_cell (
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
        if (names == NULL && !mla_agenda_cell_hosts (b, slot, cell))
            g_ptr_array_add (slot->notes, g_strdup (cell));
    }
    b->slot.last_content = b->index;
    return TRUE;
}
