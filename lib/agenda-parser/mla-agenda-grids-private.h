/* mla-agenda-grids-private.h: grids laid out by position: track headers
 * over an underline ("ROOM A  Room B" / "======  ======"), a header of
 * rooms right above the first time, rows cut where the rooms' columns
 * start, the times across and the rooms down (a transposed grid). The
 * part "tracks" of MlaAgendaBuilder is this module's. Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda.h"
#include "mla-agenda-builder-private.h"

G_BEGIN_DECLS

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

G_END_DECLS
