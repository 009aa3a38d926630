/* mla-overview-subset.c: a subset of the archive's threads, loaded and
 * threaded among themselves, with rows beside them
 * (mla_overview_load_subset()): what a site update that reads part of
 * the archive shows. Threading a closed subset gives what threading the
 * whole archive gave; that the subset is closed is checked, not assumed:
 * every row must thread as the overview stored it. */
#include "config.h"
#include "mla-overview-private.h"
#include "mla-overview-probe-private.h"

/* temp.rethread: the rows of @thread_ids; FALSE in @out_fits past
 * @max_rows. */
static gboolean
fill_rethread (MlaOverview *overview, GPtrArray *thread_ids, guint max_rows,
               gboolean *out_fits, GError **error)
{
    gint64 total = 0;

    *out_fits = FALSE;
    if (!mla_overview_exec (overview,
                            "CREATE TEMP TABLE IF NOT EXISTS rethread"
                            " (id INTEGER PRIMARY KEY);"
                            " DELETE FROM temp.rethread",
                            error))
        return FALSE;
    for (guint i = 0; i < thread_ids->len; i++) {
        sqlite3_stmt *statement =
            mla_overview_stmt (overview, STMT_REACH_THREAD, error);

        if (statement == NULL)
            return FALSE;
        mla_overview_bind_text (statement, 1, thread_ids->pdata[i]);
        if (!mla_overview_step_done (overview, statement, error))
            return FALSE;
        total += sqlite3_changes (overview->db);
        if (total > (gint64) max_rows)
            return TRUE;
    }
    *out_fits = TRUE;
    return TRUE;
}

/* Whether each threaded entry has the thread, parent and subject match
 * the overview stored for it. */
static gboolean
threads_as_stored (MlaOverviewThreads *threads)
{
    const MlaThreadForest *forest = threads->forest;

    for (guint i = 0; i < threads->n_inputs; i++) {
        const MlaOverviewEntry *e =
            &g_array_index (threads->entries, MlaOverviewEntry, i);
        guint v = mla_thread_forest_node_of_input (forest, i);
        const MlaThreadNode *node = mla_thread_forest_get_node (forest, v);
        const char *parent =
            node->parent != MLA_THREAD_NONE
                ? mla_thread_forest_get_node (forest, node->parent)->id
                : NULL;

        if (g_strcmp0 (e->thread,
                       mla_thread_forest_get_thread_id (forest, v)) != 0 ||
            g_strcmp0 (e->parent, parent) != 0 || e->loose != node->loose)
            return FALSE;
    }
    return TRUE;
}

/* Appends the rows @lone_rows that are not threaded in @threads, in row
 * order, after its threaded entries. */
static gboolean
add_lone (MlaOverview *overview, MlaOverviewThreads *threads, GArray *lone_rows,
          GError **error)
{
    sqlite3_stmt *statement = NULL;
    int status = SQLITE_DONE;
    gboolean ok = TRUE;

    if (!mla_overview_exec (overview,
                            "CREATE TEMP TABLE IF NOT EXISTS lone"
                            " (id INTEGER PRIMARY KEY); DELETE FROM temp.lone",
                            error))
        return FALSE;
    if (sqlite3_prepare_v2 (overview->db,
                            "INSERT OR IGNORE INTO temp.lone VALUES (?)", -1,
                            &statement, NULL) != SQLITE_OK)
        return mla_overview_throw (overview, error, "prepare");
    for (guint i = 0; ok && i < lone_rows->len; i++) {
        sqlite3_bind_int64 (statement, 1, g_array_index (lone_rows, gint64, i));
        ok = mla_overview_step_done (overview, statement, error);
    }
    sqlite3_finalize (statement);
    if (!ok)
        return FALSE;
    if (sqlite3_prepare_v2 (
            overview->db,
            "SELECT " ENTRY_COLUMNS " FROM messages WHERE id IN"
            " (SELECT id FROM temp.lone) AND id NOT IN"
            " (SELECT id FROM temp.rethread) AND thread IS NOT NULL"
            " ORDER BY id",
            -1, &statement, NULL) != SQLITE_OK)
        return mla_overview_throw (overview, error, "prepare");
    while ((status = sqlite3_step (statement)) == SQLITE_ROW) {
        MlaOverviewEntry entry = { 0 };

        mla_overview_read_entry (threads, statement, 0, &entry);
        g_array_append_val (threads->entries, entry);
    }
    sqlite3_finalize (statement);
    if (status != SQLITE_DONE)
        return mla_overview_throw (overview, error, "read rows");
    threads->rows =
        g_renew (gint64, threads->rows, MAX (threads->entries->len, 1));
    for (guint i = threads->n_entries; i < threads->entries->len; i++)
        threads->rows[i] =
            g_array_index (threads->entries, MlaOverviewEntry, i).row;
    threads->n_entries = threads->entries->len;
    return TRUE;
}

MlaOverviewThreads *
mla_overview_load_subset (MlaOverview *overview, GPtrArray *thread_ids,
                          GArray *lone_rows, guint max_rows,
                          gboolean *out_exact, GError **error)
{
    g_autoptr (MlaOverviewThreads) threads = NULL;
    gboolean fits;

    g_return_val_if_fail (overview != NULL && thread_ids != NULL, NULL);
    *out_exact = FALSE;
    if (!fill_rethread (overview, thread_ids, max_rows, &fits, error) || !fits)
        return NULL;
    threads = mla_overview_load_rethread (overview, error);
    if (threads == NULL)
        return NULL;
    *out_exact = threads_as_stored (threads);
    if (lone_rows != NULL && !add_lone (overview, threads, lone_rows, error))
        return NULL;
    return g_steal_pointer (&threads);
}

guint
mla_overview_threads_get_n_inputs (MlaOverviewThreads *threads)
{
    return threads->n_inputs;
}
