/* mla-site-state.c: SITE/.mlarc-site.state, a GKeyFile with one group,
 * [state], written with the atomic-file module after the manifest. */
#include "config.h"
#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>
#include "mla-address-mask.h"
#include "mla-atomic-file-private.h"
#include "mla-site-state-private.h"

#define GROUP "state"
/* The months: "YYYY/MM=MESSAGES THREADS". */
#define MONTHS "months"
/* The search index's bundles, newest first: "NAME=PAGES SIGNATURE". */
#define BUNDLES "search"
/* The timetables' links: "ROW.POSITION.SLOT=SCORE THREAD". */
#define LINKS "links"

void
mla_site_mark_clear (MlaSiteMark *mark)
{
    for (guint i = 0; mark->months != NULL && i < mark->months->len; i++)
        g_free (g_array_index (mark->months, MlaSiteMonthCount, i).path);
    g_clear_pointer (&mark->months, g_array_unref);
    g_clear_pointer (&mark->list_id, g_free);
    g_clear_pointer (&mark->lists, g_ptr_array_unref);
    g_clear_pointer (&mark->bundles, g_array_unref);
    g_clear_pointer (&mark->links, g_array_unref);
}

static void
link_count_clear (gpointer data)
{
    g_free (((MlaSiteLinkCount *) data)->thread);
}

GArray *
mla_site_link_counts_new (void)
{
    GArray *counts = g_array_new (FALSE, TRUE, sizeof (MlaSiteLinkCount));

    g_array_set_clear_func (counts, link_count_clear);
    return counts;
}

/* Each "KEY=VALUE" of @group, parsed by @parse into a new element of
 * @counts (taken). Returns: (transfer full) (nullable): @counts, or NULL
 * when a line does not parse. */
static GArray *
read_group (GKeyFile *file, const char *group, GArray *counts,
            gboolean (*parse) (const char *key, const char *value,
                               gpointer element))
{
    g_autoptr (GArray) taken = counts;
    g_auto (GStrv) keys = g_key_file_get_keys (file, group, NULL, NULL);

    for (guint i = 0; keys != NULL && keys[i] != NULL; i++) {
        g_autofree char *value =
            g_key_file_get_string (file, group, keys[i], NULL);

        g_array_set_size (taken, taken->len + 1);
        if (value == NULL ||
            !parse (keys[i], value,
                    taken->data + (gsize) (taken->len - 1) *
                                      g_array_get_element_size (taken)))
            return NULL;
    }
    return g_steal_pointer (&taken);
}

/* "ROW.POSITION.SLOT=SCORE THREAD" */
static gboolean
parse_link (const char *key, const char *value, gpointer element)
{
    MlaSiteLinkCount *link = element;
    char thread[65], *end = NULL;

    if (sscanf (key, "%" G_GINT64_FORMAT ".%u.%u", &link->row, &link->position,
                &link->slot) != 3)
        return FALSE;
    link->score = g_ascii_strtod (value, &end);
    if (end == value || sscanf (end, " %64s", thread) != 1)
        return FALSE;
    link->thread = g_strdup (thread);
    return TRUE;
}

/* "NAME=PAGES SIGNATURE" */
static gboolean
parse_bundle (const char *key, const char *value, gpointer element)
{
    MlaSiteBundleCount *count = element;
    char signature[65];

    if (sscanf (value, "%u %64s", &count->pages, signature) != 2)
        return FALSE;
    count->name = g_strdup (key);
    count->signature = g_strdup (signature);
    return TRUE;
}

static void
bundle_count_clear (gpointer data)
{
    MlaSiteBundleCount *count = data;

    g_free (count->name);
    g_free (count->signature);
}

GArray *
mla_site_bundle_counts_new (void)
{
    GArray *counts = g_array_new (FALSE, TRUE, sizeof (MlaSiteBundleCount));

    g_array_set_clear_func (counts, bundle_count_clear);
    return counts;
}

/* The bundles, when the last build had a search index, and the links,
 * when it recorded them (a build with none records the group empty). */
static void
read_search_and_links (GKeyFile *file, MlaSiteMark *mark)
{
    g_autofree char *cut =
        g_key_file_get_string (file, GROUP, "search-cut", NULL);

    if (g_key_file_has_group (file, BUNDLES) && cut != NULL &&
        sscanf (cut, "%u %u", &mark->cut[0], &mark->cut[1]) == 2)
        mark->bundles = read_group (
            file, BUNDLES, mla_site_bundle_counts_new (), parse_bundle);
    if (g_key_file_get_boolean (file, GROUP, "links", NULL))
        mark->links =
            read_group (file, LINKS, mla_site_link_counts_new (), parse_link);
}

static void
read_counts (GKeyFile *file, MlaSiteMark *mark)
{
    g_auto (GStrv) keys = g_key_file_get_keys (file, MONTHS, NULL, NULL);
    g_auto (GStrv) lists = NULL;

    if (keys == NULL || !g_key_file_has_key (file, GROUP, "threads", NULL))
        return;
    mark->threads = g_key_file_get_uint64 (file, GROUP, "threads", NULL);
    mark->list_id = g_key_file_get_string (file, GROUP, "list-id", NULL);
    mark->list_count = g_key_file_get_uint64 (file, GROUP, "list-count", NULL);
    lists = g_key_file_get_string_list (file, GROUP, "lists", NULL, NULL);
    mark->lists = g_ptr_array_new_with_free_func (g_free);
    for (guint i = 0; lists != NULL && lists[i] != NULL; i++)
        g_ptr_array_add (mark->lists, g_strdup (lists[i]));
    mark->months = g_array_new (FALSE, FALSE, sizeof (MlaSiteMonthCount));
    for (guint i = 0; keys[i] != NULL; i++) {
        g_autofree char *value =
            g_key_file_get_string (file, MONTHS, keys[i], NULL);
        MlaSiteMonthCount count = { 0 };

        if (value == NULL ||
            sscanf (value, "%u %u", &count.messages, &count.threads) != 2)
            return mla_site_mark_clear (mark);
        count.path = g_strdup (keys[i]);
        g_array_append_val (mark->months, count);
    }
    mark->has_counts = TRUE;
    read_search_and_links (file, mark);
}

static void
write_counts (GKeyFile *file, const MlaSiteMark *mark)
{
    if (!mark->has_counts)
        return;
    g_key_file_set_uint64 (file, GROUP, "threads", mark->threads);
    if (mark->list_id != NULL)
        g_key_file_set_string (file, GROUP, "list-id", mark->list_id);
    g_key_file_set_uint64 (file, GROUP, "list-count", mark->list_count);
    if (mark->lists != NULL && mark->lists->len > 0)
        g_key_file_set_string_list (file, GROUP, "lists",
                                    (const char *const *) mark->lists->pdata,
                                    mark->lists->len);
    for (guint i = 0; i < mark->months->len; i++) {
        const MlaSiteMonthCount *count =
            &g_array_index (mark->months, MlaSiteMonthCount, i);
        g_autofree char *value =
            g_strdup_printf ("%u %u", count->messages, count->threads);

        g_key_file_set_string (file, MONTHS, count->path, value);
    }
    if (mark->bundles != NULL) {
        g_autofree char *cut =
            g_strdup_printf ("%u %u", mark->cut[0], mark->cut[1]);

        g_key_file_set_string (file, GROUP, "search-cut", cut);
    }
    for (guint i = 0; mark->links != NULL && i < mark->links->len; i++) {
        const MlaSiteLinkCount *link =
            &g_array_index (mark->links, MlaSiteLinkCount, i);
        g_autofree char *key =
            g_strdup_printf ("%" G_GINT64_FORMAT ".%u.%u", link->row,
                             link->position, link->slot);
        char score[G_ASCII_DTOSTR_BUF_SIZE];
        g_autofree char *value = NULL;

        g_ascii_formatd (score, sizeof score, "%.17g", link->score);
        value = g_strconcat (score, " ", link->thread, NULL);
        g_key_file_set_value (file, LINKS, key, value);
    }
    if (mark->links != NULL)
        g_key_file_set_boolean (file, GROUP, "links", TRUE);
    for (guint i = 0; mark->bundles != NULL && i < mark->bundles->len; i++) {
        const MlaSiteBundleCount *count =
            &g_array_index (mark->bundles, MlaSiteBundleCount, i);
        g_autofree char *value =
            g_strdup_printf ("%u %s", count->pages, count->signature);

        g_key_file_set_string (file, BUNDLES, count->name, value);
    }
}

char *
mla_site_state_key (const char *generation, const char *theme,
                    const MlaSiteOptions *options, const char *pagefind_version)
{
    static const MlaSiteOptions defaults = { 0 };
    const MlaSiteOptions *o = options != NULL ? options : &defaults;
    g_autofree char *text = g_strdup_printf (
        "%s\n%s\n%s\ntitle %s\nbase-url %s\ntemplates %s\naddresses %d%s\n"
        "search %d %s\nup %s\n",
        PACKAGE_VERSION, generation, theme, o->title != NULL ? o->title : "-",
        o->base_url != NULL ? o->base_url : "-",
        o->templates != NULL ? o->templates : "-", o->show_addresses,
        o->show_addresses ? "" : " mask " MLA_ADDRESS_MASK_VERSION,
        (int) o->search, pagefind_version != NULL ? pagefind_version : "-",
        o->up != NULL ? o->up : "-");

    return g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);
}

char *
mla_site_state_shape (const char *generation, const char *theme,
                      const MlaSiteOptions *options,
                      const char *pagefind_version)
{
    /* "EPOCH.COUNT": a rebuilt overview (a removal, a reindex) numbers
     * its rows again under a new epoch. */
    const char *dot = strrchr (generation, '.');
    g_autofree char *epoch =
        g_strndup (generation, dot != NULL ? (gsize) (dot - generation)
                                           : strlen (generation));
    g_autofree char *shape = g_strconcat ("shape ", epoch, NULL);

    return mla_site_state_key (shape, theme, options, pagefind_version);
}

/* The state file, when the site it describes is complete. */
static GKeyFile *
read_complete (MlaFolder *site)
{
    g_autoptr (GKeyFile) file = g_key_file_new ();
    g_autofree char *contents = NULL;
    gsize length = 0;
    struct stat st;

    if (!mla_folder_read_file (site, MLA_SITE_STATE_FILE, &contents, &length,
                               NULL) ||
        !g_key_file_load_from_data (file, contents, length, G_KEY_FILE_NONE,
                                    NULL) ||
        !mla_folder_has_file (site, MLA_SITE_MANIFEST) ||
        mla_folder_stat (site, MLA_SITE_MANIFEST ".running", &st))
        return NULL;
    return g_steal_pointer (&file);
}

gboolean
mla_site_state_current (MlaFolder *site, const char *key, MlaSiteStats *stats)
{
    g_autoptr (GKeyFile) file = read_complete (site);
    g_autofree char *recorded =
        file != NULL ? g_key_file_get_string (file, GROUP, "key", NULL) : NULL;

    if (recorded == NULL || g_strcmp0 (recorded, key) != 0)
        return FALSE;
    stats->unchanged = g_key_file_get_uint64 (file, GROUP, "files", NULL);
    stats->published = g_key_file_get_uint64 (file, GROUP, "published", NULL);
    stats->withheld = g_key_file_get_uint64 (file, GROUP, "withheld", NULL);
    stats->periods_kept = g_key_file_get_uint64 (file, GROUP, "periods", NULL);
    stats->searchable =
        g_key_file_get_boolean (file, GROUP, "searchable", NULL);
    return TRUE;
}

gboolean
mla_site_state_read_mark (MlaFolder *site, const char *shape, MlaSiteMark *mark)
{
    g_autoptr (GKeyFile) file = read_complete (site);
    g_autofree char *recorded =
        file != NULL ? g_key_file_get_string (file, GROUP, "shape", NULL)
                     : NULL;
    g_autofree char *identity = NULL;

    /* A state written before marks were recorded has no shape. */
    if (recorded == NULL || g_strcmp0 (recorded, shape) != 0 ||
        !g_key_file_has_key (file, GROUP, "max-row", NULL))
        return FALSE;
    mark->max_row = g_key_file_get_uint64 (file, GROUP, "max-row", NULL);
    mark->published = g_key_file_get_uint64 (file, GROUP, "published", NULL);
    mark->withheld = g_key_file_get_uint64 (file, GROUP, "withheld", NULL);
    mark->aliases = g_key_file_get_uint64 (file, GROUP, "aliases", NULL);
    identity = g_key_file_get_string (file, GROUP, "identity", NULL);
    g_strlcpy (mark->identity, identity != NULL ? identity : "",
               sizeof mark->identity);
    read_counts (file, mark);
    return TRUE;
}

gboolean
mla_site_state_save (MlaFolder *site, const char *key, const char *shape,
                     const MlaSiteStats *stats, const MlaSiteMark *mark,
                     GError **error)
{
    g_autoptr (GKeyFile) file = g_key_file_new ();
    g_autofree char *data = NULL;
    gsize size = 0;

    g_key_file_set_string (file, GROUP, "key", key);
    g_key_file_set_uint64 (file, GROUP, "files",
                           stats->written + stats->unchanged);
    g_key_file_set_uint64 (file, GROUP, "published", stats->published);
    g_key_file_set_uint64 (file, GROUP, "withheld", stats->withheld);
    g_key_file_set_uint64 (file, GROUP, "periods",
                           stats->periods_indexed + stats->periods_kept);
    g_key_file_set_boolean (file, GROUP, "searchable", stats->searchable);
    if (shape != NULL && mark != NULL) {
        g_key_file_set_string (file, GROUP, "shape", shape);
        g_key_file_set_uint64 (file, GROUP, "max-row", mark->max_row);
        g_key_file_set_uint64 (file, GROUP, "aliases", mark->aliases);
        g_key_file_set_string (file, GROUP, "identity", mark->identity);
        write_counts (file, mark);
    }
    data = g_key_file_to_data (file, &size, NULL);
    return mla_atomic_file_set_contents (site, MLA_SITE_STATE_FILE, data, size,
                                         error);
}
