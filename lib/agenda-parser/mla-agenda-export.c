/* mla-agenda-export.c: a scheduling tool's export read by the agenda
 * parser ("Date  Start  End  Room  Session  Speakers" over its rows): each
 * row a slot on its day, cut into cells as mla-agenda-cells.c does. */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "mla-agenda-export-private.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-builder-private.h"
#include "mla-agenda-times-private.h"
#include "mla-agenda-scanner-private.h"
#include "mla-agenda-days-private.h"
#include "mla-agenda-people-private.h"
#include "mla-agenda-titles-private.h"
#include "mla-agenda-cells-private.h"

/* The columns of a scheduling tool's export. */
typedef enum {
    EXPORT_OTHER,
    EXPORT_DATE,
    EXPORT_START,
    EXPORT_END,
    EXPORT_TITLE,
    EXPORT_PLACE,
    EXPORT_PEOPLE,
    EXPORT_NOTES,
    EXPORT_FORMAT,
    EXPORT_INDEX,
    EXPORT_SKIP,
    EXPORT_EMPTY
} MlaExportColumn;

/* The vocabulary's column words, in the order they are tried: the word
 * tables (offsets in MlaAgendaParser) and the column each names. */
static const struct {
    gsize table;
    MlaExportColumn kind;
} export_words[] = {
    { offsetof (MlaAgendaParser, date_columns), EXPORT_DATE },
    { offsetof (MlaAgendaParser, start_columns), EXPORT_START },
    { offsetof (MlaAgendaParser, time_columns), EXPORT_START },
    { offsetof (MlaAgendaParser, end_columns), EXPORT_END },
    { offsetof (MlaAgendaParser, title_columns), EXPORT_TITLE },
    { offsetof (MlaAgendaParser, place_labels), EXPORT_PLACE },
    { offsetof (MlaAgendaParser, people_columns), EXPORT_PEOPLE },
    { offsetof (MlaAgendaParser, labels), EXPORT_PEOPLE },
    { offsetof (MlaAgendaParser, note_columns), EXPORT_NOTES },
    { offsetof (MlaAgendaParser, format_columns), EXPORT_FORMAT },
    { offsetof (MlaAgendaParser, index_columns), EXPORT_INDEX },
    { offsetof (MlaAgendaParser, skip_columns), EXPORT_SKIP },
};

static MlaExportColumn
column_of_word (MlaAgendaBuilder *b, const char *word)
{
    g_autofree char *key = mla_agenda_fold_compact (word);

    for (guint i = 0; i < G_N_ELEMENTS (export_words); i++)
        if (g_hash_table_contains (G_STRUCT_MEMBER (GHashTable *, b->parser,
                                                    export_words[i].table),
                                   key))
            return export_words[i].kind;
    return EXPORT_OTHER;
}

/* The column a header @cell names: its word, else the word before a
 * plural in parentheses ("Speaker(s)") or before a slash
 * ("Title/Abstract"). */
static MlaExportColumn
export_column (MlaAgendaBuilder *b, const char *cell)
{
    MlaExportColumn kind;
    gsize first;

    if (cell[0] == '\0')
        return EXPORT_EMPTY; /* a spreadsheet's unused column */
    kind = column_of_word (b, cell);
    first = strcspn (cell, "(/");
    if (kind == EXPORT_OTHER && first > 0 && cell[first] != '\0' &&
        (cell[first] == '/' || strlen (cell + first) <= 6)) {
        g_autofree char *word = g_strndup (cell, first);

        kind = column_of_word (b, g_strstrip (word));
    }
    return kind;
}

/* The cells of line @i in @layout ('\t': apart by tabs, empty cells
 * kept, from the line as written); a leading empty cell ("| Date |")
 * goes. */
static GPtrArray *
export_cells (MlaAgendaBuilder *b, guint i, char layout)
{
    GPtrArray *cells;

    if (layout == '\t' && b->lines[i].tabbed != NULL) {
        g_auto (GStrv) parts = g_strsplit (b->lines[i].tabbed, "\t", -1);

        cells = g_ptr_array_new_with_free_func (g_free);
        for (guint k = 0; parts[k] != NULL; k++)
            g_ptr_array_add (cells, mla_agenda_squeeze (parts[k]));
        return cells;
    }
    cells = mla_agenda_split_row (b, b->lines[i].text,
                                  layout == '|' ? '|' : ' ', TRUE);
    if (cells->len > 0 && ((char *) g_ptr_array_index (cells, 0))[0] == '\0')
        g_ptr_array_remove_index (cells, 0);
    return cells;
}

/* The minutes of the time in @cell ("09:00", "9:00-10:30"), -1 if none,
 * read after @previous (minutes, or -1: "1:30" after "12:30" is 13:30);
 * *@out_end (nullable) gets the end of a range in it, else -1. */
static int
cell_minutes (MlaAgendaBuilder *b, const char *cell, int previous, int *out_end)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *rest = NULL;
    MlaClock start, end;
    gboolean bare = FALSE, bare_end = FALSE;
    int s, e = -1;

    if (out_end != NULL)
        *out_end = -1;
    if (!g_regex_match (mla_agenda_rule (b->parser, "slot-time"), cell, 0,
                        &match) ||
        !mla_agenda_fetch_clock (b, match, "1", &start, &bare) || bare)
        return -1;
    rest = g_match_info_fetch_named (match, "title");
    if (rest != NULL && g_strstrip (rest)[0] != '\0')
        return -1; /* a time and more: no cell of times */
    if (mla_agenda_fetch_clock (b, match, "2", &end, &bare_end))
        mla_agenda_resolve_range (&start, &end, previous, b->text.all_24h, &s,
                                  &e);
    else
        s = mla_agenda_resolve_clock (&start, previous, b->text.all_24h);
    if (out_end != NULL)
        *out_end = e;
    return s;
}

/* The index of the first column of @kind in @kinds, or -1. */
static int
column_of (GArray *kinds, MlaExportColumn kind)
{
    for (guint i = 0; i < kinds->len; i++)
        if (g_array_index (kinds, MlaExportColumn, i) == kind)
            return (int) i;
    return -1;
}

/* Whether the place of row @r is used by another row at the same day and
 * start: the places of parallel tracks are rooms. */
static gboolean
place_in_parallel (GPtrArray *rows, guint r, int day, int start, int place)
{
    GPtrArray *row = g_ptr_array_index (rows, r);
    const char *where = g_ptr_array_index (row, place);

    for (guint k = 0; k < rows->len; k++) {
        GPtrArray *other = g_ptr_array_index (rows, k);

        if (k == r || other->len <= (guint) MAX (MAX (day, start), place))
            continue;
        if ((day < 0 || strcmp (g_ptr_array_index (other, day),
                                g_ptr_array_index (row, day)) == 0) &&
            strcmp (g_ptr_array_index (other, start),
                    g_ptr_array_index (row, start)) == 0 &&
            strcmp (g_ptr_array_index (other, place), where) != 0)
            return TRUE;
    }
    return FALSE;
}

/* Whether two rows of @rows have the same cell in column @date. */
static gboolean
day_shared (GPtrArray *rows, int date)
{
    g_autoptr (GHashTable) days = g_hash_table_new (g_str_hash, g_str_equal);

    for (guint r = 0; r < rows->len; r++) {
        GPtrArray *row = g_ptr_array_index (rows, r);

        if ((guint) date < row->len &&
            !g_hash_table_add (days, g_ptr_array_index (row, date)))
            return TRUE;
    }
    return FALSE;
}

/* An export's header: the kind of each column, and where the columns
 * the rows are read by are (-1: none). */
typedef struct {
    GArray *kinds; /* owned: of MlaExportColumn */
    int date, start, end, title, place, people, format;
} MlaExportHeader;

static void
export_header_clear (MlaExportHeader *h)
{
    g_clear_pointer (&h->kinds, g_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (MlaExportHeader, export_header_clear)

/* Reads the header @cells into @h; returns whether it is an export's
 * (three columns or more, a start and a title, no unknown column; row
 * numbers only in the first). */
static gboolean
read_export_header (MlaAgendaBuilder *b, GPtrArray *cells, MlaExportHeader *h)
{
    h->kinds = g_array_new (FALSE, FALSE, sizeof (MlaExportColumn));
    for (guint i = 0; i < cells->len; i++) {
        MlaExportColumn kind = export_column (b, g_ptr_array_index (cells, i));

        g_array_append_val (h->kinds, kind);
    }
    h->date = column_of (h->kinds, EXPORT_DATE);
    h->start = column_of (h->kinds, EXPORT_START);
    h->end = column_of (h->kinds, EXPORT_END);
    h->title = column_of (h->kinds, EXPORT_TITLE);
    h->place = column_of (h->kinds, EXPORT_PLACE);
    h->people = column_of (h->kinds, EXPORT_PEOPLE);
    h->format = column_of (h->kinds, EXPORT_FORMAT);
    return cells->len >= 3 && h->start >= 0 && h->title >= 0 &&
           column_of (h->kinds, EXPORT_OTHER) < 0 &&
           column_of (h->kinds, EXPORT_INDEX) <= 0 &&
           (column_of (h->kinds, EXPORT_INDEX) < 0 ||
            column_of (h->kinds, EXPORT_START) == 1 ||
            column_of (h->kinds, EXPORT_DATE) == 1 ||
            column_of (h->kinds, EXPORT_TITLE) == 1);
}

/* The rows under the header: a time in the start column of each, up to a
 * blank line or a line of text that is none ("----+----", a rule, is
 * skipped); @lines gets their line numbers. A row may stop before the
 * title's column (a break named in an earlier one). */
static GPtrArray *
export_rows (MlaAgendaBuilder *b, const MlaExportHeader *h, char layout,
             GArray *lines)
{
    GPtrArray *rows =
        g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);

    for (guint i = b->index + 1; i < b->n_lines && !b->lines[i].blank; i++) {
        GPtrArray *row = export_cells (b, i, layout);

        if (row->len <= (guint) h->start ||
            cell_minutes (b, g_ptr_array_index (row, h->start), -1, NULL) < 0) {
            g_ptr_array_unref (row);
            if (g_regex_match (b->parser->alnum, b->lines[i].text, 0, NULL))
                break;
            continue; /* "----+----": a rule */
        }
        g_ptr_array_add (rows, row);
        g_array_append_val (lines, i);
    }
    return rows;
}

/* The places of @rows used by two rows at once (see place_in_parallel):
 * a set of the cells, borrowed from @rows. */
static GHashTable *
export_rooms (GPtrArray *rows, const MlaExportHeader *h)
{
    GHashTable *rooms = g_hash_table_new (g_str_hash, g_str_equal);

    for (guint r = 0; h->place >= 0 && r < rows->len; r++)
        if (((GPtrArray *) g_ptr_array_index (rows, r))->len >
                (guint) h->place &&
            place_in_parallel (rows, r, h->date, h->start, h->place))
            g_hash_table_add (
                rooms,
                g_ptr_array_index ((GPtrArray *) g_ptr_array_index (rows, r),
                                   h->place));
    return rooms;
}

/* The slot of @row, its times read after @previous (the row above's
 * start, -1 for the first), on its day (made the current day when the
 * row names one). */
static MlaAgendaSlot *
export_row_slot (MlaAgendaBuilder *b, const MlaExportHeader *h, GPtrArray *row,
                 GHashTable *rooms, int previous)
{
    int e = -1,
        s = cell_minutes (b, g_ptr_array_index (row, h->start), previous, &e);
    MlaAgendaSlot *slot;

    /* a table of one day under another's, no day written: the next day */
    if (previous < 0 && h->date < 0)
        mla_agenda_new_day_if_restarted (b, s);
    if (h->end >= 0 && (guint) h->end < row->len) {
        int written =
            cell_minutes (b, g_ptr_array_index (row, h->end), s, NULL);

        e = written >= 0 ? written : e;
    }
    slot = mla_agenda_table_slot (s, e);
    if (h->date >= 0 && (guint) h->date < row->len) {
        const char *day = g_ptr_array_index (row, h->date);
        char when[11] = "";

        if (mla_agenda_find_date (b, day, when) ||
            mla_agenda_text_weekday (b->parser, day) > 0)
            b->day.current = mla_agenda_builder_day_for (b, day, when);
    }
    gboolean titled =
        (guint) h->title < row->len &&
        g_regex_match (b->parser->alnum, g_ptr_array_index (row, h->title), 0,
                       NULL);

    for (guint c = 0; c < row->len && c < h->kinds->len; c++) {
        const char *cell = g_ptr_array_index (row, c);

        if (!g_regex_match (b->parser->alnum, cell, 0, NULL))
            continue;
        /* (a row without a title, a break, is named by its kind) */
        if ((int) c == h->title || ((int) c == h->format && !titled))
            mla_agenda_slot_set_title (b, slot, cell);
        else if ((int) c == h->place && g_hash_table_contains (rooms, cell))
            slot->room = g_strdup (cell);
        else if ((int) c == h->place)
            slot->location = g_strdup (cell);
        else if ((int) c == h->people &&
                 !mla_agenda_add_labelled_line (b, slot, cell))
            mla_agenda_add_person (b, slot, cell, MLA_PERSON_ROLE_SPEAKER);
        else if (g_array_index (h->kinds, MlaExportColumn, c) == EXPORT_NOTES ||
                 (int) c == h->format)
            g_ptr_array_add (slot->notes, g_strdup (cell));
    }
    return slot;
}

gboolean
mla_agenda_rule_export_header (MlaAgendaBuilder *b, GMatchInfo *match)
{
    const MlaAgendaLine *line = mla_agenda_current_line (b);
    char layout = strchr (line->text, '|') != NULL ? '|'
                  : line->tabbed != NULL           ? '\t'
                                                   : ' ';
    g_autoptr (GPtrArray) header = export_cells (b, b->index, layout);
    g_auto (MlaExportHeader) h = { NULL, -1, -1, -1, -1, -1, -1, -1 };
    g_autoptr (GPtrArray) rows = NULL;
    g_autoptr (GHashTable) rooms = NULL;
    g_autoptr (GArray) lines = g_array_new (FALSE, FALSE, sizeof (guint));

    (void) match;
    if (!read_export_header (b, header, &h))
        return FALSE;
    rows = export_rows (b, &h, layout, lines);
    /* a list of key dates, each row a day of its own without an end, is
     * no programme */
    if (rows->len == 0 ||
        (h.date >= 0 && h.end < 0 && !day_shared (rows, h.date)))
        return FALSE;
    MLA_AGENDA_TRACE ("agenda: rule export-header: line %u: %u rows",
                      b->index + 1, rows->len);
    rooms = export_rooms (rows, &h);
    mla_agenda_builder_clear_table (b);
    int previous = -1;

    for (guint r = 0; r < rows->len; r++) {
        MlaAgendaSlot *slot = export_row_slot (
            b, &h, g_ptr_array_index (rows, r), rooms, previous);

        previous = mla_agenda_minutes_of (slot->start);
        b->index = g_array_index (lines, guint, r);
        mla_agenda_builder_add_slot (b, slot);
        b->day.previous = previous;
    }
    b->slot.current = NULL;
    return TRUE;
}
