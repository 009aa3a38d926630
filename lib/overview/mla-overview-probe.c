/* mla-overview-probe.c: the indexed look-ups of a site update that reads
 * part of the archive (mla-overview-probe-private.h). Each runs one
 * prepared statement of mla-overview-db.c under the connection's lock,
 * since the site asks some of them from the threads that make pages. */
#include "config.h"
#include "mla-overview-private.h"
#include "mla-overview-probe-private.h"

/* What binds a statement's parameters before it runs. */
typedef struct {
    const char *text;
    gint64 a, b;
} Bind;

static sqlite3_stmt *
prepare (MlaOverview *overview, int which, const Bind *bind, GError **error)
{
    sqlite3_stmt *statement = mla_overview_stmt (overview, which, error);

    if (statement == NULL)
        return NULL;
    if (bind->text != NULL) {
        mla_overview_bind_text (statement, 1, bind->text);
        return statement;
    }
    if (sqlite3_bind_parameter_count (statement) > 0)
        sqlite3_bind_int64 (statement, 1, bind->a);
    if (sqlite3_bind_parameter_count (statement) > 1)
        sqlite3_bind_int64 (statement, 2, bind->b);
    return statement;
}

/* The entries statement @which finds. */
static GPtrArray *
entries (MlaOverview *overview, int which, Bind bind, GError **error)
{
    sqlite3_stmt *statement;
    GPtrArray *found = NULL;

    g_mutex_lock (&overview->details_lock);
    statement = prepare (overview, which, &bind, error);
    if (statement != NULL)
        found = mla_overview_collect_entries (overview, statement, "look up",
                                              error);
    g_mutex_unlock (&overview->details_lock);
    return found;
}

/* The first column of the first row statement @which finds, as an
 * integer (@out_found: whether there is a row) or, with @out_text, as
 * text. */
static gboolean
first_value (MlaOverview *overview, int which, Bind bind, gint64 *out_value,
             char **out_text, gboolean *out_found, GError **error)
{
    sqlite3_stmt *statement;
    gboolean ok = FALSE;
    int status;

    g_mutex_lock (&overview->details_lock);
    statement = prepare (overview, which, &bind, error);
    if (statement != NULL) {
        status = sqlite3_step (statement);
        ok = status == SQLITE_ROW || status == SQLITE_DONE;
        if (!ok)
            mla_overview_throw (overview, error, "look up");
        if (out_found != NULL)
            *out_found = status == SQLITE_ROW;
        if (out_value != NULL)
            *out_value =
                status == SQLITE_ROW ? sqlite3_column_int64 (statement, 0) : 0;
        if (out_text != NULL)
            *out_text = status == SQLITE_ROW
                            ? mla_overview_column_dup (statement, 0)
                            : NULL;
        sqlite3_reset (statement);
    }
    g_mutex_unlock (&overview->details_lock);
    return ok;
}

GPtrArray *
mla_overview_get_rows_after (MlaOverview *overview, gint64 row, GError **error)
{
    return entries (overview, STMT_ROWS_AFTER, (Bind){ NULL, row, 0 }, error);
}

GPtrArray *
mla_overview_get_rows_with_id (MlaOverview *overview, const char *id,
                               GError **error)
{
    return entries (overview, STMT_ROWS_WITH_ID, (Bind){ id, 0, 0 }, error);
}

gboolean
mla_overview_get_date_neighbours (MlaOverview *overview, gint64 activity,
                                  gint64 row, MlaOverviewEntry **out_before,
                                  MlaOverviewEntry **out_after, GError **error)
{
    const int which[] = { STMT_ROW_BEFORE, STMT_ROW_AFTER };
    MlaOverviewEntry **out[] = { out_before, out_after };

    for (gsize k = 0; k < G_N_ELEMENTS (which); k++) {
        g_autoptr (GPtrArray) found =
            entries (overview, which[k], (Bind){ NULL, activity, row }, error);

        *out[k] = found != NULL && found->len > 0
                      ? g_ptr_array_steal_index (found, 0)
                      : NULL;
        if (found == NULL) {
            g_clear_pointer (out_before, g_free);
            return FALSE;
        }
    }
    return TRUE;
}

GPtrArray *
mla_overview_get_newest (MlaOverview *overview, guint limit, GError **error)
{
    return entries (overview, STMT_NEWEST, (Bind){ NULL, limit, 0 }, error);
}

/* Runs statement @which, handing each row to @take with @out. */
static gboolean
each_row (MlaOverview *overview, int which, Bind bind,
          void (*take) (sqlite3_stmt *statement, gpointer out), gpointer out,
          GError **error)
{
    sqlite3_stmt *statement;
    int status = SQLITE_ERROR;

    g_mutex_lock (&overview->details_lock);
    statement = prepare (overview, which, &bind, error);
    if (statement != NULL) {
        while ((status = sqlite3_step (statement)) == SQLITE_ROW)
            take (statement, out);
        sqlite3_reset (statement);
        if (status != SQLITE_DONE)
            mla_overview_throw (overview, error, "look up");
    }
    g_mutex_unlock (&overview->details_lock);
    return status == SQLITE_DONE;
}

static void
take_text (sqlite3_stmt *statement, gpointer out)
{
    g_ptr_array_add (out, mla_overview_column_dup (statement, 0));
}

static void
take_row (sqlite3_stmt *statement, gpointer out)
{
    gint64 row = sqlite3_column_int64 (statement, 0);

    g_array_append_val ((GArray *) out, row);
}

/* The texts (thread ids) statement @which finds. */
static GPtrArray *
texts (MlaOverview *overview, int which, Bind bind, GError **error)
{
    g_autoptr (GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);

    return each_row (overview, which, bind, take_text, ids, error)
               ? g_steal_pointer (&ids)
               : NULL;
}

GPtrArray *
mla_overview_get_newest_threads (MlaOverview *overview, guint limit,
                                 GError **error)
{
    return texts (overview, STMT_NEWEST_THREADS, (Bind){ NULL, limit, 0 },
                  error);
}

GPtrArray *
mla_overview_get_changed_threads (MlaOverview *overview, gint64 after,
                                  GError **error)
{
    return texts (overview, STMT_CHANGED_THREADS, (Bind){ NULL, after, 0 },
                  error);
}

GArray *
mla_overview_get_agenda_rows (MlaOverview *overview, GError **error)
{
    g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (gint64));

    return each_row (overview, STMT_AGENDA_ROWS, (Bind){ NULL, 0, 0 }, take_row,
                     rows, error)
               ? g_steal_pointer (&rows)
               : NULL;
}

GPtrArray *
mla_overview_get_dated (MlaOverview *overview, gint64 from, gint64 to,
                        GError **error)
{
    return entries (overview, STMT_DATED, (Bind){ NULL, from, to }, error);
}

GPtrArray *
mla_overview_get_pages (MlaOverview *overview, gint64 from, gint64 to,
                        GError **error)
{
    return entries (overview, STMT_PAGES, (Bind){ NULL, from, to }, error);
}

gint64
mla_overview_count_list_id (MlaOverview *overview, const char *list_id,
                            GError **error)
{
    gint64 count = 0;

    if (!first_value (overview, STMT_COUNT_LIST_ID, (Bind){ list_id, 0, 0 },
                      &count, NULL, NULL, error))
        return -1;
    return count;
}

gint64
mla_overview_count_shown_threads (MlaOverview *overview, GError **error)
{
    gint64 count = 0;

    if (!first_value (overview, STMT_COUNT_SHOWN_THREADS, (Bind){ NULL, 0, 0 },
                      &count, NULL, NULL, error))
        return -1;
    return count;
}

gboolean
mla_overview_get_first_date (MlaOverview *overview, gint64 *out_date,
                             GError **error)
{
    return first_value (overview, STMT_FIRST_DATE, (Bind){ NULL, 0, 0 },
                        out_date, NULL, NULL, error);
}

gboolean
mla_overview_get_site_name (MlaOverview *overview, const char *id,
                            char **out_name, GError **error)
{
    return first_value (overview, STMT_SITE_NAME, (Bind){ id, 0, 0 }, NULL,
                        out_name, NULL, error);
}

gboolean
mla_overview_has_name_key (MlaOverview *overview, const char *key,
                           MlaOverviewNames which, gboolean *out_found,
                           GError **error)
{
    return first_value (overview,
                        which == MLA_OVERVIEW_NAMES_PUBLISHED
                            ? STMT_KEY_PUBLISHED
                            : STMT_KEY_RECORDED,
                        (Bind){ key, 0, 0 }, NULL, NULL, out_found, error);
}

gboolean
mla_overview_is_named (MlaOverview *overview, const char *id,
                       gboolean *out_named, GError **error)
{
    return first_value (overview, STMT_IS_NAMED, (Bind){ id, 0, 0 }, NULL, NULL,
                        out_named, error);
}
