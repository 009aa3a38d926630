/* mla-agenda-format.c: agendas as XML elements, HTML and text, and the
 * choice of format. XML goes through the sticky writer, which escapes and
 * cleans all text; HTML through the site's agenda stylesheet
 * (mla-site-agenda.c), the one HTML renderer; iCalendar is
 * mla-agenda-ics.c's. */
#include "config.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "mla-agenda.h"
#include "mla-agenda-format.h"
#include "mla-error.h"
#include "mla-agenda-format-private.h"
#include "mla-agenda-ics-private.h"
#include "mla-agenda-text-private.h"
#include "mla-agenda-revision-private.h"
#include "mla-atomic-file-private.h"

static const struct {
    const char *name;
    const char *extension;
} formats[] = {
    [MLA_AGENDA_FORMAT_XML] = { "xml", "xml" },
    [MLA_AGENDA_FORMAT_ICS] = { "ics", "ics" },
    [MLA_AGENDA_FORMAT_HTML] = { "html", "html" },
    [MLA_AGENDA_FORMAT_TEXT] = { "text", "txt" },
};

gboolean
mla_agenda_format_from_string (const char *name, MlaAgendaFormat *out_format)
{
    g_return_val_if_fail (out_format != NULL, FALSE);
    for (gsize i = 0; name != NULL && i < G_N_ELEMENTS (formats); i++) {
        if (g_ascii_strcasecmp (name, formats[i].name) == 0) {
            *out_format = (MlaAgendaFormat) i;
            return TRUE;
        }
    }
    return FALSE;
}

/* "Monday 2004-07-19", "Monday", "2004-07-19", or "Day 2" (@index is
 * 0-based). Returns: (transfer full). */
static char *
day_heading (const MlaAgendaDay *day, guint index)
{
    if (day->name != NULL && day->date[0] != '\0')
        return g_strdup_printf ("%s %s", day->name, day->date);
    if (day->name != NULL)
        return g_strdup (day->name);
    if (day->date[0] != '\0')
        return g_strdup (day->date);
    return g_strdup_printf ("Day %u", index + 1);
}

/* "09:00-09:20", or "09:00" when the end is unknown. Returns: (transfer full).
 */
static char *
time_range (const MlaAgendaSlot *slot)
{
    if (slot->end[0] == '\0')
        return g_strdup (slot->start);
    return g_strconcat (slot->start, "-", slot->end, NULL);
}

static gboolean
write_string (GOutputStream *out, const GString *text, GError **error)
{
    return g_output_stream_write_all (out, text->str, text->len, NULL, NULL,
                                      error);
}

/* XML: the archive's elements (doc/mlarc-archive.rng). */

static void
xml_write_person (MlaXmlWriter *xml, const MlaAgendaPerson *person)
{
    mla_xml_start (xml, "chair");
    if (person->role != MLA_PERSON_ROLE_CHAIR)
        mla_xml_attr (xml, "role", mla_person_role_to_string (person->role));
    if (!person->confirmed)
        mla_xml_attr (xml, "confirmed", "false");
    mla_xml_text (xml, person->name);
    mla_xml_end (xml);
}

static void
xml_write_slot (MlaXmlWriter *xml, const MlaAgendaSlot *slot)
{
    mla_xml_start (xml, "slot");
    mla_xml_attr (xml, "start", slot->start);
    if (slot->end[0] != '\0')
        mla_xml_attr (xml, "end", slot->end);
    mla_xml_attr (xml, "kind", mla_slot_kind_to_string (slot->kind));
    mla_xml_attr (xml, "room", slot->room);
    mla_xml_text_element (xml, "title", slot->title);
    for (guint i = 0; i < slot->people->len; i++)
        xml_write_person (xml, g_ptr_array_index (slot->people, i));
    mla_xml_text_element (xml, "location", slot->location);
    for (guint i = 0; i < slot->notes->len; i++)
        mla_xml_text_element (xml, "note", g_ptr_array_index (slot->notes, i));
    mla_xml_end (xml);
}

void
mla_agenda_xml_write (MlaXmlWriter *xml, const MlaAgenda *agenda)
{
    mla_xml_start (xml, "agenda");
    mla_xml_attr (xml, "message-id", agenda->message_id);
    mla_xml_attr (xml, "title", agenda->title);
    mla_xml_attr (xml, "timezone", agenda->timezone);
    for (guint i = 0; i < agenda->days->len; i++) {
        const MlaAgendaDay *day = g_ptr_array_index (agenda->days, i);

        mla_xml_start (xml, "day");
        mla_xml_attr (xml, "name", day->name);
        if (day->date[0] != '\0')
            mla_xml_attr (xml, "date", day->date);
        for (guint j = 0; j < day->slots->len; j++)
            xml_write_slot (xml, g_ptr_array_index (day->slots, j));
        mla_xml_end (xml);
    }
    mla_xml_end (xml);
}

static gboolean
write_xml (GPtrArray *agendas, GOutputStream *out, GError **error)
{
    g_autoptr (MlaXmlWriter) xml =
        mla_xml_writer_new (out, MLA_XML_WRITER_INDENT);

    mla_xml_start (xml, "agendas");
    for (guint i = 0; i < agendas->len; i++)
        mla_agenda_xml_write (xml, g_ptr_array_index (agendas, i));
    mla_xml_end (xml);
    return mla_xml_writer_finish (xml, error);
}

/* Text */

static void
text_underlined (GString *text, const char *line, char underline)
{
    g_autofree char *clean = mla_agenda_clean_line (line);
    glong width = g_utf8_strlen (clean, -1);

    g_string_append_printf (text, "%s\n", clean);
    for (glong i = 0; i < width; i++)
        g_string_append_c (text, underline);
    g_string_append_c (text, '\n');
}

/* "09:00-09:20  Title  [room: A; chair: X; location: Y]", notes below. */
static void
text_slot (GString *text, const MlaAgendaSlot *slot)
{
    g_autofree char *range = time_range (slot);
    g_autofree char *title =
        mla_agenda_clean_line (mla_agenda_slot_title (slot));
    g_autoptr (GPtrArray) details = g_ptr_array_new_with_free_func (g_free);

    g_string_append_printf (text, "%-11s  %s", range, title);
    if (slot->room != NULL)
        g_ptr_array_add (details, g_strconcat ("room: ", slot->room, NULL));
    for (guint i = 0; i < slot->people->len; i++)
        g_ptr_array_add (details, mla_agenda_person_label (
                                      g_ptr_array_index (slot->people, i)));
    if (slot->location != NULL)
        g_ptr_array_add (details,
                         g_strconcat ("location: ", slot->location, NULL));
    if (details->len > 0) {
        g_autofree char *joined = NULL;
        g_autofree char *clean = NULL;

        g_ptr_array_add (details, NULL);
        joined = g_strjoinv ("; ", (char **) details->pdata);
        clean = mla_agenda_clean_line (joined);
        g_string_append_printf (text, "  [%s]", clean);
    }
    g_string_append_c (text, '\n');
    for (guint i = 0; i < slot->notes->len; i++) {
        g_autofree char *note =
            mla_agenda_clean_line (g_ptr_array_index (slot->notes, i));

        g_string_append_printf (text, "%13s%s\n", "", note);
    }
}

static gboolean
write_text (GPtrArray *agendas, GOutputStream *out, GError **error)
{
    g_autoptr (GString) text = g_string_new (NULL);

    for (guint i = 0; i < agendas->len; i++) {
        const MlaAgenda *agenda = g_ptr_array_index (agendas, i);

        if (i > 0)
            g_string_append_c (text, '\n');
        text_underlined (text, agenda->title != NULL ? agenda->title : "Agenda",
                         '=');
        if (agenda->message_id != NULL) {
            g_autofree char *id = mla_agenda_clean_line (agenda->message_id);

            g_string_append_printf (text, "Message-ID: <%s>\n", id);
        }
        if (agenda->timezone != NULL) {
            g_autofree char *zone = mla_agenda_clean_line (agenda->timezone);

            g_string_append_printf (text, "Times in %s\n", zone);
        }
        for (guint j = 0; j < agenda->days->len; j++) {
            const MlaAgendaDay *day = g_ptr_array_index (agenda->days, j);
            g_autofree char *heading = day_heading (day, j);

            g_string_append_c (text, '\n');
            text_underlined (text, heading, '-');
            for (guint k = 0; k < day->slots->len; k++)
                text_slot (text, g_ptr_array_index (day->slots, k));
        }
    }
    return write_string (out, text, error);
}

gboolean
mla_agenda_write (GPtrArray *agendas, MlaAgendaFormat format,
                  const MlaAgendaWriteOptions *options, GOutputStream *out,
                  GError **error)
{
    g_return_val_if_fail (agendas != NULL, FALSE);
    g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);
    switch (format) {
    case MLA_AGENDA_FORMAT_XML:
        return write_xml (agendas, out, error);
    case MLA_AGENDA_FORMAT_ICS:
        return mla_agenda_write_ics (agendas, options, out, error);
    case MLA_AGENDA_FORMAT_HTML:
        if (options == NULL || options->html == NULL)
            return mla_throw (
                error, MLA_ERROR_INVALID,
                "HTML agendas are the site's pages: no page writer given");
        return options->html (agendas, out, error);
    case MLA_AGENDA_FORMAT_TEXT:
        return write_text (agendas, out, error);
    }
    g_return_val_if_reached (FALSE);
}

guint
mla_agenda_count_undated_slots (const MlaAgenda *agenda)
{
    guint n = 0;

    g_return_val_if_fail (agenda != NULL, 0);
    for (guint i = 0; i < agenda->days->len; i++) {
        const MlaAgendaDay *day = g_ptr_array_index (agenda->days, i);
        int year, month, day_of_month;

        if (!mla_agenda_parse_ymd (day->date, &year, &month, &day_of_month))
            n += day->slots->len;
    }
    return n;
}

/* Message-IDs are chosen by mail senders: keep only bytes that are safe in
 * any file system and never mean a path. */
static char *
safe_file_stem (const char *message_id)
{
    GString *stem = g_string_new (NULL);

    for (const char *p = message_id; *p != '\0' && stem->len < 120; p++) {
        char c = *p;

        if (g_ascii_isalnum (c) ||
            (strchr ("._@+-", c) != NULL && !(c == '.' && stem->len == 0)))
            g_string_append_c (stem, c);
        else
            g_string_append_c (stem, '_');
    }
    return g_string_free (stem, FALSE);
}

char *
mla_agenda_file_name (const MlaAgenda *agenda, MlaAgendaFormat format,
                      guint index, GHashTable *used)
{
    g_autofree char *stem = NULL;
    char *name;

    g_return_val_if_fail (agenda != NULL, NULL);
    g_return_val_if_fail ((gsize) format < G_N_ELEMENTS (formats), NULL);
    if (agenda->message_id != NULL && agenda->message_id[0] != '\0')
        stem = safe_file_stem (agenda->message_id);
    else
        stem = g_strdup_printf ("agenda-%u", index);
    name = g_strconcat (stem, ".", formats[format].extension, NULL);
    for (guint n = 2; used != NULL && g_hash_table_contains (used, name); n++) {
        g_free (name);
        name = g_strdup_printf ("%s-%u.%s", stem, n, formats[format].extension);
    }
    if (used != NULL)
        g_hash_table_add (used, g_strdup (name));
    return name;
}

gboolean
mla_agenda_write_files (GPtrArray *agendas, MlaAgendaFormat format,
                        const MlaAgendaWriteOptions *options, const char *dir,
                        GError **error)
{
    g_autoptr (GHashTable) used =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    g_autoptr (GArray) inputs = NULL;
    /* Each calendar is one revision, with its own sequence number. */
    g_autoptr (MlaAgendaRevisions) revisions =
        format == MLA_AGENDA_FORMAT_ICS
            ? mla_agenda_plain_revisions (agendas, &inputs)
            : NULL;

    g_autoptr (MlaFolder) folder =
        mla_folder_open (dir, MLA_FOLDER_CREATE, error);

    if (folder == NULL)
        return FALSE;
    for (guint i = 0; i < agendas->len; i++) {
        g_autoptr (GPtrArray) one = g_ptr_array_new ();
        g_autofree char *name = NULL;
        g_autofree char *path = NULL;
        g_autoptr (MlaAtomicFile) file = NULL;

        g_ptr_array_add (one, g_ptr_array_index (agendas, i));
        name = mla_agenda_file_name (g_ptr_array_index (agendas, i), format,
                                     i + 1, used);
        path = g_build_filename (dir, name, NULL);
        file = mla_atomic_file_open (folder, name, error);
        if (file == NULL)
            return FALSE;
        if (revisions != NULL ? !mla_agenda_write_ics_revision (
                                    revisions, i, options,
                                    mla_atomic_file_get_stream (file), error)
                              : !mla_agenda_write (
                                    one, format, options,
                                    mla_atomic_file_get_stream (file), error)) {
            if ((*error)->domain == G_IO_ERROR)
                g_prefix_error (error, "%s: ", path);
            return FALSE;
        }
        if (!mla_atomic_file_commit (file, error))
            return FALSE;
    }
    return TRUE;
}
