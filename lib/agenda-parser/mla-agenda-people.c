/* mla-agenda-people.c: people of the agenda parser: the people of a value
 * added to a slot, lines of people under a slot, who gives a slot after
 * "by", label words, a speaker's line under a title (see
 * mla-agenda-people-private.h); the rule "person-label" is
 * mla-agenda-labels.c's. */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <string.h>
#include "mla-agenda-people-private.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-builder-private.h"
#include "mla-agenda-scanner-private.h"
#include "mla-agenda-names-private.h"
#include "mla-agenda-places-private.h"

/* "Moderated by", "animée par" introduce a name without a colon. */
gboolean
mla_agenda_label_needs_no_colon (MlaAgendaParser *parser, const char *key)
{
    for (guint i = 0; parser->label_endings[i] != NULL; i++)
        if (g_str_has_suffix (key, parser->label_endings[i]))
            return TRUE;
    return FALSE;
}

/* "Ann Lee, Red Hat": two parts apart by one comma, the first a name, are
 * a name and its affiliation (a list of names ends with "and" or has more
 * commas). Returns: (transfer full) (nullable): the name, or NULL. */
static char *
name_with_affiliation (MlaAgendaParser *parser, const char *text)
{
    const char *comma = strchr (text, ',');
    g_auto (GStrv) parts = NULL;
    g_autofree char *first = NULL;

    if (comma == NULL || strchr (comma + 1, ',') != NULL ||
        strchr (text, '(') != NULL)
        return NULL;
    parts = g_regex_split (parser->person_split, text, 0);
    if (g_strv_length (parts) != 2)
        return NULL;
    first = g_strstrip (g_strndup (text, comma - text));
    /* ("\u674e\u4f1f (Li Wei), Microsoft": a name in Han too) */
    return mla_agenda_parser_is_name (parser, first) ||
                   mla_agenda_is_han_name (first)
               ? g_steal_pointer (&first)
               : NULL;
}

void
mla_agenda_add_person (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                       const char *value, MlaPersonRole role)
{
    mla_agenda_add_people (b, slot, value, role, MLA_PEOPLE_LIST);
}

gboolean
mla_agenda_label_is_singular (MlaAgendaParser *parser, const char *key)
{
    /* "Speakers", "Ponentes", "Referenten", "Referentinnen" */
    static const char *const endings[] = { "s", "es", "n", "en", "nen" };

    for (guint i = 0; i < G_N_ELEMENTS (endings); i++) {
        g_autofree char *plural = g_strconcat (key, endings[i], NULL);

        if (g_hash_table_contains (parser->labels, plural))
            return TRUE;
    }
    return FALSE;
}

int
mla_agenda_label_role (MlaAgendaParser *parser, const char *label)
{
    g_autofree char *key = mla_agenda_fold_compact (label);

    return GPOINTER_TO_INT (g_hash_table_lookup (parser->labels, key)) - 1;
}

/* Whether the first of the people in @value is written as a name ("Ann
 * Lee, Red Hat", "Dr. Bo Li and ...", "Mel Hall", "Vivek": capitalised
 * words and particles, whatever the words), or no one is named ("TBD"). */
gboolean
mla_agenda_first_is_name (MlaAgendaParser *parser, const char *value)
{
    g_autoptr (GMatchInfo) title = NULL;
    g_autoptr (GMatchInfo) apart = NULL;
    g_autofree char *first = NULL;
    const char *start = value + strspn (value, " ");
    gint end = 0;

    /* (on every label line: the common cases first, no cleaning) */
    if (g_unichar_isupper (g_utf8_get_char (start)) &&
        g_regex_match (parser->honorific, start, 0, &title)) {
        g_match_info_fetch_pos (title, 0, NULL, &end);
        start += end;
    }
    end = (gint) strcspn (start, "(,;&/");
    first = g_strstrip (g_strndup (start, end));
    if (g_regex_match (parser->name, first, 0, NULL) ||
        (strchr (first, ' ') == NULL &&
         g_unichar_isupper (g_utf8_get_char (first))))
        return TRUE;
    /* "Ann Lee and Bob Ray", or a marker ("<TBD>") */
    if (g_regex_match_full (parser->person_split, first, -1, 0, 0, &apart,
                            NULL)) {
        g_match_info_fetch_pos (apart, 0, &end, NULL);
        first[end] = '\0';
        if (g_regex_match (parser->name, first, 0, NULL))
            return TRUE;
    }
    return g_regex_match (parser->markers, value, 0, NULL);
}

/* "Organisers", "Chairs", "All" in a speaker's place: one word that is a
 * label or never a name's names no one. */
static gboolean
names_no_one (MlaAgendaParser *parser, const char *clean)
{
    g_autofree char *key = NULL;

    if (strchr (clean, ' ') != NULL)
        return FALSE;
    key = mla_agenda_fold_compact (clean);
    return g_hash_table_contains (parser->labels, key) ||
           mla_agenda_word_is (parser->not_names, clean, NULL);
}

/* "moderator Hélène Girard" in a list of people: a label, with or
 * without its colon, then a name. Returns whether @part was so. */
static gboolean
add_labelled_part (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *part)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *label = NULL, *value = NULL;
    int role;

    if (!g_regex_match (mla_agenda_rule (b->parser, "person-label"), part, 0,
                        &match))
        return FALSE;
    label = g_match_info_fetch_named (match, "label");
    value = g_match_info_fetch_named (match, "value");
    role = mla_agenda_label_role (b->parser, label);
    if (role < 0 || !mla_agenda_first_is_name (b->parser, value))
        return FALSE;
    mla_agenda_add_people (b, slot, value, (MlaPersonRole) role,
                           mla_agenda_label_is_singular (b->parser, label)
                               ? MLA_PEOPLE_ONE
                               : MLA_PEOPLE_LIST);
    return TRUE;
}

/* "Ann Lee, Red Hat; Marco Bianchi, SUSE": semicolons part the people,
 * so commas part each one's name from affiliation. But a group may have a
 * label of its own ("; moderator X", "| Panelists: A, B"); one with
 * another ("Scribe: B") names no one of these. */
static void
add_groups (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *value,
            MlaPersonRole role, MlaPeopleFlags flags)
{
    g_auto (GStrv) groups = g_regex_split (b->parser->people_groups, value, 0);
    MlaPeopleFlags each = MLA_PEOPLE_ONE;

    for (guint i = 1; groups[i] != NULL; i++)
        if (g_regex_match (mla_agenda_rule (b->parser, "person-label"),
                           groups[i], 0, NULL))
            each = flags; /* the groups are roles, not one person each */
    for (guint i = 0; groups[i] != NULL; i++)
        if (groups[i][0] != '\0' && !add_labelled_part (b, slot, groups[i]) &&
            (i == 0 || mla_agenda_first_is_name (b->parser, groups[i])))
            mla_agenda_add_people (b, slot, groups[i], role, each);
}

/* Whether @part of a list of people is a name: also a name in Han when
 * the list had titles after names ("陈鹏鹤副研究员、Prof. Bulent Cavas"). */
static gboolean
is_name_part (MlaAgendaBuilder *b, const char *part, guint titled)
{
    return mla_agenda_parser_is_name (b->parser, part) ||
           (titled > 0 && mla_agenda_is_han_name (part));
}

/* @clean parted at "," and "and": first names, handles, names with
 * their affiliations, or one person; each part a person when @titled
 * parts or more had a title after the name ("\u6749\u4e95\u3055\u3093 &
 * \u306a\u304c\u307f\u306d\u3055\u3093"). */
static void
add_split_people (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *clean,
                  MlaPersonRole role, gboolean confirmed, guint titled)
{
    g_auto (GStrv) parts = NULL, handles = NULL;
    guint names = 0, n = 0, first_names = 0;
    guint last_name = 0;

    parts = g_regex_split (b->parser->person_split, clean, 0);
    for (guint i = 0; parts[i] != NULL; i++) {
        g_autoptr (GMatchInfo) title = NULL;

        if (parts[i][0] == '\0')
            continue;
        /* "A and Dr. B": each name without its title */
        if (g_regex_match (b->parser->honorific, parts[i], 0, &title)) {
            gint end = 0;

            g_match_info_fetch_pos (title, 0, NULL, &end);
            memmove (parts[i], parts[i] + end, strlen (parts[i] + end) + 1);
        }
        n++;
        names += is_name_part (b, parts[i], titled);
        first_names += strchr (parts[i], ' ') == NULL &&
                       (g_unichar_isupper (g_utf8_get_char (parts[i])) ||
                        mla_agenda_is_han_name (parts[i]));
    }
    handles =
        n > 1 && names == 0 ? mla_agenda_handles (b->parser, clean) : NULL;
    if ((n > 1 && (first_names == n || titled >= n)) || handles != NULL) {
        /* "Marek & Sunniva", "Amaru and Kiri": first names only (or a
         * name in Han); "mikk0 & svenja_h": handles */
        for (guint i = 0; parts[i] != NULL; i++)
            if (parts[i][0] != '\0')
                g_ptr_array_add (slot->people, mla_agenda_person_new (
                                                   parts[i], role, confirmed));
        return;
    }
    /* ("kc claffy and Alberto Dainotti", "maría gonzález, Tobias Krüger":
     * a name in lower case before a capitalised one; not after it, where
     * "directrice du laboratoire" is what the person is) */
    for (guint i = 0; parts[i] != NULL; i++)
        if (is_name_part (b, parts[i], titled))
            last_name = i;
    if (n > 1 && names > 0 &&
        (is_name_part (b, parts[0], titled) ||
         (last_name > 0 && mla_agenda_is_lower_name (b->parser, parts[0])))) {
        /* names, each maybe with an affiliation after a comma
         * ("Elena Petrova, University of Oslo"): the names only; a part
         * with a label of its own has that role ("...; moderator X") */
        for (guint i = 0; parts[i] != NULL; i++)
            if (parts[i][0] != '\0' &&
                (is_name_part (b, parts[i], titled) ||
                 (i < last_name &&
                  mla_agenda_is_lower_name (b->parser, parts[i]))))
                g_ptr_array_add (slot->people, mla_agenda_person_new (
                                                   parts[i], role, confirmed));
            else if (parts[i][0] != '\0')
                add_labelled_part (b, slot, parts[i]);
    } else if (!names_no_one (b->parser, clean)) {
        g_ptr_array_add (slot->people,
                         mla_agenda_person_new (clean, role, confirmed));
    }
}

void
mla_agenda_add_people (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                       const char *value, MlaPersonRole role,
                       MlaPeopleFlags flags)
{
    gboolean confirmed = TRUE;
    g_autofree char *bare = NULL, *clean = NULL, *one = NULL;
    g_autofree char *head = NULL;
    g_autoptr (GMatchInfo) match = NULL;
    guint n_titled = 0;

    if (g_str_has_suffix (value, ")") &&
        g_regex_match (b->parser->label_paren, value, 0, &match)) {
        g_autofree char *label = g_match_info_fetch_named (match, "label");
        g_autofree char *colon = g_match_info_fetch_named (match, "colon");
        g_autofree char *inner = g_match_info_fetch_named (match, "value");
        int other = mla_agenda_label_role (b->parser, label);
        gint start = 0;

        /* "A, B, C (moderator: D)": D has a role of her own */
        g_match_info_fetch_pos (match, 0, &start, NULL);
        if (other >= 0 && colon != NULL && colon[0] != '\0' && start > 0) {
            head = g_strndup (value, start);
            mla_agenda_add_people (b, slot, head, role, flags);
            mla_agenda_add_people (b, slot, inner, (MlaPersonRole) other,
                                   MLA_PEOPLE_LIST);
            return;
        }
    }
    {
        g_autofree char *titled =
            mla_agenda_drop_affiliations (b->parser, value);

        bare = mla_agenda_drop_name_suffixes (b->parser, titled, &n_titled);
    }
    clean = mla_agenda_parser_clean_person (b->parser, bare, &confirmed);
    /* ("led by the ADs", "all speakers": a role, nobody named) */
    if (clean == NULL ||
        g_regex_match (b->parser->stand_in_alone, clean, 0, NULL))
        return;
    if (!(flags & MLA_PEOPLE_ONE)) {
        g_auto (GStrv) affiliated =
            mla_agenda_affiliated_people (b->parser, bare);

        for (guint i = 0; affiliated != NULL && affiliated[i] != NULL; i++)
            g_ptr_array_add (slot->people, mla_agenda_person_new (
                                               affiliated[i], role, confirmed));
        if (affiliated != NULL)
            return;
    }
    if (strpbrk (value, ";|") != NULL &&
        g_regex_match (b->parser->people_groups, value, 0, NULL)) {
        add_groups (b, slot, value, role, flags);
        return;
    }
    one = (flags & MLA_PEOPLE_ONE) ? name_with_affiliation (b->parser, clean)
                                   : NULL;
    if (one != NULL) {
        g_ptr_array_add (slot->people,
                         mla_agenda_person_new (one, role, confirmed));
        return;
    }
    add_split_people (b, slot, clean, role, confirmed, n_titled);
}

/* "Keith Bergelt Jim Zemlin": speakers printed one after the other. Four
 * capitalised words without a particle are two names. */
void
mla_agenda_add_name_run (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                         const char *text)
{
    g_auto (GStrv) words = g_strsplit (text, " ", -1);

    if (g_strv_length (words) == 4 &&
        g_regex_match (b->parser->capitalised_run, text, 0, NULL)) {
        g_autofree char *first = g_strjoin (" ", words[0], words[1], NULL);
        g_autofree char *second = g_strjoin (" ", words[2], words[3], NULL);

        mla_agenda_add_person (b, slot, first, MLA_PERSON_ROLE_SPEAKER);
        mla_agenda_add_person (b, slot, second, MLA_PERSON_ROLE_SPEAKER);
    } else {
        mla_agenda_add_person (b, slot, text, MLA_PERSON_ROLE_SPEAKER);
    }
}

gboolean
mla_agenda_people_at (MlaAgendaBuilder *b, guint i)
{
    g_auto (GStrv) names = NULL;

    if (i >= b->n_lines || b->lines[i].blank)
        return FALSE;
    names = mla_agenda_person_line (b->parser, b->lines[i].text);
    return names != NULL;
}

/* Whether line @i, a bare name in form, is a talk's title because people
 * follow it ("Great Title / Ann Lee, Bob Ray"). */
static gboolean
title_over_people (MlaAgendaBuilder *b, guint i)
{
    return strpbrk (b->lines[i].text, ",(") == NULL &&
           mla_agenda_people_at (b, i + 1);
}

/* A line of people under a slot gives its speakers when it closes the
 * slot (at most a talk title before it, nobody named yet) or follows
 * such a line directly; names under a session's paper titles are the
 * papers' authors, kept as notes. */
gboolean
mla_agenda_add_person_line (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                            const char *text, gboolean adjacent)
{
    g_auto (GStrv) names = NULL;
    gboolean after_people = adjacent && b->slot.person_line >= 0 &&
                            (guint) b->slot.person_line == b->slot.last_content;
    guint last = b->index, fields;
    const char *open = strrchr (text, '(');
    g_autofree char *room = NULL, *bare = NULL;

    if (!after_people && (slot->people->len > 0 || slot->notes->len > 1))
        return FALSE;
    /* "Mathilde Kerbrat (Amphi Curie)": a room in parentheses after the
     * names is the slot's place, no affiliation */
    if (open != NULL && open > text && g_str_has_suffix (text, ")") &&
        slot->location == NULL && slot->room == NULL) {
        room = g_strndup (open + 1, strlen (open + 1) - 1);
        if (mla_agenda_is_room_line (b, room))
            text = bare = g_strchomp (g_strndup (text, open - text));
        else
            g_clear_pointer (&room, g_free);
    }
    if (title_over_people (b, b->index) ||
        (names = mla_agenda_person_line (b->parser, text)) == NULL)
        return FALSE;
    /* the lines of people run on to the slot's end, maybe past fields
     * ("scribe: Pieter de Wit") */
    while (mla_agenda_people_at (b, last + 1) &&
           !title_over_people (b, last + 1))
        last++;
    for (fields = last;
         fields + 1 < b->n_lines && !b->lines[fields + 1].blank &&
         mla_agenda_field_label (b->lines[fields + 1].text +
                                 b->lines[fields + 1].indent) > 0;)
        fields++;
    if (!mla_agenda_slot_ends_after (b, last, TRUE) &&
        !mla_agenda_slot_ends_after (b, fields, TRUE)) {
        /* ("Welcome / Ann Lee & Bo Li / Great Hall": the slot's room may
         * close it) */
        g_autofree char *place =
            last + 1 < b->n_lines && !b->lines[last + 1].blank
                ? mla_agenda_place_alone (b, b->lines[last + 1].text)
                : NULL;

        if (place == NULL || !mla_agenda_slot_ends_after (b, last + 1, TRUE))
            return FALSE;
    }
    for (guint i = 0; names[i] != NULL; i++)
        mla_agenda_add_person (b, slot, names[i], MLA_PERSON_ROLE_SPEAKER);
    if (room != NULL)
        slot->location = g_steal_pointer (&room);
    b->slot.person_line = (gint) b->index;
    return TRUE;
}

/* Whether the next line with text is a slot's place, which makes this
 * line the title, not a speaker ("Welcome Keynote / location: Salon F"). */
gboolean
mla_agenda_next_is_place (MlaAgendaBuilder *b)
{
    for (guint i = b->index + 1; i < b->n_lines; i++)
        if (!b->lines[i].blank)
            return g_regex_match (mla_agenda_rule (b->parser, "location-label"),
                                  b->lines[i].text, 0, NULL);
    return FALSE;
}

/* Returns: (transfer full): @text without the spaces, commas, colons,
 * semicolons and dashes at its end. */
static char *
strip_trailing_separators (const char *text)
{
    char *out = g_strdup (text);
    gsize n = strlen (out);

    for (;;) {
        if (n > 0 && strchr (" ,;:-", out[n - 1]) != NULL)
            n--;
        else if (n >= 3 && (memcmp (out + n - 3, "\xe2\x80\x93", 3) == 0 ||
                            memcmp (out + n - 3, "\xe2\x80\x94", 3) == 0))
            n -= 3;
        else
            break;
    }
    out[n] = '\0';
    return out;
}

/* Whether @text, markers and honorifics aside, is one or more names. */
static gboolean
is_names (MlaAgendaParser *parser, const char *text)
{
    g_autofree char *clean =
        mla_agenda_parser_clean_person (parser, text, NULL);

    return clean != NULL && mla_agenda_names_only (parser, clean);
}

/* "by kc claffy and Alberto Dainotti": after "by", names in either case. */
static gboolean
is_names_any_case (MlaAgendaParser *parser, const char *text)
{
    g_auto (GStrv) parts = g_regex_split (parser->person_split, text, 0);
    guint names = 0;

    for (guint i = 0; parts[i] != NULL; i++) {
        g_strstrip (parts[i]);
        if (parts[i][0] == '\0')
            continue;
        if (!mla_agenda_parser_is_name (parser, parts[i]) &&
            !mla_agenda_is_lower_name (parser, parts[i]))
            return FALSE;
        names++;
    }
    return names > 0;
}

gboolean
mla_agenda_people_by (MlaAgendaParser *parser, const char *text,
                      char **out_title, char **out_names,
                      MlaPersonRole *out_role)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *title = NULL, *by = NULL, *names = NULL;
    const char *space;
    int role = MLA_PERSON_ROLE_SPEAKER;
    gint from = 0;

    if (!g_regex_match (parser->by_name, text, 0, &match))
        return FALSE;
    title = g_match_info_fetch_named (match, "title");
    if (title == NULL)
        title = g_strdup ("");
    by = g_match_info_fetch_named (match, "by");
    g_match_info_fetch_named_pos (match, "name", &from, NULL);
    /* "by A, B and C": the whole list when it is one; else the name
     * before its affiliation ("by Dr. Tim Bray, independent") */
    names = g_strdup (text + from);
    if (!is_names (parser, names)) {
        g_free (names);
        names = g_match_info_fetch_named (match, "name");
        if (!is_names (parser, names)) {
            g_free (names);
            names = g_strdup (text + from);
            /* "run by Dmitri": after "by", a first name alone too */
            const char *word = strrchr (title, ' ');
            g_autofree char *label =
                g_strconcat (word != NULL ? word + 1 : title, " ", by, NULL);
            g_auto (GStrv) handles = mla_agenda_handles (parser, names);

            /* ("led by mikk0 & svenja_h": handles after a label; not
             * "Pasta by hand") */
            if (!(g_unichar_islower (g_utf8_get_char (names)) &&
                  is_names_any_case (parser, names)) &&
                !(strchr (by, ' ') == NULL &&
                  g_ascii_strcasecmp (by, "by") == 0 &&
                  mla_agenda_is_first_name (parser, names)) &&
                (handles == NULL || mla_agenda_label_role (parser, label) < 0))
                return FALSE;
        }
    }
    /* "Roadmap, moderated by X": the word before "by" makes a label;
     * "Demos - judged by X": a participle is no part of the title */
    space = strrchr (title, ' ');
    {
        const char *last = space != NULL ? space + 1 : title;
        g_autofree char *label = g_strconcat (last, " ", by, NULL);
        int labelled =
            last[0] != '\0' ? mla_agenda_label_role (parser, label) : -1;

        if (labelled >= 0)
            role = labelled;
        if (labelled >= 0 ||
            (space != NULL && g_ascii_islower (last[0]) &&
             (g_str_has_suffix (last, "ed") || g_str_has_suffix (last, "en"))))
            title[last - title] = '\0';
    }
    /* "Soldering \u2014 with A and B", "Roadmap, moderated by X": the
     * separator before is no part of the title */
    *out_title = strip_trailing_separators (title);
    *out_names = g_steal_pointer (&names);
    *out_role = (MlaPersonRole) role;
    return TRUE;
}

/* The people of a speaker's line under a title: a line of people, a
 * "Speaker: Ann Lee" line, "hosted by A and B", or a name with its
 * affiliation after a bar or a dash ("Lea Verou | MIT", "Carol Nichols -
 * Integer 32"). @out_role
 * (nullable) gets their role: the label's ("Moderator:"), else speaker.
 * Returns: (transfer full) (nullable): the names, NULL when the line is
 * none. */
GStrv
mla_agenda_speaker_line_role (MlaAgendaBuilder *b, guint i,
                              MlaPersonRole *out_role)
{
    g_autofree char *text = mla_agenda_squeeze (b->lines[i].text);
    g_autoptr (GMatchInfo) match = NULL;
    GStrv names = mla_agenda_person_line (b->parser, text);

    if (out_role != NULL)
        *out_role = MLA_PERSON_ROLE_SPEAKER;
    if (names != NULL)
        return names;
    {
        g_autofree char *before = NULL, *value = NULL;
        MlaPersonRole role;

        /* "hosted by A and B", "led by mikk0 & svenja_h" */
        if (mla_agenda_people_by (b->parser, text, &before, &value, &role) &&
            before[0] == '\0') {
            g_auto (GStrv) parts =
                g_regex_split (b->parser->person_split, value, 0);
            g_autoptr (GStrvBuilder) list = g_strv_builder_new ();

            if (out_role != NULL)
                *out_role = role;
            for (guint k = 0; parts[k] != NULL; k++)
                if (parts[k][0] != '\0')
                    g_strv_builder_add (list, parts[k]);
            return g_strv_builder_end (list);
        }
    }
    if (g_regex_match (mla_agenda_rule (b->parser, "person-label"), text, 0,
                       &match)) {
        g_autofree char *colon = g_match_info_fetch_named (match, "colon");
        g_autofree char *value = g_match_info_fetch_named (match, "value");
        g_autofree char *label = g_match_info_fetch_named (match, "label");
        g_autofree char *key = mla_agenda_fold_compact (label);
        g_autoptr (GStrvBuilder) list = g_strv_builder_new ();
        g_auto (GStrv) parts = NULL;
        int role = mla_agenda_label_role (b->parser, label);

        if (colon == NULL || colon[0] == '\0')
            return NULL;
        if (out_role != NULL && role >= 0)
            *out_role = (MlaPersonRole) role;
        if (mla_agenda_label_is_singular (b->parser, key))
            return mla_agenda_person_line (b->parser, value);
        /* "Speakers: Jina Anne, Dan Mall": a plural label lists names */
        parts = g_regex_split (b->parser->person_split, value, 0);
        for (guint k = 0; parts[k] != NULL; k++)
            if (mla_agenda_parser_is_name (b->parser, parts[k]))
                g_strv_builder_add (list, parts[k]);
        return g_strv_builder_end (list);
    }
    g_clear_pointer (&match, g_match_info_unref);
    if (g_regex_match (b->parser->name_affiliation, text, 0, &match)) {
        g_autofree char *name = g_match_info_fetch_named (match, "name");

        if (mla_agenda_parser_is_name (b->parser, name)) {
            g_autoptr (GStrvBuilder) one = g_strv_builder_new ();

            g_strv_builder_add (one, name);
            return g_strv_builder_end (one);
        }
    }
    return NULL;
}

GStrv
mla_agenda_speaker_line (MlaAgendaBuilder *b, guint i)
{
    return mla_agenda_speaker_line_role (b, i, NULL);
}

/* Whether line @i is a "Label: Name" line of people ("Moderator: Ann
 * Lee", "Panelists: A, B"): under a title's speaker line, more people of
 * the same cell, never the next cell's title. */
gboolean
mla_agenda_labelled_people_at (MlaAgendaBuilder *b, guint i)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *colon = NULL;
    g_auto (GStrv) names = NULL;

    if (!g_regex_match (mla_agenda_rule (b->parser, "person-label"),
                        b->lines[i].text, 0, &match))
        return FALSE;
    colon = g_match_info_fetch_named (match, "colon");
    names = colon != NULL && colon[0] != '\0' ? mla_agenda_speaker_line (b, i)
                                              : NULL;
    return names != NULL && names[0] != NULL;
}

gboolean
mla_agenda_people_under (MlaAgendaBuilder *b, guint i)
{
    return i + 1 < b->n_lines && !b->lines[i + 1].blank &&
           b->lines[i + 1].indent > b->lines[i].indent &&
           mla_agenda_labelled_people_at (b, i + 1);
}
