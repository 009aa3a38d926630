/* mla-lock.c: an exclusive flock on a file, waited for with growing
 * sleeps: flock has no timeout, and a thread blocked in flock could not
 * be called back (cancelled). */
#include "config.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include "mla-error.h"
#include "mla-lock-private.h"

/* The first retry comes soon (a delivery holds the lock for a fraction of
 * a second); then the sleeps grow, up to a tenth of a second. */
#define FIRST_SLEEP_US 2000
#define LONGEST_SLEEP_US 100000

/* Returns TRUE once the lock is had, FALSE with errno set otherwise
 * (EWOULDBLOCK when @wait_ms ran out, ECANCELED when @cancellable was). */
static gboolean
flock_within (int fd, guint wait_ms, GCancellable *cancellable)
{
    gint64 deadline = g_get_monotonic_time () + (gint64) wait_ms * 1000;
    gulong sleep_us = FIRST_SLEEP_US;

    while (TRUE) {
        gint64 now;

        if (flock (fd, LOCK_EX | LOCK_NB) == 0)
            return TRUE;
        if (errno != EWOULDBLOCK && errno != EINTR)
            return FALSE;
        if (g_cancellable_is_cancelled (cancellable))
            return errno = ECANCELED, FALSE;
        now = g_get_monotonic_time ();
        if (wait_ms != MLA_LOCK_WAIT_FOREVER && now >= deadline)
            return errno = EWOULDBLOCK, FALSE;
        if (wait_ms != MLA_LOCK_WAIT_FOREVER)
            sleep_us = MIN (sleep_us, (gulong) (deadline - now));
        g_usleep (sleep_us);
        sleep_us = MIN (sleep_us * 2, LONGEST_SLEEP_US);
    }
}

int
mla_lock_acquire (const char *path, const char *owner, guint wait_ms,
                  GCancellable *cancellable, GError **error)
{
    /* A link placed at the lock's name is not followed (no file made
     * outside the archive), nor a FIFO waited on. */
    int fd = g_open (
        path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
    int saved;

    if (fd < 0)
        return mla_throw_errno (error, errno, path), -1;
    if (flock_within (fd, wait_ms, cancellable))
        return fd;
    saved = errno;
    close (fd);
    if (saved == ECANCELED)
        return mla_throw (error, MLA_ERROR_TEMPORARY,
                          "%s: interrupted while waiting for "
                          "another mlarc to finish writing",
                          owner),
               -1;
    if (saved != EWOULDBLOCK)
        return mla_throw_errno (error, saved, path), -1;
    if (wait_ms == 0)
        return mla_throw (error, MLA_ERROR_LOCKED,
                          "%s: another mlarc is writing to it", owner),
               -1;
    return mla_throw (error, MLA_ERROR_LOCKED,
                      "%s: another mlarc is writing to it (waited %u s)", owner,
                      wait_ms / 1000),
           -1;
}

void
mla_lock_release (int fd)
{
    if (fd >= 0)
        close (fd);
}
