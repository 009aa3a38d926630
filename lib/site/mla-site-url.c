/* mla-site-url.c: Message-IDs as folder names (and the names recorded so
 * that a URL never changes), URL paths, and safe file names. */
#include "config.h"
#include <string.h>
#include "mla-digest-private.h"
#include "mla-site-url-private.h"
#include "mla-overview-probe-private.h"
#include "mla-hash-private.h"

/* What public-inbox leaves as it is in a URL: RFC 3986's unreserved
 * characters and sub-delims, ':' and '@'. */
static gboolean
is_url_safe (guchar c)
{
    return g_ascii_isalnum (c) || strchr ("-._~!$&'()*+,;=:@", c) != NULL;
}

/* What a file name must not hold, or should not: a path separator on
 * some system, white space, control characters. */
static gboolean
is_name_unsafe (guchar c)
{
    return c <= ' ' || c == 0x7f || c == '/' || c == '\\';
}

static void
hex_prefix (const char *text, gsize n, GString *out)
{
    char hex[MLA_SHA256_HEX_SIZE];

    mla_sha256_hex (text, strlen (text), hex);
    g_string_append_len (out, hex, (gssize) n);
}

/* "." and ".." are no folder names: each dot encoded. */
static void
encode_dots (GString *name, const char *message_id)
{
    if (strcmp (message_id, ".") != 0 && strcmp (message_id, "..") != 0)
        return;
    g_string_truncate (name, 0);
    for (const char *p = message_id; *p != '\0'; p++)
        g_string_append (name, "%2E");
}

char *
mla_site_message_name (const char *message_id)
{
    GString *name = g_string_new (NULL);

    g_return_val_if_fail (message_id != NULL, NULL);
    for (const guchar *p = (const guchar *) message_id; *p != '\0'; p++) {
        if (is_name_unsafe (*p))
            g_string_append_printf (name, "%%%02X", *p);
        else
            g_string_append_c (name, (char) *p);
    }
    encode_dots (name, message_id);
    /* The archive never stores an empty id; a NUL cannot be in one. */
    if (name->len == 0)
        g_string_append (name, "%00");
    if (name->len > MLA_SITE_NAME_MAX) {
        g_string_assign (name, "_h");
        hex_prefix (message_id, 40, name);
    }
    return g_string_free (name, FALSE);
}

char *
mla_site_legacy_message_name (const char *message_id)
{
    GString *name = g_string_new (NULL);
    gboolean upper = FALSE;

    g_return_val_if_fail (message_id != NULL, NULL);
    for (const guchar *p = (const guchar *) message_id; *p != '\0'; p++) {
        if (is_url_safe (*p) && *p != '_')
            g_string_append_c (name, (char) *p);
        else
            g_string_append_printf (name, "%%%02X", *p);
        upper |= g_ascii_isupper (*p);
    }
    encode_dots (name, message_id);
    if (name->len == 0)
        g_string_append (name, "%00");
    if (upper) {
        g_string_append_c (name, '_');
        hex_prefix (message_id, 8, name);
    }
    if (name->len > MLA_SITE_NAME_MAX) {
        g_string_assign (name, "_h");
        hex_prefix (message_id, 40, name);
    }
    return g_string_free (name, FALSE);
}

/* The names taken so far: those of this run (@taken, by key) and those
 * recorded (@recorded, by id), all of them, or in @partial mode only
 * those of the loaded ids, the overview answering for the others. */
typedef struct {
    MlaOverview *overview;
    gboolean partial;
    GHashTable *recorded; /* Message-ID -> name */
    GHashTable *taken;    /* keys (mla_folder_name_key()) */
    GError *error;        /* of the first look-up that failed */
} Names;

static gboolean
is_taken (Names *names, const char *name)
{
    g_autofree char *key = mla_folder_name_key (name);
    gboolean found = FALSE;

    if (g_hash_table_contains (names->taken, key))
        return TRUE;
    /* A failed look-up takes the name: the error ends the build. */
    if (names->partial &&
        !mla_overview_has_name_key (
            names->overview, key, MLA_OVERVIEW_NAMES_RECORDED, &found,
            names->error == NULL ? &names->error : NULL))
        return TRUE;
    return found;
}

/* mla_site_message_name() of @message_id, with a suffix while a taken
 * name has its key. Returns: (transfer full). */
static char *
free_name (Names *names, const char *message_id)
{
    g_autofree char *base = mla_site_message_name (message_id);
    g_autoptr (GString) name = g_string_new (base);

    for (guint k = 1; is_taken (names, name->str); k++) {
        g_string_assign (name, base);
        g_string_append_c (name, '_');
        hex_prefix (message_id, 8, name);
        if (k > 1)
            g_string_append_printf (name, "-%u", k);
    }
    return g_string_free (g_steal_pointer (&name), FALSE);
}

static void
take (GHashTable *taken, const char *name)
{
    g_hash_table_add (taken, mla_folder_name_key (name));
}

/* What is recorded: every name, or the names of @threads' ids. */
static GHashTable *
read_recorded (MlaOverview *overview, MlaOverviewThreads *threads,
               gboolean partial, GError **error)
{
    guint n = mla_overview_threads_get_n_entries (threads);
    g_autoptr (GHashTable) recorded = NULL;

    if (!partial)
        return mla_overview_get_site_names (overview, error);
    recorded =
        g_hash_table_new_full (mla_str_hash, g_str_equal, g_free, g_free);
    for (guint i = 0; i < n; i++) {
        const char *id =
            mla_overview_threads_get_entry (threads, i)->message_id;
        char *name = NULL;

        if (g_hash_table_contains (recorded, id))
            continue;
        if (!mla_overview_get_site_name (overview, id, &name, error))
            return NULL;
        if (name != NULL)
            g_hash_table_insert (recorded, g_strdup (id), name);
    }
    return g_steal_pointer (&recorded);
}

char **
mla_site_assign_names (MlaOverview *overview, MlaOverviewThreads *threads,
                       const gboolean *published, gboolean partial,
                       GError **error)
{
    guint n = mla_overview_threads_get_n_entries (threads);
    g_autoptr (GHashTable) recorded =
        read_recorded (overview, threads, partial, error);
    g_autoptr (GHashTable) taken =
        g_hash_table_new_full (mla_str_hash, g_str_equal, g_free, NULL);
    g_autoptr (GPtrArray) added = g_ptr_array_new_with_free_func (g_free);
    Names state = { overview, partial, recorded, taken, NULL };
    GHashTableIter iter;
    gpointer value;
    char **names;

    if (recorded == NULL)
        return NULL;
    /* A recorded name stays taken, even if its message is gone. */
    g_hash_table_iter_init (&iter, recorded);
    while (g_hash_table_iter_next (&iter, NULL, &value))
        take (taken, value);
    for (guint i = 0; i < n; i++) {
        const char *id =
            mla_overview_threads_get_entry (threads, i)->message_id;
        char *name;

        if (!published[i] || g_hash_table_contains (recorded, id))
            continue;
        name = free_name (&state, id);
        take (taken, name);
        g_hash_table_insert (recorded, g_strdup (id), name);
        g_ptr_array_add (added, g_strdup (id));
        g_ptr_array_add (added, g_strdup (name));
    }
    if (state.error != NULL)
        return g_propagate_error (error, state.error), NULL;
    if (added->len > 0 && !mla_overview_add_site_names (overview, added, error))
        return NULL;
    names = g_new0 (char *, MAX (n, 1));
    for (guint i = 0; i < n; i++) {
        const char *id =
            mla_overview_threads_get_entry (threads, i)->message_id;
        const char *name = g_hash_table_lookup (recorded, id);

        /* Not published: a name for the model, never a page. */
        names[i] = name != NULL ? g_strdup (name) : mla_site_message_name (id);
    }
    return names;
}

char *
mla_site_path_to_href (const char *path)
{
    GString *href;
    const guchar *safe = (const guchar *) path;

    /* Most paths need no escape: copied whole. */
    while (*safe != '\0' && (*safe == '/' || is_url_safe (*safe)))
        safe++;
    if (*safe == '\0')
        return g_strdup (path);
    href = g_string_new_len (path, (gssize) (safe - (const guchar *) path));
    for (const guchar *p = safe; *p != '\0'; p++) {
        if (*p == '/' || is_url_safe (*p))
            g_string_append_c (href, (char) *p);
        else
            g_string_append_printf (href, "%%%02X", *p);
    }
    return g_string_free (href, FALSE);
}

/* Extensions a browser or a server will not run or render as a page. */
static const char *const harmless[] = {
    ".txt",  ".diff", ".patch", ".pdf", ".png", ".jpg",  ".jpeg",
    ".gif",  ".gz",   ".zip",   ".tar", ".bz2", ".xz",   ".odt",
    ".ods",  ".odp",  ".doc",   ".xls", ".ppt", ".docx", ".xlsx",
    ".pptx", ".csv",  ".asc",   ".sig", ".p7s", ".ics",  ".bin",
};

char *
mla_site_attachment_name (guint index, const char *filename)
{
    GString *name = g_string_new (NULL);
    g_autofree char *lower = NULL;
    gboolean safe = FALSE;

    g_string_append_printf (name, "%u-", index);
    for (const char *p = filename != NULL ? filename : "";
         *p != '\0' && name->len < 100; p++) {
        char c = *p;

        if (!(g_ascii_isalnum (c) || c == '.' || c == '-' || c == '_'))
            c = '_';
        /* No dot right after the number, and no ".." anywhere. */
        if (c == '.' && (name->str[name->len - 1] == '-' ||
                         name->str[name->len - 1] == '.'))
            c = '_';
        g_string_append_c (name, c);
    }
    if (name->str[name->len - 1] == '-')
        g_string_append (name, "attachment");
    lower = g_ascii_strdown (name->str, (gssize) name->len);
    for (gsize i = 0; i < G_N_ELEMENTS (harmless) && !safe; i++)
        safe = g_str_has_suffix (lower, harmless[i]);
    if (!safe)
        g_string_append (name, ".bin");
    return g_string_free (name, FALSE);
}

/* A DNS name as a tag URI's authority takes it: letters, digits, '-' and
 * inner dots, at least one dot and one letter (no IP address). */
static gboolean
is_domain (const char *name)
{
    gboolean dot = FALSE, letter = FALSE;

    if (name == NULL || name[0] == '\0' || name[0] == '.' ||
        g_str_has_suffix (name, ".") || strstr (name, "..") != NULL)
        return FALSE;
    for (const char *p = name; *p != '\0'; p++) {
        if (!g_ascii_isalnum (*p) && *p != '-' && *p != '.')
            return FALSE;
        dot |= *p == '.';
        letter |= g_ascii_isalpha (*p);
    }
    return dot && letter;
}

/* The authority and the start of the specific part: the base URL's host
 * and path, else the List-Id, else the archive folder's name. */
static void
tag_authority (const char *base_url, const char *list_id,
               const char *archive_path, GString *out, GString *path)
{
    g_autoptr (GUri) uri =
        base_url != NULL
            ? g_uri_parse (base_url, G_URI_FLAGS_ENCODED_PATH, NULL)
            : NULL;
    g_autofree char *base = NULL;

    if (uri != NULL && is_domain (g_uri_get_host (uri))) {
        const char *p = g_uri_get_path (uri);

        g_string_append (out, g_uri_get_host (uri));
        g_string_append_c (path, '/');
        for (p += *p == '/'; *p != '\0'; p++)
            if (*p == '/' || *p == '%' || is_url_safe ((guchar) *p))
                g_string_append_c (path, *p);
            else
                g_string_append_printf (path, "%%%02X", (guchar) *p);
        if (path->str[path->len - 1] != '/')
            g_string_append_c (path, '/');
        return;
    }
    if (is_domain (list_id)) {
        g_string_append (out, list_id);
        return;
    }
    base = g_path_get_basename (archive_path);
    for (const char *p = base; *p != '\0'; p++)
        g_string_append_c (out, g_ascii_isalnum (*p) ? *p : '-');
    g_string_append (out, ".mlarc.invalid");
}

char *
mla_site_feed_tag (const char *base_url, const char *list_id,
                   const char *archive_path, const char *day)
{
    g_autoptr (GString) authority = g_string_new (NULL);
    g_autoptr (GString) path = g_string_new (NULL);
    g_autofree char *lower = NULL;
    gboolean dated = day != NULL && strlen (day) >= 10 &&
                     g_ascii_isdigit (day[0]) && day[4] == '-' && day[7] == '-';

    g_return_val_if_fail (archive_path != NULL, NULL);
    tag_authority (base_url, list_id, archive_path, authority, path);
    lower = g_ascii_strdown (authority->str, -1);
    return g_strdup_printf ("tag:%s,%.10s:%s", lower,
                            dated ? day : "1970-01-01", path->str);
}
