/* mla-site.c: which pages a site has, and making them. The archive is
 * read once from the overview (entries and the forest); each page's model
 * is built, rendered and handed to the files module, which writes only
 * what changed. */
#include "config.h"
#include <string.h>
#include "mla-error.h"
#include "mla-mbox-writer-private.h"
#include "mla-agenda-format.h"
#include "mla-message.h"
#include "mla-xml-private.h"
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
    g_hash_table_unref (month->counts);
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
    g_clear_pointer (&site->views, g_ptr_array_unref);
    g_clear_pointer (&site->node_pos, g_free);
    g_clear_pointer (&site->order_pos, g_free);
    g_clear_pointer (&site->next_same_id, g_free);
    g_clear_pointer (&site->agendas, g_ptr_array_unref);
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
        month->counts = g_hash_table_new (NULL, NULL);
        g_hash_table_insert (months, month->path, month);
        g_ptr_array_add (site->months, month);
    }
    return month;
}

static void
site_agenda_free (gpointer data)
{
    MlaSiteAgenda *agenda = data;

    mla_agenda_free (agenda->agenda);
    g_free (agenda->digest);
    g_free (agenda);
}

/* The agendas of published messages, read back from the overview. */
static gboolean
load_agendas (MlaSite *site, GError **error)
{
    g_autoptr (GPtrArray) stored = mla_overview_get_agendas (site->overview, error);
    g_autoptr (GHashTable) by_row = g_hash_table_new (g_int64_hash, g_int64_equal);
    guint n = mla_overview_threads_get_n_entries (site->threads);

    site->agendas = g_ptr_array_new_with_free_func (site_agenda_free);
    if (stored == NULL)
        return FALSE;
    if (stored->len == 0)
        return TRUE;
    for (guint i = 0; i < n; i++) {
        const MlaOverviewEntry *e = mla_overview_threads_get_entry (site->threads, i);

        g_hash_table_insert (by_row, (gpointer) &e->row, GUINT_TO_POINTER (i + 1));
    }
    for (guint i = 0; i < stored->len; i++) {
        const MlaOverviewAgenda *s = g_ptr_array_index (stored, i);
        guint entry = GPOINTER_TO_UINT (g_hash_table_lookup (by_row, &s->row));
        g_autoptr (GPtrArray) parsed = NULL;
        MlaSiteAgenda *agenda;

        if (entry == 0 || !site->published[entry - 1])
            continue;
        parsed = mla_xml_parse_agendas (s->xml, strlen (s->xml), error);
        if (parsed == NULL)
            return FALSE;
        if (parsed->len == 0)
            continue;
        agenda = g_new0 (MlaSiteAgenda, 1);
        agenda->entry = entry - 1;
        agenda->position = s->position;
        agenda->agenda = g_ptr_array_steal_index (parsed, 0);
        agenda->digest = g_compute_checksum_for_string (G_CHECKSUM_SHA256, s->xml, -1);
        g_ptr_array_add (site->agendas, agenda);
    }
    return TRUE;
}

static void
thread_view_free (gpointer data)
{
    MlaSiteThread *view = data;

    if (view == NULL)
        return;
    g_array_unref (view->nodes);
    g_array_unref (view->loose);
    g_array_unref (view->order);
    g_ptr_array_unref (view->participants);
    g_free (view->version);
    g_free (view);
}

typedef struct {
    MlaSite *site;
    MlaSiteThread *view;
    GArray *loose_entries;
    guint loose_depth;
    gboolean in_loose;
} ViewWalk;

static void
view_node (const MlaThreadNode *node, guint index, gpointer user_data)
{
    ViewWalk *walk = user_data;
    MlaSite *site = walk->site;
    MlaSiteThread *view = walk->view;

    if (walk->in_loose && node->depth <= walk->loose_depth)
        walk->in_loose = FALSE;
    if (node->loose) {
        walk->in_loose = TRUE;
        walk->loose_depth = node->depth;
    }
    if (node->input != MLA_THREAD_NONE && !site->published[node->input])
        return;
    site->node_pos[index] = view->nodes->len;
    g_array_append_val (view->nodes, index);
    g_array_append_val (view->loose, walk->in_loose);
    if (node->input != MLA_THREAD_NONE)
        g_array_append_val (walk->in_loose ? walk->loose_entries : view->order, node->input);
}

/* What a thread's pages show, as a digest: its id, and for each shown node
 * its id, depth, looseness and, for a message, its raw SHA-256 (which
 * stands for its headers and text, fixed for good). */
static char *
thread_version (MlaSite *site, guint root, const MlaSiteThread *view)
{
    g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);

    g_checksum_update (sum, (const guchar *) mla_thread_forest_get_thread_id (site->forest, root), -1);
    for (guint i = 0; i < view->nodes->len; i++) {
        const MlaThreadNode *node = mla_thread_forest_get_node (site->forest,
                                                                g_array_index (view->nodes, guint, i));
        g_autofree char *line = g_strdup_printf (
            "\n%s %u %d %s", node->id, node->depth, node->loose,
            node->input != MLA_THREAD_NONE
                ? mla_overview_threads_get_entry (site->threads, node->input)->sha256
                : "-");

        g_checksum_update (sum, (const guchar *) line, -1);
    }
    return g_strdup (g_checksum_get_string (sum));
}

/* Each thread's shown nodes and message order, once for all its pages. */
static void
make_views (MlaSite *site)
{
    guint n_nodes = mla_thread_forest_get_n_nodes (site->forest);

    site->views = g_ptr_array_new_with_free_func (thread_view_free);
    g_ptr_array_set_size (site->views, (guint) MAX (n_nodes, 1));
    site->node_pos = g_new0 (guint, MAX (n_nodes, 1));
    site->order_pos = g_new0 (guint, MAX (mla_overview_threads_get_n_entries (site->threads), 1));
    for (guint r = 0; r < site->roots->len; r++) {
        guint root = g_array_index (site->roots, guint, r);
        MlaSiteThread *view = g_new0 (MlaSiteThread, 1);
        g_autoptr (GArray) loose = g_array_new (FALSE, FALSE, sizeof (guint));
        g_autoptr (GHashTable) authors = g_hash_table_new (g_str_hash, g_str_equal);
        ViewWalk walk = { site, view, loose, 0, FALSE };

        view->nodes = g_array_new (FALSE, FALSE, sizeof (guint));
        view->loose = g_array_new (FALSE, FALSE, sizeof (gboolean));
        view->order = g_array_new (FALSE, FALSE, sizeof (guint));
        view->participants = g_ptr_array_new ();
        mla_thread_forest_walk (site->forest, root, view_node, &walk);
        view->n_replies = view->order->len;
        g_array_append_vals (view->order, loose->data, loose->len);
        for (guint i = 0; i < view->order->len; i++) {
            guint entry = g_array_index (view->order, guint, i);
            const MlaOverviewEntry *e = mla_overview_threads_get_entry (site->threads, entry);
            const char *author = mla_overview_entry_author (e);

            site->order_pos[entry] = i;
            if (view->participants->len < 6 && g_hash_table_add (authors, (gpointer) author))
                g_ptr_array_add (view->participants, (gpointer) author);
        }
        view->version = thread_version (site, root, view);
        site->views->pdata[root] = view;
    }
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
    site->next_same_id = g_new (guint, MAX (n, 1));
    for (guint i = n; i-- > 0;) {
        const char *id = mla_overview_threads_get_entry (site->threads, i)->message_id;
        gpointer later = g_hash_table_lookup (site->first_with_id, id);

        /* Walking back, the table holds the next entry with each id. */
        site->next_same_id[i] = later != NULL ? GPOINTER_TO_UINT (later) - 1 : MLA_THREAD_NONE;
        g_hash_table_insert (site->first_with_id, (gpointer) id, GUINT_TO_POINTER (i + 1));
    }
    g_hash_table_remove_all (site->first_with_id);
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
    make_views (site);
    if (!load_agendas (site, error))
        return FALSE;
    /* A month lists every thread active in it, in the forest's order
     * (newest activity first): a thread that spans months is in each. */
    {
        g_autofree guint *rank = g_new0 (guint, MAX (mla_thread_forest_get_n_nodes (site->forest), 1));

        for (guint r = 0; r < site->roots->len; r++)
            rank[g_array_index (site->roots, guint, r)] = r;
        for (guint m = 0; m < site->months->len; m++) {
            MlaSiteMonth *month = g_ptr_array_index (site->months, m);
            g_autoptr (GArray) ranks = g_array_new (FALSE, FALSE, sizeof (guint));

            for (guint i = 0; i < month->entries->len; i++) {
                guint entry = g_array_index (month->entries, guint, i);
                guint root = mla_thread_forest_get_node (
                    site->forest, mla_thread_forest_node_of_input (site->forest, entry))->root;
                gpointer key = GUINT_TO_POINTER (root + 1);
                guint count = GPOINTER_TO_UINT (g_hash_table_lookup (month->counts, key));

                if (count == 0)
                    g_array_append_val (ranks, rank[root]);
                g_hash_table_insert (month->counts, key, GUINT_TO_POINTER (count + 1));
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
    gint done;                    /* pages made, updated atomically */
    GMutex lock;                  /* guards error and progress reports */
    GError *error;                /* the first failure of a worker */
} Build;

static void
report (Build *build)
{
    guint64 done = (guint64) g_atomic_int_add (&build->done, 1) + 1;

    if (build->site->options.progress != NULL && done % 256 == 0) {
        MlaSiteProgress progress = { done, build->progress.pages_total };

        g_mutex_lock (&build->lock);
        build->site->options.progress (&progress, build->site->options.progress_data);
        g_mutex_unlock (&build->lock);
    }
}

/* The signature of a page: the theme, the options that change pages, and
 * @parts (NULL-terminated) that stand for what the page shows. */
static char *
signature (Build *build, const char *first, ...)
{
    MlaSite *site = build->site;
    g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
    g_autofree char *options = g_strdup_printf ("%s\n%s\n%d\n", site->title,
                                                site->options.base_url != NULL ? site->options.base_url : "",
                                                site->options.show_addresses);
    va_list args;

    g_checksum_update (sum, (const guchar *) mla_site_render_get_theme (build->render), -1);
    g_checksum_update (sum, (const guchar *) options, -1);
    va_start (args, first);
    for (const char *part = first; part != NULL; part = va_arg (args, const char *)) {
        g_checksum_update (sum, (const guchar *) part, -1);
        g_checksum_update (sum, (const guchar *) "\n", 1);
    }
    va_end (args);
    return g_strdup (g_checksum_get_string (sum));
}

static const char *
sha_of (MlaSite *site, guint entry)
{
    return entry != MLA_THREAD_NONE ? mla_overview_threads_get_entry (site->threads, entry)->sha256
                                    : "-";
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

/* What a month's pages share: the months next to it. */
static char *
month_neighbours (MlaSite *site, const MlaSiteMonth *month)
{
    for (guint i = 0; i < site->months->len; i++)
        if (g_ptr_array_index (site->months, i) == month)
            return g_strdup_printf (
                "%s %s", i > 0 ? ((MlaSiteMonth *) g_ptr_array_index (site->months, i - 1))->path : "-",
                i + 1 < site->months->len
                    ? ((MlaSiteMonth *) g_ptr_array_index (site->months, i + 1))->path
                    : "-");
    return g_strdup ("?");
}

static gboolean
put_month_page (Build *build, const MlaSiteMonth *month, const char *around, guint page,
                guint n_pages, GError **error)
{
    MlaSite *site = build->site;
    g_autofree char *path = page == 0 ? g_strconcat (month->path, "/index.html", NULL)
                                      : g_strdup_printf ("%s/page-%u.html", month->path, page + 1);
    g_autoptr (GString) parts = g_string_new (NULL);
    g_autofree char *page_signature = NULL;

    g_string_append_printf (parts, "%s %u %u %u", around, page, n_pages, month->entries->len);
    for (guint i = page * MONTH_THREADS_PER_PAGE;
         i < MIN (month->roots->len, (page + 1) * MONTH_THREADS_PER_PAGE); i++) {
        guint root = g_array_index (month->roots, guint, i);
        const MlaSiteThread *view = g_ptr_array_index (site->views, root);

        g_string_append_printf (parts, " %s:%u", view->version,
                                GPOINTER_TO_UINT (g_hash_table_lookup (month->counts,
                                                                       GUINT_TO_POINTER (root + 1))));
    }
    page_signature = signature (build, "month", parts->str, NULL);
    if (mla_site_files_keep (build->files, path, page_signature))
        return TRUE;
    return put_page (build, mla_site_model_month (site, month, page, n_pages), path, error);
}

static gboolean
put_list_page (Build *build, const MlaSiteMonth *month, const char *around, const char *order,
               GArray *sorted, guint page, GError **error)
{
    MlaSite *site = build->site;
    g_autofree char *path = mla_site_list_page (month, order, page);
    g_autoptr (GString) parts = g_string_new (NULL);
    g_autofree char *page_signature = NULL;

    g_string_append_printf (parts, "%s %s %u %u", around, order, page, sorted->len);
    for (guint i = page * MLA_SITE_LIST_PAGE; i < MIN (sorted->len, (page + 1) * MLA_SITE_LIST_PAGE); i++)
        g_string_append_printf (parts, " %s", sha_of (site, g_array_index (sorted, guint, i)));
    page_signature = signature (build, "list", parts->str, NULL);
    if (mla_site_files_keep (build->files, path, page_signature))
        return TRUE;
    return put_page (build, mla_site_model_list (site, month, order, sorted, page), path, error);
}

/* A month's pages are made again only when what they list changed. */
static gboolean
put_pages_of_month (Build *build, const MlaSiteMonth *month, GError **error)
{
    static const char *const orders[] = { "date", "author", "subject" };
    guint n_pages = MAX (1, (month->roots->len + MONTH_THREADS_PER_PAGE - 1) / MONTH_THREADS_PER_PAGE);
    guint list_pages = MAX (1, (month->entries->len + MLA_SITE_LIST_PAGE - 1) / MLA_SITE_LIST_PAGE);
    g_autofree char *around = month_neighbours (build->site, month);

    for (guint page = 0; page < n_pages; page++)
        if (!put_month_page (build, month, around, page, n_pages, error))
            return FALSE;
    for (gsize i = 0; i < G_N_ELEMENTS (orders); i++) {
        g_autoptr (GArray) sorted = mla_site_list_sort (build->site, month, orders[i]);

        for (guint page = 0; page < list_pages; page++)
            if (!put_list_page (build, month, around, orders[i], sorted, page, error))
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
    const MlaSiteThread *view = g_ptr_array_index (site->views, root);
    g_autofree char *folder = mla_site_thread_path (site, root);
    g_autofree char *feed = g_strconcat (folder, "/atom.xml", NULL);
    g_autofree char *mbox = g_strconcat (folder, "/thread.mbox.gz", NULL);
    g_autofree char *feed_signature = signature (build, "feed", view->version, NULL);
    g_autofree char *mbox_signature = signature (build, "mbox", view->version, NULL);
    guint pages = mla_site_thread_pages (site, root);

    for (guint page = 0; page < pages; page++) {
        g_autofree char *file = mla_site_thread_page (site, root, page);
        g_autofree char *number = g_strdup_printf ("%u", page);
        g_autofree char *page_signature = signature (build, "thread", view->version, number, NULL);

        if (!mla_site_files_keep (build->files, file, page_signature)
            && !put_page (build, mla_site_model_thread (site, root, page, error), file, error))
            return FALSE;
    }
    return (mla_site_files_keep (build->files, feed, feed_signature)
            || put_page (build, mla_site_model_feed (site, root, FALSE, error), feed, error))
           && (mla_site_files_keep (build->files, mbox, mbox_signature)
               || put_thread_mbox (build, root, mbox, error));
}

/* The stored bytes of @entry as a raw message, read on first use. */
static MlaRawMessage *
stored_message (MlaSite *site, const MlaOverviewEntry *e, MlaRawMessage **cache, GError **error)
{
    g_autoptr (GByteArray) raw = NULL;
    g_autoptr (GBytes) bytes = NULL;

    if (*cache != NULL)
        return *cache;
    raw = g_byte_array_new ();
    if (!mla_archive_read_raw (site->archive, e->volume, e->message_id, e->raw_offset,
                               e->raw_length, raw, error))
        return NULL;
    bytes = g_byte_array_free_to_bytes (g_steal_pointer (&raw));
    *cache = mla_raw_message_new (bytes, "archive", 0, 1);
    return *cache;
}

/* An HTML body is offered as it was written, under a .txt name; each
 * attachment as a file beside its message's page, with a name that cannot
 * make it a page or a script (mla_site_attachment_name()). Both are
 * decoded from the raw store. */
static gboolean
put_downloads (Build *build, guint entry, GError **error)
{
    MlaSite *site = build->site;
    const MlaOverviewEntry *e = mla_overview_threads_get_entry (site->threads, entry);
    g_autoptr (MlaOverviewDetails) details = mla_overview_get_details (site->overview, e->row, error);
    g_autoptr (MlaRawMessage) message = NULL;

    if (details == NULL)
        return FALSE;
    if (e->body_source == MLA_BODY_SOURCE_HTML) {
        g_autofree char *path = mla_site_html_body_path (site, entry);
        g_autofree char *file_signature = signature (build, "html", e->sha256, NULL);
        g_autofree char *html = NULL;

        if (!mla_site_files_keep (build->files, path, file_signature)) {
            if (stored_message (site, e, &message, error) == NULL)
                return FALSE;
            html = mla_message_extract_html_body (message);
            if (!mla_site_files_put (build->files, path, html != NULL ? html : "",
                                     html != NULL ? strlen (html) : 0, error))
                return FALSE;
        }
    }
    for (guint i = 0; i < details->attachments->len; i++) {
        const MlaAttachment *a = g_ptr_array_index (details->attachments, i);
        g_autofree char *path = mla_site_attachment_path (site, entry, i, a->filename);
        g_autofree char *file_signature = signature (build, "attachment", a->sha256, NULL);
        g_autoptr (GBytes) content = NULL;

        if (mla_site_files_keep (build->files, path, file_signature))
            continue;
        if (stored_message (site, e, &message, error) == NULL)
            return FALSE;
        content = mla_message_extract_attachment (message, i);
        if (content == NULL)
            return mla_throw (error, MLA_ERROR_ARCHIVE, "%s: attachment %u of <%s> is gone",
                              mla_archive_get_path (site->archive), i + 1, e->message_id);
        if (!mla_site_files_put (build->files, path, g_bytes_get_data (content, NULL),
                                 g_bytes_get_size (content), error))
            return FALSE;
    }
    return TRUE;
}

/* A message page shows its message (and any other with its id), its
 * thread (by the thread's version) and its neighbours by date. */
static char *
message_signature (Build *build, guint entry)
{
    MlaSite *site = build->site;
    guint node = mla_thread_forest_node_of_input (site->forest, entry);
    const MlaSiteThread *view = g_ptr_array_index (
        site->views, mla_thread_forest_get_node (site->forest, node)->root);
    guint rank = site->date_rank[entry];
    g_autoptr (GString) same = g_string_new (NULL);

    for (guint i = entry; i != MLA_THREAD_NONE; i = site->next_same_id[i])
        if (site->published[i])
            g_string_append_printf (same, "%s ", sha_of (site, i));
    return signature (build, "message", same->str, view->version,
                      sha_of (site, rank > 0 ? g_array_index (site->by_date, guint, rank - 1)
                                             : MLA_THREAD_NONE),
                      sha_of (site, rank + 1 < site->by_date->len
                                        ? g_array_index (site->by_date, guint, rank + 1)
                                        : MLA_THREAD_NONE),
                      NULL);
}

static gboolean
put_message (Build *build, guint entry, GError **error)
{
    MlaSite *site = build->site;
    const MlaOverviewEntry *e = mla_overview_threads_get_entry (site->threads, entry);
    g_autofree char *folder = mla_site_message_path (site, entry);
    g_autofree char *page = g_strconcat (folder, "/index.html", NULL);
    g_autofree char *raw_path = g_strconcat (folder, "/raw.txt", NULL);
    g_autofree char *page_signature = NULL;
    g_autofree char *raw_signature = NULL;
    g_autoptr (GByteArray) raw = g_byte_array_new ();

    /* One page per Message-ID, made for its first published message. */
    if (GPOINTER_TO_UINT (g_hash_table_lookup (site->first_with_id, e->message_id)) != entry + 1)
        return TRUE;
    page_signature = message_signature (build, entry);
    raw_signature = signature (build, "raw", e->sha256, NULL);
    if (!mla_site_files_keep (build->files, page, page_signature)
        && !put_page (build, mla_site_model_message (site, entry, error), page, error))
        return FALSE;
    if (!mla_site_files_keep (build->files, raw_path, raw_signature)
        && (!mla_archive_read_raw (site->archive, e->volume, e->message_id, e->raw_offset,
                                   e->raw_length, raw, error)
            || !mla_site_files_put (build->files, raw_path, raw->data, raw->len, error)))
        return FALSE;
    for (guint i = entry; i != MLA_THREAD_NONE; i = site->next_same_id[i])
        if (site->published[i] && !put_downloads (build, i, error))
            return FALSE;
    return TRUE;
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

/* Each agenda's timetable and calendar beside its message's page, and
 * the list of them. */
static gboolean
put_agendas (Build *build, GError **error)
{
    MlaSite *site = build->site;

    if (site->agendas->len > 0
        && !put_page (build, mla_site_model_agendas (site), "agendas/index.html", error))
        return FALSE;
    for (guint i = 0; i < site->agendas->len; i++) {
        const MlaSiteAgenda *a = g_ptr_array_index (site->agendas, i);
        g_autofree char *page = mla_site_agenda_path (site, i, "html");
        g_autofree char *ics = mla_site_agenda_path (site, i, "ics");
        g_autofree char *page_signature = signature (build, "agenda", a->digest,
                                                     sha_of (site, a->entry), NULL);
        g_autoptr (GPtrArray) one = g_ptr_array_new ();
        g_autoptr (GOutputStream) memory = NULL;
        MlaAgendaWriteOptions options = { NULL, 0 };

        if (!mla_site_files_keep (build->files, page, page_signature)
            && !put_page (build, mla_site_model_agenda (site, i), page, error))
            return FALSE;
        g_free (page_signature);
        page_signature = signature (build, "ics", a->digest, NULL);
        if (mla_site_files_keep (build->files, ics, page_signature))
            continue;
        memory = g_memory_output_stream_new_resizable ();
        g_ptr_array_add (one, a->agenda);
        /* Stamped with the message's date, not the build's: the calendar's
         * bytes change only with the agenda. */
        options.dtstamp = mla_overview_threads_get_entry (site->threads, a->entry)->date;
        if (options.dtstamp == 0)
            options.dtstamp = 1;
        if (!mla_agenda_write (one, MLA_AGENDA_FORMAT_ICS, &options, memory, error)
            || !g_output_stream_close (memory, NULL, error)
            || !mla_site_files_put (build->files, ics,
                                    g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (memory)),
                                    g_memory_output_stream_get_data_size (
                                        G_MEMORY_OUTPUT_STREAM (memory)),
                                    error))
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

/* A page job: which page, made on a worker of the pool. */
typedef enum { JOB_MONTH, JOB_THREAD, JOB_MESSAGE } JobKind;

typedef struct {
    JobKind kind;
    guint index;
} Job;

static void
run_job (gpointer data, gpointer user_data)
{
    Job *job = data;
    Build *build = user_data;
    MlaSite *site = build->site;
    g_autoptr (GError) error = NULL;
    gboolean ok;

    if (g_atomic_pointer_get (&build->error) != NULL) {
        g_free (job);
        return;
    }
    switch (job->kind) {
    case JOB_MONTH:
        ok = put_pages_of_month (build, g_ptr_array_index (site->months, job->index), &error);
        break;
    case JOB_THREAD:
        ok = put_thread (build, job->index, &error);
        break;
    default:
        ok = put_message (build, job->index, &error);
        break;
    }
    g_free (job);
    if (!ok) {
        g_mutex_lock (&build->lock);
        if (build->error == NULL)
            g_atomic_pointer_set (&build->error, g_steal_pointer (&error));
        g_mutex_unlock (&build->lock);
    }
}

static void
push_job (GThreadPool *pool, JobKind kind, guint index)
{
    Job *job = g_new (Job, 1);

    job->kind = kind;
    job->index = index;
    g_thread_pool_push (pool, job, NULL);
}

/* Pages are independent: the pool makes them in any order; the files
 * module serialises what must be. */
static gboolean
build_site (Build *build, guint jobs, GError **error)
{
    MlaSite *site = build->site;
    guint n = mla_overview_threads_get_n_entries (site->threads);
    GThreadPool *pool;

    build->progress.pages_total = 3 + site->months->len * 4 + site->roots->len * 2 + n;
    if (!put_assets (build, error)
        || !put_page (build, mla_site_model_home (site), "index.html", error)
        || !put_page (build, mla_site_model_feed (site, MLA_THREAD_NONE, FALSE, error), "new.atom",
                      error)
        || !put_page (build, mla_site_model_feed (site, MLA_THREAD_NONE, TRUE, error),
                      "threads.atom", error)
        || !put_redirects (build, error) || !put_agendas (build, error))
        return FALSE;
    pool = g_thread_pool_new (run_job, build, (int) MAX (jobs, 1), TRUE, error);
    if (pool == NULL)
        return FALSE;
    for (guint m = 0; m < site->months->len; m++)
        push_job (pool, JOB_MONTH, m);
    for (guint r = 0; r < site->roots->len; r++)
        push_job (pool, JOB_THREAD, g_array_index (site->roots, guint, r));
    for (guint i = 0; i < n; i++)
        if (site->published[i])
            push_job (pool, JOB_MESSAGE, i);
    g_thread_pool_free (pool, FALSE, TRUE);
    if (build->error != NULL) {
        g_propagate_error (error, g_steal_pointer (&build->error));
        return FALSE;
    }
    return TRUE;
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
    g_mutex_init (&build.lock);
    ok = ok && build_site (&build, options != NULL && options->jobs > 0 ? options->jobs
                                                                        : g_get_num_processors (),
                           error)
         && mla_site_files_finish (files, stats, error);
    g_mutex_clear (&build.lock);
    if (ok) {
        stats->published = site.by_date->len;
        stats->withheld = mla_overview_threads_get_n_entries (site.threads) - site.by_date->len;
    }
    mla_site_clear (&site);
    return ok;
}
