/* mla-agenda-cells-private.h: a row cut into cells, and what one cell
 * says (people by a label or after a dash, a place, hosts, a header's
 * room, nothing); a row of cells without a header. Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda-builder-private.h"
#include "mla-agenda.h"

G_BEGIN_DECLS

/* "Main room: Testing | Kitchen: Sourdough" after a time: cells apart by
 * " | ", each a place and a title, are one slot each in that room, from
 * @s to @e (minutes, @e -1: none). Returns FALSE, adding nothing, when
 * any cell is not. */
gboolean mla_agenda_room_cells (MlaAgendaBuilder *b, const char *row, int s,
                                int e);

/* Whether @row ("Session 1 | Chair: Ken Adams | Room: 2") has cells apart
 * by " | " and one after the first is a "Label: value" of a person or a
 * place: then it is a row of cells, not a title with a bar in it. */
gboolean mla_agenda_cells_have_label (MlaAgendaBuilder *b, const char *row);

/* A row of a tab or pipe table without a header: the first cell is the
 * title; a room or a place, a name, or a note follow. */
void mla_agenda_slot_set_cells (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                                const char *row, gboolean pipes);

/* Returns: (transfer full): the pieces of @text cut at the byte offsets
 * in @cuts (guint), each trimmed. */
GPtrArray *mla_agenda_cut_cells (const char *text, GArray *cuts);

/* Whether @cell of a grid's header row, which has no time column, is a
 * room: no time, unless a room's number reads as one ("Room 2.14"). */
gboolean mla_agenda_header_room (MlaAgendaBuilder *b, const char *cell);

/* A tab row of a session wall: three titles or more after the time, in
 * columns that name no room (the header holds only the day), and no
 * people, label or place among them: a slot from @s to @e (minutes, @e
 * -1: none) per title, no room. Returns whether the row is so. */
gboolean mla_agenda_wall_cells (MlaAgendaBuilder *b, int s, int e);

/* Whether a track cell holds no session: "", only a parenthesis, as
 * "(free)" in an unconference grid, or a word of [tables] empty ("slot
 * open"), maybe in emphasis ("_slot open_"). */
gboolean mla_agenda_empty_cell (MlaAgendaBuilder *b, const char *cell);

/* Gives @slot the people of @line when it is a "Label: names" line, with
 * the label's role ("Panel: A, B (moderator: C)", "Chair: X"). Returns
 * whether it was such a line. */
gboolean mla_agenda_add_labelled_line (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                                       const char *line);

/* Returns: (transfer full): a slot from @s to @e (minutes, @e -1: none). */
MlaAgendaSlot *mla_agenda_table_slot (int s, int e);

/* The cells of @text (a row without its time, or a header without its
 * time cell) in @layout (see MlaAgendaTableState.split). Returns:
 * (transfer full): of char *. */
GPtrArray *mla_agenda_split_row (MlaAgendaBuilder *b, const char *text,
                                 char layout, gboolean header);

/* Whether @cell of a header row names a room by its place alone: up to
 * three words, the first capitalised ("Garden shed"), no label, column
 * name or time. */
gboolean mla_agenda_corner_room (MlaAgendaBuilder *b, const char *cell);

/* "Chair: Ken Adams", "proposed by Ines", "[host: Kim]" in @cell: adds
 * the people to @slot (nullable: only tells) with the label's role.
 * Returns whether the cell is so. */
gboolean mla_agenda_add_labelled_cell (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                                       const char *cell);

/* "ana, jules", "@mkowal", "(Lucia, da confermare)": whether @line, a
 * grid cell's line under its title, names its hosts (handles, or a first
 * name alone, maybe with a marker); adds them to @slot unless NULL. */
gboolean mla_agenda_cell_hosts (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                                const char *line);

G_END_DECLS
