/* mla-import.h: mlarc import: read inputs and add their messages to an
 * archive as one new volume, then bring the overview up to date. */
#pragma once
#include <gio/gio.h>
#include "mla-api.h"
#include "mla-mbox.h"
#include "mla-archive.h"

G_BEGIN_DECLS

typedef struct MlaImportStats {
    guint64 read;          /* messages read from the inputs */
    guint64 added;         /* stored as new */
    guint64 present;       /* already in the archive (same raw bytes) */
    guint64 removed;       /* removed earlier (mlarc remove): same raw bytes
                            * or Message-ID; not stored again */
    guint64 duplicate_ids; /* added, but their Message-ID was known with other
                              bytes */
    guint64 flagged;       /* added with at least one defect */
    guint64 rejected;      /* not stored; listed with a reason in the volume */
    guint64 agendas;       /* agendas extracted */
} MlaImportStats;

typedef struct MlaImportProgress {
    const char *input;   /* the input being read */
    guint64 bytes_done;  /* over all inputs */
    guint64 bytes_total; /* over all inputs; 0 when unknown (stdin) */
    guint64 messages;    /* messages read so far */
} MlaImportProgress;

typedef void (*MlaImportProgressFunc) (const MlaImportProgress *progress,
                                       gpointer user_data);

typedef struct MlaImportOptions {
    MlaMboxFormat format;     /* for mbox inputs; AUTO by default */
    gboolean extract_agendas; /* run the agenda extractor on each new message */
    MlaImportProgressFunc
        progress; /* nullable; called about every 64 KiB of input */
    gpointer progress_data;
    MlaNoticeFunc notice; /* nullable */
    gpointer notice_data;
    guint64 max_message_size; /* bigger messages are rejected ("too-big");
                               * 0: MLA_DEFAULT_MAX_MESSAGE_SIZE */
    gboolean no_compact; /* leave the volumes of earlier imports as they are;
                          * by default, once MLA_LIVE_VOLUMES volumes in a row
                          * were written by imports, they are merged as
                          * mla_archive_compact() does */
    guint threads;       /* parsing threads; 0: one per processor */
} MlaImportOptions;

/* Live delivery (one message per import) would make one volume per
 * message; an import merges them once there are this many. */
#define MLA_LIVE_VOLUMES 64

/* Reads every input (paths; "-" = stdin) and adds its messages in one
 * transaction: on any error nothing is committed and the archive stays as
 * it was. After the commit, still holding the lock, it adds the new rows
 * to the overview (mla-overview.h; threading them waits for the next
 * command that opens it), and, unless @options says no_compact, merges
 * the volumes of earlier imports once MLA_LIVE_VOLUMES are in a row;
 * should either fail, the import stands, the notice says so, and the
 * next command catches up. @options is nullable. @out_stats (nullable) is
 * filled even on failure, with what was read up to it. */
MLA_API gboolean mla_archive_import (MlaArchive *archive,
                                     const char *const *inputs,
                                     const MlaImportOptions *options,
                                     MlaImportStats *out_stats, GError **error);

G_END_DECLS
