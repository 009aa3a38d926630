/* mla-agenda-pasted-private.h: a web table pasted a cell per line, a tab
 * after every cell but its row's last, the line breaks inside a cell kept
 * ("8:30-8:55<TAB>" / "Opening" / "" / "Welcome words<TAB>" / "Ann Lee"),
 * under a header row written so whose last column names people ("Time",
 * "Session", "Chair"; "时间", "内容", "主持人"). Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda-builder-private.h"

G_BEGIN_DECLS

/* Rewrites in @lines (those of @b) the last cell of each row of such a
 * table into a "Label: Name" line under its slot ("Chair: Ann Lee"; an
 * empty cell, "--", made blank), and a row whose time cell is empty (a
 * rowspan lost in the copy: "Forum 2<TAB>" / "Bo Li" after a blank line)
 * into a timed line at the time of the row above. The rules then read
 * the rows as any slot with a label line under it. */
void mla_agenda_read_pasted_cells (MlaAgendaBuilder *b, MlaAgendaLine *lines);

G_END_DECLS
