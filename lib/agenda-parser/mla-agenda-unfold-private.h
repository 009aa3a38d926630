/* mla-agenda-unfold-private.h: a programme that a web page's list gave
 * as one line ("Agenda: 12:00-12:10 * Agenda bashing 12.10-12:40 *
 * draft-x-05 * By Ann Lee 12:40-12:55 * ..."), its items apart by " * "
 * only, unfolded into the lines it had. Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda-patterns-private.h"

G_BEGIN_DECLS

/* The lines of @text: split at its line breaks, each line that is a
 * folded programme (at least three ranges that each open an item, at
 * least three items) unfolded: a range starts a line, and each item after
 * " * " is a line of its own, indented under it, with no list marker (the
 * marker was the page's layout, not a list the writer typed).
 * Returns: (transfer full): a NULL-terminated array of lines. */
/* Whether @line (one line, no newline) is such a folded programme: at
 * least three ranges that each open an item. */
gboolean mla_agenda_unfold_is_folded (MlaAgendaParser *parser,
                                      const char *line);

GStrv mla_agenda_unfold_lines (MlaAgendaParser *parser, const char *text);

G_END_DECLS
