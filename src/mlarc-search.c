/* mlarc-search.c: `mlarc search -a ARCHIVE [--threads] [--format
 * text|json|mbox] [--limit N] [--offset N] QUERY...`. */
#include "config.h"
#include <stdio.h>
#include "mlarc.h"
#include "mlarc-commands.h"

int
mlarc_search_command (int argc, char **argv)
{
    g_autofree char *archive_path = NULL;
    g_autofree char *format_name = NULL;
    gboolean threads = FALSE;
    int limit = 0;
    int offset = 0;
    const GOptionEntry entries[] = {
        { "archive", 'a', 0, G_OPTION_ARG_FILENAME, &archive_path,
          "Archive folder", "ARCHIVE" },
        { "threads", 't', 0, G_OPTION_ARG_NONE, &threads,
          "One result per matching thread", NULL },
        { "format", 'f', 0, G_OPTION_ARG_STRING, &format_name,
          "text (default), json or mbox", "FORMAT" },
        { "limit", 'n', 0, G_OPTION_ARG_INT, &limit,
          "At most N results (default: all)", "N" },
        { "offset", 0, 0, G_OPTION_ARG_INT, &offset, "Skip the first N results",
          "N" },
        { NULL }
    };
    MlaSearchWriteOptions options = { MLA_SEARCH_FORMAT_TEXT, FALSE, 0, 0 };
    g_autoptr (MlaArchive) archive = NULL;
    g_autoptr (MlaOverview) overview = NULL;
    g_autoptr (MlaQuery) query = NULL;
    g_autoptr (GOutputStream) out = NULL;
    g_autoptr (GError) error = NULL;
    g_autofree char *text = NULL;

    if (!mlarc_parse_options (
            "search", "QUERY...",
            "Prints the messages of ARCHIVE that match QUERY, the most "
            "relevant\n"
            "first. QUERY: words, \"phrases\", AND, OR, NOT, (), from:, to:,\n"
            "subject:, list:, id:, date:, has:agenda, has:attachment, word*\n"
            "(see mlarc(1), SEARCH TERMS).",
            entries, &argc, &argv))
        return MLARC_EXIT_USAGE;
    if (archive_path == NULL || argc < 2) {
        fprintf (stderr, "mlarc search: needs -a ARCHIVE and a QUERY\n");
        return MLARC_EXIT_USAGE;
    }
    if (format_name != NULL &&
        !mla_search_format_from_string (format_name, &options.format)) {
        fprintf (stderr, "mlarc search: unknown format '%s'\n", format_name);
        return MLARC_EXIT_USAGE;
    }
    if (options.format == MLA_SEARCH_FORMAT_MBOX &&
        mlarc_refuse_terminal ("search"))
        return MLARC_EXIT_USAGE;
    if (limit < 0 || offset < 0) {
        fprintf (stderr, "mlarc search: --limit and --offset take a count\n");
        return MLARC_EXIT_USAGE;
    }
    options.threads = threads;
    options.limit = (guint) limit;
    options.offset = (guint) offset;
    /* The words of the query arrive split by the shell: notmuch joins them. */
    text = g_strjoinv (" ", argv + 1);
    query = mla_query_parse (text, &error);
    if (query == NULL) {
        fprintf (stderr, "mlarc search: %s\n", error->message);
        return MLARC_EXIT_USAGE;
    }
    if (!mlarc_open_overview (archive_path, FALSE, &archive, &overview,
                              &error)) {
        mlarc_print_error (error);
        return mlarc_exit_status (error);
    }
    out = mlarc_stdout_stream ();
    if (!mla_search (archive, overview, query, &options, out, &error) ||
        !g_output_stream_close (out, NULL, &error)) {
        mlarc_print_error (error);
        return mlarc_exit_status (error);
    }
    return MLARC_EXIT_OK;
}
