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

/* Starts an unanchored pattern that begins with \s*: a match may start at
 * the search position or after a non-space only. Without it the engine
 * tries every position of a run of spaces, each time scanning to its end:
 * quadratic on a long run. The leftmost match is the same. */
#define NO_START_IN_SPACES "(?:\\G|(?<!\\s))"

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

/* An alternation of @words, longest first, spaces matching any space. */
static char *
alternation (GPtrArray *words)
{
    GString *out = g_string_new (NULL);

    g_ptr_array_sort (words, longest_first);
    for (guint i = 0; i < words->len; i++) {
        const char *word = g_ptr_array_index (words, i);
        g_autofree char *escaped = NULL;

        /* (an empty word, "a;;b" or a list left empty, would match
         * everywhere: a list placed without word boundaries would then
         * match every line) */
        if (word[0] == '\0')
            continue;
        escaped = g_regex_escape_string (word, -1);
        if (out->len > 0)
            g_string_append_c (out, '|');
        for (const char *p = escaped; *p != '\0'; p++) {
            if (*p == ' ')
                g_string_append (out, "\\s+");
            else
                g_string_append_c (out, *p);
        }
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
mla_agenda_compile (const char *pattern, GRegexCompileFlags flags,
                    GError **error)
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

    guint replaced = 1;

    /* placeholders hold other placeholders ("@TIME1@" holds "@SUFFIX@") */
    for (guint pass = 0; pass < 4 && replaced > 0; pass++) {
        replaced = 0;
        g_hash_table_iter_init (&iter, placeholders);
        while (g_hash_table_iter_next (&iter, &key, &value))
            replaced += g_string_replace (out, key, value, 0);
    }
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
    { "times", "until", 0, "@UNTIL@", 0 },
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
    { "tables", "title", TABLE (title_columns), NULL, 0 },
    { "tables", "empty", TABLE (empty_cells), NULL, 0 },
    { "tables", "date", TABLE (date_columns), "@DATECOL@", 0 },
    { "tables", "plenary", TABLE (plenary_words), NULL, 0 },
    { "tables", "start", TABLE (start_columns), "@STARTCOL@", 0 },
    { "tables", "end", TABLE (end_columns), NULL, 0 },
    { "tables", "notes", TABLE (note_columns), NULL, 0 },
    { "names", "not", TABLE (not_names), NULL, 0 },
    { "names", "not-alone", TABLE (not_alone), NULL, 0 },
    { "names", "organisations", TABLE (organisations), NULL, 0 },
    { "names", "not-endings", 0, NULL, WORDS (not_name_endings) },
    { "names", "particles", 0, "@PARTICLE@", 0 },
    { "names", "conjunctions", 0, "@AND@", 0 },
    { "names", "honorifics", 0, "@HONORIFIC@", 0 },
    { "names", "honorifics-before-full-names", 0, "@HONORIFIC_FULL@", 0 },
    { "headings", "schedule", 0, "@SCHEDULE@", 0 },
    { "headings", "minutes", 0, "@MINUTES@", 0 },
    { "labels", "without-colon", 0, "@BY@", WORDS (label_endings) },
    { "labels", "with", 0, "@WITH@", 0 },
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
};

/* The parser's patterns besides the rule table. Each is compiled once,
 * with its placeholders expanded to the word lists. */
typedef struct {
    gsize field; /* offsetof the GRegex * field */
    const char *pattern;
    GRegexCompileFlags flags;
} MlaPattern;

#define FIELD(field) offsetof (MlaAgendaParser, field)

static const MlaPattern patterns[] = {
    /* at most five words, with the heading word among them, no sentence */
    { FIELD (schedule_heading),
      "^[\\s#*=~-]*(?:[\\w'\\x{2019}-]+\\s+){0,3}(?:@SCHEDULE@)(?!\\w)"
      "(?:\\s+[\\w'\\x{2019}-]+){0,3}[\\s:*=~-]*$",
      G_REGEX_CASELESS },
    /* "Agenda for the next call (same time):": a schedule's word first, a
     * colon last */
    { FIELD (schedule_intro),
      "^[\\s#*=~-]*(?:@SCHEDULE@)(?!\\w)[^:.!?]{0,60}:\\s*$",
      G_REGEX_CASELESS },
    /* "- draft-x-04 (in review until": what ends before a date makes it
     * a deadline, no day */
    { FIELD (deadline_before), "(?<!\\w)(?:@UNTIL@)\\s*$", G_REGEX_CASELESS },
    /* "Minutes:", "Meeting notes", "COMPTE RENDU \u2013 R\u00c9UNION DU
     * BUREAU": a heading of the record of a meeting */
    /* ("Minutes of the TC call, 5 November 2026 (DRAFT)": its date after a
       comma) */
    { FIELD (minutes_heading),
      "^[\\s#*=~-]*(?:@MINUTES@)(?!\\w)"
      "(?:,?\\s+[\\w'\\x{2019}().,\\x{2013}\\x{2014}-]+){0,8}"
      "(?:,\\s+\\d[\\w'\\x{2019}().,-]*(?:\\s+[\\w'\\x{2019}().,-]+){0,4})?"
      "[\\s:*=~-]*$",
      G_REGEX_CASELESS },
    /* "Budget (presenter: Dana Whitfield)", "[chair: Ted; room: A]",
     * "Incidents -- lead: Maya Chen" */
    { FIELD (label_paren),
      NO_START_IN_SPACES
      "\\s*(?:[(\\[]\\s*(?<label>@LABEL@|@LOCATION@)"
      "(?<colon>\\s*:)?\\s*(?<value>(?:[^()\\[\\]]|\\([^()]*\\))+?)\\s*[)\\]]"
      "|(?:[,;]|\\s(?:--?|\\x{2013}|\\x{2014}|/"
      "))\\s*(?<label>@LABEL@|@LOCATION@)"
      "(?<colon>\\s*:)?\\s+(?<value>[^\\[\\]:]+?))\\s*$",
      G_REGEX_CASELESS | G_REGEX_DUPNAMES },
    { FIELD (attribution), "(?<!\\w)(?:@ATTRIBUTION@)\\s*:?\\s*$",
      G_REGEX_CASELESS },
    /* "-----Original Message-----", "From: Ann <ann@example.org>" over
     * "Sent: Friday, 6 June 2025 10:12": where a quoted original starts */
    { FIELD (original), "^\\s*-{2,}\\s*(?:@ORIGINAL@)\\s*-{2,}\\s*$",
      G_REGEX_CASELESS },
    { FIELD (original_from), "^\\s*(?:@ORIGINAL_FROM@)\\s?:\\s*\\S", 0 },
    { FIELD (original_sent), "^\\s*(?:@ORIGINAL_SENT@)\\s?:\\s*\\S", 0 },
    { FIELD (kinds[KIND_WORDS_BREAK]), "(?<!\\w)(?:@BREAK@)(?!\\w)",
      G_REGEX_CASELESS },
    { FIELD (kinds[KIND_WORDS_MEAL]), "(?<!\\w)(?:@MEAL@)(?!\\w)",
      G_REGEX_CASELESS },
    { FIELD (kinds[KIND_WORDS_SOCIAL]), "(?<!\\w)(?:@SOCIAL@)(?!\\w)",
      G_REGEX_CASELESS },
    { FIELD (time_anywhere),
      "(?<![\\d.])\\d{1,2}[:.h]\\d{2}(?!\\d|[:.]\\d)"
      "|(?<![\\d.])\\d{1,2}\\s?(?:@SUFFIX@)(?!\\w)",
      G_REGEX_CASELESS },
    { FIELD (range_anywhere), "@TIME1@\\s*(?:@RANGE@)\\s*@TIME2@",
      G_REGEX_CASELESS },
    { FIELD (duration),
      "\\s*[(\\[]\\s*(?:[\\p{L}-]+\\s*,\\s*)?~?\\d{1,3}(?:[.,]\\d)?\\s*(?:@"
      "DURATION@)(?!\\w)\\.?(?:\\s+(?:each|per\\s+\\w+))?\\s*[)\\]]"
      "|\\s*[,;]\\s*~?\\d{1,3}\\s*(?:@DURATION@)(?!\\w)\\.?\\s*$"
      "|\\s*\\(\\s*(?:@UNTIL@)\\s[^()]*\\)\\s*$",
      G_REGEX_CASELESS },
    /* (or several joined: "- Chairs / AD", "- Chairs & secretariat"; or in
     * brackets: "(President)", "[chairs]") */
    { FIELD (stand_in),
      "(?:\\s+(?:--?|\\x{2013}|\\x{2014})\\s+(?:the\\s+)?(?:@STAND_IN@)"
      "(?:\\s*[/&+]\\s*(?:the\\s+)?(?:@STAND_IN@))*(?:\\s*\\([^()]*\\))?"
      "|\\s*[(\\[]\\s*(?:the\\s+)?(?:@STAND_IN@)\\s*[)\\]]|,\\s+(?:the\\s+)?(?:"
      "@STAND_IN@))\\s*$",
      G_REGEX_CASELESS },
    { FIELD (open_end), "\\s(?:@OPEN_END@)$", 0 },
    { FIELD (dash_end), "\\s+(?:--?|\\x{2013}|\\x{2014})$", 0 },
    { FIELD (handle_end), "\\s+(?<handle>@[\\w.]{2,})$", 0 },
    { FIELD (stand_in_alone), "^(?:the\\s+)?(?:@STAND_IN@)$",
      G_REGEX_CASELESS },
    { FIELD (item_column),
      "^\\d{1,3}(?:\\.\\d{1,2})*[.)]?(?:\\s{2,}|\\t)\\s*(?=\\S)", 0 },
    { FIELD (item_code),
      "^(?<code>\\p{Lu}[\\p{L}.]{0,7} \\d{1,3}[a-z]?)\\s{2,}(?=\\S)", 0 },
    /* "~~09:00~~ 09:30": text struck through in Markdown is gone */
    { FIELD (struck), "~~[^~]*~~\\s*", 0 },
    { FIELD (bullet), "^(\\s*)(?:@BULLET@)(?=\\s)", 0 },
    /* "Lunch \u2014 Brasserie de l'Atelier, next door", "Office hours --
     * Room 3A", "Triage [Library]", "Pub: The Copper Kettle, 2 min walk" */
    /* (a place in brackets may hold one comma: "Lunch (Kantine, EG)") */
    { FIELD (place_tail),
      "^(?<title>.*\\S)\\s*(?:(?:\\s(?:--?|\\x{2013}|\\x{2014})|:)\\s+(?<place>"
      "[^,()\\[\\]]+?)"
      "(?:\\s*,\\s*(?<note>[^,]+))?|\\s*(?<open>[(\\[])\\s*(?<place>[^,()\\[\\]"
      "]+?(?:,\\s*[^,()\\[\\]]+?)?)"
      "\\s*[)\\]])\\s*$",
      G_REGEX_DUPNAMES },
    /* "Lab 1 - Finite-state tools, Room 204": a room after the last comma */
    { FIELD (place_comma),
      "^(?<title>.*\\S)\\s*,\\s*(?<place>[^,()\\[\\]]+?)\\s*$", 0 },
    /* a venue's name: capitalised words, maybe with particles ("Brasserie
     * de l'Atelier", "The Haggerston") */
    { FIELD (venue),
      "^\\p{Lu}[\\p{L}'\\x{2019}&.-]*(?:\\s+(?:\\p{Lu}[\\p{L}'\\x{2019}&.-]*|(?"
      ":@PARTICLE@|l')\\S*)){0,4}$",
      0 },
    { FIELD (schedule_word), "(?<!\\w)(?:@SCHEDULE@)(?!\\w)",
      G_REGEX_CASELESS },
    /* changes written into a quoted programme (mla-agenda-changes.c) */
    { FIELD (change_any),
      "(?<!\\w)(?:@CHANGED@|@INSTEAD@|@BECOMES@|@ABSENT@|@SWAP@)(?!\\w)",
      G_REGEX_CASELESS },
    { FIELD (change_swap), "(?<!\\w)(?:@SWAP@)(?!\\w)", G_REGEX_CASELESS },
    /* "Forum 13:30 \u2013 14:30": a slot's name, then its new hours */
    { FIELD (change_pair),
      "(?<word>\\p{L}[\\p{L}'-]+)\\s+@TIME1@\\s*(?:@RANGE@)\\s*@TIME2@", 0 },
    /* (also "... and the workshop moves to ...": "and" before an article;
     * not a dash before a time, "13:30 \u2013 14:30") */
    { FIELD (change_split),
      "\\s*(?:;|\\.(?=\\s)|\\s--?\\s(?!\\d)|\\s[\\x{2013}\\x{2014}]\\s(?!\\d)|"
      "\\s(?:@AND@)\\s+(?=(?:@ARTICLE@)\\s))\\s*",
      G_REGEX_CASELESS },
    { FIELD (change_done), "(?<!\\w)(?:@CHANGED@)(?!\\w)", G_REGEX_CASELESS },
    { FIELD (change_instead), "(?<!\\w)(?:@INSTEAD@)(?!\\w)",
      G_REGEX_CASELESS },
    /* "Tobias can't make it": the name before the words, at the start */
    { FIELD (change_absent),
      "^(?<name>\\p{Lu}[\\p{L}'-]*(?:\\s+\\p{Lu}[\\p{L}'-]*){0,3})\\s+(?:@"
      "ABSENT@)(?!\\w)",
      G_REGEX_CASELESS },
    { FIELD (change_new),
      "(?<![\\d:.])@TIME1@\\s*(?:@RANGE@)\\s*@TIME2@\\s+(?:@BECOMES@)\\s+(?:(?:"
      "@ARTICLE@)\\s+)?(?<rest>\\S.*)$",
      G_REGEX_CASELESS },
    { FIELD (change_time), "(?<![\\d:.])@TIME1@(?:\\s*(?:@RANGE@)\\s*@TIME2@)?",
      G_REGEX_CASELESS },
    { FIELD (change_object),
      "^\\s*(?:(?:@ARTICLE@)\\s+)?(?<word>[\\p{L}\\d][\\p{L}\\d'-]*)",
      G_REGEX_CASELESS },
    /* "to room B204", ", in B301", "in 4.12": the room a change names */
    { FIELD (change_room),
      "(?<!\\w)(?:in|to|into)\\s+(?:(?:@ROOM@)\\s+)?(?<room>\\p{L}{0,3}\\.?\\d["
      "\\w.-]*\\w)(?!\\w)",
      G_REGEX_CASELESS },
    { FIELD (military_anywhere),
      "(?<![\\d:.])(?<h>[01]\\d|2[0-3])(?<m>[0-5]\\d)(?![\\d:.])", 0 },
    { FIELD (relative_day),
      "(?<!\\w)(?:(?<tomorrow>@TOMORROW@)|@TODAY@)(?!\\w)", G_REGEX_CASELESS },
    /* "Title - amara okafor (tbc)": a tail in lower case after a dash */
    { FIELD (lower_tail),
      "^(?<title>.*\\S)\\s+(?:--?|\\x{2013}|\\x{2014})\\s+(?<name>\\p{Ll}[\\p{"
      "Ll}.'\\x{2019}-]*"
      "(?:\\s+\\p{Ll}[\\p{Ll}.'\\x{2019}-]*){1,2})(?<marker>\\s*\\([^()]*\\))?"
      "\\s*$",
      0 },
    /* (words of scripts without spaces run on:
       "\u30db\u30c6\u30eb\u7fe0\u5d50") */
    { FIELD (venue_word),
      "^(?:@VENUE_WORD@)(?:(?!\\w)|(?<=[\\p{Han}\\p{Katakana}\\p{Hiragana}]))",
      G_REGEX_CASELESS },
    { FIELD (place_part), "(?<!\\w)(?:@PLACE_PART@)(?!\\w)", G_REGEX_CASELESS },
    /* "Ann Lee: Title", "Ann Lee \u2014 Title": who, then a separator */
    { FIELD (name_head),
      "^(?<head>[^:\\x{2013}\\x{2014}]+?)\\s*(?<sep>:|(?<=\\s)(?:--?|\\x{2013}|"
      "\\x{2014}))\\s+(?=\\S)",
      0 },
    { FIELD (name_presents),
      "^(?<title>.*\\S),?\\s+(?<name>\\p{Lu}[\\p{L}'\\x{2019}.-]*(?:\\s+\\p{Lu}"
      "[\\p{L}'\\x{2019}.-]*){0,2})"
      "\\s+(?:@PRESENTS@)\\s*$",
      0 },
    { FIELD (field_line), "^\\s*\\p{L}[\\p{L}\\s]{0,24}:\\s*\\S", 0 },
    { FIELD (date),
      "(?<d1>\\d{1,2})(?:@ORDINAL@|\\.)?\\s*(?:(?:@DATE_OF@)\\s+)?(?<mo1>@"
      "MONTH@)\\.?(?!\\w)"
      "(?:,?\\s*(?:(?:@DATE_OF@)\\s+)?(?<y1>\\d{4}))?"
      /* (Hungarian writes the year first: "2026. november 19.") */
      "|(?:(?<y3>\\d{4})\\.\\s+)?(?<mo2>@MONTH@)\\.?(?!\\w)[\\s-]*(?<d2>\\d{1,"
      "2})(?!\\d)(?:@ORDINAL@)?"
      "(?:\\s*[-\\x{2013}]\\s*\\d{1,2}(?!\\d))?(?:,?\\s*(?<y2>\\d{4}))?"
      /* "2026-12-05", "2026\u5e7412\u670812\u65e5", "2026\ub144 12\uc6d4
         5\uc77c" */
      "|(?<iy>\\d{4})(?:-|[\\x{5e74}\\x{b144}]\\s*)(?<im>\\d{1,2})(?:-|[\\x{"
      "6708}\\x{c6d4}]\\s*)(?<id>\\d{1,2})"
      "|(?<dd>\\d{1,2})\\.(?<dm>\\d{1,2})\\.(?<dy>\\d{4})"
      /* "Thu 12/5", "Fri 5.12.": only next to a weekday */
      "|(?<![\\d/.])(?<sa>\\d{1,2})/(?<sb>\\d{1,2})(?:/"
      "(?<sy>\\d{4}|\\d{2}))?(?![\\d/])"
      "|(?<![\\d.])(?<pd>\\d{1,2})\\.(?<pm>\\d{1,2})\\.(?!\\d)",
      G_REGEX_CASELESS },
    { FIELD (markers), "(?<![\\w<])(?:@MARKERS@)(?![\\w>])", G_REGEX_CASELESS },
    { FIELD (tentative), "\\(?\\s*(?:@TENTATIVE@)\\s+([^()]+?)\\s*\\)?\\s*$",
      G_REGEX_CASELESS },
    { FIELD (note_paren),
      NO_START_IN_SPACES "\\s*(\\((?:@OPENERS@)\\b[^()]*\\))\\s*$",
      G_REGEX_CASELESS },
    { FIELD (word), "\\p{L}[\\p{L}'\\x{2019}-]*", 0 },
    /* (or "\u5c71\u7530 \u82b1\u5b50": family and given name in Han, apart) */
    { FIELD (name),
      "^\\p{Lu}[\\p{L}'\\x{2019}.-]*(?:\\s+(?:\\p{Lu}[\\p{L}'\\x{2019}.-]*|@"
      "PARTICLE@))+$"
      "|^\\p{Han}{1,3}\\s\\p{Han}{1,3}$",
      0 },
    /* "Interop report ........ Dario Russo": dot leaders, four dots or more
     * (maybe spaced), or three apart from the words on both sides */
    { FIELD (leaders),
      "^(?<title>.*?[^\\s.])(?:\\s*\\.(?:\\s?\\.){3,}|\\s+\\.{3}(?=\\s))\\s*(?<"
      "tail>.*?)\\s*$",
      0 },
    /* "Check-in", "Departure", "FRA-JFK", "LH 1234", "U2 8712 Frankfurt
     * (FRA) - Berlin (BER)": an itinerary's entry (a flight number alone or
     * before airport codes, unlike a group's code before a title: "WG2
     * Charter") */
    /* "Dep. Inishcarrow", "Arrival": a travel word first, as a
     * timetable's column is headed (not "WS1", "HS 1") */
    { FIELD (travel_word), "^(?i:@TRAVEL@)(?![\\w-])", 0 },
    { FIELD (travel_leg),
      "^(?:(?i:@TRAVEL@)(?![\\w-])|.*\\S\\s*\\x{2192}\\s*\\p{Lu}"
      "|\\p{Lu}{3}\\s*(?:-|\\x{2013}|\\x{2192}|>)\\s*\\p{Lu}{3}\\s*$"
      "|(?:\\p{Lu}{2}|\\p{Lu}\\d|\\d\\p{Lu})\\s?\\d{1,4}"
      "(?:\\s*$|\\s.*(?:\\(\\p{Lu}{3}\\)|\\b\\p{Lu}{3}\\s*(?:-|\\x{2013}|\\x{"
      "2192}|>)\\s*\\p{Lu}{3}\\b)))",
      0 },
    /* "=== Track A (Aula 1) ===", "## Room 2", "Main Hall:": decorated, or
     * ending with a colon */
    { FIELD (room_heading),
      "^\\s*(?:[=#*~]{2,}|-{2,})\\s*(?<name>[^=#*~:]+?)\\s*(?:[=#*~]{2,}|-{2,})"
      "?\\s*:?\\s*$"
      "|^\\s*(?<name>\\p{Lu}[^=#*~:]*?)\\s*:\\s*$",
      G_REGEX_DUPNAMES },
    /* "passed", "FAILED": a job's outcome, a whole cell */
    { FIELD (status_cell), "^(?:@STATUSES@)$", G_REGEX_CASELESS },
    /* "Tally so far:", "every week", "cron-driven": words in
     * the lines around a text's times that say what they are */
    { FIELD (not_programme), "(?<!\\w)(?:@NOT_PROGRAMME@)(?!\\w)",
      G_REGEX_CASELESS },
    { FIELD (weekly), "(?<!\\w)(?:@WEEKLY@)(?!\\w)", G_REGEX_CASELESS },
    { FIELD (jobs), "(?<!\\w)(?:@JOBS@)(?!\\w)", G_REGEX_CASELESS },
    { FIELD (programme_word), "(?<!\\w)(?:@PROGRAMME_WORD@)(?!\\w)",
      G_REGEX_CASELESS },
    { FIELD (meeting_word), "(?<!\\w)(?:@MEETING_WORD@)(?!\\w)",
      G_REGEX_CASELESS },
    /* "dernière entrée à 18h00": an entry of opening hours */
    { FIELD (admission), "(?<!\\w)(?:@ADMISSION@)(?!\\w)", G_REGEX_CASELESS },
    /* "Workshop", "Vorstandssitzung", "talk", "Thursday call": people meet
     * at the times */
    { FIELD (gathering),
      "(?<!\\w)(?:@GATHERING@)(?!\\w)|(?:@GATHERING_ENDING@)(?!\\w)|@GATHERING_"
      "UNSPACED@"
      "|(?<!\\w)(?:@WEEKDAY@|WG|team|community|project|steering|board)\\s+call("
      "?!\\w)",
      G_REGEX_CASELESS },
    /* "Room: B", "Every Monday, Room 4.12": where people meet */
    { FIELD (place_line),
      "^\\s*(?:@LOCATION@)\\s*:|(?-i:(?<!\\w)(?:@ROOM@)\\s+\\p{L}?\\d)",
      G_REGEX_CASELESS },
    /* "Roll call", "AOB", "TOP 3 Verschiedenes", "3.1 Approval of
     * minutes", "IV. Varie": a meeting's item starts the title, after
     * its number if any */
    { FIELD (meeting_item),
      "^[\\W_]*(?:(?:(?:@ITEM@)\\s*)?(?:\\d+(?:\\.\\d+)*|[IVXLC]+)[.:)]?\\s+)?"
      "(?:(?:@MEETING_ITEM@)(?!\\w)|@MEETING_ITEM_UNSPACED@)",
      G_REGEX_CASELESS },
    /* "Mash in at 67 C", "Magnum 25 g", "18\u00b0C": a quantity measured,
     * a space or a degree sign before its unit (not "Session 1C", "10
     * C++"; case counts: "l" and "L" are litres, "C" is Celsius) */
    { FIELD (measure),
      "(?<![\\w.,])\\d+(?:[.,]\\d+)?(?:\\s(?:@MEASURE@)|\\s?\\x{00b0}\\s?[CF])("
      "?![\\w\\x{00b0}+#])",
      0 },
    /* "yes", "no  (maybe)": a poll's answers, the whole title */
    { FIELD (poll_answers), "^(?:(?:@ANSWERS@)(?:\\s+|$))+$",
      G_REGEX_CASELESS },
    /* "Keynote by Dr. Tim Bray, independent": a title, then who gives it */
    /* "Keynote by Dr. Tim Bray, independent", "Roadmap, moderated by
     * X", "Soldering - with A and B", or a line "with A and B": who gives
     * it after the title */
    { FIELD (by_name),
      "^(?:(?<title>.*\\S)\\s+)?(?:(?<by>(?i:@BY@))\\s+(?<name>\\p{L}[^,()]*?)"
      "|(?<by>(?i:@WITH@))\\s+(?<name>\\p{Lu}[^,()]*?))"
      "(?:\\s*,[^,()]*|\\s*\\([^()]*\\))?\\s*$",
      G_REGEX_DUPNAMES },
    /* "[Saad Ali] Volume snapshots": who leads the item, before it */
    { FIELD (names_lead),
      "^\\s*\\[\\s*(?<names>[^\\[\\]]+?)\\s*\\]\\s*(?<title>\\S.*)$", 0 },
    /* "Title [J. Smith]", "Title (Ralph Dolmans / Willem Toorop)" */
    /* "Title: Learned indexes" under a time: the slot's title */
    { FIELD (title_label),
      "^\\s*(?:@TITLE_LABEL@)\\s*:\\s*(?<title>\\S.*?)\\s*$",
      G_REGEX_CASELESS },
    { FIELD (names_bracket),
      NO_START_IN_SPACES
      "\\s*(?<open>[\\[(])\\s*(?<names>[^\\[\\]()]+?)\\s*[\\])]\\s*$",
      0 },
    /* a speaker after a dash or a label, then one affiliation that is no
     * name ("Salesforce", "independent", "Linux Foundation") */
    { FIELD (name_comma_org),
      "(?:\\s(?:--?|\\x{2013}|\\x{2014})\\s+|:\\s*)(?<name>\\p{Lu}[^\\s,()]*(?:"
      "\\s+[^\\s,()]+){1,3}),\\s+"
      "(?<org>[^\\s,()\\d][^,()\\d]{1,40}?)\\s*$",
      0 },
    { FIELD (initial), "^\\p{Lu}\\.\\s*\\p{Lu}", 0 },
    /* a room's number: "K.1.105", "H.2213", "B12", "4.12" */
    { FIELD (room_code), "^(?:\\p{Lu}{1,3}[.-]?)?\\d+(?:\\.\\d+)*\\p{L}?$", 0 },
    { FIELD (place_after_time),
      "^\\s*(?:\\x{00b7}|\\x{2022}|\\||@)\\s*(?<place>[^\\s|:;,][^|:;,]{0,40}?)"
      "\\s*$",
      0 },
    /* "Lea Verou | MIT", "Carol Nichols - Integer 32": a name, then its
     * affiliation after a bar, a dash or an at sign */
    { FIELD (name_affiliation),
      "^(?<name>[^|@\\x{2013}\\x{2014}]+?)\\s+(?:\\||-|\\x{2013}|\\x{2014}|@)"
      "\\s+\\S.*$",
      0 },
    /* "*** LUNCH ***", "== Break ==", "------ LUNCH ------": a title set off
     * by marks (the dashes before it may be gone with the time's) */
    { FIELD (decorated),
      "^(?:([*=#~_]{2,})\\s*(?<title>[^*=#~_].*?)\\s*\\1"
      "|(?:-{3,}\\s*)?(?<title>[^\\s-].*?)\\s*-{3,})$",
      G_REGEX_DUPNAMES },
    /* what parts people who each have their affiliation */
    /* "Chair: A; Scribe: B", "Moderator: A | Panelists: B, C": groups of people
     */
    { FIELD (people_groups), "\\s*(?:;|\\s\\|\\s)\\s*", 0 },
    { FIELD (people_apart),
      NO_START_IN_SPACES "\\s*(?:;|&|\\b(?:@AND@)\\b)\\s*", 0 },
    /* "Kernel hacking (Room A)", "Title \u2014 Room B" */
    { FIELD (room_at_end),
      "^(?<title>\\S.*?\\S)\\s*(?:\\((?<room>[^()]+)\\)|\\s[-\\x{2013}\\x{2014}"
      "]\\s+(?<room>[^-\\x{2013}\\x{2014}]+?))\\s*$",
      G_REGEX_DUPNAMES },
    { FIELD (alnum), "[\\p{L}\\p{N}]", 0 },
    { FIELD (location_at), "^(.*?\\S)\\s+@\\s+(.+?)\\s*$", 0 },
    /* "Welcome | Ingrid Halvorsen (host)": a title, then its cell of people */
    { FIELD (speaker_bar), "^(?<title>.*\\S)\\s+\\|\\s+(?<names>[^|]*\\S)\\s*$",
      0 },
    /* "Title - Name", "Title -- Name", "Title \u2014 Name" */
    { FIELD (speaker_dash),
      "^(.*\\S)\\s+(?:--?|\\x{2013}|\\x{2014})\\s+([^,-]+?)(?:\\s*,[^,]*)?$",
      0 },
    { FIELD (speaker_list),
      "^(.*\\S)\\s+(?:--?|\\x{2013}|\\x{2014})\\s+(\\p{Lu}[^\\x{2013}\\x{2014}]"
      "*?)\\s*$",
      0 },
    /* "Registration - Lobby", "Drills - Motor Pool": up to four words */
    { FIELD (place_dash),
      "^(.*\\S)\\s+[-\\x{2013}\\x{2014}]\\s+(\\p{Lu}[^\\s\\x{2013}\\x{2014}-]*"
      "(?:\\s+[^\\s\\x{2013}\\x{2014}-]+){0,3})\\s*$",
      0 },
    /* "Dr. ", "Prof. ": titles before a name, followed by one */
    { FIELD (honorific),
      "^(?:(?:@HONORIFIC@)(?<=\\.)\\s*|(?:@HONORIFIC@)\\s+"
      "|(?:@HONORIFIC_FULL@)\\s+(?=\\p{Lu}[\\p{L}'-]+\\s+\\p{Lu}))+(?=\\p{Lu})",
      0 },
    { FIELD (place_prefix),
      "^(?<place>[^:,()]{1,40}?)\\s*[:,]\\s+(?<title>\\S.*)$", 0 },
    /* (also the full-width and ideographic commas: "\u4e2d\u6751
       \u7fd4\uff0cEmily Carter") */
    { FIELD (person_split),
      NO_START_IN_SPACES "\\s*(?:,|\\x{ff0c}|\\x{3001}|;|&|/"
                         "|(?<=\\s)\\+(?=\\s)|\\b(?:@AND@)\\b)\\s*",
      0 },
    { FIELD (quote), "^(?:[ \\t]*>)+ ?", 0 },
    { FIELD (list_marker),
      "^(?:[-*\\x{2022}\\x{00b7}]\\s+|(?:@BULLET@)\\s+|(?:\\d{1,2}|[ivx]{1,4}|["
      "a-h])[.)]\\s+)",
      0 },
    { FIELD (paren_part), NO_START_IN_SPACES "\\s*\\([^()]*\\)", 0 },
    { FIELD (capitalised_run), "^\\p{Lu}\\S*(?: \\p{Lu}\\S*)*$", 0 },
    { FIELD (military_range),
      "^(?<lead>\\s*(?:[-*\\x{2022}|]\\s*)?)(?<h1>[012]\\d)(?<m1>\\d\\d)"
      "(?<sep>\\s*(?:@RANGE@)\\s*)(?<h2>[012]\\d)(?<m2>\\d\\d)(?![\\d.]|:\\d)",
      0 },
    { FIELD (military_single),
      "^(?<lead>\\s*(?:[-*\\x{2022}|]\\s*)?)(?<h1>[012]\\d)(?<m1>\\d\\d)"
      "\\*?(?=\\s*[|:\\t]|\\s+\\p{Lu})", /* ("1840* Talk": changed, marked) */
      0 },
    /* "Coffee ........ 11:00": a running order whose dot leaders lead to
     * the time at the line's end (four dots or more, spaced or not). A
     * time with a dot needs am/pm: "Espresso ...... 2.50" is a price,
     * "Results ...... 3.14" a page. "2. AOB          [09:55]": a time in
     * brackets after a gap is such a time too (a task group's agenda). */
    { FIELD (time_last),
      "^(?<lead>\\s*(?:[-*\\x{2022}]\\s*)?)(?<title>\\S.*?)"
      "(?:\\s*(?:\\.\\s?){4,}\\s*|\\s{2,}\\[(?=[^\\[\\]]+\\]\\s*$))"
      "(?<time>@LAST_TIME@(?:\\s*(?:@RANGE@)\\s*@LAST_TIME@)?)\\]?\\s*$",
      G_REGEX_CASELESS },
    /* "Noon-1 p.m.", "Noon  Lunch", "Noon: Lunch" */
    { FIELD (noon_start),
      "^(\\s*(?:[-*\\x{2022}|]\\s*)?)(?:@NOON@)"
      "(?=\\s*(?:@RANGE@)\\s*\\d|\\s*[-\\x{2013}\\x{2014}:|]\\s*\\p{L}|\\s+\\p{"
      "Lu}|\\s{2,}\\S|\\t)",
      G_REGEX_CASELESS },
    { FIELD (noon_end),
      "^(\\s*(?:[-*\\x{2022}|]\\s*)?\\d{1,2}(?:[:.]\\d\\d)?\\s*(?:@AM@|@PM@)?"
      "\\s*(?:@RANGE@)\\s*)(?:@NOON@)(?!\\w)",
      G_REGEX_CASELESS },
    { FIELD (gap_cells), "\\s{2,}", 0 },
    /* "Main HallRoom 2": a cell of a header row run together starts here */
    { FIELD (run_together), "(?<=[\\p{L}\\d)])(?=\\p{Lu}\\p{Ll})", 0 },
    /* "Room A    WG2   Message formats", "Annex: Terminology": a parallel
     * session under a time block, its room first */
    { FIELD (session_line),
      "^(?<room>[^\\s:|][^:|\\x{ff1a}]{0,24}?)(?:\\s*:\\s+|\\s*\\x{ff1a}\\s*|"
      "\\s{2,}|\\t|\\s+[-\\x{2013}\\x{2014}]\\s+)"
      "(?<rest>\\S.*)$",
      0 },
    { FIELD (pipe_cells), NO_START_IN_SPACES "\\s*\\|\\s*", 0 },
    { FIELD (slash_cells), "\\s+/\\s+", 0 },
    /* "Invited Speaker: Joey Jones": a label (up to three words) and a name */
    { FIELD (label_name),
      "^[^:\\d\\s]+(?:\\s[^:\\d\\s]+){0,2}:\\s*(\\p{Lu}[^:]{2,80})$", 0 },
    { FIELD (year), "(?<![\\d:.])(?:19|20)\\d{2}(?![\\d:])", 0 },
    /* "Introductions - We'll go around the room ...": a sentence after a
     * dash describes the slot. */
    /* (not a talk's title in quotes: "Opening — \u00ab Open source in towns
       \u00bb") */
    { FIELD (description),
      "^(.*?\\S)\\s+[-\\x{2013}\\x{2014}]\\s+(?![\"\\x{ab}\\x{201c}\\x{201e}])("
      "(?:\\S+\\s+){6,}\\S+)$",
      0 },
    /* "People arrive. Coffee will be served": a short first sentence is
     * the title, the rest a note */
    { FIELD (sentences),
      "^((?:\\S+\\s+){0,4}\\p{Ll}{3,})\\.\\s+(\\p{Lu}.*\\S)$", 0 },
    /* "Lunch - Pizza provided": what follows a meal's dash is a note */
    { FIELD (meal_tail), "^(.*?\\S)\\s+[-\\x{2013}\\x{2014}]\\s+(\\S.*)$", 0 },
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
    for (guint i = 0; i < G_N_ELEMENTS (patterns); i++) {
        g_autofree char *pattern =
            mla_agenda_expand (patterns[i].pattern, placeholders);

        PARSER_REGEX (parser, patterns[i].field) =
            mla_agenda_compile (pattern, patterns[i].flags, error);
        if (PARSER_REGEX (parser, patterns[i].field) == NULL)
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
    TABLE (time_columns),
    TABLE (plenary_words),
    TABLE (not_names),
    TABLE (not_alone),
    TABLE (organisations),
};

MlaAgendaParser *
mla_agenda_vocabulary_load (const char *vocabulary_path,
                            MlaAgendaRulesCompileFunc compile_rules,
                            GError **error)
{
    g_autoptr (MlaAgendaParser) parser = g_new0 (MlaAgendaParser, 1);
    g_autoptr (GKeyFile) keys = g_key_file_new ();
    gboolean loaded;

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
    for (guint i = 0; i < G_N_ELEMENTS (patterns); i++)
        g_clear_pointer (&PARSER_REGEX (parser, patterns[i].field),
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
