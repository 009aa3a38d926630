/* mla-overview-store.c: adding a volume's records to the overview, and
 * threading: every message read back from the overview (not the XML),
 * threaded, and only what changed written. */
#include "config.h"
#include <string.h>
#include "mla-error.h"
#include "mla-memory-private.h"
#include "mla-overview-private.h"
#include "mla-record-private.h"
#include "mla-agenda-format.h"
#include "mla-subject.h"

static gboolean
insert_refs (MlaOverview *overview, gint64 row, const MlaRecord *record,
             GError **error)
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
    refs = mla_thread_clean_refs (
        record->message_id, record->in_reply_to,
        (const char *const *) record->references->pdata,
        record->references->len, (const char *const *) addresses->pdata);
    for (guint i = 0; i < refs->len; i++) {
        sqlite3_stmt *statement =
            mla_overview_stmt (overview, STMT_INSERT_REF, error);

        if (statement == NULL)
            return FALSE;
        sqlite3_bind_int64 (statement, 1, row);
        sqlite3_bind_int (statement, 2, (int) i);
        mla_overview_bind_text (statement, 3, g_ptr_array_index (refs, i));
        if (!mla_overview_step_done (overview, statement, error))
            return FALSE;
    }
    return TRUE;
}

static gboolean
insert_addresses (MlaOverview *overview, gint64 row, const MlaRecord *record,
                  GError **error)
{
    const struct {
        const char *kind;
        GPtrArray *list;
    } kinds[] = { { "to", record->to }, { "cc", record->cc } };
    int position = 0;

    for (gsize k = 0; k < G_N_ELEMENTS (kinds); k++)
        for (guint i = 0; i < kinds[k].list->len; i++) {
            const MlaAddress *address = g_ptr_array_index (kinds[k].list, i);
            sqlite3_stmt *statement =
                mla_overview_stmt (overview, STMT_INSERT_ADDRESS, error);

            if (statement == NULL)
                return FALSE;
            sqlite3_bind_int64 (statement, 1, row);
            sqlite3_bind_int (statement, 2, position++);
            mla_overview_bind_text (statement, 3, kinds[k].kind);
            mla_overview_bind_nullable (statement, 4, address->name);
            mla_overview_bind_nullable (statement, 5, address->address);
            if (!mla_overview_step_done (overview, statement, error))
                return FALSE;
        }
    return TRUE;
}

/* Each agenda of @record, as the XML mlarc agenda writes, for the site's
 * timetables. */
static gboolean
insert_agendas (MlaOverview *overview, gint64 row, const MlaRecord *record,
                GError **error)
{
    for (guint i = 0; i < record->agendas->len; i++) {
        g_autoptr (GPtrArray) one = g_ptr_array_new ();
        g_autoptr (GOutputStream) memory =
            g_memory_output_stream_new_resizable ();
        sqlite3_stmt *statement;

        g_ptr_array_add (one, g_ptr_array_index (record->agendas, i));
        if (!mla_agenda_write (one, MLA_AGENDA_FORMAT_XML, NULL, memory,
                               error) ||
            !g_output_stream_write_all (memory, "", 1, NULL, NULL, error) ||
            !g_output_stream_close (memory, NULL, error))
            return FALSE;
        statement = mla_overview_stmt (overview, STMT_INSERT_AGENDA, error);
        if (statement == NULL)
            return FALSE;
        sqlite3_bind_int64 (statement, 1, row);
        sqlite3_bind_int (statement, 2, (int) i);
        mla_overview_bind_text (
            statement, 3,
            g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (memory)));
        if (!mla_overview_step_done (overview, statement, error))
            return FALSE;
    }
    return TRUE;
}

/* The body, the To and Cc addresses and the attachments of @record. */
static gboolean
insert_details (MlaOverview *overview, gint64 row, const MlaRecord *record,
                GError **error)
{
    sqlite3_stmt *statement;

    if (record->body != NULL) {
        statement = mla_overview_stmt (overview, STMT_INSERT_BODY, error);
        if (statement == NULL)
            return FALSE;
        sqlite3_bind_int64 (statement, 1, row);
        mla_overview_bind_text (statement, 2, record->body);
        if (!mla_overview_step_done (overview, statement, error))
            return FALSE;
    }
    for (guint i = 0; i < record->attachments->len; i++) {
        const MlaAttachment *attachment =
            g_ptr_array_index (record->attachments, i);

        statement = mla_overview_stmt (overview, STMT_INSERT_ATTACHMENT, error);
        if (statement == NULL)
            return FALSE;
        sqlite3_bind_int64 (statement, 1, row);
        sqlite3_bind_int (statement, 2, (int) i);
        mla_overview_bind_nullable (statement, 3, attachment->filename);
        mla_overview_bind_text (statement, 4, attachment->content_type);
        sqlite3_bind_int64 (statement, 5, (sqlite3_int64) attachment->size);
        mla_overview_bind_text (statement, 6, attachment->sha256);
        if (!mla_overview_step_done (overview, statement, error))
            return FALSE;
    }
    return insert_addresses (overview, row, record, error) &&
           insert_agendas (overview, row, record, error);
}

static gboolean
insert_record (MlaOverview *overview, const MlaRecord *record, GError **error)
{
    sqlite3_stmt *statement =
        mla_overview_stmt (overview, STMT_INSERT_MESSAGE, error);
    g_autofree char *subject_key = mla_subject_normalise (record->subject);
    gint64 row;

    if (statement == NULL)
        return FALSE;
    sqlite3_bind_int64 (statement, 1, record->volume);
    sqlite3_bind_int64 (statement, 2, (sqlite3_int64) record->raw_offset);
    sqlite3_bind_int64 (statement, 3, (sqlite3_int64) record->raw_length);
    mla_overview_bind_text (statement, 4, record->message_id);
    sqlite3_bind_int (statement, 5, record->synthetic_id);
    mla_overview_bind_text (statement, 6,
                            record->sha256 != NULL ? record->sha256 : "");
    sqlite3_bind_int64 (statement, 7, record->date);
    mla_overview_bind_nullable (statement, 8, record->date_utc);
    mla_overview_bind_nullable (statement, 9, record->envelope);
    if (record->from != NULL) {
        mla_overview_bind_nullable (statement, 10, record->from->name);
        mla_overview_bind_nullable (statement, 11, record->from->address);
    }
    mla_overview_bind_nullable (statement, 12, record->subject);
    mla_overview_bind_nullable (statement, 13, subject_key);
    sqlite3_bind_int (statement, 14, mla_subject_is_reply (record->subject));
    mla_overview_bind_nullable (statement, 15, record->list_id);
    sqlite3_bind_int (statement, 16, (int) record->attachments->len);
    sqlite3_bind_int (statement, 17, (int) record->agendas->len);
    sqlite3_bind_int (statement, 18, record->date_offset);
    sqlite3_bind_int (statement, 19, record->no_archive);
    sqlite3_bind_int (statement, 20, record->body_source);
    sqlite3_bind_int64 (statement, 21, record->imported);
    if (!mla_overview_step_done (overview, statement, error))
        return FALSE;
    row = sqlite3_last_insert_rowid (overview->db);
    return insert_refs (overview, row, record, error) &&
           insert_details (overview, row, record, error) &&
           mla_overview_index_record (overview, row, record, error);
}

/* Adds the records of every volume numbered @first or higher. */
gboolean
mla_overview_insert_volumes (MlaOverview *overview, guint first, GError **error)
{
    /* Reading the XML back is a quarter of the work: on a second core. */
    g_autoptr (MlaRecordIter) iter = mla_record_iter_new_read_ahead (
        overview->archive, first,
        MLA_RECORD_READ_AGENDAS | MLA_RECORD_READ_BODY);
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

/* What threading reads of each message, and what it stored last time. */
#define LEAN_SELECT                                                            \
    "SELECT id, subject_key, reply_subject, message_id, sha256, date,"         \
    " no_archive, arrived FROM messages"
#define STORED_SELECT "SELECT id, thread, parent, loose FROM messages"
/* The rows an update re-threads (temp.rethread, see store_threads()). */
#define SUBSET "(SELECT id FROM temp.rethread)"
#define IN_SUBSET " WHERE id IN " SUBSET

void
mla_overview_threads_free (MlaOverviewThreads *threads)
{
    if (threads == NULL)
        return;
    g_clear_pointer (&threads->forest, mla_thread_forest_free);
    g_clear_pointer (&threads->entries, g_array_unref);
    g_clear_pointer (&threads->inputs, g_array_unref);
    g_clear_pointer (&threads->strings, g_string_chunk_free);
    g_clear_pointer (&threads->keys, g_string_chunk_free);
    g_clear_pointer (&threads->removed, g_hash_table_unref);
    g_free (threads->rows);
    g_free (threads);
}

static gboolean
load_entries (MlaOverview *overview, MlaOverviewThreads *threads,
              GError **error)
{
    g_autoptr (GArray) rows = NULL;
    sqlite3_stmt *statement = NULL;
    /* Arrays sized once: growing them doubles and copies the largest
     * while both copies exist. */
    guint expected =
        (guint) CLAMP (mla_overview_count_messages (overview), 0, G_MAXUINT32);
    int status;

    rows = g_array_sized_new (FALSE, FALSE, sizeof (gint64), expected);
    threads->inputs =
        g_array_sized_new (FALSE, FALSE, sizeof (MlaThreadInput), expected);
    /* Re-threading reads only what threading needs: old threads and
     * parents are compared as they are read again, not kept. */
    if (!threads->lean)
        threads->entries = g_array_sized_new (
            FALSE, FALSE, sizeof (MlaOverviewEntry), expected);
    if (sqlite3_prepare_v2 (
            overview->db,
            threads->subset && threads->lean ? LEAN_SELECT IN_SUBSET
                " ORDER BY id"
            : threads->subset
                ? "SELECT id, subject_key, reply_subject, " ENTRY_COLUMNS
                  " FROM messages" IN_SUBSET " ORDER BY id"
            : threads->lean
                ? LEAN_SELECT " ORDER BY id"
                /* Not the rows an import added since the last threading
                 * (their thread is NULL until the next): within a read
                 * transaction, what is read is the archive as it was
                 * threaded, and those rows wait for the next reader. */
                : "SELECT id, subject_key, reply_subject, " ENTRY_COLUMNS
                  " FROM messages WHERE thread IS NOT NULL ORDER BY id",
            -1, &statement, NULL) != SQLITE_OK)
        return mla_overview_throw (overview, error, "prepare");
    while ((status = sqlite3_step (statement)) == SQLITE_ROW) {
        MlaThreadInput input = { 0 };
        gint64 row = sqlite3_column_int64 (statement, 0);
        const char *subject = (const char *) sqlite3_column_text (statement, 1);

        if (threads->lean) {
            const char *key = (const char *) sqlite3_column_text (statement, 4);

            input.id = mla_overview_column_string (threads, statement, 3);
            input.key =
                key != NULL ? g_string_chunk_insert (threads->keys, key) : NULL;
            input.date = sqlite3_column_int64 (statement, 5);
            input.withheld = sqlite3_column_int (statement, 6);
            input.arrived = sqlite3_column_int64 (statement, 7);
        } else {
            MlaOverviewEntry entry = { 0 };

            mla_overview_read_entry (threads, statement, 3, &entry);
            input.id = entry.message_id;
            input.key = entry.sha256;
            input.date = entry.date;
            input.withheld = entry.no_archive;
            input.arrived = entry.arrived;
            g_array_append_val (threads->entries, entry);
        }
        /* Kept once: a thread's messages share it. */
        input.subject =
            subject != NULL
                ? g_string_chunk_insert_const (threads->keys, subject)
                : NULL;
        input.reply_subject = sqlite3_column_int (statement, 2);
        input.arrival = (guint64) row;
        g_array_append_val (threads->inputs, input);
        g_array_append_val (rows, row);
    }
    sqlite3_finalize (statement);
    if (status != SQLITE_DONE)
        return mla_overview_throw (overview, error, "read messages");
    threads->rows = (gint64 *) g_array_free (g_steal_pointer (&rows), FALSE);
    return TRUE;
}

/* The removed messages and their chains, as the index kept them; not
 * an id still stored: when a removal took out one copy of a reused id
 * (the one that owned it), the next copy owns it, with its own chain. */
static gboolean
load_removed (MlaOverview *overview, MlaOverviewThreads *threads,
              GError **error)
{
    sqlite3_stmt *statement = NULL;
    GPtrArray *chain = NULL;
    int status;

    threads->removed = g_hash_table_new_full (
        g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_ptr_array_unref);
    if (sqlite3_prepare_v2 (
            overview->db,
            "SELECT position, ref FROM removed WHERE removal NOT IN"
            " (SELECT removal FROM removed r WHERE position = 0 AND EXISTS"
            " (SELECT 1 FROM messages m WHERE m.message_id = r.ref))"
            " ORDER BY removal, position",
            -1, &statement, NULL) != SQLITE_OK)
        return mla_overview_throw (overview, error, "prepare");
    while ((status = sqlite3_step (statement)) == SQLITE_ROW) {
        const char *ref = mla_overview_column_string (threads, statement, 1);

        if (sqlite3_column_int64 (statement, 0) != 0) {
            g_ptr_array_add (chain, (gpointer) ref);
            continue;
        }
        /* Of removals sharing an id, the first one's chain counts. */
        chain = g_ptr_array_new ();
        if (!g_hash_table_contains (threads->removed, ref))
            g_hash_table_insert (threads->removed, (gpointer) ref,
                                 g_ptr_array_ref (chain));
        g_ptr_array_unref (chain);
    }
    sqlite3_finalize (statement);
    if (status != SQLITE_DONE)
        return mla_overview_throw (overview, error, "read removals");
    return TRUE;
}

/* A removed message's own chain stands in for whatever a reply names
 * before it: its parent then comes from its own headers, as when it was
 * there (a reply with In-Reply-To alone names nothing before it). Each
 * removed id of the chain is looked at once, the nearest first. */
static void
splice_removed (GHashTable *removed, GPtrArray *chain)
{
    g_autoptr (GHashTable) seen = NULL;
    guint end = chain->len;

    if (g_hash_table_size (removed) == 0)
        return;
    seen = g_hash_table_new (g_str_hash, g_str_equal);
    while (end > 0) {
        const char *id = g_ptr_array_index (chain, end - 1);
        GPtrArray *own = g_hash_table_lookup (removed, id);

        end--;
        if (own == NULL || !g_hash_table_add (seen, (gpointer) id))
            continue;
        g_ptr_array_remove_range (chain, 0, end);
        for (guint i = 0; i < own->len; i++)
            g_ptr_array_insert (chain, (gint) i, g_ptr_array_index (own, i));
        end = own->len;
    }
}

/* Hands each message's parent chain to the threader as it is read: the
 * chains are not kept (at 26 references per message, a million messages
 * make 26 million ids). Chains and messages both come in row order. */
static gboolean
add_refs (MlaOverview *overview, MlaOverviewThreads *threads,
          MlaThreadBuilder *builder, GError **error)
{
    g_autoptr (GString) text = g_string_new (NULL);
    g_autoptr (GArray) offsets = g_array_new (FALSE, FALSE, sizeof (gsize));
    g_autoptr (GPtrArray) chain = g_ptr_array_new ();
    sqlite3_stmt *statement = NULL;
    guint n = threads->inputs->len;
    guint at = 0;
    gint64 current = -1;
    int status;

    if (sqlite3_prepare_v2 (
            overview->db,
            threads->subset
                ? "SELECT message, ref FROM refs WHERE message"
                  " IN " SUBSET " ORDER BY message, position"
                : "SELECT message, ref FROM refs ORDER BY message, position",
            -1, &statement, NULL) != SQLITE_OK)
        return mla_overview_throw (overview, error, "prepare");
    for (;;) {
        gint64 row;

        status = sqlite3_step (statement);
        row = status == SQLITE_ROW ? sqlite3_column_int64 (statement, 0)
                                   : G_MAXINT64;
        if (row != current && offsets->len > 0) {
            g_ptr_array_set_size (chain, 0);
            for (guint i = 0; i < offsets->len; i++)
                g_ptr_array_add (chain,
                                 text->str + g_array_index (offsets, gsize, i));
            splice_removed (threads->removed, chain);
            mla_thread_builder_add_refs (
                builder, at, (const char *const *) chain->pdata, chain->len);
            g_string_truncate (text, 0);
            g_array_set_size (offsets, 0);
        }
        if (status != SQLITE_ROW)
            break;
        if (row != current) {
            current = row;
            while (at < n && threads->rows[at] < row)
                at++;
        }
        /* An edge of no message read (none should exist) is skipped. */
        if (at < n && threads->rows[at] == row) {
            const char *ref = (const char *) sqlite3_column_text (statement, 1);

            g_array_append_val (offsets, text->len);
            g_string_append_len (text, ref != NULL ? ref : "",
                                 sqlite3_column_bytes (statement, 1) + 1);
        }
    }
    sqlite3_finalize (statement);
    if (status != SQLITE_DONE)
        return mla_overview_throw (overview, error, "read refs");
    return TRUE;
}

/* What load_threads() reads: every message with what pages show, every
 * message with what threading needs, or only the rows of temp.rethread
 * (whose inputs are kept, to check that the subset is closed), with what
 * threading needs or what pages show. */
typedef enum {
    LOAD_ENTRIES,
    LOAD_LEAN,
    LOAD_SUBSET,
    LOAD_SUBSET_ENTRIES,
} LoadMode;

static MlaOverviewThreads *
load_threads (MlaOverview *overview, LoadMode mode, GError **error)
{
    g_autoptr (MlaOverviewThreads) threads = g_new0 (MlaOverviewThreads, 1);
    g_autoptr (MlaThreadBuilder) builder = NULL;

    g_return_val_if_fail (overview != NULL, NULL);
    threads->lean = mode == LOAD_LEAN || mode == LOAD_SUBSET;
    threads->subset = mode == LOAD_SUBSET || mode == LOAD_SUBSET_ENTRIES;
    threads->strings = g_string_chunk_new (1 << 20);
    threads->keys = g_string_chunk_new (1 << 20);
    /* What an import or the inserts before freed is not kept beside it. */
    if (!threads->subset)
        mla_memory_release ();
    if (!load_entries (overview, threads, error) ||
        !load_removed (overview, threads, error))
        return NULL;
    builder = mla_thread_builder_new (
        (const MlaThreadInput *) threads->inputs->data, threads->inputs->len);
    if (!add_refs (overview, threads, builder, error))
        return NULL;
    threads->forest = mla_thread_builder_finish (g_steal_pointer (&builder));
    threads->n_entries = threads->n_inputs = threads->inputs->len;
    if (threads->subset)
        return g_steal_pointer (&threads);
    /* From here on the forest, its ids, the rows and the entries are all
     * that is read: what only threading read goes. */
    g_clear_pointer (&threads->inputs, g_array_unref);
    g_clear_pointer (&threads->keys, g_string_chunk_free);
    mla_memory_release ();
    return g_steal_pointer (&threads);
}

MlaOverviewThreads *
mla_overview_load_threads (MlaOverview *overview, GError **error)
{
    return load_threads (overview, LOAD_ENTRIES, error);
}

MlaOverviewThreads *
mla_overview_load_rethread (MlaOverview *overview, GError **error)
{
    return load_threads (overview, LOAD_SUBSET_ENTRIES, error);
}

gboolean
mla_overview_threads_was_removed (MlaOverviewThreads *threads,
                                  const char *message_id)
{
    return g_hash_table_contains (threads->removed, message_id);
}

const MlaThreadForest *
mla_overview_threads_get_forest (MlaOverviewThreads *threads)
{
    return threads->forest;
}

guint
mla_overview_threads_get_n_entries (MlaOverviewThreads *threads)
{
    return threads->n_entries;
}

const MlaOverviewEntry *
mla_overview_threads_get_entry (MlaOverviewThreads *threads, guint input)
{
    g_return_val_if_fail (
        threads->entries != NULL && input < threads->entries->len, NULL);
    return &g_array_index (threads->entries, MlaOverviewEntry, input);
}

/* The row of the first message of a thread in tree order: its subject
 * names the thread. */
static gint64
thread_head (MlaOverviewThreads *threads, guint root)
{
    const MlaThreadForest *forest = threads->forest;
    guint v = root;

    while (v != MLA_THREAD_NONE) {
        const MlaThreadNode *node = mla_thread_forest_get_node (forest, v);

        if (node->input != MLA_THREAD_NONE)
            return threads->rows[node->input];
        v = node->first_child;
    }
    return 0;
}

static gboolean
put_thread (MlaOverview *overview, MlaOverviewThreads *threads, guint node,
            GError **error)
{
    const MlaThreadForest *forest = threads->forest;
    const MlaThreadNode *root = mla_thread_forest_get_node (
        forest, mla_thread_forest_get_node (forest, node)->root);
    sqlite3_stmt *statement =
        mla_overview_stmt (overview, STMT_PUT_THREAD, error);

    if (statement == NULL)
        return FALSE;
    mla_overview_bind_text (statement, 1,
                            mla_thread_forest_get_thread_id (forest, node));
    mla_overview_bind_text (statement, 2, root->id);
    sqlite3_bind_int (statement, 3,
                      (int) mla_thread_forest_get_thread_size (forest, node));
    sqlite3_bind_int64 (statement, 4, root->date);
    sqlite3_bind_int64 (statement, 5,
                        mla_thread_forest_get_thread_last_date (forest, node));
    sqlite3_bind_int64 (statement, 6, thread_head (threads, root->root));
    sqlite3_bind_int (statement, 7,
                      (int) mla_thread_forest_get_thread_shown (forest, node));
    return mla_overview_step_done (overview, statement, error);
}

static gboolean
run_text (MlaOverview *overview, int which, const char *a, const char *b,
          GError **error)
{
    sqlite3_stmt *statement = mla_overview_stmt (overview, which, error);

    if (statement == NULL)
        return FALSE;
    mla_overview_bind_text (statement, 1, a);
    if (b != NULL)
        mla_overview_bind_text (statement, 2, b);
    return mla_overview_step_done (overview, statement, error);
}

/* What re-threading changed, found by reading each message's stored
 * thread, parent and looseness again beside the new forest: the rows to
 * update, the threads touched, and the old threads gone (with the thread
 * their messages went to). */
typedef struct {
    GArray *changed;     /* guint input */
    GHashTable *live;    /* the new forest's thread ids */
    GHashTable *touched; /* thread ids: new ones, or live keys */
    GHashTable *gone;    /* old thread id (in strings) -> new thread id */
    GStringChunk *strings;
} Changes;

static gboolean
find_changes (MlaOverview *overview, MlaOverviewThreads *threads,
              Changes *changes, GError **error)
{
    const MlaThreadForest *forest = threads->forest;
    sqlite3_stmt *statement = NULL;
    guint n = threads->n_entries;
    guint i = 0;
    int status;

    if (sqlite3_prepare_v2 (overview->db,
                            threads->subset ? STORED_SELECT IN_SUBSET
                                " ORDER BY id"
                                            : STORED_SELECT " ORDER BY id",
                            -1, &statement, NULL) != SQLITE_OK)
        return mla_overview_throw (overview, error, "prepare");
    while ((status = sqlite3_step (statement)) == SQLITE_ROW) {
        gint64 row = sqlite3_column_int64 (statement, 0);
        const char *old_thread =
            (const char *) sqlite3_column_text (statement, 1);
        const char *old_parent =
            (const char *) sqlite3_column_text (statement, 2);
        guint v;
        const MlaThreadNode *node;
        const char *thread, *parent;
        gpointer live_thread;

        /* Both read in row order, in one transaction. */
        while (i < n && threads->rows[i] < row)
            i++;
        if (i == n || threads->rows[i] != row)
            continue;
        v = mla_thread_forest_node_of_input (forest, i);
        node = mla_thread_forest_get_node (forest, v);
        thread = mla_thread_forest_get_thread_id (forest, v);
        parent = node->parent != MLA_THREAD_NONE
                     ? mla_thread_forest_get_node (forest, node->parent)->id
                     : NULL;
        if (g_strcmp0 (old_thread, thread) == 0 &&
            g_strcmp0 (old_parent, parent) == 0 &&
            sqlite3_column_int (statement, 3) == node->loose)
            continue;
        g_array_append_val (changes->changed, i);
        g_hash_table_add (changes->touched, (gpointer) thread);
        if (old_thread == NULL)
            continue;
        if (g_hash_table_lookup_extended (changes->live, old_thread,
                                          &live_thread, NULL))
            g_hash_table_add (changes->touched, live_thread);
        else if (!g_hash_table_contains (changes->gone, old_thread))
            g_hash_table_insert (
                changes->gone,
                g_string_chunk_insert (changes->strings, old_thread),
                (gpointer) thread);
    }
    sqlite3_finalize (statement);
    if (status != SQLITE_DONE)
        return mla_overview_throw (overview, error, "read threads");
    return TRUE;
}

/* ---- which messages an update re-threads ---- */

/* Adds to temp.rethread the whole threads that statement @which finds
 * for @token (and, for STMT_REACH_SUBJECT, the dates from @from to @to),
 * once per question and once per thread (the table only grows in an
 * update, so what was asked once has given all it can; asking a long
 * thread again for each of its nodes made growing it quadratic). */
static gboolean
reach (MlaOverview *overview, int which, const char *token, gint64 from,
       gint64 to, GHashTable *asked, gint64 *added, GError **error)
{
    g_autoptr (GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
    sqlite3_stmt *statement;
    int status;

    if (!g_hash_table_add (asked, g_strdup_printf ("%d %" G_GINT64_FORMAT
                                                   " %" G_GINT64_FORMAT " %s",
                                                   which, from, to, token)))
        return TRUE;
    statement = mla_overview_stmt (overview, which, error);
    if (statement == NULL)
        return FALSE;
    mla_overview_bind_text (statement, 1, token);
    if (which == STMT_REACH_SUBJECT) {
        sqlite3_bind_int64 (statement, 2, from);
        sqlite3_bind_int64 (statement, 3, to);
    }
    while ((status = sqlite3_step (statement)) == SQLITE_ROW) {
        const char *thread = (const char *) sqlite3_column_text (statement, 0);
        char *key = thread != NULL ? g_strconcat ("t ", thread, NULL) : NULL;

        /* New messages (no thread yet) are in from the start. */
        if (key != NULL && g_hash_table_add (asked, key))
            g_ptr_array_add (found, g_strdup (thread));
    }
    if (status != SQLITE_DONE)
        return mla_overview_throw (overview, error, "reach threads");
    for (guint i = 0; i < found->len; i++) {
        statement = mla_overview_stmt (overview, STMT_REACH_THREAD, error);
        if (statement == NULL)
            return FALSE;
        mla_overview_bind_text (statement, 1, found->pdata[i]);
        if (!mla_overview_step_done (overview, statement, error))
            return FALSE;
        *added += sqlite3_changes (overview->db);
    }
    return TRUE;
}

/* The threads a node of @subject dated @date can reach by it: those of
 * the window around it; when the window adds one, those of the whole
 * key, once. A subject that recurs within the window mostly recurs
 * across the archive, and each window reached would add a round of
 * re-threading (the subset is threaded again each round) to cover the
 * next 30 days. */
static gboolean
reach_subject (MlaOverview *overview, const char *subject, gint64 date,
               GHashTable *asked, gint64 *added, GError **error)
{
    g_autofree char *whole =
        g_strdup_printf ("%d %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %s",
                         STMT_REACH_SUBJECT, G_MININT64, G_MAXINT64, subject);
    gint64 before = *added;

    if (g_hash_table_contains (asked, whole))
        return TRUE;
    if (!reach (overview, STMT_REACH_SUBJECT, subject,
                date - MLA_THREAD_SUBJECT_WINDOW,
                date + MLA_THREAD_SUBJECT_WINDOW, asked, added, error))
        return FALSE;
    return *added == before ||
           reach (overview, STMT_REACH_SUBJECT, subject, G_MININT64, G_MAXINT64,
                  asked, added, error);
}

/* Adds the threads that the forest of the subset can reach: those with a
 * message that has, or names in its chain, the id of one of its nodes
 * (real or placeholder), and those with a message of the subject of a
 * node that subject matching places (a root or a loose member), within
 * the subject window of its date either way: a match links a message to
 * the latest root of its subject at most MLA_THREAD_SUBJECT_WINDOW
 * older, so a node links to, or takes from, only such messages. */
static gboolean
grow_subset (MlaOverview *overview, MlaOverviewThreads *threads,
             GHashTable *asked, gint64 *added, GError **error)
{
    const MlaThreadForest *forest = threads->forest;
    const MlaThreadInput *inputs =
        (const MlaThreadInput *) threads->inputs->data;
    guint n = mla_thread_forest_get_n_nodes (forest);

    for (guint v = 0; v < n; v++) {
        const MlaThreadNode *node = mla_thread_forest_get_node (forest, v);
        const char *subject =
            node->input != MLA_THREAD_NONE ? inputs[node->input].subject : NULL;

        if (!reach (overview, STMT_REACH_ID, node->id, 0, 0, asked, added,
                    error))
            return FALSE;
        if (subject != NULL && subject[0] != '\0' &&
            (node->parent == MLA_THREAD_NONE || node->loose) &&
            !reach_subject (overview, subject, node->date, asked, added, error))
            return FALSE;
    }
    return TRUE;
}

/* The messages an update must re-thread, threaded: the new ones (no
 * thread yet) and every thread they can reach, grown until it reaches no
 * other. Every link the threader makes (a parent, a placeholder's
 * parent, a shared Message-ID, a subject match) joins two messages that
 * share such an id or subject, so a closed subset threads exactly as it
 * does in the whole archive. When it grows past half the archive (or the
 * archive is new), everything is threaded. */
static MlaOverviewThreads *
load_touched (MlaOverview *overview, GError **error)
{
    g_autoptr (GHashTable) asked =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    gint64 total = mla_overview_count_messages (overview);
    gint64 size;

    if (!mla_overview_exec (
            overview,
            "CREATE TEMP TABLE IF NOT EXISTS rethread"
            " (id INTEGER PRIMARY KEY); DELETE FROM temp.rethread;"
            " INSERT INTO temp.rethread SELECT id FROM messages WHERE thread "
            "IS NULL",
            error))
        return NULL;
    size = sqlite3_changes (overview->db);
    while (size * 2 <= total) {
        g_autoptr (MlaOverviewThreads) threads =
            load_threads (overview, LOAD_SUBSET, error);
        gint64 added = 0;

        if (threads == NULL ||
            !grow_subset (overview, threads, asked, &added, error))
            return NULL;
        if (added == 0) {
            g_debug ("re-threading %" G_GINT64_FORMAT " of %" G_GINT64_FORMAT
                     " messages",
                     size, total);
            return g_steal_pointer (&threads);
        }
        size += added;
    }
    return load_threads (overview, LOAD_LEAN, error);
}

/* Stores the forest of the messages the update touched: each message
 * whose thread, parent or looseness changed; the threads that changed;
 * and, for every thread id that no longer names a thread, an alias to the
 * thread its messages went to, so that links built on it keep working.
 * Runs inside the update's transaction. */
gboolean
mla_overview_store_threads (MlaOverview *overview, GError **error)
{
    g_autoptr (MlaOverviewThreads) threads = load_touched (overview, error);
    g_autoptr (GStringChunk) strings =
        g_string_chunk_new (4096); /* gone's keys */
    g_autoptr (GArray) changed = g_array_new (FALSE, FALSE, sizeof (guint));
    g_autoptr (GHashTable) live = g_hash_table_new (g_str_hash, g_str_equal);
    g_autoptr (GHashTable) touched = g_hash_table_new (g_str_hash, g_str_equal);
    g_autoptr (GHashTable) gone = g_hash_table_new (g_str_hash, g_str_equal);
    Changes changes = { changed, live, touched, gone, strings };
    const MlaThreadForest *forest;
    const GArray *roots;
    GHashTableIter iter;
    gpointer key, value;

    if (threads == NULL)
        return FALSE;
    forest = threads->forest;
    roots = mla_thread_forest_get_roots (forest);
    /* A placeholder that no message hangs from (an id named before an
     * archived one) is a root of no thread: a thread that had it as root
     * is gone. */
    for (guint r = 0; r < roots->len; r++)
        if (mla_thread_forest_get_thread_size (
                forest, g_array_index (roots, guint, r)) > 0)
            g_hash_table_add (live,
                              (gpointer) mla_thread_forest_get_thread_id (
                                  forest, g_array_index (roots, guint, r)));
    if (!find_changes (overview, threads, &changes, error))
        return FALSE;
    for (guint c = 0; c < changed->len; c++) {
        guint i = g_array_index (changed, guint, c);
        guint v = mla_thread_forest_node_of_input (forest, i);
        const MlaThreadNode *node = mla_thread_forest_get_node (forest, v);
        sqlite3_stmt *statement =
            mla_overview_stmt (overview, STMT_UPDATE_THREAD, error);

        if (statement == NULL)
            return FALSE;
        mla_overview_bind_text (statement, 1,
                                mla_thread_forest_get_thread_id (forest, v));
        mla_overview_bind_nullable (
            statement, 2,
            node->parent != MLA_THREAD_NONE
                ? mla_thread_forest_get_node (forest, node->parent)->id
                : NULL);
        sqlite3_bind_int (statement, 3, node->loose);
        sqlite3_bind_int64 (statement, 4, threads->rows[i]);
        if (!mla_overview_step_done (overview, statement, error))
            return FALSE;
    }
    g_hash_table_iter_init (&iter, gone);
    while (g_hash_table_iter_next (&iter, &key, &value))
        if (!run_text (overview, STMT_DROP_THREAD, key, NULL, error) ||
            !run_text (overview, STMT_MOVE_ALIASES, value, key, error) ||
            !run_text (overview, STMT_PUT_ALIAS, key, value, error))
            return FALSE;
    for (guint r = 0; r < roots->len; r++) {
        guint root = g_array_index (roots, guint, r);
        const char *thread = mla_thread_forest_get_thread_id (forest, root);

        if (!g_hash_table_contains (touched, thread))
            continue;
        /* An id that names a thread again is no longer an alias. */
        if (!run_text (overview, STMT_DROP_ALIAS, thread, NULL, error) ||
            !put_thread (overview, threads, root, error))
            return FALSE;
    }
    return TRUE;
}
