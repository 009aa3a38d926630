/* mla-agenda-changes-private.h: changes written into a quoted programme.
 * A reply that quotes an agenda and writes under one of its slots what
 * changed ("--> Moved to 1400-1500 and to room B204", "Paul Ferreira
 * presents the budget instead", "1300-1400 is now the safety debrief")
 * changes that slot, or the one it names ("Moved the workshop to 14:00"),
 * or adds one. Edits the builder's current day; the slots it moved wait
 * in MlaAgendaBuilder.changes.moved until the text is read. Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda-builder-private.h"

G_BEGIN_DECLS

/* When the line the builder is at starts a few unquoted lines written
 * under a slot of a quoted programme, and they say what changed, applies
 * the changes. Returns: the number of lines they take (0: none, the line
 * is classified as any other). */
guint mla_agenda_apply_changes (MlaAgendaBuilder *b);

/* Puts the slots the changes gave new hours where those belong in their
 * days, once the whole text is read. */
void mla_agenda_changes_reorder (MlaAgendaBuilder *b);

G_END_DECLS
