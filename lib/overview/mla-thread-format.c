/* mla-thread-format.c: text and XML renderings of the forest. */
#include "config.h"
#include <string.h>
#include "mla-error.h"
#include "mla-listing-private.h"
#include "mla-xml-writer-private.h"
#include "mla-thread-format.h"

/* Deeper replies are drawn at this indentation, with their depth. */
#define MAX_INDENT 24

gboolean
mla_threads_format_from_string (const char *name, MlaThreadsFormat *out_format)
{
    if (g_strcmp0 (name, "text") == 0)
        *out_format = MLA_THREADS_FORMAT_TEXT;
    else if (g_strcmp0 (name, "xml") == 0)
        *out_format = MLA_THREADS_FORMAT_XML;
    else
        return FALSE;
    return TRUE;
}

typedef struct {
    MlaOverviewThreads *threads;
    GString *text;     /* text format */
    MlaXmlWriter *xml; /* xml format */
    guint open_depth;  /* xml: elements open below <thread> */
} Render;

static void
text_node (const MlaThreadNode *node, guint index, gpointer user_data)
{
    Render *render = user_data;
    GString *line = render->text;
    guint indent = MIN (node->depth, MAX_INDENT);

    (void) index;
    if (node->input == MLA_THREAD_NONE) {
        mla_listing_append_column (line, "", 16);
        g_string_append (line, "  ");
        mla_listing_append_column (
            line,
            mla_overview_threads_was_removed (render->threads, node->id)
                ? "(removed)"
                : "(not archived)",
            MLA_LISTING_AUTHOR_WIDTH);
    } else {
        const MlaOverviewEntry *entry =
            mla_overview_threads_get_entry (render->threads, node->input);
        char date[32];

        mla_listing_format_date (entry->date, FALSE, date);
        mla_listing_append_column (line, date, 16);
        g_string_append (line, "  ");
        mla_listing_append_column (line, mla_overview_entry_author (entry),
                                   MLA_LISTING_AUTHOR_WIDTH);
    }
    g_string_append (line, "  ");
    for (guint i = 0; i < indent; i++)
        g_string_append (line, "  ");
    if (node->depth > MAX_INDENT)
        g_string_append_printf (line, "[%u] ", node->depth);
    if (node->loose)
        g_string_append (line, "~ ");
    if (node->input == MLA_THREAD_NONE) {
        g_string_append_c (line, '<');
        mla_listing_append_column (line, node->id, 0);
        g_string_append_c (line, '>');
    } else {
        const MlaOverviewEntry *entry =
            mla_overview_threads_get_entry (render->threads, node->input);

        mla_listing_append_column (
            line, entry->subject != NULL ? entry->subject : "(no subject)", 0);
    }
    g_string_append_c (line, '\n');
}

static void
xml_node (const MlaThreadNode *node, guint index, gpointer user_data)
{
    Render *render = user_data;

    (void) index;
    /* Pre-order: close the elements of the nodes this one is not below. */
    for (; render->open_depth > node->depth; render->open_depth--)
        mla_xml_end (render->xml);
    mla_xml_start (render->xml,
                   node->input == MLA_THREAD_NONE ? "missing" : "message");
    mla_xml_attr (render->xml, "id", node->id);
    if (node->input == MLA_THREAD_NONE &&
        mla_overview_threads_was_removed (render->threads, node->id))
        mla_xml_attr (render->xml, "removed", "true");
    if (node->input != MLA_THREAD_NONE) {
        const MlaOverviewEntry *entry =
            mla_overview_threads_get_entry (render->threads, node->input);

        mla_xml_attr (render->xml, "date", entry->date_utc);
        mla_xml_attr (render->xml, "from", mla_overview_entry_author (entry));
    }
    if (node->loose)
        mla_xml_attr (render->xml, "match", "subject");
    render->open_depth = node->depth + 1;
}

/* Marks the roots of threads with a message in [since, until). */
static GArray *
mark_period (MlaOverviewThreads *threads, const MlaThreadsWriteOptions *options)
{
    const MlaThreadForest *forest = mla_overview_threads_get_forest (threads);
    GArray *marks = g_array_new (FALSE, TRUE, sizeof (guint8));

    g_array_set_size (marks, mla_thread_forest_get_n_nodes (forest));
    for (guint i = 0; i < mla_overview_threads_get_n_entries (threads); i++) {
        const MlaOverviewEntry *entry =
            mla_overview_threads_get_entry (threads, i);

        if (entry->date >= options->since && entry->date < options->until) {
            guint node = mla_thread_forest_node_of_input (forest, i);

            g_array_index (marks, guint8,
                           mla_thread_forest_get_node (forest, node)->root) = 1;
        }
    }
    return marks;
}

gboolean
mla_threads_write (MlaOverviewThreads *threads, MlaThreadsFormat format,
                   const MlaThreadsWriteOptions *options, GOutputStream *out,
                   GError **error)
{
    static const MlaThreadsWriteOptions all = { G_MININT64, G_MAXINT64, FALSE };
    const MlaThreadForest *forest = mla_overview_threads_get_forest (threads);
    const GArray *roots = mla_thread_forest_get_roots (forest);
    g_autoptr (GArray) marks =
        mark_period (threads, options != NULL ? options : &all);
    g_autoptr (GString) text = g_string_new (NULL);
    g_autoptr (MlaXmlWriter) xml = NULL;
    Render render = { threads, text, NULL, 0 };

    if (format == MLA_THREADS_FORMAT_XML) {
        xml = mla_xml_writer_new (out, MLA_XML_WRITER_INDENT);
        render.xml = xml;
        mla_xml_start (xml, "threads");
    }
    for (guint r = 0; r < roots->len; r++) {
        guint root = g_array_index (roots, guint, r);

        if (g_array_index (marks, guint8, root) == 0)
            continue;
        if (xml != NULL) {
            char last[32];

            mla_listing_format_date (
                mla_thread_forest_get_thread_last_date (forest, root), TRUE,
                last);

            mla_xml_start (xml, "thread");
            mla_xml_attr (xml, "id",
                          mla_thread_forest_get_thread_id (forest, root));
            mla_xml_attr_printf (
                xml, "messages", "%u",
                mla_thread_forest_get_thread_size (forest, root));
            mla_xml_attr (xml, "last", last);
            render.open_depth = 0;
            mla_thread_forest_walk (forest, root, xml_node, &render);
            for (; render.open_depth > 0; render.open_depth--)
                mla_xml_end (xml);
            mla_xml_end (xml);
            continue;
        }
        if (options != NULL && options->ids)
            g_string_append_printf (
                text, "thread %s\n",
                mla_thread_forest_get_thread_id (forest, root));
        mla_thread_forest_walk (forest, root, text_node, &render);
        g_string_append_c (text, '\n');
        if (!g_output_stream_write_all (out, text->str, text->len, NULL, NULL,
                                        error))
            return FALSE;
        g_string_truncate (text, 0);
    }
    if (xml != NULL) {
        mla_xml_end (xml);
        return mla_xml_writer_finish (xml, error);
    }
    return TRUE;
}
