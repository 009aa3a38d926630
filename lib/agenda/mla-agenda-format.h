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

/* Parses "xml", "ics", "html" or "text". Returns FALSE if unknown. */
MLA_API gboolean mla_agenda_format_from_string (const char *name,
                                                MlaAgendaFormat *out_format);

/* Writes @agendas (MlaAgenda *) to @out as HTML pages, one after another. */
typedef gboolean (*MlaAgendaPagesFunc) (GPtrArray *agendas, GOutputStream *out,
                                        GError **error);

typedef struct MlaAgendaWriteOptions {
    const char
        *timezone;  /* nullable: an Olson zone for ICS; NULL = floating times */
    gint64 dtstamp; /* ICS DTSTAMP as Unix time; 0 = now (tests and
                     * SOURCE_DATE_EPOCH make output reproducible) */
    MlaAgendaPagesFunc html; /* HTML is the site's timetable: the caller passes
                              * mla_site_agenda_write_pages (mla-site.h), so
                              * that this layer never calls the site above it */
} MlaAgendaWriteOptions;

/* Writes @agendas (MlaAgenda *) to @out in @format: XML as one <agendas>
 * document, ICS as one VCALENDAR, text as one listing, HTML as one
 * document per agenda (concatenated, by @options->html; use
 * mla_agenda_write_files() to write them to separate files). @options is
 * nullable, but not for HTML.
 * ICS holds one VEVENT per slot of a day with a date; slots of undated days
 * (see mla_agenda_count_undated_slots()) are left out, and when no event is
 * left nothing at all is written (RFC 5545 wants at least one component).
 * An agenda that a later one of @agendas revises (same title, same days:
 * doc/design.md) is left out of ICS: the newest revision's events carry
 * the first revision's UIDs with SEQUENCE raised, and the slots it dropped
 * come as STATUS:CANCELLED events.
 * Fails with MLA_ERROR_INVALID, before writing anything, when
 * @options->timezone is not a zone libical knows, or for HTML without
 * @options->html; otherwise only when
 * writing to @out fails. */
MLA_API gboolean mla_agenda_write (GPtrArray *agendas, MlaAgendaFormat format,
                                   const MlaAgendaWriteOptions *options,
                                   GOutputStream *out, GError **error);
/* Slots of days without a resolved date: what ICS output leaves out. */
MLA_API guint mla_agenda_count_undated_slots (const MlaAgenda *agenda);

/* A file name (no directory) for @agenda written alone in @format: its
 * Message-ID made safe for a file system ("/" and other risky bytes become
 * "_", no leading "."), or "agenda-@index" without one, plus the format's
 * extension (.xml, .ics, .html, .txt). @used (nullable) holds the names
 * given so far, as a g_hash_table_new_full (g_str_hash, g_str_equal,
 * g_free, NULL) set: a taken name gets "-2", "-3"... and the result is
 * added to it. Returns: (transfer full). */
MLA_API char *mla_agenda_file_name (const MlaAgenda *agenda,
                                    MlaAgendaFormat format, guint index,
                                    GHashTable *used);

/* Writes each agenda of @agendas alone into its own file in @dir (created
 * if missing), named by mla_agenda_file_name(). Each file is replaced
 * atomically; one that cannot be written whole is not left behind. In
 * ICS each file is its agenda's revision among @agendas (its SEQUENCE). */
MLA_API gboolean mla_agenda_write_files (GPtrArray *agendas,
                                         MlaAgendaFormat format,
                                         const MlaAgendaWriteOptions *options,
                                         const char *dir, GError **error);

G_END_DECLS
