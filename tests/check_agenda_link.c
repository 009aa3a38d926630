/* check_agenda_link.c: the words compared when linking slots to threads,
 * Dice's coefficient, the best match, and the threshold against every
 * pair of tests/data/agenda-links (true links above it, the rest below).
 * MLA_LINK_SCORES=1 prints every pair's score: the measurement in
 * doc/design.md. */
#include "config.h"
#include <stdio.h>
#include <string.h>
#include "mla-agenda-link-private.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-test.h"

static GHashTable *
stop_words (void)
{
    g_autoptr (GError) error = NULL;
    GHashTable *words = mla_agenda_stop_words_new (&error);

    ck_assert_msg (words != NULL, "%s", error != NULL ? error->message : "?");
    return words;
}

static const struct {
    const char *text;
    const char *words;
} word_cases[] = {
    { "Re: [Storage] NVMe over TCP: session proposal", "nvme over tcp" },
    { "Hot Plug Memory and CPU", "cpu hot memory plug" },
    { "Re: [Ksummit-2004-discuss] Hot-plug memory session — ",
      "hot memory plug" },
    { "Multipath & bio/device mapper issues", "bio device mapper multipath" },
    { "Security fixes for 6.5 stable", "fixes security stable" },
    { "Café, café and CAFÉ", "café" },
    { "The agenda", "" },
    { NULL, "" },
};

START_TEST (test_link_words)
{
    g_autoptr (GHashTable) stop = stop_words ();
    g_auto (GStrv) words = mla_agenda_link_words (word_cases[_i].text, stop);
    g_autofree char *joined = g_strjoinv (" ", words);

    ck_assert_str_eq (joined, word_cases[_i].words);
}
END_TEST

START_TEST (test_link_similarity)
{
    char *a[] = { "cpu", "hot", "memory", "plug", NULL };
    char *b[] = { "hot", "memory", "plug", NULL };
    char *c[] = { "security", NULL };
    char *none[] = { NULL };

    ck_assert_double_eq_tol (mla_agenda_link_similarity (a, b), 6.0 / 7, 1e-9);
    ck_assert_double_eq_tol (mla_agenda_link_similarity (b, a), 6.0 / 7, 1e-9);
    ck_assert_double_eq (mla_agenda_link_similarity (a, a), 1.0);
    ck_assert_double_eq (mla_agenda_link_similarity (a, c), 0.0);
    ck_assert_double_eq (mla_agenda_link_similarity (none, none), 0.0);
    ck_assert_double_eq (mla_agenda_link_similarity (c, none), 0.0);
}
END_TEST

/* The best thread wins; the agenda's own threads are never candidates;
 * below the threshold nothing is linked. */
START_TEST (test_linker_match)
{
    g_autoptr (GHashTable) stop = stop_words ();
    g_autoptr (MlaAgendaLinker) linker = mla_agenda_linker_new (stop);
    const guint tiering_session[] = { 20 };
    const guint both[] = { 30, 20 };
    double score = -1;

    mla_agenda_linker_add (linker, 10,
                           "[Storage] Memory leak in tiering daemon");
    mla_agenda_linker_add (linker, 20, "Re: [Storage] memory tiering session");
    mla_agenda_linker_add (linker, 30, "[Storage] Programme: memory tiering");
    ck_assert_uint_eq (
        mla_agenda_linker_match (linker, "Memory tiering", NULL, 0, &score),
        20);
    ck_assert_double_eq (score, 1.0);
    ck_assert_uint_eq (mla_agenda_linker_match (linker, "Memory Tiering",
                                                tiering_session, 1, &score),
                       30);
    /* The leak thread is the only one left: 2 * 2 / (2 + 4) is too little. */
    ck_assert_uint_eq (
        mla_agenda_linker_match (linker, "Memory Tiering", both, 2, &score),
        G_MAXUINT);
    ck_assert_double_eq_tol (score, 2.0 / 3, 1e-9);
    /* {tiering} against {memory, programme, tiering}: 2 * 1 / (1 + 3). */
    ck_assert_uint_eq (
        mla_agenda_linker_match (linker, "Tiering", tiering_session, 1, &score),
        G_MAXUINT);
    ck_assert_double_eq_tol (score, 0.5, 1e-9);
    ck_assert_uint_eq (
        mla_agenda_linker_match (linker, "Session", NULL, 0, &score),
        G_MAXUINT);
    ck_assert_double_eq (score, 0.0);
}
END_TEST

/* A subject's topic, before a dash or a colon, scores on its own: the
 * sample's thread asks a question after the dash. */
START_TEST (test_linker_subject_head)
{
    g_autoptr (GHashTable) stop = stop_words ();
    g_autoptr (MlaAgendaLinker) linker = mla_agenda_linker_new (stop);
    double score = -1;

    mla_agenda_linker_add (
        linker, 7,
        "[Ksummit] Hot-plug memory session \u2014 what we need decided");
    mla_agenda_linker_add (linker, 8, "Re: memory: what we need decided");
    /* {cpu, hot, memory, plug} against the topic {hot, memory, plug}. */
    ck_assert_uint_eq (mla_agenda_linker_match (
                           linker, "Hot Plug Memory and CPU", NULL, 0, &score),
                       7);
    ck_assert_double_eq_tol (score, 6.0 / 7, 1e-9);
    /* "Re:" is no topic: the head of thread 8 is "memory". */
    ck_assert_uint_eq (
        mla_agenda_linker_match (linker, "Memory", NULL, 0, &score), 8);
    ck_assert_double_eq (score, 1.0);
}
END_TEST

/* tests/data/agenda-links/links.mbox, as slot titles and thread
 * subjects, and which pairs are true links (its README). */
static const char *const fixture_slots[] = {
    "NVMe over TCP",
    "Filesystem testing with xfstests",
    "Block layer: multi-queue scheduling",
    "Rust for Linux drivers",
    "Memory tiering",
    "Security",
    "BPF in the storage stack",
    "Closing remarks",
};
static const char *const fixture_threads[] = {
    "[Storage] NVMe over TCP: session proposal",
    "[Storage] xfstests filesystem testing results",
    "[Storage] Multi-queue scheduling in the block layer",
    "[Storage] Rust drivers: where are we?",
    "Re: [Storage] memory tiering session",
    "[Storage] BPF for storage: kickoff",
    "[Storage] TCP offload broken on e1000",
    "[Storage] Testing the new mail server",
    "[Storage] Memory leak in tiering daemon",
    "[Storage] Security fixes for 6.5 stable",
    "[Storage] BPF verifier regression",
    "[Storage] Rust toolchain versions",
    "[Storage] Lunch plans for Monday",
    "[Storage] Review queue is long",
    "[Storage] Programme of the storage day",
};
/* fixture_slots[i] truly links to fixture_threads[true_links[i]]. */
static const int true_links[] = { 0, 1, 2, 3, 4, -1, 5, -1 };

START_TEST (test_link_threshold_on_fixture)
{
    g_autoptr (GHashTable) stop = stop_words ();
    gboolean print = g_getenv ("MLA_LINK_SCORES") != NULL;
    double lowest_true = 1, highest_false = 0;

    for (guint i = 0; i < G_N_ELEMENTS (fixture_slots); i++) {
        g_auto (GStrv) slot = mla_agenda_link_words (fixture_slots[i], stop);

        for (guint j = 0; j < G_N_ELEMENTS (fixture_threads); j++) {
            g_auto (GStrv) thread =
                mla_agenda_link_words (fixture_threads[j], stop);
            double score = mla_agenda_link_similarity (slot, thread);
            gboolean truth = true_links[i] == (int) j;

            if (print && score > 0)
                printf ("%.3f\t%s\t%s\t%s\n", score, truth ? "true" : "false",
                        fixture_slots[i], fixture_threads[j]);
            if (truth)
                lowest_true = MIN (lowest_true, score);
            else
                highest_false = MAX (highest_false, score);
        }
    }
    ck_assert_msg (lowest_true >= MLA_AGENDA_LINK_THRESHOLD,
                   "a true link scores %.3f", lowest_true);
    ck_assert_msg (highest_false < MLA_AGENDA_LINK_THRESHOLD,
                   "a false pair scores %.3f", highest_false);
}
END_TEST

static Suite *
agenda_link_suite (void)
{
    Suite *suite = suite_create ("agenda_link");

    mla_test_add_case (suite, "words", test_link_words,
                       G_N_ELEMENTS (word_cases));
    mla_test_add_case (suite, "similarity", test_link_similarity, 0);
    mla_test_add_case (suite, "match", test_linker_match, 0);
    mla_test_add_case (suite, "subject head", test_linker_subject_head, 0);
    mla_test_add_case (suite, "threshold", test_link_threshold_on_fixture, 0);
    return suite;
}

MLA_TEST_MAIN (agenda_link_suite)
