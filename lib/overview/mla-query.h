/* mla-query.h: the search query language of `mlarc search`, parsed into
 * a tree (mlarc(1), "SEARCH TERMS"): words and "quoted phrases", AND by
 * default, OR, NOT and parentheses; from:, to:, subject:, list:, id:,
 * date: and has: terms; prefix matching with a trailing '*'. This module
 * only parses; the overview turns the tree into SQL (mla-overview.h). */
#pragma once
#include <glib.h>
#include "mla-api.h"

G_BEGIN_DECLS

typedef enum {
    MLA_QUERY_AND,  /* children */
    MLA_QUERY_OR,   /* children */
    MLA_QUERY_NOT,  /* one child */
    MLA_QUERY_TEXT, /* text in field, as a word, a phrase or a prefix */
    MLA_QUERY_ID,   /* text: a Message-ID without angle brackets */
    MLA_QUERY_LIST, /* text: part of a List-Id */
    MLA_QUERY_DATE, /* since <= date < until */
    MLA_QUERY_HAS,  /* has */
} MlaQueryKind;

typedef enum {
    MLA_QUERY_FIELD_ANY, /* subject, author, recipients, body, attachment names
                          */
    MLA_QUERY_FIELD_SUBJECT,
    MLA_QUERY_FIELD_FROM, /* the sender's name and address */
    MLA_QUERY_FIELD_TO,   /* the To and Cc names and addresses */
} MlaQueryField;

typedef enum {
    MLA_QUERY_HAS_AGENDA,
    MLA_QUERY_HAS_ATTACHMENT,
} MlaQueryHas;

typedef struct MlaQuery MlaQuery;
struct MlaQuery {
    MlaQueryKind kind;
    MlaQueryField field;
    char *text;      /* TEXT, ID, LIST */
    gboolean phrase; /* TEXT: was quoted */
    gboolean prefix; /* TEXT: ended with '*' */
    gint64 since,
        until;       /* DATE: UTC seconds, G_MININT64/G_MAXINT64 when open */
    MlaQueryHas has; /* HAS */
    GPtrArray *children; /* AND, OR, NOT: MlaQuery *, owned */
};

/* Parses @text. A syntax error is MLA_ERROR_QUERY, its message saying
 * what is wrong and at which character (counted from 1).
 * Returns: (transfer full) (nullable). */
MLA_API MlaQuery *mla_query_parse (const char *text, GError **error);
MLA_API void mla_query_free (MlaQuery *query);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaQuery, mla_query_free)

/* The tree as one line, e.g. (and (text any "a") (not (text subject "b"*))),
 * for tests and for error reports. Returns: (transfer full). */
MLA_API char *mla_query_to_string (const MlaQuery *query);

/* "2004", "2004-07", "2004-07-13": the start of that year, month or day in
 * UTC seconds, or with @end the start of the period after it. FALSE
 * when @text is none of these. */
MLA_API gboolean mla_query_parse_date (const char *text, gboolean end,
                                       gint64 *out);

G_END_DECLS
