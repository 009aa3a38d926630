/* fuzz-site.c: libFuzzer target for the site's page builder. The bytes
 * are a mail file (one message, or an mbox when they start with "From "),
 * imported into a new archive; the home page, every message page and every
 * thread page are built from it and rendered as the site would. Each page
 * must parse as HTML and hold no active content: the theme has none, so
 * any script, style, frame, form, event handler or link with a scheme
 * other than http, https, ftp and mailto came from the mail. */
#include "config.h"
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libxml/HTMLparser.h>
#include "mlarc.h"
#include "mla-site-private.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static const char *const banned_elements[] = {
    "script", "style",  "iframe", "frame", "frameset", "object",
    "embed",  "applet", "form",   "base",  "link",     "meta",
};
static const char *const url_attributes[] = {
    "href",   "src",        "action", "formaction",
    "srcset", "background", "poster", "cite",
};
static const char *const safe_schemes[] = { "http:", "https:", "ftp:",
                                            "mailto:" };

static G_NORETURN void
reject (const char *page, const char *what)
{
    fprintf (stderr, "fuzz-site: %s\n%s\n", what, page);
    abort ();
}

/* The theme's own head: the stylesheet link, the charset, the CSP and the
 * viewport metas; the head holds nothing from the mail. */
static gboolean
in_head (xmlNode *node)
{
    for (; node != NULL; node = node->parent)
        if (node->type == XML_ELEMENT_NODE &&
            g_ascii_strcasecmp ((const char *) node->name, "head") == 0)
            return TRUE;
    return FALSE;
}

static gboolean
safe_url (const char *value)
{
    const char *colon = strchr (value, ':');
    const char *slash = strpbrk (value, "/?#");

    if (colon == NULL || (slash != NULL && slash < colon))
        return TRUE;
    for (guint i = 0; i < G_N_ELEMENTS (safe_schemes); i++)
        if (g_ascii_strncasecmp (value, safe_schemes[i],
                                 strlen (safe_schemes[i])) == 0)
            return TRUE;
    return FALSE;
}

static void
check_node (xmlNode *node, const char *html)
{
    if (node->type != XML_ELEMENT_NODE)
        return;
    for (guint i = 0; i < G_N_ELEMENTS (banned_elements); i++)
        if (g_ascii_strcasecmp ((const char *) node->name,
                                banned_elements[i]) == 0 &&
            !in_head (node))
            reject (html, banned_elements[i]);
    for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next) {
        const char *name = (const char *) attr->name;
        xmlChar *value = xmlNodeGetContent ((xmlNode *) attr);
        g_autofree char *squeezed =
            g_strdup (value == NULL ? "" : (const char *) value);
        char *out = squeezed;

        xmlFree (value);
        if (g_ascii_strncasecmp (name, "on", 2) == 0 ||
            g_ascii_strcasecmp (name, "style") == 0)
            reject (html, name);
        /* Browsers drop whitespace and controls from a URL before its scheme.
         */
        for (const char *in = squeezed; *in != '\0'; in++)
            if ((guchar) *in > ' ')
                *out++ = *in;
        *out = '\0';
        for (guint i = 0; i < G_N_ELEMENTS (url_attributes); i++)
            if (g_ascii_strcasecmp (name, url_attributes[i]) == 0 &&
                !safe_url (squeezed))
                reject (html, squeezed);
    }
}

static int html_errors;

static void
count_error (void *user_data, xmlError *error)
{
    /* libxml2's HTML parser predates HTML5's details and summary. */
    if (error->domain == XML_FROM_HTML && error->code != XML_HTML_UNKNOWN_TAG &&
        error->level >= XML_ERR_ERROR)
        html_errors++;
}

static void
check_page (MlaSiteRender *render, xmlDoc *model)
{
    g_autoptr (GError) error = NULL;
    g_autoptr (GBytes) page = NULL;
    g_autofree char *html = NULL;
    gsize size = 0;
    htmlDocPtr doc;
    xmlNode *node;

    if (model == NULL)
        return;
    page = mla_site_render_apply (render, model, &error);
    xmlFreeDoc (model);
    if (page == NULL)
        reject ("", error->message);
    html = g_strndup (g_bytes_get_data (page, &size), g_bytes_get_size (page));
    html_errors = 0;
    xmlSetStructuredErrorFunc (NULL, count_error);
    doc = htmlReadMemory (html, (int) size, "page.html", "UTF-8",
                          HTML_PARSE_NONET);
    xmlSetStructuredErrorFunc (NULL, NULL);
    if (doc == NULL || html_errors > 0 || xmlDocGetRootElement (doc) == NULL)
        reject (html, "does not parse as HTML");
    /* Depth-first without recursion: the nesting is the mail's. */
    node = xmlDocGetRootElement (doc);
    while (node != NULL) {
        check_node (node, html);
        if (node->children != NULL) {
            node = node->children;
            continue;
        }
        while (node != NULL && node->next == NULL)
            node = node->parent;
        if (node != NULL)
            node = node->next;
    }
    xmlFreeDoc (doc);
}

static int
remove_entry (const char *path, const struct stat *st, int flag,
              struct FTW *ftw)
{
    return remove (path);
}

static void
build_pages (const char *dir, MlaSiteRender *render)
{
    g_autofree char *input = g_build_filename (dir, "in.eml", NULL);
    g_autofree char *path = g_build_filename (dir, "archive", NULL);
    const char *inputs[] = { input, NULL };
    g_autoptr (MlaArchive) archive = NULL;
    g_autoptr (MlaOverview) overview = NULL;
    MlaSite site;

    archive = mla_archive_open (path, MLA_ARCHIVE_OPEN_CREATE, NULL);
    g_assert (archive != NULL);
    /* Input that is no mail at all is refused as a whole: no pages. */
    if (!mla_archive_import (archive, inputs, NULL, NULL, NULL))
        return;
    overview = mla_overview_open (archive, NULL, NULL, NULL);
    g_assert (overview != NULL);
    g_assert (mla_site_init (&site, archive, overview, NULL, NULL));
    check_page (render, mla_site_model_home (&site, NULL));
    for (guint i = 0; i < mla_overview_threads_get_n_entries (site.threads);
         i++)
        if (site.published[i])
            check_page (render, mla_site_model_message (&site, i, NULL));
    for (guint r = 0; r < site.roots->len; r++)
        check_page (render,
                    mla_site_model_thread (
                        &site, g_array_index (site.roots, guint, r), 0, NULL));
    mla_site_clear (&site);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
    static MlaSiteRender *render;
    g_autofree char *dir = g_dir_make_tmp ("fuzz-site.XXXXXX", NULL);
    g_autofree char *input = g_build_filename (dir, "in.eml", NULL);

    if (render == NULL) {
        render = mla_site_render_new (NULL, NULL);
        /* The import's worker threads stay: one that GLib stops (idle, or
         * beyond the unused threads it keeps) frees libxml2's per-thread
         * state as it exits, and LeakSanitizer, scanning meanwhile,
         * reported that state as leaked (corpus/site/leak-*). */
        g_thread_pool_set_max_idle_time (0);
        g_thread_pool_set_max_unused_threads (-1);
    }
    g_assert (render != NULL && dir != NULL);
    g_assert (
        g_file_set_contents (input, (const char *) data, (gssize) size, NULL));
    build_pages (dir, render);
    nftw (dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    return 0;
}
