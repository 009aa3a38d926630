/* mla-remove.c: mlarc remove (see the header). The volumes that hold the
 * messages are written anew by compaction's machinery (mla-compact.c)
 * and committed by the index, which also lists the removals; the
 * overview is then rebuilt, since its rows are numbered in archive
 * order and a file rebuilt from nothing keeps no freed page. */
#include "config.h"
#include "mla-remove.h"
#include <string.h>
#include "mla-compact-private.h"
#include "mla-error.h"

static gboolean
was_removed (MlaArchive *archive, const char *id)
{
    GPtrArray *removals = mla_archive_get_removals (archive);

    for (guint i = 0; i < removals->len; i++)
        if (strcmp (
                ((MlaXmlRemoval *) g_ptr_array_index (removals, i))->message_id,
                id) == 0)
            return TRUE;
    return FALSE;
}

/* Adds to @out the stored messages with @message_id not in @seen (rows);
 * an id removed earlier adds nothing and counts in @earlier. */
static gboolean
select_id (MlaOverview *overview, MlaArchive *archive, const char *message_id,
           GPtrArray *out, GHashTable *seen, guint64 *earlier, GError **error)
{
    g_autofree char *id = mla_overview_bare_id (message_id);
    g_autoptr (GError) local = NULL;
    g_autoptr (GPtrArray) found =
        mla_overview_find_message (overview, id, &local);

    if (found == NULL) {
        if (!g_error_matches (local, MLA_ERROR, MLA_ERROR_NOT_FOUND) ||
            !was_removed (archive, id)) {
            g_propagate_error (error, g_steal_pointer (&local));
            return FALSE;
        }
        (*earlier)++;
        return TRUE;
    }
    for (guint i = 0; i < found->len; i++) {
        MlaOverviewEntry *entry = g_ptr_array_index (found, i);

        if (g_hash_table_add (seen, &entry->row)) {
            g_ptr_array_add (out, entry);
            found->pdata[i] = NULL;
        }
    }
    return TRUE;
}

static int
compare_rows (gconstpointer a, gconstpointer b)
{
    const MlaOverviewEntry *x = *(MlaOverviewEntry *const *) a;
    const MlaOverviewEntry *y = *(MlaOverviewEntry *const *) b;

    return (x->row > y->row) - (x->row < y->row);
}

/* mla_remove_select(), counting ids removed earlier in @earlier. */
static GPtrArray *
select_entries (MlaOverview *overview, MlaArchive *archive,
                const char *const *message_ids, const MlaQuery *query,
                guint64 *earlier, GError **error)
{
    g_autoptr (GPtrArray) out = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GHashTable) seen =
        g_hash_table_new (g_int64_hash, g_int64_equal);
    g_autoptr (GPtrArray) hits = NULL;

    for (gsize i = 0; message_ids != NULL && message_ids[i] != NULL; i++)
        if (!select_id (overview, archive, message_ids[i], out, seen, earlier,
                        error))
            return NULL;
    if (query != NULL &&
        (hits = mla_overview_search (overview, query, NULL, error)) == NULL)
        return NULL;
    for (guint i = 0; hits != NULL && i < hits->len; i++) {
        MlaSearchHit *hit = g_ptr_array_index (hits, i);

        if (g_hash_table_add (seen, &hit->entry->row))
            g_ptr_array_add (out, g_steal_pointer (&hit->entry));
    }
    g_ptr_array_sort (out, compare_rows);
    return g_steal_pointer (&out);
}

GPtrArray *
mla_remove_select (MlaArchive *archive, MlaOverview *overview,
                   const char *const *message_ids, const MlaQuery *query,
                   GError **error)
{
    guint64 earlier = 0;

    g_return_val_if_fail (archive != NULL && overview != NULL, NULL);
    return select_entries (overview, archive, message_ids, query, &earlier,
                           error);
}

/* Returns: (transfer full) (nullable): what the index keeps of @entry. */
static MlaXmlRemoval *
removal_of (MlaOverview *overview, const MlaOverviewEntry *entry,
            const char *at, const char *reason, GError **error)
{
    g_autoptr (MlaXmlRemoval) removal = g_new0 (MlaXmlRemoval, 1);

    removal->message_id = g_strdup (entry->message_id);
    removal->sha256 = g_strdup (entry->sha256);
    removal->at = g_strdup (at);
    removal->reason = g_strdup (reason);
    removal->refs = mla_overview_get_refs (overview, entry->row, error);
    return removal->refs != NULL ? g_steal_pointer (&removal) : NULL;
}

static guint
volume_index (MlaArchive *archive, guint number)
{
    GPtrArray *volumes = mla_archive_get_volumes (archive);

    for (guint i = 0; i < volumes->len; i++)
        if (((MlaXmlVolumeEntry *) g_ptr_array_index (volumes, i))->number ==
            number)
            return i;
    return G_MAXUINT;
}

static int
compare_places (gconstpointer a, gconstpointer b)
{
    const MlaOverviewEntry *x = *(MlaOverviewEntry *const *) a;
    const MlaOverviewEntry *y = *(MlaOverviewEntry *const *) b;

    if (x->volume != y->volume)
        return (x->volume > y->volume) - (x->volume < y->volume);
    return (x->raw_offset > y->raw_offset) - (x->raw_offset < y->raw_offset);
}

/* The spans of @entries, grouped by volume: one MlaVolumeCuts per volume
 * into @cuts, its spans in @spans (one GArray per volume). */
static gboolean
group_cuts (MlaArchive *archive, GPtrArray *entries, GArray *cuts,
            GPtrArray *spans, GError **error)
{
    g_ptr_array_sort (entries, compare_places);
    for (guint i = 0; i < entries->len; i++) {
        const MlaOverviewEntry *entry = g_ptr_array_index (entries, i);
        MlaRawSpan span = { entry->raw_offset, entry->raw_length };
        guint index = volume_index (archive, entry->volume);
        GArray *these;

        if (index == G_MAXUINT)
            return mla_throw (error, MLA_ERROR_ARCHIVE,
                              "<%s>: the overview names volume %u, which the "
                              "index does not list",
                              entry->message_id, entry->volume);
        if (cuts->len == 0 ||
            g_array_index (cuts, MlaVolumeCuts, cuts->len - 1).index != index) {
            MlaVolumeCuts volume = { index, NULL, 0 };

            g_array_append_val (cuts, volume);
            g_ptr_array_add (spans,
                             g_array_new (FALSE, FALSE, sizeof (MlaRawSpan)));
        }
        these = g_ptr_array_index (spans, spans->len - 1);
        g_array_append_val (these, span);
    }
    for (guint c = 0; c < cuts->len; c++) {
        GArray *these = g_ptr_array_index (spans, c);

        g_array_index (cuts, MlaVolumeCuts, c).spans =
            (const MlaRawSpan *) these->data;
        g_array_index (cuts, MlaVolumeCuts, c).n_spans = these->len;
    }
    return TRUE;
}

/* Finds the messages, writes the volumes anew and commits; the caller
 * holds both locks and has read the index anew. */
static gboolean
remove_locked (MlaArchive *archive, const char *const *message_ids,
               const MlaQuery *query, const char *reason, MlaNoticeFunc notice,
               gpointer notice_data, MlaRemoveStats *stats, GError **error)
{
    g_autoptr (MlaOverview) overview = NULL;
    g_autoptr (GPtrArray) entries = NULL;
    g_autoptr (GPtrArray) removals =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_xml_removal_free);
    g_autoptr (GArray) cuts =
        g_array_new (FALSE, FALSE, sizeof (MlaVolumeCuts));
    g_autoptr (GPtrArray) spans =
        g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
    g_autofree char *at = mla_archive_now ();

    /* A removal killed after its commit left the old files: they hold
     * what it removed, so even a run that finds nothing to do deletes
     * them. */
    mla_archive_remove_unlisted (archive);
    /* Brought up to date under the lock we hold, it opens without one. */
    if (!mla_overview_update_locked (archive, notice, notice_data, error) ||
        (overview = mla_overview_open (archive, notice, notice_data, error)) ==
            NULL ||
        (entries = select_entries (overview, archive, message_ids, query,
                                   &stats->earlier, error)) == NULL)
        return FALSE;
    if (entries->len == 0)
        return TRUE;
    for (guint i = 0; i < entries->len; i++) {
        MlaXmlRemoval *removal = removal_of (
            overview, g_ptr_array_index (entries, i), at, reason, error);

        if (removal == NULL)
            return FALSE;
        g_ptr_array_add (removals, removal);
    }
    g_clear_pointer (&overview, mla_overview_free);
    if (!group_cuts (archive, entries, cuts, spans, error) ||
        !mla_archive_rewrite_locked (archive, (MlaVolumeCuts *) cuts->data,
                                     cuts->len, removals, error))
        return FALSE;
    stats->messages = entries->len;
    stats->volumes = cuts->len;
    /* Committed. The old overview still holds the messages' text: should
     * the rebuild fail, the next command finds it made before a removal
     * and rebuilds it. */
    if (!mla_overview_rebuild_locked (archive, error))
        return g_prefix_error (
                   error, "removed, but the overview is not rebuilt yet: "),
               FALSE;
    return TRUE;
}

gboolean
mla_archive_remove (MlaArchive *archive, const char *const *message_ids,
                    const MlaQuery *query, const char *reason,
                    MlaNoticeFunc notice, gpointer notice_data,
                    MlaRemoveStats *out_stats, GError **error)
{
    MlaRemoveStats local_stats;
    MlaRemoveStats *stats = out_stats != NULL ? out_stats : &local_stats;
    int lock_fd, overview_lock;
    gboolean ok;

    g_return_val_if_fail (archive != NULL, FALSE);
    memset (stats, 0, sizeof *stats);
    if (!mla_archive_lock_rewrite (archive, &lock_fd, &overview_lock, error))
        return FALSE;
    ok = remove_locked (archive, message_ids, query, reason, notice,
                        notice_data, stats, error);
    mla_archive_unlock (overview_lock);
    mla_archive_unlock (lock_fd);
    return ok;
}
