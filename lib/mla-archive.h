/* mla-archive.h: an archive is a folder: XML volumes (the source of truth)
 * listed by an index, and raw-message stores beside them. Import appends
 * one volume per run and commits it by replacing the index atomically, so
 * a crash leaves the previous archive whole. See doc/archive-format.md. */
#pragma once
#include <gio/gio.h>
#include "mla-api.h"
#include "mla-mbox.h"
#include "mla-agenda.h"

G_BEGIN_DECLS

typedef struct MlaArchive MlaArchive;

typedef enum {
    MLA_ARCHIVE_OPEN_DEFAULT = 0,
    MLA_ARCHIVE_OPEN_CREATE = 1 << 0,   /* create the folder when missing */
} MlaArchiveOpenFlags;

/* Opens the archive at @path and reads its index (not the volumes).
 * Fails with MLA_ERROR_ARCHIVE when @path is not an archive (and not
 * creatable). Returns: (transfer full) (nullable). */
MLA_API MlaArchive *mla_archive_open (const char *path, MlaArchiveOpenFlags flags,
                                      GError **error);
MLA_API void mla_archive_free (MlaArchive *archive);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaArchive, mla_archive_free)

typedef struct MlaImportStats {
    guint64 read;            /* messages read from the inputs */
    guint64 added;           /* stored as new */
    guint64 present;         /* already in the archive (same raw bytes) */
    guint64 duplicate_ids;   /* added, but their Message-ID was known with other bytes */
    guint64 flagged;         /* added with at least one defect */
    guint64 rejected;        /* not stored; listed with a reason in the volume */
    guint64 agendas;         /* agendas extracted */
} MlaImportStats;

typedef struct MlaImportProgress {
    const char *input;       /* the input being read */
    guint64 bytes_done;      /* over all inputs */
    guint64 bytes_total;     /* over all inputs; 0 when unknown (stdin) */
    guint64 messages;        /* messages read so far */
} MlaImportProgress;

typedef void (*MlaImportProgressFunc) (const MlaImportProgress *progress, gpointer user_data);

/* Told of something worth a line on stderr that is not an error, such as
 * a derived index being rebuilt. */
typedef void (*MlaNoticeFunc) (const char *notice, gpointer user_data);

typedef struct MlaImportOptions {
    MlaMboxFormat format;            /* for mbox inputs; AUTO by default */
    gboolean extract_agendas;        /* run the agenda extractor on each new message */
    MlaImportProgressFunc progress;  /* nullable; called about every 64 KiB of input */
    gpointer progress_data;
    MlaNoticeFunc notice;            /* nullable */
    gpointer notice_data;
    guint64 max_message_size;        /* bigger messages are rejected ("too-big");
                                      * 0: MLA_DEFAULT_MAX_MESSAGE_SIZE */
    gboolean no_compact;             /* leave the volumes of earlier imports as they are;
                                      * by default, once MLA_LIVE_VOLUMES volumes in a row
                                      * were written by imports, they are merged as
                                      * mla_archive_compact() does */
    guint threads;                   /* parsing threads; 0: one per processor */
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
 * next command catches up. @options is nullable. @out_stats (nullable) is filled even on
 * failure, with what was read up to it. */
MLA_API gboolean mla_archive_import (MlaArchive *archive, const char *const *inputs,
                                     const MlaImportOptions *options,
                                     MlaImportStats *out_stats, GError **error);

typedef struct MlaCompactStats {
    guint64 volumes_before;
    guint64 volumes_after;
    guint64 merged;          /* merged volumes written */
} MlaCompactStats;

/* Merges each run of consecutive volumes imported in the same UTC month
 * into one volume (doc/archive-format.md, section 5), commits them by the
 * index as an import does, then removes the old files and points the
 * overview's rows at the merged volumes. Messages, their order and export
 * stay as they were. Safe to kill: a re-run finishes the job. @notice
 * (nullable) hears of an overview that had to be rebuilt or could not be
 * updated; @out_stats (nullable). */
MLA_API gboolean mla_archive_compact (MlaArchive *archive, MlaNoticeFunc notice,
                                      gpointer notice_data, MlaCompactStats *out_stats,
                                      GError **error);

/* Writes every message, in archive order, as mboxrd: its stored From_ line
 * (or "From MAILER-DAEMON <date>" when it had none), the raw bytes with
 * ">+From " lines quoted, and a line break. */
MLA_API gboolean mla_archive_export_mbox (MlaArchive *archive, GOutputStream *out,
                                          GError **error);

/* One defect or reject found by mla_archive_check(). */
typedef struct MlaCheckEntry {
    const char *volume;       /* the volume file, relative to the archive */
    const char *message_id;   /* nullable for rejects */
    const char *source;       /* input file of the message */
    guint64 offset;           /* byte offset in that input */
    const char *code;         /* defect code, or "rejected" */
    const char *detail;
} MlaCheckEntry;

typedef void (*MlaCheckFunc) (const MlaCheckEntry *entry, gpointer user_data);

typedef struct MlaCheckStats {
    guint64 messages;
    guint64 defects;
    guint64 rejects;
    guint64 invalid_files;    /* XML files that fail the schema or are missing */
    guint64 raw_mismatches;   /* raw bytes whose SHA-256 differs from the record */
} MlaCheckStats;

/* Validates every XML file against @schema_path (nullable: the installed
 * schema, or $MLARC_SCHEMA), verifies the raw bytes against their SHA-256,
 * and calls @func for each defect and reject. Returns FALSE with @error set
 * when the archive cannot be read; problems found are counted in
 * @out_stats, not errors. */
MLA_API gboolean mla_archive_check (MlaArchive *archive, const char *schema_path,
                                    MlaCheckFunc func, gpointer user_data,
                                    MlaCheckStats *out_stats, GError **error);

/* Total number of messages, from the index. */
MLA_API guint64 mla_archive_get_n_messages (MlaArchive *archive);

/* Returns: (transfer none): the archive folder, as given to open. */
MLA_API const char *mla_archive_get_path (MlaArchive *archive);
/* The number of the newest volume; 0 for an empty archive. */
MLA_API guint mla_archive_get_last_volume (MlaArchive *archive);

/* Reads the raw bytes of the message stored at @offset (@length bytes) in
 * volume @volume into @out; @message_id (nullable) names it in errors.
 * These are the message's bytes: from a volume written before mbox
 * separators were left out (archive-format.md, section 4), without the
 * separator its raw store kept. */
MLA_API gboolean mla_archive_read_raw (MlaArchive *archive, guint volume,
                                       const char *message_id, guint64 offset,
                                       guint64 length, GByteArray *out, GError **error);

G_END_DECLS
