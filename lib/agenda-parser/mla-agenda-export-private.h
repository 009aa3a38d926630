/* mla-agenda-export-private.h: a scheduling tool's export ("Date  Start
 * End  Room  Session  Speakers" over its rows). Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda.h"
#include "mla-agenda-builder-private.h"

G_BEGIN_DECLS

/* Rule "export-header": "Date  Start  End  Room  Session  Speakers", a
 * scheduling tool's export, over its rows (up to a blank line): each row
 * a slot on its day, from its start to its end, with its title, people
 * and place; a place used by two slots at once is a room (a track), else
 * a location. */
gboolean mla_agenda_rule_export_header (MlaAgendaBuilder *b, GMatchInfo *match);

G_END_DECLS
