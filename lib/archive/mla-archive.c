/* mla-archive.c: the archive folder: opening or creating it, its index,
 * and reading raw bytes back.
 *
 * Layout (doc/archive-format.md): index.xml lists the volumes; each import
 * that adds anything writes volumes/NNNNNN.xml and raw/NNNNNN.raw (the raw
 * bytes of its messages, concatenated), fsyncs them, renames them into
 * place, and commits by replacing index.xml (mla-import.c). */
#include "config.h"
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include "mla-atomic-file-private.h"
#include "mla-error.h"
#include "mla-lock-private.h"
#include "mla-archive-private.h"
#include "mla-mbox-private.h"

char *
mla_archive_file (MlaArchive *archive, const char *relative)
{
    return g_build_filename (archive->path, relative, NULL);
}

GPtrArray *
mla_archive_get_volumes (MlaArchive *archive)
{
    return archive->volumes;
}

char *
mla_archive_now (void)
{
    g_autoptr (GDateTime) now = g_date_time_new_now_utc ();

    return g_date_time_format (now, "%Y-%m-%dT%H:%M:%SZ");
}

GPtrArray *
mla_archive_get_removals (MlaArchive *archive)
{
    return archive->removals;
}

const char *
mla_archive_get_path (MlaArchive *archive)
{
    return archive->path;
}

guint
mla_archive_get_last_volume (MlaArchive *archive)
{
    if (archive->volumes->len == 0)
        return 0;
    return ((MlaXmlVolumeEntry *) g_ptr_array_index (archive->volumes,
                                                     archive->volumes->len - 1))
        ->number;
}

gboolean
mla_archive_write_index (MlaArchive *archive, GPtrArray *volumes,
                         GError **error)
{
    g_autofree char *path = mla_archive_file (archive, MLA_ARCHIVE_INDEX_NAME);
    g_autoptr (MlaAtomicFile) file =
        mla_atomic_file_open (archive->folder, MLA_ARCHIVE_INDEX_NAME, error);
    g_autoptr (MlaXmlWriter) xml = NULL;

    if (file == NULL)
        return FALSE;
    xml = mla_xml_writer_new (mla_atomic_file_get_stream (file),
                              MLA_XML_WRITER_INDENT);
    mla_xml_write_index (xml, volumes, archive->removals);
    if (!mla_xml_writer_finish (xml, error))
        return g_prefix_error (error, "%s: ", path), FALSE;
    return mla_atomic_file_commit (file, error) &&
           mla_folder_sync (archive->folder, "", error);
}

/* What a delivery creating the archive makes first: another delivery
 * started at the same time finds them before the index. */
static const char *const own_files[] = { "lock", "volumes", "raw",
                                         MLA_ARCHIVE_INDEX_NAME ".tmp" };

static gboolean
holds_only_own_files (const char *path)
{
    g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
    const char *name;

    if (dir == NULL)
        return FALSE;
    while ((name = g_dir_read_name (dir)) != NULL)
        if (!g_strv_contains ((const char *const *) own_files, name))
            return FALSE;
    return TRUE;
}

/* Deliveries into an archive not made yet may start together: the first
 * to hold the lock creates it, the others find its index under the lock. */
static gboolean
create_archive (MlaArchive *archive, GError **error)
{
    const char *folders[] = { "volumes", "raw" };
    g_autofree char *index = mla_archive_file (archive, MLA_ARCHIVE_INDEX_NAME);
    int lock;
    gboolean ok = TRUE;

    archive->folder = mla_folder_open (archive->path, MLA_FOLDER_CREATE, error);
    if (archive->folder == NULL)
        return g_prefix_error (error, "cannot create the archive: "), FALSE;
    if ((lock = mla_archive_lock (archive, error)) < 0)
        return FALSE;
    if (g_file_test (index, G_FILE_TEST_EXISTS)) {
        mla_archive_unlock (lock);
        return mla_archive_reload (archive, error);
    }
    for (gsize i = 0; ok && i < G_N_ELEMENTS (folders); i++)
        ok = mla_folder_make (archive->folder, folders[i], error);
    ok = ok && mla_archive_write_index (archive, archive->volumes, error);
    archive->created = ok;
    mla_archive_unlock (lock);
    return ok;
}

MlaArchive *
mla_archive_open (const char *path, MlaArchiveOpenFlags flags, GError **error)
{
    g_autoptr (MlaArchive) archive = g_new0 (MlaArchive, 1);
    g_autofree char *index = NULL;

    archive->path = g_strdup (path);
    archive->wait_seconds = MLA_ARCHIVE_WAIT_FOREVER;
    index = mla_archive_file (archive, MLA_ARCHIVE_INDEX_NAME);
    if (g_file_test (index, G_FILE_TEST_EXISTS)) {
        archive->volumes =
            mla_xml_read_index (index, &archive->removals, error);
        if (archive->volumes == NULL ||
            (archive->folder = mla_folder_open (path, 0, error)) == NULL)
            return NULL;
        return g_steal_pointer (&archive);
    }
    archive->volumes = g_ptr_array_new_with_free_func (
        (GDestroyNotify) mla_xml_volume_entry_free);
    archive->removals =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_xml_removal_free);
    if (!(flags & MLA_ARCHIVE_OPEN_CREATE))
        return mla_throw (error, MLA_ERROR_ARCHIVE,
                          "%s: not an mlarc archive (no %s)", path,
                          MLA_ARCHIVE_INDEX_NAME),
               NULL;
    archive->created_folder = !g_file_test (path, G_FILE_TEST_EXISTS);
    if (!archive->created_folder && !holds_only_own_files (path))
        return mla_throw (error, MLA_ERROR_ARCHIVE,
                          "%s: exists and is not an mlarc archive (no %s); not "
                          "touching it",
                          path, MLA_ARCHIVE_INDEX_NAME),
               NULL;
    if (!create_archive (archive, error))
        return NULL;
    return g_steal_pointer (&archive);
}

/* Bumped by every reload: the raw files a thread keeps open (raw_fd())
 * are opened again after it. */
static gint raw_generation;

gboolean
mla_archive_reload (MlaArchive *archive, GError **error)
{
    g_autofree char *index = mla_archive_file (archive, MLA_ARCHIVE_INDEX_NAME);
    GPtrArray *removals = NULL;
    GPtrArray *volumes = mla_xml_read_index (index, &removals, error);

    if (volumes == NULL)
        return FALSE;
    g_atomic_int_inc (&raw_generation);
    g_ptr_array_unref (archive->volumes);
    archive->volumes = volumes;
    g_clear_pointer (&archive->removals, g_ptr_array_unref);
    archive->removals = removals;
    return TRUE;
}

void
mla_archive_free (MlaArchive *archive)
{
    if (archive == NULL)
        return;
    g_clear_pointer (&archive->volumes, g_ptr_array_unref);
    g_clear_pointer (&archive->removals, g_ptr_array_unref);
    g_clear_object (&archive->cancellable);
    g_clear_pointer (&archive->folder, mla_folder_free);
    g_free (archive->path);
    g_free (archive);
}

guint64
mla_archive_get_n_messages (MlaArchive *archive)
{
    guint64 total = 0;

    for (guint i = 0; i < archive->volumes->len; i++)
        total += ((MlaXmlVolumeEntry *) g_ptr_array_index (archive->volumes, i))
                     ->messages;
    return total;
}

const char *
mla_archive_get_created (MlaArchive *archive)
{
    g_return_val_if_fail (archive != NULL, NULL);
    if (archive->volumes->len == 0)
        return NULL;
    return ((MlaXmlVolumeEntry *) g_ptr_array_index (archive->volumes, 0))
        ->imported;
}

gboolean
mla_archive_pread_raw (int fd, const char *path, const char *message_id,
                       guint64 offset, guint64 length, GByteArray *out,
                       GError **error)
{
    gsize done = 0;

    g_byte_array_set_size (out, length);
    while (done < length) {
        ssize_t n = pread (fd, out->data + done, length - done,
                           (off_t) (offset + done));

        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return mla_throw (error, MLA_ERROR_ARCHIVE,
                              "%s: message %s: raw bytes %" G_GUINT64_FORMAT
                              "+%" G_GUINT64_FORMAT " missing",
                              path, message_id, offset, length);
        done += n;
    }
    return TRUE;
}

void
mla_archive_trim_separator (const MlaXmlVolumeEntry *volume, GByteArray *raw)
{
    if (volume->keeps_separators)
        g_byte_array_set_size (
            raw, raw->len - mla_mbox_separator_length (raw->data, raw->len));
}

/* The raw file a thread read last, kept open for its next read: a site
 * reads a volume's messages one after another, three times each (page,
 * raw.txt, thread mbox), and opening the file for each read was a tenth
 * of a 10,000-message site's system calls. A committed file never changes
 * under its name; a reload in this process (after a compaction or a
 * removal rewrote volumes) makes every thread open its file again. */
typedef struct {
    char *path;
    int fd;
    gint generation;
} RawHandle;

static void
raw_handle_free (gpointer data)
{
    RawHandle *handle = data;

    if (handle == NULL)
        return;
    close (handle->fd);
    g_free (handle->path);
    g_free (handle);
}

static GPrivate last_raw = G_PRIVATE_INIT (raw_handle_free);

/* Returns: (transfer none): an fd of @path, -1 with errno set. */
static int
raw_fd (const char *path)
{
    RawHandle *handle = g_private_get (&last_raw);
    int fd;

    if (handle != NULL && strcmp (handle->path, path) == 0 &&
        handle->generation == g_atomic_int_get (&raw_generation))
        return handle->fd;
    fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    handle = g_new0 (RawHandle, 1);
    handle->path = g_strdup (path);
    handle->fd = fd;
    handle->generation = g_atomic_int_get (&raw_generation);
    g_private_replace (&last_raw, handle);
    return fd;
}

gboolean
mla_archive_read_raw (MlaArchive *archive, guint volume, const char *message_id,
                      guint64 offset, guint64 length, GByteArray *out,
                      GError **error)
{
    for (guint i = 0; i < archive->volumes->len; i++) {
        const MlaXmlVolumeEntry *entry =
            g_ptr_array_index (archive->volumes, i);
        g_autofree char *path = NULL;
        gboolean ok;
        int fd;

        if (entry->number != volume)
            continue;
        path = mla_archive_file (archive, entry->raw);
        fd = raw_fd (path);
        if (fd < 0)
            return mla_throw (error, MLA_ERROR_ARCHIVE, "%s: %s", path,
                              g_strerror (errno));
        ok = mla_archive_pread_raw (fd, path, message_id, offset, length, out,
                                    error);
        if (ok)
            mla_archive_trim_separator (entry, out);
        return ok;
    }
    return mla_throw (error, MLA_ERROR_ARCHIVE, "%s: no volume %u",
                      archive->path, volume);
}

void
mla_notify (MlaNoticeFunc notice, gpointer notice_data, const char *format, ...)
{
    g_autofree char *text = NULL;
    va_list args;

    if (notice == NULL)
        return;
    va_start (args, format);
    text = g_strdup_vprintf (format, args);
    va_end (args);
    notice (text, notice_data);
}

/* ---- the writer locks (mla-lock.c): one writer at a time, of the
 * volumes and of the overview, each under its own lock, waited for as
 * long as the handle says (mla_archive_set_wait) ---- */

static guint
wait_ms (MlaArchive *archive)
{
    if (archive->wait_seconds == MLA_ARCHIVE_WAIT_FOREVER)
        return MLA_LOCK_WAIT_FOREVER;
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

static int
lock_file (MlaArchive *archive, const char *name, guint wait_ms, GError **error)
{
    g_autofree char *path = mla_archive_file (archive, name);

    return mla_lock_acquire (path, archive->path, wait_ms, archive->cancellable,
                             error);
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

gboolean
mla_archive_lock_rewrite (MlaArchive *archive, int *out_lock,
                          int *out_overview_lock, GError **error)
{
    *out_lock = mla_archive_lock (archive, error);
    if (*out_lock < 0)
        return FALSE;
    *out_overview_lock = mla_archive_lock_overview (archive, error);
    if (*out_overview_lock >= 0 && mla_archive_reload (archive, error))
        return TRUE;
    if (*out_overview_lock >= 0)
        mla_archive_unlock (*out_overview_lock);
    mla_archive_unlock (*out_lock);
    return FALSE;
}

void
mla_archive_unlock (int fd)
{
    mla_lock_release (fd);
}
