/* mla-test.c: shared helpers for the Check suites. */
#include "config.h"
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include "mla-test.h"

/* Tests run in forked children, so a skip is recorded in a file that the
 * parent reads once the suite has run. */
#define SKIP_FILE_VARIABLE "MLA_TEST_SKIP_FILE"

void
mla_test_skip (const char *format, ...)
{
    const char *path = g_getenv (SKIP_FILE_VARIABLE);
    g_autofree char *line = NULL;
    va_list args;
    FILE *file;

    va_start (args, format);
    line = g_strdup_vprintf (format, args);
    va_end (args);
    printf ("skipped: %s\n", line);
    if (path == NULL || (file = fopen (path, "a")) == NULL)
        return;
    fprintf (file, "%s\n", line);
    fclose (file);
}

int
mla_test_run (Suite *suite)
{
    SRunner *runner = srunner_create (suite);
    g_autofree char *skip_file = NULL;
    g_autofree char *skips = NULL;
    int fd;
    int n_failed;

    setlocale (LC_ALL, "");
    fd = g_file_open_tmp ("mla-test-skips-XXXXXX", &skip_file, NULL);
    if (fd >= 0) {
        close (fd);
        g_setenv (SKIP_FILE_VARIABLE, skip_file, TRUE);
    }
    srunner_run_all (runner, CK_ENV);
    n_failed = srunner_ntests_failed (runner);
    srunner_free (runner);
    if (skip_file != NULL) {
        g_file_get_contents (skip_file, &skips, NULL, NULL);
        g_unlink (skip_file);
    }
    if (n_failed > 0)
        return EXIT_FAILURE;
    /* Every test that could run passed; some could not: automake's SKIP,
     * not a PASS that hides them. */
    if (skips != NULL && skips[0] != '\0') {
        fprintf (stderr, "SKIP: some tests could not run:\n%s", skips);
        return 77;
    }
    return EXIT_SUCCESS;
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

        if (g_file_test (child, G_FILE_TEST_IS_DIR) &&
            !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
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
