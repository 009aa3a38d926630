/* mla-site-lock.c: one update of a site folder at a time. Updates wait
 * for each other on the folder's lock; an update that hands its work
 * over leaves a pending mark instead, and whoever holds the lock runs
 * again while it finds one. Owned by the site layer; the lock itself is
 * base's (mla-lock.c). */
#include "config.h"
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include "mla-error.h"
#include "mla-lock-private.h"
#include "mla-site-lock-private.h"

#define LOCK_NAME ".mlarc-site.lock"
#define PENDING_NAME ".mlarc-site.pending"

/* Marks that an update is wanted: the mail it would show is committed
 * already, so whichever update starts after this mark shows it. */
static gboolean
mark_pending (const char *pending, GError **error)
{
    int fd =
        g_open (pending, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);

    if (fd < 0)
        return mla_throw_errno (error, errno, pending), FALSE;
    close (fd);
    return TRUE;
}

/* A round that lost what it read to a writer runs again at once, this
 * many times at most: a compaction happens once every 64 deliveries. */
#define CHANGED_TRIES 3

gboolean
mla_site_blame_writer (MlaOverview *overview, const char *generation,
                       GError **error)
{
    const GError *failure = error != NULL ? *error : NULL;
    g_autofree char *now = NULL;

    /* Only a read of the archive can have lost its file to a writer. */
    if (failure == NULL || generation == NULL || failure->domain != MLA_ERROR ||
        (failure->code != MLA_ERROR_ARCHIVE && failure->code != MLA_ERROR_IO))
        return FALSE;
    now = mla_overview_get_generation (overview, NULL);
    if (g_strcmp0 (now, generation) == 0 &&
        !mla_overview_was_replaced (overview))
        return FALSE;
    (*error)->code = MLA_ERROR_CHANGED;
    g_prefix_error_literal (error, "the archive changed during the update: ");
    return FALSE;
}

static gboolean
run_round (MlaSiteRound round, gpointer user_data, GError **error)
{
    for (guint i = 1;; i++) {
        g_autoptr (GError) lost = NULL;

        if (round (user_data, &lost))
            return TRUE;
        if (i == CHANGED_TRIES ||
            !g_error_matches (lost, MLA_ERROR, MLA_ERROR_CHANGED))
            return g_propagate_error (error, g_steal_pointer (&lost)), FALSE;
    }
}

/* Rounds of @round while a pending mark appears during one, until
 * @deadline (monotonic): the mark is taken before each round starts, so
 * a mark made later asks for another. */
static gboolean
run_rounds (const char *pending, gint64 deadline, MlaSiteRound round,
            gpointer user_data, guint *rounds, GError **error)
{
    do {
        g_unlink (pending);
        (*rounds)++;
        if (!run_round (round, user_data, error))
            return FALSE;
    } while (g_file_test (pending, G_FILE_TEST_EXISTS) &&
             g_get_monotonic_time () < deadline);
    return TRUE;
}

gboolean
mla_site_serialize (const char *output, guint wait_ms, gboolean hand_over,
                    GCancellable *cancellable, MlaSiteRound round,
                    gpointer user_data, guint *out_rounds, GError **error)
{
    g_autofree char *lock = NULL;
    g_autofree char *pending = NULL;
    g_autoptr (GError) busy = NULL;
    guint rounds = 0;
    gint64 deadline;
    int fd;

    g_return_val_if_fail (output != NULL && round != NULL, FALSE);
    if (out_rounds != NULL)
        *out_rounds = 0;
    if (g_mkdir_with_parents (output, 0777) != 0)
        return mla_throw_errno (error, errno, output), FALSE;
    lock = g_build_filename (output, LOCK_NAME, NULL);
    pending = g_build_filename (output, PENDING_NAME, NULL);
    if (hand_over && !mark_pending (pending, error))
        return FALSE;
    fd = mla_lock_acquire (lock, output, hand_over ? 0 : wait_ms, cancellable,
                           &busy);
    /* Handed over: the update that holds the lock finds the mark when
     * its round ends, or after it lets the lock go (below), and runs
     * again. */
    if (fd < 0 && hand_over &&
        g_error_matches (busy, MLA_ERROR, MLA_ERROR_LOCKED))
        return TRUE;
    if (fd < 0)
        return g_propagate_error (error, g_steal_pointer (&busy)), FALSE;
    /* A delivery that holds the lock is not held up by the mail after it
     * for longer than it would wait for the lock: past that, a mark is
     * left to the next update. */
    deadline = g_get_monotonic_time () + (gint64) wait_ms * 1000;
    while (fd >= 0) {
        gboolean ok =
            run_rounds (pending, deadline, round, user_data, &rounds, error);

        mla_lock_release (fd);
        fd = -1;
        if (!ok)
            return FALSE;
        /* A mark made between the last round's end and the release was
         * left by an update that found the lock held: take it over
         * unless another update has the lock already. */
        if (g_file_test (pending, G_FILE_TEST_EXISTS) &&
            g_get_monotonic_time () < deadline)
            fd = mla_lock_acquire (lock, output, 0, cancellable, NULL);
    }
    if (out_rounds != NULL)
        *out_rounds = rounds;
    return TRUE;
}
