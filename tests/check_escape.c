/* check_escape.c: control characters from mail escaped for a terminal
 * line, lines of text and a tab-separated field (issue 27 §8); and text
 * cleaned of what XML has no character for. */
#include "config.h"
#include "mla-escape.h"
#include "mla-xml-writer-private.h"
#include "mla-test.h"

static const struct {
    const char *text;
    MlaEscapeMode mode;
    const char *escaped;
} cases[] = {
    { "plain text, Grüße", MLA_ESCAPE_LINE, "plain text, Grüße" },
    /* A window title (OSC 0) and the clipboard (OSC 52). */
    { "a\x1b]0;owned\x07 b", MLA_ESCAPE_LINE, "a\\x1b]0;owned\\x07 b" },
    { "\x1b]52;c;ZWNobw==\x07", MLA_ESCAPE_TEXT, "\\x1b]52;c;ZWNobw==\\x07" },
    /* U+009B, the C1 CSI; DEL. */
    { "c1 \xc2\x9b"
      "31m \x7f",
      MLA_ESCAPE_LINE, "c1 \\u009b31m \\x7f" },
    { "tab\tline\nbreak", MLA_ESCAPE_LINE, "tab\\x09line\\x0abreak" },
    { "tab\tline\r\nbreak\rover", MLA_ESCAPE_TEXT,
      "tab\tline\nbreak\\x0dover" },
    { "a\\b\tc", MLA_ESCAPE_FIELD, "a\\\\b\\x09c" },
    { "a\\b", MLA_ESCAPE_LINE, "a\\b" },
    /* Not UTF-8: a lone continuation byte, a truncated sequence. */
    { "bad \x80 \xe2\x82", MLA_ESCAPE_LINE, "bad \\x80 \\xe2\\x82" },
    /* U+00A0 and U+2028 are not controls. */
    { "\xc2\xa0\xe2\x80\xa8", MLA_ESCAPE_FIELD, "\xc2\xa0\xe2\x80\xa8" },
    { "", MLA_ESCAPE_FIELD, "" },
};

START_TEST (test_escape_cases)
{
    g_autofree char *escaped = mla_escape (cases[_i].text, cases[_i].mode);

    ck_assert_str_eq (escaped, cases[_i].escaped);
}
END_TEST

/* Every byte value, in every mode: what comes out is valid UTF-8 with no
 * control character but the line breaks and tabs TEXT keeps. */
START_TEST (test_escape_every_byte)
{
    char text[3] = { 'x', 0, 0 };

    for (int byte = 1; byte < 256; byte++) {
        g_autofree char *escaped = NULL;

        text[1] = (char) byte;
        escaped = mla_escape (text, (MlaEscapeMode) _i);
        ck_assert_msg (g_utf8_validate (escaped, -1, NULL), "byte %d", byte);
        for (const char *p = escaped; *p != '\0'; p = g_utf8_next_char (p)) {
            gunichar c = g_utf8_get_char (p);

            ck_assert_msg (!g_unichar_iscntrl (c) || (_i == MLA_ESCAPE_TEXT &&
                                                      (c == '\n' || c == '\t')),
                           "byte %d, mode %d: U+%04X", byte, _i, c);
        }
    }
}
END_TEST

START_TEST (test_escape_null)
{
    g_autofree char *escaped = mla_escape (NULL, MLA_ESCAPE_LINE);

    ck_assert_str_eq (escaped, "");
}
END_TEST

/* mla_xml_clean_text(): clean text as it is (its fast path), the rest
 * made valid UTF-8 first, then rid of C0 controls but tab, LF and CR,
 * and of U+FFFE and U+FFFF. */
static const struct {
    const char *text;
    const char *clean;
} xml_cases[] = {
    { "plain text, Grüße\ttab\nLF\r", "plain text, Grüße\ttab\nLF\r" },
    { "", "" },
    { "a\x01"
      "b\x1f"
      "c\x1b",
      "abc" },
    { "x\xef\xbf\xbey\xef\xbf\xbfz", "xyz" },
    /* U+FFFD and U+FEFF are characters. */
    { "\xef\xbf\xbd\xef\xbb\xbf", "\xef\xbf\xbd\xef\xbb\xbf" },
    /* Not UTF-8: each bad byte becomes U+FFFD, controls still go. */
    { "a\xff"
      "b",
      "a\xef\xbf\xbd"
      "b" },
    { "\x02\x80\x03", "\xef\xbf\xbd" },
    { "\xef\xbf\xbe\xff", "\xef\xbf\xbd" },
    /* Cut short at the end: the scan stops at the NUL. */
    { "a\xef\xbf", "a\xef\xbf\xbd\xef\xbf\xbd" },
};

START_TEST (test_xml_clean)
{
    g_autofree char *clean = mla_xml_clean_text (xml_cases[_i].text);

    ck_assert_str_eq (clean, xml_cases[_i].clean);
}
END_TEST

static Suite *
escape_suite (void)
{
    Suite *suite = suite_create ("escape");

    mla_test_add_case (suite, "cases", test_escape_cases, G_N_ELEMENTS (cases));
    mla_test_add_case (suite, "every byte", test_escape_every_byte,
                       MLA_ESCAPE_FIELD + 1);
    mla_test_add_case (suite, "null", test_escape_null, 0);
    mla_test_add_case (suite, "xml clean", test_xml_clean,
                       G_N_ELEMENTS (xml_cases));
    return suite;
}

MLA_TEST_MAIN (escape_suite)
