/* mla-folder.c: files reached from a folder's descriptor, never through a
 * link. Folders below the root are opened once and their descriptors kept
 * (a bounded number), so a site of 30,000 files costs one openat per file
 * rather than an mkdir and an lstat per part of each path. */
#include "config.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <linux/openat2.h>
#include <sys/syscall.h>
#include <glib/gstdio.h>
#include "mla-error.h"
#include "mla-folder-private.h"

/* Folder descriptors kept open at most; past that the cache starts over. */
#define MAX_CACHED 128

struct MlaFolder {
    char *path;
    int fd;
    GHashTable *folders; /* relative folder -> descriptor + 1 */
    GMutex lock;
};

static gboolean no_openat2; /* the kernel said ENOSYS once */

void
mla_folder_free (MlaFolder *folder)
{
    if (folder == NULL)
        return;
    g_clear_pointer (&folder->folders, g_hash_table_unref);
    if (folder->fd >= 0)
        close (folder->fd);
    g_mutex_clear (&folder->lock);
    g_free (folder->path);
    g_free (folder);
}

static void
close_cached (gpointer value)
{
    close (GPOINTER_TO_INT (value) - 1);
}

MlaFolder *
mla_folder_open (const char *path, MlaFolderFlags flags, GError **error)
{
    g_autoptr (MlaFolder) folder = g_new0 (MlaFolder, 1);

    folder->path = g_strdup (path);
    folder->folders =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, close_cached);
    g_mutex_init (&folder->lock);
    if ((flags & MLA_FOLDER_CREATE) && g_mkdir_with_parents (path, 0755) != 0)
        return mla_throw_errno (error, errno, path), NULL;
    folder->fd = open (path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folder->fd < 0)
        return mla_throw_errno (error, errno, path), NULL;
    return g_steal_pointer (&folder);
}

const char *
mla_folder_get_path (MlaFolder *folder)
{
    return folder->path;
}

char *
mla_folder_full_path (MlaFolder *folder, const char *relative)
{
    if (relative[0] == '\0')
        return g_strdup (folder->path);
    return g_strconcat (folder->path, "/", relative, NULL);
}

gboolean
mla_folder_is_plain (const char *relative)
{
    const char *part = relative;

    if (relative[0] == '\0' || relative[0] == '/')
        return FALSE;
    while (part != NULL) {
        const char *end = strchr (part, '/');
        gsize n = end != NULL ? (gsize) (end - part) : strlen (part);

        if (n == 0 || (n == 1 && part[0] == '.') ||
            (n == 2 && part[0] == '.' && part[1] == '.'))
            return FALSE;
        part = end != NULL ? end + 1 : NULL;
    }
    return TRUE;
}

static gboolean
throw_at (MlaFolder *folder, const char *relative, int errsv, GError **error)
{
    g_autofree char *full = mla_folder_full_path (folder, relative);

    if (errsv == ELOOP || errsv == EXDEV)
        return mla_throw (error, MLA_ERROR_IO,
                          "%s: a symbolic link on the way; not following it "
                          "(nothing outside %s is touched)",
                          full, folder->path);
    if (errsv == ENOTDIR)
        return mla_throw (error, MLA_ERROR_IO,
                          "%s: a link or a file where a folder should be; "
                          "not following it (nothing outside %s is touched)",
                          full, folder->path);
    if (errsv == ENOENT)
        return mla_throw (error, MLA_ERROR_NOT_FOUND, "%s: %s", full,
                          g_strerror (errsv));
    return mla_throw_errno (error, errsv, full);
}

/* Without openat2: each folder on the way opened with O_NOFOLLOW. */
static int
open_by_parts (int root, const char *relative, int flags, mode_t mode)
{
    g_auto (GStrv) parts = g_strsplit (relative, "/", -1);
    guint n = g_strv_length (parts);
    int fd = root;

    for (guint i = 0; i + 1 < n; i++) {
        int next = openat (fd, parts[i],
                           O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        int saved = errno;

        if (fd != root)
            close (fd);
        if (next < 0)
            return errno = saved, -1;
        fd = next;
    }
    {
        int result = openat (fd, parts[n - 1], flags | O_NOFOLLOW, mode);
        int saved = errno;

        if (fd != root)
            close (fd);
        errno = saved;
        return result;
    }
}

/* Opens @relative below @root without following any link or leaving it. */
static int
open_beneath (int root, const char *relative, int flags)
{
    struct open_how how = { .flags = (guint64) flags | O_NOFOLLOW,
                            .resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS };
    long fd;

    if (!mla_folder_is_plain (relative))
        return errno = EXDEV, -1;
    if (!g_atomic_int_get (&no_openat2)) {
        fd = syscall (SYS_openat2, root, relative, &how, sizeof how);
        if (fd >= 0 || errno != ENOSYS)
            return (int) fd;
        g_atomic_int_set (&no_openat2, TRUE);
    }
    return open_by_parts (root, relative, flags, 0);
}

/* The descriptor of the folder @relative ("" the root), created with its
 * parents when @create; -1 with errno set. Called with the lock held. */
static int
folder_fd (MlaFolder *folder, const char *relative, gboolean create)
{
    gpointer cached;
    g_autofree char *parent_path = NULL;
    const char *slash, *name;
    int parent, fd;

    if (relative[0] == '\0')
        return folder->fd;
    if ((cached = g_hash_table_lookup (folder->folders, relative)) != NULL)
        return GPOINTER_TO_INT (cached) - 1;
    fd =
        open_beneath (folder->fd, relative, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0 && errno == ENOENT && create) {
        slash = strrchr (relative, '/');
        parent_path = slash != NULL ? g_strndup (relative, slash - relative)
                                    : g_strdup ("");
        name = slash != NULL ? slash + 1 : relative;
        if ((parent = folder_fd (folder, parent_path, TRUE)) < 0)
            return -1;
        if (mkdirat (parent, name, 0755) != 0 && errno != EEXIST)
            return -1;
        fd = openat (parent, name,
                     O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    }
    if (fd < 0)
        return -1;
    g_hash_table_insert (folder->folders, g_strdup (relative),
                         GINT_TO_POINTER (fd + 1));
    return fd;
}

/* Takes the lock, starting the cache over when it is full. */
static void
lock (MlaFolder *folder)
{
    g_mutex_lock (&folder->lock);
    if (g_hash_table_size (folder->folders) > MAX_CACHED)
        g_hash_table_remove_all (folder->folders);
}

/* The descriptor of the folder holding @relative, and its last part in
 * *@name; -1 with errno set. Called with the lock held. */
static int
parent_fd (MlaFolder *folder, const char *relative, gboolean create,
           const char **name)
{
    const char *slash = strrchr (relative, '/');
    g_autofree char *parent = NULL;

    if (!mla_folder_is_plain (relative))
        return errno = EXDEV, -1;
    *name = slash != NULL ? slash + 1 : relative;
    parent =
        slash != NULL ? g_strndup (relative, slash - relative) : g_strdup ("");
    return folder_fd (folder, parent, create);
}

static int
create_in (int parent, const char *name)
{
    int flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
    int fd = openat (parent, name, flags, 0644);

    /* A leftover, or a link or FIFO placed there: the entry goes, what it
     * points to stays. */
    if (fd < 0 && errno == EEXIST && unlinkat (parent, name, 0) == 0)
        fd = openat (parent, name, flags, 0644);
    return fd;
}

int
mla_folder_create_file (MlaFolder *folder, const char *relative, GError **error)
{
    const char *name;
    int parent, fd = -1, saved;

    lock (folder);
    parent = parent_fd (folder, relative, TRUE, &name);
    if (parent >= 0)
        fd = create_in (parent, name);
    saved = errno;
    g_mutex_unlock (&folder->lock);
    if (fd < 0)
        return throw_at (folder, relative, saved, error), -1;
    return fd;
}

int
mla_folder_open_file (MlaFolder *folder, const char *relative, GError **error)
{
    int fd =
        open_beneath (folder->fd, relative, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;

    if (fd < 0)
        return throw_at (folder, relative, errno, error), -1;
    if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode)) {
        g_autofree char *full = mla_folder_full_path (folder, relative);

        close (fd);
        return mla_throw (error, MLA_ERROR_IO,
                          "%s: not a regular file; not reading it", full),
               -1;
    }
    return fd;
}

gboolean
mla_folder_read_file (MlaFolder *folder, const char *relative, char **contents,
                      gsize *length, GError **error)
{
    int fd = mla_folder_open_file (folder, relative, error);
    g_autoptr (GString) text = NULL;
    char buffer[65536];
    struct stat st;
    ssize_t n;

    if (fd < 0)
        return FALSE;
    /* Sized once: a site's manifest runs to megabytes. */
    text = g_string_sized_new (
        fstat (fd, &st) == 0 && st.st_size > 0 ? (gsize) st.st_size + 1 : 0);
    while ((n = read (fd, buffer, sizeof buffer)) != 0) {
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            int saved = errno;

            close (fd);
            return throw_at (folder, relative, saved, error);
        }
        g_string_append_len (text, buffer, n);
    }
    close (fd);
    if (length != NULL)
        *length = text->len;
    *contents = g_string_free (g_steal_pointer (&text), FALSE);
    return TRUE;
}

gboolean
mla_folder_stat (MlaFolder *folder, const char *relative, struct stat *st)
{
    const char *name;
    gboolean ok;
    int parent;

    lock (folder);
    parent = parent_fd (folder, relative, FALSE, &name);
    ok = parent >= 0 && fstatat (parent, name, st, AT_SYMLINK_NOFOLLOW) == 0;
    g_mutex_unlock (&folder->lock);
    return ok;
}

gboolean
mla_folder_has_file (MlaFolder *folder, const char *relative)
{
    struct stat st;

    return mla_folder_stat (folder, relative, &st) && S_ISREG (st.st_mode);
}

gboolean
mla_folder_rename (MlaFolder *folder, const char *from, const char *to,
                   GError **error)
{
    const char *from_name, *to_name;
    int from_parent, to_parent = -1, saved;
    gboolean ok = FALSE;

    lock (folder);
    from_parent = parent_fd (folder, from, FALSE, &from_name);
    if (from_parent >= 0)
        to_parent = parent_fd (folder, to, FALSE, &to_name);
    if (to_parent >= 0)
        ok = renameat (from_parent, from_name, to_parent, to_name) == 0;
    saved = errno;
    g_mutex_unlock (&folder->lock);
    return ok || throw_at (folder, to, saved, error);
}

gboolean
mla_folder_remove (MlaFolder *folder, const char *relative, int flags)
{
    const char *name;
    gboolean ok = FALSE;
    int parent, saved;

    lock (folder);
    parent = parent_fd (folder, relative, FALSE, &name);
    if (parent >= 0)
        ok = unlinkat (parent, name, flags) == 0;
    saved = errno;
    /* A removed folder's descriptor must not be found again. */
    if (ok && (flags & AT_REMOVEDIR))
        g_hash_table_remove (folder->folders, relative);
    g_mutex_unlock (&folder->lock);
    errno = saved;
    return ok;
}

gboolean
mla_folder_link (MlaFolder *folder, const char *from, const char *to)
{
    const char *from_name, *to_name;
    int from_parent, to_parent = -1, saved;
    gboolean ok = FALSE;
    struct stat st;

    lock (folder);
    from_parent = parent_fd (folder, from, FALSE, &from_name);
    if (from_parent >= 0 &&
        fstatat (from_parent, from_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
        S_ISREG (st.st_mode))
        to_parent = parent_fd (folder, to, TRUE, &to_name);
    if (to_parent >= 0)
        ok = linkat (from_parent, from_name, to_parent, to_name, 0) == 0;
    saved = errno;
    g_mutex_unlock (&folder->lock);
    errno = saved;
    return ok;
}

void
mla_folder_remove_tree (MlaFolder *folder, const char *relative)
{
    struct stat st;

    if (!mla_folder_stat (folder, relative, &st))
        return;
    if (S_ISDIR (st.st_mode)) {
        g_autoptr (GPtrArray) names = mla_folder_list (folder, relative);

        for (guint i = 0; names != NULL && i < names->len; i++) {
            g_autofree char *child =
                g_strconcat (relative, "/", (char *) names->pdata[i], NULL);

            if (g_str_has_suffix (child, "/"))
                child[strlen (child) - 1] = '\0';
            mla_folder_remove_tree (folder, child);
        }
        mla_folder_remove (folder, relative, AT_REMOVEDIR);
    } else {
        mla_folder_remove (folder, relative, 0);
    }
}

gboolean
mla_folder_make (MlaFolder *folder, const char *relative, GError **error)
{
    int fd, saved;

    lock (folder);
    fd = folder_fd (folder, relative, TRUE);
    saved = errno;
    g_mutex_unlock (&folder->lock);
    return fd >= 0 || throw_at (folder, relative, saved, error);
}

static gboolean
is_subfolder (int fd, const struct dirent *entry)
{
    struct stat st;

    if (entry->d_type != DT_UNKNOWN)
        return entry->d_type == DT_DIR;
    return fstatat (fd, entry->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
           S_ISDIR (st.st_mode);
}

GPtrArray *
mla_folder_list (MlaFolder *folder, const char *relative)
{
    g_autoptr (GPtrArray) names = NULL;
    struct dirent *entry;
    DIR *dir = NULL;
    int fd, own;

    lock (folder);
    fd = folder_fd (folder, relative, FALSE);
    /* Its own descriptor: readdir moves the offset. */
    own = fd >= 0 ? openat (fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
    g_mutex_unlock (&folder->lock);
    if (own < 0 || (dir = fdopendir (own)) == NULL) {
        if (own >= 0)
            close (own);
        return NULL;
    }
    names = g_ptr_array_new_with_free_func (g_free);
    while ((entry = readdir (dir)) != NULL) {
        if (strcmp (entry->d_name, ".") == 0 ||
            strcmp (entry->d_name, "..") == 0)
            continue;
        g_ptr_array_add (
            names, g_strconcat (entry->d_name,
                                is_subfolder (own, entry) ? "/" : "", NULL));
    }
    closedir (dir);
    return g_steal_pointer (&names);
}

void
mla_folder_remove_leftovers (MlaFolder *folder, const char *relative,
                             MlaFolderWalkFlags flags)
{
    g_autoptr (GPtrArray) names = mla_folder_list (folder, relative);

    for (guint i = 0; names != NULL && i < names->len; i++) {
        const char *name = names->pdata[i];
        g_autofree char *path = relative[0] == '\0'
                                    ? g_strdup (name)
                                    : g_strconcat (relative, "/", name, NULL);

        if (g_str_has_suffix (name, "/")) {
            path[strlen (path) - 1] = '\0';
            if (flags & MLA_FOLDER_RECURSIVE)
                mla_folder_remove_leftovers (folder, path, flags);
        } else if (g_str_has_suffix (name, ".tmp")) {
            mla_folder_remove (folder, path, 0);
        }
    }
}

gboolean
mla_folder_sync (MlaFolder *folder, const char *relative, GError **error)
{
    int fd = relative[0] == '\0'
                 ? dup (folder->fd)
                 : open_beneath (folder->fd, relative,
                                 O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    gboolean ok;

    if (fd < 0)
        return throw_at (folder, relative, errno, error);
    ok = fstat (fd, &st) == 0 && (S_ISDIR (st.st_mode) || S_ISREG (st.st_mode));
    if (!ok)
        errno = EINVAL;
    ok = ok && fsync (fd) == 0;
    if (!ok) {
        int saved = errno;

        close (fd);
        return throw_at (folder, relative, saved, error);
    }
    close (fd);
    return TRUE;
}

char *
mla_folder_name_key (const char *name)
{
    g_autofree char *decomposed = NULL;
    g_autofree char *folded = NULL;

    /* ASCII (nearly every name) is its own NFD, and folds as it lowers. */
    if (g_str_is_ascii (name) || !g_utf8_validate (name, -1, NULL))
        return g_ascii_strdown (name, -1);
    decomposed = g_utf8_normalize (name, -1, G_NORMALIZE_NFD);
    folded = g_utf8_casefold (decomposed, -1);
    return g_utf8_normalize (folded, -1, G_NORMALIZE_NFD);
}
