/* mlarc-commands.h: the subcommands of the mlarc CLI, and what they share. */
#pragma once
#include <gio/gio.h>
#include "mlarc.h"

/* Each command gets argv with argv[0] = "mlarc COMMAND" and returns the
 * process exit status. */
typedef int (*MlarcCommandFunc) (int argc, char **argv);

int mlarc_import_command (int argc, char **argv);
int mlarc_export_command (int argc, char **argv);
int mlarc_check_command (int argc, char **argv);
int mlarc_agenda_command (int argc, char **argv);
int mlarc_threads_command (int argc, char **argv);
int mlarc_show_command (int argc, char **argv);
int mlarc_search_command (int argc, char **argv);
int mlarc_reindex_command (int argc, char **argv);
int mlarc_compact_command (int argc, char **argv);
int mlarc_remove_command (int argc, char **argv);
int mlarc_site_command (int argc, char **argv);
int mlarc_build_command (int argc, char **argv);
int mlarc_host_command (int argc, char **argv);

/* The options import and build share. */
typedef struct {
    char *format;
    gboolean no_agendas;
    gboolean quiet;
    char *max_message_size;
    gboolean no_compact;
    int threads;
    int wait; /* seconds; -1: MLARC_DEFAULT_WAIT */
} MlarcImportFlags;

/* How long a writer waits for another to finish, by default: a mail
 * server's pipe delivery times out after 1000 s (Postfix), Exim's after 1 h. */
#define MLARC_DEFAULT_WAIT 300

#define MLARC_WAIT_OPTION(seconds)                                             \
    {                                                                          \
        "wait", 'w', 0, G_OPTION_ARG_INT, &(seconds),                          \
            "Wait up to SECONDS for another mlarc writing to the archive "     \
            "(default 300; "                                                   \
            "0: fail at once, exit 75)",                                       \
            "SECONDS"                                                          \
    }

/* @one when @n is 1, else @many: "1 file written", "2 files written". */
static inline const char *
mlarc_plural (guint64 n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

static inline void
mlarc_import_flags_clear (MlarcImportFlags *flags)
{
    g_free (flags->format);
    g_free (flags->max_message_size);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (MlarcImportFlags, mlarc_import_flags_clear)

#define MLARC_IMPORT_OPTIONS(flags)                                            \
    { "format",                                                                \
      'f',                                                                     \
      0,                                                                       \
      G_OPTION_ARG_STRING,                                                     \
      &(flags).format,                                                         \
      "mbox variant: auto (default), mboxo, mboxrd, mboxcl2 or mboxcl",        \
      "FORMAT" },                                                              \
        { "no-agendas",                                                        \
          0,                                                                   \
          0,                                                                   \
          G_OPTION_ARG_NONE,                                                   \
          &(flags).no_agendas,                                                 \
          "Do not extract agendas from the messages",                          \
          NULL },                                                              \
        { "no-compact",                                                        \
          0,                                                                   \
          0,                                                                   \
          G_OPTION_ARG_NONE,                                                   \
          &(flags).no_compact,                                                 \
          "Do not merge the volumes of earlier imports (see mlarc compact)",   \
          NULL },                                                              \
        { "quiet",                                                             \
          'q',                                                                 \
          0,                                                                   \
          G_OPTION_ARG_NONE,                                                   \
          &(flags).quiet,                                                      \
          "No progress and no summary line",                                   \
          NULL },                                                              \
        { "max-message-size",                                                  \
          0,                                                                   \
          0,                                                                   \
          G_OPTION_ARG_STRING,                                                 \
          &(flags).max_message_size,                                           \
          "Reject messages bigger than SIZE bytes (K, M, G: KiB, MiB, GiB; "   \
          "default 32M)",                                                      \
          "SIZE" },                                                            \
        { "threads",                                                           \
          0,                                                                   \
          0,                                                                   \
          G_OPTION_ARG_INT,                                                    \
          &(flags).threads,                                                    \
          "Parse on N threads (default: one per processor)",                   \
          "N" },                                                               \
        MLARC_WAIT_OPTION ((flags).wait)

/* Imports @inputs into the archive at @archive_path (created when
 * missing), with progress and a summary on stderr. Returns the exit status. */
int mlarc_import_run (const char *archive_path, const char *const *inputs,
                      const MlarcImportFlags *flags);

/* Exit codes, documented in README and mlarc(1). */
enum {
    MLARC_EXIT_OK = 0,
    MLARC_EXIT_FAILURE = 1,  /* the run failed; nothing was changed */
    MLARC_EXIT_USAGE = 2,    /* bad command line */
    MLARC_EXIT_PROBLEMS = 3, /* done, but problems were found (check) */
    MLARC_EXIT_TEMPFAIL =
        75, /* sysexits.h's EX_TEMPFAIL: try again later, nothing
             * was changed (lock not had in time, disk full,
             * interrupted); mail servers retry, not bounce */
};

/* The exit status of a run that failed with @error: the one place where
 * errors become statuses (MLARC_EXIT_TEMPFAIL or MLARC_EXIT_FAILURE). */
int mlarc_exit_status (const GError *error);

/* For a command that writes the archive: SIGINT, SIGTERM and SIGHUP no
 * longer kill the process but cancel the returned cancellable, so that the
 * run stops, removes its temporary files and exits with
 * MLARC_EXIT_TEMPFAIL; should it not stop within 10 s (blocked reading its
 * input), the process exits with that status. Call before any thread is
 * made. Returns: (transfer none). */
GCancellable *mlarc_catch_interrupts (void);

/* --wait @seconds as a number of seconds into @out_seconds (-1: the
 * default); FALSE, the error printed, for other negatives. */
gboolean mlarc_wait_seconds (int seconds, guint *out_seconds);

/* Applies --wait @seconds (mlarc_wait_seconds()) and
 * mlarc_catch_interrupts() to @archive. */
gboolean mlarc_set_wait (MlaArchive *archive, int seconds);

/* Parses @argc/@argv with @entries; prints the error and returns FALSE on a
 * bad command line. @parameter_string describes the positional arguments. */
gboolean mlarc_parse_options (const char *command, const char *parameter_string,
                              const char *summary, const GOptionEntry *entries,
                              int *argc, char ***argv);

/* Prints "mlarc: MESSAGE" on stderr. */
void mlarc_print_error (const GError *error);
/* Opens the archive at @path and its overview, which is rebuilt or caught
 * up first when needed (saying so on stderr unless @quiet). */
gboolean mlarc_open_overview (const char *path, gboolean quiet,
                              MlaArchive **out_archive,
                              MlaOverview **out_overview, GError **error);
/* Returns: (transfer full): standard output, buffered. */
GOutputStream *mlarc_stdout_stream (void);

/* Prints "mlarc: NOTICE" on stderr; an MlaNoticeFunc. */
void mlarc_print_notice (const char *notice, gpointer user_data);

/* TRUE, having said why on stderr, when standard output is a terminal:
 * raw mail may hold escape sequences that a terminal obeys (issue 27 §8),
 * so @command writes it only to a file or a pipe. */
gboolean mlarc_refuse_terminal (const char *command);
