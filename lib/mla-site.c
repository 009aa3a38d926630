/* mla-site.c: which pages a site has, and making them. The archive is
 * read once from the overview (entries and the forest); each page's model
 * is built, rendered and handed to the files module, which writes only
 * what changed. */
#include "config.h"
#include <string.h>
#include "mla-error.h"
#include "mla-mbox-writer-private.h"
#include "mla-site-files-private.h"
#include "mla-site-url-private.h"
#include "mla-site-private.h"

#define MONTH_THREADS_PER_PAGE 100

static void
month_free (MlaSiteMonth *month)
{
    g_free (month->path);
    g_array_unref (month->entries);
    g_array_unref (month->roots);
    g_free (month);
}

void
mla_site_clear (MlaSite *site)
{
    guint n = site->threads != NULL ? mla_overview_threads_get_n_entries (site->threads) : 0;

    for (guint i = 0; site->dirs != NULL && i < n; i++)
        g_free (site->dirs[i]);
    g_clear_pointer (&site->dirs, g_free);
    g_clear_pointer (&site->published, g_free);
    g_clear_pointer (&site->date_rank, g_free);
    g_clear_pointer (&site->by_date, g_array_unref);
    g_clear_pointer (&site->months, g_ptr_array_unref);
    g_clear_pointer (&site->roots, g_array_unref);
    g_clear_pointer (&site->first_with_id, g_hash_table_unref);
    g_clear_pointer (&site->thread_dates, g_ptr_array_unref);
    g_clear_pointer (&site->threads, mla_overview_threads_free);
    g_clear_pointer (&site->title, g_free);
}

static int
compare_dates (gconstpointer a, gconstpointer b, gpointer user_data)
{
    MlaSite *site = user_data;
    const MlaOverviewEntry *x = mla_overview_threads_get_entry (site->threads, *(const guint *) a);
    const MlaOverviewEntry *y = mla_overview_threads_get_entry (site->threads, *(const guint *) b);

    if (x->date != y->date)
        return x->date < y->date ? -1 : 1;
    return (x->row > y->row) - (x->row < y->row);
}

/* The title: --title, else the List-Id most messages carry, else the
 * archive folder's name. */
static char *
choose_title (MlaSite *site)
{
    g_autoptr (GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);
    const char *best = NULL;
    guint best_count = 0;

    if (site->options.title != NULL)
        return g_strdup (site->options.title);
    for (guint i = 0; i < mla_overview_threads_get_n_entries (site->threads); i++) {
        const char *list = mla_overview_threads_get_entry (site->threads, i)->list_id;
        guint count;

        if (list == NULL)
            continue;
        count = GPOINTER_TO_UINT (g_hash_table_lookup (counts, list)) + 1;
        g_hash_table_insert (counts, (gpointer) list, GUINT_TO_POINTER (count));
        if (count > best_count || (count == best_count && strcmp (list, best) < 0)) {
            best = list;
            best_count = count;
        }
    }
    return best != NULL ? g_strdup (best) : g_path_get_basename (mla_archive_get_path (site->archive));
}

static MlaSiteMonth *
month_of (MlaSite *site, GHashTable *months, gint64 date)
{
    g_autoptr (GDateTime) time = g_date_time_new_from_unix_utc (date);
    g_autofree char *path = g_date_time_format (time, "%Y/%m");
    MlaSiteMonth *month = g_hash_table_lookup (months, path);

    if (month == NULL) {
        month = g_new0 (MlaSiteMonth, 1);
        month->year = g_date_time_get_year (time);
        month->month = g_date_time_get_month (time);
        month->path = g_steal_pointer (&path);
        month->entries = g_array_new (FALSE, FALSE, sizeof (guint));
        month->roots = g_array_new (FALSE, FALSE, sizeof (guint));
        g_hash_table_insert (months, month->path, month);
        g_ptr_array_add (site->months, month);
    }
    return month;
}

/* thread_dates holds NULL for nodes that are not roots. */
static void
array_unref0 (gpointer array)
{
    if (array != NULL)
        g_array_unref (array);
}

static int
compare_uints (gconstpointer a, gconstpointer b)
{
    guint x = *(const guint *) a, y = *(const guint *) b;

    return (x > y) - (x < y);
}

static int
compare_months (gconstpointer a, gconstpointer b)
{
    return strcmp ((*(MlaSiteMonth *const *) a)->path, (*(MlaSiteMonth *const *) b)->path);
}

gboolean
mla_site_init (MlaSite *site, MlaArchive *archive, MlaOverview *overview,
               const MlaSiteOptions *options, GError **error)
{
    guint n;
    const GArray *all_roots;
    g_autoptr (GHashTable) months = g_hash_table_new (g_str_hash, g_str_equal);
    g_autofree guint8 *has_published = NULL;
    static const MlaSiteOptions defaults = { 0 };

    memset (site, 0, sizeof *site);
    site->archive = archive;
    site->overview = overview;
    site->options = options != NULL ? *options : defaults;
    site->threads = mla_overview_load_threads (site->overview, error);
    if (site->threads == NULL)
        return FALSE;
    site->forest = mla_overview_threads_get_forest (site->threads);
    site->title = choose_title (site);
    n = mla_overview_threads_get_n_entries (site->threads);
    site->dirs = g_new0 (char *, MAX (n, 1));
    site->published = g_new0 (gboolean, MAX (n, 1));
    site->date_rank = g_new0 (guint, MAX (n, 1));
    site->by_date = g_array_new (FALSE, FALSE, sizeof (guint));
    site->months = g_ptr_array_new_with_free_func ((GDestroyNotify) month_free);
    site->roots = g_array_new (FALSE, FALSE, sizeof (guint));
    site->first_with_id = g_hash_table_new (g_str_hash, g_str_equal);
    has_published = g_new0 (guint8, MAX (mla_thread_forest_get_n_nodes (site->forest), 1));
    for (guint i = 0; i < n; i++) {
        const MlaOverviewEntry *entry = mla_overview_threads_get_entry (site->threads, i);

        site->dirs[i] = mla_site_message_dir (entry->message_id);
        site->published[i] = !entry->no_archive;
        if (!site->published[i])
            continue;
        g_array_append_val (site->by_date, i);
        if (!g_hash_table_contains (site->first_with_id, entry->message_id))
            g_hash_table_insert (site->first_with_id, (gpointer) entry->message_id,
                                 GUINT_TO_POINTER (i + 1));
        has_published[mla_thread_forest_get_node (site->forest,
                                                  mla_thread_forest_node_of_input (site->forest, i))
                          ->root] = 1;
    }
    g_qsort_with_data (site->by_date->data, (gint) site->by_date->len, sizeof (guint),
                       compare_dates, site);
    site->thread_dates = g_ptr_array_new_with_free_func (array_unref0);
    g_ptr_array_set_size (site->thread_dates, (guint) MAX (mla_thread_forest_get_n_nodes (site->forest), 1));
    for (guint r = 0; r < site->by_date->len; r++) {
        guint entry = g_array_index (site->by_date, guint, r);
        guint root = mla_thread_forest_get_node (site->forest,
                                                 mla_thread_forest_node_of_input (site->forest, entry))
                         ->root;

        if (site->thread_dates->pdata[root] == NULL)
            site->thread_dates->pdata[root] = g_array_new (FALSE, FALSE, sizeof (guint));
        g_array_append_val ((GArray *) site->thread_dates->pdata[root], entry);
        site->date_rank[entry] = r;
        g_array_append_val (month_of (site, months, mla_overview_threads_get_entry (site->threads, entry)->date)
                                ->entries,
                            entry);
    }
    g_ptr_array_sort (site->months, compare_months);
    all_roots = mla_thread_forest_get_roots (site->forest);
    for (guint r = 0; r < all_roots->len; r++) {
        guint root = g_array_index (all_roots, guint, r);

        if (has_published[root])
            g_array_append_val (site->roots, root);
    }
    /* A month lists every thread active in it, in the forest's order
     * (newest activity first): a thread that spans months is in each. */
    {
        g_autofree guint *rank = g_new0 (guint, MAX (mla_thread_forest_get_n_nodes (site->forest), 1));

        for (guint r = 0; r < site->roots->len; r++)
            rank[g_array_index (site->roots, guint, r)] = r;
        for (guint m = 0; m < site->months->len; m++) {
            MlaSiteMonth *month = g_ptr_array_index (site->months, m);
            g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
            g_autoptr (GArray) ranks = g_array_new (FALSE, FALSE, sizeof (guint));

            for (guint i = 0; i < month->entries->len; i++) {
                guint entry = g_array_index (month->entries, guint, i);
                guint root = mla_thread_forest_get_node (
                    site->forest, mla_thread_forest_node_of_input (site->forest, entry))->root;

                if (g_hash_table_add (seen, GUINT_TO_POINTER (root + 1)))
                    g_array_append_val (ranks, rank[root]);
            }
            g_array_sort (ranks, compare_uints);
            for (guint i = 0; i < ranks->len; i++)
                g_array_append_val (month->roots, g_array_index (site->roots, guint,
                                                                 g_array_index (ranks, guint, i)));
        }
    }
    return TRUE;
}

/* ---- making the pages ---- */

typedef struct {
    MlaSite *site;
    MlaSiteRender *render;
    MlaSiteFiles *files;
    MlaSiteProgress progress;
} Build;

static void
report (Build *build)
{
    build->progress.pages_done++;
    if (build->site->options.progress != NULL && build->progress.pages_done % 256 == 0)
        build->site->options.progress (&build->progress, build->site->options.progress_data);
}

/* Renders @model (taken) as @path. */
static gboolean
put_page (Build *build, xmlDoc *model, const char *path, GError **error)
{
    g_autoptr (GBytes) page = NULL;
    gboolean ok;

    if (model == NULL)
        return FALSE;
    page = mla_site_render_apply (build->render, model, error);
    xmlFreeDoc (model);
    if (page == NULL)
        return FALSE;
    ok = mla_site_files_put (build->files, path, g_bytes_get_data (page, NULL),
                             g_bytes_get_size (page), error);
    report (build);
    return ok;
}

static gboolean
put_pages_of_month (Build *build, const MlaSiteMonth *month, GError **error)
{
    static const char *const orders[] = { "date", "author", "subject" };
    guint n_pages = MAX (1, (month->roots->len + MONTH_THREADS_PER_PAGE - 1) / MONTH_THREADS_PER_PAGE);

    for (guint page = 0; page < n_pages; page++) {
        g_autofree char *path = page == 0 ? g_strconcat (month->path, "/index.html", NULL)
                                          : g_strdup_printf ("%s/page-%u.html", month->path, page + 1);

        if (!put_page (build, mla_site_model_month (build->site, month, page, n_pages), path, error))
            return FALSE;
    }
    for (gsize i = 0; i < G_N_ELEMENTS (orders); i++) {
        g_autofree char *path = g_strdup_printf ("%s/by-%s.html", month->path, orders[i]);

        if (!put_page (build, mla_site_model_list (build->site, month, orders[i]), path, error))
            return FALSE;
    }
    return TRUE;
}

/* The thread as a gzip'd mboxrd, by date: the stored bytes, unchanged.
 * The gzip header carries no time or name, so the bytes are stable. */
static gboolean
put_thread_mbox (Build *build, guint root, const char *path, GError **error)
{
    MlaSite *site = build->site;
    g_autoptr (GOutputStream) memory = g_memory_output_stream_new_resizable ();
    g_autoptr (GZlibCompressor) gzip = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 9);
    g_autoptr (GOutputStream) out = g_converter_output_stream_new (memory, G_CONVERTER (gzip));
    g_autoptr (GByteArray) raw = g_byte_array_new ();
    GArray *entries = g_ptr_array_index (site->thread_dates, root);

    for (guint i = 0; i < entries->len; i++) {
        const MlaOverviewEntry *e = mla_overview_threads_get_entry (site->threads,
                                                                     g_array_index (entries, guint, i));

        if (!mla_archive_read_raw (site->archive, e->volume, e->message_id, e->raw_offset,
                                   e->raw_length, raw, error)
            || !mla_mboxrd_write_message (out, e->envelope, e->date_utc, raw->data, raw->len, error))
            return FALSE;
    }
    if (!g_output_stream_close (out, NULL, error))
        return FALSE;
    return mla_site_files_put (build->files, path,
                               g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (memory)),
                               g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (memory)),
                               error);
}

static gboolean
put_thread (Build *build, guint root, GError **error)
{
    MlaSite *site = build->site;
    g_autofree char *folder = mla_site_thread_path (site, root);
    g_autofree char *page = g_strconcat (folder, "/index.html", NULL);
    g_autofree char *feed = g_strconcat (folder, "/atom.xml", NULL);
    g_autofree char *mbox = g_strconcat (folder, "/thread.mbox.gz", NULL);

    return put_page (build, mla_site_model_thread (site, root, error), page, error)
           && put_page (build, mla_site_model_feed (site, root, FALSE, error), feed, error)
           && put_thread_mbox (build, root, mbox, error);
}

static gboolean
put_message (Build *build, guint entry, GError **error)
{
    MlaSite *site = build->site;
    const MlaOverviewEntry *e = mla_overview_threads_get_entry (site->threads, entry);
    g_autofree char *folder = mla_site_message_path (site, entry);
    g_autofree char *page = g_strconcat (folder, "/index.html", NULL);
    g_autofree char *raw_path = g_strconcat (folder, "/raw.txt", NULL);
    g_autoptr (GByteArray) raw = g_byte_array_new ();

    /* One page per Message-ID, made for its first published message. */
    if (GPOINTER_TO_UINT (g_hash_table_lookup (site->first_with_id, e->message_id)) != entry + 1)
        return TRUE;
    return put_page (build, mla_site_model_message (site, entry, error), page, error)
           && mla_archive_read_raw (site->archive, e->volume, e->message_id, e->raw_offset,
                                    e->raw_length, raw, error)
           && mla_site_files_put (build->files, raw_path, raw->data, raw->len, error);
}

/* Old thread ids (threads since merged) keep their URL: a page that
 * sends the reader on. */
static gboolean
put_redirects (Build *build, GError **error)
{
    MlaSite *site = build->site;
    g_autoptr (GPtrArray) aliases = mla_overview_get_thread_aliases (site->overview, error);

    if (aliases == NULL)
        return FALSE;
    for (guint i = 0; i + 1 < aliases->len; i += 2) {
        g_autofree char *from = g_strconcat ("t/", (const char *) aliases->pdata[i], NULL);
        g_autofree char *to = g_strconcat ("t/", (const char *) aliases->pdata[i + 1], NULL);
        g_autofree char *page = g_strconcat (from, "/index.html", NULL);

        if (!put_page (build, mla_site_model_redirect (site, from, to), page, error))
            return FALSE;
    }
    return TRUE;
}

static gboolean
put_assets (Build *build, GError **error)
{
    g_autoptr (GBytes) css = mla_site_render_asset (build->render, "style.css", error);

    return css != NULL
           && mla_site_files_put (build->files, "style.css", g_bytes_get_data (css, NULL),
                                  g_bytes_get_size (css), error);
}

static gboolean
build_site (Build *build, GError **error)
{
    MlaSite *site = build->site;
    guint n = mla_overview_threads_get_n_entries (site->threads);

    build->progress.pages_total = 3 + site->months->len * 4 + site->roots->len * 2 + n;
    if (!put_assets (build, error)
        || !put_page (build, mla_site_model_home (site), "index.html", error)
        || !put_page (build, mla_site_model_feed (site, MLA_THREAD_NONE, FALSE, error), "new.atom",
                      error)
        || !put_page (build, mla_site_model_feed (site, MLA_THREAD_NONE, TRUE, error),
                      "threads.atom", error))
        return FALSE;
    for (guint m = 0; m < site->months->len; m++)
        if (!put_pages_of_month (build, g_ptr_array_index (site->months, m), error))
            return FALSE;
    for (guint r = 0; r < site->roots->len; r++)
        if (!put_thread (build, g_array_index (site->roots, guint, r), error))
            return FALSE;
    for (guint i = 0; i < n; i++)
        if (site->published[i] && !put_message (build, i, error))
            return FALSE;
    return put_redirects (build, error);
}

gboolean
mla_site_build (MlaArchive *archive, MlaOverview *overview, const char *output,
                const MlaSiteOptions *options, MlaSiteStats *out_stats, GError **error)
{
    MlaSiteStats local_stats;
    MlaSiteStats *stats = out_stats != NULL ? out_stats : &local_stats;
    MlaSite site = { 0 };
    Build build = { 0 };
    g_autoptr (MlaSiteRender) render = NULL;
    g_autoptr (MlaSiteFiles) files = NULL;
    gboolean ok;

    g_return_val_if_fail (archive != NULL && overview != NULL && output != NULL, FALSE);
    memset (stats, 0, sizeof *stats);
    render = mla_site_render_new (options != NULL ? options->templates : NULL, error);
    if (render == NULL || (files = mla_site_files_open (output, error)) == NULL)
        return FALSE;
    ok = mla_site_init (&site, archive, overview, options, error);
    build.site = &site;
    build.render = render;
    build.files = files;
    ok = ok && build_site (&build, error) && mla_site_files_finish (files, stats, error);
    if (ok) {
        stats->published = site.by_date->len;
        stats->withheld = mla_overview_threads_get_n_entries (site.threads) - site.by_date->len;
    }
    mla_site_clear (&site);
    return ok;
}
