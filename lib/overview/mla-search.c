/* mla-search.c: mlarc search: runs a query through the overview and
 * writes its results. Per-thread results group the matching messages
 * under their thread, ranked by the best of them. */
#include "config.h"
#include <string.h>
#include "mla-error.h"
#include "mla-escape.h"
#include "mla-listing-private.h"
#include "mla-search.h"
#include "mla-show.h"

/* A thread line names this many authors of its matches, then "...". */
#define MAX_AUTHORS 3

gboolean
mla_search_format_from_string (const char *name, MlaSearchFormat *out_format)
{
    static const char *const names[] = { "text", "json", "mbox" };

    for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
        if (g_strcmp0 (name, names[i]) == 0) {
            *out_format = (MlaSearchFormat) i;
            return TRUE;
        }
    return FALSE;
}

typedef struct {
    const char *thread;
    GPtrArray *hits; /* MlaSearchHit *, borrowed, best first */
} Group;

static void
group_clear (gpointer data)
{
    g_ptr_array_unref (((Group *) data)->hits);
}

/* The threads of @hits, in the order of their best hit. */
static GArray *
group_by_thread (GPtrArray *hits)
{
    GArray *groups = g_array_new (FALSE, FALSE, sizeof (Group));
    g_autoptr (GHashTable) index = g_hash_table_new (g_str_hash, g_str_equal);

    g_array_set_clear_func (groups, group_clear);
    for (guint i = 0; i < hits->len; i++) {
        MlaSearchHit *hit = g_ptr_array_index (hits, i);
        gpointer at;

        if (!g_hash_table_lookup_extended (index, hit->entry->thread, NULL,
                                           &at)) {
            Group group = { hit->entry->thread, g_ptr_array_new () };

            at = GUINT_TO_POINTER (groups->len);
            g_array_append_val (groups, group);
            g_hash_table_insert (index, (gpointer) hit->entry->thread, at);
        }
        g_ptr_array_add (
            g_array_index (groups, Group, GPOINTER_TO_UINT (at)).hits, hit);
    }
    return groups;
}

static void
append_json_string (GString *out, const char *text)
{
    g_autofree char *valid = NULL;

    if (text == NULL) {
        g_string_append (out, "null");
        return;
    }
    valid = g_utf8_make_valid (text, -1);
    g_string_append_c (out, '"');
    for (const char *p = valid; *p != '\0'; p++) {
        guchar c = (guchar) *p;

        if (c == '"' || c == '\\')
            g_string_append_printf (out, "\\%c", c);
        else if (c == '\n')
            g_string_append (out, "\\n");
        else if (c < 0x20 || c == 0x7f)
            g_string_append_printf (out, "\\u%04x", c);
        else if (c == 0xc2 && (guchar) p[1] >= 0x80 && (guchar) p[1] < 0xa0)
            /* A C1 control (U+0080 to U+009F): a terminal may obey it. */
            g_string_append_printf (out, "\\u%04x", (guchar) * ++p);
        else
            g_string_append_c (out, (char) c);
    }
    g_string_append_c (out, '"');
}

static void
append_json_date (GString *out, const char *key, gint64 date)
{
    char iso[32];

    mla_listing_format_date (date, TRUE, iso);
    g_string_append_printf (out, "\"%s\": \"%s\"", key, iso);
}

/* "key": "value" pairs from @pairs (key, value, key, value...; a value
 * may be NULL), each but the first after ", ". */
static void
append_json_fields (GString *out, const char *const *pairs, gsize n_pairs)
{
    for (gsize i = 0; i + 1 < n_pairs; i += 2) {
        g_string_append_printf (out, "%s\"%s\": ", i > 0 ? ", " : "", pairs[i]);
        append_json_string (out, pairs[i + 1]);
    }
}

static void
append_message (GString *out, MlaSearchFormat format, const MlaSearchHit *hit)
{
    const MlaOverviewEntry *entry = hit->entry;
    const char *ids[] = { "message_id", entry->message_id, "thread",
                          entry->thread };
    const char *texts[] = { "from_name",    entry->from_name,
                            "from_address", entry->from_address,
                            "subject",      entry->subject };
    char date[32];

    if (format == MLA_SEARCH_FORMAT_TEXT) {
        mla_listing_format_date (entry->date, FALSE, date);
        g_string_append_printf (out, "%s  ", date);
        mla_listing_append_column (out, mla_overview_entry_author (entry),
                                   MLA_LISTING_AUTHOR_WIDTH);
        g_string_append (out, "  ");
        mla_listing_append_column (
            out, entry->subject != NULL ? entry->subject : "(no subject)", 0);
        g_string_append (out, "  <");
        mla_listing_append_column (out, entry->message_id, 0);
        g_string_append (out, ">\n");
        return;
    }
    g_string_append_c (out, '{');
    append_json_fields (out, ids, G_N_ELEMENTS (ids));
    g_string_append (out, ", ");
    append_json_date (out, "date", entry->date);
    g_string_append (out, ", ");
    append_json_fields (out, texts, G_N_ELEMENTS (texts));
    g_string_append_printf (out, ", \"score\": %.4f}", hit->score);
}

/* The distinct authors of @group's matches, at most MAX_AUTHORS. */
static GPtrArray *
group_authors (const Group *group, gboolean *out_more)
{
    GPtrArray *authors = g_ptr_array_new ();

    *out_more = FALSE;
    for (guint i = 0; i < group->hits->len; i++) {
        const MlaSearchHit *hit = g_ptr_array_index (group->hits, i);
        const char *author = mla_overview_entry_author (hit->entry);
        gboolean seen = FALSE;

        for (guint a = 0; a < authors->len && !seen; a++)
            seen = strcmp (g_ptr_array_index (authors, a), author) == 0;
        if (seen)
            continue;
        if (authors->len == MAX_AUTHORS) {
            *out_more = TRUE;
            break;
        }
        g_ptr_array_add (authors, (gpointer) author);
    }
    return authors;
}

static gboolean
append_thread (GString *out, MlaOverview *overview, MlaSearchFormat format,
               const Group *group, GError **error)
{
    g_autoptr (MlaOverviewThreadInfo) info =
        mla_overview_get_thread_info (overview, group->thread, error);
    gboolean more;
    g_autoptr (GPtrArray) authors = group_authors (group, &more);
    char date[32];

    if (info == NULL)
        return FALSE;
    if (format == MLA_SEARCH_FORMAT_TEXT) {
        mla_listing_format_date (info->last_date, FALSE, date);
        date[10] = '\0';
        mla_escape_append (out, info->thread, MLA_ESCAPE_LINE);
        g_string_append_printf (out, "  %s  [%u/%u]  ", date, group->hits->len,
                                info->messages);
        for (guint a = 0; a < authors->len; a++) {
            if (a > 0)
                g_string_append (out, ", ");
            mla_listing_append_column (out, g_ptr_array_index (authors, a), 0);
        }
        g_string_append (out, more ? ", ...; " : "; ");
        mla_listing_append_column (
            out, info->subject != NULL ? info->subject : "(no subject)", 0);
        g_string_append_c (out, '\n');
        return TRUE;
    }
    g_string_append_c (out, '{');
    append_json_fields (
        out,
        (const char *[]){ "thread", info->thread, "subject", info->subject },
        4);
    g_string_append (out, ", ");
    append_json_date (out, "first_date", info->first_date);
    g_string_append (out, ", ");
    append_json_date (out, "last_date", info->last_date);
    g_string_append_printf (
        out, ", \"messages\": %u, \"matched\": %u, \"authors\": [",
        info->messages, group->hits->len);
    for (guint a = 0; a < authors->len; a++) {
        if (a > 0)
            g_string_append (out, ", ");
        append_json_string (out, g_ptr_array_index (authors, a));
    }
    g_string_append (out, "], \"message_ids\": [");
    for (guint i = 0; i < group->hits->len; i++) {
        const MlaSearchHit *hit = g_ptr_array_index (group->hits, i);

        if (i > 0)
            g_string_append (out, ", ");
        append_json_string (out, hit->entry->message_id);
    }
    g_string_append (out, "]}");
    return TRUE;
}

/* Writes @out's text and empties it, so long result lists stream. */
static gboolean
flush (GOutputStream *stream, GString *text, GError **error)
{
    gboolean ok = g_output_stream_write_all (stream, text->str, text->len, NULL,
                                             NULL, error);

    g_string_truncate (text, 0);
    return ok;
}

static gboolean
write_mbox (MlaArchive *archive, MlaOverview *overview, GPtrArray *hits,
            GArray *groups, GOutputStream *out, GError **error)
{
    if (groups == NULL) {
        for (guint i = 0; i < hits->len; i++) {
            const MlaSearchHit *hit = g_ptr_array_index (hits, i);
            const MlaOverviewEntry *entry = hit->entry;

            if (!mla_show_write_mbox (archive, &entry, 1, out, error))
                return FALSE;
        }
        return TRUE;
    }
    for (guint i = 0; i < groups->len; i++) {
        const Group *group = &g_array_index (groups, Group, i);
        g_autoptr (GPtrArray) thread =
            mla_overview_get_thread (overview, group->thread, error);

        if (thread == NULL ||
            !mla_show_write_mbox (
                archive, (const MlaOverviewEntry *const *) thread->pdata,
                thread->len, out, error))
            return FALSE;
    }
    return TRUE;
}

gboolean
mla_search (MlaArchive *archive, MlaOverview *overview, const MlaQuery *query,
            const MlaSearchWriteOptions *options, GOutputStream *out,
            GError **error)
{
    /* Threads are counted after grouping, so they need every match. */
    MlaSearchOptions range = { .offset = options->threads ? 0 : options->offset,
                               .limit = options->threads ? 0 : options->limit };
    g_autoptr (GPtrArray) hits =
        mla_overview_search (overview, query, &range, error);
    g_autoptr (GArray) groups = NULL;
    g_autoptr (GString) text = g_string_new (NULL);
    gboolean json = options->format == MLA_SEARCH_FORMAT_JSON;
    guint n;

    if (hits == NULL)
        return FALSE;
    if (options->threads) {
        guint end;

        groups = group_by_thread (hits);
        end =
            options->limit > 0 && options->offset + options->limit < groups->len
                ? options->offset + options->limit
                : groups->len;
        if (end < groups->len)
            g_array_remove_range (groups, end, groups->len - end);
        g_array_remove_range (groups, 0, MIN (options->offset, groups->len));
    }
    if (options->format == MLA_SEARCH_FORMAT_MBOX)
        return write_mbox (archive, overview, hits, groups, out, error);
    n = groups != NULL ? groups->len : hits->len;
    if (json)
        g_string_append_c (text, '[');
    for (guint i = 0; i < n; i++) {
        if (json)
            g_string_append (text, i > 0 ? ",\n " : "\n ");
        if (groups != NULL) {
            if (!append_thread (text, overview, options->format,
                                &g_array_index (groups, Group, i), error))
                return FALSE;
        } else
            append_message (text, options->format, g_ptr_array_index (hits, i));
        if (text->len > 65536 && !flush (out, text, error))
            return FALSE;
    }
    if (json)
        g_string_append (text, n > 0 ? "\n]\n" : "]\n");
    return flush (out, text, error);
}
