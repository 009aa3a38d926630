/* check_site_files.c: the site's manifest read and written by key: the
 * delta a scoped update writes and the next build reads, removals in it,
 * the merge past the bound, forged and unsorted lines, look-ups from
 * several threads, and many scoped updates ending where a full build
 * does. */
#include "config.h"
#include <string.h>
#include <glib/gstdio.h>
#include "mla-site-files-private.h"
#include "mla-site-manifest-private.h"
#include "mla-test.h"

/* A site as the tests see it: path -> content, the content also being the
 * signature of what the page was made from (no spaces). */
static GHashTable *
site_new (guint n, const char *version)
{
    GHashTable *site =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

    for (guint i = 0; i < n; i++)
        g_hash_table_insert (site, g_strdup_printf ("m/%03u/index.html", i),
                             g_strdup_printf ("page-%u-%s", i, version));
    return site;
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
    return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The paths of @site, sorted. Returns: (transfer full). */
static GPtrArray *
site_paths (GHashTable *site)
{
    GPtrArray *paths = g_ptr_array_new ();
    GHashTableIter iter;
    gpointer path;

    g_hash_table_iter_init (&iter, site);
    while (g_hash_table_iter_next (&iter, &path, NULL))
        g_ptr_array_add (paths, path);
    g_ptr_array_sort (paths, compare_strings);
    return paths;
}

/* Keeps or puts @path with its content in @site, as a page is made. */
static void
make_page (MlaSiteFiles *files, GHashTable *site, const char *path)
{
    const char *content = g_hash_table_lookup (site, path);

    ck_assert_ptr_nonnull (content);
    if (!mla_site_files_keep (files, path, content))
        ck_assert (
            mla_site_files_put (files, path, content, strlen (content), NULL));
}

/* One build: a full one (@touched NULL) makes every page of @site, in
 * path order; a scoped one makes @touched and removes @gone. */
static void
run_build (MlaFolder *folder, GHashTable *site, const char *const *touched,
           const char *const *gone, MlaSiteStats *stats)
{
    g_autoptr (MlaSiteFiles) files = mla_site_files_open (folder, NULL);
    g_autoptr (GPtrArray) paths = site_paths (site);

    ck_assert_ptr_nonnull (files);
    if (touched == NULL) {
        for (guint i = 0; i < paths->len; i++)
            make_page (files, site, paths->pdata[i]);
    } else {
        mla_site_files_keep_rest (files, NULL);
        for (guint i = 0; touched[i] != NULL; i++)
            make_page (files, site, touched[i]);
    }
    for (guint i = 0; gone != NULL && gone[i] != NULL; i++)
        mla_site_files_remove (files, gone[i]);
    ck_assert (mla_site_files_finish (files, stats, NULL));
}

static char *
read_text (const char *dir, const char *name)
{
    g_autofree char *path = g_build_filename (dir, name, NULL);
    char *text = NULL;

    if (!g_file_get_contents (path, &text, NULL, NULL))
        return g_strdup ("");
    return text;
}

static guint
count_lines (const char *text)
{
    guint n = 0;

    for (const char *p = text; *p != '\0'; p++)
        n += *p == '\n';
    return n;
}

/* The lines of the delta after its stamp. */
static const char *
delta_lines (const char *delta)
{
    const char *nl = strchr (delta, '\n');

    return nl != NULL ? nl + 1 : delta;
}

static void
assert_file (const char *dir, const char *path, const char *content)
{
    g_autofree char *text = read_text (dir, path);

    ck_assert_str_eq (text, content);
}

/* The manifests' bases of two sites are the same bytes. */
static void
assert_same_base (const char *dir, const char *other)
{
    g_autofree char *base = read_text (dir, ".mlarc-site");
    g_autofree char *expected = read_text (other, ".mlarc-site");

    ck_assert_str_eq (base, expected);
}

/* A scoped update writes a delta of what it put, leaves the base and the
 * files it did not make alone, and the next build reads the delta. */
START_TEST (test_site_files_delta_written)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autoptr (MlaFolder) folder = mla_folder_open (dir, 0, NULL);
    g_autoptr (GHashTable) site = site_new (40, "v1");
    static const char *const touched[] = { "m/005/index.html",
                                           "m/040/index.html", NULL };
    g_autofree char *base = NULL, *after = NULL, *delta = NULL;
    g_autoptr (MlaSiteFiles) files = NULL;
    MlaSiteStats stats = { 0 };
    MlaSiteEntry entry;

    run_build (folder, site, NULL, NULL, NULL);
    base = read_text (dir, ".mlarc-site");
    ck_assert_uint_eq (count_lines (base), 40);
    g_hash_table_insert (site, g_strdup ("m/005/index.html"),
                         g_strdup ("page-5-v2"));
    g_hash_table_insert (site, g_strdup ("m/040/index.html"),
                         g_strdup ("page-40-v1"));
    run_build (folder, site, touched, NULL, &stats);
    ck_assert_uint_eq (stats.written, 2);
    ck_assert_uint_eq (stats.unchanged, 39); /* kept unvisited */
    ck_assert_uint_eq (stats.removed, 0);
    after = read_text (dir, ".mlarc-site");
    ck_assert_str_eq (after, base);
    delta = read_text (dir, ".mlarc-site.delta");
    ck_assert (g_str_has_prefix (delta, "mlarc-site-delta "));
    ck_assert_uint_eq (count_lines (delta_lines (delta)), 2);
    ck_assert (strstr (delta, " page-5-v2 m/005/index.html\n") != NULL);
    ck_assert (strstr (delta, " page-40-v1 m/040/index.html\n") != NULL);
    assert_file (dir, "m/005/index.html", "page-5-v2");
    assert_file (dir, "m/039/index.html", "page-39-v1");
    /* The next build sees the delta's lines over the base's. */
    files = mla_site_files_open (folder, NULL);
    ck_assert_ptr_nonnull (files);
    ck_assert (mla_site_files_had (files, "m/040/index.html"));
    ck_assert (mla_site_files_keep (files, "m/005/index.html", "page-5-v2"));
    ck_assert (!mla_site_files_keep (files, "m/006/index.html", "page-6-v2"));
    ck_assert (mla_site_files_keep (files, "m/007/index.html", "page-7-v1"));
    ck_assert_uint_eq (mla_site_files_keep_group (files, "m/04", "page-40-v1"),
                       1);
    mla_site_files_keep_rest (files, NULL);
    ck_assert (mla_site_files_finish (files, NULL, NULL));
    g_clear_pointer (&files, mla_site_files_free);
    {
        g_autoptr (MlaSiteManifest) manifest =
            mla_site_manifest_open (folder, NULL);

        ck_assert (
            mla_site_manifest_lookup (manifest, "m/005/index.html", &entry));
        ck_assert_uint_eq (entry.signature_len, strlen ("page-5-v2"));
        ck_assert_uint_eq (mla_site_manifest_get_base_lines (manifest), 40);
        ck_assert_uint_eq (mla_site_manifest_get_delta_lines (manifest), 2);
    }
}
END_TEST

/* A removal in a scoped update removes the file and is a "- PATH" line of
 * the delta; the next build no longer has the file, nor does a prefix. */
START_TEST (test_site_files_delta_removal)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autofree char *gone_path = g_build_filename (dir, "m/003", NULL);
    g_autoptr (MlaFolder) folder = mla_folder_open (dir, 0, NULL);
    g_autoptr (GHashTable) site = site_new (40, "v1");
    static const char *const none[] = { NULL };
    static const char *const gone[] = { "m/003/index.html", "m/999/nothing",
                                        NULL };
    g_autofree char *delta = NULL;
    g_autoptr (MlaSiteFiles) files = NULL;
    MlaSiteStats stats = { 0 };

    run_build (folder, site, NULL, NULL, NULL);
    run_build (folder, site, none, gone, &stats);
    ck_assert_uint_eq (stats.removed, 1);
    ck_assert_uint_eq (stats.unchanged, 39);
    ck_assert (!g_file_test (gone_path, G_FILE_TEST_EXISTS));
    delta = read_text (dir, ".mlarc-site.delta");
    ck_assert_str_eq (delta_lines (delta), "- m/003/index.html\n");
    files = mla_site_files_open (folder, NULL);
    ck_assert_ptr_nonnull (files);
    ck_assert (!mla_site_files_had (files, "m/003/index.html"));
    ck_assert (mla_site_files_had (files, "m/004/index.html"));
    ck_assert_uint_eq (mla_site_files_keep_previous (files, "m/00"), 9);
    /* A full build removes what it does not make and merges the delta. */
    ck_assert (mla_site_files_keep (files, "m/004/index.html", "page-4-v1"));
    ck_assert (mla_site_files_finish (files, &stats, NULL));
    g_clear_pointer (&delta, g_free);
    delta = read_text (dir, ".mlarc-site.delta");
    ck_assert_str_eq (delta_lines (delta), "");
    g_clear_pointer (&delta, g_free);
    delta = read_text (dir, ".mlarc-site");
    ck_assert_uint_eq (count_lines (delta), 9);
}
END_TEST

/* A scoped update's exception (the search index, which every build
 * claims) goes as in a full build: what it did not claim there is removed,
 * a "- PATH" line each, and the rest kept. */
START_TEST (test_site_files_delta_except)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autoptr (MlaFolder) folder = mla_folder_open (dir, 0, NULL);
    g_autoptr (GHashTable) site = site_new (100, "v1");
    g_autoptr (MlaSiteFiles) files = NULL;
    g_autoptr (GString) expected = g_string_new (NULL);
    g_autofree char *delta = NULL;
    MlaSiteStats stats = { 0 };

    run_build (folder, site, NULL, NULL, NULL);
    files = mla_site_files_open (folder, NULL);
    ck_assert_ptr_nonnull (files);
    ck_assert (mla_site_files_keep (files, "m/031/index.html", "page-31-v1"));
    mla_site_files_keep_rest (files, "m/03");
    ck_assert (mla_site_files_finish (files, &stats, NULL));
    ck_assert_uint_eq (stats.removed, 9);
    ck_assert_uint_eq (stats.unchanged, 91);
    for (guint i = 30; i < 40; i++)
        if (i != 31)
            g_string_append_printf (expected, "- m/%03u/index.html\n", i);
    delta = read_text (dir, ".mlarc-site.delta");
    ck_assert_str_eq (delta_lines (delta), expected->str);
    assert_file (dir, "m/029/index.html", "page-29-v1");
}
END_TEST

/* Past the bound (an eighth of the base's lines) the delta is merged into
 * a new base, the same bytes a full build of the same pages writes. */
START_TEST (test_site_files_delta_merged)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autofree char *full_dir = mla_test_make_tmpdir ();
    g_autoptr (MlaFolder) folder = mla_folder_open (dir, 0, NULL);
    g_autoptr (MlaFolder) full = mla_folder_open (full_dir, 0, NULL);
    g_autoptr (GHashTable) site = site_new (40, "v1");
    g_autoptr (GPtrArray) touched = g_ptr_array_new_with_free_func (g_free);
    g_autofree char *base = NULL, *expected = NULL, *delta = NULL;
    static const char *const gone[] = { "m/000/index.html", NULL };

    run_build (folder, site, NULL, NULL, NULL);
    base = read_text (dir, ".mlarc-site");
    for (guint i = 10; i < 16; i++) {
        g_ptr_array_add (touched, g_strdup_printf ("m/%03u/index.html", i));
        g_hash_table_insert (site, g_strdup (touched->pdata[i - 10]),
                             g_strdup_printf ("page-%u-v2", i));
    }
    g_ptr_array_add (touched, NULL);
    /* 5 lines are not past 40 / 8: the base stays. */
    run_build (folder, site, (const char *const *) touched->pdata + 1, NULL,
               NULL);
    g_clear_pointer (&delta, g_free);
    delta = read_text (dir, ".mlarc-site");
    ck_assert_str_eq (delta, base);
    /* One more line and a removal are. */
    g_hash_table_remove (site, "m/000/index.html");
    run_build (folder, site, (const char *const *) touched->pdata, gone, NULL);
    g_clear_pointer (&delta, g_free);
    delta = read_text (dir, ".mlarc-site.delta");
    ck_assert_str_eq (delta_lines (delta), "");
    run_build (full, site, NULL, NULL, NULL);
    expected = read_text (full_dir, ".mlarc-site");
    ck_assert_uint_eq (count_lines (expected), 39);
    assert_same_base (dir, full_dir);
}
END_TEST

/* Writes @text as the base, with or without the delta that named the
 * base before. */
static void
write_base (const char *dir, const char *text, gboolean keep_delta)
{
    g_autofree char *path = g_build_filename (dir, ".mlarc-site", NULL);
    g_autofree char *delta = g_build_filename (dir, ".mlarc-site.delta", NULL);

    ck_assert (g_file_set_contents (path, text, -1, NULL));
    if (!keep_delta)
        ck_assert (g_unlink (delta) == 0 ||
                   !g_file_test (delta, G_FILE_TEST_EXISTS));
}

/* A base edited by hand (its lines reversed, forged lines added) is not
 * the one the delta names: it is read whole, its forged lines skipped,
 * sorted, and written again by the next build, scoped or not; a forged
 * delta line is skipped too. Row 0: no delta; row 1: a stale delta. */
START_TEST (test_site_files_edited_base)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autoptr (MlaFolder) folder = mla_folder_open (dir, 0, NULL);
    g_autoptr (GHashTable) site = site_new (12, "v1");
    g_autofree char *base = NULL, *after = NULL, *delta_path = NULL;
    g_auto (GStrv) lines = NULL;
    g_autoptr (GString) edited = g_string_new (NULL);
    g_autoptr (MlaSiteFiles) files = NULL;
    static const char *const none[] = { NULL };

    run_build (folder, site, NULL, NULL, NULL);
    base = read_text (dir, ".mlarc-site");
    lines = g_strsplit (base, "\n", -1);
    ck_assert_uint_eq (g_strv_length (lines), 13);
    for (int i = 11; i >= 0; i--)
        g_string_append_printf (edited, "%s\n", lines[i]);
    g_string_append_printf (edited, "%.64s ../outside\n", lines[0]);
    g_string_append (edited, "not a line\n");
    g_string_append_printf (edited, "%.64s .mlarc-site.state\n", lines[0]);
    write_base (dir, edited->str, _i == 1);
    if (_i == 1) {
        delta_path = g_build_filename (dir, ".mlarc-site.delta", NULL);
        ck_assert (g_file_set_contents (
            delta_path, "mlarc-site-delta 1 2.3 4 5\n- ../m/001\nforged\n", -1,
            NULL));
    }
    files = mla_site_files_open (folder, NULL);
    ck_assert_ptr_nonnull (files);
    for (guint i = 0; i < 12; i++) {
        g_autofree char *path = g_strdup_printf ("m/%03u/index.html", i);

        ck_assert (mla_site_files_had (files, path));
    }
    ck_assert (!mla_site_files_had (files, "../outside"));
    ck_assert_uint_eq (mla_site_files_keep_group (files, "m/00", "page-3-v1"),
                       1);
    g_clear_pointer (&files, mla_site_files_free);
    /* A scoped update that changes nothing still writes the base again. */
    run_build (folder, site, none, NULL, NULL);
    after = read_text (dir, ".mlarc-site");
    ck_assert_str_eq (after, base);
}
END_TEST

typedef struct {
    MlaSiteFiles *files;
    guint n;
} KeepJob;

static gpointer
keep_all (gpointer data)
{
    KeepJob *job = data;
    guint kept = 0;

    for (guint i = 0; i < job->n; i++) {
        g_autofree char *path = g_strdup_printf ("m/%03u/index.html", i);
        g_autofree char *sig = g_strdup_printf ("page-%u-v1", i);

        kept += mla_site_files_keep (job->files, path, sig);
    }
    return GUINT_TO_POINTER (kept);
}

/* Four threads keep every page at once: each finds every line (the base
 * is read in place, the claims take a lock), each page is counted once. */
START_TEST (test_site_files_threads)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autoptr (MlaFolder) folder = mla_folder_open (dir, 0, NULL);
    g_autoptr (GHashTable) site = site_new (600, "v1");
    g_autoptr (MlaSiteFiles) files = NULL;
    GThread *threads[4];
    KeepJob job;
    MlaSiteStats stats = { 0 };

    run_build (folder, site, NULL, NULL, NULL);
    files = mla_site_files_open (folder, NULL);
    ck_assert_ptr_nonnull (files);
    job.files = files;
    job.n = 600;
    for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
        threads[i] = g_thread_new ("keep", keep_all, &job);
    for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
        ck_assert_uint_eq (GPOINTER_TO_UINT (g_thread_join (threads[i])), 600);
    ck_assert (mla_site_files_finish (files, &stats, NULL));
    ck_assert_uint_eq (stats.unchanged, 600);
    ck_assert_uint_eq (stats.removed, 0);
}
END_TEST

/* Every file below @dir but the manifest's, with its bytes, sorted. */
static void
list_files (const char *dir, const char *relative, GString *out)
{
    g_autofree char *path = g_build_filename (dir, relative, NULL);
    g_autoptr (GDir) folder = g_dir_open (path, 0, NULL);
    g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
    const char *name;

    ck_assert_ptr_nonnull (folder);
    while ((name = g_dir_read_name (folder)) != NULL)
        if (!g_str_has_prefix (name, ".mlarc-site"))
            g_ptr_array_add (names, g_build_filename (relative, name, NULL));
    g_ptr_array_sort (names, compare_strings);
    for (guint i = 0; i < names->len; i++) {
        g_autofree char *full = g_build_filename (dir, names->pdata[i], NULL);
        g_autofree char *text = NULL;

        if (g_file_test (full, G_FILE_TEST_IS_DIR)) {
            list_files (dir, names->pdata[i], out);
            continue;
        }
        text = read_text (dir, names->pdata[i]);
        g_string_append_printf (out, "%s: %s\n", (char *) names->pdata[i],
                                text);
    }
}

/* A site updated through many small scoped updates (a page changed, one
 * added, one removed each time) holds the same files as a full build, and
 * once merged the same manifest. */
START_TEST (test_site_files_scoped_equals_full)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autofree char *full_dir = mla_test_make_tmpdir ();
    g_autoptr (MlaFolder) folder = mla_folder_open (dir, 0, NULL);
    g_autoptr (MlaFolder) full = mla_folder_open (full_dir, 0, NULL);
    g_autoptr (GHashTable) site = site_new (64, "v1");
    g_autoptr (GString) got = g_string_new (NULL);
    g_autoptr (GString) expected = g_string_new (NULL);
    guint merges = 0;

    run_build (folder, site, NULL, NULL, NULL);
    for (guint step = 0; step < 30; step++) {
        g_autofree char *changed =
            g_strdup_printf ("m/%03u/index.html", (step * 7) % 64);
        g_autofree char *added = g_strdup_printf ("n/%03u/page.html", step);
        g_autofree char *removed =
            g_strdup_printf ("m/%03u/index.html", 63 - step);
        const char *touched[] = { changed, added, NULL };
        const char *gone[] = { removed, NULL };
        g_autofree char *delta = NULL;

        if (strcmp (changed, removed) == 0) {
            touched[0] = added;
            touched[1] = NULL;
        }
        g_hash_table_insert (site, g_strdup (changed),
                             g_strdup_printf ("step-%u", step));
        g_hash_table_insert (site, g_strdup (added),
                             g_strdup_printf ("added-%u", step));
        g_hash_table_remove (site, removed);
        run_build (folder, site, touched, gone, NULL);
        delta = read_text (dir, ".mlarc-site.delta");
        merges += delta_lines (delta)[0] == '\0';
    }
    ck_assert_uint_gt (merges, 2);
    run_build (full, site, NULL, NULL, NULL);
    list_files (dir, "", got);
    list_files (full_dir, "", expected);
    ck_assert_str_eq (got->str, expected->str);
    /* A full build that keeps everything merges what the delta holds. */
    run_build (folder, site, NULL, NULL, NULL);
    assert_same_base (dir, full_dir);
}
END_TEST

static Suite *
site_files_suite (void)
{
    Suite *suite = suite_create ("site-files");

    mla_test_add_case (suite, "delta-written", test_site_files_delta_written,
                       0);
    mla_test_add_case (suite, "delta-removal", test_site_files_delta_removal,
                       0);
    mla_test_add_case (suite, "delta-except", test_site_files_delta_except, 0);
    mla_test_add_case (suite, "delta-merged", test_site_files_delta_merged, 0);
    mla_test_add_case (suite, "edited-base", test_site_files_edited_base, 2);
    mla_test_add_case (suite, "threads", test_site_files_threads, 0);
    mla_test_add_case (suite, "scoped-equals-full",
                       test_site_files_scoped_equals_full, 0);
    return suite;
}

MLA_TEST_MAIN (site_files_suite)
