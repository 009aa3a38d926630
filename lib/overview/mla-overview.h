/* mla-overview.h: ARCHIVE/overview.sqlite3, a derived index of the archive
 * for lookups across volumes: one row per stored message (where its bytes
 * are, Message-ID, date, sender, subject, thread and parent), its
 * reference edges, the threads, and the old thread ids that now resolve
 * to others. The XML volumes stay the truth: the file can be deleted at
 * any time and is rebuilt from them (doc/design.md, "The overview").
 *
 * SQLite stays in lib/overview/: the files that include
 * mla-overview-private.h see it, no others (doc/VIOLATIONS.md). */
#pragma once
#include <glib.h>
#include "mla-api.h"
#include "mla-archive.h"
#include "mla-message.h"
#include "mla-query.h"
#include "mla-thread.h"

G_BEGIN_DECLS

#define MLA_OVERVIEW_FILE "overview.sqlite3"

typedef struct MlaOverview MlaOverview;

/* Opens the overview of @archive, first rebuilding it when it is missing,
 * damaged, of another schema version or of another archive, and catching
 * it up when it is behind the index (both under the overview lock).
 * @notice (nullable) hears about either, e.g. "overview missing: rebuilt
 * from 3 volumes". Returns: (transfer full)
 * (nullable). */
MLA_API MlaOverview *mla_overview_open (MlaArchive *archive,
                                        MlaNoticeFunc notice,
                                        gpointer notice_data, GError **error);
MLA_API void mla_overview_free (MlaOverview *overview);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaOverview, mla_overview_free)

/* Throws the overview away and rebuilds it from the XML volumes alone,
 * under the overview lock. */
MLA_API gboolean mla_overview_rebuild (MlaArchive *archive, GError **error);

/* The same, for a caller that holds the overview lock (mlarc remove:
 * rows are numbered in archive order, so a removal rebuilds). */
gboolean mla_overview_rebuild_locked (MlaArchive *archive, GError **error);

/* Where the rows of one volume went when compaction merged it. */
typedef struct MlaOverviewMove {
    guint64 first_row; /* its rows: [first_row, first_row + n_rows) */
    guint64 n_rows;
    guint volume;     /* the merged volume's number */
    guint64 raw_base; /* where its raw store starts in the merged one */
} MlaOverviewMove;

/* After a compaction commit (the caller holds the archive lock and the
 * overview lock): points the rows
 * of the merged volumes at their new place, in one transaction, so that
 * the overview need not be rebuilt. Does nothing unless the overview
 * covered exactly the @old_volumes volumes of the archive before it; the
 * next mla_overview_update_locked() rebuilds it then. */
gboolean mla_overview_move_rows_locked (MlaArchive *archive, guint old_volumes,
                                        const MlaOverviewMove *moves,
                                        guint n_moves, GError **error);

/* Adds the volumes the overview lacks and re-threads; the caller holds
 * the overview lock (import takes it before its commit) and has @archive's
 * volumes as the index lists them now. A missing or unusable overview is
 * rebuilt instead, and only that is told to @notice. */
MLA_API gboolean mla_overview_update_locked (MlaArchive *archive,
                                             MlaNoticeFunc notice,
                                             gpointer notice_data,
                                             GError **error);

/* The same as mla_overview_update_locked() for an import: adds the rows of
 * the volumes the overview lacks and leaves the threading, which reads
 * every message, to the next mla_overview_open(). */
MLA_API gboolean mla_overview_add_locked (MlaArchive *archive,
                                          MlaNoticeFunc notice,
                                          gpointer notice_data, GError **error);

/* How many messages of @archive carry each List-Id, as the overview file
 * holds them now: call it after mla_overview_open(), or holding the
 * overview lock (an import after its commit). Returns: (transfer full)
 * (nullable): List-Id -> count (GUINT_TO_POINTER); messages without one
 * are not counted. */
MLA_API GHashTable *mla_overview_count_list_ids (MlaArchive *archive,
                                                 GError **error);

/* The List-Id of @counts (List-Id -> count, as above) with the highest
 * count, the first by byte order among equals: the list an archive is
 * of, which titles its site. Returns: (transfer none) (nullable). */
MLA_API const char *mla_overview_main_list_id (GHashTable *counts);

/* What the overview holds now, as a string that changes whenever its rows
 * change (an import, a re-threading, a compaction, a rebuild) and only
 * then: "EPOCH.N", the file's random epoch and its count of changes. A
 * reader that kept it can tell that nothing changed without reading
 * anything else. Returns: (transfer full) (nullable). */
MLA_API char *mla_overview_get_generation (MlaOverview *overview,
                                           GError **error);

/* Reads every query from one snapshot of the overview until
 * mla_overview_end_reading(), which also spares each query taking the
 * file's lock: a reader of many rows (a site build) calls it once. Only
 * when the overview is in WAL mode (as it is from its first build on), so
 * that writers in other processes go on meanwhile; otherwise each query
 * reads as before. No write through @overview in between, but for
 * mla_overview_add_site_names(), which then goes through a connection of
 * its own. */
/* Whether the file @overview was opened on has been replaced since (a
 * rebuild, after mlarc remove or a compaction, renames a new one into
 * place): its connection then still reads the old file, whose generation
 * no longer moves. */
MLA_API gboolean mla_overview_was_replaced (MlaOverview *overview);

MLA_API gboolean mla_overview_begin_reading (MlaOverview *overview,
                                             GError **error);
MLA_API void mla_overview_end_reading (MlaOverview *overview);

/* One stored message, as the overview knows it. */
typedef struct MlaOverviewEntry {
    guint volume;
    guint64 raw_offset;
    guint64 raw_length;
    const char *message_id;
    gboolean synthetic_id;
    const char *sha256;
    gint64 date;              /* UTC seconds; 0 without a date */
    const char *date_utc;     /* nullable */
    const char *envelope;     /* nullable */
    const char *from_name;    /* nullable */
    const char *from_address; /* nullable */
    const char *subject;      /* nullable */
    const char *thread;       /* its thread's id */
    const char *parent;       /* nullable: the Message-ID of its parent (maybe
                               * not archived) */
    gboolean loose;           /* in its thread by subject only */
    gint64 row;      /* its row: archive order, and the key of its details */
    int date_offset; /* the sender's zone, minutes east of UTC */
    gboolean no_archive;       /* "X-No-Archive: yes": not to be published */
    const char *list_id;       /* nullable */
    MlaBodySource body_source; /* where its text came from */
    guint n_attachments;
    gint64 arrived; /* when it was imported, UTC seconds; 0: unknown */
} MlaOverviewEntry;

/* Returns: (transfer none): how listings name the sender of @entry: the
 * display name, else the address, else "(nobody)". */
MLA_API const char *mla_overview_entry_author (const MlaOverviewEntry *entry);

/* "<id>" and " id " mean "id": a Message-ID as a user may type it.
 * Returns: (transfer full). */
MLA_API char *mla_overview_bare_id (const char *message_id);

/* Every message with Message-ID @message_id (angle brackets allowed), in
 * archive order: more than one when ids were reused.
 * Returns: (transfer full) (nullable): MlaOverviewEntry *; NULL with
 * @error set (MLA_ERROR_NOT_FOUND when there is none). */
MLA_API GPtrArray *mla_overview_find_message (MlaOverview *overview,
                                              const char *message_id,
                                              GError **error);

/* The current id of the thread @thread_id, which may be an old id that
 * a later import merged into another thread (an alias).
 * Returns: (transfer full) (nullable): NULL with @error set
 * (MLA_ERROR_NOT_FOUND when unknown). */
MLA_API char *mla_overview_resolve_thread (MlaOverview *overview,
                                           const char *thread_id,
                                           GError **error);

/* What a page shows of a message beyond its entry. */
typedef struct MlaOverviewDetails {
    GPtrArray *to;          /* MlaAddress *, owned */
    GPtrArray *cc;          /* MlaAddress *, owned */
    char *body;             /* nullable: the text the archive kept */
    GPtrArray *attachments; /* MlaAttachment *, owned */
} MlaOverviewDetails;

/* The details of the message in row @row (MlaOverviewEntry.row). Safe to
 * call from several threads at once.
 * Returns: (transfer full) (nullable). */
MLA_API MlaOverviewDetails *
mla_overview_get_details (MlaOverview *overview, gint64 row, GError **error);
MLA_API void mla_overview_details_free (MlaOverviewDetails *details);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaOverviewDetails, mla_overview_details_free)

/* The messages of thread @thread_id (an alias resolves), by date.
 * Returns: (transfer full) (nullable): MlaOverviewEntry *; NULL with
 * @error set (MLA_ERROR_NOT_FOUND for an unknown id). */
MLA_API GPtrArray *mla_overview_get_thread (MlaOverview *overview,
                                            const char *thread_id,
                                            GError **error);

/* The parent chain threading uses for the message in row @row
 * (MlaOverviewEntry.row), oldest first: what a removal keeps.
 * Returns: (transfer full) (nullable): char *. */
MLA_API GPtrArray *mla_overview_get_refs (MlaOverview *overview, gint64 row,
                                          GError **error);

/* Every alias and the thread it resolves to, by alias.
 * Returns: (transfer full) (nullable): char *, in pairs (alias, thread). */
MLA_API GPtrArray *mla_overview_get_thread_aliases (MlaOverview *overview,
                                                    GError **error);

/* An agenda found in a message: message @row, its @position among the
 * message's agendas, and the agenda as an <agendas> document. */
typedef struct MlaOverviewAgenda {
    gint64 row;
    guint position;
    char *xml;
} MlaOverviewAgenda;

MLA_API void mla_overview_agenda_free (MlaOverviewAgenda *agenda);

/* Every stored agenda, in archive order.
 * Returns: (transfer full) (nullable): MlaOverviewAgenda *. */
MLA_API GPtrArray *mla_overview_get_agendas (MlaOverview *overview,
                                             GError **error);

/* The folder names under the site's m/ given to Message-IDs, recorded so
 * that a message's URL never changes once published (mla-site-url).
 * Returns: (transfer full) (nullable): Message-ID -> name (char *). */
MLA_API GHashTable *mla_overview_get_site_names (MlaOverview *overview,
                                                 GError **error);
/* Every published message (not "X-No-Archive: yes") that a site named,
 * in archive order: what a host of lists looks up (mla-host.h). @out_last
 * (nullable): the newest activity of them (mla_thread_activity()), 0
 * when none. Returns: (transfer full) (nullable): char *, in pairs:
 * Message-ID, name; an id reused by several messages comes once per
 * message. */
MLA_API GPtrArray *mla_overview_get_published_names (MlaOverview *overview,
                                                     gint64 *out_last,
                                                     GError **error);
/* Records @names (char *, in pairs: Message-ID, name) in one transaction;
 * an id already recorded keeps its name. */
MLA_API gboolean mla_overview_add_site_names (MlaOverview *overview,
                                              GPtrArray *names, GError **error);

/* ---- full-text search (mlarc search) ---- */

typedef struct MlaSearchOptions {
    guint offset;      /* results skipped */
    guint limit;       /* at most this many; 0: all */
    guint rank_window; /* how many of the latest matches are ranked; 0: 2,000 */
} MlaSearchOptions;

/* A message that matches, and how well: higher is more relevant (0 when
 * the query has no text term to rank by). */
typedef struct MlaSearchHit {
    MlaOverviewEntry *entry; /* owned */
    double score;
} MlaSearchHit;

MLA_API void mla_search_hit_free (MlaSearchHit *hit);

/* The messages matching @query. When the query has text terms, the
 * latest rank_window matches (in archive order) come first, the most
 * relevant first, and older matches follow, the latest first; otherwise
 * the newest by date come first. Matching ignores case and accents. @options
 * nullable: every match.
 * Returns: (transfer full) (nullable): MlaSearchHit *. */
MLA_API GPtrArray *mla_overview_search (MlaOverview *overview,
                                        const MlaQuery *query,
                                        const MlaSearchOptions *options,
                                        GError **error);

/* The rows whose indexed text (subject, sender, recipients, body,
 * attachment names) holds @text as a phrase, split into words as the
 * index splits them ("later@example.org": later example org), in row
 * order: what the site reads again when the address mask starts keeping
 * @text. Returns: (transfer full) (nullable): gint64 rows. */
MLA_API GArray *mla_overview_rows_naming (MlaOverview *overview,
                                          const char *text, GError **error);

/* What a thread is: for listing the threads of search results. */
typedef struct MlaOverviewThreadInfo {
    char *thread;
    char *subject; /* nullable: its first message's */
    guint messages;
    gint64 first_date, last_date;
} MlaOverviewThreadInfo;

MLA_API void mla_overview_thread_info_free (MlaOverviewThreadInfo *info);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaOverviewThreadInfo,
                               mla_overview_thread_info_free)

/* Thread @thread_id (current ids only, as entries carry).
 * Returns: (transfer full) (nullable): NULL with @error set. */
MLA_API MlaOverviewThreadInfo *
mla_overview_get_thread_info (MlaOverview *overview, const char *thread_id,
                              GError **error);

/* All messages with the forest built over them: input i of the forest is
 * entry i. */
typedef struct MlaOverviewThreads MlaOverviewThreads;

/* Reads every message and its reference edges and threads them.
 * Returns: (transfer full) (nullable). */
MLA_API MlaOverviewThreads *mla_overview_load_threads (MlaOverview *overview,
                                                       GError **error);
MLA_API void mla_overview_threads_free (MlaOverviewThreads *threads);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaOverviewThreads, mla_overview_threads_free)
/* Returns: (transfer none). */
MLA_API const MlaThreadForest *
mla_overview_threads_get_forest (MlaOverviewThreads *threads);
MLA_API guint mla_overview_threads_get_n_entries (MlaOverviewThreads *threads);
/* Returns: (transfer none): entry @input. */
MLA_API const MlaOverviewEntry *
mla_overview_threads_get_entry (MlaOverviewThreads *threads, guint input);
/* Whether @message_id (a placeholder's) names a message that mlarc remove
 * took out: the site shows it as removed, not as never archived. */
MLA_API gboolean mla_overview_threads_was_removed (MlaOverviewThreads *threads,
                                                   const char *message_id);

G_END_DECLS
