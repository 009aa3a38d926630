/* mla-site-time-private.h: the dates pages show, from seconds since the
 * epoch. Owned by the site layer (mla-site-model.c). */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

typedef enum {
    MLA_SITE_UTC_MINUTE, /* "%Y-%m-%d %H:%M" */
    MLA_SITE_UTC_SECOND, /* "%Y-%m-%d %H:%M:%S UTC" */
    MLA_SITE_UTC_ISO,    /* "%Y-%m-%dT%H:%M:%SZ" (ISO 8601) */
} MlaSiteUtcForm;

/* @date at @offset_minutes east of UTC, in g_date_time_format()'s
 * @format; "?" outside GDateTime's years 1 to 9999. Returns: (transfer
 * full). */
char *mla_site_format_time (gint64 date, int offset_minutes,
                            const char *format);

/* @date in UTC as mla_site_format_time() writes @form, the year unpadded
 * as it does. Returns: (transfer full). */
char *mla_site_format_utc (gint64 date, MlaSiteUtcForm form);

G_END_DECLS
