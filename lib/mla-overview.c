/* mla-overview.c: the overview in SQLite. public-inbox's over.sqlite3 is
 * the model: derived, rebuilt rather than patched. Every value is bound,
 * never pasted into SQL; an update is one transaction. */
#include "config.h"
#include <errno.h>
#include <string.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include "mla-archive-private.h"
#include "mla-atomic-file-private.h"
#include "mla-error.h"
#include "mla-overview.h"
#include "mla-record.h"
#include "mla-subject.h"

/* Raised whenever the tables change; a file of another version is rebuilt. */
#define SCHEMA_VERSION 2

static const char schema_sql[] =
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;"
    "CREATE TABLE messages ("
    " id INTEGER PRIMARY KEY,"          /* archive order */
    " volume INTEGER NOT NULL, raw_offset INTEGER NOT NULL, raw_length INTEGER NOT NULL,"
    " message_id TEXT NOT NULL, synthetic INTEGER NOT NULL, sha256 TEXT NOT NULL,"
    " date INTEGER NOT NULL, date_utc TEXT, envelope TEXT,"
    " from_name TEXT, from_address TEXT, subject TEXT, subject_key TEXT,"
    " reply_subject INTEGER NOT NULL, list_id TEXT,"
    " attachments INTEGER NOT NULL, agendas INTEGER NOT NULL,"
    " date_offset INTEGER NOT NULL, no_archive INTEGER NOT NULL, body_source INTEGER NOT NULL,"
    " thread TEXT, parent TEXT, loose INTEGER NOT NULL DEFAULT 0);"
    /* What pages show besides the row: kept apart, read one message at a
     * time. */
    "CREATE TABLE bodies (message INTEGER PRIMARY KEY, body TEXT NOT NULL);"
    "CREATE TABLE addresses (message INTEGER NOT NULL, position INTEGER NOT NULL,"
    " kind TEXT NOT NULL, name TEXT, address TEXT, PRIMARY KEY (message, position)) WITHOUT ROWID;"
    "CREATE TABLE attachments (message INTEGER NOT NULL, position INTEGER NOT NULL,"
    " filename TEXT, content_type TEXT NOT NULL, size INTEGER NOT NULL, sha256 TEXT NOT NULL,"
    " PRIMARY KEY (message, position)) WITHOUT ROWID;"
    "CREATE INDEX messages_message_id ON messages (message_id);"
    "CREATE INDEX messages_thread ON messages (thread);"
    /* The parent chain threading uses: References (else In-Reply-To),
     * cleaned by mla_thread_clean_refs(). */
    "CREATE TABLE refs (message INTEGER NOT NULL, position INTEGER NOT NULL,"
    " ref TEXT NOT NULL, PRIMARY KEY (message, position)) WITHOUT ROWID;"
    "CREATE INDEX refs_ref ON refs (ref);"
    "CREATE TABLE threads (thread TEXT PRIMARY KEY, root TEXT NOT NULL,"
    " messages INTEGER NOT NULL, first_date INTEGER NOT NULL, last_date INTEGER NOT NULL,"
    " subject TEXT) WITHOUT ROWID;"
    "CREATE TABLE thread_aliases (alias TEXT PRIMARY KEY, thread TEXT NOT NULL) WITHOUT ROWID;";

/* The columns read_entry() reads, in its order. */
#define ENTRY_COLUMNS                                                                   \
    "volume, raw_offset, raw_length, message_id, synthetic, sha256, date, date_utc,"   \
    " envelope, from_name, from_address, subject, thread, parent, loose, id,"        \
    " date_offset, no_archive, list_id"

enum {
    STMT_INSERT_MESSAGE,
    STMT_INSERT_REF,
    STMT_INSERT_BODY,
    STMT_INSERT_ADDRESS,
    STMT_INSERT_ATTACHMENT,
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
    N_STMTS
};

static const char *const stmt_sql[N_STMTS] = {
    [STMT_INSERT_MESSAGE] = "INSERT INTO messages (volume, raw_offset, raw_length, message_id,"
                            " synthetic, sha256, date, date_utc, envelope, from_name, from_address,"
                            " subject, subject_key, reply_subject, list_id, attachments, agendas,"
                            " date_offset, no_archive, body_source)"
                            " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
    [STMT_INSERT_REF] = "INSERT INTO refs (message, position, ref) VALUES (?,?,?)",
    [STMT_INSERT_BODY] = "INSERT INTO bodies (message, body) VALUES (?,?)",
    [STMT_INSERT_ADDRESS] = "INSERT INTO addresses (message, position, kind, name, address)"
                            " VALUES (?,?,?,?,?)",
    [STMT_INSERT_ATTACHMENT] = "INSERT INTO attachments (message, position, filename, content_type,"
                               " size, sha256) VALUES (?,?,?,?,?,?)",
    [STMT_GET_BODY] = "SELECT body FROM bodies WHERE message = ?",
    [STMT_GET_ADDRESSES] = "SELECT kind, name, address FROM addresses WHERE message = ?"
                           " ORDER BY position",
    [STMT_GET_ATTACHMENTS] = "SELECT filename, content_type, size, sha256 FROM attachments"
                             " WHERE message = ? ORDER BY position",
    [STMT_UPDATE_THREAD] = "UPDATE messages SET thread = ?, parent = ?, loose = ? WHERE id = ?",
    [STMT_SET_META] = "INSERT OR REPLACE INTO meta (key, value) VALUES (?,?)",
    [STMT_GET_META] = "SELECT value FROM meta WHERE key = ?",
    [STMT_FIND_MESSAGE] = "SELECT " ENTRY_COLUMNS " FROM messages WHERE message_id = ? ORDER BY id",
    [STMT_THREAD_EXISTS] = "SELECT 1 FROM threads WHERE thread = ?",
    [STMT_GET_ALIAS] = "SELECT thread FROM thread_aliases WHERE alias = ?",
    [STMT_PUT_THREAD] = "INSERT OR REPLACE INTO threads (thread, root, messages, first_date,"
                        " last_date, subject) VALUES (?,?,?,?,?,?)",
    [STMT_DROP_THREAD] = "DELETE FROM threads WHERE thread = ?",
    [STMT_PUT_ALIAS] = "INSERT OR REPLACE INTO thread_aliases (alias, thread) VALUES (?,?)",
    [STMT_MOVE_ALIASES] = "UPDATE thread_aliases SET thread = ? WHERE thread = ?",
    [STMT_DROP_ALIAS] = "DELETE FROM thread_aliases WHERE alias = ?",
    [STMT_THREAD_MESSAGES] = "SELECT " ENTRY_COLUMNS " FROM messages WHERE thread = ? ORDER BY date, id",
};

struct MlaOverview {
    MlaArchive *archive;
    char *path;
    sqlite3 *db;
    sqlite3_stmt *stmts[N_STMTS];
};

static gboolean
db_throw (MlaOverview *overview, GError **error, const char *what)
{
    return mla_throw (error, MLA_ERROR_OVERVIEW, "%s: %s: %s", overview->path, what,
                      sqlite3_errmsg (overview->db));
}

static gboolean
db_exec (MlaOverview *overview, const char *sql, GError **error)
{
    if (sqlite3_exec (overview->db, sql, NULL, NULL, NULL) != SQLITE_OK)
        return db_throw (overview, error, sql);
    return TRUE;
}

/* Returns: (transfer none) (nullable): the statement, reset and unbound,
 * prepared once per connection. */
static sqlite3_stmt *
stmt (MlaOverview *overview, int which, GError **error)
{
    sqlite3_stmt **slot = &overview->stmts[which];

    if (*slot == NULL) {
        if (sqlite3_prepare_v3 (overview->db, stmt_sql[which], -1, SQLITE_PREPARE_PERSISTENT,
                                slot, NULL)
            != SQLITE_OK)
            return db_throw (overview, error, "prepare"), NULL;
    } else {
        sqlite3_reset (*slot);
        sqlite3_clear_bindings (*slot);
    }
    return *slot;
}

static gboolean
step_done (MlaOverview *overview, sqlite3_stmt *statement, GError **error)
{
    int status = sqlite3_step (statement);

    sqlite3_reset (statement);
    if (status != SQLITE_DONE)
        return db_throw (overview, error, "write");
    return TRUE;
}

static void
bind_text (sqlite3_stmt *statement, int column, const char *text)
{
    sqlite3_bind_text (statement, column, text, -1, SQLITE_STATIC);
}

static void
overview_close (MlaOverview *overview)
{
    for (int i = 0; i < N_STMTS; i++)
        g_clear_pointer (&overview->stmts[i], sqlite3_finalize);
    g_clear_pointer (&overview->db, sqlite3_close);
}

void
mla_overview_free (MlaOverview *overview)
{
    if (overview == NULL)
        return;
    overview_close (overview);
    g_free (overview->path);
    g_free (overview);
}

static MlaOverview *
overview_new (MlaArchive *archive, const char *file)
{
    MlaOverview *overview = g_new0 (MlaOverview, 1);

    overview->archive = archive;
    overview->path = mla_archive_file (archive, file);
    return overview;
}

static gboolean
overview_connect (MlaOverview *overview, int flags, GError **error)
{
    if (sqlite3_open_v2 (overview->path, &overview->db, flags, NULL) != SQLITE_OK) {
        gboolean ok = overview->db != NULL ? db_throw (overview, error, "open")
                                           : mla_throw (error, MLA_ERROR_OVERVIEW, "%s: cannot open",
                                                        overview->path);

        g_clear_pointer (&overview->db, sqlite3_close);
        return ok;
    }
    sqlite3_busy_timeout (overview->db, 10000);
    return TRUE;
}

/* ---- meta ---- */

static gboolean
set_meta (MlaOverview *overview, const char *key, const char *value, GError **error)
{
    sqlite3_stmt *statement = stmt (overview, STMT_SET_META, error);

    if (statement == NULL)
        return FALSE;
    bind_text (statement, 1, key);
    bind_text (statement, 2, value);
    return step_done (overview, statement, error);
}

/* Returns: (transfer full) (nullable): NULL when unset or on error. */
static char *
get_meta (MlaOverview *overview, const char *key, GError **error)
{
    sqlite3_stmt *statement = stmt (overview, STMT_GET_META, error);
    char *value = NULL;
    int status;

    if (statement == NULL)
        return NULL;
    bind_text (statement, 1, key);
    status = sqlite3_step (statement);
    if (status == SQLITE_ROW)
        value = g_strdup ((const char *) sqlite3_column_text (statement, 0));
    else if (status != SQLITE_DONE)
        db_throw (overview, error, "read meta");
    sqlite3_reset (statement);
    return value;
}

/* What tells one archive from another: when its first volume was made. */
static const char *
archive_identity (MlaArchive *archive)
{
    GPtrArray *volumes = mla_archive_get_volumes (archive);

    return volumes->len > 0 ? ((MlaXmlVolumeEntry *) g_ptr_array_index (volumes, 0))->imported
                            : "empty";
}

static gboolean
write_meta (MlaOverview *overview, GError **error)
{
    g_autofree char *last = g_strdup_printf ("%u", mla_archive_get_last_volume (overview->archive));

    return set_meta (overview, "last-volume", last, error)
           && set_meta (overview, "archive", archive_identity (overview->archive), error);
}

/* ---- adding messages ---- */

static void
bind_nullable_text (sqlite3_stmt *statement, int column, const char *text)
{
    if (text != NULL)
        bind_text (statement, column, text);
}

static gboolean
insert_refs (MlaOverview *overview, gint64 row, const MlaRecord *record, GError **error)
{
    g_autoptr (GPtrArray) addresses = g_ptr_array_new ();
    g_autoptr (GPtrArray) refs = NULL;
    GPtrArray *lists[] = { record->to, record->cc };

    if (record->from != NULL && record->from->address != NULL)
        g_ptr_array_add (addresses, record->from->address);
    for (gsize l = 0; l < G_N_ELEMENTS (lists); l++)
        for (guint i = 0; i < lists[l]->len; i++) {
            const MlaAddress *address = g_ptr_array_index (lists[l], i);

            if (address->address != NULL)
                g_ptr_array_add (addresses, address->address);
        }
    g_ptr_array_add (addresses, NULL);
    refs = mla_thread_clean_refs (record->message_id, record->in_reply_to,
                                  (const char *const *) record->references->pdata,
                                  record->references->len,
                                  (const char *const *) addresses->pdata);
    for (guint i = 0; i < refs->len; i++) {
        sqlite3_stmt *statement = stmt (overview, STMT_INSERT_REF, error);

        if (statement == NULL)
            return FALSE;
        sqlite3_bind_int64 (statement, 1, row);
        sqlite3_bind_int (statement, 2, (int) i);
        bind_text (statement, 3, g_ptr_array_index (refs, i));
        if (!step_done (overview, statement, error))
            return FALSE;
    }
    return TRUE;
}

static gboolean
insert_addresses (MlaOverview *overview, gint64 row, const MlaRecord *record, GError **error)
{
    const struct {
        const char *kind;
        GPtrArray *list;
    } kinds[] = { { "to", record->to }, { "cc", record->cc } };
    int position = 0;

    for (gsize k = 0; k < G_N_ELEMENTS (kinds); k++)
        for (guint i = 0; i < kinds[k].list->len; i++) {
            const MlaAddress *address = g_ptr_array_index (kinds[k].list, i);
            sqlite3_stmt *statement = stmt (overview, STMT_INSERT_ADDRESS, error);

            if (statement == NULL)
                return FALSE;
            sqlite3_bind_int64 (statement, 1, row);
            sqlite3_bind_int (statement, 2, position++);
            bind_text (statement, 3, kinds[k].kind);
            bind_nullable_text (statement, 4, address->name);
            bind_nullable_text (statement, 5, address->address);
            if (!step_done (overview, statement, error))
                return FALSE;
        }
    return TRUE;
}

/* The body, the To and Cc addresses and the attachments of @record. */
static gboolean
insert_details (MlaOverview *overview, gint64 row, const MlaRecord *record, GError **error)
{
    sqlite3_stmt *statement;

    if (record->body != NULL) {
        statement = stmt (overview, STMT_INSERT_BODY, error);
        if (statement == NULL)
            return FALSE;
        sqlite3_bind_int64 (statement, 1, row);
        bind_text (statement, 2, record->body);
        if (!step_done (overview, statement, error))
            return FALSE;
    }
    for (guint i = 0; i < record->attachments->len; i++) {
        const MlaAttachment *attachment = g_ptr_array_index (record->attachments, i);

        statement = stmt (overview, STMT_INSERT_ATTACHMENT, error);
        if (statement == NULL)
            return FALSE;
        sqlite3_bind_int64 (statement, 1, row);
        sqlite3_bind_int (statement, 2, (int) i);
        bind_nullable_text (statement, 3, attachment->filename);
        bind_text (statement, 4, attachment->content_type);
        sqlite3_bind_int64 (statement, 5, (sqlite3_int64) attachment->size);
        bind_text (statement, 6, attachment->sha256);
        if (!step_done (overview, statement, error))
            return FALSE;
    }
    return insert_addresses (overview, row, record, error);
}

static gboolean
insert_record (MlaOverview *overview, const MlaRecord *record, GError **error)
{
    sqlite3_stmt *statement = stmt (overview, STMT_INSERT_MESSAGE, error);
    g_autofree char *subject_key = mla_subject_normalise (record->subject);
    gint64 row;

    if (statement == NULL)
        return FALSE;
    sqlite3_bind_int64 (statement, 1, record->volume);
    sqlite3_bind_int64 (statement, 2, (sqlite3_int64) record->raw_offset);
    sqlite3_bind_int64 (statement, 3, (sqlite3_int64) record->raw_length);
    bind_text (statement, 4, record->message_id);
    sqlite3_bind_int (statement, 5, record->synthetic_id);
    bind_text (statement, 6, record->sha256 != NULL ? record->sha256 : "");
    sqlite3_bind_int64 (statement, 7, record->date);
    bind_nullable_text (statement, 8, record->date_utc);
    bind_nullable_text (statement, 9, record->envelope);
    if (record->from != NULL) {
        bind_nullable_text (statement, 10, record->from->name);
        bind_nullable_text (statement, 11, record->from->address);
    }
    bind_nullable_text (statement, 12, record->subject);
    bind_nullable_text (statement, 13, subject_key);
    sqlite3_bind_int (statement, 14, mla_subject_is_reply (record->subject));
    bind_nullable_text (statement, 15, record->list_id);
    sqlite3_bind_int (statement, 16, (int) record->attachments->len);
    sqlite3_bind_int (statement, 17, (int) record->agendas->len);
    sqlite3_bind_int (statement, 18, record->date_offset);
    sqlite3_bind_int (statement, 19, record->no_archive);
    sqlite3_bind_int (statement, 20, record->body_source);
    if (!step_done (overview, statement, error))
        return FALSE;
    row = sqlite3_last_insert_rowid (overview->db);
    return insert_refs (overview, row, record, error) && insert_details (overview, row, record, error);
}

/* Adds the records of every volume numbered @first or higher. */
static gboolean
insert_volumes (MlaOverview *overview, guint first, GError **error)
{
    g_autoptr (MlaRecordIter) iter = mla_record_iter_new (
        overview->archive, first, MLA_RECORD_READ_AGENDAS | MLA_RECORD_READ_BODY);
    const MlaRecord *record;

    while (mla_record_iter_next (iter, &record, error)) {
        if (record == NULL)
            return TRUE;
        if (!insert_record (overview, record, error))
            return FALSE;
    }
    return FALSE;
}

/* ---- loading and threading ---- */

struct MlaOverviewThreads {
    GArray *entries;          /* MlaOverviewEntry */
    gint64 *rows;             /* row id of each entry */
    GArray *inputs;           /* MlaThreadInput, one per entry */
    GPtrArray *refs;          /* every entry's refs, one after another */
    GStringChunk *strings;
    MlaThreadForest *forest;
};

void
mla_overview_threads_free (MlaOverviewThreads *threads)
{
    if (threads == NULL)
        return;
    g_clear_pointer (&threads->forest, mla_thread_forest_free);
    g_clear_pointer (&threads->entries, g_array_unref);
    g_clear_pointer (&threads->inputs, g_array_unref);
    g_clear_pointer (&threads->refs, g_ptr_array_unref);
    g_clear_pointer (&threads->strings, g_string_chunk_free);
    g_free (threads->rows);
    g_free (threads);
}

static const char *
column_string (MlaOverviewThreads *threads, sqlite3_stmt *statement, int column)
{
    const char *text = (const char *) sqlite3_column_text (statement, column);

    return text != NULL ? g_string_chunk_insert_len (threads->strings, text,
                                                     sqlite3_column_bytes (statement, column))
                        : NULL;
}

/* The columns of STMT_FIND_MESSAGE, from @column on, into @entry. */
static void
read_entry (MlaOverviewThreads *threads, sqlite3_stmt *statement, int c, MlaOverviewEntry *entry)
{
    entry->volume = (guint) sqlite3_column_int64 (statement, c);
    entry->raw_offset = (guint64) sqlite3_column_int64 (statement, c + 1);
    entry->raw_length = (guint64) sqlite3_column_int64 (statement, c + 2);
    entry->message_id = column_string (threads, statement, c + 3);
    entry->synthetic_id = sqlite3_column_int (statement, c + 4);
    entry->sha256 = column_string (threads, statement, c + 5);
    entry->date = sqlite3_column_int64 (statement, c + 6);
    entry->date_utc = column_string (threads, statement, c + 7);
    entry->envelope = column_string (threads, statement, c + 8);
    entry->from_name = column_string (threads, statement, c + 9);
    entry->from_address = column_string (threads, statement, c + 10);
    entry->subject = column_string (threads, statement, c + 11);
    entry->thread = column_string (threads, statement, c + 12);
    entry->parent = column_string (threads, statement, c + 13);
    entry->loose = sqlite3_column_int (statement, c + 14);
    entry->row = sqlite3_column_int64 (statement, c + 15);
    entry->date_offset = sqlite3_column_int (statement, c + 16);
    entry->no_archive = sqlite3_column_int (statement, c + 17);
    entry->list_id = column_string (threads, statement, c + 18);
}

static gboolean
load_entries (MlaOverview *overview, MlaOverviewThreads *threads, GError **error)
{
    g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (gint64));
    sqlite3_stmt *statement = NULL;
    int status;

    if (sqlite3_prepare_v2 (overview->db,
                            "SELECT id, subject_key, reply_subject, " ENTRY_COLUMNS
                            " FROM messages ORDER BY id",
                            -1, &statement, NULL)
        != SQLITE_OK)
        return db_throw (overview, error, "prepare");
    while ((status = sqlite3_step (statement)) == SQLITE_ROW) {
        MlaOverviewEntry entry = { 0 };
        MlaThreadInput input = { 0 };
        gint64 row = sqlite3_column_int64 (statement, 0);

        read_entry (threads, statement, 3, &entry);
        input.id = entry.message_id;
        input.key = entry.sha256;
        input.subject = column_string (threads, statement, 1);
        input.reply_subject = sqlite3_column_int (statement, 2);
        input.date = entry.date;
        g_array_append_val (threads->entries, entry);
        g_array_append_val (threads->inputs, input);
        g_array_append_val (rows, row);
    }
    sqlite3_finalize (statement);
    if (status != SQLITE_DONE)
        return db_throw (overview, error, "read messages");
    threads->rows = (gint64 *) g_array_free (g_steal_pointer (&rows), FALSE);
    return TRUE;
}

/* Both queries run in row order, so edges meet their messages in one
 * merge pass. */
static gboolean
load_refs (MlaOverview *overview, MlaOverviewThreads *threads, GError **error)
{
    guint n = threads->entries->len;
    g_autofree gsize *first = g_new0 (gsize, n + 1);
    sqlite3_stmt *statement = NULL;
    guint at = 0;
    int status;

    if (sqlite3_prepare_v2 (overview->db, "SELECT message, ref FROM refs ORDER BY message, position",
                            -1, &statement, NULL)
        != SQLITE_OK)
        return db_throw (overview, error, "prepare");
    while ((status = sqlite3_step (statement)) == SQLITE_ROW) {
        gint64 row = sqlite3_column_int64 (statement, 0);

        while (at < n && threads->rows[at] < row)
            first[++at] = threads->refs->len;
        if (at < n && threads->rows[at] == row)
            g_ptr_array_add (threads->refs, (char *) column_string (threads, statement, 1));
    }
    sqlite3_finalize (statement);
    if (status != SQLITE_DONE)
        return db_throw (overview, error, "read refs");
    while (at < n)
        first[++at] = threads->refs->len;
    /* Pointers only now: the array may have moved while it grew. */
    for (guint i = 0; i < n; i++) {
        MlaThreadInput *input = &g_array_index (threads->inputs, MlaThreadInput, i);

        input->n_refs = first[i + 1] - first[i];
        input->refs = input->n_refs > 0 ? (const char *const *) threads->refs->pdata + first[i]
                                        : NULL;
    }
    return TRUE;
}

MlaOverviewThreads *
mla_overview_load_threads (MlaOverview *overview, GError **error)
{
    g_autoptr (MlaOverviewThreads) threads = g_new0 (MlaOverviewThreads, 1);

    g_return_val_if_fail (overview != NULL, NULL);
    threads->entries = g_array_new (FALSE, FALSE, sizeof (MlaOverviewEntry));
    threads->inputs = g_array_new (FALSE, FALSE, sizeof (MlaThreadInput));
    threads->refs = g_ptr_array_new ();
    threads->strings = g_string_chunk_new (1 << 20);
    if (!load_entries (overview, threads, error) || !load_refs (overview, threads, error))
        return NULL;
    threads->forest = mla_thread_forest_build ((const MlaThreadInput *) threads->inputs->data,
                                               threads->inputs->len);
    return g_steal_pointer (&threads);
}

const MlaThreadForest *
mla_overview_threads_get_forest (MlaOverviewThreads *threads)
{
    return threads->forest;
}

guint
mla_overview_threads_get_n_entries (MlaOverviewThreads *threads)
{
    return threads->entries->len;
}

const MlaOverviewEntry *
mla_overview_threads_get_entry (MlaOverviewThreads *threads, guint input)
{
    g_return_val_if_fail (input < threads->entries->len, NULL);
    return &g_array_index (threads->entries, MlaOverviewEntry, input);
}

/* The first message of a thread in tree order: its subject names it. */
static const MlaOverviewEntry *
thread_head (MlaOverviewThreads *threads, guint root)
{
    const MlaThreadForest *forest = threads->forest;
    guint v = root;

    while (v != MLA_THREAD_NONE) {
        const MlaThreadNode *node = mla_thread_forest_get_node (forest, v);

        if (node->input != MLA_THREAD_NONE)
            return mla_overview_threads_get_entry (threads, node->input);
        v = node->first_child;
    }
    return NULL;
}

static gboolean
put_thread (MlaOverview *overview, MlaOverviewThreads *threads, guint node, GError **error)
{
    const MlaThreadForest *forest = threads->forest;
    const MlaThreadNode *root = mla_thread_forest_get_node (
        forest, mla_thread_forest_get_node (forest, node)->root);
    const MlaOverviewEntry *head = thread_head (threads, root->root);
    sqlite3_stmt *statement = stmt (overview, STMT_PUT_THREAD, error);

    if (statement == NULL)
        return FALSE;
    bind_text (statement, 1, mla_thread_forest_get_thread_id (forest, node));
    bind_text (statement, 2, root->id);
    sqlite3_bind_int (statement, 3, (int) mla_thread_forest_get_thread_size (forest, node));
    sqlite3_bind_int64 (statement, 4, root->date);
    sqlite3_bind_int64 (statement, 5, mla_thread_forest_get_thread_last_date (forest, node));
    bind_nullable_text (statement, 6, head != NULL ? head->subject : NULL);
    return step_done (overview, statement, error);
}

static gboolean
run_text (MlaOverview *overview, int which, const char *a, const char *b, GError **error)
{
    sqlite3_stmt *statement = stmt (overview, which, error);

    if (statement == NULL)
        return FALSE;
    bind_text (statement, 1, a);
    if (b != NULL)
        bind_text (statement, 2, b);
    return step_done (overview, statement, error);
}

/* Stores the forest: each message whose thread, parent or looseness
 * changed; the threads that changed; and, for every thread id that no
 * longer names a thread, an alias to the thread its messages went to, so
 * that links built on it keep working. Runs inside the update's
 * transaction. */
static gboolean
store_threads (MlaOverview *overview, GError **error)
{
    g_autoptr (MlaOverviewThreads) threads = mla_overview_load_threads (overview, error);
    g_autoptr (GHashTable) live = g_hash_table_new (g_str_hash, g_str_equal);
    g_autoptr (GHashTable) touched = g_hash_table_new (g_str_hash, g_str_equal);
    g_autoptr (GHashTable) gone = g_hash_table_new (g_str_hash, g_str_equal);
    const MlaThreadForest *forest;
    const GArray *roots;
    GHashTableIter iter;
    gpointer key, value;

    if (threads == NULL)
        return FALSE;
    forest = threads->forest;
    roots = mla_thread_forest_get_roots (forest);
    for (guint r = 0; r < roots->len; r++)
        g_hash_table_add (live, (gpointer) mla_thread_forest_get_thread_id (
                                    forest, g_array_index (roots, guint, r)));
    for (guint i = 0; i < threads->entries->len; i++) {
        const MlaOverviewEntry *entry = mla_overview_threads_get_entry (threads, i);
        guint v = mla_thread_forest_node_of_input (forest, i);
        const MlaThreadNode *node = mla_thread_forest_get_node (forest, v);
        const char *thread = mla_thread_forest_get_thread_id (forest, v);
        const char *parent = node->parent != MLA_THREAD_NONE
                                 ? mla_thread_forest_get_node (forest, node->parent)->id
                                 : NULL;
        sqlite3_stmt *statement;

        if (g_strcmp0 (entry->thread, thread) == 0 && g_strcmp0 (entry->parent, parent) == 0
            && entry->loose == node->loose)
            continue;
        g_hash_table_add (touched, (gpointer) thread);
        if (entry->thread != NULL && !g_hash_table_contains (live, entry->thread)
            && !g_hash_table_contains (gone, entry->thread))
            g_hash_table_insert (gone, (gpointer) entry->thread, (gpointer) thread);
        if (entry->thread != NULL && g_hash_table_contains (live, entry->thread))
            g_hash_table_add (touched, (gpointer) entry->thread);
        statement = stmt (overview, STMT_UPDATE_THREAD, error);
        if (statement == NULL)
            return FALSE;
        bind_text (statement, 1, thread);
        bind_nullable_text (statement, 2, parent);
        sqlite3_bind_int (statement, 3, node->loose);
        sqlite3_bind_int64 (statement, 4, threads->rows[i]);
        if (!step_done (overview, statement, error))
            return FALSE;
    }
    g_hash_table_iter_init (&iter, gone);
    while (g_hash_table_iter_next (&iter, &key, &value))
        if (!run_text (overview, STMT_DROP_THREAD, key, NULL, error)
            || !run_text (overview, STMT_MOVE_ALIASES, value, key, error)
            || !run_text (overview, STMT_PUT_ALIAS, key, value, error))
            return FALSE;
    for (guint r = 0; r < roots->len; r++) {
        guint root = g_array_index (roots, guint, r);
        const char *thread = mla_thread_forest_get_thread_id (forest, root);

        if (!g_hash_table_contains (touched, thread))
            continue;
        /* An id that names a thread again is no longer an alias. */
        if (!run_text (overview, STMT_DROP_ALIAS, thread, NULL, error)
            || !put_thread (overview, threads, root, error))
            return FALSE;
    }
    return TRUE;
}

/* ---- bringing it up to date ---- */

static gboolean
add_volumes (MlaOverview *overview, guint first, GError **error)
{
    if (!db_exec (overview, "BEGIN IMMEDIATE", error))
        return FALSE;
    if (insert_volumes (overview, first, error) && store_threads (overview, error)
        && write_meta (overview, error) && db_exec (overview, "COMMIT", error))
        return TRUE;
    sqlite3_exec (overview->db, "ROLLBACK", NULL, NULL, NULL);
    return FALSE;
}

static void
remove_files (const char *path)
{
    const char *suffixes[] = { "", "-wal", "-shm", "-journal" };

    for (gsize i = 0; i < G_N_ELEMENTS (suffixes); i++) {
        g_autofree char *file = g_strconcat (path, suffixes[i], NULL);

        if (g_unlink (file) != 0 && errno != ENOENT)
            g_debug ("%s: not removed: %s", file, g_strerror (errno));
    }
}

/* Builds the whole file under a temporary name, without a journal (a
 * crash only loses the temporary file), then renames it into place. */
static gboolean
rebuild_locked (MlaArchive *archive, GError **error)
{
    g_autoptr (MlaOverview) fresh = overview_new (archive, MLA_OVERVIEW_FILE ".tmp");
    g_autofree char *target = mla_archive_file (archive, MLA_OVERVIEW_FILE);
    g_autofree char *pragma = g_strdup_printf ("PRAGMA user_version = %d", SCHEMA_VERSION);

    remove_files (fresh->path);
    if (!overview_connect (fresh, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, error)
        || !db_exec (fresh, "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF", error)
        || !db_exec (fresh, schema_sql, error) || !db_exec (fresh, pragma, error)
        || !db_exec (fresh, "BEGIN", error) || !insert_volumes (fresh, 1, error)
        || !store_threads (fresh, error) || !write_meta (fresh, error)
        || !db_exec (fresh, "COMMIT", error)) {
        overview_close (fresh);
        remove_files (fresh->path);
        return FALSE;
    }
    overview_close (fresh);
    remove_files (target);
    if (!mla_sync_file (fresh->path, error))
        return FALSE;
    if (g_rename (fresh->path, target) != 0)
        return mla_throw (error, MLA_ERROR_IO, "%s: %s", target, g_strerror (errno));
    return mla_sync_folder (mla_archive_get_path (archive), error);
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
    sqlite3_stmt *statement = NULL;
    guint64 expected = 0;
    gint64 rows = -1;
    int version = -1;

    *out_reason = NULL;
    if (!g_file_test (overview->path, G_FILE_TEST_EXISTS)) {
        *out_reason = g_strdup ("missing");
        return STATE_UNUSABLE;
    }
    if (!overview_connect (overview, SQLITE_OPEN_READWRITE, &error)) {
        *out_reason = g_strdup_printf ("damaged (%s)", error->message);
        return STATE_UNUSABLE;
    }
    if (sqlite3_prepare_v2 (overview->db, "PRAGMA user_version", -1, &statement, NULL) == SQLITE_OK
        && sqlite3_step (statement) == SQLITE_ROW)
        version = sqlite3_column_int (statement, 0);
    sqlite3_finalize (statement);
    if (version != SCHEMA_VERSION) {
        *out_reason = version < 0 ? g_strdup_printf ("damaged (%s)", sqlite3_errmsg (overview->db))
                                  : g_strdup_printf ("of schema version %d, not %d", version,
                                                     SCHEMA_VERSION);
        return STATE_UNUSABLE;
    }
    last = get_meta (overview, "last-volume", &error);
    identity = get_meta (overview, "archive", &error);
    if (last == NULL || identity == NULL) {
        *out_reason = g_strdup_printf ("damaged (%s)", error != NULL ? error->message : "no meta");
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
    /* A truncated or damaged file fails here or miscounts. */
    for (guint i = 0; i < volumes->len; i++) {
        const MlaXmlVolumeEntry *volume = g_ptr_array_index (volumes, i);

        if (volume->number <= *out_covered)
            expected += volume->messages;
    }
    if (sqlite3_prepare_v2 (overview->db, "SELECT count(*) FROM messages", -1, &statement, NULL)
            == SQLITE_OK
        && sqlite3_step (statement) == SQLITE_ROW)
        rows = sqlite3_column_int64 (statement, 0);
    sqlite3_finalize (statement);
    if (rows < 0 || (guint64) rows != expected) {
        *out_reason = rows < 0 ? g_strdup_printf ("damaged (%s)", sqlite3_errmsg (overview->db))
                               : g_strdup_printf ("damaged (%" G_GINT64_FORMAT " messages, the "
                                                  "index lists %" G_GUINT64_FORMAT ")",
                                                  rows, expected);
        return STATE_UNUSABLE;
    }
    if (*out_covered < mla_archive_get_last_volume (archive))
        return STATE_BEHIND;
    return STATE_CURRENT;
}

static void
notify (MlaNoticeFunc notice, gpointer data, const char *format, ...)
    G_GNUC_PRINTF (3, 4);

static void
notify (MlaNoticeFunc notice, gpointer data, const char *format, ...)
{
    g_autofree char *text = NULL;
    va_list args;

    if (notice == NULL)
        return;
    va_start (args, format);
    text = g_strdup_vprintf (format, args);
    va_end (args);
    notice (text, data);
}

gboolean
mla_overview_update_locked (MlaArchive *archive, MlaNoticeFunc notice,
                            gpointer notice_data, GError **error)
{
    g_autoptr (MlaOverview) overview = overview_new (archive, MLA_OVERVIEW_FILE);
    g_autofree char *reason = NULL;
    guint covered = 0;

    g_return_val_if_fail (archive != NULL, FALSE);
    switch (inspect (overview, &covered, &reason)) {
    case STATE_CURRENT:
        return TRUE;
    case STATE_BEHIND:
        return db_exec (overview, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL", error)
               && add_volumes (overview, covered + 1, error);
    case STATE_UNUSABLE:
        break;
    }
    overview_close (overview);
    if (!rebuild_locked (archive, error))
        return FALSE;
    notify (notice, notice_data, "overview %s: rebuilt from the archive (%u volume%s)", reason,
            mla_archive_get_volumes (archive)->len,
            mla_archive_get_volumes (archive)->len == 1 ? "" : "s");
    return TRUE;
}

gboolean
mla_overview_rebuild (MlaArchive *archive, GError **error)
{
    int lock = mla_archive_lock (archive, MLA_ARCHIVE_LOCK_WAIT, error);
    gboolean ok;

    if (lock < 0)
        return FALSE;
    ok = rebuild_locked (archive, error);
    mla_archive_unlock (lock);
    return ok;
}

MlaOverview *
mla_overview_open (MlaArchive *archive, MlaNoticeFunc notice, gpointer notice_data,
                   GError **error)
{
    g_autoptr (MlaOverview) overview = overview_new (archive, MLA_OVERVIEW_FILE);
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
    lock = mla_archive_lock (archive, MLA_ARCHIVE_LOCK_WAIT, error);
    if (lock < 0)
        return NULL;
    ok = mla_overview_update_locked (archive, notice, notice_data, error);
    mla_archive_unlock (lock);
    if (!ok || !overview_connect (overview, SQLITE_OPEN_READWRITE, error))
        return NULL;
    /* An import catches up as a matter of course; anyone else doing it
     * means an import stopped between its commit and its update. */
    if (state == STATE_BEHIND)
        notify (notice, notice_data, "the overview was behind the archive (an import was "
                "interrupted?): added volumes %u to %u", covered + 1,
                mla_archive_get_last_volume (archive));
    return g_steal_pointer (&overview);
}

/* ---- lookups ---- */

/* "<id>" and " id " mean "id". Returns: (transfer full). */
static char *
bare_id (const char *message_id)
{
    g_autofree char *copy = g_strstrip (g_strdup (message_id));
    gsize length = strlen (copy);

    if (length >= 2 && copy[0] == '<' && copy[length - 1] == '>')
        return g_strndup (copy + 1, length - 2);
    return g_steal_pointer (&copy);
}

static const gsize entry_strings[] = {
    G_STRUCT_OFFSET (MlaOverviewEntry, message_id), G_STRUCT_OFFSET (MlaOverviewEntry, sha256),
    G_STRUCT_OFFSET (MlaOverviewEntry, date_utc),   G_STRUCT_OFFSET (MlaOverviewEntry, envelope),
    G_STRUCT_OFFSET (MlaOverviewEntry, from_name),  G_STRUCT_OFFSET (MlaOverviewEntry, from_address),
    G_STRUCT_OFFSET (MlaOverviewEntry, subject),    G_STRUCT_OFFSET (MlaOverviewEntry, thread),
    G_STRUCT_OFFSET (MlaOverviewEntry, parent),     G_STRUCT_OFFSET (MlaOverviewEntry, list_id),
};
#define ENTRY_STRING(entry, offset) (*(const char **) ((char *) (entry) + (offset)))

/* One block holds the entry and its strings, so g_free() frees both. */
static MlaOverviewEntry *
entry_dup (const MlaOverviewEntry *entry)
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

/* The entries a query gives for one bound text. */
static GPtrArray *
find_entries (MlaOverview *overview, int which, const char *text, GError **error)
{
    g_autoptr (GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (MlaOverviewThreads) scratch = g_new0 (MlaOverviewThreads, 1);
    sqlite3_stmt *statement = stmt (overview, which, error);
    int status;

    if (statement == NULL)
        return NULL;
    scratch->strings = g_string_chunk_new (1024);
    bind_text (statement, 1, text);
    while ((status = sqlite3_step (statement)) == SQLITE_ROW) {
        MlaOverviewEntry entry = { 0 };

        read_entry (scratch, statement, 0, &entry);
        g_ptr_array_add (found, entry_dup (&entry));
    }
    sqlite3_reset (statement);
    if (status != SQLITE_DONE)
        return db_throw (overview, error, "find messages"), NULL;
    return g_steal_pointer (&found);
}

GPtrArray *
mla_overview_find_message (MlaOverview *overview, const char *message_id, GError **error)
{
    g_autofree char *id = bare_id (message_id);

    GPtrArray *found;

    g_return_val_if_fail (overview != NULL && message_id != NULL, NULL);
    found = find_entries (overview, STMT_FIND_MESSAGE, id, error);
    if (found != NULL && found->len == 0) {
        g_ptr_array_unref (found);
        return mla_throw (error, MLA_ERROR_NOT_FOUND, "no message <%s> in %s", id,
                          mla_archive_get_path (overview->archive)),
               NULL;
    }
    return found;
}

GPtrArray *
mla_overview_get_thread (MlaOverview *overview, const char *thread_id, GError **error)
{
    g_autofree char *current = mla_overview_resolve_thread (overview, thread_id, error);

    if (current == NULL)
        return NULL;
    return find_entries (overview, STMT_THREAD_MESSAGES, current, error);
}

char *
mla_overview_resolve_thread (MlaOverview *overview, const char *thread_id, GError **error)
{
    const int order[] = { STMT_THREAD_EXISTS, STMT_GET_ALIAS };

    g_return_val_if_fail (overview != NULL && thread_id != NULL, NULL);
    for (gsize i = 0; i < G_N_ELEMENTS (order); i++) {
        sqlite3_stmt *statement = stmt (overview, order[i], error);
        char *result = NULL;
        int status;

        if (statement == NULL)
            return NULL;
        bind_text (statement, 1, thread_id);
        status = sqlite3_step (statement);
        if (status == SQLITE_ROW)
            result = g_strdup (i == 0 ? thread_id : (const char *) sqlite3_column_text (statement, 0));
        sqlite3_reset (statement);
        if (status != SQLITE_ROW && status != SQLITE_DONE)
            return db_throw (overview, error, "resolve thread"), NULL;
        if (result != NULL)
            return result;
    }
    return mla_throw (error, MLA_ERROR_NOT_FOUND, "no thread %s in %s", thread_id,
                      mla_archive_get_path (overview->archive)),
           NULL;
}

void
mla_overview_details_free (MlaOverviewDetails *details)
{
    if (details == NULL)
        return;
    g_clear_pointer (&details->to, g_ptr_array_unref);
    g_clear_pointer (&details->cc, g_ptr_array_unref);
    g_clear_pointer (&details->attachments, g_ptr_array_unref);
    g_free (details->body);
    g_free (details);
}

static char *
column_dup (sqlite3_stmt *statement, int column)
{
    return g_strdup ((const char *) sqlite3_column_text (statement, column));
}

/* Runs @which for @row, calling @func on each result row. */
static gboolean
for_each_row (MlaOverview *overview, int which, gint64 row,
              void (*func) (sqlite3_stmt *statement, MlaOverviewDetails *details),
              MlaOverviewDetails *details, GError **error)
{
    sqlite3_stmt *statement = stmt (overview, which, error);
    int status;

    if (statement == NULL)
        return FALSE;
    sqlite3_bind_int64 (statement, 1, row);
    while ((status = sqlite3_step (statement)) == SQLITE_ROW)
        func (statement, details);
    sqlite3_reset (statement);
    if (status != SQLITE_DONE)
        return db_throw (overview, error, "read details");
    return TRUE;
}

static void
take_body (sqlite3_stmt *statement, MlaOverviewDetails *details)
{
    details->body = column_dup (statement, 0);
}

static void
take_address (sqlite3_stmt *statement, MlaOverviewDetails *details)
{
    MlaAddress *address = g_new0 (MlaAddress, 1);
    const char *kind = (const char *) sqlite3_column_text (statement, 0);

    address->name = column_dup (statement, 1);
    address->address = column_dup (statement, 2);
    g_ptr_array_add (g_strcmp0 (kind, "cc") == 0 ? details->cc : details->to, address);
}

static void
take_attachment (sqlite3_stmt *statement, MlaOverviewDetails *details)
{
    MlaAttachment *attachment = g_new0 (MlaAttachment, 1);

    attachment->filename = column_dup (statement, 0);
    attachment->content_type = column_dup (statement, 1);
    attachment->size = (gsize) sqlite3_column_int64 (statement, 2);
    g_strlcpy (attachment->sha256, (const char *) sqlite3_column_text (statement, 3),
               sizeof attachment->sha256);
    g_ptr_array_add (details->attachments, attachment);
}

MlaOverviewDetails *
mla_overview_get_details (MlaOverview *overview, gint64 row, GError **error)
{
    g_autoptr (MlaOverviewDetails) details = g_new0 (MlaOverviewDetails, 1);

    g_return_val_if_fail (overview != NULL, NULL);
    details->to = g_ptr_array_new_with_free_func ((GDestroyNotify) mla_address_free);
    details->cc = g_ptr_array_new_with_free_func ((GDestroyNotify) mla_address_free);
    details->attachments = g_ptr_array_new_with_free_func ((GDestroyNotify) mla_attachment_free);
    if (!for_each_row (overview, STMT_GET_BODY, row, take_body, details, error)
        || !for_each_row (overview, STMT_GET_ADDRESSES, row, take_address, details, error)
        || !for_each_row (overview, STMT_GET_ATTACHMENTS, row, take_attachment, details, error))
        return NULL;
    return g_steal_pointer (&details);
}

GPtrArray *
mla_overview_get_thread_aliases (MlaOverview *overview, GError **error)
{
    g_autoptr (GPtrArray) aliases = g_ptr_array_new_with_free_func (g_free);
    sqlite3_stmt *statement = NULL;
    int status;

    if (sqlite3_prepare_v2 (overview->db, "SELECT alias, thread FROM thread_aliases ORDER BY alias",
                            -1, &statement, NULL)
        != SQLITE_OK)
        return db_throw (overview, error, "prepare"), NULL;
    while ((status = sqlite3_step (statement)) == SQLITE_ROW) {
        g_ptr_array_add (aliases, column_dup (statement, 0));
        g_ptr_array_add (aliases, column_dup (statement, 1));
    }
    sqlite3_finalize (statement);
    if (status != SQLITE_DONE)
        return db_throw (overview, error, "read aliases"), NULL;
    return g_steal_pointer (&aliases);
}
