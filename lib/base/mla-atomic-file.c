/* mla-atomic-file.c: write to NAME.tmp, fsync, rename. */
#include "config.h"
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <gio/gunixoutputstream.h>
#include "mla-error.h"
#include "mla-atomic-file-private.h"

struct MlaAtomicFile {
    MlaFolder *folder;
    char *relative;
    char *tmp_relative;
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
        mla_folder_remove (file->folder, file->tmp_relative, 0);
    }
    g_free (file->relative);
    g_free (file->tmp_relative);
    g_free (file);
}

MlaAtomicFile *
mla_atomic_file_open (MlaFolder *folder, const char *relative, GError **error)
{
    g_autoptr (MlaAtomicFile) file = g_new0 (MlaAtomicFile, 1);
    g_autoptr (GOutputStream) raw = NULL;

    file->folder = folder;
    file->relative = g_strdup (relative);
    file->tmp_relative = g_strconcat (relative, ".tmp", NULL);
    file->fd = mla_folder_create_file (folder, file->tmp_relative, error);
    if (file->fd < 0)
        return NULL;
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

static gboolean
prefix_tmp (MlaAtomicFile *file, GError **error)
{
    g_autofree char *full =
        mla_folder_full_path (file->folder, file->tmp_relative);

    g_prefix_error (error, "%s: ", full);
    return FALSE;
}

gboolean
mla_atomic_file_write (MlaAtomicFile *file, const void *data, gsize size,
                       GError **error)
{
    if (!g_output_stream_write_all (file->out, data, size, NULL, NULL, error))
        return prefix_tmp (file, error);
    file->written += size;
    return TRUE;
}

gboolean
mla_atomic_file_commit (MlaAtomicFile *file, GError **error)
{
    if (!g_output_stream_close (file->out, NULL, error))
        return prefix_tmp (file, error);
    if (fsync (file->fd) != 0 || close (file->fd) != 0) {
        int saved = errno;
        g_autofree char *full =
            mla_folder_full_path (file->folder, file->tmp_relative);

        file->fd = -1;
        mla_folder_remove (file->folder, file->tmp_relative, 0);
        return mla_throw_errno (error, saved, full);
    }
    file->fd = -1;
    if (!mla_folder_rename (file->folder, file->tmp_relative, file->relative,
                            error)) {
        mla_folder_remove (file->folder, file->tmp_relative, 0);
        return FALSE;
    }
    return TRUE;
}

gboolean
mla_atomic_file_set_contents (MlaFolder *folder, const char *relative,
                              const void *data, gsize size, GError **error)
{
    g_autoptr (MlaAtomicFile) file =
        mla_atomic_file_open (folder, relative, error);

    return file != NULL && mla_atomic_file_write (file, data, size, error) &&
           mla_atomic_file_commit (file, error);
}

gboolean
mla_atomic_file_write_tmp (MlaFolder *folder, const char *relative,
                           const void *data, gsize size, GError **error)
{
    g_autofree char *tmp = g_strconcat (relative, ".tmp", NULL);
    int fd = mla_folder_create_file (folder, tmp, error);
    const char *at = data;
    gsize left = size;
    int saved;

    if (fd < 0)
        return FALSE;
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
    mla_folder_remove (folder, tmp, 0);
    {
        g_autofree char *full = mla_folder_full_path (folder, relative);

        return mla_throw_errno (error, saved, full);
    }
}
