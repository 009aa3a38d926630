/* mla-agenda-ics-private.h: agendas as iCalendar (mla-agenda-ics.c), for
 * the format chooser and for the site, which writes one revision's
 * calendar beside each timetable. */
#pragma once
#include "mla-agenda.h"
#include "mla-agenda-format.h"
#include "mla-agenda-revision-private.h"

G_BEGIN_DECLS

/* Writes input @index of @revisions as one VCALENDAR: an event per slot
 * of a dated day, UIDs from the slots' keys, SEQUENCE its revision number
 * less one, and the slots of its earlier revisions that it no longer has
 * as STATUS:CANCELLED events. Fails as mla_agenda_write() does. */
gboolean mla_agenda_write_ics_revision (const MlaAgendaRevisions *revisions,
                                        guint index,
                                        const MlaAgendaWriteOptions *options,
                                        GOutputStream *out, GError **error);

/* The calendars of @agendas (mla-agenda-ics.c): the newest revision of
 * each, in one VCALENDAR. */
gboolean mla_agenda_write_ics (GPtrArray *agendas,
                               const MlaAgendaWriteOptions *options,
                               GOutputStream *out, GError **error);

/* Revisions among @agendas as mlarc agenda reads them: no threads, in the
 * order given. Returns: (transfer full); @out_inputs must outlive it. */
MlaAgendaRevisions *mla_agenda_plain_revisions (GPtrArray *agendas,
                                                GArray **out_inputs);

G_END_DECLS
