/* mla-archive-lock.c: one writer at a time, of the volumes and of the
 * overview, each under its own lock. A writer that finds a lock held
 * waits for it, as long as its archive handle says (mla_archive_set_wait),
 * polling with growing sleeps: flock has no timeout, and a thread blocked
 * in flock could not be called back. */
#include "config.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include "mla-error.h"
#include "mla-archive-private.h"

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
        if (wait_ms != MLA_ARCHIVE_WAIT_FOREVER && now >= deadline)
            return errno = EWOULDBLOCK, FALSE;
        if (wait_ms != MLA_ARCHIVE_WAIT_FOREVER)
            sleep_us = MIN (sleep_us, (gulong) (deadline - now));
        g_usleep (sleep_us);
        sleep_us = MIN (sleep_us * 2, LONGEST_SLEEP_US);
    }
}

static int
lock_file (MlaArchive *archive, const char *name, guint wait_ms, GError **error)
{
    g_autofree char *path = mla_archive_file (archive, name);
    int fd = g_open (path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    int saved;

    if (fd < 0)
        return mla_throw_errno (error, errno, path), -1;
    if (flock_within (fd, wait_ms, archive->cancellable))
        return fd;
    saved = errno;
    close (fd);
    if (saved == ECANCELED)
        return mla_throw (error, MLA_ERROR_TEMPORARY,
                          "%s: interrupted while waiting for "
                          "another mlarc to finish writing",
                          archive->path),
               -1;
    if (saved != EWOULDBLOCK)
        return mla_throw_errno (error, saved, path), -1;
    if (wait_ms == 0)
        return mla_throw (error, MLA_ERROR_LOCKED,
                          "%s: another mlarc is writing to it", archive->path),
               -1;
    return mla_throw (error, MLA_ERROR_LOCKED,
                      "%s: another mlarc is writing to it (waited %u s)",
                      archive->path, wait_ms / 1000),
           -1;
}

static guint
wait_ms (MlaArchive *archive)
{
    if (archive->wait_seconds == MLA_ARCHIVE_WAIT_FOREVER)
        return MLA_ARCHIVE_WAIT_FOREVER;
    return (guint) MIN ((guint64) archive->wait_seconds * 1000, G_MAXUINT - 1);
}

void
mla_archive_set_wait (MlaArchive *archive, guint seconds,
                      GCancellable *cancellable)
{
    g_return_if_fail (archive != NULL);
    archive->wait_seconds = seconds;
    g_set_object (&archive->cancellable, cancellable);
}

GCancellable *
mla_archive_get_cancellable (MlaArchive *archive)
{
    return archive->cancellable;
}

int
mla_archive_lock (MlaArchive *archive, GError **error)
{
    return lock_file (archive, "lock", wait_ms (archive), error);
}

int
mla_archive_lock_overview (MlaArchive *archive, GError **error)
{
    return lock_file (archive, "overview.lock", wait_ms (archive), error);
}

int
mla_archive_lock_overview_within (MlaArchive *archive, guint wait_ms,
                                  GError **error)
{
    return lock_file (archive, "overview.lock", wait_ms, error);
}

void
mla_archive_unlock (int fd)
{
    if (fd >= 0)
        close (fd);
}
