/* mla-atomic-file-private.h: every file mlarc writes goes through here:
 * written to NAME.tmp, flushed, fsynced and renamed over NAME, so a crash
 * leaves either the old file or the new one, never half of one. Files are
 * named relative to an MlaFolder (mla-folder-private.h): the temporary
 * file is created new (O_EXCL), nothing at either name is followed, and
 * nothing outside the folder is written. */
#pragma once
#include <gio/gio.h>
#include "mla-folder-private.h"

G_BEGIN_DECLS

typedef struct MlaAtomicFile MlaAtomicFile;

/* Creates @relative.tmp below @folder (removing whatever had that name).
 * Returns: (transfer full) (nullable): NULL with @error set (naming the
 * file) on failure. */
MlaAtomicFile *mla_atomic_file_open (MlaFolder *folder, const char *relative,
                                     GError **error);
/* Drops the temporary file unless the file was committed. NULL-safe. */
void mla_atomic_file_free (MlaAtomicFile *file);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaAtomicFile, mla_atomic_file_free)

/* Returns: (transfer none): a buffered stream into the temporary file, for
 * writers that take a GOutputStream. Bytes written through it are not
 * counted by mla_atomic_file_get_written(). */
GOutputStream *mla_atomic_file_get_stream (MlaAtomicFile *file);
gboolean mla_atomic_file_write (MlaAtomicFile *file, const void *data,
                                gsize size, GError **error);
/* Bytes written with mla_atomic_file_write(): the offset of the next. */
guint64 mla_atomic_file_get_written (MlaAtomicFile *file);
/* Flushes, fsyncs and renames over the target. */
gboolean mla_atomic_file_commit (MlaAtomicFile *file, GError **error);

/* Writes @size bytes of @data as @relative in one go. */
gboolean mla_atomic_file_set_contents (MlaFolder *folder, const char *relative,
                                       const void *data, gsize size,
                                       GError **error);

/* Writes @relative.tmp without fsync, for the caller to rename over
 * @relative later (derived files, such as a site's pages, that are made
 * again after a power loss); on failure the temporary file is removed. */
gboolean mla_atomic_file_write_tmp (MlaFolder *folder, const char *relative,
                                    const void *data, gsize size,
                                    GError **error);

G_END_DECLS
