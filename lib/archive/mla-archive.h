/* mla-archive.h: an archive is a folder: XML volumes (the source of truth)
 * listed by an index, and raw-message stores beside them. Import appends
 * one volume per run and commits it by replacing the index atomically, so
 * a crash leaves the previous archive whole. See doc/archive-format.md.
 * Import, compact, export and check have a header each. */
#pragma once
#include <gio/gio.h>
#include "mla-api.h"

G_BEGIN_DECLS

typedef struct MlaArchive MlaArchive;

typedef enum {
    MLA_ARCHIVE_OPEN_DEFAULT = 0,
    MLA_ARCHIVE_OPEN_CREATE = 1 << 0, /* create the folder when missing */
} MlaArchiveOpenFlags;

/* Opens the archive at @path and reads its index (not the volumes).
 * Fails with MLA_ERROR_ARCHIVE when @path is not an archive (and not
 * creatable). Returns: (transfer full) (nullable). */
MLA_API MlaArchive *
mla_archive_open (const char *path, MlaArchiveOpenFlags flags, GError **error);
MLA_API void mla_archive_free (MlaArchive *archive);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaArchive, mla_archive_free)

/* No limit to a wait for a lock (mla_archive_set_wait). */
#define MLA_ARCHIVE_WAIT_FOREVER G_MAXUINT

/* How a writer through @archive (import, compact, the overview's rebuild
 * and catching up) waits for a lock another process holds: up to
 * @seconds (0: not at all; MLA_ARCHIVE_WAIT_FOREVER, the default: no
 * limit), then it fails with MLA_ERROR_LOCKED; as sqlite3_busy_timeout()
 * sets it on a connection. Once @cancellable (nullable) is cancelled, it
 * stops waiting and an import stops reading, each failing with an error
 * that mla_error_is_temporary() accepts, and nothing committed. */
MLA_API void mla_archive_set_wait (MlaArchive *archive, guint seconds,
                                   GCancellable *cancellable);

/* Told of something worth a line on stderr that is not an error, such as
 * a derived index being rebuilt. */
typedef void (*MlaNoticeFunc) (const char *notice, gpointer user_data);

/* Total number of messages, from the index. */
MLA_API guint64 mla_archive_get_n_messages (MlaArchive *archive);

/* Returns: (transfer none): the archive folder, as given to open. */
MLA_API const char *mla_archive_get_path (MlaArchive *archive);
/* When the archive began: the import time of its first volume
 * ("YYYY-MM-DDTHH:MM:SSZ"), which neither compaction nor removal changes.
 * Returns: (transfer none) (nullable): NULL for an empty archive. */
MLA_API const char *mla_archive_get_created (MlaArchive *archive);
/* The number of the newest volume; 0 for an empty archive. */
MLA_API guint mla_archive_get_last_volume (MlaArchive *archive);

/* Reads the raw bytes of the message stored at @offset (@length bytes) in
 * volume @volume into @out; @message_id (nullable) names it in errors.
 * These are the message's bytes: from a volume written before mbox
 * separators were left out (archive-format.md, section 4), without the
 * separator its raw store kept. */
MLA_API gboolean mla_archive_read_raw (MlaArchive *archive, guint volume,
                                       const char *message_id, guint64 offset,
                                       guint64 length, GByteArray *out,
                                       GError **error);

G_END_DECLS
