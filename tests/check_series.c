/* check_series.c: what makes a patch series: the subjects of patches and
 * cover letters, the trailers taken from replies, and where they go in a
 * patch. */
#include "config.h"
#include <string.h>
#include "mla-series-private.h"
#include "mla-test.h"

static const struct {
    const char *subject;
    gboolean patch;
    guint version, number, total;
} subjects[] = {
    { "[PATCH] fix it", TRUE, 1, 1, 1 },
    { "[PATCH v2 3/5] fix it", TRUE, 2, 3, 5 },
    { "[PATCH 0/2] a cover letter", TRUE, 1, 0, 2 },
    { "[Ksummit] [RFC PATCH net-next v3 7/7] tagged", TRUE, 3, 7, 7 },
    { "[PATCHv4 2/2] no space", TRUE, 4, 2, 2 },
    { "[patch 1/2] lower case", TRUE, 1, 1, 2 },
    { "  [PATCH V10 01/12] zeros", TRUE, 10, 1, 12 },
    { "Re: [PATCH v2 3/5] fix it", FALSE, 0, 0, 0 },
    { "[GIT PULL] for 6.1", FALSE, 0, 0, 0 },
    { "PATCH: no brackets", FALSE, 0, 0, 0 },
    { "[PATCHES] not the word", FALSE, 0, 0, 0 },
    { NULL, FALSE, 0, 0, 0 },
};

START_TEST (test_series_subjects)
{
    MlaPatchSubject parsed = { 0 };
    gboolean patch = mla_patch_subject_parse (subjects[_i].subject, &parsed);

    ck_assert_msg (patch == subjects[_i].patch, "%s", subjects[_i].subject);
    if (!patch)
        return;
    ck_assert_uint_eq (parsed.version, subjects[_i].version);
    ck_assert_uint_eq (parsed.number, subjects[_i].number);
    ck_assert_uint_eq (parsed.total, subjects[_i].total);
}
END_TEST

static const struct {
    const char *line;
    const char *trailer; /* NULL: none */
} lines[] = {
    { "Reviewed-by: Ann <a@x>", "Reviewed-by: Ann <a@x>" },
    { "  acked-BY:   Bo <b@x>  ", "Acked-by: Bo <b@x>" },
    { "Tested-by: T <t@x>", "Tested-by: T <t@x>" },
    { "Reported-by: R <r@x>", "Reported-by: R <r@x>" },
    { "> Reviewed-by: Quoted <q@x>", NULL },
    { "Signed-off-by: S <s@x>", NULL },
    { "Reviewed-by:", NULL },
    { "I have Reviewed-by: nothing", NULL },
};

START_TEST (test_series_trailers)
{
    g_autofree char *trailer = mla_series_trailer (lines[_i].line);

    ck_assert_pstr_eq (trailer, lines[_i].trailer);
}
END_TEST

static char *
add (const char *patch, const char *first, const char *second)
{
    g_autoptr (GPtrArray) trailers = g_ptr_array_new ();
    g_autoptr (GByteArray) result = NULL;

    g_ptr_array_add (trailers, (gpointer) first);
    if (second != NULL)
        g_ptr_array_add (trailers, (gpointer) second);
    result = mla_series_add_trailers ((const guint8 *) patch, strlen (patch),
                                      trailers);
    return result != NULL ? g_strndup ((const char *) result->data, result->len)
                          : NULL;
}

#define HEAD "From: Ann <a@x>\nSubject: [PATCH] x\n\n"

START_TEST (test_series_add_trailers)
{
    g_autofree char *after_sob =
        add (HEAD "Why.\n\nSigned-off-by: Ann <a@x>\n---\n f | 1 +\n",
             "Acked-by: B <b@x>", "Signed-off-by: Ann <a@x>");
    g_autofree char *no_block =
        add (HEAD "Why.\n---\ndiff --git a/f b/f\n", "Acked-by: B <b@x>", NULL);
    g_autofree char *crlf =
        add ("Subject: x\r\n\r\nWhy.\r\n\r\nSigned-off-by: A <a@x>\r\n---\r\n",
             "Acked-by: B <b@x>", NULL);
    g_autofree char *twice = add (HEAD "Signed-off-by: A <a@x>\n---\n",
                                  "Acked-by: B <b@x>", "Acked-by: B <b@x>");
    g_autofree char *diff_first =
        add (HEAD "Why.\ndiff --git a/f b/f\n--- a/f\n+++ b/f\n",
             "Acked-by: B <b@x>", NULL);
    g_autofree char *encoded =
        add ("Subject: x\nContent-Transfer-Encoding: Quoted-Printable\n\nWhy.\n"
             "---\n",
             "Acked-by: B <b@x>", NULL);

    /* After the last trailer, before "---"; one already there is not
     * repeated. */
    ck_assert_str_eq (after_sob, HEAD "Why.\n\nSigned-off-by: Ann <a@x>\n"
                                      "Acked-by: B <b@x>\n---\n f | 1 +\n");
    ck_assert_str_eq (no_block, HEAD "Why.\n\nAcked-by: B <b@x>\n---\n"
                                     "diff --git a/f b/f\n");
    ck_assert_str_eq (crlf, "Subject: x\r\n\r\nWhy.\r\n\r\nSigned-off-by: A "
                            "<a@x>\r\nAcked-by: B <b@x>\r\n---\r\n");
    ck_assert_str_eq (twice, HEAD "Signed-off-by: A <a@x>\nAcked-by: B "
                                  "<b@x>\n---\n");
    /* No "---" before the diff (the "--- a/f" of the diff is not it),
     * and an encoded body: nothing can be added in place. */
    ck_assert_ptr_null (diff_first);
    ck_assert_ptr_null (encoded);
}
END_TEST

static Suite *
series_suite (void)
{
    Suite *suite = suite_create ("series");

    mla_test_add_case (suite, "subjects", test_series_subjects,
                       G_N_ELEMENTS (subjects));
    mla_test_add_case (suite, "trailers", test_series_trailers,
                       G_N_ELEMENTS (lines));
    mla_test_add_case (suite, "add-trailers", test_series_add_trailers, 0);
    return suite;
}

MLA_TEST_MAIN (series_suite)
