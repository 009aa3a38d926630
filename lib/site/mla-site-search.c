/* mla-site-search.c: Pagefind's index of the message pages, per period. */
#include "config.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include "mla-atomic-file-private.h"
#include "mla-error.h"
#include "mla-overview-probe-private.h"
#include "mla-site-search-private.h"

/* The staging folder, inside the site so that pages can be hard links. It
 * is not in the manifest: made and removed by each indexing run. */
#define STAGE ".mlarc-search.tmp"

char *
mla_site_find_pagefind (const char *explicit)
{
    g_autofree char *cwd = NULL;
    g_autofree char *local = NULL;
    char *found;

    if (explicit != NULL)
        return g_find_program_in_path (explicit);
    found = g_find_program_in_path ("pagefind");
    if (found != NULL)
        return found;
    cwd = g_get_current_dir ();
    local = g_build_filename (cwd, "node_modules", ".bin", "pagefind", NULL);
    return g_file_test (local, G_FILE_TEST_IS_EXECUTABLE)
               ? g_steal_pointer (&local)
               : NULL;
}

/* The end of the path of npm's pagefind script. */
#define SCRIPT "/pagefind/lib/runner/bin.cjs"

/* npm's names of processors (node's os.arch()) for uname's. */
static const struct {
    const char *machine, *npm;
} npm_cpus[] = {
    { "x86_64", "x64" },
    { "aarch64", "arm64" },
    { "arm64", "arm64" },
};

/* The program npm's pagefind (a node script, pagefind/lib/runner/bin.cjs)
 * would run: node_modules/@pagefind/OS-CPU/bin/pagefind_extended (or
 * pagefind), as its resolveBinary.js finds it; NULL when @pagefind is not
 * that script, or the script is told of another binary (its
 * PAGEFIND_BINARY_PATH). Running it directly saves node's start, 0.1 s
 * idle and 0.3-0.4 s at load 6, twice an update (--version and the
 * index); its output is the same. */
static char *
native_pagefind (const char *pagefind)
{
    static const char *const names[] = { "pagefind_extended", "pagefind" };
    char *resolved = realpath (pagefind, NULL);
    g_autofree char *real = g_strdup (resolved);
    g_autofree char *os = NULL;
    const char *cpu = NULL;
    struct utsname system;

    free (resolved);
    if (real == NULL || !g_str_has_suffix (real, SCRIPT) ||
        g_getenv ("PAGEFIND_EXTENDED_BINARY_PATH") != NULL ||
        g_getenv ("PAGEFIND_BINARY_PATH") != NULL || uname (&system) != 0)
        return NULL;
    real[strlen (real) - strlen (SCRIPT) + 1] = '\0';
    os = g_ascii_strdown (system.sysname, -1);
    for (guint i = 0; i < G_N_ELEMENTS (npm_cpus); i++)
        if (strcmp (system.machine, npm_cpus[i].machine) == 0)
            cpu = npm_cpus[i].npm;
    for (guint i = 0; cpu != NULL && i < G_N_ELEMENTS (names); i++) {
        g_autofree char *path = g_strdup_printf ("%s@pagefind/%s-%s/bin/%s",
                                                 real, os, cpu, names[i]);

        if (g_file_test (path, G_FILE_TEST_IS_EXECUTABLE))
            return g_steal_pointer (&path);
    }
    return NULL;
}

/* Runs @argv; its output (stdout and stderr) in @out_output. */
static gboolean
run (const char *const *argv, char **out_output, GError **error)
{
    g_autoptr (GSubprocess) process = NULL;
    g_autofree char *output = NULL;

    process = g_subprocess_newv (
        argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE,
        error);
    if (process == NULL || !g_subprocess_communicate_utf8 (
                               process, NULL, NULL, &output, NULL, error))
        return FALSE;
    if (!g_subprocess_get_if_exited (process) ||
        g_subprocess_get_exit_status (process) != 0)
        return mla_throw (error, MLA_ERROR_IO, "%s failed: %s", argv[0],
                          output != NULL ? g_strstrip (output) : "");
    *out_output = g_steal_pointer (&output);
    return TRUE;
}

gboolean
mla_site_search_prepare (gboolean required, const char *explicit,
                         char **out_pagefind, char **out_version,
                         GError **error)
{
    g_autofree char *pagefind = mla_site_find_pagefind (explicit);
    g_autofree char *native = NULL;
    const char *argv[] = { pagefind, "--version", NULL };
    char *output = NULL;

    *out_pagefind = *out_version = NULL;
    if (pagefind == NULL && explicit != NULL)
        return mla_throw (error, MLA_ERROR_INVALID,
                          "%s: no such program (pagefind)", explicit);
    if (pagefind == NULL && required)
        return mla_throw (
            error, MLA_ERROR_INVALID,
            "pagefind not found (on PATH or in ./node_modules/.bin): "
            "install it with npm install pagefind@1.6");
    if (pagefind == NULL)
        return TRUE;
    native = native_pagefind (pagefind);
    if (native != NULL) {
        g_free (pagefind);
        argv[0] = pagefind = g_steal_pointer (&native);
    }
    if (!run (argv, &output, error))
        return FALSE;
    *out_version = g_strstrip (output);
    *out_pagefind = g_steal_pointer (&pagefind);
    return TRUE;
}

static void
period_free (MlaSitePeriod *period)
{
    g_free (period->name);
    g_free (period->signature);
    g_ptr_array_unref (period->pages);
    g_ptr_array_unref (period->shas);
    g_array_unref (period->rows);
    g_free (period);
}

static MlaSitePeriod *
period_new (char *name)
{
    MlaSitePeriod *period = g_new0 (MlaSitePeriod, 1);

    period->name = name;
    period->pages = g_ptr_array_new_with_free_func (g_free);
    period->shas = g_ptr_array_new_with_free_func (g_free);
    period->rows = g_array_new (FALSE, FALSE, sizeof (gint64));
    return period;
}

/* Adds the page of the message in @row, folder @folder, to @period. */
static void
period_add (MlaSitePeriod *period, const char *folder, const char *sha,
            gint64 row)
{
    g_ptr_array_add (period->pages, g_strconcat (folder, "/index.html", NULL));
    g_ptr_array_add (period->shas, g_strdup (sha));
    g_array_append_val (period->rows, row);
    period->n_pages = period->pages->len;
}

static int
compare_rows (gconstpointer a, gconstpointer b, gpointer user_data)
{
    const GArray *rows = user_data;
    gint64 x = g_array_index (rows, gint64, *(const guint *) a);
    gint64 y = g_array_index (rows, gint64, *(const guint *) b);

    return x < y ? -1 : x > y;
}

GArray *
mla_site_search_cut (guint pages, guint bundle, guint tier, gboolean *out_tier)
{
    GArray *sizes = g_array_new (FALSE, FALSE, sizeof (guint));
    guint open = pages % bundle, rest = 0;

    for (guint b = 0; b < pages / bundle; b++)
        g_array_append_val (sizes, bundle);
    /* Below one tier the open bundle is small enough to be the tier. */
    if (tier > 0 && open >= tier) {
        rest = open % tier;
        open -= rest;
    }
    if (open > 0)
        g_array_append_val (sizes, open);
    if (rest > 0)
        g_array_append_val (sizes, rest);
    *out_tier = rest > 0;
    return sizes;
}

/* A bundle of @period: @count of its pages from @first, in the order
 * @order gives. */
static MlaSitePeriod *
part_of (const MlaSitePeriod *period, char *name, const guint *order,
         guint first, guint count)
{
    MlaSitePeriod *part = period_new (name);

    for (guint i = first; i < first + count; i++) {
        guint p = order[i];

        g_ptr_array_add (part->pages, g_strdup (period->pages->pdata[p]));
        g_ptr_array_add (part->shas, g_strdup (period->shas->pdata[p]));
        g_array_append_val (part->rows,
                            g_array_index (period->rows, gint64, p));
    }
    part->n_pages = part->pages->len;
    return part;
}

/* Appends the bundles of @period to @out, newest first, as
 * mla_site_search_cut() cuts its pages in archive order. Takes @period. */
static void
add_bundles (GPtrArray *out, MlaSitePeriod *period, guint bundle, guint tier)
{
    gboolean has_tier = FALSE;
    g_autoptr (GArray) sizes =
        mla_site_search_cut (period->pages->len, bundle, tier, &has_tier);
    g_autofree guint *order = g_new (guint, MAX (period->pages->len, 1));
    guint end = period->pages->len;

    if (sizes->len <= 1) {
        g_ptr_array_add (out, period);
        return;
    }
    for (guint i = 0; i < period->pages->len; i++)
        order[i] = i;
    g_qsort_with_data (order, (gint) period->pages->len, sizeof (guint),
                       compare_rows, period->rows);
    for (guint b = sizes->len; b-- > 0;) {
        guint size = g_array_index (sizes, guint, b);
        char *name =
            has_tier && b == sizes->len - 1
                ? g_strconcat (period->name, MLA_SITE_SEARCH_TIER_NAME, NULL)
            : b == 0 ? g_strdup (period->name)
                     : g_strdup_printf ("%s.%03u", period->name, b);

        end -= size;
        g_ptr_array_add (out, part_of (period, name, order, end, size));
    }
    period_free (period);
}

/* The bundles of @periods (taken), newest first. A period whose messages
 * all reuse earlier ids has no page of its own, and no bundle. */
static GPtrArray *
bundles_of (GPtrArray *periods, guint bundle, guint tier)
{
    GPtrArray *out =
        g_ptr_array_new_with_free_func ((GDestroyNotify) period_free);

    g_ptr_array_set_free_func (periods, NULL);
    for (guint i = 0; i < periods->len; i++) {
        MlaSitePeriod *period = g_ptr_array_index (periods, i);

        if (period->pages->len == 0)
            period_free (period);
        else
            add_bundles (out, period, bundle, tier);
    }
    g_ptr_array_unref (periods);
    return out;
}

/* The name of each month's period (by the month's index): its year's,
 * or its own when the year holds more than MLA_SITE_SEARCH_YEAR
 * messages. Returns: (transfer full): of char *. */
static GPtrArray *
month_periods (MlaSite *site)
{
    GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GHashTable) per_year = g_hash_table_new (NULL, NULL);

    for (guint m = 0; m < site->months->len; m++) {
        const MlaSiteMonth *month = g_ptr_array_index (site->months, m);
        gpointer key = GINT_TO_POINTER (month->year);
        guint n = GPOINTER_TO_UINT (g_hash_table_lookup (per_year, key));

        g_hash_table_insert (per_year, key,
                             GUINT_TO_POINTER (n + month->n_messages));
    }
    for (guint m = 0; m < site->months->len; m++) {
        const MlaSiteMonth *month = g_ptr_array_index (site->months, m);
        gboolean by_month = GPOINTER_TO_UINT (g_hash_table_lookup (
                                per_year, GINT_TO_POINTER (month->year))) >
                            MLA_SITE_SEARCH_YEAR;

        g_ptr_array_add (names, by_month
                                    ? g_strdup_printf ("%04d-%02d", month->year,
                                                       month->month)
                                    : g_strdup_printf ("%04d", month->year));
    }
    return names;
}

GPtrArray *
mla_site_search_periods (MlaSite *site, guint bundle, guint tier)
{
    GPtrArray *periods =
        g_ptr_array_new_with_free_func ((GDestroyNotify) period_free);
    g_autoptr (GPtrArray) names = month_periods (site);

    for (guint m = site->months->len; m-- > 0;) {
        const MlaSiteMonth *month = g_ptr_array_index (site->months, m);
        const char *name = names->pdata[m];
        MlaSitePeriod *period =
            periods->len > 0 ? g_ptr_array_index (periods, periods->len - 1)
                             : NULL;

        if (period == NULL || strcmp (period->name, name) != 0) {
            period = period_new (g_strdup (name));
            g_ptr_array_add (periods, period);
        }
        for (guint i = 0; i < month->entries->len; i++) {
            guint entry = g_array_index (month->entries, guint, i);
            const MlaOverviewEntry *e =
                mla_overview_threads_get_entry (site->threads, entry);
            g_autofree char *folder = NULL;

            /* One page per Message-ID: that of its first published message. */
            if (GPOINTER_TO_UINT (g_hash_table_lookup (
                    site->first_with_id, e->message_id)) != entry + 1)
                continue;
            folder = mla_site_message_path (site, entry);
            period_add (period, folder, e->sha256, e->row);
        }
    }
    return bundles_of (periods,
                       MLA_SITE_SEARCH_CUT (bundle, MLA_SITE_SEARCH_BUNDLE),
                       MLA_SITE_SEARCH_CUT (tier, MLA_SITE_SEARCH_TIER));
}

/* A period of mla_site_search_periods_partial(): its name and dates. */
typedef struct {
    char *name;
    gint64 from, to; /* [from, to) */
} Span;

/* The periods, newest first, with their dates. */
static GArray *
spans_of (MlaSite *site, GPtrArray *names)
{
    GArray *spans = g_array_new (FALSE, FALSE, sizeof (Span));

    for (guint m = site->months->len; m-- > 0;) {
        const MlaSiteMonth *month = g_ptr_array_index (site->months, m);
        g_autoptr (GDateTime) time =
            g_date_time_new_utc (month->year, month->month, 1, 0, 0, 0);
        int year, number;
        Span span = { names->pdata[m], 0, 0 };

        g_free (mla_site_month_range (g_date_time_to_unix (time), &year,
                                      &number, &span.from, &span.to));
        if (spans->len > 0 &&
            strcmp (g_array_index (spans, Span, spans->len - 1).name,
                    span.name) == 0)
            g_array_index (spans, Span, spans->len - 1).from = span.from;
        else
            g_array_append_val (spans, span);
    }
    return spans;
}

/* The periods with a new page or a page made again. */
static GHashTable *
touched_periods (MlaSite *site, MlaSiteFiles *files, const guint8 *is_new,
                 GPtrArray *names)
{
    GHashTable *touched = g_hash_table_new (g_str_hash, g_str_equal);
    g_autoptr (GHashTable) by_path = g_hash_table_new (g_str_hash, g_str_equal);
    guint n = mla_overview_threads_get_n_entries (site->threads);

    for (guint m = 0; m < site->months->len; m++)
        g_hash_table_insert (
            by_path,
            ((MlaSiteMonth *) g_ptr_array_index (site->months, m))->path,
            names->pdata[m]);
    for (guint i = 0; i < n; i++) {
        const MlaOverviewEntry *e =
            mla_overview_threads_get_entry (site->threads, i);
        g_autofree char *folder = NULL;
        g_autofree char *page = NULL;
        g_autofree char *path = NULL;
        int year, month;
        gint64 from, to;

        if (!site->published[i] ||
            GPOINTER_TO_UINT (g_hash_table_lookup (site->first_with_id,
                                                   e->message_id)) != i + 1)
            continue;
        folder = mla_site_message_path (site, i);
        page = g_strconcat (folder, "/index.html", NULL);
        if (!is_new[i] && !mla_site_files_is_remade (files, page))
            continue;
        path = mla_site_month_range (e->date, &year, &month, &from, &to);
        g_hash_table_add (touched, g_hash_table_lookup (by_path, path));
    }
    return touched;
}

/* The bundles of period @name in @old, as they were: FALSE when it had
 * none. */
static gboolean
add_kept (GPtrArray *out, GArray *old, const char *name)
{
    gboolean any = FALSE;

    for (guint b = 0; b < old->len; b++) {
        const MlaSiteBundleCount *count =
            &g_array_index (old, MlaSiteBundleCount, b);
        gsize length = strcspn (count->name, ".");
        MlaSitePeriod *kept;

        if (strlen (name) != length || strncmp (count->name, name, length) != 0)
            continue;
        kept = period_new (g_strdup (count->name));
        kept->n_pages = count->pages;
        kept->kept = TRUE;
        kept->signature = g_strdup (count->signature);
        g_ptr_array_add (out, kept);
        any = TRUE;
    }
    return any;
}

/* A page's place in a period of one bundle: its month, newest first,
 * then by date as activity (mla_thread_activity()), then by row, as a
 * month lists its messages. */
typedef struct {
    char *month;
    gint64 activity, row;
    guint index;
} PagePlace;

static int
compare_places (gconstpointer a, gconstpointer b)
{
    const PagePlace *x = a, *y = b;
    int months = strcmp (y->month, x->month);

    if (months != 0)
        return months;
    if (x->activity != y->activity)
        return x->activity < y->activity ? -1 : 1;
    return x->row < y->row ? -1 : x->row > y->row;
}

/* Every page of @span, from the overview: a page loaded has its folder
 * from @site, another the one recorded for its id. */
static MlaSitePeriod *
load_period (MlaSite *site, GHashTable *by_row, const Span *span,
             GError **error)
{
    g_autoptr (GPtrArray) rows =
        mla_overview_get_pages (site->overview, span->from, span->to, error);
    g_autofree PagePlace *places = NULL;
    MlaSitePeriod *period;

    if (rows == NULL)
        return NULL;
    places = g_new0 (PagePlace, MAX (rows->len, 1));
    for (guint i = 0; i < rows->len; i++) {
        const MlaOverviewEntry *e = rows->pdata[i];
        int year, month;
        gint64 from, to;

        places[i] =
            (PagePlace){ mla_site_month_range (e->date, &year, &month, &from,
                                               &to),
                         mla_thread_activity (e->date, e->arrived), e->row, i };
    }
    qsort (places, rows->len, sizeof (PagePlace), compare_places);
    period = period_new (g_strdup (span->name));
    for (guint i = 0; i < rows->len; i++) {
        const MlaOverviewEntry *e = rows->pdata[places[i].index];
        guint entry = GPOINTER_TO_UINT (g_hash_table_lookup (by_row, &e->row));
        g_autofree char *name = NULL;
        g_autofree char *folder = NULL;

        g_free (places[i].month);
        if (entry == 0 && period != NULL &&
            !mla_overview_get_site_name (site->overview, e->message_id, &name,
                                         error))
            g_clear_pointer (&period, period_free);
        if (entry == 0 && period != NULL && name == NULL) {
            mla_throw (error, MLA_ERROR_ARCHIVE,
                       "search index of %s: no site name recorded for <%s>",
                       span->name, e->message_id);
            g_clear_pointer (&period, period_free);
        }
        if (period == NULL)
            continue;
        folder = entry > 0 ? mla_site_message_path (site, entry - 1)
                           : g_strconcat ("m/", name, NULL);
        period_add (period, folder, e->sha256, e->row);
    }
    return period;
}

GPtrArray *
mla_site_search_periods_partial (MlaSite *site, MlaSiteFiles *files,
                                 const guint8 *is_new, GArray *old,
                                 guint bundle, guint tier, GError **error)
{
    g_autoptr (GPtrArray) out =
        g_ptr_array_new_with_free_func ((GDestroyNotify) period_free);
    g_autoptr (GPtrArray) names = month_periods (site);
    g_autoptr (GArray) spans = spans_of (site, names);
    g_autoptr (GHashTable) touched =
        touched_periods (site, files, is_new, names);
    g_autoptr (GHashTable) by_row =
        g_hash_table_new (g_int64_hash, g_int64_equal);
    guint n = mla_overview_threads_get_n_entries (site->threads);

    for (guint i = 0; i < n; i++)
        g_hash_table_insert (
            by_row,
            (gpointer) &mla_overview_threads_get_entry (site->threads, i)->row,
            GUINT_TO_POINTER (i + 1));
    for (guint s = 0; s < spans->len; s++) {
        const Span *span = &g_array_index (spans, Span, s);
        MlaSitePeriod *period;

        if (!g_hash_table_contains (touched, span->name) &&
            add_kept (out, old, span->name))
            continue;
        period = load_period (site, by_row, span, error);
        if (period == NULL)
            return NULL;
        if (period->pages->len == 0)
            period_free (period);
        else
            add_bundles (out, period,
                         MLA_SITE_SEARCH_CUT (bundle, MLA_SITE_SEARCH_BUNDLE),
                         MLA_SITE_SEARCH_CUT (tier, MLA_SITE_SEARCH_TIER));
    }
    return g_steal_pointer (&out);
}

void
mla_site_search_clean (MlaFolder *site)
{
    mla_folder_remove_tree (site, STAGE);
}

/* Puts @page of the site at the same place under the staging folder: a
 * hard link to its bytes of this build, or a copy where the file system
 * has none. */
static gboolean
stage_page (MlaSiteFiles *files, const char *page, GError **error)
{
    MlaFolder *site = mla_site_files_get_folder (files);
    /* Pages written by this build are still under their temporary names. */
    g_autofree char *from = mla_site_files_current_path (files, page);
    g_autofree char *to = g_strconcat (STAGE, "/", page, NULL);
    g_autofree char *contents = NULL;
    gsize length = 0;

    if (mla_folder_link (site, from, to))
        return TRUE;
    if (!mla_folder_read_file (site, from, &contents, &length, error))
        return FALSE;
    return mla_atomic_file_set_contents (site, to, contents, length, error);
}

/* Pagefind's prebuilt interfaces (pagefind-ui.js and the like) are not
 * used: the site's search page has its own (search.js). */
static gboolean
is_bundle_file (const char *name)
{
    return strcmp (name, "playground") != 0 && strstr (name, "-ui.") == NULL &&
           strcmp (name, "pagefind-highlight.js") != 0;
}

/* Hands every file of Pagefind's bundle in @folder (relative to the
 * site) to the files module, as @prefix/RELATIVE-PATH, made from sources
 * with @signature. */
static gboolean
put_bundle (MlaSiteFiles *files, const char *folder, const char *prefix,
            const char *signature, GError **error)
{
    MlaFolder *site = mla_site_files_get_folder (files);
    g_autoptr (GPtrArray) names = mla_folder_list (site, folder);

    if (names == NULL)
        return mla_throw (error, MLA_ERROR_IO, "%s/%s: cannot be read",
                          mla_folder_get_path (site), folder);
    for (guint i = 0; i < names->len; i++) {
        g_autofree char *name = g_strdup (names->pdata[i]);
        gboolean is_folder = g_str_has_suffix (name, "/");
        g_autofree char *path = NULL;
        g_autofree char *target = NULL;
        g_autofree char *contents = NULL;
        gsize length = 0;

        if (is_folder)
            name[strlen (name) - 1] = '\0';
        if (!is_bundle_file (name))
            continue;
        path = g_strconcat (folder, "/", name, NULL);
        target = g_strconcat (prefix, "/", name, NULL);
        if (is_folder) {
            if (!put_bundle (files, path, target, signature, error))
                return FALSE;
            continue;
        }
        if (mla_site_files_keep (files, target, signature))
            continue;
        if (!mla_folder_read_file (site, path, &contents, &length, error) ||
            !mla_site_files_put (files, target, contents, length, error))
            return FALSE;
    }
    return TRUE;
}

/* Indexes the pages of @period with Pagefind in a fresh staging folder. */
static gboolean
index_period (MlaSiteFiles *files, const MlaSitePeriod *period,
              const char *pagefind, const char *signature, GError **error)
{
    MlaFolder *site = mla_site_files_get_folder (files);
    g_autofree char *stage = mla_folder_full_path (site, STAGE);
    g_autofree char *prefix = g_strconcat ("pagefind/", period->name, NULL);
    g_autofree char *output = NULL;
    const char *argv[] = { pagefind,          "--site",   stage,
                           "--output-subdir", "pagefind", "--keep-index-url",
                           "--quiet",         NULL };
    gboolean ok = mla_folder_make (site, STAGE, error);

    for (guint i = 0; ok && i < period->pages->len; i++)
        ok = stage_page (files, period->pages->pdata[i], error);
    ok = ok && run (argv, &output, error) &&
         put_bundle (files, STAGE "/pagefind", prefix, signature, error);
    mla_site_search_clean (site);
    if (!ok)
        g_prefix_error (error, "search index of %s: ", period->name);
    return ok;
}

/* A page of @period made again whatever its signature: the text its
 * index holds may have changed too. */
static gboolean
has_remade_page (MlaSiteFiles *files, const MlaSitePeriod *period)
{
    for (guint p = 0; p < period->pages->len; p++)
        if (mla_site_files_is_remade (files, period->pages->pdata[p]))
            return TRUE;
    return FALSE;
}

gboolean
mla_site_search_index (MlaSiteFiles *files, GPtrArray *periods,
                       const char *pagefind, MlaSiteStats *stats,
                       GError **error)
{
    for (guint i = 0; i < periods->len; i++) {
        const MlaSitePeriod *period = g_ptr_array_index (periods, i);
        g_autofree char *folder =
            g_strdup_printf ("pagefind/%s/", period->name);

        /* A bundle left as it was must be there as recorded. */
        if (period->kept) {
            if (!mla_site_files_keep_folder (files, folder, period->signature))
                return mla_throw (error, MLA_ERROR_ARCHIVE,
                                  "search index of %s: not as the last "
                                  "build recorded it",
                                  period->name);
            stats->periods_kept++;
            continue;
        }
        /* Its files then come out of Pagefind again, under the same
         * signature. */
        if (has_remade_page (files, period))
            mla_site_files_remake (files, folder);
        else if (mla_site_files_keep_folder (files, folder,
                                             period->signature)) {
            stats->periods_kept++;
            continue;
        }
        if (!index_period (files, period, pagefind, period->signature, error))
            return FALSE;
        stats->periods_indexed++;
    }
    return TRUE;
}
