/* mla-overview-query.c: lookups in the overview: messages by
 * Message-ID, threads by id or alias, a message's details. */
#include "config.h"
#include <string.h>
#include "mla-error.h"
#include "mla-overview-private.h"

char *
mla_overview_bare_id (const char *message_id)
{
    g_autofree char *copy = g_strstrip (g_strdup (message_id));
    gsize length = strlen (copy);

    if (length >= 2 && copy[0] == '<' && copy[length - 1] == '>')
        return g_strndup (copy + 1, length - 2);
    return g_steal_pointer (&copy);
}

/* The entries a query gives for one bound text. */
static GPtrArray *
find_entries (MlaOverview *overview, int which, const char *text,
              GError **error)
{
    sqlite3_stmt *statement = mla_overview_stmt (overview, which, error);

    if (statement == NULL)
        return NULL;
    mla_overview_bind_text (statement, 1, text);
    return mla_overview_collect_entries (overview, statement, "find messages",
                                         error);
}

GPtrArray *
mla_overview_find_message (MlaOverview *overview, const char *message_id,
                           GError **error)
{
    g_autofree char *id = mla_overview_bare_id (message_id);

    GPtrArray *found;

    g_return_val_if_fail (overview != NULL && message_id != NULL, NULL);
    found = find_entries (overview, STMT_FIND_MESSAGE, id, error);
    if (found != NULL && found->len == 0) {
        g_ptr_array_unref (found);
        return mla_throw (error, MLA_ERROR_NOT_FOUND, "no message <%s> in %s",
                          id, mla_archive_get_path (overview->archive)),
               NULL;
    }
    return found;
}

GPtrArray *
mla_overview_get_thread (MlaOverview *overview, const char *thread_id,
                         GError **error)
{
    g_autofree char *current =
        mla_overview_resolve_thread (overview, thread_id, error);

    if (current == NULL)
        return NULL;
    return find_entries (overview, STMT_THREAD_MESSAGES, current, error);
}

char *
mla_overview_resolve_thread (MlaOverview *overview, const char *thread_id,
                             GError **error)
{
    const int order[] = { STMT_THREAD_EXISTS, STMT_GET_ALIAS };

    g_return_val_if_fail (overview != NULL && thread_id != NULL, NULL);
    for (gsize i = 0; i < G_N_ELEMENTS (order); i++) {
        g_autoptr (GError) local = NULL;
        char *result = mla_overview_get_text (overview, order[i], thread_id,
                                              "resolve thread", &local);

        if (result != NULL)
            return result;
        if (local != NULL)
            return g_propagate_error (error, g_steal_pointer (&local)), NULL;
    }
    return mla_throw (error, MLA_ERROR_NOT_FOUND, "no thread %s in %s",
                      thread_id, mla_archive_get_path (overview->archive)),
           NULL;
}

void
mla_overview_details_free (MlaOverviewDetails *details)
{
    if (details == NULL)
        return;
    g_clear_pointer (&details->to, g_ptr_array_unref);
    g_clear_pointer (&details->cc, g_ptr_array_unref);
    g_clear_pointer (&details->attachments, g_ptr_array_unref);
    g_free (details->body);
    g_free (details);
}

/* Runs @which for @row, calling @func on each result row. */
static gboolean
for_each_row (MlaOverview *overview, int which, gint64 row,
              void (*func) (sqlite3_stmt *statement,
                            MlaOverviewDetails *details),
              MlaOverviewDetails *details, GError **error)
{
    sqlite3_stmt *statement = mla_overview_stmt (overview, which, error);
    int status;

    if (statement == NULL)
        return FALSE;
    sqlite3_bind_int64 (statement, 1, row);
    while ((status = sqlite3_step (statement)) == SQLITE_ROW)
        func (statement, details);
    sqlite3_reset (statement);
    if (status != SQLITE_DONE)
        return mla_overview_throw (overview, error, "read details");
    return TRUE;
}

static void
take_body (sqlite3_stmt *statement, MlaOverviewDetails *details)
{
    details->body = mla_overview_column_dup (statement, 0);
}

static void
take_address (sqlite3_stmt *statement, MlaOverviewDetails *details)
{
    MlaAddress *address = g_new0 (MlaAddress, 1);
    const char *kind = (const char *) sqlite3_column_text (statement, 0);

    address->name = mla_overview_column_dup (statement, 1);
    address->address = mla_overview_column_dup (statement, 2);
    g_ptr_array_add (g_strcmp0 (kind, "cc") == 0 ? details->cc : details->to,
                     address);
}

static void
take_attachment (sqlite3_stmt *statement, MlaOverviewDetails *details)
{
    MlaAttachment *attachment = g_new0 (MlaAttachment, 1);

    attachment->filename = mla_overview_column_dup (statement, 0);
    attachment->content_type = mla_overview_column_dup (statement, 1);
    attachment->size = (gsize) sqlite3_column_int64 (statement, 2);
    g_strlcpy (attachment->sha256,
               (const char *) sqlite3_column_text (statement, 3),
               sizeof attachment->sha256);
    g_ptr_array_add (details->attachments, attachment);
}

MlaOverviewDetails *
mla_overview_get_details (MlaOverview *overview, gint64 row, GError **error)
{
    g_autoptr (MlaOverviewDetails) details = g_new0 (MlaOverviewDetails, 1);
    gboolean ok;

    g_return_val_if_fail (overview != NULL, NULL);
    details->to =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_address_free);
    details->cc =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_address_free);
    details->attachments =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_attachment_free);
    /* Prepared statements are the connection's: one reader at a time. */
    g_mutex_lock (&overview->details_lock);
    ok = for_each_row (overview, STMT_GET_BODY, row, take_body, details,
                       error) &&
         for_each_row (overview, STMT_GET_ADDRESSES, row, take_address, details,
                       error) &&
         for_each_row (overview, STMT_GET_ATTACHMENTS, row, take_attachment,
                       details, error);
    g_mutex_unlock (&overview->details_lock);
    return ok ? g_steal_pointer (&details) : NULL;
}

GPtrArray *
mla_overview_get_refs (MlaOverview *overview, gint64 row, GError **error)
{
    g_autoptr (GPtrArray) refs = g_ptr_array_new_with_free_func (g_free);
    sqlite3_stmt *statement =
        mla_overview_stmt (overview, STMT_GET_REFS, error);
    int status;

    if (statement == NULL)
        return NULL;
    sqlite3_bind_int64 (statement, 1, row);
    while ((status = sqlite3_step (statement)) == SQLITE_ROW)
        g_ptr_array_add (refs, mla_overview_column_dup (statement, 0));
    sqlite3_reset (statement);
    if (status != SQLITE_DONE)
        return mla_overview_throw (overview, error, "read refs"), NULL;
    return g_steal_pointer (&refs);
}

GPtrArray *
mla_overview_get_thread_aliases (MlaOverview *overview, GError **error)
{
    g_autoptr (GPtrArray) aliases = g_ptr_array_new_with_free_func (g_free);
    sqlite3_stmt *statement = NULL;
    int status;

    if (sqlite3_prepare_v2 (
            overview->db,
            "SELECT alias, thread FROM thread_aliases ORDER BY alias", -1,
            &statement, NULL) != SQLITE_OK)
        return mla_overview_throw (overview, error, "prepare"), NULL;
    while ((status = sqlite3_step (statement)) == SQLITE_ROW) {
        g_ptr_array_add (aliases, mla_overview_column_dup (statement, 0));
        g_ptr_array_add (aliases, mla_overview_column_dup (statement, 1));
    }
    sqlite3_finalize (statement);
    if (status != SQLITE_DONE)
        return mla_overview_throw (overview, error, "read aliases"), NULL;
    return g_steal_pointer (&aliases);
}

const char *
mla_overview_entry_author (const MlaOverviewEntry *entry)
{
    if (entry->from_name != NULL && entry->from_name[0] != '\0')
        return entry->from_name;
    return entry->from_address != NULL ? entry->from_address : "(nobody)";
}

void
mla_overview_agenda_free (MlaOverviewAgenda *agenda)
{
    if (agenda == NULL)
        return;
    g_free (agenda->xml);
    g_free (agenda);
}

GPtrArray *
mla_overview_get_agendas (MlaOverview *overview, GError **error)
{
    g_autoptr (GPtrArray) agendas = g_ptr_array_new_with_free_func (
        (GDestroyNotify) mla_overview_agenda_free);
    sqlite3_stmt *statement = NULL;
    int status;

    if (sqlite3_prepare_v2 (overview->db,
                            "SELECT message, position, xml FROM agendas ORDER "
                            "BY message, position",
                            -1, &statement, NULL) != SQLITE_OK)
        return mla_overview_throw (overview, error, "prepare"), NULL;
    while ((status = sqlite3_step (statement)) == SQLITE_ROW) {
        MlaOverviewAgenda *agenda = g_new0 (MlaOverviewAgenda, 1);

        agenda->row = sqlite3_column_int64 (statement, 0);
        agenda->position = (guint) sqlite3_column_int (statement, 1);
        agenda->xml = mla_overview_column_dup (statement, 2);
        g_ptr_array_add (agendas, agenda);
    }
    sqlite3_finalize (statement);
    if (status != SQLITE_DONE)
        return mla_overview_throw (overview, error, "read agendas"), NULL;
    return g_steal_pointer (&agendas);
}

void
mla_overview_thread_info_free (MlaOverviewThreadInfo *info)
{
    if (info == NULL)
        return;
    g_free (info->thread);
    g_free (info->subject);
    g_free (info);
}

MlaOverviewThreadInfo *
mla_overview_get_thread_info (MlaOverview *overview, const char *thread_id,
                              GError **error)
{
    sqlite3_stmt *statement =
        mla_overview_stmt (overview, STMT_THREAD_INFO, error);
    g_autoptr (MlaOverviewThreadInfo) info = NULL;
    int status;

    g_return_val_if_fail (thread_id != NULL, NULL);
    if (statement == NULL)
        return NULL;
    mla_overview_bind_text (statement, 1, thread_id);
    status = sqlite3_step (statement);
    if (status == SQLITE_ROW) {
        info = g_new0 (MlaOverviewThreadInfo, 1);
        info->thread = g_strdup (thread_id);
        info->subject = mla_overview_column_dup (statement, 0);
        info->messages = (guint) sqlite3_column_int (statement, 1);
        info->first_date = sqlite3_column_int64 (statement, 2);
        info->last_date = sqlite3_column_int64 (statement, 3);
    }
    sqlite3_reset (statement);
    if (status == SQLITE_ROW)
        return g_steal_pointer (&info);
    if (status != SQLITE_DONE)
        return mla_overview_throw (overview, error, "thread"), NULL;
    return mla_throw (error, MLA_ERROR_NOT_FOUND, "no thread %s in %s",
                      thread_id, mla_archive_get_path (overview->archive)),
           NULL;
}
