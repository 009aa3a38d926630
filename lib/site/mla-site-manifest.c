/* mla-site-manifest.c: a sorted base read through a mapping, and a small
 * delta read whole. At 100,000 messages the base holds several hundred
 * thousand lines (about 50 MB): an update that touches ten pages reads a
 * few of its pages and writes the delta, where it read and wrote all of
 * it. */
#include "config.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "mla-atomic-file-private.h"
#include "mla-error.h"
#include "mla-site-manifest-private.h"

#define HASH_LEN (MLA_SHA256_HEX_SIZE - 1)
#define DELTA_MAGIC "mlarc-site-delta"

/* A line of the delta: @hash is NULL when the path was removed. */
typedef struct {
    char *hash;
    char *signature;
} DeltaLine;

/* The base a delta applies to, as stat and the writer saw it. */
typedef struct {
    guint64 size;
    guint64 sec;
    guint64 nsec;
    guint64 ino;
    guint64 lines;
} Stamp;

struct MlaSiteManifest {
    MlaFolder *folder;
    GBytes *base; /* mapped, or the sorted lines of a base read whole */
    const char *data;
    gsize size;
    gboolean has_base;
    gboolean rewrite_base;  /* read whole: forged or unsorted lines */
    gboolean dirty;         /* the delta file differs from what is read */
    Stamp stamp;            /* of the base as mapped */
    GHashTable *delta;      /* path -> DeltaLine */
    GPtrArray *delta_paths; /* the delta's paths, sorted; NULL when stale */
};

gboolean
mla_site_manifest_is_safe_path (const char *path)
{
    /* Message folders may hold "..%2F", a plain name. The site's own files
     * (the manifest, its delta and marker, the state and settings) are
     * none: a page or a forged line would overwrite or remove them. */
    return strlen (path) <= MLA_SITE_PATH_MAX && strchr (path, '\\') == NULL &&
           mla_folder_is_plain (path) && !g_str_has_suffix (path, ".tmp") &&
           !g_str_has_prefix (path, MLA_SITE_MANIFEST);
}

static void
delta_line_free (gpointer data)
{
    DeltaLine *line = data;

    g_free (line->hash);
    g_free (line->signature);
    g_free (line);
}

void
mla_site_manifest_free (MlaSiteManifest *manifest)
{
    if (manifest == NULL)
        return;
    g_clear_pointer (&manifest->base, g_bytes_unref);
    g_clear_pointer (&manifest->delta, g_hash_table_unref);
    g_clear_pointer (&manifest->delta_paths, g_ptr_array_unref);
    g_free (manifest);
}

/* The offset of the '\n' ending the line at @at, or the end. */
static gsize
line_end (MlaSiteManifest *manifest, gsize at)
{
    const char *nl = memchr (manifest->data + at, '\n', manifest->size - at);

    return nl != NULL ? (gsize) (nl - manifest->data) : manifest->size;
}

static gsize
next_line (MlaSiteManifest *manifest, gsize at)
{
    gsize end = line_end (manifest, at);

    return end < manifest->size ? end + 1 : manifest->size;
}

/* Orders paths as strcmp() does, for bytes that are not NUL-terminated. */
static int
compare_paths (const char *a, gsize a_len, const char *b, gsize b_len)
{
    int order = memcmp (a, b, MIN (a_len, b_len));

    return order != 0 ? order : (a_len > b_len) - (a_len < b_len);
}

/* Cuts @line ("SHA256 PATH", or "SHA256 SIGNATURE PATH") without changing
 * it. A line of another shape is FALSE, its path the whole line (only for
 * ordering). */
static gboolean
split_line (const char *line, gsize len, const char **path, gsize *path_len,
            const char **signature, gsize *signature_len)
{
    const char *space = memchr (line, ' ', len);
    const char *second;

    *path = line;
    *path_len = len;
    *signature = NULL;
    *signature_len = 0;
    if (space == NULL || space - line != HASH_LEN)
        return FALSE;
    *path = space + 1;
    *path_len = len - HASH_LEN - 1;
    second = memchr (*path, ' ', *path_len);
    if (second != NULL) {
        *signature = *path;
        *signature_len = (gsize) (second - *path);
        *path = second + 1;
        *path_len = len - (gsize) (*path - line);
    }
    return TRUE;
}

/* Fills @entry from @line: FALSE for a forged or hand-edited line, whose
 * path this program would not write (no way out of the folder). */
static gboolean
fill_entry (const char *line, gsize len, MlaSiteEntry *entry)
{
    const char *path;
    gsize path_len;

    if (!split_line (line, len, &path, &path_len, &entry->signature,
                     &entry->signature_len) ||
        path_len > MLA_SITE_PATH_MAX || memchr (line, '\0', len) != NULL)
        return FALSE;
    memcpy (entry->path, path, path_len);
    entry->path[path_len] = '\0';
    entry->hash = line;
    return mla_site_manifest_is_safe_path (entry->path);
}

static void
base_path (MlaSiteManifest *manifest, gsize at, const char **path,
           gsize *path_len)
{
    const char *signature;
    gsize signature_len;

    split_line (manifest->data + at, line_end (manifest, at) - at, path,
                path_len, &signature, &signature_len);
}

static gboolean
base_entry (MlaSiteManifest *manifest, gsize at, MlaSiteEntry *entry)
{
    return fill_entry (manifest->data + at, line_end (manifest, at) - at,
                       entry);
}

/* The offset of the first base line whose path is not before @key: a
 * binary search on byte offsets, each probe skipping to the next line
 * start. Invariant: @low is a line start, and the answer lies between
 * @low and the first line start at or after @high. */
static gsize
lower_bound (MlaSiteManifest *manifest, const char *key)
{
    gsize key_len = strlen (key), low = 0, high = manifest->size;

    while (low < high) {
        gsize mid = low + (high - low) / 2;
        gsize at = mid == 0 ? 0 : next_line (manifest, mid - 1);
        const char *path;
        gsize path_len;

        if (at >= high) {
            high = mid; /* no line starts in [mid, high) */
            continue;
        }
        base_path (manifest, at, &path, &path_len);
        if (compare_paths (path, path_len, key, key_len) < 0)
            low = next_line (manifest, at);
        else
            high = at;
    }
    return low;
}

static gboolean
base_find (MlaSiteManifest *manifest, const char *path, MlaSiteEntry *entry)
{
    gsize at = lower_bound (manifest, path);

    return at < manifest->size && base_entry (manifest, at, entry) &&
           strcmp (entry->path, path) == 0;
}

static gboolean
delta_entry (const char *path, const DeltaLine *line, MlaSiteEntry *entry)
{
    if (line->hash == NULL)
        return FALSE;
    entry->hash = line->hash;
    entry->signature = line->signature;
    entry->signature_len = line->signature ? strlen (line->signature) : 0;
    g_strlcpy (entry->path, path, sizeof entry->path);
    return TRUE;
}

gboolean
mla_site_manifest_lookup (MlaSiteManifest *manifest, const char *path,
                          MlaSiteEntry *entry)
{
    const DeltaLine *line = g_hash_table_lookup (manifest->delta, path);

    if (line != NULL)
        return delta_entry (path, line, entry);
    return base_find (manifest, path, entry);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
    return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static void
sort_delta_paths (MlaSiteManifest *manifest)
{
    GHashTableIter iter;
    gpointer key;

    if (manifest->delta_paths != NULL)
        return;
    manifest->delta_paths =
        g_ptr_array_sized_new (g_hash_table_size (manifest->delta));
    g_hash_table_iter_init (&iter, manifest->delta);
    while (g_hash_table_iter_next (&iter, &key, NULL))
        g_ptr_array_add (manifest->delta_paths, key);
    g_ptr_array_sort (manifest->delta_paths, compare_strings);
}

void
mla_site_manifest_iter_init (MlaSiteManifestIter *iter,
                             MlaSiteManifest *manifest, const char *prefix)
{
    guint low = 0, high;

    sort_delta_paths (manifest);
    high = manifest->delta_paths->len;
    while (low < high) {
        guint mid = low + (high - low) / 2;

        if (strcmp (manifest->delta_paths->pdata[mid], prefix) < 0)
            low = mid + 1;
        else
            high = mid;
    }
    iter->manifest = manifest;
    iter->prefix = prefix;
    iter->base_at = lower_bound (manifest, prefix);
    iter->delta_at = low;
}

/* The next base path under the prefix, or NULL. */
static const char *
iter_base_path (MlaSiteManifestIter *iter, gsize *path_len)
{
    gsize prefix_len = strlen (iter->prefix);
    const char *path;

    if (iter->base_at >= iter->manifest->size)
        return NULL;
    base_path (iter->manifest, iter->base_at, &path, path_len);
    if (*path_len < prefix_len || memcmp (path, iter->prefix, prefix_len) != 0)
        return NULL;
    return path;
}

gboolean
mla_site_manifest_iter_next (MlaSiteManifestIter *iter, MlaSiteEntry *entry)
{
    MlaSiteManifest *manifest = iter->manifest;

    for (;;) {
        gsize base_len = 0;
        const char *base = iter_base_path (iter, &base_len);
        const char *delta = NULL;
        int order;

        if (iter->delta_at < manifest->delta_paths->len &&
            g_str_has_prefix (manifest->delta_paths->pdata[iter->delta_at],
                              iter->prefix))
            delta = manifest->delta_paths->pdata[iter->delta_at];
        if (base == NULL && delta == NULL)
            return FALSE;
        order = base == NULL ? 1
                : delta == NULL
                    ? -1
                    : compare_paths (base, base_len, delta, strlen (delta));
        if (order < 0) {
            gsize at = iter->base_at;

            iter->base_at = next_line (manifest, at);
            if (base_entry (manifest, at, entry))
                return TRUE;
            continue;
        }
        /* The delta's line replaces the base's. */
        if (order == 0)
            iter->base_at = next_line (manifest, iter->base_at);
        iter->delta_at++;
        if (delta_entry (delta, g_hash_table_lookup (manifest->delta, delta),
                         entry))
            return TRUE;
    }
}

/* Parses one line of the delta file, in place. */
static void
read_delta_line (MlaSiteManifest *manifest, char *line, gsize len)
{
    MlaSiteEntry entry;
    DeltaLine *delta;

    if (g_str_has_prefix (line, "- ")) {
        if (mla_site_manifest_is_safe_path (line + 2))
            g_hash_table_replace (manifest->delta, g_strdup (line + 2),
                                  g_new0 (DeltaLine, 1));
        return;
    }
    if (!fill_entry (line, len, &entry))
        return;
    delta = g_new0 (DeltaLine, 1);
    delta->hash = g_strndup (entry.hash, HASH_LEN);
    if (entry.signature != NULL)
        delta->signature = g_strndup (entry.signature, entry.signature_len);
    g_hash_table_replace (manifest->delta, g_strdup (entry.path), delta);
}

/* Reads the delta whole; @stamp is what its first line says of the base. */
static gboolean
read_delta (MlaSiteManifest *manifest, Stamp *stamp, gboolean *has_stamp,
            GError **error)
{
    g_autoptr (GError) local = NULL;
    g_autofree char *contents = NULL;
    gsize length = 0;

    *has_stamp = FALSE;
    if (!mla_folder_read_file (manifest->folder, MLA_SITE_MANIFEST_DELTA,
                               &contents, &length, &local)) {
        if (g_error_matches (local, MLA_ERROR, MLA_ERROR_NOT_FOUND))
            return TRUE;
        return g_propagate_error (error, g_steal_pointer (&local)), FALSE;
    }
    *has_stamp = sscanf (contents,
                         DELTA_MAGIC " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
                                     ".%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
                                     " %" G_GUINT64_FORMAT "\n",
                         &stamp->size, &stamp->sec, &stamp->nsec, &stamp->ino,
                         &stamp->lines) == 5;
    for (char *line = contents, *end; line < contents + length;
         line = end + 1) {
        end = memchr (line, '\n', (gsize) (contents + length - line));
        if (end == NULL)
            end = contents + length;
        *end = '\0';
        read_delta_line (manifest, line, (gsize) (end - line));
    }
    return TRUE;
}

static void
set_stamp (Stamp *stamp, const struct stat *st)
{
    stamp->size = (guint64) st->st_size;
    stamp->sec = (guint64) st->st_mtim.tv_sec;
    stamp->nsec = (guint64) st->st_mtim.tv_nsec;
    stamp->ino = (guint64) st->st_ino;
}

static gboolean
map_base (MlaSiteManifest *manifest, GError **error)
{
    g_autoptr (GError) local = NULL;
    GMappedFile *mapped;
    struct stat st;
    int fd = mla_folder_open_file (manifest->folder, MLA_SITE_MANIFEST, &local);

    if (fd < 0) {
        manifest->base = g_bytes_new_static ("", 0);
        if (g_error_matches (local, MLA_ERROR, MLA_ERROR_NOT_FOUND))
            return TRUE;
        return g_propagate_error (error, g_steal_pointer (&local)), FALSE;
    }
    if (fstat (fd, &st) != 0) {
        int saved = errno;

        close (fd);
        return mla_throw (error, MLA_ERROR_IO, "%s: %s", MLA_SITE_MANIFEST,
                          g_strerror (saved));
    }
    set_stamp (&manifest->stamp, &st);
    mapped = g_mapped_file_new_from_fd (fd, FALSE, error);
    close (fd);
    if (mapped == NULL)
        return FALSE;
    manifest->base = g_mapped_file_get_bytes (mapped);
    g_mapped_file_unref (mapped);
    manifest->has_base = TRUE;
    return TRUE;
}

typedef struct {
    gsize at;
    gsize len;
    const char *path;
    gsize path_len;
} BaseLine;

static int
compare_base_lines (gconstpointer a, gconstpointer b)
{
    const BaseLine *x = a, *y = b;

    return compare_paths (x->path, x->path_len, y->path, y->path_len);
}

/* A base edited by hand: its good lines sorted, repeated paths dropped,
 * kept in memory until it is written again. */
static void
sort_base (MlaSiteManifest *manifest)
{
    g_autoptr (GArray) lines = g_array_new (FALSE, FALSE, sizeof (BaseLine));
    GString *sorted = g_string_sized_new (manifest->size + 1);
    MlaSiteEntry entry;

    for (gsize at = 0; at < manifest->size; at = next_line (manifest, at)) {
        BaseLine line = { at, line_end (manifest, at) - at, NULL, 0 };

        if (!base_entry (manifest, at, &entry))
            continue;
        base_path (manifest, at, &line.path, &line.path_len);
        g_array_append_val (lines, line);
    }
    g_array_sort (lines, compare_base_lines);
    manifest->stamp.lines = 0;
    for (guint i = 0; i < lines->len; i++) {
        const BaseLine *line = &g_array_index (lines, BaseLine, i);

        if (i > 0 && compare_base_lines (line - 1, line) == 0)
            continue;
        g_string_append_len (sorted, manifest->data + line->at,
                             (gssize) line->len);
        g_string_append_c (sorted, '\n');
        manifest->stamp.lines++;
    }
    g_bytes_unref (manifest->base);
    manifest->base = g_string_free_to_bytes (sorted);
    manifest->data = g_bytes_get_data (manifest->base, &manifest->size);
    manifest->rewrite_base = TRUE;
}

/* Reads a base the delta does not name whole, once: it must be sorted
 * and hold no forged line for a binary search to find its lines. */
static void
check_base (MlaSiteManifest *manifest)
{
    const char *last = NULL;
    gsize last_len = 0;
    gboolean clean = TRUE;
    MlaSiteEntry entry;

    manifest->stamp.lines = 0;
    for (gsize at = 0; clean && at < manifest->size;
         at = next_line (manifest, at)) {
        const char *path;
        gsize path_len;

        clean = base_entry (manifest, at, &entry);
        base_path (manifest, at, &path, &path_len);
        clean = clean && (last == NULL ||
                          compare_paths (last, last_len, path, path_len) < 0);
        last = path;
        last_len = path_len;
        manifest->stamp.lines++;
    }
    if (!clean)
        sort_base (manifest);
}

MlaSiteManifest *
mla_site_manifest_open (MlaFolder *folder, GError **error)
{
    g_autoptr (MlaSiteManifest) manifest = g_new0 (MlaSiteManifest, 1);
    Stamp named = { 0 };
    gboolean has_stamp;

    manifest->folder = folder;
    manifest->delta = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                             delta_line_free);
    if (!read_delta (manifest, &named, &has_stamp, error) ||
        !map_base (manifest, error))
        return NULL;
    manifest->data = g_bytes_get_data (manifest->base, &manifest->size);
    if (manifest->data == NULL)
        manifest->data = "";
    /* A delta without its base is dropped with it: deleting the base makes
     * the next run check every file, as it always did. */
    if (!manifest->has_base)
        g_hash_table_remove_all (manifest->delta);
    /* Not by its inode, which the stamp records too: a copy that keeps
     * modification times (cp -a, rsync -t, a backup restored) is the same
     * base, and reading it whole again would cost every copied site. */
    if (has_stamp && named.size == manifest->stamp.size &&
        named.sec == manifest->stamp.sec && named.nsec == manifest->stamp.nsec)
        manifest->stamp.lines = named.lines;
    else if (manifest->has_base) {
        check_base (manifest);
        manifest->dirty = TRUE; /* the delta must name this base */
    }
    sort_delta_paths (manifest);
    return g_steal_pointer (&manifest);
}

static gboolean
same_line (const MlaSiteEntry *entry, const char *hash, const char *signature)
{
    if (memcmp (entry->hash, hash, HASH_LEN) != 0)
        return FALSE;
    if (signature == NULL || entry->signature == NULL)
        return signature == NULL && entry->signature == NULL;
    return entry->signature_len == strlen (signature) &&
           memcmp (entry->signature, signature, entry->signature_len) == 0;
}

static void
delta_changed (MlaSiteManifest *manifest)
{
    manifest->dirty = TRUE;
    g_clear_pointer (&manifest->delta_paths, g_ptr_array_unref);
}

void
mla_site_manifest_set (MlaSiteManifest *manifest, const char *path,
                       const char *hash, const char *signature)
{
    MlaSiteEntry entry;
    DeltaLine *line;

    if (mla_site_manifest_lookup (manifest, path, &entry) &&
        same_line (&entry, hash, signature))
        return;
    delta_changed (manifest);
    /* A line the base holds already needs none in the delta. */
    if (base_find (manifest, path, &entry) &&
        same_line (&entry, hash, signature)) {
        g_hash_table_remove (manifest->delta, path);
        return;
    }
    line = g_new0 (DeltaLine, 1);
    line->hash = g_strndup (hash, HASH_LEN);
    line->signature = g_strdup (signature);
    g_hash_table_replace (manifest->delta, g_strdup (path), line);
}

void
mla_site_manifest_remove (MlaSiteManifest *manifest, const char *path)
{
    MlaSiteEntry entry;

    if (!mla_site_manifest_lookup (manifest, path, &entry))
        return;
    delta_changed (manifest);
    if (base_find (manifest, path, &entry))
        g_hash_table_replace (manifest->delta, g_strdup (path),
                              g_new0 (DeltaLine, 1));
    else
        g_hash_table_remove (manifest->delta, path);
}

static void
append_entry (GString *text, const MlaSiteEntry *entry)
{
    g_string_append_len (text, entry->hash, HASH_LEN);
    if (entry->signature != NULL) {
        g_string_append_c (text, ' ');
        g_string_append_len (text, entry->signature,
                             (gssize) entry->signature_len);
    }
    g_string_append_c (text, ' ');
    g_string_append (text, entry->path);
    g_string_append_c (text, '\n');
}

/* The delta file: the stamp of the base, then its lines sorted by path. */
static GString *
delta_text (MlaSiteManifest *manifest, gboolean with_lines)
{
    GString *text = g_string_new (NULL);

    g_string_append_printf (
        text,
        DELTA_MAGIC " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
                    ".%09" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
                    " %" G_GUINT64_FORMAT "\n",
        manifest->stamp.size, manifest->stamp.sec, manifest->stamp.nsec,
        manifest->stamp.ino, manifest->stamp.lines);
    sort_delta_paths (manifest);
    for (guint i = 0; with_lines && i < manifest->delta_paths->len; i++) {
        const char *path = manifest->delta_paths->pdata[i];
        MlaSiteEntry entry;

        if (delta_entry (path, g_hash_table_lookup (manifest->delta, path),
                         &entry))
            append_entry (text, &entry);
        else
            g_string_append_printf (text, "- %s\n", path);
    }
    return text;
}

/* One sequential pass: the base's lines merged with the delta's, written
 * as the new base, whose stamp the next delta names. */
static gboolean
merge_base (MlaSiteManifest *manifest, GError **error)
{
    g_autoptr (MlaAtomicFile) file =
        mla_atomic_file_open (manifest->folder, MLA_SITE_MANIFEST, error);
    g_autoptr (GString) chunk = g_string_sized_new (1 << 16);
    MlaSiteManifestIter iter;
    MlaSiteEntry entry;
    guint64 lines = 0;
    struct stat st;

    if (file == NULL)
        return FALSE;
    mla_site_manifest_iter_init (&iter, manifest, "");
    while (mla_site_manifest_iter_next (&iter, &entry)) {
        append_entry (chunk, &entry);
        lines++;
        if (chunk->len >= (1 << 16)) {
            if (!mla_atomic_file_write (file, chunk->str, chunk->len, error))
                return FALSE;
            g_string_truncate (chunk, 0);
        }
    }
    if (!mla_atomic_file_write (file, chunk->str, chunk->len, error) ||
        !mla_atomic_file_commit (file, error))
        return FALSE;
    if (!mla_folder_stat (manifest->folder, MLA_SITE_MANIFEST, &st))
        return mla_throw (error, MLA_ERROR_IO, "%s: gone once written",
                          MLA_SITE_MANIFEST);
    set_stamp (&manifest->stamp, &st);
    manifest->stamp.lines = lines;
    manifest->has_base = TRUE;
    manifest->rewrite_base = FALSE;
    return TRUE;
}

gboolean
mla_site_manifest_write (MlaSiteManifest *manifest,
                         MlaSiteManifestWriteFlags flags, GError **error)
{
    g_autoptr (GString) delta = delta_text (manifest, TRUE);
    guint64 lines = g_hash_table_size (manifest->delta);
    gboolean merge =
        manifest->rewrite_base || !manifest->has_base ||
        lines * MLA_SITE_MANIFEST_MERGE_RATIO > manifest->stamp.lines ||
        delta->len > MLA_SITE_MANIFEST_DELTA_MAX ||
        ((flags & MLA_SITE_MANIFEST_MERGE) && lines > 0);

    if (!merge && !manifest->dirty)
        return TRUE;
    if (merge) {
        /* The base first: a run killed before the delta is written leaves
         * the old delta, which the new base holds already. */
        if (!merge_base (manifest, error))
            return FALSE;
        g_string_free (delta, TRUE);
        delta = delta_text (manifest, FALSE);
    }
    return mla_atomic_file_set_contents (manifest->folder,
                                         MLA_SITE_MANIFEST_DELTA, delta->str,
                                         delta->len, error);
}

guint64
mla_site_manifest_get_base_lines (MlaSiteManifest *manifest)
{
    return manifest->stamp.lines;
}

guint64
mla_site_manifest_count (MlaSiteManifest *manifest)
{
    guint64 count = manifest->stamp.lines;
    GHashTableIter iter;
    gpointer path, data;
    MlaSiteEntry entry;

    g_hash_table_iter_init (&iter, manifest->delta);
    while (g_hash_table_iter_next (&iter, &path, &data)) {
        const DeltaLine *line = data;
        gboolean in_base = base_find (manifest, path, &entry);

        if (line->hash != NULL && !in_base)
            count++;
        else if (line->hash == NULL && in_base && count > 0)
            count--;
    }
    return count;
}

guint
mla_site_manifest_get_delta_lines (MlaSiteManifest *manifest)
{
    return g_hash_table_size (manifest->delta);
}
