/* mlarc-threads.c: `mlarc threads -a ARCHIVE [--format text|xml]
 * [--since DATE] [--until DATE] [--ids]`. */
#include "config.h"
#include <stdio.h>
#include "mlarc.h"
#include "mlarc-commands.h"

int
mlarc_threads_command (int argc, char **argv)
{
    g_autofree char *archive_path = NULL;
    g_autofree char *format_name = NULL;
    g_autofree char *since = NULL;
    g_autofree char *until = NULL;
    gboolean ids = FALSE;
    const GOptionEntry entries[] = {
        { "archive", 'a', 0, G_OPTION_ARG_FILENAME, &archive_path,
          "Archive folder", "ARCHIVE" },
        { "format", 'f', 0, G_OPTION_ARG_STRING, &format_name,
          "text (default) or xml", "FORMAT" },
        { "since", 0, 0, G_OPTION_ARG_STRING, &since,
          "Only threads with a message on or after DATE (YYYY[-MM[-DD]], UTC)",
          "DATE" },
        { "until", 0, 0, G_OPTION_ARG_STRING, &until,
          "Only threads with a message on or before DATE (the whole day, month "
          "or year)",
          "DATE" },
        { "ids", 0, 0, G_OPTION_ARG_NONE, &ids,
          "text: each thread under a line \"thread ID\" (the ID mlarc show "
          "takes, and the site's t/ID/)",
          NULL },
        { NULL }
    };
    MlaThreadsWriteOptions options = { G_MININT64, G_MAXINT64, FALSE };
    MlaThreadsFormat format = MLA_THREADS_FORMAT_TEXT;
    g_autoptr (MlaArchive) archive = NULL;
    g_autoptr (MlaOverview) overview = NULL;
    g_autoptr (MlaOverviewThreads) threads = NULL;
    g_autoptr (GOutputStream) out = NULL;
    g_autoptr (GError) error = NULL;

    if (!mlarc_parse_options (
            "threads", "",
            "Prints the threads of ARCHIVE, newest activity first, each in "
            "tree\n"
            "order with placeholders for messages that are not archived.",
            entries, &argc, &argv))
        return MLARC_EXIT_USAGE;
    if (archive_path == NULL || argc > 1) {
        fprintf (stderr,
                 "mlarc threads: needs -a ARCHIVE and no other argument\n");
        return MLARC_EXIT_USAGE;
    }
    if (format_name != NULL &&
        !mla_threads_format_from_string (format_name, &format)) {
        fprintf (stderr, "mlarc threads: unknown format '%s'\n", format_name);
        return MLARC_EXIT_USAGE;
    }
    options.ids = ids;
    if ((since != NULL &&
         !mla_query_parse_date (since, FALSE, &options.since)) ||
        (until != NULL &&
         !mla_query_parse_date (until, TRUE, &options.until))) {
        fprintf (stderr,
                 "mlarc threads: a date is YYYY, YYYY-MM or YYYY-MM-DD\n");
        return MLARC_EXIT_USAGE;
    }
    if (!mlarc_open_overview (archive_path, FALSE, &archive, &overview,
                              &error) ||
        (threads = mla_overview_load_threads (overview, &error)) == NULL) {
        mlarc_print_error (error);
        return mlarc_exit_status (error);
    }
    out = mlarc_stdout_stream ();
    if (!mla_threads_write (threads, format, &options, out, &error) ||
        !g_output_stream_close (out, NULL, &error)) {
        mlarc_print_error (error);
        return mlarc_exit_status (error);
    }
    return MLARC_EXIT_OK;
}
