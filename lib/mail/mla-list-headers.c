/* mla-list-headers.c: RFC 2369 list fields from the raw header. */
#include "config.h"
#include <string.h>
#include "mla-list-headers.h"
#include "mla-mbox-private.h"
#include "mla-message-raw-private.h"

static const char *const field_names[MLA_LIST_N_FIELDS] = {
    [MLA_LIST_POST] = "List-Post",
    [MLA_LIST_SUBSCRIBE] = "List-Subscribe",
    [MLA_LIST_UNSUBSCRIBE] = "List-Unsubscribe",
    [MLA_LIST_HELP] = "List-Help",
    [MLA_LIST_ARCHIVE] = "List-Archive",
    [MLA_LIST_OWNER] = "List-Owner",
};

/* The URIs of a field's value: what stands between "<" and ">", without
 * whitespace (a long URI may be folded); comments and the rest are
 * skipped. */
static GPtrArray *
parse_uris (const char *value, gsize length)
{
    GPtrArray *uris = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GString) uri = g_string_new (NULL);
    gboolean inside = FALSE;

    for (gsize i = 0; i < length; i++) {
        char c = value[i];

        if (!inside) {
            inside = c == '<';
            continue;
        }
        if (c == '>') {
            if (uri->len > 0)
                g_ptr_array_add (uris, g_strndup (uri->str, uri->len));
            g_string_truncate (uri, 0);
            inside = FALSE;
        } else if (!g_ascii_isspace (c)) {
            g_string_append_c (uri, c);
        }
    }
    return uris;
}

/* "NO", perhaps with a comment: RFC 2369 §3.4. */
static gboolean
says_no (const char *value, gsize length)
{
    g_autofree char *text = g_strndup (value, length);

    g_strstrip (text);
    return g_ascii_strncasecmp (text, "NO", 2) == 0 &&
           (text[2] == '\0' || g_ascii_isspace (text[2]) || text[2] == '(');
}

static void
take_field (MlaListHeaders *headers, const char *name, gsize name_length,
            const char *value, gsize length)
{
    for (int f = 0; f < MLA_LIST_N_FIELDS; f++) {
        if (strlen (field_names[f]) != name_length ||
            g_ascii_strncasecmp (name, field_names[f], name_length) != 0 ||
            headers->uris[f] != NULL)
            continue;
        headers->uris[f] = parse_uris (value, length);
        if (f == MLA_LIST_POST && headers->uris[f]->len == 0)
            headers->no_posting = says_no (value, length);
        return;
    }
}

MlaListHeaders *
mla_list_headers_read (const guint8 *data, gsize size)
{
    MlaListHeaders *headers = g_new0 (MlaListHeaders, 1);
    const guint8 *p = data;
    const guint8 *end = data != NULL ? data + size : NULL;

    while (p < end && *p != '\n' &&
           !(*p == '\r' && p + 1 < end && p[1] == '\n')) {
        const guint8 *next = mla_message_raw_field_end (p, end);
        const char *field = (const char *) p;
        gsize length = (gsize) (next - p);
        gsize name = mla_field_name_length (field, length);
        const char *colon = name > 0 ? memchr (field, ':', length) : NULL;

        if (colon != NULL)
            take_field (headers, field, name, colon + 1,
                        length - (gsize) (colon + 1 - field));
        p = next;
    }
    return headers;
}

void
mla_list_headers_free (MlaListHeaders *headers)
{
    if (headers == NULL)
        return;
    for (int f = 0; f < MLA_LIST_N_FIELDS; f++)
        g_clear_pointer (&headers->uris[f], g_ptr_array_unref);
    g_free (headers);
}

char *
mla_list_mailto_address (GPtrArray *uris)
{
    for (guint i = 0; uris != NULL && i < uris->len; i++) {
        const char *uri = g_ptr_array_index (uris, i);
        const char *query;
        g_autofree char *path = NULL;
        char *address;

        if (g_ascii_strncasecmp (uri, "mailto:", 7) != 0)
            continue;
        query = strchr (uri + 7, '?');
        path = query != NULL ? g_strndup (uri + 7, (gsize) (query - uri - 7))
                             : g_strdup (uri + 7);
        address = g_uri_unescape_string (path, NULL);
        /* one address, no spaces or controls: else it is of no use */
        if (address != NULL && strchr (address, '@') != NULL &&
            strpbrk (address, ", <>\"\t\r\n") == NULL)
            return address;
        g_free (address);
    }
    return NULL;
}

gboolean
mla_list_id_names_address (const char *list_id, const char *address)
{
    const char *at;

    if (list_id == NULL || address == NULL ||
        (at = strrchr (address, '@')) == NULL)
        return FALSE;
    return strlen (list_id) == strlen (address) &&
           g_ascii_strncasecmp (list_id, address, (gsize) (at - address)) ==
               0 &&
           list_id[at - address] == '.' &&
           g_ascii_strcasecmp (list_id + (at - address) + 1, at + 1) == 0;
}
