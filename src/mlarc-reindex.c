/* mlarc-reindex.c: `mlarc reindex -a ARCHIVE`. */
#include "config.h"
#include <stdio.h>
#include "mlarc.h"
#include "mlarc-commands.h"

int
mlarc_reindex_command (int argc, char **argv)
{
    g_autofree char *archive_path = NULL;
    int wait = -1;
    const GOptionEntry entries[] = { { "archive", 'a', 0, G_OPTION_ARG_FILENAME,
                                       &archive_path, "Archive folder",
                                       "ARCHIVE" },
                                     MLARC_WAIT_OPTION (wait),
                                     { NULL } };
    g_autoptr (MlaArchive) archive = NULL;
    g_autoptr (GError) error = NULL;

    if (!mlarc_parse_options ("reindex", "",
                              "Rebuilds ARCHIVE/" MLA_OVERVIEW_FILE
                              " (messages, references, threads)\n"
                              "from the XML volumes alone.",
                              entries, &argc, &argv))
        return MLARC_EXIT_USAGE;
    if (archive_path == NULL || argc > 1) {
        fprintf (stderr,
                 "mlarc reindex: needs -a ARCHIVE and no other argument\n");
        return MLARC_EXIT_USAGE;
    }
    archive = mla_archive_open (archive_path, MLA_ARCHIVE_OPEN_DEFAULT, &error);
    if (archive != NULL && !mlarc_set_wait (archive, wait))
        return MLARC_EXIT_USAGE;
    if (archive == NULL || !mla_overview_rebuild (archive, &error)) {
        mlarc_print_error (error);
        return mlarc_exit_status (error);
    }
    return MLARC_EXIT_OK;
}
