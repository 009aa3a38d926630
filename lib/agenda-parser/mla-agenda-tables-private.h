/* mla-agenda-tables-private.h: tables with a header row ("Time |
 * Session | Room | Speaker"): its columns (MlaColumn, in the part "table"
 * of MlaAgendaBuilder, cleared at each day heading) and the rows read by
 * them. Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda.h"
#include "mla-agenda-builder-private.h"

G_BEGIN_DECLS

/* A column of a table with a header row ("Time | Session | Room"). */
typedef enum {
    COLUMN_TITLE,
    COLUMN_TRACK,
    COLUMN_PLACE,
    COLUMN_PERSON
} MlaColumnKind;

typedef struct {
    MlaColumnKind kind;
    MlaPersonRole role; /* COLUMN_PERSON */
    char *room;         /* COLUMN_TRACK: owned */
    char *day;     /* COLUMN_TRACK of a day ("Monday 23 Nov"): owned; no room */
    char date[11]; /* its date, or "" */
} MlaColumn;

/* The columns of a header row's @cells (char *, the time cell left out):
 * tracks (rooms, or days), or the title, place and people columns of a
 * single track; @grid: the header has an empty corner; @layout: how rows
 * part their cells ('|', ' ' gaps, 'f' single spaces, 'l' one a line). */
void mla_agenda_set_columns (MlaAgendaBuilder *b, GPtrArray *cells,
                             gboolean grid, char layout);

/* Frees what an MlaColumn owns (a GArray clear function). */
void mla_agenda_column_clear (gpointer data);

/* A row under a table header: one slot per track cell, or one slot whose
 * cells are its title, place and people. @s, @e: minutes (@e -1: none). */
void mla_agenda_table_row (MlaAgendaBuilder *b, const char *row, int s, int e);

/* The line under a row of track cells, cut into as many cells as the row
 * made slots: each cell is the people (or a note) of its column's slot.
 * Returns whether the current line was such a line. */
gboolean mla_agenda_row_cells_below (MlaAgendaBuilder *b);

/* Rule "table-header". */
gboolean mla_agenda_rule_table_header (MlaAgendaBuilder *b, GMatchInfo *match);

G_END_DECLS
