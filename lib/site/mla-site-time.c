/* mla-site-time.c: the dates pages show (mla-site-time-private.h). */
#include "config.h"
#include "mla-site-time-private.h"

char *
mla_site_format_time (gint64 date, int offset_minutes, const char *format)
{
    g_autoptr (GTimeZone) zone = g_time_zone_new_offset (offset_minutes * 60);
    g_autoptr (GDateTime) utc = g_date_time_new_from_unix_utc (date);
    g_autoptr (GDateTime) local =
        utc != NULL ? g_date_time_to_timezone (utc, zone) : NULL;

    return local != NULL ? g_date_time_format (local, format) : g_strdup ("?");
}

/* Not g_date_time_format(): a thread's tree on each of its message pages
 * dates every message it shows, and a time zone made and a format parsed
 * for each cost 3% of a build. */
char *
mla_site_format_utc (gint64 date, MlaSiteUtcForm form)
{
    g_autoptr (GDateTime) t = g_date_time_new_from_unix_utc (date);
    int y, m, d, hour, minute, second;

    if (t == NULL)
        return g_strdup ("?");
    g_date_time_get_ymd (t, &y, &m, &d);
    hour = g_date_time_get_hour (t);
    minute = g_date_time_get_minute (t);
    second = g_date_time_get_second (t);
    switch (form) {
    case MLA_SITE_UTC_MINUTE:
        return g_strdup_printf ("%d-%02d-%02d %02d:%02d", y, m, d, hour,
                                minute);
    case MLA_SITE_UTC_SECOND:
        return g_strdup_printf ("%d-%02d-%02d %02d:%02d:%02d UTC", y, m, d,
                                hour, minute, second);
    case MLA_SITE_UTC_ISO:
    default:
        return g_strdup_printf ("%d-%02d-%02dT%02d:%02d:%02dZ", y, m, d, hour,
                                minute, second);
    }
}
