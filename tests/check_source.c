/* check_source.c: input kind detection (mbox, gzip, Maildir, single
 * message, empty, junk) and the errors a bad input gives. */
#include "config.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include "mla-test.h"
#include "mlarc.h"

static char *
data_path (const char *name)
{
    g_autofree char *relative =
        g_build_filename ("tests/data/source", name, NULL);

    return mla_test_srcdir_path (relative);
}

static char *
write_tmp (const char *name, const void *data, gsize size)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    char *path = g_build_filename (dir, name, NULL);

    ck_assert (g_file_set_contents (path, data, (gssize) size, NULL));
    return path;
}

/* Reads every message of @source; fails the test on an error. */
static GPtrArray *
read_all (MlaSource *source)
{
    GPtrArray *messages =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_raw_message_free);

    for (;;) {
        g_autoptr (GError) error = NULL;
        MlaRawMessage *raw = NULL;

        ck_assert_msg (mla_source_next (source, &raw, &error), "%s",
                       error->message);
        if (raw == NULL)
            break;
        g_ptr_array_add (messages, raw);
    }
    return messages;
}

static MlaSource *
open_ok (const char *path)
{
    g_autoptr (GError) error = NULL;
    MlaSource *source = mla_source_open (path, MLA_MBOX_FORMAT_AUTO, &error);

    ck_assert_msg (source != NULL, "%s: %s", path,
                   error ? error->message : "?");
    return source;
}

/* Returns: (transfer full): the gzip'd form of @bytes. */
static GBytes *
gzip_bytes (GBytes *bytes)
{
    g_autoptr (GZlibCompressor) gzip =
        g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 6);
    g_autoptr (GInputStream) plain =
        g_memory_input_stream_new_from_bytes (bytes);
    g_autoptr (GInputStream) packed =
        g_converter_input_stream_new (plain, G_CONVERTER (gzip));
    g_autoptr (GOutputStream) sink = g_memory_output_stream_new_resizable ();

    ck_assert (g_output_stream_splice (sink, packed,
                                       G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET,
                                       NULL, NULL) >= 0);
    return g_memory_output_stream_steal_as_bytes (
        G_MEMORY_OUTPUT_STREAM (sink));
}

static const struct {
    const char *name;
    MlaSourceKind kind;
    const char *format;
    guint count;
} kinds[] = {
    { "plain.mbox", MLA_SOURCE_KIND_MBOX, "mboxo", 2 },
    { "plain.mbox.gz", MLA_SOURCE_KIND_MBOX, "mboxo.gz", 2 },
    { "message.eml", MLA_SOURCE_KIND_MESSAGE, "message", 1 },
    { "maildir", MLA_SOURCE_KIND_MAILDIR, "maildir",
      6 }, /* 5 messages, 1 loose file */
};

START_TEST (test_source_kind_detected)
{
    g_autofree char *path = data_path (kinds[_i].name);
    g_autoptr (MlaSource) source = open_ok (path);
    g_autoptr (GPtrArray) messages = read_all (source);

    ck_assert_int_eq (mla_source_get_kind (source), kinds[_i].kind);
    ck_assert_str_eq (mla_source_get_format_name (source), kinds[_i].format);
    ck_assert_str_eq (mla_source_get_path (source), path);
    ck_assert_uint_eq (messages->len, kinds[_i].count);
    ck_assert_uint_eq (mla_source_get_bytes_done (source),
                       mla_source_get_bytes_total (source));
    ck_assert_uint_gt (mla_source_get_bytes_total (source), 0);
}
END_TEST

START_TEST (test_source_gzip_same_as_plain)
{
    g_autofree char *plain_path = data_path ("plain.mbox");
    g_autofree char *gz_path = data_path ("plain.mbox.gz");
    g_autoptr (MlaSource) plain = open_ok (plain_path);
    g_autoptr (MlaSource) gz = open_ok (gz_path);
    g_autoptr (GPtrArray) a = read_all (plain);
    g_autoptr (GPtrArray) b = read_all (gz);

    ck_assert_uint_eq (a->len, b->len);
    for (guint i = 0; i < a->len; i++) {
        const MlaRawMessage *x = g_ptr_array_index (a, i),
                            *y = g_ptr_array_index (b, i);

        ck_assert (g_bytes_equal (x->bytes, y->bytes));
        ck_assert_str_eq (x->envelope, y->envelope);
        ck_assert_uint_eq (x->offset, y->offset);
        ck_assert_str_eq (y->source, gz_path);
    }
}
END_TEST

START_TEST (test_source_message_whole)
{
    g_autofree char *path = data_path ("message.eml");
    g_autoptr (GBytes) expected = mla_test_read_file (path);
    g_autoptr (MlaSource) source = open_ok (path);
    g_autoptr (GPtrArray) messages = read_all (source);
    const MlaRawMessage *raw = g_ptr_array_index (messages, 0);

    ck_assert (g_bytes_equal (raw->bytes, expected));
    ck_assert_ptr_null (raw->envelope);
    ck_assert_uint_eq (raw->index, 1);
    ck_assert_uint_eq (raw->offset, 0);
}
END_TEST

START_TEST (test_source_message_bom)
{
    static const char text[] = "\xEF\xBB\xBF"
                               "From: x@example.org\n\nbody\n";
    g_autofree char *path = write_tmp ("bom.eml", text, sizeof text - 1);
    g_autoptr (MlaSource) source = open_ok (path);
    g_autoptr (GPtrArray) messages = read_all (source);
    const MlaRawMessage *raw;

    ck_assert_int_eq (mla_source_get_kind (source), MLA_SOURCE_KIND_MESSAGE);
    ck_assert_uint_eq (messages->len, 1);
    raw = g_ptr_array_index (messages, 0);
    ck_assert_uint_eq (g_bytes_get_size (raw->bytes), sizeof text - 4);
    ck_assert (memcmp (g_bytes_get_data (raw->bytes, NULL), text + 3,
                       sizeof text - 4) == 0);
}
END_TEST

static const struct {
    const char *name;
    gboolean gzip;
} empties[] = {
    { "empty.mbox", FALSE },
    { "empty.mbox.gz", TRUE },
};

START_TEST (test_source_empty)
{
    g_autoptr (GBytes) nothing = g_bytes_new_static ("", 0);
    g_autoptr (GBytes) packed =
        empties[_i].gzip ? gzip_bytes (nothing) : g_bytes_ref (nothing);
    g_autofree char *path =
        write_tmp (empties[_i].name, g_bytes_get_data (packed, NULL),
                   g_bytes_get_size (packed));
    g_autoptr (MlaSource) source = open_ok (path);
    g_autoptr (GPtrArray) messages = read_all (source);

    ck_assert_int_eq (mla_source_get_kind (source), MLA_SOURCE_KIND_EMPTY);
    ck_assert_str_eq (mla_source_get_format_name (source), "empty");
    ck_assert_uint_eq (messages->len, 0);
}
END_TEST

static const char *const junk[] = {
    "junk\n",
    "\n\nFrom a@example.org Mon Jan  1 00:00:00 2007\n",
    "\xEF\xBB\xBF",
    "12345",
    " Subject: indented\n",
};

START_TEST (test_source_junk_not_mail)
{
    g_autofree char *path = write_tmp ("junk.txt", junk[_i], strlen (junk[_i]));
    g_autofree char *expected = g_strdup_printf (
        "%s: not mail: first line is neither a From_ line nor a header", path);
    g_autoptr (GError) error = NULL;
    g_autoptr (MlaSource) source =
        mla_source_open (path, MLA_MBOX_FORMAT_AUTO, &error);

    ck_assert_ptr_null (source);
    ck_assert (g_error_matches (error, MLA_ERROR, MLA_ERROR_NOT_MAIL));
    ck_assert_str_eq (error->message, expected);
}
END_TEST

START_TEST (test_source_missing_path)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autofree char *path = g_build_filename (dir, "no-such.mbox", NULL);
    g_autoptr (GError) error = NULL;
    g_autoptr (MlaSource) source =
        mla_source_open (path, MLA_MBOX_FORMAT_AUTO, &error);

    ck_assert_ptr_null (source);
    ck_assert (g_error_matches (error, MLA_ERROR, MLA_ERROR_IO));
    ck_assert_msg (g_str_has_prefix (error->message, path), "%s",
                   error->message);
}
END_TEST

START_TEST (test_source_folder_not_maildir)
{
    g_autofree char *path = data_path ("notmaildir");
    g_autofree char *expected =
        g_strdup_printf ("%s: is a folder but not a Maildir", path);
    g_autoptr (GError) error = NULL;
    g_autoptr (MlaSource) source =
        mla_source_open (path, MLA_MBOX_FORMAT_AUTO, &error);

    ck_assert_ptr_null (source);
    ck_assert (g_error_matches (error, MLA_ERROR, MLA_ERROR_NOT_MAIL));
    ck_assert_str_eq (error->message, expected);
}
END_TEST

/* A gzip'd mbox big enough that the damage is met while reading. */
static GBytes *
big_gzip_mbox (void)
{
    GString *text = g_string_new (NULL);
    g_autoptr (GBytes) plain = NULL;

    for (guint i = 0; i < 2000; i++)
        g_string_append_printf (text,
                                "From x@example.org Mon Jan  1 00:00:00 2007\n"
                                "Subject: message %u\n\nbody %u %u %u\n\n",
                                i, i * 7919, i * 104729, i * 1299709);
    plain = g_string_free_to_bytes (text);
    return gzip_bytes (plain);
}

/* Reads @source to its end; returns the error that stopped it, if any. */
static GError *
read_until_error (MlaSource *source)
{
    for (;;) {
        GError *error = NULL;
        g_autoptr (MlaRawMessage) raw = NULL;

        if (!mla_source_next (source, &raw, &error))
            return error;
        if (raw == NULL)
            return NULL;
    }
}

static const struct {
    const char *damage;
    gsize at_percent; /* where; 100 = cut the file there instead */
} gzip_damage[] = {
    { "corrupt", 50 },
    { "truncated", 100 },
    { "header", 0 },
};

START_TEST (test_source_gzip_corrupt)
{
    g_autoptr (GBytes) packed = big_gzip_mbox ();
    gsize size = g_bytes_get_size (packed);
    g_autofree char *data = g_memdup2 (g_bytes_get_data (packed, NULL), size);
    g_autofree char *path = NULL;
    g_autofree char *prefix = NULL;
    g_autoptr (GError) error = NULL;
    g_autoptr (MlaSource) source = NULL;

    if (gzip_damage[_i].at_percent == 100)
        size = size / 2;
    else if (gzip_damage[_i].at_percent == 0)
        memset (data + 2, 0xff, 8);
    else
        memset (data + size / 2, 0xa5, 64);
    path = write_tmp ("damaged.mbox.gz", data, size);
    prefix = g_strdup_printf ("%s: corrupt gzip data at byte ", path);
    source = mla_source_open (path, MLA_MBOX_FORMAT_AUTO, &error);
    if (source != NULL)
        error = read_until_error (source);
    ck_assert_msg (error != NULL, "%s: no error", gzip_damage[_i].damage);
    ck_assert_msg (g_error_matches (error, MLA_ERROR, MLA_ERROR_CORRUPT),
                   "%s: %s", gzip_damage[_i].damage, error->message);
    ck_assert_msg (g_str_has_prefix (error->message, prefix), "%s",
                   error->message);
}
END_TEST

/* .Sub/maildirfolder is a loose file (Maildir++ marks subfolders with it):
 * read with its folder and handed back as not mail, to be rejected. */
static const char *const maildir_order[] = {
    "maildir/new/0999.b",
    "maildir/cur/1000.a:2,S",
    "maildir/.Sub/cur/2000.c:2,",
    "maildir/.Sub/maildirfolder",
    "maildir/.Sub.Deeper/new/3000.d",
    "maildir/nested/cur/4000.e",
};

START_TEST (test_source_maildir_order)
{
    g_autofree char *path = data_path ("maildir");
    g_autoptr (MlaSource) source = open_ok (path);
    g_autoptr (GPtrArray) messages = read_all (source);

    ck_assert_uint_eq (messages->len, G_N_ELEMENTS (maildir_order));
    for (guint i = 0; i < messages->len; i++) {
        const MlaRawMessage *raw = g_ptr_array_index (messages, i);
        g_autofree char *expected = data_path (maildir_order[i]);

        ck_assert_str_eq (raw->source, expected);
        ck_assert_uint_eq (raw->index, i + 1);
        ck_assert_uint_eq (raw->offset, 0);
        ck_assert_ptr_null (raw->envelope);
        if (g_str_has_suffix (maildir_order[i], "/maildirfolder")) {
            ck_assert_ptr_null (raw->bytes);
            ck_assert_uint_eq (raw->defects->len, 1);
            ck_assert_str_eq (
                ((MlaDefect *) g_ptr_array_index (raw->defects, 0))->code,
                "not-mail");
            continue;
        }
        ck_assert_uint_eq (raw->defects->len, 0);
        ck_assert_ptr_nonnull (strstr (g_bytes_get_data (raw->bytes, NULL),
                                       strstr (maildir_order[i], "/") + 1));
    }
}
END_TEST

START_TEST (test_source_maildir_unreadable_and_empty)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autofree char *cur = g_build_filename (dir, "cur", NULL);
    g_autofree char *dangling = g_build_filename (cur, "1", NULL);
    g_autofree char *empty = g_build_filename (cur, "2", NULL);
    g_autoptr (MlaSource) source = NULL;
    g_autoptr (GPtrArray) messages = NULL;
    const MlaRawMessage *raw;
    const MlaDefect *defect;

    ck_assert_int_eq (g_mkdir (cur, 0755), 0);
    ck_assert_int_eq (symlink ("/nonexistent/mlarc-test", dangling), 0);
    ck_assert (g_file_set_contents (empty, "", 0, NULL));
    source = open_ok (dir);
    messages = read_all (source);
    ck_assert_uint_eq (messages->len, 2);
    raw = g_ptr_array_index (messages, 0);
    ck_assert_ptr_null (raw->bytes);
    ck_assert_uint_eq (raw->defects->len, 1);
    defect = g_ptr_array_index (raw->defects, 0);
    ck_assert_str_eq (defect->code, "unreadable");
    raw = g_ptr_array_index (messages, 1);
    ck_assert_ptr_nonnull (raw->bytes);
    ck_assert_uint_eq (g_bytes_get_size (raw->bytes), 0);
}
END_TEST

START_TEST (test_source_maildir_reader_counts)
{
    g_autofree char *path = data_path ("maildir");
    g_autoptr (GError) error = NULL;
    g_autoptr (MlaMaildirReader) reader =
        mla_maildir_reader_open (path, &error);
    guint64 total = 0;
    guint n = 0;

    ck_assert_msg (reader != NULL, "%s", error ? error->message : "?");
    for (;;) {
        g_autoptr (MlaRawMessage) raw = NULL;

        ck_assert (mla_maildir_reader_next (reader, &raw, &error));
        if (raw == NULL)
            break;
        n++;
        total += raw->bytes != NULL ? g_bytes_get_size (raw->bytes)
                                    : 1; /* maildirfolder */
        ck_assert_uint_eq (mla_maildir_reader_get_bytes_read (reader), total);
    }
    ck_assert_uint_eq (n, mla_maildir_reader_get_n_files (reader));
    ck_assert_uint_eq (total, mla_maildir_reader_get_total_bytes (reader));
}
END_TEST

START_TEST (test_source_free_null)
{
    g_autoptr (GBytes) bytes = g_bytes_new_static ("", 0);
    g_autoptr (MlaRawMessage) unreadable =
        mla_raw_message_new (NULL, "f", 0, 1);
    g_autoptr (MlaRawMessage) empty = mla_raw_message_new (bytes, "f", 7, 2);

    mla_source_free (NULL);
    mla_maildir_reader_free (NULL);
    mla_mbox_reader_free (NULL);
    mla_raw_message_free (NULL);
    ck_assert_ptr_null (unreadable->bytes);
    ck_assert_ptr_null (unreadable->envelope);
    ck_assert_uint_eq (unreadable->defects->len, 0);
    ck_assert_ptr_eq (empty->bytes, bytes);
    ck_assert_str_eq (empty->source, "f");
    ck_assert_uint_eq (empty->offset, 7);
    ck_assert_uint_eq (empty->index, 2);
}
END_TEST

static const char *const maildirs[] = { "maildir", "maildir/.Sub",
                                        "maildir/nested" };
static const char *const not_maildirs[] = { "notmaildir", "maildir/cur",
                                            "plain.mbox", "nothere" };

START_TEST (test_source_is_maildir)
{
    g_autofree char *yes = data_path (maildirs[_i % G_N_ELEMENTS (maildirs)]);
    g_autofree char *no = data_path (not_maildirs[_i]);

    ck_assert (mla_maildir_is_maildir (yes));
    ck_assert (!mla_maildir_is_maildir (no));
}
END_TEST

static const struct {
    const char *path;
    guint count;
} shared_maildirs[] = {
    { "corpora/mail-parser/resources/maildir", 6 },
    { "corpora/notmuch/test/corpora/default",
      53 }, /* 43 in cur/ and new/, 10 loose */
};

START_TEST (test_source_corpus_maildir)
{
    g_autofree char *path = mla_test_shared_path (shared_maildirs[_i].path);
    g_autoptr (MlaSource) source = NULL;
    g_autoptr (GPtrArray) messages = NULL;

    if (path == NULL) {
        mla_test_skip ("%s not found (set MLARC_SHARED)",
                       shared_maildirs[_i].path);
        return;
    }
    source = open_ok (path);
    messages = read_all (source);
    ck_assert_int_eq (mla_source_get_kind (source), MLA_SOURCE_KIND_MAILDIR);
    ck_assert_uint_eq (messages->len, shared_maildirs[_i].count);
    ck_assert_uint_eq (mla_source_get_bytes_done (source),
                       mla_source_get_bytes_total (source));
}
END_TEST

static Suite *
source_suite (void)
{
    Suite *suite = suite_create ("source");

    mla_test_add_case (suite, "kinds", test_source_kind_detected,
                       G_N_ELEMENTS (kinds));
    mla_test_add_case (suite, "gzip", test_source_gzip_same_as_plain, 0);
    mla_test_add_case (suite, "message", test_source_message_whole, 0);
    mla_test_add_case (suite, "message-bom", test_source_message_bom, 0);
    mla_test_add_case (suite, "empty", test_source_empty,
                       G_N_ELEMENTS (empties));
    mla_test_add_case (suite, "junk", test_source_junk_not_mail,
                       G_N_ELEMENTS (junk));
    mla_test_add_case (suite, "missing", test_source_missing_path, 0);
    mla_test_add_case (suite, "folder-not-maildir",
                       test_source_folder_not_maildir, 0);
    mla_test_add_case (suite, "gzip-corrupt", test_source_gzip_corrupt,
                       G_N_ELEMENTS (gzip_damage));
    mla_test_add_case (suite, "maildir-order", test_source_maildir_order, 0);
    mla_test_add_case (suite, "maildir-unreadable",
                       test_source_maildir_unreadable_and_empty, 0);
    mla_test_add_case (suite, "maildir-counts",
                       test_source_maildir_reader_counts, 0);
    mla_test_add_case (suite, "free-null", test_source_free_null, 0);
    mla_test_add_case (suite, "is-maildir", test_source_is_maildir,
                       G_N_ELEMENTS (not_maildirs));
    mla_test_add_case (suite, "corpus-maildir", test_source_corpus_maildir,
                       G_N_ELEMENTS (shared_maildirs));
    return suite;
}

MLA_TEST_MAIN (source_suite)
