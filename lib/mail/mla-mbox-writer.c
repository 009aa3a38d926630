/* mla-mbox-writer.c: mboxrd output. */
#include "config.h"
#include <string.h>
#include "mla-mbox-writer-private.h"

/* "From " lines need an envelope; messages from Maildirs or single files
 * had none, so one is made from their date, as mboxes of MTAs have. */
static char *
synthetic_envelope (const char *date_utc)
{
    g_autoptr (GDateTime) date = NULL;

    if (date_utc != NULL)
        date = g_date_time_new_from_iso8601 (date_utc, NULL);
    if (date == NULL)
        date = g_date_time_new_from_unix_utc (0);
    return g_date_time_format (date, "MAILER-DAEMON %a %b %e %H:%M:%S %Y");
}

static gboolean
is_from_quoted_line (const guint8 *line, gsize length)
{
    gsize i = 0;

    while (i < length && line[i] == '>')
        i++;
    return length - i >= 5 && memcmp (line + i, "From ", 5) == 0;
}

/* mboxrd: every line matching ^>*From gets one more '>'. */
static gboolean
write_mboxrd_body (GOutputStream *out, const guint8 *data, gsize size,
                   GError **error)
{
    gsize start = 0;

    while (start < size) {
        const guint8 *newline = memchr (data + start, '\n', size - start);
        gsize end = newline != NULL ? (gsize) (newline - data) + 1 : size;

        if (is_from_quoted_line (data + start, end - start) &&
            !g_output_stream_write_all (out, ">", 1, NULL, NULL, error))
            return FALSE;
        if (!g_output_stream_write_all (out, data + start, end - start, NULL,
                                        NULL, error))
            return FALSE;
        start = end;
    }
    return TRUE;
}

/* The inverse of mla_mbox_separator_length(): after a CRLF line end the
 * separator is an empty CRLF line, else an empty LF line; a message without
 * a final line break gets one first (it reads back with it). */
static const char *
separator_for (const guint8 *data, gsize size)
{
    if (size >= 2 && data[size - 2] == '\r' && data[size - 1] == '\n')
        return "\r\n";
    if (size >= 1 && data[size - 1] == '\n')
        return "\n";
    return "\n\n";
}

gboolean
mla_mboxrd_write_message (GOutputStream *out, const char *envelope,
                          const char *date_utc, const guint8 *data, gsize size,
                          GError **error)
{
    g_autofree char *made =
        envelope == NULL ? synthetic_envelope (date_utc) : NULL;
    g_autofree char *from_line =
        g_strdup_printf ("From %s\n", envelope != NULL ? envelope : made);
    const char *separator = separator_for (data, size);

    return g_output_stream_write_all (out, from_line, strlen (from_line), NULL,
                                      NULL, error) &&
           write_mboxrd_body (out, data, size, error) &&
           g_output_stream_write_all (out, separator, strlen (separator), NULL,
                                      NULL, error);
}
