/* mla-site.h: the static website of an archive: home, month, thread and
 * message pages, feeds, downloads, built from the overview (never by
 * re-parsing mail) through XSLT stylesheets (data/site/), and updated in
 * place: a manifest of what every file holds lets a rebuild write only the
 * files whose bytes change and remove those no longer made. */
#pragma once
#include <gio/gio.h>
#include "mla-api.h"
#include "mla-archive.h"
#include "mla-overview.h"

G_BEGIN_DECLS

/* The manifest, in the site folder. */
#define MLA_SITE_MANIFEST ".mlarc-site"

typedef struct MlaSiteProgress {
    guint64 pages_done;
    guint64 pages_total;
} MlaSiteProgress;

typedef void (*MlaSiteProgressFunc) (const MlaSiteProgress *progress,
                                     gpointer user_data);

/* Whether the site gets a search page and a Pagefind index. */
typedef enum {
    MLA_SITE_SEARCH_AUTO, /* when pagefind is found */
    MLA_SITE_SEARCH_YES,  /* pagefind not found is an error */
    MLA_SITE_SEARCH_NO,
} MlaSiteSearch;

typedef struct MlaSiteOptions {
    const char
        *title; /* nullable: else the list's List-Id, else the folder name */
    const char
        *base_url; /* nullable: absolute URL of the site, for the feeds */
    const char
        *templates; /* nullable: a folder whose files replace data/site/ ones */
    gboolean
        show_addresses; /* else addresses are shown as "user at example.org" */
    guint jobs;         /* pages made at once; 0: one per processor */
    MlaSiteSearch search;
    const char *pagefind; /* nullable: the pagefind program; else (and when
                           * "") found as mla_site_find_pagefind() says */
    guint search_bundle;  /* pages a search index bundle holds at most; 0:
                           * MLA_SITE_SEARCH_BUNDLE (2,000) */
    guint search_tier;    /* pages the newest bundle grows by at a time (its
                           * current tier holds fewer); 0:
                           * MLA_SITE_SEARCH_TIER (250) */
    MlaSiteProgressFunc progress;
    gpointer progress_data;
    const char *up; /* nullable: the way from the site's folder to the front
                     * page of a host of lists ("../"), which every page
                     * then links to (mla-host.h) */
} MlaSiteOptions;

typedef struct MlaSiteStats {
    guint64 written;         /* files whose bytes changed or that are new */
    guint64 unchanged;       /* files left as they were (bytes and mtime) */
    guint64 removed;         /* files of the last build no longer made */
    guint64 published;       /* messages with a page */
    guint64 withheld;        /* messages not published (X-No-Archive: yes) */
    gboolean searchable;     /* the site has a search page and its index */
    gboolean no_pagefind;    /* search was MLA_SITE_SEARCH_AUTO and pagefind
                              * was not found: the site has no search, or
                              * keeps the last one (search_kept) */
    gboolean search_kept;    /* no_pagefind, and the search page and index
                              * of the last build were kept as they were */
    guint64 periods_indexed; /* search index periods made again */
    guint64 periods_kept;    /* those whose messages did not change */
    gboolean scoped;         /* the archive only grew: only the pages its
                              * new messages reach were visited */
    guint64 read;            /* messages read from the overview: all of
                              * them, or when scoped maybe only those the
                              * visited pages show */
} MlaSiteStats;

/* The pagefind program for a site's search: @explicit when given (it
 * must exist), else `pagefind` on PATH, else node_modules/.bin/pagefind
 * under the current folder (where `npm install pagefind` puts it).
 * @explicit nullable, not "". Returns: (transfer full) (nullable): NULL
 * when there is none. */
MLA_API char *mla_site_find_pagefind (const char *explicit);

/* Writes each agenda of @agendas (MlaAgenda *) to @out as a complete
 * HTML5 page that needs no other file: the site's timetable (a table per
 * day, parallel rooms as columns) made by its agenda.xsl, with the
 * built-in style.css inlined in a <style> element that the page's
 * Content-Security-Policy allows by its SHA-256 hash, no links to the rest
 * of a site. Pages follow one another. The agenda formats take it as
 * MlaAgendaWriteOptions.html. Fails when a stylesheet fails or writing to
 * @out fails. */
MLA_API gboolean mla_site_agenda_write_pages (GPtrArray *agendas,
                                              GOutputStream *out,
                                              GError **error);

/* Builds or updates the site of @archive in the folder @output (created
 * when missing). Nothing is written outside it, and symbolic links already
 * in it are not followed. @options and @out_stats nullable. Two builds
 * of one folder must not run at once: see mla_site_serialize(). */
MLA_API gboolean mla_site_build (MlaArchive *archive, MlaOverview *overview,
                                 const char *output,
                                 const MlaSiteOptions *options,
                                 MlaSiteStats *out_stats, GError **error);

/* One update of a site folder at a time: mla_site_build() and
 * mla_host_build() leave it to their callers to run them through this. */
typedef gboolean (*MlaSiteRound) (gpointer user_data, GError **error);

/* Runs @round, an update of the site in the folder @output (made when
 * missing), under the folder's lock (@output/.mlarc-site.lock), waiting
 * @wait_ms milliseconds at most for another update to let it go (an
 * error MLA_ERROR_LOCKED when it does not; MLA_ERROR_TEMPORARY when
 * @cancellable, nullable, is cancelled first). With @hand_over, a lock
 * held by another update is not waited for: a mark is left
 * (@output/.mlarc-site.pending) and the call returns TRUE at once with
 * *@out_rounds 0, since whichever update holds the lock runs @round
 * again when it finds the mark. Every caller holding the lock does: it
 * runs @round again while a mark was made during the last round, and
 * takes the lock again for a mark made as it let it go, for @wait_ms
 * after it had the lock; a mark made later is left to the next caller.
 * So once every caller has returned within that time, an update has
 * started after each mark was made. @out_rounds (nullable) gets how many
 * times @round ran. */
MLA_API gboolean mla_site_serialize (const char *output, guint wait_ms,
                                     gboolean hand_over,
                                     GCancellable *cancellable,
                                     MlaSiteRound round, gpointer user_data,
                                     guint *out_rounds, GError **error);

G_END_DECLS
