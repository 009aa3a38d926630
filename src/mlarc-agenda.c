/* mlarc-agenda.c: `mlarc agenda [-f FORMAT] [--tz ZONE] [-o DIR]
 * [--date DATE] [-a ARCHIVE] [FILE...]`. */
#include "config.h"
#include <stdio.h>
#include <unistd.h>
#include <gio/gunixoutputstream.h>
#include "mlarc.h"
#include "mlarc-commands.h"

static gboolean
write_stdout (GPtrArray *agendas, MlaAgendaFormat format,
              const MlaAgendaWriteOptions *options, GError **error)
{
    g_autoptr (GOutputStream) out =
        g_unix_output_stream_new (STDOUT_FILENO, FALSE);
    g_autoptr (GOutputStream) buffered =
        g_buffered_output_stream_new_sized (out, 1 << 16);

    if (mla_agenda_write (agendas, format, options, buffered, error) &&
        g_output_stream_close (buffered, NULL, error))
        return TRUE;
    if ((*error)->domain == G_IO_ERROR)
        g_prefix_error (error, "standard output: ");
    return FALSE;
}

/* SOURCE_DATE_EPOCH (reproducible-builds.org) fixes the ICS DTSTAMP. */
static gint64
source_date_epoch (void)
{
    const char *value = g_getenv ("SOURCE_DATE_EPOCH");
    gint64 seconds = 0;

    if (value == NULL ||
        !g_ascii_string_to_signed (value, 10, 1, G_MAXINT64, &seconds, NULL))
        return 0;
    return seconds;
}

static void
note_undated_slots (GPtrArray *agendas)
{
    guint n = 0;

    for (guint i = 0; i < agendas->len; i++)
        n += mla_agenda_count_undated_slots (g_ptr_array_index (agendas, i));
    if (n > 0)
        fprintf (stderr,
                 "mlarc agenda: %u slot%s left out of the calendar: no date "
                 "for the day\n",
                 n, n == 1 ? "" : "s");
}

/* --date=YYYY-MM-DD, midnight local time. Returns: (transfer full)
 * (nullable): NULL after saying why. */
static GDateTime *
parse_date (const char *value)
{
    int year = 0, month = 0, day = 0;
    char end = 0;
    GDateTime *date = NULL;

    if (sscanf (value, "%4d-%2d-%2d%c", &year, &month, &day, &end) == 3)
        date = g_date_time_new_local (year, month, day, 0, 0, 0);
    if (date == NULL)
        fprintf (stderr, "mlarc agenda: --date wants YYYY-MM-DD, not '%s'\n",
                 value);
    return date;
}

/* Checks the options that go together; returns MLARC_EXIT_OK, or
 * MLARC_EXIT_USAGE after saying why. @format gets the format named. */
static int
check_usage (int argc, const char *archive_path, const char *format_name,
             const char *timezone, MlaAgendaFormat *format)
{
    if (archive_path == NULL && argc < 2) {
        fprintf (stderr, "mlarc agenda: needs a FILE or -a ARCHIVE\n");
        return MLARC_EXIT_USAGE;
    }
    if (format_name != NULL &&
        !mla_agenda_format_from_string (format_name, format)) {
        fprintf (stderr, "mlarc agenda: unknown format '%s'\n", format_name);
        return MLARC_EXIT_USAGE;
    }
    if (timezone != NULL && *format != MLA_AGENDA_FORMAT_ICS) {
        fprintf (stderr, "mlarc agenda: --tz applies to --format ics only\n");
        return MLARC_EXIT_USAGE;
    }
    return MLARC_EXIT_OK;
}

/* Adds to @agendas those stored in @archive_path (nullable), then those
 * found in the files @argv[1..@argc), read with the words of
 * @vocabulary (nullable: the built-in ones); @date (nullable) and
 * @flags date the files that are plain text. */
static gboolean
gather_agendas (const char *archive_path, const char *vocabulary,
                GDateTime *date, MlaAgendaInputFlags flags, int argc,
                char **argv, GPtrArray *agendas, GError **error)
{
    if (archive_path != NULL) {
        g_autoptr (MlaArchive) archive =
            mla_archive_open (archive_path, MLA_ARCHIVE_OPEN_DEFAULT, error);
        GPtrArray *stored =
            archive != NULL ? mla_archive_load_agendas (archive, error) : NULL;

        if (stored == NULL)
            return FALSE;
        g_ptr_array_extend_and_steal (agendas, stored);
    }
    if (argc > 1) {
        g_autoptr (MlaAgendaParser) parser =
            mla_agenda_parser_new (vocabulary, error);

        if (parser == NULL)
            return FALSE;
        for (int i = 1; i < argc; i++)
            if (!mla_agenda_parse_input (parser, argv[i], date, flags, agendas,
                                         error))
                return FALSE;
    }
    return TRUE;
}

/* Writes @agendas into @output_dir (nullable: to standard output);
 * returns the exit status. */
static int
write_agendas (GPtrArray *agendas, MlaAgendaFormat format,
               const MlaAgendaWriteOptions *options, const char *output_dir)
{
    g_autoptr (GError) error = NULL;
    gboolean ok;

    if (agendas->len == 0)
        fprintf (stderr, "mlarc agenda: no agenda found\n");
    if (output_dir != NULL)
        ok = mla_agenda_write_files (agendas, format, options, output_dir,
                                     &error);
    else
        ok = write_stdout (agendas, format, options, &error);
    if (!ok) {
        if (g_error_matches (error, MLA_ERROR, MLA_ERROR_INVALID)) {
            fprintf (stderr, "mlarc agenda: %s\n", error->message);
            return MLARC_EXIT_USAGE;
        }
        mlarc_print_error (error);
        return mlarc_exit_status (error);
    }
    if (format == MLA_AGENDA_FORMAT_ICS)
        note_undated_slots (agendas);
    return MLARC_EXIT_OK;
}

int
mlarc_agenda_command (int argc, char **argv)
{
    g_autofree char *format_name = NULL;
    g_autofree char *timezone = NULL;
    g_autofree char *output_dir = NULL;
    g_autofree char *archive_path = NULL;
    g_autofree char *vocabulary = NULL;
    g_autofree char *date_text = NULL;
    g_autoptr (GDateTime) date = NULL;
    MlaAgendaInputFlags flags = MLA_AGENDA_INPUT_DEFAULT;
    const GOptionEntry entries[] = {
        { "format", 'f', 0, G_OPTION_ARG_STRING, &format_name,
          "xml (default), ics, html or text", "FORMAT" },
        { "tz", 0, 0, G_OPTION_ARG_STRING, &timezone,
          "ics: times are in ZONE (e.g. Europe/Berlin); floating without it",
          "ZONE" },
        { "output-dir", 'o', 0, G_OPTION_ARG_FILENAME, &output_dir,
          "Write one file per agenda into DIR, named from its Message-ID",
          "DIR" },
        { "archive", 'a', 0, G_OPTION_ARG_FILENAME, &archive_path,
          "Also print the agendas stored in ARCHIVE", "ARCHIVE" },
        { "vocabulary", 0, 0, G_OPTION_ARG_FILENAME, &vocabulary,
          "Agenda words from FILE instead of the built-in vocabulary", "FILE" },
        { "date", 0, 0, G_OPTION_ARG_STRING, &date_text,
          "A FILE of plain text was written on DATE (YYYY-MM-DD, or none; "
          "default: its modification time)",
          "DATE" },
        { NULL }
    };
    MlaAgendaFormat format = MLA_AGENDA_FORMAT_XML;
    MlaAgendaWriteOptions options = { NULL, 0, mla_site_agenda_write_pages };
    g_autoptr (GPtrArray) agendas =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_agenda_free);
    g_autoptr (GError) error = NULL;
    int status;

    if (!mlarc_parse_options (
            "agenda", "[FILE...]",
            "Prints every agenda found in the mail of each FILE (a message, an "
            "mbox,\n"
            "a Maildir, or - for standard input; a file that is not mail is "
            "read as\n"
            "the text of an agenda) and, with -a, in ARCHIVE.\n"
            "SOURCE_DATE_EPOCH, when set, is the DTSTAMP of ics output.",
            entries, &argc, &argv))
        return MLARC_EXIT_USAGE;
    status = check_usage (argc, archive_path, format_name, timezone, &format);
    if (status != MLARC_EXIT_OK)
        return status;
    if (g_strcmp0 (date_text, "none") == 0)
        flags = MLA_AGENDA_INPUT_TEXT_UNDATED;
    else if (date_text != NULL && (date = parse_date (date_text)) == NULL)
        return MLARC_EXIT_USAGE;
    options.timezone = timezone;
    options.dtstamp = source_date_epoch ();
    if (!gather_agendas (archive_path, vocabulary, date, flags, argc, argv,
                         agendas, &error)) {
        mlarc_print_error (error);
        return mlarc_exit_status (error);
    }
    return write_agendas (agendas, format, &options, output_dir);
}
