/* check_remove.c: mlarc remove (mla-remove, with the volume rewriting of
 * mla-compact and mla-xml-merge): the bytes leave the volumes, the raw
 * offsets after a cut move, the index records the removal, import keeps
 * the message out, threads stay as they were, unknown ids change
 * nothing. */
#include "config.h"
#include <string.h>
#include <glib/gstdio.h>
#include "mlarc.h"
#include "mla-test.h"

#define LEAK "leak@example.org"
#define SECRET "hunter2secretword"

typedef struct {
    char *path;
    char *mbox;
    MlaArchive *archive;
} Fixture;

static void
fixture_clear (Fixture *f)
{
    g_clear_pointer (&f->archive, mla_archive_free);
    g_free (f->path);
    g_free (f->mbox);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Fixture, fixture_clear)

/* An archive of tests/data/remove/@name. */
static void
fixture_init_with (Fixture *f, const char *name)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autofree char *relative = g_strconcat ("tests/data/remove/", name, NULL);
    g_autoptr (GError) error = NULL;
    const char *inputs[2] = { NULL, NULL };

    f->path = g_build_filename (dir, "archive", NULL);
    f->mbox = mla_test_srcdir_path (relative);
    f->archive = mla_archive_open (f->path, MLA_ARCHIVE_OPEN_CREATE, &error);
    ck_assert_msg (f->archive != NULL, "%s", error ? error->message : "?");
    inputs[0] = f->mbox;
    ck_assert_msg (mla_archive_import (f->archive, inputs, NULL, NULL, &error),
                   "%s", error ? error->message : "?");
}

/* thread.mbox: a root, the leak replying to it, an answer to the leak
 * with In-Reply-To alone, a later reply. */
static void
fixture_init (Fixture *f)
{
    fixture_init_with (f, "thread.mbox");
}

static void
remove_ok (Fixture *f, const char *id, MlaRemoveStats *stats)
{
    const char *ids[] = { id, NULL };
    g_autoptr (GError) error = NULL;

    ck_assert_msg (mla_archive_remove (f->archive, ids, NULL, "test", NULL,
                                       NULL, stats, &error),
                   "%s", error ? error->message : "?");
}

/* Whether @needle is in any file under @dir (the archive's bytes). */
static gboolean
folder_contains (const char *dir, const char *needle)
{
    g_autoptr (GDir) folder = g_dir_open (dir, 0, NULL);
    const char *name;

    while (folder != NULL && (name = g_dir_read_name (folder)) != NULL) {
        g_autofree char *path = g_build_filename (dir, name, NULL);
        g_autofree char *data = NULL;
        gsize length = 0;

        if (g_file_test (path, G_FILE_TEST_IS_DIR)) {
            if (folder_contains (path, needle))
                return TRUE;
        } else if (g_file_get_contents (path, &data, &length, NULL) &&
                   memmem (data, length, needle, strlen (needle)) != NULL)
            return TRUE;
    }
    return FALSE;
}

static MlaCheckStats
check_archive (Fixture *f)
{
    g_autofree char *schema = mla_test_srcdir_path ("doc/mlarc-archive.rng");
    g_autoptr (GError) error = NULL;
    MlaCheckStats stats;

    ck_assert_msg (
        mla_archive_check (f->archive, schema, NULL, NULL, &stats, &error),
        "%s", error ? error->message : "?");
    return stats;
}

START_TEST (test_remove_leaves_no_byte)
{
    g_auto (Fixture) f = { 0 };
    MlaRemoveStats stats;
    MlaCheckStats checked;

    fixture_init (&f);
    ck_assert (folder_contains (f.path, SECRET));
    remove_ok (&f, "<" LEAK ">", &stats);
    ck_assert_uint_eq (stats.messages, 1);
    ck_assert_uint_eq (stats.volumes, 1);
    ck_assert_uint_eq (mla_archive_get_n_messages (f.archive), 3);
    ck_assert (!folder_contains (f.path, SECRET));
    /* The messages after the cut moved back: their SHA-256s still match. */
    checked = check_archive (&f);
    ck_assert_uint_eq (checked.messages, 3);
    ck_assert_uint_eq (checked.raw_mismatches, 0);
    ck_assert_uint_eq (checked.invalid_files, 0);
}
END_TEST

START_TEST (test_remove_records_and_renames)
{
    g_auto (Fixture) f = { 0 };
    g_autofree char *index = NULL;
    g_autofree char *old_xml = NULL;
    g_autofree char *new_xml = NULL;
    g_autofree char *text = NULL;

    fixture_init (&f);
    remove_ok (&f, LEAK, NULL);
    old_xml = g_build_filename (f.path, "volumes/000001.xml", NULL);
    new_xml = g_build_filename (f.path, "volumes/000001.1.xml", NULL);
    ck_assert (!g_file_test (old_xml, G_FILE_TEST_EXISTS));
    ck_assert (g_file_test (new_xml, G_FILE_TEST_EXISTS));
    index = g_build_filename (f.path, "index.xml", NULL);
    ck_assert (g_file_get_contents (index, &text, NULL, NULL));
    ck_assert_ptr_nonnull (strstr (text, "<removed id=\"" LEAK "\""));
    ck_assert_ptr_nonnull (strstr (text, "reason=\"test\""));
    ck_assert_ptr_nonnull (strstr (text, "<ref>root@example.org</ref>"));
    /* A second removal writes the next name. */
    remove_ok (&f, "later@example.org", NULL);
    g_free (new_xml);
    new_xml = g_build_filename (f.path, "volumes/000001.2.xml", NULL);
    ck_assert (g_file_test (new_xml, G_FILE_TEST_EXISTS));
    ck_assert_uint_eq (check_archive (&f).raw_mismatches, 0);
}
END_TEST

START_TEST (test_remove_keeps_it_out_of_import)
{
    g_auto (Fixture) f = { 0 };
    g_autoptr (GError) error = NULL;
    const char *inputs[2] = { NULL, NULL };
    MlaImportStats stats;

    fixture_init (&f);
    remove_ok (&f, LEAK, NULL);
    inputs[0] = f.mbox;
    ck_assert (mla_archive_import (f.archive, inputs, NULL, &stats, &error));
    ck_assert_uint_eq (stats.read, 4);
    ck_assert_uint_eq (stats.added, 0);
    ck_assert_uint_eq (stats.present, 3);
    ck_assert_uint_eq (stats.removed, 1);
    ck_assert (!folder_contains (f.path, SECRET));
}
END_TEST

START_TEST (test_remove_earlier_and_unknown)
{
    g_auto (Fixture) f = { 0 };
    g_autofree char *index = NULL;
    g_autofree char *before = NULL;
    g_autofree char *after = NULL;
    g_autoptr (GError) error = NULL;
    const char *ids[] = { "root@example.org", "nobody@example.org", NULL };
    MlaRemoveStats stats;

    fixture_init (&f);
    remove_ok (&f, LEAK, NULL);
    remove_ok (&f, LEAK, &stats);
    ck_assert_uint_eq (stats.messages, 0);
    ck_assert_uint_eq (stats.earlier, 1);
    index = g_build_filename (f.path, "index.xml", NULL);
    ck_assert (g_file_get_contents (index, &before, NULL, NULL));
    ck_assert (!mla_archive_remove (f.archive, ids, NULL, NULL, NULL, NULL,
                                    NULL, &error));
    ck_assert (g_error_matches (error, MLA_ERROR, MLA_ERROR_NOT_FOUND));
    ck_assert (g_file_get_contents (index, &after, NULL, NULL));
    ck_assert_str_eq (before, after);
}
END_TEST

/* The answer names the leak in In-Reply-To alone: without the leak's own
 * chain it would start a thread of its own. */
START_TEST (test_remove_keeps_threads)
{
    g_auto (Fixture) f = { 0 };
    g_autoptr (GError) error = NULL;
    g_autoptr (MlaOverview) overview = NULL;
    g_autoptr (GPtrArray) root = NULL;
    g_autoptr (GPtrArray) answer = NULL;
    g_autofree char *thread = NULL;

    fixture_init (&f);
    overview = mla_overview_open (f.archive, NULL, NULL, &error);
    ck_assert_msg (overview != NULL, "%s", error ? error->message : "?");
    root = mla_overview_find_message (overview, "root@example.org", &error);
    ck_assert_ptr_nonnull (root);
    thread = g_strdup (((MlaOverviewEntry *) root->pdata[0])->thread);
    g_clear_pointer (&overview, mla_overview_free);
    remove_ok (&f, LEAK, NULL);
    overview = mla_overview_open (f.archive, NULL, NULL, &error);
    ck_assert_msg (overview != NULL, "%s", error ? error->message : "?");
    answer = mla_overview_find_message (overview, "answer@example.org", &error);
    ck_assert_ptr_nonnull (answer);
    ck_assert_str_eq (((MlaOverviewEntry *) answer->pdata[0])->thread, thread);
    ck_assert_str_eq (((MlaOverviewEntry *) answer->pdata[0])->parent, LEAK);
}
END_TEST

START_TEST (test_remove_select_by_query)
{
    g_auto (Fixture) f = { 0 };
    g_autoptr (GError) error = NULL;
    g_autoptr (MlaOverview) overview = NULL;
    g_autoptr (MlaQuery) query = mla_query_parse (SECRET, &error);
    g_autoptr (GPtrArray) found = NULL;

    fixture_init (&f);
    overview = mla_overview_open (f.archive, NULL, NULL, &error);
    ck_assert_ptr_nonnull (overview);
    found = mla_remove_select (f.archive, overview, NULL, query, &error);
    ck_assert_msg (found != NULL, "%s", error ? error->message : "?");
    ck_assert_uint_eq (found->len, 1);
    ck_assert_str_eq (((MlaOverviewEntry *) found->pdata[0])->message_id, LEAK);
}
END_TEST

static void
count_notice (const char *notice, gpointer user_data)
{
    (void) notice;
    (*(guint *) user_data)++;
}

/* The overview of @f, which must open as it is: its rows and the index
 * agree (no rebuild, no catching up, so no notice). */
static MlaOverview *
open_current (Fixture *f)
{
    g_autoptr (GError) error = NULL;
    guint notices = 0;
    MlaOverview *overview =
        mla_overview_open (f->archive, count_notice, &notices, &error);

    ck_assert_msg (overview != NULL, "%s", error ? error->message : "?");
    ck_assert_uint_eq (notices, 0);
    return overview;
}

/* The thread of the one message stored with id @id, as @overview has it
 * (a reused id that a removal left with one copy). */
static char *
sole_thread (MlaOverview *overview, const char *id)
{
    g_autoptr (GError) error = NULL;
    g_autoptr (GPtrArray) copies =
        mla_overview_find_message (overview, id, &error);
    MlaOverviewEntry *sole;

    ck_assert_msg (copies != NULL && copies->len == 1, "<%s>: %s", id,
                   copies != NULL ? "more than one copy" : error->message);
    sole = g_ptr_array_index (copies, 0);
    return g_strdup (sole->thread);
}

static gboolean
was_removed (MlaOverview *overview, const char *id)
{
    g_autoptr (GError) error = NULL;
    g_autoptr (MlaOverviewThreads) threads =
        mla_overview_load_threads (overview, &error);

    ck_assert_msg (threads != NULL, "%s", error ? error->message : "?");
    return mla_overview_threads_was_removed (threads, id);
}

/* shared-id.mbox: a spam that took <shared@>, archived first (so it owns
 * the id and the reply), then the real message with that id and the
 * reply. A query removes the spam alone, as its dry run lists it: the
 * real copy then owns the id and the reply, with no placeholder. Its own
 * removal by id then leaves a "(removed)" placeholder over the reply. */
START_TEST (test_remove_owner_of_shared_id)
{
    g_auto (Fixture) f = { 0 };
    g_autoptr (GError) error = NULL;
    g_autoptr (MlaQuery) query = mla_query_parse ("hijackprizeword", &error);
    g_autoptr (MlaOverview) overview = NULL;
    g_autoptr (GPtrArray) found = NULL;
    g_autoptr (GPtrArray) thread = NULL;
    g_autofree char *reply_thread = NULL;
    g_autofree char *real_thread = NULL;
    MlaRemoveStats stats;

    fixture_init_with (&f, "shared-id.mbox");
    overview = open_current (&f);
    found = mla_overview_find_message (overview, "shared@example.org", &error);
    ck_assert_uint_eq (found->len, 2);
    g_clear_pointer (&found, g_ptr_array_unref);
    found = mla_remove_select (f.archive, overview, NULL, query, &error);
    ck_assert_uint_eq (found->len, 1);
    g_clear_pointer (&overview, mla_overview_free);
    ck_assert_msg (mla_archive_remove (f.archive, NULL, query, "spam", NULL,
                                       NULL, &stats, &error),
                   "%s", error ? error->message : "?");
    ck_assert_uint_eq (stats.messages, 1);
    ck_assert_uint_eq (mla_archive_get_n_messages (f.archive), 2);
    ck_assert (!folder_contains (f.path, "hijackprizeword"));

    overview = open_current (&f);
    real_thread = sole_thread (overview, "shared@example.org");
    reply_thread = sole_thread (overview, "reply@example.org");
    ck_assert_str_eq (reply_thread, real_thread);
    thread = mla_overview_get_thread (overview, real_thread, &error);
    ck_assert_msg (thread != NULL, "%s", error ? error->message : "?");
    ck_assert_uint_eq (thread->len, 2);
    ck_assert (!was_removed (overview, "shared@example.org"));
    g_clear_pointer (&thread, g_ptr_array_unref);
    g_clear_pointer (&overview, mla_overview_free);

    remove_ok (&f, "shared@example.org", &stats);
    ck_assert_uint_eq (stats.messages, 1);
    ck_assert_uint_eq (mla_archive_get_n_messages (f.archive), 1);
    overview = open_current (&f);
    g_free (reply_thread);
    reply_thread = sole_thread (overview, "reply@example.org");
    ck_assert_str_eq (reply_thread, real_thread);
    thread = mla_overview_get_thread (overview, reply_thread, &error);
    ck_assert_uint_eq (thread->len, 1);
    ck_assert (was_removed (overview, "shared@example.org"));
    ck_assert_uint_eq (check_archive (&f).raw_mismatches, 0);
}
END_TEST

/* A rewritten volume merges with later ones as any other. */
START_TEST (test_compact_after_remove)
{
    g_auto (Fixture) f = { 0 };
    g_autoptr (GError) error = NULL;
    g_autofree char *eml =
        mla_test_srcdir_path ("tests/data/import/good/single.eml");
    const char *inputs[] = { eml, NULL };
    MlaCompactStats stats;

    fixture_init (&f);
    remove_ok (&f, LEAK, NULL);
    ck_assert (mla_archive_import (f.archive, inputs, NULL, NULL, &error));
    ck_assert_msg (mla_archive_compact (f.archive, NULL, NULL, &stats, &error),
                   "%s", error ? error->message : "?");
    ck_assert_uint_eq (stats.volumes_after, 1);
    ck_assert_uint_eq (mla_archive_get_n_messages (f.archive), 4);
    ck_assert_uint_eq (check_archive (&f).raw_mismatches, 0);
    ck_assert (!folder_contains (f.path, SECRET));
}
END_TEST

int
main (void)
{
    Suite *suite = suite_create ("remove");
    TCase *remove = tcase_create ("remove");
    TCase *records = tcase_create ("records");

    tcase_add_test (remove, test_remove_leaves_no_byte);
    tcase_add_test (remove, test_remove_keeps_threads);
    tcase_add_test (remove, test_compact_after_remove);
    tcase_add_test (remove, test_remove_owner_of_shared_id);
    tcase_add_test (records, test_remove_records_and_renames);
    tcase_add_test (records, test_remove_keeps_it_out_of_import);
    tcase_add_test (records, test_remove_earlier_and_unknown);
    tcase_add_test (records, test_remove_select_by_query);
    suite_add_tcase (suite, remove);
    suite_add_tcase (suite, records);
    return mla_test_run (suite);
}
