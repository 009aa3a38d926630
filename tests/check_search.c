/* check_search.c: search over the overview of the sample: which messages
 * a query finds, in which order (ranked, then the rest of the matches
 * beyond the ranking window, then by date for queries without words),
 * and paging that agrees with the whole list. */
#include "config.h"
#include <math.h>
#include "mlarc.h"
#include "mla-overview-private.h"
#include "mla-test.h"

static MlaArchive *archive;
static MlaOverview *overview;

static void
setup (void)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autofree char *path = g_build_filename (dir, "archive", NULL);
    g_autofree char *sample =
        mla_test_srcdir_path ("samples/ksummit-2004-discuss.mbox");
    const char *inputs[] = { sample, NULL };
    MlaImportOptions options = {
        MLA_MBOX_FORMAT_AUTO, FALSE, NULL, NULL, NULL, NULL, 0, FALSE, 0
    };
    g_autoptr (GError) error = NULL;

    archive = mla_archive_open (path, MLA_ARCHIVE_OPEN_CREATE, &error);
    ck_assert_msg (archive != NULL, "%s", error ? error->message : "?");
    ck_assert_msg (mla_archive_import (archive, inputs, &options, NULL, &error),
                   "%s", error ? error->message : "?");
    overview = mla_overview_open (archive, NULL, NULL, &error);
    ck_assert_msg (overview != NULL, "%s", error ? error->message : "?");
}

static void
teardown (void)
{
    g_clear_pointer (&overview, mla_overview_free);
    g_clear_pointer (&archive, mla_archive_free);
}

static GPtrArray *
search (const char *text, guint offset, guint limit, guint rank_window)
{
    g_autoptr (GError) error = NULL;
    g_autoptr (MlaQuery) query = mla_query_parse (text, &error);
    MlaSearchOptions options = { .offset = offset,
                                 .limit = limit,
                                 .rank_window = rank_window };
    GPtrArray *hits;

    ck_assert_msg (query != NULL, "%s", error->message);
    hits = mla_overview_search (overview, query, &options, &error);
    ck_assert_msg (hits != NULL, "%s: %s", text, error->message);
    return hits;
}

#define HIT(hits, i) ((const MlaSearchHit *) g_ptr_array_index ((hits), (i)))

/* Ranked: scores fall, and the words appear in the messages found. */
START_TEST (test_search_ranked)
{
    g_autoptr (GPtrArray) hits = search ("agenda", 0, 0, 0);

    ck_assert_uint_ge (hits->len, 5);
    for (guint i = 0; i < hits->len; i++) {
        ck_assert (HIT (hits, i)->score > 0);
        if (i > 0)
            ck_assert (HIT (hits, i)->score <= HIT (hits, i - 1)->score);
    }
}
END_TEST

/* With a window of 3, the 3 latest matches are ranked and come first; the
 * others follow in archive order, the latest first; the set is the same. */
/* mla_rank() is FTS5's bm25() with the same weights: equal scores for a
 * query of several phrases, and for one phrase the same order (its IDF,
 * left out, is one factor common to every row). */
START_TEST (test_search_rank_is_bm25)
{
    const char *queries[] = { "kernel", "\"page clustering\"",
                              "kernel AND summit", "numa OR agenda" };

    g_ptr_array_unref (search ("kernel", 0, 1, 0)); /* registers mla_rank() */
    for (gsize q = 0; q < G_N_ELEMENTS (queries); q++) {
        sqlite3_stmt *statement = NULL;
        double ratio = 0.0;
        int rows = 0;

        ck_assert_int_eq (
            sqlite3_prepare_v2 (
                overview->db,
                "SELECT bm25(search, 4.0, 2.0, 1.0, 1.0, 2.0),"
                " mla_rank(search) FROM search WHERE search MATCH ?",
                -1, &statement, NULL),
            SQLITE_OK);
        sqlite3_bind_text (statement, 1, queries[q], -1, SQLITE_STATIC);
        while (sqlite3_step (statement) == SQLITE_ROW) {
            double bm25 = sqlite3_column_double (statement, 0);
            double rank = sqlite3_column_double (statement, 1);

            ck_assert (bm25 < 0 && rank < 0);
            if (q >= 2)
                ck_assert_msg (fabs (bm25 - rank) < 1e-9, "%s: %g, %g",
                               queries[q], bm25, rank);
            else if (rows == 0)
                ratio = bm25 / rank;
            else
                ck_assert_msg (fabs (bm25 / rank - ratio) < 1e-9, "%s: %g, %g",
                               queries[q], bm25, rank);
            rows++;
        }
        sqlite3_finalize (statement);
        ck_assert_msg (rows > 1, "%s: %d rows", queries[q], rows);
    }
}
END_TEST

START_TEST (test_search_window)
{
    const char *text = "summit OR session OR kernel";
    g_autoptr (GPtrArray) all = search (text, 0, 0, 0);
    g_autoptr (GPtrArray) windowed = search (text, 0, 0, 3);
    g_autoptr (GHashTable) rows =
        g_hash_table_new (g_int64_hash, g_int64_equal);
    gint64 least_ranked = G_MAXINT64;

    ck_assert_uint_gt (all->len, 10);
    ck_assert_uint_eq (windowed->len, all->len);
    for (guint i = 0; i < all->len; i++)
        g_hash_table_add (rows, &HIT (all, i)->entry->row);
    for (guint i = 0; i < windowed->len; i++) {
        const MlaSearchHit *hit = HIT (windowed, i);

        ck_assert (g_hash_table_contains (rows, &hit->entry->row));
        if (i < 3) {
            ck_assert (hit->score > 0);
            least_ranked = MIN (least_ranked, hit->entry->row);
            if (i > 0)
                ck_assert (hit->score <= HIT (windowed, i - 1)->score);
        } else {
            ck_assert (hit->score == 0);
            ck_assert_int_lt (hit->entry->row, least_ranked);
            if (i > 3)
                ck_assert_int_lt (hit->entry->row,
                                  HIT (windowed, i - 1)->entry->row);
        }
    }
}
END_TEST

/* Every page, across the window's edge, is a slice of the whole list. */
START_TEST (test_search_paging)
{
    const char *text = "summit OR session OR kernel";
    g_autoptr (GPtrArray) whole = search (text, 0, 0, 4);

    for (guint offset = 0; offset <= whole->len + 1; offset++)
        for (guint limit = 1; limit <= 6; limit++) {
            g_autoptr (GPtrArray) page = search (text, offset, limit, 4);
            guint want =
                offset >= whole->len ? 0 : MIN (limit, whole->len - offset);

            ck_assert_msg (page->len == want, "offset %u limit %u: %u, not %u",
                           offset, limit, page->len, want);
            for (guint i = 0; i < page->len; i++)
                ck_assert_int_eq (HIT (page, i)->entry->row,
                                  HIT (whole, offset + i)->entry->row);
        }
}
END_TEST

/* No word to rank by: the newest first, by date. */
START_TEST (test_search_by_date)
{
    const char *texts[] = { "list:ksummit", "date:2004-07 NOT has:agenda",
                            "agenda OR has:attachment" };

    for (gsize t = 0; t < G_N_ELEMENTS (texts); t++) {
        g_autoptr (GPtrArray) hits = search (texts[t], 0, 0, 0);

        ck_assert_uint_gt (hits->len, 1);
        for (guint i = 0; i < hits->len; i++) {
            ck_assert (HIT (hits, i)->score == 0);
            if (i > 0)
                ck_assert_int_le (HIT (hits, i)->entry->date,
                                  HIT (hits, i - 1)->entry->date);
        }
    }
}
END_TEST

/* A word and a condition: ranked among the messages that meet it. */
START_TEST (test_search_conditions)
{
    g_autoptr (GPtrArray) july = search ("agenda date:2004-07-14", 0, 0, 0);
    g_autoptr (GPtrArray) excluded = search ("agenda NOT from:greg", 0, 0, 0);
    g_autoptr (GPtrArray) agenda = search ("agenda", 0, 0, 0);

    ck_assert_uint_gt (july->len, 0);
    for (guint i = 0; i < july->len; i++) {
        ck_assert (
            g_str_has_prefix (HIT (july, i)->entry->date_utc, "2004-07-14"));
        ck_assert (HIT (july, i)->score > 0);
    }
    ck_assert_uint_eq (excluded->len + 1, agenda->len);
    for (guint i = 0; i < excluded->len; i++)
        ck_assert_str_ne (HIT (excluded, i)->entry->from_name, "Greg KH");
}
END_TEST

/* mla_overview_rows_naming() finds, in row order, what a phrase search
 * for the same text finds; a text without a word finds nothing. */
static const char *const naming_cases[] = {
    "tytso@mit.edu",
    "Kernel Summit",
    "no-such-word-anywhere",
    "@@ <>",
};

static int
compare_rows (gconstpointer a, gconstpointer b)
{
    gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

    return (x > y) - (x < y);
}

START_TEST (test_search_rows_naming)
{
    const char *text = naming_cases[_i];
    g_autoptr (GError) error = NULL;
    g_autoptr (GArray) rows = mla_overview_rows_naming (overview, text, &error);
    g_autoptr (GArray) expected = g_array_new (FALSE, FALSE, sizeof (gint64));
    g_autofree char *quoted = g_strdup_printf ("\"%s\"", text);

    ck_assert_msg (rows != NULL, "%s: %s", text, error->message);
    if (_i < 3) {
        g_autoptr (GPtrArray) hits = search (quoted, 0, 0, 0);

        for (guint i = 0; i < hits->len; i++)
            g_array_append_val (expected, HIT (hits, i)->entry->row);
        g_array_sort (expected, compare_rows);
    }
    ck_assert_uint_eq (rows->len, expected->len);
    ck_assert (_i == 2 || _i == 3 || rows->len > 0);
    for (guint i = 0; i < rows->len; i++)
        ck_assert_int_eq (g_array_index (rows, gint64, i),
                          g_array_index (expected, gint64, i));
}
END_TEST

static Suite *
search_suite (void)
{
    Suite *suite = suite_create ("search");
    TCase *tcase = tcase_create ("sample");

    tcase_add_checked_fixture (tcase, setup, teardown);
    tcase_add_test (tcase, test_search_ranked);
    tcase_add_test (tcase, test_search_rank_is_bm25);
    tcase_add_test (tcase, test_search_window);
    tcase_add_test (tcase, test_search_paging);
    tcase_add_test (tcase, test_search_by_date);
    tcase_add_test (tcase, test_search_conditions);
    tcase_add_loop_test (tcase, test_search_rows_naming, 0,
                         G_N_ELEMENTS (naming_cases));
    suite_add_tcase (suite, tcase);
    return suite;
}

MLA_TEST_MAIN (search_suite)
