/* mla-site-data.c: what a site is made from, read once from the overview:
 * which messages are published, their folders, the months, the threads as
 * the site shows them (nodes, order, a version digest), the agendas. */
#include "config.h"
#include <string.h>
#include "mla-archive-private.h"
#include "mla-error.h"
#include "mla-xml-private.h"
#include "mla-site-url-private.h"
#include "mla-agenda-link-private.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-site-private.h"
#include "mla-hash-private.h"

static void
month_free (MlaSiteMonth *month)
{
    g_free (month->path);
    g_array_unref (month->entries);
    g_array_unref (month->roots);
    g_hash_table_unref (month->counts);
    g_free (month);
}

void
mla_site_clear (MlaSite *site)
{
    guint n = site->threads != NULL
                  ? mla_overview_threads_get_n_entries (site->threads)
                  : 0;

    for (guint i = 0; site->dirs != NULL && i < n; i++)
        g_free (site->dirs[i]);
    g_clear_pointer (&site->dirs, g_free);
    g_clear_pointer (&site->published, g_free);
    g_clear_pointer (&site->date_rank, g_free);
    g_clear_pointer (&site->by_date, g_array_unref);
    g_clear_pointer (&site->months, g_ptr_array_unref);
    g_clear_pointer (&site->roots, g_array_unref);
    g_clear_pointer (&site->first_with_id, g_hash_table_unref);
    g_clear_pointer (&site->thread_dates, g_ptr_array_unref);
    g_clear_pointer (&site->views, g_ptr_array_unref);
    g_mutex_clear (&site->views_lock);
    g_clear_pointer (&site->node_pos, g_free);
    g_clear_pointer (&site->order_pos, g_free);
    g_clear_pointer (&site->next_same_id, g_free);
    g_clear_pointer (&site->revisions, mla_agenda_revisions_free);
    g_clear_pointer (&site->agenda_inputs, g_array_unref);
    g_clear_pointer (&site->agendas, g_ptr_array_unref);
    g_clear_pointer (&site->threads, mla_overview_threads_free);
    g_clear_pointer (&site->title, g_free);
    g_clear_pointer (&site->feed_tag, g_free);
    g_clear_pointer (&site->mask, mla_address_mask_free);
    g_clear_pointer (&site->mask_answers, g_hash_table_unref);
    g_clear_error (&site->mask_error);
    g_mutex_clear (&site->mask_lock);
}

static int
compare_dates (gconstpointer a, gconstpointer b, gpointer user_data)
{
    MlaSite *site = user_data;
    const MlaOverviewEntry *x =
        mla_overview_threads_get_entry (site->threads, *(const guint *) a);
    const MlaOverviewEntry *y =
        mla_overview_threads_get_entry (site->threads, *(const guint *) b);
    /* A date far in the future would stay the newest for good: no later
     * than a day after the message arrived (mla_thread_activity()). */
    gint64 dx = mla_thread_activity (x->date, x->arrived);
    gint64 dy = mla_thread_activity (y->date, y->arrived);

    if (dx != dy)
        return dx < dy ? -1 : 1;
    return (x->row > y->row) - (x->row < y->row);
}

const char *
mla_site_main_list_id (MlaOverviewThreads *threads, guint64 *out_count)
{
    const char *main;

    g_autoptr (GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);

    for (guint i = 0; i < mla_overview_threads_get_n_entries (threads); i++) {
        const char *list = mla_overview_threads_get_entry (threads, i)->list_id;

        if (list != NULL)
            g_hash_table_insert (
                counts, (gpointer) list,
                GUINT_TO_POINTER (
                    GPOINTER_TO_UINT (g_hash_table_lookup (counts, list)) + 1));
    }
    main = mla_overview_main_list_id (counts);
    *out_count = main != NULL
                     ? GPOINTER_TO_UINT (g_hash_table_lookup (counts, main))
                     : 0;
    return main;
}

/* The title: --title, else the List-Id most messages carry, else the
 * archive folder's name. */
static char *
choose_title (MlaSite *site)
{
    if (site->options.title != NULL)
        return g_strdup (site->options.title);
    return site->list_id != NULL
               ? g_strdup (site->list_id)
               : g_path_get_basename (mla_archive_get_path (site->archive));
}

/* The start of the Atom ids: dated by the archive's first stored message
 * (the same whenever and into whichever archive the list is imported),
 * else by the archive's first import (doc/site-models.md, "Feeds"):
 * @first is the date of its first threaded row, 0 for none. */
static char *
feed_tag (MlaSite *site, gint64 first)
{
    g_autoptr (GDateTime) time =
        first > 0 ? g_date_time_new_from_unix_utc (first) : NULL;
    g_autofree char *day =
        time != NULL ? g_date_time_format (time, "%Y-%m-%d") : NULL;

    return mla_site_feed_tag (
        site->options.base_url, site->list_id,
        mla_archive_get_path (site->archive),
        day != NULL ? day : mla_archive_get_created (site->archive));
}

char *
mla_site_month_range (gint64 date, int *year, int *month, gint64 *from,
                      gint64 *to)
{
    g_autoptr (GDateTime) time = g_date_time_new_from_unix_utc (date);
    g_autoptr (GDateTime) first = g_date_time_new_utc (
        g_date_time_get_year (time), g_date_time_get_month (time), 1, 0, 0, 0);
    g_autoptr (GDateTime) next = g_date_time_add_months (first, 1);

    *year = g_date_time_get_year (time);
    *month = g_date_time_get_month (time);
    *from = g_date_time_to_unix (first);
    /* December 9999 has no next month: the rest of time is in it. */
    *to = next != NULL ? g_date_time_to_unix (next) : G_MAXINT64;
    return g_date_time_format (time, "%Y/%m");
}

/* The month of @date, made when new; @from and @to get its dates. */
static MlaSiteMonth *
month_of (MlaSite *site, GHashTable *months, gint64 date, gint64 *from,
          gint64 *to)
{
    int year, number;
    g_autofree char *path =
        mla_site_month_range (date, &year, &number, from, to);
    MlaSiteMonth *month = g_hash_table_lookup (months, path);

    if (month == NULL) {
        month =
            mla_site_month_new (site, g_steal_pointer (&path), year, number);
        g_hash_table_insert (months, month->path, month);
    }
    return month;
}

MlaSiteMonth *
mla_site_month_new (MlaSite *site, char *path, int year, int month_number)
{
    MlaSiteMonth *month = g_new0 (MlaSiteMonth, 1);

    month->year = year;
    month->month = month_number;
    month->path = path;
    month->entries = g_array_new (FALSE, FALSE, sizeof (guint));
    month->roots = g_array_new (FALSE, FALSE, sizeof (guint));
    month->counts = g_hash_table_new (NULL, NULL);
    g_ptr_array_add (site->months, month);
    return month;
}

static void
site_agenda_free (gpointer data)
{
    MlaSiteAgenda *agenda = data;

    mla_agenda_free (agenda->agenda);
    g_free (agenda->digest);
    g_free (agenda->version);
    g_clear_pointer (&agenda->threads, g_array_unref);
    g_clear_pointer (&agenda->scores, g_array_unref);
    g_free (agenda);
}

guint
mla_site_root_of (MlaSite *site, guint entry)
{
    return mla_thread_forest_get_node (
               site->forest,
               mla_thread_forest_node_of_input (site->forest, entry))
        ->root;
}

/* The subject of the thread rooted at @root: its first published
 * message's. Returns: (nullable). */
const char *
mla_site_thread_subject (MlaSite *site, guint root)
{
    GArray *dates = site->thread_dates->pdata[root];

    return mla_overview_threads_get_entry (site->threads,
                                           g_array_index (dates, guint, 0))
        ->subject;
}

/* Which agendas revise which (doc/design.md, "Agenda revisions"): a
 * message's thread is its tree's root; a lone entry's (mla-site-partial.c)
 * is the one the overview stored, which is the same. */
static void
link_revisions (MlaSite *site)
{
    site->agenda_inputs = g_array_sized_new (
        FALSE, FALSE, sizeof (MlaAgendaRevisionInput), site->agendas->len);
    for (guint i = 0; i < site->agendas->len; i++) {
        const MlaSiteAgenda *a = g_ptr_array_index (site->agendas, i);
        const MlaOverviewEntry *e =
            mla_overview_threads_get_entry (site->threads, a->entry);
        MlaAgendaRevisionInput input = {
            a->agenda,
            a->entry < site->n_inputs
                ? mla_thread_forest_get_thread_id (
                      site->forest, mla_site_root_of (site, a->entry))
                : e->thread,
            e->date,
        };

        g_array_append_val (site->agenda_inputs, input);
    }
    site->revisions = mla_agenda_revisions_new (
        (const MlaAgendaRevisionInput *) site->agenda_inputs->data,
        site->agendas->len);
}

/* Each session slot of agenda @i: the thread of @linker whose subject is
 * most like its title, if like enough, other than the threads of the
 * agenda's revisions (its own among them: agenda_inputs has their ids,
 * @roots maps the loaded threads' ids to their roots). */
static void
link_agenda (MlaSite *site, MlaAgendaLinker *linker, GHashTable *roots, guint i)
{
    MlaSiteAgenda *a = g_ptr_array_index (site->agendas, i);
    GArray *chain = mla_agenda_revisions_get_chain (site->revisions, i);
    g_autoptr (GArray) own =
        g_array_sized_new (FALSE, FALSE, sizeof (guint), chain->len);
    guint n = mla_agenda_count_slots (a->agenda);

    for (guint c = 0; c < chain->len; c++) {
        const char *thread =
            g_array_index (site->agenda_inputs, MlaAgendaRevisionInput,
                           g_array_index (chain, guint, c))
                .thread;
        gpointer root = g_hash_table_lookup (roots, thread);

        if (root != NULL)
            g_array_append_val (own, *(guint *) root);
    }
    g_clear_pointer (&a->threads, g_array_unref);
    g_clear_pointer (&a->scores, g_array_unref);
    a->threads = g_array_sized_new (FALSE, FALSE, sizeof (guint), n);
    a->scores = g_array_sized_new (FALSE, FALSE, sizeof (double), n);
    for (guint s = 0; s < n; s++) {
        const MlaAgendaSlot *slot = mla_agenda_slot_at (a->agenda, s, NULL);
        guint root = MLA_THREAD_NONE;
        double score = 0;

        if (slot->kind == MLA_SLOT_KIND_SESSION && slot->title != NULL)
            root = mla_agenda_linker_match (linker, slot->title,
                                            (const guint *) own->data, own->len,
                                            &score);
        g_array_append_val (a->threads, root);
        g_array_append_val (a->scores, score);
    }
}

/* A page shows an agenda's whole chain and its slots' threads, so its
 * version covers every revision's XML and the place and subject of each
 * thread linked. */
static void
agenda_version (MlaSite *site, guint i)
{
    MlaSiteAgenda *a = g_ptr_array_index (site->agendas, i);
    GArray *chain = mla_agenda_revisions_get_chain (site->revisions, i);
    g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);

    g_checksum_update (sum, (const guchar *) a->digest, -1);
    for (guint c = 0; c < chain->len; c++) {
        const MlaSiteAgenda *member =
            g_ptr_array_index (site->agendas, g_array_index (chain, guint, c));

        g_checksum_update (sum, (const guchar *) member->digest, -1);
    }
    for (guint s = 0; s < a->threads->len; s++) {
        guint root = g_array_index (a->threads, guint, s);
        const char *subject;
        g_autofree char *link = NULL;

        if (root == MLA_THREAD_NONE)
            continue;
        subject = mla_site_thread_subject (site, root);
        link = g_strdup_printf (
            "\n%u %s\n%s", s,
            mla_thread_forest_get_thread_id (site->forest, root),
            subject != NULL ? subject : "");
        g_checksum_update (sum, (const guchar *) link, -1);
    }
    g_free (a->version);
    a->version = g_strdup (g_checksum_get_string (sum));
}

gboolean
mla_site_link_agendas (MlaSite *site, const guint8 *which, GError **error)
{
    g_autoptr (GHashTable) stop_words = NULL;
    g_autoptr (GHashTable) roots = NULL;
    g_autoptr (MlaAgendaLinker) linker = NULL;

    if (site->agendas->len == 0)
        return TRUE;
    stop_words = mla_agenda_stop_words_new (error);
    if (stop_words == NULL)
        return FALSE;
    linker = mla_agenda_linker_new (stop_words);
    roots = g_hash_table_new (g_str_hash, g_str_equal);
    for (guint r = 0; r < site->roots->len; r++) {
        guint *root = &g_array_index (site->roots, guint, r);

        mla_agenda_linker_add (linker, *root,
                               mla_site_thread_subject (site, *root));
        g_hash_table_insert (
            roots,
            (gpointer) mla_thread_forest_get_thread_id (site->forest, *root),
            root);
    }
    for (guint i = 0; i < site->agendas->len; i++) {
        if (which != NULL && !which[i])
            continue;
        link_agenda (site, linker, roots, i);
        agenda_version (site, i);
        ((MlaSiteAgenda *) g_ptr_array_index (site->agendas, i))->linked = TRUE;
    }
    return TRUE;
}

/* The agendas of published messages, read back from the overview. */
static gboolean
load_agendas (MlaSite *site, GError **error)
{
    g_autoptr (GPtrArray) stored =
        mla_overview_get_agendas (site->overview, error);
    g_autoptr (GHashTable) by_row =
        g_hash_table_new (g_int64_hash, g_int64_equal);
    guint n = mla_overview_threads_get_n_entries (site->threads);

    site->agendas = g_ptr_array_new_with_free_func (site_agenda_free);
    if (stored == NULL)
        return FALSE;
    if (stored->len == 0)
        return TRUE;
    for (guint i = 0; i < n; i++) {
        const MlaOverviewEntry *e =
            mla_overview_threads_get_entry (site->threads, i);

        g_hash_table_insert (by_row, (gpointer) &e->row,
                             GUINT_TO_POINTER (i + 1));
    }
    for (guint i = 0; i < stored->len; i++) {
        const MlaOverviewAgenda *s = g_ptr_array_index (stored, i);
        guint entry = GPOINTER_TO_UINT (g_hash_table_lookup (by_row, &s->row));
        g_autoptr (GPtrArray) parsed = NULL;
        MlaSiteAgenda *agenda;

        if (entry == 0 || !site->published[entry - 1])
            continue;
        parsed = mla_xml_parse_agendas (s->xml, strlen (s->xml), error);
        if (parsed == NULL)
            return FALSE;
        if (parsed->len == 0)
            continue;
        agenda = g_new0 (MlaSiteAgenda, 1);
        agenda->entry = entry - 1;
        agenda->position = s->position;
        agenda->agenda = g_ptr_array_steal_index (parsed, 0);
        agenda->digest =
            g_compute_checksum_for_string (G_CHECKSUM_SHA256, s->xml, -1);
        g_ptr_array_add (site->agendas, agenda);
    }
    return TRUE;
}

static void
thread_view_free (gpointer data)
{
    MlaSiteThread *view = data;

    if (view == NULL)
        return;
    g_array_unref (view->nodes);
    g_array_unref (view->loose);
    g_array_unref (view->order);
    g_ptr_array_unref (view->participants);
    g_free (view->version);
    g_free (view);
}

typedef struct {
    MlaSite *site;
    MlaSiteThread *view;
    GArray *loose_entries;
    guint loose_depth;
    gboolean in_loose;
} ViewWalk;

static void
view_node (const MlaThreadNode *node, guint index, gpointer user_data)
{
    ViewWalk *walk = user_data;
    MlaSite *site = walk->site;
    MlaSiteThread *view = walk->view;

    if (walk->in_loose && node->depth <= walk->loose_depth)
        walk->in_loose = FALSE;
    if (node->loose) {
        walk->in_loose = TRUE;
        walk->loose_depth = node->depth;
    }
    if (node->input != MLA_THREAD_NONE && !site->published[node->input])
        return;
    site->node_pos[index] = view->nodes->len;
    g_array_append_val (view->nodes, index);
    g_array_append_val (view->loose, walk->in_loose);
    if (node->input != MLA_THREAD_NONE)
        g_array_append_val (walk->in_loose ? walk->loose_entries : view->order,
                            node->input);
}

guint
mla_site_published_with_id (MlaSite *site, guint entry)
{
    const char *id =
        mla_overview_threads_get_entry (site->threads, entry)->message_id;
    guint first =
        GPOINTER_TO_UINT (g_hash_table_lookup (site->first_with_id, id)) - 1;
    guint count = 0;

    for (guint i = first; i != MLA_THREAD_NONE; i = site->next_same_id[i])
        count += site->published[i];
    return count;
}

void
mla_site_digest_node (MlaSite *site, GChecksum *sum, guint index)
{
    const MlaThreadNode *node =
        mla_thread_forest_get_node (site->forest, index);
    g_autofree char *line = g_strdup_printf (
        "\n%s %u %d %s %u", node->id, node->depth, node->loose,
        node->input != MLA_THREAD_NONE
            ? mla_overview_threads_get_entry (site->threads, node->input)
                  ->sha256
            : "-",
        node->input != MLA_THREAD_NONE
            ? mla_site_published_with_id (site, node->input)
            : 0);

    g_checksum_update (sum, (const guchar *) line, -1);
}

/* What a thread's pages show, as a digest: its id, and each shown node
 * (mla_site_digest_node()). */
static char *
thread_version (MlaSite *site, guint root, const MlaSiteThread *view)
{
    g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);

    g_checksum_update (
        sum,
        (const guchar *) mla_thread_forest_get_thread_id (site->forest, root),
        -1);
    for (guint i = 0; i < view->nodes->len; i++)
        mla_site_digest_node (site, sum, g_array_index (view->nodes, guint, i));
    return g_strdup (g_checksum_get_string (sum));
}

static MlaSiteThread *
make_view (MlaSite *site, guint root)
{
    MlaSiteThread *view = g_new0 (MlaSiteThread, 1);
    g_autoptr (GArray) loose = g_array_new (FALSE, FALSE, sizeof (guint));
    g_autoptr (GHashTable) authors = g_hash_table_new (g_str_hash, g_str_equal);
    ViewWalk walk = { site, view, loose, 0, FALSE };

    view->nodes = g_array_new (FALSE, FALSE, sizeof (guint));
    view->loose = g_array_new (FALSE, FALSE, sizeof (gboolean));
    view->order = g_array_new (FALSE, FALSE, sizeof (guint));
    view->participants = g_ptr_array_new ();
    mla_thread_forest_walk (site->forest, root, view_node, &walk);
    view->n_replies = view->order->len;
    g_array_append_vals (view->order, loose->data, loose->len);
    for (guint i = 0; i < view->order->len; i++) {
        guint entry = g_array_index (view->order, guint, i);
        const MlaOverviewEntry *e =
            mla_overview_threads_get_entry (site->threads, entry);
        const char *author = mla_overview_entry_author (e);

        site->order_pos[entry] = i;
        if (view->participants->len < 6 &&
            g_hash_table_add (authors, (gpointer) author))
            g_ptr_array_add (view->participants, (gpointer) author);
    }
    view->version = thread_version (site, root, view);
    return view;
}

const MlaSiteThread *
mla_site_view (MlaSite *site, guint root)
{
    gpointer *slot = &site->views->pdata[root];
    MlaSiteThread *view = g_atomic_pointer_get (slot);

    if (view != NULL)
        return view;
    g_mutex_lock (&site->views_lock);
    if ((view = *slot) == NULL) {
        view = make_view (site, root);
        g_atomic_pointer_set (slot, view);
    }
    g_mutex_unlock (&site->views_lock);
    return view;
}

/* Room for each thread's view, made when first asked for. */
static void
alloc_views (MlaSite *site)
{
    guint n_nodes = mla_thread_forest_get_n_nodes (site->forest);

    site->views = g_ptr_array_new_with_free_func (thread_view_free);
    g_ptr_array_set_size (site->views, (guint) MAX (n_nodes, 1));
    site->node_pos = g_new0 (guint, MAX (n_nodes, 1));
    site->order_pos = g_new0 (
        guint, MAX (mla_overview_threads_get_n_entries (site->threads), 1));
}

/* thread_dates holds NULL for nodes that are not roots. */
static void
array_unref0 (gpointer array)
{
    if (array != NULL)
        g_array_unref (array);
}

static int
compare_uints (gconstpointer a, gconstpointer b)
{
    guint x = *(const guint *) a, y = *(const guint *) b;

    return (x > y) - (x < y);
}

static int
compare_months (gconstpointer a, gconstpointer b)
{
    return strcmp ((*(MlaSiteMonth *const *) a)->path,
                   (*(MlaSiteMonth *const *) b)->path);
}

/* Walking back, the table holds the next entry with each id. */
static void
link_same_ids (MlaSite *site, guint n)
{
    site->next_same_id = g_new (guint, MAX (n, 1));
    for (guint i = n; i-- > 0;) {
        const char *id =
            mla_overview_threads_get_entry (site->threads, i)->message_id;
        gpointer later = g_hash_table_lookup (site->first_with_id, id);

        site->next_same_id[i] =
            later != NULL ? GPOINTER_TO_UINT (later) - 1 : MLA_THREAD_NONE;
        g_hash_table_insert (site->first_with_id, (gpointer) id,
                             GUINT_TO_POINTER (i + 1));
    }
    g_hash_table_remove_all (site->first_with_id);
}

/* Which entries are published, the page of each id, and
 * (in @has_published, per node) the roots of threads with one. */
static void
publish_entries (MlaSite *site, guint n, guint8 *has_published)
{
    for (guint i = 0; i < n; i++) {
        const MlaOverviewEntry *entry =
            mla_overview_threads_get_entry (site->threads, i);

        site->published[i] = !entry->no_archive;
        if (!site->published[i])
            continue;
        g_array_append_val (site->by_date, i);
        if (!g_hash_table_contains (site->first_with_id, entry->message_id))
            g_hash_table_insert (site->first_with_id,
                                 (gpointer) entry->message_id,
                                 GUINT_TO_POINTER (i + 1));
        if (i < site->n_inputs)
            has_published[mla_site_root_of (site, i)] = 1;
    }
}

/* Each published entry, by date, into its thread's dates and its month;
 * then the months in order, each linked to its neighbours. */
static void
place_by_date (MlaSite *site)
{
    g_autoptr (GHashTable) months = g_hash_table_new (g_str_hash, g_str_equal);

    site->thread_dates = g_ptr_array_new_with_free_func (array_unref0);
    g_ptr_array_set_size (
        site->thread_dates,
        (guint) MAX (mla_thread_forest_get_n_nodes (site->forest), 1));
    MlaSiteMonth *month = NULL;
    gint64 from = 0, to = 0; /* the dates of @month: [from, to) */

    for (guint r = 0; r < site->by_date->len; r++) {
        guint entry = g_array_index (site->by_date, guint, r);
        guint root;
        gint64 date =
            mla_overview_threads_get_entry (site->threads, entry)->date;

        site->date_rank[entry] = r;
        /* A lone entry (mla-site-partial.c) has no thread and is listed
         * in no month the update makes. */
        if (entry >= site->n_inputs)
            continue;
        root = mla_site_root_of (site, entry);
        if (site->thread_dates->pdata[root] == NULL)
            site->thread_dates->pdata[root] =
                g_array_new (FALSE, FALSE, sizeof (guint));
        g_array_append_val ((GArray *) site->thread_dates->pdata[root], entry);
        /* Entries come by date: the month changes seldom. */
        if (month == NULL || date < from || date >= to)
            month = month_of (site, months, date, &from, &to);
        g_array_append_val (month->entries, entry);
    }
    mla_site_link_months (site);
}

void
mla_site_link_months (MlaSite *site)
{
    g_ptr_array_sort (site->months, compare_months);
    for (guint m = 0; m < site->months->len; m++) {
        MlaSiteMonth *each = g_ptr_array_index (site->months, m);

        each->prev = m > 0 ? g_ptr_array_index (site->months, m - 1) : NULL;
        each->next = m + 1 < site->months->len
                         ? g_ptr_array_index (site->months, m + 1)
                         : NULL;
    }
}

/* A month lists every thread active in it, in the forest's order (newest
 * activity first): a thread that spans months is in each. */
static void
month_threads (MlaSite *site)
{
    g_autofree guint *rank =
        g_new0 (guint, MAX (mla_thread_forest_get_n_nodes (site->forest), 1));

    for (guint r = 0; r < site->roots->len; r++)
        rank[g_array_index (site->roots, guint, r)] = r;
    for (guint m = 0; m < site->months->len; m++) {
        MlaSiteMonth *month = g_ptr_array_index (site->months, m);
        g_autoptr (GArray) ranks = g_array_new (FALSE, FALSE, sizeof (guint));

        for (guint i = 0; i < month->entries->len; i++) {
            guint root = mla_site_root_of (
                site, g_array_index (month->entries, guint, i));
            gpointer key = GUINT_TO_POINTER (root + 1);
            guint count =
                GPOINTER_TO_UINT (g_hash_table_lookup (month->counts, key));

            if (count == 0)
                g_array_append_val (ranks, rank[root]);
            g_hash_table_insert (month->counts, key,
                                 GUINT_TO_POINTER (count + 1));
        }
        g_array_sort (ranks, compare_uints);
        for (guint i = 0; i < ranks->len; i++)
            g_array_append_val (
                month->roots, g_array_index (site->roots, guint,
                                             g_array_index (ranks, guint, i)));
        month->n_messages = month->entries->len;
        month->n_threads = month->roots->len;
    }
}

static void
site_alloc (MlaSite *site, guint n)
{
    site->published = g_new0 (gboolean, MAX (n, 1));
    site->date_rank = g_new0 (guint, MAX (n, 1));
    site->by_date = g_array_new (FALSE, FALSE, sizeof (guint));
    site->months = g_ptr_array_new_with_free_func ((GDestroyNotify) month_free);
    site->roots = g_array_new (FALSE, FALSE, sizeof (guint));
    site->first_with_id = g_hash_table_new (mla_str_hash, g_str_equal);
}

const char *
mla_site_sha_of (MlaSite *site, guint entry)
{
    return entry != MLA_THREAD_NONE
               ? mla_overview_threads_get_entry (site->threads, entry)->sha256
               : "-";
}

GHashTable *
mla_site_published_names (MlaSite *site)
{
    guint n = mla_overview_threads_get_n_entries (site->threads);
    GHashTable *names =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

    for (guint i = 0; i < n; i++)
        if (site->published[i])
            g_hash_table_add (names, mla_folder_name_key (site->dirs[i]));
    return names;
}

gboolean
mla_site_begin (MlaSite *site, MlaArchive *archive, MlaOverview *overview,
                const MlaSiteOptions *options, GError **error)
{
    static const MlaSiteOptions defaults = { 0 };

    memset (site, 0, sizeof *site);
    g_mutex_init (&site->views_lock);
    g_mutex_init (&site->mask_lock);
    site->archive = archive;
    site->overview = overview;
    site->options = options != NULL ? *options : defaults;
    /* The archive's index, read again after the overview's snapshot was
     * taken (mla_overview_begin_reading()): it lists every volume the
     * rows name, whatever imports or compactions committed since the
     * archive was opened; the raw files a thread kept open are opened
     * again (mla-archive.c). */
    return mla_archive_reload (archive, error);
}

gboolean
mla_site_derive (MlaSite *site, gint64 first_date, GError **error)
{
    g_autofree guint8 *has_published = NULL;
    const GArray *all_roots;
    guint n;

    site->forest = mla_overview_threads_get_forest (site->threads);
    site->title = choose_title (site);
    site->feed_tag = feed_tag (site, first_date);
    n = mla_overview_threads_get_n_entries (site->threads);
    site_alloc (site, n);
    has_published =
        g_new0 (guint8, MAX (mla_thread_forest_get_n_nodes (site->forest), 1));
    link_same_ids (site, n);
    publish_entries (site, n, has_published);
    /* The folders: recorded in the overview once given (mla-site-url.c). */
    site->dirs = mla_site_assign_names (site->overview, site->threads,
                                        site->published, site->partial, error);
    if (site->dirs == NULL)
        return FALSE;
    mla_site_make_mask (site, n);
    g_qsort_with_data (site->by_date->data, (gint) site->by_date->len,
                       sizeof (guint), compare_dates, site);
    place_by_date (site);
    all_roots = mla_thread_forest_get_roots (site->forest);
    for (guint r = 0; r < all_roots->len; r++) {
        guint root = g_array_index (all_roots, guint, r);

        if (has_published[root])
            g_array_append_val (site->roots, root);
    }
    site->n_published = site->by_date->len;
    site->n_threads = site->roots->len;
    site->n_withheld = n - site->by_date->len;
    alloc_views (site);
    if (!load_agendas (site, error))
        return FALSE;
    link_revisions (site);
    /* Part of the archive links only the slots mla-site-partial.c says
     * it can. */
    if (!site->partial && !mla_site_link_agendas (site, NULL, error))
        return FALSE;
    month_threads (site);
    return TRUE;
}

gboolean
mla_site_init (MlaSite *site, MlaArchive *archive, MlaOverview *overview,
               const MlaSiteOptions *options, GError **error)
{
    if (!mla_site_begin (site, archive, overview, options, error))
        return FALSE;
    site->threads = mla_overview_load_threads (site->overview, error);
    if (site->threads == NULL)
        return FALSE;
    site->n_inputs = mla_overview_threads_get_n_entries (site->threads);
    site->list_id = mla_site_main_list_id (site->threads, &site->list_count);
    return mla_site_derive (
        site,
        site->n_inputs > 0
            ? mla_overview_threads_get_entry (site->threads, 0)->date
            : 0,
        error);
}
