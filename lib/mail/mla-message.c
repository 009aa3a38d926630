/* mla-message.c: the message parser, the one place that turns GMime objects
 * into plain UTF-8 data. Parsing is lenient (GMime's); what GMime or the
 * scan of the raw bytes (mla-message-raw.c) notices becomes a defect, one
 * per kind. */
#include "config.h"
#include <string.h>
#include <gmime/gmime.h>
#include "mla-autocleanups.h"
#include "mla-html-private.h"
#include "mla-message-private.h"
#include "mla-digest-private.h"
#include "mla-message-raw-private.h"

/* Mail decides these counts; past them the model keeps a sample and says
 * so, so that memory, the XML and the overview stay bounded. */
#define MAX_REFERENCES 1000
#define MAX_ATTACHMENTS 1000
/* A text/plain alternative longer than this is a text version, not a
 * pointer to the HTML one. */
#define STUB_MAX_BYTES 600

typedef struct {
    MlaMessage *message;
    GArray *tallies; /* mla_defect_tally() */
    GMimeObject *body_part;
    guint wanted;     /* the attachment whose bytes to keep, or G_MAXUINT */
    GByteArray *kept; /* its decoded bytes */
    char **html;      /* nullable: where to keep an HTML body as it was */
    guint parts;      /* attachment parts seen, listed or not */
} ParseState;

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
    ParseState *state = user_data;
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

static char *
utf8_dup (const char *text)
{
    if (text == NULL)
        return NULL;
    return g_utf8_make_valid (text, -1);
}

/* Trims white space and one pair of angle brackets. Returns: (transfer full)
 * (nullable): NULL when nothing is left. */
static char *
strip_id (const char *text)
{
    g_autofree char *id = NULL;
    gsize len;

    if (text == NULL)
        return NULL;
    id = g_strstrip (utf8_dup (text));
    len = strlen (id);
    if (len >= 2 && id[0] == '<' && id[len - 1] == '>') {
        id[len - 1] = '\0';
        memmove (id, id + 1, len - 1);
        g_strstrip (id);
    }
    if (*id == '\0')
        return NULL;
    return g_steal_pointer (&id);
}

/* Skips a comment, nested ones and quoted pairs included, or a quoted
 * string (RFC 5322 §3.2.2, §3.2.4) at @p. Returns: what follows it. */
static const char *
skip_comment (const char *p)
{
    char open = *p, close = open == '(' ? ')' : '"';
    int depth = 1;

    for (p++; *p != '\0'; p++) {
        if (*p == '\\' && p[1] != '\0')
            p++;
        else if (open == '(' && *p == '(')
            depth++;
        else if (*p == close && --depth == 0)
            return p + 1;
    }
    return p;
}

/* Adds the bytes from @start to @end, white space (folding) taken out, to
 * @ids; an empty token is no id. */
static void
add_id (GPtrArray *ids, const char *start, const char *end)
{
    GString *id = g_string_sized_new (end - start);

    for (; start < end; start++)
        if (!g_ascii_isspace (*start))
            g_string_append_c (id, *start);
    if (id->len == 0) {
        g_string_free (id, TRUE);
        return;
    }
    g_ptr_array_add (ids, g_utf8_make_valid (id->str, id->len));
    g_string_free (id, TRUE);
}

/* The ids of a msg-id list (References, In-Reply-To, Message-ID) in order:
 * every <...> token, whatever it holds, since real headers carry ids
 * without '@' ("<yes>", typed into git send-email's prompt) and what
 * follows them is still an id; g_mime_references_parse() drops all that
 * follows such an id. Comments, quoted strings and other text between the
 * tokens ("Jane's message of ...") are skipped; a header with no '<' is
 * read as bare ids, its words with an '@'. An unclosed '<' runs to the
 * next white space. Returns: (transfer full): char *, valid UTF-8. */
static GPtrArray *
parse_ids (const char *text)
{
    GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
    gboolean bracketed = text != NULL && strchr (text, '<') != NULL;
    const char *p = text != NULL ? text : "";

    while (*p != '\0') {
        const char *start = p, *end;

        if (g_ascii_isspace (*p)) {
            p++;
        } else if (*p == '(' || *p == '"') {
            p = skip_comment (p);
        } else if (*p == '<') {
            start = p + 1;
            end = start + strcspn (start, "<>");
            if (*end != '>')
                end = start + strcspn (start, "<> \t\r\n");
            add_id (ids, start, end);
            p = *end == '>' ? end + 1 : end;
        } else {
            p += strcspn (p, " \t\r\n<(\"");
            if (!bracketed && memchr (start, '@', p - start) != NULL)
                add_id (ids, start, p);
        }
    }
    return ids;
}

/* The first id of @text (nullable), as parse_ids() reads it.
 * Returns: (transfer full) (nullable). */
static char *
first_id (const char *text)
{
    g_autoptr (GPtrArray) ids = parse_ids (text);

    return ids->len > 0 ? g_ptr_array_steal_index (ids, 0) : NULL;
}

/* The first well-formed <id> of the header; failing that, GMime's lenient
 * reading of it ("foo bar" stays "foo bar"), flagged. */
static void
set_message_id (ParseState *state, GMimeMessage *mime)
{
    MlaMessage *message = state->message;

    if (mime != NULL) {
        const char *header =
            g_mime_object_get_header (GMIME_OBJECT (mime), "Message-ID");

        message->message_id = first_id (header);
        if (message->message_id == NULL) {
            message->message_id =
                strip_id (g_mime_message_get_message_id (mime));
            if (message->message_id != NULL)
                mla_defect_tally (state->tallies, "bad-message-id",
                                  "Message-ID: %s", header);
        }
    }
    if (message->message_id != NULL)
        return;
    message->message_id =
        g_strdup_printf ("sha256-%.32s@mlarc.invalid", message->sha256[0]);
    message->message_id_synthetic = TRUE;
    mla_defect_tally (state->tallies, "no-message-id",
                      "no Message-ID, using %s", message->message_id);
}

static MlaAddress *
address_new (InternetAddress *address)
{
    MlaAddress *result = g_new0 (MlaAddress, 1);
    const char *name = internet_address_get_name (address);
    const char *addr =
        internet_address_mailbox_get_addr (INTERNET_ADDRESS_MAILBOX (address));

    if (name != NULL && *name != '\0')
        result->name = utf8_dup (name);
    if (addr != NULL && *addr != '\0')
        result->address = utf8_dup (addr);
    return result;
}

/* Flattens groups ("undisclosed-recipients: a@b;") into their members. */
static void
add_addresses (GPtrArray *out, InternetAddressList *list)
{
    int n = list != NULL ? internet_address_list_length (list) : 0;

    for (int i = 0; i < n; i++) {
        InternetAddress *address = internet_address_list_get_address (list, i);

        if (INTERNET_ADDRESS_IS_GROUP (address))
            add_addresses (out, internet_address_group_get_members (
                                    INTERNET_ADDRESS_GROUP (address)));
        else if (INTERNET_ADDRESS_IS_MAILBOX (address))
            g_ptr_array_add (out, address_new (address));
    }
}

static void
set_addresses (MlaMessage *message, GMimeMessage *mime)
{
    g_autoptr (GPtrArray) from =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_address_free);

    add_addresses (from, g_mime_message_get_from (mime));
    if (from->len > 0)
        message->from = g_ptr_array_steal_index (from, 0);
    add_addresses (message->to,
                   g_mime_message_get_addresses (mime, GMIME_ADDRESS_TYPE_TO));
    add_addresses (message->cc,
                   g_mime_message_get_addresses (mime, GMIME_ADDRESS_TYPE_CC));
}

static void
take_date (MlaMessage *message, GDateTime *date, MlaDateSource source)
{
    message->date = g_date_time_to_utc (date);
    message->date_offset_minutes =
        g_date_time_get_utc_offset (date) / G_TIME_SPAN_MINUTE;
    message->date_source = source;
}

/* The From_ line is "sender date"; the sender may itself contain spaces
 * ("user at example.org", Pipermail), which GMime's lenient date parser
 * skips as unknown words. The date is asctime() style, possibly with a
 * zone ("Mon Jan 01 00:00:00 +0000 2020", Gmail); GMime takes no zone
 * as UTC. */
static GDateTime *
envelope_date (const char *envelope)
{
    const char *space;

    if (envelope == NULL || (space = strchr (envelope, ' ')) == NULL)
        return NULL;
    return g_mime_utils_header_decode_date (space + 1);
}

/* One RFC 2047 encoded-word, "=?charset?B|Q?text?=", at @p: its charset
 * (a language suffix, RFC 2231 §5, cut) and decoded bytes added to @bytes.
 * Returns: where it ends, or NULL when @p holds no well-formed word. */
static const char *
encoded_word (const char *p, char **out_charset, GByteArray *bytes)
{
    const char *charset = p + 2, *question, *text, *end;
    char encoding;

    if (p[0] != '=' || p[1] != '?' ||
        (question = strchr (charset, '?')) == NULL || question == charset ||
        question[1] == '\0' || question[2] != '?')
        return NULL;
    encoding = g_ascii_toupper (question[1]);
    text = question + 3;
    if ((encoding != 'B' && encoding != 'Q') ||
        (end = strstr (text, "?=")) == NULL ||
        strcspn (charset, " \t\r\n") < (gsize) (end - charset))
        return NULL;
    if (encoding == 'B') {
        /* Padding put back where a writer left it out: the decoder keeps
         * the bytes of an unfinished quantum to itself. */
        GString *padded = g_string_new_len (text, end - text);
        g_autofree guchar *decoded = NULL;
        int state = 0;
        guint save = 0;
        gsize len;

        while (padded->len % 4 != 0)
            g_string_append_c (padded, '=');
        decoded = g_malloc (padded->len / 4 * 3 + 3);
        len = g_base64_decode_step (padded->str, padded->len, decoded, &state,
                                    &save);
        g_byte_array_append (bytes, decoded, len);
        g_string_free (padded, TRUE);
    } else {
        for (const char *q = text; q < end; q++) {
            guint8 byte = *q == '_' ? ' ' : (guint8) *q;

            if (*q == '=' && end - q > 2 && g_ascii_isxdigit (q[1]) &&
                g_ascii_isxdigit (q[2])) {
                byte = g_ascii_xdigit_value (q[1]) << 4 |
                       g_ascii_xdigit_value (q[2]);
                q += 2;
            }
            g_byte_array_append (bytes, &byte, 1);
        }
    }
    *out_charset = g_strndup (charset, strcspn (charset, "?*"));
    return end + 2;
}

/* @bytes in @charset as UTF-8 appended to @out; bytes that are not in it
 * are read as UTF-8, else windows-1252, as parser_options_new() asks of
 * GMime. */
static void
append_converted (ParseState *state, GString *out, const char *charset,
                  GByteArray *bytes)
{
    g_autofree char *text =
        g_convert ((const char *) bytes->data, bytes->len, "UTF-8",
                   g_mime_charset_iconv_name (charset), NULL, NULL, NULL);

    if (text == NULL &&
        g_utf8_validate ((const char *) bytes->data, bytes->len, NULL))
        text = g_strndup ((const char *) bytes->data, bytes->len);
    if (text == NULL) {
        mla_defect_tally (state->tallies, "unknown-charset",
                          "encoded-word in %s", charset);
        text = g_convert ((const char *) bytes->data, bytes->len, "UTF-8",
                          "windows-1252", NULL, NULL, NULL);
    }
    if (text == NULL)
        text = g_utf8_make_valid ((const char *) bytes->data, bytes->len);
    g_string_append (out, text);
    g_byte_array_set_size (bytes, 0);
}

/* Decodes unstructured header text (RFC 2047). GMime 3.2.13 joins adjacent
 * B-words before decoding them, so a word that ends in '=' padding hides
 * the next (gmime issue 133): each word is decoded here on its own, and the
 * bytes of adjacent words in one charset are joined before conversion, so
 * a character split between words comes whole (RFC 2047 §6.2: the white
 * space between adjacent words goes). Other text, malformed words
 * included, is left to GMime (8-bit text, its lenient readings).
 * Returns: (transfer full) (nullable). */
static char *
decode_header_text (ParseState *state, GMimeParserOptions *options,
                    const char *raw)
{
    g_autofree char *unfolded = NULL;
    g_autofree char *charset = NULL; /* of the words in @pending */
    g_autoptr (GByteArray) pending = g_byte_array_new ();
    g_autoptr (GByteArray) bytes = g_byte_array_new ();
    g_autofree char *text = NULL;
    GString *out;

    if (raw == NULL)
        return NULL;
    unfolded = g_mime_utils_header_unfold (raw);
    out = g_string_new (NULL);
    for (const char *p = unfolded; *p != '\0';) {
        const char *word = p, *end = NULL;
        g_autofree char *word_charset = NULL;
        gboolean adjacent;

        g_byte_array_set_size (bytes, 0);
        while ((word = strstr (word, "=?")) != NULL &&
               (end = encoded_word (word, &word_charset, bytes)) == NULL)
            word += 2;
        if (word == NULL)
            word = p + strlen (p);
        adjacent = charset != NULL && end != NULL &&
                   strspn (p, " \t") == (gsize) (word - p);
        if (!adjacent || g_ascii_strcasecmp (charset, word_charset) != 0) {
            if (charset != NULL)
                append_converted (state, out, charset, pending);
            g_clear_pointer (&charset, g_free);
        }
        if (!adjacent && word > p) {
            g_autofree char *plain = g_strndup (p, word - p);
            g_autofree char *decoded =
                g_mime_utils_header_decode_text (options, plain);

            g_string_append (out, decoded);
        }
        if (end == NULL)
            break;
        if (charset == NULL)
            charset = g_steal_pointer (&word_charset);
        g_byte_array_append (pending, bytes->data, bytes->len);
        p = end;
    }
    if (charset != NULL)
        append_converted (state, out, charset, pending);
    text = g_string_free (out, FALSE);
    return utf8_dup (text);
}

/* Returns: (transfer none) (nullable): the value of the first @name header
 * as it was written, folded and encoded. */
static const char *
raw_header (GMimeObject *object, const char *name)
{
    GMimeHeader *header = g_mime_header_list_get_header (
        g_mime_object_get_header_list (object), name);

    return header != NULL ? g_mime_header_get_raw_value (header) : NULL;
}

static void
set_date (ParseState *state, GMimeMessage *mime)
{
    const char *header = NULL;
    g_autoptr (GDateTime) fallback = NULL;

    if (mime != NULL) {
        GDateTime *date = g_mime_message_get_date (mime);

        if (date != NULL) {
            take_date (state->message, date, MLA_DATE_SOURCE_HEADER);
            return;
        }
        header = g_mime_object_get_header (GMIME_OBJECT (mime), "Date");
    }
    if (header != NULL && strspn (header, " \t\r\n") < strlen (header))
        mla_defect_tally (state->tallies, "bad-date", "unparsable Date: %s",
                          header);
    else
        mla_defect_tally (state->tallies, "no-date", "no Date header");
    fallback = envelope_date (state->message->envelope);
    if (fallback != NULL)
        take_date (state->message, fallback, MLA_DATE_SOURCE_ENVELOPE);
}

static void
set_threading (ParseState *state, GMimeMessage *mime)
{
    MlaMessage *message = state->message;
    GMimeObject *object = GMIME_OBJECT (mime);
    const char *references = g_mime_object_get_header (object, "References");
    const char *list_id = g_mime_object_get_header (object, "List-Id");
    const char *no_archive = g_mime_object_get_header (object, "X-No-Archive");

    message->in_reply_to =
        first_id (g_mime_object_get_header (object, "In-Reply-To"));
    if (references != NULL) {
        g_autoptr (GPtrArray) refs = parse_ids (references);
        guint n = refs->len;

        /* The first (the thread's root) and the last ones (the parent's
         * line) are what threading needs. */
        for (guint i = 0; i < n; i++)
            if (i == 0 || i + (MAX_REFERENCES - 1) >= n)
                g_ptr_array_add (message->references,
                                 g_steal_pointer (&refs->pdata[i]));
        if (n > MAX_REFERENCES)
            mla_defect_tally (
                state->tallies, "too-many-references",
                "References lists %u ids; the first and the last %d are kept",
                n, MAX_REFERENCES - 1);
    }
    /* The sender asked that the mail not be published (a Usenet custom
     * that list archivers honour): kept, but marked. */
    if (no_archive != NULL) {
        g_autofree char *value = g_strstrip (g_strdup (no_archive));

        message->no_archive = g_ascii_strcasecmp (value, "yes") == 0;
    }
    /* RFC 2919: List-Id is "phrase <id>"; the id is what names the list. */
    if (list_id != NULL) {
        const char *open = strrchr (list_id, '<');
        const char *close = open != NULL ? strchr (open, '>') : NULL;
        g_autofree char *id = open != NULL && close != NULL
                                  ? g_strndup (open + 1, close - open - 1)
                                  : g_strdup (list_id);

        message->list_id = strip_id (id);
    }
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
part_text (ParseState *state, GMimePart *part)
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

static void
set_body (ParseState *state, GMimeObject *root)
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
add_attachment (ParseState *state, GMimeObject *object)
{
    MlaMessage *message = state->message;
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
        attachment->filename = utf8_dup (filename);
    attachment->content_type = g_ascii_strdown (
        GMIME_IS_MESSAGE_PART (object) ? "message/rfc822" : mime_type, -1);
    attachment_digest (attachment, object,
                       message->attachments->len == state->wanted ? state->kept
                                                                  : NULL);
    g_ptr_array_add (message->attachments, attachment);
}

static void
collect_attachments (ParseState *state, GMimeObject *object)
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
parser_options_new (ParseState *state)
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
parse_mime (ParseState *state, GMimeParserOptions *options, const guint8 *data,
            gsize size)
{
    MlaMessage *message = state->message;
    /* An empty GBytes has NULL data, which GMime refuses. */
    g_autoptr (GMimeStream) stream = g_mime_stream_mem_new_with_buffer (
        size > 0 ? (const char *) data : "", size);
    g_autoptr (GMimeParser) parser = g_mime_parser_new_with_stream (stream);
    g_autoptr (GMimeMessage) mime = NULL;
    GMimeObject *root;

    g_mime_parser_set_format (parser, GMIME_FORMAT_MESSAGE);
    mime = g_mime_parser_construct_message (parser, options);
    if (mime == NULL) {
        mla_defect_tally (state->tallies, "unparsable",
                          "GMime found no message");
        set_message_id (state, NULL);
        set_date (state, NULL);
        return;
    }
    set_message_id (state, mime);
    set_addresses (message, mime);
    set_date (state, mime);
    message->subject = decode_header_text (
        state, options, raw_header (GMIME_OBJECT (mime), "Subject"));
    set_threading (state, mime);
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
cut_text (ParseState *state, char *text, const char *what)
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
cut_addresses (ParseState *state, GPtrArray *addresses)
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
cut_texts (ParseState *state)
{
    MlaMessage *message = state->message;
    g_autoptr (GPtrArray) from = g_ptr_array_new ();

    cut_text (state, message->envelope, "From_ line");
    cut_text (state, message->message_id, "Message-ID");
    cut_text (state, message->subject, "subject");
    cut_text (state, message->in_reply_to, "In-Reply-To");
    cut_text (state, message->list_id, "List-Id");
    cut_text (state, message->body_text, "body text");
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
parse (const MlaRawMessage *raw, guint wanted, GByteArray *kept, char **html)
{
    static GOnce once = G_ONCE_INIT;
    g_autoptr (MlaMessage) message = g_new0 (MlaMessage, 1);
    ParseState state = { message, NULL, NULL, wanted, kept, html, 0 };
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

MlaMessage *
mla_message_parse (const MlaRawMessage *raw)
{
    return parse (raw, G_MAXUINT, NULL, NULL);
}

char *
mla_message_extract_html_body (const MlaRawMessage *raw)
{
    char *html = NULL;
    g_autoptr (MlaMessage) message = NULL;

    g_return_val_if_fail (raw != NULL, NULL);
    message = parse (raw, G_MAXUINT, NULL, &html);
    return html;
}

GBytes *
mla_message_extract_attachment (const MlaRawMessage *raw, guint index)
{
    g_autoptr (GByteArray) kept = g_byte_array_new ();
    g_autoptr (MlaMessage) message = NULL;

    g_return_val_if_fail (raw != NULL, NULL);
    message = parse (raw, index, kept, NULL);
    if (index >= message->attachments->len)
        return NULL;
    return g_byte_array_free_to_bytes (g_steal_pointer (&kept));
}
