/* mla-site-message.c: a message's files on a site: its page (one per
 * Message-ID), raw.txt, its HTML body and its attachments, each made only
 * when its signature changed. The build they belong to is mla-site.c's
 * (mla-site-build-private.h). */
#include "config.h"
#include <string.h>
#include "mla-error.h"
#include "mla-message.h"
#include "mla-site-build-private.h"
#include "mla-site-url-private.h"

/* The stored bytes of @entry as a raw message. */
static MlaRawMessage *
stored_message (MlaSite *site, const MlaOverviewEntry *e, GError **error)
{
    g_autoptr (GByteArray) raw = g_byte_array_new ();
    g_autoptr (GBytes) bytes = NULL;

    if (!mla_archive_read_raw (site->archive, e->volume, e->message_id,
                               e->raw_offset, e->raw_length, raw, error))
        return NULL;
    bytes = g_byte_array_free_to_bytes (g_steal_pointer (&raw));
    return mla_raw_message_new (bytes, "archive", 0, 1);
}

/* The attachments of one message that a build writes: the path of each
 * whose file changed, NULL for those kept. */
typedef struct {
    MlaSiteBuild *build;
    GPtrArray *paths;
    GArray *text; /* gboolean per attachment: a text type, masked */
    guint wanted, put;
    GError *error; /* the first write that failed */
} Downloads;

static gboolean
download_wanted (guint index, gpointer user_data)
{
    Downloads *d = user_data;

    return index < d->paths->len && d->paths->pdata[index] != NULL;
}

static void
download_put (guint index, GBytes *content, gpointer user_data)
{
    Downloads *d = user_data;

    const char *path = d->paths->pdata[index];
    const void *data = g_bytes_get_data (content, NULL);
    gsize size = g_bytes_get_size (content);

    d->put++;
    /* Text (a patch, a log) is masked; other files are published as they
     * came (doc/site-models.md says so). */
    if (d->error != NULL)
        return;
    if (g_array_index (d->text, gboolean, index))
        mla_site_build_put_text (d->build, path, data, size, &d->error);
    else
        mla_site_files_put (d->build->files, path, data, size, &d->error);
}

/* Which attachments of @entry changed: @d's paths. They share one
 * signature, of the message's bytes and which copy of its id it is (the
 * body's name says), so that when all are kept the overview is not asked
 * for their names. */
static gboolean
changed_attachments (MlaSiteBuild *build, const MlaOverviewEntry *e,
                     guint entry, Downloads *d, GError **error)
{
    MlaSite *site = build->site;
    g_autoptr (MlaOverviewDetails) details = NULL;
    g_autofree char *folder = NULL;
    g_autofree char *copy = NULL;
    g_autofree char *file_signature = NULL;

    if (e->n_attachments == 0)
        return TRUE;
    folder = g_strconcat ("m/", site->dirs[entry], "/", NULL);
    copy = mla_site_html_body_path (site, entry);
    file_signature =
        mla_site_build_signature (build, "attachments", e->sha256, copy, NULL);
    if (mla_site_files_keep_group (build->files, folder, file_signature) ==
        e->n_attachments)
        return TRUE;
    details = mla_overview_get_details (site->overview, e->row, error);
    if (details == NULL)
        return FALSE;
    for (guint i = 0; i < details->attachments->len; i++) {
        const MlaAttachment *a = g_ptr_array_index (details->attachments, i);
        g_autofree char *path =
            mla_site_attachment_path (site, entry, i, a->filename);
        gboolean kept =
            mla_site_files_keep (build->files, path, file_signature);
        gboolean text = g_str_has_prefix (a->content_type, "text/");

        g_ptr_array_add (d->paths, kept ? NULL : g_steal_pointer (&path));
        g_array_append_val (d->text, text);
        d->wanted += !kept;
    }
    return TRUE;
}

/* An HTML body is offered as it was written, under a .txt name; each
 * attachment as a file beside its message's page, with a name that cannot
 * make it a page or a script (mla_site_attachment_name()). Both are
 * decoded from the raw store, by one parse of the message for all that
 * changed: a message of a thousand parts is not parsed a thousand times. */
static gboolean
put_downloads (MlaSiteBuild *build, guint entry, GError **error)
{
    MlaSite *site = build->site;
    const MlaOverviewEntry *e =
        mla_overview_threads_get_entry (site->threads, entry);
    g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GArray) text = g_array_new (FALSE, FALSE, sizeof (gboolean));
    Downloads d = { build, paths, text, 0, 0, NULL };
    MlaDownloadSink sink = { download_wanted, download_put, &d };
    g_autofree char *html_path = NULL;
    g_autofree char *html = NULL;
    g_autoptr (MlaRawMessage) message = NULL;
    guint64 cost;

    /* Most messages have neither: no lookup in the overview for them. */
    if (e->body_source != MLA_BODY_SOURCE_HTML && e->n_attachments == 0)
        return TRUE;
    if (e->body_source == MLA_BODY_SOURCE_HTML) {
        g_autofree char *file_signature =
            mla_site_build_signature (build, "html", e->sha256, NULL);

        html_path = mla_site_html_body_path (site, entry);
        if (mla_site_files_keep (build->files, html_path, file_signature))
            g_clear_pointer (&html_path, g_free);
    }
    if (!changed_attachments (build, e, entry, &d, error))
        return FALSE;
    if (html_path == NULL && d.wanted == 0)
        return TRUE;
    message = stored_message (site, e, error);
    if (message == NULL)
        return FALSE;
    /* A message an import took with a higher size limit parses alone. */
    cost = MIN (mla_message_parse_cost (message, NULL),
                mla_memory_budget_get_total (build->budget));
    mla_memory_budget_take (build->budget, cost);
    html = mla_message_extract_downloads (message, &sink);
    mla_memory_budget_give (build->budget, cost);
    if (d.error != NULL) {
        g_propagate_error (error, d.error);
        return FALSE;
    }
    if (d.put < d.wanted)
        return mla_throw (error, MLA_ERROR_ARCHIVE,
                          "%s: %u attachments of <%s> are gone",
                          mla_archive_get_path (site->archive),
                          d.wanted - d.put, e->message_id);
    return html_path == NULL ||
           mla_site_build_put_text (build, html_path, html != NULL ? html : "",
                                    html != NULL ? strlen (html) : 0, error);
}

/* A message page shows its message (and any other with its id), what it
 * shows of its thread (mla_site_message_thread_digest()) and its
 * neighbours by date. */
static char *
message_signature (MlaSiteBuild *build, guint entry)
{
    MlaSite *site = build->site;
    g_autofree char *thread = mla_site_message_thread_digest (site, entry);
    guint rank = site->date_rank[entry];
    g_autoptr (GString) same = g_string_new (NULL);

    for (guint i = entry; i != MLA_THREAD_NONE; i = site->next_same_id[i])
        if (site->published[i])
            g_string_append_printf (same, "%s ", mla_site_sha_of (site, i));
    return mla_site_build_signature (
        build, "message", same->str, thread,
        mla_site_sha_of (
            site, rank > 0 ? g_array_index (site->by_date, guint, rank - 1)
                           : MLA_THREAD_NONE),
        mla_site_sha_of (site,
                         rank + 1 < site->by_date->len
                             ? g_array_index (site->by_date, guint, rank + 1)
                             : MLA_THREAD_NONE),
        NULL);
}

gboolean
mla_site_put_message (MlaSiteBuild *build, guint entry, GError **error)
{
    MlaSite *site = build->site;
    const MlaOverviewEntry *e =
        mla_overview_threads_get_entry (site->threads, entry);
    g_autofree char *folder = mla_site_message_path (site, entry);
    g_autofree char *page = g_strconcat (folder, "/index.html", NULL);
    g_autofree char *raw_path = g_strconcat (folder, "/raw.txt", NULL);
    g_autofree char *page_signature = NULL;
    g_autofree char *raw_signature = NULL;
    g_autoptr (GByteArray) raw = g_byte_array_new ();

    /* One page per Message-ID, made for its first published message. */
    if (GPOINTER_TO_UINT (g_hash_table_lookup (site->first_with_id,
                                               e->message_id)) != entry + 1)
        return TRUE;
    page_signature = message_signature (build, entry);
    raw_signature = mla_site_build_signature (build, "raw", e->sha256, NULL);
    if (!mla_site_files_keep (build->files, page, page_signature) &&
        !mla_site_build_put_page (
            build, mla_site_model_message (site, entry, error), page, error))
        return FALSE;
    if (!mla_site_files_keep (build->files, raw_path, raw_signature) &&
        (!mla_archive_read_raw (site->archive, e->volume, e->message_id,
                                e->raw_offset, e->raw_length, raw, error) ||
         !mla_site_build_put_text (build, raw_path, raw->data, raw->len,
                                   error)))
        return FALSE;
    for (guint i = entry; i != MLA_THREAD_NONE; i = site->next_same_id[i])
        if (site->published[i] && !put_downloads (build, i, error))
            return FALSE;
    return TRUE;
}
