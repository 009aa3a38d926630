/* mla-agenda-titles-private.h: a slot's title and what it carries:
 * the people, places and notes written into a title line are split off
 * into the slot's fields. Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda.h"
#include "mla-agenda-days-private.h"

G_BEGIN_DECLS

/* Splits what a title carries besides itself ("@ place", a trailing
 * "(or ...)" note, a " - Speaker Name" tail, "moderated by X", "[Name]")
 * into @slot's fields and sets @slot's title to the rest. */
void mla_agenda_slot_set_title (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *raw);

G_END_DECLS
