/* mla-agenda-title-places.c: the place a slot's title ends with, split
 * off into the slot's place: a room after a dash or a comma ("Office
 * hours -- Room 3A", "Lab 1, Room 204"), a venue after a meal, a break
 * or a party ("Lunch \u2014 Brasserie de l'Atelier, next door", "Dinner
 * (Trattoria Sole)", "Middag och mingel, Pub Ankaret"), a place in square
 * brackets that is no name ("Triage [Library]"), any place after a dash
 * in a text that puts its places so ("Keynote \u2013 Screen 1"). One
 * step of the title peelers (mla-agenda-titles.c, "place-tail"). */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <string.h>
#include "mla-agenda-title-places-private.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-builder-private.h"
#include "mla-agenda-names-private.h"
#include "mla-agenda-places-private.h"

#define MEAL_VENUE_MAX_WORDS 6

/* Whether @text may name where a meal is: capitalised or starting with a
 * venue word ("restaurant du campus"), a few words, no number unless
 * after a venue word ("(on your own)", "(2 per person)" are notes). */
static gboolean
meal_venue (MlaAgendaBuilder *b, const char *text)
{
    guint words = 1;
    gboolean venue = g_regex_match (b->parser->venue_word, text, 0, NULL);

    for (const char *p = text; *p != '\0'; p++)
        words += *p == ' ';
    /* (a number after a venue word is its floor or room: "Hotel X 2F") */
    return (g_unichar_isupper (g_utf8_get_char (text)) || venue) &&
           words <= MEAL_VENUE_MAX_WORDS &&
           (venue || strpbrk (text, "0123456789") == NULL);
}

/* "room 204", "salle B12": a room word and a number, in any case. */
static gboolean
numbered_room (MlaAgendaBuilder *b, const char *text)
{
    g_auto (GStrv) words = g_strsplit (text, " ", -1);

    return g_strv_length (words) == 2 &&
           mla_agenda_is_room_word (b, words[0]) &&
           strpbrk (words[1], "0123456789") != NULL;
}

/* "Lab 1, Room 204", "Middag och mingel, Pub Ankaret": the place after a
 * title's last comma, a room, or a party's venue (not in "Dinner at Gys,
 * Voorstraat", whose venue is in the title). Returns whether @title (cut
 * there) gave @slot its place. */
static gboolean
take_place_comma (MlaAgendaBuilder *b, MlaAgendaSlot *slot, char *title)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *place = NULL, *head = NULL;
    gint start = 0;

    if (!g_regex_match (b->parser->place_comma, title, 0, &match))
        return FALSE;
    place = g_match_info_fetch_named (match, "place");
    head = g_match_info_fetch_named (match, "title");
    if (!((mla_agenda_is_room_line (b, place) || numbered_room (b, place)) ||
          (mla_agenda_parser_kind (b->parser, head) != MLA_SLOT_KIND_SESSION &&
           strstr (head, " at ") == NULL && strchr (head, '@') == NULL &&
           g_regex_match (b->parser->venue, place, 0, NULL) &&
           (strchr (place, ' ') != NULL /* "Pub Ankaret" */
            || mla_agenda_parser_kind (b->parser, place) ==
                   MLA_SLOT_KIND_SESSION))) ||
        g_regex_match (b->parser->people_apart, place, 0, NULL))
        return FALSE;
    g_match_info_fetch_named_pos (match, "place", &start, NULL);
    slot->location = g_steal_pointer (&place);
    title[start] = '\0';
    g_strchomp (title);
    if (g_str_has_suffix (title, ","))
        title[strlen (title) - 1] = '\0';
    return TRUE;
}

/* Whether @place, at the end of a title of @kind after @open (nullable:
 * "(", "["), is a venue: after a meal or a party, "Lunch \u2014 Menza
 * Strahov" reads as a name but is a place (nobody gives a meal), and a
 * meal's "(Resto De Brug)", "(Restaurant universitaire Le M\u00e9tronome)"
 * is one though it reads as a name or has words in lower case; so is a
 * place that starts with a venue word, "[Taberna do Largo]". */
static gboolean
tail_is_venue (MlaAgendaBuilder *b, const char *place, const char *open,
               MlaSlotKind kind)
{
    return mla_agenda_parser_kind (b->parser, place) == MLA_SLOT_KIND_SESSION &&
           ((kind != MLA_SLOT_KIND_SESSION && open != NULL && open[0] == '(' &&
             meal_venue (b, place)) ||
            (g_regex_match (b->parser->venue, place, 0, NULL) &&
             (kind != MLA_SLOT_KIND_SESSION ||
              g_regex_match (b->parser->venue_word, place, 0, NULL) ||
              (!mla_agenda_names_only (b->parser, place) &&
               !mla_agenda_is_first_name (b->parser, place)))));
}

/* "Lunch \u2014 Brasserie de l'Atelier, next door", "Office hours --
 * Room 3A", "Triage [Library]", "Dinner (Trattoria Sole)": the place a
 * title ends with. A room ("Room 3A") is one after any title, after a
 * dash or a comma ("Lab 1, Room 204"); a venue's
 * name only after a meal, a break or a party (after a talk it would be a
 * speaker or a topic), or in square brackets when it is no name. Returns
 * whether @title (cut there) gave @slot its place. */
gboolean
mla_agenda_take_place_tail (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                            char *title)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *place = NULL, *note = NULL, *open = NULL, *before = NULL;
    gboolean room, venue, square, dashed;
    MlaSlotKind kind;

    if (slot->location != NULL || slot->room != NULL)
        return FALSE;
    if (take_place_comma (b, slot, title))
        return TRUE;
    if (!g_regex_match (b->parser->place_tail, title, 0, &match))
        return FALSE;
    place = g_match_info_fetch_named (match, "place");
    note = g_match_info_fetch_named (match, "note");
    open = g_match_info_fetch_named (match, "open");
    before = g_match_info_fetch_named (match, "title");
    kind = mla_agenda_parser_kind (b->parser, before);
    /* ("Workshops (Raum 2.14 und 2.15)": two rooms stay in the title) */
    room = mla_agenda_is_room_line (b, place) &&
           !g_regex_match (b->parser->people_apart, place, 0, NULL);
    venue = tail_is_venue (b, place, open, kind);
    square = open != NULL && open[0] == '[';
    /* (in a text that puts its places after dashes, any place there that
     * names nobody: "Keynote: Financing film \u2013 Screen 1") */
    dashed = b->text.dashes_places && (open == NULL || open[0] == '\0') &&
             g_regex_match (b->parser->place_dash, title, 0, NULL) &&
             !mla_agenda_names_only (b->parser, place) &&
             !mla_agenda_is_first_name (b->parser, place);
    if (!(room || dashed ||
          (venue && (kind != MLA_SLOT_KIND_SESSION || square))))
        return FALSE;
    if (note != NULL && g_regex_match (b->parser->place_part, note, 0, NULL)) {
        /* "Kohvik N\u00f5mme, ground floor": the floor is the place's */
        slot->location = g_strconcat (place, ", ", note, NULL);
        g_clear_pointer (&note, g_free);
    } else {
        slot->location = g_steal_pointer (&place);
    }
    if (note != NULL && note[0] != '\0')
        g_ptr_array_add (slot->notes, g_steal_pointer (&note));
    strcpy (title, before);
    return TRUE;
}
