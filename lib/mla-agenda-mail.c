/* mla-agenda-mail.c: the agenda parser applied to a message. The parser
 * knows nothing about mail; this file supplies what mail knows: the body
 * text, the local date of sending, the Message-ID and the Subject. */
#include "config.h"
#include <string.h>
#include "mla-agenda-mail.h"
#include "mla-message.h"
#include "mla-source.h"

/* Skips one "Re:", "Fwd:", "Fw:" (any case, optional "[n]" or "^n" count
 * as some mailers write "Re[2]:") or one "[list-tag]" at @subject.
 * Returns: (transfer none): the rest, or @subject when there is no prefix. */
static const char *
skip_prefix (const char *subject)
{
    static const char *const words[] = { "re", "fwd", "fw" };

    if (subject[0] == '[') {
        const char *close = strchr (subject, ']');

        return close != NULL ? close + 1 : subject;
    }
    for (gsize i = 0; i < G_N_ELEMENTS (words); i++) {
        gsize len = strlen (words[i]);
        const char *p = subject + len;

        if (g_ascii_strncasecmp (subject, words[i], len) != 0)
            continue;
        if (*p == '[' || *p == '^') {
            p++;
            while (g_ascii_isdigit (*p))
                p++;
            if (*p == ']')
                p++;
        }
        if (*p == ':')
            return p + 1;
    }
    return subject;
}

/* Mail subjects carry more than ASCII spaces: the kernel-summit seed has a
 * no-break space after "Subject:". */
static const char *
skip_space (const char *text)
{
    while (*text != '\0' && g_unichar_isspace (g_utf8_get_char (text)))
        text = g_utf8_next_char (text);
    return text;
}

/* "Re: [Ksummit-2004-discuss] Kernel Summit Agenda" -> "Kernel Summit
 * Agenda". Returns: (transfer full) (nullable): NULL when nothing is left. */
static char *
title_from_subject (const char *subject)
{
    const char *rest;
    const char *end;

    if (subject == NULL)
        return NULL;
    rest = skip_space (subject);
    for (const char *next = skip_prefix (rest); next != rest; next = skip_prefix (rest))
        rest = skip_space (next);
    end = rest + strlen (rest);
    while (end > rest) {
        const char *last = g_utf8_find_prev_char (rest, end);

        if (!g_unichar_isspace (g_utf8_get_char (last)))
            break;
        end = last;
    }
    return end > rest ? g_strndup (rest, end - rest) : NULL;
}

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

    if (mla_message_get_from (message) != NULL || mla_message_get_subject (message) != NULL
        || mla_message_get_date_source (message) != MLA_DATE_SOURCE_NONE
        || !mla_message_is_message_id_synthetic (message))
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
    if (text == NULL)
        return g_ptr_array_new_with_free_func ((GDestroyNotify) mla_agenda_free);
    /* "Monday" in a mail sent Sunday 23:00 -0400 means the local Monday,
     * though it is already Monday in UTC. */
    date = mla_message_get_date (message);
    if (date != NULL) {
        g_autoptr (GTimeZone) zone
            = g_time_zone_new_offset (mla_message_get_date_offset_minutes (message) * 60);

        local_date = g_date_time_to_timezone (date, zone);
    }
    agendas = mla_agenda_parser_parse (parser, text, local_date);
    for (guint i = 0; i < agendas->len; i++) {
        MlaAgenda *agenda = g_ptr_array_index (agendas, i);

        g_free (agenda->message_id);
        agenda->message_id = g_strdup (mla_message_get_message_id (message));
        if (agenda->title == NULL)
            agenda->title = title_from_subject (mla_message_get_subject (message));
    }
    return agendas;
}

gboolean
mla_agenda_parse_input (MlaAgendaParser *parser, const char *path, GPtrArray *agendas,
                        GError **error)
{
    g_autoptr (MlaSource) source = mla_source_open (path, MLA_MBOX_FORMAT_AUTO, error);

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
        g_ptr_array_extend_and_steal (agendas, mla_agenda_parse_message (parser, message));
    }
}
