/* check_host.c: many lists on one site (mla-host): list names, the Atom
 * ids of a list's feeds (tag URIs), the search page across lists, and a
 * host of two archives built, rebuilt and refused. */
#include "config.h"
#include <string.h>
#include <glib/gstdio.h>
#include "mlarc.h"
#include "mla-host-private.h"
#include "mla-site-url-private.h"
#include "mla-test.h"

static const struct {
    const char *list_id;
    const char *path;
    const char *name; /* NULL: an error */
} names[] = {
    { "linux-kernel.vger.kernel.org", "/srv/x", "linux-kernel" },
    { "Linux-MM.kvack.org", "/srv/x", "linux-mm" },
    { NULL, "/srv/lists/ksummit/", "ksummit" },
    { NULL, "lists/ksummit", "ksummit" },
    /* A label that is one of the host's names, or no plain name. */
    { "r.example.org", "/srv/rlist", "rlist" },
    { "a b.example.org", "/srv/ab", "ab" },
    { "..example.org", "/srv/dots", "dots" },
    { NULL, "/srv/.hidden", NULL },
    { NULL, "/srv/index.html", NULL },
    { "r.example.org", "/srv/r", NULL },
    { NULL, "/srv/search.html", NULL },
    { NULL, "/srv/sp ace", NULL },
};

START_TEST (test_host_list_name)
{
    g_autoptr (GError) error = NULL;
    g_autofree char *name =
        mla_host_list_name (names[_i].list_id, names[_i].path, &error);

    if (names[_i].name == NULL) {
        ck_assert_ptr_null (name);
        ck_assert (g_error_matches (error, MLA_ERROR, MLA_ERROR_INVALID));
        ck_assert_ptr_nonnull (strstr (error->message, names[_i].path));
    } else {
        ck_assert_str_eq (name, names[_i].name);
    }
}
END_TEST

static const struct {
    const char *base_url, *list_id, *path, *day, *tag;
} tags[] = {
    { "https://Lists.Example.org/lkml/", "x.example.org", "/a/b",
      "2024-03-01T10:00:00Z", "tag:lists.example.org,2024-03-01:/lkml/" },
    { "https://lists.example.org/lkml", NULL, "/a/b", "2024-03-01T10:00:00Z",
      "tag:lists.example.org,2024-03-01:/lkml/" },
    { "https://lists.example.org", NULL, "/a/b", "2024-03-01T10:00:00Z",
      "tag:lists.example.org,2024-03-01:/" },
    /* No DNS name in the URL: the List-Id. */
    { "http://127.0.0.1:8000/", "KSummit.example.org", "/a/b",
      "2024-03-01T10:00:00Z", "tag:ksummit.example.org,2024-03-01:" },
    { NULL, "ksummit.example.org", "/a/b", NULL,
      "tag:ksummit.example.org,1970-01-01:" },
    /* No List-Id that is a DNS name: the archive's name. */
    { NULL, "nodot", "/srv/My List", "2004-07-14T01:02:03Z",
      "tag:my-list.mlarc.invalid,2004-07-14:" },
    { NULL, NULL, "/srv/a.b", "garbage", "tag:a-b.mlarc.invalid,1970-01-01:" },
};

START_TEST (test_host_feed_tag)
{
    g_autofree char *tag = mla_site_feed_tag (
        tags[_i].base_url, tags[_i].list_id, tags[_i].path, tags[_i].day);

    ck_assert_str_eq (tag, tags[_i].tag);
}
END_TEST

static char *
dump (xmlDoc *doc)
{
    xmlChar *text = NULL;
    int size = 0;
    char *copy;

    xmlDocDumpMemory (doc, &text, &size);
    copy = g_strndup ((const char *) text, (gsize) size);
    xmlFree (text);
    xmlFreeDoc (doc);
    return copy;
}

/* The search page opens every bundle of the lists with search, each
 * under its list's folder, and offers their lists and years. */
START_TEST (test_host_search_model)
{
    MlaHostList a = { 0 }, b = { 0 }, c = { 0 };
    g_autoptr (GPtrArray) lists = g_ptr_array_new ();
    g_autofree char *text = NULL;

    a.name = "alpha";
    a.indexes = "2005 10\n2004.001 2000\n2004 2000\n";
    b.name = "beta";
    b.indexes = "2003-01 7\n../../etc 3\n";
    c.name = "gamma"; /* no search */
    g_ptr_array_add (lists, &a);
    g_ptr_array_add (lists, &b);
    g_ptr_array_add (lists, &c);
    text = dump (mla_host_model_search ("Lists", lists));
    ck_assert_ptr_nonnull (strstr (text, "host=\"true\""));
    ck_assert_ptr_nonnull (strstr (
        text, "<index period=\"2004.001\" href=\"alpha/pagefind/2004.001/\" "
              "pages=\"2000\" list=\"alpha\"/>"));
    ck_assert_ptr_nonnull (strstr (
        text, "<index period=\"2003-01\" href=\"beta/pagefind/2003-01/\" "
              "pages=\"7\" list=\"beta\"/>"));
    /* Only what a site writes: no way out of the list's folder. */
    ck_assert_ptr_null (strstr (text, "etc"));
    ck_assert_ptr_nonnull (strstr (text, "<list name=\"beta\"/>"));
    ck_assert_ptr_null (strstr (text, "gamma"));
    ck_assert_ptr_nonnull (strstr (text, "<year value=\"2005\"/><year "
                                         "value=\"2004\"/><year "
                                         "value=\"2003\"/>"));
}
END_TEST

/* A message of list @list, with id @id. */
static void
append_message (GString *mbox, const char *list, const char *id, int day)
{
    g_string_append_printf (
        mbox,
        "From x@example.org Mon Mar  1 10:00:00 2021\n"
        "From: X <x@example.org>\nSubject: Message %s\n"
        "Date: Mon, %d Mar 2021 10:00:00 +0000\nMessage-ID: <%s>\n"
        "List-Id: The list <%s>\n\nText of %s.\n\n",
        id, day, id, list, id);
}

/* An archive at @dir/@name of the messages @ids (NULL-terminated) of
 * list @list. */
static char *
make_archive (const char *dir, const char *name, const char *list,
              const char *const *ids)
{
    g_autoptr (GString) mbox = g_string_new (NULL);
    g_autofree char *input = g_strconcat (dir, "/", name, ".mbox", NULL);
    char *path = g_build_filename (dir, name, NULL);
    const char *inputs[] = { input, NULL };
    g_autoptr (MlaArchive) archive = NULL;
    g_autoptr (GError) error = NULL;

    for (int i = 0; ids[i] != NULL; i++)
        append_message (mbox, list, ids[i], i + 1);
    ck_assert (g_file_set_contents (input, mbox->str, -1, NULL));
    archive = mla_archive_open (path, MLA_ARCHIVE_OPEN_CREATE, &error);
    ck_assert_ptr_nonnull (archive);
    ck_assert_msg (mla_archive_import (archive, inputs, NULL, NULL, &error),
                   "%s", error != NULL ? error->message : "?");
    return path;
}

static char *
read_text (const char *dir, const char *relative)
{
    g_autofree char *path = g_build_filename (dir, relative, NULL);
    char *text = NULL;

    ck_assert_msg (g_file_get_contents (path, &text, NULL, NULL), "%s", path);
    return text;
}

START_TEST (test_host_build)
{
    static const char *const ids_a[] = { "one@x", "both@x", NULL };
    static const char *const ids_b[] = { "both@x", "two@x", "three@x", NULL };
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autofree char *a = make_archive (dir, "a", "alpha.example.org", ids_a);
    g_autofree char *b = make_archive (dir, "b", "beta.example.org", ids_b);
    g_autofree char *www = g_build_filename (dir, "www", NULL);
    const char *archives[] = { a, b, NULL };
    MlaHostOptions options = { 0 };
    MlaHostStats stats;
    g_autoptr (GError) error = NULL;
    g_autofree char *front = NULL;
    g_autofree char *both = NULL;
    g_autofree char *one = NULL;
    g_autofree char *feed = NULL;

    options.title = "Our lists";
    options.search = MLA_SITE_SEARCH_NO;
    ck_assert_msg (mla_host_build (archives, www, &options, &stats, &error),
                   "%s", error != NULL ? error->message : "?");
    ck_assert_uint_eq (stats.lists, 2);
    ck_assert_uint_eq (stats.ids, 4);
    ck_assert_uint_eq (stats.sites.published, 5);
    ck_assert (!stats.searchable);
    front = read_text (www, "index.html");
    ck_assert_ptr_nonnull (strstr (front, "href=\"alpha/index.html\""));
    ck_assert_ptr_nonnull (strstr (front, "<td>3</td>"));
    ck_assert_ptr_nonnull (strstr (front, "beta/threads.atom"));
    both = read_text (www, "r/both@x/index.html");
    ck_assert_ptr_nonnull (strstr (both, "../../alpha/m/both@x/index.html"));
    ck_assert_ptr_nonnull (strstr (both, "../../beta/m/both@x/index.html"));
    ck_assert_ptr_null (strstr (both, "refresh"));
    /* Atom ids: the List-Id, the day of the first stored message. */
    feed = read_text (www, "alpha/new.atom");
    ck_assert_ptr_nonnull (
        strstr (feed, "<id>tag:alpha.example.org,2021-03-01:messages</id>"));
    ck_assert_ptr_nonnull (
        strstr (feed, "<id>tag:alpha.example.org,2021-03-01:m/both@x</id>"));
    one = read_text (www, "r/one@x/index.html");
    ck_assert_ptr_nonnull (strstr (one, "url=../../alpha/m/one@x/index.html"));
    /* Nothing new: nothing written. */
    ck_assert (mla_host_build (archives, www, &options, &stats, &error));
    ck_assert_uint_eq (stats.written + stats.sites.written, 0);
    ck_assert_uint_eq (stats.ids, 4);
}
END_TEST

/* Two archives of one list are refused before anything is written. */
START_TEST (test_host_same_name)
{
    static const char *const ids[] = { "one@x", NULL };
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autofree char *a = make_archive (dir, "a", "same.example.org", ids);
    g_autofree char *b = make_archive (dir, "b", "same.example.org", ids);
    g_autofree char *www = g_build_filename (dir, "www", NULL);
    const char *archives[] = { a, b, NULL };
    g_autoptr (GError) error = NULL;

    ck_assert (!mla_host_build (archives, www, NULL, NULL, &error));
    ck_assert (g_error_matches (error, MLA_ERROR, MLA_ERROR_INVALID));
    ck_assert_ptr_nonnull (strstr (error->message, "\"same\""));
    ck_assert_ptr_nonnull (strstr (error->message, a));
    ck_assert_ptr_nonnull (strstr (error->message, b));
    ck_assert (!g_file_test (www, G_FILE_TEST_EXISTS));
}
END_TEST

/* A list file: one archive a line, relative to the file's folder. */
START_TEST (test_host_read_lists)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autofree char *file = g_build_filename (dir, "lists.conf", NULL);
    g_autofree char *empty = g_build_filename (dir, "empty.conf", NULL);
    g_autofree char *missing = g_build_filename (dir, "missing.conf", NULL);
    g_autofree char *relative = g_build_filename (dir, "lists/ksummit", NULL);
    g_autoptr (GError) error = NULL;
    g_auto (GStrv) archives = NULL;

    ck_assert (g_file_set_contents (
        file, "# our lists\n\n  lists/ksummit  \n/srv/linux-mm\n#/srv/old\n",
        -1, NULL));
    archives = mla_host_read_lists (file, &error);
    ck_assert_ptr_nonnull (archives);
    ck_assert_uint_eq (g_strv_length (archives), 2);
    ck_assert_str_eq (archives[0], relative);
    ck_assert_str_eq (archives[1], "/srv/linux-mm");
    ck_assert (g_file_set_contents (empty, "# nothing yet\n", -1, NULL));
    ck_assert_ptr_null (mla_host_read_lists (empty, &error));
    ck_assert (g_error_matches (error, MLA_ERROR, MLA_ERROR_INVALID));
    ck_assert_ptr_nonnull (strstr (error->message, "names no archive"));
    g_clear_error (&error);
    ck_assert_ptr_null (mla_host_read_lists (missing, &error));
    ck_assert (g_error_matches (error, MLA_ERROR, MLA_ERROR_IO));
    ck_assert_ptr_nonnull (strstr (error->message, missing));
}
END_TEST

static Suite *
host_suite (void)
{
    Suite *suite = suite_create ("host");

    mla_test_add_case (suite, "list-name", test_host_list_name,
                       G_N_ELEMENTS (names));
    mla_test_add_case (suite, "feed-tag", test_host_feed_tag,
                       G_N_ELEMENTS (tags));
    mla_test_add_case (suite, "search-model", test_host_search_model, 0);
    mla_test_add_case (suite, "build", test_host_build, 0);
    mla_test_add_case (suite, "same-name", test_host_same_name, 0);
    mla_test_add_case (suite, "read-lists", test_host_read_lists, 0);
    return suite;
}

MLA_TEST_MAIN (host_suite)
