/* mla-site.c: which pages a site has, and making them, on a pool of
 * threads: for each page a signature of its sources decides whether it is
 * made at all; a page that is made has its model built, rendered, and
 * handed to the files module, which writes only what changed. What the
 * pages are made from is read once by mla-site-data.c. */
#include "config.h"
#include <string.h>
#include "mla-error.h"
#include "mla-mbox-writer-private.h"
#include "mla-memory-private.h"
#include "mla-agenda-ics-private.h"
#include "mla-message.h"
#include "mla-overview-probe-private.h"
#include "mla-series-private.h"
#include "mla-site-build-private.h"
#include "mla-site-lock-private.h"
#include "mla-site-partial-private.h"
#include "mla-site-relink-private.h"
#include "mla-site-scope-private.h"
#include "mla-site-search-private.h"
#include "mla-site-url-private.h"
#include "mla-site-state-private.h"

/* ---- making the pages ---- */

static void
report (MlaSiteBuild *build)
{
    guint64 done = (guint64) g_atomic_int_add (&build->done, 1) + 1;

    if (build->site->options.progress != NULL && done % 256 == 0) {
        MlaSiteProgress progress = { done, build->progress.pages_total };

        g_mutex_lock (&build->lock);
        build->site->options.progress (&progress,
                                       build->site->options.progress_data);
        g_mutex_unlock (&build->lock);
    }
}

char *
mla_site_build_signature (MlaSiteBuild *build, const char *first, ...)
{
    MlaSite *site = build->site;
    g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
    g_autofree char *options = g_strdup_printf (
        "%s\n%s\n%d%s\n%d\n%s\n", site->title,
        site->options.base_url != NULL ? site->options.base_url : "",
        site->options.show_addresses,
        site->mask != NULL ? " mask " MLA_ADDRESS_MASK_VERSION : "",
        site->search, site->options.up != NULL ? site->options.up : "");
    va_list args;

    g_checksum_update (
        sum, (const guchar *) mla_site_render_get_theme (build->render), -1);
    g_checksum_update (sum, (const guchar *) options, -1);
    va_start (args, first);
    for (const char *part = first; part != NULL;
         part = va_arg (args, const char *)) {
        g_checksum_update (sum, (const guchar *) part, -1);
        g_checksum_update (sum, (const guchar *) "\n", 1);
    }
    va_end (args);
    return g_strdup (g_checksum_get_string (sum));
}

gboolean
mla_site_build_put_text (MlaSiteBuild *build, const char *path,
                         const void *data, gsize size, GError **error)
{
    g_autoptr (GBytes) masked =
        build->site->mask != NULL
            ? mla_address_mask_apply (build->site->mask, data, size)
            : NULL;

    if (masked != NULL)
        data = g_bytes_get_data (masked, &size);
    return mla_site_files_put (build->files, path, data, size, error);
}

gboolean
mla_site_build_put_page (MlaSiteBuild *build, xmlDoc *model, const char *path,
                         GError **error)
{
    g_autoptr (GBytes) page = NULL;
    gboolean ok;

    if (model == NULL)
        return FALSE;
    page = mla_site_render_apply (build->render, model, error);
    xmlFreeDoc (model);
    if (page == NULL)
        return FALSE;
    ok = mla_site_build_put_text (build, path, g_bytes_get_data (page, NULL),
                                  g_bytes_get_size (page), error);
    report (build);
    return ok;
}

/* What a month's pages share: the months next to it. */
static char *
month_neighbours (const MlaSiteMonth *month)
{
    return g_strdup_printf ("%s %s",
                            month->prev != NULL ? month->prev->path : "-",
                            month->next != NULL ? month->next->path : "-");
}

/* Hands the text written to @memory (closed here) to put_text(). */
static gboolean
put_memory (MlaSiteBuild *build, const char *path, GOutputStream *memory,
            GError **error)
{
    GMemoryOutputStream *bytes = G_MEMORY_OUTPUT_STREAM (memory);

    return g_output_stream_close (memory, NULL, error) &&
           mla_site_build_put_text (
               build, path, g_memory_output_stream_get_data (bytes),
               g_memory_output_stream_get_data_size (bytes), error);
}

static gboolean
put_month_page (MlaSiteBuild *build, const MlaSiteMonth *month,
                const char *around, guint page, guint n_pages, GError **error)
{
    MlaSite *site = build->site;
    g_autofree char *path =
        page == 0 ? g_strconcat (month->path, "/index.html", NULL)
                  : g_strdup_printf ("%s/page-%u.html", month->path, page + 1);
    g_autoptr (GString) parts = g_string_new (NULL);
    g_autofree char *page_signature = NULL;

    g_string_append_printf (parts, "%s %u %u %u", around, page, n_pages,
                            month->entries->len);
    for (guint i = page * MLA_SITE_MONTH_PAGE;
         i < MIN (month->roots->len, (page + 1) * MLA_SITE_MONTH_PAGE); i++) {
        guint root = g_array_index (month->roots, guint, i);
        const MlaSiteThread *view = mla_site_view (site, root);

        g_string_append_printf (
            parts, " %s:%u", view->version,
            GPOINTER_TO_UINT (g_hash_table_lookup (
                month->counts, GUINT_TO_POINTER (root + 1))));
    }
    page_signature =
        mla_site_build_signature (build, "month", parts->str, NULL);
    if (mla_site_files_keep (build->files, path, page_signature))
        return TRUE;
    return mla_site_build_put_page (
        build, mla_site_model_month (site, month, page, n_pages), path, error);
}

/* What a month's listings show, whatever their order: the months around
 * it and its messages, each by its raw SHA-256 (which fixes its headers)
 * and its thread (by which the subject order groups them). */
static char *
month_listed (MlaSiteBuild *build, const MlaSiteMonth *month,
              const char *around)
{
    MlaSite *site = build->site;
    g_autoptr (GString) parts = g_string_sized_new (month->entries->len * 90);

    g_string_append_printf (parts, "%s %u", around, month->entries->len);
    for (guint i = 0; i < month->entries->len; i++) {
        const MlaOverviewEntry *e = mla_overview_threads_get_entry (
            site->threads, g_array_index (month->entries, guint, i));

        g_string_append_c (parts, ' ');
        g_string_append (parts, e->sha256);
        g_string_append_c (parts, ':');
        g_string_append (parts, e->thread != NULL ? e->thread : "");
    }
    return mla_site_build_signature (build, "list", parts->str, NULL);
}

/* A month's listings in one order, its pages sorted and made only when
 * one of them cannot be kept. */
static gboolean
put_list_pages (MlaSiteBuild *build, const MlaSiteMonth *month,
                const char *listed, const char *order, guint n_pages,
                GError **error)
{
    MlaSite *site = build->site;
    g_autoptr (GArray) sorted = NULL;
    g_autoptr (GArray) made = g_array_new (FALSE, FALSE, sizeof (guint));

    for (guint page = 0; page < n_pages; page++) {
        g_autofree char *path = mla_site_list_page (month, order, page);
        g_autofree char *number = g_strdup_printf ("%u", page);
        g_autofree char *page_signature = mla_site_build_signature (
            build, "list-page", listed, order, number, NULL);

        if (!mla_site_files_keep (build->files, path, page_signature))
            g_array_append_val (made, page);
    }
    if (made->len > 0)
        sorted = mla_site_list_sort (site, month, order);
    for (guint i = 0; i < made->len; i++) {
        guint page = g_array_index (made, guint, i);
        g_autofree char *path = mla_site_list_page (month, order, page);

        if (!mla_site_build_put_page (
                build, mla_site_model_list (site, month, order, sorted, page),
                path, error))
            return FALSE;
    }
    return TRUE;
}

/* A month's pages are made again only when what they list changed. */
static gboolean
put_pages_of_month (MlaSiteBuild *build, const MlaSiteMonth *month,
                    GError **error)
{
    static const char *const orders[] = { "date", "author", "subject" };
    guint n_pages = MAX (1, (month->roots->len + MLA_SITE_MONTH_PAGE - 1) /
                                MLA_SITE_MONTH_PAGE);
    guint list_pages = MAX (1, (month->entries->len + MLA_SITE_LIST_PAGE - 1) /
                                   MLA_SITE_LIST_PAGE);
    g_autofree char *around = month_neighbours (month);
    g_autofree char *listed = month_listed (build, month, around);

    for (guint page = 0; page < n_pages; page++)
        if (!put_month_page (build, month, around, page, n_pages, error))
            return FALSE;
    for (gsize i = 0; i < G_N_ELEMENTS (orders); i++)
        if (!put_list_pages (build, month, listed, orders[i], list_pages,
                             error))
            return FALSE;
    return TRUE;
}

/* The thread as a gzip'd mboxrd, by date: the stored bytes, unchanged
 * unless addresses are masked. The gzip header carries no time or name,
 * so the bytes are stable. */
static gboolean
put_thread_mbox (MlaSiteBuild *build, guint root, const char *path,
                 GError **error)
{
    MlaSite *site = build->site;
    g_autoptr (GOutputStream) mbox = g_memory_output_stream_new_resizable ();
    g_autoptr (GOutputStream) memory = g_memory_output_stream_new_resizable ();
    g_autoptr (GZlibCompressor) gzip =
        g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 9);
    g_autoptr (GOutputStream) out =
        g_converter_output_stream_new (memory, G_CONVERTER (gzip));
    g_autoptr (GByteArray) raw = g_byte_array_new ();
    g_autoptr (GBytes) text = NULL;
    g_autoptr (GBytes) masked = NULL;
    GArray *entries = g_ptr_array_index (site->thread_dates, root);
    GBytes *published;

    for (guint i = 0; i < entries->len; i++) {
        const MlaOverviewEntry *e = mla_overview_threads_get_entry (
            site->threads, g_array_index (entries, guint, i));

        if (!mla_archive_read_raw (site->archive, e->volume, e->message_id,
                                   e->raw_offset, e->raw_length, raw, error) ||
            !mla_mboxrd_write_message (mbox, e->envelope, e->date_utc,
                                       raw->data, raw->len, error))
            return FALSE;
    }
    if (!g_output_stream_close (mbox, NULL, error))
        return FALSE;
    text =
        g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (mbox));
    if (site->mask != NULL)
        masked = mla_address_mask_apply (
            site->mask, g_bytes_get_data (text, NULL), g_bytes_get_size (text));
    published = masked != NULL ? masked : text;
    /* Closing the gzip stream flushes the compressor into @memory. */
    return g_output_stream_write_all (out, g_bytes_get_data (published, NULL),
                                      g_bytes_get_size (published), NULL, NULL,
                                      error) &&
           g_output_stream_close (out, NULL, error) &&
           g_output_stream_close (memory, NULL, error) &&
           mla_site_files_put (build->files, path,
                               g_memory_output_stream_get_data (
                                   G_MEMORY_OUTPUT_STREAM (memory)),
                               g_memory_output_stream_get_data_size (
                                   G_MEMORY_OUTPUT_STREAM (memory)),
                               error);
}

/* The patch series the thread holds, for git am (mla-series.c); none
 * when it holds no complete one. */
static gboolean
put_series (MlaSiteBuild *build, guint root, const char *path, GError **error)
{
    MlaSite *site = build->site;
    g_autoptr (GPtrArray) entries = mla_site_thread_entries (site, root);
    g_autoptr (GOutputStream) memory = g_memory_output_stream_new_resizable ();

    if (!mla_series_is_complete (entries))
        return TRUE;
    return mla_series_write_entries (
               site->archive, site->overview, entries,
               ((const MlaOverviewEntry *) entries->pdata[0])->message_id, NULL,
               NULL, memory, error) &&
           put_memory (build, path, memory, error);
}

static gboolean
put_thread (MlaSiteBuild *build, guint root, GError **error)
{
    MlaSite *site = build->site;
    const MlaSiteThread *view = mla_site_view (site, root);
    g_autofree char *folder = mla_site_thread_path (site, root);
    g_autofree char *feed = g_strconcat (folder, "/atom.xml", NULL);
    g_autofree char *mbox = g_strconcat (folder, "/thread.mbox.gz", NULL);
    g_autofree char *feed_signature = mla_site_build_signature (
        build, "feed", view->version, site->feed_tag, NULL);
    g_autofree char *mbox_signature =
        mla_site_build_signature (build, "mbox", view->version, NULL);
    g_autofree char *series = g_strconcat (folder, "/series.mbox", NULL);
    g_autofree char *series_signature =
        mla_site_build_signature (build, "series", view->version, NULL);
    guint pages = mla_site_thread_pages (site, root);

    for (guint page = 0; page < pages; page++) {
        g_autofree char *file = mla_site_thread_page (site, root, page);
        g_autofree char *number = g_strdup_printf ("%u", page);
        g_autofree char *page_signature = mla_site_build_signature (
            build, "thread", view->version, number, NULL);

        if (!mla_site_files_keep (build->files, file, page_signature) &&
            !mla_site_build_put_page (
                build, mla_site_model_thread (site, root, page, error), file,
                error))
            return FALSE;
    }
    return (mla_site_files_keep (build->files, feed, feed_signature) ||
            mla_site_build_put_page (
                build, mla_site_model_feed (site, root, FALSE, error), feed,
                error)) &&
           (mla_site_files_keep (build->files, mbox, mbox_signature) ||
            put_thread_mbox (build, root, mbox, error)) &&
           (mla_site_files_keep (build->files, series, series_signature) ||
            put_series (build, root, series, error));
}

/* Whether a published message's folder has the name key @key: one of
 * the rows loaded (their names made once, in @names), or, when @site
 * holds part of the archive, one the overview recorded (this build's
 * new names are not in its snapshot, but their rows are loaded). */
static gboolean
published_has_key (MlaSite *site, GHashTable **names, const char *key,
                   gboolean *out_found, GError **error)
{
    if (*names == NULL)
        *names = mla_site_published_names (site);
    *out_found = g_hash_table_contains (*names, key);
    if (*out_found || !site->partial)
        return TRUE;
    return mla_overview_has_name_key (
        site->overview, key, MLA_OVERVIEW_NAMES_PUBLISHED, out_found, error);
}

/* A message page that an earlier build made under the folder name sites
 * used before names were recorded (mla_site_legacy_message_name()) becomes
 * a page that sends the reader on, and stays one: a link already out
 * there keeps working. Never where a page of today is. */
static gboolean
put_legacy_redirects (MlaSiteBuild *build, GError **error)
{
    MlaSite *site = build->site;
    guint n = mla_overview_threads_get_n_entries (site->threads);
    /* Made the first time a legacy page is found: most sites have none. */
    g_autoptr (GHashTable) names = NULL;

    for (guint i = 0; i < n; i++) {
        const char *id =
            mla_overview_threads_get_entry (site->threads, i)->message_id;
        g_autofree char *legacy = NULL;
        g_autofree char *from = NULL;
        g_autofree char *page = NULL;
        g_autofree char *key = NULL;
        g_autofree char *to = NULL;
        gboolean taken = FALSE;

        if ((build->scope != NULL && !build->scope->is_new[i]) ||
            GPOINTER_TO_UINT (g_hash_table_lookup (site->first_with_id, id)) !=
                i + 1)
            continue;
        legacy = mla_site_legacy_message_name (id);
        from = g_strconcat ("m/", legacy, NULL);
        page = g_strconcat (from, "/index.html", NULL);
        if (!mla_site_files_had (build->files, page))
            continue;
        key = mla_folder_name_key (legacy);
        if (!published_has_key (site, &names, key, &taken, error))
            return FALSE;
        if (taken)
            continue;
        to = mla_site_message_path (site, i);
        if (!mla_site_build_put_page (
                build, mla_site_model_redirect (site, "message", from, to),
                page, error))
            return FALSE;
    }
    return TRUE;
}

/* Old thread ids (threads since merged) keep their URL: a page that
 * sends the reader on; so do old message URLs. An update that visits
 * only what changed had no thread merged: the pages of @aliases stay. */
static gboolean
put_redirects (MlaSiteBuild *build, GPtrArray *aliases, GError **error)
{
    MlaSite *site = build->site;

    for (guint i = 0; build->scope == NULL && i + 1 < aliases->len; i += 2) {
        g_autofree char *from =
            g_strconcat ("t/", (const char *) aliases->pdata[i], NULL);
        g_autofree char *to =
            g_strconcat ("t/", (const char *) aliases->pdata[i + 1], NULL);
        g_autofree char *page = g_strconcat (from, "/index.html", NULL);

        if (!mla_site_build_put_page (
                build, mla_site_model_redirect (site, "thread", from, to), page,
                error))
            return FALSE;
    }
    return put_legacy_redirects (build, error);
}

/* Each agenda's timetable and calendar beside its message's page, and
 * the list of them. */
static gboolean
put_agendas (MlaSiteBuild *build, GError **error)
{
    MlaSite *site = build->site;

    /* An update that reads part of the archive finds no new agenda
     * (mla-site-partial.c): the list stays, and only the agendas it
     * linked again may change. */
    if (site->agendas->len > 0 && !site->partial) {
        g_autofree char *list = mla_site_agenda_list_digest (site);
        g_autofree char *list_signature =
            mla_site_build_signature (build, "agendas", list, NULL);

        if (!mla_site_files_keep (build->files, "agendas/index.html",
                                  list_signature) &&
            !mla_site_build_put_page (build, mla_site_model_agendas (site),
                                      "agendas/index.html", error))
            return FALSE;
    }
    for (guint i = 0; i < site->agendas->len; i++) {
        const MlaSiteAgenda *a = g_ptr_array_index (site->agendas, i);
        g_autofree char *page = NULL;
        g_autofree char *ics = NULL;
        g_autofree char *page_signature = NULL;
        g_autoptr (GOutputStream) memory = NULL;
        MlaAgendaWriteOptions options = { NULL, 0, NULL };

        if (!a->linked)
            continue;
        page = mla_site_agenda_path (site, i, "html");
        ics = mla_site_agenda_path (site, i, "ics");
        page_signature =
            mla_site_build_signature (build, "agenda", a->version,
                                      mla_site_sha_of (site, a->entry), NULL);
        if (!mla_site_files_keep (build->files, page, page_signature) &&
            !mla_site_build_put_page (build, mla_site_model_agenda (site, i),
                                      page, error))
            return FALSE;
        g_free (page_signature);
        page_signature =
            mla_site_build_signature (build, "ics", a->version, NULL);
        if (mla_site_files_keep (build->files, ics, page_signature))
            continue;
        memory = g_memory_output_stream_new_resizable ();
        /* Stamped with the message's date, not the build's: the calendar's
         * bytes change only with the agenda. */
        options.dtstamp =
            mla_overview_threads_get_entry (site->threads, a->entry)->date;
        if (options.dtstamp == 0)
            options.dtstamp = 1;
        if (!mla_agenda_write_ics_revision (site->revisions, i, &options,
                                            memory, error) ||
            !put_memory (build, ics, memory, error))
            return FALSE;
    }
    return TRUE;
}

static gboolean
put_asset (MlaSiteBuild *build, const char *name, GError **error)
{
    g_autoptr (GBytes) bytes =
        mla_site_render_asset (build->render, name, error);

    return bytes != NULL &&
           mla_site_files_put (build->files, name,
                               g_bytes_get_data (bytes, NULL),
                               g_bytes_get_size (bytes), error);
}

/* MLA_SITE_SEARCH_INDEXES: each bundle of @periods as a line "NAME
 * PAGES", newest first, for a search across sites (mla-host.c). */
static gboolean
put_index_list (MlaSiteBuild *build, GPtrArray *periods, GError **error)
{
    g_autoptr (GString) text = g_string_new (NULL);

    for (guint i = 0; i < periods->len; i++) {
        const MlaSitePeriod *period = g_ptr_array_index (periods, i);

        g_string_append_printf (text, "%s %u\n", period->name, period->n_pages);
    }
    return mla_site_files_put (build->files, MLA_SITE_SEARCH_INDEXES, text->str,
                               text->len, error);
}

/* Once the message pages are made: the search page, its script, and the
 * index of each period whose indexed text may have changed. Pagefind reads
 * only what the theme marks on a message page (data-pagefind-body: its
 * message's subject, author, date and text), never its links, so a
 * period's index is made from its pages' paths and messages, the theme,
 * the options, and Pagefind's version: a reply that changes the thread
 * overview of old pages does not index their periods again. */
/* What the next update keeps of @periods. */
static GArray *
bundle_counts (GPtrArray *periods)
{
    GArray *counts = mla_site_bundle_counts_new ();

    for (guint i = 0; i < periods->len; i++) {
        const MlaSitePeriod *period = g_ptr_array_index (periods, i);
        MlaSiteBundleCount count = { g_strdup (period->name), period->n_pages,
                                     g_strdup (period->signature) };

        g_array_append_val (counts, count);
    }
    return counts;
}

static gboolean
put_search (MlaSiteBuild *build, const char *pagefind, const char *version,
            const MlaSiteMark *before, MlaSiteMark *mark, MlaSiteStats *stats,
            GError **error)
{
    MlaSite *site = build->site;
    g_autoptr (GPtrArray) periods =
        site->partial
            ? mla_site_search_periods_partial (
                  site, build->files, build->scope->is_new, before->bundles,
                  site->options.search_bundle, site->options.search_tier, error)
            : mla_site_search_periods (site, site->options.search_bundle,
                                       site->options.search_tier);

    if (periods == NULL)
        return FALSE;
    for (guint i = 0; i < periods->len; i++) {
        MlaSitePeriod *period = g_ptr_array_index (periods, i);
        g_autoptr (GString) parts = g_string_new (NULL);

        if (period->kept)
            continue;
        for (guint p = 0; p < period->pages->len; p++)
            g_string_append_printf (parts, "%s %s\n",
                                    (const char *) period->pages->pdata[p],
                                    (const char *) period->shas->pdata[p]);
        period->signature = mla_site_build_signature (build, "search", version,
                                                      parts->str, NULL);
    }
    mark->bundles = bundle_counts (periods);
    mark->cut[0] = MLA_SITE_SEARCH_CUT (site->options.search_bundle,
                                        MLA_SITE_SEARCH_BUNDLE);
    mark->cut[1] =
        MLA_SITE_SEARCH_CUT (site->options.search_tier, MLA_SITE_SEARCH_TIER);
    return put_asset (build, "search.js", error) &&
           mla_site_build_put_page (build,
                                    mla_site_model_search (site, periods),
                                    "search.html", error) &&
           put_index_list (build, periods, error) &&
           mla_site_search_index (build->files, periods, pagefind, stats,
                                  error);
}

/* The search page, its script and its index as the last build left
 * them: new messages are not in it until pagefind is found again. */
static gboolean
keep_search (MlaSiteFiles *files)
{
    mla_site_files_keep_previous (files, "pagefind/");
    mla_site_files_keep_previous (files, "search.js");
    mla_site_files_keep_previous (files, MLA_SITE_SEARCH_INDEXES);
    return mla_site_files_keep_previous (files, "search.html") > 0;
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
    MlaSiteBuild *build = user_data;
    MlaSite *site = build->site;
    g_autoptr (GError) error = NULL;
    gboolean ok;

    if (g_atomic_pointer_get (&build->error) != NULL) {
        g_free (job);
        return;
    }
    switch (job->kind) {
    case JOB_MONTH:
        ok = put_pages_of_month (
            build, g_ptr_array_index (site->months, job->index), &error);
        break;
    case JOB_THREAD:
        ok = put_thread (build, job->index, &error);
        break;
    default:
        ok = mla_site_put_message (build, job->index, &error);
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
static void
push_all_jobs (MlaSiteBuild *build, GThreadPool *pool)
{
    MlaSite *site = build->site;
    const MlaSiteScope *scope = build->scope;
    guint n = mla_overview_threads_get_n_entries (site->threads);

    if (scope != NULL) {
        for (guint i = 0; i < scope->months->len; i++)
            push_job (pool, JOB_MONTH, g_array_index (scope->months, guint, i));
        for (guint i = 0; i < scope->roots->len; i++)
            push_job (pool, JOB_THREAD, g_array_index (scope->roots, guint, i));
        for (guint i = 0; i < scope->entries->len; i++)
            push_job (pool, JOB_MESSAGE,
                      g_array_index (scope->entries, guint, i));
        return;
    }
    for (guint m = 0; m < site->months->len; m++)
        push_job (pool, JOB_MONTH, m);
    for (guint r = 0; r < site->roots->len; r++)
        push_job (pool, JOB_THREAD, g_array_index (site->roots, guint, r));
    for (guint i = 0; i < n; i++)
        if (site->published[i])
            push_job (pool, JOB_MESSAGE, i);
}

static gboolean
build_site (MlaSiteBuild *build, GPtrArray *aliases, guint jobs, GError **error)
{
    MlaSite *site = build->site;
    const MlaSiteScope *scope = build->scope;
    GThreadPool *pool;

    build->progress.pages_total =
        scope != NULL ? 3 + scope->months->len * 4 + scope->roots->len * 2 +
                            scope->entries->len
                      : 3 + site->months->len * 4 + site->roots->len * 2 +
                            mla_overview_threads_get_n_entries (site->threads);
    if (!put_asset (build, "style.css", error) ||
        !mla_site_build_put_page (build, mla_site_model_home (site, error),
                                  "index.html", error) ||
        !mla_site_build_put_page (
            build, mla_site_model_feed (site, MLA_THREAD_NONE, FALSE, error),
            "new.atom", error) ||
        !mla_site_build_put_page (
            build, mla_site_model_feed (site, MLA_THREAD_NONE, TRUE, error),
            "threads.atom", error) ||
        !put_redirects (build, aliases, error) || !put_agendas (build, error))
        return FALSE;
    pool = g_thread_pool_new (run_job, build, (int) MAX (jobs, 1), TRUE, error);
    if (pool == NULL)
        return FALSE;
    push_all_jobs (build, pool);
    g_thread_pool_free (pool, FALSE, TRUE);
    if (build->error != NULL) {
        g_propagate_error (error, g_steal_pointer (&build->error));
        return FALSE;
    }
    return TRUE;
}

/* The folders to make again whatever their signatures (under the mask,
 * mla_site_scope_remake()). */
static gboolean
remake_named (MlaSite *site, MlaSiteBuild *build, const MlaSiteMark *before,
              MlaSiteScope *scope, GError **error)
{
    g_autoptr (GPtrArray) remake =
        mla_site_scope_remake (scope, site, before, error);

    if (remake == NULL)
        return FALSE;
    /* An update that read part of the archive reads it all instead. */
    if (scope != NULL && scope->missed)
        return TRUE;
    for (guint i = 0; i < remake->len; i++)
        mla_site_files_remake (build->files, remake->pdata[i]);
    return TRUE;
}

/* Reads the pages' sources, and what the update must visit: only what
 * changed since @before (nullable) when the archive only grew. */
static gboolean
prepare (MlaSite *site, MlaSiteBuild *build, const MlaSiteMark *before,
         GPtrArray **aliases, MlaSiteScope **scope, GError **error)
{
    g_autoptr (GPtrArray) stored = NULL;

    if ((*aliases = mla_overview_get_thread_aliases (site->overview, error)) ==
            NULL ||
        (stored = before != NULL
                      ? mla_overview_get_changed_threads (
                            site->overview, (gint64) before->max_row, error)
                      : g_ptr_array_new ()) == NULL)
        return FALSE;
    *scope = mla_site_scope_new (site, before, (*aliases)->len / 2, stored);
    build->scope = *scope;
    return remake_named (site, build, before, *scope, error);
}

/* An update that reads only the rows its pages show
 * (mla-site-partial.c); FALSE with no error when it cannot, and then
 * nothing is loaded. */
static gboolean
prepare_partial (MlaSite *site, MlaSiteBuild *build, MlaArchive *archive,
                 MlaOverview *overview, const MlaSiteOptions *options,
                 const MlaSiteMark *before, gboolean searchable,
                 GPtrArray **aliases, MlaSiteScope **scope, GError **error)
{
    const char *reason = NULL;

    /* Not site->options: mla_site_begin() clears @site first. */
    if (!mla_site_init_partial (site, archive, overview, options, before,
                                searchable, scope, &reason, error))
        return FALSE;
    if (*scope == NULL) {
        g_debug ("an update that reads everything: %s", reason);
        return FALSE;
    }
    if ((*aliases = mla_overview_get_thread_aliases (site->overview, error)) ==
            NULL ||
        (*aliases)->len / 2 != before->aliases ||
        !remake_named (site, build, before, *scope, error) ||
        (*scope)->missed) {
        g_debug ("an update that reads everything: %s",
                 *aliases == NULL || (*aliases)->len / 2 != before->aliases
                     ? "threads merged"
                     : "an old message names a new one");
        g_clear_pointer (aliases, g_ptr_array_unref);
        g_clear_pointer (scope, mla_site_scope_free);
        mla_site_clear (site);
        return FALSE;
    }
    build->scope = *scope;
    return TRUE;
}

/* What the pages are made from, and what the update visits. */
static gboolean
load_site (MlaSite *site, MlaSiteBuild *build, MlaArchive *archive,
           MlaOverview *overview, const MlaSiteOptions *options,
           const MlaSiteMark *before, gboolean searchable, GPtrArray **aliases,
           MlaSiteScope **scope, GError **error)
{
    g_autoptr (GError) local = NULL;

    if (prepare_partial (site, build, archive, overview, options, before,
                         searchable, aliases, scope, &local))
        return TRUE;
    if (local != NULL)
        return g_propagate_error (error, g_steal_pointer (&local)), FALSE;
    return mla_site_init (site, archive, overview, options, error) &&
           prepare (site, build, before, aliases, scope, error);
}

/* The List-Ids of published messages: those @before (nullable) had
 * when @site holds part of the archive (which then holds no other). */
static GPtrArray *
published_lists (MlaSite *site, const MlaSiteMark *before)
{
    GPtrArray *lists = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
    guint n = mla_overview_threads_get_n_entries (site->threads);

    if (site->partial) {
        for (guint i = 0; i < before->lists->len; i++)
            g_ptr_array_add (lists, g_strdup (before->lists->pdata[i]));
        return lists;
    }
    for (guint i = 0; i < n; i++) {
        const char *list =
            mla_overview_threads_get_entry (site->threads, i)->list_id;

        if (site->published[i] && list != NULL &&
            g_hash_table_add (seen, (gpointer) list))
            g_ptr_array_add (lists, g_strdup (list));
    }
    return lists;
}

/* What the pages count over the whole archive, for the next update. */
static void
record_counts (MlaSite *site, const MlaSiteMark *before, MlaSiteMark *mark)
{
    mark->has_counts = TRUE;
    mark->lists = published_lists (site, before);
    mark->threads = site->n_threads;
    mark->list_id = g_strdup (site->list_id);
    mark->list_count = site->list_count;
    mark->months = g_array_sized_new (FALSE, FALSE, sizeof (MlaSiteMonthCount),
                                      site->months->len);
    for (guint m = 0; m < site->months->len; m++) {
        const MlaSiteMonth *month = g_ptr_array_index (site->months, m);
        MlaSiteMonthCount count = { g_strdup (month->path), month->n_messages,
                                    month->n_threads };

        g_array_append_val (mark->months, count);
    }
    mark->links = mla_site_partial_links (site, before);
}

/* Makes every page whose signature changed, writes what changed, and
 * removes what is no longer made; @mark gets what the next update needs. */
static gboolean
build_pages (MlaArchive *archive, MlaOverview *overview, MlaFolder *output,
             const MlaSiteOptions *options, const char *pagefind,
             const char *version, const MlaSiteMark *before, MlaSiteMark *mark,
             MlaSiteStats *stats, GError **error)
{
    MlaSite site = { 0 };
    MlaSiteBuild build = { 0 };
    g_autoptr (MlaSiteRender) render = NULL;
    g_autoptr (MlaSiteFiles) files = NULL;
    g_autoptr (GPtrArray) aliases = NULL;
    g_autoptr (MlaSiteScope) scope = NULL;
    gboolean ok, reading;

    render = mla_site_render_new (options != NULL ? options->templates : NULL,
                                  error);
    if (render == NULL || (files = mla_site_files_open (output, error)) == NULL)
        return FALSE;
    mla_site_search_clean (output);
    /* Without pagefind, a search made before is kept rather than lost. */
    stats->search_kept =
        stats->no_pagefind && mla_site_files_had (files, "search.html");
    /* One snapshot of the overview for the whole build: rows that imports
     * add meanwhile wait for the next one. */
    reading = mla_overview_begin_reading (overview, error);
    build.files = files;
    ok =
        reading && load_site (&site, &build, archive, overview, options, before,
                              pagefind != NULL, &aliases, &scope, error);
    site.search = pagefind != NULL || stats->search_kept;
    build.site = &site;
    build.render = render;
    g_mutex_init (&build.lock);
    build.budget = mla_memory_budget_new (mla_message_parse_budget (0));
    ok = ok &&
         build_site (&build, aliases,
                     options != NULL && options->jobs > 0
                         ? options->jobs
                         : g_get_num_processors (),
                     error) &&
         (!site.search || stats->search_kept ||
          put_search (&build, pagefind, version, before, mark, stats, error)) &&
         (!stats->search_kept || keep_search (files));
    /* A token the mask could not ask about was masked: not what a whole
     * build would write. */
    if (ok && site.mask_error != NULL) {
        g_propagate_error (error, g_error_copy (site.mask_error));
        ok = FALSE;
    }
    if (reading)
        mla_overview_end_reading (overview);
    /* What was not visited is as the last build left it; the search
     * index's periods are all visited, and those made again replace
     * their files. */
    if (ok && scope != NULL)
        mla_site_files_keep_rest (files, "pagefind/");
    ok = ok && mla_site_files_finish (files, stats, error);
    g_mutex_clear (&build.lock);
    mla_memory_budget_free (build.budget);
    if (ok) {
        stats->published = site.n_published;
        stats->withheld = site.n_withheld;
        stats->read = mla_overview_threads_get_n_entries (site.threads);
        stats->searchable = site.search;
        stats->scoped = scope != NULL;
        /* An update that read part of the archive may not have read the
         * last row of the last build. */
        mark->max_row = MAX (mla_site_max_row (&site),
                             before != NULL ? before->max_row : 0);
        mark->published = stats->published;
        mark->withheld = stats->withheld;
        mark->aliases = aliases->len / 2;
        mla_site_identity (&site, mark->identity);
        record_counts (&site, before, mark);
    }
    mla_site_clear (&site);
    return ok;
}

gboolean
mla_site_build (MlaArchive *archive, MlaOverview *overview, const char *output,
                const MlaSiteOptions *options, MlaSiteStats *out_stats,
                GError **error)
{
    MlaSiteSearch search =
        options != NULL ? options->search : MLA_SITE_SEARCH_AUTO;
    const char *explicit = options != NULL && options->pagefind != NULL &&
                                   options->pagefind[0] != '\0'
                               ? options->pagefind
                               : NULL;
    g_autofree char *pagefind = NULL;
    g_autofree char *version = NULL;
    g_autofree char *theme = NULL;
    g_autofree char *generation = NULL;
    g_autofree char *key = NULL;
    g_autofree char *shape = NULL;
    g_autoptr (MlaFolder) folder = NULL;
    MlaSiteMark before = { 0 }, mark = { 0 };
    gboolean have_mark, ok;
    MlaSiteStats local_stats;
    MlaSiteStats *stats = out_stats != NULL ? out_stats : &local_stats;

    g_return_val_if_fail (archive != NULL && overview != NULL && output != NULL,
                          FALSE);
    memset (stats, 0, sizeof *stats);
    if (search != MLA_SITE_SEARCH_NO) {
        if (!mla_site_search_prepare (search == MLA_SITE_SEARCH_YES, explicit,
                                      &pagefind, &version, error))
            return FALSE;
        stats->no_pagefind = pagefind == NULL;
    }
    theme = mla_site_render_theme (options != NULL ? options->templates : NULL,
                                   error);
    if (theme == NULL ||
        (generation = mla_overview_get_generation (overview, error)) == NULL)
        return FALSE;
    /* Nothing new since the last build: nothing to read or write. */
    key = mla_site_state_key (generation, theme, options, version);
    shape = mla_site_state_shape (generation, theme, options, version);
    if ((folder = mla_folder_open (output, MLA_FOLDER_CREATE, error)) == NULL)
        return g_prefix_error (error, "cannot create the site folder: "), FALSE;
    if (mla_site_state_current (folder, key, stats)) {
        stats->search_kept = stats->no_pagefind && stats->searchable;
        return TRUE;
    }
    have_mark = mla_site_state_read_mark (folder, shape, &before);
    ok = build_pages (archive, overview, folder, options, pagefind, version,
                      have_mark ? &before : NULL, &mark, stats, error);
    ok = ok ? mla_site_state_save (folder, key, shape, stats, &mark, error)
            : mla_site_blame_writer (overview, generation, error);
    mla_site_mark_clear (&before);
    mla_site_mark_clear (&mark);
    return ok;
}
