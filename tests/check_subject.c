/* check_subject.c: subject prefixes, the comparison key, reply detection. */
#include "config.h"
#include "mla-subject.h"
#include "mla-test.h"

static const struct {
    const char *subject;
    const char *stripped; /* NULL: nothing left */
    const char *key;
    gboolean reply;
} cases[] = {
    { "Re: [Ksummit-2004-discuss] Kernel Summit Agenda", "Kernel Summit Agenda",
      "kernel summit agenda", TRUE },
    { "\xc2\xa0Kernel Summit Agenda\xc2\xa0", "Kernel Summit Agenda",
      "kernel summit agenda", FALSE },
    { "[list] Re: RE: Fwd: Patch  v2", "Patch  v2", "patch v2", TRUE },
    { "Re[2]: Plans", "Plans", "plans", TRUE },
    { "re^3:plans", "plans", "plans", TRUE },
    { "Fwd: Plans", "Plans", "plans", FALSE },
    { "Reply hazy", "Reply hazy", "reply hazy", FALSE },
    { "Re:", NULL, NULL, TRUE },
    { "[unclosed tag", "[unclosed tag", "[unclosed tag", FALSE },
    { "GRÜSSE\tAUS  Köln", "GRÜSSE\tAUS  Köln", "grüsse aus köln", FALSE },
    { "", NULL, NULL, FALSE },
    /* ASCII keys take a short path: the same five spaces, \v kept. */
    { "Mixed\t\r\n\fCASE \vX", "Mixed\t\r\n\fCASE \vX", "mixed case \vx",
      FALSE },
    { "ASCII then \xc3\x89T\xc3\x89", "ASCII then \xc3\x89T\xc3\x89",
      "ascii then \xc3\xa9t\xc3\xa9", FALSE },
    { "bad \xff UTF-8", "bad \xff UTF-8", NULL, FALSE },
};

START_TEST (test_subject_cases)
{
    g_autofree char *stripped = mla_subject_strip (cases[_i].subject);
    g_autofree char *key = mla_subject_normalise (cases[_i].subject);

    ck_assert_pstr_eq (stripped, cases[_i].stripped);
    ck_assert_pstr_eq (key, cases[_i].key);
    ck_assert_int_eq (mla_subject_is_reply (cases[_i].subject),
                      cases[_i].reply);
}
END_TEST

/* Every ASCII character between two letters keys as Unicode case folding
 * and g_unichar_isspace() would have it. */
START_TEST (test_subject_ascii_path)
{
    for (int c = 1; c < 0x80; c++) {
        char subject[] = { 'A', (char) c, 'b', '\0' };
        g_autofree char *key = mla_subject_normalise (subject);
        g_autofree char *folded = NULL;
        char expected[] = { 'A', (char) c, 'b', '\0' };

        if (g_unichar_isspace ((gunichar) c))
            expected[1] = ' ';
        folded = g_utf8_casefold (expected, -1);
        ck_assert_msg (g_strcmp0 (key, folded) == 0, "character %d", c);
    }
}
END_TEST

START_TEST (test_subject_null)
{
    ck_assert_ptr_null (mla_subject_strip (NULL));
    ck_assert_ptr_null (mla_subject_normalise (NULL));
    ck_assert (!mla_subject_is_reply (NULL));
}
END_TEST

static Suite *
subject_suite (void)
{
    Suite *suite = suite_create ("subject");

    mla_test_add_case (suite, "cases", test_subject_cases,
                       G_N_ELEMENTS (cases));
    mla_test_add_case (suite, "null", test_subject_null, 0);
    mla_test_add_case (suite, "ascii path", test_subject_ascii_path, 0);
    return suite;
}

MLA_TEST_MAIN (subject_suite)
