/* mla-agenda-exports.c: tables whose header names each column and whose
 * rows carry their own times: exported from a scheduling tool ("Date
 * Start  End  Room  Session  Speakers"), or a web table copied one cell
 * per line ("Time" / "Session" / "Speaker" / "Room" over paragraphs). */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <string.h>
#include "mla-agenda-tables-private.h"
#include "mla-agenda-days-private.h"
#include "mla-agenda-people-private.h"
#include "mla-agenda-rules-private.h"
#include "mla-agenda-scanner-private.h"
#include "mla-agenda-times-private.h"
#include "mla-agenda-titles-private.h"
#include "mla-agenda-vocabulary-private.h"

#define EXPORT_MIN_ROWS 2       /* fewer rows are no export */

typedef enum {
    FIELD_OTHER, FIELD_DATE, FIELD_START, FIELD_END, FIELD_ROOM, FIELD_TITLE, FIELD_PERSON,
} MlaExportField;

typedef struct {
    MlaExportField field;
    MlaPersonRole role;         /* FIELD_PERSON */
    MlaPeopleFlags people;      /* FIELD_PERSON: "Speaker" names one */
} MlaExportColumn;

/* The cells of @text apart by bars or by gaps (a tab is one); the bars
 * that open and close a row hold no cell. */
static GPtrArray *
export_cells (MlaAgendaBuilder *b, const char *text)
{
    g_autofree char *line = g_strstrip (g_strdup (text));
    gboolean pipes = strchr (line, '|') != NULL;
    g_auto (GStrv) parts = g_regex_split (pipes ? b->parser->pipe_cells : b->parser->gap_cells,
                                          line, 0);
    GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);

    for (guint i = 0; parts[i] != NULL; i++) {
        g_strstrip (parts[i]);
        if (pipes && parts[i][0] == '\0' && (i == 0 || parts[i + 1] == NULL))
            continue;
        g_ptr_array_add (cells, g_strdup (parts[i]));
    }
    return cells;
}

static MlaExportColumn
column_of (MlaAgendaBuilder *b, const char *cell)
{
    g_autofree char *key = mla_agenda_header_key (cell);
    MlaAgendaParser *parser = b->parser;
    MlaExportColumn column = { FIELD_OTHER, MLA_PERSON_ROLE_SPEAKER, MLA_PEOPLE_LIST };
    int role = GPOINTER_TO_INT (g_hash_table_lookup (parser->labels, key)) - 1;

    if (g_hash_table_contains (parser->date_columns, key))
        column.field = FIELD_DATE;
    else if (g_hash_table_contains (parser->time_columns, key)
             || g_hash_table_contains (parser->start_columns, key))
        column.field = FIELD_START;
    else if (g_hash_table_contains (parser->end_columns, key))
        column.field = FIELD_END;
    else if (g_hash_table_contains (parser->title_columns, key))
        column.field = FIELD_TITLE;
    else if (g_hash_table_contains (parser->place_labels, key)
             || g_hash_table_contains (parser->room_words, key))
        column.field = FIELD_ROOM;
    else if (role >= 0 || g_hash_table_contains (parser->people_columns, key))
        column.field = FIELD_PERSON;
    if (role >= 0)
        column.role = (MlaPersonRole) role;
    if (role >= 0 && mla_agenda_label_is_singular (parser, key))
        column.people = MLA_PEOPLE_ONE;
    return column;
}

/* The time that is the whole of @cell, as "09:00" or "9:00 am" (a range
 * gives its end too); FALSE when it is none. */
static gboolean
cell_clocks (MlaAgendaBuilder *b, const char *cell, MlaClock *start, MlaClock *end,
             gboolean *has_end)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *rest = NULL;
    gboolean bare = FALSE, bare2 = FALSE;

    if (!g_regex_match (mla_agenda_rule (b->parser, "slot-time"), cell, 0, &match)
        || !mla_agenda_fetch_clock (b, match, "1", start, &bare) || bare)
        return FALSE;
    rest = g_match_info_fetch_named (match, "title");
    *has_end = end != NULL && mla_agenda_fetch_clock (b, match, "2", end, &bare2) && !bare2;
    return rest == NULL || rest[strspn (rest, " ")] == '\0';
}

/* Whether line @i is a row: a time in the start column @start. */
static gboolean
is_row (MlaAgendaBuilder *b, guint i, guint start)
{
    g_autoptr (GPtrArray) cells = export_cells (b, b->lines[i].text);
    MlaClock clock;
    gboolean has_end;

    return cells->len > start
           && cell_clocks (b, g_ptr_array_index (cells, start), &clock, NULL, &has_end);
}

/* "Raj Patel; Ines Duarte", "Moderator: Laura Chen; Panelists: A, B". */
static void
add_people_cell (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *cell,
                 const MlaExportColumn *column)
{
    g_auto (GStrv) parts = g_strsplit (cell, ";", -1);

    for (guint i = 0; parts[i] != NULL; i++) {
        g_strstrip (parts[i]);
        if (parts[i][0] != '\0' && !mla_agenda_add_labelled_person (b, slot, parts[i]))
            mla_agenda_add_people (b, slot, parts[i], column->role, column->people);
    }
}

/* "2026-11-05", "Thu": the row's day, made current (the times of
 * another day resolve afresh). */
static void
set_day (MlaAgendaBuilder *b, const char *cell)
{
    char date[11] = "";
    int weekday = mla_agenda_text_weekday (b->parser, cell);

    if (!mla_agenda_find_date (b, cell, date) && weekday > 0)
        mla_agenda_resolve_weekday_after (b, weekday, date);
    if (b->day == NULL || strcmp (b->day->date, date) != 0)
        b->previous = -1;
    b->day = mla_agenda_builder_day_for (b, cell, date);
}

/* The slot of row @i under @columns, added to the day of its date cell;
 * NULL when its times do not read. */
static MlaAgendaSlot *
row_slot (MlaAgendaBuilder *b, guint i, GArray *columns)
{
    g_autoptr (GPtrArray) cells = export_cells (b, b->lines[i].text);
    MlaAgendaSlot *slot;
    MlaClock start, end;
    gboolean has_end = FALSE, got_start = FALSE;
    int s, e = -1;

    for (guint c = 0; c < cells->len && c < columns->len; c++) {
        const char *cell = g_ptr_array_index (cells, c);
        MlaExportField field = g_array_index (columns, MlaExportColumn, c).field;
        gboolean ranged;

        if (field == FIELD_START && !got_start)
            got_start = cell_clocks (b, cell, &start, &end, &has_end);
        else if (field == FIELD_END && cell[0] != '\0')
            has_end = cell_clocks (b, cell, &end, NULL, &ranged);
        else if (field == FIELD_DATE && cell[0] != '\0')
            set_day (b, cell);
    }
    if (!got_start)
        return NULL;
    if (has_end)
        mla_agenda_resolve_range (&start, &end, b->previous, b->all_24h, &s, &e);
    else
        s = mla_agenda_resolve_clock (&start, b->previous, b->all_24h);
    slot = mla_agenda_table_slot (s, e);
    for (guint c = 0; c < cells->len && c < columns->len; c++) {
        const char *cell = g_ptr_array_index (cells, c);
        const MlaExportColumn *column = &g_array_index (columns, MlaExportColumn, c);

        if (cell[0] == '\0')
            continue;
        if (column->field == FIELD_TITLE && slot->title == NULL) {
            mla_agenda_slot_set_title (b, slot, cell);
        } else if (column->field == FIELD_ROOM && slot->location == NULL) {
            slot->location = mla_agenda_squeeze (cell);
        } else if (column->field == FIELD_PERSON) {
            add_people_cell (b, slot, cell, column);
        } else if (column->field == FIELD_OTHER) {
            g_ptr_array_add (slot->notes, mla_agenda_squeeze (cell));
        }
    }
    b->previous = s;
    b->index = i;
    mla_agenda_builder_add_slot (b, slot);
    return slot;
}

/* A room of the export that holds a session while another room holds
 * one at the same time is a track: all its slots get it as their room; a
 * room never in parallel ("Foyer" for the breaks) stays their place. */
static void
rooms_of_tracks (GPtrArray *slots, GPtrArray *days)
{
    g_autoptr (GHashTable) tracks = g_hash_table_new (g_str_hash, g_str_equal);

    for (guint i = 0; i < slots->len; i++)
        for (guint j = i + 1; j < slots->len; j++) {
            MlaAgendaSlot *a = g_ptr_array_index (slots, i), *o = g_ptr_array_index (slots, j);

            if (a->location != NULL && o->location != NULL
                && g_ptr_array_index (days, i) == g_ptr_array_index (days, j)
                && strcmp (a->start, o->start) == 0 && strcmp (a->location, o->location) != 0) {
                g_hash_table_add (tracks, a->location);
                g_hash_table_add (tracks, o->location);
            }
        }
    for (guint i = 0; i < slots->len; i++) {
        MlaAgendaSlot *slot = g_ptr_array_index (slots, i);

        if (slot->location != NULL && g_hash_table_contains (tracks, slot->location))
            slot->room = g_strdup (slot->location);
    }
    for (guint i = 0; i < slots->len; i++) {
        MlaAgendaSlot *slot = g_ptr_array_index (slots, i);

        if (slot->room != NULL)
            g_clear_pointer (&slot->location, g_free);
    }
}

/* The cell of line @i in column @c, "" when there is none. */
static char *
cell_at (MlaAgendaBuilder *b, guint i, int c)
{
    g_autoptr (GPtrArray) cells = export_cells (b, b->lines[i].text);

    return g_strdup (c >= 0 && (guint) c < cells->len ? (char *) g_ptr_array_index (cells, c) : "");
}

gboolean
mla_agenda_rule_export_header (MlaAgendaBuilder *b, GMatchInfo *match)
{
    g_autoptr (GPtrArray) header = export_cells (b, mla_agenda_current_line (b)->text);
    g_autoptr (GArray) columns = g_array_new (FALSE, FALSE, sizeof (MlaExportColumn));
    g_autoptr (GPtrArray) slots = g_ptr_array_new ();
    g_autoptr (GPtrArray) days = g_ptr_array_new ();
    g_autofree char *previous = NULL;
    int start = -1, title = -1, other = -1, date = -1;
    gboolean ends = FALSE, shared_day = FALSE;
    guint rows = 0, last = b->index;

    (void) match;
    for (guint i = 0; i < header->len; i++) {
        MlaExportColumn column = column_of (b, g_ptr_array_index (header, i));

        if (column.field == FIELD_START && start < 0)
            start = (int) i;
        else if (column.field == FIELD_TITLE && title < 0)
            title = (int) i;
        else if (column.field == FIELD_DATE && date < 0)
            date = (int) i;
        else if (column.field == FIELD_OTHER && other < 0)
            other = (int) i;
        ends |= column.field == FIELD_END;
        g_array_append_val (columns, column);
    }
    if (title < 0 && other >= 0) {       /* "Date  Start  Room  What we do": the unnamed column */
        g_array_index (columns, MlaExportColumn, other).field = FIELD_TITLE;
        title = other;
    }
    /* a date or an end column: "Time | Session" alone is a table of the
     * "table-header" rule */
    if (start < 0 || title < 0 || (date < 0 && !ends) || header->len < 3)
        return FALSE;
    /* the rows, up to a blank line; rule lines ("-----+-----") between */
    for (guint i = b->index + 1; i < b->n_lines && !b->lines[i].blank; i++) {
        g_autofree char *day = NULL;

        if (!g_regex_match (b->parser->alnum, b->lines[i].text, 0, NULL))
            continue;
        if (!is_row (b, i, (guint) start))
            break;
        day = cell_at (b, i, date);
        shared_day |= previous != NULL && strcmp (day, previous) == 0;
        g_free (previous);
        previous = g_steal_pointer (&day);
        rows++;
        last = i;
    }
    /* a list of deadlines, each on a day of its own without an end, is
     * no programme */
    if (rows < EXPORT_MIN_ROWS || !(ends || shared_day))
        return FALSE;
    g_debug ("agenda: rule export-header: line %u: %u columns, %u rows", b->index + 1,
             header->len, rows);
    mla_agenda_builder_clear_table (b);
    for (guint i = b->index + 1; i <= last; i++) {
        MlaAgendaSlot *slot;

        if (!g_regex_match (b->parser->alnum, b->lines[i].text, 0, NULL)
            || (slot = row_slot (b, i, columns)) == NULL)
            continue;
        g_ptr_array_add (slots, slot);
        g_ptr_array_add (days, b->day);
    }
    rooms_of_tracks (slots, days);
    b->index = last;
    b->slot = NULL;
    return TRUE;
}

/* The columns of a header written one cell per line under "Time", up to
 * a blank line ("Session", "Speaker", "Room"): one must be the titles.
 * *@out_last gets the header's last line. */
static GArray *
columns_below (MlaAgendaBuilder *b, guint *out_last)
{
    g_autoptr (GArray) columns = g_array_new (FALSE, FALSE, sizeof (MlaExportColumn));
    gboolean titles = FALSE;
    guint i;

    for (i = b->index + 1; i < b->n_lines && !b->lines[i].blank; i++) {
        MlaExportColumn column = column_of (b, b->lines[i].text + b->lines[i].indent);

        if (column.field != FIELD_TITLE && column.field != FIELD_ROOM
            && column.field != FIELD_PERSON)
            return NULL;
        titles |= column.field == FIELD_TITLE;
        g_array_append_val (columns, column);
    }
    *out_last = i - 1;
    return titles && columns->len >= 2 ? g_steal_pointer (&columns) : NULL;
}

/* The paragraph at line @i when it is a row: a time alone on its first
 * line, a cell per line below, no more than the @n columns; *@out_end
 * gets the line after it. */
static gboolean
is_line_row (MlaAgendaBuilder *b, guint i, guint n, guint *out_end)
{
    MlaClock start, end;
    gboolean has_end;
    guint j;

    if (i >= b->n_lines || b->lines[i].blank
        || !cell_clocks (b, b->lines[i].text + b->lines[i].indent, &start, &end, &has_end))
        return FALSE;
    for (j = i + 1; j < b->n_lines && !b->lines[j].blank; j++)
        ;
    *out_end = j;
    return j - i - 1 <= n;
}

/* The slot of the row at line @i up to @end under @columns. */
static void
line_row_slot (MlaAgendaBuilder *b, guint i, guint end, GArray *columns)
{
    MlaClock start, stop;
    gboolean has_end = FALSE;
    MlaAgendaSlot *slot;
    int s, e = -1;

    cell_clocks (b, b->lines[i].text + b->lines[i].indent, &start, &stop, &has_end);
    if (has_end)
        mla_agenda_resolve_range (&start, &stop, b->previous, b->all_24h, &s, &e);
    else
        s = mla_agenda_resolve_clock (&start, b->previous, b->all_24h);
    slot = mla_agenda_table_slot (s, e);
    for (guint j = i + 1; j < end; j++) {
        g_autofree char *cell = mla_agenda_squeeze (b->lines[j].text);
        const MlaExportColumn *column = &g_array_index (columns, MlaExportColumn, j - i - 1);

        /* "—": an empty cell */
        if (!g_regex_match (b->parser->alnum, cell, 0, NULL))
            continue;
        if (column->field == FIELD_TITLE && slot->title == NULL)
            mla_agenda_slot_set_title (b, slot, cell);
        else if (column->field == FIELD_ROOM && slot->location == NULL)
            slot->location = g_steal_pointer (&cell);
        else if (column->field == FIELD_PERSON)
            add_people_cell (b, slot, cell, column);
    }
    b->previous = s;
    b->index = i;
    mla_agenda_builder_add_slot (b, slot);
}

gboolean
mla_agenda_line_table (MlaAgendaBuilder *b)
{
    guint header_end = b->index, i, end = 0, rows = 0;
    g_autoptr (GArray) columns = columns_below (b, &header_end);

    if (columns == NULL)
        return FALSE;
    for (i = header_end + 1; i < b->n_lines && b->lines[i].blank; i++)
        ;
    for (guint j = i; is_line_row (b, j, columns->len, &end); j = end + (end < b->n_lines))
        rows++;
    if (rows < EXPORT_MIN_ROWS)
        return FALSE;
    g_debug ("agenda: line table: line %u: %u columns, %u rows", b->index + 1, columns->len,
             rows);
    mla_agenda_builder_clear_table (b);
    for (; is_line_row (b, i, columns->len, &end); i = end + (end < b->n_lines))
        line_row_slot (b, i, end, columns);
    b->index = end - 1;
    b->slot = NULL;
    return TRUE;
}
