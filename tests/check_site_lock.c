/* check_site_lock.c: one update of a site at a time (mla-site-lock.c):
 * waiting for the lock, handing an update over, and the holder running
 * again for what was handed over to it. */
#include "config.h"
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include "mlarc.h"
#include "mla-site-lock-private.h"
#include "mla-test.h"

typedef struct {
    const char *pending; /* made by round k when bit k - 1 of marks is set */
    guint marks;
    guint fail_in; /* the round that fails, from 1; 0: none */
    guint lost;    /* calls that lose their reads to a writer (bits) */
    guint calls;
} Round;

static gboolean
round_run (gpointer data, GError **error)
{
    Round *round = data;

    round->calls++;
    if (round->marks & (1u << (round->calls - 1)))
        ck_assert (g_file_set_contents (round->pending, "", 0, NULL));
    if (round->lost & (1u << (round->calls - 1)))
        return mla_throw (error, MLA_ERROR_CHANGED, "lost to a writer");
    if (round->calls == round->fail_in) {
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, "round");
        return FALSE;
    }
    return TRUE;
}

/* Holds @dir's site lock as another update would: its fd, to close. */
static int
hold_lock (const char *dir)
{
    g_autofree char *path = g_build_filename (dir, ".mlarc-site.lock", NULL);
    int fd = g_open (path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);

    ck_assert_int_ge (fd, 0);
    ck_assert_int_eq (flock (fd, LOCK_EX | LOCK_NB), 0);
    return fd;
}

typedef struct {
    const char *name;
    gboolean held;      /* another update holds the lock */
    gboolean hand_over; /* --coalesce */
    guint marks;        /* the rounds that hand an update over (bits) */
    guint fail_in;      /* a round that fails */
    guint wait_ms;      /* for the lock, and for rounds for marks */
    guint lost;         /* calls that lose their reads to a writer (bits) */
    guint calls;        /* how often the round is called */
    gboolean ok;
    guint rounds;
    gboolean pending_after; /* the mark is left */
} LockCase;

static const LockCase lock_cases[] = {
    { "free: one round", FALSE, FALSE, 0, 0, 0, 0, 1, TRUE, 1, FALSE },
    { "free, handing over: nobody to hand to, one round", FALSE, TRUE, 0, 0, 0,
      0, 1, TRUE, 1, FALSE },
    { "held, waiting 0 s: locked", TRUE, FALSE, 0, 0, 0, 0, 0, FALSE, 0,
      FALSE },
    { "held, handing over: a mark, no round", TRUE, TRUE, 0, 0, 0, 0, 0, TRUE,
      0, TRUE },
    { "a mark made during the first round: a second", FALSE, FALSE, 1, 0, 10000,
      0, 2, TRUE, 2, FALSE },
    { "marks made during two rounds: a third", FALSE, FALSE, 3, 0, 10000, 0, 3,
      TRUE, 3, FALSE },
    { "a mark made during the first round, no time for more: left", FALSE, TRUE,
      1, 0, 0, 0, 1, TRUE, 1, TRUE },
    { "a failing round: the error, the mark kept for the next", FALSE, FALSE, 1,
      1, 10000, 0, 1, FALSE, 1, TRUE },
    { "reads lost to a writer twice: run again, one round", FALSE, FALSE, 0, 0,
      0, 3, 3, TRUE, 1, FALSE },
    { "reads lost three times: the error", FALSE, FALSE, 0, 0, 0, 7, 3, FALSE,
      1, FALSE },
};

START_TEST (test_site_lock)
{
    const LockCase *c = &lock_cases[_i];
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autofree char *site = g_build_filename (dir, "new", "site", NULL);
    g_autofree char *pending =
        g_build_filename (site, ".mlarc-site.pending", NULL);
    g_autoptr (GError) error = NULL;
    Round round = { pending, c->marks, c->fail_in, c->lost, 0 };
    guint rounds = 99;
    int held = -1;
    gboolean ok;

    ck_assert_int_eq (g_mkdir_with_parents (site, 0777), 0);
    if (c->held)
        held = hold_lock (site);
    ok = mla_site_serialize (site, c->wait_ms, c->hand_over, NULL, round_run,
                             &round, &rounds, &error);
    ck_assert_msg (ok == c->ok, "%s: %s", c->name,
                   error != NULL ? error->message : "no error");
    if (ok)
        ck_assert_uint_eq (rounds, c->rounds);
    ck_assert_uint_eq (round.calls, c->calls);
    ck_assert (g_file_test (pending, G_FILE_TEST_EXISTS) == c->pending_after);
    if (c->held && !c->hand_over)
        ck_assert (g_error_matches (error, MLA_ERROR, MLA_ERROR_LOCKED));
    if (!ok && c->lost != 0)
        ck_assert (g_error_matches (error, MLA_ERROR, MLA_ERROR_CHANGED));
    if (held >= 0)
        close (held);
    /* Whatever happened, the lock is free again, and a mark left is
     * taken by the next update. */
    round = (Round){ pending, 0, 0, 0, 0 };
    ck_assert (mla_site_serialize (site, 0, FALSE, NULL, round_run, &round,
                                   &rounds, NULL));
    ck_assert_uint_eq (rounds, 1);
    ck_assert (!g_file_test (pending, G_FILE_TEST_EXISTS));
}
END_TEST

/* The site folder is made, with its parents, before its lock. */
START_TEST (test_site_lock_makes_folder)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autofree char *site = g_build_filename (dir, "a", "b", NULL);
    Round round = { NULL, 0, 0, 0, 0 };

    ck_assert (mla_site_serialize (site, 0, FALSE, NULL, round_run, &round,
                                   NULL, NULL));
    ck_assert (g_file_test (site, G_FILE_TEST_IS_DIR));
}
END_TEST

/* A failed read of the archive is blamed on a writer only when the
 * overview's generation moved since the update began. */
START_TEST (test_site_lock_blame_writer)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autofree char *path = g_build_filename (dir, "archive", NULL);
    g_autofree char *one = g_build_filename (dir, "one.eml", NULL);
    g_autofree char *two = g_build_filename (dir, "two.eml", NULL);
    const char *first[] = { one, NULL }, *second[] = { two, NULL };
    g_autoptr (MlaArchive) archive = NULL;
    g_autoptr (MlaOverview) overview = NULL;
    g_autofree char *generation = NULL;
    g_autoptr (GError) read = NULL;
    g_autoptr (GError) other = NULL;

    ck_assert (g_file_set_contents (
        one, "From: a@example.org\nMessage-ID: <one@x>\n\nOne.\n", -1, NULL));
    ck_assert (g_file_set_contents (
        two, "From: b@example.org\nMessage-ID: <two@x>\n\nTwo.\n", -1, NULL));
    archive = mla_archive_open (path, MLA_ARCHIVE_OPEN_CREATE, NULL);
    ck_assert (mla_archive_import (archive, first, NULL, NULL, NULL));
    overview = mla_overview_open (archive, NULL, NULL, NULL);
    ck_assert_ptr_nonnull (overview);
    ck_assert (!mla_overview_was_replaced (overview));
    generation = mla_overview_get_generation (overview, NULL);
    /* Nothing changed: the error stays. */
    mla_throw (&read, MLA_ERROR_ARCHIVE, "no volume 9");
    ck_assert (!mla_site_blame_writer (overview, generation, &read));
    ck_assert (g_error_matches (read, MLA_ERROR, MLA_ERROR_ARCHIVE));
    /* An import since: the archive's read failure is the writer's. */
    ck_assert (mla_archive_import (archive, second, NULL, NULL, NULL));
    ck_assert (!mla_site_blame_writer (overview, generation, &read));
    ck_assert (g_error_matches (read, MLA_ERROR, MLA_ERROR_CHANGED));
    ck_assert (mla_error_is_temporary (read));
    /* A rebuild renames a new file into place: the connection still reads
     * the old one, whose generation stays, but the writer is blamed. */
    {
        g_autofree char *db = g_build_filename (path, "overview.sqlite3", NULL);
        g_autofree char *copy = g_strconcat (db, ".copy", NULL);
        g_autofree char *bytes = NULL;
        g_autofree char *later = mla_overview_get_generation (overview, NULL);
        g_autoptr (GError) lost = NULL;
        gsize size = 0;

        ck_assert (g_file_get_contents (db, &bytes, &size, NULL));
        ck_assert (g_file_set_contents (copy, bytes, (gssize) size, NULL));
        ck_assert_int_eq (g_rename (copy, db), 0);
        ck_assert (mla_overview_was_replaced (overview));
        mla_throw (&lost, MLA_ERROR_ARCHIVE, "cannot open");
        ck_assert (!mla_site_blame_writer (overview, later, &lost));
        ck_assert (g_error_matches (lost, MLA_ERROR, MLA_ERROR_CHANGED));
    }
    /* Not a read of the archive: not the writer's. */
    mla_throw (&other, MLA_ERROR_XML, "a stylesheet failed");
    ck_assert (!mla_site_blame_writer (overview, generation, &other));
    ck_assert (g_error_matches (other, MLA_ERROR, MLA_ERROR_XML));
}
END_TEST

static Suite *
site_lock_suite (void)
{
    Suite *suite = suite_create ("site-lock");

    mla_test_add_case (suite, "lock", test_site_lock,
                       G_N_ELEMENTS (lock_cases));
    mla_test_add_case (suite, "makes-folder", test_site_lock_makes_folder, 0);
    mla_test_add_case (suite, "blame-writer", test_site_lock_blame_writer, 0);
    return suite;
}

MLA_TEST_MAIN (site_lock_suite)
