/* mla-query.c: the search query parser. A lexer cuts the text into
 * words, phrases and parentheses (field prefixes stay with their value);
 * a recursive-descent parser gives NOT precedence over AND over OR, as
 * notmuch and mu do. Depth is bounded so a hostile query cannot exhaust
 * the stack. */
#include "config.h"
#include <stdio.h>
#include <string.h>
#include "mla-error.h"
#include "mla-query.h"

/* Parentheses and NOTs nested deeper than this are refused. */
#define MAX_DEPTH 64
/* Nor more terms than this: the search makes an SQL expression of some
 * (addresses, id:, list:), and SQLite refuses one deeper than 1,000
 * ("Expression tree is too large"), which would come too late to be a
 * query error (issue 27 §12). */
#define MAX_TERMS 500

typedef enum {
    TOKEN_END,
    TOKEN_OPEN,
    TOKEN_CLOSE,
    TOKEN_AND,
    TOKEN_OR,
    TOKEN_NOT,
    TOKEN_TERM,
} TokenType;

typedef struct {
    TokenType type;
    char *field;     /* TERM: a known field name, or NULL */
    char *value;     /* TERM */
    gboolean quoted; /* TERM: the value was a "phrase" */
    gboolean star;   /* TERM: a '*' followed it */
    glong position;  /* in characters, from 1 */
} Token;

typedef struct {
    const char *text;
    const char *at;
    Token token; /* the current one */
    int depth;
    int terms;
    GError **error;
} Parser;

static const char *const fields[] = { "from", "to",   "subject", "list",
                                      "id",   "date", "has" };

static glong
position_of (Parser *parser, const char *at)
{
    return g_utf8_pointer_to_offset (parser->text, at) + 1;
}

static gboolean G_GNUC_PRINTF (3, 4)
    fail (Parser *parser, glong position, const char *format, ...)
{
    g_autofree char *what = NULL;
    va_list args;

    va_start (args, format);
    what = g_strdup_vprintf (format, args);
    va_end (args);
    return mla_throw (parser->error, MLA_ERROR_QUERY,
                      "query: %s at character %ld", what, position);
}

static void
token_clear (Token *token)
{
    g_clear_pointer (&token->field, g_free);
    g_clear_pointer (&token->value, g_free);
    memset (token, 0, sizeof *token);
}

static gboolean
is_word_char (char c)
{
    return c != '\0' && !g_ascii_isspace (c) && c != '(' && c != ')' &&
           c != '"';
}

/* Reads a "phrase" whose opening quote is at @parser->at. */
static gboolean
read_phrase (Parser *parser, Token *token)
{
    const char *open = parser->at;
    const char *close = strchr (open + 1, '"');

    if (close == NULL)
        return fail (parser, position_of (parser, open), "unterminated \"");
    token->value = g_strndup (open + 1, (gsize) (close - open - 1));
    token->quoted = TRUE;
    parser->at = close + 1;
    return TRUE;
}

static gboolean
is_field (const char *name, gsize length)
{
    for (gsize i = 0; i < G_N_ELEMENTS (fields); i++)
        if (strlen (fields[i]) == length &&
            g_ascii_strncasecmp (name, fields[i], length) == 0)
            return TRUE;
    return FALSE;
}

static gboolean
next_token (Parser *parser)
{
    Token *token = &parser->token;
    const char *start;
    const char *colon;

    token_clear (token);
    while (g_ascii_isspace (*parser->at))
        parser->at++;
    token->position = position_of (parser, parser->at);
    start = parser->at;
    switch (*start) {
    case '\0':
        token->type = TOKEN_END;
        return TRUE;
    case '(':
    case ')':
        token->type = *start == '(' ? TOKEN_OPEN : TOKEN_CLOSE;
        parser->at++;
        return TRUE;
    case '"':
        token->type = TOKEN_TERM;
        if (!read_phrase (parser, token))
            return FALSE;
        break;
    default:
        while (is_word_char (*parser->at))
            parser->at++;
        token->type = TOKEN_TERM;
        colon = memchr (start, ':', (gsize) (parser->at - start));
        if (colon != NULL && is_field (start, (gsize) (colon - start))) {
            token->field = g_ascii_strdown (start, colon - start);
            if (colon + 1 == parser->at && *parser->at == '"') {
                if (!read_phrase (parser, token))
                    return FALSE;
                break;
            }
            start = colon + 1;
        }
        token->value = g_strndup (start, (gsize) (parser->at - start));
        if (token->field == NULL) {
            static const struct {
                const char *word;
                TokenType type;
            } operators[] = { { "and", TOKEN_AND },
                              { "or", TOKEN_OR },
                              { "not", TOKEN_NOT } };

            for (gsize i = 0; i < G_N_ELEMENTS (operators); i++)
                if (g_ascii_strcasecmp (token->value, operators[i].word) == 0) {
                    token->type = operators[i].type;
                    return TRUE;
                }
        }
        return TRUE;
    }
    /* A phrase may end in '*' too: "linux kern"* */
    if (*parser->at == '*') {
        token->star = TRUE;
        parser->at++;
    }
    return TRUE;
}

static MlaQuery *
node_new (MlaQueryKind kind)
{
    MlaQuery *node = g_new0 (MlaQuery, 1);

    node->kind = kind;
    node->since = G_MININT64;
    node->until = G_MAXINT64;
    if (kind == MLA_QUERY_AND || kind == MLA_QUERY_OR || kind == MLA_QUERY_NOT)
        node->children =
            g_ptr_array_new_with_free_func ((GDestroyNotify) mla_query_free);
    return node;
}

void
mla_query_free (MlaQuery *query)
{
    if (query == NULL)
        return;
    g_free (query->text);
    g_clear_pointer (&query->children, g_ptr_array_unref);
    g_free (query);
}

gboolean
mla_query_parse_date (const char *text, gboolean end, gint64 *out)
{
    int year = 0, month = 1, day = 1;
    int length = 0;
    int fields_read;
    g_autoptr (GDateTime) start = NULL;
    g_autoptr (GDateTime) after = NULL;

    g_return_val_if_fail (text != NULL && out != NULL, FALSE);
    /* %n checks that nothing follows; the widths keep sscanf from reading
     * a sign or more digits than a field has. */
    fields_read = sscanf (text, "%4d%n-%2d%n-%2d%n", &year, &length, &month,
                          &length, &day, &length);
    if (fields_read < 1 || text[length] != '\0' || !g_ascii_isdigit (text[0]) ||
        year < 1 || month < 1 || month > 12)
        return FALSE;
    start = g_date_time_new_utc (year, month, day, 0, 0, 0);
    if (start == NULL)
        return FALSE;
    if (!end) {
        *out = g_date_time_to_unix (start);
        return TRUE;
    }
    after = fields_read == 1   ? g_date_time_add_years (start, 1)
            : fields_read == 2 ? g_date_time_add_months (start, 1)
                               : g_date_time_add_days (start, 1);
    if (after == NULL)
        return FALSE;
    *out = g_date_time_to_unix (after);
    return TRUE;
}

/* date:A, date:A..B, date:A.., date:..B */
static MlaQuery *
date_term (Parser *parser, const Token *token)
{
    g_autoptr (MlaQuery) node = node_new (MLA_QUERY_DATE);
    const char *dots = strstr (token->value, "..");
    g_autofree char *first =
        dots != NULL ? g_strndup (token->value, (gsize) (dots - token->value))
                     : g_strdup (token->value);
    const char *last = dots != NULL ? dots + 2 : token->value;

    if ((*first != '\0' &&
         !mla_query_parse_date (first, FALSE, &node->since)) ||
        (*last != '\0' && !mla_query_parse_date (last, TRUE, &node->until)) ||
        (*first == '\0' && *last == '\0')) {
        fail (parser, token->position,
              "date:%s is not YYYY, YYYY-MM or YYYY-MM-DD, or a range A..B of "
              "them",
              token->value);
        return NULL;
    }
    if (node->since >= node->until) {
        fail (parser, token->position, "date:%s ends before it starts",
              token->value);
        return NULL;
    }
    return g_steal_pointer (&node);
}

static MlaQuery *
term (Parser *parser, const Token *token)
{
    g_autoptr (MlaQuery) node = NULL;
    const char *field = token->field != NULL ? token->field : "";
    gsize length = strlen (token->value);

    if (!g_utf8_validate (token->value, -1, NULL)) {
        fail (parser, token->position, "invalid UTF-8");
        return NULL;
    }
    if (++parser->terms > MAX_TERMS) {
        fail (parser, token->position, "more than %d terms", MAX_TERMS);
        return NULL;
    }
    if (token->field != NULL && length == 0) {
        fail (parser, token->position, "%s: needs a value", token->field);
        return NULL;
    }
    if (strcmp (field, "date") == 0)
        return date_term (parser, token);
    if (strcmp (field, "has") == 0) {
        node = node_new (MLA_QUERY_HAS);
        if (g_ascii_strcasecmp (token->value, "agenda") == 0)
            node->has = MLA_QUERY_HAS_AGENDA;
        else if (g_ascii_strcasecmp (token->value, "attachment") == 0)
            node->has = MLA_QUERY_HAS_ATTACHMENT;
        else {
            fail (parser, token->position,
                  "has:%s: has: takes agenda or attachment", token->value);
            return NULL;
        }
        return g_steal_pointer (&node);
    }
    if (strcmp (field, "id") == 0 || strcmp (field, "list") == 0) {
        const char *value = token->value;

        node = node_new (field[0] == 'i' ? MLA_QUERY_ID : MLA_QUERY_LIST);
        if (length >= 2 && value[0] == '<' && value[length - 1] == '>')
            node->text = g_strndup (value + 1, length - 2);
        else
            node->text = g_strdup (value);
        return g_steal_pointer (&node);
    }
    node = node_new (MLA_QUERY_TEXT);
    node->field = strcmp (field, "from") == 0      ? MLA_QUERY_FIELD_FROM
                  : strcmp (field, "to") == 0      ? MLA_QUERY_FIELD_TO
                  : strcmp (field, "subject") == 0 ? MLA_QUERY_FIELD_SUBJECT
                                                   : MLA_QUERY_FIELD_ANY;
    node->phrase = token->quoted;
    node->prefix = token->star;
    if (!token->quoted && length > 0 && token->value[length - 1] == '*') {
        node->prefix = TRUE;
        length--;
    }
    node->text = g_strndup (token->value, length);
    if (*node->text == '\0') {
        fail (parser, token->position,
              token->quoted ? "empty phrase" : "'*' needs a word before it");
        return NULL;
    }
    return g_steal_pointer (&node);
}

static MlaQuery *parse_or (Parser *parser);

/* A term, a parenthesised query, or NOT and what follows. */
static MlaQuery *
parse_unary (Parser *parser)
{
    g_autoptr (MlaQuery) node = NULL;
    glong position = parser->token.position;

    if (parser->depth >= MAX_DEPTH) {
        fail (parser, position, "nested more than %d deep", MAX_DEPTH);
        return NULL;
    }
    switch (parser->token.type) {
    case TOKEN_NOT: {
        MlaQuery *child;

        if (!next_token (parser))
            return NULL;
        parser->depth++;
        child = parse_unary (parser);
        parser->depth--;
        if (child == NULL)
            return NULL;
        node = node_new (MLA_QUERY_NOT);
        g_ptr_array_add (node->children, child);
        return g_steal_pointer (&node);
    }
    case TOKEN_OPEN:
        if (!next_token (parser))
            return NULL;
        parser->depth++;
        node = parse_or (parser);
        parser->depth--;
        if (node == NULL)
            return NULL;
        if (parser->token.type != TOKEN_CLOSE) {
            fail (parser, position, "'(' is not closed");
            return NULL;
        }
        if (!next_token (parser))
            return NULL;
        return g_steal_pointer (&node);
    case TOKEN_TERM:
        node = term (parser, &parser->token);
        if (node == NULL || !next_token (parser))
            return NULL;
        return g_steal_pointer (&node);
    case TOKEN_END:
        fail (parser, position, "the query ends where a term was expected");
        return NULL;
    case TOKEN_CLOSE:
        fail (parser, position, "')' where a term was expected");
        return NULL;
    case TOKEN_AND:
    case TOKEN_OR:
        fail (parser, position, "%s where a term was expected",
              parser->token.value);
        return NULL;
    }
    g_assert_not_reached ();
}

/* Operands of @kind, read by @operand and separated by @separator (or
 * nothing, for AND). One operand is returned as it is. */
static MlaQuery *
parse_list (Parser *parser, MlaQueryKind kind, TokenType separator,
            MlaQuery *(*operand) (Parser *parser))
{
    g_autoptr (MlaQuery) node = node_new (kind);

    for (;;) {
        MlaQuery *child = operand (parser);

        if (child == NULL)
            return NULL;
        /* (a b) c is one AND of three. */
        if (child->kind == kind) {
            for (guint i = 0; i < child->children->len; i++)
                g_ptr_array_add (node->children,
                                 g_steal_pointer (&child->children->pdata[i]));
            mla_query_free (child);
        } else
            g_ptr_array_add (node->children, child);
        if (parser->token.type == separator) {
            if (!next_token (parser))
                return NULL;
            continue;
        }
        /* Juxtaposition means AND. */
        if (kind == MLA_QUERY_AND && (parser->token.type == TOKEN_TERM ||
                                      parser->token.type == TOKEN_OPEN ||
                                      parser->token.type == TOKEN_NOT))
            continue;
        break;
    }
    if (node->children->len == 1)
        return g_ptr_array_steal_index (node->children, 0);
    return g_steal_pointer (&node);
}

static MlaQuery *
parse_and (Parser *parser)
{
    return parse_list (parser, MLA_QUERY_AND, TOKEN_AND, parse_unary);
}

static MlaQuery *
parse_or (Parser *parser)
{
    return parse_list (parser, MLA_QUERY_OR, TOKEN_OR, parse_and);
}

MlaQuery *
mla_query_parse (const char *text, GError **error)
{
    Parser parser = { .text = text, .at = text, .error = error };
    g_autoptr (MlaQuery) query = NULL;

    g_return_val_if_fail (text != NULL, NULL);
    if (!g_utf8_validate (text, -1, NULL))
        return mla_throw (error, MLA_ERROR_QUERY, "query: invalid UTF-8"), NULL;
    if (next_token (&parser)) {
        if (parser.token.type == TOKEN_END)
            mla_throw (error, MLA_ERROR_QUERY, "query: empty");
        else if ((query = parse_or (&parser)) != NULL &&
                 parser.token.type != TOKEN_END) {
            fail (&parser, parser.token.position,
                  parser.token.type == TOKEN_CLOSE ? "')' without '('"
                                                   : "unexpected %s",
                  parser.token.value);
            g_clear_pointer (&query, mla_query_free);
        }
    }
    token_clear (&parser.token);
    return g_steal_pointer (&query);
}

static void
append_date (GString *out, gint64 seconds)
{
    g_autoptr (GDateTime) date = g_date_time_new_from_unix_utc (seconds);
    g_autofree char *text = g_date_time_format (date, "%Y-%m-%d");

    g_string_append (out, text);
}

static void
append_node (GString *out, const MlaQuery *node)
{
    static const char *const field_names[] = { "any", "subject", "from", "to" };
    static const char *const kind_names[] = { "and", "or", "not" };

    switch (node->kind) {
    case MLA_QUERY_AND:
    case MLA_QUERY_OR:
    case MLA_QUERY_NOT:
        g_string_append_printf (out, "(%s", kind_names[node->kind]);
        for (guint i = 0; i < node->children->len; i++) {
            g_string_append_c (out, ' ');
            append_node (out, g_ptr_array_index (node->children, i));
        }
        g_string_append_c (out, ')');
        return;
    case MLA_QUERY_TEXT:
        g_string_append_printf (
            out, "(%s %s \"%s\"%s)", node->phrase ? "phrase" : "word",
            field_names[node->field], node->text, node->prefix ? "*" : "");
        return;
    case MLA_QUERY_ID:
    case MLA_QUERY_LIST:
        g_string_append_printf (out, "(%s \"%s\")",
                                node->kind == MLA_QUERY_ID ? "id" : "list",
                                node->text);
        return;
    case MLA_QUERY_DATE:
        g_string_append (out, "(date ");
        if (node->since != G_MININT64)
            append_date (out, node->since);
        g_string_append (out, "..");
        if (node->until != G_MAXINT64)
            append_date (out, node->until);
        g_string_append_c (out, ')');
        return;
    case MLA_QUERY_HAS:
        g_string_append (out, node->has == MLA_QUERY_HAS_AGENDA
                                  ? "(has agenda)"
                                  : "(has attachment)");
        return;
    }
}

char *
mla_query_to_string (const MlaQuery *query)
{
    GString *out = g_string_new (NULL);

    g_return_val_if_fail (query != NULL, NULL);
    append_node (out, query);
    return g_string_free (out, FALSE);
}
