/* fuzz-files.c: libFuzzer target for the site's file writer
 * (mla-site-files, over mla-folder). The bytes are a sequence of
 * operations on a fresh site folder: entries placed there as an attacker
 * or a careless admin would (files, links out of the folder, FIFOs,
 * folders at names the writer uses, temporary names included, a forged
 * manifest), then puts, keeps and removals of paths from the input, then
 * the end of the build (or its abandon), for several builds in a row.
 * After each input nothing beside the site folder may have changed (a
 * sentinel folder with a file, a FIFO and a folder of "*.tmp" files, and
 * the names around it), no call may block (an alarm aborts), every
 * failure is a GError, and every file a finished build said it wrote is a
 * regular file with the bytes given. */
#include "config.h"
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "mla-digest-private.h"
#include "mla-site-files-private.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

typedef struct {
    const uint8_t *at;
    size_t left;
} Input;

/* What an input does, chosen by its next byte modulo the count. */
typedef enum {
    PLACE_FILE,
    PLACE_LINK,
    PLACE_FIFO,
    PLACE_FOLDER,
    PLACE_MANIFEST,
    PUT,
    KEEP,
    KEEP_FOLDER,
    KEEP_PREVIOUS,
    ASK,
    FINISH,
    ABANDON,
    N_OPS
} Op;

/* Names the writer uses or that try to leave the folder; "@" stands for
 * the absolute path of the sentinel folder. */
static const char *const names[] = {
    "index.html",
    "index.html.tmp",
    MLA_SITE_MANIFEST,
    MLA_SITE_MANIFEST ".tmp",
    MLA_SITE_MANIFEST ".running",
    MLA_SITE_MANIFEST ".running.tmp",
    "a",
    "a.tmp",
    "a/index.html",
    "a/index.html.tmp",
    "a/b/c.html",
    "a/b/c.html.tmp",
    "link",
    "link/victim",
    "link/new.html",
    "link/d/f.tmp",
    "fifo",
    "fifo.tmp",
    "..",
    ".",
    "../outside/victim",
    "a/../../outside/new",
    "@/victim",
    "@/new",
    "..%2F",
    "%2e%2e/x.html",
    "\xc3\xa9t\xc3\xa9/\xe2\x80\x94.html",
    "a//b",
    "a/",
    "x\\y",
    "dir.tmp/x",
    "",
};

/* Where placed links point: out of the folder, at nothing, at themselves. */
static const char *const targets[] = {
    "@",
    "@/victim",
    "@/fifo",
    "@/d",
    "@/new",
    "../outside",
    "../outside/victim",
    "../outside/new",
    "..",
    "/",
    "link",
    "a",
};

static char *base;    /* holds site/ and the sentinel outside/ */
static char *site;    /* base/site */
static char *outside; /* base/outside */
static char *expected_outside;

static guint8
take_byte (Input *in)
{
    if (in->left == 0)
        return 0;
    in->left--;
    return *in->at++;
}

static GBytes *
take_data (Input *in)
{
    size_t want = take_byte (in);
    size_t n = MIN (want, in->left);
    GBytes *bytes = g_bytes_new (in->at, n);

    in->at += n;
    in->left -= n;
    return bytes;
}

static char *
expand (const char *name)
{
    if (name[0] != '@')
        return g_strdup (name);
    return g_strconcat (outside, name + 1, NULL);
}

/* A name from the table, or raw bytes (cut at a NUL), repeated to make
 * long names. */
static char *
take_name (Input *in)
{
    guint8 b = take_byte (in);
    g_autoptr (GBytes) raw = NULL;
    g_autoptr (GString) name = g_string_new (NULL);
    g_autofree char *part = NULL;
    guint repeat;

    if (b < 0xc0)
        return expand (names[b % G_N_ELEMENTS (names)]);
    repeat = (b & 0x20) ? take_byte (in) : 1;
    raw = take_data (in);
    part = g_bytes_get_size (raw) > 0 ? g_strndup (g_bytes_get_data (raw, NULL),
                                                   g_bytes_get_size (raw))
                                      : g_strdup ("");
    for (guint i = 0; i < repeat && name->len < 5000; i++)
        g_string_append (name, part);
    return g_string_free (g_steal_pointer (&name), FALSE);
}

/* The harness's own placements stay inside: a plain name whose folders are
 * real folders (made when missing). FALSE when it cannot be placed. */
static gboolean
make_parents (const char *name, char **full)
{
    g_auto (GStrv) parts = NULL;
    g_autoptr (GString) path = g_string_new (site);
    struct stat st;

    if (!mla_folder_is_plain (name) || strlen (name) > 2000)
        return FALSE;
    parts = g_strsplit (name, "/", -1);
    for (guint i = 0; parts[i + 1] != NULL; i++) {
        g_string_append_printf (path, "/%s", parts[i]);
        if (lstat (path->str, &st) != 0 && mkdir (path->str, 0755) != 0)
            return FALSE;
        if (lstat (path->str, &st) != 0 || !S_ISDIR (st.st_mode))
            return FALSE;
    }
    *full = g_strconcat (site, "/", name, NULL);
    /* A folder stays (it may hold placed entries); anything else goes. */
    if (lstat (*full, &st) == 0 &&
        (S_ISDIR (st.st_mode) || unlink (*full) != 0))
        g_clear_pointer (full, g_free);
    return *full != NULL;
}

static void
write_file (const char *path, GBytes *bytes)
{
    g_file_set_contents (path, g_bytes_get_data (bytes, NULL),
                         (gssize) g_bytes_get_size (bytes), NULL);
}

/* A manifest naming paths from the input, each with a signature from a
 * small set (or none), so that keeps can match it. */
static void
place_manifest (Input *in)
{
    g_autoptr (GString) manifest = g_string_new (NULL);
    g_autofree char *path = NULL;
    guint n = take_byte (in) % 8;
    char hex[MLA_SHA256_HEX_SIZE];

    for (guint i = 0; i < n; i++) {
        g_autofree char *name = take_name (in);
        guint8 sig = take_byte (in);

        mla_sha256_hex (name, strlen (name), hex);
        g_string_append_printf (manifest, "%s", hex);
        if (sig % 5 != 4)
            g_string_append_printf (manifest, " s%u", sig % 5);
        g_string_append_printf (manifest, " %s\n", name);
    }
    if (make_parents (MLA_SITE_MANIFEST, &path)) {
        g_autoptr (GBytes) bytes = g_bytes_new (manifest->str, manifest->len);

        write_file (path, bytes);
    }
}

static void
place (Op op, Input *in)
{
    g_autofree char *name = take_name (in);
    g_autofree char *path = NULL;
    g_autoptr (GBytes) bytes = op == PLACE_FILE ? take_data (in) : NULL;
    g_autofree char *target =
        op == PLACE_LINK
            ? expand (targets[take_byte (in) % G_N_ELEMENTS (targets)])
            : NULL;

    /* Best effort: a name too long for the system is not placed. */
    if (!make_parents (name, &path))
        return;
    if (op == PLACE_FILE)
        write_file (path, bytes);
    else if (op == PLACE_LINK)
        (void) symlink (target, path);
    else if (op == PLACE_FIFO)
        (void) mkfifo (path, 0644);
    else if (op == PLACE_FOLDER)
        (void) mkdir (path, 0755);
}

/* One site build, from its opening to its end. */
typedef struct {
    MlaFolder *folder;
    MlaSiteFiles *files;
    GHashTable *put;   /* path -> GBytes, written by this build */
    gboolean tampered; /* entries placed after the first build began */
} Build;

static void
check_error (gboolean ok, GError *error, const char *what)
{
    if (ok != (error == NULL) || (error != NULL && error->message[0] == '\0')) {
        fprintf (stderr, "fuzz-files: %s: %s without a GError\n", what,
                 ok ? "success" : "failure");
        abort ();
    }
}

static gboolean
begin (Build *build)
{
    g_autoptr (GError) error = NULL;

    if (build->files != NULL)
        return TRUE;
    build->folder = mla_folder_open (site, MLA_FOLDER_CREATE, &error);
    check_error (build->folder != NULL, error, "mla_folder_open");
    if (build->folder == NULL)
        return FALSE;
    build->files = mla_site_files_open (build->folder, &error);
    check_error (build->files != NULL, error, "mla_site_files_open");
    if (build->files == NULL)
        g_clear_pointer (&build->folder, mla_folder_free);
    return build->files != NULL;
}

/* Reads @name below the site without following a link. */
static GBytes *
read_inside (const char *name)
{
    g_auto (GStrv) parts = g_strsplit (name, "/", -1);
    g_autoptr (GString) path = g_string_new (site);
    g_autofree char *contents = NULL;
    struct stat st;
    gsize length;
    int fd;

    for (guint i = 0; parts[i + 1] != NULL; i++) {
        g_string_append_printf (path, "/%s", parts[i]);
        if (lstat (path->str, &st) != 0 || !S_ISDIR (st.st_mode))
            return NULL;
    }
    g_string_append_printf (path, "/%s", parts[g_strv_length (parts) - 1]);
    fd = open (path->str, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode)) {
        close (fd);
        return NULL;
    }
    close (fd);
    if (!g_file_get_contents (path->str, &contents, &length, NULL))
        return NULL;
    return g_bytes_new_take (g_steal_pointer (&contents), length);
}

static void
check_written (Build *build)
{
    GHashTableIter iter;
    gpointer key, value;

    g_hash_table_iter_init (&iter, build->put);
    while (g_hash_table_iter_next (&iter, &key, &value)) {
        g_autoptr (GBytes) found = read_inside (key);

        if (found == NULL || !g_bytes_equal (found, value)) {
            fprintf (stderr, "fuzz-files: %s: %s\n", (const char *) key,
                     found == NULL ? "not a regular file" : "other bytes");
            abort ();
        }
    }
}

static void
end (Build *build, gboolean finish)
{
    g_autoptr (GError) error = NULL;

    if (build->files == NULL)
        return;
    if (finish) {
        MlaSiteStats stats = { 0 };
        gboolean ok = mla_site_files_finish (build->files, &stats, &error);

        check_error (ok, error, "mla_site_files_finish");
        if (ok && !build->tampered)
            check_written (build);
    }
    g_clear_pointer (&build->files, mla_site_files_free);
    g_clear_pointer (&build->folder, mla_folder_free);
    g_hash_table_remove_all (build->put);
}

static void
put (Build *build, Input *in)
{
    g_autofree char *name = take_name (in);
    g_autoptr (GBytes) bytes = take_data (in);
    g_autoptr (GError) error = NULL;
    gsize size;
    const void *data = g_bytes_get_data (bytes, &size);
    gboolean ok = mla_site_files_put (build->files, name, data, size, &error);

    check_error (ok, error, "mla_site_files_put");
    if (ok)
        g_hash_table_insert (build->put, g_steal_pointer (&name),
                             g_steal_pointer (&bytes));
}

static void
ask (Op op, Build *build, Input *in)
{
    g_autofree char *name = take_name (in);
    char signature[] = { 's', (char) ('0' + take_byte (in) % 5), '\0' };
    g_autofree char *current = NULL;

    if (op == KEEP)
        mla_site_files_keep (build->files, name, signature);
    else if (op == KEEP_FOLDER)
        mla_site_files_keep_folder (build->files, name, signature);
    else if (op == KEEP_PREVIOUS)
        mla_site_files_keep_previous (build->files, name);
    else {
        mla_site_files_had (build->files, name);
        current = mla_site_files_current_path (build->files, name);
    }
}

static void
run (Input *in)
{
    Build build = { .put = g_hash_table_new_full (
                        g_str_hash, g_str_equal, g_free,
                        (GDestroyNotify) g_bytes_unref) };
    gboolean began = FALSE;

    for (guint n = 0; in->left > 0 && n < 200; n++) {
        Op op = take_byte (in) % N_OPS;

        if (op <= PLACE_MANIFEST) {
            build.tampered |= began;
            if (op == PLACE_MANIFEST)
                place_manifest (in);
            else
                place (op, in);
        } else if (op == FINISH || op == ABANDON)
            end (&build, op == FINISH);
        else if (begin (&build)) {
            began = TRUE;
            if (op == PUT)
                put (&build, in);
            else
                ask (op, &build, in);
        }
    }
    end (&build, TRUE);
    g_hash_table_unref (build.put);
}

/* The sentinel's state: every entry's type, size, links, times and bytes,
 * and the names beside the site folder. */
static GString *snapshot;

static int
record_entry (const char *path, const struct stat *st, int flag,
              struct FTW *ftw)
{
    g_autofree char *contents = NULL;
    gsize length = 0;

    if (strcmp (path, site) == 0)
        return FTW_SKIP_SUBTREE;
    g_string_append_printf (snapshot, "%s %o %lld", path + strlen (base),
                            (unsigned) st->st_mode, (long long) st->st_size);
    if (ftw->level > 0)
        g_string_append_printf (
            snapshot, " %lu %lld.%09ld %lld.%09ld",
            (unsigned long) st->st_nlink, (long long) st->st_mtim.tv_sec,
            st->st_mtim.tv_nsec, (long long) st->st_ctim.tv_sec,
            st->st_ctim.tv_nsec);
    if (S_ISREG (st->st_mode) &&
        g_file_get_contents (path, &contents, &length, NULL))
        g_string_append_len (snapshot, contents, (gssize) length);
    g_string_append_c (snapshot, '\n');
    return FTW_CONTINUE;
}

static char *
take_snapshot (void)
{
    snapshot = g_string_new (NULL);
    g_assert (nftw (base, record_entry, 16, FTW_PHYS | FTW_ACTIONRETVAL) == 0);
    return g_string_free (g_steal_pointer (&snapshot), FALSE);
}

static void
make_sentinel (void)
{
    g_autofree char *victim = g_build_filename (outside, "victim", NULL);
    g_autofree char *fifo = g_build_filename (outside, "fifo", NULL);
    g_autofree char *folder = g_build_filename (outside, "d", NULL);
    g_autofree char *leftover = g_build_filename (folder, "f.tmp", NULL);
    g_autofree char *page = g_build_filename (outside, "index.html", NULL);

    g_assert (g_mkdir_with_parents (folder, 0755) == 0);
    g_assert (g_file_set_contents (victim, "victim\n", -1, NULL));
    g_assert (g_file_set_contents (leftover, "left\n", -1, NULL));
    g_assert (g_file_set_contents (page, "page\n", -1, NULL));
    g_assert (mkfifo (fifo, 0644) == 0);
    expected_outside = take_snapshot ();
}

static int
remove_entry (const char *path, const struct stat *st, int flag,
              struct FTW *ftw)
{
    return remove (path);
}

static void
remove_base (void)
{
    nftw (base, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
    Input in = { data, size };
    g_autofree char *now = NULL;

    if (base == NULL) {
        base = g_dir_make_tmp ("fuzz-files.XXXXXX", NULL);
        g_assert (base != NULL);
        site = g_build_filename (base, "site", NULL);
        outside = g_build_filename (base, "outside", NULL);
        make_sentinel ();
        atexit (remove_base);
    }
    g_assert (mkdir (site, 0755) == 0);
    /* A call that blocks (on a FIFO) ends the run. */
    alarm (10);
    run (&in);
    alarm (0);
    nftw (site, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    now = take_snapshot ();
    if (strcmp (now, expected_outside) != 0) {
        fprintf (stderr, "fuzz-files: changed beside the site:\n%s\nwas:\n%s\n",
                 now, expected_outside);
        abort ();
    }
    return 0;
}
