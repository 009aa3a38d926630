/* mla-show.c: mlarc show. The overview finds the bytes; the message
 * module parses them again for the readable form. */
#include "config.h"
#include <string.h>
#include "mla-error.h"
#include "mla-escape.h"
#include "mla-mbox-writer-private.h"
#include "mla-message.h"
#include "mla-series-private.h"
#include "mla-show.h"

static gboolean
read_raw (MlaArchive *archive, const MlaOverviewEntry *entry, GByteArray *out,
          GError **error)
{
    return mla_archive_read_raw (archive, entry->volume, entry->message_id,
                                 entry->raw_offset, entry->raw_length, out,
                                 error);
}

/* Mail decides every text shown: control characters are escaped
 * (mla-escape.h), so that none reaches the terminal. */
static void
append_line (GString *text, const char *value)
{
    mla_escape_append (text, value, MLA_ESCAPE_LINE);
}

static void
append_address (GString *text, const MlaAddress *address)
{
    if (address->name != NULL && address->address != NULL) {
        append_line (text, address->name);
        g_string_append (text, " <");
        append_line (text, address->address);
        g_string_append_c (text, '>');
    } else {
        append_line (text,
                     address->name != NULL ? address->name : address->address);
    }
}

static void
append_addresses (GString *text, const char *header, GPtrArray *addresses)
{
    if (addresses->len == 0)
        return;
    g_string_append_printf (text, "%s: ", header);
    for (guint i = 0; i < addresses->len; i++) {
        if (i > 0)
            g_string_append (text, ", ");
        append_address (text, g_ptr_array_index (addresses, i));
    }
    g_string_append_c (text, '\n');
}

/* "Header: value", or with @bracket "Header: <value>"; nothing when
 * @value is NULL. */
static void
append_header (GString *text, const char *header, const char *value,
               gboolean bracket)
{
    if (value == NULL)
        return;
    g_string_append_printf (text, "%s: %s", header, bracket ? "<" : "");
    append_line (text, value);
    g_string_append (text, bracket ? ">\n" : "\n");
}

/* The decoded headers a reader wants, then the body text. */
static char *
readable (const MlaOverviewEntry *entry, GByteArray *raw)
{
    g_autoptr (GBytes) bytes = g_bytes_new (raw->data, raw->len);
    g_autoptr (MlaRawMessage) message_raw =
        mla_raw_message_new (bytes, "archive", 0, 1);
    g_autoptr (MlaMessage) message = mla_message_parse (message_raw);
    GString *text = g_string_new (NULL);
    const MlaAddress *from = mla_message_get_from (message);
    GPtrArray *references = mla_message_get_references (message);
    const char *body = mla_message_get_body_text (message);

    if (from != NULL) {
        g_string_append (text, "From: ");
        append_address (text, from);
        g_string_append_c (text, '\n');
    }
    append_addresses (text, "To", mla_message_get_to (message));
    append_addresses (text, "Cc", mla_message_get_cc (message));
    append_header (text, "Date", entry->date_utc, FALSE);
    append_header (text, "Subject", mla_message_get_subject (message), FALSE);
    append_header (text, "Message-ID", entry->message_id, TRUE);
    append_header (text, "In-Reply-To", mla_message_get_in_reply_to (message),
                   TRUE);
    if (references->len > 0) {
        g_string_append (text, "References:");
        for (guint i = 0; i < references->len; i++) {
            g_string_append (text, " <");
            append_line (text, g_ptr_array_index (references, i));
            g_string_append_c (text, '>');
        }
        g_string_append_c (text, '\n');
    }
    append_header (text, "Thread", entry->thread, FALSE);
    g_string_append_c (text, '\n');
    if (body != NULL) {
        mla_escape_append (text, body, MLA_ESCAPE_TEXT);
        if (text->str[text->len - 1] != '\n')
            g_string_append_c (text, '\n');
    }
    return g_string_free (text, FALSE);
}

gboolean
mla_show_write_mbox (MlaArchive *archive,
                     const MlaOverviewEntry *const *entries, guint n,
                     GOutputStream *out, GError **error)
{
    g_autoptr (GByteArray) raw = g_byte_array_new ();

    for (guint i = 0; i < n; i++)
        if (!read_raw (archive, entries[i], raw, error) ||
            !mla_mboxrd_write_message (out, entries[i]->envelope,
                                       entries[i]->date_utc, raw->data,
                                       raw->len, error))
            return FALSE;
    return TRUE;
}

static gboolean
write_thread (MlaArchive *archive, MlaOverview *overview,
              const MlaOverviewEntry *entry, GOutputStream *out, GError **error)
{
    g_autoptr (GPtrArray) thread =
        mla_overview_get_thread (overview, entry->thread, error);

    return thread != NULL &&
           mla_show_write_mbox (archive,
                                (const MlaOverviewEntry *const *) thread->pdata,
                                thread->len, out, error);
}

/* A thread's id: 16 lowercase hex digits (mla-thread.c). */
static gboolean
is_thread_id (const char *id)
{
    gsize n = 0;

    for (; id[n] != '\0'; n++)
        if (!g_ascii_isxdigit (id[n]) || g_ascii_isupper (id[n]))
            return FALSE;
    return n == 16;
}

/* The messages @id names: those with that Message-ID, else, for an id that
 * is a thread's, the messages of that thread by date. Returns: (transfer
 * full) (nullable). */
static GPtrArray *
find_messages (MlaOverview *overview, const char *id, gboolean *out_thread,
               GError **error)
{
    g_autoptr (GError) local = NULL;
    GPtrArray *found = mla_overview_find_message (overview, id, &local);

    *out_thread = FALSE;
    if (found != NULL ||
        !g_error_matches (local, MLA_ERROR, MLA_ERROR_NOT_FOUND) ||
        !is_thread_id (id)) {
        g_propagate_error (error, g_steal_pointer (&local));
        return found;
    }
    found = mla_overview_get_thread (overview, id, NULL);
    if (found == NULL || found->len == 0) {
        g_clear_pointer (&found, g_ptr_array_unref);
        g_propagate_error (error, g_steal_pointer (&local));
        return NULL;
    }
    *out_thread = TRUE;
    return found;
}

gboolean
mla_show (MlaArchive *archive, MlaOverview *overview, const char *message_id,
          MlaShowMode mode, MlaNoticeFunc notice, gpointer notice_data,
          GOutputStream *out, GError **error)
{
    g_autoptr (GPtrArray) found = NULL;
    g_autoptr (GByteArray) raw = g_byte_array_new ();
    gboolean thread = FALSE;

    g_return_val_if_fail (
        archive != NULL && overview != NULL && message_id != NULL, FALSE);
    found = find_messages (overview, message_id, &thread, error);
    if (found == NULL)
        return FALSE;
    if (found->len > 1 && notice != NULL &&
        (thread ? mode == MLA_SHOW_RAW : mode != MLA_SHOW_TEXT)) {
        g_autofree char *text =
            thread ? g_strdup_printf ("thread %s holds %u messages; this is "
                                      "the first by date",
                                      message_id, found->len)
                   : g_strdup_printf ("%u messages have the id <%s>; this is "
                                      "the first stored",
                                      found->len, message_id);

        notice (text, notice_data);
    }
    if (mode == MLA_SHOW_SERIES)
        return mla_series_write (archive, overview,
                                 g_ptr_array_index (found, 0), notice,
                                 notice_data, out, error);
    if (mode == MLA_SHOW_THREAD_MBOX)
        return write_thread (archive, overview, g_ptr_array_index (found, 0),
                             out, error);
    for (guint i = 0; i < (mode == MLA_SHOW_RAW ? 1 : found->len); i++) {
        const MlaOverviewEntry *entry = g_ptr_array_index (found, i);
        g_autofree char *text = NULL;

        if (!read_raw (archive, entry, raw, error))
            return FALSE;
        if (mode == MLA_SHOW_RAW) {
            if (!g_output_stream_write_all (out, raw->data, raw->len, NULL,
                                            NULL, error))
                return FALSE;
            continue;
        }
        text = readable (entry, raw);
        if ((i > 0 &&
             !g_output_stream_write_all (out, "\n", 1, NULL, NULL, error)) ||
            !g_output_stream_write_all (out, text, strlen (text), NULL, NULL,
                                        error))
            return FALSE;
    }
    return TRUE;
}
