/* mla-agenda-titles-private.h: a slot's title and what it carries:
 * the people, places and notes written into a title line are split off
 * into the slot's fields. Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda.h"
#include "mla-agenda-builder-private.h"

G_BEGIN_DECLS

/* Splits what a title carries besides itself ("@ place", a trailing
 * "(or ...)" note, a " - Speaker Name" tail, "moderated by X", "[Name]")
 * into @slot's fields and sets @slot's title to the rest. */
void mla_agenda_slot_set_title (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                                const char *raw);

/* Runs the one step of mla_agenda_slot_set_title() called @name
 * ("speaker-dash", "names-bracket", ...) on *@title (transfer full, replaced),
 * filling @slot, as tests do. Returns FALSE when no step has that name. */
gboolean mla_agenda_title_step (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                                const char *name, char **title);

/* "Postgres internals" over "(Hamid)": a cell wrapped onto the line
 * below. Whether @slot's title (with nothing split off yet) read with
 * @paren after it names people; then @slot has them, else it is as it
 * was. */
gboolean mla_agenda_title_names_people (MlaAgendaBuilder *b,
                                        MlaAgendaSlot *slot, const char *paren);

G_END_DECLS
