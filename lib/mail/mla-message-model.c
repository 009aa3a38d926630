/* mla-message-model.c: the message model's accessors and destructors:
 * plain data, no GMime (the parser that fills it is mla-message.c). */
#include "config.h"
#include "mla-defect.h"
#include "mla-message-private.h"

void
mla_address_free (MlaAddress *address)
{
    if (address == NULL)
        return;
    g_free (address->name);
    g_free (address->address);
    g_free (address);
}

void
mla_attachment_free (MlaAttachment *attachment)
{
    if (attachment == NULL)
        return;
    g_free (attachment->filename);
    g_free (attachment->content_type);
    g_free (attachment);
}

void
mla_message_free (MlaMessage *message)
{
    if (message == NULL)
        return;
    g_clear_pointer (&message->raw, g_bytes_unref);
    g_free (message->envelope);
    g_free (message->source);
    g_free (message->message_id);
    g_clear_pointer (&message->from, mla_address_free);
    g_clear_pointer (&message->to, g_ptr_array_unref);
    g_clear_pointer (&message->cc, g_ptr_array_unref);
    g_clear_pointer (&message->date, g_date_time_unref);
    g_free (message->subject);
    g_free (message->in_reply_to);
    g_clear_pointer (&message->references, g_ptr_array_unref);
    g_free (message->list_id);
    g_free (message->body_text);
    g_free (message->alternative_text);
    g_clear_pointer (&message->attachments, g_ptr_array_unref);
    g_clear_pointer (&message->defects, g_ptr_array_unref);
    g_free (message);
}

GBytes *
mla_message_get_raw (const MlaMessage *message)
{
    return message->raw;
}

const char *
mla_message_get_sha256 (const MlaMessage *message)
{
    return message->sha256[0];
}

const char *
mla_message_get_separated_sha256 (const MlaMessage *message,
                                  MlaLineEnd separator)
{
    g_return_val_if_fail (message != NULL, "");
    return separator == MLA_LINE_END_CRLF ? message->sha256[2]
                                          : message->sha256[1];
}

const char *
mla_message_get_envelope (const MlaMessage *message)
{
    return message->envelope;
}

const char *
mla_message_get_source (const MlaMessage *message)
{
    return message->source;
}

guint64
mla_message_get_source_offset (const MlaMessage *message)
{
    return message->source_offset;
}

guint
mla_message_get_source_index (const MlaMessage *message)
{
    return message->source_index;
}

const char *
mla_message_get_message_id (const MlaMessage *message)
{
    return message->message_id;
}

gboolean
mla_message_is_message_id_synthetic (const MlaMessage *message)
{
    return message->message_id_synthetic;
}

const MlaAddress *
mla_message_get_from (const MlaMessage *message)
{
    return message->from;
}

GPtrArray *
mla_message_get_to (const MlaMessage *message)
{
    return message->to;
}

GPtrArray *
mla_message_get_cc (const MlaMessage *message)
{
    return message->cc;
}

GDateTime *
mla_message_get_date (const MlaMessage *message)
{
    return message->date;
}

int
mla_message_get_date_offset_minutes (const MlaMessage *message)
{
    return message->date_offset_minutes;
}

MlaDateSource
mla_message_get_date_source (const MlaMessage *message)
{
    return message->date_source;
}

const char *
mla_message_get_subject (const MlaMessage *message)
{
    return message->subject;
}

const char *
mla_message_get_in_reply_to (const MlaMessage *message)
{
    return message->in_reply_to;
}

GPtrArray *
mla_message_get_references (const MlaMessage *message)
{
    return message->references;
}

const char *
mla_message_get_list_id (const MlaMessage *message)
{
    return message->list_id;
}

gboolean
mla_message_is_no_archive (const MlaMessage *message)
{
    return message->no_archive;
}

const char *
mla_message_get_body_text (const MlaMessage *message)
{
    return message->body_text;
}

MlaBodySource
mla_message_get_body_source (const MlaMessage *message)
{
    return message->body_source;
}

const char *
mla_message_get_alternative_text (const MlaMessage *message)
{
    return message->alternative_text;
}

GPtrArray *
mla_message_get_attachments (const MlaMessage *message)
{
    return message->attachments;
}

GPtrArray *
mla_message_get_defects (const MlaMessage *message)
{
    return message->defects;
}

void
mla_message_add_defect (MlaMessage *message, const char *code,
                        const char *format, ...)
{
    va_list args;
    g_autofree char *detail = NULL;

    va_start (args, format);
    detail = g_strdup_vprintf (format, args);
    va_end (args);
    mla_defect_list_add (message->defects, code, "%s", detail);
}
