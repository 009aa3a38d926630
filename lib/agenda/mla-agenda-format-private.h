/* mla-agenda-format-private.h: the agenda elements for writers inside lib/
 * (the XML archive embeds them; see doc/mlarc-archive.rng), one
 * revision's calendar (the site writes one beside each timetable), and
 * what the text, XML and iCalendar writers share. */
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

/* The calendars of @agendas (mla-agenda-ics.c): the newest revision of
 * each, in one VCALENDAR. */
gboolean mla_agenda_write_ics (GPtrArray *agendas, const MlaAgendaWriteOptions *options,
                               GOutputStream *out, GError **error);

/* Revisions among @agendas as mlarc agenda reads them: no threads, in the
 * order given. Returns: (transfer full); @out_inputs must outlive it. */
MlaAgendaRevisions *mla_agenda_plain_revisions (GPtrArray *agendas, GArray **out_inputs);

/* Mail text may hold terminal escapes and line breaks; text and iCalendar
 * lines get neither: line breaks and tabs become spaces, other controls
 * (C0, DEL, C1) go. Returns: (transfer full). */
char *mla_agenda_clean_line (const char *text);
/* A slot without a title is named after its kind. */
const char *mla_agenda_slot_title (const MlaAgendaSlot *slot);
/* "chair: Name", "speaker: Name (not confirmed)". Returns: (transfer full). */
char *mla_agenda_person_label (const MlaAgendaPerson *person);
/* A day's date, "2004-07-19", as numbers; FALSE unless a valid date. */
gboolean mla_agenda_parse_ymd (const char *text, int *year, int *month, int *day);

G_END_DECLS
