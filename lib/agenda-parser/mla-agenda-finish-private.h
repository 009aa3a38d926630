/* mla-agenda-finish-private.h: the passes over the agenda once its text
 * is read. Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda-builder-private.h"

G_BEGIN_DECLS

/* Sets kinds, makes the places of parallel slots rooms, fills ends,
 * drops the stops and then empty days. */
void mla_agenda_builder_finish (MlaAgendaBuilder *b);

G_END_DECLS
