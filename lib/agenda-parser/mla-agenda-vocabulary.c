/* mla-agenda-vocabulary.c: the agenda parser's words. Loads
 * data/agenda-vocabulary.ini (or its built-in copy), fills the word tables
 * and compiles every pattern once, with the word lists as alternations. */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <gio/gio.h>
#include "mla-agenda-vocabulary-private.h"
#include "mla-resources-private.h"

#define VOCABULARY_RESOURCE "/org/mlarc/agenda-vocabulary.ini"

/* A time: hour, optional separator and minutes, optional suffix. A suffix
 * may be glued to an uppercase word ("7:00PMCocktails"), not to a
 * lowercase one ("9 amazing"); a one-letter one ("9:00a") only to the
 * time. The second time of a range needs minutes or a suffix. French
 * typography spaces the "h" ("18 h 05", often with no-break spaces). */
#define TIME_PATTERN(n)                                                        \
    "(?<h" n ">\\d{1,2})(?:(?<s" n                                             \
    ">[:.h]|[ \\x{a0}\\x{202f}]h[ \\x{a0}\\x{202f}](?=\\d\\d))"                \
    "(?<m" n ">\\d{1,2}))?(?!\\d|[:.]\\d)"                                     \
    "(?:\\s?(?<x" n ">@SUFFIX@)(?!\\p{Ll})"                                    \
    "|(?<=[:.h]\\d\\d)(?:(?<ga" n ">@AM_GLUED@)|(?<gp" n                       \
    ">@PM_GLUED@))(?![\\p{L}\\d]))?"

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
vocabulary_list (GKeyFile *keys, const char *group, const char *key,
                 GError **error)
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
load_group (GKeyFile *keys, const char *group, GHashTable *table,
            GPtrArray *all, GError **error)
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
                g_hash_table_insert (table, fold (words[j]),
                                     GINT_TO_POINTER (value));
            if (all != NULL)
                g_ptr_array_add (all, g_strdup (words[j]));
        }
    }
    return TRUE;
}

static gint
longest_first (gconstpointer a, gconstpointer b)
{
    return (int) strlen (*(char *const *) b) -
           (int) strlen (*(char *const *) a);
}

/* The case class of @word's first character: words of two classes never
 * both match at one place of a text, with or without G_REGEX_CASELESS
 * (as in PCRE2's caseless sets, "K" and the Kelvin sign, "S" and the long
 * s fall in one class). */
static gunichar
initial_class (const char *word)
{
    return g_unichar_tolower (g_unichar_toupper (g_utf8_get_char (word)));
}

/* Appends @word, escaped, to @out, its spaces matching any space. */
static void
append_word (GString *out, const char *word)
{
    g_autofree char *escaped = g_regex_escape_string (word, -1);

    for (const char *p = escaped; *p != '\0'; p++) {
        if (*p == ' ')
            g_string_append (out, "\\s+");
        else
            g_string_append_c (out, *p);
    }
}

/* Appends to @out the words of @words whose initial is of case class
 * @class (@classes: each word's), in their order; more than one behind a
 * look-ahead at their first characters, so that a place of the text where
 * none starts costs one test, not one a word. */
static void
append_class (GString *out, GPtrArray *words, const gunichar *classes,
              gunichar class)
{
    g_autoptr (GString) firsts = g_string_new (NULL);
    g_autoptr (GString) members = g_string_new (NULL);
    g_autoptr (GArray) seen = g_array_new (FALSE, FALSE, sizeof (gunichar));
    guint n = 0;

    for (guint i = 0; i < words->len; i++) {
        const char *word = g_ptr_array_index (words, i);
        gunichar first;
        gboolean known = FALSE;

        if (classes[i] != class)
            continue;
        first = g_utf8_get_char (word);
        for (guint j = 0; j < seen->len && !known; j++)
            known = g_array_index (seen, gunichar, j) == first;
        if (!known) {
            g_array_append_val (seen, first);
            if (first < 0x80 && !g_ascii_isalnum (first))
                g_string_append_c (firsts, '\\');
            g_string_append_unichar (firsts, first);
        }
        if (n++ > 0)
            g_string_append_c (members, '|');
        append_word (members, word);
    }
    if (n > 1)
        g_string_append_printf (out, "(?=[%s])(?:%s)", firsts->str,
                                members->str);
    else
        g_string_append (out, members->str);
}

#define DISPATCH_MIN_WORDS 8 /* fewer are tried one by one */

/* An alternation of @words, longest first, spaces matching any space. A
 * longer list is split by the case class of the initials, each class
 * behind a look-ahead (the months' names of a dozen languages were tried
 * one by one at every position of a text). Words that may match at one
 * place of a text keep their order: the pattern matches what the plain
 * alternation matches, where it matches it. */
static char *
alternation (GPtrArray *words)
{
    GString *out = g_string_new (NULL);
    g_autoptr (GArray) classes = g_array_new (FALSE, FALSE, sizeof (gunichar));
    g_autoptr (GArray) order = g_array_new (FALSE, FALSE, sizeof (gunichar));
    g_autoptr (GPtrArray) kept = g_ptr_array_new ();

    g_ptr_array_sort (words, longest_first);
    /* (an empty word, "a;;b" or a list left empty, would match
     * everywhere: a list placed without word boundaries would then
     * match every line) */
    for (guint i = 0; i < words->len; i++)
        if (((const char *) g_ptr_array_index (words, i))[0] != '\0')
            g_ptr_array_add (kept, g_ptr_array_index (words, i));
    words = kept;
    for (guint i = 0; i < words->len; i++) {
        gunichar class = initial_class (g_ptr_array_index (words, i));
        gboolean known = FALSE;

        g_array_append_val (classes, class);
        for (guint j = 0; j < order->len && !known; j++)
            known = g_array_index (order, gunichar, j) == class;
        if (!known)
            g_array_append_val (order, class);
    }
    for (guint i = 0; words->len < DISPATCH_MIN_WORDS && i < words->len; i++) {
        if (out->len > 0)
            g_string_append_c (out, '|');
        append_word (out, g_ptr_array_index (words, i));
    }
    for (guint i = 0; words->len >= DISPATCH_MIN_WORDS && i < order->len; i++) {
        if (out->len > 0)
            g_string_append_c (out, '|');
        append_class (out, words, (const gunichar *) classes->data,
                      g_array_index (order, gunichar, i));
    }
    if (out->len == 0)
        g_string_append (out, "(?!)"); /* no word: matches nothing */
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
        g_hash_table_insert (table, mla_agenda_fold_compact (words[i]),
                             GINT_TO_POINTER (value));
}

static GHashTable *
word_table (void)
{
    return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

GRegex *
mla_agenda_compile (MlaAgendaParser *parser, const char *pattern,
                    GRegexCompileFlags flags, GError **error)
{
    GRegex *regex = g_regex_new (pattern, flags | parser->optimize, 0, error);

    if (regex == NULL)
        g_prefix_error (error, "agenda vocabulary: pattern %s: ", pattern);
    return regex;
}

#define EXPAND_DEPTH 4 /* "@TIME1@" holds "@SUFFIX@", which holds ... */

/* Appends @pattern to @out, each "@NAME@" of @placeholders replaced by
 * its value, expanded in turn, @depth levels down at most: one pass over
 * the text (a replace of each placeholder in turn ran over every pattern
 * some 80 times a level). */
static void
expand_into (GString *out, const char *pattern, GHashTable *placeholders,
             guint depth)
{
    const char *p = pattern;
    const char *at;

    while ((at = strchr (p, '@')) != NULL) {
        const char *end =
            at + 1 + strspn (at + 1, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
        const char *value = NULL;

        g_string_append_len (out, p, at - p);
        if (*end == '@' && end > at + 1 && depth > 0) {
            g_autofree char *key = g_strndup (at, end + 1 - at);

            value = g_hash_table_lookup (placeholders, key);
        }
        if (value != NULL) {
            expand_into (out, value, placeholders, depth - 1);
            p = end + 1;
        } else {
            g_string_append_c (out, '@');
            p = at + 1;
        }
    }
    g_string_append (out, p);
}

char *
mla_agenda_expand (const char *pattern, GHashTable *placeholders)
{
    GString *out = g_string_sized_new (strlen (pattern));

    expand_into (out, pattern, placeholders, EXPAND_DEPTH);
    return g_string_free (out, FALSE);
}

/* A word list of the vocabulary file: its words go into a word table of
 * the parser (keys folded without spaces), into a pattern placeholder (an
 * alternation, longest first), or both. */
typedef struct {
    const char *group;
    const char *key;
    gsize table;             /* offsetof the GHashTable * field, or 0 */
    const char *placeholder; /* "@NAME@", or NULL */
    gsize words; /* offsetof a char ** field that keeps the list, or 0 */
} MlaWordList;

#define TABLE(field) offsetof (MlaAgendaParser, field)
#define WORDS(field) offsetof (MlaAgendaParser, field)

static const MlaWordList word_lists[] = {
    { "days", "numbered", TABLE (day_words), "@DAYWORDS@", 0 },
    { "days", "tomorrow", 0, "@TOMORROW@", 0 },
    { "days", "today", 0, "@TODAY@", 0 },
    { "days", "fillers", TABLE (heading_fillers), NULL, 0 },
    { "days", "sessions", 0, "@SESSION_WORD@", 0 },
    { "dates", "ordinals", 0, "@ORDINAL@", 0 },
    { "dates", "of", 0, "@DATE_OF@", 0 },
    { "times", "am", TABLE (am), "@AM@", 0 },
    { "times", "pm", TABLE (pm), "@PM@", 0 },
    { "times", "am-glued", 0, "@AM_GLUED@", 0 },
    { "times", "pm-glued", 0, "@PM_GLUED@", 0 },
    { "times", "hour24", TABLE (h24), "@H24@", 0 },
    { "times", "noon", 0, "@NOON@", WORDS (noon_words) },
    { "times", "range", 0, "@RANGE@", 0 },
    { "times", "zones", 0, "@ZONE@", 0 },
    { "times", "units", 0, "@UNIT@", 0 },
    { "times", "durations", 0, "@DURATION@", 0 },
    { "times", "duration-hours", TABLE (duration_hours), NULL, 0 },
    { "times", "until", 0, "@UNTIL@", 0 },
    { "times", "open-end", 0, "@OPEN_END_TIME@", 0 },
    { "labels", "stand-ins", 0, "@STAND_IN@", 0 },
    { "labels", "presents", 0, "@PRESENTS@", 0 },
    { "times", "from", 0, "@FROM@", 0 },
    { "times", "then", 0, "@THEN@", 0 },
    { "locations", "labels", TABLE (place_labels), "@LOCATION@", 0 },
    { "locations", "rooms", TABLE (room_words), "@ROOM@", 0 },
    { "unconfirmed", "markers", 0, "@MARKERS@", 0 },
    { "unconfirmed", "tentative", 0, "@TENTATIVE@", 0 },
    { "notes", "openers", 0, "@OPENERS@", 0 },
    { "quotes", "attribution", 0, "@ATTRIBUTION@", 0 },
    { "quotes", "original", 0, "@ORIGINAL@", 0 },
    { "quotes", "original-from", 0, "@ORIGINAL_FROM@", 0 },
    { "quotes", "original-sent", 0, "@ORIGINAL_SENT@", 0 },
    { "layout", "bullets", 0, "@BULLET@", 0 },
    { "layout", "items", 0, "@ITEM@", 0 },
    { "layout", "open-endings", 0, "@OPEN_END@", 0 },
    { "locations", "venues", 0, "@VENUE_WORD@", 0 },
    { "locations", "parts", 0, "@PLACE_PART@", 0 },
    { "tables", "time", TABLE (time_columns), "@TIMECOL@", 0 },
    { "tables", "people", TABLE (people_columns), NULL, 0 },
    { "tables", "title", TABLE (title_columns), "@TITLECOL@", 0 },
    { "tables", "empty", TABLE (empty_cells), NULL, 0 },
    { "tables", "date", TABLE (date_columns), "@DATECOL@", 0 },
    { "tables", "plenary", TABLE (plenary_words), NULL, 0 },
    { "tables", "start", TABLE (start_columns), "@STARTCOL@", 0 },
    { "tables", "end", TABLE (end_columns), NULL, 0 },
    { "tables", "notes", TABLE (note_columns), NULL, 0 },
    { "tables", "index", TABLE (index_columns), "@INDEXCOL@", 0 },
    { "tables", "skip", TABLE (skip_columns), NULL, 0 },
    { "tables", "format", TABLE (format_columns), NULL, 0 },
    { "names", "not", TABLE (not_names), NULL, 0 },
    { "names", "not-alone", TABLE (not_alone), NULL, 0 },
    { "names", "organisations", TABLE (organisations), NULL, 0 },
    { "names", "not-endings", 0, NULL, WORDS (not_name_endings) },
    { "names", "particles", 0, "@PARTICLE@", 0 },
    { "names", "conjunctions", 0, "@AND@", 0 },
    { "names", "honorifics", 0, "@HONORIFIC@", 0 },
    { "names", "honorifics-before-full-names", 0, "@HONORIFIC_FULL@", 0 },
    { "names", "honorifics-after", 0, "@HONORIFIC_AFTER@", 0 },
    { "headings", "schedule", 0, "@SCHEDULE@", 0 },
    { "headings", "minutes", 0, "@MINUTES@", 0 },
    { "labels", "without-colon", 0, "@BY@", WORDS (label_endings) },
    { "labels", "with", 0, "@WITH@", 0 },
    { "labels", "speaker-of", 0, "@OF@", 0 },
    { "labels", "title", 0, "@TITLE_LABEL@", 0 },
    { "kinds", "break", 0, "@BREAK@", 0 },
    { "kinds", "meal", 0, "@MEAL@", 0 },
    { "kinds", "social", 0, "@SOCIAL@", 0 },
    { "travel", "legs", 0, "@TRAVEL@", 0 },
    { "polls", "answers", 0, "@ANSWERS@", 0 },
    { "changes", "done", 0, "@CHANGED@", 0 },
    { "changes", "instead", 0, "@INSTEAD@", 0 },
    { "changes", "absent", 0, "@ABSENT@", 0 },
    { "changes", "swap", 0, "@SWAP@", 0 },
    { "changes", "becomes", 0, "@BECOMES@", 0 },
    { "changes", "articles", 0, "@ARTICLE@", 0 },
    { "reports", "statuses", 0, "@STATUSES@", 0 },
    { "not-programmes", "intro", 0, "@NOT_PROGRAMME@", 0 },
    { "not-programmes", "weekly", 0, "@WEEKLY@", 0 },
    { "not-programmes", "jobs", 0, "@JOBS@", 0 },
    { "not-programmes", "overruled-by", 0, "@PROGRAMME_WORD@", 0 },
    { "not-programmes", "meeting", 0, "@MEETING_WORD@", 0 },
    { "not-programmes", "admission", 0, "@ADMISSION@", 0 },
    { "not-programmes", "measures", 0, "@MEASURE@", 0 },
    { "meetings", "words", 0, "@GATHERING@", 0 },
    { "meetings", "words-unspaced", 0, "@GATHERING_UNSPACED@", 0 },
    { "meetings", "words-ending", 0, "@GATHERING_ENDING@", 0 },
    { "meetings", "items", 0, "@MEETING_ITEM@", 0 },
    { "meetings", "items-unspaced", 0, "@MEETING_ITEM_UNSPACED@", 0 },
    { "meetings", "group-areas", 0, "@GROUP_AREA@", 0 },
};

#define PARSER_TABLE(parser, offset)                                           \
    (*(GHashTable **) ((char *) (parser) + (offset)))
#define PARSER_REGEX(parser, offset)                                           \
    (*(GRegex **) ((char *) (parser) + (offset)))

/* Adds an alternation of @words as @name to @placeholders. Two word
 * lists may not share a name: the second would silently replace the
 * first. */
static void
add_placeholder (GHashTable *placeholders, const char *name, GPtrArray *words)
{
    g_assert (!g_hash_table_contains (placeholders, name));
    g_hash_table_insert (placeholders, (gpointer) name, alternation (words));
}

static gboolean
load_word_lists (MlaAgendaParser *parser, GKeyFile *keys,
                 GHashTable *placeholders, GError **error)
{
    g_autoptr (GPtrArray) suffixes = g_ptr_array_new_with_free_func (g_free);

    for (guint i = 0; i < G_N_ELEMENTS (word_lists); i++) {
        const MlaWordList *list = &word_lists[i];
        g_auto (GStrv) words =
            vocabulary_list (keys, list->group, list->key, error);
        g_autoptr (GPtrArray) array = NULL;

        if (words == NULL)
            return FALSE;
        if (list->table != 0)
            table_add_words (PARSER_TABLE (parser, list->table), words, 1);
        array = strv_to_array (words);
        if (list->table == TABLE (am) || list->table == TABLE (pm) ||
            list->table == TABLE (h24))
            for (guint j = 0; words[j] != NULL; j++)
                g_ptr_array_add (suffixes, g_strdup (words[j]));
        if (list->placeholder != NULL)
            add_placeholder (placeholders, list->placeholder, array);
        if (list->words != 0)
            *(char ***) ((char *) parser + list->words) =
                g_steal_pointer (&words);
    }
    add_placeholder (placeholders, "@SUFFIX@", suffixes);
    for (guint i = 0; parser->noon_words[i] != NULL; i++) {
        parser->noon_initials[(guchar) g_ascii_tolower (
            parser->noon_words[i][0])] = TRUE;
        parser->noon_initials[(guchar) g_ascii_toupper (
            parser->noon_words[i][0])] = TRUE;
    }
    return TRUE;
}

/* Weekdays, their abbreviations and months, keyed by number; labels of
 * people, keyed by role. */
static gboolean
load_numbered_lists (MlaAgendaParser *parser, GKeyFile *keys,
                     GHashTable *placeholders, GError **error)
{
    static const char *const roles[] = { "chair", "moderator", "speaker" };
    g_autoptr (GPtrArray) weekdays = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GPtrArray) abbrs = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GPtrArray) months = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);

    if (!load_group (keys, "weekdays", parser->weekdays, weekdays, error) ||
        !load_group (keys, "weekday-abbreviations", parser->weekday_abbrs,
                     abbrs, error) ||
        !load_group (keys, "months", parser->months, months, error))
        return FALSE;
    for (guint i = 0; i < G_N_ELEMENTS (roles); i++) {
        g_auto (GStrv) words =
            vocabulary_list (keys, "labels", roles[i], error);

        if (words == NULL)
            return FALSE;
        table_add_words (parser->labels, words, (int) i + 1);
        for (guint j = 0; words[j] != NULL; j++)
            g_ptr_array_add (labels, g_strdup (words[j]));
    }
    add_placeholder (placeholders, "@WEEKDAY@", weekdays);
    add_placeholder (placeholders, "@WEEKDAY_ABBR@", abbrs);
    add_placeholder (placeholders, "@MONTH@", months);
    add_placeholder (placeholders, "@LABEL@", labels);
    return TRUE;
}

static gboolean
load_vocabulary (MlaAgendaParser *parser, GKeyFile *keys,
                 MlaAgendaRulesCompileFunc compile_rules, GError **error)
{
    g_autoptr (GHashTable) placeholders =
        g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);

    if (!load_numbered_lists (parser, keys, placeholders, error) ||
        !load_word_lists (parser, keys, placeholders, error))
        return FALSE;
    g_hash_table_insert (placeholders, "@DAYWORD@",
                         g_strdup ("(?:@DAYWORDS@)\\s+\\d{1,2}"));
    /* "15:00 UTC / 16:00 CET", "15:00 UTC (08:00 PT / 16:00 CET)": the
     * same time in other zones */
    g_hash_table_insert (
        placeholders, "@ZONED@",
        g_strdup (
            "\\d{1,2}(?:[:.]\\d{2})?(?:\\s?(?:@SUFFIX@))?(?:\\s*(?:@RANGE@)"
            "\\s*\\d{1,2}(?:[:.]\\d{2})?(?:\\s?(?:@SUFFIX@))?)?"
            "\\s*(?:@ZONE@)(?!\\w)"));
    g_hash_table_insert (
        placeholders, "@OTHER_ZONE@",
        g_strdup (
            "(?:\\s*/\\s*@ZONED@"
            "|\\s*[(\\[]\\s*@ZONED@(?:\\s*[/,;]\\s*@ZONED@)*\\s*[)\\]])?"));
    g_hash_table_insert (placeholders, "@LAST_TIME@",
                         g_strdup ("\\d{1,2}(?:[:h]\\d{2}(?:\\s?(?:@SUFFIX@))?"
                                   "|\\.\\d{2}\\s?(?:@SUFFIX@))(?!\\w)"));
    g_hash_table_insert (placeholders, "@TIME1@",
                         g_strdup (TIME_PATTERN ("1")));
    g_hash_table_insert (
        placeholders, "@TIME2@",
        /* "10:30 to 12   Title", "2:45-4 - Talks": a bare
         * hour ends a range before a column gap, a dash
         * or the line's end */
        g_strdup ("(?=\\d{1,2}(?:[:.h]\\d|\\s?(?:@SUFFIX@)(?!\\p{Ll})"
                  "|(?!\\d)(?=\\s{2,}\\S|\\s+[-\\x{2013}\\x{2014}]\\s|\\s*$))"
                  ")" TIME_PATTERN ("2")));
    for (guint i = 0; i < mla_agenda_n_patterns; i++) {
        g_autofree char *pattern =
            mla_agenda_expand (mla_agenda_patterns[i].pattern, placeholders);

        PARSER_REGEX (parser, mla_agenda_patterns[i].field) =
            mla_agenda_compile (parser, pattern, mla_agenda_patterns[i].flags,
                                error);
        if (PARSER_REGEX (parser, mla_agenda_patterns[i].field) == NULL)
            return FALSE;
    }
    return compile_rules (parser, placeholders, error);
}

/* The word tables of the parser, for creating and freeing them. */
static const gsize tables[] = {
    TABLE (weekdays),
    TABLE (weekday_abbrs),
    TABLE (months),
    TABLE (day_words),
    TABLE (heading_fillers),
    TABLE (labels),
    TABLE (am),
    TABLE (pm),
    TABLE (h24),
    TABLE (room_words),
    TABLE (place_labels),
    TABLE (people_columns),
    TABLE (title_columns),
    TABLE (empty_cells),
    TABLE (date_columns),
    TABLE (start_columns),
    TABLE (end_columns),
    TABLE (note_columns),
    TABLE (index_columns),
    TABLE (skip_columns),
    TABLE (format_columns),
    TABLE (time_columns),
    TABLE (plenary_words),
    TABLE (not_names),
    TABLE (not_alone),
    TABLE (organisations),
    TABLE (duration_hours),
};

MlaAgendaParser *
mla_agenda_vocabulary_load (const char *vocabulary_path,
                            MlaAgendaParserFlags flags,
                            MlaAgendaRulesCompileFunc compile_rules,
                            GError **error)
{
    g_autoptr (MlaAgendaParser) parser = g_new0 (MlaAgendaParser, 1);
    g_autoptr (GKeyFile) keys = g_key_file_new ();
    gboolean loaded;

    /* pcre2's JIT compiles a pattern at its first match, some 0.15 ms
     * each: three times faster matching over many texts, but it doubles
     * the cost of a single delivery. */
    if (flags & MLA_AGENDA_PARSER_MANY_TEXTS)
        parser->optimize = G_REGEX_OPTIMIZE;
    for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
        PARSER_TABLE (parser, tables[i]) = word_table ();
    if (vocabulary_path != NULL) {
        loaded = g_key_file_load_from_file (keys, vocabulary_path,
                                            G_KEY_FILE_NONE, error);
        if (!loaded)
            g_prefix_error (error, "%s: ", vocabulary_path);
    } else {
        g_autoptr (GBytes) bytes = g_resource_lookup_data (
            mla_resources_get_resource (), VOCABULARY_RESOURCE, 0, error);

        loaded = bytes != NULL && g_key_file_load_from_bytes (
                                      keys, bytes, G_KEY_FILE_NONE, error);
    }
    if (!loaded)
        return NULL;
    if (!load_vocabulary (parser, keys, compile_rules, error)) {
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
    for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
        g_clear_pointer (&PARSER_TABLE (parser, tables[i]), g_hash_table_unref);
    for (guint i = 0; i < mla_agenda_n_patterns; i++)
        g_clear_pointer (&PARSER_REGEX (parser, mla_agenda_patterns[i].field),
                         g_regex_unref);
    if (parser->rules != NULL)
        for (guint i = 0; i < parser->n_rules; i++)
            g_clear_pointer (&parser->rules[i], g_regex_unref);
    g_clear_pointer (&parser->rules, g_free);
    g_free (parser->rule_names);
    g_strfreev (parser->noon_words);
    g_strfreev (parser->label_endings);
    g_strfreev (parser->not_name_endings);
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

GHashTable *
mla_agenda_stop_words_new (GError **error)
{
    g_autoptr (GKeyFile) keys = g_key_file_new ();
    g_autoptr (GBytes) bytes = g_resource_lookup_data (
        mla_resources_get_resource (), VOCABULARY_RESOURCE, 0, error);
    g_auto (GStrv) words = NULL;
    GHashTable *table;

    if (bytes == NULL ||
        !g_key_file_load_from_bytes (keys, bytes, G_KEY_FILE_NONE, error) ||
        (words = vocabulary_list (keys, "links", "stop-words", error)) == NULL)
        return NULL;
    table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    for (guint i = 0; words[i] != NULL; i++)
        g_hash_table_add (table, g_utf8_casefold (words[i], -1));
    return table;
}

gboolean
mla_agenda_tracing (void)
{
    return !g_log_writer_default_would_drop (G_LOG_LEVEL_DEBUG, G_LOG_DOMAIN);
}

GRegex *
mla_agenda_rule (MlaAgendaParser *parser, const char *name)
{
    for (guint i = 0; i < parser->n_rules; i++)
        if (strcmp (parser->rule_names[i], name) == 0)
            return parser->rules[i];
    g_assert_not_reached ();
}

MlaSlotKind
mla_agenda_parser_kind (MlaAgendaParser *parser, const char *title)
{
    static const MlaSlotKind kinds[N_KIND_WORDS] = { MLA_SLOT_KIND_BREAK,
                                                     MLA_SLOT_KIND_MEAL,
                                                     MLA_SLOT_KIND_SOCIAL };
    MlaSlotKind kind = MLA_SLOT_KIND_SESSION;
    gint best = G_MAXINT;

    if (title == NULL)
        return kind;
    for (guint i = 0; i < N_KIND_WORDS; i++) {
        g_autoptr (GMatchInfo) match = NULL;
        gint start;

        if (g_regex_match (parser->kinds[i], title, 0, &match) &&
            g_match_info_fetch_pos (match, 0, &start, NULL) && start < best) {
            best = start;
            kind = kinds[i];
        }
    }
    return kind;
}
