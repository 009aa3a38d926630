/* mla-agenda-labels-private.h: the rule "person-label" ("Speaker: Ann
 * Lee" under a slot). Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda-builder-private.h"

G_BEGIN_DECLS

/* Rule "person-label": "Session chair: Name" under a slot. */
gboolean mla_agenda_rule_person_label (MlaAgendaBuilder *b, GMatchInfo *match);

G_END_DECLS
