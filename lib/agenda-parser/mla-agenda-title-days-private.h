/* mla-agenda-title-days-private.h: the passes over a day's titles once
 * the day is read ("Name: Title" heads, handles and lower-case names
 * after the titles) and the stand-in at a title's end. Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda.h"
#include "mla-agenda-builder-private.h"

G_BEGIN_DECLS

/* "Administrivia - Chairs", "Welcome (all)": a role at the end of @title,
 * nobody named; cut off in place. */
void mla_agenda_drop_stand_in (MlaAgendaBuilder *b, char *title);

/* "19:10  Niamh Gallagher: Typing a codebase": when two or more of @day's
 * slots without people start with a name and a colon before a title of
 * three words or more, the names are their speakers. (One such slot
 * alone may be a topic: "Cloud Native: scaling up".) */
void mla_agenda_day_name_heads (MlaAgendaBuilder *b, MlaAgendaDay *day);

/* "Update - amara okafor (tbc)" on a day where two slots or more name
 * their speakers after a dash: the tail in lower case is a name too. */
void mla_agenda_day_lower_tails (MlaAgendaBuilder *b, MlaAgendaDay *day);

G_END_DECLS
