/* mla-host.h: many lists on one site (mlarc host): each archive's site
 * in a folder of its own, WWW/LIST/, made by mla_site_build(); a front
 * page of the lists; a page per Message-ID, WWW/r/ID/, that leads to the
 * message in each list that has it; and a search across the lists. The
 * host's own files go through the same manifest as a site's, so an
 * update writes only what changed and removes what is no longer made. */
#pragma once
#include "mla-site.h"

G_BEGIN_DECLS

typedef struct MlaHostOptions {
    const char *title;     /* nullable: the front page's; "Mailing lists" */
    const char *base_url;  /* nullable: the host's URL; a list's site has
                            * BASE/LIST/ as its own */
    const char *templates; /* nullable: as MlaSiteOptions */
    gboolean show_addresses;
    guint jobs;
    MlaSiteSearch search;
    const char *pagefind;
    guint search_bundle;
    guint search_tier;
    MlaSiteProgressFunc progress; /* nullable: each list's pages */
    gpointer progress_data;
} MlaHostOptions;

typedef struct MlaHostStats {
    guint lists;
    MlaSiteStats sites; /* the lists' sites, added up */
    guint64 ids;        /* Message-IDs with a page under r/ */
    guint64 written;    /* the host's own files (front page, r/, search) */
    guint64 unchanged;
    guint64 removed;
    gboolean searchable; /* the host has a search page across lists */
} MlaHostStats;

/* The name of a list's folder under the host: the first label of
 * @list_id (nullable; "linux-kernel" of "linux-kernel.vger.kernel.org"),
 * lower-cased, else the base name of @archive_path; a single safe path
 * segment (letters, digits, '-', '_', '.'; not first), none of the
 * host's own names ("r", "index.html", "style.css", "search.html",
 * "search.js"). Returns: (transfer full) (nullable): NULL with @error set
 * when neither gives one. */
MLA_API char *mla_host_list_name (const char *list_id, const char *archive_path,
                                  GError **error);

/* The archives a list file names (mlarc host --lists FILE): one folder
 * per line, relative to @path's folder unless absolute; blank lines and
 * lines starting with '#' are skipped, white space around a name
 * dropped. Returns: (transfer full) (nullable): a NULL-terminated array,
 * NULL with @error set when @path cannot be read or names no archive. */
MLA_API char **mla_host_read_lists (const char *path, GError **error);

/* Builds or updates the site of each archive of @archives (paths,
 * NULL-terminated) under @output/NAME/ (mla_host_list_name()), then the
 * front page, the r/ pages and the search across lists in @output. Two
 * archives with one name are an error, before anything is written.
 * @options and @out_stats nullable. */
MLA_API gboolean mla_host_build (const char *const *archives,
                                 const char *output,
                                 const MlaHostOptions *options,
                                 MlaHostStats *out_stats, GError **error);

G_END_DECLS
