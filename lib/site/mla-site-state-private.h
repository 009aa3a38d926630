/* mla-site-state-private.h: SITE/.mlarc-site.state, what the last build
 * was made from (the overview's generation, the theme, the options that
 * shape pages, Pagefind's version, the program's) as one key, and what it
 * counted. A run whose key is the recorded one has nothing to do: it stops
 * before reading the messages, the manifest or the site's files. */
#pragma once
#include "mla-folder-private.h"
#include <glib.h>
#include "mla-site.h"

G_BEGIN_DECLS

/* The file, in the site folder. */
#define MLA_SITE_STATE_FILE MLA_SITE_MANIFEST ".state"

/* The key of a build: @generation from mla_overview_get_generation(),
 * @theme from mla_site_render_theme(), @options as given (nullable),
 * @pagefind_version nullable (no search). Returns: (transfer full). */
char *mla_site_state_key (const char *generation, const char *theme,
                          const MlaSiteOptions *options,
                          const char *pagefind_version);

/* Whether the site in @site was built whole from @key: the state file
 * says so, the manifest is there and no run was killed part way. Then
 * @stats gets the counts of that build, as files left unchanged. */
gboolean mla_site_state_current (MlaFolder *site, const char *key,
                                 MlaSiteStats *stats);

/* What an update needs to know of the last build to visit only what
 * changed since (mla-site-scope.c): the key it was made with but for the
 * generation's count (same epoch, theme, options), the highest overview
 * row it showed, what it counted, and its identity. */
typedef struct {
    char *path; /* "YYYY/MM" */
    guint messages;
    guint threads;
} MlaSiteMonthCount;

/* The thread a timetable's slot links to, as a build left it: the slot
 * @slot of the agenda @position of the message in overview row @row. */
typedef struct {
    gint64 row;
    guint position, slot;
    char *thread;
    double score; /* how like the slot's title (mla_agenda_linker_match()) */
} MlaSiteLinkCount;

/* One bundle of the search index (MlaSitePeriod) as a build left it. */
typedef struct {
    char *name;
    guint pages;
    char *signature;
} MlaSiteBundleCount;

typedef struct {
    guint64 max_row;   /* rows above it are new */
    guint64 published; /* messages with a page */
    guint64 withheld;
    guint64 aliases;   /* thread aliases (threads merged) */
    char identity[65]; /* hex SHA-256 of what every page shows of the site
                        * that no option fixes (mla_site_identity()) */
    /* What pages count over the whole archive, for an update that reads
     * part of it (mla-site-partial.c); has_counts FALSE in a state
     * written before they were recorded. */
    gboolean has_counts;
    guint64 threads;    /* threads with a published message */
    char *list_id;      /* nullable: the List-Id most messages carry */
    guint64 list_count; /* how many carry it, withheld ones included */
    GArray *months;     /* MlaSiteMonthCount, every month with mail, in
                         * order */
    GPtrArray *lists;   /* char *: the List-Ids of published messages */
    GArray *bundles;    /* nullable (no search index): MlaSiteBundleCount,
                         * newest first */
    guint cut[2];       /* the pages per bundle and per tier they were cut
                         * with (mla_site_search_cut()) */
    GArray *links;      /* nullable (none recorded): MlaSiteLinkCount */
} MlaSiteMark;

/* Returns: (transfer full): an empty array of MlaSiteBundleCount that
 * frees what its elements hold. */
GArray *mla_site_bundle_counts_new (void);
/* The same for MlaSiteLinkCount. */
GArray *mla_site_link_counts_new (void);

void mla_site_mark_clear (MlaSiteMark *mark);

/* The key of a build's shape: mla_site_state_key() with the epoch of
 * @generation instead of the whole generation. Returns: (transfer full). */
char *mla_site_state_shape (const char *generation, const char *theme,
                            const MlaSiteOptions *options,
                            const char *pagefind_version);

/* Whether the site in @site was built whole with the shape @shape and is
 * complete (its manifest there, no run killed part way); then @mark gets
 * what that build recorded. */
gboolean mla_site_state_read_mark (MlaFolder *site, const char *shape,
                                   MlaSiteMark *mark);

/* Records that the site in @site is now built from @key (of the shape
 * @shape), with @stats and @mark (both nullable: a host records none). */
gboolean mla_site_state_save (MlaFolder *site, const char *key,
                              const char *shape, const MlaSiteStats *stats,
                              const MlaSiteMark *mark, GError **error);

G_END_DECLS
