/* mla-agenda-people-private.h: people of the agenda parser: the people of
 * a value added to a slot ("A, B and C", groups apart by ";", a label in
 * parentheses), lines of people under a slot, who gives a slot after "by"
 * or "with", "Label: Name" lines. The names go into the slot's people
 * (owned by the slot). Whether a text is a name is
 * mla-agenda-names-private.h's. Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda-builder-private.h"
#include "mla-agenda.h"
#include "mla-agenda-vocabulary-private.h"

G_BEGIN_DECLS

/* "Moderated by", "animée par" introduce a name without a colon. */
gboolean mla_agenda_label_needs_no_colon (MlaAgendaParser *parser,
                                          const char *key);

typedef enum {
    MLA_PEOPLE_LIST = 0, /* "A, B and C": every name */
    MLA_PEOPLE_ONE =
        1
        << 0, /* one person: "Ann Lee, Red Hat" is a name and its affiliation */
} MlaPeopleFlags;

/* Adds the people of @value ("A, B and C", "Ann Lee (Oslo)", "<TBD>") to
 * @slot with @role. */
void mla_agenda_add_people (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                            const char *value, MlaPersonRole role,
                            MlaPeopleFlags flags);
/* The same with MLA_PEOPLE_LIST. */
void mla_agenda_add_person (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                            const char *value, MlaPersonRole role);

/* Whether the label @key (folded, as in the labels table) names one
 * person: its plural is a label too ("Speaker", "Speakers"). */
gboolean mla_agenda_label_is_singular (MlaAgendaParser *parser,
                                       const char *key);

/* "Keith Bergelt Jim Zemlin": speakers printed one after the other. Four
 * capitalised words without a particle are two names. */
void mla_agenda_add_name_run (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                              const char *text);

/* Whether line @i holds only people. */
gboolean mla_agenda_people_at (MlaAgendaBuilder *b, guint i);

/* A line of people under a slot gives its speakers when it closes the
 * slot (at most a talk title before it, nobody named yet) or follows
 * such a line directly; names under a session's paper titles are the
 * papers' authors, kept as notes. Returns whether @text went to @slot. */
gboolean mla_agenda_add_person_line (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                                     const char *text, gboolean adjacent);

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
gboolean mla_agenda_people_by (MlaAgendaParser *parser, const char *text,
                               char **out_title, char **out_names,
                               MlaPersonRole *out_role);

/* Whether the line under line @i, indented deeper, names who gives the
 * slot of line @i in a "Label: Name" line ("    Chair: Rui Fonseca",
 * "    Speaker: Rahel Tesfaye"). */
gboolean mla_agenda_people_under (MlaAgendaBuilder *b, guint i);

/* Whether the first of the people in @value is written as a name ("Ann
 * Lee, Red Hat", "Dr. Bo Li and ...", "Vivek"), or no one is named
 * ("TBD"). */
gboolean mla_agenda_first_is_name (MlaAgendaParser *parser, const char *value);

/* The people of a speaker's line @i under a title: a line of people, a
 * "Speaker: Ann Lee" line, "hosted by A and B", or a name with its
 * affiliation after a bar or a dash ("Lea Verou | MIT"). @out_role
 * (nullable) gets their role: the label's, else speaker. Returns:
 * (transfer full) (nullable): the names, NULL when the line is none. */
GStrv mla_agenda_speaker_line_role (MlaAgendaBuilder *b, guint i,
                                    MlaPersonRole *out_role);
/* The same without the role. */
GStrv mla_agenda_speaker_line (MlaAgendaBuilder *b, guint i);

/* Whether line @i is a "Label: Name" line of people ("Moderator: Ann
 * Lee", "Panelists: A, B"). */
gboolean mla_agenda_labelled_people_at (MlaAgendaBuilder *b, guint i);

G_END_DECLS
