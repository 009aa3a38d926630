/* mla-site-settings.h: the options that shape a site (title, base URL,
 * templates, search, address policy), recorded in the site folder on
 * first use and reused by later runs, so that an update made without
 * them neither rewrites every page nor loses the feeds' absolute links. */
#pragma once
#include <gio/gio.h>
#include "mla-api.h"
#include "mla-archive.h"

G_BEGIN_DECLS

/* The file, in the site folder. */
#define MLA_SITE_SETTINGS_FILE ".mlarc-site.settings"

/* One setting: its name in the file, and its value (a string owned by
 * the caller's g_free; NULL when not given). */
typedef struct MlaSiteSetting {
    const char *name;
    char *value;
} MlaSiteSetting;

/* Merges @settings with those recorded in @site (a folder, created when
 * missing): a setting not given (NULL) takes the recorded value, if any;
 * one given with another value than the recorded one replaces it, and
 * @notice (nullable) hears "NAME changed from OLD to NEW". The file is
 * rewritten, atomically, only when something changed. */
MLA_API gboolean mla_site_settings_merge (const char *site,
                                          MlaSiteSetting *settings,
                                          gsize n_settings,
                                          MlaNoticeFunc notice,
                                          gpointer notice_data, GError **error);

G_END_DECLS
