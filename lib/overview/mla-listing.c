/* mla-listing.c: the columns of the terminal listings (mlarc threads,
 * mlarc search). */
#include "config.h"
#include "mla-listing-private.h"

/* Days to a civil date as in Howard Hinnant's civil_from_days. */
void
mla_listing_format_date (gint64 date, gboolean iso, char out[32])
{
    gint64 days = date >= 0 ? date / 86400 : (date - 86399) / 86400;
    gint64 secs = date - days * 86400;
    gint64 z = days + 719468;
    gint64 era = (z >= 0 ? z : z - 146096) / 146097;
    gint64 doe = z - era * 146097;
    gint64 yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    gint64 doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    gint64 mp = (5 * doy + 2) / 153;
    gint64 d = doy - (153 * mp + 2) / 5 + 1;
    gint64 m = mp < 10 ? mp + 3 : mp - 9;
    gint64 y = yoe + era * 400 + (m <= 2);

    if (iso)
        g_snprintf (out, 32,
                    "%04" G_GINT64_FORMAT "-%02" G_GINT64_FORMAT
                    "-%02" G_GINT64_FORMAT "T%02d:%02d:%02dZ",
                    y, m, d, (int) (secs / 3600), (int) (secs / 60 % 60),
                    (int) (secs % 60));
    else
        g_snprintf (out, 32,
                    "%04" G_GINT64_FORMAT "-%02" G_GINT64_FORMAT
                    "-%02" G_GINT64_FORMAT " %02d:%02d",
                    y, m, d, (int) (secs / 3600), (int) (secs / 60 % 60));
}

void
mla_listing_append_column (GString *line, const char *text, guint width)
{
    guint count = 0;
    const char *p = text;

    while (*p != '\0' && (width == 0 || count < width)) {
        guchar byte = (guchar) *p;
        gunichar c;

        /* Most of a listing is ASCII: no decoding for it. */
        if (byte < 0x80) {
            g_string_append_c (line,
                               byte < 0x20 || byte == 0x7f ? ' ' : (char) byte);
            p++;
            count++;
            continue;
        }
        c = g_utf8_get_char_validated (p, -1);
        if (c == (gunichar) -1 || c == (gunichar) -2) {
            g_string_append_unichar (line, 0xfffd);
            p++;
        } else {
            g_string_append_unichar (line, g_unichar_iscntrl (c) ? ' ' : c);
            p = g_utf8_next_char (p);
        }
        count++;
    }
    for (; count < width; count++)
        g_string_append_c (line, ' ');
}
