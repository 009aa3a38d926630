/* mla-atomic-file.c: write to NAME.tmp, fsync, rename. */
#include "config.h"
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <gio/gunixoutputstream.h>
#include "mla-error.h"
#include "mla-atomic-file-private.h"

struct MlaAtomicFile {
    char *path;
    char *tmp_path;
    int fd;
    GOutputStream *out; /* buffered, over fd */
    guint64 written;
};

void
mla_atomic_file_free (MlaAtomicFile *file)
{
    if (file == NULL)
        return;
    g_clear_object (&file->out);
    if (file->fd >= 0) {
        close (file->fd);
        g_unlink (file->tmp_path);
    }
    g_free (file->path);
    g_free (file->tmp_path);
    g_free (file);
}

MlaAtomicFile *
mla_atomic_file_open (const char *path, GError **error)
{
    g_autoptr (MlaAtomicFile) file = g_new0 (MlaAtomicFile, 1);
    g_autoptr (GOutputStream) raw = NULL;

    file->path = g_strdup (path);
    file->tmp_path = g_strconcat (path, ".tmp", NULL);
    file->fd =
        g_open (file->tmp_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (file->fd < 0)
        return mla_throw_errno (error, errno, file->tmp_path), NULL;
    raw = g_unix_output_stream_new (file->fd, FALSE);
    file->out = g_buffered_output_stream_new_sized (raw, 1 << 20);
    return g_steal_pointer (&file);
}

GOutputStream *
mla_atomic_file_get_stream (MlaAtomicFile *file)
{
    return file->out;
}

guint64
mla_atomic_file_get_written (MlaAtomicFile *file)
{
    return file->written;
}

gboolean
mla_atomic_file_write (MlaAtomicFile *file, const void *data, gsize size,
                       GError **error)
{
    if (!g_output_stream_write_all (file->out, data, size, NULL, NULL, error))
        return g_prefix_error (error, "%s: ", file->tmp_path), FALSE;
    file->written += size;
    return TRUE;
}

gboolean
mla_atomic_file_commit (MlaAtomicFile *file, GError **error)
{
    if (!g_output_stream_close (file->out, NULL, error))
        return g_prefix_error (error, "%s: ", file->tmp_path), FALSE;
    if (fsync (file->fd) != 0 || close (file->fd) != 0) {
        int saved = errno;

        file->fd = -1;
        g_unlink (file->tmp_path);
        return mla_throw_errno (error, saved, file->tmp_path);
    }
    file->fd = -1;
    if (g_rename (file->tmp_path, file->path) != 0) {
        int saved = errno;

        g_unlink (file->tmp_path);
        return mla_throw_errno (error, saved, file->path);
    }
    return TRUE;
}

gboolean
mla_atomic_file_set_contents (const char *path, const void *data, gsize size,
                              GError **error)
{
    g_autoptr (MlaAtomicFile) file = mla_atomic_file_open (path, error);

    return file != NULL && mla_atomic_file_write (file, data, size, error) &&
           mla_atomic_file_commit (file, error);
}

/* Derived files (a site's pages) are renamed into place without fsync:
 * the rename alone keeps a killed run from leaving half a file, and after a
 * power loss they are made again; an fsync per page would dominate. */
gboolean
mla_atomic_file_replace_contents (const char *path, const void *data,
                                  gsize size, GError **error)
{
    g_autofree char *tmp_path = g_strconcat (path, ".tmp", NULL);
    int saved;

    if (!mla_atomic_file_write_tmp (path, data, size, error))
        return FALSE;
    if (g_rename (tmp_path, path) == 0)
        return TRUE;
    saved = errno;
    g_unlink (tmp_path);
    return mla_throw_errno (error, saved, path);
}

gboolean
mla_atomic_file_write_tmp (const char *path, const void *data, gsize size,
                           GError **error)
{
    g_autofree char *tmp_path = g_strconcat (path, ".tmp", NULL);
    int fd = g_open (tmp_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    const char *at = data;
    gsize left = size;
    int saved;

    if (fd < 0)
        return mla_throw_errno (error, errno, tmp_path);
    while (left > 0) {
        ssize_t n = write (fd, at, left);

        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        at += n;
        left -= (gsize) n;
    }
    saved = errno;
    if (close (fd) != 0 && left == 0) {
        left = 1;
        saved = errno;
    }
    if (left == 0)
        return TRUE;
    g_unlink (tmp_path);
    return mla_throw_errno (error, saved, path);
}

static gboolean
sync_path (const char *path, int flags, GError **error)
{
    int fd = g_open (path, O_RDONLY | O_CLOEXEC | flags, 0);
    gboolean ok = fd >= 0 && fsync (fd) == 0;

    if (fd >= 0)
        close (fd);
    if (!ok)
        return mla_throw_errno (error, errno, path);
    return TRUE;
}

gboolean
mla_sync_folder (const char *path, GError **error)
{
    return sync_path (path, O_DIRECTORY, error);
}

gboolean
mla_sync_file (const char *path, GError **error)
{
    return sync_path (path, 0, error);
}
