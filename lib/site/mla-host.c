/* mla-host.c: many lists on one site. Each list's site is made by
 * mla_site_build() in its own folder, with its own manifest; the host's
 * files (front page, r/ID/ pages, search across lists) go through a
 * manifest of their own in the host folder, so a run writes only the
 * lookup pages whose lists changed and removes those of ids no list has
 * any more. A run in which no list's overview changed writes nothing. */
#include "config.h"
#include <string.h>
#include "mla-error.h"
#include "mla-host-private.h"
#include "mla-site-files-private.h"
#include "mla-site-search-private.h"
#include "mla-site-state-private.h"
#include "mla-site-url-private.h"

#define DEFAULT_TITLE "Mailing lists"

/* The host's own names at its top: no list may take them. */
static const char *const reserved[] = { "r", "index.html", "style.css",
                                        "search.html", "search.js" };

static gboolean
is_list_name (const char *name)
{
    if (name == NULL || name[0] == '\0' || name[0] == '.' ||
        strlen (name) > 100 ||
        strspn (name,
                "abcdefghijklmnopqrstuvwxyz"
                "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.") != strlen (name))
        return FALSE;
    for (gsize i = 0; i < G_N_ELEMENTS (reserved); i++)
        if (strcmp (name, reserved[i]) == 0)
            return FALSE;
    return TRUE;
}

char *
mla_host_list_name (const char *list_id, const char *archive_path,
                    GError **error)
{
    g_autofree char *label = NULL;
    g_autofree char *trimmed = NULL;
    g_autofree char *base = NULL;

    g_return_val_if_fail (archive_path != NULL, NULL);
    if (list_id != NULL) {
        label = g_ascii_strdown (list_id, strcspn (list_id, "."));
        if (is_list_name (label))
            return g_steal_pointer (&label);
    }
    trimmed = g_canonicalize_filename (archive_path, NULL);
    base = g_path_get_basename (trimmed);
    if (is_list_name (base))
        return g_steal_pointer (&base);
    return mla_throw (error, MLA_ERROR_INVALID,
                      "%s: no list name: neither its List-Id (%s) nor its "
                      "folder name is a plain name (letters, digits, '-', "
                      "'_', '.'; not r, index.html, style.css, search.html "
                      "or search.js)",
                      archive_path, list_id != NULL ? list_id : "none"),
           NULL;
}

char **
mla_host_read_lists (const char *path, GError **error)
{
    g_autofree char *contents = NULL;
    g_autofree char *folder = NULL;
    g_auto (GStrv) lines = NULL;
    g_autoptr (GPtrArray) archives = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GError) local = NULL;

    g_return_val_if_fail (path != NULL, NULL);
    if (!g_file_get_contents (path, &contents, NULL, &local))
        return mla_throw (error, MLA_ERROR_IO, "%s", local->message), NULL;
    folder = g_path_get_dirname (path);
    lines = g_strsplit (contents, "\n", -1);
    for (guint i = 0; lines[i] != NULL; i++) {
        const char *name = g_strstrip (lines[i]);

        if (name[0] == '\0' || name[0] == '#')
            continue;
        g_ptr_array_add (archives, g_path_is_absolute (name)
                                       ? g_strdup (name)
                                       : g_build_filename (folder, name, NULL));
    }
    if (archives->len == 0)
        return mla_throw (error, MLA_ERROR_INVALID, "%s: names no archive",
                          path),
               NULL;
    g_ptr_array_add (archives, NULL);
    return (char **) g_ptr_array_free (g_steal_pointer (&archives), FALSE);
}

static void
host_list_free (MlaHostList *list)
{
    g_free (list->path);
    g_free (list->name);
    g_free (list->list_id);
    g_free (list->generation);
    g_free (list->indexes);
    g_clear_pointer (&list->overview, mla_overview_free);
    g_clear_pointer (&list->archive, mla_archive_free);
    g_free (list);
}

/* Opens the archive at @path and names its list. */
static MlaHostList *
open_list (const char *path, GError **error)
{
    MlaHostList *list = g_new0 (MlaHostList, 1);
    g_autoptr (GHashTable) counts = NULL;

    list->path = g_strdup (path);
    list->archive = mla_archive_open (path, MLA_ARCHIVE_OPEN_DEFAULT, error);
    if (list->archive == NULL ||
        (list->overview =
             mla_overview_open (list->archive, NULL, NULL, error)) == NULL ||
        (counts = mla_overview_count_list_ids (list->archive, error)) == NULL)
        return host_list_free (list), NULL;
    list->list_id = g_strdup (mla_overview_main_list_id (counts));
    list->name = mla_host_list_name (list->list_id, path, error);
    if (list->name == NULL)
        return host_list_free (list), NULL;
    return list;
}

/* Every archive of @archives, each list named once. */
static GPtrArray *
open_lists (const char *const *archives, GError **error)
{
    g_autoptr (GPtrArray) lists =
        g_ptr_array_new_with_free_func ((GDestroyNotify) host_list_free);

    for (guint i = 0; archives[i] != NULL; i++) {
        MlaHostList *list = open_list (archives[i], error);

        if (list == NULL)
            return NULL;
        for (guint j = 0; j < lists->len; j++) {
            const MlaHostList *other = g_ptr_array_index (lists, j);

            if (strcmp (other->name, list->name) == 0) {
                mla_throw (error, MLA_ERROR_INVALID,
                           "%s and %s are both the list \"%s\" (the first "
                           "label of the List-Id, else the folder name): a "
                           "host serves each list once; give one archive "
                           "per list",
                           other->path, list->path, list->name);
                host_list_free (list);
                return NULL;
            }
        }
        g_ptr_array_add (lists, list);
    }
    if (lists->len == 0)
        return mla_throw (error, MLA_ERROR_INVALID, "no archive to host"), NULL;
    return g_steal_pointer (&lists);
}

static void
add_site_stats (MlaSiteStats *sum, const MlaSiteStats *stats)
{
    sum->written += stats->written;
    sum->unchanged += stats->unchanged;
    sum->removed += stats->removed;
    sum->published += stats->published;
    sum->withheld += stats->withheld;
    sum->periods_indexed += stats->periods_indexed;
    sum->periods_kept += stats->periods_kept;
    sum->no_pagefind |= stats->no_pagefind;
    sum->search_kept |= stats->search_kept;
    sum->searchable |= stats->searchable;
}

/* Builds @list's site in @folder/NAME/ and notes what the host needs of
 * it: its generation, message count and search bundles. */
static gboolean
build_list_site (MlaHostList *list, MlaFolder *folder,
                 const MlaHostOptions *options, MlaHostStats *stats,
                 GError **error)
{
    MlaSiteOptions site = { NULL,
                            NULL,
                            options->templates,
                            options->show_addresses,
                            options->jobs,
                            options->search,
                            options->pagefind,
                            options->search_bundle,
                            options->search_tier,
                            options->progress,
                            options->progress_data,
                            "../" };
    g_autofree char *base_url = NULL;
    g_autofree char *output = mla_folder_full_path (folder, list->name);
    g_autofree char *indexes =
        g_strconcat (list->name, "/", MLA_SITE_SEARCH_INDEXES, NULL);
    MlaSiteStats built = { 0 };

    if (options->base_url != NULL)
        base_url =
            g_strconcat (options->base_url,
                         g_str_has_suffix (options->base_url, "/") ? "" : "/",
                         list->name, "/", NULL);
    site.base_url = base_url;
    if (!mla_site_build (list->archive, list->overview, output, &site, &built,
                         error))
        return g_prefix_error (error, "%s: ", list->path), FALSE;
    add_site_stats (&stats->sites, &built);
    list->messages = built.published;
    list->generation = mla_overview_get_generation (list->overview, error);
    if (built.searchable &&
        !mla_folder_read_file (folder, indexes, &list->indexes, NULL, NULL))
        list->indexes = NULL;
    return list->generation != NULL;
}

/* What the host's pages are made from: when it is the last run's, they
 * are as that run left them. */
static char *
host_key (GPtrArray *lists, const char *theme, const MlaHostOptions *options)
{
    g_autoptr (GString) text = g_string_new (NULL);

    g_string_append_printf (text, "%s\n%s\n%s\n%s\n", PACKAGE_VERSION, theme,
                            options->title != NULL ? options->title : "-",
                            options->base_url != NULL ? options->base_url
                                                      : "-");
    for (guint i = 0; i < lists->len; i++) {
        const MlaHostList *list = g_ptr_array_index (lists, i);

        g_string_append_printf (text, "%s %s %s\n%s\n", list->name,
                                list->generation,
                                list->list_id != NULL ? list->list_id : "-",
                                list->indexes != NULL ? list->indexes : "-");
    }
    return g_compute_checksum_for_string (G_CHECKSUM_SHA256, text->str, -1);
}

static void
found_free (MlaHostFound *found)
{
    g_free (found->folder);
    g_free (found);
}

/* Adds each published message of list @index to @lookup (Message-ID ->
 * MlaHostFound *, one per list that has it), and notes its last
 * activity: one query, no threading. */
static gboolean
collect_ids (MlaHostList *list, guint index, GHashTable *lookup, GError **error)
{
    g_autoptr (GPtrArray) pairs =
        mla_overview_get_published_names (list->overview, &list->last, error);

    if (pairs == NULL)
        return FALSE;
    for (guint i = 0; i + 1 < pairs->len; i += 2) {
        const char *id = pairs->pdata[i];
        GPtrArray *found = g_hash_table_lookup (lookup, id);
        MlaHostFound *f;

        if (found == NULL) {
            found =
                g_ptr_array_new_with_free_func ((GDestroyNotify) found_free);
            g_hash_table_insert (lookup, g_strdup (id), found);
        }
        /* A reused id has one page in a list: its first message's. */
        if (found->len > 0 &&
            ((MlaHostFound *) g_ptr_array_index (found, found->len - 1))
                    ->list == index)
            continue;
        f = g_new (MlaHostFound, 1);
        f->list = index;
        f->folder = g_strdup (pairs->pdata[i + 1]);
        g_ptr_array_add (found, f);
    }
    return TRUE;
}

/* The host's pages, written through @files with @render. */
typedef struct {
    MlaSiteRender *render;
    MlaSiteFiles *files;
    GPtrArray *lists;
    const char *title;
    gboolean search;
} Host;

static gboolean
put_page (Host *host, xmlDoc *model, const char *path, GError **error)
{
    g_autoptr (GBytes) page =
        mla_site_render_apply (host->render, model, error);

    xmlFreeDoc (model);
    return page != NULL &&
           mla_site_files_put (host->files, path, g_bytes_get_data (page, NULL),
                               g_bytes_get_size (page), error);
}

/* r/ID/index.html for @message_id, made again only when the lists that
 * have it, or where, changed. */
static gboolean
put_lookup (Host *host, const char *message_id, GPtrArray *found,
            GError **error)
{
    g_autofree char *folder = mla_site_message_name (message_id);
    g_autofree char *path = g_strconcat ("r/", folder, "/index.html", NULL);
    g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
    g_autoptr (GString) parts = g_string_new (NULL);

    g_string_append_printf (parts, "%s\n%s\n%d\n%s\n",
                            mla_site_render_get_theme (host->render),
                            host->title, host->search, message_id);
    for (guint i = 0; i < found->len; i++) {
        const MlaHostFound *f = g_ptr_array_index (found, i);
        const MlaHostList *list = g_ptr_array_index (host->lists, f->list);

        g_string_append_printf (parts, "%s %s\n", list->name, f->folder);
    }
    g_checksum_update (sum, (const guchar *) parts->str, (gssize) parts->len);
    if (mla_site_files_keep (host->files, path, g_checksum_get_string (sum)))
        return TRUE;
    return put_page (host,
                     mla_host_model_lookup (host->title, host->search,
                                            host->lists, message_id, found),
                     path, error);
}

/* Every r/ page, then the front page, the style and the search. */
static gboolean
put_host_pages (Host *host, GHashTable *lookup, MlaHostStats *stats,
                GError **error)
{
    g_autoptr (GBytes) css =
        mla_site_render_asset (host->render, "style.css", error);
    g_autoptr (GBytes) js = NULL;
    const char *example = NULL;
    GHashTableIter iter;
    gpointer id, found;

    if (css == NULL || !mla_site_files_put (host->files, "style.css",
                                            g_bytes_get_data (css, NULL),
                                            g_bytes_get_size (css), error))
        return FALSE;
    g_hash_table_iter_init (&iter, lookup);
    while (g_hash_table_iter_next (&iter, &id, &found)) {
        if (!put_lookup (host, id, found, error))
            return FALSE;
        if (example == NULL || strcmp (id, example) < 0)
            example = id;
    }
    stats->ids = g_hash_table_size (lookup);
    if (!put_page (host,
                   mla_host_model_lists (host->title, host->search, host->lists,
                                         example),
                   "index.html", error))
        return FALSE;
    if (!host->search)
        return TRUE;
    js = mla_site_render_asset (host->render, "search.js", error);
    return js != NULL &&
           mla_site_files_put (host->files, "search.js",
                               g_bytes_get_data (js, NULL),
                               g_bytes_get_size (js), error) &&
           put_page (host, mla_host_model_search (host->title, host->lists),
                     "search.html", error);
}

/* The host's own files, from the lists as their sites are now. */
static gboolean
build_host (GPtrArray *lists, MlaFolder *folder, const MlaHostOptions *options,
            MlaHostStats *stats, GError **error)
{
    g_autoptr (MlaSiteRender) render =
        mla_site_render_new (options->templates, error);
    g_autoptr (MlaSiteFiles) files = NULL;
    g_autoptr (GHashTable) lookup = g_hash_table_new_full (
        g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
    MlaSiteStats written = { 0 };
    Host host = { render, NULL, lists,
                  options->title != NULL ? options->title : DEFAULT_TITLE,
                  FALSE };

    if (render == NULL || (files = mla_site_files_open (folder, error)) == NULL)
        return FALSE;
    host.files = files;
    for (guint i = 0; i < lists->len; i++) {
        MlaHostList *list = g_ptr_array_index (lists, i);

        if (!collect_ids (list, i, lookup, error))
            return g_prefix_error (error, "%s: ", list->path), FALSE;
        host.search |= list->indexes != NULL;
    }
    if (!put_host_pages (&host, lookup, stats, error) ||
        !mla_site_files_finish (files, &written, error))
        return FALSE;
    stats->written = written.written;
    stats->unchanged = written.unchanged;
    stats->removed = written.removed;
    stats->searchable = host.search;
    return TRUE;
}

gboolean
mla_host_build (const char *const *archives, const char *output,
                const MlaHostOptions *options, MlaHostStats *out_stats,
                GError **error)
{
    static const MlaHostOptions defaults = { 0 };
    const MlaHostOptions *o = options != NULL ? options : &defaults;
    MlaHostStats local_stats;
    MlaHostStats *stats = out_stats != NULL ? out_stats : &local_stats;
    g_autoptr (GPtrArray) lists = NULL;
    g_autoptr (MlaFolder) folder = NULL;
    g_autofree char *theme = NULL;
    g_autofree char *key = NULL;
    MlaSiteStats state = { 0 };

    g_return_val_if_fail (archives != NULL && output != NULL, FALSE);
    memset (stats, 0, sizeof *stats);
    if ((lists = open_lists (archives, error)) == NULL)
        return FALSE;
    stats->lists = lists->len;
    if ((theme = mla_site_render_theme (o->templates, error)) == NULL)
        return FALSE;
    if ((folder = mla_folder_open (output, MLA_FOLDER_CREATE, error)) == NULL)
        return g_prefix_error (error, "cannot create the host folder: "), FALSE;
    for (guint i = 0; i < lists->len; i++)
        if (!build_list_site (g_ptr_array_index (lists, i), folder, o, stats,
                              error))
            return FALSE;
    key = host_key (lists, theme, o);
    if (mla_site_state_current (folder, key, &state)) {
        stats->unchanged = state.unchanged;
        stats->ids = state.published;
        stats->searchable = state.searchable;
        return TRUE;
    }
    if (!build_host (lists, folder, o, stats, error))
        return FALSE;
    state.written = stats->written;
    state.unchanged = stats->unchanged;
    state.published = stats->ids;
    state.searchable = stats->searchable;
    return mla_site_state_save (folder, key, NULL, &state, NULL, error);
}
