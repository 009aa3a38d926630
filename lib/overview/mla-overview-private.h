/* mla-overview-private.h: what the overview's files share. They call
 * down this order, never up: mla-overview-db.c (the prepared statements,
 * binding and reading columns, errors) <- mla-overview-search.c (the
 * full-text index and search), mla-overview-query.c (lookups) and
 * mla-overview-names.c (site names) <- mla-overview-store.c (adding and
 * threading) <- mla-overview.c (opening, checking, rebuilding, catching
 * up). These are the only files that include sqlite3.h. */
#pragma once
#include <sqlite3.h>
#include "mla-overview.h"
#include "mla-record.h"

G_BEGIN_DECLS

/* The columns mla_overview_read_entry() reads, in its order. */
#define ENTRY_COLUMNS                                                          \
    "volume, raw_offset, raw_length, message_id, synthetic, sha256, date, "    \
    "date_utc,"                                                                \
    " envelope, from_name, from_address, subject, thread, parent, loose, id,"  \
    " date_offset, no_archive, list_id, body_source, attachments, arrived"
/* How many they are: a query's own columns come after them. */
#define ENTRY_N_COLUMNS 22

enum {
    STMT_INSERT_MESSAGE,
    STMT_INSERT_REF,
    STMT_INSERT_BODY,
    STMT_INSERT_AGENDA,
    STMT_INSERT_ADDRESS,
    STMT_INSERT_ATTACHMENT,
    STMT_INSERT_SEARCH,
    STMT_THREAD_INFO,
    STMT_GET_BODY,
    STMT_GET_ADDRESSES,
    STMT_GET_ATTACHMENTS,
    STMT_UPDATE_THREAD,
    STMT_SET_META,
    STMT_GET_META,
    STMT_FIND_MESSAGE,
    STMT_THREAD_EXISTS,
    STMT_GET_ALIAS,
    STMT_PUT_THREAD,
    STMT_DROP_THREAD,
    STMT_PUT_ALIAS,
    STMT_MOVE_ALIASES,
    STMT_DROP_ALIAS,
    STMT_THREAD_MESSAGES,
    STMT_REACH_ID,
    STMT_REACH_SUBJECT,
    STMT_REACH_THREAD,
    STMT_GET_REFS,
    STMT_INSERT_REMOVED,
    STMT_ROWS_AFTER,
    STMT_ROWS_WITH_ID,
    STMT_ROW_BEFORE,
    STMT_ROW_AFTER,
    STMT_NEWEST,
    STMT_NEWEST_THREADS,
    STMT_CHANGED_THREADS,
    STMT_COUNT_SHOWN_THREADS,
    STMT_DATED,
    STMT_COUNT_LIST_ID,
    STMT_FIRST_DATE,
    STMT_SITE_NAME,
    STMT_KEY_RECORDED,
    STMT_KEY_PUBLISHED,
    STMT_IS_NAMED,
    STMT_AGENDA_ROWS,
    STMT_PAGES,
    N_STMTS
};

struct MlaOverview {
    MlaArchive *archive;
    char *path;
    sqlite3 *db;
    sqlite3_stmt *stmts[N_STMTS];
    GMutex details_lock;   /* pages are made on several threads: the
                            * details and the probes take turns */
    gboolean ranking;      /* mla_rank() is registered on db */
    gboolean reading;      /* in mla_overview_begin_reading()'s transaction */
    guint64 device, inode; /* of the file when connected: a rebuild replaces
                            * it, and the connection stays on the old one */
};

struct MlaOverviewThreads {
    GArray *entries; /* MlaOverviewEntry */
    gint64 *rows;    /* row id of each entry */
    guint n_entries;
    guint n_inputs; /* the entries threaded: those before a subset's lone
                     * rows (mla_overview_load_subset()) */
    GArray *inputs; /* MlaThreadInput, one per entry: only until threaded */
    GStringChunk *strings;
    GStringChunk
        *keys; /* subject keys (and, lean, the keys): only until threaded */
    gboolean
        lean; /* for re-threading: no sender, From_ line, ISO date, List-Id */
    gboolean subset;     /* only the rows of temp.rethread; inputs kept */
    GHashTable *removed; /* removed Message-ID -> its chain (GPtrArray of
                          * char *, in strings) */
    MlaThreadForest *forest;
};

/* An overview of @archive's file @file, not connected yet.
 * Returns: (transfer full). */
MlaOverview *mla_overview_new_connection (MlaArchive *archive,
                                          const char *file);
/* Opens @overview's file with @flags (SQLITE_OPEN_*). */
gboolean mla_overview_connect (MlaOverview *overview, int flags,
                               GError **error);
/* A second connection to the file of @overview, for a write while
 * @overview reads one snapshot (mla_overview_begin_reading()).
 * Returns: (transfer full) (nullable). */
MlaOverview *mla_overview_open_writer (MlaOverview *overview, GError **error);

/* Sets @error from the connection's last error; returns FALSE. */
gboolean mla_overview_throw (MlaOverview *overview, GError **error,
                             const char *what);
gboolean mla_overview_exec (MlaOverview *overview, const char *sql,
                            GError **error);
/* The number of messages, from the last row id; -1 when it cannot be read. */
gint64 mla_overview_count_messages (MlaOverview *overview);
/* Returns: (transfer none) (nullable): statement @which, prepared once per
 * connection, reset and unbound. */
sqlite3_stmt *mla_overview_stmt (MlaOverview *overview, int which,
                                 GError **error);
/* Steps a statement that returns no rows, and resets it. */
gboolean mla_overview_step_done (MlaOverview *overview, sqlite3_stmt *statement,
                                 GError **error);
/* Returns: (transfer full) (nullable): the first column of the row that
 * statement @which finds for @key (its one parameter); NULL when there is
 * none, or on an error (set, saying @what failed). */
char *mla_overview_get_text (MlaOverview *overview, int which, const char *key,
                             const char *what, GError **error);
/* Binds @text (not copied: it must live until the step). */
void mla_overview_bind_text (sqlite3_stmt *statement, int column,
                             const char *text);
/* The same, leaving the column NULL for a NULL @text. */
void mla_overview_bind_nullable (sqlite3_stmt *statement, int column,
                                 const char *text);
/* Returns: (transfer none) (nullable): the column, copied into @threads's
 * strings. */
const char *mla_overview_column_string (MlaOverviewThreads *threads,
                                        sqlite3_stmt *statement, int column);
/* Returns: (transfer full) (nullable). */
char *mla_overview_column_dup (sqlite3_stmt *statement, int column);
/* Reads ENTRY_COLUMNS from column @c on into @entry. */
void mla_overview_read_entry (MlaOverviewThreads *threads,
                              sqlite3_stmt *statement, int c,
                              MlaOverviewEntry *entry);

/* Steps @statement (bound, reading ENTRY_COLUMNS first) to its end and
 * resets it; @what names it in an error.
 * Returns: (transfer full) (nullable): MlaOverviewEntry * for g_free(). */
GPtrArray *mla_overview_collect_entries (MlaOverview *overview,
                                         sqlite3_stmt *statement,
                                         const char *what, GError **error);
/* Returns: (transfer full): @entry and its strings in one block, for g_free().
 */
MlaOverviewEntry *mla_overview_entry_dup (const MlaOverviewEntry *entry);
/* Adds @record, stored in row @row, to the full-text index. */
gboolean mla_overview_index_record (MlaOverview *overview, gint64 row,
                                    const MlaRecord *record, GError **error);

/* Adds the records of every volume numbered @first or higher. */
gboolean mla_overview_insert_volumes (MlaOverview *overview, guint first,
                                      GError **error);
/* The rows of temp.rethread with what pages show, threaded among
 * themselves; inputs kept. Returns: (transfer full) (nullable). */
MlaOverviewThreads *mla_overview_load_rethread (MlaOverview *overview,
                                                GError **error);
/* Threads the messages that have no thread yet and every thread they
 * can reach (all messages when that is most of them), and stores what
 * changed (threads, parents, aliases), inside the caller's transaction. */
gboolean mla_overview_store_threads (MlaOverview *overview, GError **error);

/* Copies the site names of the overview at @old_path into @fresh (being
 * rebuilt) when that file is of the archive @identity and readable; any
 * failure only loses them (mla-overview-names.c). */
void mla_overview_copy_site_names (MlaOverview *fresh, const char *old_path,
                                   const char *identity);

G_END_DECLS
