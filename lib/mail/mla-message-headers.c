/* mla-message-headers.c: the headers of a parsed message into the model:
 * ids, addresses, the date, the subject (RFC 2047 words decoded here, see
 * decode_header_text()), threading and list headers. */
#include "config.h"
#include <string.h>
#include <gmime/gmime.h>
#include "mla-message-ids-private.h"
#include "mla-message-parse-private.h"

/* Mail decides this count; past it the model keeps a sample and says so,
 * so that memory, the XML and the overview stay bounded. */
#define MAX_REFERENCES 1000

/* Returns: (transfer none) (nullable): the value of the first @name header
 * as it was written, folded and encoded. */
static const char *
raw_header (GMimeObject *object, const char *name)
{
    GMimeHeader *header = g_mime_header_list_get_header (
        g_mime_object_get_header_list (object), name);

    return header != NULL ? g_mime_header_get_raw_value (header) : NULL;
}

/* Returns: (transfer full) (nullable): the value of the first @name header
 * as it was written, unfolded; not decoded. */
static char *
raw_header_unfolded (GMimeObject *object, const char *name)
{
    const char *raw = raw_header (object, name);

    return raw != NULL ? g_mime_utils_header_unfold (raw) : NULL;
}

/* The first well-formed <id> of the header; failing that, GMime's lenient
 * reading of it ("foo bar" stays "foo bar"), flagged. Read from the raw
 * header: an id is never RFC 2047-decoded (a "=?...?=" word in an id is
 * text, and decoding it could put a line break in an id). */
static void
set_message_id (MlaParseState *state, GMimeMessage *mime)
{
    MlaMessage *message = state->message;
    g_autofree char *header = NULL;

    if (mime != NULL)
        header = raw_header_unfolded (GMIME_OBJECT (mime), "Message-ID");
    if (header != NULL) {
        message->message_id = mla_message_ids_first (header);
        if (message->message_id == NULL) {
            g_autofree char *lenient = g_mime_utils_decode_message_id (header);

            message->message_id = mla_message_id_strip (lenient);
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
        result->name = mla_message_utf8_dup (name);
    if (addr != NULL && *addr != '\0')
        result->address = mla_message_utf8_dup (addr);
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
append_converted (MlaParseState *state, GString *out, const char *charset,
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
decode_header_text (MlaParseState *state, GMimeParserOptions *options,
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
    return mla_message_utf8_dup (text);
}

static void
set_date (MlaParseState *state, GMimeMessage *mime)
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
set_threading (MlaParseState *state, GMimeMessage *mime)
{
    MlaMessage *message = state->message;
    GMimeObject *object = GMIME_OBJECT (mime);
    /* Ids are read from the raw headers, never RFC 2047-decoded. */
    g_autofree char *references = raw_header_unfolded (object, "References");
    g_autofree char *in_reply_to = raw_header_unfolded (object, "In-Reply-To");
    g_autofree char *list_id = raw_header_unfolded (object, "List-Id");
    const char *no_archive = g_mime_object_get_header (object, "X-No-Archive");

    message->in_reply_to = mla_message_ids_first (in_reply_to);
    if (references != NULL) {
        g_autoptr (GPtrArray) refs = mla_message_ids_parse (references);
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

        message->list_id = mla_message_id_strip (id);
    }
}

void
mla_message_read_headers (MlaParseState *state, GMimeParserOptions *options,
                          GMimeMessage *mime)
{
    MlaMessage *message = state->message;

    if (mime == NULL) {
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
}
