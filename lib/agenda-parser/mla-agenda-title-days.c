/* mla-agenda-title-days.c: the passes over a day's titles once the day
 * is read, where one title alone says too little: "Name: Title" heads
 * when two slots or more have one, handles in brackets after the titles,
 * lower-case names after a dash, a run of titles that are a name and
 * brackets ("Doug Oard (UMd)"); and a role that stands in for people at
 * a title's end ("- Chairs"), which the title steps drop too. */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <string.h>
#include "mla-agenda-title-days-private.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-names-private.h"
#include "mla-agenda-places-private.h"
#include "mla-agenda-people-private.h"

#define NAME_HEAD_MIN_TITLE_WORDS 3
#define NAMES_ALONE_MIN 3 /* slots in a row titled "Name (Org)" */

static gboolean
capitalise (const GMatchInfo *match, GString *out, gpointer data)
{
    g_autofree char *word = g_match_info_fetch (match, 0);

    (void) data;
    g_string_append_unichar (out, g_unichar_totitle (g_utf8_get_char (word)));
    g_string_append (out, g_utf8_next_char (word));
    return FALSE;
}

/* Whether @head (owned, freed) reads as a name or as names. */
static gboolean
names_head (MlaAgendaBuilder *b, char *head)
{
    gboolean names = mla_agenda_parser_is_name (b->parser, head) ||
                     (strpbrk (head, "(&") != NULL &&
                      mla_agenda_names_only (b->parser, head));

    g_free (head);
    return names;
}

/* The name before "Name: Title" of @slot's title, when it reads as one
 * (or as names: "A & B: Title", "Kim Seo-yeon (\uae40\uc11c\uc5f0): Title");
 * with @evidence (the day has two such titles), also before a dash
 * ("Miguel Sousa \u2014 Welcome") and before a title of any length.
 * @out_title gets the rest. Returns: (transfer full) (nullable). */
static char *
name_head (MlaAgendaBuilder *b, const MlaAgendaSlot *slot, gboolean evidence,
           char **out_title)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *head = NULL, *sep = NULL;
    const char *rest;
    guint words = 1;
    gint end = 0;

    if (slot->title == NULL || slot->people->len > 0 ||
        !g_regex_match (b->parser->name_head, slot->title, 0, &match))
        return NULL;
    head = g_match_info_fetch_named (match, "head");
    sep = g_match_info_fetch_named (match, "sep");
    g_match_info_fetch_pos (match, 0, NULL, &end);
    rest = slot->title + end;
    for (const char *p = rest; *p != '\0'; p++)
        words += *p == ' ';
    if ((!evidence &&
         (words < NAME_HEAD_MIN_TITLE_WORDS || strcmp (sep, ":") != 0)) ||
        !g_unichar_isupper (g_utf8_get_char (rest)))
        return NULL;
    if (!names_head (b, g_strdup (head))) {
        /* "ANA PAULA DUARTE (keynote): Title": in capitals, among names */
        g_autofree char *lower = evidence ? g_utf8_strdown (head, -1) : NULL;

        if (lower == NULL ||
            !names_head (b, g_regex_replace_eval (b->parser->word, lower, -1, 0,
                                                  0, capitalise, NULL, NULL)))
            return NULL;
    }
    *out_title = g_strdup (rest);
    return g_steal_pointer (&head);
}

void
mla_agenda_day_name_heads (MlaAgendaBuilder *b, MlaAgendaDay *day)
{
    guint heads = 0;

    for (guint i = 0; i < day->slots->len; i++) {
        g_autofree char *title = NULL;
        g_autofree char *name =
            name_head (b, g_ptr_array_index (day->slots, i), FALSE, &title);

        heads += name != NULL;
    }
    if (heads < 2)
        return;
    for (guint i = 0; i < day->slots->len; i++) {
        MlaAgendaSlot *slot = g_ptr_array_index (day->slots, i);
        g_autofree char *title = NULL;
        g_autofree char *name = name_head (b, slot, TRUE, &title);

        if (name == NULL)
            continue;
        mla_agenda_add_person (b, slot, name, MLA_PERSON_ROLE_SPEAKER);
        g_free (slot->title);
        slot->title = g_steal_pointer (&title);
    }
}

/* "Home server horror stories (jonas)", "Intro to Nix [daan]": the
 * handles in brackets after @slot's title, *@start where they start.
 * Returns: (transfer full) (nullable). */
static GStrv
tail_handles (MlaAgendaBuilder *b, const MlaAgendaSlot *slot, gint *start)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *names = NULL;

    /* (not "LUNCH (courtyard)": a meal's is its place) */
    if (slot->people->len > 0 || slot->title == NULL ||
        (!g_str_has_suffix (slot->title, ")") &&
         !g_str_has_suffix (slot->title, "]")) ||
        !g_regex_match (b->parser->names_bracket, slot->title, 0, &match) ||
        mla_agenda_parser_kind (b->parser, slot->title) !=
            MLA_SLOT_KIND_SESSION)
        return NULL;
    g_match_info_fetch_pos (match, 0, start, NULL);
    names = g_match_info_fetch_named (match, "names");
    return *start > 0 ? mla_agenda_handles (b->parser, names) : NULL;
}

/* Handles after titles name their speakers when two slots or more of
 * @day have them: one alone may be topics ("(i18n, privacy)"). */
static void
day_tail_handles (MlaAgendaBuilder *b, MlaAgendaDay *day)
{
    guint tails = 0;
    gint start = 0;

    for (guint i = 0; i < day->slots->len; i++) {
        g_auto (GStrv) handles =
            tail_handles (b, g_ptr_array_index (day->slots, i), &start);

        tails += handles != NULL;
    }
    for (guint i = 0; tails >= 2 && i < day->slots->len; i++) {
        MlaAgendaSlot *slot = g_ptr_array_index (day->slots, i);
        g_auto (GStrv) handles = tail_handles (b, slot, &start);

        for (guint j = 0; handles != NULL && handles[j] != NULL; j++)
            g_ptr_array_add (slot->people,
                             mla_agenda_person_new (
                                 handles[j], MLA_PERSON_ROLE_SPEAKER, TRUE));
        if (handles != NULL) {
            slot->title[start] = '\0';
            g_strchomp (slot->title);
        }
    }
}

/* The name of @slot's title "Allan Hanbury (position paper)": a name
 * alone, then one pair of brackets; *@open where they start. Returns:
 * (transfer full) (nullable). */
static char *
name_alone (MlaAgendaBuilder *b, const MlaAgendaSlot *slot, gsize *open)
{
    const char *paren;
    g_autofree char *name = NULL;

    if (slot->people->len > 0 || slot->title == NULL ||
        !g_str_has_suffix (slot->title, ")") ||
        (paren = strchr (slot->title, '(')) == NULL ||
        strpbrk (paren + 1, "()") != slot->title + strlen (slot->title) - 1 ||
        mla_agenda_parser_kind (b->parser, slot->title) !=
            MLA_SLOT_KIND_SESSION)
        return NULL;
    name = g_strstrip (g_strndup (slot->title, paren - slot->title));
    if (!mla_agenda_parser_is_name (b->parser, name))
        return NULL;
    *open = paren - slot->title;
    return g_steal_pointer (&name);
}

/* "0900 \u2013 0915: Allan Hanbury (position paper)" / "0915 \u2013 0930:
 * Ophir Frieder (Georgetown)" / ...: a run of NAMES_ALONE_MIN slots or
 * more, one after the other, each titled by a name and brackets, is a
 * row of speakers (perspectives, lightning talks) with no titles; the
 * brackets are notes. One or two may be topics ("Clustered Storage
 * (GFS, OCFS2)", "Packaging BoF (Debian & Fedora)"). */
static void
day_names_alone (MlaAgendaBuilder *b, MlaAgendaDay *day)
{
    guint run = 0;
    gsize open = 0;

    for (guint i = 0; i <= day->slots->len; i++) {
        g_autofree char *name =
            i < day->slots->len
                ? name_alone (b, g_ptr_array_index (day->slots, i), &open)
                : NULL;

        if (name != NULL) {
            run++;
            continue;
        }
        for (guint k = i - run; run >= NAMES_ALONE_MIN && k < i; k++) {
            MlaAgendaSlot *slot = g_ptr_array_index (day->slots, k);
            g_autofree char *person = name_alone (b, slot, &open);
            char *note = slot->title + open + 1;

            mla_agenda_add_person (b, slot, person, MLA_PERSON_ROLE_SPEAKER);
            note[strlen (note) - 1] = '\0';
            if (note[0] != '\0')
                g_ptr_array_add (slot->notes, g_strdup (note));
            g_clear_pointer (&slot->title, g_free);
        }
        run = 0;
    }
}

void
mla_agenda_drop_stand_in (MlaAgendaBuilder *b, char *title)
{
    g_autoptr (GMatchInfo) match = NULL;
    gint start = 0;

    if (!g_regex_match (b->parser->stand_in, title, 0, &match))
        return;
    g_match_info_fetch_pos (match, 0, &start, NULL);
    title[start] = '\0';
}

void
mla_agenda_day_lower_tails (MlaAgendaBuilder *b, MlaAgendaDay *day)
{
    guint named = 0;

    day_tail_handles (b, day);
    day_names_alone (b, day);
    for (guint i = 0; i < day->slots->len; i++)
        named +=
            ((MlaAgendaSlot *) g_ptr_array_index (day->slots, i))->people->len >
            0;
    if (named < 2)
        return;
    for (guint i = 0; i < day->slots->len; i++) {
        MlaAgendaSlot *slot = g_ptr_array_index (day->slots, i);
        g_autoptr (GMatchInfo) match = NULL;
        g_autofree char *name = NULL, *marker = NULL, *person = NULL;
        gint start = 0;

        if (slot->people->len > 0 || slot->title == NULL ||
            !g_regex_match (b->parser->lower_tail, slot->title, 0, &match))
            continue;
        name = g_match_info_fetch_named (match, "name");
        marker = g_match_info_fetch_named (match, "marker");
        g_match_info_fetch_named_pos (match, "title", NULL, &start);
        if (slot->location == NULL && slot->room == NULL &&
            mla_agenda_names_room (b, name)) {
            /* "Welcome -- main barn": a room in lower case is the place */
            slot->location = g_steal_pointer (&name);
            slot->title[start] = '\0';
            mla_agenda_drop_stand_in (b, slot->title);
            continue;
        }
        if (!mla_agenda_is_lower_name (b->parser, name))
            continue;
        /* (with its marker: "(tbc)" makes the person unconfirmed) */
        person = g_strconcat (name, marker != NULL ? marker : "", NULL);
        mla_agenda_add_person (b, slot, person, MLA_PERSON_ROLE_SPEAKER);
        slot->title[start] = '\0';
    }
}
