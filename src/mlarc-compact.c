/* mlarc-compact.c: `mlarc compact -a ARCHIVE`. */
#include "config.h"
#include <stdio.h>
#include "mlarc.h"
#include "mlarc-commands.h"

int
mlarc_compact_command (int argc, char **argv)
{
    g_autofree char *archive_path = NULL;
    int wait = -1;
    gboolean quiet = FALSE;
    const GOptionEntry entries[] = {
        { "archive", 'a', 0, G_OPTION_ARG_FILENAME, &archive_path,
          "Archive folder", "ARCHIVE" },
        MLARC_WAIT_OPTION (wait),
        { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, "No summary line", NULL },
        { NULL }
    };
    g_autoptr (MlaArchive) archive = NULL;
    g_autoptr (GError) error = NULL;
    MlaCompactStats stats;

    if (!mlarc_parse_options (
            "compact", "",
            "Merges each run of consecutive volumes imported in the same\n"
            "month into one volume; messages, their order and export do\n"
            "not change. Safe to interrupt: run it again to finish.",
            entries, &argc, &argv))
        return MLARC_EXIT_USAGE;
    if (archive_path == NULL || argc > 1) {
        fprintf (stderr,
                 "mlarc compact: needs -a ARCHIVE and no other argument\n");
        return MLARC_EXIT_USAGE;
    }
    archive = mla_archive_open (archive_path, MLA_ARCHIVE_OPEN_DEFAULT, &error);
    if (archive != NULL && !mlarc_set_wait (archive, wait))
        return MLARC_EXIT_USAGE;
    if (archive == NULL || !mla_archive_compact (archive, mlarc_print_notice,
                                                 NULL, &stats, &error)) {
        mlarc_print_error (error);
        return mlarc_exit_status (error);
    }
    if (!quiet)
        fprintf (stderr,
                 "%" G_GUINT64_FORMAT " volumes, now %" G_GUINT64_FORMAT
                 " (%" G_GUINT64_FORMAT " merged)\n",
                 stats.volumes_before, stats.volumes_after, stats.merged);
    return MLARC_EXIT_OK;
}
