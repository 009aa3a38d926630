/* mla-message-parts.c: the body text of a message and its attachments,
 * from GMime's parts: charsets to UTF-8, HTML to text, attachments hashed
 * as they are decoded. Part of the message module (mla-message-private.h). */
#include "config.h"
#include <string.h>
#include "mla-message-private.h"
#include "mla-autocleanups.h"
#include "mla-html-private.h"

/* Writes @content transfer-decoded into memory, through @filters in order.
 * Returns: (transfer full): the bytes without NULs, NUL-terminated, length
 * in @out_len. */
static char *
decode_content (GMimeDataWrapper *content, GMimeFilter **filters, gsize n_filters,
                gsize *out_len)
{
    GByteArray *bytes = g_byte_array_new ();
    g_autoptr (GMimeStream) memory = g_mime_stream_mem_new_with_byte_array (bytes);
    g_autoptr (GMimeStream) filtered = g_mime_stream_filter_new (memory);

    g_mime_stream_mem_set_owner (GMIME_STREAM_MEM (memory), FALSE);
    for (gsize i = 0; i < n_filters; i++)
        if (filters[i] != NULL)
            g_mime_stream_filter_add (GMIME_STREAM_FILTER (filtered), filters[i]);
    if (content != NULL)
        g_mime_data_wrapper_write_to_stream (content, filtered);
    g_mime_stream_flush (filtered);
    /* A NUL would end the text early; scan_raw() reports it. */
    if (bytes->len > 0 && memchr (bytes->data, '\0', bytes->len) != NULL) {
        gsize kept = 0;

        for (gsize i = 0; i < bytes->len; i++)
            if (bytes->data[i] != '\0')
                bytes->data[kept++] = bytes->data[i];
        g_byte_array_set_size (bytes, kept);
    }
    *out_len = bytes->len;
    g_byte_array_append (bytes, (const guint8 *) "", 1);
    return (char *) g_byte_array_free (bytes, FALSE);
}

/* A filter from @charset to UTF-8, reset, or NULL for a charset iconv does
 * not know. Opening an iconv converter (a module lookup under glibc's
 * loader lock) costs more than converting a mail's text, so each thread
 * keeps its filters, one per charset. Returns: (transfer full) (nullable). */
static GMimeFilter *
charset_filter (const char *charset)
{
    static GPrivate filters = G_PRIVATE_INIT ((GDestroyNotify) g_hash_table_unref);
    GHashTable *table = g_private_get (&filters);
    GMimeFilter *filter;

    if (table == NULL) {
        table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
        g_private_set (&filters, table);
    }
    filter = g_hash_table_lookup (table, charset);
    if (filter == NULL) {
        filter = g_mime_filter_charset_new (charset, "UTF-8");
        if (filter == NULL)
            return NULL;
        g_hash_table_insert (table, g_strdup (charset), filter);
    }
    g_mime_filter_reset (filter);
    return g_object_ref (filter);
}

/* decode_content() through @convert (nullable), then GMime's dos2unix
 * filter; that filter copies every byte, so it runs only on text that
 * turned out to hold a CR (@convert is reset for the second pass). */
static char *
decode_text (GMimeDataWrapper *content, GMimeFilter *convert, gsize *out_len)
{
    g_autoptr (GMimeFilter) dos2unix = NULL;
    char *text = decode_content (content, &convert, 1, out_len);

    if (memchr (text, '\r', *out_len) == NULL)
        return text;
    g_free (text);
    if (convert != NULL)
        g_mime_filter_reset (convert);
    dos2unix = g_mime_filter_dos2unix_new (FALSE);
    return decode_content (content, (GMimeFilter *[]) { convert, dos2unix }, 2, out_len);
}

static gboolean
charset_is_utf8_compatible (const char *charset)
{
    return charset == NULL || g_ascii_strcasecmp (charset, "utf-8") == 0
           || g_ascii_strcasecmp (charset, "us-ascii") == 0;
}

/* The text of @part in UTF-8 with LF line ends. An unknown or wrong label
 * falls back to UTF-8 when the bytes are valid UTF-8, else windows-1252
 * (a superset of ISO-8859-1 that mail mislabelled as Latin-1 uses). */
static char *
part_text (MlaParseState *state, GMimePart *part)
{
    GMimeDataWrapper *content = g_mime_part_get_content (part);
    const char *label = g_mime_object_get_content_type_parameter (GMIME_OBJECT (part), "charset");
    const char *charset = label != NULL ? g_mime_charset_canon_name (label) : NULL;
    g_autoptr (GMimeFilter) convert = NULL;
    g_autofree char *text = NULL;
    gsize len;

    if (!charset_is_utf8_compatible (charset)) {
        convert = charset_filter (charset);
        if (convert == NULL)
            mla_message_state_defect (state, "unknown-charset", "unknown charset %s", label);
    }
    text = decode_text (content, convert, &len);
    if (g_utf8_validate (text, len, NULL))
        return g_steal_pointer (&text);
    if (convert == NULL && (charset == NULL || g_ascii_strcasecmp (charset, "utf-8") != 0)) {
        if (charset_is_utf8_compatible (charset))
            mla_message_state_defect (state, "unknown-charset", "8-bit text labelled %s",
                          label != NULL ? label : "as nothing");
        convert = charset_filter ("windows-1252");
        g_free (text);
        text = decode_text (content, convert, &len);
        if (g_utf8_validate (text, len, NULL))
            return g_steal_pointer (&text);
    }
    mla_message_state_defect (state, "invalid-utf8", "invalid %s in the text",
                  label != NULL ? label : "UTF-8");
    return g_utf8_make_valid (text, len);
}

static gboolean
is_text (GMimeObject *object, const char *subtype)
{
    return g_mime_content_type_is_type (g_mime_object_get_content_type (object), "text", subtype);
}

/* The best body part: the first inline text/plain, else the first inline
 * text/html. message/rfc822 parts are attachments, not searched. */
static GMimeObject *
find_body (GMimeObject *object, const char *subtype)
{
    if (GMIME_IS_MULTIPART (object)) {
        int n = g_mime_multipart_get_count (GMIME_MULTIPART (object));

        for (int i = 0; i < n; i++) {
            GMimeObject *found = find_body (g_mime_multipart_get_part (GMIME_MULTIPART (object), i),
                                            subtype);

            if (found != NULL)
                return found;
        }
        return NULL;
    }
    if (GMIME_IS_PART (object) && is_text (object, subtype)
        && !g_mime_part_is_attachment (GMIME_PART (object)))
        return object;
    return NULL;
}

void
mla_message_set_body (MlaParseState *state, GMimeObject *root)
{
    MlaMessage *message = state->message;
    GMimeObject *part = find_body (root, "plain");
    g_autofree char *text = NULL;

    message->body_source = MLA_BODY_SOURCE_PLAIN;
    if (part == NULL) {
        part = find_body (root, "html");
        message->body_source = MLA_BODY_SOURCE_HTML;
    }
    if (part == NULL) {
        message->body_source = MLA_BODY_SOURCE_NONE;
        return;
    }
    state->body_part = part;
    text = part_text (state, GMIME_PART (part));
    if (message->body_source == MLA_BODY_SOURCE_HTML && state->html != NULL)
        *state->html = g_strdup (text);
    if (message->body_source == MLA_BODY_SOURCE_HTML)
        message->body_text = mla_html_to_text (text, -1);
    else
        message->body_text = g_steal_pointer (&text);
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

/* The decoded content of an attachment, to read from its start, as
 * g_mime_data_wrapper_write_to_stream() would write it; a message part
 * is written out (it is rare). Returns: (transfer full) (nullable). */
static GMimeStream *
decoded_stream (GMimeObject *object)
{
    GMimeDataWrapper *content;
    GMimeStream *stream, *filtered;
    g_autoptr (GMimeFilter) decoder = NULL;
    GMimeContentEncoding encoding;

    if (GMIME_IS_MESSAGE_PART (object)) {
        GMimeMessage *inner = g_mime_message_part_get_message (GMIME_MESSAGE_PART (object));

        if (inner == NULL)
            return NULL;
        stream = g_mime_stream_mem_new ();
        g_mime_object_write_to_stream (GMIME_OBJECT (inner), NULL, stream);
        g_mime_stream_reset (stream);
        return stream;
    }
    content = g_mime_part_get_content (GMIME_PART (object));
    if (content == NULL || (stream = g_mime_data_wrapper_get_stream (content)) == NULL)
        return NULL;
    g_mime_stream_reset (stream);
    encoding = g_mime_data_wrapper_get_encoding (content);
    if (encoding != GMIME_CONTENT_ENCODING_BASE64
        && encoding != GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE
        && encoding != GMIME_CONTENT_ENCODING_UUENCODE)
        return g_object_ref (stream);
    decoder = g_mime_filter_basic_new (encoding, FALSE);
    filtered = g_mime_stream_filter_new (stream);
    g_mime_stream_filter_add (GMIME_STREAM_FILTER (filtered), decoder);
    return filtered;
}

/* Size and SHA-256 (Nettle's, as for the raw bytes: GMime's checksum
 * filter uses GLib's, several times slower) of the decoded content,
 * streamed, never held whole unless @keep (nullable) asks for the bytes. */
static void
attachment_digest (MlaAttachment *attachment, GMimeObject *object, GByteArray *keep)
{
    g_autoptr (GMimeStream) decoded = decoded_stream (object);
    g_autoptr (MlaSha256) sha256 = mla_sha256_new ();
    char buffer[16384];
    gssize n;

    attachment->size = 0;
    while (decoded != NULL && (n = g_mime_stream_read (decoded, buffer, sizeof buffer)) > 0) {
        mla_sha256_update (sha256, buffer, (gsize) n);
        if (keep != NULL)
            g_byte_array_append (keep, (const guint8 *) buffer, (guint) n);
        attachment->size += (gsize) n;
    }
    mla_sha256_get_hex (sha256, attachment->sha256);
}

static void
add_attachment (MlaParseState *state, GMimeObject *object)
{
    MlaMessage *message = state->message;
    MlaAttachment *attachment;

    if (state->parts++ >= MAX_ATTACHMENTS)
        return;
    attachment = g_new0 (MlaAttachment, 1);
    GMimeContentType *type = g_mime_object_get_content_type (object);
    const char *filename = g_mime_object_get_content_disposition_parameter (object, "filename");
    g_autofree char *mime_type = g_mime_content_type_get_mime_type (type);


    /* g_mime_part_get_filename() does this for parts; message parts too. */
    if (filename == NULL)
        filename = g_mime_object_get_content_type_parameter (object, "name");
    if (filename != NULL && *filename != '\0')
        attachment->filename = mla_message_utf8_dup (filename);
    attachment->content_type = g_ascii_strdown (
        GMIME_IS_MESSAGE_PART (object) ? "message/rfc822" : mime_type, -1);
    attachment_digest (attachment, object,
                       message->attachments->len == state->wanted ? state->kept : NULL);
    g_ptr_array_add (message->attachments, attachment);
}

void
mla_message_collect_attachments (MlaParseState *state, GMimeObject *object)
{
    if (GMIME_IS_MULTIPART (object)) {
        int n = g_mime_multipart_get_count (GMIME_MULTIPART (object));

        for (int i = 0; i < n; i++)
            mla_message_collect_attachments (state, g_mime_multipart_get_part (GMIME_MULTIPART (object), i));
    } else if (GMIME_IS_MESSAGE_PART (object)) {
        add_attachment (state, object);
    } else if (GMIME_IS_PART (object) && object != state->body_part
               && (g_mime_part_is_attachment (GMIME_PART (object))
                   || g_mime_part_get_filename (GMIME_PART (object)) != NULL
                   || !g_mime_content_type_is_type (g_mime_object_get_content_type (object),
                                                    "text", "*"))) {
        add_attachment (state, object);
    }
}
