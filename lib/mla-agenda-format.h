/* mla-agenda-format.h: write agendas as XML (the archive's elements), as
 * iCalendar (libical), as a standalone HTML5 timetable, or as plain text. */
#pragma once
#include <gio/gio.h>
#include "mla-api.h"
#include "mla-agenda.h"

G_BEGIN_DECLS

typedef enum {
    MLA_AGENDA_FORMAT_XML,
    MLA_AGENDA_FORMAT_ICS,
    MLA_AGENDA_FORMAT_HTML,
    MLA_AGENDA_FORMAT_TEXT,
} MlaAgendaFormat;

MLA_API gboolean mla_agenda_format_from_string (const char *name, MlaAgendaFormat *out_format);

typedef struct MlaAgendaWriteOptions {
    const char *timezone;   /* nullable: an Olson zone for ICS; NULL = floating times */
} MlaAgendaWriteOptions;

/* Writes @agendas (MlaAgenda *) to @out in @format: XML as one <agendas>
 * document, ICS as one VCALENDAR, text as one listing, HTML as one
 * document per agenda (concatenated; use mla_agenda_write_html() to write
 * them to separate files). @options is nullable. */
MLA_API gboolean mla_agenda_write (GPtrArray *agendas, MlaAgendaFormat format,
                                   const MlaAgendaWriteOptions *options,
                                   GOutputStream *out, GError **error);
MLA_API gboolean mla_agenda_write_html (const MlaAgenda *agenda, GOutputStream *out,
                                        GError **error);

G_END_DECLS
