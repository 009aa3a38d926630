/* mla-agenda-names.c: whether a text names people, for the agenda parser:
 * personal names, first names, names in lower case, handles, markers of
 * unconfirmed people, affiliations, lines of names (see
 * mla-agenda-names-private.h). */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <string.h>
#include "mla-agenda-names-private.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-scanner-private.h"

#define NAME_MAX_WORDS 5
#define NAME_PAIR_MIN_WORDS 5 /* "Roberto Di Cosmo Stefano Vitali" */
#define FIRST_NAME_MIN_CHARS 3
#define HANDLE_MAX_CHARS 20
#define HANDLE_LOOSE_MAX_CHARS 3
#define FIRST_NAME_MAX_CHARS 15

/* "Ann Lee <ann.lee@example.net>": the name without its mail address.
 * Returns: (transfer full). */
static char *
drop_addresses (const char *value)
{
    GString *out = g_string_new (NULL);
    const char *p = value;

    for (const char *open = strchr (p, '<'); open != NULL;
         open = strchr (p, '<')) {
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
mla_agenda_parser_clean_person (MlaAgendaParser *parser, const char *value,
                                gboolean *out_confirmed)
{
    g_autofree char *stripped = NULL;
    g_autofree char *clean = NULL;
    g_autoptr (GMatchInfo) match = NULL;
    gboolean confirmed = TRUE;

    g_autofree char *bare = drop_addresses (value);

    stripped =
        g_regex_replace_literal (parser->markers, bare, -1, 0, "", 0, NULL);
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
        stripped = before[strspn (before, "<>()[]-:, ")] == '\0'
                       ? g_steal_pointer (&name)
                       : g_steal_pointer (&before);
    }
    clean = mla_agenda_squeeze (stripped);
    /* ("Ann Lee \u2014 to be confirmed": the dash before the marker too) */
    for (gsize n = strlen (clean); n > 0;) {
        if (strchr ("<>()[]-:,? ", clean[n - 1]) != NULL)
            n--;
        else if (g_str_has_suffix (clean, "\u2013") ||
                 g_str_has_suffix (clean, "\u2014"))
            n -= strlen ("\u2013");
        else
            break;
        clean[n] = '\0';
    }
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

        if (len >= n + 4 &&
            g_ascii_strcasecmp (word + len - n, parser->not_name_endings[i]) ==
                0)
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
        return FALSE; /* one word ("Break", "Lunch") is too weak to call a name
                       */
    if (is_organisation (parser, clean))
        return FALSE;
    if (!g_regex_match (parser->name, clean, 0, NULL))
        return FALSE;
    {
        g_auto (GStrv) parts = g_strsplit (clean, " ", -1);

        for (guint i = 0; parts[i] != NULL; i++)
            if (mla_agenda_word_is (parser->not_names, parts[i], NULL) ||
                has_common_ending (parser, parts[i]) || is_acronym (parts[i]))
                return FALSE;
    }
    return TRUE;
}

gboolean
mla_agenda_is_first_name (MlaAgendaParser *parser, const char *text)
{
    glong n = g_utf8_strlen (text, -1);
    g_autofree char *key = mla_agenda_fold_compact (text);

    if (n < FIRST_NAME_MIN_CHARS || n > FIRST_NAME_MAX_CHARS ||
        !g_unichar_isupper (g_utf8_get_char (text)))
        return FALSE;
    for (const char *p = g_utf8_next_char (text); *p != '\0';
         p = g_utf8_next_char (p)) {
        gunichar c = g_utf8_get_char (p);

        if (!g_unichar_islower (c) && c != '\'' && c != '-')
            return FALSE;
    }
    return !mla_agenda_word_is (parser->not_names, text, NULL) &&
           !mla_agenda_word_is (parser->not_alone, text, NULL) &&
           !has_common_ending (parser, text) &&
           !mla_agenda_word_is (parser->weekdays, text, NULL) &&
           !mla_agenda_word_is (parser->months, text, NULL) &&
           !mla_agenda_word_is (parser->room_words, text, NULL) &&
           !g_hash_table_contains (parser->labels, key) &&
           mla_agenda_parser_kind (parser, text) == MLA_SLOT_KIND_SESSION;
}

/* Returns: (transfer full): @value without its parentheses that are
 * not markers ("Elena Petrova (University of Oslo)" -> "Elena
 * Petrova"; "(Probably Joe Thornber)", "(TBC)" stay). */
char *
mla_agenda_drop_affiliations (MlaAgendaParser *parser, const char *value)
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

char *
mla_agenda_drop_name_suffixes (MlaAgendaParser *parser, const char *value,
                               guint *out_count)
{
    g_autoptr (GMatchInfo) match = NULL;
    guint count = 0;
    char *out;

    /* (a cheap test first: the titles are all in scripts past ASCII) */
    for (const char *p = value; *p != '\0' && count == 0; p++)
        count += (guchar) *p >= 0x80;
    if (count > 0 && g_regex_match (parser->honorific_after, value, 0, &match))
        for (count = 0; g_match_info_matches (match);
             g_match_info_next (match, NULL))
            count++;
    else
        count = 0;
    *out_count = count;
    out = count == 0 ? NULL
                     : g_regex_replace_literal (parser->honorific_after, value,
                                                -1, 0, "", 0, NULL);
    return out != NULL ? out : g_strdup (value);
}

gboolean
mla_agenda_is_han_name (const char *word)
{
    glong n = g_utf8_strlen (word, -1);

    if (n < 2 || n > 4)
        return FALSE;
    for (const char *p = word; *p != '\0'; p = g_utf8_next_char (p))
        if (g_unichar_get_script (g_utf8_get_char (p)) != G_UNICODE_SCRIPT_HAN)
            return FALSE;
    return TRUE;
}

/* Whether @text, without its parentheses ("(remote)", "(Affiliation)")
 * and markers ("tbc"), is one or more names ("A and B, C"). */
gboolean
mla_agenda_names_only (MlaAgendaParser *parser, const char *text)
{
    g_autofree char *titled = mla_agenda_drop_affiliations (parser, text);
    g_autofree char *bare = NULL, *clean = NULL;
    g_auto (GStrv) parts = NULL;
    guint names = 0, n_titled = 0;

    bare = mla_agenda_drop_name_suffixes (parser, titled, &n_titled);
    clean = mla_agenda_parser_clean_person (parser, bare, NULL);
    if (clean == NULL)
        return FALSE;
    parts = g_regex_split (parser->person_split, clean, 0);
    for (guint i = 0; parts[i] != NULL; i++) {
        /* ("A and B, Red Hat": their organisation after the names) */
        if (names > 0 && parts[i + 1] == NULL &&
            is_organisation (parser, parts[i]))
            break;
        /* ("Ben Titzer and CG Chairs": a stand-in beside the names) */
        if (names > 0 &&
            g_regex_match (parser->stand_in_alone, parts[i], 0, NULL))
            continue;
        /* ("\u718a\u748b\u6559\u6388": a name in Han with a title after it) */
        if (parts[i][0] != '\0' &&
            !mla_agenda_parser_is_name (parser, parts[i]) &&
            !(n_titled > 0 && mla_agenda_is_han_name (parts[i])))
            return FALSE;
        names += parts[i][0] != '\0';
    }
    return names > 0;
}

GStrv
mla_agenda_affiliated_people (MlaAgendaParser *parser, const char *text)
{
    /* ("Kwame Mensah, Open Knowledge / Hanna Virtanen, Infoshare": a
     * slash with spaces parts them too) */
    g_autofree char *apart = g_regex_replace_literal (parser->slash_cells, text,
                                                      -1, 0, "; ", 0, NULL);
    g_auto (GStrv) parts =
        g_regex_split (parser->people_apart, apart != NULL ? apart : text, 0);
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

/* @text as its names are read: "[Mark Collier, OpenInfra Foundation]",
 * "(Dr. Amara Okonkwo, AIMS)" under a title without their brackets (other
 * parentheses are notes: "(or may move)"); no address ("Nguyen Van Minh
 * <minh@example.vn>"), no affiliation in brackets at the end ("Jan van
 * der Berg [Acme Networks]"), no parentheses, no title before the name
 * ("prof.ssa Chiara Benedetti, Direttrice"). *@out_text gets @text
 * without its brackets (transfer none, or @out_unbracketed's). Returns:
 * (transfer full) (nullable). */
static char *
person_line_bare (MlaAgendaParser *parser, const char **text,
                  char **out_unbracketed)
{
    g_autofree char *addressless = NULL;
    g_autoptr (GMatchInfo) title = NULL;
    char *bare;
    gint end = 0;

    if (((*text)[0] == '[' && g_str_has_suffix (*text, "]")) ||
        ((*text)[0] == '(' && g_str_has_suffix (*text, ")") &&
         g_regex_match (parser->honorific, *text + 1, 0, NULL)))
        *text = *out_unbracketed = g_strndup (*text + 1, strlen (*text) - 2);
    addressless = drop_addresses (*text);
    if (g_str_has_suffix (addressless, "]") &&
        strstr (addressless, " [") != NULL)
        *strrchr (addressless, '[') = '\0';
    bare = g_regex_replace_literal (parser->paren_part, addressless, -1, 0, "",
                                    0, NULL);
    if (bare == NULL)
        return NULL;
    g_strstrip (bare);
    if (g_regex_match (parser->honorific, bare, 0, &title)) {
        g_match_info_fetch_pos (title, 0, NULL, &end);
        memmove (bare, bare + end, strlen (bare + end) + 1);
    }
    return bare;
}

/* Returns: (transfer full): @name alone as a list of names. */
static GStrv
one_name (const char *name)
{
    g_autoptr (GStrvBuilder) one = g_strv_builder_new ();

    g_strv_builder_add (one, name);
    return g_strv_builder_end (one);
}

GStrv
mla_agenda_name_pair (MlaAgendaParser *parser, const char *name)
{
    g_autoptr (GMatchInfo) match = NULL;
    guint words = 1;
    GStrv pair;

    for (const char *p = name; *p != '\0'; p++)
        words += *p == ' ';
    if (words < NAME_PAIR_MIN_WORDS ||
        !g_regex_match (parser->name_pair, name, 0, &match))
        return NULL;
    pair = g_new0 (char *, 3);
    pair[0] = g_match_info_fetch_named (match, "a");
    pair[1] = g_match_info_fetch_named (match, "b");
    return pair;
}

/* "Dario Faggioli, Giuseppe Lipari and Tommaso Cucinotta": names apart
 * by commas or "and"; not "Ann Lee, Red Hat": two parts apart by a comma
 * are a name and its affiliation (a list of names ends with "and" or has
 * more commas; not with the affiliations in parentheses: "A (Debian), B
 * (Debian)"; an initial starts no organisation: "A. Kowalski, M. Rossi"). */
static GStrv
names_apart (MlaAgendaParser *parser, const char *text, char *bare)
{
    g_auto (GStrv) parts = g_regex_split (parser->person_split, bare, 0);
    g_autoptr (GStrvBuilder) names = g_strv_builder_new ();
    const char *comma = strchr (bare, ',');
    gboolean single =
        comma != NULL && strchr (comma + 1, ',') == NULL &&
        g_strv_length (parts) == 2 && strchr (text, '(') == NULL &&
        !g_regex_match (parser->initial, g_strchug (parts[1]), 0, NULL);

    for (guint i = 0; !single && parts[i] != NULL; i++) {
        if (parts[i][0] == '\0')
            continue;
        if (!mla_agenda_parser_is_name (parser, parts[i]))
            break;
        {
            g_auto (GStrv) pair = mla_agenda_name_pair (parser, parts[i]);

            if (pair != NULL)
                g_strv_builder_addv (names, (const char **) pair);
            else
                g_strv_builder_add (names, parts[i]);
        }
        if (parts[i + 1] == NULL)
            return g_strv_builder_end (names);
    }
    return NULL;
}

/* "Peter Zijlstra, Red Hat": a name and its affiliation after a comma.
 * Returns whether @bare decides it: then *@out the name, or NULL for "Note
 * Well, scribe, agenda bash" (lower-case words after a comma are no
 * affiliation). */
static gboolean
name_before_comma (MlaAgendaParser *parser, const char *bare, GStrv *out)
{
    const char *comma = strchr (bare, ',');
    g_autofree char *first = NULL;
    const char *rest;

    if (comma == NULL || strchr (bare, '(') != NULL)
        return FALSE;
    first = g_strndup (bare, comma - bare);
    rest = comma + 1 + strspn (comma + 1, " ");
    if (g_unichar_islower (g_utf8_get_char (rest)) &&
        strchr (rest, ',') != NULL)
        return TRUE;
    if (!mla_agenda_parser_is_name (parser, first))
        return FALSE;
    *out = one_name (first);
    return TRUE;
}

/* "Hana Dvořáková / Masaryk University", "Rafael Domínguez @ Kumo Cloud":
 * a name and its affiliation (two names are people both, above; after
 * "@" always an affiliation: "Ann Lee @ Kumo Cloud"). Returns: (transfer
 * full) (nullable). */
static GStrv
name_before_slash (MlaAgendaParser *parser, const char *bare)
{
    const char *slash = strstr (bare, " / ");
    g_autofree char *first = NULL;

    if (slash == NULL)
        slash = strstr (bare, " @ ");
    if (strchr (bare, ',') != NULL || slash == NULL ||
        strstr (slash + 3, " / ") != NULL)
        return NULL;
    first = g_strndup (bare, slash - bare);
    if (mla_agenda_parser_is_name (parser, first) &&
        (slash[1] == '@' || !mla_agenda_names_only (parser, slash + 3)))
        return one_name (first);
    return NULL;
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
    g_autofree char *bare = person_line_bare (parser, &text, &unbracketed);
    GStrv names = NULL;

    if (bare == NULL)
        return NULL;
    /* "Kate Stewart, Linux Foundation & Adolfo Garc\u00eda, Chainguard" */
    names = mla_agenda_affiliated_people (parser, bare);
    if (names == NULL)
        names = names_apart (parser, text, bare);
    if (names == NULL && name_before_comma (parser, bare, &names))
        return names;
    if (names == NULL)
        names = name_before_slash (parser, bare);
    return names;
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

            if (!g_unichar_islower (c) && strchr (".'-", (int) c) == NULL &&
                c != 0x2019)
                return FALSE;
        }
        if (mla_agenda_word_is (parser->not_names, words[i], NULL) ||
            mla_agenda_word_is (parser->not_alone, words[i], NULL))
            return FALSE;
    }
    return TRUE;
}

/* "t0m", "svenja_h", "@mkowal", "chiara.r", "jonas": a handle, one word
 * in lower case that holds a digit or "_", starts with "@" or has a dot
 * inside, or reads as a first name once capitalised ("(remote)",
 * "(free)" are no one's: [names] not-alone). With @loose, any short
 * such word, initials ("dm" in "dm / kenji"; not "show & tell"). */
static gboolean
is_handle (MlaAgendaParser *parser, const char *word, gboolean loose)
{
    gboolean marked = word[0] == '@';
    glong n;
    g_autofree char *capitalised = NULL;

    word += marked;
    n = g_utf8_strlen (word, -1);
    if (n < 2 || n > HANDLE_MAX_CHARS ||
        !g_unichar_islower (g_utf8_get_char (word)))
        return FALSE;
    for (const char *p = word; *p != '\0'; p = g_utf8_next_char (p)) {
        gunichar c = g_utf8_get_char (p);

        if (g_unichar_isdigit (c) || c == '_' ||
            (c == '.' && g_ascii_isalpha (p[1])))
            marked = TRUE;
        else if (!g_unichar_islower (c) && c != '-' && c != '.')
            return FALSE;
    }
    if (g_regex_match (parser->markers, word, 0, NULL))
        return FALSE; /* "(tbd)" */
    if (marked || (loose && n <= HANDLE_LOOSE_MAX_CHARS))
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
    guint n = 0, strict = 0;

    /* (a word the others vouch for: "dm / kenji") */
    for (guint i = 0; parts[i] != NULL; i++) {
        g_strstrip (parts[i]);
        if (parts[i][0] == '\0')
            continue;
        if (!is_handle (parser, parts[i], TRUE))
            return NULL;
        strict += is_handle (parser, parts[i], FALSE);
        g_strv_builder_add (handles, parts[i] + (parts[i][0] == '@'));
        n++;
    }
    return strict > 0 && (strict == n || n > 1) ? g_strv_builder_end (handles)
                                                : NULL;
}

gboolean
mla_agenda_names_affiliation (MlaAgendaParser *parser, const char *text)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *name = NULL, *org = NULL;

    if (strchr (text, ',') == NULL ||
        !g_regex_match (parser->name_comma_org, text, 0, &match))
        return FALSE;
    name = g_match_info_fetch_named (match, "name");
    org = g_match_info_fetch_named (match, "org");
    return mla_agenda_parser_is_name (parser, name) &&
           !mla_agenda_parser_is_name (parser, org) &&
           !g_regex_match (parser->initial, org, 0, NULL) &&
           !g_regex_match (parser->people_apart, org, 0, NULL);
}

char *
mla_agenda_leading_name (MlaAgendaParser *parser, const char *text,
                         guint max_words, MlaLeadingNameFlags flags)
{
    /* (the last piece is the rest of @text: it starts with the word after
     * the longest run) */
    g_auto (GStrv) words = g_strsplit (text, " ", max_words + 1);
    g_autoptr (GString) head = g_string_new (NULL);
    g_autofree char *name = NULL;

    for (guint n = 0; n < max_words && words[n] != NULL; n++) {
        const char *next = words[n + 1];

        g_string_append_printf (head, "%s%s", n > 0 ? " " : "", words[n]);
        if (n == 0)
            continue;
        if ((flags & MLA_LEADING_NAME_BEFORE_LOWER) && next != NULL &&
            !g_unichar_islower (g_utf8_get_char (next)))
            continue;
        if (mla_agenda_parser_is_name (parser, head->str)) {
            g_free (name);
            name = g_strdup (head->str);
        }
    }
    return g_steal_pointer (&name);
}
