/* check_site_url.c: Message-IDs as folder names (round trip, every byte,
 * the file-system cases), hrefs, and attachment names. */
#include "config.h"
#include <string.h>
#include "mla-site-url-private.h"
#include "mla-test.h"

static const char *const ids[] = {
    "20040714025057.GA8801@thunk.org",
    "CAHk-=wgM_x+y/z@mail.gmail.com",
    "a/b/../c@d",
    "with space@x",
    "per%cent@x",
    "quote\"and<angle>@x",
    "caf\xc3\xa9@example.org",
    "_leading@x",
    "~tilde!$&'()*+,;=:@x",
};

START_TEST (test_site_url_round_trip)
{
    g_autofree char *name = mla_site_message_dir (ids[_i]);
    g_autofree char *back = mla_site_message_id_from_dir (name);

    ck_assert_ptr_null (strchr (name, '/'));
    ck_assert_str_ne (name, ".");
    ck_assert_str_ne (name, "..");
    ck_assert_uint_le (strlen (name), MLA_SITE_NAME_MAX);
    ck_assert_pstr_eq (back, ids[_i]);
}
END_TEST

/* Every byte value, alone and inside an id, survives and never yields a
 * path separator, a NUL, a control character or a non-ASCII byte. */
START_TEST (test_site_url_every_byte)
{
    for (int b = 1; b < 256; b++) {
        char alone[2] = { (char) b, '\0' };
        g_autofree char *inside = g_strdup_printf ("x%cy@z", b);
        const char *tests[] = { alone, inside };

        for (gsize t = 0; t < G_N_ELEMENTS (tests); t++) {
            g_autofree char *name = mla_site_message_dir (tests[t]);
            g_autofree char *back = mla_site_message_id_from_dir (name);

            for (const guchar *p = (const guchar *) name; *p != '\0'; p++)
                ck_assert_msg (*p > 0x20 && *p < 0x7f && *p != '/' &&
                                   *p != '\\',
                               "byte %d: name %s has byte %d", b, name, *p);
            ck_assert_msg (back != NULL && strcmp (back, tests[t]) == 0,
                           "byte %d: %s", b, name);
        }
    }
}
END_TEST

START_TEST (test_site_url_dots)
{
    g_autofree char *one = mla_site_message_dir (".");
    g_autofree char *two = mla_site_message_dir ("..");
    g_autofree char *back = mla_site_message_id_from_dir (two);

    ck_assert_str_eq (one, "%2E");
    ck_assert_str_eq (two, "%2E%2E");
    ck_assert_str_eq (back, "..");
}
END_TEST

START_TEST (test_site_url_long)
{
    g_autofree char *long_id = g_strnfill (5000, 'x');
    g_autofree char *other = g_strconcat (long_id, "y", NULL);
    g_autofree char *a = mla_site_message_dir (long_id);
    g_autofree char *b = mla_site_message_dir (other);

    ck_assert (g_str_has_prefix (a, "_h"));
    ck_assert_uint_eq (strlen (a), 42);
    ck_assert_str_ne (a, b);
    ck_assert_ptr_null (mla_site_message_id_from_dir (a));
}
END_TEST

/* Ids that differ only in case must not share a folder on a disk that
 * ignores case; an id with no upper case keeps a clean name. */
START_TEST (test_site_url_case)
{
    g_autofree char *lower = mla_site_message_dir ("abc@example.org");
    g_autofree char *upper = mla_site_message_dir ("ABC@example.org");
    g_autofree char *mixed = mla_site_message_dir ("Abc@example.org");

    ck_assert_str_eq (lower, "abc@example.org");
    ck_assert_int_ne (g_ascii_strcasecmp (lower, upper), 0);
    ck_assert_int_ne (g_ascii_strcasecmp (upper, mixed), 0);
    ck_assert_int_ne (g_ascii_strcasecmp (lower, mixed), 0);
}
END_TEST

START_TEST (test_site_url_href)
{
    g_autofree char *href = mla_site_path_to_href ("m/a%2Fb@x/index.html");

    ck_assert_str_eq (href, "m/a%252Fb@x/index.html");
}
END_TEST

static const struct {
    const char *filename;
    const char *expected;
} attachments[] = {
    { "../../x", "1-_._.__x.bin" }, { "index.html", "1-index.html.bin" },
    { "a.sh", "1-a.sh.bin" },       { "fix.patch", "1-fix.patch" },
    { NULL, "1-attachment.bin" },   { ".htaccess", "1-_htaccess.bin" },
    { "CON", "1-CON.bin" },
};

START_TEST (test_site_url_attachment_names)
{
    g_autofree char *name =
        mla_site_attachment_name (1, attachments[_i].filename);

    ck_assert_str_eq (name, attachments[_i].expected);
}
END_TEST

START_TEST (test_site_url_attachment_long)
{
    g_autofree char *huge = g_strnfill (4096, 'a');
    g_autofree char *name = mla_site_attachment_name (7, huge);

    ck_assert_uint_le (strlen (name), 110);
    ck_assert (g_str_has_suffix (name, ".bin"));
}
END_TEST

static Suite *
site_url_suite (void)
{
    Suite *suite = suite_create ("site-url");

    mla_test_add_case (suite, "round-trip", test_site_url_round_trip,
                       G_N_ELEMENTS (ids));
    mla_test_add_case (suite, "every-byte", test_site_url_every_byte, 0);
    mla_test_add_case (suite, "dots", test_site_url_dots, 0);
    mla_test_add_case (suite, "long", test_site_url_long, 0);
    mla_test_add_case (suite, "case", test_site_url_case, 0);
    mla_test_add_case (suite, "href", test_site_url_href, 0);
    mla_test_add_case (suite, "attachments", test_site_url_attachment_names,
                       G_N_ELEMENTS (attachments));
    mla_test_add_case (suite, "attachment-long", test_site_url_attachment_long,
                       0);
    return suite;
}

MLA_TEST_MAIN (site_url_suite)
