/* check_site_url.c: Message-IDs as folder names and URLs (public-inbox's
 * escaping, every byte, the file-system cases, the names of old sites),
 * the names recorded so that URLs never change, and attachment names. */
#include "config.h"
#include <string.h>
#include "mlarc.h"
#include "mla-site-url-private.h"
#include "mla-test.h"

/* An id, the folder it asks for, and the URL path of that folder: the id
 * escaped as public-inbox's mid_escape() does, but for the bytes a file
 * name cannot hold. */
static const struct {
    const char *id;
    const char *name;
    const char *href;
} examples[] = {
    { "20040714025057.GA8801@thunk.org", "20040714025057.GA8801@thunk.org",
      "20040714025057.GA8801@thunk.org" },
    { "CAHk-=wgM_x+y@mail.gmail.com", "CAHk-=wgM_x+y@mail.gmail.com",
      "CAHk-=wgM_x+y@mail.gmail.com" },
    { "~tilde!$&'()*+,;=:@x", "~tilde!$&'()*+,;=:@x", "~tilde!$&'()*+,;=:@x" },
    { "per%cent@x", "per%cent@x", "per%25cent@x" },
    { "quote\"and<angle>#?@x", "quote\"and<angle>#?@x",
      "quote%22and%3Cangle%3E%23%3F@x" },
    { "caf\xc3\xa9@example.org", "caf\xc3\xa9@example.org",
      "caf%C3%A9@example.org" },
    { "a[1]{2}^|`@x", "a[1]{2}^|`@x", "a%5B1%5D%7B2%7D%5E%7C%60@x" },
    /* What a file name cannot hold stays encoded in the folder's name. */
    { "a/b/../c@d", "a%2Fb%2F..%2Fc@d", "a%252Fb%252F..%252Fc@d" },
    { "with space@x", "with%20space@x", "with%2520space@x" },
    { "back\\slash\t@x", "back%5Cslash%09@x", "back%255Cslash%2509@x" },
    { ".", "%2E", "%252E" },
    { "..", "%2E%2E", "%252E%252E" },
};

START_TEST (test_site_url_names)
{
    g_autofree char *name = mla_site_message_name (examples[_i].id);
    g_autofree char *href = mla_site_path_to_href (name);

    ck_assert_str_eq (name, examples[_i].name);
    ck_assert_str_eq (href, examples[_i].href);
}
END_TEST

/* Every byte value, alone and inside an id: never a path separator, a
 * control character or white space in the name; kept as it is otherwise;
 * and the URL decodes back to the name. */
START_TEST (test_site_url_every_byte)
{
    for (int b = 1; b < 256; b++) {
        char alone[2] = { (char) b, '\0' };
        g_autofree char *inside = g_strdup_printf ("x%cy@z", b);
        const char *tests[] = { alone, inside };

        for (gsize t = 0; t < G_N_ELEMENTS (tests); t++) {
            g_autofree char *name = mla_site_message_name (tests[t]);
            g_autofree char *href = mla_site_path_to_href (name);
            g_autofree char *back = g_uri_unescape_string (href, NULL);
            gboolean unsafe = b <= ' ' || b == 0x7f || b == '/' || b == '\\';

            for (const guchar *p = (const guchar *) name; *p != '\0'; p++)
                ck_assert_msg (*p > 0x20 && *p != 0x7f && *p != '/' &&
                                   *p != '\\',
                               "byte %d: name %s has byte %d", b, name, *p);
            ck_assert_msg (unsafe || b == '.' || strcmp (name, tests[t]) == 0,
                           "byte %d: %s changed", b, name);
            ck_assert_msg (back != NULL && strcmp (back, name) == 0,
                           "byte %d: %s does not decode to %s", b, href, name);
            for (const char *p = href; *p != '\0'; p++)
                ck_assert_msg (g_ascii_isgraph (*p) && !strchr ("\"<>#?", *p),
                               "byte %d: href %s", b, href);
        }
    }
}
END_TEST

START_TEST (test_site_url_long)
{
    g_autofree char *long_id = g_strnfill (5000, 'x');
    g_autofree char *other = g_strconcat (long_id, "y", NULL);
    g_autofree char *a = mla_site_message_name (long_id);
    g_autofree char *b = mla_site_message_name (other);

    ck_assert (g_str_has_prefix (a, "_h"));
    ck_assert_uint_eq (strlen (a), 42);
    ck_assert_str_ne (a, b);
}
END_TEST

/* The names of sites made before names were recorded, which get pages
 * that send readers on. */
static const struct {
    const char *id;
    const char *name;
} legacy[] = {
    { "abc@example.org", "abc@example.org" },
    { "a_b@x", "a%5Fb@x" },
    { "Abc@example.org", "Abc@example.org_c3e05059" },
    { "a/b@x", "a%2Fb@x" },
    { "..", "%2E%2E" },
};

START_TEST (test_site_url_legacy)
{
    g_autofree char *name = mla_site_legacy_message_name (legacy[_i].id);

    ck_assert_str_eq (name, legacy[_i].name);
}
END_TEST

/* Names one folder on a disk that ignores case and normalization. */
START_TEST (test_site_url_key)
{
    g_autofree char *lower = mla_folder_name_key ("abc@example.org");
    g_autofree char *upper = mla_folder_name_key ("ABC@Example.ORG");
    g_autofree char *composed = mla_folder_name_key ("caf\xc3\xa9@x");
    g_autofree char *decomposed = mla_folder_name_key ("CAFE\xcc\x81@x");
    g_autofree char *other = mla_folder_name_key ("abd@example.org");

    ck_assert_str_eq (lower, upper);
    ck_assert_str_eq (composed, decomposed);
    ck_assert_str_ne (lower, other);
}
END_TEST

static const char case_mbox[] =
    "From a@x Mon Mar  1 10:00:00 2021\n"
    "From: a@x\nSubject: one\nDate: Mon, 1 Mar 2021 10:00:00 +0000\n"
    "Message-ID: <Case@x>\n\nfirst\n\n"
    "From a@x Mon Mar  1 11:00:00 2021\n"
    "From: a@x\nSubject: two\nDate: Mon, 1 Mar 2021 11:00:00 +0000\n"
    "Message-ID: <case@x>\n\nsecond\n\n"
    "From a@x Mon Mar  1 12:00:00 2021\n"
    "From: a@x\nSubject: three\nDate: Mon, 1 Mar 2021 12:00:00 +0000\n"
    "Message-ID: <CASE@x>\n\nthird\n\n"
    "From a@x Mon Mar  1 13:00:00 2021\n"
    "From: a@x\nSubject: hidden\nDate: Mon, 1 Mar 2021 13:00:00 +0000\n"
    "Message-ID: <cASE@x>\nX-No-Archive: yes\n\nwithheld\n\n";

/* Opens the overview of @archive and assigns names (@partial: looking
 * names up one by one, as an update that reads part of the archive
 * does); the names in archive order, joined by spaces. */
static char *
assign_in (MlaArchive *archive, GPtrArray *record, gboolean partial)
{
    g_autoptr (GError) error = NULL;
    g_autoptr (MlaOverview) overview =
        mla_overview_open (archive, NULL, NULL, &error);
    g_autoptr (MlaOverviewThreads) threads = NULL;
    g_autoptr (GString) joined = g_string_new (NULL);
    g_autofree gboolean *published = NULL;
    char **names;
    guint n;

    ck_assert_ptr_nonnull (overview);
    if (record != NULL)
        ck_assert (mla_overview_add_site_names (overview, record, &error));
    threads = mla_overview_load_threads (overview, &error);
    ck_assert_ptr_nonnull (threads);
    n = mla_overview_threads_get_n_entries (threads);
    published = g_new0 (gboolean, n);
    for (guint i = 0; i < n; i++)
        published[i] = !mla_overview_threads_get_entry (threads, i)->no_archive;
    names =
        mla_site_assign_names (overview, threads, published, partial, &error);
    ck_assert_msg (names != NULL, "%s", error ? error->message : "?");
    for (guint i = 0; i < n; i++) {
        g_string_append_printf (joined, "%s%s", i > 0 ? " " : "", names[i]);
        g_free (names[i]);
    }
    g_free (names);
    return g_string_free (g_steal_pointer (&joined), FALSE);
}

static char *
assign (MlaArchive *archive, GPtrArray *record)
{
    return assign_in (archive, record, FALSE);
}

static MlaArchive *
case_archive (void)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autofree char *path = g_build_filename (dir, "in.mbox", NULL);
    g_autofree char *folder = g_build_filename (dir, "archive", NULL);
    const char *inputs[] = { path, NULL };
    MlaImportOptions options = { MLA_MBOX_FORMAT_AUTO };
    g_autoptr (GError) error = NULL;
    g_autoptr (MlaArchive) archive = NULL;

    ck_assert (g_file_set_contents (path, case_mbox, -1, NULL));
    archive = mla_archive_open (folder, MLA_ARCHIVE_OPEN_CREATE, &error);
    ck_assert_ptr_nonnull (archive);
    ck_assert (mla_archive_import (archive, inputs, &options, NULL, &error));
    return g_steal_pointer (&archive);
}

/* Ids that differ only in case: the one that arrived first keeps the
 * plain name, later ones get a suffix; names, once recorded, stay, even
 * over a rebuild of the overview; a withheld message takes no name. */
START_TEST (test_site_url_assign)
{
    g_autoptr (MlaArchive) archive = case_archive ();
    g_autoptr (GError) error = NULL;
    g_autofree char *first = assign (archive, NULL);
    g_autofree char *again = NULL;
    g_autofree char *rebuilt = NULL;

    ck_assert_str_eq (first, "Case@x case@x_d986efe8 CASE@x_3440570f cASE@x");
    again = assign (archive, NULL);
    ck_assert_str_eq (again, first);
    ck_assert (mla_overview_rebuild (archive, &error));
    rebuilt = assign (archive, NULL);
    ck_assert_str_eq (rebuilt, first);
}
END_TEST

/* A name recorded before (by an earlier build that saw only that
 * message) wins over archive order, and survives a rebuild. */
START_TEST (test_site_url_assign_recorded)
{
    g_autoptr (MlaArchive) archive = case_archive ();
    g_autoptr (GPtrArray) record = g_ptr_array_new ();
    g_autoptr (GError) error = NULL;
    g_autofree char *names = NULL;
    g_autofree char *rebuilt = NULL;

    g_ptr_array_add (record, "case@x");
    g_ptr_array_add (record, "case@x");
    names = assign (archive, record);
    ck_assert_str_eq (names, "Case@x_ad51cca2 case@x CASE@x_3440570f cASE@x");
    /* Not derived from the volumes: a rebuild carries them over. */
    ck_assert (mla_overview_rebuild (archive, &error));
    rebuilt = assign (archive, NULL);
    ck_assert_str_eq (rebuilt, names);
}
END_TEST

/* A name recorded for an id no longer in the archive stays taken, read
 * whole or looked up by its key (_i: 1 for the look-up). */
START_TEST (test_site_url_assign_taken)
{
    g_autoptr (MlaArchive) archive = case_archive ();
    g_autoptr (GPtrArray) record = g_ptr_array_new ();
    g_autofree char *names = NULL;

    g_ptr_array_add (record, "gone@x");
    g_ptr_array_add (record, "case@X");
    names = assign_in (archive, record, _i == 1);
    ck_assert_str_eq (names,
                      "Case@x_ad51cca2 case@x_d986efe8 CASE@x_3440570f cASE@x");
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

    mla_test_add_case (suite, "names", test_site_url_names,
                       G_N_ELEMENTS (examples));
    mla_test_add_case (suite, "every-byte", test_site_url_every_byte, 0);
    mla_test_add_case (suite, "long", test_site_url_long, 0);
    mla_test_add_case (suite, "legacy", test_site_url_legacy,
                       G_N_ELEMENTS (legacy));
    mla_test_add_case (suite, "key", test_site_url_key, 0);
    mla_test_add_case (suite, "assign", test_site_url_assign, 0);
    mla_test_add_case (suite, "assign-taken", test_site_url_assign_taken, 2);
    mla_test_add_case (suite, "assign-recorded", test_site_url_assign_recorded,
                       0);
    mla_test_add_case (suite, "attachments", test_site_url_attachment_names,
                       G_N_ELEMENTS (attachments));
    mla_test_add_case (suite, "attachment-long", test_site_url_attachment_long,
                       0);
    return suite;
}

MLA_TEST_MAIN (site_url_suite)
