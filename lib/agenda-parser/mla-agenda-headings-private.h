/* mla-agenda-headings-private.h: the rule "day-heading". Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda-builder-private.h"

G_BEGIN_DECLS

/* Rule "day-heading": "Monday", "Day 2 (Friday, Apr. 24)", "2004-12-05". */
gboolean mla_agenda_rule_day_heading (MlaAgendaBuilder *b, GMatchInfo *match);

G_END_DECLS
