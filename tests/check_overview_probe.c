/* check_overview_probe.c: the overview's indexed look-ups and the subset
 * of threads a partial site update loads, written blind from
 * lib/overview/mla-overview-probe-private.h. Expectations come from the
 * hand-made archives below and from the full load
 * (mla_overview_load_threads() and its forest) as an oracle. */
#include "config.h"
#include <string.h>
#include "mlarc.h"
#include "mla-overview-probe-private.h"
#include "mla-test.h"

typedef struct {
    const char *id;
    const char *date;
    const char *subject;
    const char *refs;    /* nullable: the References header */
    const char *headers; /* nullable: more header lines */
} Message;

/* An archive, its overview and the full load, from @n @messages imported
 * in one mbox (each body names its place, so a reused id has another
 * body). */
typedef struct {
    MlaArchive *archive;
    MlaOverview *overview;
    MlaOverviewThreads *full;
} Probe;

static void
probe_clear (Probe *probe)
{
    g_clear_pointer (&probe->full, mla_overview_threads_free);
    g_clear_pointer (&probe->overview, mla_overview_free);
    g_clear_pointer (&probe->archive, mla_archive_free);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Probe, probe_clear)

static void
probe_open (Probe *probe, const Message *messages, gsize n)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autofree char *path = g_build_filename (dir, "archive", NULL);
    g_autofree char *input = g_build_filename (dir, "in.mbox", NULL);
    g_autoptr (GString) mbox = g_string_new (NULL);
    g_autoptr (GError) error = NULL;
    const char *inputs[] = { input, NULL };

    probe->archive = mla_archive_open (path, MLA_ARCHIVE_OPEN_CREATE, &error);
    ck_assert_msg (probe->archive != NULL, "%s", error ? error->message : "?");
    for (gsize i = 0; i < n; i++) {
        g_string_append_printf (
            mbox,
            "From sender@example.org Mon Mar  1 10:00:00 2021\n"
            "From: Sender <sender@example.org>\nTo: list@example.org\n"
            "Subject: %s\nDate: %s\nMessage-ID: <%s>\n",
            messages[i].subject, messages[i].date, messages[i].id);
        if (messages[i].refs != NULL)
            g_string_append_printf (mbox, "References: %s\n", messages[i].refs);
        if (messages[i].headers != NULL)
            g_string_append (mbox, messages[i].headers);
        g_string_append_printf (mbox, "\nBody %zu of %s.\n\n", i,
                                messages[i].id);
    }
    if (n > 0) {
        ck_assert (g_file_set_contents (input, mbox->str, -1, NULL));
        ck_assert_msg (
            mla_archive_import (probe->archive, inputs, NULL, NULL, &error),
            "%s", error ? error->message : "?");
    }
    probe->overview = mla_overview_open (probe->archive, NULL, NULL, &error);
    if (probe->overview == NULL)
        return; /* the caller decides (an empty archive may have none) */
    probe->full = mla_overview_load_threads (probe->overview, &error);
    ck_assert_msg (probe->full != NULL, "%s", error ? error->message : "?");
    ck_assert_uint_eq (mla_overview_threads_get_n_entries (probe->full), n);
    ck_assert_uint_eq (mla_overview_threads_get_n_inputs (probe->full), n);
}

static gint64
activity (const MlaOverviewEntry *entry)
{
    return mla_thread_activity (entry->date, entry->arrived);
}

static int
by_row (gconstpointer a, gconstpointer b)
{
    const MlaOverviewEntry *x = *(const MlaOverviewEntry *const *) a;
    const MlaOverviewEntry *y = *(const MlaOverviewEntry *const *) b;

    return (x->row > y->row) - (x->row < y->row);
}

static int
by_activity (gconstpointer a, gconstpointer b)
{
    const MlaOverviewEntry *x = *(const MlaOverviewEntry *const *) a;
    const MlaOverviewEntry *y = *(const MlaOverviewEntry *const *) b;

    if (activity (x) != activity (y))
        return (activity (x) > activity (y)) - (activity (x) < activity (y));
    return by_row (a, b);
}

/* The entries of the full load (borrowed) that @keep accepts, sorted by
 * @compare; @id nullable: any. */
typedef gboolean (*Keep) (const MlaOverviewEntry *entry, const char *id);

static gboolean
keep_id (const MlaOverviewEntry *entry, const char *id)
{
    return id == NULL || strcmp (entry->message_id, id) == 0;
}

static gboolean
keep_published (const MlaOverviewEntry *entry, const char *id)
{
    (void) id;
    return !entry->no_archive;
}

static GPtrArray *
full_entries (const Probe *probe, Keep keep, const char *id,
              GCompareFunc compare)
{
    GPtrArray *entries = g_ptr_array_new ();

    for (guint i = 0; i < mla_overview_threads_get_n_entries (probe->full);
         i++) {
        const MlaOverviewEntry *entry =
            mla_overview_threads_get_entry (probe->full, i);

        if (keep (entry, id))
            g_ptr_array_add (entries, (gpointer) entry);
    }
    g_ptr_array_sort (entries, compare);
    return entries;
}

/* The full load's first entry (by row) with Message-ID @id. */
static const MlaOverviewEntry *
full_entry (const Probe *probe, const char *id)
{
    g_autoptr (GPtrArray) found = full_entries (probe, keep_id, id, by_row);

    ck_assert_msg (found->len > 0, "%s is not in the full load", id);
    return g_ptr_array_index (found, 0);
}

static const MlaOverviewEntry *
full_entry_of_row (const Probe *probe, gint64 row)
{
    for (guint i = 0; i < mla_overview_threads_get_n_entries (probe->full);
         i++) {
        const MlaOverviewEntry *entry =
            mla_overview_threads_get_entry (probe->full, i);

        if (entry->row == row)
            return entry;
    }
    ck_abort_msg ("row %" G_GINT64_FORMAT " is not in the full load", row);
    return NULL;
}

/* "id:row id:row ..." of @entries from index @from on, reversed when
 * @reverse; "id id ..." without rows when !@rows. */
static char *
describe (GPtrArray *entries, guint from, gboolean reverse, gboolean rows)
{
    GString *text = g_string_new (NULL);

    for (guint i = from; entries != NULL && i < entries->len; i++) {
        const MlaOverviewEntry *entry =
            g_ptr_array_index (entries, reverse ? entries->len - 1 - i : i);

        if (text->len > 0)
            g_string_append_c (text, ' ');
        g_string_append (text, entry->message_id);
        if (rows)
            g_string_append_printf (text, ":%" G_GINT64_FORMAT, entry->row);
    }
    return g_string_free (text, FALSE);
}

/* ---- rows by number and by id ---- */

static const Message basic[] = {
    { "one@x", "Mon, 1 Mar 2021 10:00:00 +0000", "One", NULL, NULL },
    { "dup@x", "Tue, 2 Mar 2021 10:00:00 +0000", "Dup", NULL, NULL },
    { "two@x", "Wed, 3 Mar 2021 10:00:00 +0000", "Re: One", "<one@x>",
      "X-No-Archive: yes\n" },
    { "dup@x", "Thu, 4 Mar 2021 10:00:00 +0000", "Dup again", NULL, NULL },
};

/* After every row, and before the first: the rows above it, in order;
 * none after the last. */
START_TEST (test_probe_rows_after)
{
    g_auto (Probe) probe = { 0 };
    g_autoptr (GPtrArray) rows = NULL;

    probe_open (&probe, basic, G_N_ELEMENTS (basic));
    rows = full_entries (&probe, keep_id, NULL, by_row);
    for (guint i = 0; i < rows->len; i++)
        ck_assert_str_eq (((MlaOverviewEntry *) rows->pdata[i])->message_id,
                          basic[i].id);
    for (guint i = 0; i <= rows->len; i++) {
        gint64 row = i == 0 ? ((MlaOverviewEntry *) rows->pdata[0])->row - 1
                            : ((MlaOverviewEntry *) rows->pdata[i - 1])->row;
        g_autoptr (GError) error = NULL;
        g_autoptr (GPtrArray) after =
            mla_overview_get_rows_after (probe.overview, row, &error);
        g_autofree char *got = describe (after, 0, FALSE, TRUE);
        g_autofree char *expected = describe (rows, i, FALSE, TRUE);

        ck_assert_msg (after != NULL, "%s", error ? error->message : "?");
        ck_assert_msg (strcmp (got, expected) == 0,
                       "after row %" G_GINT64_FORMAT ": got \"%s\", not \"%s\"",
                       row, got, expected);
    }
}
END_TEST

static const struct {
    const char *id;
    guint n;
} with_id[] = {
    { "one@x", 1 },
    { "dup@x", 2 },
    { "two@x", 1 }, /* withheld: still a row */
    { "missing@x", 0 },
};

START_TEST (test_probe_rows_with_id)
{
    g_auto (Probe) probe = { 0 };
    g_autoptr (GError) error = NULL;
    g_autoptr (GPtrArray) found = NULL;
    g_autoptr (GPtrArray) expected = NULL;
    g_autofree char *got = NULL, *want = NULL;

    probe_open (&probe, basic, G_N_ELEMENTS (basic));
    expected = full_entries (&probe, keep_id, with_id[_i].id, by_row);
    ck_assert_uint_eq (expected->len, with_id[_i].n);
    found =
        mla_overview_get_rows_with_id (probe.overview, with_id[_i].id, &error);
    ck_assert_msg (found != NULL, "%s", error ? error->message : "?");
    got = describe (found, 0, FALSE, TRUE);
    want = describe (expected, 0, FALSE, TRUE);
    ck_assert_str_eq (got, want);
}
END_TEST

/* ---- the order of activity ---- */

/* Rows 1-8: b answers a, the withheld h answers c, f90 and f80 are dated
 * far after their arrival (activity capped: they tie, or f80 arrived
 * later), w is withheld and alone in its thread. By activity, the
 * published rows run a c b d f90 f80. */
static const Message timeline[] = {
    { "a@x", "Mon, 1 Mar 2021 10:00:00 +0000", "Apple", NULL, NULL },
    { "b@x", "Wed, 3 Mar 2021 10:00:00 +0000", "Re: Apple", "<a@x>", NULL },
    { "c@x", "Tue, 2 Mar 2021 10:00:00 +0000", "Cherry", NULL, NULL },
    { "h@x", "Thu, 4 Mar 2021 10:00:00 +0000", "Re: Cherry", "<c@x>",
      "X-No-Archive: yes\n" },
    { "d@x", "Fri, 5 Mar 2021 10:00:00 +0000", "Date", NULL, NULL },
    { "f90@x", "Sun, 1 Jan 2090 10:00:00 +0000", "Future", NULL, NULL },
    { "f80@x", "Mon, 1 Jan 2080 10:00:00 +0000", "Far", NULL, NULL },
    { "w@x", "Sat, 6 Mar 2021 10:00:00 +0000", "Withheld", NULL,
      "X-No-Archive: yes\n" },
};

static const struct {
    const char *id;
    const char *before; /* nullable */
    const char *after;  /* nullable */
} neighbours[] = {
    { "a@x", NULL, "c@x" },      { "b@x", "c@x", "d@x" },
    { "h@x", "b@x", "d@x" },     { "w@x", "d@x", "f90@x" },
    { "f90@x", "d@x", "f80@x" }, { "f80@x", "f90@x", NULL },
};

static void
assert_neighbour (const char *what, const MlaOverviewEntry *query,
                  const MlaOverviewEntry *got, const MlaOverviewEntry *want)
{
    ck_assert_msg (
        (got == NULL) == (want == NULL) &&
            (got == NULL || (got->row == want->row &&
                             strcmp (got->message_id, want->message_id) == 0)),
        "%s %s (row %" G_GINT64_FORMAT "): got %s, not %s", what,
        query->message_id, query->row, got ? got->message_id : "none",
        want ? want->message_id : "none");
}

static void
check_neighbours (const Probe *probe, const MlaOverviewEntry *query,
                  const MlaOverviewEntry *before, const MlaOverviewEntry *after)
{
    g_autoptr (GError) error = NULL;
    g_autofree MlaOverviewEntry *got_before = NULL;
    g_autofree MlaOverviewEntry *got_after = NULL;

    ck_assert_msg (mla_overview_get_date_neighbours (
                       probe->overview, activity (query), query->row,
                       &got_before, &got_after, &error),
                   "%s", error ? error->message : "?");
    assert_neighbour ("before", query, got_before, before);
    assert_neighbour ("after", query, got_after, after);
}

START_TEST (test_probe_neighbours_by_hand)
{
    g_auto (Probe) probe = { 0 };

    probe_open (&probe, timeline, G_N_ELEMENTS (timeline));
    check_neighbours (
        &probe, full_entry (&probe, neighbours[_i].id),
        neighbours[_i].before ? full_entry (&probe, neighbours[_i].before)
                              : NULL,
        neighbours[_i].after ? full_entry (&probe, neighbours[_i].after)
                             : NULL);
}
END_TEST

/* For every row, withheld ones included: the published rows next to it
 * in the order of mla_thread_activity(), then row. */
START_TEST (test_probe_neighbours_oracle)
{
    g_auto (Probe) probe = { 0 };
    g_autoptr (GPtrArray) rows = NULL;
    g_autoptr (GPtrArray) order = NULL;
    const MlaOverviewEntry *future;

    probe_open (&probe, timeline, G_N_ELEMENTS (timeline));
    future = full_entry (&probe, "f90@x");
    ck_assert_int_gt (future->arrived, 0);
    ck_assert_int_lt (activity (future), future->date);
    rows = full_entries (&probe, keep_id, NULL, by_row);
    order = full_entries (&probe, keep_published, NULL, by_activity);
    for (guint i = 0; i < rows->len; i++) {
        const MlaOverviewEntry *query = g_ptr_array_index (rows, i);
        const MlaOverviewEntry *before = NULL, *after = NULL;

        for (guint j = 0; j < order->len; j++) {
            const MlaOverviewEntry *other = g_ptr_array_index (order, j);
            int side = by_activity (&other, &query);

            if (side < 0)
                before = other;
            else if (side > 0 && after == NULL)
                after = other;
        }
        check_neighbours (&probe, query, before, after);
    }
}
END_TEST

static const struct {
    guint limit;
    const char *ids; /* by hand, newest first */
} newest[] = {
    { 1, "f80@x" },
    { 2, "f80@x f90@x" },
    { 6, "f80@x f90@x d@x b@x c@x a@x" },
    { 100, "f80@x f90@x d@x b@x c@x a@x" },
};

START_TEST (test_probe_newest)
{
    g_auto (Probe) probe = { 0 };
    g_autoptr (GError) error = NULL;
    g_autoptr (GPtrArray) got = NULL;
    g_autoptr (GPtrArray) order = NULL;
    g_autofree char *ids = NULL, *rows = NULL, *oracle = NULL;

    probe_open (&probe, timeline, G_N_ELEMENTS (timeline));
    got = mla_overview_get_newest (probe.overview, newest[_i].limit, &error);
    ck_assert_msg (got != NULL, "%s", error ? error->message : "?");
    ids = describe (got, 0, FALSE, FALSE);
    ck_assert_str_eq (ids, newest[_i].ids);
    order = full_entries (&probe, keep_published, NULL, by_activity);
    if (order->len > newest[_i].limit)
        g_ptr_array_remove_range (order, 0, order->len - newest[_i].limit);
    rows = describe (got, 0, FALSE, TRUE);
    oracle = describe (order, 0, TRUE, TRUE);
    ck_assert_str_eq (rows, oracle);
}
END_TEST

static const guint newest_threads[] = { 1, 3, 5, 100 };

/* @threads (thread ids) named by their first message, as "d@x a@x". */
static char *
thread_names (const Probe *probe, GPtrArray *threads)
{
    g_autoptr (GPtrArray) rows = full_entries (probe, keep_id, NULL, by_row);
    GString *text = g_string_new (NULL);

    for (guint t = 0; t < threads->len; t++) {
        const char *name = threads->pdata[t];

        for (guint i = 0; i < rows->len; i++) {
            const MlaOverviewEntry *entry = g_ptr_array_index (rows, i);

            if (strcmp (entry->thread, threads->pdata[t]) == 0) {
                name = entry->message_id;
                break;
            }
        }
        g_string_append_printf (text, "%s%s", t > 0 ? " " : "", name);
    }
    return g_string_free (text, FALSE);
}

START_TEST (test_probe_newest_threads)
{
    g_auto (Probe) probe = { 0 };
    g_autoptr (GError) error = NULL;
    g_autoptr (GPtrArray) got = NULL;
    g_autoptr (GHashTable) published = g_hash_table_new (NULL, NULL);
    g_autoptr (GPtrArray) expected = g_ptr_array_new ();
    const MlaThreadForest *forest;
    const GArray *roots;
    g_autofree char *named = NULL, *oracle = NULL;
    guint limit = newest_threads[_i];

    probe_open (&probe, timeline, G_N_ELEMENTS (timeline));
    forest = mla_overview_threads_get_forest (probe.full);
    for (guint i = 0; i < mla_overview_threads_get_n_entries (probe.full);
         i++) {
        const MlaOverviewEntry *entry =
            mla_overview_threads_get_entry (probe.full, i);
        const MlaThreadNode *node = mla_thread_forest_get_node (
            forest, mla_thread_forest_node_of_input (forest, i));

        ck_assert_str_eq (entry->thread,
                          mla_thread_forest_get_thread_id (forest, node->root));
        if (!entry->no_archive)
            g_hash_table_add (published, GUINT_TO_POINTER (node->root + 1));
    }
    roots = mla_thread_forest_get_roots (forest);
    for (guint r = 0; r < roots->len && expected->len < limit; r++) {
        guint root = g_array_index (roots, guint, r);

        if (g_hash_table_contains (published, GUINT_TO_POINTER (root + 1)))
            g_ptr_array_add (
                expected,
                (gpointer) mla_thread_forest_get_thread_id (forest, root));
    }
    got = mla_overview_get_newest_threads (probe.overview, limit, &error);
    ck_assert_msg (got != NULL, "%s", error ? error->message : "?");
    named = thread_names (&probe, got);
    oracle = thread_names (&probe, expected);
    ck_assert_str_eq (named, oracle);
    /* By hand: five threads with a published message (not w's); the last
     * three are d's, a's (b on 3 March), c's (h, withheld, not counted). */
    ck_assert_uint_eq (got->len, MIN (limit, 5));
    if (limit >= 5)
        ck_assert_msg (g_str_has_suffix (named, " d@x a@x c@x"), "%s", named);
}
END_TEST

static const struct {
    const char *name;
    gint64 from, to;
    const char *ids; /* by hand, row order */
} dated[] = {
    /* c (2 March 10:00) in, d (5 March 10:00) out; h withheld. */
    { "span", 1614679200, 1614938400, "b@x c@x" },
    { "month", 1614556800, 1617235200, "a@x b@x c@x d@x" },
    { "from-in", 1614592800, 1614592801, "a@x" },
    { "to-out", 1614556800, 1614592800, "" },
    { "withheld-only", 1614816000, 1614902400, "" },
    /* "dated": by its date, not its capped activity. */
    { "future-date", 3786912000, 3786912000 + 365 * 86400, "f90@x" },
};

START_TEST (test_probe_dated)
{
    g_auto (Probe) probe = { 0 };
    g_autoptr (GError) error = NULL;
    g_autoptr (GPtrArray) got = NULL;
    g_autoptr (GPtrArray) rows = NULL;
    g_autoptr (GPtrArray) expected = g_ptr_array_new ();
    g_autofree char *ids = NULL, *with_rows = NULL, *oracle = NULL;

    probe_open (&probe, timeline, G_N_ELEMENTS (timeline));
    got = mla_overview_get_dated (probe.overview, dated[_i].from, dated[_i].to,
                                  &error);
    ck_assert_msg (got != NULL, "%s", error ? error->message : "?");
    ids = describe (got, 0, FALSE, FALSE);
    ck_assert_msg (strcmp (ids, dated[_i].ids) == 0,
                   "%s: got \"%s\", not \"%s\"", dated[_i].name, ids,
                   dated[_i].ids);
    rows = full_entries (&probe, keep_published, NULL, by_row);
    for (guint i = 0; i < rows->len; i++) {
        const MlaOverviewEntry *entry = g_ptr_array_index (rows, i);

        if (entry->date >= dated[_i].from && entry->date < dated[_i].to)
            g_ptr_array_add (expected, (gpointer) entry);
    }
    with_rows = describe (got, 0, FALSE, TRUE);
    oracle = describe (expected, 0, FALSE, TRUE);
    ck_assert_str_eq (with_rows, oracle);
}
END_TEST

/* ---- counts, first date ---- */

static const Message lists[] = {
    { "l1@x", "Mon, 1 Mar 2021 10:00:00 +0000", "L1", NULL,
      "List-Id: Dev list <dev.example.org>\n" },
    { "l2@x", "Tue, 2 Mar 2021 10:00:00 +0000", "L2", NULL,
      "List-Id: Dev list <dev.example.org>\nX-No-Archive: yes\n" },
    { "l3@x", "Wed, 3 Mar 2021 10:00:00 +0000", "L3", NULL,
      "List-Id: <other.example.org>\n" },
    { "l4@x", "Thu, 4 Mar 2021 10:00:00 +0000", "L4", NULL, NULL },
    { "l5@x", "Fri, 5 Mar 2021 10:00:00 +0000", "L5", NULL,
      "List-Id: Dev list <dev.example.org>\n" },
};

static const struct {
    const char *carrier; /* nullable: a message with the List-Id asked */
    gint64 count;        /* "rows": the withheld l2 counts */
} list_counts[] = {
    { "l1@x", 3 },
    { "l3@x", 1 },
    { NULL, 0 },
};

START_TEST (test_probe_count_list_id)
{
    g_auto (Probe) probe = { 0 };
    g_autoptr (GError) error = NULL;
    g_autoptr (GHashTable) counts = NULL;
    const char *list_id = "unknown.example.org";
    gint64 got;

    probe_open (&probe, lists, G_N_ELEMENTS (lists));
    if (list_counts[_i].carrier != NULL) {
        list_id = full_entry (&probe, list_counts[_i].carrier)->list_id;
        ck_assert_ptr_nonnull (list_id);
        ck_assert_ptr_nonnull (strstr (list_id, list_counts[_i].count == 3
                                                    ? "dev.example.org"
                                                    : "other.example.org"));
    }
    got = mla_overview_count_list_id (probe.overview, list_id, &error);
    ck_assert_msg (got >= 0, "%s", error ? error->message : "?");
    ck_assert_int_eq (got, list_counts[_i].count);
    counts = mla_overview_count_list_ids (probe.archive, &error);
    ck_assert_ptr_nonnull (counts);
    ck_assert_int_eq (got,
                      GPOINTER_TO_UINT (g_hash_table_lookup (counts, list_id)));
}
END_TEST

static const Message first_published[] = {
    { "late@x", "Fri, 5 Mar 2021 10:00:00 +0000", "Late", NULL, NULL },
    { "early@x", "Mon, 1 Mar 2021 10:00:00 +0000", "Early", NULL, NULL },
};
static const Message first_withheld[] = {
    { "late@x", "Fri, 5 Mar 2021 10:00:00 +0000", "Late", NULL,
      "X-No-Archive: yes\n" },
    { "early@x", "Mon, 1 Mar 2021 10:00:00 +0000", "Early", NULL, NULL },
};

static const struct {
    const Message *messages;
    gsize n;
    gint64 date;
} first_dates[] = {
    { first_published, G_N_ELEMENTS (first_published), 1614938400 },
    { first_withheld, G_N_ELEMENTS (first_withheld), 1614938400 },
    { NULL, 0, 0 },
};

START_TEST (test_probe_first_date)
{
    g_auto (Probe) probe = { 0 };
    g_autoptr (GError) error = NULL;
    gint64 date = -1;

    probe_open (&probe, first_dates[_i].messages, first_dates[_i].n);
    if (probe.overview == NULL) {
        mla_test_skip ("no overview opens on an empty archive");
        return;
    }
    ck_assert_msg (mla_overview_get_first_date (probe.overview, &date, &error),
                   "%s", error ? error->message : "?");
    ck_assert_int_eq (date, first_dates[_i].date);
}
END_TEST

/* ---- site names ---- */

static const Message named[] = {
    { "pub@x", "Mon, 1 Mar 2021 10:00:00 +0000", "Pub", NULL, NULL },
    { "hid@x", "Tue, 2 Mar 2021 10:00:00 +0000", "Hid", NULL,
      "X-No-Archive: yes\n" },
};

static const struct {
    const char *key;
    MlaOverviewNames which;
    gboolean found;
} name_keys[] = {
    { "hello-world", MLA_OVERVIEW_NAMES_RECORDED, TRUE },
    { "hello-world", MLA_OVERVIEW_NAMES_PUBLISHED, TRUE },
    { "secret-name", MLA_OVERVIEW_NAMES_RECORDED, TRUE },
    { "secret-name", MLA_OVERVIEW_NAMES_PUBLISHED, FALSE },
    { "ghost-name", MLA_OVERVIEW_NAMES_RECORDED, TRUE },
    { "ghost-name", MLA_OVERVIEW_NAMES_PUBLISHED, FALSE },
    { "nothing", MLA_OVERVIEW_NAMES_RECORDED, FALSE },
    { "nothing", MLA_OVERVIEW_NAMES_PUBLISHED, FALSE },
};

static void
add_names (const Probe *probe)
{
    const char *pairs[] = { "pub@x",       "Hello-World", "hid@x",
                            "Secret-Name", "ghost@x",     "Ghost-Name" };
    g_autoptr (GPtrArray) names = g_ptr_array_new ();
    g_autoptr (GError) error = NULL;

    for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
        g_ptr_array_add (names, (gpointer) pairs[i]);
    ck_assert_msg (mla_overview_add_site_names (probe->overview, names, &error),
                   "%s", error ? error->message : "?");
}

START_TEST (test_probe_site_name)
{
    g_auto (Probe) probe = { 0 };
    const char *ids[] = { "pub@x", "hid@x", "ghost@x", "other@x" };
    const char *names[] = { "Hello-World", "Secret-Name", "Ghost-Name", NULL };

    probe_open (&probe, named, G_N_ELEMENTS (named));
    add_names (&probe);
    for (guint i = 0; i < G_N_ELEMENTS (ids); i++) {
        g_autoptr (GError) error = NULL;
        g_autofree char *name = NULL;

        ck_assert_msg (
            mla_overview_get_site_name (probe.overview, ids[i], &name, &error),
            "%s", error ? error->message : "?");
        ck_assert_pstr_eq (name, names[i]);
    }
}
END_TEST

START_TEST (test_probe_name_key)
{
    g_auto (Probe) probe = { 0 };
    g_autoptr (GError) error = NULL;
    gboolean found = !name_keys[_i].found;

    probe_open (&probe, named, G_N_ELEMENTS (named));
    add_names (&probe);
    ck_assert_msg (mla_overview_has_name_key (probe.overview, name_keys[_i].key,
                                              name_keys[_i].which, &found,
                                              &error),
                   "%s", error ? error->message : "?");
    ck_assert_msg (
        found == name_keys[_i].found, "%s (%s): found %d", name_keys[_i].key,
        name_keys[_i].which == MLA_OVERVIEW_NAMES_RECORDED ? "recorded"
                                                           : "published",
        found);
}
END_TEST

/* ---- ids named in parent chains ---- */

static const Message chains[] = {
    { "root@x", "Mon, 1 Mar 2021 10:00:00 +0000", "Root", NULL, NULL },
    { "r1@x", "Tue, 2 Mar 2021 10:00:00 +0000", "Re: Gone", "<top@x> <gone@x>",
      NULL },
    { "r2@x", "Wed, 3 Mar 2021 10:00:00 +0000", "Re: Root", "<root@x>",
      "In-Reply-To: <skipped@x>\n" },
    { "r3@x", "Thu, 4 Mar 2021 10:00:00 +0000", "Re: Irt", NULL,
      "In-Reply-To: <irt@x>\n" },
    /* The sender's address is no usable reference (mla_thread_clean_refs). */
    { "r4@x", "Fri, 5 Mar 2021 10:00:00 +0000", "Re: Self",
      "<sender@example.org>", NULL },
};

static const struct {
    const char *id;
    gboolean named;
} named_ids[] = {
    { "gone@x", TRUE },     /* parent, not archived */
    { "top@x", TRUE },      /* further up the chain, not archived */
    { "root@x", TRUE },     /* archived and answered */
    { "irt@x", TRUE },      /* In-Reply-To when References give none */
    { "skipped@x", FALSE }, /* In-Reply-To when References give one */
    { "r2@x", FALSE },      /* archived, answered by none */
    { "unrelated@x", FALSE }, { "sender@example.org", FALSE },
};

START_TEST (test_probe_is_named)
{
    g_auto (Probe) probe = { 0 };
    g_autoptr (GError) error = NULL;
    gboolean got = !named_ids[_i].named;

    probe_open (&probe, chains, G_N_ELEMENTS (chains));
    ck_assert_msg (
        mla_overview_is_named (probe.overview, named_ids[_i].id, &got, &error),
        "%s", error ? error->message : "?");
    ck_assert_msg (got == named_ids[_i].named, "%s: named %d, not %d",
                   named_ids[_i].id, got, named_ids[_i].named);
}
END_TEST

/* ---- subsets ---- */

/* Threads, rows interleaved: A (a1-a5, under the placeholder lost@x, a5
 * its second child), B (b1 b2), C (c1-c3), L (l2 joins l1 by subject),
 * D (the first dup@x, answered by e2) and E (the second dup@x, alone: a
 * root that does not own its id). */
static const Message woods[] = {
    { "a1@x", "Mon, 1 Mar 2021 10:00:00 +0000", "Re: Alpha", "<lost@x>", NULL },
    { "b1@x", "Mon, 1 Mar 2021 11:00:00 +0000", "Beta", NULL, NULL },
    { "c1@x", "Mon, 1 Mar 2021 12:00:00 +0000", "Gamma", NULL, NULL },
    { "a2@x", "Tue, 2 Mar 2021 10:00:00 +0000", "Re: Alpha", "<lost@x> <a1@x>",
      NULL },
    { "l1@x", "Tue, 2 Mar 2021 11:00:00 +0000", "Delta", NULL, NULL },
    { "c2@x", "Tue, 2 Mar 2021 12:00:00 +0000", "Re: Gamma", "<c1@x>", NULL },
    { "a3@x", "Wed, 3 Mar 2021 10:00:00 +0000", "Re: Alpha",
      "<lost@x> <a1@x> <a2@x>", NULL },
    { "b2@x", "Wed, 3 Mar 2021 11:00:00 +0000", "Re: Beta", "<b1@x>", NULL },
    { "dup@x", "Wed, 3 Mar 2021 12:00:00 +0000", "Echo", NULL, NULL },
    { "c3@x", "Thu, 4 Mar 2021 10:00:00 +0000", "Re: Gamma", "<c1@x> <c2@x>",
      NULL },
    { "a4@x", "Thu, 4 Mar 2021 11:00:00 +0000", "Re: Alpha",
      "<lost@x> <a1@x> <a2@x>", NULL },
    { "l2@x", "Thu, 4 Mar 2021 12:00:00 +0000", "Re: Delta", NULL, NULL },
    { "dup@x", "Fri, 5 Mar 2021 10:00:00 +0000", "Echo", NULL, NULL },
    { "e2@x", "Fri, 5 Mar 2021 11:00:00 +0000", "Re: Echo", "<dup@x>", NULL },
    { "a5@x", "Sat, 6 Mar 2021 10:00:00 +0000", "Re: Alpha", "<lost@x>", NULL },
};

/* Threads are named by a message of theirs; "dup@x#2" is the second
 * dup@x. */
static const struct {
    const char *name;
    const char *threads[3]; /* NULL-terminated */
    const char *lone[5];    /* NULL-terminated, in row order */
    guint max_rows;
    guint n_inputs;       /* by hand; G_MAXUINT: NULL is expected */
    const char *lone_ids; /* the lone entries expected, in row order */
    gboolean exact;
} subsets[] = {
    { "one-long", { "a1@x" }, { NULL }, 100, 5, "", TRUE },
    { "two", { "a1@x", "c1@x" }, { NULL }, 100, 8, "", TRUE },
    { "loose", { "l1@x" }, { NULL }, 100, 2, "", TRUE },
    { "lone-rows",
      { "b1@x" },
      { "c1@x", "c2@x", "b2@x", "c3@x" },
      100,
      2,
      "c1@x c2@x c3@x",
      TRUE },
    { "max-rows-below", { "a1@x" }, { NULL }, 4, G_MAXUINT, "", TRUE },
    { "max-rows-equal", { "a1@x" }, { NULL }, 5, 5, "", TRUE },
    /* "when the threads hold more than @max_rows rows": lone rows aside */
    { "max-rows-lone",
      { "b1@x" },
      { "c1@x", "c2@x", "c3@x" },
      2,
      2,
      "c1@x c2@x c3@x",
      TRUE },
    { "id-owner", { "dup@x" }, { NULL }, 100, 2, "", TRUE },
    /* Alone, the second dup@x owns its id, so its thread id changes. */
    { "id-copy", { "dup@x#2" }, { NULL }, 100, 1, "", FALSE },
};

static const MlaOverviewEntry *
forest_entry (const Probe *probe, const char *name)
{
    g_autoptr (GPtrArray) found = NULL;

    if (!g_str_has_suffix (name, "#2"))
        return full_entry (probe, name);
    found = full_entries (probe, keep_id, "dup@x", by_row);
    ck_assert_uint_eq (found->len, 2);
    return g_ptr_array_index (found, 1);
}

/* Whether each threaded entry of @threads threads in its forest as the
 * full load stored it (thread, parent, subject match); why not in @why. */
static gboolean
threads_as_stored (const Probe *probe, MlaOverviewThreads *threads,
                   GString *why)
{
    const MlaThreadForest *forest = mla_overview_threads_get_forest (threads);

    for (guint i = 0; i < mla_overview_threads_get_n_inputs (threads); i++) {
        const MlaOverviewEntry *entry =
            mla_overview_threads_get_entry (threads, i);
        const MlaOverviewEntry *stored = full_entry_of_row (probe, entry->row);
        guint index = mla_thread_forest_node_of_input (forest, i);
        const MlaThreadNode *node = mla_thread_forest_get_node (forest, index);
        const char *thread = mla_thread_forest_get_thread_id (forest, index);
        const char *parent =
            node->parent == MLA_THREAD_NONE
                ? NULL
                : mla_thread_forest_get_node (forest, node->parent)->id;

        if (strcmp (thread, stored->thread) != 0 ||
            g_strcmp0 (parent, stored->parent) != 0 ||
            !node->loose != !stored->loose) {
            g_string_append_printf (
                why, "%s: thread %s parent %s loose %d, stored %s %s %d; ",
                entry->message_id, thread, parent ? parent : "-", node->loose,
                stored->thread, stored->parent ? stored->parent : "-",
                stored->loose);
            return FALSE;
        }
    }
    return TRUE;
}

START_TEST (test_probe_subset)
{
    g_auto (Probe) probe = { 0 };
    g_autoptr (GError) error = NULL;
    g_autoptr (GPtrArray) ids = g_ptr_array_new ();
    g_autoptr (GArray) lone = g_array_new (FALSE, FALSE, sizeof (gint64));
    g_autoptr (GHashTable) wanted = g_hash_table_new (g_str_hash, g_str_equal);
    g_autoptr (GPtrArray) expected = g_ptr_array_new ();
    g_autoptr (GPtrArray) inputs = g_ptr_array_new ();
    g_autoptr (GPtrArray) lone_entries = g_ptr_array_new ();
    g_autoptr (GPtrArray) rows = NULL;
    g_autoptr (MlaOverviewThreads) subset = NULL;
    g_autoptr (GString) why = g_string_new (NULL);
    g_autofree char *got = NULL, *want = NULL, *lone_ids = NULL;
    gboolean exact = !subsets[_i].exact;

    probe_open (&probe, woods, G_N_ELEMENTS (woods));
    ck_assert_msg (threads_as_stored (&probe, probe.full, why),
                   "the full load: %s", why->str);
    for (guint i = 0; subsets[_i].threads[i] != NULL; i++) {
        const char *thread =
            forest_entry (&probe, subsets[_i].threads[i])->thread;

        g_ptr_array_add (ids, (gpointer) thread);
        g_hash_table_add (wanted, (gpointer) thread);
    }
    for (guint i = 0; subsets[_i].lone[i] != NULL; i++)
        g_array_append_val (lone,
                            forest_entry (&probe, subsets[_i].lone[i])->row);
    rows = full_entries (&probe, keep_id, NULL, by_row);
    for (guint i = 0; i < rows->len; i++)
        if (g_hash_table_contains (
                wanted, ((MlaOverviewEntry *) rows->pdata[i])->thread))
            g_ptr_array_add (expected, rows->pdata[i]);
    subset = mla_overview_load_subset (probe.overview, ids, lone,
                                       subsets[_i].max_rows, &exact, &error);
    ck_assert_msg (error == NULL, "%s", error ? error->message : "?");
    if (subsets[_i].n_inputs == G_MAXUINT) {
        ck_assert_ptr_null (subset);
        return;
    }
    ck_assert_ptr_nonnull (subset);
    ck_assert_uint_eq (expected->len, subsets[_i].n_inputs);
    ck_assert_uint_eq (mla_overview_threads_get_n_inputs (subset),
                       subsets[_i].n_inputs);
    for (guint i = 0; i < mla_overview_threads_get_n_entries (subset); i++)
        g_ptr_array_add (i < subsets[_i].n_inputs ? inputs : lone_entries,
                         (gpointer) mla_overview_threads_get_entry (subset, i));
    g_ptr_array_sort (inputs, by_row);
    got = describe (inputs, 0, FALSE, TRUE);
    want = describe (expected, 0, FALSE, TRUE);
    ck_assert_str_eq (got, want);
    lone_ids = describe (lone_entries, 0, FALSE, FALSE);
    ck_assert_str_eq (lone_ids, subsets[_i].lone_ids);
    for (guint i = 0; i < inputs->len; i++) {
        const MlaOverviewEntry *entry = g_ptr_array_index (inputs, i);
        const MlaOverviewEntry *stored = full_entry_of_row (&probe, entry->row);

        ck_assert_str_eq (entry->thread, stored->thread);
        ck_assert_pstr_eq (entry->parent, stored->parent);
    }
    g_string_truncate (why, 0);
    ck_assert_msg (threads_as_stored (&probe, subset, why) == subsets[_i].exact,
                   "%s: as stored: %s", subsets[_i].name,
                   why->len ? why->str : "yes");
    ck_assert_msg (exact == subsets[_i].exact, "%s: out_exact %d",
                   subsets[_i].name, exact);
}
END_TEST

static Suite *
overview_probe_suite (void)
{
    Suite *suite = suite_create ("overview-probe");

    mla_test_add_case (suite, "rows-after", test_probe_rows_after, 0);
    mla_test_add_case (suite, "rows-with-id", test_probe_rows_with_id,
                       G_N_ELEMENTS (with_id));
    mla_test_add_case (suite, "neighbours", test_probe_neighbours_by_hand,
                       G_N_ELEMENTS (neighbours));
    mla_test_add_case (suite, "neighbours-oracle", test_probe_neighbours_oracle,
                       0);
    mla_test_add_case (suite, "newest", test_probe_newest,
                       G_N_ELEMENTS (newest));
    mla_test_add_case (suite, "newest-threads", test_probe_newest_threads,
                       G_N_ELEMENTS (newest_threads));
    mla_test_add_case (suite, "dated", test_probe_dated, G_N_ELEMENTS (dated));
    mla_test_add_case (suite, "list-id", test_probe_count_list_id,
                       G_N_ELEMENTS (list_counts));
    mla_test_add_case (suite, "first-date", test_probe_first_date,
                       G_N_ELEMENTS (first_dates));
    mla_test_add_case (suite, "site-name", test_probe_site_name, 0);
    mla_test_add_case (suite, "name-key", test_probe_name_key,
                       G_N_ELEMENTS (name_keys));
    mla_test_add_case (suite, "is-named", test_probe_is_named,
                       G_N_ELEMENTS (named_ids));
    mla_test_add_case (suite, "subset", test_probe_subset,
                       G_N_ELEMENTS (subsets));
    return suite;
}

MLA_TEST_MAIN (overview_probe_suite)
