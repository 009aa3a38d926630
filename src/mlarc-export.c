/* mlarc-export.c: `mlarc export -a ARCHIVE [-o FILE]`. */
#include "config.h"
#include <stdio.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <gio/gunixoutputstream.h>
#include "mlarc.h"
#include "mlarc-commands.h"

/* Returns: (transfer full): @path replaced atomically on close, or stdout.
 * A device or a pipe (/dev/stdout, /dev/null, a FIFO) is written in place:
 * it cannot be replaced. */
static GOutputStream *
open_output (const char *path, GError **error)
{
    g_autoptr (GFile) file = NULL;
    struct stat st;

    if (path == NULL || g_str_equal (path, "-"))
        return g_unix_output_stream_new (STDOUT_FILENO, FALSE);
    if (stat (path, &st) == 0 && !S_ISREG (st.st_mode) &&
        !S_ISDIR (st.st_mode)) {
        int fd = open (path, O_WRONLY | O_CLOEXEC);

        if (fd < 0) {
            g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno),
                         "%s: %s", path, g_strerror (errno));
            return NULL;
        }
        return g_unix_output_stream_new (fd, TRUE);
    }
    file = g_file_new_for_commandline_arg (path);
    return G_OUTPUT_STREAM (
        g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE, NULL, error));
}

int
mlarc_export_command (int argc, char **argv)
{
    g_autofree char *archive_path = NULL;
    g_autofree char *output_path = NULL;
    const GOptionEntry entries[] = {
        { "archive", 'a', 0, G_OPTION_ARG_FILENAME, &archive_path,
          "Archive folder", "ARCHIVE" },
        { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output_path,
          "Write to FILE instead of standard output", "FILE" },
        { NULL }
    };
    g_autoptr (MlaArchive) archive = NULL;
    g_autoptr (GOutputStream) out = NULL;
    g_autoptr (GOutputStream) buffered = NULL;
    g_autoptr (GError) error = NULL;

    if (!mlarc_parse_options (
            "export", "",
            "Writes every message of ARCHIVE, in archive order, as mboxrd.",
            entries, &argc, &argv))
        return MLARC_EXIT_USAGE;
    if (archive_path == NULL || argc > 1) {
        fprintf (stderr,
                 "mlarc export: needs -a ARCHIVE and no other argument\n");
        return MLARC_EXIT_USAGE;
    }
    if (output_path == NULL && mlarc_refuse_terminal ("export"))
        return MLARC_EXIT_USAGE;
    archive = mla_archive_open (archive_path, MLA_ARCHIVE_OPEN_DEFAULT, &error);
    if (archive == NULL || (out = open_output (output_path, &error)) == NULL) {
        mlarc_print_error (error);
        return mlarc_exit_status (error);
    }
    buffered = g_buffered_output_stream_new_sized (out, 1 << 20);
    if (!mla_archive_export_mbox (archive, buffered, &error) ||
        !g_output_stream_close (buffered, NULL, &error)) {
        g_autoptr (GCancellable) cancelled = g_cancellable_new ();

        /* A cancelled close of g_file_replace()'s stream keeps the old FILE. */
        g_cancellable_cancel (cancelled);
        g_output_stream_close (out, cancelled, NULL);
        if (error->domain == G_IO_ERROR)
            g_prefix_error (
                &error,
                "%s: ", output_path != NULL ? output_path : "standard output");
        mlarc_print_error (error);
        return mlarc_exit_status (error);
    }
    return MLARC_EXIT_OK;
}
