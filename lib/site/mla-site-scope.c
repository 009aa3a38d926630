/* mla-site-scope.c: the pages an update visits. Each rule follows a
 * page's signature in mla-site.c: a message page shows its copies, what
 * it shows of its thread and its neighbours by date; a thread's pages its
 * version; a month's pages its neighbours, its messages and the versions
 * of the threads active in it. A new message changes the thread it joins
 * and those holding its id, and its neighbours by date; nothing else of
 * an archive that only grew (the site's identity aside, checked first). */
#include "config.h"
#include <string.h>
#include "mla-site-scope-private.h"

guint64
mla_site_max_row (MlaSite *site)
{
    guint n = mla_overview_threads_get_n_entries (site->threads);
    gint64 max = 0;

    for (guint i = 0; i < n; i++)
        max = MAX (max, mla_overview_threads_get_entry (site->threads, i)->row);
    return (guint64) max;
}

void
mla_site_identity (MlaSite *site, char out[65])
{
    g_autofree char *text =
        g_strdup_printf ("%s\n%s\n", site->title != NULL ? site->title : "",
                         site->feed_tag != NULL ? site->feed_tag : "");
    g_autofree char *sum =
        g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);

    g_strlcpy (out, sum, 65);
}

/* Marks as new the entries above @before's row; FALSE when the archive
 * did more than grow (messages gone or withheld). */
static gboolean
mark_new (MlaSite *site, const MlaSiteMark *before, guint8 *is_new)
{
    guint n = mla_overview_threads_get_n_entries (site->threads);
    guint64 added = 0, published = 0;

    for (guint i = 0; i < n; i++) {
        if ((guint64) mla_overview_threads_get_entry (site->threads, i)->row <=
            before->max_row)
            continue;
        is_new[i] = 1;
        added++;
        published += site->published[i] != FALSE;
    }
    return n == before->published + before->withheld + added &&
           site->by_date->len == before->published + published;
}

/* The month each published entry is listed in. */
static guint *
entry_months (MlaSite *site)
{
    guint *month_of = g_new0 (
        guint, MAX (mla_overview_threads_get_n_entries (site->threads), 1));

    for (guint m = 0; m < site->months->len; m++) {
        const MlaSiteMonth *month = g_ptr_array_index (site->months, m);

        for (guint i = 0; i < month->entries->len; i++)
            month_of[g_array_index (month->entries, guint, i)] = m;
    }
    return month_of;
}

static void
mark_month_around (MlaSite *site, guint8 *months, guint m)
{
    months[m] = 1;
    if (m > 0)
        months[m - 1] = 1;
    if (m + 1 < site->months->len)
        months[m + 1] = 1;
}

/* A new entry: the threads of every message with its id, its neighbours
 * by date, and its month with the months around it (a new month changes
 * their links). */
static void
reach_from_new (MlaSite *site, guint entry, guint8 *roots, guint8 *entries,
                guint8 *months, const guint *month_of)
{
    const char *id =
        mla_overview_threads_get_entry (site->threads, entry)->message_id;
    guint first =
        GPOINTER_TO_UINT (g_hash_table_lookup (site->first_with_id, id));
    guint rank = site->date_rank[entry];

    roots[mla_site_root_of (site, entry)] = 1;
    for (guint i = first > 0 ? first - 1 : MLA_THREAD_NONE;
         i != MLA_THREAD_NONE; i = site->next_same_id[i])
        roots[mla_site_root_of (site, i)] = 1;
    if (!site->published[entry])
        return;
    entries[entry] = 1;
    if (rank > 0)
        entries[g_array_index (site->by_date, guint, rank - 1)] = 1;
    if (rank + 1 < site->by_date->len)
        entries[g_array_index (site->by_date, guint, rank + 1)] = 1;
    mark_month_around (site, months, month_of[entry]);
}

MlaSiteScope *
mla_site_scope_new (MlaSite *site, const MlaSiteMark *before, guint64 n_aliases,
                    GPtrArray *stored)
{
    g_autoptr (GHashTable) stored_ids =
        g_hash_table_new (g_str_hash, g_str_equal);
    guint n = mla_overview_threads_get_n_entries (site->threads);
    guint n_nodes = mla_thread_forest_get_n_nodes (site->forest);
    g_autoptr (MlaSiteScope) scope = NULL;
    g_autofree guint8 *roots = NULL;
    g_autofree guint8 *entries = NULL;
    g_autofree guint8 *months = NULL;
    g_autofree guint *month_of = NULL;
    char identity[65];

    if (before == NULL || before->aliases != n_aliases)
        return NULL;
    mla_site_identity (site, identity);
    if (strcmp (identity, before->identity) != 0)
        return NULL;
    scope = g_new0 (MlaSiteScope, 1);
    scope->months = g_array_new (FALSE, FALSE, sizeof (guint));
    scope->roots = g_array_new (FALSE, FALSE, sizeof (guint));
    scope->entries = g_array_new (FALSE, FALSE, sizeof (guint));
    scope->is_new = g_new0 (guint8, MAX (n, 1));
    if (!mark_new (site, before, scope->is_new))
        return NULL;
    roots = g_new0 (guint8, MAX (n_nodes, 1));
    entries = g_new0 (guint8, MAX (n, 1));
    months = g_new0 (guint8, MAX (site->months->len, 1));
    month_of = entry_months (site);
    for (guint i = 0; i < n; i++)
        if (scope->is_new[i])
            reach_from_new (site, i, roots, entries, months, month_of);
    for (guint i = 0; i < stored->len; i++)
        g_hash_table_add (stored_ids, stored->pdata[i]);
    /* A thread that changed (new mail reached it, or re-threading stored
     * it): every message of it, every month it is in. */
    for (guint r = 0; r < site->roots->len; r++) {
        guint root = g_array_index (site->roots, guint, r);
        GArray *dates = site->thread_dates->pdata[root];

        if (!roots[root] && !g_hash_table_contains (
                                stored_ids, mla_thread_forest_get_thread_id (
                                                site->forest, root)))
            continue;
        g_array_append_val (scope->roots, root);
        for (guint i = 0; i < dates->len; i++) {
            guint entry = g_array_index (dates, guint, i);

            entries[entry] = 1;
            months[month_of[entry]] = 1;
        }
    }
    for (guint i = 0; i < n; i++)
        if (entries[i] && site->published[i])
            g_array_append_val (scope->entries, i);
    for (guint m = 0; m < site->months->len; m++)
        if (months[m])
            g_array_append_val (scope->months, m);
    return g_steal_pointer (&scope);
}

/* The entry in row @row among entries [low, high), in row order, or
 * MLA_THREAD_NONE. */
static guint
find_row (MlaSite *site, gint64 row, guint low, guint high)
{
    while (low < high) {
        guint mid = low + (high - low) / 2;
        gint64 at = mla_overview_threads_get_entry (site->threads, mid)->row;

        if (at == row)
            return mid;
        if (at < row)
            low = mid + 1;
        else
            high = mid;
    }
    return MLA_THREAD_NONE;
}

/* The entry in row @row, or MLA_THREAD_NONE: the forest's entries are in
 * row order, and so are the lone ones after them. */
static guint
entry_of_row (MlaSite *site, gint64 row)
{
    guint entry = find_row (site, row, 0, site->n_inputs);

    return entry != MLA_THREAD_NONE
               ? entry
               : find_row (site, row, site->n_inputs,
                           mla_overview_threads_get_n_entries (site->threads));
}

/* What the mask keeps since the last build, as texts to look for: each
 * new message's id and folder name, and the placeholders above it (ids
 * its replies named before it came). Its legacy names are made of its id
 * and split into the same words. */
static GPtrArray *
kept_since (MlaSite *site, const guint8 *is_new)
{
    GPtrArray *texts = g_ptr_array_new ();
    guint n = mla_overview_threads_get_n_entries (site->threads);

    for (guint i = 0; i < n; i++) {
        guint node;

        if (!is_new[i])
            continue;
        g_ptr_array_add (
            texts, (gpointer) mla_overview_threads_get_entry (site->threads, i)
                       ->message_id);
        if (site->published[i])
            g_ptr_array_add (texts, site->dirs[i]);
        node = mla_thread_forest_node_of_input (site->forest, i);
        for (node = mla_thread_forest_get_node (site->forest, node)->parent;
             node != MLA_THREAD_NONE;
             node = mla_thread_forest_get_node (site->forest, node)->parent)
            if (mla_thread_forest_get_node (site->forest, node)->input ==
                MLA_THREAD_NONE)
                g_ptr_array_add (texts, (gpointer) mla_thread_forest_get_node (
                                            site->forest, node)
                                            ->id);
    }
    return texts;
}

/* Marks the published, old entries whose indexed text holds one of
 * @texts. */
static gboolean
mark_naming (MlaSite *site, MlaSiteScope *scope, const guint8 *is_new,
             GPtrArray *texts, guint8 *named, GError **error)
{
    g_autoptr (GHashTable) asked = g_hash_table_new (g_str_hash, g_str_equal);

    for (guint t = 0; t < texts->len; t++) {
        g_autoptr (GArray) rows = NULL;

        if (!g_hash_table_add (asked, texts->pdata[t]))
            continue;
        rows =
            mla_overview_rows_naming (site->overview, texts->pdata[t], error);
        if (rows == NULL)
            return FALSE;
        for (guint r = 0; r < rows->len; r++) {
            guint entry = entry_of_row (site, g_array_index (rows, gint64, r));

            /* An old message that part of the archive may not show
             * whole (its month, its neighbours). */
            if (scope != NULL && scope->partial &&
                (entry == MLA_THREAD_NONE || !is_new[entry]))
                scope->missed = TRUE;
            else if (entry != MLA_THREAD_NONE && !is_new[entry] &&
                     site->published[entry])
                named[entry] = 1;
        }
    }
    return TRUE;
}

/* Adds to what @scope visits the @named entries, their threads and their
 * months, keeping each list in its order. */
static void
visit_named (MlaSite *site, MlaSiteScope *scope, const guint8 *named,
             const guint *month_of)
{
    guint n = mla_overview_threads_get_n_entries (site->threads);
    g_autofree guint8 *entries = g_new0 (guint8, MAX (n, 1));
    g_autofree guint8 *roots =
        g_new0 (guint8, MAX (mla_thread_forest_get_n_nodes (site->forest), 1));
    g_autofree guint8 *months = g_new0 (guint8, MAX (site->months->len, 1));

    for (guint i = 0; i < scope->entries->len; i++)
        entries[g_array_index (scope->entries, guint, i)] = 1;
    for (guint i = 0; i < scope->roots->len; i++)
        roots[g_array_index (scope->roots, guint, i)] = 1;
    for (guint i = 0; i < scope->months->len; i++)
        months[g_array_index (scope->months, guint, i)] = 1;
    for (guint i = 0; i < n; i++)
        if (named[i]) {
            entries[i] = 1;
            roots[mla_site_root_of (site, i)] = 1;
            months[month_of[i]] = 1;
        }
    g_array_set_size (scope->entries, 0);
    g_array_set_size (scope->roots, 0);
    g_array_set_size (scope->months, 0);
    for (guint i = 0; i < n; i++)
        if (entries[i])
            g_array_append_val (scope->entries, i);
    for (guint r = 0; r < site->roots->len; r++)
        if (roots[g_array_index (site->roots, guint, r)])
            g_array_append_val (scope->roots,
                                g_array_index (site->roots, guint, r));
    for (guint m = 0; m < site->months->len; m++)
        if (months[m])
            g_array_append_val (scope->months, m);
}

GPtrArray *
mla_site_scope_remake (MlaSiteScope *scope, MlaSite *site,
                       const MlaSiteMark *before, GError **error)
{
    guint n = mla_overview_threads_get_n_entries (site->threads);
    g_autoptr (GPtrArray) remake = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GPtrArray) texts = NULL;
    g_autofree guint8 *is_new = NULL;
    g_autofree guint8 *named = NULL;
    g_autofree guint *month_of = NULL;
    g_autoptr (GHashTable) folders = NULL;
    GHashTableIter iter;
    gpointer folder;

    if (site->mask == NULL || before == NULL)
        return g_steal_pointer (&remake);
    /* A build that visits every page still keeps those whose signatures
     * did not change: the new rows are those above the mark all the same
     * (after a removal, which numbers the rows anew, a guess). */
    is_new = g_new0 (guint8, MAX (n, 1));
    if (scope != NULL)
        memcpy (is_new, scope->is_new, n);
    else
        mark_new (site, before, is_new);
    texts = kept_since (site, is_new);
    named = g_new0 (guint8, MAX (n, 1));
    if (!mark_naming (site, scope, is_new, texts, named, error))
        return NULL;
    month_of = entry_months (site);
    if (scope != NULL)
        visit_named (site, scope, named, month_of);
    /* Each folder once: every keep of the build looks through them. */
    folders = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    for (guint i = 0; i < n; i++) {
        g_autofree char *message = NULL;
        g_autofree char *thread = NULL;
        const MlaSiteMonth *month;

        if (!named[i])
            continue;
        message = mla_site_message_path (site, i);
        thread = mla_site_thread_path (site, mla_site_root_of (site, i));
        month = g_ptr_array_index (site->months, month_of[i]);
        g_hash_table_add (folders, g_strconcat (message, "/", NULL));
        g_hash_table_add (folders, g_strconcat (thread, "/", NULL));
        g_hash_table_add (folders, g_strconcat (month->path, "/", NULL));
    }
    g_hash_table_iter_init (&iter, folders);
    while (g_hash_table_iter_next (&iter, &folder, NULL)) {
        g_hash_table_iter_steal (&iter);
        g_ptr_array_add (remake, folder);
    }
    return g_steal_pointer (&remake);
}

void
mla_site_scope_free (MlaSiteScope *scope)
{
    if (scope == NULL)
        return;
    g_array_unref (scope->months);
    g_array_unref (scope->roots);
    g_array_unref (scope->entries);
    g_free (scope->is_new);
    g_free (scope);
}
