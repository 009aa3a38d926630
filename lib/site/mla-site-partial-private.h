/* mla-site-partial-private.h: an update that reads only the rows its
 * pages show. When the archive only grew by a few messages since the
 * last build (mla-site-scope-private.h says what that build may keep),
 * the pages to visit are found by indexed look-ups instead of from the
 * whole archive: the threads the new messages joined, their neighbours by
 * date, the months they touch, the newest threads and messages. Those
 * threads are loaded whole, threaded as a closed subset (which the
 * overview checks against what it stored), and what pages count over the
 * whole archive comes from what the last build recorded (MlaSiteMark).
 * Whatever it cannot vouch for sends the build back to reading
 * everything. Owned by the site layer; asks only the overview. */
#pragma once
#include <glib.h>
#include "mla-site-private.h"
#include "mla-site-scope-private.h"
#include "mla-site-state-private.h"

G_BEGIN_DECLS

/* Loads into @site (as mla_site_init() does) only what an update since
 * @before (nullable) needs, and gives in @out_scope what it visits.
 * @searchable: the site's search index is made again (then the last
 * build must have recorded its bundles: mla-site-search.c reads the
 * pages of the periods the update touches). Returns FALSE on an error; TRUE
 * with
 * *@out_scope NULL when the update must read everything (@site is then
 * cleared), with @out_reason (nullable) saying why. */
gboolean mla_site_init_partial (MlaSite *site, MlaArchive *archive,
                                MlaOverview *overview,
                                const MlaSiteOptions *options,
                                const MlaSiteMark *before, gboolean searchable,
                                MlaSiteScope **out_scope,
                                const char **out_reason, GError **error);

G_END_DECLS
