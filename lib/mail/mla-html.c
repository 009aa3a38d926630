/* mla-html.c: HTML to plain text with libxml2's HTML parser (a recorded
 * exception to the libxml2 rule, see doc/VIOLATIONS.md): real HTML mail
 * has unclosed tags, comments, CDATA-ish scripts and hundreds of named
 * entities, which a tag stripper gets wrong and a parser gets right. */
#include "config.h"
#include <string.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include "mla-autocleanups.h"
#include "mla-html-private.h"
#include "mla-message.h"

/* libxml2's tree takes some hundred bytes per element, attribute and text
 * node: a longer document (a tiny element repeated over megabytes) is
 * parsed and walked a piece at a time, cut before a tag, so that the
 * converter holds a tree of at most some tens of megabytes. Mail within
 * both is parsed whole, as it always was. */
#define CHUNK_BYTES ((gsize) 1 << 20)
#define CHUNK_TAGS 50000

/* Elements whose content is never text a reader sees. */
static const char *const skipped_elements[] = {
    "head", "script", "style", "template", "noscript", "object", "svg",
};

/* Elements that start and end a line; paragraphs also leave a blank line. */
static const char *const block_elements[] = {
    "address", "article", "aside",   "blockquote", "caption",  "center",
    "dd",      "div",     "dl",      "dt",         "fieldset", "figure",
    "footer",  "form",    "header",  "hr",         "li",       "main",
    "nav",     "ol",      "section", "table",      "tr",       "ul",
};
static const char *const paragraph_elements[] = {
    "h1", "h2", "h3", "h4", "h5", "h6", "p", "pre",
};

typedef struct {
    GString *out;
    guint newlines;  /* line breaks owed before the next text */
    gboolean space;  /* a collapsed space owed before the next text */
    guint pre_depth; /* inside <pre>: white space is kept */
    int cells;       /* cells of the current simple table row, -1 outside one */
    gsize cell_start; /* where the current cell's text starts in out */
    gboolean dash;    /* a " - " owed: a line break inside a data cell */
    guint column;     /* the column of the next cell of a data row */
    GArray
        *spans; /* guint per column: rows below that a rowspan still covers */
} HtmlText;

static gboolean
name_in (const xmlChar *name, const char *const *names, gsize n_names)
{
    for (gsize i = 0; i < n_names; i++)
        if (g_ascii_strcasecmp ((const char *) name, names[i]) == 0)
            return TRUE;
    return FALSE;
}

static void
text_break (HtmlText *text, guint newlines)
{
    text->newlines = MAX (text->newlines, newlines);
    text->space = FALSE;
}

/* Pays what is owed before visible text: breaks (at most a blank line)
 * or one space, never at the very start. */
static void
text_settle (HtmlText *text)
{
    if (text->out->len > 0) {
        if (text->newlines > 0)
            for (guint i = 0; i < MIN (text->newlines, 2); i++)
                g_string_append_c (text->out, '\n');
        else if (text->dash)
            g_string_append (text->out, " - ");
        else if (text->space)
            g_string_append_c (text->out, ' ');
    }
    text->newlines = 0;
    text->space = FALSE;
    text->dash = FALSE;
}

static void
text_append (HtmlText *text, const char *content)
{
    const char *p = content;

    if (text->pre_depth > 0) {
        if (*p != '\0') {
            text_settle (text);
            g_string_append (text->out, p);
        }
        return;
    }
    while (*p != '\0') {
        gunichar c = g_utf8_get_char (p);
        const char *next = g_utf8_next_char (p);

        /* g_unichar_isspace covers U+00A0 (&nbsp;), which is a space too. */
        if (g_unichar_isspace (c)) {
            text->space = TRUE;
        } else {
            text_settle (text);
            g_string_append_len (text->out, p, next - p);
        }
        p = next;
    }
}

static gboolean
is_cell (const xmlNode *node)
{
    return node->type == XML_ELEMENT_NODE &&
           (g_ascii_strcasecmp ((const char *) node->name, "td") == 0 ||
            g_ascii_strcasecmp ((const char *) node->name, "th") == 0);
}

/* Whether the cells under @node hold only inline content and line breaks:
 * such a row is data ("9:00 | Keynote | Ann Lee"), not page layout. */
static gboolean
inline_only (const xmlNode *node)
{
    for (; node != NULL; node = node->next) {
        if (node->type != XML_ELEMENT_NODE)
            continue;
        if (name_in (node->name, block_elements,
                     G_N_ELEMENTS (block_elements)) ||
            name_in (node->name, paragraph_elements,
                     G_N_ELEMENTS (paragraph_elements)) ||
            !inline_only (node->children))
            return FALSE;
    }
    return TRUE;
}

static gboolean
simple_row (const xmlNode *tr)
{
    for (const xmlNode *cell = tr->children; cell != NULL; cell = cell->next)
        if (is_cell (cell) && !inline_only (cell->children))
            return FALSE;
    return TRUE;
}

/* The number in attribute @name of @node ("rowspan", "colspan"), 1 if
 * none. */
static guint
span_of (xmlNode *node, const char *name)
{
    xmlChar *value = xmlGetProp (node, (const xmlChar *) name);
    guint64 n =
        value != NULL ? g_ascii_strtoull ((const char *) value, NULL, 10) : 1;

    xmlFree (value);
    return n >= 1 && n <= 100 ? (guint) n : 1;
}

/* An empty cell where a cell of a row above reaches down (rowspan), at
 * each column from the data row's next one that one covers; returns
 * whether there was any. */
static gboolean
cover_spans (HtmlText *text)
{
    gboolean any = FALSE;

    while (text->column < text->spans->len &&
           g_array_index (text->spans, guint, text->column) > 0) {
        g_array_index (text->spans, guint, text->column)--;
        text_settle (text);
        if (text->cells > 0)
            g_string_append (text->out, " |");
        text->cells++;
        text->column++;
        any = TRUE;
    }
    return any;
}

/* Records that @cell, at the data row's current column, covers the rows
 * below it (rowspan) in each column it spans (colspan). */
static void
record_spans (HtmlText *text, xmlNode *cell)
{
    guint rows = span_of (cell, "rowspan"), columns = span_of (cell, "colspan");

    if (text->spans->len < text->column + columns)
        g_array_set_size (text->spans, text->column + columns);
    for (guint c = text->column; c < text->column + columns; c++)
        g_array_index (text->spans, guint, c) = rows - 1;
    text->column += columns;
}

static void
walk (HtmlText *text, xmlNode *node)
{
    for (; node != NULL; node = node->next) {
        gboolean block = FALSE, paragraph = FALSE, pre = FALSE;

        if (node->type == XML_TEXT_NODE ||
            node->type == XML_CDATA_SECTION_NODE) {
            if (node->content != NULL)
                text_append (text, (const char *) node->content);
            continue;
        }
        if (node->type != XML_ELEMENT_NODE)
            continue;
        if (name_in (node->name, skipped_elements,
                     G_N_ELEMENTS (skipped_elements)))
            continue;
        if (g_ascii_strcasecmp ((const char *) node->name, "br") == 0 &&
            text->cells > 0) {
            /* "Compilers<br>Ann Lee" in a data row's cell: one line, the
             * parts apart by a dash, so the row keeps its columns */
            text->dash = text->out->len > text->cell_start;
            continue;
        }
        if (g_ascii_strcasecmp ((const char *) node->name, "br") == 0) {
            /* Consecutive <br>s make blank lines, unlike block ends. */
            text->newlines++;
            text->space = FALSE;
            continue;
        }
        /* "<td rowspan=2>" in the row above: an empty cell holds its
         * column here, so the row's cells keep their columns */
        if (is_cell (node) && text->cells >= 0) {
            cover_spans (text);
            record_spans (text, node);
        }
        if (is_cell (node) && text->cells > 0) {
            /* cells of a data row stay apart, empty ones too: the
             * agenda rules read them as columns */
            text->space = FALSE;
            text->dash = FALSE;
            text_settle (text);
            g_string_append (text->out, " |");
            text->space = TRUE;
        } else if (is_cell (node)) {
            text->space = TRUE;
        }
        if (is_cell (node))
            text->cell_start = text->out->len;
        if (is_cell (node) && text->cells >= 0)
            text->cells++;
        if (g_ascii_strcasecmp ((const char *) node->name, "tr") == 0) {
            int outer = text->cells;

            text_break (text, 1);
            text->cells = simple_row (node) ? 0 : -1;
            text->column = 0;
            walk (text, node->children);
            /* a covered last column is an empty cell, then the row's
             * closing bar ("10:30 | Peer review | |") */
            if (text->cells >= 0 && cover_spans (text))
                g_string_append (text->out, " |");
            text->cells = outer;
            text_break (text, 1);
            continue;
        }
        paragraph = name_in (node->name, paragraph_elements,
                             G_N_ELEMENTS (paragraph_elements));
        block = paragraph || name_in (node->name, block_elements,
                                      G_N_ELEMENTS (block_elements));
        pre = g_ascii_strcasecmp ((const char *) node->name, "pre") == 0;
        if (block)
            text_break (text, paragraph ? 2 : 1);
        if (g_ascii_strcasecmp ((const char *) node->name, "table") == 0)
            g_array_set_size (text->spans, 0);
        text->pre_depth += pre;
        walk (text, node->children);
        text->pre_depth -= pre;
        if (block)
            text_break (text, paragraph ? 2 : 1);
    }
}

static gpointer
init_libxml (gpointer data)
{
    /* libxml2 2.9 wants one initialisation before threads use it. */
    xmlInitParser ();
    return NULL;
}

/* The length of the next piece of @html (@len bytes) to parse on its own:
 * all of it when it is within CHUNK_BYTES and CHUNK_TAGS, else the bytes
 * before the last "<" within both (or a whole character) that is not the
 * first byte. */
static gsize
chunk_length (const char *html, gsize len)
{
    gsize window = MIN (len, CHUNK_BYTES), tags = 0, cut = 0;

    for (gsize i = 0; i < window; i++) {
        if (html[i] != '<')
            continue;
        if (i > 0)
            cut = i;
        if (++tags > CHUNK_TAGS)
            break;
    }
    if (len <= CHUNK_BYTES && tags <= CHUNK_TAGS)
        return len;
    if (cut > 0)
        return cut;
    while (window > 1 && ((guchar) html[window] & 0xC0) == 0x80)
        window--;
    return window;
}

char *
mla_html_to_text (const char *html, gssize len)
{
    static GOnce once = G_ONCE_INIT;
    HtmlText text = { 0 };
    gsize done = 0;

    g_return_val_if_fail (html != NULL || len == 0, NULL);
    if (len < 0)
        len = strlen (html);
    if (len == 0 || len > G_MAXINT)
        return g_strdup ("");
    g_once (&once, init_libxml, NULL);
    text.out = g_string_sized_new (MIN ((gsize) len, CHUNK_BYTES) / 2);
    text.cells = -1;
    text.spans = g_array_new (FALSE, TRUE, sizeof (guint));
    /* Past MLA_MAX_TEXT_SIZE the text is cut anyway (mla-message.c). */
    while (done < (gsize) len && text.out->len <= MLA_MAX_TEXT_SIZE) {
        gsize n = chunk_length (html + done, len - done);
        g_autoptr (xmlDoc) doc =
            htmlReadMemory (html + done, (int) n, NULL, "UTF-8",
                            HTML_PARSE_RECOVER | HTML_PARSE_NOERROR |
                                HTML_PARSE_NOWARNING | HTML_PARSE_NONET);

        if (doc != NULL)
            walk (&text, xmlDocGetRootElement (doc));
        done += n;
    }
    g_array_unref (text.spans);
    if (text.out->len > 0)
        g_string_append_c (text.out, '\n');
    return g_string_free (text.out, FALSE);
}
