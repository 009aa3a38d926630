/* mla-test.h: what every Check suite shares. */
#pragma once
#include <check.h>
#include <glib.h>

/* Runs @suite with CK_ENV verbosity; returns the exit status for main():
 * failure if a test failed, else 77 (automake's SKIP) if a test called
 * mla_test_skip(), else success. */
int mla_test_run (Suite *suite);

/* Returns: (transfer full): $top_srcdir/@relative (top_srcdir is exported
 * by the test harness; "." when run by hand). */
char *mla_test_srcdir_path (const char *relative);

/* Returns: (transfer full) (nullable): $MLARC_SHARED/@relative, or NULL when
 * the shared corpora are absent (the caller skips, saying so). */
char *mla_test_shared_path (const char *relative);

/* Records that the calling test could not run (e.g. the shared corpora are
 * absent) and why; the caller then returns. */
void mla_test_skip (const char *format, ...) G_GNUC_PRINTF (1, 2);

/* Returns: (transfer full): a fresh temporary folder, removed at exit. */
char *mla_test_make_tmpdir (void);

/* Reads a whole file or fails the test. Returns: (transfer full). */
GBytes *mla_test_read_file (const char *path);

/* Adds a TCase @name holding @test, run @n times as a loop test (once
 * when @n is 0). */
void mla_test_add_case (Suite *suite, const char *name, const TTest *test,
                        int n);

/* Defines main() for a suite function. */
#define MLA_TEST_MAIN(suite_func)                                              \
    int main (void)                                                            \
    {                                                                          \
        return mla_test_run (suite_func ());                                   \
    }
