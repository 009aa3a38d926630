/* mla-agenda-changes.c: changes written into a quoted programme (see
 * mla-agenda-changes-private.h). */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <string.h>
#include "mla-agenda-changes-private.h"
#include "mla-agenda-builder-private.h"
#include "mla-agenda-times-private.h"
#include "mla-agenda-names-private.h"
#include "mla-agenda-titles-private.h"

#define CHANGE_MAX_LINES 3 /* unquoted lines a change may take */
/* "the workshop": shorter words ("to") name no slot */
#define OBJECT_MIN_CHARS 4
#define NAME_MAX_WORDS 5

/* The unquoted lines from the builder's line on, up to a blank or quoted
 * one, when they are written under a slot of a quoted programme: their
 * "-->" markers dropped, joined. @n (out): how many. Returns: (transfer
 * full) (nullable). */
static char *
change_text (MlaAgendaBuilder *b, guint *n)
{
    const MlaAgendaLine *lines = b->lines;
    guint above = b->index;
    g_autoptr (GString) text = g_string_new (NULL);

    if (lines[b->index].quoted || lines[b->index].blank ||
        b->slot.current == NULL || b->day.current == NULL)
        return NULL;
    while (above > 0 && lines[above - 1].blank && !lines[above - 1].quoted)
        above--;
    if (above == 0 || !lines[above - 1].quoted || lines[above - 1].blank)
        return NULL;
    *n = 0;
    for (guint i = b->index;
         i < b->n_lines && !lines[i].quoted && !lines[i].blank; i++) {
        const char *p = lines[i].text + strspn (lines[i].text, " \t");

        if (++*n > CHANGE_MAX_LINES)
            return NULL;
        p += strspn (p, "-=>");
        g_string_append_printf (text, "%s%s", text->len > 0 ? " " : "",
                                p + strspn (p, " \t"));
    }
    return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Puts @slot, whose start changed, where its start belongs in @day. */
static void
reorder_in (MlaAgendaDay *day, MlaAgendaSlot *slot)
{
    int start = mla_agenda_minutes_of (slot->start);
    guint at = 0;

    for (guint i = 0; i < day->slots->len; i++)
        if (g_ptr_array_index (day->slots, i) == slot) {
            g_ptr_array_steal_index (day->slots, i);
            break;
        }
    while (at < day->slots->len &&
           mla_agenda_minutes_of (
               ((MlaAgendaSlot *) g_ptr_array_index (day->slots, at))->start) <=
               start)
        at++;
    g_ptr_array_insert (day->slots, at, slot);
}

/* The slots of a programme still come after a change written in it: the
 * slot changed goes to its place once all are read. */
static void
mark_moved (MlaAgendaBuilder *b, MlaAgendaSlot *slot)
{
    if (b->changes.moved == NULL)
        b->changes.moved = g_ptr_array_new ();
    g_ptr_array_add (b->changes.moved, slot);
}

/* The room @clause names ("to room B204", ", in B301"), cut from it when
 * @cut. Returns: (transfer full) (nullable). */
static char *
take_room (MlaAgendaBuilder *b, char *clause, gboolean cut)
{
    g_autoptr (GMatchInfo) match = NULL;
    gint start = 0;
    char *room;

    if (!g_regex_match (b->parser->change_room, clause, 0, &match))
        return NULL;
    room = g_match_info_fetch_named (match, "room");
    if (cut) {
        g_match_info_fetch_pos (match, 0, &start, NULL);
        clause[start] = '\0';
        g_strchomp (clause);
        if (g_str_has_suffix (clause, ","))
            clause[strlen (clause) - 1] = '\0';
    }
    return room;
}

/* The slot of @day whose title holds the word @word, or NULL. */
static MlaAgendaSlot *
slot_named (MlaAgendaDay *day, const char *word)
{
    g_autofree char *key = g_utf8_casefold (word, -1);

    for (guint i = 0; i < day->slots->len; i++) {
        MlaAgendaSlot *slot = g_ptr_array_index (day->slots, i);
        g_autofree char *title =
            slot->title != NULL ? g_utf8_casefold (slot->title, -1) : NULL;
        const char *at = title != NULL ? strstr (title, key) : NULL;

        /* (a whole word: "workshop" in "Workshop: tracing", not in "Workshops")
         */
        if (at != NULL &&
            (at == title ||
             !g_unichar_isalnum (g_utf8_get_char (g_utf8_prev_char (at)))) &&
            !g_unichar_isalnum (g_utf8_get_char (at + strlen (key))))
            return slot;
    }
    return NULL;
}

/* The slot of the builder's day that @words name by their first word
 * after an article ("the workshop"), or NULL. */
static MlaAgendaSlot *
object_slot (MlaAgendaBuilder *b, const char *words)
{
    g_autoptr (GMatchInfo) object = NULL;
    g_autofree char *word = NULL;

    if (!g_regex_match (b->parser->change_object, words, 0, &object))
        return NULL;
    word = g_match_info_fetch_named (object, "word");
    return g_utf8_strlen (word, -1) >= OBJECT_MIN_CHARS
               ? slot_named (b->day.current, word)
               : NULL;
}

/* "1300-1400 is now the safety incident debrief led by X, in B301": a new
 * slot at those hours; "13:30-15:00 is now the incident review": the slot
 * so named moves there. */
static gboolean
new_slot (MlaAgendaBuilder *b, const char *clause)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *rest = NULL, *room = NULL;
    MlaClock start, end;
    gboolean bare1, bare2;
    MlaAgendaSlot *slot;
    int s, e;

    if (!g_regex_match (b->parser->change_new, clause, 0, &match) ||
        !mla_agenda_fetch_clock (b, match, "1", &start, &bare1) ||
        !mla_agenda_fetch_clock (b, match, "2", &end, &bare2))
        return FALSE;
    mla_agenda_resolve_range (&start, &end, -1, b->text.all_24h, &s, &e);
    rest = g_match_info_fetch_named (match, "rest");
    slot = object_slot (b, rest);
    if (slot != NULL) {
        mla_agenda_format_minutes (s, slot->start);
        mla_agenda_set_end (slot->end, s, e);
        mark_moved (b, slot);
        return TRUE;
    }
    room = take_room (b, rest, TRUE);
    slot = mla_agenda_slot_new ();
    mla_agenda_format_minutes (s, slot->start);
    mla_agenda_set_end (slot->end, s, e);
    mla_agenda_slot_set_title (b, slot, rest);
    if (slot->title != NULL &&
        g_unichar_islower (g_utf8_get_char (slot->title))) {
        /* ("is now the safety incident debrief": a title starts in capitals) */
        g_autofree char *head = g_utf8_strup (
            slot->title, g_utf8_next_char (slot->title) - slot->title);
        char *title = g_strconcat (head, g_utf8_next_char (slot->title), NULL);

        g_free (slot->title);
        slot->title = title;
    }
    if (room != NULL && slot->location == NULL)
        slot->location = g_steal_pointer (&room);
    g_ptr_array_add (b->day.current->slots, slot);
    mark_moved (b, slot);
    return TRUE;
}

/* "Moved to 1400-1500 and to room B204", "shortened, now 13.30-14.00",
 * "Moved the workshop to 14:00": the slot written above, or the one the
 * words after the verb name, gets the new hours (a time alone keeps its
 * length) and the room. */
static gboolean
move_slot (MlaAgendaBuilder *b, char *clause)
{
    g_autoptr (GMatchInfo) verb = NULL;
    g_autoptr (GMatchInfo) time = NULL;
    g_autofree char *room = NULL;
    MlaAgendaSlot *slot = b->slot.current;
    MlaClock start, end;
    gboolean bare1 = TRUE, bare2 = TRUE, range;
    gint verb_at = 0, from = 0, at = 0;
    int s, e = -1;

    if (!g_regex_match (b->parser->change_done, clause, 0, &verb))
        return FALSE;
    g_match_info_fetch_pos (verb, 0, &verb_at, &from);
    /* the time after the verb, or before it when the verb comes last
     * ("Den Abschluss bitte auf 14:30 vorziehen") */
    if (!g_regex_match_full (b->parser->change_time, clause, -1, from, 0, &time,
                             NULL)) {
        g_clear_pointer (&time, g_match_info_unref);
        if (!g_regex_match_full (b->parser->change_time, clause, verb_at, 0, 0,
                                 &time, NULL))
            return FALSE;
    }
    if (!mla_agenda_fetch_clock (b, time, "1", &start, &bare1) || bare1)
        return FALSE;
    g_match_info_fetch_pos (time, 0, &at, NULL);
    range = mla_agenda_fetch_clock (b, time, "2", &end, &bare2);
    {
        /* the words after the verb ("Moved the workshop to"), or before
         * it and the time ("the golden paths workshop moves to") */
        g_autofree char *after =
            at > from ? g_strndup (clause + from, at - from) : g_strdup ("");
        g_autofree char *before = g_strndup (clause, MIN (verb_at, at));
        MlaAgendaSlot *named = object_slot (b, after);

        if (named == NULL)
            named = object_slot (b, before);
        if (named != NULL)
            slot = named;
    }
    if (range)
        mla_agenda_resolve_range (&start, &end, -1, b->text.all_24h, &s, &e);
    else
        s = mla_agenda_resolve_clock (&start, -1, b->text.all_24h);
    if (!range && slot->end[0] != '\0')
        e = s + mla_agenda_minutes_of (slot->end) -
            mla_agenda_minutes_of (slot->start);
    mla_agenda_format_minutes (s, slot->start);
    mla_agenda_set_end (slot->end, s, e);
    room = take_room (b, clause + at, FALSE);
    if (room != NULL) {
        g_free (slot->location);
        slot->location = g_steal_pointer (&room);
    }
    mark_moved (b, slot);
    return TRUE;
}

/* "Paul Ferreira presents the budget instead": the name the clause starts
 * with is the speaker of the slot above, in place of its people. */
static gboolean
new_speaker (MlaAgendaBuilder *b, const char *clause)
{
    g_autofree char *name = NULL;

    if (!g_regex_match (b->parser->change_instead, clause, 0, NULL))
        return FALSE;
    name = mla_agenda_leading_name (b->parser, clause, NAME_MAX_WORDS,
                                    MLA_LEADING_NAME_ANY);
    if (name == NULL)
        return FALSE;
    g_ptr_array_set_size (b->slot.current->people, 0);
    g_ptr_array_add (
        b->slot.current->people,
        mla_agenda_person_new (name, MLA_PERSON_ROLE_SPEAKER, TRUE));
    return TRUE;
}

/* New hours for the slot of @day that @word names, which the text may
 * name before the slot is read. */
typedef struct {
    char *word;
    MlaAgendaDay *day;
    int start, end;
} MlaChangePair;

static void
change_pair_free (gpointer data)
{
    MlaChangePair *pair = data;

    g_free (pair->word);
    g_free (pair);
}

/* "Also Forum 13:30 \u2013 14:30 und Workshops 11:30 \u2013 12:30" after
 * "tauschen": each slot the word before a range names gets those hours
 * once the text is read. */
static gboolean
paired_slots (MlaAgendaBuilder *b, const char *clause)
{
    g_autoptr (GMatchInfo) match = NULL;
    gboolean paired = FALSE;

    g_regex_match (b->parser->change_pair, clause, 0, &match);
    for (; g_match_info_matches (match); g_match_info_next (match, NULL)) {
        g_autofree char *word = g_match_info_fetch_named (match, "word");
        MlaClock start, end;
        gboolean bare1, bare2;
        MlaChangePair *pair;

        if (g_utf8_strlen (word, -1) < OBJECT_MIN_CHARS ||
            !mla_agenda_fetch_clock (b, match, "1", &start, &bare1) ||
            !mla_agenda_fetch_clock (b, match, "2", &end, &bare2))
            continue;
        pair = g_new0 (MlaChangePair, 1);
        pair->word = g_steal_pointer (&word);
        pair->day = b->day.current;
        mla_agenda_resolve_range (&start, &end, -1, b->text.all_24h,
                                  &pair->start, &pair->end);
        if (b->changes.pairs == NULL)
            b->changes.pairs =
                g_ptr_array_new_with_free_func (change_pair_free);
        g_ptr_array_add (b->changes.pairs, pair);
        paired = TRUE;
    }
    return paired;
}

/* "Tobias can't make it": the person the clause starts with, named in
 * full or by first name, is no longer one of the slot above's people. */
static gboolean
gone_speaker (MlaAgendaBuilder *b, const char *clause)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *name = NULL;
    gsize n;
    guint before = b->slot.current->people->len;

    if (!g_regex_match (b->parser->change_absent, clause, 0, &match))
        return FALSE;
    name = g_match_info_fetch_named (match, "name");
    n = strlen (name);
    for (guint i = b->slot.current->people->len; i > 0; i--) {
        const MlaAgendaPerson *person =
            g_ptr_array_index (b->slot.current->people, i - 1);

        if (strncmp (person->name, name, n) == 0 &&
            (person->name[n] == '\0' || person->name[n] == ' '))
            g_ptr_array_remove_index (b->slot.current->people, i - 1);
    }
    return b->slot.current->people->len < before;
}

void
mla_agenda_changes_reorder (MlaAgendaBuilder *b)
{
    for (guint i = 0; b->changes.pairs != NULL && i < b->changes.pairs->len;
         i++) {
        const MlaChangePair *pair = g_ptr_array_index (b->changes.pairs, i);
        MlaAgendaSlot *slot = slot_named (pair->day, pair->word);

        if (slot == NULL)
            continue;
        mla_agenda_format_minutes (pair->start, slot->start);
        if (pair->end > pair->start)
            mla_agenda_format_minutes (pair->end, slot->end);
        mark_moved (b, slot);
    }
    g_clear_pointer (&b->changes.pairs, g_ptr_array_unref);
    for (guint i = 0; b->changes.moved != NULL && i < b->changes.moved->len;
         i++)
        for (guint d = 0; d < b->agenda->days->len; d++) {
            MlaAgendaDay *day = g_ptr_array_index (b->agenda->days, d);

            if (g_ptr_array_find (
                    day->slots, g_ptr_array_index (b->changes.moved, i), NULL))
                reorder_in (day, g_ptr_array_index (b->changes.moved, i));
        }
    g_clear_pointer (&b->changes.moved, g_ptr_array_unref);
}

guint
mla_agenda_apply_changes (MlaAgendaBuilder *b)
{
    guint n = 0;
    gboolean changed = FALSE, swap;
    g_autofree char *text = change_text (b, &n);
    g_autofree char *normal = NULL;
    g_auto (GStrv) clauses = NULL;

    if (text == NULL || !g_regex_match (b->parser->change_any, text, 0, NULL))
        return 0;
    normal = b->text.military
                 ? g_regex_replace (b->parser->military_anywhere, text, -1, 0,
                                    "\\g<h>:\\g<m>", 0, NULL)
                 : g_strdup (text);
    if (normal == NULL)
        return 0;
    clauses = g_regex_split (b->parser->change_split, normal, 0);
    swap = g_regex_match (b->parser->change_swap, normal, 0, NULL);
    for (guint i = 0; clauses[i] != NULL; i++)
        changed |= new_slot (b, clauses[i]) || move_slot (b, clauses[i]) ||
                   new_speaker (b, clauses[i]) ||
                   gone_speaker (b, clauses[i]) ||
                   (swap && paired_slots (b, clauses[i]));
    if (changed)
        MLA_AGENDA_TRACE ("agenda: line %u: a change to the quoted programme",
                          b->index + 1);
    return changed ? n : 0;
}
