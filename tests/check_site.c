/* check_site.c: the page-model builders and their rendering: what each
 * model holds, that mail text stays text, links and quotes, placeholders
 * and subject matches, withheld mail, and address obfuscation. */
#include "config.h"
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <libxml/xpath.h>
#include "mlarc.h"
#include "mla-atomic-file-private.h"
#include "mla-site-files-private.h"
#include "mla-site-private.h"
#include "mla-site-search-private.h"
#include "mla-site-state-private.h"
#include "mla-site-time-private.h"
#include "mla-test.h"

static const char mbox[] =
    "From a@example.org Mon Mar  1 10:00:00 2021\n"
    "From: Ann <ann@example.org>\nTo: list@example.org\nSubject: Plan\n"
    "Date: Mon, 1 Mar 2021 10:00:00 +0000\nMessage-ID: <plan@x>\nList-Id: Test "
    "list <test.example.org>\nList-Post: <mailto:test@example.org>\n"
    "List-Subscribe: <https://example.org/sub>,\n "
    "<mailto:test-request@example.org?subject=subscribe>\n\n"
    "See https://example.org/a?b=1, not javascript:alert(1).\n\n"
    "From b@example.org Mon Mar  1 11:00:00 2021\n"
    "From: \"<b>Bob</b>\" <bob@example.org>\nTo: list@example.org\nSubject: "
    "Re: Plan <script>\n"
    "Date: Mon, 1 Mar 2021 11:00:00 +0000\nMessage-ID: <reply@x>\nIn-Reply-To: "
    "<plan@x>\n"
    "References: <plan@x>\n\n"
    "> See the plan.\n> Second quoted line.\nMine.\n\n"
    "From c@example.org Tue Mar  2 11:00:00 2021\n"
    "From: Cy <cy@example.org>\nTo: test@example.org\nSubject: Re: Plan\n"
    "Date: Tue, 2 Mar 2021 11:00:00 +0000\nMessage-ID: <loose@x>\n"
    "List-Id: <test.example.org>\n\n"
    "No reply headers.\n\n"
    "From d@example.org Wed Mar  3 11:00:00 2021\n"
    "From: Di <di@example.org>\nTo: list@example.org\nSubject: Re: Lost\n"
    "Date: Wed, 3 Apr 2021 11:00:00 +0000\nMessage-ID: "
    "<orphan@x>\nIn-Reply-To: <lost@x>\n"
    "References: <lost@x>\n\n"
    "Its parent is not archived.\n\n"
    "From e@example.org Wed Mar  3 12:00:00 2021\n"
    "From: Ed <ed@example.org>\nTo: list@example.org\nSubject: Private\n"
    "Date: Wed, 3 Mar 2021 12:00:00 +0000\nMessage-ID: "
    "<private@x>\nX-No-Archive: yes\n\n"
    "Not for the web.\n\n";

typedef struct {
    MlaArchive *archive;
    MlaOverview *overview;
    MlaSite site;
} Fixture;

static Fixture fixture;

static void
setup (void)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autofree char *path = g_build_filename (dir, "in.mbox", NULL);
    g_autofree char *archive = g_build_filename (dir, "archive", NULL);
    const char *inputs[] = { path, NULL };
    MlaImportOptions options = {
        MLA_MBOX_FORMAT_AUTO, FALSE, NULL, NULL, NULL, NULL, 0, FALSE, 0
    };
    g_autoptr (GError) error = NULL;

    ck_assert (g_file_set_contents (path, mbox, -1, NULL));
    fixture.archive =
        mla_archive_open (archive, MLA_ARCHIVE_OPEN_CREATE, &error);
    ck_assert_ptr_nonnull (fixture.archive);
    ck_assert (
        mla_archive_import (fixture.archive, inputs, &options, NULL, &error));
    fixture.overview = mla_overview_open (fixture.archive, NULL, NULL, &error);
    ck_assert_ptr_nonnull (fixture.overview);
    ck_assert_msg (mla_site_init (&fixture.site, fixture.archive,
                                  fixture.overview, NULL, &error),
                   "%s", error ? error->message : "?");
}

static void
teardown (void)
{
    mla_site_clear (&fixture.site);
    g_clear_pointer (&fixture.overview, mla_overview_free);
    g_clear_pointer (&fixture.archive, mla_archive_free);
}

/* The string value of @xpath in @doc. */
static char *
xpath (xmlDoc *doc, const char *expression)
{
    xmlXPathContext *context = xmlXPathNewContext (doc);
    xmlXPathObject *result =
        xmlXPathEvalExpression (BAD_CAST expression, context);
    xmlChar *value = xmlXPathCastToString (result);
    char *copy = g_strdup ((const char *) value);

    xmlFree (value);
    xmlXPathFreeObject (result);
    xmlXPathFreeContext (context);
    return copy;
}

static guint
entry_of (const char *id)
{
    for (guint i = 0;
         i < mla_overview_threads_get_n_entries (fixture.site.threads); i++)
        if (strcmp (mla_overview_threads_get_entry (fixture.site.threads, i)
                        ->message_id,
                    id) == 0)
            return i;
    ck_abort_msg ("no entry %s", id);
    return 0;
}

static guint
root_of (const char *id)
{
    const MlaThreadForest *forest = fixture.site.forest;

    return mla_thread_forest_get_node (
               forest, mla_thread_forest_node_of_input (forest, entry_of (id)))
        ->root;
}

#define XPATH_EQ(doc, expression, expected)                                    \
    do {                                                                       \
        g_autofree char *value_ = xpath (doc, expression);                     \
        ck_assert_msg (strcmp (value_, expected) == 0,                         \
                       "%s: '%s', expected '%s'", expression, value_,          \
                       expected);                                              \
    } while (0)

START_TEST (test_site_model_message)
{
    g_autoptr (GError) error = NULL;
    xmlDoc *doc =
        mla_site_model_message (&fixture.site, entry_of ("reply@x"), &error);

    ck_assert_ptr_nonnull (doc);
    XPATH_EQ (doc, "name(/*)", "message");
    XPATH_EQ (doc, "/message/@root", "../../");
    XPATH_EQ (doc, "/message/mail/subject", "Re: Plan <script>");
    XPATH_EQ (doc, "/message/mail/from/@name", "<b>Bob</b>");
    /* The address as it is: a site that hides addresses masks the
     * pages it writes (mla-site.c, e2e-site-privacy.sh). */
    XPATH_EQ (doc, "/message/mail/from/@address", "bob@example.org");
    XPATH_EQ (doc, "/message/mail/body/block[1]/@depth", "1");
    XPATH_EQ (doc, "/message/mail/body/block[1]/@lines", "2");
    XPATH_EQ (doc, "/message/mail/body/block[2]/@depth", "0");
    XPATH_EQ (doc, "/message/nav/link[@rel='parent']/@href",
              "m/plan@x/index.html");
    XPATH_EQ (doc, "count(/message/skeleton/node[@current='true'])", "1");
    XPATH_EQ (doc, "count(/message/skeleton/node)", "3");
    xmlFreeDoc (doc);
}
END_TEST

START_TEST (test_site_model_links)
{
    g_autoptr (GError) error = NULL;
    xmlDoc *doc =
        mla_site_model_message (&fixture.site, entry_of ("plan@x"), &error);

    XPATH_EQ (doc, "count(//block/a)", "1");
    XPATH_EQ (doc, "//block/a/@href", "https://example.org/a?b=1");
    XPATH_EQ (doc, "count(//a[starts-with(@href, 'javascript')])", "0");
    XPATH_EQ (doc, "/message/nav/link[@rel='reply']/@href",
              "m/reply@x/index.html");
    xmlFreeDoc (doc);
}
END_TEST

/* How to reply: to the list (List-Post, else the To that the List-Id
 * names) while addresses are hidden, to all as public-inbox does when
 * they are shown; a mailto: URI percent-encoded as RFC 6068 asks. */
static const struct {
    const char *id;
    gboolean shown; /* the site shows addresses */
    const char *xpath;
    const char *expected;
} reply_cases[] = {
    { "plan@x", FALSE, "/message/reply/@list", "test@example.org" },
    { "plan@x", FALSE, "/message/reply/@mailto",
      "mailto:test@example.org?In-Reply-To=%3Cplan%40x%3E"
      "&Subject=Re%3A%20Plan" },
    { "plan@x", FALSE, "/message/reply/arg[1]", "--in-reply-to=plan@x" },
    { "plan@x", FALSE, "/message/reply/arg[2]", "--to=test@example.org" },
    { "plan@x", FALSE, "/message/reply/arg[3]", "--subject='Re: Plan'" },
    { "plan@x", FALSE, "count(/message/reply/arg)", "3" },
    { "loose@x", FALSE, "/message/reply/@list", "test@example.org" },
    { "loose@x", FALSE, "/message/reply/@subject", "Re: Plan" },
    /* No list address, and the others hidden: no one to write to. */
    { "reply@x", FALSE, "count(/message/reply/@mailto | /message/reply/@list)",
      "0" },
    { "reply@x", FALSE, "/message/reply/arg[2]",
      "--subject='Re: Plan <script>'" },
    { "plan@x", TRUE, "/message/reply/@mailto",
      "mailto:ann@example.org?In-Reply-To=%3Cplan%40x%3E"
      "&Cc=list@example.org%2Ctest@example.org&Subject=Re%3A%20Plan" },
    { "plan@x", TRUE, "/message/reply/arg[2]", "--to=ann@example.org" },
    { "plan@x", TRUE, "/message/reply/arg[3]", "--cc=list@example.org" },
    { "plan@x", TRUE, "/message/reply/arg[4]", "--cc=test@example.org" },
};

START_TEST (test_site_model_reply)
{
    g_autoptr (GError) error = NULL;
    xmlDoc *doc;

    fixture.site.options.show_addresses = reply_cases[_i].shown;
    doc = mla_site_model_message (&fixture.site, entry_of (reply_cases[_i].id),
                                  &error);
    fixture.site.options.show_addresses = FALSE;
    ck_assert_msg (doc != NULL, "%s", error ? error->message : "?");
    XPATH_EQ (doc, reply_cases[_i].xpath, reply_cases[_i].expected);
    xmlFreeDoc (doc);
}
END_TEST

/* With addresses shown, a mailto: of the list's fields other than the
 * posting address is on the home page too (test_site_model_home_and_months
 * checks it is not by default). */
START_TEST (test_site_model_home_list_shown)
{
    xmlDoc *doc;

    fixture.site.options.show_addresses = TRUE;
    doc = mla_site_model_home (&fixture.site, NULL);
    fixture.site.options.show_addresses = FALSE;
    XPATH_EQ (doc, "/home/list/link[2]/@href",
              "mailto:test-request@example.org?subject=subscribe");
    xmlFreeDoc (doc);
}
END_TEST

START_TEST (test_site_model_thread)
{
    g_autoptr (GError) error = NULL;
    xmlDoc *doc =
        mla_site_model_thread (&fixture.site, root_of ("plan@x"), 0, &error);

    XPATH_EQ (doc, "name(/*)", "thread");
    XPATH_EQ (doc, "/thread/@messages", "3");
    XPATH_EQ (doc, "count(/thread/messages/mail)", "2");
    XPATH_EQ (doc, "/thread/subject-matches/mail/@id", "loose@x");
    XPATH_EQ (doc, "/thread/skeleton/node[@match='subject']/@author", "Cy");
    xmlFreeDoc (doc);
}
END_TEST

START_TEST (test_site_model_placeholder)
{
    g_autoptr (GError) error = NULL;
    xmlDoc *doc =
        mla_site_model_thread (&fixture.site, root_of ("orphan@x"), 0, &error);

    XPATH_EQ (doc, "/thread/skeleton/missing/@id", "lost@x");
    XPATH_EQ (doc, "/thread/skeleton/node/@depth", "1");
    xmlFreeDoc (doc);
}
END_TEST

START_TEST (test_site_model_home_and_months)
{
    xmlDoc *doc = mla_site_model_home (&fixture.site, NULL);

    XPATH_EQ (doc, "/home/@site-title", "test.example.org");
    XPATH_EQ (doc, "/home/@messages", "4");
    XPATH_EQ (doc, "count(/home/months/month)", "2");
    XPATH_EQ (doc, "/home/months/month[1]/@month", "04");
    XPATH_EQ (doc, "/home/months/month[2]/@messages", "3");
    /* How to take part, from the newest List-* fields. */
    XPATH_EQ (doc, "/home/list/@post", "test@example.org");
    XPATH_EQ (doc, "/home/list/@post-href", "mailto:test@example.org");
    XPATH_EQ (doc, "count(/home/list/link)", "1");
    XPATH_EQ (doc, "/home/list/link[@kind='subscribe']/@href",
              "https://example.org/sub");
    xmlFreeDoc (doc);
}
END_TEST

START_TEST (test_site_model_withheld)
{
    xmlDoc *doc = mla_site_model_home (&fixture.site, NULL);
    g_autofree char *titles = xpath (doc, "string(/home)");

    ck_assert (!fixture.site.published[entry_of ("private@x")]);
    ck_assert_uint_eq (fixture.site.by_date->len, 4);
    ck_assert_ptr_null (strstr (titles, "Private"));
    xmlFreeDoc (doc);
}
END_TEST

/* Rendered, mail text is text: no element comes from a Subject. */
START_TEST (test_site_render_escapes)
{
    g_autoptr (GError) error = NULL;
    g_autoptr (MlaSiteRender) render = mla_site_render_new (NULL, &error);
    xmlDoc *doc =
        mla_site_model_message (&fixture.site, entry_of ("reply@x"), &error);
    g_autoptr (GBytes) page = NULL;
    g_autofree char *html = NULL;

    ck_assert_msg (render != NULL, "%s", error ? error->message : "?");
    page = mla_site_render_apply (render, doc, &error);
    xmlFreeDoc (doc);
    ck_assert_ptr_nonnull (page);
    html = g_strndup (g_bytes_get_data (page, NULL), g_bytes_get_size (page));
    ck_assert_ptr_null (strstr (html, "<script"));
    ck_assert_ptr_null (strstr (html, "<b>Bob"));
    ck_assert_ptr_nonnull (strstr (html, "&lt;script&gt;"));
    ck_assert_ptr_nonnull (strstr (html, "Content-Security-Policy"));
    /* Two quoted lines do not fold. */
    ck_assert_ptr_null (strstr (html, "<details"));
}
END_TEST

START_TEST (test_site_model_feed)
{
    g_autoptr (GError) error = NULL;
    xmlDoc *doc =
        mla_site_model_feed (&fixture.site, MLA_THREAD_NONE, FALSE, &error);

    XPATH_EQ (doc, "count(/feed/entry)", "4");
    XPATH_EQ (doc, "/feed/entry[1]/@id", "orphan@x");
    XPATH_EQ (doc, "/feed/@updated", "2021-04-03T11:00:00Z");
    xmlFreeDoc (doc);
}
END_TEST

/* A patch's lines are marked by what they are, in blocks that do not
 * wrap; a context line that starts with " >" is no quote, and the mail
 * signature after the patch is text again. */
START_TEST (test_site_body_patch)
{
    static const char body[] =
        "Why.\n\nSigned-off-by: A <a@x>\n---\n f | 2 +-\n 1 file changed\n\n"
        "diff --git a/f b/f\nindex 1..2 100644\n--- a/f\n+++ b/f\n"
        "@@ -1,3 +1,3 @@\n > context\n-old\n+new\n--- not a header\n"
        "-- \n2.39\n\n> a quote\n";
    xmlDoc *doc = xmlNewDoc (BAD_CAST "1.0");
    xmlNode *root = xmlNewNode (NULL, BAD_CAST "mail");

    xmlDocSetRootElement (doc, root);
    mla_site_body_element (root, body);
    XPATH_EQ (doc, "count(//d[@kind='file'])", "4");
    XPATH_EQ (doc, "count(//d[@kind='hunk'])", "1");
    XPATH_EQ (doc, "count(//d[@kind='add'])", "1");
    /* "--- not a header" is the hunk's third old line, removed. */
    XPATH_EQ (doc, "count(//d[@kind='del'])", "2");
    XPATH_EQ (doc, "count(//d[@kind='stat'])", "2");
    XPATH_EQ (doc, "//d[@kind='hunk']", "@@ -1,3 +1,3 @@");
    XPATH_EQ (doc, "count(//block[@patch])", "2");
    XPATH_EQ (doc, "count(//block[@depth='1'])", "1");
    XPATH_EQ (doc, "//block[@depth='1']", "> a quote\n");
    XPATH_EQ (doc, "count(//block[@patch][contains(., ' > context')])", "1");
    XPATH_EQ (doc, "count(//block[not(@patch)][contains(., '2.39')])", "1");
    xmlFreeDoc (doc);
}
END_TEST

/* The Message-ID of the fixture's row @row. */
static const char *
id_of_row (gint64 row)
{
    for (guint i = 0;
         i < mla_overview_threads_get_n_entries (fixture.site.threads); i++) {
        const MlaOverviewEntry *e =
            mla_overview_threads_get_entry (fixture.site.threads, i);

        if (e->row == row)
            return e->message_id;
    }
    return "?";
}

/* The search index's bundles: a period's pages in archive order, cut
 * into bundles of at most @bundle, newest first; new mail lands in the
 * last bundle of its period, so only that one is indexed again. */
static void
assert_bundles (guint bundle, guint tier, const char *expected)
{
    g_autoptr (GPtrArray) periods =
        mla_site_search_periods (&fixture.site, bundle, tier);
    g_autoptr (GString) got = g_string_new (NULL);

    for (guint i = 0; i < periods->len; i++) {
        const MlaSitePeriod *period = g_ptr_array_index (periods, i);

        g_string_append_printf (got, "%s%s:", i > 0 ? " " : "", period->name);
        for (guint p = 0; p < period->rows->len; p++)
            g_string_append_printf (
                got, "%s%s", p > 0 ? "," : "",
                id_of_row (g_array_index (period->rows, gint64, p)));
        ck_assert_uint_eq (period->pages->len, period->rows->len);
        ck_assert_uint_eq (period->n_pages, period->rows->len);
    }
    ck_assert_str_eq (got->str, expected);
}

START_TEST (test_site_search_bundles)
{
    /* One bundle per period while it fits: the pages in month order. */
    assert_bundles (MLA_SITE_SEARCH_BUNDLE, 0,
                    "2021:orphan@x,plan@x,reply@x,loose@x");
    assert_bundles (4, 0, "2021:orphan@x,plan@x,reply@x,loose@x");
    /* Cut in archive order, whatever the dates: orphan@x came last. */
    assert_bundles (3, 0, "2021.001:orphan@x 2021:plan@x,reply@x,loose@x");
    assert_bundles (1, 0,
                    "2021.003:orphan@x 2021.002:loose@x 2021.001:reply@x "
                    "2021:plan@x");
    /* Past a tier of 3, the last page is the current tier. */
    assert_bundles (0, 3, "2021.new:orphan@x 2021:plan@x,reply@x,loose@x");
    assert_bundles (3, 2, "2021.001:orphan@x 2021:plan@x,reply@x,loose@x");
}
END_TEST

/* The tiers' boundaries, sizes in and bundles out (oldest first, "+" the
 * current tier): each row one rule of mla_site_search_cut(). */
static const struct {
    const char *rule;
    guint pages, bundle, tier;
    const char *expected;
} cut_cases[] = {
    { "empty period", 0, 2000, 250, "" },
    { "under a tier: one bundle", 249, 2000, 250, "249" },
    { "one tier exactly: no current tier", 250, 2000, 250, "250" },
    { "a tier and one page", 251, 2000, 250, "250 +1" },
    { "tier full: merged into the open bundle", 500, 2000, 250, "500" },
    { "open bundle grows by tiers", 1999, 2000, 250, "1750 +249" },
    { "bundle full: closed", 2000, 2000, 250, "2000" },
    { "closed bundles never change", 4321, 2000, 250, "2000 2000 250 +71" },
    { "after a closed one, under a tier", 4100, 2000, 250, "2000 2000 100" },
    { "tier as big as a bundle: none", 4321, 2000, 2000, "2000 2000 321" },
    { "no tier asked", 4321, 2000, 0, "2000 2000 321" },
};

START_TEST (test_site_search_cut)
{
    gboolean tier = FALSE;
    g_autoptr (GArray) sizes = mla_site_search_cut (
        cut_cases[_i].pages, cut_cases[_i].bundle, cut_cases[_i].tier, &tier);
    g_autoptr (GString) got = g_string_new (NULL);

    for (guint i = 0; i < sizes->len; i++)
        g_string_append_printf (got, "%s%s%u", i > 0 ? " " : "",
                                tier && i == sizes->len - 1 ? "+" : "",
                                g_array_index (sizes, guint, i));
    ck_assert_msg (strcmp (got->str, cut_cases[_i].expected) == 0,
                   "%s: %s, not %s", cut_cases[_i].rule, got->str,
                   cut_cases[_i].expected);
}
END_TEST

/* An executable script at @dir/@path that prints @line. */
static void
put_script (const char *dir, const char *path, const char *line)
{
    g_autofree char *full = g_build_filename (dir, path, NULL);
    g_autofree char *folder = g_path_get_dirname (full);
    g_autofree char *text = g_strdup_printf ("#!/bin/sh\necho %s\n", line);

    ck_assert_int_eq (g_mkdir_with_parents (folder, 0755), 0);
    ck_assert (g_file_set_contents (full, text, -1, NULL));
    ck_assert_int_eq (g_chmod (full, 0755), 0);
}

/* npm's pagefind (node_modules/.bin/pagefind, a node script) only runs
 * its platform's binary: that binary is run directly, saving node's
 * start; without it, the script. */
START_TEST (test_site_search_native)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autofree char *link =
        g_build_filename (dir, "node_modules/.bin/pagefind", NULL);
    g_autofree char *bin = g_path_get_dirname (link);
    g_autofree char *native = g_build_filename (
        dir, "node_modules/@pagefind/linux-x64/bin/pagefind_extended", NULL);
    g_autofree char *pagefind = NULL;
    g_autofree char *version = NULL;
    g_autofree char *again = NULL;
    g_autofree char *wrapper = NULL;
    struct utsname system;

    if (uname (&system) != 0 || strcmp (system.sysname, "Linux") != 0 ||
        strcmp (system.machine, "x86_64") != 0)
        return; /* the layout below is linux-x64's */
    put_script (dir, "node_modules/pagefind/lib/runner/bin.cjs", "wrapped");
    put_script (dir, "node_modules/@pagefind/linux-x64/bin/pagefind_extended",
                "pagefind 1.6.0");
    ck_assert_int_eq (g_mkdir_with_parents (bin, 0755), 0);
    ck_assert_int_eq (symlink ("../pagefind/lib/runner/bin.cjs", link), 0);
    ck_assert (mla_site_search_prepare (TRUE, link, &pagefind, &version, NULL));
    ck_assert_str_eq (version, "pagefind 1.6.0");
    ck_assert_str_eq (pagefind, native);
    ck_assert_int_eq (g_unlink (native), 0);
    ck_assert (mla_site_search_prepare (TRUE, link, &again, &wrapper, NULL));
    ck_assert_str_eq (wrapper, "wrapped");
    ck_assert_str_eq (again, link);
}
END_TEST

/* A temporary name ("a.tmp") is never a page: its put is refused, so it
 * cannot overwrite the bytes of "a" at the rename, nor be taken for what a
 * killed build left; "a" itself is written whole. */
START_TEST (test_site_files_tmp_clash)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autofree char *path = g_build_filename (dir, "a", NULL);
    g_autofree char *tmp = g_build_filename (dir, "a.tmp", NULL);
    g_autoptr (MlaFolder) folder = mla_folder_open (dir, 0, NULL);
    g_autoptr (MlaSiteFiles) files = NULL;
    g_autoptr (GError) error = NULL;
    g_autoptr (GBytes) written = NULL;

    ck_assert_ptr_nonnull (folder);
    files = mla_site_files_open (folder, NULL);
    ck_assert_ptr_nonnull (files);
    if (_i == 0)
        ck_assert (mla_site_files_put (files, "a", "first", 5, NULL));
    ck_assert (!mla_site_files_put (files, "a.tmp", "second", 6, &error));
    ck_assert (g_error_matches (error, MLA_ERROR, MLA_ERROR_INVALID));
    ck_assert (!mla_site_files_keep (files, "a.tmp", "s"));
    if (_i == 1)
        ck_assert (mla_site_files_put (files, "a", "first", 5, NULL));
    ck_assert (mla_site_files_finish (files, NULL, NULL));
    written = mla_test_read_file (path);
    ck_assert_mem_eq (g_bytes_get_data (written, NULL), "first", 5);
    ck_assert_uint_eq (g_bytes_get_size (written), 5);
    ck_assert (!g_file_test (tmp, G_FILE_TEST_EXISTS));
}
END_TEST

/* The site's own files are no page: a put there would be overwritten by
 * the manifest or removed with the marker when the build finishes. Nor is
 * a path longer than MLA_SITE_PATH_MAX. */
START_TEST (test_site_files_own_names)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autoptr (GString) long_path = g_string_new (NULL);
    g_autoptr (MlaFolder) folder = mla_folder_open (dir, 0, NULL);
    g_autoptr (MlaSiteFiles) files = NULL;
    g_autoptr (GError) error = NULL;

    while (long_path->len <= MLA_SITE_PATH_MAX)
        g_string_append (long_path, "abcdefghi/");
    g_string_append (long_path, "x");
    ck_assert_ptr_nonnull (folder);
    files = mla_site_files_open (folder, NULL);
    ck_assert_ptr_nonnull (files);
    ck_assert (
        !mla_site_files_put (files, ".mlarc-site.running", "x", 1, &error));
    ck_assert (g_error_matches (error, MLA_ERROR, MLA_ERROR_INVALID));
    ck_assert (!mla_site_files_keep (files, ".mlarc-site.settings", "s"));
    /* Deep enough to pass PATH_MAX beneath the site (found by fuzz-files:
     * written, then no tool could open it). */
    g_clear_error (&error);
    ck_assert (!mla_site_files_put (files, long_path->str, "x", 1, &error));
    ck_assert (g_error_matches (error, MLA_ERROR, MLA_ERROR_INVALID));
    g_string_truncate (long_path, MLA_SITE_PATH_MAX);
    ck_assert (mla_site_files_put (files, long_path->str, "x", 1, NULL));
    ck_assert (mla_site_files_put (files, "index.html", "x", 1, NULL));
    ck_assert (mla_site_files_finish (files, NULL, NULL));
}
END_TEST

/* One build's files, put with their signatures. */
static void
build_files (MlaFolder *folder, const char *const *paths, const char *sig)
{
    g_autoptr (MlaSiteFiles) files = mla_site_files_open (folder, NULL);

    ck_assert_ptr_nonnull (files);
    for (guint i = 0; paths[i] != NULL; i++)
        ck_assert (mla_site_files_keep (files, paths[i], sig) ||
                   mla_site_files_put (files, paths[i], paths[i],
                                       strlen (paths[i]), NULL));
    ck_assert (mla_site_files_finish (files, NULL, NULL));
}

/* The manifest is looked up by key: a kept file is not looked for on disk,
 * a group keeps what shares its signature, keeping twice is keeping, a put
 * of a kept file is refused, and what is neither kept nor put is removed;
 * a manifest out of order (edited by hand) is read all the same. */
START_TEST (test_site_files_manifest)
{
    static const char *const paths[] = { "m/b/1-x.bin",    "m/b/2-y.bin",
                                         "m/b/index.html", "m/a/index.html",
                                         "z.html",         NULL };
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autofree char *manifest = g_build_filename (dir, ".mlarc-site", NULL);
    g_autofree char *gone = g_build_filename (dir, "z.html", NULL);
    g_autoptr (MlaFolder) folder = mla_folder_open (dir, 0, NULL);
    g_autoptr (MlaSiteFiles) files = NULL;
    g_autoptr (GBytes) before = NULL;
    g_autofree char *reversed = NULL;
    g_auto (GStrv) lines = NULL;
    MlaSiteStats stats = { 0 };

    ck_assert_ptr_nonnull (folder);
    build_files (folder, paths, "g");
    before = mla_test_read_file (manifest);
    lines = g_strsplit (g_bytes_get_data (before, NULL), "\n", -1);
    ck_assert_uint_eq (g_strv_length (lines), 6);
    /* Reversed, the second line a forged copy of the first. */
    reversed = g_strjoin ("\n", lines[4], lines[4], lines[3], lines[2],
                          lines[1], lines[0], "", NULL);
    ck_assert (g_file_set_contents (manifest, reversed, -1, NULL));
    files = mla_site_files_open (folder, NULL);
    ck_assert_ptr_nonnull (files);
    ck_assert_uint_eq (mla_site_files_keep_group (files, "m/b/", "g"), 3);
    ck_assert (mla_site_files_keep (files, "m/b/1-x.bin", "g"));
    ck_assert (!mla_site_files_put (files, "m/b/index.html", "x", 1, NULL));
    ck_assert (!mla_site_files_keep (files, "m/a/index.html", "other"));
    ck_assert (mla_site_files_put (files, "m/a/index.html", "new", 3, NULL));
    ck_assert (mla_site_files_had (files, "z.html"));
    ck_assert (!mla_site_files_had (files, "m/c/index.html"));
    ck_assert (mla_site_files_finish (files, &stats, NULL));
    ck_assert_uint_eq (stats.unchanged, 3);
    ck_assert_uint_eq (stats.written, 1);
    g_clear_pointer (&files, mla_site_files_free);
    g_clear_pointer (&before, g_bytes_unref);
    before = mla_test_read_file (manifest);
    /* Sorted again, one line a file, z.html gone from it. */
    g_strfreev (lines);
    lines = g_strsplit (g_bytes_get_data (before, NULL), "\n", -1);
    ck_assert_uint_eq (g_strv_length (lines), 5);
    ck_assert (g_str_has_suffix (lines[0], " other m/a/index.html"));
    ck_assert (g_str_has_suffix (lines[3], " m/b/index.html"));
    ck_assert (!g_file_test (gone, G_FILE_TEST_EXISTS));
}
END_TEST

/* A scoped update keeps what it did not visit, but the search index's
 * files, which every build claims. */
START_TEST (test_site_files_keep_rest)
{
    static const char *const paths[] = { "m/a/index.html", "pagefind/x.pf",
                                         "z.html", NULL };
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autofree char *index = g_build_filename (dir, "pagefind/x.pf", NULL);
    g_autofree char *page = g_build_filename (dir, "z.html", NULL);
    g_autoptr (MlaFolder) folder = mla_folder_open (dir, 0, NULL);
    g_autoptr (MlaSiteFiles) files = NULL;
    MlaSiteStats stats = { 0 };

    ck_assert_ptr_nonnull (folder);
    build_files (folder, paths, "g");
    files = mla_site_files_open (folder, NULL);
    ck_assert_ptr_nonnull (files);
    ck_assert (mla_site_files_put (files, "m/a/index.html", "new", 3, NULL));
    mla_site_files_keep_rest (files, "pagefind/");
    ck_assert (mla_site_files_finish (files, &stats, NULL));
    ck_assert_uint_eq (stats.written, 1);
    ck_assert_uint_eq (stats.unchanged, 1);
    ck_assert_uint_eq (stats.removed, 1);
    ck_assert (g_file_test (page, G_FILE_TEST_EXISTS));
    ck_assert (!g_file_test (index, G_FILE_TEST_EXISTS));
}
END_TEST

/* The mark of a build is read back only for the same shape (same epoch,
 * whatever the count), with the manifest there and no killed run. */
START_TEST (test_site_state_mark)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autoptr (MlaFolder) folder = mla_folder_open (dir, 0, NULL);
    g_autofree char *shape = mla_site_state_shape ("e1.3", "t", NULL, NULL);
    g_autofree char *later = mla_site_state_shape ("e1.9", "t", NULL, NULL);
    g_autofree char *other = mla_site_state_shape ("e2.3", "t", NULL, NULL);
    g_autofree char *key = mla_site_state_key ("e1.3", "t", NULL, NULL);
    MlaSiteMark mark = { .max_row = 42,
                         .published = 40,
                         .withheld = 2,
                         .aliases = 1,
                         .identity = "abc" },
                read = { 0 };
    MlaSiteMonthCount months[] = { { "2004/06", 8, 1 }, { "2004/07", 28, 8 } };
    MlaSiteBundleCount bundles[] = { { "2004.new", 3, "ab12" },
                                     { "2004", 20, "cd34" } };
    MlaSiteLinkCount links[] = { { 17, 0, 2, "a1b2c3", 0.8 },
                                 { 17, 1, 0, "d4e5f6", 2.0 / 3.0 } };
    MlaSiteStats stats = { 0 };

    ck_assert_ptr_nonnull (folder);
    ck_assert_str_eq (shape, later);
    ck_assert_str_ne (shape, other);
    ck_assert_str_ne (shape, key);
    ck_assert (mla_site_state_save (folder, key, NULL, &stats, NULL, NULL));
    ck_assert (
        mla_atomic_file_set_contents (folder, MLA_SITE_MANIFEST, "", 0, NULL));
    ck_assert (!mla_site_state_read_mark (folder, shape, &read));
    ck_assert (mla_site_state_save (folder, key, shape, &stats, &mark, NULL));
    ck_assert (!mla_site_state_read_mark (folder, other, &read));
    ck_assert (mla_site_state_read_mark (folder, later, &read));
    ck_assert_uint_eq (read.max_row, 42);
    ck_assert_uint_eq (read.aliases, 1);
    ck_assert_str_eq (read.identity, "abc");
    /* A state without counts: an update must read everything. */
    ck_assert (!read.has_counts);
    mark.has_counts = TRUE;
    mark.threads = 9;
    mark.list_id = "list.example.org";
    mark.list_count = 36;
    mark.months = g_array_new (FALSE, FALSE, sizeof (MlaSiteMonthCount));
    g_array_append_vals (mark.months, months, G_N_ELEMENTS (months));
    /* The search index's bundles, newest first, and the slots' links. */
    mark.bundles = g_array_new (FALSE, FALSE, sizeof (MlaSiteBundleCount));
    g_array_append_vals (mark.bundles, bundles, G_N_ELEMENTS (bundles));
    mark.cut[0] = 20;
    mark.cut[1] = 5;
    mark.links = g_array_new (FALSE, FALSE, sizeof (MlaSiteLinkCount));
    g_array_append_vals (mark.links, links, G_N_ELEMENTS (links));
    ck_assert (mla_site_state_save (folder, key, shape, &stats, &mark, NULL));
    g_array_unref (mark.months);
    g_array_unref (mark.bundles);
    g_array_unref (mark.links);
    ck_assert (mla_site_state_read_mark (folder, later, &read));
    ck_assert (read.has_counts);
    ck_assert_uint_eq (read.threads, 9);
    ck_assert_str_eq (read.list_id, "list.example.org");
    ck_assert_uint_eq (read.list_count, 36);
    ck_assert_uint_eq (read.months->len, 2);
    for (guint i = 0; i < G_N_ELEMENTS (months); i++) {
        const MlaSiteMonthCount *count =
            &g_array_index (read.months, MlaSiteMonthCount, i);

        ck_assert_str_eq (count->path, months[i].path);
        ck_assert_uint_eq (count->messages, months[i].messages);
        ck_assert_uint_eq (count->threads, months[i].threads);
    }
    ck_assert_uint_eq (read.cut[0], 20);
    ck_assert_uint_eq (read.cut[1], 5);
    ck_assert_uint_eq (read.bundles->len, G_N_ELEMENTS (bundles));
    for (guint i = 0; i < G_N_ELEMENTS (bundles); i++) {
        const MlaSiteBundleCount *count =
            &g_array_index (read.bundles, MlaSiteBundleCount, i);

        ck_assert_str_eq (count->name, bundles[i].name);
        ck_assert_uint_eq (count->pages, bundles[i].pages);
        ck_assert_str_eq (count->signature, bundles[i].signature);
    }
    ck_assert_uint_eq (read.links->len, G_N_ELEMENTS (links));
    for (guint i = 0; i < G_N_ELEMENTS (links); i++) {
        const MlaSiteLinkCount *link =
            &g_array_index (read.links, MlaSiteLinkCount, i);

        ck_assert_int_eq (link->row, links[i].row);
        ck_assert_uint_eq (link->position, links[i].position);
        ck_assert_uint_eq (link->slot, links[i].slot);
        ck_assert_str_eq (link->thread, links[i].thread);
        /* Exactly: an update compares scores for equality. */
        ck_assert (link->score == links[i].score);
    }
    mla_site_mark_clear (&read);
    ck_assert_ptr_null (read.months);
    ck_assert (mla_atomic_file_set_contents (
        folder, MLA_SITE_MANIFEST ".running", "", 0, NULL));
    ck_assert (!mla_site_state_read_mark (folder, later, &read));
}
END_TEST

/* The UTC forms written directly read as g_date_time_format() writes
 * them: the year unpadded, "?" outside years 1 to 9999. */
static const gint64 utc_dates[] = {
    -62135596800, /* 0001-01-01 00:00:00, the first second */
    -62135596801, /* the second before: out of range */
    -30610224001, /* 999-12-31 23:59:59, a three-digit year */
    -1,           /* 1969-12-31 23:59:59 */
    0,            /* the epoch */
    1078435788,   /* 2004-03-04 21:29:48 */
    253402300799, /* 9999-12-31 23:59:59, the last second */
    253402300800, /* out of range */
};

START_TEST (test_site_time_utc)
{
    static const char *const formats[] = {
        [MLA_SITE_UTC_MINUTE] = "%Y-%m-%d %H:%M",
        [MLA_SITE_UTC_SECOND] = "%Y-%m-%d %H:%M:%S UTC",
        [MLA_SITE_UTC_ISO] = "%Y-%m-%dT%H:%M:%SZ",
    };

    for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
        g_autofree char *want =
            mla_site_format_time (utc_dates[_i], 0, formats[f]);
        g_autofree char *got =
            mla_site_format_utc (utc_dates[_i], (MlaSiteUtcForm) f);

        ck_assert_str_eq (got, want);
    }
}
END_TEST

static Suite *
site_suite (void)
{
    Suite *suite = suite_create ("site");
    TCase *tc = tcase_create ("models");

    tcase_add_checked_fixture (tc, setup, teardown);
    tcase_add_test (tc, test_site_model_message);
    tcase_add_test (tc, test_site_model_links);
    tcase_add_loop_test (tc, test_site_model_reply, 0,
                         G_N_ELEMENTS (reply_cases));
    tcase_add_test (tc, test_site_model_home_list_shown);
    tcase_add_test (tc, test_site_model_thread);
    tcase_add_test (tc, test_site_model_placeholder);
    tcase_add_test (tc, test_site_model_home_and_months);
    tcase_add_test (tc, test_site_model_withheld);
    tcase_add_test (tc, test_site_render_escapes);
    tcase_add_test (tc, test_site_model_feed);
    tcase_add_test (tc, test_site_search_bundles);
    tcase_add_loop_test (tc, test_site_search_cut, 0, G_N_ELEMENTS (cut_cases));
    tcase_add_test (tc, test_site_search_native);
    tcase_add_loop_test (tc, test_site_time_utc, 0, G_N_ELEMENTS (utc_dates));
    suite_add_tcase (suite, tc);
    mla_test_add_case (suite, "body-patch", test_site_body_patch, 0);
    mla_test_add_case (suite, "files-tmp-clash", test_site_files_tmp_clash, 2);
    mla_test_add_case (suite, "files-own-names", test_site_files_own_names, 0);
    mla_test_add_case (suite, "files-manifest", test_site_files_manifest, 0);
    mla_test_add_case (suite, "files-keep-rest", test_site_files_keep_rest, 0);
    mla_test_add_case (suite, "state-mark", test_site_state_mark, 0);
    return suite;
}

MLA_TEST_MAIN (site_suite)
