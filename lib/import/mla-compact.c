/* mla-compact.c: mlarc compact: runs of small volumes merged into one.
 *
 * A live list fed one message at a time makes one volume per message.
 * Compaction merges each run of consecutive volumes imported in the same
 * UTC month (and written under the same raw rule) into one volume, keeping
 * the order of their records, so export and every permalink stay as they
 * were. It writes the merged volumes beside the old ones, commits them by
 * replacing the index as an import does, and only then removes the old
 * files: killed at any point, the index lists either the old volumes or
 * the merged ones, and a re-run removes what the index does not list.
 *
 * mlarc remove (mla-remove.c) uses the same machinery on one volume at a
 * time, with the spans of the removed messages left out. */
#include "config.h"
#include "mla-compact.h"
#include "mla-compact-private.h"
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include "mla-atomic-file-private.h"
#include "mla-error.h"
#include "mla-keyset-private.h"
#include "mla-overview.h"
#include "mla-xml-merge-private.h"

/* A volume with a bigger raw store is left as it is: copying it would cost
 * more than its one index entry saves. */
#define SMALL_RAW_SIZE (64 << 20)
#define COPY_SIZE (1 << 20)

typedef struct {
    guint first;
    guint end;              /* one past the last volume of the run */
    const MlaRawSpan *cuts; /* nullable: messages a removal leaves out of
                             * the run's one volume, by offset */
    guint n_cuts;
} Run;

static gboolean
raw_size (MlaArchive *archive, const MlaXmlVolumeEntry *volume,
          guint64 *out_size, GError **error)
{
    g_autofree char *path = mla_archive_file (archive, volume->raw);
    GStatBuf st;

    if (g_stat (path, &st) != 0)
        return mla_throw (error, MLA_ERROR_ARCHIVE, "%s: %s", path,
                          g_strerror (errno));
    *out_size = (guint64) st.st_size;
    return TRUE;
}

static gboolean
joins (const MlaXmlVolumeEntry *a, const MlaXmlVolumeEntry *b)
{
    return strncmp (a->imported, b->imported, strlen ("YYYY-MM")) == 0 &&
           a->keeps_separators == b->keeps_separators;
}

/* Returns: (transfer full) (nullable): the runs of two volumes or more
 * among the volumes from index @from on. */
static GArray *
find_runs (MlaArchive *archive, guint from, GError **error)
{
    GPtrArray *volumes = mla_archive_get_volumes (archive);
    g_autoptr (GArray) runs = g_array_new (FALSE, FALSE, sizeof (Run));
    g_autofree gboolean *small = g_new0 (gboolean, volumes->len + 1);

    for (guint i = from; i < volumes->len; i++) {
        guint64 size = 0;

        if (!raw_size (archive, g_ptr_array_index (volumes, i), &size, error))
            return NULL;
        small[i] = size <= SMALL_RAW_SIZE;
    }
    for (guint i = from; i < volumes->len;) {
        Run run = { i, i + 1, NULL, 0 };

        while (small[run.first] && run.end < volumes->len && small[run.end] &&
               joins (g_ptr_array_index (volumes, run.first),
                      g_ptr_array_index (volumes, run.end)))
            run.end++;
        if (run.end - run.first >= 2)
            g_array_append_val (runs, run);
        i = run.end;
    }
    return g_steal_pointer (&runs);
}

/* Appends bytes [@from, @to) of @fd (named @path) to @out. */
static gboolean
copy_range (MlaAtomicFile *out, int fd, const char *path, guint64 from,
            guint64 to, char *buffer, GError **error)
{
    while (from < to) {
        ssize_t n =
            pread (fd, buffer, MIN (to - from, COPY_SIZE), (off_t) from);

        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return n < 0 ? mla_throw_errno (error, errno, path)
                         : mla_throw (error, MLA_ERROR_ARCHIVE,
                                      "%s: shorter than its volume says", path);
        if (!mla_atomic_file_write (out, buffer, (gsize) n, error))
            return FALSE;
        from += (guint64) n;
    }
    return TRUE;
}

/* Appends the raw store at @path less the spans @cuts (by offset). */
static gboolean
append_file (MlaAtomicFile *out, const char *path, const MlaRawSpan *cuts,
             guint n_cuts, GError **error)
{
    g_autofree char *buffer = g_malloc (COPY_SIZE);
    int fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
    guint64 at = 0;
    GStatBuf st;
    gboolean ok = TRUE;

    if (fd < 0 || fstat (fd, &st) != 0) {
        int saved = errno;

        if (fd >= 0)
            close (fd);
        return mla_throw (error, MLA_ERROR_ARCHIVE, "%s: %s", path,
                          g_strerror (saved));
    }
    for (guint i = 0; ok && i < n_cuts; i++) {
        ok = copy_range (out, fd, path, at, cuts[i].offset, buffer, error);
        at = cuts[i].offset + cuts[i].length;
    }
    ok = ok &&
         copy_range (out, fd, path, at, (guint64) st.st_size, buffer, error);
    close (fd);
    return ok;
}

/* The name of a volume a removal rewrites: its old name with a number
 * one above the one it had (000007 -> 000007.1 -> 000007.2), so that no
 * committed file changes under its name. */
static char *
rewritten_name (const MlaXmlVolumeEntry *volume)
{
    g_autofree char *base = g_path_get_basename (volume->file);
    char *dot = strchr (base, '.');
    guint64 generation = 0;

    if (dot != NULL)
        *dot = '\0';
    if (dot != NULL && g_ascii_isdigit (dot[1]))
        generation = g_ascii_strtoull (dot + 1, NULL, 10);
    return g_strdup_printf ("%s.%" G_GUINT64_FORMAT, base, generation + 1);
}

/* Writes the merged volume of @run, its raw store and its keys, and
 * renames them into place (not yet listed by the index). Returns:
 * (transfer full) (nullable): its index entry. Appends to @moves where
 * the overview's rows of each of its volumes go, the first being
 * @first_row (rows are numbered from 1 in archive order). */
static MlaXmlVolumeEntry *
merge_run (MlaArchive *archive, const Run *run, guint64 first_row,
           GArray *moves, GError **error)
{
    GPtrArray *volumes = mla_archive_get_volumes (archive);
    const MlaXmlVolumeEntry *first = g_ptr_array_index (volumes, run->first);
    const MlaXmlVolumeEntry *last = g_ptr_array_index (volumes, run->end - 1);
    g_autoptr (MlaXmlVolumeEntry) entry = g_new0 (MlaXmlVolumeEntry, 1);
    g_autofree char *name =
        run->cuts != NULL
            ? rewritten_name (first)
            : g_strdup_printf ("%06u-%06u", first->number, last->number);
    g_autofree char *raw_path = NULL;
    g_autofree char *xml_path = NULL;
    g_autofree char *keys = NULL;
    g_autoptr (MlaAtomicFile) raw = NULL;
    g_autoptr (MlaAtomicFile) xml = NULL;
    g_autoptr (MlaXmlMerge) merge = NULL;

    /* The last number keeps the numbers rising and the next import's
     * number (one above the highest) where it was. */
    entry->number = last->number;
    entry->file = g_strdup_printf ("volumes/%s.xml", name);
    entry->raw = g_strdup_printf ("raw/%s.raw", name);
    entry->imported = g_strdup (first->imported);
    entry->keeps_separators = first->keeps_separators;
    raw_path = mla_archive_file (archive, entry->raw);
    xml_path = mla_archive_file (archive, entry->file);
    if ((raw = mla_atomic_file_open (raw_path, error)) == NULL ||
        (xml = mla_atomic_file_open (xml_path, error)) == NULL)
        return NULL;
    merge = mla_xml_merge_new (mla_atomic_file_get_stream (xml), entry->number,
                               entry->imported);
    for (guint i = run->first; i < run->end; i++) {
        const MlaXmlVolumeEntry *volume = g_ptr_array_index (volumes, i);
        g_autofree char *volume_raw = mla_archive_file (archive, volume->raw);
        g_autofree char *volume_xml = mla_archive_file (archive, volume->file);
        MlaOverviewMove move = { first_row + entry->messages, volume->messages,
                                 entry->number,
                                 mla_atomic_file_get_written (raw) };

        if (!mla_xml_merge_add (merge, volume_xml, move.raw_base, run->cuts,
                                run->n_cuts, error) ||
            !append_file (raw, volume_raw, run->cuts, run->n_cuts, error))
            return NULL;
        g_array_append_val (moves, move);
        entry->messages += volume->messages - run->n_cuts;
        entry->rejects += volume->rejects;
    }
    if (!mla_xml_merge_finish (merge, error) ||
        !mla_atomic_file_commit (raw, error) ||
        !mla_atomic_file_commit (xml, error))
        return NULL;
    /* The old cache holds the removed keys: the new one is made from the
     * new volume once it is listed (rewrite_commit()). */
    if (run->cuts != NULL)
        return g_steal_pointer (&entry);
    keys = mla_key_set_file_for (archive, entry);
    if (!mla_key_set_write_merged (archive, run->first, run->end, keys, error))
        return NULL;
    return g_steal_pointer (&entry);
}

/* The files of the archive's own naming: NNNNNN or NNNNNN-NNNNNN, maybe
 * .N (rewritten by a removal), then .xml, .raw or .keys, maybe .tmp. */
static gboolean
is_volume_file (const char *name)
{
    static GRegex *pattern;

    if (g_once_init_enter (&pattern))
        g_once_init_leave (
            &pattern,
            g_regex_new ("^[0-9]{6}(-[0-9]{6})?(\\.[0-9]+)?\\.(xml|raw|keys)"
                         "(\\.tmp)?$",
                         G_REGEX_OPTIMIZE, 0, NULL));
    return g_regex_match (pattern, name, 0, NULL);
}

/* Removes what the index does not list in @folder: leftovers of an
 * interrupted import or compaction (the old volumes of a committed
 * compaction, or the merged ones of one that never committed). */
static void
remove_unlisted (MlaArchive *archive, const char *folder)
{
    GPtrArray *volumes = mla_archive_get_volumes (archive);
    g_autoptr (GHashTable) listed =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    g_autofree char *path = mla_archive_file (archive, folder);
    g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
    const char *name;

    for (guint i = 0; i < volumes->len; i++) {
        const MlaXmlVolumeEntry *volume = g_ptr_array_index (volumes, i);

        g_hash_table_add (listed, mla_archive_file (archive, volume->file));
        g_hash_table_add (listed, mla_archive_file (archive, volume->raw));
        g_hash_table_add (listed, mla_key_set_file_for (archive, volume));
    }
    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL) {
        g_autofree char *file = g_build_filename (path, name, NULL);

        if (is_volume_file (name) && !g_hash_table_contains (listed, file) &&
            g_unlink (file) != 0)
            g_debug ("%s: not removed: %s", file, g_strerror (errno));
    }
}

static gboolean
sync_folders (MlaArchive *archive, GError **error)
{
    g_autofree char *raw = mla_archive_file (archive, "raw");
    g_autofree char *volumes = mla_archive_file (archive, "volumes");

    return mla_sync_folder (raw, error) && mla_sync_folder (volumes, error);
}

/* Derived data, as after an import: a failure loses nothing. */
static void
update_key_index (MlaArchive *archive)
{
    g_autoptr (GError) error = NULL;
    MlaKeySet keys;

    mla_key_set_init (&keys);
    if (!mla_key_set_load_archive (&keys, archive, &error) ||
        !mla_key_set_update_index (&keys, archive, &error))
        g_debug ("the key index was not updated: %s", error->message);
    mla_key_set_clear (&keys);
}

/* The volume list after the merge: each run's merged volume in place of
 * the run, the other volumes as they were; the files of the merged
 * volumes (XML, raw store, key cache) go to @old_files. */
static void
list_merged (MlaArchive *archive, GArray *runs, GPtrArray *merged,
             GPtrArray *listed, GPtrArray *old_files)
{
    GPtrArray *volumes = mla_archive_get_volumes (archive);

    for (guint i = 0, r = 0; i < volumes->len;) {
        const Run *run = r < runs->len ? &g_array_index (runs, Run, r) : NULL;

        if (run != NULL && run->first == i) {
            for (guint k = run->first; k < run->end; k++) {
                const MlaXmlVolumeEntry *volume =
                    g_ptr_array_index (volumes, k);

                g_ptr_array_add (old_files,
                                 mla_archive_file (archive, volume->file));
                g_ptr_array_add (old_files,
                                 mla_archive_file (archive, volume->raw));
                g_ptr_array_add (old_files,
                                 mla_key_set_file_for (archive, volume));
            }
            g_ptr_array_add (listed, g_ptr_array_index (merged, r++));
            i = run->end;
        } else {
            g_ptr_array_add (listed, g_ptr_array_index (volumes, i++));
        }
    }
}

/* Leftovers once the new index is committed: one that cannot be removed
 * is only disk space, which the next compact removes (remove_unlisted). */
static void
remove_files (GPtrArray *files)
{
    for (guint i = 0; i < files->len; i++)
        if (g_unlink (g_ptr_array_index (files, i)) != 0 && errno != ENOENT)
            g_debug ("%s: not removed: %s",
                     (char *) g_ptr_array_index (files, i), g_strerror (errno));
}

/* The new key caches of volumes a removal rewrote, from their XML, once
 * they are listed: derived data, a failure costs only time. */
static void
write_rewritten_keys (MlaArchive *archive, GArray *runs)
{
    for (guint r = 0; r < runs->len; r++) {
        const Run *run = &g_array_index (runs, Run, r);
        g_autofree char *keys = mla_key_set_file_for (
            archive,
            g_ptr_array_index (mla_archive_get_volumes (archive), run->first));
        g_autoptr (GError) error = NULL;

        if (!mla_key_set_write_merged (archive, run->first, run->end, keys,
                                       &error))
            g_debug ("%s: not written: %s", keys, error->message);
    }
}

/* Writes each of @runs as one volume, commits them by the index (which
 * also lists @removals, taken, when not NULL), and then updates the
 * derived files; the caller holds the archive lock and the overview
 * lock, has read the index anew, and removed the unlisted files. */
static gboolean
commit_runs (MlaArchive *archive, GArray *runs, GPtrArray *removals,
             MlaCompactStats *stats, GError **error)
{
    g_autoptr (GPtrArray) merged = g_ptr_array_new_with_free_func (
        (GDestroyNotify) mla_xml_volume_entry_free);
    g_autoptr (GPtrArray) listed = g_ptr_array_new ();
    g_autoptr (GPtrArray) old_files = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GArray) moves =
        g_array_new (FALSE, FALSE, sizeof (MlaOverviewMove));
    GPtrArray *volumes = mla_archive_get_volumes (archive);
    guint old_count = volumes->len;
    guint64 row = 1;
    g_autoptr (GError) derived_error = NULL;

    for (guint r = 0, i = 0; r < runs->len; r++) {
        const Run *run = &g_array_index (runs, Run, r);
        MlaXmlVolumeEntry *entry;

        for (; i < run->first; i++)
            row += ((MlaXmlVolumeEntry *) g_ptr_array_index (volumes, i))
                       ->messages;
        entry = merge_run (archive, run, row, moves, error);
        if (entry == NULL)
            return FALSE;
        g_ptr_array_add (merged, entry);
    }
    if (!sync_folders (archive, error))
        return FALSE;
    list_merged (archive, runs, merged, listed, old_files);
    while (removals != NULL && removals->len > 0)
        g_ptr_array_add (mla_archive_get_removals (archive),
                         g_ptr_array_steal_index (removals, 0));
    if (!mla_archive_write_index (archive, listed, error))
        return mla_archive_reload (archive, NULL), FALSE;
    /* Committed: from here on the old files are leftovers. */
    stats->volumes_after = listed->len;
    stats->merged = merged->len;
    if (!mla_archive_reload (archive, error))
        return FALSE;
    remove_files (old_files);
    if (!sync_folders (archive, error))
        return FALSE;
    if (removals != NULL)
        write_rewritten_keys (archive, runs);
    update_key_index (archive);
    /* A removal renumbers rows: its caller rebuilds the overview. */
    if (removals != NULL)
        return TRUE;
    /* Its rows name volumes and offsets. Should moving them fail, the
     * overview no longer counts the archive's volumes and is rebuilt. */
    if (!mla_overview_move_rows_locked (archive, old_count,
                                        (MlaOverviewMove *) moves->data,
                                        moves->len, &derived_error))
        g_debug ("the overview rows were not moved: %s",
                 derived_error->message);
    return TRUE;
}

/* The merge of the runs from the volume at index @from on, its commit,
 * and the derived files; the caller holds the archive lock and the
 * overview lock, and has read the index anew. */
static gboolean
compact_from (MlaArchive *archive, guint from, MlaCompactStats *stats,
              GError **error)
{
    g_autoptr (GArray) runs = NULL;
    GPtrArray *volumes = mla_archive_get_volumes (archive);

    mla_archive_remove_unlisted (archive);
    stats->volumes_before = volumes->len;
    stats->volumes_after = volumes->len;
    if ((runs = find_runs (archive, from, error)) == NULL)
        return FALSE;
    if (runs->len == 0)
        return TRUE;
    return commit_runs (archive, runs, NULL, stats, error);
}

void
mla_archive_remove_unlisted (MlaArchive *archive)
{
    remove_unlisted (archive, "volumes");
    remove_unlisted (archive, "raw");
}

gboolean
mla_archive_rewrite_locked (MlaArchive *archive, const MlaVolumeCuts *cuts,
                            guint n_cuts, GPtrArray *removals, GError **error)
{
    g_autoptr (GArray) runs = g_array_new (FALSE, FALSE, sizeof (Run));
    MlaCompactStats stats = { 0 };

    mla_archive_remove_unlisted (archive);
    for (guint i = 0; i < n_cuts; i++) {
        Run run = { cuts[i].index, cuts[i].index + 1, cuts[i].spans,
                    cuts[i].n_spans };

        g_return_val_if_fail (i == 0 || cuts[i - 1].index < cuts[i].index,
                              FALSE);
        g_array_append_val (runs, run);
    }
    return commit_runs (archive, runs, removals, &stats, error);
}

gboolean
mla_archive_compact (MlaArchive *archive, MlaNoticeFunc notice,
                     gpointer notice_data, MlaCompactStats *out_stats,
                     GError **error)
{
    MlaCompactStats local_stats;
    MlaCompactStats *stats = out_stats != NULL ? out_stats : &local_stats;
    g_autoptr (GError) overview_error = NULL;
    int lock_fd, overview_lock;
    gboolean ok;

    g_return_val_if_fail (archive != NULL, FALSE);
    memset (stats, 0, sizeof *stats);
    if (!mla_archive_lock_rewrite (archive, &lock_fd, &overview_lock, error))
        return FALSE;
    ok = compact_from (archive, 0, stats, error);
    if (ok &&
        !mla_overview_update_locked (archive, notice, notice_data,
                                     &overview_error) &&
        notice != NULL) {
        g_autofree char *text =
            g_strdup_printf ("the overview was not updated (%s); the next "
                             "command will catch it up",
                             overview_error->message);

        notice (text, notice_data);
    }
    mla_archive_unlock (overview_lock);
    mla_archive_unlock (lock_fd);
    return ok;
}

/* A volume an import wrote, not a merged one: volumes/NNNNNN.xml. */
static gboolean
is_import_volume (const MlaXmlVolumeEntry *volume)
{
    return strchr (volume->file, '-') == NULL;
}

gboolean
mla_archive_compact_tail_locked (MlaArchive *archive, guint min_volumes,
                                 GError **error)
{
    GPtrArray *volumes = mla_archive_get_volumes (archive);
    g_autoptr (GError) overview_error = NULL;
    MlaCompactStats stats;
    guint from = volumes->len;

    while (from > 0 && is_import_volume (g_ptr_array_index (volumes, from - 1)))
        from--;
    if (volumes->len - from < min_volumes)
        return TRUE;
    /* The volume before them may be this month's merged one. */
    if (!compact_from (archive, from > 0 ? from - 1 : 0, &stats, error))
        return FALSE;
    if (stats.merged > 0 &&
        !mla_overview_add_locked (archive, NULL, NULL, &overview_error))
        g_debug ("the overview was not updated: %s", overview_error->message);
    return TRUE;
}
