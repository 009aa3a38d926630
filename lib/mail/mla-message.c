/* mla-message.c: the message parser, which turns GMime objects into plain
 * UTF-8 data: the parse, the body text and the attachments here, the
 * headers in mla-message-headers.c. Parsing is lenient (GMime's); what
 * GMime or the scan of the raw bytes (mla-message-raw.c) notices becomes a
 * defect, one per kind. */
#include "config.h"
#include <string.h>
#include <gmime/gmime.h>
#include "mla-html-private.h"
#include "mla-message-parse-private.h"
#include "mla-digest-private.h"

/* Mail decides this count; past it the model keeps a sample and says so,
 * so that memory, the XML and the overview stay bounded. */
#define MAX_ATTACHMENTS 1000
/* A text/plain alternative longer than this is a text version, not a
 * pointer to the HTML one. */
#define STUB_MAX_BYTES 600

static const char *const warning_codes[] = {
    [GMIME_WARN_DUPLICATED_HEADER] = "duplicated-header",
    [GMIME_WARN_DUPLICATED_PARAMETER] = "duplicated-parameter",
    [GMIME_WARN_UNENCODED_8BIT_HEADER] = "8bit-header",
    [GMIME_WARN_INVALID_CONTENT_TYPE] = "invalid-content-type",
    [GMIME_WARN_INVALID_RFC2047_HEADER_VALUE] = "invalid-rfc2047",
    [GMIME_WARN_MALFORMED_MULTIPART] = "malformed-multipart",
    [GMIME_WARN_TRUNCATED_MESSAGE] = "truncated-message",
    [GMIME_WARN_MALFORMED_MESSAGE] = "malformed-message",
    [GMIME_CRIT_INVALID_HEADER_NAME] = "invalid-header-name",
    [GMIME_CRIT_CONFLICTING_HEADER] = "conflicting-header",
    [GMIME_CRIT_CONFLICTING_PARAMETER] = "conflicting-parameter",
    [GMIME_CRIT_MULTIPART_WITHOUT_BOUNDARY] = "multipart-without-boundary",
    [GMIME_WARN_INVALID_PARAMETER] = "invalid-parameter",
    [GMIME_WARN_INVALID_ADDRESS_LIST] = "invalid-address-list",
    [GMIME_CRIT_NESTING_OVERFLOW] = "nesting-overflow",
    [GMIME_WARN_PART_WITHOUT_CONTENT] = "part-without-content",
    [GMIME_CRIT_PART_WITHOUT_HEADERS_OR_CONTENT] =
        "part-without-headers-or-content",
};

static void
parser_warning (gint64 offset, GMimeParserWarning code, const char *item,
                gpointer user_data)
{
    MlaParseState *state = user_data;
    const char *name = NULL;

    if ((gsize) code < G_N_ELEMENTS (warning_codes))
        name = warning_codes[code];
    if (name == NULL)
        name = "parser-warning";
    if (item == NULL)
        item = "";
    if (offset >= 0)
        mla_defect_tally (state->tallies, name,
                          "at byte %" G_GINT64_FORMAT ": %s", offset, item);
    else
        mla_defect_tally (state->tallies, name, "%s",
                          *item != '\0' ? item : "at the end");
}

static gpointer
init_gmime (gpointer data)
{
    g_mime_init ();
    return NULL;
}

typedef void (*ChunkFunc) (const guint8 *data, gsize len, gpointer user_data);

/* Passes the transfer-decoded content of @object, a part or a message part
 * (written out: it is rare), to @func chunk by chunk, never whole. GMime
 * 3.2.13's base64 filter stops at the first '='-padded quantum (gmime issue
 * 150), which parts joined from blocks encoded one by one have; GLib's
 * g_base64_decode_step() reads on past padding, so base64 is decoded with
 * it. */
static void
read_decoded (GMimeObject *object, ChunkFunc func, gpointer user_data)
{
    g_autoptr (GMimeStream) stream = NULL;
    GMimeContentEncoding encoding = GMIME_CONTENT_ENCODING_DEFAULT;
    char buffer[16384];
    guchar decoded[sizeof buffer / 4 * 3 + 3];
    int state = 0;
    guint save = 0;
    gssize n;

    if (GMIME_IS_MESSAGE_PART (object)) {
        GMimeMessage *inner =
            g_mime_message_part_get_message (GMIME_MESSAGE_PART (object));

        if (inner == NULL)
            return;
        stream = g_mime_stream_mem_new ();
        g_mime_object_write_to_stream (GMIME_OBJECT (inner), NULL, stream);
    } else {
        GMimeDataWrapper *content =
            g_mime_part_get_content (GMIME_PART (object));
        GMimeStream *raw =
            content != NULL ? g_mime_data_wrapper_get_stream (content) : NULL;

        if (raw == NULL)
            return;
        stream = g_object_ref (raw);
        encoding = g_mime_data_wrapper_get_encoding (content);
        if (encoding == GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE ||
            encoding == GMIME_CONTENT_ENCODING_UUENCODE) {
            g_autoptr (GMimeFilter) decoder =
                g_mime_filter_basic_new (encoding, FALSE);
            GMimeStream *filtered = g_mime_stream_filter_new (stream);

            g_mime_stream_filter_add (GMIME_STREAM_FILTER (filtered), decoder);
            g_object_unref (stream);
            stream = filtered;
        }
    }
    g_mime_stream_reset (stream);
    while ((n = g_mime_stream_read (stream, buffer, sizeof buffer)) > 0) {
        if (encoding == GMIME_CONTENT_ENCODING_BASE64)
            func (decoded,
                  g_base64_decode_step (buffer, (gsize) n, decoded, &state,
                                        &save),
                  user_data);
        else
            func ((const guint8 *) buffer, (gsize) n, user_data);
    }
}

static void
write_chunk (const guint8 *data, gsize len, gpointer user_data)
{
    g_mime_stream_write (user_data, (const char *) data, len);
}

/* Writes @part transfer-decoded into memory, through @filters in order.
 * Returns: (transfer full): the bytes without NULs, NUL-terminated, length
 * in @out_len. */
static char *
decode_content (GMimeObject *part, GMimeFilter **filters, gsize n_filters,
                gsize *out_len)
{
    GByteArray *bytes = g_byte_array_new ();
    g_autoptr (GMimeStream) memory =
        g_mime_stream_mem_new_with_byte_array (bytes);
    g_autoptr (GMimeStream) filtered = g_mime_stream_filter_new (memory);

    g_mime_stream_mem_set_owner (GMIME_STREAM_MEM (memory), FALSE);
    for (gsize i = 0; i < n_filters; i++)
        if (filters[i] != NULL)
            g_mime_stream_filter_add (GMIME_STREAM_FILTER (filtered),
                                      filters[i]);
    read_decoded (part, write_chunk, filtered);
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
    static GPrivate filters =
        G_PRIVATE_INIT ((GDestroyNotify) g_hash_table_unref);
    GHashTable *table = g_private_get (&filters);
    GMimeFilter *filter;

    if (table == NULL) {
        table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                       g_object_unref);
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
decode_text (GMimeObject *part, GMimeFilter *convert, gsize *out_len)
{
    g_autoptr (GMimeFilter) dos2unix = NULL;
    char *text = decode_content (part, &convert, 1, out_len);

    if (memchr (text, '\r', *out_len) == NULL)
        return text;
    g_free (text);
    if (convert != NULL)
        g_mime_filter_reset (convert);
    dos2unix = g_mime_filter_dos2unix_new (FALSE);
    return decode_content (part, (GMimeFilter *[]){ convert, dos2unix }, 2,
                           out_len);
}

static gboolean
charset_is_utf8_compatible (const char *charset)
{
    return charset == NULL || g_ascii_strcasecmp (charset, "utf-8") == 0 ||
           g_ascii_strcasecmp (charset, "us-ascii") == 0;
}

/* The text of @part in UTF-8 with LF line ends. An unknown or wrong label
 * falls back to UTF-8 when the bytes are valid UTF-8, else windows-1252
 * (a superset of ISO-8859-1 that mail mislabelled as Latin-1 uses). */
static char *
part_text (MlaParseState *state, GMimePart *part)
{
    const char *label = g_mime_object_get_content_type_parameter (
        GMIME_OBJECT (part), "charset");
    const char *charset =
        label != NULL ? g_mime_charset_canon_name (label) : NULL;
    g_autoptr (GMimeFilter) convert = NULL;
    g_autofree char *text = NULL;
    gsize len;

    if (!charset_is_utf8_compatible (charset)) {
        convert = charset_filter (charset);
        if (convert == NULL)
            mla_defect_tally (state->tallies, "unknown-charset",
                              "unknown charset %s", label);
    }
    text = decode_text (GMIME_OBJECT (part), convert, &len);
    if (g_utf8_validate (text, len, NULL))
        return g_steal_pointer (&text);
    if (convert == NULL &&
        (charset == NULL || g_ascii_strcasecmp (charset, "utf-8") != 0)) {
        if (charset_is_utf8_compatible (charset))
            mla_defect_tally (state->tallies, "unknown-charset",
                              "8-bit text labelled %s",
                              label != NULL ? label : "as nothing");
        convert = charset_filter ("windows-1252");
        g_free (text);
        text = decode_text (GMIME_OBJECT (part), convert, &len);
        if (g_utf8_validate (text, len, NULL))
            return g_steal_pointer (&text);
    }
    mla_defect_tally (state->tallies, "invalid-utf8", "invalid %s in the text",
                      label != NULL ? label : "UTF-8");
    return g_utf8_make_valid (text, len);
}

static gboolean
is_text (GMimeObject *object, const char *subtype)
{
    return g_mime_content_type_is_type (g_mime_object_get_content_type (object),
                                        "text", subtype);
}

/* The best body part: the first inline text/plain, else the first inline
 * text/html (set_body() prefers the HTML alternative to a stub text).
 * message/rfc822 parts are attachments, not searched. */
static GMimeObject *
find_body (GMimeObject *object, const char *subtype)
{
    if (GMIME_IS_MULTIPART (object)) {
        int n = g_mime_multipart_get_count (GMIME_MULTIPART (object));

        for (int i = 0; i < n; i++) {
            GMimeObject *found = find_body (
                g_mime_multipart_get_part (GMIME_MULTIPART (object), i),
                subtype);

            if (found != NULL)
                return found;
        }
        return NULL;
    }
    if (GMIME_IS_PART (object) && is_text (object, subtype) &&
        !g_mime_part_is_attachment (GMIME_PART (object)))
        return object;
    return NULL;
}

/* The text/html alternative to @plain: a sibling of it (or inside one,
 * as in multipart/related) in the multipart/alternative that holds it. */
static GMimeObject *
find_html_alternative (GMimeObject *object, GMimeObject *plain)
{
    GMimeMultipart *multipart;
    int n;

    if (!GMIME_IS_MULTIPART (object))
        return NULL;
    multipart = GMIME_MULTIPART (object);
    n = g_mime_multipart_get_count (multipart);
    if (g_mime_content_type_is_type (g_mime_object_get_content_type (object),
                                     "multipart", "alternative"))
        for (int i = 0; i < n; i++)
            if (g_mime_multipart_get_part (multipart, i) == plain)
                for (int j = 0; j < n; j++) {
                    GMimeObject *html = find_body (
                        g_mime_multipart_get_part (multipart, j), "html");

                    if (html != NULL)
                        return html;
                }
    for (int i = 0; i < n; i++) {
        GMimeObject *found = find_html_alternative (
            g_mime_multipart_get_part (multipart, i), plain);

        if (found != NULL)
            return found;
    }
    return NULL;
}

/* Whether a text/plain alternative only stands in for the HTML one:
 * blank, or a few lines that mention HTML ("The programme is in the HTML
 * version", "Your client cannot display HTML"). Mail clients that write a
 * real text version give it the whole content, whatever its length. */
static gboolean
is_stub_text (const char *text)
{
    const char *start = text, *end = text + strlen (text);
    g_autofree char *folded = NULL;

    /* (every plain body comes here: no copy of a long one) */
    while (start < end && g_ascii_isspace (*start))
        start++;
    while (end > start && g_ascii_isspace (end[-1]))
        end--;
    if (start == end)
        return TRUE;
    if (end - start > STUB_MAX_BYTES)
        return FALSE;
    folded = g_ascii_strdown (start, end - start);
    return strstr (folded, "html") != NULL;
}

/* Counts the bytes of @text other than white space. */
static gsize
visible_length (const char *text)
{
    gsize n = 0;

    for (; *text != '\0'; text++)
        if (!g_ascii_isspace (*text))
            n++;
    return n;
}

/* Whether @markup holds two clock times or more ("9:30", "14.00",
 * "19h00"): the cheap test before an alternative is made text. */
static gboolean
has_clock_times (const char *markup)
{
    guint clocks = 0;

    for (const char *p = markup; *p != '\0' && clocks < 2; p++)
        if (g_ascii_isdigit (p[0]) && strchr (":.h", p[1]) != NULL &&
            p[1] != '\0' && g_ascii_isdigit (p[2]) && g_ascii_isdigit (p[3]) &&
            !g_ascii_isdigit (p[4]))
            clocks++;
    return clocks >= 2;
}

/* The text/html alternative of the plain body @part as text, when its
 * markup holds clock times (mla_message_get_alternative_text()).
 * Returns: (transfer full) (nullable). */
static char *
alternative_text (MlaParseState *state, GMimeObject *root, GMimeObject *part)
{
    GMimeObject *html;
    g_autofree char *markup = NULL;

    if (!GMIME_IS_MULTIPART (root) ||
        (html = find_html_alternative (root, part)) == NULL)
        return NULL;
    markup = part_text (state, GMIME_PART (html));
    return markup != NULL && has_clock_times (markup)
               ? mla_html_to_text (markup, -1)
               : NULL;
}

static void
set_body (MlaParseState *state, GMimeObject *root)
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
    text = part_text (state, GMIME_PART (part));
    if (message->body_source == MLA_BODY_SOURCE_PLAIN && is_stub_text (text)) {
        GMimeObject *html = find_html_alternative (root, part);
        g_autofree char *markup =
            html != NULL ? part_text (state, GMIME_PART (html)) : NULL;
        g_autofree char *html_text =
            markup != NULL ? mla_html_to_text (markup, -1) : NULL;

        /* The HTML is the body only when it says more than the stub, not
         * when both say the same short thing about HTML. */
        if (html_text != NULL &&
            2 * visible_length (html_text) > 3 * visible_length (text)) {
            part = html;
            message->body_source = MLA_BODY_SOURCE_HTML;
            g_free (text);
            text = g_steal_pointer (&markup);
            message->body_text = g_steal_pointer (&html_text);
        }
    }
    state->body_part = part;
    if (message->body_source == MLA_BODY_SOURCE_PLAIN) {
        message->body_text = g_steal_pointer (&text);
        message->alternative_text = alternative_text (state, root, part);
        return;
    }
    if (state->html != NULL)
        *state->html = g_strdup (text);
    if (message->body_text == NULL)
        message->body_text = mla_html_to_text (text, -1);
}

/* Size and SHA-256 (Nettle's, as for the raw bytes: GMime's checksum
 * filter uses GLib's, several times slower) of the decoded content,
 * streamed, never held whole unless @keep (nullable) asks for the bytes. */
typedef struct {
    MlaAttachment *attachment;
    MlaSha256 *sha256;
    GByteArray *keep;
} Digest;

static void
digest_chunk (const guint8 *data, gsize len, gpointer user_data)
{
    Digest *digest = user_data;

    mla_sha256_update (digest->sha256, data, len);
    if (digest->keep != NULL)
        g_byte_array_append (digest->keep, data, (guint) len);
    digest->attachment->size += len;
}

static void
attachment_digest (MlaAttachment *attachment, GMimeObject *object,
                   GByteArray *keep)
{
    g_autoptr (MlaSha256) sha256 = mla_sha256_new ();
    Digest digest = { attachment, sha256, keep };

    attachment->size = 0;
    read_decoded (object, digest_chunk, &digest);
    mla_sha256_get_hex (sha256, attachment->sha256);
}

static void
add_attachment (MlaParseState *state, GMimeObject *object)
{
    MlaMessage *message = state->message;
    const MlaDownloadSink *sink = state->sink;
    guint index = message->attachments->len;
    g_autoptr (GByteArray) keep = NULL;
    MlaAttachment *attachment;

    if (state->parts++ >= MAX_ATTACHMENTS)
        return;
    attachment = g_new0 (MlaAttachment, 1);
    GMimeContentType *type = g_mime_object_get_content_type (object);
    const char *filename =
        g_mime_object_get_content_disposition_parameter (object, "filename");
    g_autofree char *mime_type = g_mime_content_type_get_mime_type (type);

    /* g_mime_part_get_filename() does this for parts; message parts too. */
    if (filename == NULL)
        filename = g_mime_object_get_content_type_parameter (object, "name");
    if (filename != NULL && *filename != '\0')
        attachment->filename = mla_message_utf8_dup (filename);
    attachment->content_type = g_ascii_strdown (
        GMIME_IS_MESSAGE_PART (object) ? "message/rfc822" : mime_type, -1);
    if (sink != NULL && sink->want (index, sink->user_data))
        keep = g_byte_array_new ();
    attachment_digest (attachment, object, keep);
    g_ptr_array_add (message->attachments, attachment);
    if (keep != NULL) {
        g_autoptr (GBytes) content =
            g_byte_array_free_to_bytes (g_steal_pointer (&keep));

        sink->put (index, content, sink->user_data);
    }
}

static void
collect_attachments (MlaParseState *state, GMimeObject *object)
{
    if (GMIME_IS_MULTIPART (object)) {
        int n = g_mime_multipart_get_count (GMIME_MULTIPART (object));

        for (int i = 0; i < n; i++)
            collect_attachments (
                state, g_mime_multipart_get_part (GMIME_MULTIPART (object), i));
    } else if (GMIME_IS_MESSAGE_PART (object)) {
        add_attachment (state, object);
    } else if (GMIME_IS_PART (object) && object != state->body_part &&
               (g_mime_part_is_attachment (GMIME_PART (object)) ||
                g_mime_part_get_filename (GMIME_PART (object)) != NULL ||
                !g_mime_content_type_is_type (
                    g_mime_object_get_content_type (object), "text", "*"))) {
        add_attachment (state, object);
    }
}

static GMimeParserOptions *
parser_options_new (MlaParseState *state)
{
    const char *fallback_charsets[] = { "UTF-8", "windows-1252", NULL };
    GMimeParserOptions *options = g_mime_parser_options_new ();

    g_mime_parser_options_set_fallback_charsets (options, fallback_charsets);
    g_mime_parser_options_set_rfc2047_compliance_mode (
        options, GMIME_RFC_COMPLIANCE_LOOSE);
    g_mime_parser_options_set_address_compliance_mode (
        options, GMIME_RFC_COMPLIANCE_LOOSE);
    g_mime_parser_options_set_parameter_compliance_mode (
        options, GMIME_RFC_COMPLIANCE_LOOSE);
    g_mime_parser_options_set_warning_callback (options, parser_warning, state);
    return options;
}

static void
parse_mime (MlaParseState *state, GMimeParserOptions *options,
            const guint8 *data, gsize size)
{
    /* An empty GBytes has NULL data, which GMime refuses. */
    g_autoptr (GMimeStream) stream = g_mime_stream_mem_new_with_buffer (
        size > 0 ? (const char *) data : "", size);
    g_autoptr (GMimeParser) parser = g_mime_parser_new_with_stream (stream);
    g_autoptr (GMimeMessage) mime = NULL;
    GMimeObject *root;

    g_mime_parser_set_format (parser, GMIME_FORMAT_MESSAGE);
    mime = g_mime_parser_construct_message (parser, options);
    if (mime == NULL)
        mla_defect_tally (state->tallies, "unparsable",
                          "GMime found no message");
    mla_message_read_headers (state, options, mime);
    if (mime == NULL)
        return;
    root = g_mime_message_get_mime_part (mime);
    if (root != NULL) {
        set_body (state, root);
        collect_attachments (state, root);
    }
    if (state->parts > MAX_ATTACHMENTS)
        mla_defect_tally (state->tallies, "too-many-parts",
                          "%u attachments; the first %u are listed",
                          state->parts, MAX_ATTACHMENTS);
}

/* Cuts @text (nullable) to MLA_MAX_TEXT_SIZE bytes, at a character. */
static void
cut_text (MlaParseState *state, char *text, const char *what)
{
    gsize length = text != NULL ? strlen (text) : 0, cut = MLA_MAX_TEXT_SIZE;

    if (length <= MLA_MAX_TEXT_SIZE)
        return;
    while (cut > 0 && ((guchar) text[cut] & 0xC0) == 0x80)
        cut--;
    text[cut] = '\0';
    mla_defect_tally (state->tallies, "text-cut",
                      "the %s is %" G_GSIZE_FORMAT
                      " bytes; the first %" G_GSIZE_FORMAT
                      " are kept (the raw store has all)",
                      what, length, cut);
}

static void
cut_addresses (MlaParseState *state, GPtrArray *addresses)
{
    for (guint i = 0; i < addresses->len; i++) {
        MlaAddress *address = g_ptr_array_index (addresses, i);

        cut_text (state, address->name, "name of an address");
        cut_text (state, address->address, "address");
    }
}

/* Every text of the model goes into the XML: none may be longer than
 * MLA_MAX_TEXT_SIZE (see mla-message.h). */
static void
cut_texts (MlaParseState *state)
{
    MlaMessage *message = state->message;
    g_autoptr (GPtrArray) from = g_ptr_array_new ();

    cut_text (state, message->envelope, "From_ line");
    cut_text (state, message->message_id, "Message-ID");
    cut_text (state, message->subject, "subject");
    cut_text (state, message->in_reply_to, "In-Reply-To");
    cut_text (state, message->list_id, "List-Id");
    cut_text (state, message->body_text, "body text");
    cut_text (state, message->alternative_text, "alternative text");
    for (guint i = 0; i < message->references->len; i++)
        cut_text (state, g_ptr_array_index (message->references, i),
                  "reference");
    if (message->from != NULL)
        g_ptr_array_add (from, message->from);
    cut_addresses (state, from);
    cut_addresses (state, message->to);
    cut_addresses (state, message->cc);
    for (guint i = 0; i < message->attachments->len; i++) {
        MlaAttachment *attachment = g_ptr_array_index (message->attachments, i);

        cut_text (state, attachment->filename, "attachment's file name");
        cut_text (state, attachment->content_type, "attachment's content type");
    }
}

static void
set_sha256s (MlaMessage *message, const guint8 *data, gsize size)
{
    static const char *const suffixes[] = { "", "\n", "\r\n" };
    gsize n = 1;

    if (size >= 1 && data[size - 1] == '\n')
        n = size >= 2 && data[size - 2] == '\r' ? 3 : 2;
    mla_sha256_hex_suffixed (data, size, suffixes, n, message->sha256);
}

static MlaMessage *
parse (const MlaRawMessage *raw, const MlaDownloadSink *sink, char **html)
{
    static GOnce once = G_ONCE_INIT;
    g_autoptr (MlaMessage) message = g_new0 (MlaMessage, 1);
    MlaParseState state = { message, NULL, NULL, sink, html, 0 };
    GMimeParserOptions *options;
    g_autoptr (GByteArray) cut = NULL;
    const guint8 *data;
    gsize size, parsed;

    g_return_val_if_fail (raw != NULL, NULL);
    g_once (&once, init_gmime, NULL);
    message->raw =
        raw->bytes != NULL ? g_bytes_ref (raw->bytes) : g_bytes_new (NULL, 0);
    message->envelope = g_strdup (raw->envelope);
    message->source = g_strdup (raw->source != NULL ? raw->source : "");
    message->source_offset = raw->offset;
    message->source_index = raw->index;
    message->to =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_address_free);
    message->cc =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_address_free);
    message->references = g_ptr_array_new_with_free_func (g_free);
    message->attachments =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_attachment_free);
    message->defects = mla_defect_list_new ();
    message->date_source = MLA_DATE_SOURCE_NONE;
    for (guint i = 0; raw->defects != NULL && i < raw->defects->len; i++)
        g_ptr_array_add (message->defects,
                         mla_defect_copy (g_ptr_array_index (raw->defects, i)));

    state.tallies = mla_defect_tallies_new ();
    data = g_bytes_get_data (message->raw, &size);
    set_sha256s (message, data, size);
    if (raw->bytes == NULL)
        mla_defect_tally (state.tallies, "unreadable",
                          "the reader could not read the message");
    mla_message_raw_scan (state.tallies, data, size);
    options = parser_options_new (&state);
    cut = mla_message_raw_cut_fields (state.tallies, data, size);
    if (cut != NULL) {
        data = cut->data;
        size = cut->len;
    }
    parsed = mla_message_raw_parse_size (data, size);
    if (parsed < size)
        mla_defect_tally (state.tallies, "mime-cut",
                          "more than %d lines begin with \"--\"; the MIME "
                          "structure is read from "
                          "the first %" G_GSIZE_FORMAT " bytes only",
                          MLA_MAX_DELIMITER_LINES, parsed);
    parse_mime (&state, options, data, parsed);
    g_mime_parser_options_free (options);
    cut_texts (&state);
    mla_defect_tallies_flush (state.tallies, message->defects);
    g_array_unref (state.tallies);
    return g_steal_pointer (&message);
}

/* Measured with /usr/bin/time -v on generated messages (check-memory-bound.sh):
 * some 490 bytes per header field, 4.5 times the bytes of a message of
 * text lines, and at most 32 MiB besides for the HTML converter's tree
 * (see mla-html.c) and GMime's own. */
#define COST_PER_FIELD 512
#define COST_PER_BYTE 5
#define COST_FIXED ((guint64) 32 << 20)

guint64
mla_message_parse_cost (const MlaRawMessage *raw, guint64 *out_fields)
{
    const guint8 *data;
    gsize size;
    guint64 fields;

    g_return_val_if_fail (raw != NULL, 0);
    data = raw->bytes != NULL ? g_bytes_get_data (raw->bytes, &size) : NULL;
    if (data == NULL)
        size = 0;
    fields = mla_message_raw_count_fields (
        data, mla_message_raw_parse_size (data, size));
    if (out_fields != NULL)
        *out_fields = fields;
    return COST_FIXED + COST_PER_BYTE * (guint64) size +
           COST_PER_FIELD * fields;
}

guint64
mla_message_parse_budget (guint64 max_message_size)
{
    if (max_message_size == 0)
        max_message_size = MLA_DEFAULT_MAX_MESSAGE_SIZE;
    return COST_FIXED + 8 * max_message_size;
}

MlaMessage *
mla_message_parse (const MlaRawMessage *raw)
{
    return parse (raw, NULL, NULL);
}

char *
mla_message_extract_downloads (const MlaRawMessage *raw,
                               const MlaDownloadSink *sink)
{
    char *html = NULL;
    g_autoptr (MlaMessage) message = NULL;

    g_return_val_if_fail (raw != NULL, NULL);
    message = parse (raw, sink, &html);
    return html;
}
