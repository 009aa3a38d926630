/* mla-folder-private.h: a folder mlarc writes beneath (an archive, a
 * site). Every file below it is reached from the folder's descriptor with
 * openat2 (RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS), so no symbolic link and
 * no "..", whatever was placed inside, takes a write, a removal or a read
 * out of the folder; only regular files are opened, and never in a way
 * that blocks (a FIFO is refused, not waited on). Where the kernel has no
 * openat2 (before Linux 5.6) each part of a path is opened in turn with
 * O_NOFOLLOW instead. Safe to use from several threads. */
#pragma once
#include <sys/stat.h>
#include <glib.h>

G_BEGIN_DECLS

typedef struct MlaFolder MlaFolder;

typedef enum {
    MLA_FOLDER_CREATE = 1 << 0, /* create the folder (and its parents) */
} MlaFolderFlags;

/* Opens @path, which may itself be reached through a link (the user named
 * it). Returns: (transfer full) (nullable): NULL with @error set. */
MlaFolder *mla_folder_open (const char *path, MlaFolderFlags flags,
                            GError **error);
void mla_folder_free (MlaFolder *folder);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaFolder, mla_folder_free)

/* Returns: (transfer none): the path it was opened with. */
const char *mla_folder_get_path (MlaFolder *folder);
/* Returns: (transfer full): @relative below the folder, for messages. */
char *mla_folder_full_path (MlaFolder *folder, const char *relative);

/* Whether @relative is a relative path of plain names: no empty, "." or
 * ".." part. */
gboolean mla_folder_is_plain (const char *relative);

/* Creates the new regular file @relative ('/'-separated, no "." or ".."
 * part) for writing, and the folders it lies in. Whatever was at that name
 * (a leftover, a link, a FIFO; not a folder) is removed first, never
 * followed. Returns: the descriptor, or -1 with @error set. */
int mla_folder_create_file (MlaFolder *folder, const char *relative,
                            GError **error);
/* Opens the regular file @relative for reading. Returns: the descriptor,
 * or -1 with @error set (MLA_ERROR_NOT_FOUND when there is nothing). */
int mla_folder_open_file (MlaFolder *folder, const char *relative,
                          GError **error);
/* Reads the regular file @relative whole, as mla_folder_open_file()
 * opens it. @contents: (out) (transfer full): NUL-terminated. */
gboolean mla_folder_read_file (MlaFolder *folder, const char *relative,
                               char **contents, gsize *length, GError **error);
/* lstat of @relative: FALSE when it or a folder above it is missing or a
 * link. */
gboolean mla_folder_stat (MlaFolder *folder, const char *relative,
                          struct stat *st);
/* Whether @relative is a regular file (not a link). */
gboolean mla_folder_has_file (MlaFolder *folder, const char *relative);

/* Renames @from over @to (both below the folder); a link at @to is
 * replaced, not followed. */
gboolean mla_folder_rename (MlaFolder *folder, const char *from, const char *to,
                            GError **error);
/* Removes the entry @relative (a file, a link or a FIFO; a folder when it
 * is empty and @flags is AT_REMOVEDIR), never what a link points to, and
 * nothing below a link. Sets errno and returns FALSE when it was not
 * removed. */
gboolean mla_folder_remove (MlaFolder *folder, const char *relative, int flags);
/* Makes @to (its folders created) a hard link to the regular file @from;
 * sets errno and returns FALSE when it cannot. */
gboolean mla_folder_link (MlaFolder *folder, const char *from, const char *to);
/* Removes @relative and all below it, as mla_folder_remove() does. */
void mla_folder_remove_tree (MlaFolder *folder, const char *relative);
/* Creates the folder @relative and the folders above it. */
gboolean mla_folder_make (MlaFolder *folder, const char *relative,
                          GError **error);
/* The names in the folder @relative ("" for the folder itself), each
 * ending in '/' when it is a folder (not a link to one). Returns:
 * (transfer full) (nullable): NULL when it cannot be read. */
GPtrArray *mla_folder_list (MlaFolder *folder, const char *relative);
/* Removes the leftover temporary files (names ending in ".tmp") of a
 * killed run in the folder @relative, and in the folders below it when
 * @flags holds MLA_FOLDER_RECURSIVE. */
typedef enum {
    MLA_FOLDER_RECURSIVE = 1 << 0,
} MlaFolderWalkFlags;
void mla_folder_remove_leftovers (MlaFolder *folder, const char *relative,
                                  MlaFolderWalkFlags flags);
/* fsyncs the folder @relative ("" for the folder itself) or the regular
 * file @relative, so that what was renamed or written there survives a
 * crash. */
gboolean mla_folder_sync (MlaFolder *folder, const char *relative,
                          GError **error);

/* Returns: (transfer full): the key under which a file system that folds
 * case and normalises Unicode (APFS, NTFS, a served copy of the site)
 * sees @name: two names with one key are one folder there. */
char *mla_folder_name_key (const char *name);

G_END_DECLS
