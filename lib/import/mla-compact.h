/* mla-compact.h: mlarc compact: merge the volumes of live imports. */
#pragma once
#include <gio/gio.h>
#include "mla-api.h"
#include "mla-archive.h"

G_BEGIN_DECLS

typedef struct MlaCompactStats {
    guint64 volumes_before;
    guint64 volumes_after;
    guint64 merged; /* merged volumes written */
} MlaCompactStats;

/* Merges each run of consecutive volumes imported in the same UTC month
 * into one volume (doc/archive-format.md, section 5), commits them by the
 * index as an import does, then removes the old files and points the
 * overview's rows at the merged volumes. Messages, their order and export
 * stay as they were. Safe to kill: a re-run finishes the job. @notice
 * (nullable) hears of an overview that had to be rebuilt or could not be
 * updated; @out_stats (nullable). */
MLA_API gboolean mla_archive_compact (MlaArchive *archive, MlaNoticeFunc notice,
                                      gpointer notice_data,
                                      MlaCompactStats *out_stats,
                                      GError **error);

G_END_DECLS
