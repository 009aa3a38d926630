/* mla-agenda-names-private.h: names of the agenda parser: whether a text
 * is a personal name, a first name alone, a name in lower case or a
 * handle; markers of unconfirmed people and affiliations dropped; a line
 * of names. Owns no state: it reads the words and patterns of
 * MlaAgendaParser, never a builder or a slot, so each answer depends on
 * the text alone. Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda-vocabulary-private.h"

G_BEGIN_DECLS

/* Returns: (transfer full) (nullable): the name of a person value such as
 * "<NOT YET CONFIRMED> (Probably Joe Thornber)" with its markers removed,
 * NULL when none is left; *@out_confirmed is FALSE when a marker was seen. */
char *mla_agenda_parser_clean_person (MlaAgendaParser *parser,
                                      const char *value,
                                      gboolean *out_confirmed);

/* Returns: (transfer full): @value without its parentheses that are not
 * markers ("Elena Petrova (University of Oslo)" -> "Elena Petrova";
 * "(Probably Joe Thornber)", "(TBC)" stay). */
char *mla_agenda_drop_affiliations (MlaAgendaParser *parser, const char *value);

/* Returns: (transfer full): @value without the titles written after its
 * names ("\u53e4\u8cc0 \u6d0b\u5e73 \u3055\u3093", "\u718a\u748b\u6559\u6388":
 * `[names] honorifics-after`);
 * *@out_count is how many were dropped (each marks a person). */
char *mla_agenda_drop_name_suffixes (MlaAgendaParser *parser, const char *value,
                                     guint *out_count);

/* Whether @word is a name written in Han without a space, two to four
 * characters ("\u674e\u660e"), which stands with first names in a list
 * ("Tom\u00e1s and \u674e\u660e"). */
gboolean mla_agenda_is_han_name (const char *word);

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
 * word each ("t0m", "svenja_h", "@mkowal" without its "@", "p.lanza", or
 * a first name: "jonas"; in a list, any one word beside such: "dm /
 * kenji"). Returns:
 * (transfer full) (nullable): the handles, NULL when @text is not so. */
GStrv mla_agenda_handles (MlaAgendaParser *parser, const char *text);

/* Whether @text, without its parentheses ("(remote)", "(Affiliation)")
 * and markers ("tbc"), is one or more names ("A and B, C"). */
gboolean mla_agenda_names_only (MlaAgendaParser *parser, const char *text);

/* "Bo Li, Intel & Cy Ng, AMD": two or more people apart by "&", "and" or
 * ";", each a name and one affiliation after a comma. Returns: (transfer
 * full) (nullable): the names, NULL when @text is not so. */
GStrv mla_agenda_affiliated_people (MlaAgendaParser *parser, const char *text);

/* The people of a line that holds only people: names apart by commas or
 * "and", each maybe with an affiliation in parentheses, or one name and
 * its affiliation after a comma ("Peter Zijlstra, Red Hat"). Returns:
 * (transfer full) (nullable): the names, NULL when the line is not of
 * people. */
GStrv mla_agenda_person_line (MlaAgendaParser *parser, const char *text);

/* Whether @text, a line of the text, names a speaker with one affiliation
 * that is no name ("Title - Shumon Huque, Salesforce"): then the text
 * writes "Name, Org" for one person, and "Ann Lee, Red Hat" is one. */
gboolean mla_agenda_names_affiliation (MlaAgendaParser *parser,
                                       const char *text);

typedef enum {
    MLA_LEADING_NAME_ANY = 0,               /* whatever follows the name */
    MLA_LEADING_NAME_BEFORE_LOWER = 1 << 0, /* the name ends @text or a word in
                                             * lower case follows it */
} MlaLeadingNameFlags;

/* "Paul Ferreira presents the budget instead": the longest run of two to
 * @max_words words (apart by single spaces) that @text starts with and
 * that is a name. Returns: (transfer full) (nullable): the run as written
 * in @text, NULL when no run is a name. */
char *mla_agenda_leading_name (MlaAgendaParser *parser, const char *text,
                               guint max_words, MlaLeadingNameFlags flags);

/* "Roberto Di Cosmo Stefano Vitali": @name, five words or more, read as
 * two names printed one after the other (a line break lost), each a first
 * name, particles and a surname. Four words stay one name ("Mary Jane Van
 * Dyke"). Returns: (transfer full) (nullable): the two names. */
GStrv mla_agenda_name_pair (MlaAgendaParser *parser, const char *name);

G_END_DECLS
