/* mla-host-model.c: the page models of a host of lists: the front page,
 * a Message-ID's lookup page and the search across lists. */
#include "config.h"
#include <stdlib.h>
#include <string.h>
#include "mla-host-private.h"
#include "mla-site-url-private.h"

/* A model whose root @name says it is a host's page (no feeds of its
 * own: layout.xsl), @depth folders down. */
static xmlDoc *
host_model (const char *title, gboolean search, const char *name, guint depth,
            xmlNode **out_root)
{
    xmlDoc *doc = mla_site_model_root (name, depth, title, search, out_root);

    mla_site_attr (*out_root, "host", "true");
    return doc;
}

static char *
day_of (gint64 time)
{
    g_autoptr (GDateTime) date = g_date_time_new_from_unix_utc (time);

    return date != NULL ? g_date_time_format (date, "%Y-%m-%d") : NULL;
}

/* A list's file: @name's folder and @file in it. */
static void
list_href (xmlNode *node, const char *attr, const char *name, const char *file)
{
    g_autofree char *path = g_strconcat (name, "/", file, NULL);

    mla_site_href (node, attr, path);
}

xmlDoc *
mla_host_model_lists (const char *title, gboolean search, GPtrArray *lists,
                      const char *example)
{
    xmlNode *model;
    xmlDoc *doc = host_model (title, search, "lists", 0, &model);

    for (guint i = 0; i < lists->len; i++) {
        const MlaHostList *list = g_ptr_array_index (lists, i);
        xmlNode *node = mla_site_element (model, "list");
        g_autofree char *last = list->last > 0 ? day_of (list->last) : NULL;

        mla_site_attr (node, "name", list->name);
        list_href (node, "href", list->name, "index.html");
        mla_site_attr (node, "description", list->list_id);
        mla_site_attr_printf (node, "messages", "%" G_GUINT64_FORMAT,
                              list->messages);
        mla_site_attr (node, "last", last);
        list_href (node, "feed", list->name, "new.atom");
        list_href (node, "threads-feed", list->name, "threads.atom");
    }
    if (example != NULL) {
        g_autofree char *folder = mla_site_message_name (example);
        g_autofree char *path = g_strconcat ("r/", folder, "/index.html", NULL);

        mla_site_attr (model, "example", example);
        mla_site_href (model, "example-href", path);
    }
    return doc;
}

xmlDoc *
mla_host_model_lookup (const char *title, gboolean search, GPtrArray *lists,
                       const char *message_id, GPtrArray *found)
{
    xmlNode *model;
    xmlDoc *doc = host_model (title, search, "lookup", 2, &model);

    mla_site_attr (model, "id", message_id);
    for (guint i = 0; i < found->len; i++) {
        const MlaHostFound *f = g_ptr_array_index (found, i);
        const MlaHostList *list = g_ptr_array_index (lists, f->list);
        xmlNode *node = mla_site_element (model, "found");
        g_autofree char *page =
            g_strconcat ("m/", f->folder, "/index.html", NULL);

        mla_site_attr (node, "list", list->name);
        list_href (node, "href", list->name, page);
    }
    return doc;
}

static int
compare_years (gconstpointer a, gconstpointer b)
{
    return strcmp (*(const char *const *) b, *(const char *const *) a);
}

/* The <index> of each bundle of @list's "NAME PAGES" lines; the years
 * they hold go to @years. */
static void
add_indexes (xmlNode *model, const MlaHostList *list, GHashTable *years)
{
    g_auto (GStrv) lines = g_strsplit (list->indexes, "\n", -1);

    for (guint i = 0; lines[i] != NULL; i++) {
        g_auto (GStrv) fields = g_strsplit (lines[i], " ", 2);
        xmlNode *index;
        g_autofree char *href = NULL;

        /* Only what the site wrote: a period's name is digits, '-', '.'. */
        if (g_strv_length (fields) != 2 || strlen (fields[0]) < 4 ||
            strspn (fields[0], "0123456789-.") != strlen (fields[0]))
            continue;
        href = g_strconcat (list->name, "/pagefind/", fields[0], "/", NULL);
        index = mla_site_element (model, "index");
        mla_site_attr (index, "period", fields[0]);
        mla_site_href (index, "href", href);
        mla_site_attr_printf (index, "pages", "%u",
                              (guint) g_ascii_strtoull (fields[1], NULL, 10));
        mla_site_attr (index, "list", list->name);
        g_hash_table_add (years, g_strndup (fields[0], 4));
    }
}

xmlDoc *
mla_host_model_search (const char *title, GPtrArray *lists)
{
    xmlNode *model;
    xmlDoc *doc = host_model (title, TRUE, "search", 0, &model);
    g_autoptr (GHashTable) years =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    g_autoptr (GPtrArray) sorted = g_ptr_array_new ();
    GHashTableIter iter;
    gpointer year;

    for (guint i = 0; i < lists->len; i++) {
        const MlaHostList *list = g_ptr_array_index (lists, i);

        if (list->indexes != NULL)
            add_indexes (model, list, years);
    }
    for (guint i = 0; i < lists->len; i++) {
        const MlaHostList *list = g_ptr_array_index (lists, i);

        if (list->indexes != NULL)
            mla_site_attr (mla_site_element (model, "list"), "name",
                           list->name);
    }
    g_hash_table_iter_init (&iter, years);
    while (g_hash_table_iter_next (&iter, &year, NULL))
        g_ptr_array_add (sorted, year);
    g_ptr_array_sort (sorted, compare_years);
    for (guint i = 0; i < sorted->len; i++)
        mla_site_attr (mla_site_element (model, "year"), "value",
                       sorted->pdata[i]);
    return doc;
}
