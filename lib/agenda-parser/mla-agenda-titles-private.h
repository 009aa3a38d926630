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

/* "19:10  Niamh Gallagher: Typing a codebase": when two or more of @day's
 * slots without people start with a name and a colon before a title of
 * three words or more, the names are their speakers. (One such slot
 * alone may be a topic: "Cloud Native: scaling up".) */
void mla_agenda_day_name_heads (MlaAgendaBuilder *b, MlaAgendaDay *day);

/* "Update - amara okafor (tbc)" on a day where two slots or more name
 * their speakers after a dash: the tail in lower case is a name too. */
void mla_agenda_day_lower_tails (MlaAgendaBuilder *b, MlaAgendaDay *day);

G_END_DECLS
