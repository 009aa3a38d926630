/* mla-site-model.c: the page models, as libxml2 trees. Mail text enters
 * them only as cleaned text nodes and attribute values, so that the
 * stylesheets' output escapes it; the element and attribute names are
 * documented in doc/site-models.md, the interface of a theme. */
#include "config.h"
#include <string.h>
#include "mla-error.h"
#include "mla-site-url-private.h"
#include "mla-xml-writer-private.h"
#include "mla-site-private.h"

/* Quotes longer than this fold. */
#define FOLD_QUOTE_LINES 12
#define SKELETON_MAX_DEPTH 24
#define FEED_ENTRIES 40
#define HOME_THREADS 25

/* ---- tree helpers: every value cleaned ---- */

static xmlNode *
element (xmlNode *parent, const char *name)
{
    return xmlNewChild (parent, NULL, BAD_CAST name, NULL);
}

static void
attr (xmlNode *node, const char *name, const char *value)
{
    g_autofree char *clean = NULL;

    if (value == NULL)
        return;
    clean = mla_xml_clean_text (value);
    xmlNewProp (node, BAD_CAST name, BAD_CAST clean);
}

static void G_GNUC_PRINTF (3, 4)
attr_printf (xmlNode *node, const char *name, const char *format, ...)
{
    g_autofree char *value = NULL;
    va_list args;

    va_start (args, format);
    value = g_strdup_vprintf (format, args);
    va_end (args);
    attr (node, name, value);
}

static void
text (xmlNode *parent, const char *value, gssize length)
{
    g_autofree char *part = length < 0 ? g_strdup (value) : g_strndup (value, (gsize) length);
    g_autofree char *clean = mla_xml_clean_text (part);

    xmlAddChild (parent, xmlNewText (BAD_CAST clean));
}

static xmlNode *
text_element (xmlNode *parent, const char *name, const char *value)
{
    xmlNode *node = element (parent, name);

    if (value != NULL)
        text (node, value, -1);
    return node;
}

/* A new model document whose root is @name, with what every page needs:
 * the site's title and the way back to the site's root from the page's
 * folder (@depth folders down). */
static xmlDoc *
new_model (MlaSite *site, const char *name, guint depth, xmlNode **out_root)
{
    xmlDoc *doc = xmlNewDoc (BAD_CAST "1.0");
    xmlNode *root = xmlNewNode (NULL, BAD_CAST name);
    g_autoptr (GString) up = g_string_new (NULL);

    xmlDocSetRootElement (doc, root);
    for (guint i = 0; i < depth; i++)
        g_string_append (up, "../");
    attr (root, "root", up->str);
    attr (root, "site-title", site->title);
    *out_root = root;
    return doc;
}

static void
href (xmlNode *node, const char *name, const char *path)
{
    g_autofree char *url = mla_site_path_to_href (path);

    attr (node, name, url);
}

/* ---- what the pages show of messages ---- */

static const MlaOverviewEntry *
entry_at (MlaSite *site, guint entry)
{
    return mla_overview_threads_get_entry (site->threads, entry);
}

static char *
format_time (gint64 date, int offset_minutes, const char *format)
{
    g_autoptr (GTimeZone) zone = g_time_zone_new_offset (offset_minutes * 60);
    g_autoptr (GDateTime) utc = g_date_time_new_from_unix_utc (date);
    g_autoptr (GDateTime) local = utc != NULL ? g_date_time_to_timezone (utc, zone) : NULL;

    return local != NULL ? g_date_time_format (local, format) : g_strdup ("?");
}

/* "user at example.org": enough to recognise a sender, not to harvest. */
static char *
shown_address (MlaSite *site, const char *address)
{
    const char *at;

    if (address == NULL || site->options.show_addresses)
        return g_strdup (address);
    at = strrchr (address, '@');
    if (at == NULL)
        return g_strdup (address);
    return g_strdup_printf ("%.*s at %s", (int) (at - address), address, at + 1);
}

static const char *
author_of (const MlaOverviewEntry *entry)
{
    if (entry->from_name != NULL && entry->from_name[0] != '\0')
        return entry->from_name;
    return entry->from_address != NULL ? entry->from_address : "(nobody)";
}

/* The attributes a listing shows of a message. */
static void
summary_attrs (MlaSite *site, xmlNode *node, guint entry)
{
    const MlaOverviewEntry *e = entry_at (site, entry);
    g_autofree char *path = mla_site_message_path (site, entry);
    g_autofree char *date = format_time (e->date, 0, "%Y-%m-%d %H:%M");
    g_autofree char *iso = format_time (e->date, 0, "%Y-%m-%dT%H:%M:%SZ");
    g_autofree char *file = g_strconcat (path, "/index.html", NULL);

    href (node, "href", file);
    attr (node, "date", date);
    attr (node, "iso-date", iso);
    attr (node, "author", author_of (e));
    attr (node, "subject", e->subject != NULL ? e->subject : "(no subject)");
}

static void
address_element (MlaSite *site, xmlNode *parent, const char *name, const char *display,
                 const char *address)
{
    xmlNode *node = element (parent, name);
    g_autofree char *shown = shown_address (site, address);

    attr (node, "name", display);
    attr (node, "address", shown);
}

/* The text as blocks of lines at one quote depth; URLs (http, https, ftp,
 * mailto only) become <a> elements. */
static gsize
url_length (const char *at)
{
    static const char *const schemes[] = { "http://", "https://", "ftp://", "mailto:" };
    gsize length = 0;
    gboolean scheme = FALSE;

    for (gsize i = 0; i < G_N_ELEMENTS (schemes) && !scheme; i++)
        scheme = g_ascii_strncasecmp (at, schemes[i], strlen (schemes[i])) == 0
                 && at[strlen (schemes[i])] != '\0' && !g_ascii_isspace (at[strlen (schemes[i])]);
    if (!scheme)
        return 0;
    while (at[length] != '\0' && !g_ascii_isspace (at[length])
           && strchr ("<>\"'`{}|\\^", at[length]) == NULL && (guchar) at[length] >= 0x20)
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
        gsize url = (i == 0 || !g_ascii_isalnum (line[i - 1])) ? url_length (line + i) : 0;

        if (url == 0 || i + url > length)
            continue;
        if (i > start)
            text (parent, line + start, (gssize) (i - start));
        {
            g_autofree char *target = g_strndup (line + i, url);
            xmlNode *link = text_element (parent, "a", target);

            attr (link, "href", target);
        }
        i += url - 1;
        start = i + 1;
    }
    if (length > start)
        text (parent, line + start, (gssize) (length - start));
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

static void
body_element (xmlNode *parent, const char *body)
{
    xmlNode *node = element (parent, "body");
    xmlNode *block = NULL;
    guint block_depth = 0, block_lines = 0;
    const char *line = body != NULL ? body : "";

    while (*line != '\0') {
        const char *end = strchr (line, '\n');
        gsize length = end != NULL ? (gsize) (end - line) : strlen (line);
        guint depth = quote_depth (line, length);

        if (block == NULL || depth != block_depth) {
            if (block != NULL)
                attr_printf (block, "lines", "%u", block_lines);
            block = element (node, "block");
            attr_printf (block, "depth", "%u", depth);
            block_depth = depth;
            block_lines = 0;
        }
        linked_text (block, line, length);
        text (block, "\n", 1);
        block_lines++;
        line = end != NULL ? end + 1 : line + length;
    }
    if (block != NULL)
        attr_printf (block, "lines", "%u", block_lines);
    attr_printf (node, "fold", "%u", FOLD_QUOTE_LINES);
}

/* A whole message: headers, text, attachments. */
static gboolean
full_message (MlaSite *site, xmlNode *parent, guint entry, GError **error)
{
    const MlaOverviewEntry *e = entry_at (site, entry);
    g_autoptr (MlaOverviewDetails) details = mla_overview_get_details (site->overview, e->row, error);
    xmlNode *node;
    g_autofree char *path = mla_site_message_path (site, entry);
    g_autofree char *raw = g_strconcat (path, "/raw.txt", NULL);
    g_autofree char *page = g_strconcat (path, "/index.html", NULL);
    g_autofree char *utc = format_time (e->date, 0, "%Y-%m-%d %H:%M:%S UTC");
    g_autofree char *local = format_time (e->date, e->date_offset, "%a, %d %b %Y %H:%M:%S %z");

    if (details == NULL)
        return FALSE;
    node = element (parent, "mail");
    attr (node, "id", e->message_id);
    attr_printf (node, "anchor", "m%" G_GINT64_FORMAT, e->row);
    href (node, "href", page);
    href (node, "raw", raw);
    address_element (site, node, "from", e->from_name, e->from_address);
    for (guint i = 0; i < details->to->len; i++) {
        const MlaAddress *a = g_ptr_array_index (details->to, i);

        address_element (site, node, "to", a->name, a->address);
    }
    for (guint i = 0; i < details->cc->len; i++) {
        const MlaAddress *a = g_ptr_array_index (details->cc, i);

        address_element (site, node, "cc", a->name, a->address);
    }
    attr (node, "date-utc", utc);
    attr (node, "date-local", local);
    text_element (node, "subject", e->subject != NULL ? e->subject : "(no subject)");
    body_element (node, details->body);
    for (guint i = 0; i < details->attachments->len; i++) {
        const MlaAttachment *a = g_ptr_array_index (details->attachments, i);
        xmlNode *item = element (node, "attachment");

        attr (item, "name", a->filename != NULL ? a->filename : "(no name)");
        attr (item, "type", a->content_type);
        attr_printf (item, "size", "%" G_GSIZE_FORMAT, a->size);
    }
    return TRUE;
}

/* ---- threads ---- */

typedef struct {
    MlaSite *site;
    xmlNode *skeleton;
    guint current;              /* entry marked, or MLA_THREAD_NONE */
    GArray *order;              /* published entries in tree order (nullable) */
    GArray *loose;              /* published entries under a subject match (nullable) */
    guint loose_depth;          /* inside a subject match's subtree below this depth */
    gboolean in_loose;
} SkeletonWalk;

static void
skeleton_node (const MlaThreadNode *node, guint index, gpointer user_data)
{
    SkeletonWalk *walk = user_data;
    MlaSite *site = walk->site;
    xmlNode *line;

    (void) index;
    if (walk->in_loose && node->depth <= walk->loose_depth)
        walk->in_loose = FALSE;
    if (node->loose) {
        walk->in_loose = TRUE;
        walk->loose_depth = node->depth;
    }
    if (node->input != MLA_THREAD_NONE && !site->published[node->input])
        return;
    line = element (walk->skeleton, node->input == MLA_THREAD_NONE ? "missing" : "node");
    attr_printf (line, "depth", "%u", MIN (node->depth, SKELETON_MAX_DEPTH));
    if (node->depth > SKELETON_MAX_DEPTH)
        attr_printf (line, "real-depth", "%u", node->depth);
    if (node->loose)
        attr (line, "match", "subject");
    if (node->input == MLA_THREAD_NONE) {
        attr (line, "id", node->id);
        return;
    }
    summary_attrs (site, line, node->input);
    attr_printf (line, "anchor", "m%" G_GINT64_FORMAT, entry_at (site, node->input)->row);
    if (node->input == walk->current)
        attr (line, "current", "true");
    if (walk->order != NULL)
        g_array_append_val (walk->in_loose ? walk->loose : walk->order, node->input);
}

static void
skeleton (MlaSite *site, xmlNode *parent, guint node, SkeletonWalk *walk)
{
    guint root = mla_thread_forest_get_node (site->forest, node)->root;
    g_autofree char *path = mla_site_thread_path (site, root);
    g_autofree char *page = g_strconcat (path, "/index.html", NULL);

    walk->site = site;
    walk->skeleton = element (parent, "skeleton");
    attr (walk->skeleton, "thread", mla_thread_forest_get_thread_id (site->forest, root));
    href (walk->skeleton, "href", page);
    mla_thread_forest_walk (site->forest, root, skeleton_node, walk);
}

char *
mla_site_thread_path (MlaSite *site, guint node)
{
    return g_strconcat ("t/", mla_thread_forest_get_thread_id (site->forest, node), NULL);
}

char *
mla_site_message_path (MlaSite *site, guint entry)
{
    return g_strconcat ("m/", site->dirs[entry], NULL);
}

xmlDoc *
mla_site_model_thread (MlaSite *site, guint root, GError **error)
{
    g_autoptr (GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));
    g_autoptr (GArray) loose = g_array_new (FALSE, FALSE, sizeof (guint));
    SkeletonWalk walk = { site, NULL, MLA_THREAD_NONE, order, loose, 0, FALSE };
    xmlNode *model, *messages, *apart;
    xmlDoc *doc = new_model (site, "thread", 2, &model);
    g_autofree char *path = mla_site_thread_path (site, root);
    g_autofree char *mbox = g_strconcat (path, "/thread.mbox.gz", NULL);
    g_autofree char *feed = g_strconcat (path, "/atom.xml", NULL);

    attr (model, "id", mla_thread_forest_get_thread_id (site->forest, root));
    attr_printf (model, "messages", "%u", mla_thread_forest_get_thread_size (site->forest, root));
    href (model, "mbox", mbox);
    href (model, "feed", feed);
    skeleton (site, model, root, &walk);
    if (order->len > 0)
        attr (model, "subject", entry_at (site, g_array_index (order, guint, 0))->subject);
    messages = element (model, "messages");
    for (guint i = 0; i < order->len; i++)
        if (!full_message (site, messages, g_array_index (order, guint, i), error))
            return xmlFreeDoc (doc), NULL;
    apart = element (model, "subject-matches");
    for (guint i = 0; i < loose->len; i++)
        if (!full_message (site, apart, g_array_index (loose, guint, i), error))
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
    link = element (parent, "link");
    attr (link, "rel", rel);
    summary_attrs (site, link, entry);
}

/* The published entry of the nearest message node from @node by @step
 * in @order. */
static guint
neighbour (MlaSite *site, GArray *order, guint entry, int step)
{
    for (guint i = 0; i < order->len; i++)
        if (g_array_index (order, guint, i) == entry) {
            gint64 j = (gint64) i + step;

            return j >= 0 && j < order->len ? g_array_index (order, guint, j) : MLA_THREAD_NONE;
        }
    (void) site;
    return MLA_THREAD_NONE;
}

static void
message_links (MlaSite *site, xmlNode *nav, guint entry, GArray *order)
{
    guint node = mla_thread_forest_node_of_input (site->forest, entry);
    const MlaThreadNode *n = mla_thread_forest_get_node (site->forest, node);
    guint rank = site->date_rank[entry];

    if (n->parent != MLA_THREAD_NONE && !n->loose) {
        const MlaThreadNode *parent = mla_thread_forest_get_node (site->forest, n->parent);

        if (parent->input != MLA_THREAD_NONE)
            link_entry (site, nav, "parent", parent->input);
        else {
            xmlNode *missing = element (nav, "missing");

            attr (missing, "id", parent->id);
        }
    }
    for (guint c = n->first_child; c != MLA_THREAD_NONE;
         c = mla_thread_forest_get_node (site->forest, c)->next_sibling) {
        const MlaThreadNode *child = mla_thread_forest_get_node (site->forest, c);

        if (child->input != MLA_THREAD_NONE && !child->loose)
            link_entry (site, nav, "reply", child->input);
    }
    link_entry (site, nav, "prev-in-thread", neighbour (site, order, entry, -1));
    link_entry (site, nav, "next-in-thread", neighbour (site, order, entry, +1));
    if (rank > 0)
        link_entry (site, nav, "prev-by-date", g_array_index (site->by_date, guint, rank - 1));
    if (rank + 1 < site->by_date->len)
        link_entry (site, nav, "next-by-date", g_array_index (site->by_date, guint, rank + 1));
}

xmlDoc *
mla_site_model_message (MlaSite *site, guint entry, GError **error)
{
    const MlaOverviewEntry *e = entry_at (site, entry);
    g_autoptr (GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));
    g_autoptr (GArray) loose = g_array_new (FALSE, FALSE, sizeof (guint));
    SkeletonWalk walk = { site, NULL, entry, order, loose, 0, FALSE };
    xmlNode *model, *nav;
    xmlDoc *doc = new_model (site, "message", 2, &model);
    guint n = mla_overview_threads_get_n_entries (site->threads);

    attr (model, "id", e->message_id);
    /* Every stored message with this id, in archive order. */
    for (guint i = entry; i < n; i++) {
        const MlaOverviewEntry *other = entry_at (site, i);

        if (strcmp (other->message_id, e->message_id) == 0 && site->published[i]
            && !full_message (site, model, i, error))
            return xmlFreeDoc (doc), NULL;
    }
    nav = element (model, "nav");
    skeleton (site, model, mla_thread_forest_node_of_input (site->forest, entry), &walk);
    g_array_append_vals (order, loose->data, loose->len);
    message_links (site, nav, entry, order);
    {
        guint root = mla_thread_forest_get_node (site->forest,
                                                 mla_thread_forest_node_of_input (site->forest, entry))->root;
        g_autofree char *path = mla_site_thread_path (site, root);
        g_autofree char *page = g_strconcat (path, "/index.html", NULL);
        xmlNode *thread = element (nav, "thread");

        href (thread, "href", page);
    }
    return doc;
}

/* ---- home, months, lists ---- */

static void
thread_summary (MlaSite *site, xmlNode *parent, guint root, const MlaSiteMonth *month)
{
    xmlNode *node = element (parent, "thread");
    g_autofree char *path = mla_site_thread_path (site, root);
    g_autofree char *page = g_strconcat (path, "/index.html", NULL);
    g_autoptr (GHashTable) authors = g_hash_table_new (g_str_hash, g_str_equal);
    g_autofree char *last = format_time (mla_thread_forest_get_thread_last_date (site->forest, root), 0,
                                         "%Y-%m-%d %H:%M");
    guint first = MLA_THREAD_NONE, in_month = 0;
    xmlNode *people;

    href (node, "href", page);
    attr_printf (node, "messages", "%u", mla_thread_forest_get_thread_size (site->forest, root));
    attr (node, "last", last);
    people = element (node, "participants");
    {
        g_autoptr (GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));
        g_autoptr (GArray) loose = g_array_new (FALSE, FALSE, sizeof (guint));
        SkeletonWalk walk = { site, NULL, MLA_THREAD_NONE, order, loose, 0, FALSE };
        xmlNode *scratch = xmlNewNode (NULL, BAD_CAST "scratch");

        walk.skeleton = scratch;
        mla_thread_forest_walk (site->forest, root, skeleton_node, &walk);
        xmlFreeNode (scratch);
        g_array_append_vals (order, loose->data, loose->len);
        for (guint i = 0; i < order->len; i++) {
            guint entry = g_array_index (order, guint, i);
            const char *author = author_of (entry_at (site, entry));

            if (first == MLA_THREAD_NONE)
                first = entry;
            if (month != NULL) {
                g_autofree char *ym = format_time (entry_at (site, entry)->date, 0, "%Y/%m");

                in_month += strcmp (ym, month->path) == 0;
            }
            if (g_hash_table_size (authors) < 6 && !g_hash_table_contains (authors, author)) {
                g_hash_table_add (authors, (gpointer) author);
                text_element (people, "person", author);
            }
        }
    }
    if (month != NULL)
        attr_printf (node, "in-month", "%u", in_month);
    attr (node, "subject", first != MLA_THREAD_NONE && entry_at (site, first)->subject != NULL
                               ? entry_at (site, first)->subject
                               : "(no subject)");
}

xmlDoc *
mla_site_model_home (MlaSite *site)
{
    xmlNode *model, *months, *threads;
    xmlDoc *doc = new_model (site, "home", 0, &model);

    attr_printf (model, "messages", "%u", site->by_date->len);
    attr_printf (model, "threads", "%u", site->roots->len);
    months = element (model, "months");
    for (guint i = site->months->len; i-- > 0;) {
        const MlaSiteMonth *month = g_ptr_array_index (site->months, i);
        xmlNode *node = element (months, "month");
        g_autofree char *page = g_strconcat (month->path, "/index.html", NULL);

        attr_printf (node, "year", "%04d", month->year);
        attr_printf (node, "month", "%02d", month->month);
        attr_printf (node, "messages", "%u", month->entries->len);
        attr_printf (node, "threads", "%u", month->roots->len);
        href (node, "href", page);
    }
    threads = element (model, "newest");
    for (guint i = 0; i < MIN (site->roots->len, HOME_THREADS); i++)
        thread_summary (site, threads, g_array_index (site->roots, guint, i), NULL);
    return doc;
}

static void
month_nav (MlaSite *site, xmlNode *model, const MlaSiteMonth *month)
{
    for (guint i = 0; i < site->months->len; i++) {
        if (g_ptr_array_index (site->months, i) != month)
            continue;
        if (i > 0) {
            const MlaSiteMonth *prev = g_ptr_array_index (site->months, i - 1);
            g_autofree char *page = g_strconcat (prev->path, "/index.html", NULL);

            href (model, "prev", page);
        }
        if (i + 1 < site->months->len) {
            const MlaSiteMonth *next = g_ptr_array_index (site->months, i + 1);
            g_autofree char *page = g_strconcat (next->path, "/index.html", NULL);

            href (model, "next", page);
        }
    }
    attr_printf (model, "year", "%04d", month->year);
    attr_printf (model, "month", "%02d", month->month);
    attr (model, "path", month->path);
}

xmlDoc *
mla_site_model_month (MlaSite *site, const MlaSiteMonth *month, guint page, guint n_pages)
{
    xmlNode *model, *threads;
    xmlDoc *doc = new_model (site, "month", 2, &model);
    const guint per_page = 100;

    month_nav (site, model, month);
    attr_printf (model, "page", "%u", page + 1);
    attr_printf (model, "pages", "%u", n_pages);
    attr_printf (model, "messages", "%u", month->entries->len);
    threads = element (model, "threads");
    for (guint i = page * per_page; i < MIN (month->roots->len, (page + 1) * per_page); i++)
        thread_summary (site, threads, g_array_index (month->roots, guint, i), month);
    return doc;
}

static int
compare_authors (gconstpointer a, gconstpointer b, gpointer user_data)
{
    MlaSite *site = user_data;
    const MlaOverviewEntry *x = entry_at (site, *(const guint *) a);
    const MlaOverviewEntry *y = entry_at (site, *(const guint *) b);
    int order = g_utf8_collate (author_of (x), author_of (y));

    return order != 0 ? order : (x->date > y->date) - (x->date < y->date);
}

static int
compare_subjects (gconstpointer a, gconstpointer b, gpointer user_data)
{
    MlaSite *site = user_data;
    const MlaOverviewEntry *x = entry_at (site, *(const guint *) a);
    const MlaOverviewEntry *y = entry_at (site, *(const guint *) b);
    int order = g_strcmp0 (x->thread, y->thread);

    return order != 0 ? order : (x->date > y->date) - (x->date < y->date);
}

xmlDoc *
mla_site_model_list (MlaSite *site, const MlaSiteMonth *month, const char *order)
{
    g_autoptr (GArray) entries = g_array_copy (month->entries);
    xmlNode *model, *list;
    xmlDoc *doc = new_model (site, "list", 2, &model);

    if (strcmp (order, "author") == 0)
        g_qsort_with_data (entries->data, (gint) entries->len, sizeof (guint), compare_authors, site);
    else if (strcmp (order, "subject") == 0)
        g_qsort_with_data (entries->data, (gint) entries->len, sizeof (guint), compare_subjects,
                           site);
    month_nav (site, model, month);
    attr (model, "order", order);
    list = element (model, "messages");
    for (guint i = 0; i < entries->len; i++)
        summary_attrs (site, element (list, "mail"), g_array_index (entries, guint, i));
    return doc;
}

/* ---- feeds and redirects ---- */

static void
feed_entry (MlaSite *site, xmlNode *parent, guint entry, GError **error)
{
    xmlNode *node = element (parent, "entry");
    const MlaOverviewEntry *e = entry_at (site, entry);
    g_autoptr (MlaOverviewDetails) details = mla_overview_get_details (site->overview, e->row, error);
    g_autofree char *page = mla_site_message_path (site, entry);
    g_autofree char *file = g_strconcat (page, "/index.html", NULL);
    g_autofree char *iso = format_time (e->date, 0, "%Y-%m-%dT%H:%M:%SZ");

    href (node, "href", file);
    attr (node, "id", e->message_id);
    attr (node, "updated", iso);
    attr (node, "author", author_of (e));
    attr (node, "subject", e->subject != NULL ? e->subject : "(no subject)");
    if (details != NULL && details->body != NULL) {
        g_autofree char *summary = g_utf8_substring (details->body, 0, 400);

        text_element (node, "summary", summary);
    }
}

xmlDoc *
mla_site_model_feed (MlaSite *site, guint root, gboolean threads, GError **error)
{
    xmlNode *model;
    xmlDoc *doc = new_model (site, "feed", root != MLA_THREAD_NONE ? 2 : 0, &model);
    g_autoptr (GArray) entries = g_array_new (FALSE, FALSE, sizeof (guint));
    gint64 updated = 0;

    attr (model, "base-url", site->options.base_url);
    if (root != MLA_THREAD_NONE) {
        g_autofree char *path = mla_site_thread_path (site, root);
        g_autofree char *self = g_strconcat (path, "/atom.xml", NULL);
        g_autofree char *page = g_strconcat (path, "/index.html", NULL);
        g_autoptr (GArray) loose = g_array_new (FALSE, FALSE, sizeof (guint));
        SkeletonWalk walk = { site, xmlNewNode (NULL, BAD_CAST "scratch"), MLA_THREAD_NONE,
                              entries, loose, 0, FALSE };

        mla_thread_forest_walk (site->forest, root, skeleton_node, &walk);
        xmlFreeNode (walk.skeleton);
        g_array_append_vals (entries, loose->data, loose->len);
        attr (model, "kind", "thread");
        attr (model, "self", self);
        href (model, "alternate", page);
        attr (model, "id", mla_thread_forest_get_thread_id (site->forest, root));
    } else if (threads) {
        attr (model, "kind", "threads");
        attr (model, "self", "threads.atom");
        for (guint i = 0; i < MIN (site->roots->len, FEED_ENTRIES); i++) {
            guint r = g_array_index (site->roots, guint, i);
            g_autoptr (GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));
            g_autoptr (GArray) loose = g_array_new (FALSE, FALSE, sizeof (guint));
            SkeletonWalk walk = { site, xmlNewNode (NULL, BAD_CAST "scratch"), MLA_THREAD_NONE,
                                  order, loose, 0, FALSE };

            mla_thread_forest_walk (site->forest, r, skeleton_node, &walk);
            xmlFreeNode (walk.skeleton);
            if (order->len > 0)
                g_array_append_val (entries, g_array_index (order, guint, 0));
        }
    } else {
        attr (model, "kind", "messages");
        attr (model, "self", "new.atom");
        for (guint i = site->by_date->len; i-- > 0 && entries->len < FEED_ENTRIES;)
            g_array_append_val (entries, g_array_index (site->by_date, guint, i));
    }
    for (guint i = 0; i < entries->len; i++) {
        guint entry = g_array_index (entries, guint, i);

        updated = MAX (updated, entry_at (site, entry)->date);
        feed_entry (site, model, entry, error);
        if (error != NULL && *error != NULL)
            return xmlFreeDoc (doc), NULL;
    }
    {
        g_autofree char *iso = format_time (updated, 0, "%Y-%m-%dT%H:%M:%SZ");

        attr (model, "updated", iso);
    }
    return doc;
}

xmlDoc *
mla_site_model_redirect (MlaSite *site, const char *from_path, const char *to_path)
{
    xmlNode *model;
    guint depth = 0;
    xmlDoc *doc;
    g_autofree char *page = g_strconcat (to_path, "/index.html", NULL);

    for (const char *p = from_path; *p != '\0'; p++)
        depth += *p == '/';
    doc = new_model (site, "redirect", depth + 1, &model);
    href (model, "href", page);
    return doc;
}
