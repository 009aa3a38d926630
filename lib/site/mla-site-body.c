/* mla-site-body.c: a message's text as a page model's <body>: blocks of
 * lines at one quote depth, URLs (http, https, ftp, mailto only) as <a>
 * elements. */
#include "config.h"
#include <string.h>
#include "mla-site-private.h"

/* Quotes longer than this fold. */
#define FOLD_QUOTE_LINES 12

/* The text as blocks of lines at one quote depth; URLs (http, https, ftp,
 * mailto only) become <a> elements. */
static gsize
url_length (const char *at)
{
    static const char *const schemes[] = { "http://", "https://", "ftp://",
                                           "mailto:" };
    gsize length = 0;
    gboolean scheme = FALSE;

    for (gsize i = 0; i < G_N_ELEMENTS (schemes) && !scheme; i++)
        scheme =
            g_ascii_strncasecmp (at, schemes[i], strlen (schemes[i])) == 0 &&
            at[strlen (schemes[i])] != '\0' &&
            !g_ascii_isspace (at[strlen (schemes[i])]);
    if (!scheme)
        return 0;
    while (at[length] != '\0' && !g_ascii_isspace (at[length]) &&
           strchr ("<>\"'`{}|\\^", at[length]) == NULL &&
           (guchar) at[length] >= 0x20)
        length++;
    while (length > 0 && strchr (".,;:!?)]}", at[length - 1]) != NULL)
        length--;
    return length;
}

static void
linked_text (xmlNode *parent, const char *line, gsize length)
{
    gsize start = 0;

    for (gsize i = 0; i < length; i++) {
        gsize url = (i == 0 || !g_ascii_isalnum (line[i - 1]))
                        ? url_length (line + i)
                        : 0;

        if (url == 0 || i + url > length)
            continue;
        if (i > start)
            mla_site_add_text (parent, line + start, (gssize) (i - start));
        {
            g_autofree char *target = g_strndup (line + i, url);
            xmlNode *link = mla_site_text_element (parent, "a", target);

            mla_site_attr (link, "href", target);
        }
        i += url - 1;
        start = i + 1;
    }
    if (length > start)
        mla_site_add_text (parent, line + start, (gssize) (length - start));
}

static guint
quote_depth (const char *line, gsize length)
{
    guint depth = 0;

    for (gsize i = 0; i < length && (line[i] == '>' || line[i] == ' '); i++)
        if (line[i] == '>')
            depth++;
    return depth;
}

void
mla_site_body_element (xmlNode *parent, const char *body)
{
    xmlNode *node = mla_site_element (parent, "body");
    xmlNode *block = NULL;
    guint block_depth = 0, block_lines = 0;
    const char *line = body != NULL ? body : "";

    while (*line != '\0') {
        const char *end = strchr (line, '\n');
        gsize length = end != NULL ? (gsize) (end - line) : strlen (line);
        guint depth = quote_depth (line, length);

        if (block == NULL || depth != block_depth) {
            if (block != NULL)
                mla_site_attr_printf (block, "lines", "%u", block_lines);
            block = mla_site_element (node, "block");
            mla_site_attr_printf (block, "depth", "%u", depth);
            block_depth = depth;
            block_lines = 0;
        }
        linked_text (block, line, length);
        mla_site_add_text (block, "\n", 1);
        block_lines++;
        line = end != NULL ? end + 1 : line + length;
    }
    if (block != NULL)
        mla_site_attr_printf (block, "lines", "%u", block_lines);
    mla_site_attr_printf (node, "fold", "%u", FOLD_QUOTE_LINES);
}
