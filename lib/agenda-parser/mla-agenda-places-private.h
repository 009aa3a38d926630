/* mla-agenda-places-private.h: rooms and places of the agenda parser:
 * which words, lines, headings and header cells name a room or a place.
 * Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda.h"
#include "mla-agenda-builder-private.h"

G_BEGIN_DECLS

/* Whether @word is a room word of the vocabulary ("Room", "Hall"). */
gboolean mla_agenda_is_room_word (MlaAgendaBuilder *b, const char *word);

/* "ROOM     A" -> "Room A": capitals are layout, not name. Returns:
 * (transfer full). */
char *mla_agenda_room_name (MlaAgendaBuilder *b, const char *cell);

/* Whether a header cell names a room: "Hall 1", "Track A (Salon E)",
 * "Main auditorium", "Ballroom". */
gboolean mla_agenda_names_room (MlaAgendaBuilder *b, const char *cell);

/* Whether the line @text is a room and nothing else: up to four words,
 * one of them a room word ("Room A", "Main Hall", "Lecture Theatre"). */
gboolean mla_agenda_is_room_line (MlaAgendaBuilder *b, const char *text);

/* "Registration \u2013 Foyer", "Lunch \u2013 Caf\u00e9 Lumi\u00e8re": whether
 * the text puts two known places or more after a dash on its timed lines; then
 * it puts its places there, and "Keynote \u2013 Screen 1" ends with one too. */
gboolean mla_agenda_text_dashes_places (MlaAgendaBuilder *b);

/* The place on a line under a meal or a party: two capitalised words or
 * more, which would read as a name but nobody gives a meal ("Kalnciema
 * Quarter"), maybe with its floor or building after a comma ("Canteen,
 * building C"). Returns: (transfer full) (nullable). */
char *mla_agenda_meal_place (MlaAgendaBuilder *b, const char *text);

/* Whether @text names a place: a room ("Room B12", "Hall 1"), or one to
 * three capitalised words that are no kind, label or title word
 * ("Pavilion", "Hopper Building", not "Keynote" or "Lunch"). */
gboolean mla_agenda_names_place (MlaAgendaBuilder *b, const char *text);

/* "Main Hall", "(Main Hall)" (every word capitalised) or "@ Le Bouchon":
 * the place of a line that is one and nothing else. Returns: (transfer
 * full) (nullable). */
char *mla_agenda_place_alone (MlaAgendaBuilder *b, const char *text);

/* "Track A (Aula 1)": the place in the parentheses that end @text, when
 * it names one. Returns: (transfer full) (nullable). */
char *mla_agenda_room_in_parentheses (MlaAgendaBuilder *b, const char *text);

/* "=== Track A (Aula 1) ===", "Room 2:", "TRACK A - Main Hall", "Track A
 * (Main Hall)", or "MAIN HALL" when another room heads a track nearby: a
 * heading that names a room (in parentheses or after a dash when it names
 * a track), over a part of the programme whose slots are all in it.
 * Returns whether the current line is one; then the room holds for the
 * slots below, up to the next such heading, or, for the day's last track,
 * to the end of the paragraph under it when that holds two slots or more
 * (the plenary slots after the tracks are in no room). */
gboolean mla_agenda_room_heading (MlaAgendaBuilder *b);

/* "10:00-10:30  Boathouse: Welcome": when at least half the titled slots
 * of @day start with a place and a colon, naming two places or more, the
 * places are the slots' locations. */
void mla_agenda_day_place_prefixes (MlaAgendaBuilder *b, MlaAgendaDay *day);

/* Whether @cell names a room of a header row: a room or a place, no
 * label, people column or title word. */
gboolean mla_agenda_is_room_cell (MlaAgendaBuilder *b, const char *cell);

G_END_DECLS
