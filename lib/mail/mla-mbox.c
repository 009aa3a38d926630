/* mla-mbox.c: split an mbox byte stream into raw messages (framing only).
 *
 * The stream is read in big blocks into one growing buffer that holds the
 * current message; separators are found with memchr() on 'F' (far rarer
 * than '\n' in mail, and memchr is much faster than memmem), and
 * each message's GBytes is the one copy made of its bytes. Positions are
 * buffer indexes, never pointers, because reading more may move the
 * buffer. */
#include "config.h"
#include <string.h>
#include "mla-error.h"
#include "mla-mbox.h"
#include "mla-mbox-private.h"

#define BLOCK_SIZE (1024 * 1024)
/* Real From_ lines are short; a longer "From " line is body text. */
#define MAX_FROM_LINE 1000
/* RFC 5322 line limit: a field name cannot be longer. */
#define MAX_FIELD_NAME 998

struct MlaMboxReader {
    GInputStream *stream;
    char *name;
    MlaMboxFormat format; /* as asked; AUTO detects per the flags below */
    gboolean seen_rd;     /* AUTO: a ">>From " line was seen */
    gboolean used_cl;     /* AUTO: a Content-Length delimited a message */
    char *buf;
    gsize len; /* bytes of buf filled */
    gsize cap;
    gsize pos;          /* start of the next From_ line in buf */
    guint64 buf_offset; /* stream offset of buf[0] */
    gboolean eof;
    gboolean started;
    GCancellable *cancellable; /* nullable: stops a read that waits */
    guint index;
    guint64 max_size; /* a message over this is skipped, not buffered */
};

typedef enum {
    NEXT_LINE_EOF,
    NEXT_LINE_BLANK,
    NEXT_LINE_HEADER,
    NEXT_LINE_OTHER,
} NextLine;

typedef struct {
    gsize body;          /* index after the blank line; 0 when none */
    gboolean has_length; /* a Content-Length field was seen */
    gboolean length_valid;
    guint64 length;
} Headers;

static const char *const format_names[] = {
    [MLA_MBOX_FORMAT_AUTO] = "auto",     [MLA_MBOX_FORMAT_MBOXO] = "mboxo",
    [MLA_MBOX_FORMAT_MBOXRD] = "mboxrd", [MLA_MBOX_FORMAT_MBOXCL2] = "mboxcl2",
    [MLA_MBOX_FORMAT_MBOXCL] = "mboxcl",
};

gboolean
mla_mbox_format_from_string (const char *name, MlaMboxFormat *out_format)
{
    g_return_val_if_fail (out_format != NULL, FALSE);

    for (guint i = 0; name != NULL && i < G_N_ELEMENTS (format_names); i++) {
        if (g_ascii_strcasecmp (name, format_names[i]) == 0) {
            *out_format = (MlaMboxFormat) i;
            return TRUE;
        }
    }
    return FALSE;
}

const char *
mla_mbox_format_to_string (MlaMboxFormat format)
{
    g_return_val_if_fail ((guint) format < G_N_ELEMENTS (format_names), "auto");
    return format_names[format];
}

MlaRawMessage *
mla_raw_message_new (GBytes *bytes, const char *source, guint64 offset,
                     guint index)
{
    MlaRawMessage *raw = g_new0 (MlaRawMessage, 1);

    raw->bytes = bytes != NULL ? g_bytes_ref (bytes) : NULL;
    raw->source = g_strdup (source);
    raw->offset = offset;
    raw->index = index;
    raw->defects = mla_defect_list_new ();
    return raw;
}

void
mla_raw_message_free (MlaRawMessage *raw)
{
    if (raw == NULL)
        return;
    g_clear_pointer (&raw->bytes, g_bytes_unref);
    g_clear_pointer (&raw->defects, g_ptr_array_unref);
    g_free (raw->envelope);
    g_free (raw->source);
    g_free (raw);
}

MlaMboxReader *
mla_mbox_reader_new (GInputStream *stream, const char *name,
                     MlaMboxFormat format)
{
    MlaMboxReader *reader;

    g_return_val_if_fail (G_IS_INPUT_STREAM (stream), NULL);
    g_return_val_if_fail (name != NULL, NULL);

    reader = g_new0 (MlaMboxReader, 1);
    reader->stream = g_object_ref (stream);
    reader->name = g_strdup (name);
    reader->format = format;
    reader->max_size = MLA_DEFAULT_MAX_MESSAGE_SIZE;
    return reader;
}

void
mla_mbox_reader_set_cancellable (MlaMboxReader *reader,
                                 GCancellable *cancellable)
{
    g_set_object (&reader->cancellable, cancellable);
}

void
mla_mbox_reader_free (MlaMboxReader *reader)
{
    if (reader == NULL)
        return;
    g_clear_object (&reader->stream);
    g_clear_object (&reader->cancellable);
    g_free (reader->name);
    g_free (reader->buf);
    g_free (reader);
}

void
mla_mbox_reader_set_max_message_size (MlaMboxReader *reader, guint64 size)
{
    g_return_if_fail (reader != NULL);
    reader->max_size = size > 0 ? size : MLA_DEFAULT_MAX_MESSAGE_SIZE;
}

void
mla_raw_message_set_too_big (MlaRawMessage *raw, guint64 size, guint64 max_size)
{
    g_clear_pointer (&raw->bytes, g_bytes_unref);
    g_ptr_array_set_size (raw->defects, 0);
    mla_defect_list_add (raw->defects, "too-big",
                         "the message is %" G_GUINT64_FORMAT
                         " bytes, over the limit of %" G_GUINT64_FORMAT
                         " (--max-message-size)",
                         size, max_size);
}

MlaMboxFormat
mla_mbox_reader_get_format (MlaMboxReader *reader)
{
    g_return_val_if_fail (reader != NULL, MLA_MBOX_FORMAT_AUTO);

    if (reader->format != MLA_MBOX_FORMAT_AUTO)
        return reader->format;
    if (reader->seen_rd)
        return MLA_MBOX_FORMAT_MBOXRD;
    if (reader->used_cl)
        return MLA_MBOX_FORMAT_MBOXCL2;
    return MLA_MBOX_FORMAT_MBOXO;
}

guint64
mla_mbox_reader_get_bytes_read (MlaMboxReader *reader)
{
    g_return_val_if_fail (reader != NULL, 0);
    return reader->buf_offset + reader->len;
}

/* Walks down filter streams to a gzip decompressor; sets *@compressed_at to
 * the position reached in the compressed file when it can be told (what
 * buffered streams below the decompressor hold is not reached yet). */
static gboolean
stream_is_gzip (GInputStream *stream, guint64 *compressed_at)
{
    gboolean gzip = FALSE;
    guint64 held = 0;

    while (G_IS_FILTER_INPUT_STREAM (stream)) {
        if (G_IS_CONVERTER_INPUT_STREAM (stream) &&
            G_IS_ZLIB_DECOMPRESSOR (g_converter_input_stream_get_converter (
                G_CONVERTER_INPUT_STREAM (stream))))
            gzip = TRUE;
        else if (gzip && G_IS_BUFFERED_INPUT_STREAM (stream))
            held += g_buffered_input_stream_get_available (
                G_BUFFERED_INPUT_STREAM (stream));
        stream = g_filter_input_stream_get_base_stream (
            G_FILTER_INPUT_STREAM (stream));
    }
    if (gzip && G_IS_SEEKABLE (stream) &&
        g_seekable_can_seek (G_SEEKABLE (stream)))
        *compressed_at = (guint64) g_seekable_tell (G_SEEKABLE (stream)) - held;
    return gzip;
}

static gboolean
stream_error (MlaMboxReader *reader, GError *cause, GError **error)
{
    g_autoptr (GError) owned = cause;
    guint64 at = mla_mbox_reader_get_bytes_read (reader);

    if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return mla_throw (error, MLA_ERROR_TEMPORARY, "%s: interrupted",
                          reader->name);

    if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_INVALID_DATA) ||
        g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT)) {
        if (stream_is_gzip (reader->stream, &at))
            return mla_throw (error, MLA_ERROR_CORRUPT,
                              "%s: corrupt gzip data at byte %" G_GUINT64_FORMAT
                              ": %s",
                              reader->name, at, cause->message);
        return mla_throw (error, MLA_ERROR_CORRUPT,
                          "%s: corrupt data at byte %" G_GUINT64_FORMAT ": %s",
                          reader->name, at, cause->message);
    }
    return mla_throw (error, MLA_ERROR_IO,
                      "%s: read error at byte %" G_GUINT64_FORMAT ": %s",
                      reader->name, at, cause->message);
}

static gboolean
read_more (MlaMboxReader *reader, GError **error)
{
    GError *local = NULL;
    gssize n;

    if (reader->eof)
        return TRUE;
    if (reader->cap - reader->len < BLOCK_SIZE) {
        reader->cap = MAX (reader->cap * 2, reader->len + BLOCK_SIZE);
        reader->buf = g_realloc (reader->buf, reader->cap);
    }
    n = g_input_stream_read (reader->stream, reader->buf + reader->len,
                             reader->cap - reader->len, reader->cancellable,
                             &local);
    if (n < 0)
        return stream_error (reader, local, error);
    if (n == 0)
        reader->eof = TRUE;
    reader->len += (gsize) n;
    return TRUE;
}

/* Reads until @want bytes are buffered or the stream ends. */
static gboolean
ensure (MlaMboxReader *reader, gsize want, GError **error)
{
    while (reader->len < want && !reader->eof) {
        if (!read_more (reader, error))
            return FALSE;
    }
    return TRUE;
}

/* Sets *@eol to the index of the first '\n' at or after @from, or to len
 * when the stream ends first, or to @from + the size limit when the line is
 * longer than any message may be. */
static gboolean
find_eol (MlaMboxReader *reader, gsize from, gsize *eol, GError **error)
{
    gsize scan = from;

    for (;;) {
        if (scan - from > reader->max_size) {
            *eol = from + (gsize) reader->max_size;
            return TRUE;
        }
        const char *nl = scan < reader->len ? memchr (reader->buf + scan, '\n',
                                                      reader->len - scan)
                                            : NULL;

        if (nl != NULL) {
            *eol = (gsize) (nl - reader->buf);
            return TRUE;
        }
        scan = MAX (scan, reader->len);
        if (reader->eof) {
            *eol = reader->len;
            return TRUE;
        }
        if (!read_more (reader, error))
            return FALSE;
    }
}

gsize
mla_field_name_length (const char *s, gsize n)
{
    gsize i = 0, name;

    while (i < n && i < MAX_FIELD_NAME && s[i] > ' ' && s[i] < 127 &&
           s[i] != ':')
        i++;
    name = i;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    return name > 0 && i < n && s[i] == ':' ? name : 0;
}

gsize
mla_mbox_separator_length (const guint8 *data, gsize size)
{
    if (size >= 4 && memcmp (data + size - 4, "\r\n\r\n", 4) == 0)
        return 2;
    if (size >= 2 && data[size - 2] == '\n' && data[size - 1] == '\n')
        return 1;
    return 0;
}

static NextLine
classify_line (MlaMboxReader *reader, gsize at)
{
    const char *s = reader->buf + at;
    gsize n = reader->len - at;

    if (at >= reader->len)
        return NEXT_LINE_EOF;
    if (s[0] == '\n' || (n > 1 && s[0] == '\r' && s[1] == '\n'))
        return NEXT_LINE_BLANK;
    return mla_field_name_length (s, n) > 0 ? NEXT_LINE_HEADER
                                            : NEXT_LINE_OTHER;
}

static gboolean
is_token_end (const char *s, gsize n, gsize i)
{
    return i == n || s[i] == ' ' || s[i] == '\t' || s[i] == ',';
}

static gboolean
is_month (const char *s, gsize n, gsize i)
{
    static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";

    if ((i > 0 && !is_token_end (s, n, i - 1)) || i + 3 > n ||
        !is_token_end (s, n, i + 3))
        return FALSE;
    for (guint m = 0; m < 12; m++) {
        if (memcmp (s + i, months + 3 * m, 3) == 0)
            return TRUE;
    }
    return FALSE;
}

/* TRUE if @s holds a time (h:mm or hh:mm:ss) and a month abbreviation, as
 * every From_ date does: ctime's "Mon Jan  1 00:00:00 2007", Pipermail's,
 * Gmail's "Mon Jan 01 00:00:00 +0000 2020". Body text such as "From 9:30
 * to 12:00 on July 19" has no "Jul" token. */
static gboolean
looks_like_date (const char *s, gsize n)
{
    gboolean time = FALSE, month = FALSE;

    for (gsize i = 0; i < n; i++) {
        if (g_ascii_isupper (s[i]))
            month = month || is_month (s, n, i);
        else if (s[i] == ':' && i > 0 && i + 2 < n &&
                 g_ascii_isdigit (s[i - 1]) && g_ascii_isdigit (s[i + 1]) &&
                 g_ascii_isdigit (s[i + 2]))
            time = TRUE;
    }
    return time && month;
}

/* TRUE if @s is one word, like Mozilla's "-" or Gmail's "123…@xxx". */
static gboolean
is_single_word (const char *s, gsize n)
{
    gsize i = 0;

    while (i < n && s[i] != ' ' && s[i] != '\t')
        i++;
    if (i == 0)
        return FALSE;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    return i == n;
}

/* Decides whether the "From " line at @p separates messages. The line
 * after a separator is a header; the line itself carries a date
 * ("From sender Mon Jan  1 00:00:00 2007") or is one word (Mozilla's
 * "From -", Gmail's "From 123…@xxx"). "From Russia with love" is body. */
static gboolean
is_separator (MlaMboxReader *reader, gsize p, gboolean *out, GError **error)
{
    gsize window = p + 5 + MAX_FROM_LINE + 2, eol, text_end;
    const char *text, *nl;

    *out = FALSE;
    if (!ensure (reader, window, error))
        return FALSE;
    nl = memchr (reader->buf + p, '\n', MIN (window, reader->len) - p);
    if (nl == NULL && !(reader->eof && reader->len < window))
        return TRUE;
    eol = nl != NULL ? (gsize) (nl - reader->buf) : reader->len;
    if (!ensure (reader, eol + 1 + MAX_FIELD_NAME + 2, error))
        return FALSE;
    if (classify_line (reader, eol + 1) != NEXT_LINE_HEADER)
        return TRUE;

    text = reader->buf + p + 5;
    text_end = eol;
    if (text_end > p + 5 && reader->buf[text_end - 1] == '\r')
        text_end--;
    *out = looks_like_date (text, text_end - (p + 5)) ||
           is_single_word (text, text_end - (p + 5));
    return TRUE;
}

static gboolean
parse_content_length (const char *s, gsize n, guint64 *out)
{
    gsize i = 0;
    guint64 value = 0;

    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (i == n || !g_ascii_isdigit (s[i]))
        return FALSE;
    for (; i < n && g_ascii_isdigit (s[i]); i++) {
        value = value * 10 + (guint64) (s[i] - '0');
        if (value > G_MAXUINT64 / 16)
            return FALSE;
    }
    while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r'))
        i++;
    *out = value;
    return i == n;
}

/* The size limit counts a message's own bytes, without the separator
 * line and the '>' that quote its "From " lines. Its span in the mbox is
 * longer: by the separator (at most 2 bytes) and a '>' per quoted line,
 * each at least 6 bytes ("From \n"), so at most a sixth more; a span over
 * this is surely over the limit. The exact size is checked once the
 * message is taken (mla_mbox_reader_next). */
static guint64
span_limit (MlaMboxReader *reader)
{
    return reader->max_size + reader->max_size / 5 + 2;
}

/* Scans the header block starting at @start up to its blank line, noting
 * Content-Length. Stops at the first line that is neither a header nor a
 * continuation, leaving h->body 0. */
static gboolean
scan_headers (MlaMboxReader *reader, gsize start, Headers *h, GError **error)
{
    gsize i = start;

    memset (h, 0, sizeof *h);
    for (;;) {
        gsize name, eol;
        const char *s;

        if (!ensure (reader, i + MAX_FIELD_NAME + 2, error))
            return FALSE;
        s = reader->buf + i;
        switch (classify_line (reader, i)) {
        case NEXT_LINE_EOF:
            return TRUE;
        case NEXT_LINE_BLANK:
            h->body = i + (s[0] == '\r' ? 2 : 1);
            return TRUE;
        case NEXT_LINE_OTHER:
            if (i == start || (s[0] != ' ' && s[0] != '\t'))
                return TRUE;
            break;
        case NEXT_LINE_HEADER:
            break;
        }
        if (!find_eol (reader, i, &eol, error))
            return FALSE;
        if (eol - start >= reader->max_size)
            return TRUE;
        s = reader->buf + i;
        name = mla_field_name_length (s, eol - i);
        if (name == 14 && g_ascii_strncasecmp (s, "Content-Length", 14) == 0) {
            const char *colon = memchr (s, ':', eol - i);

            h->has_length = TRUE;
            h->length_valid = parse_content_length (
                colon + 1, (gsize) (reader->buf + eol - colon - 1), &h->length);
        }
        if (eol >= reader->len)
            return TRUE;
        i = eol + 1;
    }
}

/* Tries the Content-Length of the message whose headers start at
 * @body_start: it counts if it ends the body at the end of the stream or at
 * a line break followed by a From_ line. Sets *@end and *@next on success. */
static gboolean
delimit_by_length (MlaMboxReader *reader, gsize body_start, GPtrArray *defects,
                   gboolean *found, gsize *end, gsize *next, guint64 *over_stop,
                   GError **error)
{
    Headers h;
    gsize stop, brk;
    gboolean sep = FALSE;

    *found = FALSE;
    *over_stop = 0;
    if (!scan_headers (reader, body_start, &h, error))
        return FALSE;
    if (!h.has_length)
        return TRUE;
    /* In a file said to be counted, an over-limit count is the framing
     * too: the message is skipped by it, whole, so that a "From " line in
     * its body cannot start a message of the sender's choosing. */
    if (h.length_valid && h.body != 0 &&
        h.body - body_start + h.length > span_limit (reader) &&
        (reader->format == MLA_MBOX_FORMAT_MBOXCL2 ||
         reader->format == MLA_MBOX_FORMAT_MBOXCL)) {
        *over_stop = reader->buf_offset + h.body + h.length;
        return TRUE;
    }
    if (h.length_valid && h.body != 0 &&
        h.body - body_start + h.length <= span_limit (reader)) {
        stop = h.body + (gsize) h.length;
        if (!ensure (reader, stop + 2, error))
            return FALSE;
        brk = stop;
        if (brk + 1 < reader->len && reader->buf[brk] == '\r' &&
            reader->buf[brk + 1] == '\n')
            brk++;
        if (stop == reader->len ||
            (brk < reader->len && reader->buf[brk] == '\n')) {
            gsize after = stop == reader->len ? stop : brk + 1;

            if (!ensure (reader, after + 5, error))
                return FALSE;
            if (after == reader->len)
                sep = TRUE;
            else if (reader->len - after >= 5 &&
                     memcmp (reader->buf + after, "From ", 5) == 0 &&
                     !is_separator (reader, after, &sep, error))
                return FALSE;
            if (sep) {
                /* The line break after the counted body is the separator. */
                *found = TRUE;
                *end = stop;
                *next = after;
                return TRUE;
            }
        }
    }
    if (reader->format == MLA_MBOX_FORMAT_MBOXCL2 ||
        reader->format == MLA_MBOX_FORMAT_MBOXCL)
        mla_defect_list_add (
            defects, "bad-content-length",
            "Content-Length does not end the message at a From_ line; "
            "split at From_ lines instead");
    return TRUE;
}

static void
add_unescaped_defect (MlaMboxReader *reader, GPtrArray *defects,
                      gsize body_start, gsize p)
{
    guint line = 1;
    gsize i = body_start, shown;
    g_autofree char *text = NULL;

    while (i < p) {
        const char *nl = memchr (reader->buf + i, '\n', p - i);

        if (nl == NULL)
            break;
        line++;
        i = (gsize) (nl - reader->buf) + 1;
    }
    shown = 0;
    while (p + shown < reader->len && shown < 60 &&
           reader->buf[p + shown] != '\n' && reader->buf[p + shown] != '\r')
        shown++;
    text = g_utf8_make_valid (reader->buf + p, (gssize) shown);
    mla_defect_list_add (defects, "unescaped-from-line",
                         "line %u of the message (byte %" G_GUINT64_FORMAT
                         " of %s) starts "
                         "with \"From \" but is not a separator: \"%s\"",
                         line, reader->buf_offset + p, reader->name, text);
}

/* Returns the index of the first "From " at a line start in
 * buf[@from, @to) (@from itself counts only after a '\n'), or @to. */
static gsize
find_from_line (const char *buf, gsize from, gsize to)
{
    gsize i = from;

    while (i + 5 <= to) {
        const char *f = memchr (buf + i, 'F', to - i - 4);

        if (f == NULL)
            break;
        i = (gsize) (f - buf);
        if (i > 0 && buf[i - 1] == '\n' && memcmp (f, "From ", 5) == 0)
            return i;
        i++;
    }
    return to;
}

/* The message is over the size limit: forgets what is buffered of it
 * before @scan but the byte before (a From_ line must follow a '\n'), so
 * that memory stays bounded while its end is looked for. */
static void
drop_before (MlaMboxReader *reader, gsize *scan)
{
    gsize drop = *scan > 0 ? *scan - 1 : 0;

    memmove (reader->buf, reader->buf + drop, reader->len - drop);
    reader->len -= drop;
    reader->buf_offset += drop;
    reader->pos = 0;
    *scan -= drop;
}

/* Finds the From_ line that ends the message whose body starts at
 * @body_start; sets *@sep to its index, or to len at the end of the stream.
 * "From " lines that are not separators become defects. A message that
 * grows over the size limit sets *@too_big, and from then on its bytes are
 * dropped as they are scanned (@body_start no longer means anything). */
static gboolean
find_separator (MlaMboxReader *reader, gsize body_start, GPtrArray *defects,
                gsize *sep, gboolean *too_big, GError **error)
{
    guint64 start = reader->buf_offset + body_start;
    gsize scan = body_start;

    *too_big = FALSE;
    for (;;) {
        gboolean yes = FALSE;
        gsize p = find_from_line (reader->buf, scan, reader->len);

        if (p == reader->len) {
            if (reader->eof) {
                *sep = reader->len;
                *too_big = *too_big || reader->buf_offset + *sep - start >
                                           span_limit (reader);
                return TRUE;
            }
            scan = MAX (scan, reader->len > 4 ? reader->len - 4 : 0);
            if (reader->buf_offset + reader->len - start > span_limit (reader))
                *too_big = TRUE;
            if (*too_big)
                drop_before (reader, &scan);
            if (!read_more (reader, error))
                return FALSE;
            continue;
        }
        if (!is_separator (reader, p, &yes, error))
            return FALSE;
        if (yes) {
            *sep = p;
            *too_big = *too_big ||
                       reader->buf_offset + *sep - start > span_limit (reader);
            return TRUE;
        }
        if (!*too_big)
            add_unescaped_defect (reader, defects, body_start, p);
        scan = p + 1;
    }
}

/* Copies buf[@start, @end) into a GBytes, removing the quoting '>' of
 * ">From " lines (mboxo) or ">+From " lines (mboxrd). */
static GBytes *
take_bytes (MlaMboxReader *reader, gsize start, gsize end, gboolean unquote)
{
    g_autoptr (GArray) drops = NULL;
    const char *buf = reader->buf;
    gsize i = start, out_len = 0;
    char *out;

    if (!unquote)
        return g_bytes_new (buf + start, end - start);
    drops = g_array_new (FALSE, FALSE, sizeof (gsize));
    while (i < end) {
        const char *hit;
        gsize k = i;

        if (buf[i] == '>' && (i == start || buf[i - 1] == '\n')) {
            while (k < end && buf[k] == '>')
                k++;
            if (end - k >= 5 && memcmp (buf + k, "From ", 5) == 0) {
                if (k - i > 1 && reader->format == MLA_MBOX_FORMAT_AUTO)
                    reader->seen_rd = TRUE;
                if (k - i == 1 || reader->format == MLA_MBOX_FORMAT_MBOXRD ||
                    reader->seen_rd)
                    g_array_append_val (drops, i);
            }
        }
        do {
            hit = memchr (buf + i + 1, '>', end - i - 1);
            i = hit != NULL ? (gsize) (hit - buf) : end;
        } while (hit != NULL && buf[i - 1] != '\n');
    }
    if (drops->len == 0)
        return g_bytes_new (buf + start, end - start);

    out = g_malloc (end - start - drops->len);
    i = start;
    for (guint d = 0; d < drops->len; d++) {
        gsize at = g_array_index (drops, gsize, d);

        memcpy (out + out_len, buf + i, at - i);
        out_len += at - i;
        i = at + 1;
    }
    memcpy (out + out_len, buf + i, end - i);
    out_len += end - i;
    return g_bytes_new_take (out, out_len);
}

/* Skips a UTF-8 BOM and checks that the stream opens with a From_ line. */
static gboolean
start (MlaMboxReader *reader, GError **error)
{
    reader->started = TRUE;
    if (!ensure (reader, 5, error))
        return FALSE;
    if (reader->len >= 3 && memcmp (reader->buf, "\xEF\xBB\xBF", 3) == 0) {
        reader->pos = 3;
        if (!ensure (reader, 8, error))
            return FALSE;
    }
    if (reader->len == reader->pos)
        return TRUE;
    if (reader->len - reader->pos < 5 ||
        memcmp (reader->buf + reader->pos, "From ", 5) != 0)
        return mla_throw (error, MLA_ERROR_NOT_MAIL,
                          "%s: not an mbox: the first line is not a From_ line",
                          reader->name);
    return TRUE;
}

/* The last message is truncated when the stream stops mid-line or before
 * the blank line that ends its headers. */
static gboolean
check_truncated (MlaMboxReader *reader, gsize body_start, GPtrArray *defects,
                 GError **error)
{
    Headers h;

    if (reader->len > 0 && reader->buf[reader->len - 1] != '\n') {
        mla_defect_list_add (
            defects, "truncated",
            "the input ends in the middle of a line (byte %" G_GUINT64_FORMAT
            ")",
            reader->buf_offset + reader->len);
        return TRUE;
    }
    if (!scan_headers (reader, body_start, &h, error))
        return FALSE;
    if (h.body == 0)
        mla_defect_list_add (
            defects, "truncated",
            "the input ends before the blank line after the headers");
    return TRUE;
}

/* Moves the next message to the start of the buffer when room is short,
 * so that the buffer holds one message, not the whole stream. */
static void
compact (MlaMboxReader *reader)
{
    if (reader->pos == 0 || reader->cap - reader->len >= BLOCK_SIZE)
        return;
    memmove (reader->buf, reader->buf + reader->pos, reader->len - reader->pos);
    reader->len -= reader->pos;
    reader->buf_offset += reader->pos;
    reader->pos = 0;
}

/* Drops the bytes before stream offset @stop (the end of an over-limit
 * counted body) as they are read, keeping one byte before it (a From_
 * line must follow a '\n'), and the line break after it; sets *@next to
 * what follows. */
static gboolean
skip_counted (MlaMboxReader *reader, guint64 stop, gsize *next, GError **error)
{
    gsize i;

    while (reader->buf_offset + reader->len <= stop && !reader->eof) {
        if (reader->len > 1) {
            reader->buf[0] = reader->buf[reader->len - 1];
            reader->buf_offset += reader->len - 1;
            reader->len = 1;
        }
        reader->pos = 0;
        if (!read_more (reader, error))
            return FALSE;
    }
    i = (gsize) MIN (stop - reader->buf_offset, (guint64) reader->len);
    if (!ensure (reader, i + 2, error))
        return FALSE;
    if (i + 1 < reader->len && reader->buf[i] == '\r' &&
        reader->buf[i + 1] == '\n')
        i += 2;
    else if (i < reader->len && reader->buf[i] == '\n')
        i++;
    *next = i;
    return TRUE;
}

/* An over-limit message of a counted file: skipped by its count up to
 * @stop, then up to the next From_ line should the count not end at one. */
static gboolean
skip_over_limit (MlaMboxReader *reader, guint64 stop, GPtrArray *defects,
                 gsize *next, GError **error)
{
    gboolean sep = FALSE, ignored;

    if (!skip_counted (reader, stop, next, error))
        return FALSE;
    if (!ensure (reader, *next + 5, error))
        return FALSE;
    if (*next == reader->len)
        return TRUE;
    if (reader->len - *next >= 5 &&
        memcmp (reader->buf + *next, "From ", 5) == 0) {
        if (!is_separator (reader, *next, &sep, error))
            return FALSE;
        if (sep)
            return TRUE;
    }
    return find_separator (reader, *next, defects, next, &ignored, error);
}

/* Finds where the message whose body starts at @body_start ends (*@end:
 * its last byte + 1, the separator left out) and where the next begins
 * (*@next): by its Content-Length when that counts (*@by_length), else at
 * the next From_ line; *@too_big when it is over the size limit. */
static gboolean
delimit (MlaMboxReader *reader, gsize body_start, GPtrArray *defects,
         gsize *end, gsize *next, gboolean *by_length, gboolean *too_big,
         GError **error)
{
    guint64 over_stop = 0;

    *by_length = FALSE;
    *too_big = FALSE;
    if ((reader->format == MLA_MBOX_FORMAT_AUTO ||
         reader->format == MLA_MBOX_FORMAT_MBOXCL2 ||
         reader->format == MLA_MBOX_FORMAT_MBOXCL) &&
        !delimit_by_length (reader, body_start, defects, by_length, end, next,
                            &over_stop, error))
        return FALSE;
    if (over_stop != 0) {
        *too_big = TRUE;
        return skip_over_limit (reader, over_stop, defects, next, error);
    }
    if (*by_length) {
        if (reader->format == MLA_MBOX_FORMAT_AUTO)
            reader->used_cl = TRUE;
        return TRUE;
    }
    if (!find_separator (reader, body_start, defects, next, too_big, error))
        return FALSE;
    if (*too_big)
        return TRUE;
    *end = *next -
           mla_mbox_separator_length ((const guint8 *) reader->buf + body_start,
                                      *next - body_start);
    return *next != reader->len ||
           check_truncated (reader, body_start, defects, error);
}

gboolean
mla_mbox_reader_next (MlaMboxReader *reader, MlaRawMessage **out_message,
                      GError **error)
{
    g_autoptr (GPtrArray) defects = NULL;
    g_autoptr (GBytes) bytes = NULL;
    g_autofree char *envelope = NULL;
    gsize from, eol, body_start, end = 0, next = 0, env_end;
    guint64 offset, start_offset;
    gboolean by_length, too_big;
    MlaRawMessage *raw;

    g_return_val_if_fail (reader != NULL, FALSE);
    g_return_val_if_fail (out_message != NULL, FALSE);

    *out_message = NULL;
    compact (reader);
    if (!reader->started && !start (reader, error))
        return FALSE;
    if (!ensure (reader, reader->pos + 1, error))
        return FALSE;
    if (reader->pos >= reader->len)
        return TRUE;

    from = reader->pos;
    if (!find_eol (reader, from, &eol, error))
        return FALSE;
    env_end = eol;
    if (env_end > from + 5 && reader->buf[env_end - 1] == '\r')
        env_end--;
    envelope = g_strndup (reader->buf + from + 5, env_end - from - 5);
    body_start = eol < reader->len ? eol + 1 : reader->len;
    offset = reader->buf_offset + from;
    start_offset = reader->buf_offset + body_start;
    defects = mla_defect_list_new ();
    if (!delimit (reader, body_start, defects, &end, &next, &by_length,
                  &too_big, error))
        return FALSE;
    /* mboxcl quotes From lines inside counted bodies too; in auto mode a
     * counted body is taken as mboxcl2's, unquoted. */
    if (!too_big)
        bytes = take_bytes (
            reader, body_start, end,
            reader->format == MLA_MBOX_FORMAT_MBOXCL ||
                (!by_length && reader->format != MLA_MBOX_FORMAT_MBOXCL2));
    raw = mla_raw_message_new (NULL, reader->name, offset, ++reader->index);
    raw->envelope = g_steal_pointer (&envelope);
    if (too_big || g_bytes_get_size (bytes) > reader->max_size)
        mla_raw_message_set_too_big (raw,
                                     too_big ? reader->buf_offset + next -
                                                   start_offset
                                             : g_bytes_get_size (bytes),
                                     reader->max_size);
    else {
        raw->bytes = g_steal_pointer (&bytes);
        g_ptr_array_extend_and_steal (raw->defects, g_steal_pointer (&defects));
    }
    reader->pos = next;
    *out_message = raw;
    return TRUE;
}
