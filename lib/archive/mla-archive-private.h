/* mla-archive-private.h: what the archive's own modules (import, records,
 * check, export, key set, overview) share: the folder, its volume list
 * and its lock. */
#pragma once
#include <glib.h>
#include "mla-archive.h"
#include "mla-xml-private.h"

G_BEGIN_DECLS

#define MLA_ARCHIVE_INDEX_NAME "index.xml"

struct MlaArchive {
    char *path;
    GPtrArray *volumes;  /* MlaXmlVolumeEntry *, from the index */
    GPtrArray *removals; /* MlaXmlRemoval *, from the index */
    gboolean
        created; /* by this open; removed again if its first import fails */
    gboolean created_folder;
    guint wait_seconds; /* for a lock; MLA_ARCHIVE_WAIT_FOREVER by default */
    GCancellable *cancellable; /* nullable */
};

/* Returns: (transfer full): @relative inside the archive folder. */
char *mla_archive_file (MlaArchive *archive, const char *relative);
/* Returns: (transfer none): MlaXmlVolumeEntry *, in volume order. */
GPtrArray *mla_archive_get_volumes (MlaArchive *archive);
/* Returns: (transfer full): the time now as the index writes it, ISO 8601
 * UTC. */
char *mla_archive_now (void);
/* Returns: (transfer none): MlaXmlRemoval *, in the order of removal. */
GPtrArray *mla_archive_get_removals (MlaArchive *archive);
/* Reads index.xml again: another import may have committed since the open. */
gboolean mla_archive_reload (MlaArchive *archive, GError **error);
/* Replaces the index by one listing @volumes and the archive's removals,
 * atomically: the commit. */
gboolean mla_archive_write_index (MlaArchive *archive, GPtrArray *volumes,
                                  GError **error);

/* Reads @length bytes at @offset of the raw store open as @fd (named
 * @path) into @out; a short read is an archive error naming @message_id. */
gboolean mla_archive_pread_raw (int fd, const char *path,
                                const char *message_id, guint64 offset,
                                guint64 length, GByteArray *out,
                                GError **error);

/* Turns the stored bytes @raw of a message of @volume into the message's
 * bytes: a volume written before raw-rule="message" kept the mbox
 * separator line at the end of its mbox messages. */
void mla_archive_trim_separator (const MlaXmlVolumeEntry *volume,
                                 GByteArray *raw);

/* Live delivery keeps the number of volumes down: when the last
 * @min_volumes volumes or more were written by imports (not merged yet),
 * compacts the end of the archive from the last merged volume on, as
 * mlarc compact does (mla-compact.c). The caller holds the lock, and
 * brings the overview up to date after. */
gboolean mla_archive_compact_tail_locked (MlaArchive *archive,
                                          guint min_volumes, GError **error);

/* One writer at a time: an flock on ARCHIVE/lock, held until
 * mla_archive_unlock(), waited for as mla_archive_set_wait() said.
 * Returns the lock's fd, or -1 with @error set: MLA_ERROR_LOCKED when the
 * wait ran out, MLA_ERROR_TEMPORARY when it was cancelled. */
int mla_archive_lock (MlaArchive *archive, GError **error);
/* One overview writer at a time: an flock on ARCHIVE/overview.lock,
 * waited for in the same way. Taken after the archive lock when both are
 * held, never before it, so that a reader catching the overview up never
 * stops an import. */
int mla_archive_lock_overview (MlaArchive *archive, GError **error);
/* The same, waiting @wait_ms milliseconds at most: an import does not
 * wait long for a reader that is catching the overview up. */
int mla_archive_lock_overview_within (MlaArchive *archive, guint wait_ms,
                                      GError **error);
/* For a command that rewrites volumes (compact, remove): both locks, in
 * that order (the overview's too: its rows change, and a reader catching
 * it up must not read a volume that is then deleted), and the index read
 * anew, since an import may have committed since the open. FALSE with
 * nothing held on failure; else the caller unlocks both. */
gboolean mla_archive_lock_rewrite (MlaArchive *archive, int *out_lock,
                                   int *out_overview_lock, GError **error);
/* Returns: (transfer none) (nullable): the handle's, from
 * mla_archive_set_wait(). */
GCancellable *mla_archive_get_cancellable (MlaArchive *archive);
void mla_archive_unlock (int fd);

/* Tells @notice (nullable: nobody) the formatted text. */
void mla_notify (MlaNoticeFunc notice, gpointer notice_data, const char *format,
                 ...) G_GNUC_PRINTF (3, 4);

G_END_DECLS
