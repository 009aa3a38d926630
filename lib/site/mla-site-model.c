/* mla-site-model.c: the page models, as libxml2 trees. Mail text enters
 * them only as cleaned text nodes and attribute values, so that the
 * stylesheets' output escapes it; the element and attribute names are
 * documented in doc/site-models.md, the interface of a theme. */
#include "config.h"
#include <stdlib.h>
#include <string.h>
#include "mla-error.h"
#include "mla-series-private.h"
#include "mla-site-url-private.h"
#include "mla-xml-writer-private.h"
#include "mla-site-private.h"
#include "mla-site-time-private.h"

#define SKELETON_MAX_DEPTH 24

/* A new model document whose root is @name, with what every page needs:
 * the site's title and the way back to the site's root from the page's
 * folder (@depth folders down). */
xmlDoc *
mla_site_model_root (const char *name, guint depth, const char *title,
                     gboolean search, xmlNode **out_root)
{
    xmlDoc *doc = xmlNewDoc (BAD_CAST "1.0");
    xmlNode *root = xmlNewNode (NULL, BAD_CAST name);
    g_autoptr (GString) up = g_string_new (NULL);

    xmlDocSetRootElement (doc, root);
    for (guint i = 0; i < depth; i++)
        g_string_append (up, "../");
    mla_site_attr (root, "root", up->str);
    mla_site_attr (root, "site-title", title);
    if (search)
        mla_site_attr (root, "search", "search.html");
    *out_root = root;
    return doc;
}

xmlDoc *
mla_site_new_model (MlaSite *site, const char *name, guint depth,
                    xmlNode **out_root)
{
    xmlDoc *doc =
        mla_site_model_root (name, depth, site->title, site->search, out_root);

    mla_site_attr (*out_root, "up", site->options.up);
    return doc;
}

void
mla_site_href (xmlNode *node, const char *name, const char *path)
{
    g_autofree char *url = mla_site_path_to_href (path);

    mla_site_attr (node, name, url);
}

/* <page href number current/>: page @p (from 0) of a paginated page. */
static void
page_link (xmlNode *nav, const char *file, guint p, guint current)
{
    xmlNode *link = mla_site_element (nav, "page");

    mla_site_href (link, "href", file);
    mla_site_attr_printf (link, "number", "%u", p + 1);
    if (p == current)
        mla_site_attr (link, "current", "true");
}

/* ---- what the pages show of messages ---- */

static const MlaOverviewEntry *
entry_at (MlaSite *site, guint entry)
{
    return mla_overview_threads_get_entry (site->threads, entry);
}

/* The entry's date as ISO 8601 UTC: the overview has it already, unless
 * the message had no date. Returns: (transfer full). */
static char *
iso_date (const MlaOverviewEntry *e)
{
    return e->date_utc != NULL
               ? g_strdup (e->date_utc)
               : mla_site_format_utc (e->date, MLA_SITE_UTC_ISO);
}

/* The author and subject of @e, shortened, as listings and feeds show. */
static void
short_attrs (xmlNode *node, const MlaOverviewEntry *e)
{
    g_autofree char *author =
        mla_site_shorten (mla_overview_entry_author (e), MLA_SITE_NAME_CHARS);
    g_autofree char *subject =
        mla_site_shorten (e->subject, MLA_SITE_SUBJECT_CHARS);

    mla_site_attr (node, "author", author);
    mla_site_attr (node, "subject", subject != NULL ? subject : "(no subject)");
}

/* The attributes a listing shows of a message. */
void
mla_site_summary_attrs (MlaSite *site, xmlNode *node, guint entry)
{
    const MlaOverviewEntry *e = entry_at (site, entry);
    g_autofree char *path = mla_site_message_path (site, entry);
    g_autofree char *date = mla_site_format_utc (e->date, MLA_SITE_UTC_MINUTE);
    g_autofree char *iso = iso_date (e);
    g_autofree char *file = g_strconcat (path, "/index.html", NULL);

    mla_site_href (node, "href", file);
    mla_site_attr (node, "date", date);
    mla_site_attr (node, "iso-date", iso);
    short_attrs (node, e);
}

/* The address as it is: the page is masked as a whole (mla-site.c). */
static void
address_element (xmlNode *parent, const char *name, const char *display,
                 const char *address)
{
    xmlNode *node = mla_site_element (parent, name);

    mla_site_attr (node, "name", display);
    mla_site_attr (node, "address", address);
}

/* A whole message: headers, text, attachments. Its details go to
 * @out_details (nullable) when the caller wants them. */
static gboolean
full_message (MlaSite *site, xmlNode *parent, guint entry,
              MlaOverviewDetails **out_details, GError **error)
{
    const MlaOverviewEntry *e = entry_at (site, entry);
    g_autoptr (MlaOverviewDetails) details =
        mla_overview_get_details (site->overview, e->row, error);
    xmlNode *node;
    g_autofree char *path = mla_site_message_path (site, entry);
    g_autofree char *raw = g_strconcat (path, "/raw.txt", NULL);
    g_autofree char *page = g_strconcat (path, "/index.html", NULL);
    g_autofree char *utc = mla_site_format_utc (e->date, MLA_SITE_UTC_SECOND);
    g_autofree char *local = mla_site_format_time (e->date, e->date_offset,
                                                   "%a, %d %b %Y %H:%M:%S %z");

    if (details == NULL)
        return FALSE;
    node = mla_site_element (parent, "mail");
    mla_site_attr (node, "id", e->message_id);
    /* Replies go to the first to arrive (mla-thread.h): say so. */
    if (mla_site_published_with_id (site, entry) > 1)
        mla_site_attr_printf (node, "shared-id", "%u",
                              mla_site_published_with_id (site, entry));
    mla_site_attr_printf (node, "anchor", "m%" G_GINT64_FORMAT, e->row);
    mla_site_href (node, "href", page);
    mla_site_href (node, "raw", raw);
    if (e->body_source == MLA_BODY_SOURCE_HTML) {
        g_autofree char *html = mla_site_html_body_path (site, entry);

        mla_site_href (node, "html", html);
    }
    address_element (node, "from", e->from_name, e->from_address);
    for (guint i = 0; i < details->to->len; i++) {
        const MlaAddress *a = g_ptr_array_index (details->to, i);

        address_element (node, "to", a->name, a->address);
    }
    for (guint i = 0; i < details->cc->len; i++) {
        const MlaAddress *a = g_ptr_array_index (details->cc, i);

        address_element (node, "cc", a->name, a->address);
    }
    mla_site_attr (node, "date-utc", utc);
    mla_site_attr (node, "date-local", local);
    mla_site_text_element (node, "subject",
                           e->subject != NULL ? e->subject : "(no subject)");
    mla_site_body_element (node, details->body);
    for (guint i = 0; i < details->attachments->len; i++) {
        const MlaAttachment *a = g_ptr_array_index (details->attachments, i);
        xmlNode *item = mla_site_element (node, "attachment");

        g_autofree char *file =
            mla_site_attachment_path (site, entry, i, a->filename);

        mla_site_attr (item, "name",
                       a->filename != NULL ? a->filename : "(no name)");
        mla_site_attr (item, "type", a->content_type);
        mla_site_attr_printf (item, "size", "%" G_GSIZE_FORMAT, a->size);
        mla_site_href (item, "href", file);
    }
    if (out_details != NULL)
        *out_details = g_steal_pointer (&details);
    return TRUE;
}

/* ---- threads ---- */

static const MlaSiteThread *
view_of (MlaSite *site, guint node)
{
    return mla_site_view (
        site, mla_thread_forest_get_node (site->forest, node)->root);
}

char *
mla_site_thread_path (MlaSite *site, guint node)
{
    return g_strconcat (
        "t/", mla_thread_forest_get_thread_id (site->forest, node), NULL);
}

char *
mla_site_thread_page (MlaSite *site, guint node, guint page)
{
    g_autofree char *folder = mla_site_thread_path (site, node);

    return page == 0 ? g_strconcat (folder, "/index.html", NULL)
                     : g_strdup_printf ("%s/page-%u.html", folder, page + 1);
}

char *
mla_site_message_path (MlaSite *site, guint entry)
{
    return g_strconcat ("m/", site->dirs[entry], NULL);
}

/* Messages that share an id share a folder: the place of @entry among
 * them (0 for the first) keeps their downloads apart. */
static guint
copy_of (MlaSite *site, guint entry)
{
    const char *id = entry_at (site, entry)->message_id;
    guint first =
        GPOINTER_TO_UINT (g_hash_table_lookup (site->first_with_id, id)) - 1;
    guint copy = 0;

    for (guint i = first; i != MLA_THREAD_NONE && i != entry;
         i = site->next_same_id[i])
        copy++;
    return copy;
}

char *
mla_site_attachment_path (MlaSite *site, guint entry, guint index,
                          const char *filename)
{
    /* Later copies number from 1001, 2001... */
    g_autofree char *name = mla_site_attachment_name (
        copy_of (site, entry) * 1000 + index + 1, filename);

    return g_strconcat ("m/", site->dirs[entry], "/", name, NULL);
}

char *
mla_site_html_body_path (MlaSite *site, guint entry)
{
    guint copy = copy_of (site, entry);

    return copy == 0
               ? g_strconcat ("m/", site->dirs[entry], "/body.html.txt", NULL)
               : g_strdup_printf ("m/%s/body-%u.html.txt", site->dirs[entry],
                                  copy + 1);
}

char *
mla_site_agenda_path (MlaSite *site, guint index, const char *extension)
{
    const MlaSiteAgenda *a = g_ptr_array_index (site->agendas, index);

    return g_strdup_printf ("m/%s/agenda-%u.%s", site->dirs[a->entry],
                            copy_of (site, a->entry) * 1000 + a->position + 1,
                            extension);
}

guint
mla_site_thread_pages (MlaSite *site, guint root)
{
    const MlaSiteThread *view = view_of (site, root);

    return MAX (1, (view->order->len + MLA_SITE_THREAD_PAGE - 1) /
                       MLA_SITE_THREAD_PAGE);
}

/* A placeholder: an id replies name that is not archived, or that mlarc
 * remove took out (the replies stay where they were). */
static xmlNode *
missing_element (MlaSite *site, xmlNode *parent, const char *id)
{
    xmlNode *missing = mla_site_element (parent, "missing");

    mla_site_attr (missing, "id", id);
    if (mla_overview_threads_was_removed (site->threads, id))
        mla_site_attr (missing, "removed", "true");
    return missing;
}

static void
skeleton_line (MlaSite *site, xmlNode *skeleton, guint node_index,
               guint current)
{
    const MlaThreadNode *node =
        mla_thread_forest_get_node (site->forest, node_index);
    xmlNode *line = node->input == MLA_THREAD_NONE
                        ? missing_element (site, skeleton, node->id)
                        : mla_site_element (skeleton, "node");

    mla_site_attr_printf (line, "depth", "%u",
                          MIN (node->depth, SKELETON_MAX_DEPTH));
    if (node->depth > SKELETON_MAX_DEPTH)
        mla_site_attr_printf (line, "real-depth", "%u", node->depth);
    if (node->loose)
        mla_site_attr (line, "match", "subject");
    if (node->input == MLA_THREAD_NONE)
        return;
    mla_site_summary_attrs (site, line, node->input);
    mla_site_attr_printf (line, "anchor", "m%" G_GINT64_FORMAT,
                          entry_at (site, node->input)->row);
    if (node->input == current)
        mla_site_attr (line, "current", "true");
}

/* Lines left out of a long thread's overview: how many on a thread's
 * page; on a message page (@current set) not how many, which every reply
 * anywhere in the thread would change (mla_site_message_thread_digest()). */
static void
gap (xmlNode *skeleton, guint count, guint current)
{
    xmlNode *element = mla_site_element (skeleton, "gap");

    if (current == MLA_THREAD_NONE)
        mla_site_attr_printf (element, "count", "%u", count);
}

/* The thread's overview, nodes [@from, @to) of it; a long thread shows a
 * window, with <gap/> where lines are left out. */
static void
skeleton (MlaSite *site, xmlNode *parent, guint node, guint from, guint to,
          guint current)
{
    guint root = mla_thread_forest_get_node (site->forest, node)->root;
    const MlaSiteThread *view = view_of (site, root);
    g_autofree char *page = mla_site_thread_page (site, root, 0);
    xmlNode *skeleton = mla_site_element (parent, "skeleton");

    mla_site_attr (skeleton, "thread",
                   mla_thread_forest_get_thread_id (site->forest, root));
    mla_site_href (skeleton, "href", page);
    to = MIN (to, view->nodes->len);
    if (from > 0)
        gap (skeleton, from, current);
    for (guint i = from; i < to; i++)
        skeleton_line (site, skeleton, g_array_index (view->nodes, guint, i),
                       current);
    if (to < view->nodes->len)
        gap (skeleton, view->nodes->len - to, current);
}

GPtrArray *
mla_site_thread_entries (MlaSite *site, guint root)
{
    GArray *dates = g_ptr_array_index (site->thread_dates, root);
    GPtrArray *entries = g_ptr_array_sized_new (dates->len);

    for (guint i = 0; i < dates->len; i++)
        g_ptr_array_add (entries, (gpointer) entry_at (
                                      site, g_array_index (dates, guint, i)));
    return entries;
}

xmlDoc *
mla_site_model_thread (MlaSite *site, guint root, guint page, GError **error)
{
    const MlaSiteThread *view = view_of (site, root);
    guint pages = mla_site_thread_pages (site, root);
    guint first = page * MLA_SITE_THREAD_PAGE;
    guint last = MIN (view->order->len, first + MLA_SITE_THREAD_PAGE);
    xmlNode *model, *messages, *apart, *nav;
    xmlDoc *doc = mla_site_new_model (site, "thread", 2, &model);
    g_autofree char *path = mla_site_thread_path (site, root);
    g_autofree char *mbox = g_strconcat (path, "/thread.mbox.gz", NULL);
    g_autofree char *feed = g_strconcat (path, "/atom.xml", NULL);
    guint from = 0, to = G_MAXUINT;

    mla_site_attr (model, "id",
                   mla_thread_forest_get_thread_id (site->forest, root));
    mla_site_attr_printf (
        model, "messages", "%u",
        mla_thread_forest_get_thread_size (site->forest, root));
    mla_site_attr_printf (model, "page", "%u", page + 1);
    mla_site_attr_printf (model, "pages", "%u", pages);
    mla_site_href (model, "mbox", mbox);
    mla_site_href (model, "feed", feed);
    {
        g_autoptr (GPtrArray) entries = mla_site_thread_entries (site, root);
        g_autofree char *series = g_strconcat (path, "/series.mbox", NULL);

        if (mla_series_is_complete (entries))
            mla_site_href (model, "series", series);
    }
    if (view->order->len > 0)
        mla_site_attr (
            model, "subject",
            entry_at (site, g_array_index (view->order, guint, 0))->subject);
    nav = mla_site_element (model, "pages");
    for (guint p = 0; pages > 1 && p < pages; p++) {
        g_autofree char *file = NULL;

        if (p != 0 && p + 1 != pages && p + MLA_SITE_PAGER_WINDOW < page)
            continue;
        if (p != 0 && p + 1 != pages && p > page + MLA_SITE_PAGER_WINDOW)
            continue;
        file = mla_site_thread_page (site, root, p);
        page_link (nav, file, p, page);
    }
    /* A long thread's page shows the part of the overview its messages are in.
     */
    if (view->nodes->len > MLA_SITE_SKELETON_FULL && last > first) {
        guint a = site->node_pos[mla_thread_forest_node_of_input (
            site->forest, g_array_index (view->order, guint, first))];
        guint b = site->node_pos[mla_thread_forest_node_of_input (
            site->forest, g_array_index (view->order, guint, last - 1))];

        from = MIN (a, b);
        /* Replies dated out of the tree's order would stretch the window
         * over the whole thread on every page. */
        to = MIN (MAX (a, b) + 1, from + 2 * MLA_SITE_THREAD_PAGE);
    }
    skeleton (site, model, root, from, to, MLA_THREAD_NONE);
    messages = mla_site_element (model, "messages");
    apart = mla_site_element (model, "subject-matches");
    for (guint i = first; i < last; i++)
        if (!full_message (site, i < view->n_replies ? messages : apart,
                           g_array_index (view->order, guint, i), NULL, error))
            return xmlFreeDoc (doc), NULL;
    return doc;
}

/* ---- message pages ---- */

static void
link_entry (MlaSite *site, xmlNode *parent, const char *rel, guint entry)
{
    xmlNode *link;

    if (entry == MLA_THREAD_NONE || !site->published[entry])
        return;
    link = mla_site_element (parent, "link");
    mla_site_attr (link, "rel", rel);
    mla_site_summary_attrs (site, link, entry);
}

/* The entry @step places from @entry in its thread's order. */
static guint
neighbour (MlaSite *site, guint entry, int step)
{
    const MlaSiteThread *view =
        view_of (site, mla_thread_forest_node_of_input (site->forest, entry));
    gint64 at = (gint64) site->order_pos[entry] + step;

    return at >= 0 && at < view->order->len
               ? g_array_index (view->order, guint, at)
               : MLA_THREAD_NONE;
}

/* Whether a message page links @child as one of its replies: a published
 * message, not one placed by its subject. */
static gboolean
shown_reply (MlaSite *site, const MlaThreadNode *child)
{
    return child->input != MLA_THREAD_NONE && !child->loose &&
           site->published[child->input];
}

static void
message_links (MlaSite *site, xmlNode *nav, guint entry)
{
    guint node = mla_thread_forest_node_of_input (site->forest, entry);
    const MlaThreadNode *n = mla_thread_forest_get_node (site->forest, node);
    guint rank = site->date_rank[entry];
    guint replies = 0;

    if (n->parent != MLA_THREAD_NONE && !n->loose) {
        const MlaThreadNode *parent =
            mla_thread_forest_get_node (site->forest, n->parent);

        if (parent->input != MLA_THREAD_NONE)
            link_entry (site, nav, "parent", parent->input);
        else
            missing_element (site, nav, parent->id);
    }
    for (guint c = n->first_child; c != MLA_THREAD_NONE;
         c = mla_thread_forest_get_node (site->forest, c)->next_sibling) {
        const MlaThreadNode *child =
            mla_thread_forest_get_node (site->forest, c);

        if (!shown_reply (site, child))
            continue;
        if (replies++ < MLA_SITE_REPLY_LINKS)
            link_entry (site, nav, "reply", child->input);
    }
    if (replies > MLA_SITE_REPLY_LINKS)
        mla_site_attr_printf (mla_site_element (nav, "more-replies"), "count",
                              "%u", replies - MLA_SITE_REPLY_LINKS);
    link_entry (site, nav, "prev-in-thread", neighbour (site, entry, -1));
    link_entry (site, nav, "next-in-thread", neighbour (site, entry, +1));
    if (rank > 0)
        link_entry (site, nav, "prev-by-date",
                    g_array_index (site->by_date, guint, rank - 1));
    if (rank + 1 < site->by_date->len)
        link_entry (site, nav, "next-by-date",
                    g_array_index (site->by_date, guint, rank + 1));
}

/* The nodes [@from, @to) of a thread's overview that a message page at
 * place @pos shows: all of a short thread, a window of a long one. */
static void
message_window (const MlaSiteThread *view, guint pos, guint *from, guint *to)
{
    if (view->nodes->len <= MLA_SITE_SKELETON_FULL)
        return;
    *from = pos > MLA_SITE_SKELETON_WINDOW ? pos - MLA_SITE_SKELETON_WINDOW : 0;
    *to = pos + MLA_SITE_SKELETON_WINDOW + 1;
}

xmlDoc *
mla_site_model_message (MlaSite *site, guint entry, GError **error)
{
    const MlaOverviewEntry *e = entry_at (site, entry);
    guint node = mla_thread_forest_node_of_input (site->forest, entry);
    guint root = mla_thread_forest_get_node (site->forest, node)->root;
    const MlaSiteThread *view = view_of (site, node);
    guint pos = site->node_pos[node];
    guint from = 0, to = G_MAXUINT;
    xmlNode *model, *nav, *thread;
    xmlDoc *doc = mla_site_new_model (site, "message", 2, &model);
    g_autofree char *page = mla_site_thread_page (
        site, root, site->order_pos[entry] / MLA_SITE_THREAD_PAGE);
    g_autoptr (MlaOverviewDetails) details = NULL;

    mla_site_attr (model, "id", e->message_id);
    /* Every stored message with this id, in archive order. */
    for (guint i = entry; i != MLA_THREAD_NONE; i = site->next_same_id[i])
        if (site->published[i] &&
            !full_message (site, model, i, i == entry ? &details : NULL, error))
            return xmlFreeDoc (doc), NULL;
    if (details != NULL &&
        !mla_site_reply_element (site, model, entry, details, error))
        return xmlFreeDoc (doc), NULL;
    nav = mla_site_element (model, "nav");
    message_links (site, nav, entry);
    for (guint i = 0; i < site->agendas->len; i++) {
        const MlaSiteAgenda *a = g_ptr_array_index (site->agendas, i);
        g_autofree char *file = NULL;
        xmlNode *link;

        if (a->entry != entry)
            continue;
        file = mla_site_agenda_path (site, i, "html");
        link = mla_site_element (nav, "agenda");
        mla_site_href (link, "href", file);
        mla_site_attr (link, "title",
                       a->agenda->title != NULL ? a->agenda->title : "Agenda");
    }
    thread = mla_site_element (nav, "thread");
    mla_site_href (thread, "href", page);
    message_window (view, pos, &from, &to);
    skeleton (site, model, node, from, to, entry);
    return doc;
}

static void
digest_entry (GChecksum *sum, MlaSite *site, guint entry)
{
    g_checksum_update (sum,
                       (const guchar *) (entry != MLA_THREAD_NONE
                                             ? entry_at (site, entry)->sha256
                                             : "-"),
                       -1);
    g_checksum_update (sum, (const guchar *) " ", 1);
}

/* Follows mla_site_model_message() and message_links(): a long thread's
 * message page shows a window of the overview whose gaps say no count,
 * so that a reply far from it leaves it as it is. */
char *
mla_site_message_thread_digest (MlaSite *site, guint entry)
{
    guint node = mla_thread_forest_node_of_input (site->forest, entry);
    const MlaThreadNode *n = mla_thread_forest_get_node (site->forest, node);
    const MlaSiteThread *view = view_of (site, node);
    g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
    g_autofree char *place = NULL;
    guint from = 0, to = G_MAXUINT;

    if (view->nodes->len <= MLA_SITE_SKELETON_FULL)
        return g_strdup (view->version);
    message_window (view, site->node_pos[node], &from, &to);
    to = MIN (to, view->nodes->len);
    place = g_strdup_printf (
        "%s %d %d %u\n",
        mla_thread_forest_get_thread_id (site->forest, n->root), from > 0,
        to < view->nodes->len, site->order_pos[entry] / MLA_SITE_THREAD_PAGE);
    g_checksum_update (sum, (const guchar *) place, -1);
    for (guint i = from; i < to; i++)
        mla_site_digest_node (site, sum, g_array_index (view->nodes, guint, i));
    digest_entry (sum, site, neighbour (site, entry, -1));
    digest_entry (sum, site, neighbour (site, entry, +1));
    if (n->parent != MLA_THREAD_NONE && !n->loose)
        mla_site_digest_node (site, sum, n->parent);
    for (guint c = n->first_child; c != MLA_THREAD_NONE;
         c = mla_thread_forest_get_node (site->forest, c)->next_sibling) {
        const MlaThreadNode *child =
            mla_thread_forest_get_node (site->forest, c);

        if (shown_reply (site, child))
            digest_entry (sum, site, child->input);
    }
    return g_strdup (g_checksum_get_string (sum));
}

/* ---- home, months, lists ---- */

static void
thread_summary (MlaSite *site, xmlNode *parent, guint root,
                const MlaSiteMonth *month)
{
    const MlaSiteThread *view = view_of (site, root);
    xmlNode *node = mla_site_element (parent, "thread");
    g_autofree char *page = mla_site_thread_page (site, root, 0);
    g_autofree char *last = mla_site_format_utc (
        mla_thread_forest_get_thread_last_date (site->forest, root),
        MLA_SITE_UTC_MINUTE);
    g_autofree char *subject = mla_site_shorten (
        view->order->len > 0
            ? entry_at (site, g_array_index (view->order, guint, 0))->subject
            : NULL,
        MLA_SITE_SUBJECT_CHARS);
    xmlNode *people;

    mla_site_href (node, "href", page);
    mla_site_attr_printf (
        node, "messages", "%u",
        mla_thread_forest_get_thread_size (site->forest, root));
    mla_site_attr (node, "last", last);
    mla_site_attr (node, "subject", subject != NULL ? subject : "(no subject)");
    if (month != NULL)
        mla_site_attr_printf (node, "in-month", "%u",
                              GPOINTER_TO_UINT (g_hash_table_lookup (
                                  month->counts, GUINT_TO_POINTER (root + 1))));
    people = mla_site_element (node, "participants");
    for (guint i = 0; i < view->participants->len; i++) {
        g_autofree char *name = mla_site_shorten (
            g_ptr_array_index (view->participants, i), MLA_SITE_NAME_CHARS);

        mla_site_text_element (people, "person", name);
    }
}

/* The newest revision of each agenda; older ones are reached from it. */
void
mla_site_agenda_list (MlaSite *site, xmlNode *parent)
{
    for (guint i = 0; i < site->agendas->len; i++) {
        const MlaSiteAgenda *a = g_ptr_array_index (site->agendas, i);
        GArray *chain = mla_agenda_revisions_get_chain (site->revisions, i);
        g_autofree char *file = NULL;
        xmlNode *node;

        if (g_array_index (chain, guint, chain->len - 1) != i)
            continue;
        file = mla_site_agenda_path (site, i, "html");
        node = mla_site_element (parent, "agenda");
        mla_site_href (node, "href", file);
        mla_site_attr (node, "title",
                       a->agenda->title != NULL ? a->agenda->title : "Agenda");
        mla_site_attr_printf (node, "days", "%u", a->agenda->days->len);
        mla_site_attr_printf (node, "slots", "%u",
                              mla_agenda_count_slots (a->agenda));
        if (chain->len > 1)
            mla_site_attr_printf (node, "revisions", "%u", chain->len);
        mla_site_summary_attrs (site, mla_site_element (node, "mail"),
                                a->entry);
    }
}

xmlDoc *
mla_site_model_home (MlaSite *site, GError **error)
{
    xmlNode *model, *months, *threads;
    xmlDoc *doc = mla_site_new_model (site, "home", 0, &model);

    mla_site_attr_printf (model, "messages", "%u", site->n_published);
    mla_site_attr_printf (model, "threads", "%u", site->n_threads);
    months = mla_site_element (model, "months");
    for (guint i = site->months->len; i-- > 0;) {
        const MlaSiteMonth *month = g_ptr_array_index (site->months, i);
        xmlNode *node = mla_site_element (months, "month");
        g_autofree char *page = g_strconcat (month->path, "/index.html", NULL);

        mla_site_attr_printf (node, "year", "%04d", month->year);
        mla_site_attr_printf (node, "month", "%02d", month->month);
        mla_site_attr_printf (node, "messages", "%u", month->n_messages);
        mla_site_attr_printf (node, "threads", "%u", month->n_threads);
        mla_site_href (node, "href", page);
    }
    threads = mla_site_element (model, "newest");
    for (guint i = 0; i < MIN (site->roots->len, MLA_SITE_HOME_THREADS); i++)
        thread_summary (site, threads, g_array_index (site->roots, guint, i),
                        NULL);
    mla_site_agenda_list (site, mla_site_element (model, "agendas"));
    if (!mla_site_list_element (site, model, error))
        return xmlFreeDoc (doc), NULL;
    return doc;
}

static void
month_nav (xmlNode *model, const MlaSiteMonth *month)
{
    if (month->prev != NULL) {
        g_autofree char *page =
            g_strconcat (month->prev->path, "/index.html", NULL);

        mla_site_href (model, "prev", page);
    }
    if (month->next != NULL) {
        g_autofree char *page =
            g_strconcat (month->next->path, "/index.html", NULL);

        mla_site_href (model, "next", page);
    }
    mla_site_attr_printf (model, "year", "%04d", month->year);
    mla_site_attr_printf (model, "month", "%02d", month->month);
    mla_site_attr (model, "path", month->path);
}

xmlDoc *
mla_site_model_month (MlaSite *site, const MlaSiteMonth *month, guint page,
                      guint n_pages)
{
    xmlNode *model, *threads;
    xmlDoc *doc = mla_site_new_model (site, "month", 2, &model);

    month_nav (model, month);
    mla_site_attr_printf (model, "page", "%u", page + 1);
    mla_site_attr_printf (model, "pages", "%u", n_pages);
    mla_site_attr_printf (model, "messages", "%u", month->entries->len);
    threads = mla_site_element (model, "threads");
    for (guint i = page * MLA_SITE_MONTH_PAGE;
         i < MIN (month->roots->len, (page + 1) * MLA_SITE_MONTH_PAGE); i++)
        thread_summary (site, threads, g_array_index (month->roots, guint, i),
                        month);
    return doc;
}

/* Sorting by author collates names, so each name's collation key is made
 * once, not once per comparison. */
typedef struct {
    guint entry;
    char *key;
    gint64 date;
    const char *thread;
} SortItem;

static int
compare_items (gconstpointer a, gconstpointer b)
{
    const SortItem *x = a, *y = b;
    int order =
        strcmp (x->key != NULL ? x->key : "", y->key != NULL ? y->key : "");

    if (order == 0)
        order = g_strcmp0 (x->thread, y->thread);
    if (order == 0)
        order = (x->date > y->date) - (x->date < y->date);
    return order != 0 ? order : (x->entry > y->entry) - (x->entry < y->entry);
}

GArray *
mla_site_list_sort (MlaSite *site, const MlaSiteMonth *month, const char *order)
{
    GArray *entries = g_array_copy (month->entries);
    gboolean by_author = strcmp (order, "author") == 0;
    g_autofree SortItem *items = NULL;

    /* The month's entries are in date order already. */
    if (!by_author && strcmp (order, "subject") != 0)
        return entries;
    items = g_new0 (SortItem, MAX (entries->len, 1));
    for (guint i = 0; i < entries->len; i++) {
        const MlaOverviewEntry *e =
            entry_at (site, g_array_index (entries, guint, i));

        items[i].entry = g_array_index (entries, guint, i);
        items[i].date = e->date;
        if (by_author)
            items[i].key =
                g_utf8_collate_key (mla_overview_entry_author (e), -1);
        else
            items[i].thread = e->thread;
    }
    qsort (items, entries->len, sizeof (SortItem), compare_items);
    for (guint i = 0; i < entries->len; i++) {
        g_array_index (entries, guint, i) = items[i].entry;
        g_free (items[i].key);
    }
    return entries;
}

char *
mla_site_list_page (const MlaSiteMonth *month, const char *order, guint page)
{
    return page == 0 ? g_strdup_printf ("%s/by-%s.html", month->path, order)
                     : g_strdup_printf ("%s/by-%s-%u.html", month->path, order,
                                        page + 1);
}

xmlDoc *
mla_site_model_list (MlaSite *site, const MlaSiteMonth *month,
                     const char *order, GArray *entries, guint page)
{
    guint pages =
        MAX (1, (entries->len + MLA_SITE_LIST_PAGE - 1) / MLA_SITE_LIST_PAGE);
    xmlNode *model, *list, *nav;
    xmlDoc *doc = mla_site_new_model (site, "list", 2, &model);

    month_nav (model, month);
    mla_site_attr (model, "order", order);
    mla_site_attr_printf (model, "page", "%u", page + 1);
    mla_site_attr_printf (model, "pages", "%u", pages);
    nav = mla_site_element (model, "pages");
    for (guint p = 0; pages > 1 && p < pages; p++) {
        g_autofree char *file = mla_site_list_page (month, order, p);

        page_link (nav, file, p, page);
    }
    list = mla_site_element (model, "messages");
    for (guint i = page * MLA_SITE_LIST_PAGE;
         i < MIN (entries->len, (page + 1) * MLA_SITE_LIST_PAGE); i++)
        mla_site_summary_attrs (site, mla_site_element (list, "mail"),
                                g_array_index (entries, guint, i));
    return doc;
}

/* ---- feeds and redirects ---- */

static void
feed_entry (MlaSite *site, xmlNode *parent, guint entry, GError **error)
{
    xmlNode *node = mla_site_element (parent, "entry");
    const MlaOverviewEntry *e = entry_at (site, entry);
    g_autoptr (MlaOverviewDetails) details =
        mla_overview_get_details (site->overview, e->row, error);
    g_autofree char *page = mla_site_message_path (site, entry);
    g_autofree char *file = g_strconcat (page, "/index.html", NULL);
    /* Feed readers sort by it: capped as the site's order is. */
    g_autofree char *iso = mla_site_format_utc (
        mla_thread_activity (e->date, e->arrived), MLA_SITE_UTC_ISO);
    g_autofree char *tag_id = mla_site_path_to_href (e->message_id);

    mla_site_href (node, "href", file);
    mla_site_attr (node, "id", e->message_id);
    mla_site_attr_printf (node, "atom-id", "%sm/%s", site->feed_tag, tag_id);
    mla_site_attr (node, "updated", iso);
    short_attrs (node, e);
    if (details != NULL && details->body != NULL) {
        /* g_utf8_substring() reads past the end of a shorter string. */
        g_autofree char *summary = g_utf8_substring (
            details->body, 0, MIN (g_utf8_strlen (details->body, -1), 400));

        mla_site_text_element (node, "summary", summary);
    }
}

xmlDoc *
mla_site_model_feed (MlaSite *site, guint root, gboolean threads,
                     GError **error)
{
    xmlNode *model;
    xmlDoc *doc = mla_site_new_model (site, "feed",
                                      root != MLA_THREAD_NONE ? 2 : 0, &model);
    g_autoptr (GArray) entries = g_array_new (FALSE, FALSE, sizeof (guint));
    gint64 updated = 0;

    mla_site_attr (model, "base-url", site->options.base_url);
    if (root != MLA_THREAD_NONE) {
        const MlaSiteThread *view = view_of (site, root);
        g_autofree char *path = mla_site_thread_path (site, root);
        g_autofree char *self = g_strconcat (path, "/atom.xml", NULL);
        g_autofree char *page = g_strconcat (path, "/index.html", NULL);
        const char *id = mla_thread_forest_get_thread_id (site->forest, root);
        g_autofree char *tag_id = mla_site_path_to_href (id);

        /* The newest messages of the thread. */
        for (guint i = view->order->len;
             i-- > 0 && entries->len < MLA_SITE_FEED_ENTRIES;)
            g_array_append_val (entries, g_array_index (view->order, guint, i));
        mla_site_attr (model, "kind", "thread");
        mla_site_attr (model, "self", self);
        mla_site_href (model, "alternate", page);
        mla_site_attr (model, "id", id);
        mla_site_attr_printf (model, "atom-id", "%st/%s", site->feed_tag,
                              tag_id);
    } else if (threads) {
        mla_site_attr_printf (model, "atom-id", "%sthreads", site->feed_tag);
        mla_site_attr (model, "kind", "threads");
        mla_site_attr (model, "self", "threads.atom");
        for (guint i = 0; i < MIN (site->roots->len, MLA_SITE_FEED_ENTRIES);
             i++) {
            const MlaSiteThread *view =
                view_of (site, g_array_index (site->roots, guint, i));

            if (view->order->len > 0)
                g_array_append_val (entries,
                                    g_array_index (view->order, guint, 0));
        }
    } else {
        mla_site_attr_printf (model, "atom-id", "%smessages", site->feed_tag);
        mla_site_attr (model, "kind", "messages");
        mla_site_attr (model, "self", "new.atom");
        for (guint i = site->by_date->len;
             i-- > 0 && entries->len < MLA_SITE_FEED_ENTRIES;)
            g_array_append_val (entries,
                                g_array_index (site->by_date, guint, i));
    }
    for (guint i = 0; i < entries->len; i++) {
        guint entry = g_array_index (entries, guint, i);

        updated = MAX (updated,
                       mla_thread_activity (entry_at (site, entry)->date,
                                            entry_at (site, entry)->arrived));
        feed_entry (site, model, entry, error);
        if (error != NULL && *error != NULL)
            return xmlFreeDoc (doc), NULL;
    }
    {
        g_autofree char *iso = mla_site_format_utc (updated, MLA_SITE_UTC_ISO);

        mla_site_attr (model, "updated", iso);
    }
    return doc;
}

xmlDoc *
mla_site_model_redirect (MlaSite *site, const char *kind, const char *from_path,
                         const char *to_path)
{
    xmlNode *model;
    guint depth = 0;
    xmlDoc *doc;
    g_autofree char *page = g_strconcat (to_path, "/index.html", NULL);

    for (const char *p = from_path; *p != '\0'; p++)
        depth += *p == '/';
    doc = mla_site_new_model (site, "redirect", depth + 1, &model);
    mla_site_attr (model, "kind", kind);
    mla_site_href (model, "href", page);
    return doc;
}

xmlDoc *
mla_site_model_search (MlaSite *site, GPtrArray *periods)
{
    xmlNode *model;
    xmlDoc *doc = mla_site_new_model (site, "search", 0, &model);
    int last_year = 0;

    for (guint i = 0; i < periods->len; i++) {
        const MlaSitePeriod *period = g_ptr_array_index (periods, i);
        xmlNode *index = mla_site_element (model, "index");

        mla_site_attr (index, "period", period->name);
        mla_site_attr_printf (index, "href", "pagefind/%s/", period->name);
        mla_site_attr_printf (index, "pages", "%u", period->n_pages);
    }
    for (guint m = site->months->len; m-- > 0;) {
        const MlaSiteMonth *month = g_ptr_array_index (site->months, m);

        if (month->year != last_year)
            mla_site_attr_printf (mla_site_element (model, "year"), "value",
                                  "%d", month->year);
        last_year = month->year;
    }
    return doc;
}
