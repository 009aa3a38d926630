/* mla-site-mask.c: what the address mask of a site that hides addresses
 * keeps as it is: every Message-ID of the archive (its messages' and its
 * placeholders'), the folder names made of them, as paths and as URLs
 * (mla-site-url.c): the permanent links; and the posting addresses the
 * List-Ids of published messages name: the reply links and the home
 * page's "Taking part" lead there. A site that holds part of the archive
 * (mla-site-partial.c) keeps what it holds and asks the overview about
 * every other token its pages show: the answer is checked forward (the
 * names of the message found must give that very token), so that a
 * look-up never keeps what a whole build would mask. */
#include "config.h"
#include <string.h>
#include "mla-overview-probe-private.h"
#include "mla-site-url-private.h"
#include "mla-site-private.h"

/* Keeps @text unless it is @kept, already kept: most names of a
 * Message-ID are the id itself, and finding the address-like parts of
 * every one was a tenth of an update's time. */
static void
keep_other (MlaAddressMask *mask, const char *text, const char *kept)
{
    if (strcmp (text, kept) != 0)
        mla_address_mask_keep (mask, text);
}

static void
keep_href (MlaAddressMask *mask, const char *path)
{
    g_autofree char *href = mla_site_path_to_href (path);

    keep_other (mask, href, path);
}

/* The names of the message @id: its legacy name (every message's), and
 * its folder @dir (nullable: only a published message's). */
static void
keep_names (MlaAddressMask *mask, const char *id, const char *dir)
{
    g_autofree char *legacy = mla_site_legacy_message_name (id);
    g_autofree char *legacy_href = mla_site_path_to_href (legacy);

    keep_other (mask, legacy, id);
    keep_other (mask, legacy_href, legacy);
    if (dir == NULL)
        return;
    keep_other (mask, dir, id);
    keep_href (mask, dir);
}

void
mla_site_make_mask (MlaSite *site, guint n)
{
    guint n_nodes = mla_thread_forest_get_n_nodes (site->forest);
    const char *last_list = NULL;

    if (site->options.show_addresses)
        return;
    site->mask = mla_address_mask_new ();
    for (guint i = 0; i < n_nodes; i++)
        mla_address_mask_keep (
            site->mask, mla_thread_forest_get_node (site->forest, i)->id);
    for (guint i = 0; i < n; i++) {
        const MlaOverviewEntry *e =
            mla_overview_threads_get_entry (site->threads, i);

        keep_names (site->mask, e->message_id,
                    site->published[i] ? site->dirs[i] : NULL);
        if (!site->published[i])
            continue;
        /* Most messages carry the List-Id of the one before. */
        if (g_strcmp0 (e->list_id, last_list) != 0)
            mla_address_mask_keep_list (site->mask, e->list_id);
        last_list = e->list_id;
    }
}

/* Whether the names of the message (or placeholder) @id give @token. */
static gboolean
gives (const char *id, const char *dir, const char *token)
{
    g_autoptr (MlaAddressMask) scratch = mla_address_mask_new ();
    g_autoptr (GBytes) masked = NULL;

    mla_address_mask_keep (scratch, id);
    keep_names (scratch, id, dir);
    /* Nothing masked: @token is one of them. */
    masked = mla_address_mask_apply (scratch, token, strlen (token));
    return masked == NULL;
}

/* The ids @token may come from: itself, and without a name's suffix
 * ("_" and 8 hex digits, then maybe "-N": mla-site-url.c). */
static GPtrArray *
candidates (const char *token)
{
    GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
    const char *cut = strrchr (token, '_');

    g_ptr_array_add (ids, g_strdup (token));
    if (cut == NULL || strlen (cut + 1) < 8)
        return ids;
    for (guint i = 1; i <= 8; i++)
        if (!g_ascii_isxdigit (cut[i]) || g_ascii_isupper (cut[i]))
            return ids;
    if (cut[9] == '-' ? strspn (cut + 10, "0123456789") == strlen (cut + 10) &&
                            cut[10] != '\0'
                      : cut[9] == '\0')
        g_ptr_array_add (ids, g_strndup (token, (gsize) (cut - token)));
    return ids;
}

/* The overview's answer for @token. */
static gboolean
ask (MlaSite *site, const char *token, GError **error)
{
    g_autoptr (GPtrArray) ids = candidates (token);
    gboolean named = FALSE;

    for (guint c = 0; c < ids->len; c++) {
        const char *id = ids->pdata[c];
        g_autoptr (GPtrArray) rows =
            mla_overview_get_rows_with_id (site->overview, id, error);
        g_autofree char *dir = NULL;
        gboolean published = FALSE;

        if (rows == NULL)
            return FALSE;
        for (guint r = 0; r < rows->len; r++)
            published |=
                !((const MlaOverviewEntry *) rows->pdata[r])->no_archive;
        if (published &&
            !mla_overview_get_site_name (site->overview, id, &dir, error))
            return FALSE;
        if (rows->len > 0 && gives (id, dir, token))
            return TRUE;
    }
    /* A placeholder: an id that threaded messages name. */
    return mla_overview_is_named (site->overview, token, &named, error) &&
           named && gives (token, NULL, token);
}

/* The lookup of mla_address_mask_set_lookup(): each token asked once. A
 * failed look-up masks (the safe way) and fails the build. */
static gboolean
lookup (const char *token, gpointer data)
{
    MlaSite *site = data;
    gpointer answer;
    gboolean kept;

    g_mutex_lock (&site->mask_lock);
    if (g_hash_table_lookup_extended (site->mask_answers, token, NULL,
                                      &answer)) {
        kept = GPOINTER_TO_INT (answer);
    } else {
        g_autoptr (GError) error = NULL;

        kept = ask (site, token, &error);
        if (error != NULL && site->mask_error == NULL)
            site->mask_error = g_steal_pointer (&error);
        g_hash_table_insert (site->mask_answers, g_strdup (token),
                             GINT_TO_POINTER (kept));
    }
    g_mutex_unlock (&site->mask_lock);
    return kept;
}

void
mla_site_mask_use_lookup (MlaSite *site)
{
    if (site->mask == NULL)
        return;
    site->mask_answers =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    mla_address_mask_set_lookup (site->mask, lookup, site);
}
