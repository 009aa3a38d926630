/* mlarc-import.c: `mlarc import -a ARCHIVE INPUT...`. */
#include "config.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "mlarc.h"
#include "mlarc-commands.h"

typedef struct {
    gint64 started; /* monotonic microseconds */
    gint64 last_printed;
} ProgressState;

/* On a terminal only: "bytes done of total, messages/s", rewritten in place. */
static void
print_progress (const MlaImportProgress *progress, gpointer user_data)
{
    ProgressState *state = user_data;
    gint64 now = g_get_monotonic_time ();
    double seconds = (now - state->started) / 1e6;

    if (now - state->last_printed < 200000)
        return;
    state->last_printed = now;
    if (progress->bytes_total > 0)
        fprintf (stderr,
                 "\r%s: %.1f of %.1f MB (%.0f%%), %" G_GUINT64_FORMAT
                 " %s, %.0f/s   ",
                 progress->input, progress->bytes_done / 1e6,
                 progress->bytes_total / 1e6,
                 100.0 * progress->bytes_done / progress->bytes_total,
                 progress->messages,
                 mlarc_plural (progress->messages, "message", "messages"),
                 seconds > 0 ? progress->messages / seconds : 0.0);
    else
        fprintf (stderr, "\r%s: %.1f MB, %" G_GUINT64_FORMAT " %s, %.0f/s   ",
                 progress->input, progress->bytes_done / 1e6,
                 progress->messages,
                 mlarc_plural (progress->messages, "message", "messages"),
                 seconds > 0 ? progress->messages / seconds : 0.0);
}

static void
print_summary (const MlaImportStats *stats)
{
    fprintf (stderr,
             "mlarc import: %" G_GUINT64_FORMAT " read, %" G_GUINT64_FORMAT
             " added, %" G_GUINT64_FORMAT " already present, %" G_GUINT64_FORMAT
             " removed earlier, %" G_GUINT64_FORMAT
             " duplicate ids, %" G_GUINT64_FORMAT " flagged, %" G_GUINT64_FORMAT
             " rejected, %" G_GUINT64_FORMAT " %s\n",
             stats->read, stats->added, stats->present, stats->removed,
             stats->duplicate_ids, stats->flagged, stats->rejected,
             stats->agendas,
             mlarc_plural (stats->agendas, "agenda", "agendas"));
}

/* "SIZE", "SIZEK", "SIZEM" or "SIZEG" (powers of 1024); positive. */
static gboolean
parse_size (const char *text, guint64 *out_size)
{
    static const char units[] = "KMG";
    char *end = NULL;
    guint64 value = g_ascii_strtoull (text, &end, 10);
    const char *unit;

    if (end == text || value == 0)
        return FALSE;
    if (*end != '\0') {
        unit = strchr (units, g_ascii_toupper (*end));
        if (unit == NULL || end[1] != '\0')
            return FALSE;
        for (const char *u = units; u <= unit; u++) {
            if (value > G_MAXUINT64 / 1024)
                return FALSE;
            value *= 1024;
        }
    }
    *out_size = value;
    return TRUE;
}

int
mlarc_import_run (const char *archive_path, const char *const *inputs,
                  const MlarcImportFlags *flags)
{
    MlaImportOptions options = { MLA_MBOX_FORMAT_AUTO,
                                 TRUE,
                                 NULL,
                                 NULL,
                                 mlarc_print_notice,
                                 NULL,
                                 0,
                                 FALSE,
                                 0 };
    MlaImportStats stats = { 0 };
    ProgressState progress = { g_get_monotonic_time (), 0 };
    guint wait; /* checked early; applied by mlarc_set_wait() */
    g_autoptr (MlaArchive) archive = NULL;
    g_autoptr (GError) error = NULL;
    gboolean ok;

    if (flags->format != NULL &&
        !mla_mbox_format_from_string (flags->format, &options.format)) {
        fprintf (stderr, "mlarc: unknown format '%s'\n", flags->format);
        return MLARC_EXIT_USAGE;
    }
    if (flags->max_message_size != NULL &&
        !parse_size (flags->max_message_size, &options.max_message_size)) {
        fprintf (
            stderr,
            "mlarc: bad --max-message-size '%s' (a positive number of bytes, "
            "or with K, M or G)\n",
            flags->max_message_size);
        return MLARC_EXIT_USAGE;
    }
    if (flags->threads < 0) {
        fprintf (stderr, "mlarc: bad --threads %d (a positive number)\n",
                 flags->threads);
        return MLARC_EXIT_USAGE;
    }
    if (!mlarc_wait_seconds (flags->wait, &wait))
        return MLARC_EXIT_USAGE;
    options.threads = (guint) flags->threads;
    /* Only errors under -q: a mail server may mail what a delivery prints. */
    if (flags->quiet)
        options.notice = NULL;
    options.extract_agendas = !flags->no_agendas;
    options.no_compact = flags->no_compact;
    if (!flags->quiet && isatty (STDERR_FILENO)) {
        options.progress = print_progress;
        options.progress_data = &progress;
    }
    archive = mla_archive_open (archive_path, MLA_ARCHIVE_OPEN_CREATE, &error);
    if (archive == NULL) {
        mlarc_print_error (error);
        return mlarc_exit_status (error);
    }
    mlarc_set_wait (archive, flags->wait);
    ok = mla_archive_import (archive, inputs, &options, &stats, &error);
    if (options.progress != NULL && progress.last_printed != 0)
        fputs ("\n", stderr);
    if (!ok) {
        /* One line: what went wrong, and that the archive is as it was. */
        g_autofree char *text = mla_escape (error->message, MLA_ESCAPE_LINE);

        fprintf (stderr, "mlarc: %s; %s is unchanged\n", text, archive_path);
        return mlarc_exit_status (error);
    }
    if (!flags->quiet)
        print_summary (&stats);
    return MLARC_EXIT_OK;
}

int
mlarc_import_command (int argc, char **argv)
{
    g_autofree char *archive_path = NULL;
    g_auto (MlarcImportFlags)
        flags = { NULL, FALSE, FALSE, NULL, FALSE, 0, -1 };
    const GOptionEntry entries[] = {
        { "archive", 'a', 0, G_OPTION_ARG_FILENAME, &archive_path,
          "Archive folder (created if missing)", "ARCHIVE" },
        MLARC_IMPORT_OPTIONS (flags),
        { NULL }
    };

    if (!mlarc_parse_options (
            "import", "INPUT...",
            "Adds the messages of each INPUT (an mbox, a gzip'd mbox, a "
            "Maildir,\n"
            "a message file, or - for standard input) to ARCHIVE.",
            entries, &argc, &argv))
        return MLARC_EXIT_USAGE;
    if (archive_path == NULL || argc < 2) {
        fprintf (stderr,
                 "mlarc import: needs -a ARCHIVE and at least one INPUT\n");
        return MLARC_EXIT_USAGE;
    }
    return mlarc_import_run (archive_path, (const char *const *) argv + 1,
                             &flags);
}
