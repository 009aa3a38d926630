/* mla-agenda-vocabulary.c: the agenda parser's words. Loads
 * data/agenda-vocabulary.ini (or its built-in copy), fills the word tables
 * and compiles every pattern once, with the word lists as alternations. */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <stdlib.h>
#include <string.h>
#include <gio/gio.h>
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-rules-private.h"
#include "mla-resources-private.h"

#define VOCABULARY_RESOURCE "/org/mlarc/agenda-vocabulary.ini"

/* Starts an unanchored pattern that begins with \s*: a match may start at
 * the search position or after a non-space only. Without it the engine
 * tries every position of a run of spaces, each time scanning to its end:
 * quadratic on a long run. The leftmost match is the same. */
#define NO_START_IN_SPACES "(?:\\G|(?<!\\s))"

/* A time: hour, optional separator and minutes, optional suffix. A suffix
 * may be glued to an uppercase word ("7:00PMCocktails"), not to a
 * lowercase one ("9 amazing"). The second time of a range needs minutes
 * or a suffix. */
#define TIME_PATTERN(n)                                                                 \
    "(?<h" n ">\\d{1,2})(?:(?<s" n ">[:.h])(?<m" n ">\\d{1,2}))?(?!\\d|[:.]\\d)"         \
    "(?:\\s?(?<x" n ">@SUFFIX@)(?!\\p{Ll}))?"

/* mla-agenda-rules.c: the agenda parser. A scanner keeps each line's
 * layout (indentation, columns, underlines); a table of named rules, whose
 * patterns are built from the vocabulary, classifies the lines and feeds a
 * builder; small named functions normalise the result (12-hour times, slot
 * ends, dates). */
/* Starts an unanchored pattern that begins with \s*: a match may start at
 * the search position or after a non-space only. Without it the engine
 * tries every position of a run of spaces, each time scanning to its end:
 * quadratic on a long run. The leftmost match is the same. */
/* One line of text as laid out: quote prefix removed, tabs expanded. */
/* A column of a table with a header row ("Time | Session | Room"). */
/* Order matters: the first rule whose pattern matches and whose handler
 * accepts the line wins. */
/* A time: hour, optional separator and minutes, optional suffix. A suffix
 * may be glued to an uppercase word ("7:00PMCocktails"), not to a
 * lowercase one ("9 amazing"). The second time of a range needs minutes
 * or a suffix. */
static char *
fold (const char *text)
{
    return g_utf8_casefold (text, -1);
}

char *
mla_agenda_fold_compact (const char *text)
{
    g_autofree char *folded = fold (text);
    GString *out = g_string_new (NULL);

    for (const char *p = folded; *p != '\0'; p++)
        if (*p != ' ')
            g_string_append_c (out, *p);
    return g_string_free (out, FALSE);
}

static char **
vocabulary_list (GKeyFile *keys, const char *group, const char *key, GError **error)
{
    gsize n = 0;
    char **list = g_key_file_get_string_list (keys, group, key, &n, error);

    if (list != NULL)
        for (gsize i = 0; i < n; i++)
            g_strstrip (list[i]);
    return list;
}

/* Adds every word of [group] to @table (value = key number + @offset) and
 * to @all, so that patterns can list them. */
static gboolean
load_group (GKeyFile *keys, const char *group, GHashTable *table, GPtrArray *all, GError **error)
{
    g_auto (GStrv) names = g_key_file_get_keys (keys, group, NULL, error);

    if (names == NULL)
        return FALSE;
    for (guint i = 0; names[i] != NULL; i++) {
        g_auto (GStrv) words = vocabulary_list (keys, group, names[i], error);
        int value = atoi (names[i]);

        if (words == NULL)
            return FALSE;
        for (guint j = 0; words[j] != NULL; j++) {
            if (table != NULL)
                g_hash_table_insert (table, fold (words[j]), GINT_TO_POINTER (value));
            if (all != NULL)
                g_ptr_array_add (all, g_strdup (words[j]));
        }
    }
    return TRUE;
}

static gint
longest_first (gconstpointer a, gconstpointer b)
{
    return (int) strlen (*(char *const *) b) - (int) strlen (*(char *const *) a);
}

/* An alternation of @words, longest first, spaces matching any space. */
static char *
alternation (GPtrArray *words)
{
    GString *out = g_string_new (NULL);

    g_ptr_array_sort (words, longest_first);
    for (guint i = 0; i < words->len; i++) {
        g_autofree char *escaped = g_regex_escape_string (g_ptr_array_index (words, i), -1);

        if (i > 0)
            g_string_append_c (out, '|');
        for (const char *p = escaped; *p != '\0'; p++) {
            if (*p == ' ')
                g_string_append (out, "\\s+");
            else
                g_string_append_c (out, *p);
        }
    }
    return g_string_free (out, FALSE);
}

static GPtrArray *
strv_to_array (char **words)
{
    GPtrArray *array = g_ptr_array_new_with_free_func (g_free);

    for (guint i = 0; words != NULL && words[i] != NULL; i++)
        g_ptr_array_add (array, g_strdup (words[i]));
    return array;
}

static void
table_add_words (GHashTable *table, char **words, int value)
{
    for (guint i = 0; words[i] != NULL; i++)
        g_hash_table_insert (table, mla_agenda_fold_compact (words[i]), GINT_TO_POINTER (value));
}

static GHashTable *
word_table (void)
{
    return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

GRegex *
mla_agenda_compile (const char *pattern, GRegexCompileFlags flags, GError **error)
{
    GRegex *regex = g_regex_new (pattern, flags | G_REGEX_OPTIMIZE, 0, error);

    if (regex == NULL)
        g_prefix_error (error, "agenda vocabulary: pattern %s: ", pattern);
    return regex;
}

char *
mla_agenda_expand (const char *pattern, GHashTable *placeholders)
{
    GString *out = g_string_new (pattern);
    GHashTableIter iter;
    gpointer key, value;

    g_hash_table_iter_init (&iter, placeholders);
    while (g_hash_table_iter_next (&iter, &key, &value))
        g_string_replace (out, key, value, 0);
    return g_string_free (out, FALSE);
}

static gboolean
load_vocabulary (MlaAgendaParser *parser, GKeyFile *keys, GError **error)
{
    g_autoptr (GHashTable) placeholders = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                                 g_free);
    g_autoptr (GPtrArray) weekdays = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GPtrArray) abbrs = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GPtrArray) months = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GPtrArray) suffixes = g_ptr_array_new_with_free_func (g_free);
    static const char *const roles[] = { "chair", "moderator", "speaker" };
    static const char *const kind_keys[N_KIND_WORDS] = { "break", "meal", "social" };
    g_auto (GStrv) day_words = NULL, am = NULL, pm = NULL, h24 = NULL, range = NULL;
    g_auto (GStrv) zones = NULL, loc_labels = NULL, rooms = NULL, markers = NULL;
    g_auto (GStrv) tentative = NULL, openers = NULL, attribution = NULL;
    g_auto (GStrv) time_columns = NULL, people_columns = NULL, from_words = NULL;
    g_auto (GStrv) not_names = NULL, schedule = NULL, units = NULL;
    g_autofree char *tentative_alt = NULL, *markers_alt = NULL, *openers_alt = NULL;
    g_autofree char *time1 = NULL, *time2 = NULL;

    if (!load_group (keys, "weekdays", parser->weekdays, weekdays, error)
        || !load_group (keys, "weekday-abbreviations", parser->weekday_abbrs, abbrs, error)
        || !load_group (keys, "months", parser->months, months, error))
        return FALSE;
    for (guint i = 0; i < G_N_ELEMENTS (roles); i++) {
        g_auto (GStrv) words = vocabulary_list (keys, "labels", roles[i], error);

        if (words == NULL)
            return FALSE;
        for (guint j = 0; words[j] != NULL; j++) {
            g_hash_table_insert (parser->labels, mla_agenda_fold_compact (words[j]), GINT_TO_POINTER (i + 1));
            g_ptr_array_add (labels, g_strdup (words[j]));
        }
    }
    if ((day_words = vocabulary_list (keys, "days", "numbered", error)) == NULL
        || (am = vocabulary_list (keys, "times", "am", error)) == NULL
        || (pm = vocabulary_list (keys, "times", "pm", error)) == NULL
        || (h24 = vocabulary_list (keys, "times", "hour24", error)) == NULL
        || (range = vocabulary_list (keys, "times", "range", error)) == NULL
        || (zones = vocabulary_list (keys, "times", "zones", error)) == NULL
        || (units = vocabulary_list (keys, "times", "units", error)) == NULL
        || (loc_labels = vocabulary_list (keys, "locations", "labels", error)) == NULL
        || (rooms = vocabulary_list (keys, "locations", "rooms", error)) == NULL
        || (markers = vocabulary_list (keys, "unconfirmed", "markers", error)) == NULL
        || (tentative = vocabulary_list (keys, "unconfirmed", "tentative", error)) == NULL
        || (openers = vocabulary_list (keys, "notes", "openers", error)) == NULL
        || (attribution = vocabulary_list (keys, "quotes", "attribution", error)) == NULL
        || (time_columns = vocabulary_list (keys, "tables", "time", error)) == NULL
        || (people_columns = vocabulary_list (keys, "tables", "people", error)) == NULL
        || (from_words = vocabulary_list (keys, "times", "from", error)) == NULL
        || (not_names = vocabulary_list (keys, "names", "not", error)) == NULL
        || (schedule = vocabulary_list (keys, "headings", "schedule", error)) == NULL)
        return FALSE;
    table_add_words (parser->not_names, not_names, 1);
    table_add_words (parser->place_labels, loc_labels, 1);
    table_add_words (parser->people_columns, people_columns, 1);
    table_add_words (parser->day_words, day_words, 1);
    table_add_words (parser->am, am, 1);
    table_add_words (parser->pm, pm, 1);
    table_add_words (parser->h24, h24, 1);
    table_add_words (parser->room_words, rooms, 1);

    for (guint i = 0; am[i] != NULL; i++)
        g_ptr_array_add (suffixes, g_strdup (am[i]));
    for (guint i = 0; pm[i] != NULL; i++)
        g_ptr_array_add (suffixes, g_strdup (pm[i]));
    for (guint i = 0; h24[i] != NULL; i++)
        g_ptr_array_add (suffixes, g_strdup (h24[i]));

    g_hash_table_insert (placeholders, "@WEEKDAY@", alternation (weekdays));
    g_hash_table_insert (placeholders, "@WEEKDAY_ABBR@", alternation (abbrs));
    g_hash_table_insert (placeholders, "@MONTH@", alternation (months));
    g_hash_table_insert (placeholders, "@LABEL@", alternation (labels));
    g_hash_table_insert (placeholders, "@SUFFIX@", alternation (suffixes));
    {
        g_autoptr (GPtrArray) a = strv_to_array (range);
        g_autoptr (GPtrArray) z = strv_to_array (zones);
        g_autoptr (GPtrArray) un = strv_to_array (units);
        g_autoptr (GPtrArray) l = strv_to_array (loc_labels);
        g_autoptr (GPtrArray) r = strv_to_array (rooms);
        g_autoptr (GPtrArray) d = strv_to_array (day_words);
        g_autoptr (GPtrArray) m = strv_to_array (markers);
        g_autoptr (GPtrArray) t = strv_to_array (tentative);
        g_autoptr (GPtrArray) o = strv_to_array (openers);
        g_autofree char *days = alternation (d);

        g_autoptr (GPtrArray) tc = strv_to_array (time_columns);

        g_autoptr (GPtrArray) fw = strv_to_array (from_words);

        g_hash_table_insert (placeholders, "@TIMECOL@", alternation (tc));
        g_hash_table_insert (placeholders, "@FROM@", alternation (fw));
        g_hash_table_insert (placeholders, "@RANGE@", alternation (a));
        g_hash_table_insert (placeholders, "@ZONE@", alternation (z));
        g_hash_table_insert (placeholders, "@UNIT@", alternation (un));
        /* "15:00 UTC / 16:00 CET": the same time in a second zone */
        g_hash_table_insert (placeholders, "@OTHER_ZONE@",
                             g_strdup ("(?:\\s*/\\s*\\d{1,2}[:.]\\d{2}(?:\\s*(?:@RANGE@)\\s*\\d{1,2}[:.]\\d{2})?"
                                       "\\s*(?:@ZONE@)(?!\\w))?"));
        g_hash_table_insert (placeholders, "@LOCATION@", alternation (l));
        g_hash_table_insert (placeholders, "@ROOM@", alternation (r));
        g_hash_table_insert (placeholders, "@DAYWORD@",
                             g_strdup_printf ("(?:%s)\\s+\\d{1,2}", days));
        g_autoptr (GPtrArray) sh = strv_to_array (schedule);
        g_autofree char *schedule_alt = alternation (sh);
        /* at most five words, with the heading word among them, no sentence */
        g_autofree char *heading = g_strdup_printf (
            "^[\\s#*=~-]*(?:[\\w'\\x{2019}-]+\\s+){0,3}(?:%s)(?!\\w)(?:\\s+[\\w'\\x{2019}-]+){0,3}"
            "[\\s:*=~-]*$", schedule_alt);

        if ((parser->schedule_heading = mla_agenda_compile (heading, G_REGEX_CASELESS, error)) == NULL)
            return FALSE;
        markers_alt = alternation (m);
        tentative_alt = alternation (t);
        openers_alt = alternation (o);
    }
    {
        /* "Budget (presenter: Dana Whitfield)", "[chair: Ted; room: A]" */
        g_autofree char *paren = mla_agenda_expand (NO_START_IN_SPACES
                                         "\\s*[(\\[]\\s*(?<label>@LABEL@|@LOCATION@)(?<colon>\\s*:)?\\s*"
                                         "(?<value>[^()\\[\\]]+?)\\s*[)\\]]\\s*$", placeholders);

        g_autoptr (GPtrArray) verbs = strv_to_array (attribution);
        g_autofree char *verbs_alt = alternation (verbs);
        g_autofree char *wrote = g_strdup_printf ("(?<!\\w)(?:%s)\\s*:?\\s*$", verbs_alt);

        if ((parser->label_paren = mla_agenda_compile (paren, G_REGEX_CASELESS, error)) == NULL
            || (parser->attribution = mla_agenda_compile (wrote, G_REGEX_CASELESS, error)) == NULL)
            return FALSE;
    }
    time1 = mla_agenda_expand (TIME_PATTERN ("1"), placeholders);
    time2 = mla_agenda_expand ("(?=\\d{1,2}(?:[:.h]\\d|\\s?(?:@SUFFIX@)(?!\\p{Ll})))" TIME_PATTERN ("2"),
                    placeholders);
    g_hash_table_insert (placeholders, "@TIME1@", g_steal_pointer (&time1));
    g_hash_table_insert (placeholders, "@TIME2@", g_steal_pointer (&time2));

    if (!mla_agenda_rules_compile (parser, placeholders, error))
        return FALSE;
    for (guint i = 0; i < N_KIND_WORDS; i++) {
        g_auto (GStrv) words = vocabulary_list (keys, "kinds", kind_keys[i], error);
        g_autoptr (GPtrArray) array = NULL;
        g_autofree char *alt = NULL, *pattern = NULL;

        if (words == NULL)
            return FALSE;
        array = strv_to_array (words);
        alt = alternation (array);
        pattern = g_strdup_printf ("(?<!\\w)(?:%s)(?!\\w)", alt);
        if ((parser->kinds[i] = mla_agenda_compile (pattern, G_REGEX_CASELESS, error)) == NULL)
            return FALSE;
    }
    {
        g_autofree char *time_any = mla_agenda_expand ("(?<![\\d.])\\d{1,2}[:.h]\\d{2}(?!\\d|[:.]\\d)"
                                            "|(?<![\\d.])\\d{1,2}\\s?(?:@SUFFIX@)(?!\\w)",
                                            placeholders);
        g_autofree char *month = g_strdup (g_hash_table_lookup (placeholders, "@MONTH@"));
        g_autofree char *date = g_strdup_printf (
            "(?<d1>\\d{1,2})(?:st|nd|rd|th|er|\\.)?\\s*(?:(?:of|de|di|del|de\\s+la)\\s+)?(?<mo1>%s)\\.?(?!\\w)"
            "(?:,?\\s*(?:de\\s+)?(?<y1>\\d{4}))?"
            "|(?<mo2>%s)\\.?(?!\\w)[\\s-]*(?<d2>\\d{1,2})(?!\\d)(?:st|nd|rd|th)?"
            "(?:\\s*[-\\x{2013}]\\s*\\d{1,2}(?!\\d))?(?:,?\\s*(?<y2>\\d{4}))?"
            "|(?<iy>\\d{4})-(?<im>\\d{1,2})-(?<id>\\d{1,2})"
            "|(?<dd>\\d{1,2})\\.(?<dm>\\d{1,2})\\.(?<dy>\\d{4})",
            month, month);
        g_autofree char *markers_re = g_strdup_printf ("(?<![\\w<])(?:%s)(?![\\w>])", markers_alt);
        g_autofree char *tentative_re = g_strdup_printf (
            "\\(?\\s*(?:%s)\\s+([^()]+?)\\s*\\)?\\s*$", tentative_alt);
        g_autofree char *note_re = g_strdup_printf (NO_START_IN_SPACES
                                                    "\\s*(\\((?:%s)\\b[^()]*\\))\\s*$",
                                                    openers_alt);

        if ((parser->time_anywhere = mla_agenda_compile (time_any, G_REGEX_CASELESS, error)) == NULL
            || (parser->date = mla_agenda_compile (date, G_REGEX_CASELESS, error)) == NULL
            || (parser->markers = mla_agenda_compile (markers_re, G_REGEX_CASELESS, error)) == NULL
            || (parser->tentative = mla_agenda_compile (tentative_re, G_REGEX_CASELESS, error)) == NULL
            || (parser->note_paren = mla_agenda_compile (note_re, G_REGEX_CASELESS, error)) == NULL)
            return FALSE;
    }
    parser->word = mla_agenda_compile ("\\p{L}[\\p{L}'\\x{2019}-]*", 0, error);
    parser->name = mla_agenda_compile ("^\\p{Lu}[\\p{L}'\\x{2019}.-]*"
                            "(?:\\s+(?:\\p{Lu}[\\p{L}'\\x{2019}.-]*|van|von|der|den|de|da|di|del"
                            "|la|le|du|dos|bin|al|ten|ter))+$",
                            0, error);
    parser->location_at = mla_agenda_compile ("^(.*?\\S)\\s+@\\s+(.+?)\\s*$", 0, error);
    parser->speaker_dash = mla_agenda_compile ("^(.*\\S)\\s+[-\\x{2013}\\x{2014}]\\s+([^,-]+?)"
                                    "(?:\\s*,[^,]*)?$", 0, error);
    parser->speaker_list = mla_agenda_compile ("^(.*\\S)\\s+[-\\x{2013}\\x{2014}]\\s+(\\p{Lu}[^\\x{2013}\\x{2014}]*?)\\s*$",
                                    0, error);
    parser->place_prefix = mla_agenda_compile ("^(?<place>[^:,()]{1,40}?)\\s*[:,]\\s+(?<title>\\S.*)$", 0, error);
    parser->person_split = mla_agenda_compile (NO_START_IN_SPACES
                                    "\\s*(?:,|;|&|/|\\band\\b|\\bund\\b|\\bet\\b)\\s*", 0, error);
    parser->quote = mla_agenda_compile ("^(?:[ \\t]*>)+ ?", 0, error);
    parser->list_marker = mla_agenda_compile ("^(?:[-*\\x{2022}\\x{00b7}]\\s+|(?:\\d{1,2}|[ivx]{1,4}|[a-h])[.)]\\s+)",
                                   0, error);
    parser->paren_part = mla_agenda_compile (NO_START_IN_SPACES "\\s*\\([^()]*\\)", 0, error);
    parser->capitalised_run = mla_agenda_compile ("^\\p{Lu}\\S*(?: \\p{Lu}\\S*)*$", 0, error);
    parser->military_range = mla_agenda_compile ("^(?<lead>\\s*(?:[-*\\x{2022}|]\\s*)?)(?<h1>[012]\\d)(?<m1>\\d\\d)"
                                      "(?<sep>\\s*(?:-|\\x{2013}|\\x{2014}|to)\\s*)(?<h2>[012]\\d)"
                                      "(?<m2>\\d\\d)(?![\\d:.])", 0, error);
    parser->military_single = mla_agenda_compile ("^(?<lead>\\s*(?:[-*\\x{2022}|]\\s*)?)(?<h1>[012]\\d)(?<m1>\\d\\d)"
                                       "(?=\\s*[|:\\t]|\\s+\\p{Lu})", 0, error);
    /* "Noon-1 p.m.", "Noon  Lunch", "Noon: Lunch" */
    parser->noon_start = mla_agenda_compile ("^(\\s*(?:[-*\\x{2022}|]\\s*)?)(?:noon|midday)"
                                  "(?=\\s*(?:-|\\x{2013}|\\x{2014}|to)\\s*\\d|\\s*[-\\x{2013}:|]\\s*\\p{Lu}"
                                  "|\\s{2,}\\S|\\t)", G_REGEX_CASELESS, error);
    parser->noon_end = mla_agenda_compile ("^(\\s*(?:[-*\\x{2022}|]\\s*)?\\d{1,2}(?:[:.]\\d\\d)?\\s*(?:[ap]\\.?\\s?m\\.?)?"
                                "\\s*(?:-|\\x{2013}|\\x{2014}|to)\\s*)(?:noon|midday)(?!\\w)", G_REGEX_CASELESS, error);
    parser->gap_cells = mla_agenda_compile ("\\s{2,}", 0, error);
    parser->pipe_cells = mla_agenda_compile (NO_START_IN_SPACES "\\s*\\|\\s*", 0, error);
    /* "Introductions - We'll go around the room ...": a sentence after a
     * dash describes the slot. */
    /* "Invited Speaker: Joey Jones": a label (up to three words) and a name */
    parser->label_name = mla_agenda_compile ("^[^:\\d\\s]+(?:\\s[^:\\d\\s]+){0,2}:\\s*(\\p{Lu}\\S*(?:\\s\\S+){1,2})$",
                                  0, error);
    parser->year = mla_agenda_compile ("(?<![\\d:.])(?:19|20)\\d{2}(?![\\d:])", 0, error);
    parser->description = mla_agenda_compile ("^(.*?\\S)\\s+[-\\x{2013}\\x{2014}]\\s+((?:\\S+\\s+){6,}\\S+)$",
                                   0, error);
    return parser->word != NULL && parser->name != NULL && parser->year != NULL
           && parser->label_name != NULL && parser->location_at != NULL
           && parser->list_marker != NULL && parser->description != NULL
           && parser->gap_cells != NULL && parser->paren_part != NULL
           && parser->capitalised_run != NULL && parser->pipe_cells != NULL
           && parser->military_range != NULL && parser->military_single != NULL
           && parser->noon_start != NULL && parser->noon_end != NULL
           && parser->speaker_dash != NULL && parser->speaker_list != NULL && parser->place_prefix != NULL
           && parser->person_split != NULL && parser->quote != NULL;
}

MlaAgendaParser *
mla_agenda_parser_new (const char *vocabulary_path, GError **error)
{
    g_autoptr (MlaAgendaParser) parser = g_new0 (MlaAgendaParser, 1);
    g_autoptr (GKeyFile) keys = g_key_file_new ();
    gboolean loaded;

    parser->weekdays = word_table ();
    parser->weekday_abbrs = word_table ();
    parser->months = word_table ();
    parser->day_words = word_table ();
    parser->labels = word_table ();
    parser->am = word_table ();
    parser->pm = word_table ();
    parser->h24 = word_table ();
    parser->room_words = word_table ();
    parser->place_labels = word_table ();
    parser->people_columns = word_table ();
    parser->not_names = word_table ();
    if (vocabulary_path != NULL) {
        loaded = g_key_file_load_from_file (keys, vocabulary_path, G_KEY_FILE_NONE, error);
        if (!loaded)
            g_prefix_error (error, "%s: ", vocabulary_path);
    } else {
        g_autoptr (GBytes) bytes = g_resource_lookup_data (mla_resources_get_resource (),
                                                            VOCABULARY_RESOURCE, 0, error);

        loaded = bytes != NULL
                 && g_key_file_load_from_bytes (keys, bytes, G_KEY_FILE_NONE, error);
    }
    if (!loaded)
        return NULL;
    if (!load_vocabulary (parser, keys, error)) {
        if (vocabulary_path != NULL)
            g_prefix_error (error, "%s: ", vocabulary_path);
        return NULL;
    }
    return g_steal_pointer (&parser);
}

void
mla_agenda_parser_free (MlaAgendaParser *parser)
{
    if (parser == NULL)
        return;
    g_clear_pointer (&parser->weekdays, g_hash_table_unref);
    g_clear_pointer (&parser->weekday_abbrs, g_hash_table_unref);
    g_clear_pointer (&parser->months, g_hash_table_unref);
    g_clear_pointer (&parser->day_words, g_hash_table_unref);
    g_clear_pointer (&parser->labels, g_hash_table_unref);
    g_clear_pointer (&parser->am, g_hash_table_unref);
    g_clear_pointer (&parser->pm, g_hash_table_unref);
    g_clear_pointer (&parser->h24, g_hash_table_unref);
    g_clear_pointer (&parser->room_words, g_hash_table_unref);
    g_clear_pointer (&parser->place_labels, g_hash_table_unref);
    g_clear_pointer (&parser->people_columns, g_hash_table_unref);
    g_clear_pointer (&parser->not_names, g_hash_table_unref);
    mla_agenda_rules_free (parser);
    for (guint i = 0; i < N_KIND_WORDS; i++)
        g_clear_pointer (&parser->kinds[i], g_regex_unref);
    g_clear_pointer (&parser->time_anywhere, g_regex_unref);
    g_clear_pointer (&parser->date, g_regex_unref);
    g_clear_pointer (&parser->word, g_regex_unref);
    g_clear_pointer (&parser->markers, g_regex_unref);
    g_clear_pointer (&parser->tentative, g_regex_unref);
    g_clear_pointer (&parser->name, g_regex_unref);
    g_clear_pointer (&parser->note_paren, g_regex_unref);
    g_clear_pointer (&parser->location_at, g_regex_unref);
    g_clear_pointer (&parser->speaker_dash, g_regex_unref);
    g_clear_pointer (&parser->speaker_list, g_regex_unref);
    g_clear_pointer (&parser->place_prefix, g_regex_unref);
    g_clear_pointer (&parser->person_split, g_regex_unref);
    g_clear_pointer (&parser->quote, g_regex_unref);
    g_clear_pointer (&parser->list_marker, g_regex_unref);
    g_clear_pointer (&parser->gap_cells, g_regex_unref);
    g_clear_pointer (&parser->pipe_cells, g_regex_unref);
    g_clear_pointer (&parser->military_range, g_regex_unref);
    g_clear_pointer (&parser->military_single, g_regex_unref);
    g_clear_pointer (&parser->noon_start, g_regex_unref);
    g_clear_pointer (&parser->noon_end, g_regex_unref);
    g_clear_pointer (&parser->schedule_heading, g_regex_unref);
    g_clear_pointer (&parser->description, g_regex_unref);
    g_clear_pointer (&parser->year, g_regex_unref);
    g_clear_pointer (&parser->label_paren, g_regex_unref);
    g_clear_pointer (&parser->attribution, g_regex_unref);
    g_clear_pointer (&parser->label_name, g_regex_unref);
    g_clear_pointer (&parser->paren_part, g_regex_unref);
    g_clear_pointer (&parser->capitalised_run, g_regex_unref);
    g_free (parser);
}

gboolean
mla_agenda_word_is (GHashTable *table, const char *word, int *value)
{
    g_autofree char *key = fold (word);
    gpointer found;

    if (!g_hash_table_lookup_extended (table, key, NULL, &found))
        return FALSE;
    if (value != NULL)
        *value = GPOINTER_TO_INT (found);
    return TRUE;
}
