/* check_query.c: the search query parser: each operator and its
 * precedence, phrases, prefixes, fields, dates, Unicode, and bad syntax
 * with the place it is reported at. */
#include "config.h"
#include "mla-error.h"
#include "mla-query.h"
#include "mla-test.h"

static const struct {
    const char *query;
    const char *tree;
} good[] = {
    { "agenda", "(word any \"agenda\")" },
    { "  kernel   summit ",
      "(and (word any \"kernel\") (word any \"summit\"))" },
    { "kernel AND summit",
      "(and (word any \"kernel\") (word any \"summit\"))" },
    { "kernel and summit",
      "(and (word any \"kernel\") (word any \"summit\"))" },
    { "a OR b c",
      "(or (word any \"a\") (and (word any \"b\") (word any \"c\")))" },
    { "a b or c",
      "(or (and (word any \"a\") (word any \"b\")) (word any \"c\"))" },
    { "NOT a b", "(and (not (word any \"a\")) (word any \"b\"))" },
    { "not not a", "(not (not (word any \"a\")))" },
    { "a (b OR c)",
      "(and (word any \"a\") (or (word any \"b\") (word any \"c\")))" },
    { "(a b) c", "(and (word any \"a\") (word any \"b\") (word any \"c\"))" },
    { "a OR (b OR c)",
      "(or (word any \"a\") (word any \"b\") (word any \"c\"))" },
    { "((a))", "(word any \"a\")" },
    { "\"kernel summit\"", "(phrase any \"kernel summit\")" },
    { "\"or\" \"not\"", "(and (phrase any \"or\") (phrase any \"not\"))" },
    { "\"linux kern\"*", "(phrase any \"linux kern\"*)" },
    { "mem*", "(word any \"mem\"*)" },
    { "from:tytso@mit.edu", "(word from \"tytso@mit.edu\")" },
    { "FROM:Ted", "(word from \"Ted\")" },
    { "to:greg", "(word to \"greg\")" },
    { "subject:\"kernel summit\"", "(phrase subject \"kernel summit\")" },
    { "subject:agen*", "(word subject \"agen\"*)" },
    { "list:ksummit-2004-discuss", "(list \"ksummit-2004-discuss\")" },
    { "id:<a@b>", "(id \"a@b\")" },
    { "id:a@b", "(id \"a@b\")" },
    { "date:2004", "(date 2004-01-01..2005-01-01)" },
    { "date:2004-07", "(date 2004-07-01..2004-08-01)" },
    { "date:2004-02-29", "(date 2004-02-29..2004-03-01)" },
    { "date:2004-07..2004-08", "(date 2004-07-01..2004-09-01)" },
    { "date:2004-06-30..2004-07", "(date 2004-06-30..2004-08-01)" },
    { "date:2004..", "(date 2004-01-01..)" },
    { "date:..2004-07", "(date ..2004-08-01)" },
    { "has:agenda", "(has agenda)" },
    { "has:Attachment", "(has attachment)" },
    { "http://example.org/x", "(word any \"http://example.org/x\")" },
    { "Café Straße", "(and (word any \"Café\") (word any \"Straße\"))" },
    { "\"Jérôme Lefèvre\"", "(phrase any \"Jérôme Lefèvre\")" },
    { "日本語", "(word any \"日本語\")" },
    { "a\"b c\"", "(and (word any \"a\") (phrase any \"b c\"))" },
    { "from:ted date:2004-07 has:agenda NOT subject:re",
      "(and (word from \"ted\") (date 2004-07-01..2004-08-01) (has agenda) "
      "(not (word subject \"re\")))" },
};

START_TEST (test_query_good)
{
    g_autoptr (GError) error = NULL;
    g_autoptr (MlaQuery) query = mla_query_parse (good[_i].query, &error);
    g_autofree char *tree = NULL;

    ck_assert_msg (query != NULL, "%s: %s", good[_i].query,
                   error != NULL ? error->message : "");
    tree = mla_query_to_string (query);
    ck_assert_str_eq (tree, good[_i].tree);
}
END_TEST

/* Each bad query, and the start of its message: what and where. */
static const struct {
    const char *query;
    const char *message;
} bad[] = {
    { "", "query: empty" },
    { "   ", "query: empty" },
    { "(a b", "query: '(' is not closed at character 1" },
    { "a (b (c)", "query: '(' is not closed at character 3" },
    { "a b)", "query: ')' without '(' at character 4" },
    { ")", "query: ')' where a term was expected at character 1" },
    { "()", "query: ')' where a term was expected at character 2" },
    { "a \"b c", "query: unterminated \" at character 3" },
    { "subject:\"b c", "query: unterminated \" at character 9" },
    { "a AND",
      "query: the query ends where a term was expected at character 6" },
    { "a OR OR b", "query: OR where a term was expected at character 6" },
    { "AND a", "query: AND where a term was expected at character 1" },
    { "NOT", "query: the query ends where a term was expected at character 4" },
    { "é (", "query: the query ends where a term was expected at character 4" },
    { "from:", "query: from: needs a value at character 1" },
    { "a id:", "query: id: needs a value at character 3" },
    { "date:July", "query: date:July is not YYYY" },
    { "date:2004-13", "query: date:2004-13 is not YYYY" },
    { "date:2004-02-30", "query: date:2004-02-30 is not YYYY" },
    { "date:2004-07x", "query: date:2004-07x is not YYYY" },
    { "date:..", "query: date:.. is not YYYY" },
    { "date:2005..2004",
      "query: date:2005..2004 ends before it starts at character 1" },
    { "has:pony",
      "query: has:pony: has: takes agenda or attachment at character 1" },
    { "*", "query: '*' needs a word before it at character 1" },
    { "\"\"", "query: empty phrase at character 1" },
    { "a\xff", "query: invalid UTF-8" },
};

START_TEST (test_query_bad)
{
    g_autoptr (GError) error = NULL;
    g_autoptr (MlaQuery) query = mla_query_parse (bad[_i].query, &error);

    ck_assert_msg (query == NULL, "%s parsed", bad[_i].query);
    ck_assert_msg (g_error_matches (error, MLA_ERROR, MLA_ERROR_QUERY), "%s",
                   bad[_i].query);
    ck_assert_msg (g_str_has_prefix (error->message, bad[_i].message),
                   "%s: got \"%s\"", bad[_i].query, error->message);
}
END_TEST

/* A hostile query is refused, not a stack overflow. */
START_TEST (test_query_depth)
{
    g_autoptr (GString) deep = g_string_new (NULL);
    g_autoptr (GError) error = NULL;
    g_autoptr (MlaQuery) query = NULL;

    for (int i = 0; i < 100000; i++)
        g_string_append (deep, "(NOT ");
    query = mla_query_parse (deep->str, &error);
    ck_assert_ptr_null (query);
    ck_assert (g_strrstr (error->message, "nested more than") != NULL);

    /* 60 levels are fine. */
    g_string_truncate (deep, 0);
    for (int i = 0; i < 60; i++)
        g_string_append_c (deep, '(');
    g_string_append (deep, "a");
    for (int i = 0; i < 60; i++)
        g_string_append_c (deep, ')');
    g_clear_error (&error);
    query = mla_query_parse (deep->str, &error);
    ck_assert_msg (query != NULL, "%s", error != NULL ? error->message : "");
}
END_TEST

/* Too many terms is a query error, not SQLite's "Expression tree is too
 * large" at search time (issue 27 §12); 500 are fine. */
START_TEST (test_query_terms)
{
    g_autoptr (GString) text = g_string_new ("from:u0@example.org");
    g_autoptr (GError) error = NULL;
    g_autoptr (MlaQuery) query = NULL;

    for (int i = 1; i < 500; i++)
        g_string_append_printf (text, " OR from:u%d@example.org", i);
    query = mla_query_parse (text->str, &error);
    ck_assert_msg (query != NULL, "%s", error != NULL ? error->message : "");
    g_clear_pointer (&query, mla_query_free);
    g_string_append (text, " OR id:one-too-many@example.org");
    query = mla_query_parse (text->str, &error);
    ck_assert_ptr_null (query);
    ck_assert (g_error_matches (error, MLA_ERROR, MLA_ERROR_QUERY));
    ck_assert (g_strrstr (error->message, "more than 500 terms") != NULL);
}
END_TEST

START_TEST (test_query_dates)
{
    gint64 at = 0;

    ck_assert (mla_query_parse_date ("1970", FALSE, &at));
    ck_assert_int_eq (at, 0);
    ck_assert (mla_query_parse_date ("1970-01-01", TRUE, &at));
    ck_assert_int_eq (at, 86400);
    ck_assert (mla_query_parse_date ("2004-12", TRUE, &at));
    ck_assert_int_eq (at, 1104537600); /* 2005-01-01 */
    ck_assert (!mla_query_parse_date ("-2004", FALSE, &at));
    ck_assert (!mla_query_parse_date ("2004-", FALSE, &at));
    ck_assert (!mla_query_parse_date ("0000", FALSE, &at));
    ck_assert (!mla_query_parse_date ("", FALSE, &at));
}
END_TEST

static Suite *
query_suite (void)
{
    Suite *suite = suite_create ("query");

    mla_test_add_case (suite, "good", test_query_good, G_N_ELEMENTS (good));
    mla_test_add_case (suite, "bad", test_query_bad, G_N_ELEMENTS (bad));
    mla_test_add_case (suite, "depth", test_query_depth, 0);
    mla_test_add_case (suite, "terms", test_query_terms, 0);
    mla_test_add_case (suite, "dates", test_query_dates, 0);
    return suite;
}

MLA_TEST_MAIN (query_suite)
