/* mla-agenda-times-private.h: times and dates of the agenda parser. Owns
 * MlaClock (a time as written) and its resolution to minutes after
 * midnight (12-hour times by the day's order), "0800-0830" and "noon"
 * rewriting, and dates: weekdays after a reference, numeric and named
 * dates, the year of a text. Plain values; nothing here owns memory
 * beyond what a function returns. Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-builder-private.h"

G_BEGIN_DECLS

/* What \s of a pattern matches in ASCII; with Unicode properties it
 * matches characters outside ASCII too (a no-break space), as \d does
 * (a full-width digit): a cheap test before a pattern lets a byte outside
 * ASCII through. */
#define MLA_AGENDA_ASCII_SPACES " \t\n\v\f\r"

#define NIGHT_FROM (20 * 60) /* a slot this late may be followed by ... */
#define NIGHT_UNTIL (6 * 60) /* ... one after midnight on the same day */

typedef enum {
    MLA_CLOCK_NONE, /* "1:30": resolved by the day's order */
    MLA_CLOCK_AM,
    MLA_CLOCK_PM,  /* also "noon" */
    MLA_CLOCK_24H, /* "9 Uhr", "14h", or a leading zero "09:00" */
} MlaClockSuffix;

/* A time as written, before 12-hour resolution. */
typedef struct {
    int hour;
    int minute;
    MlaClockSuffix suffix;
} MlaClock;

/* Resolves @clock to minutes after midnight. A time without am/pm is the
 * first reading (h or h+12) not earlier than @previous (minutes, or -1 at
 * the start of a day), unless @all_24h says the text writes 24-hour times
 * throughout. */
int mla_agenda_resolve_clock (const MlaClock *clock, int previous,
                              gboolean all_24h);

/* Resolves a range "@start - @end": am/pm written once applies to both
 * ends where that keeps start <= end; "11:15 - 12:00am" means noon.
 * @out_start, @out_end: (out) minutes after midnight. */
void mla_agenda_resolve_range (const MlaClock *start, const MlaClock *end,
                               int previous, gboolean all_24h, int *out_start,
                               int *out_end);

/* Minutes after midnight of "HH:MM", -1 for "". */
int mla_agenda_minutes_of (const char *hhmm);
/* Writes @minutes as "HH:MM" (modulo a day) to @out. */
void mla_agenda_format_minutes (int minutes, char out[6]);

/* "23:00 Pizza" then "01:00 Games": the night goes on, the day stays. */
gboolean mla_agenda_runs_past_midnight (int previous, int start);

/* Writes to @end the end @e of a range from @s ("HH:MM"), when it is one:
 * after the start, or in the small hours after an evening's start
 * ("19h00-02h00 Pub night" ends the next day); else leaves @end. */
void mla_agenda_set_end (char end[6], int s, int e);

/* Writes @date as "YYYY-MM-DD" to @out. */
void mla_agenda_format_date (GDateTime *date, char out[11]);

/* Writes to @out the date of the first @weekday (1 = Monday) on or after
 * @reference, as "YYYY-MM-DD". Returns FALSE (and @out = "") without a
 * reference. */
gboolean mla_agenda_resolve_weekday (GDateTime *reference, int weekday,
                                     char out[11]);

/* Writes to @out the date @day_of_month/@month/@year; @year 0 means the
 * year that puts the date closest after @reference (nullable). Returns
 * FALSE for an impossible date or an unknown year. */
gboolean mla_agenda_resolve_date (GDateTime *reference, int year, int month,
                                  int day_of_month, char out[11]);

/* Returns: (transfer full) (nullable): noon of the day after @date
 * ("YYYY-MM-DD"), NULL for "". */
GDateTime *mla_agenda_day_after (const char *date);

/* How @lines write their programme: in "0800-0830" ranges (one such
 * range that cannot be a span of years), in "1800  Doors open" times
 * alone (after a word for a programme, three lines later and later over
 * an hour or more), or neither
 * (0, so that the result reads as a truth value). */
MlaMilitary mla_agenda_text_is_military (MlaAgendaParser *parser, char **lines);
/* Whether @text starts with a "1800  Doors open" time of such a text. */
gboolean mla_agenda_is_military_line (MlaAgendaParser *parser,
                                      const char *text);

/* Rewrites the time forms that the time pattern does not read into ones
 * it does: "0800-0830" to "08:00-08:30" (and, with @military, the text
 * being written in such ranges, "1300 Lunch" to "13:00 Lunch"), "noon"
 * at either end of a range to "12:00 pm", a time at the end of dot
 * leaders to the line's start. Returns: (transfer full). */
char *mla_agenda_normalise_times (MlaAgendaParser *parser, const char *text,
                                  gboolean military);

/* Reads time @n ("1" or "2") of a rule's @match into @clock; @bare (out)
 * is TRUE for an hour without minutes or suffix. Returns FALSE when the
 * match has no such time or it is no clock ("2.6", "25:00"). */
gboolean mla_agenda_fetch_clock (MlaAgendaBuilder *b, GMatchInfo *match,
                                 const char *n, MlaClock *clock,
                                 gboolean *bare);

/* Finds a date in @text and writes it to @out ("" when its year is
 * unknown); returns FALSE when there is none. A year written there
 * becomes the builder's year hint. Numeric dates without a year ("Thu
 * 12/5", "Fri 5.12.") count only in a text that names a weekday, which
 * also decides between month/day and day/month. */
gboolean mla_agenda_find_date (MlaAgendaBuilder *b, const char *text,
                               char out[11]);
/* The same; @span (out, nullable) gets the byte offsets of the date. */
gboolean mla_agenda_find_date_span (MlaAgendaBuilder *b, const char *text,
                                    char out[11], gint span[2]);

/* The weekday (1 = Monday) that @text names first, 0 when none. */
int mla_agenda_text_weekday (MlaAgendaParser *parser, const char *text);

/* The ISO weekday (1 = Monday) of @date ("YYYY-MM-DD"), 0 for "". */
int mla_agenda_weekday_of (const char *date);

/* The year that dates without one belong to: the first date written
 * with its year; without a reference date, the first year at all
 * ("Parrot Developer Summit 2008", a list archive's "PDT 2009"). Web
 * addresses are not context. Returns 0 when the text has none. */
int mla_agenda_text_year (MlaAgendaBuilder *b);

/* Weekdays follow each other: "Monday" then "Tuesday" are consecutive,
 * even when the mail was sent on a Tuesday. */
void mla_agenda_resolve_weekday_after (MlaAgendaBuilder *b, int weekday,
                                       char out[11]);

/* Whether the text writes 24-hour times throughout: a slot line with an
 * hour past 12 or a leading zero, and none with am/pm. */
gboolean mla_agenda_text_is_24h (MlaAgendaBuilder *b);

G_END_DECLS
