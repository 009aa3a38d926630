/* mla-agenda-titles.c: a slot's title and what it carries besides
 * itself, peeled off by a table of named steps (title_steps: a name, a
 * cheap guard, a pattern of the vocabulary, a handler) run in order:
 * decorations, list numbers, dot leaders, people ("- Ann Lee", "by X",
 * "moderated by X", "[J. Smith]", "(A / B)", "(chair: X)"), places ("@
 * Lobby", "- Motor Pool"; the place a title ends with is
 * mla-agenda-title-places.c's), notes ("(or ...)", descriptions). The
 * passes over a day's titles once it is read are mla-agenda-title-days.c's. */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <stddef.h>
#include <string.h>
#include "mla-agenda-titles-private.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-builder-private.h"
#include "mla-agenda-scanner-private.h"
#include "mla-agenda-names-private.h"
#include "mla-agenda-places-private.h"
#include "mla-agenda-people-private.h"
#include "mla-agenda-title-places-private.h"
#include "mla-agenda-title-days-private.h"

/* Whether @text is one short code such as "WG2", "DNSOP", "MC-3", "MC
 * B2.1": no letter but capitals (no lower-case one, none of a script
 * without cases: "\u4e3b\u9898\u62a5\u544a\u4e00" is no code), no tab or run of
 * spaces. */
static gboolean
is_code (const char *text)
{
    gsize n = 0;

    for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p), n++)
        if ((g_unichar_isalpha (g_utf8_get_char (p)) &&
             !g_unichar_isupper (g_utf8_get_char (p))) ||
            *p == '\t' || (p[0] == ' ' && (p[1] == ' ' || p == text)))
            return FALSE;
    return n > 0 && n <= 10;
}

/* "Restaurante Mar Azul, Rua das Flores 12": the part of @slot's place
 * after its last comma is an address, a note, when it holds a number. */
static void
cut_address (MlaAgendaSlot *slot)
{
    char *comma = strrchr (slot->location, ',');

    if (comma == NULL || strpbrk (comma, "0123456789") == NULL)
        return;
    g_ptr_array_add (slot->notes, g_strstrip (g_strdup (comma + 1)));
    *comma = '\0';
    g_strchomp (slot->location);
}

/* Whether the word @name stands on another line of the text than the
 * current one, as a word of its own. */
static gboolean
named_elsewhere (MlaAgendaBuilder *b, const char *name)
{
    gsize n = strlen (name);

    for (guint i = 0; i < b->n_lines; i++) {
        const char *text = b->lines[i].text;

        if (i == b->index)
            continue;
        for (const char *p = strstr (text, name); p != NULL;
             p = strstr (p + 1, name))
            if ((p == text ||
                 !g_unichar_isalnum (g_utf8_get_char (g_utf8_prev_char (p)))) &&
                !g_unichar_isalnum (g_utf8_get_char (p + n)))
                return TRUE;
    }
    return FALSE;
}

/* "Lunch - Pizza provided", "People arrive. Coffee will be served": the
 * meal or the break is the title, the rest a note. */
static void
split_meal_note (MlaAgendaBuilder *b, MlaAgendaSlot *slot, char **title)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *before = NULL;
    gboolean sentence = FALSE;

    if (!g_regex_match (b->parser->meal_tail, *title, 0, &match)) {
        g_clear_pointer (&match, g_match_info_unref);
        sentence = g_regex_match (b->parser->sentences, *title, 0, &match);
        if (!sentence)
            return;
    }
    before = g_match_info_fetch (match, 1);
    if (!sentence &&
        mla_agenda_parser_kind (b->parser, before) == MLA_SLOT_KIND_SESSION)
        return;
    g_ptr_array_add (slot->notes, g_match_info_fetch (match, 2));
    g_free (*title);
    *title = g_steal_pointer (&before);
}

/* Whether every one of @parts is a first name ("Noor", "Jess"). */
static gboolean
first_names (MlaAgendaBuilder *b, GStrv parts)
{
    for (guint i = 0; parts[i] != NULL; i++)
        if (!mla_agenda_is_first_name (b->parser, parts[i]))
            return FALSE;
    return TRUE;
}

/* One title's work in progress: the slot its steps fill and what is left
 * of the title (owned). */
typedef struct {
    MlaAgendaBuilder *b;
    MlaAgendaSlot *slot;
    char *title;
    MlaSlotKind kind; /* the title's kind before the people are peeled off */
    gboolean people_before; /* the slot had people before its title */
    gboolean cut_cell;      /* the title was a table's cell, "... |" */
} MlaTitleWork;

/* A step runs when its guard (a cheap test, or NULL) holds and its
 * pattern (the offset of a GRegex * in MlaAgendaParser, or 0) matches. */
typedef struct {
    const char *name;
    gboolean (*guard) (const MlaTitleWork *w);
    gsize pattern;
    void (*handler) (MlaTitleWork *w, GMatchInfo *match);
} MlaTitleStep;

#define PATTERN(field) offsetof (MlaAgendaParser, field)

/* Replaces the title with @rest (transfer full). */
static void
set_rest (MlaTitleWork *w, char *rest)
{
    g_free (w->title);
    w->title = rest;
}

/* Ends the title where @match starts. */
static void
cut_at_match (MlaTitleWork *w, GMatchInfo *match)
{
    gint start = 0;

    g_match_info_fetch_pos (match, 0, &start, NULL);
    w->title[start] = '\0';
}

static gboolean
has_no_people (const MlaTitleWork *w)
{
    return w->slot->people->len == 0;
}

static gboolean
starts_with_bracket (const MlaTitleWork *w)
{
    return w->title[0] == '[';
}

/* (a short first word ending in "." or ")", or a bullet) */
static gboolean
may_be_numbered (const MlaTitleWork *w)
{
    gsize word = strcspn (w->title, " ");

    return word > 0 && word <= 5 &&
           (strchr (".)", w->title[word - 1]) != NULL ||
            strchr ("-*", w->title[0]) != NULL || (guchar) w->title[0] >= 0xc2);
}

/* "16:05  2. Finances": the item's number is no part of its title */
static void
step_list_number (MlaTitleWork *w, GMatchInfo *match)
{
    gint skip = 0;

    g_match_info_fetch_pos (match, 0, NULL, &skip);
    if (w->title[skip] != '\0')
        memmove (w->title, w->title + skip, strlen (w->title + skip) + 1);
}

static gboolean
starts_upper (const MlaTitleWork *w)
{
    return g_ascii_isupper (w->title[0]);
}

/* "APP apparea Applications Open Area Meeting": the area's code and the
 * group's acronym are no part of its name */
static void
step_group_code (MlaTitleWork *w, GMatchInfo *match)
{
    gint skip = 0;

    g_match_info_fetch_pos (match, 0, NULL, &skip);
    memmove (w->title, w->title + skip, strlen (w->title + skip) + 1);
}

static gboolean
may_tag_room (const MlaTitleWork *w)
{
    return starts_with_bracket (w) && w->slot->room == NULL &&
           w->slot->location == NULL;
}

/* "[Room A] Keynote": a timetable that tags its titles with their room
 * does so on every line, so the tag is the room even of a slot with no
 * other at its time */
static void
step_room_tag (MlaTitleWork *w, GMatchInfo *match)
{
    g_autofree char *room = g_match_info_fetch_named (match, "names");

    if (mla_agenda_is_room_line (w->b, room)) {
        w->slot->room = g_steal_pointer (&room);
        set_rest (w, g_match_info_fetch_named (match, "title"));
    }
}

/* "(20 min)" is the slot's length, which its times give */
static void
step_duration (MlaTitleWork *w, GMatchInfo *match)
{
    char *bare = g_regex_replace_literal (w->b->parser->duration, w->title, -1,
                                          0, "", 0, NULL);

    if (bare != NULL)
        set_rest (w, bare);
}

static void
step_stand_in (MlaTitleWork *w, GMatchInfo *match)
{
    mla_agenda_drop_stand_in (w->b, w->title);
}

/* "Privacy considerations -": who gives it is on the next line */
static void
step_dash_end (MlaTitleWork *w, GMatchInfo *match)
{
    gint start = 0;

    g_match_info_fetch_pos (match, 0, &start, NULL);
    if (start > 0)
        w->title[start] = '\0';
}

static gboolean
may_end_in_handle (const MlaTitleWork *w)
{
    return has_no_people (w) && strchr (w->title, '@') != NULL;
}

/* "Tech Lifehacking @erlebnischris": who gives it, by the handle alone */
static void
step_handle_end (MlaTitleWork *w, GMatchInfo *match)
{
    g_autofree char *handle = g_match_info_fetch_named (match, "handle");

    mla_agenda_add_person (w->b, w->slot, handle, MLA_PERSON_ROLE_SPEAKER);
    cut_at_match (w, match);
}

/* "*** LUNCH ***": the title inside the marks */
static void
step_decorated (MlaTitleWork *w, GMatchInfo *match)
{
    set_rest (w, g_match_info_fetch_named (match, "title"));
}

/* what the leaders lead to is who gives the item, or a note */
static void
step_leaders (MlaTitleWork *w, GMatchInfo *match)
{
    g_autofree char *tail = g_match_info_fetch_named (match, "tail");

    if (mla_agenda_names_only (w->b->parser, tail))
        mla_agenda_add_person (w->b, w->slot, tail, MLA_PERSON_ROLE_SPEAKER);
    else if (tail[0] != '\0')
        g_ptr_array_add (w->slot->notes, g_steal_pointer (&tail));
    set_rest (w, g_match_info_fetch_named (match, "title"));
}

/* "(chair: X)": "(Room A)" without a colon is part of the title; "\u2013
 * esittelee Aino M\u00e4kel\u00e4", a people label before a name, is not */
static void
step_label_paren (MlaTitleWork *w, GMatchInfo *match)
{
    MlaAgendaParser *parser = w->b->parser;
    g_autofree char *label = g_match_info_fetch_named (match, "label");
    g_autofree char *value = g_match_info_fetch_named (match, "value");
    g_autofree char *key = mla_agenda_fold_compact (label);
    g_autofree char *colon = g_match_info_fetch_named (match, "colon");
    int role = GPOINTER_TO_INT (g_hash_table_lookup (parser->labels, key)) - 1;

    if (!((colon != NULL && colon[0] != '\0') ||
          mla_agenda_label_needs_no_colon (parser, key) ||
          (role >= 0 && mla_agenda_names_only (parser, value))))
        return;
    /* ("led by the convenor": a role, nobody named) */
    if (role >= 0 && !g_regex_match (parser->stand_in_alone, value, 0, NULL))
        mla_agenda_add_people (w->b, w->slot, value, (MlaPersonRole) role,
                               mla_agenda_label_is_singular (parser, key)
                                   ? MLA_PEOPLE_ONE
                                   : MLA_PEOPLE_LIST);
    else if (role < 0 && w->slot->location == NULL)
        w->slot->location = g_steal_pointer (&value);
    cut_at_match (w, match);
}

static void
step_location_at (MlaTitleWork *w, GMatchInfo *match)
{
    MlaAgendaSlot *slot = w->slot;
    g_autofree char *place = NULL, *names = NULL;
    MlaPersonRole role;

    g_free (slot->location);
    slot->location = g_match_info_fetch (match, 2);
    set_rest (w, g_match_info_fetch (match, 1));
    /* "@ Restaurante Mar Azul, Rua das Flores 12": the address a note */
    cut_address (slot);
    /* "@ the Discord stage, run by Dmitri": who runs it is a person */
    if (mla_agenda_people_by (w->b->parser, slot->location, &place, &names,
                              &role) &&
        place[0] != '\0') {
        mla_agenda_add_person (w->b, slot, names, role);
        g_free (slot->location);
        slot->location = g_steal_pointer (&place);
    }
}

static void
step_place_tail (MlaTitleWork *w, GMatchInfo *match)
{
    mla_agenda_take_place_tail (w->b, w->slot, w->title);
}

/* "(or ...)": a note */
static void
step_note_paren (MlaTitleWork *w, GMatchInfo *match)
{
    g_ptr_array_add (w->slot->notes, g_match_info_fetch (match, 1));
    cut_at_match (w, match);
}

/* "1000-1700 Registration - Lobby": programmes in four-digit ranges put
 * the place after a dash (not those in single times, "1840 Talk - Farah
 * Qureshi") */
static gboolean
may_place_dash (const MlaTitleWork *w)
{
    return w->b->text.military == MLA_MILITARY_RANGES &&
           w->slot->location == NULL && w->slot->room == NULL;
}

/* not "- Hollis Grant (NOAA)", nor "- Dave" when Dave signs the mail */
static void
step_place_dash (MlaTitleWork *w, GMatchInfo *match)
{
    g_autofree char *place = g_match_info_fetch (match, 2);

    if ((strchr (place, '(') == NULL ||
         !mla_agenda_names_only (w->b->parser, place)) &&
        !(mla_agenda_is_first_name (w->b->parser, place) &&
          named_elsewhere (w->b, place))) {
        w->slot->location = g_steal_pointer (&place);
        set_rest (w, g_match_info_fetch (match, 1));
    }
}

static gboolean
has_bar (const MlaTitleWork *w)
{
    return strchr (w->title, '|') != NULL;
}

/* "Welcome | Ingrid Halvorsen (host)", "Securing the build | Amira
 * Haddad, Chainguard": who gives the slot in a cell of its own */
static void
step_speaker_bar (MlaTitleWork *w, GMatchInfo *match)
{
    MlaAgendaParser *parser = w->b->parser;
    g_autofree char *names = g_match_info_fetch_named (match, "names");
    g_autofree char *bare = mla_agenda_drop_affiliations (parser, names);
    const char *comma = strchr (bare, ',');
    g_autofree char *head =
        comma != NULL ? g_strndup (bare, comma - bare) : NULL;
    gboolean list = mla_agenda_names_only (parser, bare);
    gboolean one =
        !list && head != NULL && mla_agenda_parser_is_name (parser, head);

    if (one || list) {
        mla_agenda_add_people (w->b, w->slot, names, MLA_PERSON_ROLE_SPEAKER,
                               one ? MLA_PEOPLE_ONE : MLA_PEOPLE_LIST);
        set_rest (w, g_match_info_fetch_named (match, "title"));
    }
}

/* (after a meal or a break a dash leads to its place: nobody gives a
 * meal; a party's word may be a topic's, "Nordic social media") */
static void
step_kind (MlaTitleWork *w, GMatchInfo *match)
{
    w->kind = mla_agenda_parser_kind (w->b->parser, w->title);
}

static gboolean
may_be_given (const MlaTitleWork *w)
{
    return w->kind != MLA_SLOT_KIND_MEAL && w->kind != MLA_SLOT_KIND_BREAK;
}

/* A title cell beside a cell of people is the title as written: no
 * description after a dash in it ("Ada & Zangemann - Ein M\u00e4rchen \u00fcber
 * Software, Skateboards und Himbeereis <TAB> Reinhard M\u00fcller"), nor dots
 * that lead to someone ("RPM, DEB, Woodpecker ... und noch viel mehr!!") */
static gboolean
is_not_a_cell (const MlaTitleWork *w)
{
    return !w->people_before;
}

/* ("Nix(OS) - Ein \u00dcberblick <TAB> Michael Weiss": no list of
 * speakers in a title whose people are in a cell of their own) */
static gboolean
may_list_speakers (const MlaTitleWork *w)
{
    return may_be_given (w) && !w->people_before;
}

/* (a tail that starts with a venue word, "Taberna do Largo", is a place
 * however much it reads as a name) */
static void
step_speaker_list (MlaTitleWork *w, GMatchInfo *match)
{
    MlaAgendaParser *parser = w->b->parser;
    g_autofree char *tail = g_match_info_fetch (match, 2);
    g_autofree char *group = NULL;
    g_auto (GStrv) affiliated = NULL;
    g_autoptr (GMatchInfo) last = NULL;

    /* "A (Univ. Brest), B (Terres) & Collectif Goutte": the group a note */
    if (g_regex_match (parser->group_last, tail, 0, &last)) {
        group = g_match_info_fetch_named (last, "group");
        if (mla_agenda_parser_is_name (parser, group)) {
            g_clear_pointer (&group, g_free);
        } else {
            /* (the match reads @tail: fetch before freeing it) */
            char *names = g_match_info_fetch_named (last, "names");

            g_free (tail);
            tail = names;
        }
    }
    affiliated = mla_agenda_affiliated_people (parser, tail);
    if ((affiliated != NULL || mla_agenda_names_only (parser, tail)) &&
        !g_regex_match (parser->venue_word, tail, 0, NULL)) {
        if (group != NULL)
            g_ptr_array_add (w->slot->notes, g_steal_pointer (&group));
        mla_agenda_add_people (w->b, w->slot, tail, MLA_PERSON_ROLE_SPEAKER,
                               w->b->text.affiliates ? MLA_PEOPLE_ONE
                                                     : MLA_PEOPLE_LIST);
        set_rest (w, g_match_info_fetch (match, 1));
    }
}

static gboolean
may_name_speaker (const MlaTitleWork *w)
{
    return has_no_people (w) && may_be_given (w);
}

/* "Release status -- Gustavo": a first name after a double dash, which
 * topics ("Storage - Ceph") are not written after; after one dash when
 * the text names the person elsewhere too ("Present: Dmitri, Olamide", a
 * signature); "- Amara Okafor (tbc)": a name with its marker */
static void
step_speaker_dash (MlaTitleWork *w, GMatchInfo *match)
{
    MlaAgendaParser *parser = w->b->parser;
    g_autofree char *name = g_match_info_fetch (match, 2);
    gint before_end = 0, name_start = 0;
    gboolean double_dash;

    g_match_info_fetch_pos (match, 1, NULL, &before_end);
    g_match_info_fetch_pos (match, 2, &name_start, NULL);
    double_dash = g_strstr_len (w->title + before_end, name_start - before_end,
                                "--") != NULL;
    if (mla_agenda_parser_is_name (parser, name) ||
        (strchr (name, '(') != NULL && mla_agenda_names_only (parser, name)) ||
        (mla_agenda_is_first_name (parser, name) &&
         (double_dash || named_elsewhere (w->b, name)))) {
        mla_agenda_add_person (w->b, w->slot, name, MLA_PERSON_ROLE_SPEAKER);
        set_rest (w, g_match_info_fetch (match, 1));
    }
}

/* "Roadmap 2027, Femke presents" */
static void
step_name_presents (MlaTitleWork *w, GMatchInfo *match)
{
    g_autofree char *name = g_match_info_fetch_named (match, "name");

    if (mla_agenda_parser_is_name (w->b->parser, name) ||
        mla_agenda_is_first_name (w->b->parser, name)) {
        mla_agenda_add_person (w->b, w->slot, name, MLA_PERSON_ROLE_SPEAKER);
        set_rest (w, g_match_info_fetch_named (match, "title"));
    }
}

/* "Social dinner hosted by Standards Norway", "Lunch sponsored by Acme":
 * who hosts a meal or a party is a sponsor, not a speaker */
static gboolean
may_be_by (const MlaTitleWork *w)
{
    return has_no_people (w) &&
           mla_agenda_parser_kind (w->b->parser, w->title) ==
               MLA_SLOT_KIND_SESSION;
}

static void
step_people_by (MlaTitleWork *w, GMatchInfo *match)
{
    g_autofree char *names = NULL;
    char *before = NULL;
    MlaPersonRole role;

    if (mla_agenda_people_by (w->b->parser, w->title, &before, &names, &role) &&
        before[0] != '\0') {
        mla_agenda_add_person (w->b, w->slot, names, role);
        set_rest (w, before);
    } else {
        g_free (before);
    }
}

/* "Saluto del Prof. Francesco Ubertini, Presidente del CINECA",
 * "Mittagsvorlesung von Prof. Dr. Elke Sumfleth": the title before, the
 * titled person after "of" gives the slot (the title marks a person, so
 * no name is mistaken for a place's), what the person is goes */
static void
step_speaker_of (MlaTitleWork *w, GMatchInfo *match)
{
    g_autofree char *names = g_match_info_fetch_named (match, "names");

    mla_agenda_add_people (w->b, w->slot, names, MLA_PERSON_ROLE_SPEAKER,
                           MLA_PEOPLE_ONE);
    if (w->slot->people->len > 0)
        set_rest (w, g_match_info_fetch_named (match, "title"));
}

/* "[J. Smith] Title" */
static void
step_names_lead (MlaTitleWork *w, GMatchInfo *match)
{
    g_autofree char *names = g_match_info_fetch_named (match, "names");

    if (mla_agenda_names_only (w->b->parser, names)) {
        mla_agenda_add_person (w->b, w->slot, names, MLA_PERSON_ROLE_SPEAKER);
        set_rest (w, g_match_info_fetch_named (match, "title"));
    }
}

static gboolean
ends_with_bracket (const MlaTitleWork *w)
{
    return g_str_has_suffix (w->title, ")") || g_str_has_suffix (w->title, "]");
}

/* "Hartley Prize Lecture (Mona Ellis)": a title in capitals reads as a
 * name, but not of three words or more before a full name of two or
 * three words without initials (not "Ana Pop (Univ. Brest)", a name and
 * her body). */
static gboolean
full_name_after_title (MlaAgendaBuilder *b, const char *before,
                       const char *names)
{
    guint words = 1, name_words = 1;

    for (const char *p = g_strstrip ((char *) before); *p != '\0'; p++)
        words += *p == ' ';
    for (const char *p = names; *p != '\0'; p++)
        name_words += *p == ' ';
    return words >= 3 && name_words >= 2 && name_words <= 3 &&
           strchr (names, '.') == NULL &&
           mla_agenda_parser_is_name (b->parser, names);
}

/* "[J. Smith]", "(A / B)", "(Amaka Obi)", "(Prof. Wole Adeyemi,
 * Vice-Chancellor)" after a title name its speakers; not a room ("(Main
 * Hall)"), the place of a meal or a party ("Dinner (Trattoria Sole)"),
 * nor the topic after a group's code ("MC B2.1 (Real Time)") */
static void
step_names_bracket (MlaTitleWork *w, GMatchInfo *match)
{
    MlaAgendaParser *parser = w->b->parser;
    g_autofree char *open = g_match_info_fetch_named (match, "open");
    g_autofree char *names = g_match_info_fetch_named (match, "names");
    g_auto (GStrv) parts = g_regex_split (parser->person_split, names, 0);
    gboolean honorific = g_regex_match (parser->honorific, names, 0, NULL);
    g_auto (GStrv) person = mla_agenda_person_line (parser, names);
    g_autofree char *before = NULL;
    gint start = 0;
    gboolean alone;

    g_match_info_fetch_pos (match, 0, &start, NULL);
    before = g_strndup (w->title, start);
    /* ("Ann Lee (Red Hat)": a name's affiliation) */
    alone = !mla_agenda_names_room (w->b, names) &&
            !is_code (g_strstrip (before)) &&
            mla_agenda_parser_kind (parser, before) == MLA_SLOT_KIND_SESSION &&
            (!mla_agenda_parser_is_name (parser, before) ||
             full_name_after_title (w->b, before, names));
    if ((mla_agenda_names_only (parser, names) &&
         (open[0] == '[' || g_strv_length (parts) > 1 || alone)) ||
        (alone && before[0] != '\0' &&
         mla_agenda_is_first_name (parser, names))) {
        /* "Intro to the toolchain (Greg)": a first name alone too */
        mla_agenda_add_person (w->b, w->slot, names, MLA_PERSON_ROLE_SPEAKER);
        w->title[start] = '\0';
    } else if (alone && before[0] != '\0' && g_strv_length (parts) > 1 &&
               first_names (w->b, parts)) {
        /* "Kids' corner (Noor & Jess)", "(Ana + Bram)": first names */
        mla_agenda_add_people (w->b, w->slot, names, MLA_PERSON_ROLE_SPEAKER,
                               MLA_PEOPLE_LIST);
        w->title[start] = '\0';
    } else if (person != NULL && (open[0] == '[' || honorific || alone)) {
        /* "(Ann Lee, General Chair)": a name and what she is */
        mla_agenda_add_people (w->b, w->slot, names, MLA_PERSON_ROLE_SPEAKER,
                               g_strv_length (person) == 1 ? MLA_PEOPLE_ONE
                                                           : MLA_PEOPLE_LIST);
        w->title[start] = '\0';
    }
}

/* "Session 2 - R\u00f4les et apports ...", "Lecture 5 - Open problems,
 * round table ...": after a numbered session the dash leads to its
 * title, however long (held-out real text 45, own/142). */
static gboolean
after_numbered_session (MlaAgendaParser *parser, const char *before)
{
    return g_regex_match (parser->numbered_session, before, 0, NULL);
}

/* "Title: what it is about": a note; "WG2 - Message formats: ...": a
 * group's title */
static void
step_description (MlaTitleWork *w, GMatchInfo *match)
{
    char *before = g_match_info_fetch (match, 1);

    if (is_code (before) || after_numbered_session (w->b->parser, before)) {
        g_free (before);
    } else {
        g_ptr_array_add (w->slot->notes, g_match_info_fetch (match, 2));
        set_rest (w, before);
    }
}

static gboolean
may_have_meal_note (const MlaTitleWork *w)
{
    return w->slot->location == NULL && has_no_people (w) &&
           mla_agenda_parser_kind (w->b->parser, w->title) !=
               MLA_SLOT_KIND_SESSION;
}

static void
step_meal_note (MlaTitleWork *w, GMatchInfo *match)
{
    split_meal_note (w->b, w->slot, &w->title);
}

/* the whole line is the slot: it stays the title and names its speakers
 * ("Invited talk: A", "Fireside chat: A & B"); unless they are named
 * under it ("Keynote: Measuring Joules, Not Guesses" over "Speaker:
 * Rahel Tesfaye") */
static void
step_label_name (MlaTitleWork *w, GMatchInfo *match)
{
    g_autofree char *name = g_match_info_fetch (match, 1);

    if (mla_agenda_names_only (w->b->parser, name) &&
        !mla_agenda_people_under (w->b, w->b->index))
        mla_agenda_add_person (w->b, w->slot, name, MLA_PERSON_ROLE_SPEAKER);
}

static gboolean
written_wide (const MlaTitleWork *w)
{
    return mla_agenda_current_line (w->b)->wide_colon &&
           strstr (w->title, ": ") != NULL;
}

/* the title as written:
 * "\u30bb\u30c3\u30b7\u30e7\u30f31\uff1a\u30c6\u30b9\u30c8" */
static void
step_wide_colon (MlaTitleWork *w, GMatchInfo *match)
{
    GString *written = g_string_new (w->title);

    g_string_replace (written, ": ", "\xef\xbc\x9a", 0);
    set_rest (w, g_string_free (written, FALSE));
}

static gboolean
written_wide_parens (const MlaTitleWork *w)
{
    const MlaAgendaLine *line = mla_agenda_current_line (w->b);

    return line->wide_parens && !line->narrow_parens &&
           strpbrk (w->title, "()") != NULL;
}

/* the brackets as written:
 * "\u4e3b\u9898\u62a5\u544a\u4e00\uff08\u4e2d\u6587\uff09", read as
 * "\u4e3b\u9898\u62a5\u544a\u4e00 (\u4e2d\u6587)" */
static void
step_wide_parens (MlaTitleWork *w, GMatchInfo *match)
{
    GString *written = g_string_new (w->title);

    g_string_replace (written, " (", "(", 0);
    g_string_replace (written, "(", "\xef\xbc\x88", 0);
    g_string_replace (written, ")", "\xef\xbc\x89", 0);
    set_rest (w, g_string_free (written, FALSE));
}

/* "Typing the untyped: gradual types in a codebase," over its speaker
 * (not "(summary ; when will 2.7 start ;", which goes on below) */
static void
step_end_comma (MlaTitleWork *w, GMatchInfo *match)
{
    g_strchomp (w->title);
    if (g_str_has_suffix (w->title, ",") && strchr (w->title, '(') == NULL)
        w->title[strlen (w->title) - 1] = '\0';
}

/* "Accueil (hall A ) |": a cell pasted a line each ends in its
 * separator */
static void
step_cell_end (MlaTitleWork *w, GMatchInfo *match)
{
    set_rest (w, g_match_info_fetch (match, 1));
    w->cut_cell = TRUE;
}

/* "... Sonia Maatoug (Institut Pasteur de Tunis) et INUFOCAD (Ha\u00efti |":
 * a table's cell cut inside its last bracket (no line under it goes on
 * with it); the cut bracket is a note, so that the people before it read
 * as a list (held-out real text 45) */
static gboolean
ends_in_cut_bracket (const MlaTitleWork *w)
{
    const char *open = strrchr (w->title, '(');

    return w->cut_cell && open != NULL && open > w->title &&
           strchr (open, ')') == NULL;
}

static void
step_cut_bracket (MlaTitleWork *w, GMatchInfo *match)
{
    char *open = strrchr (w->title, '(');

    g_ptr_array_add (w->slot->notes, g_strdup (open));
    *open = '\0';
    g_strchomp (w->title);
}

/* "\u62a5\u544a\u9898\u76ee\uff1a<title>", "Title: <title>": the label
 * of a title goes */
static void
step_title_label (MlaTitleWork *w, GMatchInfo *match)
{
    set_rest (w, g_match_info_fetch_named (match, "title"));
}

/* "NETWORKS Routing basics, by K. Ortega" (a timetable's cell, its other
 * talks a line each below): the track's name is the title */
static void
step_track_talk (MlaTitleWork *w, GMatchInfo *match)
{
    g_ptr_array_add (w->slot->notes, g_match_info_fetch_named (match, "talk"));
    set_rest (w, g_match_info_fetch_named (match, "track"));
}

/* "Atelier 1 - Jardins (amphi Nord ) - A (Org)": the room in
 * parentheses is the place; the title and what follows the room stay
 * for the next steps */
static void
step_room_paren (MlaTitleWork *w, GMatchInfo *match)
{
    g_autofree char *before = g_match_info_fetch_named (match, "before");
    g_autofree char *place = g_match_info_fetch_named (match, "place");
    g_autofree char *after = g_match_info_fetch_named (match, "after");
    g_autofree char *gap = g_match_info_fetch_named (match, "gap");

    if ((gap == NULL || gap[0] == '\0') && (after == NULL || after[0] == '\0'))
        return;
    w->slot->location = g_strstrip (g_steal_pointer (&place));
    set_rest (w, g_strconcat (before, after, NULL));
}

static gboolean
has_no_place (const MlaTitleWork *w)
{
    return w->slot->location == NULL && w->slot->room == NULL;
}

/* In order: each step sees what the steps before it left of the title. */
static const MlaTitleStep title_steps[] = {
    { "cell-end", NULL, PATTERN (cell_end), step_cell_end },
    { "cut-bracket", ends_in_cut_bracket, 0, step_cut_bracket },
    { "title-label", NULL, PATTERN (title_label), step_title_label },
    { "track-talk", NULL, PATTERN (track_talk), step_track_talk },
    { "list-number", may_be_numbered, PATTERN (list_marker), step_list_number },
    { "group-code", starts_upper, PATTERN (group_code), step_group_code },
    { "room-tag", may_tag_room, PATTERN (names_lead), step_room_tag },
    { "duration", NULL, PATTERN (duration), step_duration },
    { "stand-in", NULL, 0, step_stand_in },
    { "dash-end", NULL, PATTERN (dash_end), step_dash_end },
    { "decorated", NULL, PATTERN (decorated), step_decorated },
    { "leaders", is_not_a_cell, PATTERN (leaders), step_leaders },
    { "label-paren", NULL, PATTERN (label_paren), step_label_paren },
    { "room-paren", has_no_place, PATTERN (room_paren), step_room_paren },
    { "location-at", NULL, PATTERN (location_at), step_location_at },
    { "handle-end", may_end_in_handle, PATTERN (handle_end), step_handle_end },
    { "place-tail", NULL, 0, step_place_tail },
    /* "Opening (everyone) — Auditorium" */
    { "stand-in-again", NULL, 0, step_stand_in },
    { "note-paren", NULL, PATTERN (note_paren), step_note_paren },
    { "place-dash", may_place_dash, PATTERN (place_dash), step_place_dash },
    { "speaker-bar", has_bar, PATTERN (speaker_bar), step_speaker_bar },
    { "kind", NULL, 0, step_kind },
    { "speaker-list", may_list_speakers, PATTERN (speaker_list),
      step_speaker_list },
    { "speaker-dash", may_name_speaker, PATTERN (speaker_dash),
      step_speaker_dash },
    { "name-presents", has_no_people, PATTERN (name_presents),
      step_name_presents },
    { "people-by", may_be_by, 0, step_people_by },
    { "speaker-of", may_be_by, PATTERN (speaker_of), step_speaker_of },
    { "names-lead", starts_with_bracket, PATTERN (names_lead),
      step_names_lead },
    { "names-bracket", ends_with_bracket, PATTERN (names_bracket),
      step_names_bracket },
    { "description", is_not_a_cell, PATTERN (description), step_description },
    { "meal-note", may_have_meal_note, 0, step_meal_note },
    { "label-name", has_no_people, PATTERN (label_name), step_label_name },
    { "wide-colon", written_wide, 0, step_wide_colon },
    { "wide-parens", written_wide_parens, 0, step_wide_parens },
    { "end-comma", NULL, 0, step_end_comma },
};

static void
title_step_run (const MlaTitleStep *step, MlaTitleWork *w)
{
    g_autoptr (GMatchInfo) match = NULL;

    if (step->guard != NULL && !step->guard (w))
        return;
    if (step->pattern != 0 &&
        !g_regex_match (G_STRUCT_MEMBER (GRegex *, w->b->parser, step->pattern),
                        w->title, 0, &match))
        return;
    step->handler (w, match);
}

/* Splits what a title carries besides itself: "@ place", a trailing
 * "(or ...)" note, a " - Speaker Name" tail. */
void
mla_agenda_slot_set_title (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                           const char *raw)
{
    MlaTitleWork w = { b,
                       slot,
                       mla_agenda_squeeze (raw),
                       MLA_SLOT_KIND_SESSION,
                       slot->people->len > 0,
                       FALSE };

    for (gsize i = 0; i < G_N_ELEMENTS (title_steps); i++)
        title_step_run (&title_steps[i], &w);
    g_free (slot->title);
    slot->title = w.title;
    if (slot->title[0] == '\0')
        g_clear_pointer (&slot->title, g_free);
}

gboolean
mla_agenda_title_step (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                       const char *name, char **title)
{
    for (gsize i = 0; i < G_N_ELEMENTS (title_steps); i++)
        if (strcmp (title_steps[i].name, name) == 0) {
            MlaTitleWork w = { b,
                               slot,
                               *title,
                               mla_agenda_parser_kind (b->parser, *title),
                               slot->people->len > 0,
                               FALSE };

            title_step_run (&title_steps[i], &w);
            *title = w.title;
            return TRUE;
        }
    return FALSE;
}

gboolean
mla_agenda_title_names_people (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                               const char *paren)
{
    g_autofree char *title = NULL, *whole = NULL;

    if (slot->title == NULL || strchr (slot->title, '(') != NULL ||
        slot->people->len > 0 || slot->notes->len > 0 || slot->location != NULL)
        return FALSE;
    title = g_strdup (slot->title);
    whole = g_strconcat (title, " ", paren, NULL);
    mla_agenda_slot_set_title (b, slot, whole);
    if (slot->people->len > 0)
        return TRUE;
    g_ptr_array_set_size (slot->notes, 0);
    g_clear_pointer (&slot->location, g_free);
    g_free (slot->title);
    slot->title = g_steal_pointer (&title);
    return FALSE;
}
