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
int mlarc_reindex_command (int argc, char **argv);

/* Exit codes, documented in README and mlarc(1). */
enum {
    MLARC_EXIT_OK = 0,
    MLARC_EXIT_FAILURE = 1,     /* the run failed; nothing was changed */
    MLARC_EXIT_USAGE = 2,       /* bad command line */
    MLARC_EXIT_PROBLEMS = 3,    /* done, but problems were found (check) */
};

/* Parses @argc/@argv with @entries; prints the error and returns FALSE on a
 * bad command line. @parameter_string describes the positional arguments. */
gboolean mlarc_parse_options (const char *command, const char *parameter_string,
                              const char *summary, const GOptionEntry *entries,
                              int *argc, char ***argv);

/* Prints "mlarc: MESSAGE" on stderr. */
void mlarc_print_error (const GError *error);
/* Opens the archive at @path and its overview, which is rebuilt or caught
 * up first when needed (saying so on stderr). */
gboolean mlarc_open_overview (const char *path, MlaArchive **out_archive,
                              MlaOverview **out_overview, GError **error);
/* Returns: (transfer full): standard output, buffered. */
GOutputStream *mlarc_stdout_stream (void);

/* Prints "mlarc: NOTICE" on stderr; an MlaNoticeFunc. */
void mlarc_print_notice (const char *notice, gpointer user_data);
