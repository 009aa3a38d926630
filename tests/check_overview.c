/* check_overview.c: the record iterator, the overview (lookups, aliases,
 * catching up, rebuilding) and threading of real mail read in place from
 * ../shared/corpora, with notmuch's own tree as the oracle. */
#include "config.h"
#include <string.h>
#include <glib/gstdio.h>
#include "mlarc.h"
#include "mla-record-private.h"
#include "mla-test.h"

/* A message in mbox form; @refs and @irt nullable. */
static void
append_message (GString *mbox, const char *id, const char *date,
                const char *subject, const char *irt, const char *refs)
{
    g_string_append_printf (mbox,
                            "From sender@example.org Mon Mar  1 10:00:00 2021\n"
                            "From: Sender <sender@example.org>\n"
                            "To: list@example.org\n"
                            "Subject: %s\nDate: %s\nMessage-ID: <%s>\n",
                            subject, date, id);
    if (irt != NULL)
        g_string_append_printf (mbox, "In-Reply-To: <%s>\n", irt);
    if (refs != NULL)
        g_string_append_printf (mbox, "References: %s\n", refs);
    g_string_append_printf (mbox, "\nBody of %s.\n\n", id);
}

static MlaArchive *
new_archive (void)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autofree char *path = g_build_filename (dir, "archive", NULL);
    g_autoptr (GError) error = NULL;
    MlaArchive *archive =
        mla_archive_open (path, MLA_ARCHIVE_OPEN_CREATE, &error);

    ck_assert_msg (archive != NULL, "%s", error ? error->message : "?");
    return archive;
}

static void
import_paths (MlaArchive *archive, const char *const *inputs)
{
    MlaImportOptions options = {
        MLA_MBOX_FORMAT_AUTO, FALSE, NULL, NULL, NULL, NULL, 0, FALSE, 0
    };
    g_autoptr (GError) error = NULL;

    ck_assert_msg (mla_archive_import (archive, inputs, &options, NULL, &error),
                   "%s", error ? error->message : "?");
}

static void
import_text (MlaArchive *archive, const GString *mbox)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autofree char *path = g_build_filename (dir, "in.mbox", NULL);
    const char *inputs[] = { path, NULL };

    ck_assert (g_file_set_contents (path, mbox->str, (gssize) mbox->len, NULL));
    import_paths (archive, inputs);
}

static MlaOverview *
open_overview (MlaArchive *archive)
{
    g_autoptr (GError) error = NULL;
    MlaOverview *overview = mla_overview_open (archive, NULL, NULL, &error);

    ck_assert_msg (overview != NULL, "%s", error ? error->message : "?");
    return overview;
}

/* The thread id of the (first) message @id. */
static char *
thread_of (MlaOverview *overview, const char *id)
{
    g_autoptr (GError) error = NULL;
    g_autoptr (GPtrArray) found =
        mla_overview_find_message (overview, id, &error);

    ck_assert_msg (found != NULL, "%s: %s", id, error ? error->message : "?");
    return g_strdup (
        ((MlaOverviewEntry *) g_ptr_array_index (found, 0))->thread);
}

/* Every message as "id sha thread parent loose", in archive order. */
static char *
dump (MlaOverview *overview)
{
    g_autoptr (GError) error = NULL;
    g_autoptr (MlaOverviewThreads) threads =
        mla_overview_load_threads (overview, &error);
    GString *text = g_string_new (NULL);

    ck_assert_msg (threads != NULL, "%s", error ? error->message : "?");
    for (guint i = 0; i < mla_overview_threads_get_n_entries (threads); i++) {
        const MlaOverviewEntry *entry =
            mla_overview_threads_get_entry (threads, i);

        g_string_append_printf (
            text, "%s %s %s %s %d\n", entry->message_id, entry->sha256,
            entry->thread, entry->parent ? entry->parent : "-", entry->loose);
    }
    return g_string_free (text, FALSE);
}

/* ---- the record iterator ---- */

/* Every record as "volume id subject body", in archive order. */
static char *
record_lines (MlaRecordIter *iter, guint stop_after)
{
    g_autoptr (GError) error = NULL;
    GString *text = g_string_new (NULL);
    const MlaRecord *record;
    guint n = 0;

    while (n < stop_after && mla_record_iter_next (iter, &record, &error) &&
           record != NULL) {
        g_string_append_printf (text, "%u %s %s %s\n", record->volume,
                                record->message_id, record->subject,
                                record->body);
        n++;
    }
    ck_assert_ptr_null (error);
    return g_string_free (text, FALSE);
}

/* Read ahead on a thread: the same records, across batches and volumes,
 * and a reader dropped half-way stops. */
START_TEST (test_record_iter_read_ahead)
{
    g_autoptr (MlaArchive) archive = new_archive ();
    g_autofree char *plain = NULL, *ahead = NULL, *some = NULL;

    for (int volume = 0; volume < 3; volume++) {
        g_autoptr (GString) mbox = g_string_new (NULL);

        for (int i = 0; i < 300; i++) {
            g_autofree char *id = g_strdup_printf ("m%d.%d@x", volume, i);
            g_autofree char *subject = g_strdup_printf ("Subject %d", i);

            append_message (mbox, id, "Mon, 1 Mar 2021 10:00:00 +0100", subject,
                            NULL, NULL);
        }
        import_text (archive, mbox);
    }
    {
        g_autoptr (MlaRecordIter) iter =
            mla_record_iter_new (archive, 2, MLA_RECORD_READ_BODY);

        plain = record_lines (iter, G_MAXUINT);
    }
    {
        g_autoptr (MlaRecordIter) iter =
            mla_record_iter_new_read_ahead (archive, 2, MLA_RECORD_READ_BODY);

        ahead = record_lines (iter, G_MAXUINT);
    }
    ck_assert_uint_eq (strlen (plain) > 0, TRUE);
    ck_assert_str_eq (ahead, plain);
    {
        g_autoptr (MlaRecordIter) iter =
            mla_record_iter_new_read_ahead (archive, 1, MLA_RECORD_READ_BODY);

        some = record_lines (iter, 10);
    }
    ck_assert_ptr_nonnull (strstr (some, "m0.9@x"));
}
END_TEST

START_TEST (test_record_iter_fields)
{
    g_autoptr (MlaArchive) archive = new_archive ();
    g_autoptr (GString) mbox = g_string_new (NULL);
    g_autoptr (MlaRecordIter) iter = NULL;
    g_autoptr (GError) error = NULL;
    const MlaRecord *record;
    guint n = 0;

    append_message (mbox, "one@x", "Mon, 1 Mar 2021 10:00:00 +0100", "First",
                    NULL, NULL);
    append_message (mbox, "two@x", "Tue, 2 Mar 2021 10:00:00 +0000",
                    "Re: First", "one@x", "<zero@x> <one@x>");
    import_text (archive, mbox);
    iter = mla_record_iter_new (archive, 1, MLA_RECORD_READ_BODY);
    while (mla_record_iter_next (iter, &record, &error) && record != NULL) {
        g_autoptr (GByteArray) raw = g_byte_array_new ();

        n++;
        ck_assert_uint_eq (record->volume, 1);
        ck_assert_ptr_nonnull (record->from);
        ck_assert_str_eq (record->from->address, "sender@example.org");
        ck_assert_uint_eq (record->to->len, 1);
        ck_assert_ptr_nonnull (
            strstr (record->body, n == 1 ? "one@x" : "two@x"));
        ck_assert (mla_record_iter_read_raw (iter, record, raw, &error));
        ck_assert_uint_eq (raw->len, record->raw_length);
        if (n == 1) {
            ck_assert_str_eq (record->message_id, "one@x");
            ck_assert_int_eq (record->date, 1614589200); /* 09:00 UTC */
            ck_assert_int_eq (record->date_offset, 60);
            ck_assert_uint_eq (record->references->len, 0);
        } else {
            ck_assert_str_eq (record->subject, "Re: First");
            ck_assert_str_eq (record->in_reply_to, "one@x");
            ck_assert_uint_eq (record->references->len, 2);
            ck_assert_str_eq (g_ptr_array_index (record->references, 0),
                              "zero@x");
        }
    }
    ck_assert_ptr_null (error);
    ck_assert_uint_eq (n, 2);
}
END_TEST

/* ---- lookups, aliases, catching up ---- */

START_TEST (test_overview_find_duplicates)
{
    g_autoptr (MlaArchive) archive = new_archive ();
    g_autoptr (GString) mbox = g_string_new (NULL);
    g_autoptr (MlaOverview) overview = NULL;
    g_autoptr (GPtrArray) found = NULL;
    g_autoptr (GError) error = NULL;

    append_message (mbox, "same@x", "Mon, 1 Mar 2021 10:00:00 +0000", "A", NULL,
                    NULL);
    append_message (mbox, "same@x", "Mon, 1 Mar 2021 11:00:00 +0000", "B", NULL,
                    NULL);
    import_text (archive, mbox);
    overview = open_overview (archive);
    found = mla_overview_find_message (overview, " <same@x> ", &error);
    ck_assert_ptr_nonnull (found);
    ck_assert_uint_eq (found->len, 2);
    ck_assert_str_ne (((MlaOverviewEntry *) found->pdata[0])->thread,
                      ((MlaOverviewEntry *) found->pdata[1])->thread);
    g_clear_pointer (&found, g_ptr_array_unref);
    found = mla_overview_find_message (overview, "missing@x", &error);
    ck_assert_ptr_null (found);
    ck_assert (g_error_matches (error, MLA_ERROR, MLA_ERROR_NOT_FOUND));
}
END_TEST

/* What pages need beyond the row: body, addresses, attachments, and the
 * X-No-Archive mark. */
START_TEST (test_overview_details)
{
    g_autoptr (MlaArchive) archive = new_archive ();
    g_autoptr (GString) mbox = g_string_new (
        "From a@example.org Mon Mar  1 10:00:00 2021\n"
        "From: A <a@example.org>\nTo: List <list@example.org>, b@example.org\n"
        "Cc: C <c@example.org>\nSubject: Files\nDate: Mon, 1 Mar 2021 10:00:00 "
        "+0130\n"
        "Message-ID: <files@x>\nX-No-Archive: Yes\nMIME-Version: 1.0\n"
        "Content-Type: multipart/mixed; boundary=\"b\"\n\n"
        "--b\nContent-Type: text/plain\n\nSee the patch.\n"
        "--b\nContent-Type: text/x-diff\nContent-Disposition: attachment; "
        "filename=\"../x.diff\"\n\n"
        "+one line\n--b--\n\n");
    g_autoptr (MlaOverview) overview = NULL;
    g_autoptr (GPtrArray) found = NULL;
    g_autoptr (MlaOverviewDetails) details = NULL;
    g_autoptr (GError) error = NULL;
    const MlaOverviewEntry *entry;

    import_text (archive, mbox);
    overview = open_overview (archive);
    found = mla_overview_find_message (overview, "files@x", &error);
    ck_assert_ptr_nonnull (found);
    entry = g_ptr_array_index (found, 0);
    ck_assert (entry->no_archive);
    ck_assert_int_eq (entry->date_offset, 90);
    details = mla_overview_get_details (overview, entry->row, &error);
    ck_assert_msg (details != NULL, "%s", error ? error->message : "?");
    ck_assert_uint_eq (details->to->len, 2);
    ck_assert_str_eq (((MlaAddress *) details->to->pdata[0])->name, "List");
    ck_assert_str_eq (((MlaAddress *) details->to->pdata[1])->address,
                      "b@example.org");
    ck_assert_uint_eq (details->cc->len, 1);
    ck_assert_ptr_nonnull (strstr (details->body, "See the patch."));
    ck_assert_uint_eq (details->attachments->len, 1);
    ck_assert_str_eq (
        ((MlaAttachment *) details->attachments->pdata[0])->filename,
        "../x.diff");
    /* The line break before a boundary belongs to the boundary (RFC 2046). */
    ck_assert_uint_eq (((MlaAttachment *) details->attachments->pdata[0])->size,
                       9);
}
END_TEST

/* Rule 10: replies and a late root keep the id; a merge leaves an alias. */
START_TEST (test_overview_stable_ids_and_aliases)
{
    g_autoptr (MlaArchive) archive = new_archive ();
    g_autoptr (GString) first = g_string_new (NULL);
    g_autoptr (GString) second = g_string_new (NULL);
    g_autoptr (GString) third = g_string_new (NULL);
    g_autofree char *lost = NULL, *other = NULL, *after = NULL, *merged = NULL;
    g_autofree char *resolved = NULL;
    g_autoptr (GError) error = NULL;

    /* x1 replies to p, which is not archived; y0 is another thread. */
    append_message (first, "x1@x", "Tue, 2 Mar 2021 10:00:00 +0000", "Re: P",
                    "p@x", "<p@x>");
    append_message (first, "y0@x", "Mon, 1 Mar 2021 10:00:00 +0000", "Y", NULL,
                    NULL);
    import_text (archive, first);
    {
        g_autoptr (MlaOverview) overview = open_overview (archive);

        lost = thread_of (overview, "x1@x");
        other = thread_of (overview, "y0@x");
    }
    /* A reply to x1: same thread id. */
    append_message (second, "x2@x", "Wed, 3 Mar 2021 10:00:00 +0000", "Re: P",
                    "x1@x", "<p@x> <x1@x>");
    import_text (archive, second);
    {
        g_autoptr (MlaOverview) overview = open_overview (archive);

        after = thread_of (overview, "x2@x");
        ck_assert_str_eq (after, lost);
    }
    /* p arrives, itself a reply to y0: the threads merge. */
    append_message (third, "p@x", "Mon, 1 Mar 2021 12:00:00 +0000", "Re: Y",
                    "y0@x", "<y0@x>");
    import_text (archive, third);
    {
        g_autoptr (MlaOverview) overview = open_overview (archive);

        merged = thread_of (overview, "x1@x");
        ck_assert_str_eq (merged, other);
        resolved = mla_overview_resolve_thread (overview, lost, &error);
        ck_assert_msg (resolved != NULL, "%s", error ? error->message : "?");
        ck_assert_str_eq (resolved, other);
        g_clear_pointer (&resolved, g_free);
        resolved =
            mla_overview_resolve_thread (overview, "0000000000000000", &error);
        ck_assert_ptr_null (resolved);
        ck_assert (g_error_matches (error, MLA_ERROR, MLA_ERROR_NOT_FOUND));
    }
}
END_TEST

/* Imports message @n (a new thread) and lets another reader catch the
 * overview up, as a delivery and a reader in other processes would. */
static void
add_and_catch_up (MlaArchive *archive, guint n)
{
    g_autoptr (GString) mbox = g_string_new (NULL);
    g_autofree char *id = g_strdup_printf ("m%u@x", n);
    g_autofree char *date =
        g_strdup_printf ("Mon, %u Mar 2021 10:00:00 +0000", n + 1);

    append_message (mbox, id, date, id, NULL, NULL);
    import_text (archive, mbox);
    mla_overview_free (open_overview (archive));
}

/* Between mla_overview_begin_reading() and mla_overview_end_reading()
 * a reader sees one snapshot, and a write through another connection goes
 * on meanwhile and shows only after: the file is in WAL mode from its
 * first build on (the first catch-up below rebuilds, the second updates). */
START_TEST (test_overview_reading_snapshot)
{
    g_autoptr (MlaArchive) archive = new_archive ();
    g_autoptr (MlaOverview) overview = NULL;
    g_autoptr (GError) error = NULL;

    add_and_catch_up (archive, 0);
    overview = open_overview (archive);
    for (guint i = 0; i < 2; i++) {
        g_autofree char *before = NULL;
        g_autofree char *inside = NULL;
        g_autofree char *after = NULL;

        ck_assert (mla_overview_begin_reading (overview, &error));
        before = mla_overview_get_generation (overview, &error);
        add_and_catch_up (archive, i + 1);
        inside = mla_overview_get_generation (overview, &error);
        mla_overview_end_reading (overview);
        after = mla_overview_get_generation (overview, &error);
        ck_assert_ptr_nonnull (before);
        ck_assert_str_eq (before, inside);
        ck_assert_str_ne (before, after);
    }
}
END_TEST

/* The overview one volume behind (an import killed between its commit and
 * its update), deleted, truncated, or garbage: the next open catches it
 * up or rebuilds it, and it equals a fresh rebuild. */
static const char *const damages[] = { "behind", "deleted", "truncated",
                                       "garbage", "version" };

START_TEST (test_overview_recovers)
{
    g_autoptr (MlaArchive) archive = new_archive ();
    g_autoptr (GString) first = g_string_new (NULL);
    g_autoptr (GString) second = g_string_new (NULL);
    g_autofree char *path = g_build_filename (mla_archive_get_path (archive),
                                              MLA_OVERVIEW_FILE, NULL);
    g_autofree char *saved = g_strconcat (path, ".saved", NULL);
    g_autofree char *healed = NULL, *fresh = NULL;
    g_autofree char *contents = NULL;
    g_autoptr (GError) error = NULL;
    gsize length = 0;

    append_message (first, "a@x", "Mon, 1 Mar 2021 10:00:00 +0000", "A", NULL,
                    NULL);
    append_message (first, "b@x", "Mon, 1 Mar 2021 11:00:00 +0000", "Re: A",
                    "a@x", "<a@x>");
    import_text (archive, first);
    ck_assert (g_file_get_contents (path, &contents, &length, NULL));
    ck_assert (g_file_set_contents (saved, contents, (gssize) length, NULL));
    append_message (second, "c@x", "Mon, 1 Mar 2021 12:00:00 +0000", "Re: A",
                    "b@x", "<a@x> <b@x>");
    append_message (second, "d@x", "Mon, 1 Mar 2021 13:00:00 +0000", "D", NULL,
                    NULL);
    import_text (archive, second);
    if (strcmp (damages[_i], "behind") == 0) {
        ck_assert (g_rename (saved, path) == 0);
    } else if (strcmp (damages[_i], "deleted") == 0) {
        ck_assert (g_unlink (path) == 0);
    } else if (strcmp (damages[_i], "truncated") == 0) {
        g_free (contents);
        ck_assert (g_file_get_contents (path, &contents, &length, NULL));
        ck_assert (
            g_file_set_contents (path, contents, (gssize) (length / 3), NULL));
    } else if (strcmp (damages[_i], "garbage") == 0) {
        ck_assert (
            g_file_set_contents (path, "not a database at all", -1, NULL));
    } else {
        g_autofree char *command =
            g_strdup_printf ("sqlite3 '%s' 'PRAGMA user_version = 99'", path);
        int status = 0;

        if (!g_spawn_command_line_sync (command, NULL, NULL, &status, NULL) ||
            status != 0) {
            mla_test_skip (
                "the sqlite3 command is needed to set an old schema version");
            return;
        }
    }
    {
        g_autoptr (MlaOverview) overview = open_overview (archive);

        healed = dump (overview);
    }
    ck_assert_msg (mla_overview_rebuild (archive, &error), "%s",
                   error ? error->message : "?");
    {
        g_autoptr (MlaOverview) overview = open_overview (archive);

        fresh = dump (overview);
    }
    ck_assert_str_eq (healed, fresh);
    ck_assert_ptr_nonnull (strstr (fresh, "c@x"));
}
END_TEST

/* ---- real mail, read in place ---- */

static char *
shared_or_skip (const char *relative)
{
    char *path = mla_test_shared_path (relative);

    if (path == NULL)
        mla_test_skip ("%s not found (set MLARC_SHARED)", relative);
    return path;
}

/* notmuch's tree of its default corpus, as blocks of "depth date author"
 * lines, one block per thread (notmuch-tree-tag-inbox draws a depth as one
 * column of connector glyphs before "►"). */
static GPtrArray *
notmuch_blocks (const char *path)
{
    g_autoptr (GBytes) bytes = mla_test_read_file (path);
    g_auto (GStrv) lines =
        g_strsplit (g_bytes_get_data (bytes, NULL), "\n", -1);
    GPtrArray *blocks = g_ptr_array_new_with_free_func (g_free);
    GString *block = NULL;

    for (guint i = 0; lines[i] != NULL; i++) {
        const char *arrow = strstr (lines[i], "\xe2\x96\xba"); /* ► */
        g_autofree char *author = NULL;
        const char *glyphs;
        glong depth;

        if (arrow == NULL || g_utf8_strlen (lines[i], arrow - lines[i]) < 37)
            continue;
        /* "  2009-11-17  Mikhail Gusarov       │ ├─► ...": the date, the
         * author in 20 columns, two spaces, then the glyphs. */
        glyphs = g_utf8_offset_to_pointer (lines[i], 36);
        depth = g_utf8_strlen (glyphs, arrow - glyphs) - 1;
        author = g_utf8_substring (lines[i], 14, 34);
        g_strchomp (author);
        if (depth == 0) {
            if (block != NULL)
                g_ptr_array_add (blocks, g_string_free (block, FALSE));
            block = g_string_new (NULL);
        }
        g_string_append_printf (block, "%ld %.10s %s\n", depth, lines[i] + 2,
                                author);
    }
    if (block != NULL)
        g_ptr_array_add (blocks, g_string_free (block, FALSE));
    return blocks;
}

typedef struct {
    MlaOverviewThreads *threads;
    GPtrArray *blocks;
    GString *block;
    GArray *real_depth; /* per node: messages above it in its block */
} OracleWalk;

/* notmuch draws neither placeholders nor subject matches as replies: a
 * message under a placeholder, or loose, starts its own block. */
static void
oracle_node (const MlaThreadNode *node, guint index, gpointer user_data)
{
    OracleWalk *walk = user_data;
    const MlaThreadForest *forest =
        mla_overview_threads_get_forest (walk->threads);
    const MlaOverviewEntry *entry;
    g_autofree char *author = NULL;
    g_autoptr (GDateTime) date = NULL;
    g_autofree char *day = NULL;
    const char *name;
    int depth = -1;

    if (node->parent != MLA_THREAD_NONE && !node->loose) {
        const MlaThreadNode *parent =
            mla_thread_forest_get_node (forest, node->parent);

        if (parent->input != MLA_THREAD_NONE)
            depth = g_array_index (walk->real_depth, int, node->parent) + 1;
        else
            depth = g_array_index (walk->real_depth, int, node->parent);
    }
    if (node->input == MLA_THREAD_NONE) {
        g_array_index (walk->real_depth, int, index) = depth;
        return;
    }
    depth = MAX (depth, 0);
    g_array_index (walk->real_depth, int, index) = depth;
    if (depth == 0) {
        if (walk->block != NULL)
            g_ptr_array_add (walk->blocks, g_string_free (walk->block, FALSE));
        walk->block = g_string_new (NULL);
    }
    entry = mla_overview_threads_get_entry (walk->threads, node->input);
    date = g_date_time_new_from_unix_utc (entry->date);
    day = g_date_time_format (date, "%Y-%m-%d");
    name = entry->from_name != NULL ? entry->from_name : entry->from_address;
    /* At most 20 characters: g_utf8_substring() must not pass the end. */
    author = g_utf8_substring (name, 0, MIN (g_utf8_strlen (name, -1), 20));
    g_strchomp (author);
    g_string_append_printf (walk->block, "%d %s %s\n", depth, day, author);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
    return strcmp (*(const char *const *) a, *(const char *const *) b);
}

START_TEST (test_corpus_notmuch_default_tree)
{
    g_autofree char *maildir =
        shared_or_skip ("corpora/notmuch/test/corpora/default");
    g_autofree char *oracle =
        shared_or_skip ("corpora/notmuch/test/emacs-tree.expected-output/"
                        "notmuch-tree-tag-inbox");
    g_autoptr (MlaArchive) archive = NULL;
    g_autoptr (MlaOverview) overview = NULL;
    g_autoptr (MlaOverviewThreads) threads = NULL;
    g_autoptr (GPtrArray) expected = NULL;
    g_autoptr (GPtrArray) ours = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GArray) depth = g_array_new (FALSE, TRUE, sizeof (int));
    g_autoptr (GError) error = NULL;
    const char *inputs[] = { maildir, NULL };
    OracleWalk walk = { NULL, ours, NULL, depth };
    const GArray *roots;

    if (maildir == NULL || oracle == NULL)
        return;
    archive = new_archive ();
    import_paths (archive, inputs);
    overview = open_overview (archive);
    threads = mla_overview_load_threads (overview, &error);
    ck_assert_ptr_nonnull (threads);
    walk.threads = threads;
    g_array_set_size (depth, mla_thread_forest_get_n_nodes (
                                 mla_overview_threads_get_forest (threads)));
    roots =
        mla_thread_forest_get_roots (mla_overview_threads_get_forest (threads));
    for (guint r = 0; r < roots->len; r++)
        mla_thread_forest_walk (mla_overview_threads_get_forest (threads),
                                g_array_index (roots, guint, r), oracle_node,
                                &walk);
    if (walk.block != NULL)
        g_ptr_array_add (ours, g_string_free (walk.block, FALSE));
    expected = notmuch_blocks (oracle);
    ck_assert_uint_gt (expected->len, 20);
    g_ptr_array_sort (expected, compare_strings);
    g_ptr_array_sort (ours, compare_strings);
    for (guint i = 0; i < MIN (expected->len, ours->len); i++)
        ck_assert_str_eq (g_ptr_array_index (ours, i),
                          g_ptr_array_index (expected, i));
    ck_assert_uint_eq (ours->len, expected->len);
}
END_TEST

/* Each corpus imported in two orders threads the same: for every message,
 * the same thread id, parent and looseness. */
static const struct {
    const char *path;
    guint min_messages;
} corpora[] = {
    { "corpora/notmuch/test/corpora/threading", 10 },
    { "corpora/notmuch/test/corpora/broken/loop", 2 },
    { "corpora/notmuch/test/corpora/duplicate", 9 },
    { "corpora/hyperkitty/hyperkitty/tests/testdata", 1 },
    { "corpora/grimoirelab-perceval/tests/data/pipermail", 1 },
};

static char *
sorted_dump (MlaArchive *archive)
{
    g_autoptr (MlaOverview) overview = open_overview (archive);
    g_autofree char *text = dump (overview);
    g_auto (GStrv) lines = g_strsplit (text, "\n", -1);

    g_autoptr (GPtrArray) sorted = g_ptr_array_new ();

    for (guint i = 0; lines[i] != NULL; i++)
        g_ptr_array_add (sorted, lines[i]);
    g_ptr_array_sort (sorted, compare_strings);
    g_ptr_array_add (sorted, NULL);
    return g_strjoinv ("\n", (char **) sorted->pdata);
}

/* The files under @dir, sorted, reversed when @reverse. */
static GPtrArray *
list_files (const char *dir, gboolean reverse)
{
    GPtrArray *files = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GPtrArray) pending = g_ptr_array_new_with_free_func (g_free);

    g_ptr_array_add (pending, g_strdup (dir));
    while (pending->len > 0) {
        g_autofree char *current =
            g_ptr_array_steal_index (pending, pending->len - 1);
        g_autoptr (GDir) handle = g_dir_open (current, 0, NULL);
        const char *name;

        while (handle != NULL && (name = g_dir_read_name (handle)) != NULL) {
            char *path = g_build_filename (current, name, NULL);

            g_ptr_array_add (
                g_file_test (path, G_FILE_TEST_IS_DIR) ? pending : files, path);
        }
    }
    g_ptr_array_sort (files, compare_strings);
    if (reverse)
        for (guint i = 0; i < files->len / 2; i++) {
            gpointer swap = files->pdata[i];

            files->pdata[i] = files->pdata[files->len - 1 - i];
            files->pdata[files->len - 1 - i] = swap;
        }
    return files;
}

/* The inputs of @archive that hold a message whose Message-ID another
 * message has too. */
static GHashTable *
sources_of_shared_ids (MlaArchive *archive)
{
    g_autoptr (MlaRecordIter) iter =
        mla_record_iter_new (archive, 1, MLA_RECORD_READ_DEFAULT);
    g_autoptr (GHashTable) first_source =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
    GHashTable *shared =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    const MlaRecord *record;

    while (mla_record_iter_next (iter, &record, NULL) && record != NULL) {
        const char *first =
            g_hash_table_lookup (first_source, record->message_id);

        if (first == NULL) {
            g_hash_table_insert (first_source, g_strdup (record->message_id),
                                 g_strdup (record->source));
            continue;
        }
        g_hash_table_add (shared, g_strdup (first));
        g_hash_table_add (shared, g_strdup (record->source));
    }
    return shared;
}

/* Of messages that share a Message-ID the first to arrive owns it (issue
 * 27 §3): @files keep those of @shared in @forward's order, in the places
 * their own order gives them. */
static void
keep_shared_order (GPtrArray *files, GPtrArray *forward, GHashTable *shared)
{
    guint next = 0;

    for (guint i = 0; i < files->len; i++) {
        if (!g_hash_table_contains (shared, files->pdata[i]))
            continue;
        while (!g_hash_table_contains (shared, forward->pdata[next]))
            next++;
        g_free (files->pdata[i]);
        files->pdata[i] = g_strdup (forward->pdata[next++]);
    }
}

START_TEST (test_corpus_arrival_order)
{
    g_autoptr (GPtrArray) forward_files = NULL;
    g_autoptr (GHashTable) shared = NULL;
    g_autofree char *dir = shared_or_skip (corpora[_i].path);
    g_autofree char *forward = NULL, *backward = NULL;

    if (dir == NULL)
        return;
    for (int pass = 0; pass < 2; pass++) {
        g_autoptr (MlaArchive) archive = new_archive ();
        g_autoptr (GPtrArray) files = list_files (dir, pass == 1);
        MlaImportOptions options = {
            MLA_MBOX_FORMAT_AUTO, FALSE, NULL, NULL, NULL, NULL, 0, FALSE, 0
        };

        if (pass == 1)
            keep_shared_order (files, forward_files, shared);
        /* One file per import: each arrives after the ones before it. */
        for (guint i = 0; i < files->len; i++) {
            const char *one[] = { g_ptr_array_index (files, i), NULL };

            ck_assert (mla_archive_import (archive, one, &options, NULL, NULL));
        }
        if (pass == 0) {
            forward = sorted_dump (archive);
            forward_files = g_ptr_array_ref (files);
            shared = sources_of_shared_ids (archive);
            ck_assert_uint_ge (mla_archive_get_n_messages (archive),
                               corpora[_i].min_messages);
        } else {
            backward = sorted_dump (archive);
        }
    }
    ck_assert_str_eq (forward, backward);
}
END_TEST

/* notmuch's threading corpora, rule by rule. */
START_TEST (test_corpus_notmuch_threading_rules)
{
    g_autofree char *dir = shared_or_skip ("corpora/notmuch/test/corpora");
    g_autofree char *ghost = NULL, *loop = NULL;
    g_autoptr (MlaArchive) archive = NULL;
    g_autoptr (MlaOverview) overview = NULL;
    g_autofree char *a = NULL, *b = NULL, *root = NULL, *fake = NULL;

    if (dir == NULL)
        return;
    ghost = g_build_filename (dir, "threading", "ghost-root", NULL);
    loop = g_build_filename (dir, "broken", "loop", NULL);
    archive = new_archive ();
    /* Loose message files, not Maildirs: imported one by one. */
    for (int d = 0; d < 2; d++) {
        g_autoptr (GPtrArray) files = list_files (d == 0 ? ghost : loop, FALSE);

        g_ptr_array_add (files, NULL);
        import_paths (archive, (const char *const *) files->pdata);
    }
    overview = open_overview (archive);
    /* The loop is one thread. */
    a = thread_of (overview, "mid-loop-12@example.org");
    b = thread_of (overview, "mid-loop-21@example.org");
    ck_assert_str_eq (a, b);
    /* The real root and the message whose References name it and its
     * child before a nonexistent id all sit in one thread. */
    root = thread_of (overview, "000-real-root@example.org");
    fake = thread_of (overview, "001-fake-message-root@example.org");
    ck_assert_str_eq (root, fake);
}
END_TEST

static Suite *
overview_suite (void)
{
    Suite *suite = suite_create ("overview");
    TCase *corpus = tcase_create ("corpora");

    mla_test_add_case (suite, "records", test_record_iter_fields, 0);
    mla_test_add_case (suite, "read-ahead", test_record_iter_read_ahead, 0);
    mla_test_add_case (suite, "lookups", test_overview_find_duplicates, 0);
    mla_test_add_case (suite, "details", test_overview_details, 0);
    mla_test_add_case (suite, "stable-ids",
                       test_overview_stable_ids_and_aliases, 0);
    mla_test_add_case (suite, "reading-snapshot",
                       test_overview_reading_snapshot, 0);
    mla_test_add_case (suite, "recovery", test_overview_recovers,
                       G_N_ELEMENTS (damages));
    tcase_set_timeout (corpus, 300);
    tcase_add_test (corpus, test_corpus_notmuch_default_tree);
    tcase_add_test (corpus, test_corpus_notmuch_threading_rules);
    tcase_add_loop_test (corpus, test_corpus_arrival_order, 0,
                         G_N_ELEMENTS (corpora));
    suite_add_tcase (suite, corpus);
    return suite;
}

MLA_TEST_MAIN (overview_suite)
