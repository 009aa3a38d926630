/* mlarc-remove.c: `mlarc remove -a ARCHIVE [--reason TEXT] [--dry-run]
 * MESSAGE-ID...` or `... --query QUERY`. */
#include "config.h"
#include <stdio.h>
#include "mlarc.h"
#include "mlarc-commands.h"

/* One line per message: Message-ID, date, sender, tab-separated. */
static void
print_entries (GPtrArray *entries)
{
    for (guint i = 0; i < entries->len; i++) {
        const MlaOverviewEntry *entry = g_ptr_array_index (entries, i);
        g_autofree char *id = mla_escape (entry->message_id, MLA_ESCAPE_FIELD);
        g_autofree char *author =
            mla_escape (mla_overview_entry_author (entry), MLA_ESCAPE_FIELD);

        printf ("<%s>\t%s\t%s\n", id,
                entry->date_utc != NULL ? entry->date_utc : "-", author);
    }
}

int
mlarc_remove_command (int argc, char **argv)
{
    g_autofree char *archive_path = NULL;
    g_autofree char *reason = NULL;
    g_autofree char *query_text = NULL;
    gboolean dry_run = FALSE;
    gboolean quiet = FALSE;
    int wait = -1;
    const GOptionEntry entries[] = {
        { "archive", 'a', 0, G_OPTION_ARG_FILENAME, &archive_path,
          "Archive folder", "ARCHIVE" },
        { "reason", 'r', 0, G_OPTION_ARG_STRING, &reason,
          "Why, for the archive's record of removals", "TEXT" },
        { "query", 0, 0, G_OPTION_ARG_STRING, &query_text,
          "Remove the messages that match QUERY (as mlarc search)", "QUERY" },
        { "dry-run", 'n', 0, G_OPTION_ARG_NONE, &dry_run,
          "List what would be removed; change nothing", NULL },
        MLARC_WAIT_OPTION (wait),
        { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, "No summary line", NULL },
        { NULL }
    };
    g_autoptr (MlaArchive) archive = NULL;
    g_autoptr (MlaOverview) overview = NULL;
    g_autoptr (MlaQuery) query = NULL;
    g_autoptr (GPtrArray) found = NULL;
    g_autoptr (GError) error = NULL;
    MlaRemoveStats stats = { 0 };

    if (!mlarc_parse_options (
            "remove", "[MESSAGE-ID...]",
            "Takes messages out of ARCHIVE for good: their bytes leave the\n"
            "volumes, the overview and the key caches; the index records\n"
            "their ids, when and why, and a later import keeps them out.\n"
            "The next mlarc site drops their pages.",
            entries, &argc, &argv))
        return MLARC_EXIT_USAGE;
    if (archive_path == NULL || (argc > 1) == (query_text != NULL)) {
        fprintf (stderr, "mlarc remove: needs -a ARCHIVE and either "
                         "MESSAGE-IDs or --query QUERY\n");
        return MLARC_EXIT_USAGE;
    }
    if (query_text != NULL &&
        (query = mla_query_parse (query_text, &error)) == NULL) {
        fprintf (stderr, "mlarc remove: %s\n", error->message);
        return MLARC_EXIT_USAGE;
    }
    if (!mlarc_open_overview (archive_path, quiet, &archive, &overview,
                              &error) ||
        !mlarc_set_wait (archive, wait) ||
        (found = mla_remove_select (archive, overview,
                                    (const char *const *) argv + 1, query,
                                    &error)) == NULL) {
        mlarc_print_error (error);
        return error != NULL ? mlarc_exit_status (error) : MLARC_EXIT_USAGE;
    }
    if (dry_run) {
        print_entries (found);
        if (!quiet)
            fprintf (stderr, "mlarc remove: %u %s would be removed\n",
                     found->len,
                     mlarc_plural (found->len, "message", "messages"));
        return MLARC_EXIT_OK;
    }
    /* Selected again under the lock: what the query finds then goes,
     * and only that (not the other copies of an id it finds). */
    g_clear_pointer (&overview, mla_overview_free);
    if ((argc > 1 || found->len > 0) &&
        !mla_archive_remove (archive, (const char *const *) argv + 1, query,
                             reason, mlarc_print_notice, NULL, &stats,
                             &error)) {
        mlarc_print_error (error);
        return mlarc_exit_status (error);
    }
    if (!quiet)
        fprintf (
            stderr,
            "mlarc remove: %" G_GUINT64_FORMAT " removed (%" G_GUINT64_FORMAT
            " %s written anew), %" G_GUINT64_FORMAT " removed earlier\n",
            stats.messages, stats.volumes,
            mlarc_plural (stats.volumes, "volume", "volumes"), stats.earlier);
    return MLARC_EXIT_OK;
}
