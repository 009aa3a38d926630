/* mla-agenda-tables-private.h: tables and parallel tracks of the agenda
 * parser: header rows ("Time | Session | Room", "ROOM A  Room B" over an
 * underline), rows cut into cells, one slot per track cell; implemented
 * by mla-agenda-tables.c, mla-agenda-grids.c (grids laid out by position),
 * mla-agenda-flat.c (a cell per line) and mla-agenda-export.c (a scheduling
 * tool's export). The table's columns are owned
 * by the builder (MlaAgendaBuilder.table, .tracks) and cleared at each
 * day heading. Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda.h"

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

typedef struct MlaAgendaBuilder MlaAgendaBuilder;

/* The columns of a header row's @cells (char *, the time cell left out):
 * tracks (rooms, or days), or the title, place and people columns of a
 * single track; @grid: the header has an empty corner; @layout: how rows
 * part their cells ('|', ' ' gaps, 'f' single spaces, 'l' one a line). */
void mla_agenda_set_columns (MlaAgendaBuilder *b, GPtrArray *cells,
                             gboolean grid, char layout);

/* Forgets the current table's columns and track rooms. */
void mla_agenda_builder_clear_table (MlaAgendaBuilder *b);
/* Frees what an MlaColumn owns (a GArray clear function). */
void mla_agenda_column_clear (gpointer data);

/* A row under a table header: one slot per track cell, or one slot whose
 * cells are its title, place and people. @s, @e: minutes (@e -1: none). */
void mla_agenda_table_row (MlaAgendaBuilder *b, const char *row, int s, int e);

/* The line under a row of track cells, cut into as many cells as the row
 * made slots: each cell is the people (or a note) of its column's slot.
 * Returns whether the current line was such a line. */
gboolean mla_agenda_row_cells_below (MlaAgendaBuilder *b);

/* mla-agenda-export.c: */
/* Rule "export-header": "Date  Start  End  Room  Session  Speakers", a
 * scheduling tool's export, over its rows (up to a blank line): each row
 * a slot on its day, from its start to its end, with its title, people
 * and place; a place used by two slots at once is a room (a track), else
 * a location. */
gboolean mla_agenda_rule_export_header (MlaAgendaBuilder *b, GMatchInfo *match);

/* Rule "table-header". */
gboolean mla_agenda_rule_table_header (MlaAgendaBuilder *b, GMatchInfo *match);

/* mla-agenda-grids.c: */
/* A row under an underlined track header: each chunk of text (chunks are
 * apart by two or more spaces) from byte @from of the current line is a
 * slot in the room whose column it starts in. */
void mla_agenda_track_row (MlaAgendaBuilder *b, gint from, int s, int e);

/* "          Kitchen       Garden      Library" right above a timed row:
 * a grid's header of rooms (each a place, apart by two or more spaces)
 * without a time column or underline. Returns whether the current line
 * is one; then its rooms are the track columns. */
gboolean mla_agenda_grid_header (MlaAgendaBuilder *b);
/* The same from byte @from of the current line on: "SAT 23/1   LOFT
 * CELLAR", a day heading in the header's corner cell. */
gboolean mla_agenda_grid_header_from (MlaAgendaBuilder *b, gsize from);

/* In a grid laid out by position, the slot among @n of the day's from
 * @first in the room whose column holds @cell of @text (a line under a
 * row; searched from byte *@at on, which moves past it), or NULL. */
MlaAgendaSlot *mla_agenda_grid_slot_below (MlaAgendaBuilder *b, guint first,
                                           guint n, const char *text,
                                           const char *cell, guint *at);

/* Rule "time-header": a line of times only ("   10:00    11:00    13:00")
 * over rows of a room and one cell per time: a transposed grid, each cell
 * a slot in the row's room from its column's time to the next column's. */
gboolean mla_agenda_rule_time_header (MlaAgendaBuilder *b, GMatchInfo *match);

/* Rules "track-header" and "underline". */
gboolean mla_agenda_rule_track_header (MlaAgendaBuilder *b, GMatchInfo *match);
gboolean mla_agenda_rule_underline (MlaAgendaBuilder *b, GMatchInfo *match);

/* mla-agenda-flat.c: */
/* "0900-1130 Morning Sessions" over indented lines "Room A  WG2  Title"
 * (continuation lines indented under the title): when the lines below
 * the current one are such a block, each is a slot from @s to @e (minutes,
 * @e -1: none) in its room, and the block heading is no slot. Returns
 * FALSE, changing nothing, when they are not; else the builder stands on
 * the block's last line. */
gboolean mla_agenda_parallel_block (MlaAgendaBuilder *b, int s, int e);

/* A time alone on its line under a flattened table's header: the lines
 * below it, up to the next time or blank line, are a title and its
 * speaker's line for each room in header order (one title alone spans
 * the rooms). Without a header, two or more such items each led by a
 * line that is a room ("Track A") are read the same way. Returns FALSE
 * when neither fits; else the builder stands on the row's last line. */
gboolean mla_agenda_flat_row (MlaAgendaBuilder *b, int s, int e);

/* Whether the line under line @i, indented deeper, names who gives the
 * slot of line @i in a "Label: Name" line ("    Chair: Rui Fonseca",
 * "    Speaker: Rahel Tesfaye"). */
gboolean mla_agenda_people_under (MlaAgendaBuilder *b, guint i);

/* A time alone on its line over a line of rooms apart by bars ("Amphi
 * Curie | Salle 204") and a line of as many cells or fewer: a slot per
 * filled cell, in its column's room. Returns FALSE when they are not;
 * else the builder stands on the row's line. */
gboolean mla_agenda_bar_block (MlaAgendaBuilder *b, int s, int e);

/* A time alone on its line over two or more paragraphs that each read
 * as a session ("Title / Room 201 / Ann Lee, Acme"): each is a slot in
 * its room. Returns FALSE when they are not; else the builder stands on
 * the last paragraph's last line. */
gboolean mla_agenda_block_row (MlaAgendaBuilder *b, int s, int e);

/* Rule "flat-header": "TimeRoom ARoom BRoom C" (a web table's header row
 * run together) or "Time" over one room per line. */
gboolean mla_agenda_rule_flat_header (MlaAgendaBuilder *b, GMatchInfo *match);

G_END_DECLS
