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

/* Records that the site in @site is now built from @key, with @stats. */
gboolean mla_site_state_save (MlaFolder *site, const char *key,
                              const MlaSiteStats *stats, GError **error);

G_END_DECLS
