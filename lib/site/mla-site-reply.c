/* mla-site-reply.c: how to answer a message and how to post to the list,
 * from the mail's own fields, as public-inbox's pages offer it: a message
 * page's <reply> (a mailto: link and a git send-email line) and the home
 * page's <list> (the List-* fields of recent mail). Addresses pass the
 * site's address policy (mla_site_address_shown()); the list's posting
 * address is public, shown unless the mask cannot tell it is the list's
 * (mla_site_list_address_shown()). */
#include "config.h"
#include <string.h>
#include "mla-archive.h"
#include "mla-list-headers.h"
#include "mla-site-private.h"
#include "mla-subject.h"

gboolean
mla_site_address_shown (MlaSite *site, const char *address)
{
    return address != NULL &&
           (site->options.show_addresses || strchr (address, '@') == NULL);
}

gboolean
mla_site_list_address_shown (MlaSite *site, const char *address)
{
    MlaAddressMatch match;

    return address != NULL &&
           (site->mask == NULL ||
            !mla_address_mask_find (site->mask, address, strlen (address), 0,
                                    &match) ||
            match.kept != NULL);
}

static MlaListHeaders *
list_headers_of (MlaSite *site, const MlaOverviewEntry *e, GError **error)
{
    g_autoptr (GByteArray) raw = g_byte_array_new ();

    if (!mla_archive_read_raw (site->archive, e->volume, e->message_id,
                               e->raw_offset, e->raw_length, raw, error))
        return NULL;
    return mla_list_headers_read (raw->data, raw->len);
}

/* The list's posting address: List-Post, else the To or Cc address that
 * the List-Id names; none when List-Post says NO, or gives an address the
 * site masks. Returns: (transfer full) (nullable). */
static char *
list_address (MlaSite *site, const MlaListHeaders *fields,
              const MlaOverviewEntry *e, const MlaOverviewDetails *details)
{
    GPtrArray *const lists[] = { details->to, details->cc };
    char *address;

    if (fields->no_posting)
        return NULL;
    address = mla_list_mailto_address (fields->uris[MLA_LIST_POST]);
    if (address != NULL && !mla_site_list_address_shown (site, address))
        g_clear_pointer (&address, g_free);
    if (address != NULL)
        return address;
    for (gsize l = 0; l < G_N_ELEMENTS (lists); l++)
        for (guint i = 0; i < lists[l]->len; i++) {
            const MlaAddress *a = g_ptr_array_index (lists[l], i);

            if (mla_list_id_names_address (e->list_id, a->address))
                return g_strdup (a->address);
        }
    return NULL;
}

static gboolean
has_address (GPtrArray *addresses, const char *address)
{
    for (guint i = 0; i < addresses->len; i++)
        if (g_ascii_strcasecmp (g_ptr_array_index (addresses, i), address) == 0)
            return TRUE;
    return FALSE;
}

/* Who a reply goes to, as public-inbox has it: the author first, then
 * the others of To and Cc, and the list; only the addresses the site's
 * policy shows, and the list's. Returns: (transfer full): const char *,
 * borrowed from @e, @details and @list. */
static GPtrArray *
recipients (MlaSite *site, const MlaOverviewEntry *e,
            const MlaOverviewDetails *details, const char *list)
{
    GPtrArray *out = g_ptr_array_new ();
    GPtrArray *const lists[] = { details->to, details->cc };

    if (e->from_address != NULL &&
        mla_site_address_shown (site, e->from_address))
        g_ptr_array_add (out, (gpointer) e->from_address);
    for (gsize l = 0; l < G_N_ELEMENTS (lists); l++)
        for (guint i = 0; i < lists[l]->len; i++) {
            const char *a =
                ((const MlaAddress *) g_ptr_array_index (lists[l], i))->address;

            if (a != NULL && strchr (a, '@') != NULL && !has_address (out, a) &&
                mla_site_address_shown (site, a))
                g_ptr_array_add (out, (gpointer) a);
        }
    if (list != NULL && !has_address (out, list))
        g_ptr_array_add (out, (gpointer) list);
    return out;
}

/* A word for a shell: as it is when it is plain, else in single quotes. */
static char *
shell_word (const char *value)
{
    for (const char *p = value; *p != '\0'; p++)
        if (!g_ascii_isalnum (*p) && strchr ("@./,%+-_=:", *p) == NULL)
            return g_shell_quote (value);
    return g_strdup (value);
}

static void
add_arg (xmlNode *reply, const char *option, const char *value)
{
    g_autofree char *word = shell_word (value);
    g_autofree char *arg = g_strconcat ("--", option, "=", word, NULL);

    mla_site_text_element (reply, "arg", arg);
}

/* "mailto:TO?In-Reply-To=<ID>&Cc=A,B&Subject=Re: …", percent-encoded as
 * RFC 6068 asks (an address keeps its "@"); the subject last, as
 * public-inbox puts it, since it matters least when a copy is cut. */
static char *
mailto (GPtrArray *to, const char *message_id, const char *subject)
{
    GString *uri = g_string_new ("mailto:");
    g_autofree char *id = g_strconcat ("<", message_id, ">", NULL);

    g_string_append_uri_escaped (uri, g_ptr_array_index (to, 0), "@", FALSE);
    g_string_append (uri, "?In-Reply-To=");
    g_string_append_uri_escaped (uri, id, NULL, FALSE);
    for (guint i = 1; i < to->len; i++) {
        g_string_append (uri, i == 1 ? "&Cc=" : "%2C");
        g_string_append_uri_escaped (uri, g_ptr_array_index (to, i), "@",
                                     FALSE);
    }
    g_string_append (uri, "&Subject=");
    g_string_append_uri_escaped (uri, subject, NULL, FALSE);
    return g_string_free (uri, FALSE);
}

gboolean
mla_site_reply_element (MlaSite *site, xmlNode *parent, guint entry,
                        const MlaOverviewDetails *details, GError **error)
{
    const MlaOverviewEntry *e =
        mla_overview_threads_get_entry (site->threads, entry);
    g_autoptr (MlaListHeaders) fields = list_headers_of (site, e, error);
    g_autofree char *list = NULL;
    g_autofree char *subject = NULL;
    g_autoptr (GPtrArray) to = NULL;
    xmlNode *reply;

    if (fields == NULL)
        return FALSE;
    list = list_address (site, fields, e, details);
    subject =
        mla_subject_is_reply (e->subject)
            ? g_strdup (e->subject)
            : g_strconcat ("Re: ", e->subject != NULL ? e->subject : "", NULL);
    to = recipients (site, e, details, list);
    reply = mla_site_element (parent, "reply");
    mla_site_attr (reply, "in-reply-to", e->message_id);
    mla_site_attr (reply, "subject", subject);
    mla_site_attr (reply, "list", list);
    add_arg (reply, "in-reply-to", e->message_id);
    if (to->len > 0) {
        g_autofree char *uri = mailto (to, e->message_id, subject);

        mla_site_attr (reply, "mailto", uri);
        mla_site_attr (reply, "to", g_ptr_array_index (to, 0));
        add_arg (reply, "to", g_ptr_array_index (to, 0));
    }
    for (guint i = 1; i < to->len; i++)
        add_arg (reply, "cc", g_ptr_array_index (to, i));
    add_arg (reply, "subject", subject);
    return TRUE;
}

/* A list field's URIs that a reader can follow: http, https, and mailto:
 * with an address the policy shows, or the list's own. */
static void
add_links (MlaSite *site, xmlNode *list, const char *kind, GPtrArray *uris,
           const char *post)
{
    for (guint i = 0; uris != NULL && i < uris->len; i++) {
        const char *uri = g_ptr_array_index (uris, i);
        xmlNode *link;

        if (g_ascii_strncasecmp (uri, "mailto:", 7) == 0) {
            g_autoptr (GPtrArray) one = g_ptr_array_new ();
            g_autofree char *address = NULL;

            g_ptr_array_add (one, (gpointer) uri);
            address = mla_list_mailto_address (one);
            if (address == NULL || (g_strcmp0 (address, post) != 0 &&
                                    !mla_site_address_shown (site, address)))
                continue;
        } else if (g_ascii_strncasecmp (uri, "https://", 8) != 0 &&
                   g_ascii_strncasecmp (uri, "http://", 7) != 0) {
            continue;
        }
        link = mla_site_element (list, "link");
        mla_site_attr (link, "kind", kind);
        mla_site_attr (link, "href", uri);
    }
}

gboolean
mla_site_list_element (MlaSite *site, xmlNode *parent, GError **error)
{
    static const struct {
        MlaListField field;
        const char *kind;
    } shown[] = {
        { MLA_LIST_SUBSCRIBE, "subscribe" },
        { MLA_LIST_UNSUBSCRIBE, "unsubscribe" },
        { MLA_LIST_HELP, "help" },
        { MLA_LIST_ARCHIVE, "archive" },
    };
    guint n = site->by_date->len;

    /* The newest message that has list fields speaks for the list. */
    for (guint i = n; i-- > 0 && n - i <= MLA_SITE_LIST_FIELDS_LOOKUP;) {
        const MlaOverviewEntry *e = mla_overview_threads_get_entry (
            site->threads, g_array_index (site->by_date, guint, i));
        g_autoptr (MlaListHeaders) fields = list_headers_of (site, e, error);
        g_autofree char *post = NULL;
        xmlNode *list;
        gboolean any = FALSE;

        if (fields == NULL)
            return FALSE;
        for (int f = 0; f < MLA_LIST_N_FIELDS; f++)
            any = any || fields->uris[f] != NULL;
        if (!any)
            continue;
        list = mla_site_element (parent, "list");
        post = mla_list_mailto_address (fields->uris[MLA_LIST_POST]);
        if (!mla_site_list_address_shown (site, post))
            g_clear_pointer (&post, g_free);
        if (fields->no_posting)
            mla_site_attr (list, "no-posting", "true");
        else if (post != NULL) {
            g_autoptr (GString) href = g_string_new ("mailto:");

            g_string_append_uri_escaped (href, post, "@", FALSE);
            mla_site_attr (list, "post", post);
            mla_site_attr (list, "post-href", href->str);
        }
        for (gsize k = 0; k < G_N_ELEMENTS (shown); k++)
            add_links (site, list, shown[k].kind, fields->uris[shown[k].field],
                       post);
        return TRUE;
    }
    return TRUE;
}
