/* mla-test.c: shared helpers for the Check suites. */
#include "config.h"
#include <locale.h>
#include <stdlib.h>
#include <glib/gstdio.h>
#include "mla-test.h"

int
mla_test_run (Suite *suite)
{
    SRunner *runner = srunner_create (suite);
    int n_failed;

    setlocale (LC_ALL, "");
    srunner_run_all (runner, CK_ENV);
    n_failed = srunner_ntests_failed (runner);
    srunner_free (runner);
    return n_failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

void
mla_test_add_case (Suite *suite, const char *name, const TTest *test, int n)
{
    TCase *tc = tcase_create (name);

    if (n > 0)
        tcase_add_loop_test (tc, test, 0, n);
    else
        tcase_add_test (tc, test);
    suite_add_tcase (suite, tc);
}

char *
mla_test_srcdir_path (const char *relative)
{
    const char *top = g_getenv ("top_srcdir");

    return g_build_filename (top != NULL ? top : ".", relative, NULL);
}

char *
mla_test_shared_path (const char *relative)
{
    const char *shared = g_getenv ("MLARC_SHARED");
    g_autofree char *path = NULL;

    if (shared == NULL)
        return NULL;
    path = g_build_filename (shared, relative, NULL);
    if (!g_file_test (path, G_FILE_TEST_EXISTS))
        return NULL;
    return g_steal_pointer (&path);
}

static GPtrArray *tmpdirs;

static void
remove_tree (const char *path)
{
    g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL) {
        g_autofree char *child = g_build_filename (path, name, NULL);

        if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
            remove_tree (child);
        else
            g_unlink (child);
    }
    g_rmdir (path);
}

static void
remove_tmpdirs (void)
{
    for (guint i = 0; i < tmpdirs->len; i++)
        remove_tree (g_ptr_array_index (tmpdirs, i));
    g_ptr_array_free (tmpdirs, TRUE);
}

char *
mla_test_make_tmpdir (void)
{
    g_autoptr (GError) error = NULL;
    char *path = g_dir_make_tmp ("mlarc-test-XXXXXX", &error);

    ck_assert_msg (path != NULL, "mkdtemp: %s", error ? error->message : "?");
    if (tmpdirs == NULL) {
        tmpdirs = g_ptr_array_new_with_free_func (g_free);
        atexit (remove_tmpdirs);
    }
    g_ptr_array_add (tmpdirs, g_strdup (path));
    return path;
}

GBytes *
mla_test_read_file (const char *path)
{
    g_autoptr (GError) error = NULL;
    char *contents = NULL;
    gsize length = 0;

    ck_assert_msg (g_file_get_contents (path, &contents, &length, &error),
                   "%s: %s", path, error ? error->message : "?");
    return g_bytes_new_take (contents, length);
}
