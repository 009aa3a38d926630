/* mla-overview-names.c: the folder names a site gave Message-IDs, kept so
 * that a message's URL never changes once published, and carried over
 * when the overview is rebuilt. */
#include "config.h"
#include "mla-overview-private.h"
#include "mla-hash-private.h"

GHashTable *
mla_overview_get_site_names (MlaOverview *overview, GError **error)
{
    g_autoptr (GHashTable) names =
        g_hash_table_new_full (mla_str_hash, g_str_equal, g_free, g_free);
    sqlite3_stmt *statement = NULL;
    int status;

    g_return_val_if_fail (overview != NULL, NULL);
    if (sqlite3_prepare_v2 (overview->db,
                            "SELECT message_id, name FROM site_names", -1,
                            &statement, NULL) != SQLITE_OK)
        return mla_overview_throw (overview, error, "read site names"), NULL;
    while ((status = sqlite3_step (statement)) == SQLITE_ROW)
        g_hash_table_insert (
            names, g_strdup ((const char *) sqlite3_column_text (statement, 0)),
            g_strdup ((const char *) sqlite3_column_text (statement, 1)));
    sqlite3_finalize (statement);
    if (status != SQLITE_DONE)
        return mla_overview_throw (overview, error, "read site names"), NULL;
    return g_steal_pointer (&names);
}

static gboolean
add_site_names (MlaOverview *overview, GPtrArray *names, GError **error)
{
    sqlite3_stmt *statement = NULL;
    gboolean ok = TRUE;

    if (!mla_overview_exec (overview, "BEGIN IMMEDIATE", error))
        return FALSE;
    /* OR IGNORE: a site built at the same time recorded the id first, and
     * its name stands. */
    if (sqlite3_prepare_v2 (overview->db,
                            "INSERT OR IGNORE INTO site_names (message_id,"
                            " name, key) VALUES (?1, ?2, mla_name_key (?2))",
                            -1, &statement, NULL) != SQLITE_OK)
        ok = mla_overview_throw (overview, error, "prepare");
    for (guint i = 0; ok && i + 1 < names->len; i += 2) {
        mla_overview_bind_text (statement, 1, names->pdata[i]);
        mla_overview_bind_text (statement, 2, names->pdata[i + 1]);
        ok = mla_overview_step_done (overview, statement, error);
    }
    sqlite3_finalize (statement);
    if (ok && mla_overview_exec (overview, "COMMIT", error))
        return TRUE;
    sqlite3_exec (overview->db, "ROLLBACK", NULL, NULL, NULL);
    return FALSE;
}

gboolean
mla_overview_add_site_names (MlaOverview *overview, GPtrArray *names,
                             GError **error)
{
    g_autoptr (MlaOverview) writer = NULL;

    g_return_val_if_fail (overview != NULL && names != NULL, FALSE);
    if (!overview->reading)
        return add_site_names (overview, names, error);
    /* A site reads one snapshot from before it names new messages. */
    writer = mla_overview_open_writer (overview, error);
    return writer != NULL && add_site_names (writer, names, error);
}

void
mla_overview_copy_site_names (MlaOverview *fresh, const char *old_path,
                              const char *identity)
{
    sqlite3_stmt *statement = NULL;
    gboolean attached;

    if (!g_file_test (old_path, G_FILE_TEST_EXISTS))
        return;
    if (sqlite3_prepare_v2 (fresh->db, "ATTACH DATABASE ? AS old", -1,
                            &statement, NULL) != SQLITE_OK)
        return;
    mla_overview_bind_text (statement, 1, old_path);
    attached = sqlite3_step (statement) == SQLITE_DONE;
    sqlite3_finalize (statement);
    if (!attached)
        return;
    /* Only from the same archive; a damaged or older file gives none. */
    if (sqlite3_prepare_v2 (
            fresh->db,
            "INSERT OR IGNORE INTO site_names SELECT message_id, name,"
            " mla_name_key (name) FROM"
            " old.site_names WHERE (SELECT value FROM old.meta WHERE key ="
            " 'archive') = ?",
            -1, &statement, NULL) == SQLITE_OK) {
        mla_overview_bind_text (statement, 1, identity);
        if (sqlite3_step (statement) != SQLITE_DONE)
            g_debug ("%s: site names not carried over: %s", old_path,
                     sqlite3_errmsg (fresh->db));
    }
    sqlite3_finalize (statement);
    sqlite3_exec (fresh->db, "DETACH DATABASE old", NULL, NULL, NULL);
}

GPtrArray *
mla_overview_get_published_names (MlaOverview *overview, gint64 *out_last,
                                  GError **error)
{
    g_autoptr (GPtrArray) pairs = g_ptr_array_new_with_free_func (g_free);
    sqlite3_stmt *statement = NULL;
    gint64 last = 0;
    int status;

    g_return_val_if_fail (overview != NULL, NULL);
    if (sqlite3_prepare_v2 (
            overview->db,
            "SELECT m.message_id, n.name, m.date, m.arrived FROM messages m"
            " JOIN site_names n ON n.message_id = m.message_id"
            " WHERE m.no_archive = 0 ORDER BY m.id",
            -1, &statement, NULL) != SQLITE_OK)
        return mla_overview_throw (overview, error, "read site names"), NULL;
    while ((status = sqlite3_step (statement)) == SQLITE_ROW) {
        g_ptr_array_add (pairs, g_strdup ((const char *) sqlite3_column_text (
                                    statement, 0)));
        g_ptr_array_add (pairs, g_strdup ((const char *) sqlite3_column_text (
                                    statement, 1)));
        last = MAX (last,
                    mla_thread_activity (sqlite3_column_int64 (statement, 2),
                                         sqlite3_column_int64 (statement, 3)));
    }
    sqlite3_finalize (statement);
    if (status != SQLITE_DONE)
        return mla_overview_throw (overview, error, "read site names"), NULL;
    if (out_last != NULL)
        *out_last = last;
    return g_steal_pointer (&pairs);
}
