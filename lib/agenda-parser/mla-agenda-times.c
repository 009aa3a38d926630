/* mla-agenda-times.c: times and dates of the agenda parser: 12-hour
 * resolution, ranges, "0800" and "noon" forms, weekday and date
 * resolution, the year of a text. */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <stdlib.h>
#include <string.h>
#include "mla-agenda-times-private.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-builder-private.h"

/* The longest slot a 12-hour end may make by reading it after noon. */
#define RANGE_MAX_12H_MINUTES (11 * 60)

int
mla_agenda_resolve_clock (const MlaClock *clock, int previous, gboolean all_24h)
{
    int h = clock->hour % 12;
    int low, high;

    switch (clock->suffix) {
    case MLA_CLOCK_AM:
        return h * 60 + clock->minute;
    case MLA_CLOCK_PM:
        return (h + 12) * 60 + clock->minute;
    case MLA_CLOCK_24H:
        return clock->hour * 60 + clock->minute;
    case MLA_CLOCK_NONE:
    default:
        break;
    }
    if (all_24h || clock->hour >= 13)
        return clock->hour * 60 + clock->minute;
    /* 12 o'clock is noon in a day's programme. */
    low = (clock->hour == 12 ? 12 : h) * 60 + clock->minute;
    high = clock->hour == 12 ? low : low + 12 * 60;
    if (previous < 0)
        return clock->hour < 7 ? high : low; /* nobody meets at 1:30 am */
    if (low >= previous)
        return low;
    if (high >= previous)
        return high;
    return low;
}

void
mla_agenda_resolve_range (const MlaClock *start, const MlaClock *end,
                          int previous, gboolean all_24h, int *out_start,
                          int *out_end)
{
    MlaClock guess = *start;
    int e, s;

    if (end->suffix == MLA_CLOCK_AM && end->hour == 12 &&
        (start->suffix == MLA_CLOCK_NONE || start->suffix == MLA_CLOCK_AM)) {
        /* "11:15 - 12:00am": nobody ends a morning at midnight. */
        MlaClock noon = *end;

        noon.suffix = MLA_CLOCK_PM;
        e = mla_agenda_resolve_clock (&noon, -1, all_24h);
    } else {
        e = -2;
    }
    if (start->suffix == MLA_CLOCK_NONE && !all_24h && start->hour < 13 &&
        (end->suffix == MLA_CLOCK_AM || end->suffix == MLA_CLOCK_PM)) {
        if (e == -2)
            e = mla_agenda_resolve_clock (end, previous, all_24h);
        guess.suffix = end->suffix;
        s = mla_agenda_resolve_clock (&guess, previous, all_24h);
        if (s > e) {
            guess.suffix =
                end->suffix == MLA_CLOCK_PM ? MLA_CLOCK_AM : MLA_CLOCK_PM;
            s = mla_agenda_resolve_clock (&guess, previous, all_24h);
        }
        if (s > e || (previous >= 0 && s < previous - 60))
            s = mla_agenda_resolve_clock (start, previous,
                                          all_24h); /* "3:30 - 3:15pm" */
    } else {
        s = mla_agenda_resolve_clock (start, previous, all_24h);
        if (e == -2)
            e = mla_agenda_resolve_clock (end, s, all_24h);
        /* "11:15 - 11:00": no end reads twelve hours on to make a slot of
         * eleven hours or more; it is an end written before the start */
        if (end->suffix == MLA_CLOCK_NONE && e - s > RANGE_MAX_12H_MINUTES)
            e = mla_agenda_resolve_clock (end, -1, all_24h);
    }
    *out_start = s;
    *out_end = e;
}

int
mla_agenda_minutes_of (const char *hhmm)
{
    return hhmm[0] == '\0' ? -1 : atoi (hhmm) * 60 + atoi (hhmm + 3);
}

void
mla_agenda_format_minutes (int minutes, char out[6])
{
    g_snprintf (out, 6, "%02d:%02d", (minutes / 60) % 24, minutes % 60);
}

/* "23:00 Pizza" then "01:00 Games": the night goes on, the day stays. */
gboolean
mla_agenda_runs_past_midnight (int previous, int start)
{
    return previous >= NIGHT_FROM && start < NIGHT_UNTIL;
}

/* an evening's range may end in the small hours of the next day */
#define EVENING_FROM (17 * 60)

/* "19h00-02h00": the end, before the start, is the next day's */
static gboolean
ends_next_day (int s, int e)
{
    return e >= 0 && e < s && s >= EVENING_FROM && e <= NIGHT_UNTIL;
}

void
mla_agenda_set_end (char end[6], int s, int e)
{
    if (e > s || ends_next_day (s, e))
        mla_agenda_format_minutes (e, end);
}

void
mla_agenda_format_date (GDateTime *date, char out[11])
{
    g_snprintf (out, 11, "%04d-%02d-%02d", g_date_time_get_year (date),
                g_date_time_get_month (date),
                g_date_time_get_day_of_month (date));
}

gboolean
mla_agenda_resolve_weekday (GDateTime *reference, int weekday, char out[11])
{
    g_autoptr (GDateTime) date = NULL;

    out[0] = '\0';
    if (reference == NULL || weekday < 1 || weekday > 7)
        return FALSE;
    date = g_date_time_add_days (
        reference, (weekday - g_date_time_get_day_of_week (reference) + 7) % 7);
    mla_agenda_format_date (date, out);
    return TRUE;
}

gboolean
mla_agenda_resolve_date (GDateTime *reference, int year, int month,
                         int day_of_month, char out[11])
{
    out[0] = '\0';
    if (year == 0) {
        if (reference == NULL)
            return FALSE;
        year = g_date_time_get_year (reference);
        /* A programme is sent before the meeting: a date far behind the
         * mail's date belongs to the next year. */
        if (month * 31 + day_of_month + 183 <
            g_date_time_get_month (reference) * 31 +
                g_date_time_get_day_of_month (reference))
            year++;
    }
    if (!g_date_valid_dmy (day_of_month, month, year))
        return FALSE;
    g_snprintf (out, 11, "%04d-%02d-%02d", year, month, day_of_month);
    return TRUE;
}

/* Returns: (transfer full) (nullable): noon of the day after @date
 * ("YYYY-MM-DD"), NULL for "". */
GDateTime *
mla_agenda_day_after (const char *date)
{
    g_autoptr (GDateTime) day = NULL;

    if (date[0] == '\0')
        return NULL;
    day = g_date_time_new_utc (atoi (date), atoi (date + 5), atoi (date + 8),
                               12, 0, 0);
    return day != NULL ? g_date_time_add_days (day, 1) : NULL;
}

/* Whether "HHMM" is a plausible 24-hour time of a programme: a valid
 * clock on a five-minute step. */
static gboolean
military_clock (const char *hh, const char *mm)
{
    int h = atoi (hh), m = atoi (mm);

    return h <= 23 && m <= 59 && m % 5 == 0;
}

/* A "HHMM-HHMM" range is at most this long: "1000-1700" is a day of
 * registration; "1200-2000" is more likely a span of years. */
#define MILITARY_MAX_SPAN (10 * 60)
/* "1800  Doors open" lines that make a text one of such times */
#define MILITARY_MIN_LINES 3

/* Whether a "HHMM-HHMM" match is a time range, not a span of years
 * ("2010-2015"): both ends plausible, a later end within
 * MILITARY_MAX_SPAN (or the next day's small hours: "1900-0100"), and not
 * both 19xx or 20xx. */
static gboolean
military_range_ok (GMatchInfo *match)
{
    g_autofree char *h1 = g_match_info_fetch_named (match, "h1");
    g_autofree char *m1 = g_match_info_fetch_named (match, "m1");
    g_autofree char *h2 = g_match_info_fetch_named (match, "h2");
    g_autofree char *m2 = g_match_info_fetch_named (match, "m2");
    int s = atoi (h1) * 60 + atoi (m1), e = atoi (h2) * 60 + atoi (m2);
    gboolean year1 = g_str_has_prefix (h1, "19") || g_str_has_prefix (h1, "20");
    gboolean year2 = g_str_has_prefix (h2, "19") || g_str_has_prefix (h2, "20");

    return military_clock (h1, m1) && military_clock (h2, m2) &&
           ((e > s && e - s <= MILITARY_MAX_SPAN) || ends_next_day (s, e)) &&
           !(year1 && year2);
}

/* Whether @text starts with a "1800  Doors open" time; @at (out): its
 * minutes after midnight, or -1 when "2019  Opened" is no clock. */
static gboolean
military_single (MlaAgendaParser *parser, const char *text, int *at)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *h = NULL, *m = NULL;

    if (!g_regex_match (parser->military_single, text, 0, &match))
        return FALSE;
    h = g_match_info_fetch_named (match, "h1");
    m = g_match_info_fetch_named (match, "m1");
    *at = military_clock (h, m) ? atoi (h) * 60 + atoi (m) : -1;
    return TRUE;
}

gboolean
mla_agenda_is_military_line (MlaAgendaParser *parser, const char *text)
{
    int at;

    return military_single (parser, text, &at) && at >= 0;
}

MlaMilitary
mla_agenda_text_is_military (MlaAgendaParser *parser, char **lines)
{
    int first = -1, last = -1, at;
    guint run = 0;
    gboolean named = FALSE;
    MlaMilitary found = MLA_MILITARY_NONE;

    for (guint i = 0; lines[i] != NULL; i++) {
        g_autoptr (GMatchInfo) match = NULL;
        const char *p = lines[i] + strspn (lines[i], " \t>");

        if (g_regex_match (parser->military_range, p, 0, &match) &&
            military_range_ok (match))
            return MLA_MILITARY_RANGES;
        if (!g_ascii_isdigit (p[0])) {
            named = named || g_regex_match (parser->schedule_word, p, 0, NULL);
        } else if (named && military_single (parser, p, &at)) {
            if (at < 0 || at <= last) {
                run = 0;
                first = -1;
            }
            if (at >= 0) {
                first = first < 0 ? at : first;
                last = at;
                run++;
            }
            /* "1800  Doors open", "1830  Welcome", "1840* Talk" after
             * words that name a programme ("Revised agenda below"): three
             * later and later, over an hour or more (years, "2010
             * Founded", "2015  Moved", are not that close) */
            if (run >= MILITARY_MIN_LINES && last - first >= 60)
                found = MLA_MILITARY_SINGLES;
        }
    }
    return found;
}

/* @text with the "HHMM-HHMM" range that @match found written
 * "HH:MM-HHMM". Returns: (transfer full). */
static char *
military_written (GMatchInfo *match, const char *text)
{
    g_autofree char *lead = g_match_info_fetch_named (match, "lead");
    g_autofree char *h1 = g_match_info_fetch_named (match, "h1");
    g_autofree char *m1 = g_match_info_fetch_named (match, "m1");
    g_autofree char *sep = g_match_info_fetch_named (match, "sep");
    g_autofree char *h2 = g_match_info_fetch_named (match, "h2");
    g_autofree char *m2 = g_match_info_fetch_named (match, "m2");
    gint end = 0;

    g_match_info_fetch_pos (match, 0, NULL, &end);
    return g_strdup_printf ("%s%s:%s%s%s:%s%s", lead, h1, m1, sep, h2, m2,
                            text + end);
}

/* Where @text goes on after spaces and one list sign ("- ", "| "), as
 * the lead of the rewriting patterns reads it, or NULL where a byte
 * outside ASCII comes first (a space or a bullet to the patterns): what
 * follows decides whether they may match. */
static const char *
after_lead (const char *text)
{
    const char *p = text + strspn (text, MLA_AGENDA_ASCII_SPACES);

    if (*p == '-' || *p == '*' || *p == '|')
        p += 1 + strspn (p + 1, MLA_AGENDA_ASCII_SPACES);
    return (guchar) *p >= 0x80 ? NULL : p;
}

/* "13:30-115:30<TAB>Comida": a range whose end has three digits before
 * its minutes, a slip of the writer's: @text, whose first sign after the
 * lead is at @first, without that end (the next slot's start ends the
 * slot), or NULL when the line starts with no such range. */
static char *
drop_impossible_end (const char *text, const char *first)
{
    const char *p = first;
    const char *end;
    gsize digits;

    if (first == NULL || !g_ascii_isdigit (p[0]))
        return NULL;
    p += g_ascii_isdigit (p[1]) ? 2 : 1;
    if ((*p != ':' && *p != '.') || !g_ascii_isdigit (p[1]) ||
        !g_ascii_isdigit (p[2]))
        return NULL;
    end = p + 3;
    p = end + strspn (end, " ");
    if (*p != '-')
        return NULL;
    p += 1 + strspn (p + 1, " ");
    digits = strspn (p, "0123456789");
    if (digits != 3 || (p[3] != ':' && p[3] != '.') ||
        strspn (p + 4, "0123456789") != 2 ||
        (p[6] != '\0' && !g_ascii_isspace (p[6])))
        return NULL;
    return g_strdup_printf ("%.*s%s", (int) (end - text), text, p + 6);
}

/* Rewrites the time forms that the time pattern does not read into ones
 * it does: "0800-0830" to "08:00-08:30" (and, with @military, the text
 * being written in such ranges, "1300 Lunch" to "13:00 Lunch"), "noon"
 * at either end of a range to "12:00 pm", "Coffee ...... 11:00" and
 * "AOB     [11:00]" to "11:00  Coffee". Returns: (transfer full). */
char *
mla_agenda_normalise_times (MlaAgendaParser *parser, const char *text,
                            gboolean military)
{
    g_autoptr (GMatchInfo) match = NULL;
    const char *first = after_lead (text);
    /* what the patterns need after the lead: "0800", a digit, "noon" */
    gboolean clock = first == NULL || (*first >= '0' && *first <= '2');
    gboolean digit = first == NULL || g_ascii_isdigit (*first);
    gboolean noon = first == NULL || parser->noon_initials[(guchar) *first];
    char *out;

    /* (leaders first: the cheap test keeps other lines off the regex) */
    if ((strstr (text, "..") != NULL || strstr (text, ". .") != NULL ||
         strstr (text, "  [") != NULL) &&
        g_regex_match (parser->time_last, text, 0, &match)) {
        g_autofree char *lead = g_match_info_fetch_named (match, "lead");
        g_autofree char *title = g_match_info_fetch_named (match, "title");
        g_autofree char *time = g_match_info_fetch_named (match, "time");

        return g_strdup_printf ("%s%s  %s", lead, time, title);
    }
    g_clear_pointer (&match, g_match_info_unref);
    if (digit && (out = drop_impossible_end (text, first)) != NULL)
        return out;
    if (clock && g_regex_match (parser->military_range, text, 0, &match) &&
        military_range_ok (match))
        return military_written (match, text);
    g_clear_pointer (&match, g_match_info_unref);
    /* "Lunch 1200 \u2013 1300": a title before its range, in a text of
     * such ranges */
    if (military && strpbrk (text, "0123456789") != NULL &&
        g_regex_match (parser->military_after, text, 0, &match) &&
        military_range_ok (match))
        return military_written (match, text);
    g_clear_pointer (&match, g_match_info_unref);
    if (military && clock &&
        g_regex_match (parser->military_single, text, 0, &match)) {
        g_autofree char *lead = g_match_info_fetch_named (match, "lead");
        g_autofree char *h1 = g_match_info_fetch_named (match, "h1");
        g_autofree char *m1 = g_match_info_fetch_named (match, "m1");
        gint end = 0;

        g_match_info_fetch_pos (match, 0, NULL, &end);
        if (military_clock (h1, m1))
            return g_strdup_printf ("%s%s:%s%s", lead, h1, m1, text + end);
    }
    g_clear_pointer (&match, g_match_info_unref);
    /* "18:00 \u2013 open end  Sektempfang": the start alone (a line that
     * starts with its time, or the regex would run on every line) */
    if (g_ascii_isdigit (text[strspn (text, " \t")]) &&
        g_regex_match (parser->no_end, text, 0, &match)) {
        g_autofree char *start = g_match_info_fetch (match, 1);
        gint end = 0;

        g_match_info_fetch_pos (match, 0, NULL, &end);
        return g_strdup_printf ("%s%s", start, text + end);
    }
    g_clear_pointer (&match, g_match_info_unref);
    out = noon ? g_regex_replace (parser->noon_start, text, -1, 0,
                                  "\\g<1>12:00 pm", 0, NULL)
               : NULL;
    if (!noon || (out != NULL && strcmp (out, text) == 0)) {
        g_free (out);
        out = digit ? g_regex_replace (parser->noon_end, text, -1, 0,
                                       "\\g<1>12:00 pm", 0, NULL)
                    : NULL;
    }
    return out != NULL ? out : g_strdup (text);
}

gboolean
mla_agenda_fetch_clock (MlaAgendaBuilder *b, GMatchInfo *match, const char *n,
                        MlaClock *clock, gboolean *bare)
{
    g_autofree char *hk = g_strconcat ("h", n, NULL),
                    *sk = g_strconcat ("s", n, NULL);
    g_autofree char *mk = g_strconcat ("m", n, NULL),
                    *xk = g_strconcat ("x", n, NULL);
    g_autofree char *h = g_match_info_fetch_named (match, hk);
    g_autofree char *s = g_match_info_fetch_named (match, sk);
    g_autofree char *m = g_match_info_fetch_named (match, mk);
    g_autofree char *x = g_match_info_fetch_named (match, xk);
    gint glued_am = -1, glued_pm = -1;

    if (h == NULL || h[0] == '\0')
        return FALSE;
    clock->hour = atoi (h);
    clock->minute = 0;
    clock->suffix = MLA_CLOCK_NONE;
    if (m != NULL && m[0] != '\0') {
        if (strlen (m) == 1 && g_strcmp0 (s, ":") != 0)
            return FALSE; /* "2.6" is a version, "7:3" a typo */
        clock->minute = strlen (m) == 1 ? atoi (m) * 10 : atoi (m);
    }
    *bare = (m == NULL || m[0] == '\0') && (x == NULL || x[0] == '\0');
    if (x != NULL && x[0] != '\0') {
        g_autofree char *key = mla_agenda_fold_compact (x);

        if (g_hash_table_contains (b->parser->am, key))
            clock->suffix = MLA_CLOCK_AM;
        else if (g_hash_table_contains (b->parser->pm, key))
            clock->suffix = MLA_CLOCK_PM;
        else
            clock->suffix = MLA_CLOCK_24H;
    }
    if (m != NULL && m[0] != '\0' && (x == NULL || x[0] == '\0')) {
        gint after = 0;

        g_match_info_fetch_named_pos (match, mk, NULL, &after);
        if (g_ascii_isalpha (g_match_info_get_string (match)[after])) {
            /* "9:00a": a one-letter suffix right after the minutes */
            g_autofree char *ak = g_strconcat ("ga", n, NULL),
                            *pk = g_strconcat ("gp", n, NULL);

            g_match_info_fetch_named_pos (match, ak, &glued_am, NULL);
            g_match_info_fetch_named_pos (match, pk, &glued_pm, NULL);
        }
    }
    if (glued_am >= 0)
        clock->suffix = MLA_CLOCK_AM;
    else if (glued_pm >= 0)
        clock->suffix = MLA_CLOCK_PM;
    if (s != NULL && strchr (s, 'h') != NULL)
        clock->suffix = MLA_CLOCK_24H;
    if (clock->suffix == MLA_CLOCK_NONE && (h[0] == '0' || clock->hour >= 13))
        clock->suffix = MLA_CLOCK_24H;
    if (clock->minute > 59 || clock->hour > 23)
        return FALSE;
    if ((clock->suffix == MLA_CLOCK_AM || clock->suffix == MLA_CLOCK_PM) &&
        (clock->hour == 0 || clock->hour > 12))
        return FALSE;
    return TRUE;
}

static int
fetch_int (GMatchInfo *match, const char *name)
{
    g_autofree char *text = g_match_info_fetch_named (match, name);

    return text != NULL ? atoi (text) : 0;
}

int
mla_agenda_text_weekday (MlaAgendaParser *parser, const char *text)
{
    g_autoptr (GMatchInfo) words = NULL;
    int value = 0;

    g_regex_match (parser->word, text, 0, &words);
    for (; g_match_info_matches (words); g_match_info_next (words, NULL)) {
        g_autofree char *w = g_match_info_fetch (words, 0);

        if (mla_agenda_word_is (parser->weekdays, w, &value) ||
            mla_agenda_word_is (parser->weekday_abbrs, w, &value))
            return value;
    }
    return 0;
}

/* "12/5" is the 5th of December in the US and the 12th of May elsewhere:
 * the reading whose weekday is @weekday wins, else month first. */
static gboolean
resolve_slash_date (MlaAgendaBuilder *b, int first, int second, int year,
                    int weekday, char out[11])
{
    char month_first[11], day_first[11];
    gboolean mf = mla_agenda_resolve_date (b->reference, year, first, second,
                                           month_first);
    gboolean df =
        mla_agenda_resolve_date (b->reference, year, second, first, day_first);

    if (df && (!mf || mla_agenda_weekday_of (day_first) == weekday) &&
        mla_agenda_weekday_of (month_first) != weekday)
        memcpy (out, day_first, 11);
    else if (mf)
        memcpy (out, month_first, 11);
    else
        return FALSE;
    return TRUE;
}

int
mla_agenda_weekday_of (const char *date)
{
    GDate day;

    if (date[0] == '\0')
        return 0;
    g_date_clear (&day, 1);
    g_date_set_dmy (&day, (GDateDay) atoi (date + 8),
                    (GDateMonth) atoi (date + 5), (GDateYear) atoi (date));
    return g_date_valid (&day) ? (int) g_date_get_weekday (&day) : 0;
}

/* The first day of "16-17 June" when the day number at @at of @text ends
 * such a range, else @day. */
static int
range_first_day (const char *text, gint at, int day)
{
    gint p = at;
    int first;

    while (p > 0 && text[p - 1] == ' ')
        p--;
    if (p == 0 || (text[p - 1] != '-' &&
                   !(p >= 3 && strncmp (text + p - 3, "\xe2\x80\x93", 3) == 0)))
        return day;
    p -= text[p - 1] == '-' ? 1 : 3;
    while (p > 0 && text[p - 1] == ' ')
        p--;
    if (p == 0 || !g_ascii_isdigit (text[p - 1]))
        return day;
    first = text[p - 1] - '0';
    if (p >= 2 && g_ascii_isdigit (text[p - 2])) {
        first += 10 * (text[p - 2] - '0');
        if (p >= 3 && g_ascii_isdigit (text[p - 3]))
            return day; /* "2026-17 June": no day range */
    }
    return first >= 1 && first < day ? first : day;
}

/* Whether @text may hold what \d matches: an ASCII digit, or a byte
 * outside ASCII (MLA_AGENDA_ASCII_SPACES). */
static gboolean
may_hold_digit (const char *text)
{
    for (const char *p = text; *p != '\0'; p++)
        if (g_ascii_isdigit (*p) || (guchar) *p >= 0x80)
            return TRUE;
    return FALSE;
}

gboolean
mla_agenda_find_date_span (MlaAgendaBuilder *b, const char *text, char out[11],
                           gint span[2])
{
    g_autoptr (GMatchInfo) match = NULL;
    int weekday = -1;

    out[0] = '\0';
    /* every form of the date pattern holds a digit: a title without one
     * ("Page cache eviction") is not searched for the months' names */
    if (!may_hold_digit (text))
        return FALSE;
    g_regex_match (b->parser->date, text, 0, &match);
    for (; g_match_info_matches (match); g_match_info_next (match, NULL)) {
        g_autofree char *mo1 = g_match_info_fetch_named (match, "mo1");
        g_autofree char *mo2 = g_match_info_fetch_named (match, "mo2");
        int year, month = 0, day;
        gboolean numeric = FALSE;

        if (mo1 != NULL && mo1[0] != '\0') {
            gint d1 = 0;

            mla_agenda_word_is (b->parser->months, mo1, &month);
            day = fetch_int (match, "d1");
            year = fetch_int (match, "y1");
            /* "16-17 June 2026": a range of days starts at its first */
            g_match_info_fetch_named_pos (match, "d1", &d1, NULL);
            day = range_first_day (text, d1, day);
        } else if (mo2 != NULL && mo2[0] != '\0') {
            mla_agenda_word_is (b->parser->months, mo2, &month);
            day = fetch_int (match, "d2");
            year = fetch_int (match, "y2") != 0 ? fetch_int (match, "y2")
                                                : fetch_int (match, "y3");
        } else if (fetch_int (match, "iy") != 0) {
            year = fetch_int (match, "iy");
            month = fetch_int (match, "im");
            day = fetch_int (match, "id");
        } else if (fetch_int (match, "dy") != 0) {
            year = fetch_int (match, "dy");
            month = fetch_int (match, "dm");
            day = fetch_int (match, "dd");
        } else {
            /* "12/5", "5.12.": a date only next to a weekday */
            if (weekday < 0)
                weekday = mla_agenda_text_weekday (b->parser, text);
            if (weekday == 0)
                continue;
            numeric = TRUE;
            year = fetch_int (match, "sy");
            if (year != 0 && year < 100)
                year += 2000;
            month = fetch_int (match, "pm");
            day = fetch_int (match, "pd");
        }
        if (year != 0)
            b->day.year_hint = year;
        else
            year = b->day.year_hint;
        if (numeric && month == 0) {
            if (!resolve_slash_date (b, fetch_int (match, "sa"),
                                     fetch_int (match, "sb"), year, weekday,
                                     out))
                out[0] = '\0';
        } else if (!mla_agenda_resolve_date (b->reference, year, month, day,
                                             out)) {
            out[0] = '\0';
        }
        if (span != NULL)
            g_match_info_fetch_pos (match, 0, &span[0], &span[1]);
        return TRUE;
    }
    return FALSE;
}

gboolean
mla_agenda_find_date (MlaAgendaBuilder *b, const char *text, char out[11])
{
    return mla_agenda_find_date_span (b, text, out, NULL);
}

/* The year that dates without one belong to: the first date written
 * with its year; without a reference date, the first year at all
 * ("Parrot Developer Summit 2008", a list archive's "PDT 2009"). Web
 * addresses are not context. Returns 0 when the text has none. */
static gboolean
has_four_digits (const char *text)
{
    guint run = 0;

    for (; *text != '\0'; text++)
        if ((run = g_ascii_isdigit (*text) ? run + 1 : 0) == 4)
            return TRUE;
    return FALSE;
}

int
mla_agenda_text_year (MlaAgendaBuilder *b)
{
    int bare = 0;

    for (guint i = 0; i < b->n_lines; i++) {
        const char *text = b->lines[i].text;
        g_autoptr (GMatchInfo) match = NULL;
        g_autoptr (GMatchInfo) year = NULL;

        if (b->lines[i].blank || strstr (text, "://") != NULL ||
            !has_four_digits (text))
            continue; /* (a year is four digits: most lines go no further) */
        if (g_regex_match (b->parser->date, text, 0, &match)) {
            do {
                static const char *const keys[] = { "y1", "y2", "iy", "dy" };

                for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
                    if (fetch_int (match, keys[k]) != 0)
                        return fetch_int (match, keys[k]);
            } while (g_match_info_next (match, NULL));
        }
        if (bare == 0 && b->reference == NULL &&
            g_regex_match (b->parser->year, text, 0, &year)) {
            g_autofree char *found = g_match_info_fetch (year, 0);

            bare = atoi (found);
        }
    }
    return bare;
}

/* Weekdays follow each other: "Monday" then "Tuesday" are consecutive,
 * even when the mail was sent on a Tuesday. */
void
mla_agenda_resolve_weekday_after (MlaAgendaBuilder *b, int weekday,
                                  char out[11])
{
    g_autoptr (GDateTime) after = NULL;

    for (guint i = b->agenda->days->len; i-- > 0 && after == NULL;)
        after = mla_agenda_day_after (
            ((MlaAgendaDay *) g_ptr_array_index (b->agenda->days, i))->date);
    mla_agenda_resolve_weekday (after != NULL ? after : b->reference, weekday,
                                out);
}

/* Whether the text writes 24-hour times throughout: a slot line with an
 * hour past 12 or a leading zero, and none with am/pm. */
gboolean
mla_agenda_text_is_24h (MlaAgendaBuilder *b)
{
    gboolean seen_24h = FALSE;

    for (guint i = 0; i < b->n_lines; i++) {
        g_autoptr (GMatchInfo) match = NULL;

        if (b->lines[i].blank ||
            !g_regex_match (mla_agenda_rule (b->parser, "slot-time"),
                            b->lines[i].text, 0, &match))
            continue;
        for (guint n = 1; n <= 2; n++) {
            MlaClock clock;
            gboolean bare;
            char key[2] = { (char) ('0' + n), '\0' };

            if (!mla_agenda_fetch_clock (b, match, key, &clock, &bare) || bare)
                continue;
            if (clock.suffix == MLA_CLOCK_AM || clock.suffix == MLA_CLOCK_PM)
                return FALSE;
            if (clock.suffix == MLA_CLOCK_24H)
                seen_24h = TRUE;
        }
    }
    return seen_24h;
}
