/* check_archive.c: the archive folder: import transactions, idempotence,
 * duplicate ids, crash leftovers, export round trip, check, agendas. */
#include "config.h"
#include <string.h>
#include <glib/gstdio.h>
#include "mlarc.h"
#include "mla-archive-private.h"
#include "mla-test.h"

static char *
data_path (const char *name)
{
    g_autofree char *relative =
        g_build_filename ("tests/data/import", name, NULL);

    return mla_test_srcdir_path (relative);
}

static MlaArchive *
new_archive (char **out_path)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autoptr (GError) error = NULL;
    MlaArchive *archive;

    *out_path = g_build_filename (dir, "archive", NULL);
    archive = mla_archive_open (*out_path, MLA_ARCHIVE_OPEN_CREATE, &error);
    ck_assert_msg (archive != NULL, "%s", error ? error->message : "?");
    return archive;
}

static void
import_ok (MlaArchive *archive, const char *const *inputs,
           MlaImportStats *stats)
{
    g_autoptr (GError) error = NULL;

    ck_assert_msg (mla_archive_import (archive, inputs, NULL, stats, &error),
                   "%s", error ? error->message : "?");
}

static char *
read_text (const char *archive_path, const char *name)
{
    g_autofree char *path = g_build_filename (archive_path, name, NULL);
    g_autoptr (GBytes) bytes = mla_test_read_file (path);

    return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

/* A thread keeps the raw file it read last open (a committed file never
 * changes under its name): a file replaced behind the archive's back is
 * still read as it was, until a reload, after which it is opened again. */
START_TEST (test_read_raw_keeps_file_until_reload)
{
    g_autofree char *path = NULL;
    g_autoptr (MlaArchive) archive = new_archive (&path);
    g_autofree char *eml = g_build_filename (path, "..", "one.eml", NULL);
    g_autofree char *raw = g_build_filename (path, "raw", "000001.raw", NULL);
    g_autofree char *other = g_build_filename (path, "..", "other", NULL);
    const char *inputs[] = { eml, NULL };
    const char *texts[] = { "From:", "From:", "XXXXX" };
    gsize size = 0;
    g_autofree char *stored = NULL;

    ck_assert (g_file_set_contents (
        eml, "From: a@example.org\nMessage-ID: <one@x>\n\nOne.\n", -1, NULL));
    import_ok (archive, inputs, NULL);
    ck_assert (g_file_get_contents (raw, &stored, &size, NULL));
    memset (stored, 'X', size);
    for (guint i = 0; i < G_N_ELEMENTS (texts); i++) {
        g_autoptr (GByteArray) out = g_byte_array_new ();
        g_autoptr (GError) error = NULL;

        if (i == 1) {
            ck_assert (
                g_file_set_contents (other, stored, (gssize) size, NULL));
            ck_assert_int_eq (g_rename (other, raw), 0);
        }
        if (i == 2)
            ck_assert (mla_archive_reload (archive, NULL));
        ck_assert_msg (
            mla_archive_read_raw (archive, 1, "one@x", 0, 5, out, &error), "%s",
            error != NULL ? error->message : "?");
        ck_assert_int_eq (out->len, 5);
        ck_assert_int_eq (memcmp (out->data, texts[i], 5), 0);
    }
}
END_TEST

START_TEST (test_import_counts_and_is_idempotent)
{
    g_autofree char *path = NULL;
    g_autoptr (MlaArchive) archive = new_archive (&path);
    g_autofree char *mbox = data_path ("bad/no-message-id.mbox");
    g_autofree char *eml = data_path ("good/single.eml");
    const char *inputs[] = { mbox, eml, NULL };
    g_autofree char *index_before = NULL;
    g_autofree char *index_after = NULL;
    MlaImportStats stats;

    import_ok (archive, inputs, &stats);
    ck_assert_uint_eq (stats.read, 3);
    ck_assert_uint_eq (stats.added, 3);
    ck_assert_uint_eq (stats.flagged, 2); /* the two without Message-ID */
    ck_assert_uint_eq (mla_archive_get_n_messages (archive), 3);
    index_before = read_text (path, "index.xml");

    import_ok (archive, inputs, &stats);
    ck_assert_uint_eq (stats.read, 3);
    ck_assert_uint_eq (stats.added, 0);
    ck_assert_uint_eq (stats.present, 3);
    index_after = read_text (path, "index.xml");
    ck_assert_str_eq (index_before, index_after);
}
END_TEST

/* Two opens of one archive, an import through each: the second sees the
 * first's commit once it holds the lock, so both volumes stay listed. */
START_TEST (test_import_after_another_commit)
{
    g_autofree char *path = NULL;
    g_autoptr (MlaArchive) first = new_archive (&path);
    g_autoptr (GError) error = NULL;
    g_autoptr (MlaArchive) second =
        mla_archive_open (path, MLA_ARCHIVE_OPEN_DEFAULT, &error);
    g_autofree char *mbox = data_path ("bad/no-message-id.mbox");
    g_autofree char *eml = data_path ("good/single.eml");
    const char *first_inputs[] = { mbox, NULL };
    const char *second_inputs[] = { eml, NULL };
    g_autoptr (MlaArchive) reopened = NULL;
    MlaImportStats stats;

    ck_assert_msg (second != NULL, "%s", error ? error->message : "?");
    import_ok (first, first_inputs, &stats);
    ck_assert_uint_eq (stats.added, 2);
    import_ok (second, second_inputs, &stats);
    ck_assert_uint_eq (stats.added, 1);
    reopened = mla_archive_open (path, MLA_ARCHIVE_OPEN_DEFAULT, &error);
    ck_assert_msg (reopened != NULL, "%s", error ? error->message : "?");
    ck_assert_uint_eq (mla_archive_get_n_messages (reopened), 3);
}
END_TEST

/* The .keys cache spares re-reading the XML; damaged or missing, the XML
 * is read instead, with the same result. */
START_TEST (test_import_keys_cache_falls_back)
{
    g_autofree char *path = NULL;
    g_autoptr (MlaArchive) archive = new_archive (&path);
    g_autofree char *mbox = data_path ("bad/no-message-id.mbox");
    g_autofree char *eml = data_path ("good/single.eml");
    const char *inputs[] = { mbox, eml, NULL };
    g_autofree char *keys = NULL;
    const char *damage[] = { "MLAKEYS1 not whole", "", NULL };
    MlaImportStats stats;

    import_ok (archive, inputs, &stats);
    keys = g_build_filename (path, "volumes", "000001.keys", NULL);
    ck_assert (g_file_test (keys, G_FILE_TEST_EXISTS));
    for (guint i = 0; i <= G_N_ELEMENTS (damage) - 1; i++) {
        if (damage[i] != NULL)
            ck_assert (g_file_set_contents (keys, damage[i], -1, NULL));
        else
            ck_assert_int_eq (g_unlink (keys), 0);
        import_ok (archive, inputs, &stats);
        ck_assert_uint_eq (stats.added, 0);
        ck_assert_uint_eq (stats.present, 3);
    }
}
END_TEST

START_TEST (test_import_flags_duplicate_ids)
{
    g_autofree char *path = NULL;
    g_autoptr (MlaArchive) archive = new_archive (&path);
    g_autofree char *first = data_path ("bad/nul-bytes.mbox");
    g_autofree char *second = data_path ("good/dup-id.eml");
    const char *inputs[] = { first, second, NULL };
    MlaImportStats stats;

    import_ok (archive, inputs, &stats);
    ck_assert_uint_eq (stats.added, 3);
    ck_assert_uint_eq (stats.duplicate_ids, 1);
}
END_TEST

START_TEST (test_import_failure_changes_nothing)
{
    g_autofree char *path = NULL;
    g_autoptr (MlaArchive) archive = new_archive (&path);
    g_autofree char *good = data_path ("good/single.eml");
    g_autofree char *junk = data_path ("bad/not-mail.txt");
    const char *first[] = { good, NULL };
    const char *inputs[] = { good, junk, NULL };
    g_autoptr (GError) error = NULL;
    g_autofree char *before = NULL;
    g_autofree char *after = NULL;
    MlaImportStats stats;

    import_ok (archive, first, &stats);
    before = read_text (path, "index.xml");
    ck_assert (!mla_archive_import (archive, inputs, NULL, &stats, &error));
    ck_assert_ptr_nonnull (error);
    ck_assert_msg (strstr (error->message, "not-mail.txt") != NULL, "%s",
                   error->message);
    after = read_text (path, "index.xml");
    ck_assert_str_eq (before, after);
    ck_assert_uint_eq (mla_archive_get_n_messages (archive), 1);
}
END_TEST

/* A kill during an import leaves .tmp files and perhaps renamed volume
 * files that the index does not list; the next import must finish the
 * job over them. */
START_TEST (test_import_recovers_from_leftovers)
{
    g_autofree char *path = NULL;
    g_autoptr (MlaArchive) archive = new_archive (&path);
    g_autofree char *eml = data_path ("good/single.eml");
    const char *inputs[] = { eml, NULL };
    g_autofree char *orphan = NULL;
    g_autofree char *tmp = NULL;
    MlaImportStats stats;
    MlaCheckStats check;
    g_autoptr (GError) error = NULL;

    orphan = g_build_filename (path, "volumes", "000001.xml", NULL);
    tmp = g_build_filename (path, "raw", "000001.raw.tmp", NULL);
    ck_assert (g_file_set_contents (orphan, "<volume", -1, NULL));
    ck_assert (g_file_set_contents (tmp, "partial", -1, NULL));
    import_ok (archive, inputs, &stats);
    ck_assert_uint_eq (stats.added, 1);
    ck_assert (!g_file_test (tmp, G_FILE_TEST_EXISTS));
    ck_assert_msg (
        mla_archive_check (archive, NULL, NULL, NULL, &check, &error), "%s",
        error ? error->message : "?");
    ck_assert_uint_eq (check.invalid_files, 0);
    ck_assert_uint_eq (check.raw_mismatches, 0);
    ck_assert_uint_eq (check.messages, 1);
}
END_TEST

START_TEST (test_export_round_trip)
{
    g_autofree char *path = NULL;
    g_autofree char *path2 = NULL;
    g_autoptr (MlaArchive) archive = new_archive (&path);
    g_autoptr (MlaArchive) again = new_archive (&path2);
    g_autofree char *maildir = data_path ("good/maildir");
    g_autofree char *mbox = data_path ("good/mboxrd.mbox");
    g_autofree char *crlf = data_path ("bad/crlf.mbox");
    const char *inputs[] = { maildir, mbox, crlf, NULL };
    g_autoptr (GOutputStream) out = g_memory_output_stream_new_resizable ();
    g_autoptr (GOutputStream) out2 = g_memory_output_stream_new_resizable ();
    g_autoptr (GError) error = NULL;
    g_autofree char *export_dir = mla_test_make_tmpdir ();
    g_autofree char *export_path =
        g_build_filename (export_dir, "export.mbox", NULL);
    const char *reimport[] = { export_path, NULL };
    GMemoryOutputStream *memory = G_MEMORY_OUTPUT_STREAM (out);
    GMemoryOutputStream *memory2 = G_MEMORY_OUTPUT_STREAM (out2);
    MlaImportStats stats;

    import_ok (archive, inputs, &stats);
    ck_assert_uint_eq (stats.added, 6);
    ck_assert (mla_archive_export_mbox (archive, out, &error));
    ck_assert (g_output_stream_close (out, NULL, NULL));
    ck_assert (g_file_set_contents (
        export_path, g_memory_output_stream_get_data (memory),
        g_memory_output_stream_get_data_size (memory), NULL));
    import_ok (again, reimport, &stats);
    ck_assert_uint_eq (stats.added, 6);
    ck_assert (mla_archive_export_mbox (again, out2, &error));
    ck_assert (g_output_stream_close (out2, NULL, NULL));
    ck_assert_uint_eq (g_memory_output_stream_get_data_size (memory),
                       g_memory_output_stream_get_data_size (memory2));
    ck_assert (memcmp (g_memory_output_stream_get_data (memory),
                       g_memory_output_stream_get_data (memory2),
                       g_memory_output_stream_get_data_size (memory)) == 0);
}
END_TEST

static void
count_codes (const MlaCheckEntry *entry, gpointer user_data)
{
    GHashTable *codes = user_data;

    g_hash_table_add (codes, g_strdup (entry->code));
}

START_TEST (test_check_lists_defects_and_rejects)
{
    g_autofree char *path = NULL;
    g_autoptr (MlaArchive) archive = new_archive (&path);
    g_autofree char *nul = data_path ("bad/nul-bytes.mbox");
    g_autofree char *date = data_path ("bad/bad-date.mbox");
    const char *inputs[] = { nul, date, NULL };
    g_autoptr (GHashTable) codes =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    g_autoptr (GError) error = NULL;
    MlaCheckStats check;

    import_ok (archive, inputs, NULL);
    ck_assert (
        mla_archive_check (archive, NULL, count_codes, codes, &check, &error));
    ck_assert_uint_eq (check.messages, 4);
    ck_assert (g_hash_table_contains (codes, "nul-bytes"));
    ck_assert (g_hash_table_contains (codes, "bad-date"));
    ck_assert (g_hash_table_contains (codes, "no-date"));
    ck_assert_uint_eq (check.invalid_files, 0);
}
END_TEST

START_TEST (test_check_finds_damaged_raw_bytes)
{
    g_autofree char *path = NULL;
    g_autoptr (MlaArchive) archive = new_archive (&path);
    g_autofree char *eml = data_path ("good/single.eml");
    const char *inputs[] = { eml, NULL };
    g_autofree char *raw = NULL;
    g_autoptr (GError) error = NULL;
    MlaCheckStats check;

    import_ok (archive, inputs, NULL);
    raw = g_build_filename (path, "raw", "000001.raw", NULL);
    ck_assert (g_file_set_contents (
        raw, "damaged bytes of another length, and more", -1, NULL));
    ck_assert (mla_archive_check (archive, NULL, NULL, NULL, &check, &error));
    ck_assert_uint_eq (check.raw_mismatches, 1);
}
END_TEST

START_TEST (test_check_compares_keys_cache)
{
    g_autofree char *path = NULL;
    g_autoptr (MlaArchive) archive = new_archive (&path);
    g_autofree char *eml = data_path ("good/single.eml");
    g_autofree char *other = data_path ("good/mboxo.mbox");
    const char *inputs[] = { eml, NULL };
    const char *others[] = { other, NULL };
    g_autofree char *keys1 = NULL, *keys2 = NULL;
    g_autoptr (GBytes) second = NULL;
    g_autoptr (GError) error = NULL;
    MlaCheckStats check;

    import_ok (archive, inputs, NULL);
    import_ok (archive, others, NULL);
    ck_assert (mla_archive_check (archive, NULL, NULL, NULL, &check, &error));
    ck_assert_uint_eq (check.invalid_files, 0);
    /* Volume 1's cache replaced by volume 2's: valid, but wrong. */
    keys1 = g_build_filename (path, "volumes", "000001.keys", NULL);
    keys2 = g_build_filename (path, "volumes", "000002.keys", NULL);
    second = mla_test_read_file (keys2);
    ck_assert (g_file_set_contents (keys1, g_bytes_get_data (second, NULL),
                                    g_bytes_get_size (second), NULL));
    ck_assert (mla_archive_check (archive, NULL, NULL, NULL, &check, &error));
    ck_assert_uint_eq (check.invalid_files, 1);
}
END_TEST

START_TEST (test_open_refuses_foreign_folders)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autofree char *file = g_build_filename (dir, "precious.txt", NULL);
    g_autoptr (GError) error = NULL;
    g_autoptr (MlaArchive) archive = NULL;

    ck_assert (g_file_set_contents (file, "keep me", -1, NULL));
    archive = mla_archive_open (dir, MLA_ARCHIVE_OPEN_CREATE, &error);
    ck_assert_ptr_null (archive);
    ck_assert (g_error_matches (error, MLA_ERROR, MLA_ERROR_ARCHIVE));
    g_clear_error (&error);
    archive = mla_archive_open ("/nonexistent/mlarc", MLA_ARCHIVE_OPEN_DEFAULT,
                                &error);
    ck_assert_ptr_null (archive);
    ck_assert (g_error_matches (error, MLA_ERROR, MLA_ERROR_ARCHIVE));
}
END_TEST

START_TEST (test_import_of_nothing_is_empty)
{
    g_autofree char *path = NULL;
    g_autoptr (MlaArchive) archive = new_archive (&path);
    g_autofree char *empty = data_path ("bad/empty.mbox");
    const char *inputs[] = { empty, NULL };
    const char *none[] = { NULL };
    MlaImportStats stats;

    import_ok (archive, none, &stats);
    ck_assert_uint_eq (stats.read, 0);
    import_ok (archive, inputs, &stats);
    ck_assert_uint_eq (stats.read, 0);
    ck_assert_uint_eq (mla_archive_get_n_messages (archive), 0);
}
END_TEST

START_TEST (test_agendas_are_stored_and_loaded)
{
    g_autofree char *path = NULL;
    g_autoptr (MlaArchive) archive = new_archive (&path);
    g_autofree char *sample =
        mla_test_srcdir_path ("samples/ksummit-2004-discuss.mbox");
    const char *inputs[] = { sample, NULL };
    g_autoptr (GPtrArray) agendas = NULL;
    g_autoptr (GError) error = NULL;
    MlaImportStats stats;
    guint slots = 0;

    import_ok (archive, inputs, &stats);
    ck_assert_uint_ge (stats.agendas, 1);
    agendas = mla_archive_load_agendas (archive, &error);
    ck_assert_ptr_nonnull (agendas);
    ck_assert_uint_eq (agendas->len, stats.agendas);
    for (guint i = 0; i < agendas->len; i++) {
        const MlaAgenda *agenda = g_ptr_array_index (agendas, i);

        ck_assert_ptr_nonnull (agenda->message_id);
        slots += mla_agenda_count_slots (agenda);
    }
    ck_assert_uint_ge (slots, 35); /* the seed agenda alone has 35 */
}
END_TEST

static Suite *
archive_suite (void)
{
    Suite *suite = suite_create ("archive");
    TCase *import = tcase_create ("import");
    TCase *recovery = tcase_create ("recovery");
    TCase *export = tcase_create ("export");
    TCase *check = tcase_create ("check");
    TCase *agendas = tcase_create ("agendas");

    tcase_add_test (import, test_read_raw_keeps_file_until_reload);
    tcase_add_test (import, test_import_counts_and_is_idempotent);
    tcase_add_test (import, test_import_flags_duplicate_ids);
    tcase_add_test (import, test_import_after_another_commit);
    tcase_add_test (import, test_import_keys_cache_falls_back);
    tcase_add_test (import, test_import_of_nothing_is_empty);
    tcase_add_test (recovery, test_import_failure_changes_nothing);
    tcase_add_test (recovery, test_import_recovers_from_leftovers);
    tcase_add_test (recovery, test_open_refuses_foreign_folders);
    tcase_add_test (export, test_export_round_trip);
    tcase_add_test (check, test_check_lists_defects_and_rejects);
    tcase_add_test (check, test_check_finds_damaged_raw_bytes);
    tcase_add_test (check, test_check_compares_keys_cache);
    tcase_add_test (agendas, test_agendas_are_stored_and_loaded);
    suite_add_tcase (suite, import);
    suite_add_tcase (suite, recovery);
    suite_add_tcase (suite, export);
    suite_add_tcase (suite, check);
    suite_add_tcase (suite, agendas);
    return suite;
}

MLA_TEST_MAIN (archive_suite)
