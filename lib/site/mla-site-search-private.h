/* mla-site-search-private.h: the site's search index, made by Pagefind
 * (an external program, run with GSubprocess) one period at a time: the
 * message pages of each period are linked into a staging folder, Pagefind
 * indexes them, and its bundle goes through the files module into
 * SITE/pagefind/PERIOD/, so that the manifest keeps a period whose
 * signature did not change and removes what is no longer made. The search page
 * merges the bundles in the browser (Pagefind's mergeIndex). */
#pragma once
#include "mla-site-files-private.h"
#include "mla-site-private.h"

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

/* The index bundles of @site's message pages, newest first: a period's
 * pages in archive order, @bundle pages a bundle (MLA_SITE_SEARCH_BUNDLE;
 * the tests use fewer). The first bundle of a period is named as the
 * period, the next ones PERIOD.001, PERIOD.002... Call once every page is
 * made. Returns: (transfer full): of MlaSitePeriod *. */
GPtrArray *mla_site_search_periods (MlaSite *site, guint bundle);

/* Makes the index bundle of each period of @periods whose signature
 * changed (each period's must be set); keeps the others. Adds to @stats'
 * period counts. */
gboolean mla_site_search_index (MlaSiteFiles *files, GPtrArray *periods,
                                const char *pagefind, MlaSiteStats *stats,
                                GError **error);

G_END_DECLS
