/* mla-overview-db.c: the overview's connection at its lowest: the
 * prepared statements every other overview file runs, binding and reading
 * columns, errors. It calls no other overview file, so the others
 * (opening and catching up, adding and threading, lookups, search) form
 * no circle through it. */
#include "config.h"
#include <string.h>
#include <glib/gstdio.h>
#include "mla-archive-private.h"
#include "mla-error.h"
#include "mla-folder-private.h"
#include "mla-overview-private.h"

static const char *const stmt_sql[N_STMTS] = {
    [STMT_INSERT_MESSAGE] =
        "INSERT INTO messages (volume, raw_offset, raw_length, message_id,"
        " synthetic, sha256, date, date_utc, envelope, from_name, from_address,"
        " subject, subject_key, reply_subject, list_id, attachments, agendas,"
        " date_offset, no_archive, body_source, arrived)"
        " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
    [STMT_INSERT_REF] =
        "INSERT INTO refs (message, position, ref) VALUES (?,?,?)",
    [STMT_INSERT_BODY] = "INSERT INTO bodies (message, body) VALUES (?,?)",
    [STMT_INSERT_SEARCH] =
        "INSERT INTO search (rowid, title, author, recipients, body, files)"
        " VALUES (?,?,?,?,?,?)",
    [STMT_THREAD_INFO] = "SELECT subject, messages, first_date, last_date FROM "
                         "threads WHERE thread = ?",
    [STMT_INSERT_AGENDA] =
        "INSERT INTO agendas (message, position, xml) VALUES (?,?,?)",
    [STMT_INSERT_ADDRESS] =
        "INSERT INTO addresses (message, position, kind, name, address)"
        " VALUES (?,?,?,?,?)",
    [STMT_INSERT_ATTACHMENT] =
        "INSERT INTO attachments (message, position, filename, content_type,"
        " size, sha256) VALUES (?,?,?,?,?,?)",
    [STMT_GET_BODY] = "SELECT body FROM bodies WHERE message = ?",
    [STMT_GET_ADDRESSES] =
        "SELECT kind, name, address FROM addresses WHERE message = ?"
        " ORDER BY position",
    [STMT_GET_ATTACHMENTS] =
        "SELECT filename, content_type, size, sha256 FROM attachments"
        " WHERE message = ? ORDER BY position",
    [STMT_UPDATE_THREAD] =
        "UPDATE messages SET thread = ?, parent = ?, loose = ? WHERE id = ?",
    [STMT_SET_META] = "INSERT OR REPLACE INTO meta (key, value) VALUES (?,?)",
    [STMT_GET_META] = "SELECT value FROM meta WHERE key = ?",
    [STMT_FIND_MESSAGE] = "SELECT " ENTRY_COLUMNS
                          " FROM messages WHERE message_id = ? ORDER BY id",
    [STMT_THREAD_EXISTS] = "SELECT thread FROM threads WHERE thread = ?",
    [STMT_GET_ALIAS] = "SELECT thread FROM thread_aliases WHERE alias = ?",
    [STMT_PUT_THREAD] =
        "INSERT OR REPLACE INTO threads (thread, root, messages, first_date,"
        " last_date, subject, shown, changed) VALUES (?1, ?2, ?3, ?4, ?5,"
        " (SELECT subject FROM messages WHERE id = ?6), ?7,"
        " (SELECT max(id) FROM messages))",
    [STMT_DROP_THREAD] = "DELETE FROM threads WHERE thread = ?",
    [STMT_PUT_ALIAS] =
        "INSERT OR REPLACE INTO thread_aliases (alias, thread) VALUES (?,?)",
    [STMT_MOVE_ALIASES] =
        "UPDATE thread_aliases SET thread = ? WHERE thread = ?",
    [STMT_DROP_ALIAS] = "DELETE FROM thread_aliases WHERE alias = ?",
    [STMT_THREAD_MESSAGES] =
        "SELECT " ENTRY_COLUMNS
        " FROM messages WHERE thread = ? ORDER BY date, id",
    /* The threads of the messages with id ?1 or naming it in their chain,
     * and of the messages with subject key ?1 dated from ?2 to ?3 that
     * subject matching may place (mla-thread.c's link_subjects() sees
     * only messages without a parent by their headers: the roots and the
     * loose; a message with such a parent loses it only through a change
     * in its own thread, which the ids reach); the messages of thread ?1
     * into temp.rethread (which exists before this is prepared:
     * mla_overview_store_threads()). */
    [STMT_REACH_ID] =
        "SELECT thread FROM messages WHERE message_id = ?1"
        " UNION SELECT m.thread FROM refs r JOIN messages m ON m.id = r.message"
        " WHERE r.ref = ?1",
    [STMT_REACH_THREAD] =
        "INSERT OR IGNORE INTO temp.rethread SELECT id FROM messages WHERE "
        "thread = ?1",
    [STMT_GET_REFS] =
        "SELECT ref FROM refs WHERE message = ? ORDER BY position",
    [STMT_INSERT_REMOVED] =
        "INSERT INTO removed (removal, position, ref) VALUES (?,?,?)",
    [STMT_REACH_SUBJECT] =
        "SELECT DISTINCT thread FROM messages WHERE subject_key = ?1"
        " AND date BETWEEN ?2 AND ?3 AND (parent IS NULL OR loose)",
    /* The look-ups of mla-overview-probe.c, each through an index. */
    [STMT_ROWS_AFTER] = "SELECT " ENTRY_COLUMNS " FROM messages WHERE id > ?1"
                        " AND thread IS NOT NULL ORDER BY id",
    [STMT_ROWS_WITH_ID] =
        "SELECT " ENTRY_COLUMNS " FROM messages WHERE message_id = ?1"
        " AND thread IS NOT NULL ORDER BY id",
    [STMT_ROW_BEFORE] =
        "SELECT " ENTRY_COLUMNS " FROM messages WHERE no_archive = 0"
        " AND (activity, id) < (?1, ?2) AND thread IS NOT NULL"
        " ORDER BY activity DESC, id DESC LIMIT 1",
    [STMT_ROW_AFTER] =
        "SELECT " ENTRY_COLUMNS " FROM messages WHERE no_archive = 0"
        " AND (activity, id) > (?1, ?2) AND thread IS NOT NULL"
        " ORDER BY activity, id LIMIT 1",
    [STMT_NEWEST] =
        "SELECT " ENTRY_COLUMNS " FROM messages WHERE no_archive = 0"
        " AND thread IS NOT NULL"
        " ORDER BY activity DESC, id DESC LIMIT ?1",
    [STMT_NEWEST_THREADS] = "SELECT thread FROM threads WHERE shown > 0"
                            " ORDER BY last_date DESC, thread LIMIT ?1",
    [STMT_CHANGED_THREADS] = "SELECT thread FROM threads WHERE changed > ?1",
    [STMT_COUNT_SHOWN_THREADS] = "SELECT count(*) FROM threads WHERE shown > 0",
    [STMT_DATED] =
        "SELECT " ENTRY_COLUMNS " FROM messages WHERE date >= ?1 AND date < ?2"
        " AND no_archive = 0 AND thread IS NOT NULL ORDER BY id",
    [STMT_COUNT_LIST_ID] = "SELECT count(*) FROM messages WHERE list_id = ?1"
                           " AND thread IS NOT NULL",
    [STMT_FIRST_DATE] = "SELECT date FROM messages WHERE thread IS NOT NULL"
                        " ORDER BY id LIMIT 1",
    [STMT_SITE_NAME] = "SELECT name FROM site_names WHERE message_id = ?1",
    [STMT_KEY_RECORDED] = "SELECT 1 FROM site_names WHERE key = ?1 LIMIT 1",
    [STMT_KEY_PUBLISHED] = "SELECT 1 FROM site_names n JOIN messages m"
                           " ON m.message_id = n.message_id WHERE n.key = ?1"
                           " AND m.no_archive = 0 LIMIT 1",
    /* One page per Message-ID: its first published row's. */
    [STMT_PAGES] =
        "SELECT " ENTRY_COLUMNS " FROM messages m WHERE date >= ?1"
        " AND date < ?2 AND no_archive = 0 AND thread IS NOT NULL"
        " AND NOT EXISTS (SELECT 1 FROM messages p WHERE p.message_id ="
        " m.message_id AND p.id < m.id AND p.no_archive = 0"
        " AND p.thread IS NOT NULL) ORDER BY id",
    [STMT_AGENDA_ROWS] =
        "SELECT DISTINCT message FROM agendas ORDER BY message",
    [STMT_IS_NAMED] = "SELECT 1 FROM refs r JOIN messages m ON m.id ="
                      " r.message WHERE r.ref = ?1 AND m.thread IS NOT NULL"
                      " LIMIT 1",
};

/* Rows are numbered from 1 and never deleted (mlarc remove rebuilds the
 * file, numbering them anew), so the last id is the count, found
 * without reading the whole table (a search opens this). */
gint64
mla_overview_count_messages (MlaOverview *overview)
{
    sqlite3_stmt *statement = NULL;
    gint64 rows = -1;

    if (sqlite3_prepare_v2 (overview->db,
                            "SELECT coalesce(max(id), 0) FROM messages", -1,
                            &statement, NULL) == SQLITE_OK &&
        sqlite3_step (statement) == SQLITE_ROW)
        rows = sqlite3_column_int64 (statement, 0);
    sqlite3_finalize (statement);
    return rows;
}

gboolean
mla_overview_throw (MlaOverview *overview, GError **error, const char *what)
{
    return mla_throw (error, MLA_ERROR_OVERVIEW, "%s: %s: %s", overview->path,
                      what, sqlite3_errmsg (overview->db));
}

gboolean
mla_overview_exec (MlaOverview *overview, const char *sql, GError **error)
{
    if (sqlite3_exec (overview->db, sql, NULL, NULL, NULL) != SQLITE_OK)
        return mla_overview_throw (overview, error, sql);
    return TRUE;
}

/* Returns: (transfer none) (nullable): the statement, reset and unbound,
 * prepared once per connection. */
sqlite3_stmt *
mla_overview_stmt (MlaOverview *overview, int which, GError **error)
{
    sqlite3_stmt **slot = &overview->stmts[which];

    if (*slot == NULL) {
        if (sqlite3_prepare_v3 (overview->db, stmt_sql[which], -1,
                                SQLITE_PREPARE_PERSISTENT, slot,
                                NULL) != SQLITE_OK)
            return mla_overview_throw (overview, error, "prepare"), NULL;
    } else {
        sqlite3_reset (*slot);
        sqlite3_clear_bindings (*slot);
    }
    return *slot;
}

gboolean
mla_overview_step_done (MlaOverview *overview, sqlite3_stmt *statement,
                        GError **error)
{
    int status = sqlite3_step (statement);

    sqlite3_reset (statement);
    if (status != SQLITE_DONE)
        return mla_overview_throw (overview, error, "write");
    return TRUE;
}

void
mla_overview_bind_text (sqlite3_stmt *statement, int column, const char *text)
{
    sqlite3_bind_text (statement, column, text, -1, SQLITE_STATIC);
}

void
mla_overview_bind_nullable (sqlite3_stmt *statement, int column,
                            const char *text)
{
    if (text != NULL)
        mla_overview_bind_text (statement, column, text);
}

char *
mla_overview_get_text (MlaOverview *overview, int which, const char *key,
                       const char *what, GError **error)
{
    sqlite3_stmt *statement = mla_overview_stmt (overview, which, error);
    char *value = NULL;
    int status;

    if (statement == NULL)
        return NULL;
    mla_overview_bind_text (statement, 1, key);
    status = sqlite3_step (statement);
    if (status == SQLITE_ROW)
        value = g_strdup ((const char *) sqlite3_column_text (statement, 0));
    else if (status != SQLITE_DONE)
        mla_overview_throw (overview, error, what);
    sqlite3_reset (statement);
    return value;
}

char *
mla_overview_column_dup (sqlite3_stmt *statement, int column)
{
    return g_strdup ((const char *) sqlite3_column_text (statement, column));
}

static const gsize entry_strings[] = {
    G_STRUCT_OFFSET (MlaOverviewEntry, message_id),
    G_STRUCT_OFFSET (MlaOverviewEntry, sha256),
    G_STRUCT_OFFSET (MlaOverviewEntry, date_utc),
    G_STRUCT_OFFSET (MlaOverviewEntry, envelope),
    G_STRUCT_OFFSET (MlaOverviewEntry, from_name),
    G_STRUCT_OFFSET (MlaOverviewEntry, from_address),
    G_STRUCT_OFFSET (MlaOverviewEntry, subject),
    G_STRUCT_OFFSET (MlaOverviewEntry, thread),
    G_STRUCT_OFFSET (MlaOverviewEntry, parent),
    G_STRUCT_OFFSET (MlaOverviewEntry, list_id),
};
#define ENTRY_STRING(entry, offset)                                            \
    (*(const char **) ((char *) (entry) + (offset)))

/* One block holds the entry and its strings, so g_free() frees both. */
MlaOverviewEntry *
mla_overview_entry_dup (const MlaOverviewEntry *entry)
{
    gsize size = sizeof *entry;
    MlaOverviewEntry *copy;
    char *at;

    for (gsize i = 0; i < G_N_ELEMENTS (entry_strings); i++)
        if (ENTRY_STRING (entry, entry_strings[i]) != NULL)
            size += strlen (ENTRY_STRING (entry, entry_strings[i])) + 1;
    copy = g_malloc (size);
    *copy = *entry;
    at = (char *) (copy + 1);
    for (gsize i = 0; i < G_N_ELEMENTS (entry_strings); i++) {
        const char *text = ENTRY_STRING (entry, entry_strings[i]);

        if (text == NULL)
            continue;
        ENTRY_STRING (copy, entry_strings[i]) = at;
        at = g_stpcpy (at, text) + 1;
    }
    return copy;
}

GPtrArray *
mla_overview_collect_entries (MlaOverview *overview, sqlite3_stmt *statement,
                              const char *what, GError **error)
{
    g_autoptr (GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (MlaOverviewThreads) scratch = g_new0 (MlaOverviewThreads, 1);
    int status;

    scratch->strings = g_string_chunk_new (1024);
    while ((status = sqlite3_step (statement)) == SQLITE_ROW) {
        MlaOverviewEntry entry = { 0 };

        mla_overview_read_entry (scratch, statement, 0, &entry);
        g_ptr_array_add (found, mla_overview_entry_dup (&entry));
    }
    sqlite3_reset (statement);
    if (status != SQLITE_DONE)
        return mla_overview_throw (overview, error, what), NULL;
    return g_steal_pointer (&found);
}

const char *
mla_overview_column_string (MlaOverviewThreads *threads,
                            sqlite3_stmt *statement, int column)
{
    const char *text = (const char *) sqlite3_column_text (statement, column);

    return text != NULL ? g_string_chunk_insert_len (
                              threads->strings, text,
                              sqlite3_column_bytes (statement, column))
                        : NULL;
}

/* The columns of STMT_FIND_MESSAGE, from @column on, into @entry. */
void
mla_overview_read_entry (MlaOverviewThreads *threads, sqlite3_stmt *statement,
                         int c, MlaOverviewEntry *entry)
{
    entry->volume = (guint) sqlite3_column_int64 (statement, c);
    entry->raw_offset = (guint64) sqlite3_column_int64 (statement, c + 1);
    entry->raw_length = (guint64) sqlite3_column_int64 (statement, c + 2);
    entry->message_id = mla_overview_column_string (threads, statement, c + 3);
    entry->synthetic_id = sqlite3_column_int (statement, c + 4);
    entry->sha256 = mla_overview_column_string (threads, statement, c + 5);
    entry->date = sqlite3_column_int64 (statement, c + 6);
    /* Re-threading needs no sender, From_ line or ISO date: at 300,000
     * messages leaving them out saves tens of MB. */
    if (!threads->lean) {
        entry->date_utc =
            mla_overview_column_string (threads, statement, c + 7);
        entry->envelope =
            mla_overview_column_string (threads, statement, c + 8);
        entry->from_name =
            mla_overview_column_string (threads, statement, c + 9);
        entry->from_address =
            mla_overview_column_string (threads, statement, c + 10);
        entry->list_id =
            mla_overview_column_string (threads, statement, c + 18);
    }
    entry->subject = mla_overview_column_string (threads, statement, c + 11);
    entry->thread = mla_overview_column_string (threads, statement, c + 12);
    entry->parent = mla_overview_column_string (threads, statement, c + 13);
    entry->loose = sqlite3_column_int (statement, c + 14);
    entry->row = sqlite3_column_int64 (statement, c + 15);
    entry->date_offset = sqlite3_column_int (statement, c + 16);
    entry->no_archive = sqlite3_column_int (statement, c + 17);
    entry->body_source = sqlite3_column_int (statement, c + 19);
    entry->n_attachments = (guint) sqlite3_column_int (statement, c + 20);
    entry->arrived = sqlite3_column_int64 (statement, c + 21);
}

MlaOverview *
mla_overview_new_connection (MlaArchive *archive, const char *file)
{
    MlaOverview *overview = g_new0 (MlaOverview, 1);

    overview->archive = archive;
    overview->path = mla_archive_file (archive, file);
    g_mutex_init (&overview->details_lock);
    return overview;
}

/* The device and inode of @path, 0 and 0 when it cannot be read. */
static void
file_identity (const char *path, guint64 *device, guint64 *inode)
{
    GStatBuf st;

    *device = *inode = 0;
    if (g_stat (path, &st) == 0) {
        *device = (guint64) st.st_dev;
        *inode = (guint64) st.st_ino;
    }
}

/* mla_name_key(NAME): mla_folder_name_key(), for the keys of
 * site_names, however a name comes in (an update, a rebuild's copy). */
static void
name_key_function (sqlite3_context *context, int argc, sqlite3_value **argv)
{
    const char *name = (const char *) sqlite3_value_text (argv[0]);

    (void) argc;
    if (name == NULL) {
        sqlite3_result_null (context);
        return;
    }
    sqlite3_result_text (context, mla_folder_name_key (name), -1, g_free);
}

gboolean
mla_overview_connect (MlaOverview *overview, int flags, GError **error)
{
    /* No SQLite mutex on every call: a connection is used by one thread at
     * a time (the site's workers share it only under details_lock). */
    if (sqlite3_open_v2 (overview->path, &overview->db,
                         flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW,
                         NULL) != SQLITE_OK) {
        gboolean ok = overview->db != NULL
                          ? mla_overview_throw (overview, error, "open")
                          : mla_throw (error, MLA_ERROR_OVERVIEW,
                                       "%s: cannot open", overview->path);

        g_clear_pointer (&overview->db, sqlite3_close);
        return ok;
    }
    sqlite3_busy_timeout (overview->db, 10000);
    if (sqlite3_create_function_v2 (
            overview->db, "mla_name_key", 1,
            SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, NULL,
            name_key_function, NULL, NULL, NULL) != SQLITE_OK) {
        mla_overview_throw (overview, error, "register mla_name_key");
        g_clear_pointer (&overview->db, sqlite3_close);
        return FALSE;
    }
    file_identity (overview->path, &overview->device, &overview->inode);
    return TRUE;
}

gboolean
mla_overview_was_replaced (MlaOverview *overview)
{
    guint64 device = 0, inode = 0;

    g_return_val_if_fail (overview != NULL, FALSE);
    file_identity (overview->path, &device, &inode);
    return device != overview->device || inode != overview->inode;
}

MlaOverview *
mla_overview_open_writer (MlaOverview *overview, GError **error)
{
    g_autoptr (MlaOverview) writer =
        mla_overview_new_connection (overview->archive, MLA_OVERVIEW_FILE);

    if (!mla_overview_connect (writer, SQLITE_OPEN_READWRITE, error))
        return NULL;
    return g_steal_pointer (&writer);
}
