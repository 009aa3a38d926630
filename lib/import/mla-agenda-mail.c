/* mla-agenda-mail.c: the agenda parser applied to a message. The parser
 * knows nothing about mail; this file supplies what mail knows: the body
 * text, the local date of sending, the Message-ID and the Subject. */
#include "config.h"
#include <string.h>
#include "mla-agenda-mail.h"
#include "mla-agenda-rules-private.h"
#include "mla-agenda-scanner-private.h"
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

GPtrArray *
mla_agenda_parse_message (MlaAgendaParser *parser, const MlaMessage *message)
{
    const char *text;
    GDateTime *date;
    g_autoptr (GDateTime) local_date = NULL;
    g_autofree char *plain = NULL;
    GPtrArray *agendas;

    g_return_val_if_fail (parser != NULL, NULL);
    g_return_val_if_fail (message != NULL, NULL);
    plain = plain_text_of (message);
    text = plain != NULL ? plain : mla_message_get_body_text (message);
    /* (most mail holds no agenda: no local date made for it) */
    if (text == NULL || !mla_agenda_may_hold (parser, text))
        return g_ptr_array_new_with_free_func (
            (GDestroyNotify) mla_agenda_free);
    /* "Monday" in a mail sent Sunday 23:00 -0400 means the local Monday,
     * though it is already Monday in UTC. */
    date = mla_message_get_date (message);
    if (date != NULL) {
        g_autoptr (GTimeZone) zone = g_time_zone_new_offset (
            mla_message_get_date_offset_minutes (message) * 60);

        local_date = g_date_time_to_timezone (date, zone);
    }
    agendas = mla_agenda_parse_candidate (
        parser, text, mla_message_get_subject (message), local_date);
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

gboolean
mla_agenda_parse_input (MlaAgendaParser *parser, const char *path,
                        GPtrArray *agendas, GError **error)
{
    g_autoptr (MlaSource) source =
        mla_source_open (path, MLA_MBOX_FORMAT_AUTO, error);

    if (source == NULL)
        return FALSE;
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
        g_ptr_array_extend_and_steal (
            agendas, mla_agenda_parse_message (parser, message));
    }
}
