/* mla-overview.c: the overview in SQLite: opening it, checking it, and
 * rebuilding or catching it up. public-inbox's over.sqlite3 is
 * the model: derived, rebuilt rather than patched. Every value is bound,
 * never pasted into SQL; an update is one transaction. */
#include "config.h"
#include <errno.h>
#include <string.h>
#include <glib/gstdio.h>
#include "mla-archive-private.h"
#include "mla-atomic-file-private.h"
#include "mla-error.h"
#include "mla-overview-private.h"

/* Raised whenever the tables change, or what goes in them (6: partial
 * re-threading state; 7: reference edges without ids that lack '@'; 8:
 * site names; 9: the generation in meta; 10: when each message arrived;
 * 11: the removed messages; 12: the look-ups of a site update that
 * reads part of the archive: activity, List-Ids, recent threads, name
 * keys; 13: subject keys indexed with dates, for re-threading's subject
 * window, and when each thread changed); a file of another version is
 * rebuilt.
 */
#define SCHEMA_VERSION 13

/* A message's date as activity, as mla_thread_activity() has it. */
G_STATIC_ASSERT (MLA_THREAD_FUTURE_SLACK == 86400);
#define ACTIVITY_SQL                                                           \
    "CASE WHEN arrived != 0 AND date > arrived + 86400 THEN arrived + 86400"   \
    " ELSE date END"

static const char schema_sql[] =
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;"
    "CREATE TABLE messages ("
    " id INTEGER PRIMARY KEY," /* archive order */
    " volume INTEGER NOT NULL, raw_offset INTEGER NOT NULL, raw_length INTEGER "
    "NOT NULL,"
    " message_id TEXT NOT NULL, synthetic INTEGER NOT NULL, sha256 TEXT NOT "
    "NULL,"
    " date INTEGER NOT NULL, date_utc TEXT, envelope TEXT,"
    " from_name TEXT, from_address TEXT, subject TEXT, subject_key TEXT,"
    " reply_subject INTEGER NOT NULL, list_id TEXT,"
    " attachments INTEGER NOT NULL, agendas INTEGER NOT NULL,"
    " date_offset INTEGER NOT NULL, no_archive INTEGER NOT NULL, body_source "
    "INTEGER NOT NULL,"
    " thread TEXT, parent TEXT, loose INTEGER NOT NULL DEFAULT 0,"
    /* When it was imported (MlaRecord.imported): what caps its date as
     * activity, and which of the messages with one id came first. */
    " arrived INTEGER NOT NULL DEFAULT 0,"
    /* What the site orders messages by. */
    " activity INTEGER GENERATED ALWAYS AS (" ACTIVITY_SQL ") VIRTUAL);"
    /* What pages show besides the row: kept apart, read one message at a
     * time. */
    "CREATE TABLE bodies (message INTEGER PRIMARY KEY, body TEXT NOT NULL);"
    "CREATE TABLE addresses (message INTEGER NOT NULL, position INTEGER NOT "
    "NULL,"
    " kind TEXT NOT NULL, name TEXT, address TEXT, PRIMARY KEY (message, "
    "position)) WITHOUT ROWID;"
    "CREATE TABLE attachments (message INTEGER NOT NULL, position INTEGER NOT "
    "NULL,"
    " filename TEXT, content_type TEXT NOT NULL, size INTEGER NOT NULL, sha256 "
    "TEXT NOT NULL,"
    " PRIMARY KEY (message, position)) WITHOUT ROWID;"
    /* Each agenda found in a message, as mlarc agenda --format xml writes it.
     */
    "CREATE TABLE agendas (message INTEGER NOT NULL, position INTEGER NOT NULL,"
    " xml TEXT NOT NULL, PRIMARY KEY (message, position)) WITHOUT ROWID;"
    "CREATE INDEX messages_message_id ON messages (message_id);"
    "CREATE INDEX messages_thread ON messages (thread);"
    /* The threads that a new message's subject can join. */
    "CREATE INDEX messages_subject_key ON messages (subject_key, date)"
    " WHERE parent IS NULL OR loose;"
    /* date: searches, and listings newest first. */
    "CREATE INDEX messages_date ON messages (date);"
    /* A site update's look-ups (mla-overview-probe.c): the published
     * messages by activity, messages by List-Id, threads by activity. */
    "CREATE INDEX messages_activity ON messages (activity, id)"
    " WHERE no_archive = 0;"
    "CREATE INDEX messages_list_id ON messages (list_id);"
    /* from:ADDRESS and to:ADDRESS searches. */
    "CREATE INDEX messages_from ON messages (from_address COLLATE NOCASE);"
    "CREATE INDEX addresses_address ON addresses (address COLLATE NOCASE);"
    /* The parent chain threading uses: References (else In-Reply-To),
     * cleaned by mla_thread_clean_refs(). */
    "CREATE TABLE refs (message INTEGER NOT NULL, position INTEGER NOT NULL,"
    " ref TEXT NOT NULL, PRIMARY KEY (message, position)) WITHOUT ROWID;"
    "CREATE INDEX refs_ref ON refs (ref);"
    "CREATE TABLE threads (thread TEXT PRIMARY KEY, root TEXT NOT NULL,"
    " messages INTEGER NOT NULL, first_date INTEGER NOT NULL, last_date "
    "INTEGER NOT NULL,"
    " subject TEXT, shown INTEGER NOT NULL,"
    /* The highest message row when the thread was last stored: a site
     * update finds what re-threading changed since its build, a thread
     * that lost a message to another included. */
    " changed INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;"
    "CREATE INDEX threads_recent ON threads (last_date DESC, thread)"
    " WHERE shown > 0;"
    "CREATE INDEX threads_changed ON threads (changed);"
    "CREATE TABLE thread_aliases (alias TEXT PRIMARY KEY, thread TEXT NOT "
    "NULL) WITHOUT ROWID;"
    /* The messages mlarc remove took out, from the index: position 0 is
     * the Message-ID, 1 on its parent chain, so that threading and the
     * site's placeholders stay as they were. */
    "CREATE TABLE removed (removal INTEGER NOT NULL, position INTEGER NOT "
    "NULL, ref TEXT NOT NULL, PRIMARY KEY (removal, position)) WITHOUT ROWID;"
    /* The folder each Message-ID's page has on a site: published URLs,
     * not derived, so a rebuild carries them over. */
    "CREATE TABLE site_names (message_id TEXT PRIMARY KEY, name TEXT NOT "
    "NULL, key TEXT NOT NULL) WITHOUT ROWID;"
    /* Whether a name is taken, without reading every name: folded as
     * mla_folder_name_key() folds it. */
    "CREATE INDEX site_names_key ON site_names (key);"
    /* The full-text index, rowid = messages.id. Contentless: the texts are
     * in messages and bodies already. unicode61 folds case and, with
     * remove_diacritics 2, accents. */
    "CREATE VIRTUAL TABLE search USING fts5 (title, author, recipients, body, "
    "files,"
    " content = '', tokenize = 'unicode61 remove_diacritics 2');";

static void
overview_close (MlaOverview *overview)
{
    for (int i = 0; i < N_STMTS; i++)
        g_clear_pointer (&overview->stmts[i], sqlite3_finalize);
    g_clear_pointer (&overview->db, sqlite3_close);
    overview->ranking = FALSE;
}

void
mla_overview_free (MlaOverview *overview)
{
    if (overview == NULL)
        return;
    overview_close (overview);
    g_mutex_clear (&overview->details_lock);
    g_free (overview->path);
    g_free (overview);
}

/* ---- meta ---- */

static gboolean
set_meta (MlaOverview *overview, const char *key, const char *value,
          GError **error)
{
    sqlite3_stmt *statement =
        mla_overview_stmt (overview, STMT_SET_META, error);

    if (statement == NULL)
        return FALSE;
    mla_overview_bind_text (statement, 1, key);
    mla_overview_bind_text (statement, 2, value);
    return mla_overview_step_done (overview, statement, error);
}

/* Returns: (transfer full) (nullable): NULL when unset or on error. */
static char *
get_meta (MlaOverview *overview, const char *key, GError **error)
{
    return mla_overview_get_text (overview, STMT_GET_META, key, "read meta",
                                  error);
}

/* What tells one archive from another: when its first volume was made. */
static const char *
archive_identity (MlaArchive *archive)
{
    GPtrArray *volumes = mla_archive_get_volumes (archive);

    return volumes->len > 0
               ? ((MlaXmlVolumeEntry *) g_ptr_array_index (volumes, 0))
                     ->imported
               : "empty";
}

/* How many volumes of @archive are numbered up to @last: a compaction
 * merges volumes, so the overview of volumes it merged counts more. */
static guint
count_volumes (MlaArchive *archive, guint last)
{
    GPtrArray *volumes = mla_archive_get_volumes (archive);
    guint n = 0;

    for (guint i = 0; i < volumes->len; i++)
        n += ((MlaXmlVolumeEntry *) g_ptr_array_index (volumes, i))->number <=
             last;
    return n;
}

/* Every transaction that changes rows counts one more generation, so
 * that a reader (the site) can tell "nothing changed" from one row. A
 * rebuilt file starts a new epoch: its counts start again. */
static gboolean
next_generation (MlaOverview *overview, GError **error)
{
    g_autofree char *old = get_meta (overview, "generation", NULL);
    g_autofree char *epoch = get_meta (overview, "epoch", NULL);
    g_autofree char *next = g_strdup_printf (
        "%" G_GUINT64_FORMAT,
        (old != NULL ? g_ascii_strtoull (old, NULL, 10) : 0) + 1);

    if (epoch == NULL) {
        g_autofree char *fresh = g_uuid_string_random ();

        if (!set_meta (overview, "epoch", fresh, error))
            return FALSE;
    }
    return set_meta (overview, "generation", next, error);
}

char *
mla_overview_get_generation (MlaOverview *overview, GError **error)
{
    g_autoptr (GError) local = NULL;
    g_autofree char *epoch = get_meta (overview, "epoch", &local);
    g_autofree char *count =
        epoch != NULL ? get_meta (overview, "generation", &local) : NULL;

    if (local != NULL) {
        g_propagate_error (error, g_steal_pointer (&local));
        return NULL;
    }
    if (count == NULL)
        return mla_throw (error, MLA_ERROR_ARCHIVE,
                          "%s: no generation in the overview", overview->path),
               NULL;
    return g_strconcat (epoch, ".", count, NULL);
}

/* Only in WAL mode: there a reader's transaction never holds a writer
 * back. A file just rebuilt is in rollback mode until its first update,
 * where a long read would lock deliveries out; its queries then each take
 * the lock as before. */
gboolean
mla_overview_begin_reading (MlaOverview *overview, GError **error)
{
    g_autofree char *mode = NULL;
    sqlite3_stmt *statement = NULL;

    g_return_val_if_fail (!overview->reading, FALSE);
    if (sqlite3_prepare_v2 (overview->db, "PRAGMA journal_mode", -1, &statement,
                            NULL) != SQLITE_OK)
        return mla_overview_throw (overview, error, "journal mode");
    if (sqlite3_step (statement) == SQLITE_ROW)
        mode = g_strdup ((const char *) sqlite3_column_text (statement, 0));
    sqlite3_finalize (statement);
    if (g_strcmp0 (mode, "wal") != 0)
        return TRUE;
    overview->reading = mla_overview_exec (overview, "BEGIN", error);
    /* The snapshot is taken at the first read: here, so that an archive
     * index read after this call lists every volume the rows name. */
    return overview->reading &&
           mla_overview_exec (overview, "SELECT 1 FROM meta LIMIT 1", error);
}

void
mla_overview_end_reading (MlaOverview *overview)
{
    /* A read transaction has nothing to lose: its end cannot fail. */
    if (overview->reading)
        mla_overview_exec (overview, "COMMIT", NULL);
    overview->reading = FALSE;
}

static gboolean
write_meta (MlaOverview *overview, GError **error)
{
    guint last_volume = mla_archive_get_last_volume (overview->archive);
    g_autofree char *last = g_strdup_printf ("%u", last_volume);
    g_autofree char *count =
        g_strdup_printf ("%u", count_volumes (overview->archive, last_volume));
    g_autofree char *removals = g_strdup_printf (
        "%u", mla_archive_get_removals (overview->archive)->len);

    return next_generation (overview, error) &&
           set_meta (overview, "removals", removals, error) &&
           set_meta (overview, "last-volume", last, error) &&
           set_meta (overview, "volumes", count, error) &&
           set_meta (overview, "archive", archive_identity (overview->archive),
                     error);
}

/* ---- bringing it up to date ---- */

/* Threading reads every message, so an import leaves it to the next
 * command that opens the overview: one message at a time, an import
 * costs the same in an archive of any size. meta "threads" says "stale"
 * until then. */
typedef enum {
    THREAD_NOW,
    THREAD_LATER,
} Threading;

static gboolean
add_volumes (MlaOverview *overview, guint first, Threading threading,
             GError **error)
{
    if (!mla_overview_exec (overview, "BEGIN IMMEDIATE", error))
        return FALSE;
    if (mla_overview_insert_volumes (overview, first, error) &&
        (threading == THREAD_LATER
             ? set_meta (overview, "threads", "stale", error)
             : mla_overview_store_threads (overview, error) &&
                   set_meta (overview, "threads", "current", error)) &&
        write_meta (overview, error) &&
        mla_overview_exec (overview, "COMMIT", error))
        return TRUE;
    sqlite3_exec (overview->db, "ROLLBACK", NULL, NULL, NULL);
    return FALSE;
}

/* The database @name of @archive and SQLite's files beside it; a link
 * among them is removed, not followed. */
static void
remove_files (MlaArchive *archive, const char *name)
{
    const char *suffixes[] = { "", "-wal", "-shm", "-journal" };

    for (gsize i = 0; i < G_N_ELEMENTS (suffixes); i++) {
        g_autofree char *file = g_strconcat (name, suffixes[i], NULL);

        if (!mla_folder_remove (archive->folder, file, 0) && errno != ENOENT)
            g_debug ("%s: not removed: %s", file, g_strerror (errno));
    }
}

/* The archive's removals: only a rebuild adds them, since mlarc remove
 * rebuilds the overview (its rows are numbered in archive order). */
static gboolean
insert_removals (MlaOverview *overview, GError **error)
{
    GPtrArray *removals = mla_archive_get_removals (overview->archive);

    for (guint i = 0; i < removals->len; i++) {
        const MlaXmlRemoval *removal = g_ptr_array_index (removals, i);

        for (guint p = 0; p <= removal->refs->len; p++) {
            sqlite3_stmt *statement =
                mla_overview_stmt (overview, STMT_INSERT_REMOVED, error);

            if (statement == NULL)
                return FALSE;
            sqlite3_bind_int64 (statement, 1, i + 1);
            sqlite3_bind_int64 (statement, 2, p);
            mla_overview_bind_text (
                statement, 3,
                p == 0 ? removal->message_id
                       : g_ptr_array_index (removal->refs, p - 1));
            if (!mla_overview_step_done (overview, statement, error))
                return FALSE;
        }
    }
    return TRUE;
}

/* Builds the whole file under a temporary name, without a journal (a
 * crash only loses the temporary file), then renames it into place. */
static gboolean
rebuild_locked (MlaArchive *archive, GError **error)
{
    const char *fresh_name = MLA_OVERVIEW_FILE ".tmp";
    g_autoptr (MlaOverview) fresh =
        mla_overview_new_connection (archive, fresh_name);
    g_autofree char *target = mla_archive_file (archive, MLA_OVERVIEW_FILE);
    g_autofree char *pragma =
        g_strdup_printf ("PRAGMA user_version = %d", SCHEMA_VERSION);
    gboolean ok;

    remove_files (archive, fresh_name);
    ok = mla_overview_connect (
             fresh, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, error) &&
         mla_overview_exec (
             fresh, "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF",
             error) &&
         mla_overview_exec (fresh, schema_sql, error);
    /* Published URLs are not derived from the volumes: keep them. */
    if (ok)
        mla_overview_copy_site_names (fresh, target,
                                      archive_identity (archive));
    if (!ok || !mla_overview_exec (fresh, pragma, error) ||
        !mla_overview_exec (fresh, "BEGIN", error) ||
        !mla_overview_insert_volumes (fresh, 1, error) ||
        !insert_removals (fresh, error) ||
        !mla_overview_store_threads (fresh, error) ||
        !write_meta (fresh, error) ||
        !set_meta (fresh, "threads", "current", error) ||
        !mla_overview_exec (fresh, "COMMIT", error) ||
        /* Readers then read a snapshot without locking the file at each
         * query, and writers go on meanwhile (mla_overview_begin_reading());
         * the WAL is merged back as the connection closes, before the
         * file is renamed into place. */
        !mla_overview_exec (fresh, "PRAGMA journal_mode = WAL", error)) {
        overview_close (fresh);
        remove_files (archive, fresh_name);
        return FALSE;
    }
    overview_close (fresh);
    remove_files (archive, MLA_OVERVIEW_FILE);
    return mla_folder_sync (archive->folder, fresh_name, error) &&
           mla_folder_rename (archive->folder, fresh_name, MLA_OVERVIEW_FILE,
                              error) &&
           mla_folder_sync (archive->folder, "", error);
}

/* -1 when it cannot be read. */
static int
schema_version (MlaOverview *overview)
{
    sqlite3_stmt *statement = NULL;
    int version = -1;

    if (sqlite3_prepare_v2 (overview->db, "PRAGMA user_version", -1, &statement,
                            NULL) == SQLITE_OK &&
        sqlite3_step (statement) == SQLITE_ROW)
        version = sqlite3_column_int (statement, 0);
    sqlite3_finalize (statement);
    return version;
}

typedef enum {
    STATE_CURRENT,
    STATE_BEHIND,
    STATE_UNUSABLE,
} OverviewState;

/* Opens the existing file and says whether it can be used as it is, must
 * be caught up from *@out_covered + 1, or must be rebuilt (*@out_reason
 * says why). Any SQLite error means damaged. */
static OverviewState
inspect (MlaOverview *overview, guint *out_covered, char **out_reason)
{
    MlaArchive *archive = overview->archive;
    GPtrArray *volumes = mla_archive_get_volumes (archive);
    g_autoptr (GError) error = NULL;
    g_autofree char *last = NULL;
    g_autofree char *identity = NULL;
    g_autofree char *n_volumes = NULL;
    g_autofree char *threads = NULL;
    g_autofree char *removals = NULL;
    guint64 expected = 0;
    gint64 rows = -1;
    int version = -1;

    *out_reason = NULL;
    if (!g_file_test (overview->path, G_FILE_TEST_EXISTS)) {
        *out_reason = g_strdup ("missing");
        return STATE_UNUSABLE;
    }
    if (!mla_overview_connect (overview, SQLITE_OPEN_READWRITE, &error)) {
        *out_reason = g_strdup_printf ("damaged (%s)", error->message);
        return STATE_UNUSABLE;
    }
    version = schema_version (overview);
    if (version != SCHEMA_VERSION) {
        *out_reason = version < 0
                          ? g_strdup_printf ("damaged (%s)",
                                             sqlite3_errmsg (overview->db))
                          : g_strdup_printf ("of schema version %d, not %d",
                                             version, SCHEMA_VERSION);
        return STATE_UNUSABLE;
    }
    last = get_meta (overview, "last-volume", &error);
    identity = get_meta (overview, "archive", &error);
    n_volumes = get_meta (overview, "volumes", &error);
    threads = get_meta (overview, "threads", NULL);
    removals = get_meta (overview, "removals", NULL);
    if (last == NULL || identity == NULL || n_volumes == NULL) {
        *out_reason = g_strdup_printf (
            "damaged (%s)", error != NULL ? error->message : "no meta");
        return STATE_UNUSABLE;
    }
    if (strcmp (identity, archive_identity (archive)) != 0) {
        *out_reason = g_strdup ("made from another archive");
        return STATE_UNUSABLE;
    }
    *out_covered = (guint) g_ascii_strtoull (last, NULL, 10);
    if (*out_covered > mla_archive_get_last_volume (archive)) {
        *out_reason = g_strdup ("ahead of the archive's index");
        return STATE_UNUSABLE;
    }
    if (g_ascii_strtoull (n_volumes, NULL, 10) !=
        count_volumes (archive, *out_covered)) {
        *out_reason = g_strdup ("made before a compaction");
        return STATE_UNUSABLE;
    }
    if (removals == NULL || g_ascii_strtoull (removals, NULL, 10) !=
                                mla_archive_get_removals (archive)->len) {
        *out_reason = g_strdup ("made before a removal");
        return STATE_UNUSABLE;
    }
    /* A truncated or damaged file fails here or miscounts. */
    for (guint i = 0; i < volumes->len; i++) {
        const MlaXmlVolumeEntry *volume = g_ptr_array_index (volumes, i);

        if (volume->number <= *out_covered)
            expected += volume->messages;
    }
    rows = mla_overview_count_messages (overview);
    if (rows < 0 || (guint64) rows != expected) {
        *out_reason =
            rows < 0 ? g_strdup_printf ("damaged (%s)",
                                        sqlite3_errmsg (overview->db))
                     : g_strdup_printf ("damaged (%" G_GINT64_FORMAT
                                        " messages, the "
                                        "index lists %" G_GUINT64_FORMAT ")",
                                        rows, expected);
        return STATE_UNUSABLE;
    }
    if (*out_covered < mla_archive_get_last_volume (archive) ||
        g_strcmp0 (threads, "stale") == 0)
        return STATE_BEHIND;
    return STATE_CURRENT;
}

static gboolean
update_locked (MlaArchive *archive, Threading threading, MlaNoticeFunc notice,
               gpointer notice_data, GError **error)
{
    g_autoptr (MlaOverview) overview =
        mla_overview_new_connection (archive, MLA_OVERVIEW_FILE);
    g_autofree char *reason = NULL;
    guint covered = 0;

    g_return_val_if_fail (archive != NULL, FALSE);
    switch (inspect (overview, &covered, &reason)) {
    case STATE_CURRENT:
        return TRUE;
    case STATE_BEHIND:
        if (threading == THREAD_LATER &&
            covered == mla_archive_get_last_volume (archive))
            return TRUE;
        return mla_overview_exec (
                   overview,
                   "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL",
                   error) &&
               add_volumes (overview, covered + 1, threading, error);
    case STATE_UNUSABLE:
        break;
    }
    overview_close (overview);
    if (!rebuild_locked (archive, error))
        return FALSE;
    mla_notify (notice, notice_data,
                "overview %s: rebuilt from the archive (%u volume%s)", reason,
                mla_archive_get_volumes (archive)->len,
                mla_archive_get_volumes (archive)->len == 1 ? "" : "s");
    return TRUE;
}

gboolean
mla_overview_update_locked (MlaArchive *archive, MlaNoticeFunc notice,
                            gpointer notice_data, GError **error)
{
    return update_locked (archive, THREAD_NOW, notice, notice_data, error);
}

GHashTable *
mla_overview_count_list_ids (MlaArchive *archive, GError **error)
{
    g_autoptr (MlaOverview) overview =
        mla_overview_new_connection (archive, MLA_OVERVIEW_FILE);
    g_autoptr (GHashTable) counts =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    sqlite3_stmt *statement = NULL;
    int status;

    g_return_val_if_fail (archive != NULL, NULL);
    if (!mla_overview_connect (overview, SQLITE_OPEN_READONLY, error))
        return NULL;
    if (sqlite3_prepare_v2 (overview->db,
                            "SELECT list_id, count(*) FROM messages WHERE"
                            " list_id IS NOT NULL GROUP BY list_id",
                            -1, &statement, NULL) != SQLITE_OK)
        return mla_overview_throw (overview, error, "count List-Ids"), NULL;
    while ((status = sqlite3_step (statement)) == SQLITE_ROW)
        g_hash_table_insert (
            counts,
            g_strdup ((const char *) sqlite3_column_text (statement, 0)),
            GUINT_TO_POINTER ((guint) sqlite3_column_int64 (statement, 1)));
    sqlite3_finalize (statement);
    if (status != SQLITE_DONE)
        return mla_overview_throw (overview, error, "count List-Ids"), NULL;
    return g_steal_pointer (&counts);
}

const char *
mla_overview_main_list_id (GHashTable *counts)
{
    GHashTableIter iter;
    gpointer key, value;
    const char *best = NULL;
    guint best_count = 0;

    g_hash_table_iter_init (&iter, counts);
    while (g_hash_table_iter_next (&iter, &key, &value))
        if (GPOINTER_TO_UINT (value) > best_count ||
            (GPOINTER_TO_UINT (value) == best_count &&
             strcmp (key, best) < 0)) {
            best = key;
            best_count = GPOINTER_TO_UINT (value);
        }
    return best;
}

gboolean
mla_overview_add_locked (MlaArchive *archive, MlaNoticeFunc notice,
                         gpointer notice_data, GError **error)
{
    return update_locked (archive, THREAD_LATER, notice, notice_data, error);
}

static gboolean
is_compacted_from (MlaOverview *overview, guint old_volumes)
{
    g_autofree char *last = get_meta (overview, "last-volume", NULL);
    g_autofree char *count = get_meta (overview, "volumes", NULL);
    g_autofree char *identity = get_meta (overview, "archive", NULL);

    return last != NULL && count != NULL && identity != NULL &&
           g_ascii_strtoull (last, NULL, 10) ==
               mla_archive_get_last_volume (overview->archive) &&
           g_ascii_strtoull (count, NULL, 10) == old_volumes &&
           strcmp (identity, archive_identity (overview->archive)) == 0;
}

static gboolean
move_rows (MlaOverview *overview, const MlaOverviewMove *moves, guint n_moves,
           GError **error)
{
    static const char sql[] =
        "UPDATE messages SET volume = ?, raw_offset = raw_offset + ?"
        " WHERE id >= ? AND id < ?";
    sqlite3_stmt *statement = NULL;
    gboolean ok = TRUE;

    if (sqlite3_prepare_v2 (overview->db, sql, -1, &statement, NULL) !=
        SQLITE_OK)
        return mla_overview_throw (overview, error, "prepare");
    for (guint i = 0; ok && i < n_moves; i++) {
        sqlite3_bind_int64 (statement, 1, moves[i].volume);
        sqlite3_bind_int64 (statement, 2, (sqlite3_int64) moves[i].raw_base);
        sqlite3_bind_int64 (statement, 3, (sqlite3_int64) moves[i].first_row);
        sqlite3_bind_int64 (
            statement, 4,
            (sqlite3_int64) (moves[i].first_row + moves[i].n_rows));
        ok = mla_overview_step_done (overview, statement, error);
    }
    sqlite3_finalize (statement);
    return ok;
}

gboolean
mla_overview_move_rows_locked (MlaArchive *archive, guint old_volumes,
                               const MlaOverviewMove *moves, guint n_moves,
                               GError **error)
{
    g_autoptr (MlaOverview) overview =
        mla_overview_new_connection (archive, MLA_OVERVIEW_FILE);
    if (!g_file_test (overview->path, G_FILE_TEST_EXISTS) ||
        !mla_overview_connect (overview, SQLITE_OPEN_READWRITE, error))
        return TRUE;
    if (schema_version (overview) != SCHEMA_VERSION ||
        !is_compacted_from (overview, old_volumes))
        return TRUE;
    if (!mla_overview_exec (overview, "BEGIN IMMEDIATE", error))
        return FALSE;
    if (move_rows (overview, moves, n_moves, error) &&
        write_meta (overview, error) &&
        mla_overview_exec (overview, "COMMIT", error))
        return TRUE;
    sqlite3_exec (overview->db, "ROLLBACK", NULL, NULL, NULL);
    return FALSE;
}

gboolean
mla_overview_rebuild_locked (MlaArchive *archive, GError **error)
{
    return rebuild_locked (archive, error);
}

gboolean
mla_overview_rebuild (MlaArchive *archive, GError **error)
{
    int lock = mla_archive_lock_overview (archive, error);
    gboolean ok;

    if (lock < 0)
        return FALSE;
    ok = mla_archive_reload (archive, error) && rebuild_locked (archive, error);
    mla_archive_unlock (lock);
    return ok;
}

MlaOverview *
mla_overview_open (MlaArchive *archive, MlaNoticeFunc notice,
                   gpointer notice_data, GError **error)
{
    g_autoptr (MlaOverview) overview =
        mla_overview_new_connection (archive, MLA_OVERVIEW_FILE);
    g_autofree char *reason = NULL;
    guint covered = 0;
    OverviewState state;
    int lock;
    gboolean ok;

    g_return_val_if_fail (archive != NULL, NULL);
    state = inspect (overview, &covered, &reason);
    if (state == STATE_CURRENT)
        return g_steal_pointer (&overview);
    overview_close (overview);
    lock = mla_archive_lock_overview (archive, error);
    if (lock < 0)
        return NULL;
    /* Another command may have committed since @archive was opened: the
     * index on disk may list volumes this process has not seen. */
    ok = mla_archive_reload (archive, error) &&
         mla_overview_update_locked (archive, notice, notice_data, error);
    mla_archive_unlock (lock);
    if (!ok || !mla_overview_connect (overview, SQLITE_OPEN_READWRITE, error))
        return NULL;
    /* An import catches up as a matter of course; anyone else doing it
     * means an import stopped between its commit and its update, or found
     * the overview's lock held by a reader (deliveries at once). */
    if (state == STATE_BEHIND &&
        covered < mla_archive_get_last_volume (archive))
        mla_notify (notice, notice_data,
                    "the overview was behind the archive (an import was "
                    "interrupted, or another mlarc was reading it): added "
                    "volumes %u to %u",
                    covered + 1, mla_archive_get_last_volume (archive));
    return g_steal_pointer (&overview);
}
