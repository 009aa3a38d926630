/* mlarc-show.c: `mlarc show -a ARCHIVE [--raw | --thread-mbox | --series]
 * MESSAGE-ID|THREAD-ID`. */
#include "config.h"
#include <stdio.h>
#include "mlarc.h"
#include "mlarc-commands.h"

int
mlarc_show_command (int argc, char **argv)
{
    g_autofree char *archive_path = NULL;
    gboolean raw = FALSE;
    gboolean thread_mbox = FALSE;
    gboolean series = FALSE;
    const GOptionEntry entries[] = {
        { "archive", 'a', 0, G_OPTION_ARG_FILENAME, &archive_path,
          "Archive folder", "ARCHIVE" },
        { "raw", 0, 0, G_OPTION_ARG_NONE, &raw,
          "The message's exact stored bytes", NULL },
        { "thread-mbox", 0, 0, G_OPTION_ARG_NONE, &thread_mbox,
          "Its whole thread as mboxrd, by date (for git am and mail clients)",
          NULL },
        { "series", 0, 0, G_OPTION_ARG_NONE, &series,
          "The patch series of its thread as b4 am writes it: the newest "
          "revision's patches with the trailers of replies (for git am)",
          NULL },
        { NULL }
    };
    g_autoptr (MlaArchive) archive = NULL;
    g_autoptr (MlaOverview) overview = NULL;
    g_autoptr (GOutputStream) out = NULL;
    g_autoptr (GError) error = NULL;
    MlaShowMode mode = MLA_SHOW_TEXT;

    if (!mlarc_parse_options (
            "show", "MESSAGE-ID|THREAD-ID",
            "Prints the message of ARCHIVE with MESSAGE-ID (with or without "
            "<>):\n"
            "its headers and text, its raw bytes, its thread as mbox, or the\n"
            "patch series of its thread. A THREAD-ID (mlarc threads --ids, "
            "the\n"
            "site's t/ID/) stands for the messages of that thread, by date.",
            entries, &argc, &argv))
        return MLARC_EXIT_USAGE;
    if (archive_path == NULL || argc != 2 || raw + thread_mbox + series > 1) {
        fprintf (stderr,
                 "mlarc show: needs -a ARCHIVE, one MESSAGE-ID or THREAD-ID, "
                 "and at most "
                 "one of --raw, --thread-mbox and --series\n");
        return MLARC_EXIT_USAGE;
    }
    if (raw)
        mode = MLA_SHOW_RAW;
    else if (thread_mbox)
        mode = MLA_SHOW_THREAD_MBOX;
    else if (series)
        mode = MLA_SHOW_SERIES;
    if (mode != MLA_SHOW_TEXT && mlarc_refuse_terminal ("show"))
        return MLARC_EXIT_USAGE;
    if (!mlarc_open_overview (archive_path, FALSE, &archive, &overview,
                              &error)) {
        mlarc_print_error (error);
        return mlarc_exit_status (error);
    }
    out = mlarc_stdout_stream ();
    if (!mla_show (archive, overview, argv[1], mode, mlarc_print_notice, NULL,
                   out, &error) ||
        !g_output_stream_close (out, NULL, &error)) {
        mlarc_print_error (error);
        return mlarc_exit_status (error);
    }
    return MLARC_EXIT_OK;
}
