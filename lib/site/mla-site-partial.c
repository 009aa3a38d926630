/* mla-site-partial.c: an update that reads only the rows its pages show
 * (mla-site-partial-private.h). The rules are those of mla-site-scope.c
 * (what a new message changes), turned into look-ups; what they load is
 * closed under what the visited pages read: every page visited has its
 * thread loaded whole and its neighbours by date loaded, every month
 * visited has every thread active in it loaded, and the home page and
 * feeds have the newest threads and messages. Since the loaded threads
 * keep the archive's order among themselves, the arrays built over them
 * (by date, threads by activity, a month's threads) give the visited
 * pages what a full load gives them. */
#include "config.h"
#include <string.h>
#include "mla-error.h"
#include "mla-overview-probe-private.h"
#include "mla-site-partial-private.h"
#include "mla-site-relink-private.h"

/* More new messages than this, or more rows to load than this: the
 * update reads everything (as a first build does). */
#define PARTIAL_MAX_NEW 1000
#define PARTIAL_MAX_ROWS 50000

typedef struct {
    MlaSite *site;
    MlaArchive *archive;
    MlaOverview *overview;
    const MlaSiteOptions *options;
    const MlaSiteMark *before;
    const char *reason;     /* why everything must be read, or NULL */
    GPtrArray *fresh;       /* MlaOverviewEntry *: the rows above the mark */
    GHashTable *changed;    /* thread ids whose pages are visited */
    GHashTable *threads;    /* thread ids to load whole */
    GHashTable *visit;      /* rows (gint64 *) whose pages are visited */
    GArray *lone;           /* gint64 rows shown beside those (neighbours,
                             * the newest messages) */
    GHashTable *months;     /* month path -> its published count + 1 */
    GPtrArray *month_paths; /* every month with mail, in order */
    gint64 n_threads;       /* threads with a published message */
    guint fresh_published;
    guint64 list_count;
    gint64 first_date;
    gboolean reloaded; /* loaded again, with the threads timetables link */
} Plan;

static void
plan_clear (Plan *plan)
{
    g_clear_pointer (&plan->fresh, g_ptr_array_unref);
    g_clear_pointer (&plan->changed, g_hash_table_unref);
    g_clear_pointer (&plan->threads, g_hash_table_unref);
    g_clear_pointer (&plan->visit, g_hash_table_unref);
    g_clear_pointer (&plan->lone, g_array_unref);
    g_clear_pointer (&plan->months, g_hash_table_unref);
    g_clear_pointer (&plan->month_paths, g_ptr_array_unref);
}

/* Gives up reading part of the archive; TRUE, so that callers go on
 * returning without an error. */
static gboolean
give_up (Plan *plan, const char *reason)
{
    if (plan->reason == NULL)
        plan->reason = reason;
    return TRUE;
}

/* Row @e (published), visited: its page is checked and made if it
 * changed. The table maps its row to its activity (one block). */
static void
visit_row (Plan *plan, const MlaOverviewEntry *e)
{
    gint64 *pair = g_new (gint64, 2);

    pair[0] = e->row;
    pair[1] = mla_thread_activity (e->date, e->arrived);
    g_hash_table_replace (plan->visit, pair, pair + 1);
}

static void
add_month (Plan *plan, gint64 date)
{
    int year, month;
    gint64 from, to;
    char *path = mla_site_month_range (date, &year, &month, &from, &to);

    if (!g_hash_table_contains (plan->months, path))
        g_hash_table_insert (plan->months, path, GUINT_TO_POINTER (0));
    else
        g_free (path);
}

/* The new rows, and the List-Id test of the site's identity: the main
 * List-Id stays while no other reaches its count. */
static gboolean
find_fresh (Plan *plan, GError **error)
{
    const MlaSiteMark *before = plan->before;
    g_autoptr (GHashTable) asked = g_hash_table_new (g_str_hash, g_str_equal);

    plan->fresh = mla_overview_get_rows_after (plan->overview,
                                               (gint64) before->max_row, error);
    if (plan->fresh == NULL)
        return FALSE;
    if (plan->fresh->len > PARTIAL_MAX_NEW)
        return give_up (plan, "many new messages");
    plan->list_count = before->list_count;
    for (guint i = 0; i < plan->fresh->len; i++) {
        const MlaOverviewEntry *e = g_ptr_array_index (plan->fresh, i);

        /* The mask keeps the addresses of the published messages'
         * List-Ids, which every page may show. */
        if (!e->no_archive && e->list_id != NULL &&
            !g_ptr_array_find_with_equal_func (before->lists, e->list_id,
                                               g_str_equal, NULL))
            return give_up (plan, "a List-Id new to the site");
        plan->fresh_published += !e->no_archive;
        if (e->list_id != NULL && g_strcmp0 (e->list_id, before->list_id) == 0)
            plan->list_count++;
    }
    for (guint i = 0; i < plan->fresh->len; i++) {
        const MlaOverviewEntry *e = g_ptr_array_index (plan->fresh, i);
        gint64 count;

        if (e->list_id == NULL ||
            g_strcmp0 (e->list_id, before->list_id) == 0 ||
            !g_hash_table_add (asked, (gpointer) e->list_id))
            continue;
        if (before->list_id == NULL)
            return give_up (plan, "a first List-Id");
        count = mla_overview_count_list_id (plan->overview, e->list_id, error);
        if (count < 0)
            return FALSE;
        if ((guint64) count > plan->list_count ||
            ((guint64) count == plan->list_count &&
             strcmp (e->list_id, before->list_id) < 0))
            return give_up (plan, "another List-Id leads");
    }
    return mla_overview_get_first_date (plan->overview, &plan->first_date,
                                        error);
}

/* The threaded copies of @id: one (itself) unless the id was reused,
 * which changes every page showing a copy; that case reads everything. */
static gboolean
check_copies (Plan *plan, const char *id, GError **error)
{
    g_autoptr (GPtrArray) copies =
        mla_overview_get_rows_with_id (plan->overview, id, error);

    if (copies == NULL)
        return FALSE;
    return copies->len > 1 ? give_up (plan, "a reused Message-ID") : TRUE;
}

/* Each thread a new message joined, or that re-threading changed since
 * (one whose message went to another thread by its subject): its
 * published messages are visited (a thread's version is in each of its
 * pages), and every month it is active in. */
static gboolean
plan_changed_threads (Plan *plan, GError **error)
{
    g_autoptr (GPtrArray) stored = mla_overview_get_changed_threads (
        plan->overview, (gint64) plan->before->max_row, error);
    GHashTableIter iter;
    gpointer thread;
    gboolean moved = FALSE; /* a thread changed with no new message */

    if (stored == NULL)
        return FALSE;
    for (guint i = 0; i < plan->fresh->len; i++) {
        const MlaOverviewEntry *e = g_ptr_array_index (plan->fresh, i);

        g_hash_table_add (plan->changed, g_strdup (e->thread));
        if (!check_copies (plan, e->message_id, error))
            return FALSE;
    }
    for (guint i = 0; i < stored->len; i++)
        moved |= g_hash_table_add (plan->changed, g_strdup (stored->pdata[i]));
    g_hash_table_iter_init (&iter, plan->changed);
    while (plan->reason == NULL &&
           g_hash_table_iter_next (&iter, &thread, NULL)) {
        g_autoptr (GPtrArray) rows =
            mla_overview_get_thread (plan->overview, thread, error);
        gboolean had_published = FALSE, has_published = FALSE;

        if (rows == NULL)
            return FALSE;
        for (guint i = 0; i < rows->len; i++) {
            const MlaOverviewEntry *e = g_ptr_array_index (rows, i);

            if (e->no_archive)
                continue;
            has_published = TRUE;
            had_published |= (guint64) e->row <= plan->before->max_row;
            visit_row (plan, e);
            add_month (plan, e->date);
            if (e->message_id != NULL &&
                (guint64) e->row <= plan->before->max_row &&
                !check_copies (plan, e->message_id, error))
                return FALSE;
        }
        plan->n_threads += has_published && !had_published;
        g_hash_table_add (plan->threads, g_strdup (thread));
    }
    /* A thread that changed with no new message may have lost its only
     * published one to another: then counted (slow at a million
     * threads), else worked out. */
    if (moved)
        plan->n_threads =
            mla_overview_count_shown_threads (plan->overview, error);
    else
        plan->n_threads += (gint64) plan->before->threads;
    return plan->n_threads >= 0;
}

static int
compare_paths (gconstpointer a, gconstpointer b)
{
    return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* Every month with mail: the last build's and the new messages'. */
static void
plan_month_list (Plan *plan)
{
    g_autoptr (GHashTable) all = g_hash_table_new (g_str_hash, g_str_equal);
    GArray *counts = plan->before->months;

    plan->month_paths = g_ptr_array_new_with_free_func (g_free);
    for (guint m = 0; m < counts->len; m++) {
        const char *path = g_array_index (counts, MlaSiteMonthCount, m).path;

        if (g_hash_table_add (all, (gpointer) path))
            g_ptr_array_add (plan->month_paths, g_strdup (path));
    }
    for (guint i = 0; i < plan->fresh->len; i++) {
        const MlaOverviewEntry *e = g_ptr_array_index (plan->fresh, i);
        int year, month;
        gint64 from, to;
        char *path;

        if (e->no_archive)
            continue;
        path = mla_site_month_range (e->date, &year, &month, &from, &to);
        if (g_hash_table_contains (all, path)) {
            g_free (path);
            continue;
        }
        g_hash_table_add (all, path);
        g_ptr_array_add (plan->month_paths, path);
    }
    g_ptr_array_sort (plan->month_paths, compare_paths);
}

/* The months around @path (those with mail): a new month changes their
 * links, and a new message their neighbours' counts. */
static void
add_months_around (Plan *plan, const char *path)
{
    for (guint m = 0; m < plan->month_paths->len; m++) {
        if (strcmp (plan->month_paths->pdata[m], path) != 0)
            continue;
        if (m > 0 && !g_hash_table_contains (plan->months,
                                             plan->month_paths->pdata[m - 1]))
            g_hash_table_insert (plan->months,
                                 g_strdup (plan->month_paths->pdata[m - 1]),
                                 GUINT_TO_POINTER (0));
        if (m + 1 < plan->month_paths->len &&
            !g_hash_table_contains (plan->months,
                                    plan->month_paths->pdata[m + 1]))
            g_hash_table_insert (plan->months,
                                 g_strdup (plan->month_paths->pdata[m + 1]),
                                 GUINT_TO_POINTER (0));
        return;
    }
}

/* The published rows just before and after (@activity, @row): visited,
 * with their threads, or (@visit FALSE) loaded as lone entries. */
static gboolean
add_neighbours (Plan *plan, gint64 activity, gint64 row, gboolean visit,
                GError **error)
{
    MlaOverviewEntry *around[2] = { NULL, NULL };

    if (!mla_overview_get_date_neighbours (plan->overview, activity, row,
                                           &around[0], &around[1], error))
        return FALSE;
    for (guint k = 0; k < 2; k++) {
        if (around[k] != NULL && visit) {
            visit_row (plan, around[k]);
            g_hash_table_add (plan->threads, g_strdup (around[k]->thread));
        } else if (around[k] != NULL) {
            g_array_append_val (plan->lone, around[k]->row);
        }
        g_free (around[k]);
    }
    return TRUE;
}

/* Each new published message: its neighbours by date are visited (their
 * pages link it), with their threads, and its month with the months
 * around it. */
static gboolean
plan_fresh_neighbours (Plan *plan, GError **error)
{
    for (guint i = 0; i < plan->fresh->len; i++) {
        const MlaOverviewEntry *e = g_ptr_array_index (plan->fresh, i);
        int year, month;
        gint64 from, to;
        g_autofree char *path = NULL;

        if (e->no_archive)
            continue;
        path = mla_site_month_range (e->date, &year, &month, &from, &to);
        add_month (plan, e->date);
        add_months_around (plan, path);
        if (!add_neighbours (plan, mla_thread_activity (e->date, e->arrived),
                             e->row, TRUE, error))
            return FALSE;
    }
    return TRUE;
}

/* Every visited page links its neighbours by date: they are loaded, as
 * lone entries when their threads are not. */
static gboolean
plan_visit_neighbours (Plan *plan, GError **error)
{
    GHashTableIter iter;
    gpointer row, activity;

    g_hash_table_iter_init (&iter, plan->visit);
    while (g_hash_table_iter_next (&iter, &row, &activity))
        if (!add_neighbours (plan, *(gint64 *) activity, *(gint64 *) row, FALSE,
                             error))
            return FALSE;
    return TRUE;
}

/* Each visited month: every thread active in it is loaded (its page
 * shows their versions and summaries, its listings every message). */
static gboolean
plan_months (Plan *plan, GError **error)
{
    GHashTableIter iter;
    gpointer path, value;
    guint rows = 0;

    g_hash_table_iter_init (&iter, plan->months);
    while (g_hash_table_iter_next (&iter, &path, &value)) {
        g_autoptr (GDateTime) time = NULL;
        g_autoptr (GPtrArray) dated = NULL;
        int year, month;
        gint64 from, to;

        if (sscanf (path, "%d/%d", &year, &month) != 2 ||
            (time = g_date_time_new_utc (year, month, 1, 0, 0, 0)) == NULL)
            return give_up (plan, "a month the site cannot name");
        g_free (mla_site_month_range (g_date_time_to_unix (time), &year, &month,
                                      &from, &to));
        dated = mla_overview_get_dated (plan->overview, from, to, error);
        if (dated == NULL)
            return FALSE;
        rows += dated->len;
        if (rows > PARTIAL_MAX_ROWS)
            return give_up (plan, "large months");
        g_hash_table_iter_replace (&iter, GUINT_TO_POINTER (dated->len + 1));
        for (guint i = 0; i < dated->len; i++)
            g_hash_table_add (
                plan->threads,
                g_strdup (
                    ((const MlaOverviewEntry *) g_ptr_array_index (dated, i))
                        ->thread));
    }
    return TRUE;
}

/* The home page and the feeds: the newest threads (loaded whole: they
 * show their summaries) and the newest messages. */
static gboolean
plan_newest (Plan *plan, GError **error)
{
    g_autoptr (GPtrArray) threads = mla_overview_get_newest_threads (
        plan->overview, MLA_SITE_FEED_ENTRIES, error);
    g_autoptr (GPtrArray) rows = NULL;

    if (threads == NULL)
        return FALSE;
    for (guint i = 0; i < threads->len; i++)
        g_hash_table_add (plan->threads, g_strdup (threads->pdata[i]));
    rows = mla_overview_get_newest (
        plan->overview,
        MAX (MLA_SITE_FEED_ENTRIES, MLA_SITE_LIST_FIELDS_LOOKUP), error);
    if (rows == NULL)
        return FALSE;
    for (guint i = 0; i < rows->len; i++)
        g_array_append_val (
            plan->lone,
            ((const MlaOverviewEntry *) g_ptr_array_index (rows, i))->row);
    return TRUE;
}

/* Every agenda, for the home page's list and the revisions: their rows,
 * as lone entries. A new one changes the agenda pages: everything is
 * read. */
static gboolean
plan_agendas (Plan *plan, GError **error)
{
    g_autoptr (GArray) rows =
        mla_overview_get_agenda_rows (plan->overview, error);

    if (rows == NULL)
        return FALSE;
    for (guint i = 0; i < rows->len; i++)
        if ((guint64) g_array_index (rows, gint64, i) > plan->before->max_row)
            return give_up (plan, "a new agenda");
    g_array_append_vals (plan->lone, rows->data, rows->len);
    return TRUE;
}

/* The rows of @site by row number (entry index + 1). */
static GHashTable *
entries_by_row (MlaSite *site)
{
    guint n = mla_overview_threads_get_n_entries (site->threads);
    GHashTable *by_row = g_hash_table_new (g_int64_hash, g_int64_equal);

    for (guint i = 0; i < n; i++)
        g_hash_table_insert (
            by_row,
            (gpointer) &mla_overview_threads_get_entry (site->threads, i)->row,
            GUINT_TO_POINTER (i + 1));
    return by_row;
}

/* The months as the whole archive has them: those visited as loaded
 * (every message of them is), the others with the last build's counts.
 * FALSE when a visited month does not hold what the overview counts. */
static gboolean
fix_months (Plan *plan)
{
    MlaSite *site = plan->site;
    g_autoptr (GHashTable) made = g_hash_table_new (g_str_hash, g_str_equal);
    GArray *counts = plan->before->months;

    for (guint m = 0; m < site->months->len; m++) {
        MlaSiteMonth *month = g_ptr_array_index (site->months, m);
        guint expected =
            GPOINTER_TO_UINT (g_hash_table_lookup (plan->months, month->path));

        g_hash_table_add (made, month->path);
        if (expected == 0)
            continue;
        if (month->entries->len != expected - 1)
            return FALSE;
    }
    for (guint m = 0; m < plan->month_paths->len; m++) {
        const char *path = plan->month_paths->pdata[m];
        int year, number;

        if (g_hash_table_contains (made, path))
            continue;
        if (sscanf (path, "%d/%d", &year, &number) != 2)
            return FALSE;
        mla_site_month_new (site, g_strdup (path), year, number);
    }
    mla_site_link_months (site);
    for (guint m = 0, c = 0; m < site->months->len; m++) {
        MlaSiteMonth *month = g_ptr_array_index (site->months, m);

        if (g_hash_table_contains (plan->months, month->path))
            continue;
        /* Both lists are in path order. */
        while (c < counts->len &&
               strcmp (g_array_index (counts, MlaSiteMonthCount, c).path,
                       month->path) < 0)
            c++;
        if (c == counts->len ||
            strcmp (g_array_index (counts, MlaSiteMonthCount, c).path,
                    month->path) != 0)
            return FALSE;
        month->n_messages =
            g_array_index (counts, MlaSiteMonthCount, c).messages;
        month->n_threads = g_array_index (counts, MlaSiteMonthCount, c).threads;
    }
    return TRUE;
}

/* What the update visits: the visited months, the changed threads (in
 * site->roots' order), the visited messages, and which entries are new.
 * NULL when a visited message was not loaded with its thread. */
static MlaSiteScope *
make_scope (Plan *plan)
{
    MlaSite *site = plan->site;
    guint n = mla_overview_threads_get_n_entries (site->threads);
    g_autoptr (GHashTable) by_row = entries_by_row (site);
    g_autoptr (MlaSiteScope) scope = g_new0 (MlaSiteScope, 1);
    g_autofree guint8 *visit = g_new0 (guint8, MAX (n, 1));
    GHashTableIter iter;
    gpointer row;

    scope->months = g_array_new (FALSE, FALSE, sizeof (guint));
    scope->roots = g_array_new (FALSE, FALSE, sizeof (guint));
    scope->entries = g_array_new (FALSE, FALSE, sizeof (guint));
    scope->is_new = g_new0 (guint8, MAX (n, 1));
    scope->partial = TRUE;
    for (guint m = 0; m < site->months->len; m++)
        if (g_hash_table_contains (
                plan->months,
                ((const MlaSiteMonth *) g_ptr_array_index (site->months, m))
                    ->path))
            g_array_append_val (scope->months, m);
    for (guint r = 0; r < site->roots->len; r++) {
        guint root = g_array_index (site->roots, guint, r);

        if (g_hash_table_contains (
                plan->changed,
                mla_thread_forest_get_thread_id (site->forest, root)))
            g_array_append_val (scope->roots, root);
    }
    g_hash_table_iter_init (&iter, plan->visit);
    while (g_hash_table_iter_next (&iter, &row, NULL)) {
        guint entry = GPOINTER_TO_UINT (g_hash_table_lookup (by_row, row));

        if (entry == 0 || entry > site->n_inputs)
            return NULL;
        visit[entry - 1] = site->published[entry - 1];
    }
    for (guint i = 0; i < n; i++) {
        if (visit[i])
            g_array_append_val (scope->entries, i);
        scope->is_new[i] =
            (guint64) mla_overview_threads_get_entry (site->threads, i)->row >
            plan->before->max_row;
    }
    return g_steal_pointer (&scope);
}

/* The planned threads and lone rows, threaded as a closed subset that the
 * overview finds as it stored it. */
static gboolean
load (Plan *plan, GError **error)
{
    MlaSite *site = plan->site;
    g_autoptr (GPtrArray) ids = g_ptr_array_new ();
    g_autoptr (GError) local = NULL;
    gboolean exact = FALSE;
    GHashTableIter iter;
    gpointer id;

    g_hash_table_iter_init (&iter, plan->threads);
    while (g_hash_table_iter_next (&iter, &id, NULL))
        g_ptr_array_add (ids, id);
    site->threads = mla_overview_load_subset (site->overview, ids, plan->lone,
                                              PARTIAL_MAX_ROWS, &exact, &local);
    if (local != NULL)
        return g_propagate_error (error, g_steal_pointer (&local)), FALSE;
    if (site->threads == NULL || !exact)
        return give_up (plan, "the threads reach far");
    site->n_inputs = mla_overview_threads_get_n_inputs (site->threads);
    site->list_id = plan->before->list_id;
    site->list_count = plan->list_count;
    /* Names are looked up one by one (mla_site_assign_names()). */
    site->partial = TRUE;
    return mla_site_derive (site, plan->first_date, error);
}

/* The agendas whose links the changed threads @roots may move are linked
 * again (mla-site-relink.c), once every thread they link is loaded: when
 * some is not, *@out_again says to load again with them (once). */
static gboolean
relink_agendas (Plan *plan, GArray *roots, gboolean *out_again, GError **error)
{
    MlaSiteRelink relink = { 0 };
    const char *reason = NULL;
    gboolean ok =
        mla_site_relink_plan (plan->site, plan->before, roots, &relink, error);

    *out_again = FALSE;
    if (ok && relink.reason != NULL)
        reason = relink.reason;
    else if (ok && relink.missing->len > 0 && plan->reloaded)
        reason = "a linked thread not loaded";
    else if (ok && relink.missing->len > 0) {
        g_debug ("timetables to link again: loading %u more threads",
                 relink.missing->len);
        for (guint i = 0; i < relink.missing->len; i++)
            g_hash_table_add (plan->threads,
                              g_strdup (relink.missing->pdata[i]));
        *out_again = TRUE;
    } else if (ok) {
        ok = mla_site_relink (plan->site, roots, &relink, &reason, error);
    }
    if (reason != NULL)
        give_up (plan, reason);
    mla_site_relink_clear (&relink);
    return ok;
}

/* After mla_site_derive(): what the pages count over the whole archive,
 * and in @out_scope what the update visits (NULL when it gives up). */
static gboolean
finish (Plan *plan, MlaSiteScope **out_scope, GError **error)
{
    MlaSite *site = plan->site;
    const MlaSiteMark *before = plan->before;
    g_autoptr (MlaSiteScope) scope = NULL;
    char identity[65];
    gboolean again;

    mla_site_identity (site, identity);
    if (strcmp (identity, before->identity) != 0)
        return give_up (plan, "the site's title or feeds change");
    if (!fix_months (plan))
        return give_up (plan, "a month is not as counted");
    scope = make_scope (plan);
    if (scope == NULL)
        return give_up (plan, "a message visited was not loaded");
    if (!relink_agendas (plan, scope->roots, &again, error))
        return FALSE;
    if (again) {
        plan->reloaded = TRUE;
        g_clear_pointer (&scope, mla_site_scope_free);
        mla_site_clear (plan->site);
        return mla_site_begin (site, plan->archive, plan->overview,
                               plan->options, error) &&
               load (plan, error) &&
               (plan->reason != NULL || finish (plan, out_scope, error));
    }
    if (plan->reason != NULL)
        return TRUE;
    site->n_published = (guint) before->published + plan->fresh_published;
    site->n_withheld =
        (guint) before->withheld + plan->fresh->len - plan->fresh_published;
    site->n_threads = (guint) plan->n_threads;
    for (guint i = 0; site->mask != NULL && i < before->lists->len; i++)
        mla_address_mask_keep_list (site->mask, before->lists->pdata[i]);
    mla_site_mask_use_lookup (site);
    *out_scope = g_steal_pointer (&scope);
    return TRUE;
}

/* The look-ups, in order; each may give up. */
static gboolean
plan_all (Plan *plan, GError **error)
{
    gboolean (*const steps[]) (Plan *, GError **) = {
        find_fresh,  plan_changed_threads,  plan_fresh_neighbours, plan_months,
        plan_newest, plan_visit_neighbours, plan_agendas,
    };

    for (gsize i = 0; i < G_N_ELEMENTS (steps) && plan->reason == NULL; i++) {
        if (i == 2)
            plan_month_list (plan);
        if (!steps[i](plan, error))
            return FALSE;
    }
    return TRUE;
}

/* Whether @before recorded the bundles of a search index cut as @options
 * (nullable) cut it. */
static gboolean
search_as_recorded (const MlaSiteMark *before, const MlaSiteOptions *options)
{
    guint bundle = options != NULL ? options->search_bundle : 0;
    guint tier = options != NULL ? options->search_tier : 0;

    return before->bundles != NULL &&
           before->cut[0] ==
               MLA_SITE_SEARCH_CUT (bundle, MLA_SITE_SEARCH_BUNDLE) &&
           before->cut[1] == MLA_SITE_SEARCH_CUT (tier, MLA_SITE_SEARCH_TIER);
}

gboolean
mla_site_init_partial (MlaSite *site, MlaArchive *archive,
                       MlaOverview *overview, const MlaSiteOptions *options,
                       const MlaSiteMark *before, gboolean searchable,
                       MlaSiteScope **out_scope, const char **out_reason,
                       GError **error)
{
    Plan plan = { .site = site,
                  .archive = archive,
                  .overview = overview,
                  .options = options,
                  .before = before };
    gboolean ok;

    *out_scope = NULL;
    if (before == NULL || !before->has_counts)
        plan.reason = "no counts of the last build";
    else if (searchable && !search_as_recorded (before, options))
        plan.reason = "no search index recorded as it is cut now";
    plan.changed =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    plan.threads =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    plan.visit =
        g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
    plan.lone = g_array_new (FALSE, FALSE, sizeof (gint64));
    plan.months = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    ok = mla_site_begin (site, archive, overview, options, error);
    ok = ok && (plan.reason != NULL || plan_all (&plan, error)) &&
         (plan.reason != NULL || load (&plan, error));
    ok = ok && (plan.reason != NULL || finish (&plan, out_scope, error));
    if (ok && *out_scope == NULL)
        mla_site_clear (site);
    if (out_reason != NULL)
        *out_reason = plan.reason;
    plan_clear (&plan);
    return ok;
}
