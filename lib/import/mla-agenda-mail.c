/* mla-agenda-mail.c: the agenda parser applied to a message. The parser
 * knows nothing about mail; this file supplies what mail knows: the body
 * text, the local date of sending, the Message-ID and the Subject. */
#include "config.h"
#include <string.h>
#include <glib/gstdio.h>
#include "mla-agenda-mail.h"
#include "mla-agenda-rules-private.h"
#include "mla-agenda-scanner-private.h"
#include "mla-error.h"
#include "mla-message.h"
#include "mla-source.h"
#include "mla-subject.h"

/* A file that names no sender, date, subject or id is no mail but a
 * plain text whose first lines only look like headers ("Source: URL",
 * then the programme without a blank line). Returns: (transfer full)
 * (nullable): the whole text, NULL for a mail or for text that is not
 * UTF-8. */
static char *
plain_text_of (const MlaMessage *message)
{
    GBytes *raw;
    gsize size = 0;
    const char *data;

    if (mla_message_get_from (message) != NULL ||
        mla_message_get_subject (message) != NULL ||
        mla_message_get_date_source (message) != MLA_DATE_SOURCE_NONE ||
        !mla_message_is_message_id_synthetic (message))
        return NULL;
    raw = mla_message_get_raw (message);
    data = raw != NULL ? g_bytes_get_data (raw, &size) : NULL;
    if (data == NULL || !g_utf8_validate_len (data, size, NULL))
        return NULL;
    return g_strndup (data, size);
}

/* How the plain texts of one input are dated (mla_agenda_parse_input()). */
typedef struct TextDate {
    const char *path;
    GDateTime *given; /* nullable */
    MlaAgendaInputFlags flags;
} TextDate;

/* The reference date of a plain text: the one given, else the file's
 * modification time (local time), unless told to use none. Returns:
 * (transfer full) (nullable). */
static GDateTime *
text_reference (const TextDate *date)
{
    GStatBuf st;

    if (date == NULL || (date->flags & MLA_AGENDA_INPUT_TEXT_UNDATED))
        return NULL;
    if (date->given != NULL)
        return g_date_time_ref (date->given);
    if (strcmp (date->path, "-") == 0 || g_stat (date->path, &st) != 0)
        return NULL;
    return g_date_time_new_from_unix_local (st.st_mtime);
}

/* The date in the sender's zone: "Monday" in a mail sent Sunday 23:00
 * -0400 means the local Monday, though it is already Monday in UTC.
 * Returns: (transfer full) (nullable). */
static GDateTime *
local_date_of (const MlaMessage *message)
{
    GDateTime *date = mla_message_get_date (message);
    g_autoptr (GTimeZone) zone = NULL;

    if (date == NULL)
        return NULL;
    zone = g_time_zone_new_offset (
        mla_message_get_date_offset_minutes (message) * 60);
    return g_date_time_to_timezone (date, zone);
}

/* mla_agenda_parse_message(); a plain text is dated by @text_date
 * (nullable: undated). */
static GPtrArray *
parse_message (MlaAgendaParser *parser, const MlaMessage *message,
               const TextDate *text_date)
{
    const char *text;
    g_autoptr (GDateTime) reference = NULL;
    g_autofree char *plain = NULL;
    GPtrArray *agendas;

    plain = plain_text_of (message);
    text = plain != NULL ? plain : mla_message_get_body_text (message);
    /* (most mail holds no agenda: no local date made for it) */
    if (text != NULL && mla_agenda_may_hold (parser, text)) {
        reference = plain != NULL ? text_reference (text_date)
                                  : local_date_of (message);
        agendas = mla_agenda_parse_candidate (
            parser, text, mla_message_get_subject (message), reference);
    } else {
        agendas =
            g_ptr_array_new_with_free_func ((GDestroyNotify) mla_agenda_free);
    }
    /* the programme may be in the HTML alternative alone */
    text = mla_message_get_alternative_text (message);
    if (agendas->len == 0 && text != NULL &&
        mla_agenda_may_hold (parser, text)) {
        if (reference == NULL)
            reference = local_date_of (message);
        g_ptr_array_unref (agendas);
        agendas = mla_agenda_parse_candidate (
            parser, text, mla_message_get_subject (message), reference);
    }
    for (guint i = 0; i < agendas->len; i++) {
        MlaAgenda *agenda = g_ptr_array_index (agendas, i);

        g_free (agenda->message_id);
        agenda->message_id = g_strdup (mla_message_get_message_id (message));
        if (agenda->title == NULL)
            agenda->title =
                mla_subject_strip (mla_message_get_subject (message));
    }
    return agendas;
}

GPtrArray *
mla_agenda_parse_message (MlaAgendaParser *parser, const MlaMessage *message)
{
    g_return_val_if_fail (parser != NULL, NULL);
    g_return_val_if_fail (message != NULL, NULL);
    return parse_message (parser, message, NULL);
}

/* A file with no header block at its start (a programme saved from a web
 * page) is the text of an agenda. */
static gboolean
parse_text_file (MlaAgendaParser *parser, const TextDate *date,
                 GPtrArray *agendas, GError **error)
{
    g_autofree char *text = NULL;
    g_autoptr (GDateTime) reference = NULL;
    const char *end = NULL;
    gsize size = 0;

    if (!g_file_get_contents (date->path, &text, &size, error))
        return FALSE;
    if (!g_utf8_validate_len (text, size, &end))
        return mla_throw (
            error, MLA_ERROR_NOT_MAIL,
            "%s: neither mail nor UTF-8 text (byte %" G_GSIZE_FORMAT ")",
            date->path, (gsize) (end - text));
    reference = text_reference (date);
    g_ptr_array_extend_and_steal (
        agendas, mla_agenda_parser_parse (parser, text, reference));
    return TRUE;
}

gboolean
mla_agenda_parse_input (MlaAgendaParser *parser, const char *path,
                        GDateTime *text_reference, MlaAgendaInputFlags flags,
                        GPtrArray *agendas, GError **error)
{
    const TextDate date = { path, text_reference, flags };
    g_autoptr (GError) local = NULL;
    g_autoptr (MlaSource) source =
        mla_source_open (path, MLA_MBOX_FORMAT_AUTO, &local);

    if (source == NULL) {
        if (strcmp (path, "-") != 0 &&
            g_error_matches (local, MLA_ERROR, MLA_ERROR_NOT_MAIL))
            return parse_text_file (parser, &date, agendas, error);
        g_propagate_error (error, g_steal_pointer (&local));
        return FALSE;
    }
    for (;;) {
        g_autoptr (MlaRawMessage) raw = NULL;
        g_autoptr (MlaMessage) message = NULL;

        if (!mla_source_next (source, &raw, error)) {
            /* The readers name the file, but a bare GIO read error does not. */
            if (!g_str_has_prefix ((*error)->message, path))
                g_prefix_error (error, "%s: ", path);
            return FALSE;
        }
        if (raw == NULL)
            return TRUE;
        message = mla_message_parse (raw);
        g_ptr_array_extend_and_steal (agendas,
                                      parse_message (parser, message, &date));
    }
}
