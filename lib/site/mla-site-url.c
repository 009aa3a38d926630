/* mla-site-url.c: Message-IDs as folder names, and safe file names. */
#include "config.h"
#include <string.h>
#include "mla-digest-private.h"
#include "mla-site-url-private.h"

static gboolean
is_kept (guchar c)
{
    /* RFC 3986 pchar without '%': unreserved, sub-delims, ':' and '@'. '_'
     * is left out: it starts the suffixes. */
    return g_ascii_isalnum (c) || strchr ("-.~!$&'()*+,;=:@", c) != NULL;
}

static void
hex_prefix (const char *text, gsize n, GString *out)
{
    char hex[MLA_SHA256_HEX_SIZE];

    mla_sha256_hex (text, strlen (text), hex);
    g_string_append_len (out, hex, (gssize) n);
}

char *
mla_site_message_dir (const char *message_id)
{
    GString *name = g_string_new (NULL);
    gboolean upper = FALSE;

    g_return_val_if_fail (message_id != NULL, NULL);
    for (const guchar *p = (const guchar *) message_id; *p != '\0'; p++) {
        if (is_kept (*p))
            g_string_append_c (name, (char) *p);
        else
            g_string_append_printf (name, "%%%02X", *p);
        upper |= g_ascii_isupper (*p);
    }
    if (strcmp (name->str, ".") == 0 || strcmp (name->str, "..") == 0) {
        g_string_truncate (name, 0);
        for (const char *p = message_id; *p != '\0'; p++)
            g_string_append (name, "%2E");
    }
    /* The archive never stores an empty id; a NUL cannot be in one. */
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

char *
mla_site_message_id_from_dir (const char *name)
{
    g_autofree char *body = NULL;
    g_autofree char *id = NULL;
    g_autofree char *again = NULL;
    const char *suffix;

    g_return_val_if_fail (name != NULL, NULL);
    suffix = strchr (name, '_');
    body = suffix != NULL ? g_strndup (name, (gsize) (suffix - name))
                          : g_strdup (name);
    id = g_uri_unescape_string (body, NULL);
    if (id == NULL)
        return NULL;
    /* Only what mla_site_message_dir() makes: the round trip decides. */
    again = mla_site_message_dir (id);
    return strcmp (again, name) == 0 ? g_steal_pointer (&id) : NULL;
}

char *
mla_site_path_to_href (const char *path)
{
    GString *href = g_string_new (NULL);

    for (const char *p = path; *p != '\0'; p++) {
        if (*p == '%')
            g_string_append (href, "%25");
        else
            g_string_append_c (href, *p);
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
