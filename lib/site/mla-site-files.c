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
    GHashTable *before;           /* path -> hex SHA-256, from the manifest */
    GHashTable *now;              /* path -> hex SHA-256, made by this build */
    GHashTable *made_from_before; /* path -> signature of its sources, from the
                                     manifest */
    GHashTable *made_from;        /* path -> signature, this build */
    GPtrArray *created;  /* paths written to NAME.tmp that had no file */
    GPtrArray *replaced; /* paths written to NAME.tmp over a file */
    gboolean finished;
    guint64 written;
    guint64 unchanged;
    GMutex lock;
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
    g_clear_pointer (&files->before, g_hash_table_unref);
    g_clear_pointer (&files->now, g_hash_table_unref);
    g_clear_pointer (&files->made_from_before, g_hash_table_unref);
    g_clear_pointer (&files->made_from, g_hash_table_unref);
    g_mutex_clear (&files->lock);
    g_free (files);
}

MlaFolder *
mla_site_files_get_folder (MlaSiteFiles *files)
{
    return files->folder;
}

/* A relative path of plain names: no empty, "." or ".." part, no
 * backslash, and none of the site's own files (the manifest, its marker,
 * the state and settings), which a page or a forged manifest line would
 * overwrite or remove. Message folders may hold "..%2F", a plain name. */
static gboolean
is_safe_path (const char *path)
{
    return strchr (path, '\\') == NULL && mla_folder_is_plain (path) &&
           !g_str_has_prefix (path, MLA_SITE_MANIFEST);
}

static gboolean
load_manifest (MlaSiteFiles *files, GError **error)
{
    g_autofree char *contents = NULL;
    g_auto (GStrv) lines = NULL;
    g_autoptr (GError) local = NULL;

    if (!mla_folder_read_file (files->folder, MLA_SITE_MANIFEST, &contents,
                               NULL, &local)) {
        if (g_error_matches (local, MLA_ERROR, MLA_ERROR_NOT_FOUND))
            return TRUE;
        return g_propagate_error (error, g_steal_pointer (&local)), FALSE;
    }
    lines = g_strsplit (contents, "\n", -1);
    for (guint i = 0; lines[i] != NULL; i++) {
        /* "SHA256 PATH", or "SHA256 SIGNATURE PATH" for a file made from
         * sources whose signature is known. */
        g_auto (GStrv) fields = g_strsplit (lines[i], " ", 3);
        guint n = g_strv_length (fields);
        const char *file = n == 2 ? fields[1] : n == 3 ? fields[2] : NULL;

        /* Only what this program would write: no way out of the folder. */
        if (file == NULL || strlen (fields[0]) != MLA_SHA256_HEX_SIZE - 1 ||
            !is_safe_path (file))
            continue;
        g_hash_table_insert (files->before, g_strdup (file),
                             g_strdup (fields[0]));
        if (n == 3)
            g_hash_table_insert (files->made_from_before, g_strdup (file),
                                 g_strdup (fields[1]));
    }
    return TRUE;
}

#define MARKER MLA_SITE_MANIFEST ".running"

MlaSiteFiles *
mla_site_files_open (MlaFolder *folder, GError **error)
{
    g_autoptr (MlaSiteFiles) files = g_new0 (MlaSiteFiles, 1);
    struct stat st;

    files->folder = folder;
    files->before =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
    files->now =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
    files->made_from_before =
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

/* Whether @path and a file of this build are one the other's temporary
 * name ("a" and "a.tmp"): renaming one into place would overwrite the
 * other. Called with the lock held. */
static gboolean
clashes (MlaSiteFiles *files, const char *path)
{
    g_autofree char *tmp = tmp_path (path);
    g_autofree char *stem = g_str_has_suffix (path, ".tmp")
                                ? g_strndup (path, strlen (path) - 4)
                                : NULL;

    return g_hash_table_contains (files->now, tmp) ||
           (stem != NULL && g_hash_table_contains (files->now, stem));
}

gboolean
mla_site_files_put (MlaSiteFiles *files, const char *path, const void *data,
                    gsize size, GError **error)
{
    char hex[MLA_SHA256_HEX_SIZE];
    const char *old;
    gboolean same;
    struct stat st;

    if (!is_safe_path (path))
        return mla_throw (error, MLA_ERROR_INVALID,
                          "%s: not a path the site may write", path);
    mla_sha256_hex (data, size, hex);
    g_mutex_lock (&files->lock);
    if (g_hash_table_contains (files->now, path)) {
        g_mutex_unlock (&files->lock);
        return mla_throw (error, MLA_ERROR_INVALID, "%s: made twice", path);
    }
    if (clashes (files, path)) {
        g_mutex_unlock (&files->lock);
        return mla_throw (error, MLA_ERROR_INVALID,
                          "%s: clashes with the temporary name of another "
                          "file of this build",
                          path);
    }
    g_hash_table_insert (files->now, g_strdup (path), g_strdup (hex));
    old = g_hash_table_lookup (files->before, path);
    same = old != NULL && strcmp (old, hex) == 0 &&
           still_there (files, path, size);
    if (same)
        files->unchanged++;
    else {
        files->written++;
        g_ptr_array_add (mla_folder_stat (files->folder, path, &st)
                             ? files->replaced
                             : files->created,
                         g_strdup (path));
    }
    g_mutex_unlock (&files->lock);
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
    gboolean had;

    g_mutex_lock (&files->lock);
    had = g_hash_table_contains (files->before, path);
    g_mutex_unlock (&files->lock);
    return had;
}

gboolean
mla_site_files_keep (MlaSiteFiles *files, const char *path,
                     const char *signature)
{
    const char *old_signature, *old_hash;
    gboolean kept = FALSE;

    if (!is_safe_path (path))
        return FALSE;
    g_mutex_lock (&files->lock);
    old_signature = g_hash_table_lookup (files->made_from_before, path);
    old_hash = g_hash_table_lookup (files->before, path);
    if (old_signature != NULL && old_hash != NULL &&
        strcmp (old_signature, signature) == 0 &&
        !g_hash_table_contains (files->now, path) && !clashes (files, path))
        kept = mla_folder_has_file (files->folder, path);
    if (kept) {
        g_hash_table_insert (files->now, g_strdup (path), g_strdup (old_hash));
        files->unchanged++;
    }
    /* Kept or not, the file this build leaves is made from these sources. */
    g_hash_table_insert (files->made_from, g_strdup (path),
                         g_strdup (signature));
    g_mutex_unlock (&files->lock);
    return kept;
}

gboolean
mla_site_files_keep_folder (MlaSiteFiles *files, const char *folder,
                            const char *signature)
{
    g_autoptr (GPtrArray) kept = g_ptr_array_new ();
    GHashTableIter iter;
    gpointer key, value;
    gboolean all = TRUE;

    g_mutex_lock (&files->lock);
    g_hash_table_iter_init (&iter, files->made_from_before);
    while (all && g_hash_table_iter_next (&iter, &key, &value)) {
        if (!g_str_has_prefix (key, folder))
            continue;
        all = strcmp (value, signature) == 0 &&
              g_hash_table_contains (files->before, key) &&
              !g_hash_table_contains (files->now, key) &&
              !clashes (files, key) && mla_folder_has_file (files->folder, key);
        g_ptr_array_add (kept, key);
    }
    all = all && kept->len > 0;
    for (guint i = 0; all && i < kept->len; i++) {
        const char *path = kept->pdata[i];

        g_hash_table_insert (
            files->now, g_strdup (path),
            g_strdup (g_hash_table_lookup (files->before, path)));
        g_hash_table_insert (files->made_from, g_strdup (path),
                             g_strdup (signature));
        files->unchanged++;
    }
    g_mutex_unlock (&files->lock);
    return all;
}

guint
mla_site_files_keep_previous (MlaSiteFiles *files, const char *prefix)
{
    GHashTableIter iter;
    gpointer key, value;
    guint kept = 0;

    g_mutex_lock (&files->lock);
    g_hash_table_iter_init (&iter, files->before);
    while (g_hash_table_iter_next (&iter, &key, &value)) {
        const char *made_from;

        if (!g_str_has_prefix (key, prefix) ||
            g_hash_table_contains (files->now, key) || clashes (files, key) ||
            !mla_folder_has_file (files->folder, key))
            continue;
        g_hash_table_insert (files->now, g_strdup (key), g_strdup (value));
        made_from = g_hash_table_lookup (files->made_from_before, key);
        if (made_from != NULL)
            g_hash_table_insert (files->made_from, g_strdup (key),
                                 g_strdup (made_from));
        files->unchanged++;
        kept++;
    }
    g_mutex_unlock (&files->lock);
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

static int
compare_paths (gconstpointer a, gconstpointer b)
{
    return strcmp (*(const char *const *) a, *(const char *const *) b);
}

gboolean
mla_site_files_finish (MlaSiteFiles *files, MlaSiteStats *stats, GError **error)
{
    g_autoptr (GPtrArray) paths = g_ptr_array_new ();
    g_autoptr (GString) manifest = g_string_new (NULL);
    GHashTableIter iter;
    gpointer key, value;
    guint64 removed = 0;

    /* New files first: no page in place links to them yet. */
    if (!rename_written (files, files->created, error) ||
        !rename_written (files, files->replaced, error))
        return FALSE;
    files->finished = TRUE;
    g_hash_table_iter_init (&iter, files->before);
    while (g_hash_table_iter_next (&iter, &key, NULL)) {
        if (g_hash_table_contains (files->now, key))
            continue;
        /* Nothing below a link: a folder replaced by one keeps its files. */
        if (mla_folder_remove (files->folder, key, 0)) {
            removed++;
            remove_empty_folders (files->folder, key);
        }
    }
    g_hash_table_iter_init (&iter, files->now);
    while (g_hash_table_iter_next (&iter, &key, &value))
        g_ptr_array_add (paths, key);
    g_ptr_array_sort (paths, compare_paths);
    for (guint i = 0; i < paths->len; i++) {
        const char *signature =
            g_hash_table_lookup (files->made_from, paths->pdata[i]);

        g_string_append_printf (
            manifest, "%s%s%s %s\n",
            (const char *) g_hash_table_lookup (files->now, paths->pdata[i]),
            signature != NULL ? " " : "", signature != NULL ? signature : "",
            (const char *) paths->pdata[i]);
    }
    if (stats != NULL) {
        stats->written += files->written;
        stats->unchanged += files->unchanged;
        stats->removed += removed;
    }
    if (!mla_atomic_file_set_contents (files->folder, MLA_SITE_MANIFEST,
                                       manifest->str, manifest->len, error))
        return FALSE;
    mla_folder_remove (files->folder, MARKER, 0);
    return TRUE;
}
