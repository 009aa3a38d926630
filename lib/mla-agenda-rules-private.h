/* mla-agenda-rules-private.h: the agenda parser's normalisation steps,
 * exposed so that tests can check each one on its own. Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda.h"
#include "mla-agenda-rules.h"

G_BEGIN_DECLS

typedef enum {
    MLA_CLOCK_NONE,         /* "1:30": resolved by the day's order */
    MLA_CLOCK_AM,
    MLA_CLOCK_PM,           /* also "noon" */
    MLA_CLOCK_24H,          /* "9 Uhr", "14h", or a leading zero "09:00" */
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
int mla_agenda_resolve_clock (const MlaClock *clock, int previous, gboolean all_24h);

/* Resolves a range "@start - @end": am/pm written once applies to both
 * ends where that keeps start <= end; "11:15 - 12:00am" means noon.
 * @out_start, @out_end: (out) minutes after midnight. */
void mla_agenda_resolve_range (const MlaClock *start, const MlaClock *end, int previous,
                               gboolean all_24h, int *out_start, int *out_end);

/* Fills the empty ends of @day's slots with the start of the next later
 * slot in the same room (or any room, for a slot without one). */
void mla_agenda_fill_ends (MlaAgendaDay *day);

/* Writes to @out the date of the first @weekday (1 = Monday) on or after
 * @reference, as "YYYY-MM-DD". Returns FALSE (and @out = "") without a
 * reference. */
gboolean mla_agenda_resolve_weekday (GDateTime *reference, int weekday, char out[11]);

/* Writes to @out the date @day_of_month/@month/@year; @year 0 means the
 * year that puts the date closest after @reference (nullable). Returns
 * FALSE for an impossible date or an unknown year. */
gboolean mla_agenda_resolve_date (GDateTime *reference, int year, int month,
                                  int day_of_month, char out[11]);

/* Returns: (transfer full) (nullable): the name of a person value such as
 * "<NOT YET CONFIRMED> (Probably Joe Thornber)" with its markers removed,
 * NULL when none is left; *@out_confirmed is FALSE when a marker was seen. */
char *mla_agenda_parser_clean_person (MlaAgendaParser *parser, const char *value,
                                      gboolean *out_confirmed);

/* Returns: whether @text reads as a bare personal name ("Theodore Ts'o"),
 * not a sentence or a note. */
gboolean mla_agenda_parser_is_name (MlaAgendaParser *parser, const char *text);

/* Returns: the kind of a slot titled @title. */
MlaSlotKind mla_agenda_parser_kind (MlaAgendaParser *parser, const char *title);

G_END_DECLS
