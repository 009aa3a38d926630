/* mla-agenda-grids.c: grids of the agenda parser whose columns are laid
 * out by position: track headers over an underline, a header of rooms
 * right above the first time, rows cut where the rooms' columns start,
 * and transposed grids (the times across, the rooms down). */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <string.h>
#include "mla-agenda-grids-private.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-builder-private.h"
#include "mla-agenda-times-private.h"
#include "mla-agenda-scanner-private.h"
#include "mla-agenda-days-private.h"
#include "mla-agenda-places-private.h"
#include "mla-agenda-titles-private.h"
#include "mla-agenda-cells-private.h"

gboolean
mla_agenda_rule_track_header (MlaAgendaBuilder *b, GMatchInfo *match)
{
    (void) match;
    if (mla_agenda_grid_header (b))
        return TRUE;
    b->tracks.header_line = (gint) b->index; /* an underline may follow */
    return TRUE;
}

/* Columns a row's cell may start left of its header cell. */
#define GRID_SLACK 2

gboolean
mla_agenda_grid_header (MlaAgendaBuilder *b)
{
    return mla_agenda_grid_header_from (b, mla_agenda_current_line (b)->indent);
}

gboolean
mla_agenda_grid_header_from (MlaAgendaBuilder *b, gsize from)
{
    const MlaAgendaLine *line = mla_agenda_current_line (b);
    g_autoptr (GPtrArray) rooms = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GArray) starts = g_array_new (FALSE, FALSE, sizeof (guint));
    guint next = b->index + 1;
    const char *p = line->text + from;
    gboolean named = FALSE;

    while (next < b->n_lines && b->lines[next].blank)
        next++;
    if (next >= b->n_lines || strchr (line->text, '|') != NULL ||
        !g_regex_match (mla_agenda_rule (b->parser, "slot-time"),
                        b->lines[next].text, 0, NULL))
        return FALSE;
    while (*p != '\0') {
        const char *end = strstr (p, "  ");
        g_autofree char *cell =
            g_strndup (p, end != NULL ? (gsize) (end - p) : strlen (p));
        guint column = (guint) g_utf8_pointer_to_offset (line->text, p);

        /* a short capitalised name beside a room is a room too
         * ("Salen     Lokale 2     Kaelderen") */
        if (mla_agenda_header_room (b, cell))
            named = TRUE;
        else if (!mla_agenda_corner_room (b, cell))
            return FALSE;
        column = column > GRID_SLACK ? column - GRID_SLACK : 0;
        g_ptr_array_add (rooms, mla_agenda_room_name (b, cell));
        g_array_append_val (starts, column);
        p = end != NULL ? end + strspn (end, " ") : p + strlen (p);
    }
    if (rooms->len < 2 || !named)
        return FALSE;
    mla_agenda_builder_clear_table (b);
    for (guint i = 0; i < rooms->len; i++) {
        g_ptr_array_add (b->tracks.rooms,
                         g_strdup (g_ptr_array_index (rooms, i)));
        g_array_append_val (b->tracks.starts, g_array_index (starts, guint, i));
    }
    b->slot.current = NULL;
    MLA_AGENDA_TRACE ("agenda: line %u: a grid header of %u rooms",
                      b->index + 1, rooms->len);
    return TRUE;
}

gboolean
mla_agenda_rule_underline (MlaAgendaBuilder *b, GMatchInfo *match)
{
    const MlaAgendaLine *line = mla_agenda_current_line (b);

    (void) match;
    if (b->tracks.header_line >= 0 &&
        (guint) b->tracks.header_line + 1 == b->index && line->runs != NULL &&
        line->runs->len >= 2) {
        const char *header = b->lines[b->tracks.header_line].text;
        glong length = g_utf8_strlen (header, -1);

        mla_agenda_builder_clear_table (b);
        for (guint i = 0; i < line->runs->len; i++) {
            guint from = g_array_index (line->runs, guint, i);
            guint to = i + 1 < line->runs->len
                           ? g_array_index (line->runs, guint, i + 1)
                           : (guint) length;
            g_autofree char *cell =
                (glong) from < length
                    ? g_utf8_substring (header, from, MIN ((glong) to, length))
                    : g_strdup ("");

            g_ptr_array_add (b->tracks.rooms, mla_agenda_room_name (b, cell));
            g_array_append_val (b->tracks.starts, from);
        }
        b->slot.current = NULL;
        MLA_AGENDA_TRACE ("agenda: rule underline: line %u: %u track columns",
                          b->index + 1, b->tracks.rooms->len);
    } else if (b->tracks.heading_candidate >= 0 &&
               (guint) b->tracks.heading_candidate + 1 == b->index &&
               b->agenda->title == NULL && b->day.slot_lines->len == 0) {
        b->agenda->title =
            mla_agenda_squeeze (b->lines[b->tracks.heading_candidate].text);
        MLA_AGENDA_TRACE ("agenda: rule underline: line %u: agenda title",
                          b->index + 1);
    }
    return TRUE;
}

/* "------ coffee break, foyer ------": a row across a grid drawn with
 * rules; the runs of marks (three or more, or two on both sides) go;
 * @cut counts those already cut off before @cell. Returns
 * whether there were any. */
static gboolean
strip_rule_marks (char *cell, gsize cut)
{
    gsize n = strlen (cell), lead = MAX (strspn (cell, "-=*~_"), cut),
          trail = 0;
    gboolean ruled = FALSE, both;

    while (trail < n && strchr ("-=*~_", cell[n - 1 - trail]) != NULL)
        trail++;
    /* "-- lunch @ the car park --": marks on both sides, two will do */
    both = lead >= 2 && trail >= 2 && lead + trail < n;
    if ((trail >= 3 || both) && trail < n) {
        cell[n - trail] = '\0';
        g_strchomp (cell);
        ruled = TRUE;
    }
    if ((lead >= 3 || both) && cut == 0 && cell[lead] != '\0') {
        memmove (cell, cell + lead, strlen (cell + lead) + 1);
        ruled = TRUE;
    }
    g_strchug (cell);
    return ruled;
}

/* Whether @cell starts with a word of [tables] plenary ("Joint panel"). */
static gboolean
is_plenary (MlaAgendaBuilder *b, const char *cell)
{
    g_autofree char *first = g_strndup (cell, strcspn (cell, " :"));
    g_autofree char *key = mla_agenda_fold_compact (first);

    return g_hash_table_contains (b->parser->plenary_words, key);
}

/* The room of the grid's column that holds @column (characters). */
static guint
room_at (MlaAgendaBuilder *b, glong column)
{
    guint room = 0;

    while (room + 1 < b->tracks.rooms->len &&
           (glong) g_array_index (b->tracks.starts, guint, room + 1) <= column)
        room++;
    return room;
}

/* The marks right before @p in @text, spaces apart ("10am  -- doors"). */
static gsize
marks_before (const char *text, const char *p)
{
    gsize n = 0;

    while (p > text && p[-1] == ' ')
        p--;
    while (p > text && strchr ("-=*~_", p[-1]) != NULL) {
        p--;
        n++;
    }
    return n;
}

void
mla_agenda_track_row (MlaAgendaBuilder *b, gint from, int s, int e)
{
    const char *text = mla_agenda_current_line (b)->text;
    const char *p = text + from;
    gboolean first = TRUE;
    guint n_slots = 0;

    while (*p != '\0') {
        gboolean ruled;
        const char *chunk_end;
        guint room;
        g_autofree char *cell = NULL;
        MlaAgendaSlot *slot;

        p += strspn (p, " ");
        if (*p == '\0')
            break;
        chunk_end = strstr (p, "  ");
        if (chunk_end == NULL)
            chunk_end = p + strlen (p);
        room = room_at (b, g_utf8_pointer_to_offset (text, p));
        cell = g_strndup (p, chunk_end - p);
        ruled = strip_rule_marks (cell, first ? marks_before (text, p) : 0);
        p = chunk_end;
        if (mla_agenda_empty_cell (b, cell)) {
            first = FALSE;
            continue;
        }
        slot = mla_agenda_slot_new ();
        mla_agenda_format_minutes (s, slot->start);
        mla_agenda_set_end (slot->end, s, e);
        /* "12:00  Lunch" alone in a row: a break or meal spans the rooms,
         * and so do any cell drawn across them ("---- opening ----") and
         * a joint session ("Joint panel: ..."); under a header with a
         * time column ("Time  Salen  Lokale 2"), a table's, so does any
         * cell alone in the first room's column, as in the tables cut
         * at bars or tabs ("10:00  Welcome") */
        if (!(first && p[strspn (p, " ")] == '\0' &&
              (ruled || (room == 0 && b->tracks.timed) ||
               mla_agenda_parser_kind (b->parser, cell) !=
                   MLA_SLOT_KIND_SESSION ||
               is_plenary (b, cell))))
            slot->room = g_strdup (g_ptr_array_index (b->tracks.rooms, room));
        first = FALSE;
        mla_agenda_slot_set_title (b, slot, cell);
        mla_agenda_builder_add_slot (b, slot);
        n_slots++;
    }
    b->table.row_slots = n_slots;
}

/* A column of a transposed grid's header: where it starts, its time. */
typedef struct {
    guint column;
    int start;
} MlaTimeColumn;

/* The chunks of @text apart by two or more spaces or a bar, each with the
 * column it starts in: (char *, owned) in @cells, guint in @columns. */
static void
chunks_of (const char *text, GPtrArray *cells, GArray *columns)
{
    const char *p = text;

    while (*p != '\0') {
        const char *end;
        guint column;

        p += strspn (p, " |");
        if (*p == '\0')
            break;
        for (end = p;
             *end != '\0' && *end != '|' && !(end[0] == ' ' && end[1] == ' ');
             end++)
            ;
        column = (guint) g_utf8_pointer_to_offset (text, p);
        g_ptr_array_add (cells, g_strstrip (g_strndup (p, end - p)));
        g_array_append_val (columns, column);
        p = end;
    }
}

/* The time column that a cell starting at @column falls under, or -1. */
static int
time_column_of (GArray *times, guint column)
{
    int found = -1;

    for (guint i = 0; i < times->len; i++)
        if (g_array_index (times, MlaTimeColumn, i).column <=
            column + GRID_SLACK)
            found = (int) i;
    return found;
}

gboolean
mla_agenda_rule_time_header (MlaAgendaBuilder *b, GMatchInfo *match)
{
    const MlaAgendaLine *line = mla_agenda_current_line (b);
    g_autoptr (GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GArray) columns = g_array_new (FALSE, FALSE, sizeof (guint));
    g_autoptr (GArray) times =
        g_array_new (FALSE, FALSE, sizeof (MlaTimeColumn));
    GRegex *slot_time = mla_agenda_rule (b->parser, "slot-time");
    int previous = -1;
    guint rows = 0, i;

    (void) match;
    chunks_of (line->text, cells, columns);
    for (i = 0; i < cells->len; i++) {
        g_autoptr (GMatchInfo) time = NULL;
        MlaTimeColumn column = { g_array_index (columns, guint, i), 0 };
        MlaClock clock;
        gboolean bare;

        if (!g_regex_match (slot_time, g_ptr_array_index (cells, i), 0,
                            &time) ||
            !mla_agenda_fetch_clock (b, time, "1", &clock, &bare))
            return FALSE;
        column.start = previous =
            mla_agenda_resolve_clock (&clock, previous, b->text.all_24h);
        g_array_append_val (times, column);
    }
    /* the rows: a room, then one cell per time column */
    for (i = b->index + 1; i < b->n_lines && !b->lines[i].blank; i++) {
        g_autoptr (GPtrArray) row = g_ptr_array_new_with_free_func (g_free);
        g_autoptr (GArray) starts = g_array_new (FALSE, FALSE, sizeof (guint));

        chunks_of (b->lines[i].text, row, starts);
        if (row->len < 2 ||
            g_array_index (starts, guint, 0) + GRID_SLACK >=
                g_array_index (times, MlaTimeColumn, 0).column ||
            !mla_agenda_is_room_cell (b, g_ptr_array_index (row, 0)))
            break;
        rows++;
    }
    if (times->len < 2 || rows < 2)
        return FALSE;
    MLA_AGENDA_TRACE ("agenda: rule time-header: line %u: %u times, %u rooms",
                      b->index + 1, times->len, rows);
    for (guint r = b->index + 1; r <= b->index + rows; r++) {
        g_autoptr (GPtrArray) row = g_ptr_array_new_with_free_func (g_free);
        g_autoptr (GArray) starts = g_array_new (FALSE, FALSE, sizeof (guint));
        guint at = b->index;

        chunks_of (b->lines[r].text, row, starts);
        for (guint c = 1; c < row->len; c++) {
            int t = time_column_of (times, g_array_index (starts, guint, c));
            MlaAgendaSlot *slot;

            if (t < 0 || mla_agenda_empty_cell (b, g_ptr_array_index (row, c)))
                continue;
            slot = mla_agenda_table_slot (
                g_array_index (times, MlaTimeColumn, t).start,
                (guint) t + 1 < times->len
                    ? g_array_index (times, MlaTimeColumn, t + 1).start
                    : -1);
            slot->room = g_strdup (g_ptr_array_index (row, 0));
            b->index = r;
            mla_agenda_slot_set_title (b, slot, g_ptr_array_index (row, c));
            mla_agenda_builder_add_slot (b, slot);
            b->index = at;
        }
    }
    b->index += rows;
    b->day.previous = previous;
    b->slot.current = NULL;
    return TRUE;
}

MlaAgendaSlot *
mla_agenda_grid_slot_below (MlaAgendaBuilder *b, guint first, guint n,
                            const char *text, const char *cell, guint *at)
{
    const char *p = strstr (text + *at, cell);
    guint room;

    if (p == NULL)
        return NULL;
    *at = (guint) (p - text) + strlen (cell);
    room = room_at (b, g_utf8_pointer_to_offset (text, p));
    for (guint i = first; i < first + n; i++) {
        MlaAgendaSlot *slot = g_ptr_array_index (b->day.current->slots, i);

        if (g_strcmp0 (slot->room, g_ptr_array_index (b->tracks.rooms, room)) ==
            0)
            return slot;
    }
    return NULL;
}
