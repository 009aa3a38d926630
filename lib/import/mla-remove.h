/* mla-remove.h: mlarc remove: take messages out of an archive for good
 * (spam, a legal request, a leaked secret), with a record of the removal
 * that keeps them out and threads as before, and never their text. */
#pragma once
#include <gio/gio.h>
#include "mla-api.h"
#include "mla-archive.h"
#include "mla-overview.h"
#include "mla-query.h"

G_BEGIN_DECLS

typedef struct MlaRemoveStats {
    guint64 messages; /* messages taken out */
    guint64 volumes;  /* volumes written anew */
    guint64 earlier;  /* ids asked for that were removed before */
} MlaRemoveStats;

/* What mla_archive_remove() would take out of @archive (whose overview
 * is @overview): every stored message with
 * one of @message_ids (nullable; angle brackets allowed), or every
 * message matching @query (nullable), in archive order, once each. An id
 * that is neither stored nor removed earlier is MLA_ERROR_NOT_FOUND.
 * Returns: (transfer full) (nullable): MlaOverviewEntry *. */
MLA_API GPtrArray *mla_remove_select (MlaArchive *archive,
                                      MlaOverview *overview,
                                      const char *const *message_ids,
                                      const MlaQuery *query, GError **error);

/* Takes what mla_remove_select() selects (every stored message with one
 * of @message_ids, nullable, and every message matching @query,
 * nullable: of the copies of a reused id, only those that match) out of
 * @archive: the volumes that hold them are written anew without them
 * (their raw bytes, XML and key caches), the index commits the new
 * volumes and lists each removal (Message-ID, SHA-256, parent chain,
 * time, @reason (nullable)), the old files are deleted, and the overview
 * is rebuilt, so that no byte of the messages is left in the archive
 * (doc/archive-format.md, section 14). Under the archive lock; killed at
 * any point, the archive is the old one or the new one. An id removed
 * earlier is counted, not an error; one neither stored nor removed is
 * MLA_ERROR_NOT_FOUND and nothing changes. @notice (nullable);
 * @out_stats (nullable). */
MLA_API gboolean mla_archive_remove (MlaArchive *archive,
                                     const char *const *message_ids,
                                     const MlaQuery *query, const char *reason,
                                     MlaNoticeFunc notice, gpointer notice_data,
                                     MlaRemoveStats *out_stats, GError **error);

G_END_DECLS
