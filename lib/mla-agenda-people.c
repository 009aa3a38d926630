/* mla-agenda-people.c: people of the agenda parser: names, markers of
 * unconfirmed people, affiliations, lines of people, person labels. */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <stdlib.h>
#include <string.h>
#include "mla-agenda-people-private.h"
#include "mla-agenda-days-private.h"
#include "mla-agenda-rules-private.h"
#include "mla-agenda-tables-private.h"
#include "mla-agenda-places-private.h"

#define NAME_MAX_WORDS 5
#define FIRST_NAME_MIN_CHARS 3
#define HANDLE_MAX_CHARS 20
#define FIRST_NAME_MAX_CHARS 15

/* "Ann Lee <ann.lee@example.net>": the name without its mail address.
 * Returns: (transfer full). */
static char *
drop_addresses (const char *value)
{
    GString *out = g_string_new (NULL);
    const char *p = value;

    for (const char *open = strchr (p, '<'); open != NULL; open = strchr (p, '<')) {
        const char *close = strchr (open, '>');
        const char *at = strchr (open, '@');

        if (close == NULL || at == NULL || at > close)
            break;
        g_string_append_len (out, p, open - p);
        p = close + 1;
    }
    g_string_append (out, p);
    return g_string_free (out, FALSE);
}

char *
mla_agenda_parser_clean_person (MlaAgendaParser *parser, const char *value, gboolean *out_confirmed)
{
    g_autofree char *stripped = NULL;
    g_autofree char *clean = NULL;
    g_autoptr (GMatchInfo) match = NULL;
    gboolean confirmed = TRUE;

    g_autofree char *bare = drop_addresses (value);

    stripped = g_regex_replace_literal (parser->markers, bare, -1, 0, "", 0, NULL);
    if (stripped == NULL)
        stripped = g_strdup (bare);
    if (strcmp (stripped, bare) != 0)
        confirmed = FALSE;
    if (g_regex_match (parser->tentative, stripped, 0, &match)) {
        g_autofree char *name = g_match_info_fetch (match, 1);
        g_autofree char *before = g_strdup (stripped);
        gint s = 0;

        g_match_info_fetch_pos (match, 0, &s, NULL);
        before[s] = '\0';
        confirmed = FALSE;
        /* "X (probably Y)": Y is only a guess when X says nothing. */
        g_strstrip (before);
        g_free (stripped);
        stripped = before[strspn (before, "<>()[]-:, ")] == '\0' ? g_steal_pointer (&name)
                                                                : g_steal_pointer (&before);
    }
    clean = mla_agenda_squeeze (stripped);
    while (clean[0] != '\0' && strchr ("<>()[]-:,? ", clean[strlen (clean) - 1]) != NULL)
        clean[strlen (clean) - 1] = '\0';
    {
        const char *start = clean + strspn (clean, "<>()[]-:, ");
        g_autoptr (GMatchInfo) title = NULL;

        if (out_confirmed != NULL)
            *out_confirmed = confirmed;
        /* "Dr. Elena Petrova": the name without its title */
        if (g_regex_match (parser->honorific, start, 0, &title)) {
            gint end = 0;

            g_match_info_fetch_pos (title, 0, NULL, &end);
            start += end;
        }
        if (*start == '\0')
            return NULL;
        return g_strdup (start);
    }
}

/* Whether @word ends as common nouns do and names rarely do ("Merge
 * Strategies", "Best Practices"); a short word ("Davies") does not count. */
static gboolean
has_common_ending (MlaAgendaParser *parser, const char *word)
{
    gsize len = strlen (word);

    for (guint i = 0; parser->not_name_endings[i] != NULL; i++) {
        gsize n = strlen (parser->not_name_endings[i]);

        if (len >= n + 4 && g_ascii_strcasecmp (word + len - n, parser->not_name_endings[i]) == 0)
            return TRUE;
    }
    return FALSE;
}

/* "APA", "WG", "IBM": two or three capitals are a group's or a firm's
 * short name, never a person's ("Marie DUPONT" writes a surname so). */
static gboolean
is_acronym (const char *word)
{
    gsize n = strlen (word);

    if (n < 2 || n > 3)
        return FALSE;
    for (gsize i = 0; i < n; i++)
        if (!g_ascii_isupper (word[i]))
            return FALSE;
    return TRUE;
}

/* "Red Hat", "Wind River": an organisation whose name reads like a
 * person's ([names] organisations). */
static gboolean
is_organisation (MlaAgendaParser *parser, const char *text)
{
    g_autofree char *key = mla_agenda_fold_compact (text);

    return g_hash_table_contains (parser->organisations, key);
}

gboolean
mla_agenda_parser_is_name (MlaAgendaParser *parser, const char *text)
{
    g_autofree char *clean = mla_agenda_squeeze (text);
    guint words = 1;

    if (clean[0] == '\0' || strlen (clean) > 40)
        return FALSE;
    for (const char *p = clean; *p != '\0'; p++) {
        if (g_ascii_isdigit (*p))
            return FALSE;
        if (*p == ' ')
            words++;
    }
    if (words > NAME_MAX_WORDS)
        return FALSE;
    if (words == 1)
        return FALSE;   /* one word ("Break", "Lunch") is too weak to call a name */
    if (is_organisation (parser, clean))
        return FALSE;
    if (!g_regex_match (parser->name, clean, 0, NULL))
        return FALSE;
    {
        g_auto (GStrv) parts = g_strsplit (clean, " ", -1);

        for (guint i = 0; parts[i] != NULL; i++)
            if (mla_agenda_word_is (parser->not_names, parts[i], NULL)
                || has_common_ending (parser, parts[i]) || is_acronym (parts[i]))
                return FALSE;
    }
    return TRUE;
}

gboolean
mla_agenda_is_first_name (MlaAgendaParser *parser, const char *text)
{
    glong n = g_utf8_strlen (text, -1);
    g_autofree char *key = mla_agenda_fold_compact (text);

    if (n < FIRST_NAME_MIN_CHARS || n > FIRST_NAME_MAX_CHARS
        || !g_unichar_isupper (g_utf8_get_char (text)))
        return FALSE;
    for (const char *p = g_utf8_next_char (text); *p != '\0'; p = g_utf8_next_char (p)) {
        gunichar c = g_utf8_get_char (p);

        if (!g_unichar_islower (c) && c != '\'' && c != '-')
            return FALSE;
    }
    return !mla_agenda_word_is (parser->not_names, text, NULL)
           && !mla_agenda_word_is (parser->not_alone, text, NULL)
           && !has_common_ending (parser, text)
           && !mla_agenda_word_is (parser->weekdays, text, NULL)
           && !mla_agenda_word_is (parser->months, text, NULL)
           && !mla_agenda_word_is (parser->room_words, text, NULL)
           && !g_hash_table_contains (parser->labels, key)
           && mla_agenda_parser_kind (parser, text) == MLA_SLOT_KIND_SESSION;
}

/* "Moderated by", "animée par" introduce a name without a colon. */
gboolean
mla_agenda_label_needs_no_colon (MlaAgendaParser *parser, const char *key)
{
    for (guint i = 0; parser->label_endings[i] != NULL; i++)
        if (g_str_has_suffix (key, parser->label_endings[i]))
            return TRUE;
    return FALSE;
}

/* Returns: (transfer full): @value without its parentheses that are
 * not markers ("Elena Petrova (University of Oslo)" -> "Elena
 * Petrova"; "(Probably Joe Thornber)", "(TBC)" stay). */
static char *
drop_affiliations (MlaAgendaParser *parser, const char *value)
{
    g_autoptr (GString) out = g_string_new (NULL);
    g_autoptr (GMatchInfo) match = NULL;
    gint from = 0;

    g_regex_match (parser->paren_part, value, 0, &match);
    for (; g_match_info_matches (match); g_match_info_next (match, NULL)) {
        g_autofree char *part = g_match_info_fetch (match, 0);
        g_autoptr (GMatchInfo) marker = NULL;
        gint s = 0, e = 0;

        g_match_info_fetch_pos (match, 0, &s, &e);
        if (g_regex_match (parser->tentative, part, 0, NULL))
            continue;
        g_string_append_len (out, value + from, s - from);
        from = e;
        /* "(ULPGC, tbc)": the marker stays, the affiliation goes */
        if (g_regex_match (parser->markers, part, 0, &marker)) {
            g_autofree char *word = g_match_info_fetch (marker, 0);

            g_string_append_printf (out, " %s", word);
        }
    }
    g_string_append (out, value + from);
    return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Whether @text, without its parentheses ("(remote)", "(Affiliation)")
 * and markers ("tbc"), is one or more names ("A and B, C"). */
gboolean
mla_agenda_names_only (MlaAgendaParser *parser, const char *text)
{
    g_autofree char *bare = drop_affiliations (parser, text);
    g_autofree char *clean = mla_agenda_parser_clean_person (parser, bare, NULL);
    g_auto (GStrv) parts = NULL;
    guint names = 0;

    if (clean == NULL)
        return FALSE;
    parts = g_regex_split (parser->person_split, clean, 0);
    for (guint i = 0; parts[i] != NULL; i++) {
        /* ("A and B, Red Hat": their organisation after the names) */
        if (names > 0 && parts[i + 1] == NULL && is_organisation (parser, parts[i]))
            break;
        if (parts[i][0] != '\0' && !mla_agenda_parser_is_name (parser, parts[i]))
            return FALSE;
        names += parts[i][0] != '\0';
    }
    return names > 0;
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

    if (comma == NULL || strchr (comma + 1, ',') != NULL || strchr (text, '(') != NULL)
        return NULL;
    parts = g_regex_split (parser->person_split, text, 0);
    if (g_strv_length (parts) != 2)
        return NULL;
    first = g_strstrip (g_strndup (text, comma - text));
    return mla_agenda_parser_is_name (parser, first) ? g_steal_pointer (&first) : NULL;
}

void
mla_agenda_add_person (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *value,
                       MlaPersonRole role)
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

GStrv
mla_agenda_affiliated_people (MlaAgendaParser *parser, const char *text)
{
    g_auto (GStrv) parts = g_regex_split (parser->people_apart, text, 0);
    g_autoptr (GStrvBuilder) names = g_strv_builder_new ();
    guint n = 0;

    for (guint i = 0; parts[i] != NULL; i++) {
        const char *comma = strchr (parts[i], ',');
        g_autofree char *name = NULL;

        if (parts[i][0] == '\0')
            continue;
        if (comma == NULL || strchr (comma + 1, ',') != NULL)
            return NULL;
        name = g_strstrip (g_strndup (parts[i], comma - parts[i]));
        if (!mla_agenda_parser_is_name (parser, name))
            return NULL;
        g_strv_builder_add (names, name);
        n++;
    }
    return n >= 2 ? g_strv_builder_end (names) : NULL;
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
static gboolean
first_is_name (MlaAgendaParser *parser, const char *value)
{
    g_autoptr (GMatchInfo) title = NULL;
    g_autoptr (GMatchInfo) apart = NULL;
    g_autofree char *first = NULL;
    const char *start = value + strspn (value, " ");
    gint end = 0;

    /* (on every label line: the common cases first, no cleaning) */
    if (g_unichar_isupper (g_utf8_get_char (start))
        && g_regex_match (parser->honorific, start, 0, &title)) {
        g_match_info_fetch_pos (title, 0, NULL, &end);
        start += end;
    }
    end = (gint) strcspn (start, "(,;&/");
    first = g_strstrip (g_strndup (start, end));
    if (g_regex_match (parser->name, first, 0, NULL)
        || (strchr (first, ' ') == NULL && g_unichar_isupper (g_utf8_get_char (first))))
        return TRUE;
    /* "Ann Lee and Bob Ray", or a marker ("<TBD>") */
    if (g_regex_match_full (parser->person_split, first, -1, 0, 0, &apart, NULL)) {
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
    return g_hash_table_contains (parser->labels, key)
           || mla_agenda_word_is (parser->not_names, clean, NULL);
}

/* "moderator Hélène Girard" in a list of people: a label, with or
 * without its colon, then a name. Returns whether @part was so. */
static gboolean
add_labelled_part (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *part)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *label = NULL, *value = NULL;
    int role;

    if (!g_regex_match (mla_agenda_rule (b->parser, "person-label"), part, 0, &match))
        return FALSE;
    label = g_match_info_fetch_named (match, "label");
    value = g_match_info_fetch_named (match, "value");
    role = mla_agenda_label_role (b->parser, label);
    if (role < 0 || !first_is_name (b->parser, value))
        return FALSE;
    mla_agenda_add_people (b, slot, value, (MlaPersonRole) role,
                           mla_agenda_label_is_singular (b->parser, label) ? MLA_PEOPLE_ONE
                                                                           : MLA_PEOPLE_LIST);
    return TRUE;
}

/* "\u674e\u660e": a name written in Han without a space, two to four
 * characters, which stands with first names in a list ("Tom\u00e1s and
 * \u674e\u660e"). */
static gboolean
is_han_word (const char *word)
{
    glong n = g_utf8_strlen (word, -1);

    if (n < 2 || n > 4)
        return FALSE;
    for (const char *p = word; *p != '\0'; p = g_utf8_next_char (p))
        if (g_unichar_get_script (g_utf8_get_char (p)) != G_UNICODE_SCRIPT_HAN)
            return FALSE;
    return TRUE;
}

void
mla_agenda_add_people (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *value,
                       MlaPersonRole role, MlaPeopleFlags flags)
{
    gboolean confirmed = TRUE;
    g_autofree char *bare = NULL, *clean = NULL, *one = NULL;
    g_autofree char *head = NULL;
    g_autoptr (GMatchInfo) match = NULL;
    g_auto (GStrv) parts = NULL, handles = NULL;
    guint names = 0, n = 0, first_names = 0;
    guint last_name = 0;

    if (g_str_has_suffix (value, ")") && g_regex_match (b->parser->label_paren, value, 0, &match)) {
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
            mla_agenda_add_people (b, slot, inner, (MlaPersonRole) other, MLA_PEOPLE_LIST);
            return;
        }
    }
    bare = drop_affiliations (b->parser, value);
    clean = mla_agenda_parser_clean_person (b->parser, bare, &confirmed);
    /* ("led by the ADs", "all speakers": a role, nobody named) */
    if (clean == NULL || g_regex_match (b->parser->stand_in_alone, clean, 0, NULL))
        return;
    if (!(flags & MLA_PEOPLE_ONE)) {
        g_auto (GStrv) affiliated = mla_agenda_affiliated_people (b->parser, bare);

        for (guint i = 0; affiliated != NULL && affiliated[i] != NULL; i++)
            g_ptr_array_add (slot->people, mla_agenda_person_new (affiliated[i], role, confirmed));
        if (affiliated != NULL)
            return;
    }
    if (strpbrk (value, ";|") != NULL && g_regex_match (b->parser->people_groups, value, 0, NULL)) {
        /* "Ann Lee, Red Hat; Marco Bianchi, SUSE": semicolons part the
         * people, so commas part each one's name from affiliation. But a
         * group may have a label of its own ("; moderator X", "| Panelists:
         * A, B"); one with another ("Scribe: B") names no one of these. */
        g_auto (GStrv) groups = g_regex_split (b->parser->people_groups, value, 0);
        MlaPeopleFlags each = MLA_PEOPLE_ONE;

        for (guint i = 1; groups[i] != NULL; i++)
            if (g_regex_match (mla_agenda_rule (b->parser, "person-label"), groups[i], 0, NULL))
                each = flags;   /* the groups are roles, not one person each */
        for (guint i = 0; groups[i] != NULL; i++)
            if (groups[i][0] != '\0' && !add_labelled_part (b, slot, groups[i])
                && (i == 0 || first_is_name (b->parser, groups[i])))
                mla_agenda_add_people (b, slot, groups[i], role, each);
        return;
    }
    one = (flags & MLA_PEOPLE_ONE) ? name_with_affiliation (b->parser, clean) : NULL;
    if (one != NULL) {
        g_ptr_array_add (slot->people, mla_agenda_person_new (one, role, confirmed));
        return;
    }
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
        names += mla_agenda_parser_is_name (b->parser, parts[i]);
        first_names += strchr (parts[i], ' ') == NULL
                       && (g_unichar_isupper (g_utf8_get_char (parts[i])) || is_han_word (parts[i]));
    }
    handles = n > 1 && names == 0 ? mla_agenda_handles (b->parser, clean) : NULL;
    if ((n > 1 && first_names == n) || handles != NULL) {
        /* "Marek & Sunniva", "Amaru and Kiri": first names only (or a
         * name in Han); "mikk0 & svenja_h": handles */
        for (guint i = 0; parts[i] != NULL; i++)
            if (parts[i][0] != '\0')
                g_ptr_array_add (slot->people, mla_agenda_person_new (parts[i], role, confirmed));
        return;
    }
    /* ("kc claffy and Alberto Dainotti", "maría gonzález, Tobias Krüger":
     * a name in lower case before a capitalised one; not after it, where
     * "directrice du laboratoire" is what the person is) */
    for (guint i = 0; parts[i] != NULL; i++)
        if (mla_agenda_parser_is_name (b->parser, parts[i]))
            last_name = i;
    if (n > 1 && names > 0
        && (mla_agenda_parser_is_name (b->parser, parts[0])
            || (last_name > 0 && mla_agenda_is_lower_name (b->parser, parts[0])))) {
        /* names, each maybe with an affiliation after a comma
         * ("Elena Petrova, University of Oslo"): the names only; a part
         * with a label of its own has that role ("...; moderator X") */
        for (guint i = 0; parts[i] != NULL; i++)
            if (parts[i][0] != '\0'
                && (mla_agenda_parser_is_name (b->parser, parts[i])
                    || (i < last_name && mla_agenda_is_lower_name (b->parser, parts[i]))))
                g_ptr_array_add (slot->people, mla_agenda_person_new (parts[i], role, confirmed));
            else if (parts[i][0] != '\0')
                add_labelled_part (b, slot, parts[i]);
    } else if (!names_no_one (b->parser, clean)) {
        g_ptr_array_add (slot->people, mla_agenda_person_new (clean, role, confirmed));
    }
}

/* "Keith Bergelt Jim Zemlin": speakers printed one after the other. Four
 * capitalised words without a particle are two names. */
void
mla_agenda_add_name_run (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *text)
{
    g_auto (GStrv) words = g_strsplit (text, " ", -1);

    if (g_strv_length (words) == 4 && g_regex_match (b->parser->capitalised_run, text, 0, NULL)) {
        g_autofree char *first = g_strjoin (" ", words[0], words[1], NULL);
        g_autofree char *second = g_strjoin (" ", words[2], words[3], NULL);

        mla_agenda_add_person (b, slot, first, MLA_PERSON_ROLE_SPEAKER);
        mla_agenda_add_person (b, slot, second, MLA_PERSON_ROLE_SPEAKER);
    } else {
        mla_agenda_add_person (b, slot, text, MLA_PERSON_ROLE_SPEAKER);
    }
}

/* The people of a line that holds only people: names apart by commas or
 * "and" ("Dario Faggioli, Giuseppe Lipari and Tommaso Cucinotta"), each
 * with an affiliation in parentheses, or one name and its affiliation
 * after a comma ("Peter Zijlstra, Red Hat"). Returns: (transfer full)
 * (nullable): the names, or NULL when the line is not of people. */
GStrv
mla_agenda_person_line (MlaAgendaParser *parser, const char *text)
{
    g_autofree char *unbracketed = NULL;
    g_autofree char *bare = NULL, *addressless = NULL;

    /* "[Mark Collier, OpenInfra Foundation]", "(Dr. Amara Okonkwo, AIMS)"
     * under a title (other parentheses are notes: "(or may move)") */
    if ((text[0] == '[' && g_str_has_suffix (text, "]"))
        || (text[0] == '(' && g_str_has_suffix (text, ")")
            && g_regex_match (parser->honorific, text + 1, 0, NULL)))
        text = unbracketed = g_strndup (text + 1, strlen (text) - 2);
    /* ("Nguyen Van Minh <minh@example.vn>": no address) */
    addressless = drop_addresses (text);
    bare = g_regex_replace_literal (parser->paren_part, addressless, -1, 0, "", 0, NULL);
    g_auto (GStrv) parts = NULL;
    g_autoptr (GStrvBuilder) names = g_strv_builder_new ();
    const char *comma, *slash;
    gboolean single;

    if (bare == NULL)
        return NULL;
    g_strstrip (bare);
    {
        /* "prof.ssa Chiara Benedetti, Direttrice": the name without its title */
        g_autoptr (GMatchInfo) title = NULL;
        gint end = 0;

        if (g_regex_match (parser->honorific, bare, 0, &title)) {
            g_match_info_fetch_pos (title, 0, NULL, &end);
            memmove (bare, bare + end, strlen (bare + end) + 1);
        }
    }
    {
        /* "Kate Stewart, Linux Foundation & Adolfo Garc\u00eda, Chainguard" */
        GStrv affiliated = mla_agenda_affiliated_people (parser, bare);

        if (affiliated != NULL)
            return affiliated;
    }
    parts = g_regex_split (parser->person_split, bare, 0);
    comma = strchr (bare, ',');
    /* "Ann Lee, Red Hat": two parts apart by a comma are a name and its
     * affiliation; a list of names ends with "and" or has more commas */
    /* (not with the affiliations in parentheses: "A (Debian), B (Debian)";
     * an initial starts no organisation: "A. Kowalski, M. Rossi") */
    single = comma != NULL && strchr (comma + 1, ',') == NULL && g_strv_length (parts) == 2
             && strchr (text, '(') == NULL
             && !g_regex_match (parser->initial, g_strchug (parts[1]), 0, NULL);
    for (guint i = 0; !single && parts[i] != NULL; i++) {
        if (parts[i][0] == '\0')
            continue;
        if (!mla_agenda_parser_is_name (parser, parts[i]))
            break;
        g_strv_builder_add (names, parts[i]);
        if (parts[i + 1] == NULL)
            return g_strv_builder_end (names);
    }
    if (comma != NULL && strchr (bare, '(') == NULL) {
        g_autofree char *first = g_strndup (bare, comma - bare);
        g_autoptr (GStrvBuilder) one = g_strv_builder_new ();
        const char *rest = comma + 1 + strspn (comma + 1, " ");

        /* "Note Well, scribe, agenda bash": a list of lower-case words
         * after a comma is no affiliation */
        if (g_unichar_islower (g_utf8_get_char (rest)) && strchr (rest, ',') != NULL)
            return NULL;
        if (mla_agenda_parser_is_name (parser, first)) {
            g_strv_builder_add (one, first);
            return g_strv_builder_end (one);
        }
    }
    slash = strstr (bare, " / ");
    if (slash == NULL)
        slash = strstr (bare, " @ ");
    if (comma == NULL && slash != NULL && strstr (slash + 3, " / ") == NULL) {
        /* "Hana Dvořáková / Masaryk University", "Rafael Domínguez @ Kumo
         * Cloud": a name and its affiliation (two names are people both,
         * above) */
        g_autofree char *first = g_strndup (bare, slash - bare);
        g_autoptr (GStrvBuilder) one = g_strv_builder_new ();

        /* (after "@" always an affiliation: "Ann Lee @ Kumo Cloud") */
        if (mla_agenda_parser_is_name (parser, first)
            && (slash[1] == '@' || !mla_agenda_names_only (parser, slash + 3))) {
            g_strv_builder_add (one, first);
            return g_strv_builder_end (one);
        }
    }
    return NULL;
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
    return strpbrk (b->lines[i].text, ",(") == NULL && mla_agenda_people_at (b, i + 1);
}

/* A line of people under a slot gives its speakers when it closes the
 * slot (at most a talk title before it, nobody named yet) or follows
 * such a line directly; names under a session's paper titles are the
 * papers' authors, kept as notes. */
gboolean
mla_agenda_add_person_line (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *text,
                            gboolean adjacent)
{
    g_auto (GStrv) names = NULL;
    gboolean after_people = adjacent && b->person_line >= 0
                            && (guint) b->person_line == b->last_content;
    guint last = b->index;
    const char *open = strrchr (text, '(');
    g_autofree char *room = NULL, *bare = NULL;

    if (!after_people && (slot->people->len > 0 || slot->notes->len > 1))
        return FALSE;
    /* "Mathilde Kerbrat (Amphi Curie)": a room in parentheses after the
     * names is the slot's place, no affiliation */
    if (open != NULL && open > text && g_str_has_suffix (text, ")") && slot->location == NULL
        && slot->room == NULL) {
        room = g_strndup (open + 1, strlen (open + 1) - 1);
        if (mla_agenda_is_room_line (b, room))
            text = bare = g_strchomp (g_strndup (text, open - text));
        else
            g_clear_pointer (&room, g_free);
    }
    if (title_over_people (b, b->index) ||
        (names = mla_agenda_person_line (b->parser, text)) == NULL)
        return FALSE;
    /* the lines of people run on to the slot's end */
    while (mla_agenda_people_at (b, last + 1) && !title_over_people (b, last + 1))
        last++;
    if (!mla_agenda_slot_ends_after (b, last, TRUE)) {
        /* ("Welcome / Ann Lee & Bo Li / Great Hall": the slot's room may
         * close it) */
        g_autofree char *place = last + 1 < b->n_lines && !b->lines[last + 1].blank
                                     ? mla_agenda_place_alone (b, b->lines[last + 1].text)
                                     : NULL;

        if (place == NULL || !mla_agenda_slot_ends_after (b, last + 1, TRUE))
            return FALSE;
    }
    for (guint i = 0; names[i] != NULL; i++)
        mla_agenda_add_person (b, slot, names[i], MLA_PERSON_ROLE_SPEAKER);
    if (room != NULL)
        slot->location = g_steal_pointer (&room);
    b->person_line = (gint) b->index;
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
        else if (n >= 3 && (memcmp (out + n - 3, "\xe2\x80\x93", 3) == 0
                            || memcmp (out + n - 3, "\xe2\x80\x94", 3) == 0))
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
    g_autofree char *clean = mla_agenda_parser_clean_person (parser, text, NULL);

    return clean != NULL && mla_agenda_names_only (parser, clean);
}

/* "ama okafor", "nadia k.", "ben o'malley": two or three words written in
 * lower case, as some people write their names; none a word that is
 * never a name's ("the team"). */
gboolean
mla_agenda_is_lower_name (MlaAgendaParser *parser, const char *text)
{
    g_autofree char *clean = mla_agenda_squeeze (text);
    g_auto (GStrv) words = g_strsplit (clean, " ", -1);
    guint n = g_strv_length (words);

    if (n < 2 || n > 3 || g_utf8_strlen (words[0], -1) < 2)
        return FALSE;
    for (guint i = 0; i < n; i++) {
        for (const char *p = words[i]; *p != '\0'; p = g_utf8_next_char (p)) {
            gunichar c = g_utf8_get_char (p);

            if (!g_unichar_islower (c) && strchr (".'-", (int) c) == NULL && c != 0x2019)
                return FALSE;
        }
        if (mla_agenda_word_is (parser->not_names, words[i], NULL)
            || mla_agenda_word_is (parser->not_alone, words[i], NULL))
            return FALSE;
    }
    return TRUE;
}

/* "t0m", "svenja_h", "jonas": a handle, one word in lower case that holds
 * a digit or "_", or reads as a first name once capitalised ("(remote)",
 * "(free)" are no one's: [names] not-alone). */
static gboolean
is_handle (MlaAgendaParser *parser, const char *word)
{
    glong n = g_utf8_strlen (word, -1);
    gboolean marked = FALSE;
    g_autofree char *capitalised = NULL;

    if (n < 2 || n > HANDLE_MAX_CHARS || !g_unichar_islower (g_utf8_get_char (word)))
        return FALSE;
    for (const char *p = word; *p != '\0'; p = g_utf8_next_char (p)) {
        gunichar c = g_utf8_get_char (p);

        if (g_unichar_isdigit (c) || c == '_')
            marked = TRUE;
        else if (!g_unichar_islower (c) && c != '-' && c != '.')
            return FALSE;
    }
    if (g_regex_match (parser->markers, word, 0, NULL))
        return FALSE;   /* "(tbd)" */
    if (marked)
        return TRUE;
    {
        char initial[6] = { 0 };

        g_unichar_to_utf8 (g_unichar_toupper (g_utf8_get_char (word)), initial);
        capitalised = g_strconcat (initial, g_utf8_next_char (word), NULL);
    }
    return mla_agenda_is_first_name (parser, capitalised);
}

GStrv
mla_agenda_handles (MlaAgendaParser *parser, const char *text)
{
    g_auto (GStrv) parts = g_regex_split (parser->person_split, text, 0);
    g_autoptr (GStrvBuilder) handles = g_strv_builder_new ();
    guint n = 0;

    for (guint i = 0; parts[i] != NULL; i++) {
        g_strstrip (parts[i]);
        if (parts[i][0] == '\0')
            continue;
        if (!is_handle (parser, parts[i]))
            return NULL;
        g_strv_builder_add (handles, parts[i]);
        n++;
    }
    return n > 0 ? g_strv_builder_end (handles) : NULL;
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
        if (!mla_agenda_parser_is_name (parser, parts[i]) && !mla_agenda_is_lower_name (parser, parts[i]))
            return FALSE;
        names++;
    }
    return names > 0;
}

gboolean
mla_agenda_people_by (MlaAgendaParser *parser, const char *text, char **out_title,
                      char **out_names, MlaPersonRole *out_role)
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
            g_autofree char *label = g_strconcat (word != NULL ? word + 1 : title, " ", by, NULL);
            g_auto (GStrv) handles = mla_agenda_handles (parser, names);

            /* ("led by mikk0 & svenja_h": handles after a label; not
             * "Pasta by hand") */
            if (!(g_unichar_islower (g_utf8_get_char (names)) && is_names_any_case (parser, names))
                && !(strchr (by, ' ') == NULL && g_ascii_strcasecmp (by, "by") == 0
                     && mla_agenda_is_first_name (parser, names))
                && (handles == NULL || mla_agenda_label_role (parser, label) < 0))
                return FALSE;
        }
    }
    /* "Roadmap, moderated by X": the word before "by" makes a label;
     * "Demos - judged by X": a participle is no part of the title */
    space = strrchr (title, ' ');
    {
        const char *last = space != NULL ? space + 1 : title;
        g_autofree char *label = g_strconcat (last, " ", by, NULL);
        int labelled = last[0] != '\0' ? mla_agenda_label_role (parser, label) : -1;

        if (labelled >= 0)
            role = labelled;
        if (labelled >= 0
            || (space != NULL && g_ascii_islower (last[0])
                && (g_str_has_suffix (last, "ed") || g_str_has_suffix (last, "en"))))
            title[last - title] = '\0';
    }
    /* "Soldering \u2014 with A and B", "Roadmap, moderated by X": the
     * separator before is no part of the title */
    *out_title = strip_trailing_separators (title);
    *out_names = g_steal_pointer (&names);
    *out_role = (MlaPersonRole) role;
    return TRUE;
}

static guint
count_char (const char *text, char c)
{
    guint n = 0;

    for (; *text != '\0'; text++)
        n += *text == c;
    return n;
}

gboolean
mla_agenda_rule_person_label (MlaAgendaBuilder *b, GMatchInfo *match)
{
    g_autofree char *label = g_match_info_fetch_named (match, "label");
    g_autofree char *colon = g_match_info_fetch_named (match, "colon");
    g_autofree char *value = g_match_info_fetch_named (match, "value");
    g_autofree char *plural = g_match_info_fetch_named (match, "plural");
    g_autofree char *key = mla_agenda_fold_compact (label);
    int role = GPOINTER_TO_INT (g_hash_table_lookup (b->parser->labels, key)) - 1;
    /* "Speaker(s):" may list several */
    gboolean one = (plural == NULL || plural[0] == '\0')
                   && mla_agenda_label_is_singular (b->parser, key);

    g_autofree char *paren = g_match_info_fetch_named (match, "paren");

    /* "(resp. Ana Pop)": in parentheses, names alone after a label */
    if ((colon == NULL || colon[0] == '\0') && !mla_agenda_label_needs_no_colon (b->parser, key)
        && !(paren != NULL && paren[0] != '\0' && mla_agenda_names_only (b->parser, value)))
        return FALSE;
    if (b->slot == NULL || role < 0)
        return FALSE;
    if (mla_agenda_row_cells_below (b))
        return TRUE;    /* "Chair: A     Chair: B" under a row of track cells */
    if (mla_agenda_word_is (b->parser->not_names, label, NULL) && !first_is_name (b->parser, value))
        return FALSE;   /* "Panel: open questions" is a line of text, "Panel: A, B" people */
    if (g_ascii_isdigit (value[0]))
        return FALSE;   /* "Presenters: 15 minutes + 5 for questions" */
    if ((count_char (value, '(') > count_char (value, ')') || g_str_has_suffix (value, ","))
        && b->index + 1 < b->n_lines
        && !b->lines[b->index + 1].blank
        && b->lines[b->index + 1].indent >= mla_agenda_current_line (b)->indent) {
        /* "Panelists: A (USGS); B (Lagos State" over "Univ.); C", or
         * "Panelists: A, B," over "C": the value goes on */
        g_autofree char *next = mla_agenda_squeeze (b->lines[b->index + 1].text);
        char *joined = g_strconcat (value, " ", next, NULL);

        g_free (value);
        value = joined;
        b->index++;
    }
    {
        /* "Speaker: Am\u00e9lie Fontaine -- guest lecture": a note after the name */
        g_autoptr (GMatchInfo) tail = NULL;

        if (g_regex_match (b->parser->speaker_dash, value, 0, &tail)) {
            g_autofree char *name = g_match_info_fetch (tail, 1);

            if (mla_agenda_names_only (b->parser, name)) {
                g_ptr_array_add (b->slot->notes, g_match_info_fetch (tail, 2));
                g_free (value);
                value = g_steal_pointer (&name);
            }
        }
    }
    mla_agenda_add_people (b, b->slot, value, (MlaPersonRole) role,
                           one ? MLA_PEOPLE_ONE : MLA_PEOPLE_LIST);
    b->slot_has_extra = TRUE;
    b->last_content = b->index;
    return TRUE;
}

gboolean
mla_agenda_names_affiliation (MlaAgendaParser *parser, const char *text)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *name = NULL, *org = NULL;

    if (strchr (text, ',') == NULL || !g_regex_match (parser->name_comma_org, text, 0, &match))
        return FALSE;
    name = g_match_info_fetch_named (match, "name");
    org = g_match_info_fetch_named (match, "org");
    return mla_agenda_parser_is_name (parser, name) && !mla_agenda_parser_is_name (parser, org)
           && !g_regex_match (parser->initial, org, 0, NULL)
           && !g_regex_match (parser->people_apart, org, 0, NULL);
}
