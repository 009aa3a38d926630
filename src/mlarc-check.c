/* mlarc-check.c: `mlarc check -a ARCHIVE`: defects, rejects, validity. */
#include "config.h"
#include <stdio.h>
#include "mlarc.h"
#include "mlarc-commands.h"

static void
print_entry (const MlaCheckEntry *entry, gpointer user_data)
{
    g_autofree char *line = mla_check_entry_format (entry);

    fputs (line, stdout);
}

int
mlarc_check_command (int argc, char **argv)
{
    g_autofree char *archive_path = NULL;
    g_autofree char *schema_path = NULL;
    const GOptionEntry entries[] = {
        { "archive", 'a', 0, G_OPTION_ARG_FILENAME, &archive_path,
          "Archive folder", "ARCHIVE" },
        { "schema", 0, 0, G_OPTION_ARG_FILENAME, &schema_path,
          "RELAX NG schema to validate against (default: the installed one)",
          "FILE" },
        { NULL }
    };
    g_autoptr (MlaArchive) archive = NULL;
    g_autoptr (GError) error = NULL;
    MlaCheckStats stats = { 0 };

    if (!mlarc_parse_options (
            "check", "",
            "Lists every defect and reject (volume, Message-ID, "
            "source:offset,\n"
            "code, detail; tab-separated) and validates the archive.",
            entries, &argc, &argv))
        return MLARC_EXIT_USAGE;
    if (archive_path == NULL || argc > 1) {
        fprintf (stderr,
                 "mlarc check: needs -a ARCHIVE and no other argument\n");
        return MLARC_EXIT_USAGE;
    }
    archive = mla_archive_open (archive_path, MLA_ARCHIVE_OPEN_DEFAULT, &error);
    if (archive == NULL ||
        !mla_archive_check (archive, schema_path, print_entry, NULL, &stats,
                            &error)) {
        mlarc_print_error (error);
        return mlarc_exit_status (error);
    }
    fflush (stdout);
    fprintf (stderr,
             "mlarc check: %" G_GUINT64_FORMAT " %s, %" G_GUINT64_FORMAT
             " %s, %" G_GUINT64_FORMAT " %s, %" G_GUINT64_FORMAT
             " invalid %s, %" G_GUINT64_FORMAT " raw %s\n",
             stats.messages,
             mlarc_plural (stats.messages, "message", "messages"),
             stats.defects, mlarc_plural (stats.defects, "defect", "defects"),
             stats.rejects, mlarc_plural (stats.rejects, "reject", "rejects"),
             stats.invalid_files,
             mlarc_plural (stats.invalid_files, "file", "files"),
             stats.raw_mismatches,
             mlarc_plural (stats.raw_mismatches, "mismatch", "mismatches"));
    return stats.invalid_files > 0 || stats.raw_mismatches > 0
               ? MLARC_EXIT_PROBLEMS
               : MLARC_EXIT_OK;
}
