/* mla-source.c: open one import input and tell what it is.
 *
 * Streams are stacked: file (or stdin) → buffered (to peek at the gzip
 * magic) → gzip decoder when the magic is there → buffered (to peek at the
 * decoded start). The last one is what the mbox reader reads; peeking
 * consumes nothing, so the reader sees the stream from its first byte. */
#include "config.h"
#include <errno.h>
#include <string.h>
#include <glib/gstdio.h>
#include <gio/gunixinputstream.h>
#include "mla-error.h"
#include "mla-maildir.h"
#include "mla-source.h"
#include "mla-mbox-private.h"

#define PEEK_BUFFER (64 * 1024)
/* Enough of the first line to see "From " or a field name and its ':'. */
#define SNIFF_BYTES 1024

struct MlaSource {
    char *path;
    MlaSourceKind kind;
    gboolean gzip;
    GInputStream *file;    /* the bytes as stored: file or stdin */
    GInputStream *peeked;  /* buffered over @file */
    GInputStream *decoded; /* peekable, after gzip decoding */
    guint64 total;
    guint64 message_bytes; /* KIND_MESSAGE: bytes read */
    gboolean message_done;
    guint64 max_size; /* KIND_MESSAGE: the size limit */
    MlaMboxReader *mbox;
    MlaMaildirReader *maildir;
    GCancellable *cancellable; /* nullable: stops a read that waits */
};

void
mla_source_free (MlaSource *source)
{
    if (source == NULL)
        return;
    g_clear_pointer (&source->mbox, mla_mbox_reader_free);
    g_clear_pointer (&source->maildir, mla_maildir_reader_free);
    g_clear_object (&source->decoded);
    g_clear_object (&source->peeked);
    g_clear_object (&source->file);
    g_clear_object (&source->cancellable);
    g_free (source->path);
    g_free (source);
}

/* Bytes of the stored file consumed: read, less what is still buffered. */
static gboolean
file_position (MlaSource *source, guint64 *position)
{
    if (source->peeked == NULL || !G_IS_SEEKABLE (source->file) ||
        !g_seekable_can_seek (G_SEEKABLE (source->file)))
        return FALSE;
    *position = (guint64) g_seekable_tell (G_SEEKABLE (source->file)) -
                g_buffered_input_stream_get_available (
                    G_BUFFERED_INPUT_STREAM (source->peeked));
    return TRUE;
}

/* Turns a failed read into an error that names the file and says what is
 * wrong with it. */
static gboolean
read_error (MlaSource *source, GError *cause, GError **error)
{
    g_autoptr (GError) owned = cause;
    guint64 at = 0;

    if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return mla_throw (error, MLA_ERROR_TEMPORARY, "%s: interrupted",
                          source->path);
    if (source->gzip &&
        (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_INVALID_DATA) ||
         g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT)))
        return mla_throw (
            error, MLA_ERROR_CORRUPT,
            "%s: corrupt gzip data at byte %" G_GUINT64_FORMAT ": %s",
            source->path, file_position (source, &at) ? at : 0, cause->message);
    return mla_throw (error, MLA_ERROR_IO, "%s: read error: %s", source->path,
                      cause->message);
}

/* Buffers at least @want bytes of @stream (fewer at its end). */
static gboolean
peek (MlaSource *source, GBufferedInputStream *stream, gsize want,
      GError **error)
{
    while (g_buffered_input_stream_get_available (stream) < want) {
        GError *local = NULL;
        gssize n = g_buffered_input_stream_fill (
            stream,
            (gssize) (want - g_buffered_input_stream_get_available (stream)),
            source->cancellable, &local);

        if (n < 0)
            return read_error (source, local, error);
        if (n == 0)
            break;
    }
    return TRUE;
}

static gboolean
open_stream (MlaSource *source, GError **error)
{
    g_autoptr (GFile) file = NULL;
    g_autoptr (GError) local = NULL;
    GStatBuf st;

    if (strcmp (source->path, "-") == 0) {
        source->file = g_unix_input_stream_new (0, FALSE);
        return TRUE;
    }
    if (g_stat (source->path, &st) != 0 || g_access (source->path, R_OK) != 0)
        return mla_throw_errno (error, errno, source->path);
    source->total = (guint64) st.st_size;
    file = g_file_new_for_path (source->path);
    source->file = G_INPUT_STREAM (g_file_read (file, NULL, &local));
    if (source->file == NULL)
        return mla_throw (error, MLA_ERROR_IO, "%s", local->message);
    return TRUE;
}

/* Stacks the gzip decoder if the data starts with its magic. */
static gboolean
open_decoded (MlaSource *source, GError **error)
{
    g_autoptr (GInputStream) decoded = NULL;
    const guint8 *head;
    gsize avail;

    source->peeked =
        g_buffered_input_stream_new_sized (source->file, PEEK_BUFFER);
    if (!peek (source, G_BUFFERED_INPUT_STREAM (source->peeked), 2, error))
        return FALSE;
    head = g_buffered_input_stream_peek_buffer (
        G_BUFFERED_INPUT_STREAM (source->peeked), &avail);
    if (avail >= 2 && head[0] == 0x1f && head[1] == 0x8b) {
        g_autoptr (GZlibDecompressor) gunzip =
            g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);

        source->gzip = TRUE;
        decoded =
            g_converter_input_stream_new (source->peeked, G_CONVERTER (gunzip));
        source->decoded =
            g_buffered_input_stream_new_sized (decoded, PEEK_BUFFER);
    } else {
        source->decoded = g_object_ref (source->peeked);
    }
    return TRUE;
}

static gboolean
sniff (MlaSource *source, MlaMboxFormat format, GError **error)
{
    GBufferedInputStream *stream = G_BUFFERED_INPUT_STREAM (source->decoded);
    const char *head;
    gsize avail;

    if (!peek (source, stream, SNIFF_BYTES, error))
        return FALSE;
    head = g_buffered_input_stream_peek_buffer (stream, &avail);
    if (avail == 0) {
        source->kind = MLA_SOURCE_KIND_EMPTY;
        return TRUE;
    }
    if (avail >= 3 && memcmp (head, "\xEF\xBB\xBF", 3) == 0) {
        head += 3;
        avail -= 3;
    }
    if (avail >= 5 && memcmp (head, "From ", 5) == 0) {
        source->kind = MLA_SOURCE_KIND_MBOX;
        source->mbox =
            mla_mbox_reader_new (source->decoded, source->path, format);
        mla_mbox_reader_set_cancellable (source->mbox, source->cancellable);
        return TRUE;
    }
    if (mla_field_name_length (head, avail) > 0) {
        source->kind = MLA_SOURCE_KIND_MESSAGE;
        return TRUE;
    }
    return mla_throw (
        error, MLA_ERROR_NOT_MAIL,
        "%s: not mail: first line is neither a From_ line nor a header",
        source->path);
}

MlaSource *
mla_source_open (const char *path, MlaMboxFormat format, GError **error)
{
    return mla_source_open_cancellable (path, format, NULL, error);
}

MlaSource *
mla_source_open_cancellable (const char *path, MlaMboxFormat format,
                             GCancellable *cancellable, GError **error)
{
    g_autoptr (MlaSource) source = NULL;

    g_return_val_if_fail (path != NULL, NULL);

    source = g_new0 (MlaSource, 1);
    source->path = g_strdup (path);
    if (cancellable != NULL)
        source->cancellable = g_object_ref (cancellable);
    source->max_size = MLA_DEFAULT_MAX_MESSAGE_SIZE;
    if (strcmp (path, "-") != 0 && g_file_test (path, G_FILE_TEST_IS_DIR)) {
        source->kind = MLA_SOURCE_KIND_MAILDIR;
        source->maildir = mla_maildir_reader_open (path, error);
        if (source->maildir == NULL)
            return NULL;
        source->total = mla_maildir_reader_get_total_bytes (source->maildir);
        return g_steal_pointer (&source);
    }
    if (!open_stream (source, error) || !open_decoded (source, error) ||
        !sniff (source, format, error))
        return NULL;
    return g_steal_pointer (&source);
}

/* KIND_MESSAGE: the whole input is one message; only a BOM is dropped.
 * Past the size limit the rest is read and counted, not kept. */
static gboolean
read_message (MlaSource *source, MlaRawMessage **out_message, GError **error)
{
    g_autoptr (GByteArray) kept = g_byte_array_new ();
    g_autoptr (GBytes) bytes = NULL;
    g_autoptr (GBytes) body = NULL;
    g_autofree guint8 *block = g_malloc (PEEK_BUFFER);
    guint64 size = 0;
    gsize skip = 0;

    source->message_done = TRUE;
    for (;;) {
        GError *local = NULL;
        gssize n = g_input_stream_read (source->decoded, block, PEEK_BUFFER,
                                        source->cancellable, &local);

        if (n < 0)
            return read_error (source, local, error);
        if (n == 0)
            break;
        size += (guint64) n;
        source->message_bytes = size;
        if (size <= source->max_size)
            g_byte_array_append (kept, block, (guint) n);
        else if (kept->len > 0)
            g_byte_array_set_size (kept, 0);
    }
    if (size > source->max_size) {
        *out_message = mla_raw_message_new (NULL, source->path, 0, 1);
        mla_raw_message_set_too_big (*out_message, size, source->max_size);
        return TRUE;
    }
    if (kept->len >= 3 && memcmp (kept->data, "\xEF\xBB\xBF", 3) == 0)
        skip = 3;
    bytes = g_byte_array_free_to_bytes (g_steal_pointer (&kept));
    body =
        g_bytes_new_from_bytes (bytes, skip, g_bytes_get_size (bytes) - skip);
    *out_message = mla_raw_message_new (body, source->path, 0, 1);
    return TRUE;
}

gboolean
mla_source_next (MlaSource *source, MlaRawMessage **out_message, GError **error)
{
    g_return_val_if_fail (source != NULL, FALSE);
    g_return_val_if_fail (out_message != NULL, FALSE);

    *out_message = NULL;
    switch (source->kind) {
    case MLA_SOURCE_KIND_MBOX:
        return mla_mbox_reader_next (source->mbox, out_message, error);
    case MLA_SOURCE_KIND_MAILDIR:
        return mla_maildir_reader_next (source->maildir, out_message, error);
    case MLA_SOURCE_KIND_MESSAGE:
        return source->message_done ||
               read_message (source, out_message, error);
    case MLA_SOURCE_KIND_EMPTY:
        break;
    }
    return TRUE;
}

void
mla_source_set_max_message_size (MlaSource *source, guint64 size)
{
    g_return_if_fail (source != NULL);
    source->max_size = size > 0 ? size : MLA_DEFAULT_MAX_MESSAGE_SIZE;
    if (source->mbox != NULL)
        mla_mbox_reader_set_max_message_size (source->mbox, size);
    if (source->maildir != NULL)
        mla_maildir_reader_set_max_message_size (source->maildir, size);
}

MlaSourceKind
mla_source_get_kind (MlaSource *source)
{
    g_return_val_if_fail (source != NULL, MLA_SOURCE_KIND_EMPTY);
    return source->kind;
}

const char *
mla_source_get_path (MlaSource *source)
{
    g_return_val_if_fail (source != NULL, NULL);
    return source->path;
}

const char *
mla_source_get_format_name (MlaSource *source)
{
    static const char *const gzip_names[] = {
        [MLA_MBOX_FORMAT_AUTO] = "auto.gz",
        [MLA_MBOX_FORMAT_MBOXO] = "mboxo.gz",
        [MLA_MBOX_FORMAT_MBOXRD] = "mboxrd.gz",
        [MLA_MBOX_FORMAT_MBOXCL2] = "mboxcl2.gz",
        [MLA_MBOX_FORMAT_MBOXCL] = "mboxcl.gz",
    };
    MlaMboxFormat format;

    g_return_val_if_fail (source != NULL, NULL);

    switch (source->kind) {
    case MLA_SOURCE_KIND_MBOX:
        format = mla_mbox_reader_get_format (source->mbox);
        return source->gzip ? gzip_names[format]
                            : mla_mbox_format_to_string (format);
    case MLA_SOURCE_KIND_MAILDIR:
        return "maildir";
    case MLA_SOURCE_KIND_MESSAGE:
        return "message";
    case MLA_SOURCE_KIND_EMPTY:
        break;
    }
    return "empty";
}

guint64
mla_source_get_bytes_done (MlaSource *source)
{
    guint64 position;

    g_return_val_if_fail (source != NULL, 0);

    if (source->maildir != NULL)
        return mla_maildir_reader_get_bytes_read (source->maildir);
    if (file_position (source, &position))
        return position;
    if (source->mbox != NULL)
        return mla_mbox_reader_get_bytes_read (source->mbox);
    return source->message_bytes;
}

guint64
mla_source_get_bytes_total (MlaSource *source)
{
    g_return_val_if_fail (source != NULL, 0);
    return source->total;
}
