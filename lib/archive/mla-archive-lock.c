/* mla-archive-lock.c: one writer at a time, of the volumes and of the
 * overview, each under its own lock. */
#include "config.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include "mla-error.h"
#include "mla-archive-private.h"

static int
lock_file (MlaArchive *archive, const char *name, MlaArchiveLockMode mode, GError **error)
{
    g_autofree char *path = mla_archive_file (archive, name);
    int fd = g_open (path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    int status;

    if (fd < 0)
        return mla_throw (error, MLA_ERROR_IO, "%s: %s", path, g_strerror (errno)), -1;
    do
        status = flock (fd, LOCK_EX | (mode == MLA_ARCHIVE_LOCK_TRY ? LOCK_NB : 0));
    while (status != 0 && errno == EINTR);
    if (status != 0) {
        close (fd);
        return mla_throw (error, MLA_ERROR_LOCKED, "%s: another mlarc is writing to it",
                          archive->path),
               -1;
    }
    return fd;
}

int
mla_archive_lock (MlaArchive *archive, MlaArchiveLockMode mode, GError **error)
{
    return lock_file (archive, "lock", mode, error);
}

int
mla_archive_lock_overview (MlaArchive *archive, GError **error)
{
    return lock_file (archive, "overview.lock", MLA_ARCHIVE_LOCK_WAIT, error);
}

void
mla_archive_unlock (int fd)
{
    if (fd >= 0)
        close (fd);
}
