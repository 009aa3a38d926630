/* mla-site-render.c: the stylesheets of data/site/, compiled once. They
 * are read from the templates folder when it has them, else from the
 * copies compiled into the library; xsl:import between them goes through
 * a loader for the "mlarc-site:" scheme, so that a theme can replace any
 * one file and keep the others. */
#include "config.h"
#include <string.h>
#include <libxml/parserInternals.h>
#include <libxslt/documents.h>
#include <libxslt/transform.h>
#include <libxslt/xsltInternals.h>
#include <libxslt/xsltutils.h>
#include "mla-error.h"
#include "mla-resources-private.h"
#include "mla-site-private.h"

#define SCHEME "mlarc-site:"

static const char *const page_kinds[] = {
    "home",     "month",  "list",    "thread", "message", "feed",
    "redirect", "agenda", "agendas", "search", "lists",   "lookup",
};

struct MlaSiteRender {
    char *templates;
    char *theme; /* SHA-256 of every file of the theme */
    xsltStylesheet *sheets[G_N_ELEMENTS (page_kinds)];
};

/* The loader has no user data: the templates folder of the stylesheets
 * being compiled is set here, under the lock, for the time it takes. */
static GMutex compile_lock;
static const char *compiling_templates;

static GBytes *
load_file (const char *templates, const char *name, GError **error)
{
    g_autofree char *resource = g_strconcat ("/org/mlarc/site/", name, NULL);

    if (templates != NULL) {
        g_autofree char *path = g_build_filename (templates, name, NULL);
        char *contents = NULL;
        gsize length = 0;

        if (g_file_get_contents (path, &contents, &length, NULL))
            return g_bytes_new_take (contents, length);
    }
    if (strchr (name, '/') != NULL || strstr (name, "..") != NULL)
        return mla_throw (error, MLA_ERROR_INVALID, "%s: not a theme file",
                          name),
               NULL;
    return g_resource_lookup_data (mla_resources_get_resource (), resource,
                                   G_RESOURCE_LOOKUP_FLAGS_NONE, error);
}

/* An imported stylesheet must be parsed into the dictionary of the one
 * that imports it: libxslt compares names (modes among them) by pointer. */
static xmlDoc *
parse_sheet (GBytes *bytes, const char *name, xmlDict *dict, int options)
{
    g_autofree char *uri = g_strconcat (SCHEME, name, NULL);
    gsize size = 0;
    const char *data = g_bytes_get_data (bytes, &size);
    xmlParserCtxt *parser = xmlCreateMemoryParserCtxt (data, (int) size);
    xmlDoc *doc = NULL;

    if (parser == NULL)
        return NULL;
    if (dict != NULL) {
        if (parser->dict != NULL)
            xmlDictFree (parser->dict);
        parser->dict = dict;
        xmlDictReference (dict);
    }
    xmlCtxtUseOptions (parser, options | XML_PARSE_NONET | XML_PARSE_NOERROR |
                                   XML_PARSE_NOWARNING);
    xmlParseDocument (parser);
    if (parser->wellFormed) {
        doc = parser->myDoc;
        doc->URL = xmlStrdup (BAD_CAST uri);
    } else {
        g_clear_pointer (&parser->myDoc, xmlFreeDoc);
    }
    xmlFreeParserCtxt (parser);
    return doc;
}

static xmlDoc *
site_loader (const xmlChar *uri, xmlDict *dict, int options, void *context,
             xsltLoadType type)
{
    g_autoptr (GBytes) bytes = NULL;

    if (!g_str_has_prefix ((const char *) uri, SCHEME))
        return xsltDocDefaultLoader (uri, dict, options, context, type);
    bytes = load_file (compiling_templates,
                       (const char *) uri + strlen (SCHEME), NULL);
    return bytes != NULL
               ? parse_sheet (bytes, (const char *) uri + strlen (SCHEME), dict,
                              options)
               : NULL;
}

void
mla_site_render_free (MlaSiteRender *render)
{
    if (render == NULL)
        return;
    for (gsize i = 0; i < G_N_ELEMENTS (page_kinds); i++)
        g_clear_pointer (&render->sheets[i], xsltFreeStylesheet);
    g_free (render->templates);
    g_free (render->theme);
    g_free (render);
}

static xsltStylesheet *
compile (MlaSiteRender *render, const char *kind, GError **error)
{
    g_autofree char *name = g_strconcat (kind, ".xsl", NULL);
    g_autoptr (GBytes) bytes = load_file (render->templates, name, error);
    xsltStylesheet *sheet;
    xmlDoc *doc;

    if (bytes == NULL)
        return NULL;
    doc = parse_sheet (bytes, name, NULL, 0);
    if (doc == NULL)
        return mla_throw (error, MLA_ERROR_XML, "%s: not well-formed XML",
                          name),
               NULL;
    /* On success the stylesheet owns the document. */
    sheet = xsltParseStylesheetDoc (doc);
    if (sheet == NULL) {
        xmlFreeDoc (doc);
        return mla_throw (error, MLA_ERROR_XML,
                          "%s: not a usable XSLT stylesheet", name),
               NULL;
    }
    return sheet;
}

/* Pages made with another theme must be made again: the theme's files
 * are part of every page's signature. */
char *
mla_site_render_theme (const char *templates, GError **error)
{
    static const char *const files[] = {
        "layout.xsl",  "home.xsl",  "month.xsl",    "list.xsl",   "thread.xsl",
        "message.xsl", "feed.xsl",  "redirect.xsl", "agenda.xsl", "agendas.xsl",
        "search.xsl",  "lists.xsl", "lookup.xsl",   "style.css",  "search.js"
    };
    g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);

    for (gsize i = 0; i < G_N_ELEMENTS (files); i++) {
        g_autoptr (GBytes) bytes = load_file (templates, files[i], error);
        gsize size = 0;
        const guchar *data;

        if (bytes == NULL)
            return NULL;
        data = g_bytes_get_data (bytes, &size);
        g_checksum_update (sum, data, (gssize) size);
    }
    return g_strdup (g_checksum_get_string (sum));
}

const char *
mla_site_render_get_theme (MlaSiteRender *render)
{
    return render->theme;
}

MlaSiteRender *
mla_site_render_new (const char *templates, GError **error)
{
    g_autoptr (MlaSiteRender) render = g_new0 (MlaSiteRender, 1);
    gboolean ok = TRUE;

    render->templates = g_strdup (templates);
    g_mutex_lock (&compile_lock);
    xsltSetLoaderFunc (site_loader);
    compiling_templates = render->templates;
    for (gsize i = 0; ok && i < G_N_ELEMENTS (page_kinds); i++)
        ok = (render->sheets[i] = compile (render, page_kinds[i], error)) !=
             NULL;
    compiling_templates = NULL;
    xsltSetLoaderFunc (NULL);
    g_mutex_unlock (&compile_lock);
    if (!ok)
        return NULL;
    render->theme = mla_site_render_theme (render->templates, error);
    return render->theme != NULL ? g_steal_pointer (&render) : NULL;
}

GBytes *
mla_site_render_apply (MlaSiteRender *render, xmlDoc *model, GError **error)
{
    xmlNode *root = xmlDocGetRootElement (model);
    xsltStylesheet *sheet = NULL;
    xsltTransformContext *context;
    xmlDoc *result;
    xmlChar *out = NULL;
    int length = 0;
    GBytes *bytes;

    for (gsize i = 0; root != NULL && i < G_N_ELEMENTS (page_kinds); i++)
        if (strcmp ((const char *) root->name, page_kinds[i]) == 0)
            sheet = render->sheets[i];
    if (sheet == NULL)
        return mla_throw (error, MLA_ERROR_INVALID,
                          "no stylesheet for this page model"),
               NULL;
    /* A context per page, so that pages can be made on several threads. */
    context = xsltNewTransformContext (sheet, model);
    result = context != NULL ? xsltApplyStylesheetUser (sheet, model, NULL,
                                                        NULL, NULL, context)
                             : NULL;
    if (result == NULL || context->state != XSLT_STATE_OK ||
        xsltSaveResultToString (&out, &length, result, sheet) != 0) {
        g_clear_pointer (&result, xmlFreeDoc);
        g_clear_pointer (&context, xsltFreeTransformContext);
        return mla_throw (error, MLA_ERROR_XML, "the %s stylesheet failed",
                          root != NULL ? (const char *) root->name : "?"),
               NULL;
    }
    bytes =
        g_bytes_new (out != NULL ? out : (const xmlChar *) "", (gsize) length);
    xmlFree (out);
    xmlFreeDoc (result);
    xsltFreeTransformContext (context);
    return bytes;
}

GBytes *
mla_site_render_asset (MlaSiteRender *render, const char *name, GError **error)
{
    return load_file (render->templates, name, error);
}
