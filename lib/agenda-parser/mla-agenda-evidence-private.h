/* mla-agenda-evidence-private.h: whether the slots of a parse make an
 * agenda at all. Owns the evidence rules and the vocabulary sections they
 * read ([travel], [polls], [reports], [not-programmes]); nothing is
 * stored. Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda-builder-private.h"

G_BEGIN_DECLS

/* An agenda needs evidence: three slot lines close together, or two
 * under a day heading or a schedule heading, or on neighbouring lines;
 * and not half its slots the legs of a trip (an itinerary), or the
 * answers or the options (a day alone) of a scheduling poll, or the runs
 * of a status report (an outcome after the name: "passed"); and no
 * lines around its times that say they are something else (maintenance
 * windows, a forecast, a tally, a week that repeats, a machine's jobs,
 * or, in the mail's subject, a rota or a timetable). */
gboolean mla_agenda_has_evidence (MlaAgendaBuilder *b);

G_END_DECLS
