/* mla-site-files.c: written once, atomically, and only when changed.
 * Pages go to NAME.tmp and are renamed into place only at the end of the
 * build, new files before changed ones: a run killed before that leaves
 * the previous site as it was, and one killed during the renames leaves
 * no page reachable from the old ones with a link to a missing file. */
#include "config.h"
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include "mla-atomic-file-private.h"
#include "mla-digest-private.h"
#include "mla-error.h"
#include "mla-site-files-private.h"

/* A file the last build made, as its manifest line says. The strings
 * point into the manifest's bytes. */
typedef struct {
    const char *path;
    const char *hash;      /* hex SHA-256 of its bytes */
    const char *signature; /* of its sources; NULL when not known */
    gint state;            /* Claim, changed atomically */
} Entry;

/* What this build did with a file of the last one. */
typedef enum { UNCLAIMED, KEPT, PUT } Claim;

struct MlaSiteFiles {
    MlaFolder *folder;
    char *manifest;  /* the last build's manifest, cut into Entry strings */
    GArray *before;  /* Entry, sorted by path: looked up without a lock */
    GHashTable *now; /* path -> hex SHA-256, written by this build */
    GHashTable *made_from; /* path -> signature, of the files this build
                              makes */
    GPtrArray *created;    /* paths written to NAME.tmp that had no file */
    GPtrArray *replaced;   /* paths written to NAME.tmp over a file */
    gboolean finished;
    gint written;
    gint unchanged;
    GMutex lock; /* guards now, made_from, created and replaced */
};

static char *
tmp_path (const char *path)
{
    return g_strconcat (path, ".tmp", NULL);
}

char *
mla_site_files_current_path (MlaSiteFiles *files, const char *path)
{
    char *tmp = tmp_path (path);

    if (mla_folder_has_file (files->folder, tmp))
        return tmp;
    g_free (tmp);
    return g_strdup (path);
}

static void
remove_tmp (MlaSiteFiles *files, const char *path)
{
    g_autofree char *tmp = tmp_path (path);

    mla_folder_remove (files->folder, tmp, 0);
}

void
mla_site_files_free (MlaSiteFiles *files)
{
    if (files == NULL)
        return;
    /* A build that failed leaves the previous site, without its pages. */
    for (guint i = 0;
         !files->finished && files->created != NULL && i < files->created->len;
         i++)
        remove_tmp (files, files->created->pdata[i]);
    for (guint i = 0; !files->finished && files->replaced != NULL &&
                      i < files->replaced->len;
         i++)
        remove_tmp (files, files->replaced->pdata[i]);
    g_clear_pointer (&files->created, g_ptr_array_unref);
    g_clear_pointer (&files->replaced, g_ptr_array_unref);
    g_clear_pointer (&files->before, g_array_unref);
    g_clear_pointer (&files->now, g_hash_table_unref);
    g_clear_pointer (&files->made_from, g_hash_table_unref);
    g_free (files->manifest);
    g_mutex_clear (&files->lock);
    g_free (files);
}

MlaFolder *
mla_site_files_get_folder (MlaSiteFiles *files)
{
    return files->folder;
}

/* A relative path of plain names: no empty, "." or ".." part, no
 * backslash, no longer than MLA_SITE_PATH_MAX (one a web server can
 * serve), no temporary name (NAME.tmp: what a file is written to, and
 * what a killed build leaves), and none of the site's own files (the
 * manifest, its marker, the state and settings), which a page or a forged
 * manifest line would overwrite or remove. Message folders may hold
 * "..%2F", a plain name. */
static gboolean
is_safe_path (const char *path)
{
    return strlen (path) <= MLA_SITE_PATH_MAX && strchr (path, '\\') == NULL &&
           mla_folder_is_plain (path) && !g_str_has_suffix (path, ".tmp") &&
           !g_str_has_prefix (path, MLA_SITE_MANIFEST);
}

static int
compare_entries (gconstpointer a, gconstpointer b)
{
    return strcmp (((const Entry *) a)->path, ((const Entry *) b)->path);
}

/* Cuts @line ("SHA256 PATH", or "SHA256 SIGNATURE PATH" for a file made
 * from sources whose signature is known) into @entry, in place. */
static gboolean
parse_line (char *line, Entry *entry)
{
    char *space = strchr (line, ' ');
    char *second = space != NULL ? strchr (space + 1, ' ') : NULL;

    if (space == NULL || space - line != MLA_SHA256_HEX_SIZE - 1)
        return FALSE;
    *space = '\0';
    entry->hash = line;
    entry->signature = NULL;
    entry->path = space + 1;
    if (second != NULL) {
        *second = '\0';
        entry->signature = space + 1;
        entry->path = second + 1;
    }
    entry->state = UNCLAIMED;
    /* Only what this program would write: no way out of the folder. */
    return is_safe_path (entry->path);
}

/* Reads the manifest in one pass; the entries stay sorted by path, as
 * mla_site_files_finish() writes them, so that a look-up is a binary
 * search. */
static gboolean
load_manifest (MlaSiteFiles *files, GError **error)
{
    g_autoptr (GError) local = NULL;
    gsize length = 0;
    gboolean sorted = TRUE;
    guint kept = 0;

    if (!mla_folder_read_file (files->folder, MLA_SITE_MANIFEST,
                               &files->manifest, &length, &local)) {
        if (g_error_matches (local, MLA_ERROR, MLA_ERROR_NOT_FOUND))
            return TRUE;
        return g_propagate_error (error, g_steal_pointer (&local)), FALSE;
    }
    for (char *line = files->manifest, *end; line < files->manifest + length;
         line = end + 1) {
        Entry entry;

        end = memchr (line, '\n', (gsize) (files->manifest + length - line));
        if (end == NULL)
            end = files->manifest + length;
        *end = '\0';
        if (!parse_line (line, &entry))
            continue;
        if (files->before->len > 0)
            sorted = sorted && strcmp (g_array_index (files->before, Entry,
                                                      files->before->len - 1)
                                           .path,
                                       entry.path) < 0;
        g_array_append_val (files->before, entry);
    }
    if (sorted)
        return TRUE;
    /* A manifest edited by hand: sorted here, its repeated paths dropped. */
    g_array_sort (files->before, compare_entries);
    for (guint i = 0; i < files->before->len; i++)
        if (kept == 0 ||
            compare_entries (&g_array_index (files->before, Entry, kept - 1),
                             &g_array_index (files->before, Entry, i)) != 0)
            g_array_index (files->before, Entry, kept++) =
                g_array_index (files->before, Entry, i);
    g_array_set_size (files->before, kept);
    return TRUE;
}

/* The index of the first entry whose path is not before @path. */
static guint
lower_bound (MlaSiteFiles *files, const char *path)
{
    guint low = 0, high = files->before->len;

    while (low < high) {
        guint mid = low + (high - low) / 2;

        if (strcmp (g_array_index (files->before, Entry, mid).path, path) < 0)
            low = mid + 1;
        else
            high = mid;
    }
    return low;
}

static Entry *
find_entry (MlaSiteFiles *files, const char *path)
{
    guint at = lower_bound (files, path);
    Entry *entry = at < files->before->len
                       ? &g_array_index (files->before, Entry, at)
                       : NULL;

    return entry != NULL && strcmp (entry->path, path) == 0 ? entry : NULL;
}

#define MARKER MLA_SITE_MANIFEST ".running"

MlaSiteFiles *
mla_site_files_open (MlaFolder *folder, GError **error)
{
    g_autoptr (MlaSiteFiles) files = g_new0 (MlaSiteFiles, 1);
    struct stat st;

    files->folder = folder;
    files->before = g_array_new (FALSE, FALSE, sizeof (Entry));
    files->now =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
    files->made_from =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
    files->created = g_ptr_array_new_with_free_func (g_free);
    files->replaced = g_ptr_array_new_with_free_func (g_free);
    g_mutex_init (&files->lock);
    if (!load_manifest (files, error))
        return NULL;
    /* A run killed before it could rename its temporary files left them. */
    if (mla_folder_stat (folder, MARKER, &st))
        mla_folder_remove_leftovers (folder, "", MLA_FOLDER_RECURSIVE);
    if (!mla_atomic_file_set_contents (folder, MARKER, "", 0, error))
        return NULL;
    return g_steal_pointer (&files);
}

/* The file holds what the manifest says: same size is the cheap check. */
static gboolean
still_there (MlaSiteFiles *files, const char *path, gsize size)
{
    struct stat st;

    return mla_folder_stat (files->folder, path, &st) && S_ISREG (st.st_mode) &&
           (gsize) st.st_size == size;
}

/* Claims @path for a put, with the lock held: FALSE when this build made
 * or kept it already. */
static gboolean
claim_put (MlaSiteFiles *files, const char *path, Entry *entry)
{
    if (entry != NULL)
        return g_atomic_int_compare_and_exchange (&entry->state, UNCLAIMED,
                                                  PUT);
    return !g_hash_table_contains (files->now, path);
}

gboolean
mla_site_files_put (MlaSiteFiles *files, const char *path, const void *data,
                    gsize size, GError **error)
{
    char hex[MLA_SHA256_HEX_SIZE];
    Entry *entry;
    gboolean same;
    struct stat st;

    if (!is_safe_path (path))
        return mla_throw (error, MLA_ERROR_INVALID,
                          "%s: not a path the site may write", path);
    mla_sha256_hex (data, size, hex);
    entry = find_entry (files, path);
    g_mutex_lock (&files->lock);
    if (!claim_put (files, path, entry)) {
        g_mutex_unlock (&files->lock);
        return mla_throw (error, MLA_ERROR_INVALID, "%s: made twice", path);
    }
    g_hash_table_insert (files->now, g_strdup (path), g_strdup (hex));
    same = entry != NULL && strcmp (entry->hash, hex) == 0 &&
           still_there (files, path, size);
    if (!same)
        g_ptr_array_add (mla_folder_stat (files->folder, path, &st)
                             ? files->replaced
                             : files->created,
                         g_strdup (path));
    g_mutex_unlock (&files->lock);
    g_atomic_int_inc (same ? &files->unchanged : &files->written);
    if (same)
        return TRUE;
    return mla_atomic_file_write_tmp (files->folder, path, data, size, error);
}

/* Renames the files written by this build into place. */
static gboolean
rename_written (MlaSiteFiles *files, GPtrArray *paths, GError **error)
{
    for (guint i = 0; i < paths->len; i++) {
        g_autofree char *tmp = tmp_path (paths->pdata[i]);

        if (!mla_folder_rename (files->folder, tmp, paths->pdata[i], error))
            return FALSE;
    }
    return TRUE;
}

gboolean
mla_site_files_had (MlaSiteFiles *files, const char *path)
{
    return find_entry (files, path) != NULL;
}

/* Keeps @entry when it was made from @signature: TRUE when this build
 * keeps it (now or before). */
static gboolean
keep_entry (MlaSiteFiles *files, Entry *entry, const char *signature)
{
    if (entry->signature == NULL || strcmp (entry->signature, signature) != 0)
        return FALSE;
    if (g_atomic_int_compare_and_exchange (&entry->state, UNCLAIMED, KEPT)) {
        g_atomic_int_inc (&files->unchanged);
        return TRUE;
    }
    return g_atomic_int_get (&entry->state) == KEPT;
}

gboolean
mla_site_files_keep (MlaSiteFiles *files, const char *path,
                     const char *signature)
{
    Entry *entry;

    if (!is_safe_path (path))
        return FALSE;
    entry = find_entry (files, path);
    if (entry != NULL && keep_entry (files, entry, signature))
        return TRUE;
    /* The file this build makes instead is made from these sources. */
    g_mutex_lock (&files->lock);
    g_hash_table_insert (files->made_from, g_strdup (path),
                         g_strdup (signature));
    g_mutex_unlock (&files->lock);
    return FALSE;
}

/* The entries whose path starts with @prefix: [*from, return). */
static guint
prefix_range (MlaSiteFiles *files, const char *prefix, guint *from)
{
    guint end = *from = lower_bound (files, prefix);

    while (end < files->before->len &&
           g_str_has_prefix (g_array_index (files->before, Entry, end).path,
                             prefix))
        end++;
    return end;
}

gboolean
mla_site_files_keep_folder (MlaSiteFiles *files, const char *folder,
                            const char *signature)
{
    guint from, end = prefix_range (files, folder, &from);

    for (guint i = from; i < end; i++) {
        const Entry *entry = &g_array_index (files->before, Entry, i);

        if (entry->signature == NULL ||
            strcmp (entry->signature, signature) != 0 ||
            g_atomic_int_get (&entry->state) != UNCLAIMED)
            return FALSE;
    }
    for (guint i = from; i < end; i++)
        if (!keep_entry (files, &g_array_index (files->before, Entry, i),
                         signature))
            return FALSE;
    return end > from;
}

guint
mla_site_files_keep_group (MlaSiteFiles *files, const char *prefix,
                           const char *signature)
{
    guint from, end = prefix_range (files, prefix, &from);
    guint kept = 0;

    for (guint i = from; i < end; i++)
        kept += keep_entry (files, &g_array_index (files->before, Entry, i),
                            signature);
    return kept;
}

guint
mla_site_files_keep_previous (MlaSiteFiles *files, const char *prefix)
{
    guint from, end = prefix_range (files, prefix, &from);
    guint kept = 0;

    for (guint i = from; i < end; i++) {
        Entry *entry = &g_array_index (files->before, Entry, i);

        /* Not made again: it must still be there to stay listed. */
        if (mla_folder_has_file (files->folder, entry->path) &&
            g_atomic_int_compare_and_exchange (&entry->state, UNCLAIMED,
                                               KEPT)) {
            g_atomic_int_inc (&files->unchanged);
            kept++;
        }
    }
    return kept;
}

void
mla_site_files_keep_rest (MlaSiteFiles *files, const char *except)
{
    for (guint i = 0; i < files->before->len; i++) {
        Entry *entry = &g_array_index (files->before, Entry, i);

        if (except != NULL && g_str_has_prefix (entry->path, except))
            continue;
        if (g_atomic_int_compare_and_exchange (&entry->state, UNCLAIMED, KEPT))
            g_atomic_int_inc (&files->unchanged);
    }
}

/* Removes the folders of @path (relative) that its removal left empty,
 * so that a site equals a full build, folders included. */
static void
remove_empty_folders (MlaFolder *root, const char *path)
{
    g_autofree char *folder = g_path_get_dirname (path);

    while (strcmp (folder, ".") != 0) {
        char *parent;

        if (!mla_folder_remove (root, folder, AT_REMOVEDIR))
            return;
        parent = g_path_get_dirname (folder);
        g_free (folder);
        folder = parent;
    }
}

static int
compare_paths (gconstpointer a, gconstpointer b)
{
    return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static void
append_line (GString *manifest, const char *hash, const char *signature,
             const char *path)
{
    g_string_append (manifest, hash);
    if (signature != NULL) {
        g_string_append_c (manifest, ' ');
        g_string_append (manifest, signature);
    }
    g_string_append_c (manifest, ' ');
    g_string_append (manifest, path);
    g_string_append_c (manifest, '\n');
}

/* The manifest of this build, sorted by path: the kept entries of the
 * last one merged with the files this one wrote. */
static GString *
make_manifest (MlaSiteFiles *files)
{
    g_autoptr (GPtrArray) paths = g_ptr_array_new ();
    GString *manifest = g_string_sized_new (
        (files->before->len + g_hash_table_size (files->now)) * 160 + 1);
    GHashTableIter iter;
    gpointer key;
    guint e = 0, p = 0;

    g_hash_table_iter_init (&iter, files->now);
    while (g_hash_table_iter_next (&iter, &key, NULL))
        g_ptr_array_add (paths, key);
    g_ptr_array_sort (paths, compare_paths);
    while (e < files->before->len || p < paths->len) {
        const Entry *entry = e < files->before->len
                                 ? &g_array_index (files->before, Entry, e)
                                 : NULL;
        const char *path = p < paths->len ? paths->pdata[p] : NULL;

        if (path == NULL || (entry != NULL && strcmp (entry->path, path) < 0)) {
            if (entry->state == KEPT)
                append_line (manifest, entry->hash, entry->signature,
                             entry->path);
            e++;
            continue;
        }
        append_line (manifest, g_hash_table_lookup (files->now, path),
                     g_hash_table_lookup (files->made_from, path), path);
        e += entry != NULL && strcmp (entry->path, path) == 0;
        p++;
    }
    return manifest;
}

gboolean
mla_site_files_finish (MlaSiteFiles *files, MlaSiteStats *stats, GError **error)
{
    g_autoptr (GString) manifest = NULL;
    guint64 removed = 0;

    /* New files first: no page in place links to them yet. */
    if (!rename_written (files, files->created, error) ||
        !rename_written (files, files->replaced, error))
        return FALSE;
    files->finished = TRUE;
    for (guint i = 0; i < files->before->len; i++) {
        const Entry *entry = &g_array_index (files->before, Entry, i);

        if (entry->state != UNCLAIMED)
            continue;
        /* Nothing below a link: a folder replaced by one keeps its files. */
        if (mla_folder_remove (files->folder, entry->path, 0)) {
            removed++;
            remove_empty_folders (files->folder, entry->path);
        }
    }
    manifest = make_manifest (files);
    if (stats != NULL) {
        stats->written += (guint64) files->written;
        stats->unchanged += (guint64) files->unchanged;
        stats->removed += removed;
    }
    if (!mla_atomic_file_set_contents (files->folder, MLA_SITE_MANIFEST,
                                       manifest->str, manifest->len, error))
        return FALSE;
    mla_folder_remove (files->folder, MARKER, 0);
    return TRUE;
}
