/* mla-overview-search.c: the full-text index (an FTS5 table in the
 * overview, filled as records are added) and the search that turns a
 * parsed query into one SQL statement. Text terms become an FTS5 MATCH
 * expression, every other term a condition on the messages table; values
 * are always bound, never pasted. */
#include "config.h"
#include <math.h>
#include <string.h>
#include "mla-error.h"
#include "mla-overview-private.h"

/* Relevance weights of the FTS columns (title, author, recipients, body,
 * files): a word in the subject says more than one in the body. */
static const double column_weights[] = { 4.0, 2.0, 1.0, 1.0, 2.0 };
#define RANK "mla_rank(search)"
/* BM25's parameters, as FTS5's bm25() has them. */
#define BM25_K1 1.2
#define BM25_B 0.75

/* How many of the latest matches are ranked by default (see
 * mla_overview_search). */
#define RANK_WINDOW 2000

/* ---- ranking ---- */

typedef struct {
    int n_phrases;
    double average_length; /* tokens per row */
    double *frequency;     /* per phrase, the current row's: in idf[] past the
                              phrases */
    double idf[];          /* per phrase */
} RankData;

static int
count_row (const Fts5ExtensionApi *api, Fts5Context *fts, void *data)
{
    (void) api;
    (void) fts;
    (*(sqlite3_int64 *) data)++;
    return SQLITE_OK;
}

/* What every row's score shares: the average length, and each phrase's
 * inverse document frequency. Counting a phrase's rows means evaluating
 * it over the whole index (a second time, after the MATCH did), which for
 * a phrase of common words costs as much as the search: with a single
 * phrase its IDF is one factor common to every score, so it is left out
 * (the order is BM25's all the same). */
static RankData *
rank_data (const Fts5ExtensionApi *api, Fts5Context *fts)
{
    int n_phrases = api->xPhraseCount (fts);
    RankData *data = g_malloc0 (sizeof *data + 2 * sizeof (double) *
                                                   (gsize) MAX (n_phrases, 1));
    sqlite3_int64 rows = 0, tokens = 0;

    data->n_phrases = n_phrases;
    data->frequency = data->idf + MAX (n_phrases, 1);
    if (api->xRowCount (fts, &rows) != SQLITE_OK ||
        api->xColumnTotalSize (fts, -1, &tokens) != SQLITE_OK)
        rows = tokens = 0;
    data->average_length = rows > 0 ? (double) tokens / (double) rows : 1.0;
    for (int i = 0; i < n_phrases; i++) {
        sqlite3_int64 hits = 0;

        data->idf[i] = 1.0;
        if (n_phrases > 1 &&
            api->xQueryPhrase (fts, i, &hits, count_row) == SQLITE_OK)
            data->idf[i] = MAX (log ((0.5 + (double) rows - (double) hits) /
                                     (0.5 + (double) hits)),
                                1e-6);
    }
    return data;
}

/* mla_rank(search): BM25 as FTS5's bm25() computes it, with the column
 * weights above, negated (lower is better, as bm25()). */
static void
rank (const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context,
      int n_values, sqlite3_value **values)
{
    RankData *data = api->xGetAuxdata (fts, 0);
    double *frequency;
    int n_instances = 0, length = 0;
    double score = 0.0;

    (void) n_values;
    (void) values;
    if (data == NULL) {
        data = rank_data (api, fts);
        if (api->xSetAuxdata (fts, data, g_free) != SQLITE_OK) {
            sqlite3_result_error_nomem (context);
            return;
        }
    }
    frequency = data->frequency;
    memset (frequency, 0, sizeof (double) * (gsize) MAX (data->n_phrases, 1));
    if (api->xInstCount (fts, &n_instances) != SQLITE_OK ||
        api->xColumnSize (fts, -1, &length) != SQLITE_OK) {
        sqlite3_result_error (context, "mla_rank: no positions", -1);
        return;
    }
    for (int i = 0; i < n_instances; i++) {
        int phrase, column, offset;

        if (api->xInst (fts, i, &phrase, &column, &offset) == SQLITE_OK &&
            phrase < data->n_phrases && column >= 0 &&
            (gsize) column < G_N_ELEMENTS (column_weights))
            frequency[phrase] += column_weights[column];
    }
    for (int i = 0; i < data->n_phrases; i++)
        score +=
            data->idf[i] * frequency[i] * (BM25_K1 + 1.0) /
            (frequency[i] +
             BM25_K1 * (1.0 - BM25_B + BM25_B * length / data->average_length));
    sqlite3_result_double (context, -score);
}

/* Adds mla_rank() to the connection, once. */
static gboolean
register_rank (MlaOverview *overview, GError **error)
{
    fts5_api *api = NULL;
    sqlite3_stmt *statement = NULL;

    if (overview->ranking)
        return TRUE;
    if (sqlite3_prepare_v2 (overview->db, "SELECT fts5(?1)", -1, &statement,
                            NULL) != SQLITE_OK)
        return mla_overview_throw (overview, error, "find FTS5");
    sqlite3_bind_pointer (statement, 1, &api, "fts5_api_ptr", NULL);
    sqlite3_step (statement);
    sqlite3_finalize (statement);
    if (api == NULL ||
        api->xCreateFunction (api, "mla_rank", NULL, rank, NULL) != SQLITE_OK)
        return mla_throw (error, MLA_ERROR_OVERVIEW,
                          "%s: FTS5 is not available", overview->path);
    overview->ranking = TRUE;
    return TRUE;
}

static void
join_address (GString *out, const MlaAddress *address)
{
    if (address == NULL)
        return;
    if (address->name != NULL)
        g_string_append_printf (out, "%s ", address->name);
    if (address->address != NULL)
        g_string_append_printf (out, "%s ", address->address);
}

gboolean
mla_overview_index_record (MlaOverview *overview, gint64 row,
                           const MlaRecord *record, GError **error)
{
    sqlite3_stmt *statement =
        mla_overview_stmt (overview, STMT_INSERT_SEARCH, error);
    g_autoptr (GString) author = g_string_new (NULL);
    g_autoptr (GString) recipients = g_string_new (NULL);
    g_autoptr (GString) files = g_string_new (NULL);
    GPtrArray *lists[] = { record->to, record->cc };

    if (statement == NULL)
        return FALSE;
    join_address (author, record->from);
    for (gsize l = 0; l < G_N_ELEMENTS (lists); l++)
        for (guint i = 0; i < lists[l]->len; i++)
            join_address (recipients, g_ptr_array_index (lists[l], i));
    for (guint i = 0; i < record->attachments->len; i++) {
        const MlaAttachment *attachment =
            g_ptr_array_index (record->attachments, i);

        if (attachment->filename != NULL)
            g_string_append_printf (files, "%s ", attachment->filename);
    }
    sqlite3_bind_int64 (statement, 1, row);
    mla_overview_bind_nullable (statement, 2, record->subject);
    mla_overview_bind_text (statement, 3, author->str);
    mla_overview_bind_text (statement, 4, recipients->str);
    mla_overview_bind_nullable (statement, 5, record->body);
    mla_overview_bind_text (statement, 6, files->str);
    return mla_overview_step_done (overview, statement, error);
}

/* ---- from a query to SQL ---- */

/* Every statement of a search numbers its parameters: ?1 the MATCH
 * expression, ?2 how many matches are ranked, ?3 LIMIT, ?4 OFFSET, then the
 * values of the other conditions. */
#define FIRST_CONDITION_PARAMETER 5

typedef struct {
    gboolean is_text;
    gint64 number;
    char *text;
} Bind;

static void
bind_free (Bind *bind)
{
    g_free (bind->text);
    g_free (bind);
}

/* The conditions outside FTS5, as SQL on messages, and their values. */
typedef struct {
    GString *sql;
    GPtrArray *binds; /* Bind *: parameter FIRST_CONDITION_PARAMETER + index */
} Conditions;

static void
add_text (Conditions *conditions, char *text)
{
    Bind *bind = g_new0 (Bind, 1);

    bind->is_text = TRUE;
    bind->text = text;
    g_string_append_printf (conditions->sql, "?%u",
                            FIRST_CONDITION_PARAMETER + conditions->binds->len);
    g_ptr_array_add (conditions->binds, bind);
}

static void
add_number (Conditions *conditions, gint64 number)
{
    Bind *bind = g_new0 (Bind, 1);

    bind->number = number;
    g_string_append_printf (conditions->sql, "?%u",
                            FIRST_CONDITION_PARAMETER + conditions->binds->len);
    g_ptr_array_add (conditions->binds, bind);
}

/* from:ADDRESS and to:ADDRESS (with an '@') name one mailbox: an indexed
 * lookup of the address, not a phrase of FTS5 tokens as common as
 * "example com". */
static gboolean
is_address (const MlaQuery *node)
{
    return node->kind == MLA_QUERY_TEXT && !node->prefix &&
           strchr (node->text, '@') != NULL &&
           (node->field == MLA_QUERY_FIELD_FROM ||
            node->field == MLA_QUERY_FIELD_TO);
}

/* Whether @node can be one FTS5 expression by itself: text terms joined
 * by AND and OR, where an AND may also exclude (FTS5's NOT is binary: an
 * expression cannot be only exclusions). */
static gboolean
is_fts (const MlaQuery *node)
{
    gboolean positive = FALSE;

    switch (node->kind) {
    case MLA_QUERY_TEXT:
        return !is_address (node);
    case MLA_QUERY_OR:
        for (guint i = 0; i < node->children->len; i++)
            if (!is_fts (g_ptr_array_index (node->children, i)))
                return FALSE;
        return TRUE;
    case MLA_QUERY_AND:
        for (guint i = 0; i < node->children->len; i++) {
            const MlaQuery *child = g_ptr_array_index (node->children, i);

            if (child->kind == MLA_QUERY_NOT &&
                is_fts (g_ptr_array_index (child->children, 0)))
                continue;
            if (!is_fts (child))
                return FALSE;
            positive = TRUE;
        }
        return positive;
    default:
        return FALSE;
    }
}

/* A string in FTS5's syntax: in double quotes, quotes doubled. The
 * tokenizer splits it as it split the indexed text, so "tytso@mit.edu"
 * is the phrase tytso mit edu. */
static void
append_fts_string (GString *out, const char *text)
{
    g_string_append_c (out, '"');
    for (const char *p = text; *p != '\0'; p++) {
        if (*p == '"')
            g_string_append_c (out, '"');
        g_string_append_c (out, *p);
    }
    g_string_append_c (out, '"');
}

/* Appends @nodes (an AND's children, or all of one term) as one FTS5
 * expression: the included ones AND'ed, then NOT each excluded one. */
static void append_fts (GString *out, const MlaQuery *node);

static void
append_fts_and (GString *out, const MlaQuery *const *nodes, guint n)
{
    gboolean first = TRUE;

    for (guint pass = 0; pass < 2; pass++)
        for (guint i = 0; i < n; i++) {
            gboolean excluded = nodes[i]->kind == MLA_QUERY_NOT;

            if (excluded != (pass == 1))
                continue;
            g_string_append (out, first ? "(" : excluded ? " NOT (" : " AND (");
            append_fts (out, excluded
                                 ? g_ptr_array_index (nodes[i]->children, 0)
                                 : nodes[i]);
            g_string_append_c (out, ')');
            first = FALSE;
        }
}

static void
append_fts (GString *out, const MlaQuery *node)
{
    static const char *const columns[] = {
        [MLA_QUERY_FIELD_ANY] = "",
        [MLA_QUERY_FIELD_SUBJECT] = "title : ",
        [MLA_QUERY_FIELD_FROM] = "author : ",
        [MLA_QUERY_FIELD_TO] = "recipients : ",
    };

    switch (node->kind) {
    case MLA_QUERY_TEXT:
        g_string_append (out, columns[node->field]);
        append_fts_string (out, node->text);
        if (node->prefix)
            g_string_append (out, " *");
        return;
    case MLA_QUERY_OR:
        for (guint i = 0; i < node->children->len; i++) {
            g_string_append (out, i == 0 ? "(" : " OR (");
            append_fts (out, g_ptr_array_index (node->children, i));
            g_string_append_c (out, ')');
        }
        return;
    case MLA_QUERY_AND:
        append_fts_and (out, (const MlaQuery *const *) node->children->pdata,
                        node->children->len);
        return;
    default:
        g_assert_not_reached ();
    }
}

/* @node as a condition on the messages table. */
static void
append_condition (Conditions *conditions, const MlaQuery *node)
{
    GString *sql = conditions->sql;

    if (is_fts (node)) {
        GString *match = g_string_new (NULL);

        append_fts (match, node);
        g_string_append (
            sql,
            "messages.id IN (SELECT rowid FROM search WHERE search MATCH ");
        add_text (conditions, g_string_free (match, FALSE));
        g_string_append_c (sql, ')');
        return;
    }
    switch (node->kind) {
    case MLA_QUERY_AND:
    case MLA_QUERY_OR:
        for (guint i = 0; i < node->children->len; i++) {
            if (i > 0)
                g_string_append (sql, node->kind == MLA_QUERY_AND ? " AND "
                                                                  : " OR ");
            g_string_append_c (sql, '(');
            append_condition (conditions,
                              g_ptr_array_index (node->children, i));
            g_string_append_c (sql, ')');
        }
        return;
    case MLA_QUERY_NOT:
        g_string_append (sql, "NOT (");
        append_condition (conditions, g_ptr_array_index (node->children, 0));
        g_string_append_c (sql, ')');
        return;
    case MLA_QUERY_ID:
        g_string_append (sql, "message_id = ");
        add_text (conditions, g_strdup (node->text));
        return;
    case MLA_QUERY_LIST:
        g_string_append (sql, "instr(lower(coalesce(list_id, '')), lower(");
        add_text (conditions, g_strdup (node->text));
        g_string_append (sql, ")) > 0");
        return;
    case MLA_QUERY_DATE:
        g_string_append (sql, "date >= ");
        add_number (conditions, node->since);
        g_string_append (sql, " AND date < ");
        add_number (conditions, node->until);
        return;
    case MLA_QUERY_HAS:
        g_string_append (sql, node->has == MLA_QUERY_HAS_AGENDA
                                  ? "agendas > 0"
                                  : "attachments > 0");
        return;
    case MLA_QUERY_TEXT:
        g_assert (is_address (node));
        /* The indexes are NOCASE, as the comparisons. */
        if (node->field == MLA_QUERY_FIELD_FROM) {
            g_string_append (sql, "from_address = ");
            add_text (conditions, g_strdup (node->text));
            g_string_append (sql, " COLLATE NOCASE");
        } else {
            g_string_append (sql, "messages.id IN (SELECT message FROM "
                                  "addresses WHERE address = ");
            add_text (conditions, g_strdup (node->text));
            g_string_append (sql, " COLLATE NOCASE)");
        }
        return;
    }
    g_assert_not_reached ();
}

/* A query split in two: the FTS5 expression that drives it (NULL when
 * there is none: then nothing can be ranked) and the other conditions
 * ("1" when there are none). */
typedef struct {
    char *match;
    Conditions conditions;
} Plan;

static void
plan_clear (Plan *plan)
{
    g_free (plan->match);
    g_string_free (plan->conditions.sql, TRUE);
    g_ptr_array_unref (plan->conditions.binds);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Plan, plan_clear)

/* The largest part of @query that FTS5 can express drives the search:
 * the query itself, or the text terms of a conjunction, as long as one of
 * them includes rather than excludes. */
static void
plan (Plan *plan, const MlaQuery *query)
{
    g_autoptr (GPtrArray) text = g_ptr_array_new ();
    g_autoptr (GPtrArray) rest = g_ptr_array_new ();
    gboolean included = FALSE;

    plan->match = NULL;
    plan->conditions.sql = g_string_new (NULL);
    plan->conditions.binds =
        g_ptr_array_new_with_free_func ((GDestroyNotify) bind_free);
    if (is_fts (query)) {
        g_ptr_array_add (text, (gpointer) query);
        included = TRUE;
    } else if (query->kind == MLA_QUERY_AND) {
        for (guint i = 0; i < query->children->len; i++) {
            const MlaQuery *child = g_ptr_array_index (query->children, i);
            gboolean excluded = child->kind == MLA_QUERY_NOT &&
                                is_fts (g_ptr_array_index (child->children, 0));

            included = included || is_fts (child);
            g_ptr_array_add (excluded || is_fts (child) ? text : rest,
                             (gpointer) child);
        }
    }
    /* Exclusions alone cannot drive FTS5. */
    if (!included) {
        g_ptr_array_set_size (text, 0);
        g_ptr_array_set_size (rest, 0);
        g_ptr_array_add (rest, (gpointer) query);
    }
    if (text->len > 0) {
        GString *match = g_string_new (NULL);

        append_fts_and (match, (const MlaQuery *const *) text->pdata,
                        text->len);
        plan->match = g_string_free (match, FALSE);
    }
    for (guint i = 0; i < rest->len; i++) {
        g_string_append (plan->conditions.sql, i == 0 ? "(" : " AND (");
        append_condition (&plan->conditions, g_ptr_array_index (rest, i));
        g_string_append_c (plan->conditions.sql, ')');
    }
    if (rest->len == 0)
        g_string_append (plan->conditions.sql, "1");
}

void
mla_search_hit_free (MlaSearchHit *hit)
{
    if (hit == NULL)
        return;
    g_free (hit->entry);
    g_free (hit);
}

/* Runs @sql with @plan's values, ?2 = @window, ?3 = @limit (< 0: all),
 * ?4 = @offset, adding its rows to @hits: ENTRY_COLUMNS, then when
 * @ranked a score and the number of rows ranked (left in *@out_ranked).
 * Returns the number of rows, or -1 on an error. */
static gint64
run (MlaOverview *overview, const char *sql, const Plan *plan, gint64 window,
     gint64 limit, gint64 offset, GPtrArray *hits, gint64 *out_ranked,
     GError **error)
{
    g_autoptr (MlaOverviewThreads) scratch = g_new0 (MlaOverviewThreads, 1);
    sqlite3_stmt *statement = NULL;
    gint64 rows = 0;
    int status;

    if (sqlite3_prepare_v2 (overview->db, sql, -1, &statement, NULL) !=
        SQLITE_OK)
        return mla_overview_throw (overview, error, "search"), -1;
    /* A statement that lacks a parameter refuses it: that is fine. */
    if (plan->match != NULL)
        mla_overview_bind_text (statement, 1, plan->match);
    sqlite3_bind_int64 (statement, 2, window);
    sqlite3_bind_int64 (statement, 3, limit);
    sqlite3_bind_int64 (statement, 4, offset);
    for (guint i = 0; i < plan->conditions.binds->len; i++) {
        const Bind *bind = g_ptr_array_index (plan->conditions.binds, i);
        int parameter = FIRST_CONDITION_PARAMETER + (int) i;

        if (bind->is_text)
            mla_overview_bind_text (statement, parameter, bind->text);
        else
            sqlite3_bind_int64 (statement, parameter, bind->number);
    }
    scratch->strings = g_string_chunk_new (4096);
    while ((status = sqlite3_step (statement)) == SQLITE_ROW) {
        MlaOverviewEntry entry = { 0 };
        MlaSearchHit *hit = g_new0 (MlaSearchHit, 1);

        mla_overview_read_entry (scratch, statement, 0, &entry);
        hit->entry = mla_overview_entry_dup (&entry);
        if (out_ranked != NULL) {
            hit->score = -sqlite3_column_double (statement, ENTRY_N_COLUMNS);
            *out_ranked = sqlite3_column_int64 (statement, ENTRY_N_COLUMNS + 1);
        }
        g_ptr_array_add (hits, hit);
        rows++;
        /* The strings are copied: keep the scratch chunk small. */
        g_string_chunk_clear (scratch->strings);
    }
    if (status != SQLITE_DONE)
        rows = -1, mla_overview_throw (overview, error, "search");
    sqlite3_finalize (statement);
    return rows;
}

GPtrArray *
mla_overview_search (MlaOverview *overview, const MlaQuery *query,
                     const MlaSearchOptions *options, GError **error)
{
    static const MlaSearchOptions all = { 0 };
    g_autoptr (GPtrArray) hits =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_search_hit_free);
    g_autofree char *sql = NULL;
    g_auto (Plan) compiled = { 0 };
    gint64 limit, offset, window, rows, ranked = -1;
    const char *join;

    g_return_val_if_fail (overview != NULL && query != NULL, NULL);
    options = options != NULL ? options : &all;
    limit = options->limit > 0 ? (gint64) options->limit : -1;
    offset = options->offset;
    window = options->rank_window > 0 ? options->rank_window : RANK_WINDOW;
    plan (&compiled, query);
    if (compiled.match == NULL) {
        sql =
            g_strdup_printf ("SELECT " ENTRY_COLUMNS " FROM messages WHERE %s"
                             " ORDER BY date DESC, id DESC LIMIT ?3 OFFSET ?4",
                             compiled.conditions.sql->str);
        return run (overview, sql, &compiled, 0, limit, offset, hits, NULL,
                    error) < 0
                   ? NULL
                   : g_steal_pointer (&hits);
    }
    if (!register_rank (overview, error))
        return NULL;
    /* Other conditions need the messages table, a match alone does not. */
    join = strcmp (compiled.conditions.sql->str, "1") != 0
               ? " JOIN messages ON messages.id = search.rowid"
               : "";
    /* bm25() decodes the positions of every row it scores: ranking every
     * match of a word found in most messages of a big archive would take
     * a third of a second. So only the latest @window matches (archive
     * order, which FTS5 walks without sorting) are scored, in one pass;
     * the older ones follow them, the latest first. */
    sql = g_strdup_printf (
        "SELECT " ENTRY_COLUMNS ", top.score, top.ranked FROM"
        " (SELECT id, score, count(*) OVER () AS ranked FROM"
        " (SELECT search.rowid AS id, " RANK " AS score FROM search%s"
        " WHERE search MATCH ?1 AND %s ORDER BY search.rowid DESC LIMIT ?2)"
        " ORDER BY score, id DESC LIMIT ?3 OFFSET ?4) AS top"
        " JOIN messages USING (id) ORDER BY top.score, id DESC",
        join, compiled.conditions.sql->str);
    rows = run (overview, sql, &compiled, window, limit, offset, hits, &ranked,
                error);
    if (rows < 0)
        return NULL;
    /* Done when the page is full, or when the window held every match
     * (which an empty page past its end cannot tell). */
    if ((limit >= 0 && rows == limit) || (ranked >= 0 && ranked < window))
        return g_steal_pointer (&hits);
    g_free (sql);
    sql = g_strdup_printf (
        "SELECT " ENTRY_COLUMNS " FROM search JOIN messages"
        " ON messages.id = search.rowid WHERE search MATCH ?1 AND %s"
        " ORDER BY search.rowid DESC LIMIT ?3 OFFSET ?4",
        compiled.conditions.sql->str);
    if (run (overview, sql, &compiled, 0, limit >= 0 ? limit - rows : -1,
             MAX (offset, window), hits, NULL, error) < 0)
        return NULL;
    return g_steal_pointer (&hits);
}

GArray *
mla_overview_rows_naming (MlaOverview *overview, const char *text,
                          GError **error)
{
    g_autoptr (GString) phrase = g_string_new (NULL);
    g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (gint64));
    sqlite3_stmt *statement = NULL;
    int status;

    g_return_val_if_fail (overview != NULL && text != NULL, NULL);
    /* No word, no phrase to match (FTS5 would take "" as an error). */
    while (*text != '\0' && !g_ascii_isalnum (*text) && (guchar) *text < 0x80)
        text++;
    if (*text == '\0')
        return g_steal_pointer (&rows);
    append_fts_string (phrase, text);
    if (sqlite3_prepare_v2 (overview->db,
                            "SELECT rowid FROM search WHERE search MATCH ?"
                            " ORDER BY rowid",
                            -1, &statement, NULL) != SQLITE_OK)
        return mla_overview_throw (overview, error, "prepare"), NULL;
    mla_overview_bind_text (statement, 1, phrase->str);
    while ((status = sqlite3_step (statement)) == SQLITE_ROW) {
        gint64 row = sqlite3_column_int64 (statement, 0);

        g_array_append_val (rows, row);
    }
    sqlite3_finalize (statement);
    if (status != SQLITE_DONE)
        return mla_overview_throw (overview, error, "search"), NULL;
    return g_steal_pointer (&rows);
}
