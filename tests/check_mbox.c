/* check_mbox.c: the mbox splitter, on strings, a one-byte-at-a-time stream
 * and the shared corpora. */
#include "config.h"
#include <stdio.h>
#include <string.h>
#include <gio/gio.h>
#include "mla-test.h"
#include "mlarc.h"
#include "mla-mbox-private.h"
#include "mla-mbox-writer-private.h"

#define FROM_A "From a@example.org Mon Jan  1 00:00:00 2007\n"
#define FROM_B "From b@example.org Tue Jan  2 00:00:00 2007\n"

/* GMime's TestStreamOneByte: a stream that hands out one byte per read,
 * so that every buffer boundary is crossed. */
#define TEST_TYPE_ONE_BYTE_STREAM (test_one_byte_stream_get_type ())
G_DECLARE_FINAL_TYPE (TestOneByteStream, test_one_byte_stream, TEST,
                      ONE_BYTE_STREAM, GInputStream)

struct _TestOneByteStream {
    GInputStream parent;
    GBytes *bytes;
    gsize pos;
};

G_DEFINE_TYPE (TestOneByteStream, test_one_byte_stream, G_TYPE_INPUT_STREAM)

static gssize
one_byte_read (GInputStream *stream, void *buffer, gsize count,
               GCancellable *cancellable, GError **error)
{
    TestOneByteStream *self = TEST_ONE_BYTE_STREAM (stream);
    gsize size;
    const char *data = g_bytes_get_data (self->bytes, &size);

    (void) cancellable;
    (void) error;
    if (count == 0 || self->pos >= size)
        return 0;
    memcpy (buffer, data + self->pos++, 1);
    return 1;
}

static void
one_byte_finalize (GObject *object)
{
    g_bytes_unref (TEST_ONE_BYTE_STREAM (object)->bytes);
    G_OBJECT_CLASS (test_one_byte_stream_parent_class)->finalize (object);
}

static void
test_one_byte_stream_class_init (TestOneByteStreamClass *klass)
{
    G_INPUT_STREAM_CLASS (klass)->read_fn = one_byte_read;
    G_OBJECT_CLASS (klass)->finalize = one_byte_finalize;
}

static void
test_one_byte_stream_init (TestOneByteStream *self)
{
    (void) self;
}

static GInputStream *
one_byte_stream_new (GBytes *bytes)
{
    TestOneByteStream *self = g_object_new (TEST_TYPE_ONE_BYTE_STREAM, NULL);

    self->bytes = g_bytes_ref (bytes);
    return G_INPUT_STREAM (self);
}

/* Splits @stream; fails the test on an error. Returns: (transfer full): the
 * messages, with *@out_format the format in use at the end. */
static GPtrArray *
split_stream (GInputStream *stream, MlaMboxFormat format,
              MlaMboxFormat *out_format)
{
    g_autoptr (MlaMboxReader) reader =
        mla_mbox_reader_new (stream, "test.mbox", format);
    GPtrArray *messages =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_raw_message_free);

    for (;;) {
        g_autoptr (GError) error = NULL;
        MlaRawMessage *raw = NULL;

        ck_assert_msg (mla_mbox_reader_next (reader, &raw, &error), "%s",
                       error->message);
        if (raw == NULL)
            break;
        g_ptr_array_add (messages, raw);
    }
    if (out_format != NULL)
        *out_format = mla_mbox_reader_get_format (reader);
    return messages;
}

static GPtrArray *
split_bytes (GBytes *bytes, MlaMboxFormat format, MlaMboxFormat *out_format)
{
    g_autoptr (GInputStream) stream =
        g_memory_input_stream_new_from_bytes (bytes);

    return split_stream (stream, format, out_format);
}

static GPtrArray *
split_string (const char *text, MlaMboxFormat format, MlaMboxFormat *out_format)
{
    g_autoptr (GBytes) bytes = g_bytes_new_static (text, strlen (text));

    return split_bytes (bytes, format, out_format);
}

static const MlaRawMessage *
message_at (GPtrArray *messages, guint i)
{
    return g_ptr_array_index (messages, i);
}

static void
assert_raw (const MlaRawMessage *raw, const char *expected)
{
    gsize size;
    const char *data = g_bytes_get_data (raw->bytes, &size);

    ck_assert_msg (size == strlen (expected) &&
                       (size == 0 || memcmp (data, expected, size) == 0),
                   "message %u: got \"%.*s\", expected \"%s\"", raw->index,
                   (int) size, size > 0 ? data : "", expected);
}

static gboolean
has_defect (const MlaRawMessage *raw, const char *code)
{
    for (guint i = 0; i < raw->defects->len; i++) {
        const MlaDefect *defect = g_ptr_array_index (raw->defects, i);

        if (strcmp (defect->code, code) == 0)
            return TRUE;
    }
    return FALSE;
}

/* What export does (mla_mboxrd_write_message()), into memory. */
static GString *
export_messages (GPtrArray *messages)
{
    g_autoptr (GOutputStream) out = g_memory_output_stream_new_resizable ();
    g_autoptr (GBytes) bytes = NULL;
    gsize size;
    const char *data;
    GString *text;

    for (guint i = 0; i < messages->len; i++) {
        const MlaRawMessage *raw = message_at (messages, i);

        ck_assert (mla_mboxrd_write_message (
            out, raw->envelope, NULL, g_bytes_get_data (raw->bytes, NULL),
            g_bytes_get_size (raw->bytes), NULL));
    }
    ck_assert (g_output_stream_close (out, NULL, NULL));
    bytes =
        g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
    data = g_bytes_get_data (bytes, &size);
    text = g_string_new_len (data, (gssize) size);
    return text;
}

START_TEST (test_mbox_split_basic)
{
    static const char input[] = FROM_A "Subject: one\n\nbody one\n\n" FROM_B
                                       "Subject: two\n\nbody two\n\n";
    g_autoptr (GPtrArray) messages =
        split_string (input, MLA_MBOX_FORMAT_AUTO, NULL);
    g_autoptr (GString) exported = NULL;

    ck_assert_uint_eq (messages->len, 2);
    assert_raw (message_at (messages, 0), "Subject: one\n\nbody one\n");
    assert_raw (message_at (messages, 1), "Subject: two\n\nbody two\n");
    ck_assert_str_eq (message_at (messages, 0)->envelope,
                      "a@example.org Mon Jan  1 00:00:00 2007");
    ck_assert_str_eq (message_at (messages, 1)->envelope,
                      "b@example.org Tue Jan  2 00:00:00 2007");
    ck_assert_str_eq (message_at (messages, 1)->source, "test.mbox");
    ck_assert_uint_eq (message_at (messages, 0)->offset, 0);
    ck_assert_uint_eq (message_at (messages, 1)->offset,
                       strstr (input, FROM_B) - input);
    ck_assert_uint_eq (message_at (messages, 0)->index, 1);
    ck_assert_uint_eq (message_at (messages, 1)->index, 2);
    ck_assert_uint_eq (message_at (messages, 0)->defects->len, 0);
    ck_assert_uint_eq (message_at (messages, 1)->defects->len, 0);
    exported = export_messages (messages);
    ck_assert_str_eq (exported->str, input);
}
END_TEST

START_TEST (test_mbox_split_empty_message)
{
    g_autoptr (GPtrArray) messages = split_string (
        FROM_A FROM_B "Subject: two\n\nbody\n", MLA_MBOX_FORMAT_AUTO, NULL);

    ck_assert_uint_eq (messages->len, 2);
    assert_raw (message_at (messages, 0), "");
    assert_raw (message_at (messages, 1), "Subject: two\n\nbody\n");
}
END_TEST

static const char quoted_input[] =
    FROM_A "Subject: q\n\n>From one\n>>From two\n>>>From three\n"
           "> From four\n>Fromage\nFrom:x\n";

static const struct {
    MlaMboxFormat format;
    const char *body;
    MlaMboxFormat detected;
} quoting[] = {
    { MLA_MBOX_FORMAT_MBOXO,
      "From one\n>>From two\n>>>From three\n> From four\n>Fromage\nFrom:x\n",
      MLA_MBOX_FORMAT_MBOXO },
    { MLA_MBOX_FORMAT_MBOXRD,
      "From one\n>From two\n>>From three\n> From four\n>Fromage\nFrom:x\n",
      MLA_MBOX_FORMAT_MBOXRD },
    { MLA_MBOX_FORMAT_AUTO,
      "From one\n>From two\n>>From three\n> From four\n>Fromage\nFrom:x\n",
      MLA_MBOX_FORMAT_MBOXRD },
    { MLA_MBOX_FORMAT_MBOXCL2,
      ">From one\n>>From two\n>>>From three\n> From four\n>Fromage\nFrom:x\n",
      MLA_MBOX_FORMAT_MBOXCL2 },
};

START_TEST (test_mbox_quoting_variants)
{
    MlaMboxFormat detected;
    g_autoptr (GPtrArray) messages =
        split_string (quoted_input, quoting[_i].format, &detected);
    g_autofree char *expected =
        g_strconcat ("Subject: q\n\n", quoting[_i].body, NULL);

    ck_assert_uint_eq (messages->len, 1);
    assert_raw (message_at (messages, 0), expected);
    ck_assert_int_eq (detected, quoting[_i].detected);
}
END_TEST

START_TEST (test_mbox_quoting_auto_switch)
{
    static const char input[] =
        FROM_A "Subject: 1\n\n>From x\n\n" FROM_B
               "Subject: 2\n\n>From y\n>>From z\n>From w\n";
    g_autoptr (GBytes) bytes = g_bytes_new_static (input, strlen (input));
    g_autoptr (GInputStream) stream =
        g_memory_input_stream_new_from_bytes (bytes);
    g_autoptr (MlaMboxReader) reader =
        mla_mbox_reader_new (stream, "t", MLA_MBOX_FORMAT_AUTO);
    g_autoptr (MlaRawMessage) first = NULL;
    g_autoptr (MlaRawMessage) second = NULL;

    ck_assert_int_eq (mla_mbox_reader_get_format (reader),
                      MLA_MBOX_FORMAT_MBOXO);
    ck_assert (mla_mbox_reader_next (reader, &first, NULL));
    assert_raw (first, "Subject: 1\n\nFrom x\n");
    ck_assert_int_eq (mla_mbox_reader_get_format (reader),
                      MLA_MBOX_FORMAT_MBOXO);
    ck_assert (mla_mbox_reader_next (reader, &second, NULL));
    assert_raw (second, "Subject: 2\n\nFrom y\n>From z\nFrom w\n");
    ck_assert_int_eq (mla_mbox_reader_get_format (reader),
                      MLA_MBOX_FORMAT_MBOXRD);
}
END_TEST

#define CL_BODY "Look:\n" FROM_B "Subject: inner\n\n>From kept\n"
static const char cl_input[] =
    FROM_A "Subject: one\nContent-Length: 77\n\n" CL_BODY
           "\nFrom c@example.org Wed Jan  3 00:00:00 2007\n"
           "Subject: two\nContent-Length: 4\n\nbody";

START_TEST (test_mbox_content_length_auto)
{
    MlaMboxFormat detected;
    g_autoptr (GPtrArray) messages = NULL;

    ck_assert_uint_eq (strlen (CL_BODY), 77);
    messages = split_string (cl_input, MLA_MBOX_FORMAT_AUTO, &detected);
    ck_assert_uint_eq (messages->len, 2);
    assert_raw (message_at (messages, 0),
                "Subject: one\nContent-Length: 77\n\n" CL_BODY);
    assert_raw (message_at (messages, 1),
                "Subject: two\nContent-Length: 4\n\nbody");
    ck_assert_uint_eq (message_at (messages, 0)->defects->len, 0);
    ck_assert_uint_eq (message_at (messages, 1)->defects->len, 0);
    ck_assert_int_eq (detected, MLA_MBOX_FORMAT_MBOXCL2);
}
END_TEST

START_TEST (test_mbox_content_length_ignored_by_mboxo)
{
    g_autoptr (GPtrArray) messages =
        split_string (cl_input, MLA_MBOX_FORMAT_MBOXO, NULL);

    ck_assert_uint_eq (messages->len, 3);
    assert_raw (message_at (messages, 1), "Subject: inner\n\nFrom kept\n");
}
END_TEST

START_TEST (test_mbox_content_length_wrong)
{
    static const char input[] =
        FROM_A "Subject: one\nContent-Length: 3\n\nbody one\n\n" FROM_B
               "Subject: two\n\nbody two\n";
    MlaMboxFormat detected;
    g_autoptr (GPtrArray) automatic =
        split_string (input, MLA_MBOX_FORMAT_AUTO, &detected);
    g_autoptr (GPtrArray) forced =
        split_string (input, MLA_MBOX_FORMAT_MBOXCL2, NULL);

    ck_assert_uint_eq (automatic->len, 2);
    ck_assert_int_eq (detected, MLA_MBOX_FORMAT_MBOXO);
    ck_assert_uint_eq (message_at (automatic, 0)->defects->len, 0);
    ck_assert_uint_eq (forced->len, 2);
    assert_raw (message_at (forced, 0),
                "Subject: one\nContent-Length: 3\n\nbody one\n");
    ck_assert (has_defect (message_at (forced, 0), "bad-content-length"));
}
END_TEST

/* Line before, candidate line, line after; does the candidate split? */
static const struct {
    const char *before;
    const char *line;
    const char *after;
    gboolean splits;
} candidates[] = {
    { "text", "From - ", "From: x@example.org",
      TRUE }, /* Mozilla, MimeKit simple */
    { "", "From -", "Subject: s", TRUE },
    { "", "From 1844347792267117879@xxx", "X-GM-THRID: 1",
      TRUE }, /* Gmail Takeout */
    { "", "From 1844347792267117879@xxx Mon Jan 01 00:00:00 +0000 2020",
      "From: x", TRUE },
    { "", "From user at example.org  Mon Jan  1 00:00:00 2007", "From: x",
      TRUE }, /* Pipermail */
    { "", "From MAILER-DAEMON Sun Aug  7 11:40:37 2022 extra info", "From: foo",
      TRUE },
    { "text", "From x@example.org Mon Jan  1 00:00 2007", "Subject: s", TRUE },
    { "", "From x@example.org Sat, 12 Jan 2002 10:00:00 +0100", "Subject: s",
      TRUE },
    { "", "From x@example.org  Mon, 01 Jan 2007 00:00:00", "Received: x",
      TRUE },
    { "", "From x@example.org Mon Jan  1 00:00:00 2007", "", FALSE },
    { "", "From x@example.org Mon Jan  1 00:00:00 2007", "text", FALSE },
    { "", "From 9:30 to 12:00 on July 19, 2004", "Note: bring laptops", FALSE },
    { "", "From 9:30 to 12:00, 2004", "", FALSE },
    { "", "From Jan 10:30", "Subject: s", TRUE },
    { "", "From Russia with love", "", FALSE },
    { "", "From Russia with love", "Year: 1963", FALSE },
    { "", "From time to time", NULL, FALSE },
    { "Hello,", "From the start, we knew.", "Bye", FALSE },
    { "text", "From the meeting at 10:30 in 2007 we left", "and went home",
      FALSE },
    { "text", "From x@example.org Mon Jan  1 00:00:00 +0000", "text", FALSE },
    { "text", "From nobody", "more text", FALSE },
    { "text", "From nobody", "", FALSE },
};

START_TEST (test_mbox_separator_heuristic)
{
    g_autofree char *input = g_strdup_printf (
        FROM_A "Subject: s\n\n%s\n%s\n%s%s", candidates[_i].before,
        candidates[_i].line, candidates[_i].after ? candidates[_i].after : "",
        candidates[_i].after ? "\n" : "");
    g_autoptr (GPtrArray) messages =
        split_string (input, MLA_MBOX_FORMAT_AUTO, NULL);

    ck_assert_msg (messages->len == (candidates[_i].splits ? 2u : 1u),
                   "\"%s\": %u messages", candidates[_i].line, messages->len);
    if (candidates[_i].splits) {
        ck_assert_uint_eq (message_at (messages, 0)->defects->len, 0);
        ck_assert_str_eq (message_at (messages, 1)->envelope,
                          candidates[_i].line + 5);
    } else {
        ck_assert (
            has_defect (message_at (messages, 0), "unescaped-from-line"));
    }
}
END_TEST

START_TEST (test_mbox_unescaped_from_defect)
{
    static const char body[] =
        "Subject: x\n\nHello,\nFrom the start, we knew.\nBye\n";
    g_autofree char *input = g_strconcat (FROM_A, body, NULL);
    g_autoptr (GPtrArray) messages =
        split_string (input, MLA_MBOX_FORMAT_AUTO, NULL);
    const MlaRawMessage *raw;
    const MlaDefect *defect;

    ck_assert_uint_eq (messages->len, 1);
    raw = message_at (messages, 0);
    assert_raw (raw, body);
    ck_assert_uint_eq (raw->defects->len, 1);
    defect = g_ptr_array_index (raw->defects, 0);
    ck_assert_str_eq (defect->code, "unescaped-from-line");
    ck_assert_msg (strstr (defect->detail, "line 4 ") != NULL, "%s",
                   defect->detail);
    ck_assert_msg (strstr (defect->detail, "byte 63 ") != NULL, "%s",
                   defect->detail);
}
END_TEST

START_TEST (test_mbox_crlf)
{
    static const char input[] =
        "From a@example.org Mon Jan  1 00:00:00 2007\r\n"
        "Subject: one\r\n\r\nbody\r\n\r\n"
        "From b@example.org Mon Jan  1 00:00:00 2007\r\n"
        "Subject: two\r\n\r\nbody2\r\n";
    g_autoptr (GPtrArray) messages =
        split_string (input, MLA_MBOX_FORMAT_AUTO, NULL);

    ck_assert_uint_eq (messages->len, 2);
    assert_raw (message_at (messages, 0), "Subject: one\r\n\r\nbody\r\n");
    assert_raw (message_at (messages, 1), "Subject: two\r\n\r\nbody2\r\n");
    ck_assert_str_eq (message_at (messages, 1)->envelope,
                      "b@example.org Mon Jan  1 00:00:00 2007");
    ck_assert_uint_eq (message_at (messages, 1)->defects->len, 0);
}
END_TEST

START_TEST (test_mbox_bom_skipped)
{
    g_autoptr (GPtrArray) messages =
        split_string ("\xEF\xBB\xBF" FROM_A "Subject: s\n\nbody\n",
                      MLA_MBOX_FORMAT_AUTO, NULL);

    ck_assert_uint_eq (messages->len, 1);
    assert_raw (message_at (messages, 0), "Subject: s\n\nbody\n");
    ck_assert_uint_eq (message_at (messages, 0)->offset, 3);
}
END_TEST

START_TEST (test_mbox_nul_bytes)
{
    static const char input[] =
        FROM_A "Subject: s\n\na\0b\n\0From x\n\n" FROM_B "X: \0\n\n\0";
    g_autoptr (GBytes) bytes = g_bytes_new_static (input, sizeof input - 1);
    g_autoptr (GPtrArray) messages =
        split_bytes (bytes, MLA_MBOX_FORMAT_AUTO, NULL);
    gsize size;
    const char *data;

    ck_assert_uint_eq (messages->len, 2);
    data = g_bytes_get_data (message_at (messages, 0)->bytes, &size);
    ck_assert_uint_eq (size, 24);
    ck_assert (memcmp (data, "Subject: s\n\na\0b\n\0From x\n", 24) == 0);
    data = g_bytes_get_data (message_at (messages, 1)->bytes, &size);
    ck_assert_uint_eq (size, 7);
    ck_assert (memcmp (data, "X: \0\n\n\0", 7) == 0);
}
END_TEST

START_TEST (test_mbox_long_line)
{
    const gsize n = 10 * 1024 * 1024;
    GString *input = g_string_new (FROM_A "Subject: long\n\n");
    g_autoptr (GBytes) bytes = NULL;
    g_autoptr (GPtrArray) messages = NULL;
    gsize header = input->len, size;

    g_string_set_size (input, header + n);
    memset (input->str + header, 'x', n);
    g_string_append (input, "\nFrom ");
    g_string_set_size (input, input->len + n);
    memset (input->str + input->len - n, 'y', n);
    g_string_append (input, "\n\n" FROM_B "Subject: after\n\nend\n");
    bytes = g_string_free_to_bytes (input);
    messages = split_bytes (bytes, MLA_MBOX_FORMAT_AUTO, NULL);

    ck_assert_uint_eq (messages->len, 2);
    g_bytes_get_data (message_at (messages, 0)->bytes, &size);
    ck_assert_uint_eq (size, strlen ("Subject: long\n\n") + n + 6 + n + 1);
    ck_assert (has_defect (message_at (messages, 0), "unescaped-from-line"));
    assert_raw (message_at (messages, 1), "Subject: after\n\nend\n");
}
END_TEST

/* Messages as a Maildir holds them; each goes out to an mbox and comes back
 * with the same bytes, the blank separator line taken off again. Only one
 * without a final line break cannot: it comes back with one. */
static const struct {
    const char *message;
    const char *back; /* NULL: the message itself */
} separated[] = {
    { "Subject: s\n\nbody\n", NULL },
    { "Subject: s\n\nbody\n\n", NULL },
    { "Subject: s\n\nbody\n\n\n\n", NULL },
    { "Subject: s\r\n\r\nbody\r\n", NULL },
    { "Subject: s\r\n\r\nbody\r\n\r\n", NULL },
    { "Subject: s\r\n\r\nbody\r\n\n", NULL },
    { "Subject: s\n\nbody\n\r\n", NULL },
    { "Subject: s\r\n\r\nbody\r\r\n", NULL },
    { "Subject: s\n\n>From quoted\nFrom: not a header\n", NULL },
    { "Subject: s\n\n\n", NULL },
    { "Subject: s\n\nno line break", "Subject: s\n\nno line break\n" },
    { "Subject: s\r\n\r\nbody\r\n\r", "Subject: s\r\n\r\nbody\r\n\r\n" },
};

START_TEST (test_mbox_separator_round_trip)
{
    const char *back =
        separated[_i].back != NULL ? separated[_i].back : separated[_i].message;
    g_autoptr (GBytes) bytes = g_bytes_new_static (
        separated[_i].message, strlen (separated[_i].message));
    g_autoptr (MlaRawMessage) raw = mla_raw_message_new (bytes, "m", 0, 1);
    g_autoptr (GPtrArray) twice = g_ptr_array_new ();
    g_autoptr (GString) mbox = NULL;
    g_autoptr (GPtrArray) messages = NULL;

    raw->envelope = g_strdup ("a@example.org Mon Jan  1 00:00:00 2007");
    g_ptr_array_add (twice, raw);
    g_ptr_array_add (twice, raw);
    mbox = export_messages (twice);
    messages = split_string (mbox->str, MLA_MBOX_FORMAT_AUTO, NULL);
    ck_assert_uint_eq (messages->len, 2);
    assert_raw (message_at (messages, 0), back);
    assert_raw (message_at (messages, 1), back);
}
END_TEST

static const struct {
    const char *bytes;
    gsize separator;
} separator_lengths[] = {
    { "", 0 },         { "\n", 0 },        { "\n\n", 1 },    { "a\n", 0 },
    { "a\n\n", 1 },    { "a\r\n\r\n", 2 }, { "a\r\n\n", 1 }, { "a\n\r\n", 0 },
    { "\r\n\r\n", 2 }, { "a", 0 },
};

START_TEST (test_mbox_separator_length)
{
    const char *bytes = separator_lengths[_i].bytes;

    ck_assert_uint_eq (
        mla_mbox_separator_length ((const guint8 *) bytes, strlen (bytes)),
        separator_lengths[_i].separator);
}
END_TEST

/* Over the limit, a message is skipped, never held: it comes back without
 * bytes and with one too-big defect, and the next one is read as usual,
 * whatever the block boundaries. */
START_TEST (test_mbox_too_big)
{
    g_autoptr (GString) input = g_string_new (FROM_A "Subject: big\n\n");
    g_autoptr (GBytes) bytes = NULL;
    g_autoptr (GInputStream) stream = NULL;
    g_autoptr (MlaMboxReader) reader = NULL;
    g_autoptr (MlaRawMessage) big = NULL;
    g_autoptr (MlaRawMessage) next = NULL;
    g_autoptr (MlaRawMessage) end = NULL;
    const MlaDefect *defect;

    for (guint i = 0; i < 50; i++)
        g_string_append (
            input, "a line of body text\nFrom a line that is no separator\n");
    g_string_append (input, "\n" FROM_B "Subject: small\n\nbody\n\n");
    bytes = g_bytes_new (input->str, input->len);
    stream = _i == 0 ? g_memory_input_stream_new_from_bytes (bytes)
                     : one_byte_stream_new (bytes);
    reader = mla_mbox_reader_new (stream, "t", MLA_MBOX_FORMAT_AUTO);
    mla_mbox_reader_set_max_message_size (reader, 1000);
    ck_assert (mla_mbox_reader_next (reader, &big, NULL));
    ck_assert_ptr_null (big->bytes);
    ck_assert_uint_eq (big->defects->len, 1);
    defect = g_ptr_array_index (big->defects, 0);
    ck_assert_str_eq (defect->code, "too-big");
    ck_assert_msg (strstr (defect->detail, "limit of 1000") != NULL, "%s",
                   defect->detail);
    ck_assert_str_eq (big->envelope, "a@example.org Mon Jan  1 00:00:00 2007");
    ck_assert (mla_mbox_reader_next (reader, &next, NULL));
    assert_raw (next, "Subject: small\n\nbody\n");
    ck_assert_uint_eq (next->offset, strstr (input->str, FROM_B) - input->str);
    ck_assert (mla_mbox_reader_next (reader, &end, NULL));
    ck_assert_ptr_null (end);
}
END_TEST

static const struct {
    const char *input;
    gboolean truncated;
} endings[] = {
    { FROM_A "Subject: s\n\nbody\n", FALSE },
    { FROM_A "Subject: s\n\nbody\n\n", FALSE },
    { FROM_A "Subject: s\n\nbody without line break", TRUE },
    { FROM_A "Subject: s\nTo: x@example.org\n", TRUE },
    { FROM_A "Subject: s\nTo: x@exa", TRUE },
    { FROM_A "Subject: s\n\nno blank line before the next\n" FROM_B
             "Subject: t\n\nend\n",
      FALSE },
};

START_TEST (test_mbox_truncated_last)
{
    g_autoptr (GPtrArray) messages =
        split_string (endings[_i].input, MLA_MBOX_FORMAT_AUTO, NULL);

    for (guint i = 0; i < messages->len; i++)
        ck_assert_int_eq (has_defect (message_at (messages, i), "truncated"),
                          endings[_i].truncated && i + 1 == messages->len);
}
END_TEST

static const char *const streamed[] = {
    FROM_A "Subject: one\n\nbody one\n\n" FROM_B "Subject: two\n\nbody two\n",
    FROM_A "Subject: 1\n\n>From x\n\n" FROM_B
           "Subject: 2\n\n>From y\n>>From z\n>From w\n",
    quoted_input,
    cl_input,
    "\xEF\xBB\xBF" FROM_A
    "Subject: s\r\n\r\nHello,\r\nFrom the start\r\nBye\r\n",
    FROM_A "Subject: s\nTo: x@exa",
    "",
    "\xEF\xBB\xBF",
};

static void
assert_same_messages (GPtrArray *a, GPtrArray *b)
{
    ck_assert_uint_eq (a->len, b->len);
    for (guint i = 0; i < a->len; i++) {
        const MlaRawMessage *x = message_at (a, i), *y = message_at (b, i);

        ck_assert (g_bytes_equal (x->bytes, y->bytes));
        ck_assert_str_eq (x->envelope, y->envelope);
        ck_assert_uint_eq (x->offset, y->offset);
        ck_assert_uint_eq (x->index, y->index);
        ck_assert_uint_eq (x->defects->len, y->defects->len);
        for (guint d = 0; d < x->defects->len; d++) {
            const MlaDefect *dx = g_ptr_array_index (x->defects, d);
            const MlaDefect *dy = g_ptr_array_index (y->defects, d);

            ck_assert_str_eq (dx->code, dy->code);
            ck_assert_str_eq (dx->detail, dy->detail);
        }
    }
}

START_TEST (test_mbox_one_byte_stream)
{
    g_autoptr (GBytes) bytes =
        g_bytes_new_static (streamed[_i], strlen (streamed[_i]));
    g_autoptr (GInputStream) slow = one_byte_stream_new (bytes);
    MlaMboxFormat fast_format, slow_format;
    g_autoptr (GPtrArray) fast =
        split_bytes (bytes, MLA_MBOX_FORMAT_AUTO, &fast_format);
    g_autoptr (GPtrArray) one =
        split_stream (slow, MLA_MBOX_FORMAT_AUTO, &slow_format);

    assert_same_messages (fast, one);
    ck_assert_int_eq (fast_format, slow_format);
}
END_TEST

static const char *const not_mbox[] = { "junk\n", "Subject: s\n\nbody\n",
                                        "\n" FROM_A, "Fro" };

START_TEST (test_mbox_not_an_mbox)
{
    g_autoptr (GBytes) bytes =
        g_bytes_new_static (not_mbox[_i], strlen (not_mbox[_i]));
    g_autoptr (GInputStream) stream =
        g_memory_input_stream_new_from_bytes (bytes);
    g_autoptr (MlaMboxReader) reader =
        mla_mbox_reader_new (stream, "junk.mbox", MLA_MBOX_FORMAT_AUTO);
    g_autoptr (GError) error = NULL;
    MlaRawMessage *raw = NULL;

    ck_assert (!mla_mbox_reader_next (reader, &raw, &error));
    ck_assert_ptr_null (raw);
    ck_assert (g_error_matches (error, MLA_ERROR, MLA_ERROR_NOT_MAIL));
    ck_assert_msg (g_str_has_prefix (error->message, "junk.mbox: "), "%s",
                   error->message);
}
END_TEST

START_TEST (test_mbox_empty_stream)
{
    g_autoptr (GPtrArray) messages =
        split_string ("", MLA_MBOX_FORMAT_AUTO, NULL);

    ck_assert_uint_eq (messages->len, 0);
}
END_TEST

static const struct {
    const char *name;
    MlaMboxFormat format;
} format_names[] = {
    { "auto", MLA_MBOX_FORMAT_AUTO },
    { "mboxo", MLA_MBOX_FORMAT_MBOXO },
    { "mboxrd", MLA_MBOX_FORMAT_MBOXRD },
    { "mboxcl2", MLA_MBOX_FORMAT_MBOXCL2 },
};

START_TEST (test_mbox_format_names)
{
    MlaMboxFormat format = MLA_MBOX_FORMAT_MBOXCL2 - format_names[_i].format;

    ck_assert (mla_mbox_format_from_string (format_names[_i].name, &format));
    ck_assert_int_eq (format, format_names[_i].format);
    ck_assert_str_eq (mla_mbox_format_to_string (format),
                      format_names[_i].name);
}
END_TEST

START_TEST (test_mbox_format_unknown)
{
    MlaMboxFormat format = MLA_MBOX_FORMAT_MBOXRD;

    ck_assert (!mla_mbox_format_from_string ("mmdf", &format));
    ck_assert (!mla_mbox_format_from_string ("", &format));
    ck_assert (!mla_mbox_format_from_string (NULL, &format));
    ck_assert_int_eq (format, MLA_MBOX_FORMAT_MBOXRD);
}
END_TEST

/* Splits a shared corpus file, or returns NULL (printing why) when the
 * corpora are absent. */
static GPtrArray *
split_shared (const char *relative, GError **error)
{
    g_autofree char *path = mla_test_shared_path (relative);
    g_autoptr (GFile) file = NULL;
    g_autoptr (GFileInputStream) stream = NULL;
    g_autoptr (MlaMboxReader) reader = NULL;
    g_autoptr (GPtrArray) messages = NULL;

    if (path == NULL) {
        mla_test_skip ("%s not found (set MLARC_SHARED)", relative);
        return NULL;
    }
    file = g_file_new_for_path (path);
    stream = g_file_read (file, NULL, NULL);
    ck_assert_ptr_nonnull (stream);
    reader = mla_mbox_reader_new (G_INPUT_STREAM (stream), path,
                                  MLA_MBOX_FORMAT_AUTO);
    messages =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_raw_message_free);
    for (;;) {
        MlaRawMessage *raw = NULL;

        if (!mla_mbox_reader_next (reader, &raw, error))
            return NULL;
        if (raw == NULL)
            break;
        g_ptr_array_add (messages, raw);
    }
    return g_steal_pointer (&messages);
}

#define RLUG "corpora/james-mime4j/mbox/src/test/resources/test-1/mbox.rlug"

/* mime4j's expected parts keep the blank line before the next From_ line;
 * our raw bytes leave that separator off (mla-mbox.h). */
START_TEST (test_mbox_corpus_rlug_exact)
{
    g_autoptr (GPtrArray) messages = split_shared (RLUG, NULL);

    if (messages == NULL)
        return;
    ck_assert_uint_eq (messages->len, 5);
    for (guint i = 0; i < 5; i++) {
        g_autofree char *name = g_strdup_printf (RLUG "-%u", i);
        g_autofree char *path = mla_test_shared_path (name);
        g_autoptr (GBytes) part = mla_test_read_file (path);
        gsize size;
        const guint8 *data = g_bytes_get_data (part, &size);
        g_autoptr (GBytes) expected = NULL;

        ck_assert (size >= 2 && data[size - 2] == '\n' &&
                   data[size - 1] == '\n');
        expected = g_bytes_new (data, size - 1);
        ck_assert_msg (
            g_bytes_equal (message_at (messages, i)->bytes, expected),
            "mbox.rlug message %u differs from mbox.rlug-%u", i + 1, i);
    }
}
END_TEST

START_TEST (test_mbox_corpus_rlug_export)
{
    g_autoptr (GPtrArray) messages = split_shared (RLUG, NULL);
    g_autofree char *path = mla_test_shared_path (RLUG);
    g_autoptr (GBytes) original = NULL;
    g_autoptr (GString) exported = NULL;
    g_autoptr (GBytes) again = NULL;

    if (messages == NULL)
        return;
    original = mla_test_read_file (path);
    exported = export_messages (messages);
    ck_assert_uint_eq (exported->len, g_bytes_get_size (original));
    ck_assert (memcmp (exported->str, g_bytes_get_data (original, NULL),
                       exported->len) == 0);
}
END_TEST

static const struct {
    const char *path;
    guint count;
    guint unescaped; /* messages with an unescaped-from-line defect */
} corpora[] = {
    { "corpora/MimeKit/UnitTests/TestData/mbox/issue1189.mbox.txt", 4, 0 },
    { "corpora/MimeKit/UnitTests/TestData/mbox/unmunged.mbox.txt", 2, 2 },
    { "corpora/MimeKit/UnitTests/TestData/mbox/simple.mbox.txt", 3, 0 },
    { "corpora/cpython/Lib/test/test_email/data/mailbox_01.mbox", 1, 1 },
    { "corpora/grimoirelab-perceval/tests/data/mbox/mbox_complex.mbox", 2, 0 },
    { "corpora/grimoirelab-perceval/tests/data/mbox/mbox_iso8859_encoding.mbox",
      1, 0 },
    { "corpora/grimoirelab-perceval/tests/data/mbox/mbox_multipart.mbox", 2,
      0 },
    { "corpora/grimoirelab-perceval/tests/data/mbox/mbox_no_fields.mbox", 6,
      0 },
    { "corpora/grimoirelab-perceval/tests/data/mbox/mbox_single.mbox", 1, 0 },
    { "corpora/grimoirelab-perceval/tests/data/mbox/"
      "mbox_unixfrom_encoding.mbox",
      1, 0 },
    { "corpora/grimoirelab-perceval/tests/data/mbox/mbox_unknown_encoding.mbox",
      1, 0 },
    { "corpora/grimoirelab-perceval/tests/data/pipermail/"
      "pipermail_2015_november.mbox",
      4, 0 },
    { "corpora/grimoirelab-perceval/tests/data/pipermail/"
      "pipermail_2016_april.mbox",
      3, 0 },
    { "corpora/grimoirelab-perceval/tests/data/pipermail/"
      "pipermail_2016_march.mbox",
      1, 0 },
    { "corpora/grimoirelab-perceval/tests/data/groupsio/messages.mbox", 49, 0 },
    { "corpora/grimoirelab-perceval/tests/data/hyperkitty/"
      "hyperkitty_2016_april.mbox",
      3, 0 },
    { "corpora/neomutt-test-files/mbox/apple.mbox", 0, 0 },
    { "corpora/neomutt-test-files/mbox/banana.mbox", 1, 0 },
};

START_TEST (test_mbox_corpus_counts)
{
    g_autoptr (GError) error = NULL;
    g_autoptr (GPtrArray) messages = split_shared (corpora[_i].path, &error);
    guint unescaped = 0;

    ck_assert_msg (error == NULL, "%s", error ? error->message : "");
    if (messages == NULL)
        return;
    for (guint i = 0; i < messages->len; i++)
        unescaped +=
            has_defect (message_at (messages, i), "unescaped-from-line");
    ck_assert_msg (messages->len == corpora[_i].count,
                   "%s: %u messages, expected %u", corpora[_i].path,
                   messages->len, corpora[_i].count);
    ck_assert_uint_eq (unescaped, corpora[_i].unescaped);
}
END_TEST

/* MimeKit's summary lists each message after a "From " line. */
START_TEST (test_mbox_corpus_mimekit_summary)
{
    g_autofree char *summary = mla_test_shared_path (
        "corpora/MimeKit/UnitTests/TestData/mbox/issue1189-summary.txt");
    g_autoptr (GPtrArray) messages = split_shared (
        "corpora/MimeKit/UnitTests/TestData/mbox/issue1189.mbox.txt", NULL);
    g_autoptr (GBytes) text = NULL;
    g_auto (GStrv) lines = NULL;
    guint from = 0;

    if (messages == NULL || summary == NULL)
        return;
    text = mla_test_read_file (summary);
    lines = g_strsplit (g_bytes_get_data (text, NULL), "\n", -1);
    for (guint i = 0; lines[i] != NULL; i++) {
        if (!g_str_has_prefix (lines[i], "From "))
            continue;
        ck_assert_uint_lt (from, messages->len);
        ck_assert_str_eq (message_at (messages, from)->envelope, lines[i] + 5);
        from++;
    }
    ck_assert_uint_eq (from, messages->len);
}
END_TEST

static const char *const corpus_not_mbox[] = {
    "corpora/neomutt-test-files/mbox/cherry.mbox",
    "corpora/neomutt-test-files/mbox/endive.mbox",
    "corpora/neomutt-test-files/mbox/fig.mbox",
};

START_TEST (test_mbox_corpus_not_mbox)
{
    g_autofree char *path = mla_test_shared_path (corpus_not_mbox[_i]);
    g_autoptr (GError) error = NULL;
    g_autoptr (GPtrArray) messages = NULL;

    if (path == NULL) {
        mla_test_skip ("%s not found (set MLARC_SHARED)", corpus_not_mbox[_i]);
        return;
    }
    messages = split_shared (corpus_not_mbox[_i], &error);
    ck_assert_ptr_null (messages);
    ck_assert (g_error_matches (error, MLA_ERROR, MLA_ERROR_NOT_MAIL));
}
END_TEST

static Suite *
mbox_suite (void)
{
    Suite *suite = suite_create ("mbox");

    mla_test_add_case (suite, "split", test_mbox_split_basic, 0);
    mla_test_add_case (suite, "empty-message", test_mbox_split_empty_message,
                       0);
    mla_test_add_case (suite, "quoting", test_mbox_quoting_variants,
                       G_N_ELEMENTS (quoting));
    mla_test_add_case (suite, "auto-switch", test_mbox_quoting_auto_switch, 0);
    mla_test_add_case (suite, "content-length", test_mbox_content_length_auto,
                       0);
    mla_test_add_case (suite, "content-length-mboxo",
                       test_mbox_content_length_ignored_by_mboxo, 0);
    mla_test_add_case (suite, "content-length-wrong",
                       test_mbox_content_length_wrong, 0);
    mla_test_add_case (suite, "separators", test_mbox_separator_heuristic,
                       G_N_ELEMENTS (candidates));
    mla_test_add_case (suite, "unescaped-from", test_mbox_unescaped_from_defect,
                       0);
    mla_test_add_case (suite, "crlf", test_mbox_crlf, 0);
    mla_test_add_case (suite, "bom", test_mbox_bom_skipped, 0);
    mla_test_add_case (suite, "nul", test_mbox_nul_bytes, 0);
    mla_test_add_case (suite, "long-line", test_mbox_long_line, 0);
    mla_test_add_case (suite, "separator-round-trip",
                       test_mbox_separator_round_trip,
                       G_N_ELEMENTS (separated));
    mla_test_add_case (suite, "too-big", test_mbox_too_big, 2);
    mla_test_add_case (suite, "separator-length", test_mbox_separator_length,
                       G_N_ELEMENTS (separator_lengths));
    mla_test_add_case (suite, "truncated", test_mbox_truncated_last,
                       G_N_ELEMENTS (endings));
    mla_test_add_case (suite, "one-byte", test_mbox_one_byte_stream,
                       G_N_ELEMENTS (streamed));
    mla_test_add_case (suite, "not-mbox", test_mbox_not_an_mbox,
                       G_N_ELEMENTS (not_mbox));
    mla_test_add_case (suite, "empty", test_mbox_empty_stream, 0);
    mla_test_add_case (suite, "format-names", test_mbox_format_names,
                       G_N_ELEMENTS (format_names));
    mla_test_add_case (suite, "format-unknown", test_mbox_format_unknown, 0);
    mla_test_add_case (suite, "corpus-rlug", test_mbox_corpus_rlug_exact, 0);
    mla_test_add_case (suite, "corpus-rlug-export",
                       test_mbox_corpus_rlug_export, 0);
    mla_test_add_case (suite, "corpus-counts", test_mbox_corpus_counts,
                       G_N_ELEMENTS (corpora));
    mla_test_add_case (suite, "corpus-mimekit-summary",
                       test_mbox_corpus_mimekit_summary, 0);
    mla_test_add_case (suite, "corpus-not-mbox", test_mbox_corpus_not_mbox,
                       G_N_ELEMENTS (corpus_not_mbox));
    return suite;
}

MLA_TEST_MAIN (mbox_suite)
