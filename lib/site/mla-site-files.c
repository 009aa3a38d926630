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

struct MlaSiteFiles {
    MlaFolder *folder;
    MlaSiteManifest *manifest; /* the last build's: looked up without a lock */
    GHashTable *now;       /* path -> hex SHA-256 of a put, or NULL for a kept
                              file: every path this build claimed */
    GHashTable *made_from; /* path -> signature, of the files this build
                              makes */
    GHashTable *gone;      /* paths given to mla_site_files_remove() */
    GPtrArray *created;    /* paths written to NAME.tmp that had no file */
    GPtrArray *replaced;   /* paths written to NAME.tmp over a file */
    gboolean finished;
    gboolean keep_rest;
    char *except;      /* after keep_rest: where unclaimed files still go */
    GPtrArray *remade; /* folders (ending in '/') made again whatever their
                        * signatures; added to only while no other thread
                        * keeps files */
    gint written;
    gint unchanged;
    GMutex lock; /* guards now, made_from, gone, created and replaced */
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
    g_clear_pointer (&files->remade, g_ptr_array_unref);
    g_clear_pointer (&files->manifest, mla_site_manifest_free);
    g_clear_pointer (&files->now, g_hash_table_unref);
    g_clear_pointer (&files->made_from, g_hash_table_unref);
    g_clear_pointer (&files->gone, g_hash_table_unref);
    g_free (files->except);
    g_mutex_clear (&files->lock);
    g_free (files);
}

MlaFolder *
mla_site_files_get_folder (MlaSiteFiles *files)
{
    return files->folder;
}

#define MARKER MLA_SITE_MANIFEST ".running"

MlaSiteFiles *
mla_site_files_open (MlaFolder *folder, GError **error)
{
    g_autoptr (MlaSiteFiles) files = g_new0 (MlaSiteFiles, 1);
    struct stat st;

    files->folder = folder;
    files->now =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
    files->made_from =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
    files->gone = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    files->created = g_ptr_array_new_with_free_func (g_free);
    files->replaced = g_ptr_array_new_with_free_func (g_free);
    files->remade = g_ptr_array_new_with_free_func (g_free);
    g_mutex_init (&files->lock);
    files->manifest = mla_site_manifest_open (folder, error);
    if (files->manifest == NULL)
        return NULL;
    /* A run killed before it could rename its temporary files left them. */
    if (mla_folder_stat (folder, MARKER, &st))
        mla_folder_remove_leftovers (folder, "", MLA_FOLDER_RECURSIVE);
    if (!mla_atomic_file_set_contents (folder, MARKER, "", 0, error))
        return NULL;
    return g_steal_pointer (&files);
}

void
mla_site_files_keep_rest (MlaSiteFiles *files, const char *except)
{
    files->keep_rest = TRUE;
    g_free (files->except);
    files->except = g_strdup (except);
}

void
mla_site_files_remove (MlaSiteFiles *files, const char *path)
{
    if (!mla_site_manifest_is_safe_path (path))
        return;
    g_mutex_lock (&files->lock);
    g_hash_table_add (files->gone, g_strdup (path));
    g_mutex_unlock (&files->lock);
}

/* The file holds what the manifest says: same size is the cheap check. */
static gboolean
still_there (MlaSiteFiles *files, const char *path, gsize size)
{
    struct stat st;

    return mla_folder_stat (files->folder, path, &st) && S_ISREG (st.st_mode) &&
           (gsize) st.st_size == size;
}

gboolean
mla_site_files_put (MlaSiteFiles *files, const char *path, const void *data,
                    gsize size, GError **error)
{
    char hex[MLA_SHA256_HEX_SIZE];
    MlaSiteEntry entry;
    gboolean had, same;
    struct stat st;

    if (!mla_site_manifest_is_safe_path (path))
        return mla_throw (error, MLA_ERROR_INVALID,
                          "%s: not a path the site may write", path);
    mla_sha256_hex (data, size, hex);
    had = mla_site_manifest_lookup (files->manifest, path, &entry);
    g_mutex_lock (&files->lock);
    if (g_hash_table_contains (files->now, path)) {
        g_mutex_unlock (&files->lock);
        return mla_throw (error, MLA_ERROR_INVALID, "%s: made twice", path);
    }
    g_hash_table_insert (files->now, g_strdup (path), g_strdup (hex));
    same = had && memcmp (entry.hash, hex, MLA_SHA256_HEX_SIZE - 1) == 0 &&
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
    MlaSiteEntry entry;

    return mla_site_manifest_lookup (files->manifest, path, &entry);
}

static gboolean
same_signature (const MlaSiteEntry *entry, const char *signature)
{
    return entry->signature != NULL &&
           entry->signature_len == strlen (signature) &&
           memcmp (entry->signature, signature, entry->signature_len) == 0;
}

/* What a claim of a kept file found. */
typedef enum { CLAIMED_NOW, KEPT_BEFORE, MADE } Claim;

/* Claims @path as kept, unless this build claimed it already. */
static Claim
claim_kept (MlaSiteFiles *files, const char *path)
{
    gpointer hash = NULL;
    Claim claim = CLAIMED_NOW;

    g_mutex_lock (&files->lock);
    if (g_hash_table_lookup_extended (files->now, path, NULL, &hash))
        claim = hash == NULL ? KEPT_BEFORE : MADE;
    else
        g_hash_table_insert (files->now, g_strdup (path), NULL);
    g_mutex_unlock (&files->lock);
    if (claim == CLAIMED_NOW)
        g_atomic_int_inc (&files->unchanged);
    return claim;
}

static gboolean
is_claimed (MlaSiteFiles *files, const char *path)
{
    gboolean claimed;

    g_mutex_lock (&files->lock);
    claimed = g_hash_table_contains (files->now, path);
    g_mutex_unlock (&files->lock);
    return claimed;
}

void
mla_site_files_remake (MlaSiteFiles *files, const char *folder)
{
    g_return_if_fail (g_str_has_suffix (folder, "/"));
    g_ptr_array_add (files->remade, g_strdup (folder));
}

gboolean
mla_site_files_is_remade (MlaSiteFiles *files, const char *path)
{
    for (guint i = 0; i < files->remade->len; i++)
        if (g_str_has_prefix (path, files->remade->pdata[i]))
            return TRUE;
    return FALSE;
}

/* Keeps @entry when it was made from @signature: TRUE when this build
 * keeps it (now or before). */
static gboolean
keep_entry (MlaSiteFiles *files, const MlaSiteEntry *entry,
            const char *signature)
{
    return same_signature (entry, signature) &&
           !mla_site_files_is_remade (files, entry->path) &&
           claim_kept (files, entry->path) != MADE;
}

gboolean
mla_site_files_keep (MlaSiteFiles *files, const char *path,
                     const char *signature)
{
    MlaSiteEntry entry;

    if (!mla_site_manifest_is_safe_path (path))
        return FALSE;
    if (mla_site_manifest_lookup (files->manifest, path, &entry) &&
        keep_entry (files, &entry, signature))
        return TRUE;
    /* The file this build makes instead is made from these sources. */
    g_mutex_lock (&files->lock);
    g_hash_table_insert (files->made_from, g_strdup (path),
                         g_strdup (signature));
    g_mutex_unlock (&files->lock);
    return FALSE;
}

gboolean
mla_site_files_keep_folder (MlaSiteFiles *files, const char *folder,
                            const char *signature)
{
    MlaSiteManifestIter iter;
    MlaSiteEntry entry;
    gboolean any = FALSE;

    mla_site_manifest_iter_init (&iter, files->manifest, folder);
    while (mla_site_manifest_iter_next (&iter, &entry))
        if (!same_signature (&entry, signature) ||
            mla_site_files_is_remade (files, entry.path) ||
            is_claimed (files, entry.path))
            return FALSE;
    mla_site_manifest_iter_init (&iter, files->manifest, folder);
    while (mla_site_manifest_iter_next (&iter, &entry)) {
        if (!keep_entry (files, &entry, signature))
            return FALSE;
        any = TRUE;
    }
    return any;
}

guint
mla_site_files_keep_group (MlaSiteFiles *files, const char *prefix,
                           const char *signature)
{
    MlaSiteManifestIter iter;
    MlaSiteEntry entry;
    guint kept = 0;

    mla_site_manifest_iter_init (&iter, files->manifest, prefix);
    while (mla_site_manifest_iter_next (&iter, &entry))
        kept += keep_entry (files, &entry, signature);
    return kept;
}

guint
mla_site_files_keep_previous (MlaSiteFiles *files, const char *prefix)
{
    MlaSiteManifestIter iter;
    MlaSiteEntry entry;
    guint kept = 0;

    mla_site_manifest_iter_init (&iter, files->manifest, prefix);
    while (mla_site_manifest_iter_next (&iter, &entry)) {
        /* Not made again: it must still be there to stay listed. */
        if (mla_folder_has_file (files->folder, entry.path) &&
            claim_kept (files, entry.path) == CLAIMED_NOW)
            kept++;
    }
    return kept;
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

/* Adds to @paths the files of the last build under @prefix that this
 * one did not claim, walking the manifest in path order. */
static void
add_unclaimed (MlaSiteFiles *files, const char *prefix, GPtrArray *paths)
{
    MlaSiteManifestIter iter;
    MlaSiteEntry entry;

    mla_site_manifest_iter_init (&iter, files->manifest, prefix);
    while (mla_site_manifest_iter_next (&iter, &entry))
        if (!g_hash_table_contains (files->now, entry.path))
            g_ptr_array_add (paths, g_strdup (entry.path));
}

/* The files of the last build this one removes: what it did not claim
 * (in a scoped update, only those under its exception and those it was
 * told to remove). */
static GPtrArray *
unclaimed_paths (MlaSiteFiles *files)
{
    GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
    MlaSiteEntry entry;
    GHashTableIter gone;
    gpointer path;

    if (!files->keep_rest || files->except != NULL)
        add_unclaimed (files, files->keep_rest ? files->except : "", paths);
    g_hash_table_iter_init (&gone, files->gone);
    while (files->keep_rest && g_hash_table_iter_next (&gone, &path, NULL))
        if (!g_hash_table_contains (files->now, path) &&
            (files->except == NULL ||
             !g_str_has_prefix (path, files->except)) &&
            mla_site_manifest_lookup (files->manifest, path, &entry))
            g_ptr_array_add (paths, g_strdup (path));
    return paths;
}

/* How many files of the last build a scoped update keeps unvisited: all
 * but those it claimed and those it removes (counted as kept, as a
 * visit that kept them would). */
static guint64
kept_rest (MlaSiteFiles *files, guint removed)
{
    guint64 listed = mla_site_manifest_count (files->manifest);
    guint64 claimed = 0;
    GHashTableIter iter;
    gpointer path, hash;
    MlaSiteEntry entry;

    g_hash_table_iter_init (&iter, files->now);
    while (g_hash_table_iter_next (&iter, &path, &hash))
        claimed += hash == NULL ||
                   mla_site_manifest_lookup (files->manifest, path, &entry);
    return listed - MIN (listed, claimed + removed);
}

/* Removes what this build does not make, and records it and what it put
 * in the manifest. Returns: how many files were removed. */
static guint64
update_manifest (MlaSiteFiles *files)
{
    g_autoptr (GPtrArray) gone = unclaimed_paths (files);
    guint64 removed = 0;
    GHashTableIter iter;
    gpointer path, hash;

    if (files->keep_rest)
        files->unchanged += (gint) kept_rest (files, gone->len);
    for (guint i = 0; i < gone->len; i++) {
        /* Nothing below a link: a folder replaced by one keeps its files. */
        if (mla_folder_remove (files->folder, gone->pdata[i], 0)) {
            removed++;
            remove_empty_folders (files->folder, gone->pdata[i]);
        }
        mla_site_manifest_remove (files->manifest, gone->pdata[i]);
    }
    g_hash_table_iter_init (&iter, files->now);
    while (g_hash_table_iter_next (&iter, &path, &hash))
        if (hash != NULL)
            mla_site_manifest_set (
                files->manifest, path, hash,
                g_hash_table_lookup (files->made_from, path));
    return removed;
}

gboolean
mla_site_files_finish (MlaSiteFiles *files, MlaSiteStats *stats, GError **error)
{
    guint64 removed;

    /* New files first: no page in place links to them yet. */
    if (!rename_written (files, files->created, error) ||
        !rename_written (files, files->replaced, error))
        return FALSE;
    files->finished = TRUE;
    removed = update_manifest (files);
    if (stats != NULL) {
        stats->written += (guint64) files->written;
        stats->unchanged += (guint64) files->unchanged;
        stats->removed += removed;
    }
    if (!mla_site_manifest_write (
            files->manifest, files->keep_rest ? 0 : MLA_SITE_MANIFEST_MERGE,
            error))
        return FALSE;
    mla_folder_remove (files->folder, MARKER, 0);
    return TRUE;
}
