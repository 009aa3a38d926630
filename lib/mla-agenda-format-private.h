/* mla-agenda-format-private.h: the agenda elements for writers inside lib/
 * (the XML archive embeds them; see doc/mlarc-archive.rng), and one
 * revision's calendar (the site writes one beside each timetable). */
#pragma once
#include "mla-agenda.h"
#include "mla-agenda-format.h"
#include "mla-agenda-revision-private.h"
#include "mla-xml-writer-private.h"

G_BEGIN_DECLS

/* Writes @agenda as one <agenda> element at the current position of @xml;
 * failures stick in @xml. */
void mla_agenda_xml_write (MlaXmlWriter *xml, const MlaAgenda *agenda);

/* Writes input @index of @revisions as one VCALENDAR: an event per slot
 * of a dated day, UIDs from the slots' keys, SEQUENCE its revision number
 * less one, and the slots of its earlier revisions that it no longer has
 * as STATUS:CANCELLED events. Fails as mla_agenda_write() does. */
gboolean mla_agenda_write_ics_revision (const MlaAgendaRevisions *revisions, guint index,
                                        const MlaAgendaWriteOptions *options,
                                        GOutputStream *out, GError **error);

G_END_DECLS
