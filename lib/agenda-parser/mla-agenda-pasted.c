/* mla-agenda-pasted.c: a web table pasted a cell per line. A browser's
 * copy of a table, or a page's source whose cells hold line breaks,
 * writes a tab after every cell but the row's last, so the tabs say
 * where a cell ends though its lines are apart by blank lines: the last
 * cell of a row is the first line after the other cells' tabs. When the
 * header's last column names people ("Chair", "主持人"), that cell is the
 * slot's people, which read alone on a line would be a note. */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <string.h>
#include "mla-agenda-pasted-private.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-scanner-private.h"
#include "mla-agenda-people-private.h"
#include "mla-agenda-cells-private.h"

#define COLUMNS_MIN 3    /* a time, a title and the people */
#define ROW_LINES_MAX 12 /* a row's lines, blank ones included */
#define NONE G_MAXUINT

/* Whether @line is a cell that a tab ends. */
static gboolean
ends_cell (const MlaAgendaLine *line)
{
    return !line->blank && line->tabbed != NULL &&
           g_str_has_suffix (line->tabbed, "\t");
}

/* Whether @line is a time or a range and nothing else. */
static gboolean
is_time_cell (MlaAgendaBuilder *b, const MlaAgendaLine *line)
{
    return !line->blank && strpbrk (line->text, "0123456789") != NULL &&
           g_regex_match (b->parser->clock_alone, line->text, 0, NULL);
}

/* The header at line @i: "Time<TAB>" over cells that tabs end, the last
 * (no tab) a label of people. Returns its label (owned) or NULL; @columns
 * (out) the number of its cells, @out_last its last line. */
static char *
header_at (MlaAgendaBuilder *b, const MlaAgendaLine *lines, guint i,
           guint *columns, guint *out_last)
{
    g_autofree char *first = NULL, *key = NULL, *last = NULL;
    guint j = i;

    if (!ends_cell (&lines[i]))
        return NULL;
    first = mla_agenda_squeeze (lines[i].text);
    key = mla_agenda_fold_compact (first);
    if (!g_hash_table_contains (b->parser->time_columns, key))
        return NULL;
    while (j + 1 < b->n_lines && ends_cell (&lines[j]))
        j++;
    if (lines[j].blank || ends_cell (&lines[j]) || j + 1 - i < COLUMNS_MIN)
        return NULL;
    last = mla_agenda_squeeze (lines[j].text);
    if (mla_agenda_label_role (b->parser, last) < 0)
        return NULL;
    *columns = j + 1 - i;
    *out_last = j;
    return g_steal_pointer (&last);
}

/* The last cell's line of the row that starts at line @from, after
 * @tabs cells that tabs end (lines without a tab before them are lines
 * of those cells), or NONE: a time inside, or a cell too many. */
static guint
row_last_cell (MlaAgendaBuilder *b, const MlaAgendaLine *lines, guint from,
               guint tabs)
{
    guint seen = 0;

    for (guint k = from; k < b->n_lines && k - from < ROW_LINES_MAX; k++) {
        if (lines[k].blank)
            continue;
        if (k > from && is_time_cell (b, &lines[k]))
            return NONE;
        if (seen == tabs)
            return ends_cell (&lines[k]) ? NONE : k;
        seen += ends_cell (&lines[k]);
    }
    return NONE;
}

/* Makes line @i "Label: Cell", or blank when the cell holds nobody. */
static void
write_people (MlaAgendaBuilder *b, MlaAgendaLine *line, const char *label)
{
    g_autofree char *cell = mla_agenda_squeeze (line->text);

    g_free (line->text);
    g_clear_pointer (&line->tabbed, g_free);
    if (!g_regex_match (b->parser->alnum, cell, 0, NULL) ||
        mla_agenda_empty_cell (b, cell)) {
        line->text = g_strdup ("");
        line->blank = TRUE;
        line->indent = 0;
        return;
    }
    line->text =
        g_strdup_printf ("%*s%s: %s", (int) line->indent, "", label, cell);
}

/* Reads the rows under a header of @columns cells and @label from line
 * @i: up to a line that is no cell (prose after the table). */
static void
read_rows (MlaAgendaBuilder *b, MlaAgendaLine *lines, guint i, guint columns,
           const char *label)
{
    g_autofree char *time = NULL;

    for (; i < b->n_lines; i++) {
        gboolean timed = is_time_cell (b, &lines[i]) && ends_cell (&lines[i]);
        guint last;

        if (lines[i].blank)
            continue;
        if (!ends_cell (&lines[i]))
            return;
        /* a row without its time (a rowspan lost) is at the time above */
        if (!timed && (time == NULL || !lines[i - 1].blank))
            continue;
        last = row_last_cell (b, lines, i, columns - (timed ? 1 : 2));
        if (last == NONE)
            continue;
        if (timed) {
            g_free (time);
            time = mla_agenda_squeeze (lines[i].text);
        } else {
            g_autofree char *cell = mla_agenda_squeeze (lines[i].text);

            g_free (lines[i].text);
            g_clear_pointer (&lines[i].tabbed, g_free);
            lines[i].text = g_strdup_printf ("%*s%s %s", (int) lines[i].indent,
                                             "", time, cell);
        }
        write_people (b, &lines[last], label);
        i = last;
    }
}

void
mla_agenda_read_pasted_cells (MlaAgendaBuilder *b, MlaAgendaLine *lines)
{
    for (guint i = 0; i < b->n_lines; i++) {
        guint columns, last;
        g_autofree char *label = NULL;

        if (lines[i].tabbed == NULL ||
            (label = header_at (b, lines, i, &columns, &last)) == NULL)
            continue;
        MLA_AGENDA_TRACE (
            "agenda: line %u: a pasted table of %u columns, the last %s", i + 1,
            columns, label);
        read_rows (b, lines, last + 1, columns, label);
    }
}
