/* mla-agenda-people-private.h: people of the agenda parser: whether a text
 * is a personal name, markers of unconfirmed people, affiliations dropped,
 * lines of people under a slot, "Label: Name" lines. The names go into the
 * slot's people (owned by the slot). Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda.h"
#include "mla-agenda-vocabulary-private.h"

G_BEGIN_DECLS

typedef struct MlaAgendaBuilder MlaAgendaBuilder;

/* Returns: (transfer full) (nullable): the name of a person value such as
 * "<NOT YET CONFIRMED> (Probably Joe Thornber)" with its markers removed,
 * NULL when none is left; *@out_confirmed is FALSE when a marker was seen. */
char *mla_agenda_parser_clean_person (MlaAgendaParser *parser, const char *value,
                                      gboolean *out_confirmed);

/* Returns: whether @text reads as a bare personal name ("Theodore Ts'o"),
 * not a sentence or a note. */
gboolean mla_agenda_parser_is_name (MlaAgendaParser *parser, const char *text);

/* Whether @text is one word that reads as a first name ("Greg", "Zoë"):
 * capitalised, then lower-case letters, and no word the vocabulary knows
 * otherwise (a weekday, a room, a meal, "Remote", "Keynote"). */
gboolean mla_agenda_is_first_name (MlaAgendaParser *parser, const char *text);

/* Whether @text is a name written in lower case ("ama okafor"). */
gboolean mla_agenda_is_lower_name (MlaAgendaParser *parser, const char *text);

/* "(kiri, t0m)", "[daan]": people written as their handles, one lower-case
 * word each ("t0m", "svenja_h", or a first name: "jonas"). Returns:
 * (transfer full) (nullable): the handles, NULL when @text is not so. */
GStrv mla_agenda_handles (MlaAgendaParser *parser, const char *text);

/* "Moderated by", "animée par" introduce a name without a colon. */
gboolean mla_agenda_label_needs_no_colon (MlaAgendaParser *parser, const char *key);

/* Whether @text, without its parentheses ("(remote)", "(Affiliation)")
 * and markers ("tbc"), is one or more names ("A and B, C"). */
gboolean mla_agenda_names_only (MlaAgendaParser *parser, const char *text);

/* "Bo Li, Intel & Cy Ng, AMD": two or more people apart by "&", "and" or
 * ";", each a name and one affiliation after a comma. Returns: (transfer
 * full) (nullable): the names, NULL when @text is not so. */
GStrv mla_agenda_affiliated_people (MlaAgendaParser *parser, const char *text);

typedef enum {
    MLA_PEOPLE_LIST = 0,        /* "A, B and C": every name */
    MLA_PEOPLE_ONE = 1 << 0,    /* one person: "Ann Lee, Red Hat" is a name and its affiliation */
} MlaPeopleFlags;

/* Adds the people of @value ("A, B and C", "Ann Lee (Oslo)", "<TBD>") to
 * @slot with @role. */
void mla_agenda_add_people (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *value,
                            MlaPersonRole role, MlaPeopleFlags flags);
/* The same with MLA_PEOPLE_LIST. */
void mla_agenda_add_person (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *value,
                            MlaPersonRole role);

/* Whether the label @key (folded, as in the labels table) names one
 * person: its plural is a label too ("Speaker", "Speakers"). */
gboolean mla_agenda_label_is_singular (MlaAgendaParser *parser, const char *key);

/* "Keith Bergelt Jim Zemlin": speakers printed one after the other. Four
 * capitalised words without a particle are two names. */
void mla_agenda_add_name_run (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *text);

/* The people of a line that holds only people: names apart by commas or
 * "and", each maybe with an affiliation in parentheses, or one name and
 * its affiliation after a comma ("Peter Zijlstra, Red Hat"). Returns:
 * (transfer full) (nullable): the names, NULL when the line is not of
 * people. */
GStrv mla_agenda_person_line (MlaAgendaParser *parser, const char *text);

/* Whether line @i holds only people. */
gboolean mla_agenda_people_at (MlaAgendaBuilder *b, guint i);

/* A line of people under a slot gives its speakers when it closes the
 * slot (at most a talk title before it, nobody named yet) or follows
 * such a line directly; names under a session's paper titles are the
 * papers' authors, kept as notes. Returns whether @text went to @slot. */
gboolean mla_agenda_add_person_line (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *text,
                                     gboolean adjacent);

/* Whether the next line with text is a slot's place, which makes this
 * line the title, not a speaker ("Welcome Keynote / location: Salon F"). */
gboolean mla_agenda_next_is_place (MlaAgendaBuilder *b);

/* The role of the label @label ("Chair", "moderated by"), or -1. */
int mla_agenda_label_role (MlaAgendaParser *parser, const char *label);

/* "Keynote by Dr. Tim Bray", "Roadmap, moderated by Duncan Sparrell",
 * "Soldering - with A and B", or "with A and B" alone: a title (maybe
 * empty), then who gives it, with the role a label before "by" names
 * (else speaker). Returns whether @text is so: then *@out_title and
 * *@out_names are (transfer full). */
gboolean mla_agenda_people_by (MlaAgendaParser *parser, const char *text, char **out_title,
                               char **out_names, MlaPersonRole *out_role);

/* Whether @text, a line of the text, names a speaker with one affiliation
 * that is no name ("Title - Shumon Huque, Salesforce"): then the text
 * writes "Name, Org" for one person, and "Ann Lee, Red Hat" is one. */
gboolean mla_agenda_names_affiliation (MlaAgendaParser *parser, const char *text);

/* Rule "person-label": "Session chair: Name" under a slot. */
gboolean mla_agenda_rule_person_label (MlaAgendaBuilder *b, GMatchInfo *match);

G_END_DECLS
