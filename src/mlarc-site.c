/* mlarc-site.c: `mlarc site -a ARCHIVE -o SITE [OPTION...]` and
 * `mlarc build -a ARCHIVE -o SITE [OPTION...] INPUT...` (import, then
 * site: the main job). */
#include "config.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "mlarc.h"
#include "mlarc-commands.h"

typedef struct {
    char *output;
    char *title;
    char *base_url;
    char *templates;
    char *addresses;
    int jobs;
    char *search;
    gboolean coalesce;
    int wait; /* seconds; -1: MLARC_DEFAULT_WAIT */
} SiteFlags;

#define SITE_OPTIONS(flags)                                                    \
    { "output",        'o',           0,     G_OPTION_ARG_FILENAME,            \
      &(flags).output, "Site folder", "SITE" },                                \
        { "title",                                                             \
          0,                                                                   \
          0,                                                                   \
          G_OPTION_ARG_STRING,                                                 \
          &(flags).title,                                                      \
          "The site's title (default: the List-Id)",                           \
          "TITLE" },                                                           \
        { "base-url",                                                          \
          0,                                                                   \
          0,                                                                   \
          G_OPTION_ARG_STRING,                                                 \
          &(flags).base_url,                                                   \
          "The site's address, for absolute links in feeds",                   \
          "URL" },                                                             \
        { "templates",                                                         \
          0,                                                                   \
          0,                                                                   \
          G_OPTION_ARG_FILENAME,                                               \
          &(flags).templates,                                                  \
          "A folder of stylesheets replacing the built-in ones, file by file", \
          "DIR" },                                                             \
        { "addresses",                                                         \
          0,                                                                   \
          0,                                                                   \
          G_OPTION_ARG_STRING,                                                 \
          &(flags).addresses,                                                  \
          "hide (user at example.org in pages, feeds, downloads and the "      \
          "search index; Message-IDs stay) or show (default: hide)",           \
          "POLICY" },                                                          \
        { "jobs",                                                              \
          'j',                                                                 \
          0,                                                                   \
          G_OPTION_ARG_INT,                                                    \
          &(flags).jobs,                                                       \
          "Pages made at once (default: one per processor)",                   \
          "N" },                                                               \
        { "coalesce",                                                          \
          0,                                                                   \
          0,                                                                   \
          G_OPTION_ARG_NONE,                                                   \
          &(flags).coalesce,                                                   \
          "When another update of SITE is running, leave this one to it and "  \
          "exit at once: it runs again for what came in meanwhile (for mail "  \
          "delivery)",                                                         \
          NULL },                                                              \
    {                                                                          \
        "search", 0, 0, G_OPTION_ARG_STRING, &(flags).search,                  \
            "A search page indexed by Pagefind: auto (when pagefind is "       \
            "found), yes or no "                                               \
            "(default: auto). These options are recorded in SITE and reused "  \
            "by later "                                                        \
            "runs; giving one again changes it",                               \
            "WHEN"                                                             \
    }

/* --wait of site and host; build has import's, which serves both. */
#define SITE_WAIT_OPTION(seconds)                                              \
    {                                                                          \
        "wait", 'w', 0, G_OPTION_ARG_INT, &(seconds),                          \
            "Wait up to SECONDS for another update of SITE (default 300; "     \
            "0: fail at once, exit 75)",                                       \
            "SECONDS"                                                          \
    }

static void
site_flags_clear (SiteFlags *flags)
{
    g_free (flags->output);
    g_free (flags->title);
    g_free (flags->base_url);
    g_free (flags->templates);
    g_free (flags->search);
    g_free (flags->addresses);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SiteFlags, site_flags_clear)

static void
print_progress (const MlaSiteProgress *progress, gpointer user_data)
{
    (void) user_data;
    fprintf (stderr,
             "\rsite: %" G_GUINT64_FORMAT " of about %" G_GUINT64_FORMAT
             " pages   ",
             progress->pages_done, progress->pages_total);
}

static void
print_site_notice (const char *notice, gpointer user_data)
{
    const char *command = user_data;

    fprintf (stderr, "mlarc %s: %s\n", command, notice);
}

static gboolean
check_templates (const char *templates)
{
    if (templates == NULL || g_file_test (templates, G_FILE_TEST_IS_DIR))
        return TRUE;
    fprintf (stderr, "mlarc site: --templates %s: no such folder\n", templates);
    return FALSE;
}

/* The options that shape the site, merged with those recorded in it
 * (mla-site-settings.h): after this, @flags holds what the site uses. */
static int
merge_settings (SiteFlags *flags, const char *command, gboolean quiet)
{
    MlaSiteSetting settings[] = {
        { "title", g_steal_pointer (&flags->title) },
        { "base-url", g_steal_pointer (&flags->base_url) },
        { "templates", flags->templates != NULL
                           ? g_canonicalize_filename (flags->templates, NULL)
                           : NULL },
        { "search", g_steal_pointer (&flags->search) },
        { "addresses", g_steal_pointer (&flags->addresses) },
    };
    g_autoptr (GError) error = NULL;
    gboolean ok;

    if (!check_templates (flags->templates))
        ok = FALSE;
    else
        ok = mla_site_settings_merge (
            flags->output, settings, G_N_ELEMENTS (settings),
            quiet ? NULL : print_site_notice, (gpointer) command, &error);
    flags->title = settings[0].value;
    flags->base_url = settings[1].value;
    g_free (flags->templates);
    flags->templates = settings[2].value;
    flags->search = settings[3].value;
    flags->addresses = settings[4].value;
    if (!ok && error == NULL)
        return MLARC_EXIT_USAGE;
    if (!ok) {
        mlarc_print_error (error);
        return mlarc_exit_status (error);
    }
    return check_templates (flags->templates) ? MLARC_EXIT_OK
                                              : MLARC_EXIT_USAGE;
}

/* @flags checked and merged with the settings recorded in its output
 * folder, as @options (whose strings stay @flags'). */
static int
site_options (SiteFlags *flags, const char *command, gboolean quiet,
              MlaSiteOptions *options)
{
    int status;

    if (flags->search != NULL && strcmp (flags->search, "auto") != 0 &&
        strcmp (flags->search, "yes") != 0 &&
        strcmp (flags->search, "no") != 0) {
        fprintf (stderr, "mlarc: --search takes auto, yes or no, not %s\n",
                 flags->search);
        return MLARC_EXIT_USAGE;
    }
    if (flags->addresses != NULL && strcmp (flags->addresses, "hide") != 0 &&
        strcmp (flags->addresses, "show") != 0) {
        fprintf (stderr, "mlarc: --addresses takes hide or show, not %s\n",
                 flags->addresses);
        return MLARC_EXIT_USAGE;
    }
    if ((status = merge_settings (flags, command, quiet)) != MLARC_EXIT_OK)
        return status;
    memset (options, 0, sizeof *options);
    options->title = flags->title;
    options->base_url = flags->base_url;
    options->templates = flags->templates;
    /* "shown": what sites recorded before --addresses. */
    options->show_addresses = g_strcmp0 (flags->addresses, "show") == 0 ||
                              g_strcmp0 (flags->addresses, "shown") == 0;
    options->jobs = flags->jobs > 0 ? (guint) flags->jobs : 0;
    if (flags->search == NULL || strcmp (flags->search, "auto") == 0)
        options->search = MLA_SITE_SEARCH_AUTO;
    else if (strcmp (flags->search, "yes") == 0)
        options->search = MLA_SITE_SEARCH_YES;
    else if (strcmp (flags->search, "no") == 0)
        options->search = MLA_SITE_SEARCH_NO;
    else {
        fprintf (stderr, "mlarc: --search takes auto, yes or no, not %s\n",
                 flags->search);
        return MLARC_EXIT_USAGE;
    }
    /* The pagefind program to use, when not the one on PATH. */
    options->pagefind = g_getenv ("MLARC_PAGEFIND");
    /* Pages per search index bundle (tests cut small sites into several). */
    if (g_getenv ("MLARC_SEARCH_BUNDLE") != NULL)
        options->search_bundle = (guint) g_ascii_strtoull (
            g_getenv ("MLARC_SEARCH_BUNDLE"), NULL, 10);
    /* And pages per step of the newest bundle (tests make a current tier). */
    if (g_getenv ("MLARC_SEARCH_TIER") != NULL)
        options->search_tier =
            (guint) g_ascii_strtoull (g_getenv ("MLARC_SEARCH_TIER"), NULL, 10);
    if (!quiet && isatty (STDERR_FILENO))
        options->progress = print_progress;
    return MLARC_EXIT_OK;
}

/* What site and host say of the search index. */
static void
print_search (const char *command, const MlaSiteStats *stats)
{
    if (stats->no_pagefind)
        fprintf (stderr,
                 stats->search_kept
                     ? "mlarc %s: pagefind not found, the search index is "
                       "kept as it was, without new messages (npm install "
                       "pagefind@1.6, or set MLARC_PAGEFIND)\n"
                     : "mlarc %s: pagefind not found, the site has no search "
                       "(npm install pagefind@1.6, or set MLARC_PAGEFIND)\n",
                 command);
    if (stats->searchable)
        fprintf (stderr,
                 "mlarc %s: search index: %" G_GUINT64_FORMAT
                 " %s indexed, %" G_GUINT64_FORMAT " unchanged\n",
                 command, stats->periods_indexed,
                 mlarc_plural (stats->periods_indexed, "period", "periods"),
                 stats->periods_kept);
}

static void
print_files (const char *command, const MlaSiteStats *stats)
{
    fprintf (stderr,
             "mlarc %s: %" G_GUINT64_FORMAT " %s written, %" G_GUINT64_FORMAT
             " unchanged, %" G_GUINT64_FORMAT " removed; %" G_GUINT64_FORMAT
             " %s published, %" G_GUINT64_FORMAT " withheld\n",
             command, stats->written,
             mlarc_plural (stats->written, "file", "files"), stats->unchanged,
             stats->removed, stats->published,
             mlarc_plural (stats->published, "message", "messages"),
             stats->withheld);
    if (stats->scoped)
        fprintf (stderr,
                 "mlarc %s: the archive only grew: visited only the pages "
                 "new mail reaches, reading %" G_GUINT64_FORMAT
                 " of %" G_GUINT64_FORMAT " messages\n",
                 command, stats->read, stats->published + stats->withheld);
}

/* After a run: its progress line ended, its error printed. */
static int
run_status (gboolean ok, const MlaSiteOptions *options, const GError *error)
{
    if (options->progress != NULL)
        fputs ("\r", stderr);
    if (ok)
        return MLARC_EXIT_OK;
    mlarc_print_error (error);
    return mlarc_exit_status (error);
}

/* One update of the site, for mla_site_serialize(): the archive is
 * opened again each time, to see what was imported meanwhile. */
typedef struct {
    const char *archive_path;
    const char *output;
    const MlaSiteOptions *options;
    gboolean quiet;
    MlaSiteStats stats; /* the last update's */
} SiteRound;

static gboolean
site_round (gpointer data, GError **error)
{
    SiteRound *round = data;
    g_autoptr (MlaArchive) archive = NULL;
    g_autoptr (MlaOverview) overview = NULL;

    return mlarc_open_overview (round->archive_path, round->quiet, &archive,
                                &overview, error) &&
           mla_site_build (archive, overview, round->output, round->options,
                           &round->stats, error);
}

/* Runs @round through SITE's lock (--wait, --coalesce); its status. */
static int
run_serialized (const char *command, const SiteFlags *flags,
                const MlaSiteOptions *options, MlaSiteRound round,
                gpointer data, gboolean quiet, guint *rounds)
{
    g_autoptr (GError) error = NULL;
    guint wait;
    gboolean ok;
    int status;

    if (!mlarc_wait_seconds (flags->wait, &wait))
        return MLARC_EXIT_USAGE;
    ok = mla_site_serialize (flags->output, MIN (wait, G_MAXUINT / 1000) * 1000,
                             flags->coalesce, mlarc_catch_interrupts (), round,
                             data, rounds, &error);
    if ((status = run_status (ok, options, error)) != MLARC_EXIT_OK)
        return status;
    if (*rounds == 0 && !quiet)
        fprintf (stderr,
                 "mlarc %s: another update of %s is running; it runs again "
                 "for this one\n",
                 command, flags->output);
    else if (*rounds > 1 && !quiet)
        fprintf (stderr,
                 "mlarc %s: updated %u times, for what came in meanwhile\n",
                 command, *rounds);
    return MLARC_EXIT_OK;
}

static int
run_site (const char *archive_path, SiteFlags *flags, gboolean quiet)
{
    MlaSiteOptions options;
    SiteRound round = { archive_path, flags->output, &options, quiet, { 0 } };
    guint rounds = 0;
    int status;

    if ((status = site_options (flags, "site", quiet, &options)) !=
            MLARC_EXIT_OK ||
        (status = run_serialized ("site", flags, &options, site_round, &round,
                                  quiet, &rounds)) != MLARC_EXIT_OK)
        return status;
    if (!quiet && rounds > 0) {
        print_search ("site", &round.stats);
        print_files ("site", &round.stats);
    }
    return MLARC_EXIT_OK;
}

int
mlarc_site_command (int argc, char **argv)
{
    g_autofree char *archive_path = NULL;
    gboolean quiet = FALSE;
    g_auto (SiteFlags) flags = { .wait = -1 };
    const GOptionEntry entries[] = {
        { "archive", 'a', 0, G_OPTION_ARG_FILENAME, &archive_path,
          "Archive folder", "ARCHIVE" },
        SITE_OPTIONS (flags),
        SITE_WAIT_OPTION (flags.wait),
        { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet,
          "No progress and no summary line", NULL },
        { NULL }
    };

    if (!mlarc_parse_options ("site", "",
                              "Builds or updates the static website of ARCHIVE "
                              "in SITE: only the\n"
                              "files whose content changed are written.",
                              entries, &argc, &argv))
        return MLARC_EXIT_USAGE;
    if (archive_path == NULL || flags.output == NULL || argc > 1) {
        fprintf (
            stderr,
            "mlarc site: needs -a ARCHIVE, -o SITE and no other argument\n");
        return MLARC_EXIT_USAGE;
    }
    return run_site (archive_path, &flags, quiet);
}

int
mlarc_build_command (int argc, char **argv)
{
    g_autofree char *archive_path = NULL;
    g_auto (MlarcImportFlags)
        import = { NULL, FALSE, FALSE, NULL, FALSE, 0, -1 };
    g_auto (SiteFlags) flags = { 0 };
    const GOptionEntry entries[] = {
        { "archive", 'a', 0, G_OPTION_ARG_FILENAME, &archive_path,
          "Archive folder (created if missing)", "ARCHIVE" },
        MLARC_IMPORT_OPTIONS (import),
        SITE_OPTIONS (flags),
        { NULL }
    };
    int status;

    if (!mlarc_parse_options ("build", "INPUT...",
                              "Imports each INPUT into ARCHIVE, then builds or "
                              "updates its website\n"
                              "in SITE: mlarc import, then mlarc site.",
                              entries, &argc, &argv))
        return MLARC_EXIT_USAGE;
    if (archive_path == NULL || flags.output == NULL || argc < 2) {
        fprintf (
            stderr,
            "mlarc build: needs -a ARCHIVE, -o SITE and at least one INPUT\n");
        return MLARC_EXIT_USAGE;
    }
    status = mlarc_import_run (archive_path, (const char *const *) argv + 1,
                               &import);
    if (status != MLARC_EXIT_OK)
        return status;
    flags.wait = import.wait;
    return run_site (archive_path, &flags, import.quiet);
}

static void
print_host (const MlaHostStats *stats)
{
    print_search ("host", &stats->sites);
    print_files ("host", &stats->sites);
    fprintf (stderr,
             "mlarc host: %u %s; front page, search and %" G_GUINT64_FORMAT
             " Message-ID %s: %" G_GUINT64_FORMAT " written, %" G_GUINT64_FORMAT
             " unchanged, %" G_GUINT64_FORMAT " removed\n",
             stats->lists, mlarc_plural (stats->lists, "list", "lists"),
             stats->ids, mlarc_plural (stats->ids, "page", "pages"),
             stats->written, stats->unchanged, stats->removed);
}

/* One update of a host, for mla_site_serialize(). */
typedef struct {
    const char *const *archives;
    const char *output;
    MlaHostOptions options;
    MlaHostStats stats; /* the last update's */
} HostRound;

static gboolean
host_round (gpointer data, GError **error)
{
    HostRound *round = data;

    return mla_host_build (round->archives, round->output, &round->options,
                           &round->stats, error);
}

int
mlarc_host_command (int argc, char **argv)
{
    gboolean quiet = FALSE;
    g_autofree char *list_file = NULL;
    g_auto (GStrv) listed = NULL;
    g_autoptr (GPtrArray) archives = g_ptr_array_new ();
    g_auto (SiteFlags) flags = { .wait = -1 };
    const GOptionEntry entries[] = {
        SITE_OPTIONS (flags),
        SITE_WAIT_OPTION (flags.wait),
        { "lists", 0, 0, G_OPTION_ARG_FILENAME, &list_file,
          "A file naming the archives, one a "
          "line (taken before any ARCHIVE)",
          "FILE" },
        { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet,
          "No progress and no summary", NULL },
        { NULL }
    };
    MlaSiteOptions site;
    HostRound round = { 0 };
    g_autoptr (GError) error = NULL;
    guint rounds = 0;
    int status;

    if (!mlarc_parse_options (
            "host", "ARCHIVE...",
            "Builds or updates one site of many lists in WWW (given as -o): "
            "each ARCHIVE's\n"
            "site in WWW/LIST/ (LIST: the first label of its List-Id, else "
            "its folder's\n"
            "name), a front page of the lists, WWW/r/MESSAGE-ID/ pages that "
            "lead to the\n"
            "message in each list, and a search across the lists. SITE is "
            "WWW; --title\n"
            "is the front page's (default: Mailing lists; each list's site "
            "is titled by its\n"
            "List-Id), --base-url the host's (each list's site is at "
            "URL/LIST/); the other\n"
            "options apply to every list's site.",
            entries, &argc, &argv))
        return MLARC_EXIT_USAGE;
    if (flags.output == NULL || (argc < 2 && list_file == NULL)) {
        fprintf (stderr, "mlarc host: needs -o WWW and at least one ARCHIVE "
                         "or --lists FILE\n");
        return MLARC_EXIT_USAGE;
    }
    if (list_file != NULL &&
        (listed = mla_host_read_lists (list_file, &error)) == NULL) {
        mlarc_print_error (error);
        return MLARC_EXIT_USAGE;
    }
    for (guint i = 0; listed != NULL && listed[i] != NULL; i++)
        g_ptr_array_add (archives, listed[i]);
    for (int i = 1; i < argc; i++)
        g_ptr_array_add (archives, argv[i]);
    g_ptr_array_add (archives, NULL);
    if ((status = site_options (&flags, "host", quiet, &site)) != MLARC_EXIT_OK)
        return status;
    round.archives = (const char *const *) archives->pdata;
    round.output = flags.output;
    round.options = (MlaHostOptions){ site.title,
                                      site.base_url,
                                      site.templates,
                                      site.show_addresses,
                                      site.jobs,
                                      site.search,
                                      site.pagefind,
                                      site.search_bundle,
                                      site.search_tier,
                                      site.progress,
                                      NULL };
    if ((status = run_serialized ("host", &flags, &site, host_round, &round,
                                  quiet, &rounds)) != MLARC_EXIT_OK)
        return status;
    if (!quiet && rounds > 0)
        print_host (&round.stats);
    return MLARC_EXIT_OK;
}
