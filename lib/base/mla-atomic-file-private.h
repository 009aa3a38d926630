/* mla-atomic-file-private.h: every file mlarc writes goes through here:
 * written to NAME.tmp, flushed, fsynced and renamed over NAME, so a crash
 * leaves either the old file or the new one, never half of one. */
#pragma once
#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct MlaAtomicFile MlaAtomicFile;

/* Creates @path.tmp (truncating a leftover). Returns: (transfer full)
 * (nullable): NULL with @error set (naming the file) on failure. */
MlaAtomicFile *mla_atomic_file_open (const char *path, GError **error);
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

/* Writes @size bytes of @data as @path in one go. */
gboolean mla_atomic_file_set_contents (const char *path, const void *data,
                                       gsize size, GError **error);

/* The same without fsync, for derived files that are made again after a
 * power loss (a site's pages); a killed run still never leaves half a file. */
gboolean mla_atomic_file_replace_contents (const char *path, const void *data,
                                           gsize size, GError **error);

/* Writes @path.tmp without fsync, for the caller to rename over @path
 * later; on failure the temporary file is removed. */
gboolean mla_atomic_file_write_tmp (const char *path, const void *data,
                                    gsize size, GError **error);

/* fsyncs a folder, so that renames into it survive a crash. */
gboolean mla_sync_folder (const char *path, GError **error);
/* fsyncs a file written by someone else (SQLite) before it is renamed. */
gboolean mla_sync_file (const char *path, GError **error);

G_END_DECLS
