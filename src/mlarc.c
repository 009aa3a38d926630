/* mlarc.c: the command table and dispatcher of the mlarc CLI. */
#include "config.h"
#include <locale.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <gio/gunixoutputstream.h>
#include "mlarc-commands.h"

typedef struct {
    const char *name;
    MlarcCommandFunc func;
    const char *summary;
} MlarcCommand;

static const MlarcCommand commands[] = {
    { "import", mlarc_import_command,
      "Import mbox files, Maildirs or messages into an archive." },
    { "export", mlarc_export_command,
      "Write every message of an archive back as mboxrd." },
    { "check", mlarc_check_command,
      "List defects and rejects; validate the archive." },
    { "agenda", mlarc_agenda_command, "Print the agendas found in mail." },
    { "threads", mlarc_threads_command, "Print the archive's threads." },
    { "show", mlarc_show_command,
      "Print one message, its raw bytes or its thread as mbox." },
    { "search", mlarc_search_command,
      "Find messages or threads by words, senders, dates." },
    { "compact", mlarc_compact_command,
      "Merge small volumes into one per month." },
    { "remove", mlarc_remove_command,
      "Take messages out of an archive for good." },
    { "reindex", mlarc_reindex_command,
      "Rebuild the overview from the archive's XML." },
    { "site", mlarc_site_command,
      "Build or update the archive's static website." },
    { "build", mlarc_build_command,
      "Import mail, then build or update the website." },
    { "host", mlarc_host_command,
      "Build or update one website of many lists." },
};

static void
print_usage (FILE *stream)
{
    fprintf (stream,
             "Usage: mlarc COMMAND [OPTION...] [ARG...]\n\nCommands:\n");
    for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
        fprintf (stream, "  %-8s %s\n", commands[i].name, commands[i].summary);
    fprintf (stream, "\nmlarc COMMAND --help shows the options of a command.\n"
                     "mlarc --version prints the version.\n");
}

gboolean
mlarc_parse_options (const char *command, const char *parameter_string,
                     const char *summary, const GOptionEntry *entries,
                     int *argc, char ***argv)
{
    g_autoptr (GOptionContext) context =
        g_option_context_new (parameter_string);
    g_autoptr (GError) error = NULL;

    g_option_context_set_summary (context, summary);
    g_option_context_add_main_entries (context, entries, NULL);
    if (!g_option_context_parse (context, argc, argv, &error)) {
        fprintf (stderr, "mlarc %s: %s\nTry 'mlarc %s --help'.\n", command,
                 error->message, command);
        return FALSE;
    }
    return TRUE;
}

void
mlarc_print_error (const GError *error)
{
    g_autofree char *text = mla_escape (error->message, MLA_ESCAPE_LINE);

    fprintf (stderr, "mlarc: %s\n", text);
}

gboolean
mlarc_open_overview (const char *path, gboolean quiet, MlaArchive **out_archive,
                     MlaOverview **out_overview, GError **error)
{
    *out_archive = mla_archive_open (path, MLA_ARCHIVE_OPEN_DEFAULT, error);
    if (*out_archive == NULL)
        return FALSE;
    *out_overview = mla_overview_open (
        *out_archive, quiet ? NULL : mlarc_print_notice, NULL, error);
    return *out_overview != NULL;
}

GOutputStream *
mlarc_stdout_stream (void)
{
    g_autoptr (GOutputStream) raw =
        g_unix_output_stream_new (STDOUT_FILENO, FALSE);

    return g_buffered_output_stream_new_sized (raw, 1 << 16);
}

void
mlarc_print_notice (const char *notice, gpointer user_data)
{
    g_autofree char *text = mla_escape (notice, MLA_ESCAPE_LINE);

    fprintf (stderr, "mlarc: %s\n", text);
}

gboolean
mlarc_refuse_terminal (const char *command)
{
    if (!isatty (STDOUT_FILENO))
        return FALSE;
    fprintf (stderr,
             "mlarc %s: raw mail is not written to a terminal (it may hold "
             "escape sequences); redirect it to a file or a pipe\n",
             command);
    return TRUE;
}

int
mlarc_exit_status (const GError *error)
{
    return mla_error_is_temporary (error) ? MLARC_EXIT_TEMPFAIL
                                          : MLARC_EXIT_FAILURE;
}

/* Grace for a run to stop by itself after a signal (see
 * mlarc_catch_interrupts). */
#define INTERRUPT_GRACE_US (10 * G_USEC_PER_SEC)

/* Signals are process-wide: so is what catches them. */
static sigset_t interrupt_signals;
static GCancellable *interrupted;

static gpointer
wait_for_signal (gpointer data)
{
    int signal_number;

    (void) data;
    while (sigwait (&interrupt_signals, &signal_number) != 0)
        ;
    g_cancellable_cancel (interrupted);
    g_usleep (INTERRUPT_GRACE_US);
    _exit (MLARC_EXIT_TEMPFAIL);
    return NULL;
}

GCancellable *
mlarc_catch_interrupts (void)
{
    if (interrupted != NULL)
        return interrupted;
    interrupted = g_cancellable_new ();
    sigemptyset (&interrupt_signals);
    sigaddset (&interrupt_signals, SIGINT);
    sigaddset (&interrupt_signals, SIGTERM);
    sigaddset (&interrupt_signals, SIGHUP);
    /* Blocked in every thread made from now on; only the waiter takes them. */
    pthread_sigmask (SIG_BLOCK, &interrupt_signals, NULL);
    g_thread_unref (g_thread_new ("mlarc-signals", wait_for_signal, NULL));
    return interrupted;
}

gboolean
mlarc_wait_seconds (int seconds, guint *out_seconds)
{
    if (seconds < -1) {
        fprintf (stderr,
                 "mlarc: bad --wait %d (a number of seconds, 0 or more)\n",
                 seconds);
        return FALSE;
    }
    *out_seconds = seconds == -1 ? MLARC_DEFAULT_WAIT : (guint) seconds;
    return TRUE;
}

gboolean
mlarc_set_wait (MlaArchive *archive, int seconds)
{
    guint wait;

    if (!mlarc_wait_seconds (seconds, &wait))
        return FALSE;
    mla_archive_set_wait (archive, wait, mlarc_catch_interrupts ());
    return TRUE;
}

int
main (int argc, char **argv)
{
    setlocale (LC_ALL, "");
    if (argc < 2) {
        print_usage (stderr);
        return MLARC_EXIT_USAGE;
    }
    if (strcmp (argv[1], "--version") == 0 || strcmp (argv[1], "-V") == 0) {
        printf ("mlarc %s\n", PACKAGE_VERSION);
        return MLARC_EXIT_OK;
    }
    if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 ||
        strcmp (argv[1], "help") == 0) {
        print_usage (stdout);
        return MLARC_EXIT_OK;
    }
    for (gsize i = 0; i < G_N_ELEMENTS (commands); i++) {
        if (strcmp (argv[1], commands[i].name) == 0) {
            g_autofree char *name =
                g_strdup_printf ("mlarc %s", commands[i].name);

            g_set_prgname (name);
            argv[1] = name;
            return commands[i].func (argc - 1, argv + 1);
        }
    }
    fprintf (stderr, "mlarc: unknown command '%s'\n", argv[1]);
    print_usage (stderr);
    return MLARC_EXIT_USAGE;
}
