/* mla-maildir.c: read the messages of a Maildir, one file per message.
 *
 * A folder counts when it has cur/ or new/. Its subfolders (Maildir++
 * ".Sub.Folder" ones and plain nested Maildirs, as in notmuch's test
 * corpus) are read after it, sorted by path. Within a folder, the files of
 * cur/ and new/ are sorted together by name, so the order does not change
 * when a mail client moves a message from new/ to cur/. tmp/ holds
 * deliveries in progress and is skipped, as are dot files; other loose
 * files of a folder are read with it. */
#include "config.h"
#include <errno.h>
#include <string.h>
#include <glib/gstdio.h>
#include "mla-error.h"
#include "mla-maildir.h"
#include "mla-mbox-private.h"

/* Deeper nesting than this is a loop or not a mail store. */
#define MAX_DEPTH 32

typedef struct {
    char *path;
    char *name; /* file name, the sort key within a folder */
    guint64 size;
    gboolean loose; /* directly in the folder, not in cur/ or new/ */
} MaildirFile;

struct MlaMaildirReader {
    char *path;
    GArray *files; /* of MaildirFile, in reading order */
    guint next;
    guint64 total_bytes;
    guint64 bytes_read;
    guint64 max_size;
};

static gboolean
is_dir (const char *path)
{
    return g_file_test (path, G_FILE_TEST_IS_DIR) &&
           !g_file_test (path, G_FILE_TEST_IS_SYMLINK);
}

static gboolean
has_cur_or_new (const char *path)
{
    g_autofree char *cur = g_build_filename (path, "cur", NULL);
    g_autofree char *new = g_build_filename (path, "new", NULL);

    return is_dir (cur) || is_dir (new);
}

static gboolean
is_folder_part (const char *name)
{
    return strcmp (name, "cur") == 0 || strcmp (name, "new") == 0 ||
           strcmp (name, "tmp") == 0;
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
    return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Sorted names of the subfolders of @path that may hold mail. */
static GPtrArray *
list_subfolders (const char *path)
{
    g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
    GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL) {
        g_autofree char *child = g_build_filename (path, name, NULL);

        if (!is_folder_part (name) && is_dir (child))
            g_ptr_array_add (names, g_strdup (name));
    }
    g_ptr_array_sort (names, compare_names);
    return names;
}

static gboolean
is_maildir_at_depth (const char *path, guint depth)
{
    g_autoptr (GPtrArray) subs = NULL;

    if (!is_dir (path))
        return FALSE;
    if (has_cur_or_new (path))
        return TRUE;
    if (depth >= MAX_DEPTH)
        return FALSE;
    subs = list_subfolders (path);
    for (guint i = 0; i < subs->len; i++) {
        g_autofree char *child =
            g_build_filename (path, g_ptr_array_index (subs, i), NULL);

        if (is_maildir_at_depth (child, depth + 1))
            return TRUE;
    }
    return FALSE;
}

gboolean
mla_maildir_is_maildir (const char *path)
{
    g_return_val_if_fail (path != NULL, FALSE);
    return is_maildir_at_depth (path, 0);
}

static void
maildir_file_clear (gpointer data)
{
    MaildirFile *file = data;

    g_free (file->path);
    g_free (file->name);
}

static int
compare_files (gconstpointer a, gconstpointer b)
{
    const MaildirFile *fa = a, *fb = b;
    int c = strcmp (fa->name, fb->name);

    return c != 0 ? c : strcmp (fa->path, fb->path);
}

/* Appends the message files of @folder/@part to @files; @part "" lists the
 * loose files of the folder itself. */
static gboolean
list_part (MlaMaildirReader *reader, const char *folder, const char *part,
           GArray *files, GError **error)
{
    g_autofree char *dirpath = g_build_filename (folder, part, NULL);
    gboolean loose = part[0] == '\0';
    g_autoptr (GDir) dir = NULL;
    g_autoptr (GError) local = NULL;
    const char *name;

    if (!is_dir (dirpath))
        return TRUE;
    dir = g_dir_open (dirpath, 0, &local);
    if (dir == NULL)
        return mla_throw (error, MLA_ERROR_IO,
                          "%s: cannot read the Maildir folder: %s", dirpath,
                          local->message);
    while ((name = g_dir_read_name (dir)) != NULL) {
        g_autofree char *path = NULL;
        MaildirFile file = { 0 };
        GStatBuf st;
        gboolean known;

        if (name[0] == '.')
            continue;
        path = g_build_filename (dirpath, name, NULL);
        /* A file we cannot stat is kept: reading it fails and it is counted. */
        known = g_stat (path, &st) == 0;
        if (known && !S_ISREG (st.st_mode))
            continue;
        file.path = g_steal_pointer (&path);
        file.name = g_strdup (name);
        file.size = known ? (guint64) st.st_size : 0;
        file.loose = loose;
        reader->total_bytes += file.size;
        g_array_append_val (files, file);
    }
    return TRUE;
}

static gboolean
list_folder (MlaMaildirReader *reader, const char *folder, guint depth,
             GError **error)
{
    g_autoptr (GPtrArray) subs = NULL;

    if (has_cur_or_new (folder)) {
        g_autoptr (GArray) files =
            g_array_new (FALSE, FALSE, sizeof (MaildirFile));

        /* Loose files beside cur/ and new/ are mail to some tools (notmuch
         * indexes them), so they are read too, and rejected if not mail. */
        if (!list_part (reader, folder, "cur", files, error) ||
            !list_part (reader, folder, "new", files, error) ||
            !list_part (reader, folder, "", files, error)) {
            g_array_set_clear_func (files, maildir_file_clear);
            return FALSE;
        }
        g_array_sort (files, compare_files);
        g_array_append_vals (reader->files, files->data, files->len);
    }
    if (depth >= MAX_DEPTH)
        return TRUE;
    subs = list_subfolders (folder);
    for (guint i = 0; i < subs->len; i++) {
        g_autofree char *child =
            g_build_filename (folder, g_ptr_array_index (subs, i), NULL);

        if (is_maildir_at_depth (child, depth + 1) &&
            !list_folder (reader, child, depth + 1, error))
            return FALSE;
    }
    return TRUE;
}

MlaMaildirReader *
mla_maildir_reader_open (const char *path, GError **error)
{
    g_autoptr (MlaMaildirReader) reader = NULL;

    g_return_val_if_fail (path != NULL, NULL);

    if (!g_file_test (path, G_FILE_TEST_EXISTS)) {
        mla_throw (error, MLA_ERROR_IO, "%s: %s", path, g_strerror (ENOENT));
        return NULL;
    }
    if (!g_file_test (path, G_FILE_TEST_IS_DIR)) {
        mla_throw (error, MLA_ERROR_NOT_MAIL,
                   "%s: not a folder, so not a Maildir", path);
        return NULL;
    }
    if (!mla_maildir_is_maildir (path)) {
        mla_throw (error, MLA_ERROR_NOT_MAIL,
                   "%s: is a folder but not a Maildir", path);
        return NULL;
    }
    reader = g_new0 (MlaMaildirReader, 1);
    reader->path = g_strdup (path);
    reader->max_size = MLA_DEFAULT_MAX_MESSAGE_SIZE;
    reader->files = g_array_new (FALSE, FALSE, sizeof (MaildirFile));
    g_array_set_clear_func (reader->files, maildir_file_clear);
    if (!list_folder (reader, path, 0, error))
        return NULL;
    return g_steal_pointer (&reader);
}

void
mla_maildir_reader_free (MlaMaildirReader *reader)
{
    if (reader == NULL)
        return;
    g_clear_pointer (&reader->files, g_array_unref);
    g_free (reader->path);
    g_free (reader);
}

gboolean
mla_maildir_reader_next (MlaMaildirReader *reader, MlaRawMessage **out_message,
                         GError **error)
{
    g_autoptr (GError) local = NULL;
    g_autoptr (GBytes) bytes = NULL;
    const MaildirFile *file;
    MlaRawMessage *raw;
    char *contents = NULL;
    gsize length = 0;

    g_return_val_if_fail (reader != NULL, FALSE);
    g_return_val_if_fail (out_message != NULL, FALSE);
    (void) error;

    *out_message = NULL;
    if (reader->next >= reader->files->len)
        return TRUE;
    file = &g_array_index (reader->files, MaildirFile, reader->next);
    reader->next++;
    if (file->size > reader->max_size) {
        reader->bytes_read += file->size;
        raw = mla_raw_message_new (NULL, file->path, 0, reader->next);
        mla_raw_message_set_too_big (raw, file->size, reader->max_size);
        *out_message = raw;
        return TRUE;
    }
    if (g_file_get_contents (file->path, &contents, &length, &local))
        bytes = g_bytes_new_take (contents, length);
    reader->bytes_read += bytes != NULL ? length : file->size;
    if (bytes != NULL && file->loose && length > 0 &&
        mla_field_name_length (contents, length) == 0) {
        raw = mla_raw_message_new (NULL, file->path, 0, reader->next);
        mla_defect_list_add (
            raw->defects, "not-mail",
            "a file beside cur/ and new/ that does not start with a header");
        *out_message = raw;
        return TRUE;
    }
    raw = mla_raw_message_new (bytes, file->path, 0, reader->next);
    if (bytes == NULL)
        mla_defect_list_add (raw->defects, "unreadable", "%s", local->message);
    *out_message = raw;
    return TRUE;
}

void
mla_maildir_reader_set_max_message_size (MlaMaildirReader *reader, guint64 size)
{
    g_return_if_fail (reader != NULL);
    reader->max_size = size > 0 ? size : MLA_DEFAULT_MAX_MESSAGE_SIZE;
}

guint
mla_maildir_reader_get_n_files (MlaMaildirReader *reader)
{
    g_return_val_if_fail (reader != NULL, 0);
    return reader->files->len;
}

guint64
mla_maildir_reader_get_total_bytes (MlaMaildirReader *reader)
{
    g_return_val_if_fail (reader != NULL, 0);
    return reader->total_bytes;
}

guint64
mla_maildir_reader_get_bytes_read (MlaMaildirReader *reader)
{
    g_return_val_if_fail (reader != NULL, 0);
    return reader->bytes_read;
}
