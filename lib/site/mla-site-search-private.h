/* mla-site-search-private.h: the site's search index, made by Pagefind
 * (an external program, run with GSubprocess) one bundle at a time (a
 * period's pages, cut into bundles and a current tier as
 * mla_site_search_cut() says): the message pages of each bundle are
 * linked into a staging folder, Pagefind indexes them, and its bundle goes
 * through the files module into SITE/pagefind/PERIOD/, so that the manifest
 * keeps a period whose signature did not change and removes what is no longer
 * made. The search page merges the bundles in the browser (Pagefind's
 * mergeIndex). */
#pragma once
#include "mla-site-files-private.h"
#include "mla-site-private.h"
#include "mla-site-state-private.h"

G_BEGIN_DECLS

/* The list of a site's index bundles, one "NAME PAGES" line each, newest
 * first: what a search page across sites loads (mla-host.c). */
#define MLA_SITE_SEARCH_INDEXES "search-indexes.txt"

/* Removes what an indexing run killed part way left in the site folder
 * @site. */
void mla_site_search_clean (MlaFolder *site);

/* Finds pagefind (@explicit, nullable, else as mla_site_find_pagefind()
 * says) and its version line (`pagefind --version`, part of every
 * period's signature). Without one, *@out_pagefind is NULL, an error only
 * when @required or @explicit was given. @out_pagefind, @out_version:
 * (out) (transfer full) (nullable). */
gboolean mla_site_search_prepare (gboolean required, const char *explicit,
                                  char **out_pagefind, char **out_version,
                                  GError **error);

/* The suffix of a period's current tier: "2005-03.new" (search.js opens
 * the newest period's with the bundle before it, as one). */
#define MLA_SITE_SEARCH_TIER_NAME ".new"

/* How a period of @pages message pages (in archive order) is cut into
 * index bundles: the sizes of its bundles, oldest first. Full bundles of
 * @bundle pages, then the open one, which holds a multiple of @tier pages,
 * and the rest (fewer than @tier) is the current tier, last (*@out_tier
 * is then TRUE); an open part under @tier stays whole. A pure function of
 * the size, so that an update cuts as a full build does. Returns:
 * (transfer full): of guint. */
GArray *mla_site_search_cut (guint pages, guint bundle, guint tier,
                             gboolean *out_tier);

/* The index bundles of @site's message pages, newest first, as
 * mla_site_search_cut() cuts each period (@bundle, @tier: 0 for
 * MLA_SITE_SEARCH_BUNDLE and MLA_SITE_SEARCH_TIER; the tests use fewer).
 * The first bundle of a period is named as the period, the next ones
 * PERIOD.001, PERIOD.002..., the current tier PERIOD.new. Call once every
 * page is made. Returns: (transfer full): of MlaSitePeriod *. */
GPtrArray *mla_site_search_periods (MlaSite *site, guint bundle, guint tier);

/* The same for a site that holds part of the archive
 * (mla-site-partial.c), after its pages are made: a period with no new
 * page (@is_new, per entry) and no page made again keeps the bundles @old
 * (of the last build) recorded, unlisted (kept); the pages of the
 * others are read from the overview. Returns: (transfer full)
 * (nullable). */
GPtrArray *mla_site_search_periods_partial (MlaSite *site, MlaSiteFiles *files,
                                            const guint8 *is_new, GArray *old,
                                            guint bundle, guint tier,
                                            GError **error);

/* Makes the index bundle of each period of @periods whose signature
 * changed (each period's must be set); keeps the others. Adds to @stats'
 * period counts. */
gboolean mla_site_search_index (MlaSiteFiles *files, GPtrArray *periods,
                                const char *pagefind, MlaSiteStats *stats,
                                GError **error);

G_END_DECLS
