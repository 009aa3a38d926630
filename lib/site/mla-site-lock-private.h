/* mla-site-lock-private.h: what a site update tells the loop that runs it
 * (mla-site-lock.c, mla_site_serialize()). Owned by the site layer. */
#pragma once
#include "mla-overview.h"
#include "mla-site.h"

G_BEGIN_DECLS

/* After a failed update that began when @overview's generation was
 * @generation (nullable): when the archive changed since (the generation
 * moved, or a rebuild replaced the file) and the failure
 * was a read of the archive (a compaction deleted the volumes it merged,
 * after the update had read the index), @error becomes MLA_ERROR_CHANGED,
 * which mla_site_serialize() answers by running the update again.
 * Returns: FALSE, for a failure in one statement. */
gboolean mla_site_blame_writer (MlaOverview *overview, const char *generation,
                                GError **error);

G_END_DECLS
