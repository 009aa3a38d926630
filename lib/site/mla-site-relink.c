/* mla-site-relink.c: the timetables' links in an update that reads part
 * of the archive (mla-site-relink-private.h). */
#include "config.h"
#include <string.h>
#include "mla-agenda-link-private.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-site-relink-private.h"

typedef enum {
    SLOT_STAYS,  /* the slot links as it did, and shows it as it did */
    SLOT_MOVES,  /* its agenda must be linked again */
    SLOT_UNSURE, /* only the whole archive can say */
} SlotChange;

void
mla_site_relink_clear (MlaSiteRelink *relink)
{
    g_clear_pointer (&relink->which, g_free);
    g_clear_pointer (&relink->missing, g_ptr_array_unref);
    g_clear_pointer (&relink->recorded, g_ptr_array_unref);
    relink->reason = NULL;
}

/* The subject @root had in the last build: that of its first published
 * message by activity then; NULL for a new thread. */
static const char *
old_subject (MlaSite *site, guint root, guint64 max_row)
{
    GArray *dates = site->thread_dates->pdata[root];

    for (guint i = 0; i < dates->len; i++) {
        const MlaOverviewEntry *e = mla_overview_threads_get_entry (
            site->threads, g_array_index (dates, guint, i));

        if ((guint64) e->row <= max_row)
            return e->subject;
    }
    return NULL;
}

static gint64
agenda_row (MlaSite *site, guint index)
{
    const MlaSiteAgenda *a = g_ptr_array_index (site->agendas, index);

    return mla_overview_threads_get_entry (site->threads, a->entry)->row;
}

/* The key of an agenda in the record: its message's row and its place
 * among that message's agendas. */
static guint
agenda_key_hash (gconstpointer key)
{
    const MlaSiteLinkCount *link = key;

    return g_int64_hash (&link->row) * 31 + link->position;
}

static gboolean
agenda_key_equal (gconstpointer a, gconstpointer b)
{
    const MlaSiteLinkCount *x = a, *y = b;

    return x->row == y->row && x->position == y->position;
}

/* @links (the record of a build) by agenda of @site: per agenda, a
 * GPtrArray of its const MlaSiteLinkCount *, in the record's order. One
 * pass, so that a look-up costs an agenda's slots, not the record. */
static GPtrArray *
recorded_by_agenda (MlaSite *site, GArray *links)
{
    g_autoptr (GHashTable) index =
        g_hash_table_new (agenda_key_hash, agenda_key_equal);
    g_autofree MlaSiteLinkCount *keys =
        g_new0 (MlaSiteLinkCount, MAX (site->agendas->len, 1));
    GPtrArray *out =
        g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);

    for (guint i = 0; i < site->agendas->len; i++) {
        const MlaSiteAgenda *a = g_ptr_array_index (site->agendas, i);
        GPtrArray *mine = g_ptr_array_new ();

        keys[i].row = agenda_row (site, i);
        keys[i].position = a->position;
        g_ptr_array_add (out, mine);
        g_hash_table_insert (index, &keys[i], mine);
    }
    for (guint l = 0; links != NULL && l < links->len; l++) {
        const MlaSiteLinkCount *link =
            &g_array_index (links, MlaSiteLinkCount, l);
        GPtrArray *mine = g_hash_table_lookup (index, link);

        if (mine != NULL)
            g_ptr_array_add (mine, (gpointer) link);
    }
    return out;
}

/* The link the last build recorded for slot @slot of agenda @index. */
static const MlaSiteLinkCount *
recorded_link (GPtrArray *recorded, guint index, guint slot)
{
    GPtrArray *mine = recorded->pdata[index];

    for (guint i = 0; i < mine->len; i++) {
        const MlaSiteLinkCount *link = mine->pdata[i];

        if (link->slot == slot)
            return link;
    }
    return NULL;
}

static gboolean
in_chain (MlaSite *site, guint index, const char *id)
{
    GArray *chain = mla_agenda_revisions_get_chain (site->revisions, index);

    for (guint c = 0; c < chain->len; c++)
        if (strcmp (g_array_index (site->agenda_inputs, MlaAgendaRevisionInput,
                                   g_array_index (chain, guint, c))
                        .thread,
                    id) == 0)
            return TRUE;
    return FALSE;
}

/* What thread @id, which the update changed (@renamed: its subject), does
 * to the link of slot @slot of agenda @index, whose title @linker (of
 * that thread alone) matches: linked to it and renamed, the page shows
 * the new subject, unless the thread is now less like the title (then
 * another thread may win); not linked to it, it may take the link when
 * it is as like the title as the thread linked (and now newer, so first
 * among equals) or likelier, or like enough for a slot that linked
 * none. A slot never links the threads of its own agenda's revisions. */
static SlotChange
slot_change (MlaSite *site, GPtrArray *recorded, guint index, guint slot,
             const char *title, const char *id, gboolean renamed,
             MlaAgendaLinker *linker)
{
    const MlaSiteLinkCount *link = recorded_link (recorded, index, slot);
    double score = 0;
    gboolean likeness;

    if (in_chain (site, index, id))
        return SLOT_STAYS;
    likeness =
        mla_agenda_linker_match (linker, title, NULL, 0, &score) != G_MAXUINT;
    if (link != NULL && strcmp (link->thread, id) == 0) {
        if (!renamed)
            return SLOT_STAYS;
        return likeness && score >= link->score ? SLOT_MOVES : SLOT_UNSURE;
    }
    if (!likeness)
        return SLOT_STAYS;
    return link == NULL || score >= link->score ? SLOT_MOVES : SLOT_STAYS;
}

/* Marks in @out the agendas whose slots thread @root changes. */
static void
plan_root (MlaSite *site, const MlaSiteMark *before, guint root,
           GHashTable *stop_words, MlaSiteRelink *out)
{
    const char *old = old_subject (site, root, before->max_row);
    const char *now = mla_site_thread_subject (site, root);
    const char *id = mla_thread_forest_get_thread_id (site->forest, root);
    g_autoptr (MlaAgendaLinker) linker = mla_agenda_linker_new (stop_words);

    if (now != NULL)
        mla_agenda_linker_add (linker, root, now);
    for (guint i = 0; i < site->agendas->len && out->reason == NULL; i++) {
        const MlaSiteAgenda *a = g_ptr_array_index (site->agendas, i);
        guint n = mla_agenda_count_slots (a->agenda);

        /* Every slot, even of an agenda marked already: one may be
         * unsure. */
        for (guint s = 0; s < n; s++) {
            const MlaAgendaSlot *slot = mla_agenda_slot_at (a->agenda, s, NULL);

            if (slot->kind != MLA_SLOT_KIND_SESSION || slot->title == NULL)
                continue;
            switch (slot_change (site, out->recorded, i, s, slot->title, id,
                                 g_strcmp0 (old, now) != 0, linker)) {
            case SLOT_STAYS:
                break;
            case SLOT_MOVES:
                out->which[i] = TRUE;
                break;
            case SLOT_UNSURE:
                out->reason = "a linked thread renamed, less like its slot";
                return;
            }
        }
    }
}

/* The threads the marked agendas link that @site did not load. */
static void
find_missing (MlaSite *site, MlaSiteRelink *out)
{
    g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

    for (guint r = 0; r < site->roots->len; r++)
        g_hash_table_add (
            seen, (gpointer) mla_thread_forest_get_thread_id (
                      site->forest, g_array_index (site->roots, guint, r)));
    for (guint i = 0; i < site->agendas->len; i++) {
        GPtrArray *mine = out->recorded->pdata[i];

        for (guint l = 0; out->which[i] && l < mine->len; l++) {
            const MlaSiteLinkCount *link = mine->pdata[l];

            if (g_hash_table_add (seen, link->thread))
                g_ptr_array_add (out->missing, g_strdup (link->thread));
        }
    }
}

gboolean
mla_site_relink_plan (MlaSite *site, const MlaSiteMark *before,
                      GArray *changed_roots, MlaSiteRelink *out, GError **error)
{
    g_autoptr (GHashTable) stop_words = NULL;

    out->which = g_new0 (guint8, MAX (site->agendas->len, 1));
    out->missing = g_ptr_array_new_with_free_func (g_free);
    out->reason = NULL;
    if (site->agendas->len == 0 || changed_roots->len == 0)
        return TRUE;
    if (before->links == NULL) {
        out->reason = "no timetable links recorded";
        return TRUE;
    }
    stop_words = mla_agenda_stop_words_new (error);
    if (stop_words == NULL)
        return FALSE;
    out->recorded = recorded_by_agenda (site, before->links);
    for (guint r = 0; r < changed_roots->len && out->reason == NULL; r++)
        plan_root (site, before, g_array_index (changed_roots, guint, r),
                   stop_words, out);
    if (out->reason == NULL)
        find_missing (site, out);
    return TRUE;
}

gboolean
mla_site_relink (MlaSite *site, GArray *changed_roots,
                 const MlaSiteRelink *relink, const char **out_reason,
                 GError **error)
{
    g_autoptr (GHashTable) changed = g_hash_table_new (g_str_hash, g_str_equal);

    if (!mla_site_link_agendas (site, relink->which, error))
        return FALSE;
    for (guint r = 0; r < changed_roots->len; r++)
        g_hash_table_add (
            changed,
            (gpointer) mla_thread_forest_get_thread_id (
                site->forest, g_array_index (changed_roots, guint, r)));
    for (guint i = 0; i < site->agendas->len; i++) {
        const MlaSiteAgenda *a = g_ptr_array_index (site->agendas, i);

        for (guint s = 0; relink->which[i] && s < a->threads->len; s++) {
            guint root = g_array_index (a->threads, guint, s);
            const MlaSiteLinkCount *link =
                recorded_link (relink->recorded, i, s);
            const char *id =
                root != MLA_THREAD_NONE
                    ? mla_thread_forest_get_thread_id (site->forest, root)
                    : NULL;

            if (g_strcmp0 (link != NULL ? link->thread : NULL, id) == 0)
                continue;
            if (id == NULL || !g_hash_table_contains (changed, id)) {
                *out_reason = "a slot links a thread the update did not "
                              "change";
                return TRUE;
            }
        }
    }
    return TRUE;
}

/* Appends to @links the links of agenda @index: as linked, or as
 * @recorded (the last build's) holds them. */
static void
agenda_links (MlaSite *site, GPtrArray *recorded, guint index, GArray *links)
{
    const MlaSiteAgenda *a = g_ptr_array_index (site->agendas, index);

    if (!a->linked) {
        GPtrArray *mine = recorded->pdata[index];

        for (guint l = 0; l < mine->len; l++) {
            MlaSiteLinkCount link = *(const MlaSiteLinkCount *) mine->pdata[l];

            link.thread = g_strdup (link.thread);
            g_array_append_val (links, link);
        }
        return;
    }
    for (guint s = 0; s < a->threads->len; s++) {
        guint root = g_array_index (a->threads, guint, s);
        MlaSiteLinkCount link = { agenda_row (site, index), a->position, s,
                                  NULL, g_array_index (a->scores, double, s) };

        if (root == MLA_THREAD_NONE)
            continue;
        link.thread =
            g_strdup (mla_thread_forest_get_thread_id (site->forest, root));
        g_array_append_val (links, link);
    }
}

GArray *
mla_site_partial_links (MlaSite *site, const MlaSiteMark *before)
{
    GArray *links = mla_site_link_counts_new ();
    g_autoptr (GPtrArray) recorded =
        recorded_by_agenda (site, before != NULL ? before->links : NULL);

    for (guint i = 0; i < site->agendas->len; i++) {
        const MlaSiteAgenda *a = g_ptr_array_index (site->agendas, i);

        /* Not known: an empty record would say that no slot links. */
        if (!a->linked && (before == NULL || before->links == NULL)) {
            g_array_unref (links);
            return NULL;
        }
        agenda_links (site, recorded, i, links);
    }
    return links;
}
