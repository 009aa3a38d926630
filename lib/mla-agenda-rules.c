/* mla-agenda-rules.c: the agenda parser. A scanner keeps each line's
 * layout (indentation, columns, underlines); a table of named rules, whose
 * patterns are built from the vocabulary, classifies the lines and feeds a
 * builder; small named functions normalise the result (12-hour times, slot
 * ends, dates). */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <stdlib.h>
#include <string.h>
#include <gio/gio.h>
#include "mla-agenda-rules.h"
#include "mla-resources-private.h"
#include "mla-agenda-rules-private.h"
#include "mla-error.h"

#define VOCABULARY_RESOURCE "/org/mlarc/agenda-vocabulary.ini"

#define HEADING_MAX_CHARS 80
#define HEADING_MAX_OTHER_WORDS 6
#define NAME_MAX_WORDS 5
#define SLOT_CLUSTER_GAP 15     /* lines between slot lines of one agenda */
#define QUOTED_MIN_SLOTS 4      /* slot lines that make a quoted block a schedule */
#define PARAGRAPH_MAX_LINES 3   /* lines of a talk's title and speaker */
#define NIGHT_FROM (20 * 60)    /* a slot this late may be followed by ... */
#define NIGHT_UNTIL (6 * 60)    /* ... one after midnight on the same day */
#define LINE_MAX_COLUMNS 1000   /* a longer line is no part of an agenda */

/* Starts an unanchored pattern that begins with \s*: a match may start at
 * the search position or after a non-space only. Without it the engine
 * tries every position of a run of spaces, each time scanning to its end:
 * quadratic on a long run. The leftmost match is the same. */
#define NO_START_IN_SPACES "(?:\\G|(?<!\\s))"

/* One line of text as laid out: quote prefix removed, tabs expanded. */
typedef struct {
    char *text;
    guint indent;
    gboolean blank;
    gboolean quoted;            /* had a "> " or "| " quote prefix */
    GArray *runs;               /* underline: (start, end) column pairs */
} MlaAgendaLine;

typedef struct MlaAgendaBuilder MlaAgendaBuilder;

/* A column of a table with a header row ("Time | Session | Room"). */
typedef enum { COLUMN_TITLE, COLUMN_TRACK, COLUMN_PLACE, COLUMN_PERSON } MlaColumnKind;

typedef struct {
    MlaColumnKind kind;
    MlaPersonRole role;         /* COLUMN_PERSON */
    char *room;                 /* COLUMN_TRACK: owned */
} MlaColumn;
typedef gboolean (*MlaAgendaRuleFunc) (MlaAgendaBuilder *builder, GMatchInfo *match);

typedef struct {
    const char *name;
    const char *pattern;        /* @NAME@ placeholders expand to vocabulary */
    MlaAgendaRuleFunc handler;  /* FALSE: declines; the next rule is tried */
} MlaAgendaRule;

enum { KIND_WORDS_BREAK, KIND_WORDS_MEAL, KIND_WORDS_SOCIAL, N_KIND_WORDS };

struct MlaAgendaParser {
    GHashTable *weekdays;       /* casefolded full name -> 1..7 */
    GHashTable *weekday_abbrs;  /* casefolded abbreviation -> 1..7 */
    GHashTable *months;         /* casefolded name -> 1..12 */
    GHashTable *day_words;      /* casefolded "day", "tag" -> 1 */
    GHashTable *labels;         /* casefolded label -> MlaPersonRole + 1 */
    GHashTable *am, *pm, *h24;  /* casefolded suffixes without spaces */
    GHashTable *room_words;     /* casefolded */
    GHashTable *place_labels;   /* casefolded location labels */
    GHashTable *people_columns; /* casefolded "who" */
    GHashTable *not_names;      /* casefolded words never in a name */
    GRegex **rules;             /* compiled, parallel to the rule table */
    GRegex *time_anywhere;
    GRegex *date;
    GRegex *word;
    GRegex *kinds[N_KIND_WORDS];
    GRegex *markers;
    GRegex *tentative;
    GRegex *name;
    GRegex *note_paren;
    GRegex *location_at;
    GRegex *speaker_dash;
    GRegex *speaker_list;       /* "Title - A, B and C (remote)" */
    GRegex *place_prefix;       /* "Room B12: Title" */
    GRegex *person_split;
    GRegex *quote;
    GRegex *list_marker;
    GRegex *gap_cells;
    GRegex *pipe_cells;
    GRegex *description;
    GRegex *year;
    GRegex *label_paren;
    GRegex *attribution;
    GRegex *label_name;
    GRegex *paren_part;
    GRegex *capitalised_run;
    GRegex *military_range;     /* "0800-0830" */
    GRegex *military_single;    /* "1300 Lunch" */
    GRegex *noon_start;         /* "Noon-1 p.m." */
    GRegex *noon_end;           /* "10:15 a.m.-noon" */
    GRegex *schedule_heading;   /* "Agenda", "Draft programme:" */
};

struct MlaAgendaBuilder {
    MlaAgendaParser *parser;
    GDateTime *reference;
    gboolean all_24h;
    MlaAgenda *agenda;
    MlaAgendaDay *day;          /* borrowed from agenda */
    MlaAgendaSlot *slot;        /* borrowed: where continuation lines go */
    MlaAgendaSlot *pending;     /* owned: a time still waiting for its title */
    const MlaAgendaLine *lines;
    guint n_lines;
    guint index;                /* the line being classified */
    guint slot_indent;
    gboolean slot_open;         /* continuation lines still belong to slot */
    gboolean slot_has_extra;    /* slot got a continuation after its title */
    guint last_content;         /* index of the last line added to slot */
    int previous;               /* start of the last slot of the day */
    gboolean heading_since_slot;
    GArray *slot_lines;         /* line indices of slots */
    int year_hint;              /* the last year written in a heading, else the text's */
    gint detail_line;           /* last "Monday ..., 9:00 - 10:00" line */
    gint person_line;           /* last line taken as the slot's people */
    MlaAgendaSlot *detail_slot; /* borrowed: the slot of detail_line */
    gint header_line;           /* track header awaiting its underline */
    GPtrArray *rooms;           /* column names of the current table */
    GArray *room_starts;        /* their start columns */
    int heading_candidate;      /* plain line that an underline may mark */
    GArray *columns;            /* of MlaColumn: the header row of a table */
    char column_split;          /* '|', ' ' (gaps), 'f' (single spaces) */
};

static guint rule_index (const char *name);
static gboolean rule_table_header (MlaAgendaBuilder *b, GMatchInfo *match);
static gboolean rule_track_header (MlaAgendaBuilder *b, GMatchInfo *match);
static gboolean rule_underline (MlaAgendaBuilder *b, GMatchInfo *match);
static gboolean rule_slot_detail (MlaAgendaBuilder *b, GMatchInfo *match);
static gboolean rule_slot_dated (MlaAgendaBuilder *b, GMatchInfo *match);
static gboolean rule_slot_time (MlaAgendaBuilder *b, GMatchInfo *match);
static gboolean rule_person_label (MlaAgendaBuilder *b, GMatchInfo *match);
static gboolean rule_location_label (MlaAgendaBuilder *b, GMatchInfo *match);
static gboolean rule_day_heading (MlaAgendaBuilder *b, GMatchInfo *match);
static gboolean rule_slot_inline (MlaAgendaBuilder *b, GMatchInfo *match);
static gboolean rule_text (MlaAgendaBuilder *b, GMatchInfo *match);
static gboolean word_is (GHashTable *table, const char *word, int *value);

/* Order matters: the first rule whose pattern matches and whose handler
 * accepts the line wins. */
static const MlaAgendaRule rules[] = {
    { "table-header", "^\\s*\\|?\\s*(?:@TIMECOL@)(?:\\s*\\||\\s)\\s*(?<rest>\\S.*?)\\s*$",
      rule_table_header },
    { "track-header", "^\\s*(?:\\w+\\s+)?(?:@ROOM@)\\b[^:]*?\\s{2,}(?:@ROOM@)\\b",
      rule_track_header },
    { "underline", "^\\s*(?:[=~_*#-]{3,}\\s*)+$", rule_underline },
    { "slot-dated", "^\\s*(?:[-*\\x{2022}]\\s*)?(?<head>[^\\s:|][^:|]*?)[,\\s]+@TIME1@\\s*(?:@RANGE@)\\s*"
                    "@TIME2@(?:\\s*(?<zone>@ZONE@)(?!\\w))?\\s*[,;:|]\\s*(?<rest>\\S.*)$", rule_slot_dated },
    { "slot-detail", "^\\s*(?:@WEEKDAY@|@WEEKDAY_ABBR@)\\b\\W.*?@TIME1@\\s*(?:@RANGE@)\\s*@TIME2@"
                     "(?:\\s*(?<zone>@ZONE@)(?!\\w))?\\s*$", rule_slot_detail },
    { "slot-time", "^\\s*(?:[-*\\x{2022}\\x{00b7}+|]\\s*|o\\s+|(?<from>@FROM@)\\s+)?@TIME1@"
                   "(?:\\s*(?:@RANGE@)\\s*@TIME2@)?"
                   "(?:\\s*(?<zone>@ZONE@)(?!\\w))?(?:\\s*(?:@UNIT@)(?!\\w))?@OTHER_ZONE@(?<title>.*)$",
      rule_slot_time },
    { "person-label", "^\\s*(?:[-*\\x{2022}]\\s*)?(?<label>@LABEL@)(?!\\w)(?<colon>\\s*:)?\\s*"
                      "(?<value>.*?)\\s*$", rule_person_label },
    { "location-label", "^\\s*(?:@LOCATION@)\\s*:\\s*(?<value>.+?)\\s*$", rule_location_label },
    { "day-heading", "(?:@WEEKDAY@|@WEEKDAY_ABBR@|@MONTH@|@DAYWORD@)(?!\\w)"
                     "|\\d{4}-\\d{1,2}-\\d{1,2}|\\d{1,2}\\.\\d{1,2}\\.\\d{4}", rule_day_heading },
    { "slot-inline", "^\\s*(?:[-*\\x{2022}]\\s*)?(?<title>(?:\\d{1,2}\\)\\s+)?[^()]*?\\S)\\s*\\(\\s*@TIME1@(?:\\s*(?:@RANGE@)\\s*"
                     "@TIME2@)?\\s*\\)\\s*$", rule_slot_inline },
    { "text", "\\S", rule_text },
};

/* A time: hour, optional separator and minutes, optional suffix. A suffix
 * may be glued to an uppercase word ("7:00PMCocktails"), not to a
 * lowercase one ("9 amazing"). The second time of a range needs minutes
 * or a suffix. */
#define TIME_PATTERN(n)                                                                 \
    "(?<h" n ">\\d{1,2})(?:(?<s" n ">[:.h])(?<m" n ">\\d{1,2}))?(?!\\d|[:.]\\d)"         \
    "(?:\\s?(?<x" n ">@SUFFIX@)(?!\\p{Ll}))?"

/* ---- vocabulary ---- */

static char *
fold (const char *text)
{
    return g_utf8_casefold (text, -1);
}

static char *
fold_compact (const char *text)
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
        g_hash_table_insert (table, fold_compact (words[i]), GINT_TO_POINTER (value));
}

static GHashTable *
word_table (void)
{
    return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

static GRegex *
compile (const char *pattern, GRegexCompileFlags flags, GError **error)
{
    GRegex *regex = g_regex_new (pattern, flags | G_REGEX_OPTIMIZE, 0, error);

    if (regex == NULL)
        g_prefix_error (error, "agenda vocabulary: pattern %s: ", pattern);
    return regex;
}

static char *
expand (const char *pattern, GHashTable *placeholders)
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
            g_hash_table_insert (parser->labels, fold_compact (words[j]), GINT_TO_POINTER (i + 1));
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

        if ((parser->schedule_heading = compile (heading, G_REGEX_CASELESS, error)) == NULL)
            return FALSE;
        markers_alt = alternation (m);
        tentative_alt = alternation (t);
        openers_alt = alternation (o);
    }
    {
        /* "Budget (presenter: Dana Whitfield)", "[chair: Ted; room: A]" */
        g_autofree char *paren = expand (NO_START_IN_SPACES
                                         "\\s*[(\\[]\\s*(?<label>@LABEL@|@LOCATION@)(?<colon>\\s*:)?\\s*"
                                         "(?<value>[^()\\[\\]]+?)\\s*[)\\]]\\s*$", placeholders);

        g_autoptr (GPtrArray) verbs = strv_to_array (attribution);
        g_autofree char *verbs_alt = alternation (verbs);
        g_autofree char *wrote = g_strdup_printf ("(?<!\\w)(?:%s)\\s*:?\\s*$", verbs_alt);

        if ((parser->label_paren = compile (paren, G_REGEX_CASELESS, error)) == NULL
            || (parser->attribution = compile (wrote, G_REGEX_CASELESS, error)) == NULL)
            return FALSE;
    }
    time1 = expand (TIME_PATTERN ("1"), placeholders);
    time2 = expand ("(?=\\d{1,2}(?:[:.h]\\d|\\s?(?:@SUFFIX@)(?!\\p{Ll})))" TIME_PATTERN ("2"),
                    placeholders);
    g_hash_table_insert (placeholders, "@TIME1@", g_steal_pointer (&time1));
    g_hash_table_insert (placeholders, "@TIME2@", g_steal_pointer (&time2));

    parser->rules = g_new0 (GRegex *, G_N_ELEMENTS (rules));
    for (guint i = 0; i < G_N_ELEMENTS (rules); i++) {
        /* TIME placeholders hold other placeholders: expand twice. */
        g_autofree char *once = expand (rules[i].pattern, placeholders);
        g_autofree char *pattern = expand (once, placeholders);

        parser->rules[i] = compile (pattern, G_REGEX_CASELESS, error);
        if (parser->rules[i] == NULL)
            return FALSE;
    }
    for (guint i = 0; i < N_KIND_WORDS; i++) {
        g_auto (GStrv) words = vocabulary_list (keys, "kinds", kind_keys[i], error);
        g_autoptr (GPtrArray) array = NULL;
        g_autofree char *alt = NULL, *pattern = NULL;

        if (words == NULL)
            return FALSE;
        array = strv_to_array (words);
        alt = alternation (array);
        pattern = g_strdup_printf ("(?<!\\w)(?:%s)(?!\\w)", alt);
        if ((parser->kinds[i] = compile (pattern, G_REGEX_CASELESS, error)) == NULL)
            return FALSE;
    }
    {
        g_autofree char *time_any = expand ("(?<![\\d.])\\d{1,2}[:.h]\\d{2}(?!\\d|[:.]\\d)"
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

        if ((parser->time_anywhere = compile (time_any, G_REGEX_CASELESS, error)) == NULL
            || (parser->date = compile (date, G_REGEX_CASELESS, error)) == NULL
            || (parser->markers = compile (markers_re, G_REGEX_CASELESS, error)) == NULL
            || (parser->tentative = compile (tentative_re, G_REGEX_CASELESS, error)) == NULL
            || (parser->note_paren = compile (note_re, G_REGEX_CASELESS, error)) == NULL)
            return FALSE;
    }
    parser->word = compile ("\\p{L}[\\p{L}'\\x{2019}-]*", 0, error);
    parser->name = compile ("^\\p{Lu}[\\p{L}'\\x{2019}.-]*"
                            "(?:\\s+(?:\\p{Lu}[\\p{L}'\\x{2019}.-]*|van|von|der|den|de|da|di|del"
                            "|la|le|du|dos|bin|al|ten|ter))+$",
                            0, error);
    parser->location_at = compile ("^(.*?\\S)\\s+@\\s+(.+?)\\s*$", 0, error);
    parser->speaker_dash = compile ("^(.*\\S)\\s+[-\\x{2013}\\x{2014}]\\s+([^,-]+?)"
                                    "(?:\\s*,[^,]*)?$", 0, error);
    parser->speaker_list = compile ("^(.*\\S)\\s+[-\\x{2013}\\x{2014}]\\s+(\\p{Lu}[^\\x{2013}\\x{2014}]*?)\\s*$",
                                    0, error);
    parser->place_prefix = compile ("^(?<place>[^:,()]{1,40}?)\\s*[:,]\\s+(?<title>\\S.*)$", 0, error);
    parser->person_split = compile (NO_START_IN_SPACES
                                    "\\s*(?:,|;|&|/|\\band\\b|\\bund\\b|\\bet\\b)\\s*", 0, error);
    parser->quote = compile ("^(?:[ \\t]*>)+ ?", 0, error);
    parser->list_marker = compile ("^(?:[-*\\x{2022}\\x{00b7}]\\s+|(?:\\d{1,2}|[ivx]{1,4}|[a-h])[.)]\\s+)",
                                   0, error);
    parser->paren_part = compile (NO_START_IN_SPACES "\\s*\\([^()]*\\)", 0, error);
    parser->capitalised_run = compile ("^\\p{Lu}\\S*(?: \\p{Lu}\\S*)*$", 0, error);
    parser->military_range = compile ("^(?<lead>\\s*(?:[-*\\x{2022}|]\\s*)?)(?<h1>[012]\\d)(?<m1>\\d\\d)"
                                      "(?<sep>\\s*(?:-|\\x{2013}|\\x{2014}|to)\\s*)(?<h2>[012]\\d)"
                                      "(?<m2>\\d\\d)(?![\\d:.])", 0, error);
    parser->military_single = compile ("^(?<lead>\\s*(?:[-*\\x{2022}|]\\s*)?)(?<h1>[012]\\d)(?<m1>\\d\\d)"
                                       "(?=\\s*[|:\\t]|\\s+\\p{Lu})", 0, error);
    /* "Noon-1 p.m.", "Noon  Lunch", "Noon: Lunch" */
    parser->noon_start = compile ("^(\\s*(?:[-*\\x{2022}|]\\s*)?)(?:noon|midday)"
                                  "(?=\\s*(?:-|\\x{2013}|\\x{2014}|to)\\s*\\d|\\s*[-\\x{2013}:|]\\s*\\p{Lu}"
                                  "|\\s{2,}\\S|\\t)", G_REGEX_CASELESS, error);
    parser->noon_end = compile ("^(\\s*(?:[-*\\x{2022}|]\\s*)?\\d{1,2}(?:[:.]\\d\\d)?\\s*(?:[ap]\\.?\\s?m\\.?)?"
                                "\\s*(?:-|\\x{2013}|\\x{2014}|to)\\s*)(?:noon|midday)(?!\\w)", G_REGEX_CASELESS, error);
    parser->gap_cells = compile ("\\s{2,}", 0, error);
    parser->pipe_cells = compile (NO_START_IN_SPACES "\\s*\\|\\s*", 0, error);
    /* "Introductions - We'll go around the room ...": a sentence after a
     * dash describes the slot. */
    /* "Invited Speaker: Joey Jones": a label (up to three words) and a name */
    parser->label_name = compile ("^[^:\\d\\s]+(?:\\s[^:\\d\\s]+){0,2}:\\s*(\\p{Lu}\\S*(?:\\s\\S+){1,2})$",
                                  0, error);
    parser->year = compile ("(?<![\\d:.])(?:19|20)\\d{2}(?![\\d:])", 0, error);
    parser->description = compile ("^(.*?\\S)\\s+[-\\x{2013}\\x{2014}]\\s+((?:\\S+\\s+){6,}\\S+)$",
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
    if (parser->rules != NULL)
        for (guint i = 0; i < G_N_ELEMENTS (rules); i++)
            g_clear_pointer (&parser->rules[i], g_regex_unref);
    g_free (parser->rules);
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

/* ---- normalisation ---- */

int
mla_agenda_resolve_clock (const MlaClock *clock, int previous, gboolean all_24h)
{
    int h = clock->hour % 12;
    int low, high;

    switch (clock->suffix) {
    case MLA_CLOCK_AM:
        return h * 60 + clock->minute;
    case MLA_CLOCK_PM:
        return (h + 12) * 60 + clock->minute;
    case MLA_CLOCK_24H:
        return clock->hour * 60 + clock->minute;
    case MLA_CLOCK_NONE:
    default:
        break;
    }
    if (all_24h || clock->hour >= 13)
        return clock->hour * 60 + clock->minute;
    /* 12 o'clock is noon in a day's programme. */
    low = (clock->hour == 12 ? 12 : h) * 60 + clock->minute;
    high = clock->hour == 12 ? low : low + 12 * 60;
    if (previous < 0)
        return clock->hour < 7 ? high : low;    /* nobody meets at 1:30 am */
    if (low >= previous)
        return low;
    if (high >= previous)
        return high;
    return low;
}

void
mla_agenda_resolve_range (const MlaClock *start, const MlaClock *end, int previous,
                          gboolean all_24h, int *out_start, int *out_end)
{
    MlaClock guess = *start;
    int e, s;

    if (end->suffix == MLA_CLOCK_AM && end->hour == 12
        && (start->suffix == MLA_CLOCK_NONE || start->suffix == MLA_CLOCK_AM)) {
        /* "11:15 - 12:00am": nobody ends a morning at midnight. */
        MlaClock noon = *end;

        noon.suffix = MLA_CLOCK_PM;
        e = mla_agenda_resolve_clock (&noon, -1, all_24h);
    } else {
        e = -2;
    }
    if (start->suffix == MLA_CLOCK_NONE && !all_24h && start->hour < 13
        && (end->suffix == MLA_CLOCK_AM || end->suffix == MLA_CLOCK_PM)) {
        if (e == -2)
            e = mla_agenda_resolve_clock (end, previous, all_24h);
        guess.suffix = end->suffix;
        s = mla_agenda_resolve_clock (&guess, previous, all_24h);
        if (s > e) {
            guess.suffix = end->suffix == MLA_CLOCK_PM ? MLA_CLOCK_AM : MLA_CLOCK_PM;
            s = mla_agenda_resolve_clock (&guess, previous, all_24h);
        }
        if (s > e || (previous >= 0 && s < previous - 60))
            s = mla_agenda_resolve_clock (start, previous, all_24h);  /* "3:30 - 3:15pm" */
    } else {
        s = mla_agenda_resolve_clock (start, previous, all_24h);
        if (e == -2)
            e = mla_agenda_resolve_clock (end, s, all_24h);
    }
    *out_start = s;
    *out_end = e;
}

static int
minutes_of (const char *hhmm)
{
    return hhmm[0] == '\0' ? -1 : atoi (hhmm) * 60 + atoi (hhmm + 3);
}

static void
format_minutes (int minutes, char out[6])
{
    g_snprintf (out, 6, "%02d:%02d", (minutes / 60) % 24, minutes % 60);
}

/* "23:00 Pizza" then "01:00 Games": the night goes on, the day stays. */
static gboolean
runs_past_midnight (int previous, int start)
{
    return previous >= NIGHT_FROM && start < NIGHT_UNTIL;
}

/* The later slots that can still be "the next later slot" for one at their
 * left, nearest first: each pushed slot drops the ones after it that start
 * no later, so the starts grow strictly from top to bottom and a lookup is a
 * binary search. Keeps mla_agenda_fill_ends() at O(n log n) on a 100,000
 * slot day, where scanning ahead from every slot was quadratic. */
static void
later_push (GArray *stack, const int *starts, guint index)
{
    while (stack->len > 0 && starts[g_array_index (stack, guint, stack->len - 1)] <= starts[index])
        g_array_set_size (stack, stack->len - 1);
    g_array_append_val (stack, index);
}

/* Returns the index of the nearest slot in @stack starting after @start, or
 * G_MAXUINT. */
static guint
later_find (GArray *stack, const int *starts, int start)
{
    guint low = 0, high = stack != NULL ? stack->len : 0;

    /* Entries [0, low) start after @start; the last of them is the nearest. */
    while (low < high) {
        guint mid = low + (high - low) / 2;

        if (starts[g_array_index (stack, guint, mid)] > start)
            low = mid + 1;
        else
            high = mid;
    }
    return low > 0 ? g_array_index (stack, guint, low - 1) : G_MAXUINT;
}

void
mla_agenda_fill_ends (MlaAgendaDay *day)
{
    guint n = day->slots->len;
    g_autofree int *starts = g_new (int, n);
    g_autoptr (GArray) any_room = g_array_new (FALSE, FALSE, sizeof (guint));
    g_autoptr (GArray) no_room = g_array_new (FALSE, FALSE, sizeof (guint));
    g_autoptr (GHashTable) by_room = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                            (GDestroyNotify) g_array_unref);

    for (guint i = 0; i < n; i++) {
        int start = minutes_of (((MlaAgendaSlot *) g_ptr_array_index (day->slots, i))->start);

        /* After midnight in a night that goes on, a slot comes after the
         * evening ones it follows. */
        if (i > 0 && start < NIGHT_UNTIL
            && (starts[i - 1] >= 24 * 60 || runs_past_midnight (starts[i - 1], start)))
            start += 24 * 60;
        starts[i] = start;
    }
    for (guint i = n; i-- > 0;) {
        MlaAgendaSlot *slot = g_ptr_array_index (day->slots, i);
        GArray *same_room = slot->room != NULL ? g_hash_table_lookup (by_room, slot->room) : NULL;

        if (slot->end[0] == '\0') {
            guint next;

            if (slot->room == NULL) {
                next = later_find (any_room, starts, starts[i]);
            } else {
                /* A slot in a room ends at the next one in that room or in none. */
                next = MIN (later_find (no_room, starts, starts[i]),
                            later_find (same_room, starts, starts[i]));
            }
            if (next != G_MAXUINT)
                memcpy (slot->end, ((MlaAgendaSlot *) g_ptr_array_index (day->slots, next))->start,
                        sizeof slot->end);
        }
        later_push (any_room, starts, i);
        if (slot->room == NULL) {
            later_push (no_room, starts, i);
        } else {
            if (same_room == NULL) {
                same_room = g_array_new (FALSE, FALSE, sizeof (guint));
                g_hash_table_insert (by_room, slot->room, same_room);
            }
            later_push (same_room, starts, i);
        }
    }
}

static void
format_date (GDateTime *date, char out[11])
{
    g_snprintf (out, 11, "%04d-%02d-%02d", g_date_time_get_year (date),
                g_date_time_get_month (date), g_date_time_get_day_of_month (date));
}

gboolean
mla_agenda_resolve_weekday (GDateTime *reference, int weekday, char out[11])
{
    g_autoptr (GDateTime) date = NULL;

    out[0] = '\0';
    if (reference == NULL || weekday < 1 || weekday > 7)
        return FALSE;
    date = g_date_time_add_days (reference,
                                 (weekday - g_date_time_get_day_of_week (reference) + 7) % 7);
    format_date (date, out);
    return TRUE;
}

gboolean
mla_agenda_resolve_date (GDateTime *reference, int year, int month, int day_of_month,
                         char out[11])
{
    out[0] = '\0';
    if (year == 0) {
        if (reference == NULL)
            return FALSE;
        year = g_date_time_get_year (reference);
        /* A programme is sent before the meeting: a date far behind the
         * mail's date belongs to the next year. */
        if (month * 31 + day_of_month + 183
            < g_date_time_get_month (reference) * 31 + g_date_time_get_day_of_month (reference))
            year++;
    }
    if (!g_date_valid_dmy (day_of_month, month, year))
        return FALSE;
    g_snprintf (out, 11, "%04d-%02d-%02d", year, month, day_of_month);
    return TRUE;
}

/* Returns: (transfer full) (nullable): noon of the day after @date
 * ("YYYY-MM-DD"), NULL for "". */
static GDateTime *
day_after (const char *date)
{
    g_autoptr (GDateTime) day = NULL;

    if (date[0] == '\0')
        return NULL;
    day = g_date_time_new_utc (atoi (date), atoi (date + 5), atoi (date + 8), 12, 0, 0);
    return day != NULL ? g_date_time_add_days (day, 1) : NULL;
}

static char *
squeeze (const char *text)
{
    g_autoptr (GString) out = g_string_new (NULL);

    for (const char *p = text; *p != '\0'; p++) {
        if (g_ascii_isspace (*p)) {
            if (out->len > 0 && out->str[out->len - 1] != ' ')
                g_string_append_c (out, ' ');
        } else {
            g_string_append_c (out, *p);
        }
    }
    while (out->len > 0 && out->str[out->len - 1] == ' ')
        g_string_truncate (out, out->len - 1);
    return g_string_free (g_steal_pointer (&out), FALSE);
}

char *
mla_agenda_parser_clean_person (MlaAgendaParser *parser, const char *value, gboolean *out_confirmed)
{
    g_autofree char *stripped = NULL;
    g_autofree char *clean = NULL;
    g_autoptr (GMatchInfo) match = NULL;
    gboolean confirmed = TRUE;

    stripped = g_regex_replace_literal (parser->markers, value, -1, 0, "", 0, NULL);
    if (stripped == NULL)
        stripped = g_strdup (value);
    if (strcmp (stripped, value) != 0)
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
    clean = squeeze (stripped);
    while (clean[0] != '\0' && strchr ("<>()[]-:,? ", clean[strlen (clean) - 1]) != NULL)
        clean[strlen (clean) - 1] = '\0';
    {
        const char *start = clean + strspn (clean, "<>()[]-:, ");

        if (out_confirmed != NULL)
            *out_confirmed = confirmed;
        if (*start == '\0')
            return NULL;
        return g_strdup (start);
    }
}

gboolean
mla_agenda_parser_is_name (MlaAgendaParser *parser, const char *text)
{
    g_autofree char *clean = squeeze (text);
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
    if (!g_regex_match (parser->name, clean, 0, NULL))
        return FALSE;
    {
        g_auto (GStrv) parts = g_strsplit (clean, " ", -1);

        for (guint i = 0; parts[i] != NULL; i++)
            if (word_is (parser->not_names, parts[i], NULL))
                return FALSE;
    }
    return TRUE;
}

MlaSlotKind
mla_agenda_parser_kind (MlaAgendaParser *parser, const char *title)
{
    static const MlaSlotKind kinds[N_KIND_WORDS] = {
        MLA_SLOT_KIND_BREAK, MLA_SLOT_KIND_MEAL, MLA_SLOT_KIND_SOCIAL
    };
    MlaSlotKind kind = MLA_SLOT_KIND_SESSION;
    gint best = G_MAXINT;

    if (title == NULL)
        return kind;
    for (guint i = 0; i < N_KIND_WORDS; i++) {
        g_autoptr (GMatchInfo) match = NULL;
        gint start;

        if (g_regex_match (parser->kinds[i], title, 0, &match)
            && g_match_info_fetch_pos (match, 0, &start, NULL) && start < best) {
            best = start;
            kind = kinds[i];
        }
    }
    return kind;
}

/* ---- scanner ---- */

/* Whether "HHMM" is a plausible 24-hour time of a programme: a valid
 * clock on a five-minute step. */
static gboolean
military_clock (const char *hh, const char *mm)
{
    int h = atoi (hh), m = atoi (mm);

    return h <= 23 && m <= 59 && m % 5 == 0;
}

/* Whether a "HHMM-HHMM" match is a time range, not a span of years
 * ("2010-2015"): both ends plausible, a later end within six hours, and
 * not both 19xx or 20xx. */
static gboolean
military_range_ok (GMatchInfo *match)
{
    g_autofree char *h1 = g_match_info_fetch_named (match, "h1");
    g_autofree char *m1 = g_match_info_fetch_named (match, "m1");
    g_autofree char *h2 = g_match_info_fetch_named (match, "h2");
    g_autofree char *m2 = g_match_info_fetch_named (match, "m2");
    int s = atoi (h1) * 60 + atoi (m1), e = atoi (h2) * 60 + atoi (m2);
    gboolean year1 = g_str_has_prefix (h1, "19") || g_str_has_prefix (h1, "20");
    gboolean year2 = g_str_has_prefix (h2, "19") || g_str_has_prefix (h2, "20");

    return military_clock (h1, m1) && military_clock (h2, m2) && e > s && e - s <= 6 * 60
           && !(year1 && year2);
}

/* Whether @text writes its programme in "0800-0830" times: one such
 * range that cannot be a span of years. */
static gboolean
text_is_military (MlaAgendaParser *parser, char **lines)
{
    for (guint i = 0; lines[i] != NULL; i++) {
        g_autoptr (GMatchInfo) match = NULL;
        const char *p = lines[i] + strspn (lines[i], " \t>");

        if (g_regex_match (parser->military_range, p, 0, &match) && military_range_ok (match))
            return TRUE;
    }
    return FALSE;
}

/* Rewrites the time forms that the time pattern does not read into ones
 * it does: "0800-0830" to "08:00-08:30" (and, with @military, the text
 * being written in such ranges, "1300 Lunch" to "13:00 Lunch"), "noon"
 * at either end of a range to "12:00 pm". Returns: (transfer full). */
static char *
normalise_times (MlaAgendaParser *parser, const char *text, gboolean military)
{
    g_autoptr (GMatchInfo) match = NULL;
    char *out;

    if (g_regex_match (parser->military_range, text, 0, &match)
        && military_range_ok (match)) {
        g_autofree char *lead = g_match_info_fetch_named (match, "lead");
        g_autofree char *h1 = g_match_info_fetch_named (match, "h1");
        g_autofree char *m1 = g_match_info_fetch_named (match, "m1");
        g_autofree char *sep = g_match_info_fetch_named (match, "sep");
        g_autofree char *h2 = g_match_info_fetch_named (match, "h2");
        g_autofree char *m2 = g_match_info_fetch_named (match, "m2");
        gint end = 0;

        g_match_info_fetch_pos (match, 0, NULL, &end);
        return g_strdup_printf ("%s%s:%s%s%s:%s%s", lead, h1, m1, sep, h2, m2, text + end);
    }
    g_clear_pointer (&match, g_match_info_unref);
    if (military && g_regex_match (parser->military_single, text, 0, &match)) {
        g_autofree char *lead = g_match_info_fetch_named (match, "lead");
        g_autofree char *h1 = g_match_info_fetch_named (match, "h1");
        g_autofree char *m1 = g_match_info_fetch_named (match, "m1");
        gint end = 0;

        g_match_info_fetch_pos (match, 0, NULL, &end);
        if (military_clock (h1, m1))
            return g_strdup_printf ("%s%s:%s%s", lead, h1, m1, text + end);
    }
    out = g_regex_replace (parser->noon_start, text, -1, 0, "\\g<1>12:00 pm", 0, NULL);
    if (out != NULL && strcmp (out, text) == 0) {
        g_free (out);
        out = g_regex_replace (parser->noon_end, text, -1, 0, "\\g<1>12:00 pm", 0, NULL);
    }
    return out != NULL ? out : g_strdup (text);
}

static void
scan_line (MlaAgendaParser *parser, const char *raw, gboolean military, MlaAgendaLine *line)
{
    g_autofree char *unquoted = g_regex_replace_literal (parser->quote, raw, -1, 0, "", 0, NULL);
    g_autofree char *normal = NULL;
    const char *start = unquoted != NULL ? unquoted : raw;
    GString *text = g_string_new (NULL);
    guint column = 0;
    gboolean only_rule = TRUE;

    line->quoted = strcmp (start, raw) != 0;
    if (start[0] == '|' && strchr (start + 1, '|') == NULL) {
        /* "| 11:00 - kexec": a quote in the pipe style, not a table row */
        line->quoted = TRUE;
        start += start[1] == ' ' ? 2 : 1;
    }
    normal = normalise_times (parser, start, military);
    start = normal;
    for (const char *p = start; *p != '\0'; p++) {
        if (*p == '\t') {
            guint from = column;

            /* A tab inside a line separates cells: keep it two spaces wide. */
            do {
                g_string_append_c (text, ' ');
                column++;
            } while (column % 8 != 0 || column - from < 2);
        } else if (*p != '\r') {
            g_string_append_c (text, *p);
            if (((guchar) *p & 0xc0) != 0x80)
                column++;
        }
    }
    if (text->len > LINE_MAX_COLUMNS) {
        /* Some rules are quadratic in a line's length; such a line is no
         * table row or slot anyway, so it counts as blank. */
        g_string_truncate (text, 0);
    }
    line->text = g_string_free (text, FALSE);
    line->indent = strspn (line->text, " ");
    line->blank = line->text[line->indent] == '\0';
    for (const char *p = line->text + line->indent; *p != '\0' && only_rule; p++)
        only_rule = strchr ("=-~_*# ", *p) != NULL;
    if (!line->blank && only_rule && strlen (line->text) - line->indent >= 3) {
        line->runs = g_array_new (FALSE, FALSE, sizeof (guint));
        for (guint i = 0; line->text[i] != '\0'; i++) {
            gboolean in = line->text[i] != ' ';
            gboolean was = i > 0 && line->text[i - 1] != ' ';

            if (in && !was)
                g_array_append_val (line->runs, i);
        }
    }
}

static void
line_clear (gpointer data)
{
    MlaAgendaLine *line = data;

    g_free (line->text);
    if (line->runs != NULL)
        g_array_unref (line->runs);
}

/* The no-agenda path must be cheap: the parser runs on every message.
 * An agenda has at least two lines that start with a time, so look only
 * at lines that start with a digit or "noon" (after quotes, spaces, a
 * bullet or one short word such as "ore"). */
/* Whether the line from @p to @end (NULL: its NUL) holds two clocks such
 * as "16:00" or "9.30" close together, as a range does ("16:00 - 17:00",
 * not "1.2.3"): a cheap test before a regex. */
static gboolean
has_clock_range (const char *p, const char *end)
{
    const char *last = NULL;

    for (; *p != '\0' && (end == NULL || p + 2 < end); p++) {
        if (!g_ascii_isdigit (p[0]) || (p[1] != ':' && p[1] != '.') || !g_ascii_isdigit (p[2]))
            continue;
        if (last != NULL && p - last >= 4 && p - last <= 12)
            return TRUE;
        last = p;
    }
    return FALSE;
}

static gboolean
may_hold_agenda (MlaAgendaParser *parser, const char *text)
{
    GRegex *slot_time = parser->rules[rule_index ("slot-time")];
    GRegex *slot_dated = parser->rules[rule_index ("slot-dated")];
    guint found = 0;

    for (const char *line = text; line != NULL && *line != '\0';) {
        const char *end = strchr (line, '\n');
        const char *unquoted = line + strspn (line, " \t>");
        const char *p = unquoted;

        if (strchr ("-*+|", *p) != NULL && *p != '\0')
            p += 1 + strspn (p + 1, " \t");
        else if (g_str_has_prefix (p, "\xe2\x80\xa2"))
            p += 3 + strspn (p + 3, " \t");
        else if (g_ascii_isalpha (*p) && g_ascii_strncasecmp (p, "noon", 4) != 0
                 && g_ascii_strncasecmp (p, "midday", 6) != 0) {
            /* "ore 9.30", "ab 19 Uhr": a short word before the time */
            gsize word = strspn (p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");

            if (word <= 5 && p[word] == ' ')
                p += word + strspn (p + word, " \t");
        }
        if (g_ascii_isdigit (*p) || g_ascii_strncasecmp (p, "noon", 4) == 0
            || g_ascii_strncasecmp (p, "midday", 6) == 0) {
            g_autofree char *copy = g_strndup (unquoted, end != NULL ? (gsize) (end - unquoted)
                                                                     : strlen (unquoted));
            g_autofree char *normal = normalise_times (parser, copy, FALSE);

            if ((g_regex_match (slot_time, normal, 0, NULL)
                 || g_regex_match (slot_dated, normal, 0, NULL)) && ++found >= 2)
                return TRUE;
        } else if (has_clock_range (p, end)) {
            /* "Wed 15 Jan 2025, 16:00-17:00, Room B12: Title" */
            g_autofree char *copy = g_strndup (unquoted, end != NULL ? (gsize) (end - unquoted)
                                                                     : strlen (unquoted));

            if (g_regex_match (slot_dated, copy, 0, NULL) && ++found >= 2)
                return TRUE;
        }
        line = end != NULL ? end + 1 : NULL;
    }
    return FALSE;
}

/* ---- builder ---- */

static const MlaAgendaLine *
current_line (MlaAgendaBuilder *b)
{
    return &b->lines[b->index];
}

static gboolean
fetch_clock (MlaAgendaBuilder *b, GMatchInfo *match, const char *n, MlaClock *clock, gboolean *bare)
{
    g_autofree char *hk = g_strconcat ("h", n, NULL), *sk = g_strconcat ("s", n, NULL);
    g_autofree char *mk = g_strconcat ("m", n, NULL), *xk = g_strconcat ("x", n, NULL);
    g_autofree char *h = g_match_info_fetch_named (match, hk);
    g_autofree char *s = g_match_info_fetch_named (match, sk);
    g_autofree char *m = g_match_info_fetch_named (match, mk);
    g_autofree char *x = g_match_info_fetch_named (match, xk);

    if (h == NULL || h[0] == '\0')
        return FALSE;
    clock->hour = atoi (h);
    clock->minute = 0;
    clock->suffix = MLA_CLOCK_NONE;
    if (m != NULL && m[0] != '\0') {
        if (strlen (m) == 1 && g_strcmp0 (s, ":") != 0)
            return FALSE;           /* "2.6" is a version, "7:3" a typo */
        clock->minute = strlen (m) == 1 ? atoi (m) * 10 : atoi (m);
    }
    *bare = (m == NULL || m[0] == '\0') && (x == NULL || x[0] == '\0');
    if (x != NULL && x[0] != '\0') {
        g_autofree char *key = fold_compact (x);

        if (g_hash_table_contains (b->parser->am, key))
            clock->suffix = MLA_CLOCK_AM;
        else if (g_hash_table_contains (b->parser->pm, key))
            clock->suffix = MLA_CLOCK_PM;
        else
            clock->suffix = MLA_CLOCK_24H;
    }
    if (s != NULL && strcmp (s, "h") == 0)
        clock->suffix = MLA_CLOCK_24H;
    if (clock->suffix == MLA_CLOCK_NONE && (h[0] == '0' || clock->hour >= 13))
        clock->suffix = MLA_CLOCK_24H;
    if (clock->minute > 59 || clock->hour > 23)
        return FALSE;
    if ((clock->suffix == MLA_CLOCK_AM || clock->suffix == MLA_CLOCK_PM)
        && (clock->hour == 0 || clock->hour > 12))
        return FALSE;
    return TRUE;
}

static void
builder_set_zone (MlaAgendaBuilder *b, GMatchInfo *match)
{
    g_autofree char *zone = g_match_info_fetch_named (match, "zone");

    if (zone != NULL && zone[0] != '\0' && b->agenda->timezone == NULL)
        b->agenda->timezone = g_ascii_strup (zone, -1);
}

static void
builder_new_day (MlaAgendaBuilder *b, const char *name, const char *date)
{
    MlaAgendaDay *day = mla_agenda_day_new (name);

    if (date != NULL)
        g_strlcpy (day->date, date, sizeof day->date);
    g_ptr_array_add (b->agenda->days, day);
    b->day = day;
    b->slot = NULL;
    b->previous = -1;
    g_clear_pointer (&b->pending, mla_agenda_slot_free);
}

static void
builder_clear_table (MlaAgendaBuilder *b)
{
    g_ptr_array_set_size (b->rooms, 0);
    g_array_set_size (b->room_starts, 0);
    g_array_set_size (b->columns, 0);
}

static void
column_clear (gpointer data)
{
    g_free (((MlaColumn *) data)->room);
}

/* "Moderated by", "animée par" introduce a name without a colon. */
static gboolean
label_needs_no_colon (const char *key)
{
    return g_str_has_suffix (key, "by") || g_str_has_suffix (key, "par");
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
static gboolean
names_only (MlaAgendaParser *parser, const char *text)
{
    g_autofree char *bare = drop_affiliations (parser, text);
    g_autofree char *clean = mla_agenda_parser_clean_person (parser, bare, NULL);
    g_auto (GStrv) parts = NULL;
    guint names = 0;

    if (clean == NULL)
        return FALSE;
    parts = g_regex_split (parser->person_split, clean, 0);
    for (guint i = 0; parts[i] != NULL; i++) {
        if (parts[i][0] != '\0' && !mla_agenda_parser_is_name (parser, parts[i]))
            return FALSE;
        names += parts[i][0] != '\0';
    }
    return names > 0;
}

static void
add_person (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *value, MlaPersonRole role)
{
    gboolean confirmed = TRUE;
    g_autofree char *bare = drop_affiliations (b->parser, value);
    g_autofree char *clean = mla_agenda_parser_clean_person (b->parser, bare, &confirmed);
    g_auto (GStrv) parts = NULL;
    guint names = 0, n = 0;

    if (clean == NULL)
        return;
    parts = g_regex_split (b->parser->person_split, clean, 0);
    for (guint i = 0; parts[i] != NULL; i++) {
        if (parts[i][0] == '\0')
            continue;
        n++;
        names += mla_agenda_parser_is_name (b->parser, parts[i]);
    }
    if (n > 1 && names > 0 && mla_agenda_parser_is_name (b->parser, parts[0])) {
        /* names, each maybe with an affiliation after a comma
         * ("Elena Petrova, University of Oslo"): the names only */
        for (guint i = 0; parts[i] != NULL; i++)
            if (parts[i][0] != '\0' && mla_agenda_parser_is_name (b->parser, parts[i]))
                g_ptr_array_add (slot->people, mla_agenda_person_new (parts[i], role, confirmed));
    } else {
        g_ptr_array_add (slot->people, mla_agenda_person_new (clean, role, confirmed));
    }
}

/* Splits what a title carries besides itself: "@ place", a trailing
 * "(or ...)" note, a " - Speaker Name" tail. */
static void
slot_set_title (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *raw)
{
    g_autofree char *title = squeeze (raw);
    g_autoptr (GMatchInfo) match = NULL;

    if (g_regex_match (b->parser->label_paren, title, 0, &match)) {
        g_autofree char *label = g_match_info_fetch_named (match, "label");
        g_autofree char *value = g_match_info_fetch_named (match, "value");
        g_autofree char *key = fold_compact (label);
        g_autofree char *colon = g_match_info_fetch_named (match, "colon");
        int role = GPOINTER_TO_INT (g_hash_table_lookup (b->parser->labels, key)) - 1;
        gint start = 0;

        /* "(Room A)" without a colon is part of the title */
        if ((colon != NULL && colon[0] != '\0') || label_needs_no_colon (key)) {
            if (role >= 0)
                add_person (b, slot, value, (MlaPersonRole) role);
            else if (slot->location == NULL)
                slot->location = g_steal_pointer (&value);
            g_match_info_fetch_pos (match, 0, &start, NULL);
            title[start] = '\0';
        }
    }
    g_clear_pointer (&match, g_match_info_unref);
    if (g_regex_match (b->parser->location_at, title, 0, &match)) {
        char *before = g_match_info_fetch (match, 1);

        g_free (slot->location);
        slot->location = g_match_info_fetch (match, 2);
        g_free (title);
        title = before;
    }
    g_clear_pointer (&match, g_match_info_unref);
    if (g_regex_match (b->parser->note_paren, title, 0, &match)) {
        gint start = 0;

        g_ptr_array_add (slot->notes, g_match_info_fetch (match, 1));
        g_match_info_fetch_pos (match, 0, &start, NULL);
        title[start] = '\0';
    }
    g_clear_pointer (&match, g_match_info_unref);
    if (g_regex_match (b->parser->speaker_list, title, 0, &match)) {
        g_autofree char *tail = g_match_info_fetch (match, 2);

        if (names_only (b->parser, tail)) {
            char *before = g_match_info_fetch (match, 1);

            add_person (b, slot, tail, MLA_PERSON_ROLE_SPEAKER);
            g_free (title);
            title = before;
        }
    }
    g_clear_pointer (&match, g_match_info_unref);
    if (slot->people->len == 0 && g_regex_match (b->parser->speaker_dash, title, 0, &match)) {
        g_autofree char *name = g_match_info_fetch (match, 2);

        if (mla_agenda_parser_is_name (b->parser, name)) {
            char *before = g_match_info_fetch (match, 1);

            add_person (b, slot, name, MLA_PERSON_ROLE_SPEAKER);
            g_free (title);
            title = before;
        }
    }
    g_clear_pointer (&match, g_match_info_unref);
    if (g_regex_match (b->parser->description, title, 0, &match)) {
        char *before = g_match_info_fetch (match, 1);

        g_ptr_array_add (slot->notes, g_match_info_fetch (match, 2));
        g_free (title);
        title = before;
    }
    g_clear_pointer (&match, g_match_info_unref);
    if (slot->people->len == 0 && g_regex_match (b->parser->label_name, title, 0, &match)) {
        g_autofree char *name = g_match_info_fetch (match, 1);

        /* the whole line is the slot: it stays the title and names its speaker */
        if (mla_agenda_parser_is_name (b->parser, name))
            add_person (b, slot, name, MLA_PERSON_ROLE_SPEAKER);
    }
    g_free (slot->title);
    slot->title = title[0] != '\0' ? g_steal_pointer (&title) : NULL;
}

/* A row of a tab or pipe table without a header: the first cell is the
 * title; a room or a place, a name, or a note follow. */
static void
slot_set_cells (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *row, gboolean pipes)
{
    g_auto (GStrv) cells = g_regex_split (pipes ? b->parser->pipe_cells : b->parser->gap_cells, row,
                                          0);
    GRegex *location_label = b->parser->rules[rule_index ("location-label")];
    guint n = 0;

    for (guint i = 0; cells[i] != NULL; i++) {
        g_autoptr (GMatchInfo) match = NULL;
        g_auto (GStrv) words = NULL;
        gboolean room = FALSE;

        g_strstrip (cells[i]);
        if (cells[i][0] == '\0')
            continue;
        if (n++ == 0) {
            slot_set_title (b, slot, cells[i]);
            continue;
        }
        words = g_strsplit (cells[i], " ", -1);
        for (guint j = 0; words[j] != NULL && !room; j++) {
            g_autofree char *key = fold_compact (words[j]);

            room = g_hash_table_contains (b->parser->room_words, key);
        }
        if (slot->location == NULL && g_regex_match (location_label, cells[i], 0, &match))
            slot->location = g_match_info_fetch_named (match, "value");
        else if (slot->location == NULL && room)
            slot->location = squeeze (cells[i]);
        else if (mla_agenda_parser_is_name (b->parser, cells[i]))
            add_person (b, slot, cells[i], MLA_PERSON_ROLE_SPEAKER);
        else
            g_ptr_array_add (slot->notes, squeeze (cells[i]));
    }
}

static void resolve_weekday_after (MlaAgendaBuilder *b, int weekday, char out[11]);

/* "Here is the agenda for Friday's meeting:" before a programme without
 * a day heading names its day, when it names one weekday only. Returns:
 * (transfer full) (nullable): the weekday as written; @date is its date. */
static char *
intro_weekday (MlaAgendaBuilder *b, char date[11])
{
    g_autofree char *found = NULL;
    int weekday = 0;

    for (guint i = 0; i < b->index; i++) {
        g_autoptr (GMatchInfo) words = NULL;

        if (b->lines[i].blank || strstr (b->lines[i].text, "://") != NULL)
            continue;
        g_regex_match (b->parser->word, b->lines[i].text, 0, &words);
        for (; g_match_info_matches (words); g_match_info_next (words, NULL)) {
            g_autofree char *w = g_match_info_fetch (words, 0);
            char *apostrophe = strpbrk (w, "'\xe2");
            int value;

            if (apostrophe != NULL)
                *apostrophe = '\0';     /* "Friday's" */
            if (!word_is (b->parser->weekdays, w, &value))
                continue;
            if (weekday != 0 && weekday != value)
                return NULL;
            weekday = value;
            if (found == NULL)
                found = g_steal_pointer (&w);
        }
    }
    if (found != NULL)
        resolve_weekday_after (b, weekday, date);
    return g_steal_pointer (&found);
}

static void
builder_add_slot (MlaAgendaBuilder *b, MlaAgendaSlot *slot)
{
    if (b->day == NULL) {
        char date[11] = "";
        g_autofree char *name = intro_weekday (b, date);

        builder_new_day (b, name, date);
    }
    g_ptr_array_add (b->day->slots, slot);
    g_array_append_val (b->slot_lines, b->index);
    b->slot = slot;
    b->slot_open = TRUE;
    b->slot_has_extra = FALSE;
    b->last_content = b->index;
    b->heading_since_slot = FALSE;
}

static char *room_name (MlaAgendaBuilder *b, const char *cell);

static gboolean
is_room_word (MlaAgendaBuilder *b, const char *word)
{
    g_autofree char *key = fold_compact (word);

    return g_hash_table_contains (b->parser->room_words, key);
}

/* Cuts @text where @cut says, trimming each piece. */
static GPtrArray *
cut_cells (const char *text, GArray *cuts)
{
    GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);
    guint from = 0;

    for (guint i = 0; i <= cuts->len; i++) {
        guint to = i < cuts->len ? g_array_index (cuts, guint, i) : (guint) strlen (text);
        g_autofree char *cell = g_strndup (text + from, to - from);

        g_ptr_array_add (cells, squeeze (cell));
        from = to;
    }
    return cells;
}

/* Splits a row written with single spaces ("MC B2.2 (Networking) MC B1.1
 * (Audio) GT 1.1 (Vivek)"): a cell ends after ")" or "?"; a row of one
 * word repeated ("BoFs BoFs BoFs") has one cell per word. With
 * @header, cells start at room words outside parentheses instead. */
static GPtrArray *
split_free (MlaAgendaBuilder *b, const char *text, gboolean header)
{
    g_autoptr (GArray) cuts = g_array_new (FALSE, FALSE, sizeof (guint));
    g_auto (GStrv) words = g_strsplit (text, " ", -1);
    gboolean repeated = g_strv_length (words) > 1;
    int depth = 0;

    for (guint i = 1; words[i] != NULL && repeated; i++)
        repeated = strcmp (words[i], words[0]) == 0;
    for (guint i = 0; text[i] != '\0'; i++) {
        if (text[i] == '(')
            depth++;
        else if (text[i] == ')' && depth > 0)
            depth--;
        if (i == 0 || text[i - 1] != ' ' || text[i] == ' ')
            continue;
        if (repeated
            || (!header && depth == 0 && (text[i - 2] == ')' || text[i - 2] == '?')
                && g_unichar_isalnum (g_utf8_get_char (text + i)))) {
            g_array_append_val (cuts, i);
        } else if (header && depth == 0) {
            g_autofree char *word = g_strndup (text + i, strcspn (text + i, " "));

            if (is_room_word (b, word))
                g_array_append_val (cuts, i);
        }
    }
    return cut_cells (text, cuts);
}

/* The cells of @text (a row without its time, or a header without its
 * time cell) in the table's layout. */
static GPtrArray *
split_row (MlaAgendaBuilder *b, const char *text, char layout, gboolean header)
{
    GPtrArray *cells;

    if (layout == 'f')
        return split_free (b, text, header);
    if (layout == '|') {
        g_auto (GStrv) parts = g_strsplit (text, "|", -1);
        guint n = g_strv_length (parts);

        cells = g_ptr_array_new_with_free_func (g_free);
        for (guint i = 0; i < n; i++) {
            g_autofree char *cell = squeeze (parts[i]);

            /* the rest of the time cell, and the row's closing bar */
            if ((i == 0 && !header) || (i == n - 1 && cell[0] == '\0'))
                continue;
            g_ptr_array_add (cells, g_steal_pointer (&cell));
        }
        return cells;
    }
    {
        g_auto (GStrv) parts = g_regex_split (b->parser->gap_cells, text, 0);

        cells = g_ptr_array_new_with_free_func (g_free);
        for (guint i = 0; parts[i] != NULL; i++)
            if (parts[i][0] != '\0')
                g_ptr_array_add (cells, squeeze (parts[i]));
    }
    return cells;
}

/* Whether a header cell names a room: "Hall 1", "Track A (Salon E)",
 * "Main auditorium", "Ballroom". */
static gboolean
names_room (MlaAgendaBuilder *b, const char *cell)
{
    g_autoptr (GMatchInfo) words = NULL;
    const char *open = strchr (cell, '(');

    if (open != NULL && strchr (open, ')') != NULL && open != cell)
        return TRUE;
    g_regex_match (b->parser->word, cell, 0, &words);
    for (; g_match_info_matches (words); g_match_info_next (words, NULL)) {
        g_autofree char *w = g_match_info_fetch (words, 0);

        if (is_room_word (b, w))
            return TRUE;
    }
    return FALSE;
}

/* "Time | Session | Room | Speaker", "Time<TAB>Hall 1<TAB>Hall 2", "Time
 * Track 1 (Salon E) Track 2 (Salon D)": the columns of the rows below. */
static gboolean
rule_table_header (MlaAgendaBuilder *b, GMatchInfo *match)
{
    const char *text = current_line (b)->text;
    g_autofree char *rest = g_match_info_fetch_named (match, "rest");
    g_autoptr (GPtrArray) cells = NULL;
    char layout = strchr (text, '|') != NULL ? '|'
                  : g_regex_match (b->parser->gap_cells, rest, 0, NULL) ? ' '
                                                                       : 'f';
    guint tracks = 0;

    cells = split_row (b, rest, layout, TRUE);
    if (cells->len < 2)
        return FALSE;
    builder_clear_table (b);
    for (guint i = 0; i < cells->len; i++) {
        const char *cell = g_ptr_array_index (cells, i);
        g_autofree char *key = fold_compact (cell);
        g_autofree char *first = g_strndup (cell, strcspn (cell, " "));
        gsize key_len = strlen (key);

        /* "Speaker(s)", "Room:" name the column as "Speaker", "Room" */
        if (g_str_has_suffix (key, "(s)"))
            key[key_len - 3] = '\0';
        else if (key_len > 1 && key[key_len - 1] == ':')
            key[key_len - 1] = '\0';
        MlaColumn column = { COLUMN_TITLE, MLA_PERSON_ROLE_SPEAKER, NULL };
        int role = GPOINTER_TO_INT (g_hash_table_lookup (b->parser->labels, key)) - 1;

        if (g_hash_table_contains (b->parser->place_labels, key)) {
            column.kind = COLUMN_PLACE;
        } else if (role >= 0 || g_hash_table_contains (b->parser->people_columns, key)) {
            column.kind = COLUMN_PERSON;
            column.role = role >= 0 ? (MlaPersonRole) role : MLA_PERSON_ROLE_SPEAKER;
        } else if (names_room (b, cell)) {
            const char *open = strchr (cell, '(');

            column.kind = COLUMN_TRACK;
            if (open != NULL && strchr (open, ')') != NULL)
                column.room = g_strndup (open + 1, strchr (open, ')') - open - 1);
            else if (is_room_word (b, first))
                column.room = room_name (b, cell);
            else
                column.room = g_strdup (cell);
            tracks++;
        }
        g_array_append_val (b->columns, column);
    }
    if (tracks == 1)    /* one track is no parallel programme: its column is a place */
        for (guint i = 0; i < b->columns->len; i++)
            if (g_array_index (b->columns, MlaColumn, i).kind == COLUMN_TRACK)
                g_array_index (b->columns, MlaColumn, i).kind = COLUMN_PLACE;
    b->column_split = layout;
    b->slot = NULL;
    g_debug ("agenda: rule table-header: line %u: %u columns", b->index + 1, cells->len);
    return TRUE;
}

static guint
count_tracks (MlaAgendaBuilder *b)
{
    guint n = 0;

    for (guint i = 0; i < b->columns->len; i++)
        n += g_array_index (b->columns, MlaColumn, i).kind == COLUMN_TRACK;
    return n;
}

static MlaAgendaSlot *
table_slot (int s, int e)
{
    MlaAgendaSlot *slot = mla_agenda_slot_new ();

    format_minutes (s, slot->start);
    if (e > s)
        format_minutes (e, slot->end);
    return slot;
}

/* A row under a table header: one slot per track cell, or one slot whose
 * cells are its title, place and people. */
static void
table_row (MlaAgendaBuilder *b, const char *row, int s, int e)
{
    g_autoptr (GPtrArray) cells = split_row (b, row, b->column_split, FALSE);
    guint tracks = count_tracks (b), filled = 0;
    MlaAgendaSlot *slot;

    for (guint i = 0; i < cells->len; i++)
        filled += ((char *) g_ptr_array_index (cells, i))[0] != '\0';
    if (tracks >= 2 && filled >= 2 && cells->len <= b->columns->len) {
        for (guint i = 0; i < cells->len; i++) {
            const MlaColumn *column = &g_array_index (b->columns, MlaColumn, i);

            if (((char *) g_ptr_array_index (cells, i))[0] == '\0')
                continue;
            slot = table_slot (s, e);
            slot->room = g_strdup (column->room);
            slot_set_title (b, slot, g_ptr_array_index (cells, i));
            builder_add_slot (b, slot);
        }
        return;
    }
    slot = table_slot (s, e);
    if (tracks >= 2) {
        g_autofree char *whole = squeeze (row);

        g_strchomp (g_strdelimit (whole, "|", ' '));
        slot_set_title (b, slot, whole + strspn (whole, " "));
        builder_add_slot (b, slot);
        return;
    }
    for (guint i = 0; i < cells->len && i < b->columns->len; i++) {
        const MlaColumn *column = &g_array_index (b->columns, MlaColumn, i);
        const char *cell = g_ptr_array_index (cells, i);

        if (cell[0] == '\0')
            continue;
        if (column->kind == COLUMN_PLACE && slot->location == NULL)
            slot->location = g_strdup (cell);
        else if (column->kind == COLUMN_PERSON)
            add_person (b, slot, cell, column->role);
        else if (slot->title == NULL)
            slot_set_title (b, slot, cell);
        else
            g_ptr_array_add (slot->notes, g_strdup (cell));
    }
    builder_add_slot (b, slot);
}

static char *
strip_separators (const char *text)
{
    const char *p = text;

    while (*p == ' ' || *p == '-' || *p == ':' || *p == '|' || *p == '.' || *p == ','
           || g_str_has_prefix (p, "\xe2\x80\x93") || g_str_has_prefix (p, "\xe2\x80\x94")) {
        if ((guchar) *p == 0xe2)
            p += 3;
        else
            p++;
    }
    return g_strdup (p);
}

static gboolean
rule_slot_time (MlaAgendaBuilder *b, GMatchInfo *match)
{
    MlaClock start, end;
    gboolean bare1 = FALSE, bare2 = FALSE, has_end;
    g_autofree char *title_raw = g_match_info_fetch_named (match, "title");
    g_autofree char *title = NULL;
    int s, e = -1;
    gint title_pos = 0;

    if (!fetch_clock (b, match, "1", &start, &bare1))
        return FALSE;
    has_end = fetch_clock (b, match, "2", &end, &bare2);
    title = strip_separators (title_raw);
    if (bare1 && !has_end) {
        g_autofree char *from = g_match_info_fetch_named (match, "from");

        /* "alle 10 Apertura" is a time; "10 people" and "from 10 people" are not */
        if (from == NULL || from[0] == '\0' || !g_unichar_isupper (g_utf8_get_char (title)))
            return FALSE;
    }
    g_strchomp (title);
    while (g_str_has_suffix (title, "|")) {     /* pipe tables */
        title[strlen (title) - 1] = '\0';
        g_strchomp (title);
    }
    if (title[0] == '<')
        return FALSE;           /* chat logs: "12:03 <nick> hello" */
    if (has_end)
        mla_agenda_resolve_range (&start, &end, b->previous, b->all_24h, &s, &e);
    else
        s = mla_agenda_resolve_clock (&start, b->previous, b->all_24h);
    builder_set_zone (b, match);
    if (b->day != NULL && b->day->slots->len > 0 && !b->heading_since_slot && b->previous >= 0
        && s < b->previous - 60 && !runs_past_midnight (b->previous, s)) {
        /* A programme that starts again in the morning is the next day. */
        g_autoptr (GDateTime) next = day_after (b->day->date);
        char date[11] = "";

        if (next != NULL)
            format_date (next, date);
        g_debug ("agenda: rule slot-time: line %u starts a new day", b->index + 1);
        builder_new_day (b, NULL, date);
        builder_clear_table (b);
    }
    b->previous = s;
    g_clear_pointer (&b->pending, mla_agenda_slot_free);
    b->slot = NULL;
    b->slot_indent = current_line (b)->indent;
    g_debug ("agenda: rule slot-time: line %u: %02d:%02d \"%s\"", b->index + 1, s / 60, s % 60,
             title);

    g_match_info_fetch_named_pos (match, "title", &title_pos, NULL);
    title_pos += (gint) (strlen (title_raw) - strlen (title_raw + strspn (title_raw, " -:|.,")));
    if (b->columns->len > 0) {
        table_row (b, title_raw + strspn (title_raw, " -:.,"), s, e);
        return TRUE;
    }
    if (b->rooms->len > 0) {
        /* A table row: each chunk of text (chunks are apart by two or
         * more spaces) goes to the column it starts in. */
        const char *text = current_line (b)->text;
        const char *p = text + title_pos;

        while (*p != '\0') {
            const char *chunk_end;
            glong column;
            guint room = 0;
            g_autofree char *cell = NULL;
            MlaAgendaSlot *slot;

            p += strspn (p, " ");
            if (*p == '\0')
                break;
            chunk_end = strstr (p, "  ");
            if (chunk_end == NULL)
                chunk_end = p + strlen (p);
            column = g_utf8_pointer_to_offset (text, p);
            while (room + 1 < b->rooms->len
                   && (glong) g_array_index (b->room_starts, guint, room + 1) <= column)
                room++;
            cell = g_strndup (p, chunk_end - p);
            p = chunk_end;
            slot = mla_agenda_slot_new ();
            format_minutes (s, slot->start);
            if (e > s)
                format_minutes (e, slot->end);
            slot->room = g_strdup (g_ptr_array_index (b->rooms, room));
            slot_set_title (b, slot, cell);
            builder_add_slot (b, slot);
        }
        return TRUE;
    }
    {
        g_autoptr (MlaAgendaSlot) slot = mla_agenda_slot_new ();

        format_minutes (s, slot->start);
        if (e > s)
            format_minutes (e, slot->end);
        if (title[0] == '\0') {
            b->pending = g_steal_pointer (&slot);
            return TRUE;
        }
        slot_set_cells (b, slot, title, current_line (b)->text[current_line (b)->indent] == '|');
        builder_add_slot (b, g_steal_pointer (&slot));
    }
    return TRUE;
}

/* "- Break (10:15-10:30)" under a slot: a slot of its own, and the list
 * items right after it a slot from the break's end (the first item is
 * its title). "- Return home (4:00PM)": a slot at that time. */
static gboolean
rule_slot_inline (MlaAgendaBuilder *b, GMatchInfo *match)
{
    MlaAgendaSlot *parent = b->slot;
    g_autofree char *title = g_match_info_fetch_named (match, "title");
    g_autoptr (GMatchInfo) item = NULL;
    MlaClock start, end;
    gboolean bare1, bare2, numbered;
    int s, e;
    MlaAgendaSlot *slot;

    /* "3. Treasurer's report (10:25)": a numbered item is a slot of its own */
    numbered = g_ascii_isdigit (title[0]) && g_regex_match (b->parser->list_marker, title, 0, &item);
    if ((!numbered && (parent == NULL || !b->slot_open))
        || !fetch_clock (b, match, "1", &start, &bare1))
        return FALSE;
    if (fetch_clock (b, match, "2", &end, &bare2)) {
        mla_agenda_resolve_range (&start, &end, b->previous, b->all_24h, &s, &e);
    } else if (!bare1) {
        s = mla_agenda_resolve_clock (&start, b->previous, b->all_24h);
        e = -1;
    } else {
        return FALSE;
    }
    slot = mla_agenda_slot_new ();
    format_minutes (s, slot->start);
    if (e > s)
        format_minutes (e, slot->end);
    if (numbered) {
        gint after = 0;

        g_match_info_fetch_pos (item, 0, NULL, &after);
        slot_set_title (b, slot, title + after);
        b->previous = s;
        b->slot_indent = current_line (b)->indent;
        builder_add_slot (b, slot);
        return TRUE;
    }
    slot_set_title (b, slot, title);
    g_ptr_array_add (b->day->slots, slot);
    g_array_append_val (b->slot_lines, b->index);
    b->previous = s;
    b->last_content = b->index;
    if (e > s && b->index + 1 < b->n_lines
        && g_regex_match (b->parser->list_marker,
                          b->lines[b->index + 1].text + b->lines[b->index + 1].indent, 0, NULL)) {
        g_clear_pointer (&b->pending, mla_agenda_slot_free);
        b->pending = mla_agenda_slot_new ();
        format_minutes (e, b->pending->start);
    }
    return TRUE;
}

static gboolean find_date (MlaAgendaBuilder *b, const char *text, char out[11]);
static void add_name_run (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *text);

static gboolean
rule_slot_detail (MlaAgendaBuilder *b, GMatchInfo *match)
{
    MlaAgendaSlot *slot = b->pending != NULL ? b->pending : b->slot;
    MlaClock start, end;
    gboolean bare1, bare2;
    int s, e;

    if (!fetch_clock (b, match, "1", &start, &bare1) || !fetch_clock (b, match, "2", &end, &bare2))
        return FALSE;
    if (slot == NULL)
        return FALSE;
    mla_agenda_resolve_range (&start, &end, -1, b->all_24h, &s, &e);
    builder_set_zone (b, match);
    if (slot == b->pending) {
        /* the lines after the details are the slot's category and text */
        builder_add_slot (b, g_steal_pointer (&b->pending));
    } else if (slot == b->detail_slot) {
        /* A second detail line: a parallel slot, its speaker on the line
         * above, which the slot before took as a note. */
        MlaAgendaSlot *parallel = mla_agenda_slot_new ();
        guint above = b->index;

        while (above > 0 && b->lines[above - 1].blank)
            above--;
        format_minutes (s, parallel->start);
        if (e > s)
            format_minutes (e, parallel->end);
        if (above > 0 && mla_agenda_parser_is_name (b->parser, b->lines[above - 1].text)) {
            g_autofree char *name = squeeze (b->lines[above - 1].text);

            if (slot->notes->len > 0
                && strcmp (g_ptr_array_index (slot->notes, slot->notes->len - 1), name) == 0)
                g_ptr_array_remove_index (slot->notes, slot->notes->len - 1);
            add_name_run (b, parallel, name);
        }
        builder_add_slot (b, parallel);
        b->previous = s;
        slot = parallel;
    }
    b->detail_slot = slot;
    if (slot->end[0] == '\0' && e > s && minutes_of (slot->start) == s)
        format_minutes (e, slot->end);
    if (b->day != NULL && b->day->name == NULL && b->day->date[0] == '\0') {
        /* "Mon Sep-21, 8:30 AM- 9:00 AM" under no heading: the day is
         * named by its slots' detail lines. */
        const char *text = current_line (b)->text;
        gint from = 0;
        g_autofree char *head = NULL;

        g_match_info_fetch_named_pos (match, "h1", &from, NULL);
        head = g_strndup (text, from);
        b->day->name = squeeze (g_strdelimit (head, ",", ' '));
        find_date (b, b->day->name, b->day->date);
    }
    b->detail_line = (gint) b->index;
    return TRUE;
}

/* "Wed 15 Jan 2025, 16:00-17:00, Room B12: Title - Speaker": a line that
 * carries its own date is a slot on that day. */
static gboolean
rule_slot_dated (MlaAgendaBuilder *b, GMatchInfo *match)
{
    g_autofree char *head = g_match_info_fetch_named (match, "head");
    g_autofree char *rest = g_match_info_fetch_named (match, "rest");
    g_autofree char *name = NULL;
    g_autoptr (MlaAgendaSlot) slot = NULL;
    g_autoptr (GMatchInfo) place = NULL;
    MlaClock start, end;
    gboolean bare1, bare2;
    char date[11] = "";
    int s, e;

    if (g_utf8_strlen (head, -1) > HEADING_MAX_CHARS / 2 || !find_date (b, head, date)
        || date[0] == '\0' || !fetch_clock (b, match, "1", &start, &bare1)
        || !fetch_clock (b, match, "2", &end, &bare2))
        return FALSE;
    mla_agenda_resolve_range (&start, &end, -1, b->all_24h, &s, &e);
    builder_set_zone (b, match);
    name = squeeze (head);
    if (b->day == NULL || strcmp (b->day->date, date) != 0)
        builder_new_day (b, name, date);
    builder_clear_table (b);
    slot = mla_agenda_slot_new ();
    format_minutes (s, slot->start);
    if (e > s)
        format_minutes (e, slot->end);
    if (g_regex_match (b->parser->place_prefix, rest, 0, &place)) {
        g_autofree char *where = g_match_info_fetch_named (place, "place");
        g_autofree char *title = g_match_info_fetch_named (place, "title");

        if (names_room (b, where)) {
            slot->location = squeeze (where);
            slot_set_title (b, slot, title);
        }
    }
    if (slot->location == NULL)
        slot_set_title (b, slot, rest);
    g_debug ("agenda: rule slot-dated: line %u: %s %02d:%02d", b->index + 1, date, s / 60, s % 60);
    b->previous = s;
    b->slot_indent = current_line (b)->indent;
    builder_add_slot (b, g_steal_pointer (&slot));
    return TRUE;
}

static gboolean
rule_person_label (MlaAgendaBuilder *b, GMatchInfo *match)
{
    g_autofree char *label = g_match_info_fetch_named (match, "label");
    g_autofree char *colon = g_match_info_fetch_named (match, "colon");
    g_autofree char *value = g_match_info_fetch_named (match, "value");
    g_autofree char *key = fold_compact (label);
    int role = GPOINTER_TO_INT (g_hash_table_lookup (b->parser->labels, key)) - 1;

    if ((colon == NULL || colon[0] == '\0') && !label_needs_no_colon (key))
        return FALSE;
    if (b->slot == NULL || role < 0)
        return FALSE;
    add_person (b, b->slot, value, (MlaPersonRole) role);
    b->slot_has_extra = TRUE;
    b->last_content = b->index;
    return TRUE;
}

/* Whether a slot line follows the current line anywhere below. */
static gboolean
slot_follows (MlaAgendaBuilder *b)
{
    for (guint i = b->index + 1; i < b->n_lines; i++)
        if (!b->lines[i].blank
            && (g_regex_match (b->parser->rules[rule_index ("slot-time")], b->lines[i].text, 0, NULL)
                || g_regex_match (b->parser->rules[rule_index ("slot-detail")], b->lines[i].text, 0,
                                  NULL)))
            return TRUE;
    return FALSE;
}

static gboolean
rule_location_label (MlaAgendaBuilder *b, GMatchInfo *match)
{
    MlaAgendaSlot *slot = b->pending != NULL ? b->pending : b->slot;

    if (slot == NULL || slot->location != NULL)
        return FALSE;
    /* "Venue: ..." in a paragraph after the programme is the event's
     * place, not the last slot's */
    if (slot == b->slot && b->last_content + 1 != b->index && !slot_follows (b))
        return FALSE;
    slot->location = g_match_info_fetch_named (match, "value");
    b->last_content = b->index;
    return TRUE;
}

static gboolean
rule_track_header (MlaAgendaBuilder *b, GMatchInfo *match)
{
    (void) match;
    b->header_line = (gint) b->index;
    return TRUE;
}

/* "ROOM     A" -> "Room A": capitals are layout, not name. */
static char *
room_name (MlaAgendaBuilder *b, const char *cell)
{
    g_autofree char *clean = squeeze (cell);
    g_auto (GStrv) words = g_strsplit (clean, " ", -1);

    for (guint i = 0; words[i] != NULL; i++) {
        g_autofree char *key = fold_compact (words[i]);

        if (g_hash_table_contains (b->parser->room_words, key)) {
            g_autofree char *lower = g_utf8_strdown (words[i], -1);

            g_free (words[i]);
            words[i] = g_strdup_printf ("%c%s", g_ascii_toupper (lower[0]), lower + 1);
        }
    }
    return g_strjoinv (" ", words);
}

static gboolean
rule_underline (MlaAgendaBuilder *b, GMatchInfo *match)
{
    const MlaAgendaLine *line = current_line (b);

    (void) match;
    if (b->header_line >= 0 && (guint) b->header_line + 1 == b->index && line->runs != NULL
        && line->runs->len >= 2) {
        const char *header = b->lines[b->header_line].text;
        glong length = g_utf8_strlen (header, -1);

        builder_clear_table (b);
        for (guint i = 0; i < line->runs->len; i++) {
            guint from = g_array_index (line->runs, guint, i);
            guint to = i + 1 < line->runs->len ? g_array_index (line->runs, guint, i + 1)
                                               : (guint) length;
            g_autofree char *cell = (glong) from < length
                                        ? g_utf8_substring (header, from, MIN ((glong) to, length))
                                        : g_strdup ("");

            g_ptr_array_add (b->rooms, room_name (b, cell));
            g_array_append_val (b->room_starts, from);
        }
        b->slot = NULL;
        g_debug ("agenda: rule underline: line %u: %u track columns", b->index + 1, b->rooms->len);
    } else if (b->heading_candidate >= 0 && (guint) b->heading_candidate + 1 == b->index
               && b->agenda->title == NULL && b->slot_lines->len == 0) {
        b->agenda->title = squeeze (b->lines[b->heading_candidate].text);
        g_debug ("agenda: rule underline: line %u: agenda title", b->index + 1);
    }
    return TRUE;
}

static gboolean
word_is (GHashTable *table, const char *word, int *value)
{
    g_autofree char *key = fold (word);
    gpointer found;

    if (!g_hash_table_lookup_extended (table, key, NULL, &found))
        return FALSE;
    if (value != NULL)
        *value = GPOINTER_TO_INT (found);
    return TRUE;
}

static int
fetch_int (GMatchInfo *match, const char *name)
{
    g_autofree char *text = g_match_info_fetch_named (match, name);

    return text != NULL ? atoi (text) : 0;
}

/* Finds a date in @text; returns FALSE when there is none. */
static gboolean
find_date (MlaAgendaBuilder *b, const char *text, char out[11])
{
    g_autoptr (GMatchInfo) match = NULL;
    int year, month = 0, day;
    g_autofree char *mo1 = NULL, *mo2 = NULL;

    if (!g_regex_match (b->parser->date, text, 0, &match))
        return FALSE;
    mo1 = g_match_info_fetch_named (match, "mo1");
    mo2 = g_match_info_fetch_named (match, "mo2");
    if (mo1 != NULL && mo1[0] != '\0') {
        word_is (b->parser->months, mo1, &month);
        day = fetch_int (match, "d1");
        year = fetch_int (match, "y1");
    } else if (mo2 != NULL && mo2[0] != '\0') {
        word_is (b->parser->months, mo2, &month);
        day = fetch_int (match, "d2");
        year = fetch_int (match, "y2");
    } else if (fetch_int (match, "iy") != 0) {
        year = fetch_int (match, "iy");
        month = fetch_int (match, "im");
        day = fetch_int (match, "id");
    } else {
        year = fetch_int (match, "dy");
        month = fetch_int (match, "dm");
        day = fetch_int (match, "dd");
    }
    if (year != 0)
        b->year_hint = year;
    else
        year = b->year_hint;
    if (!mla_agenda_resolve_date (b->reference, year, month, day, out))
        out[0] = '\0';
    return TRUE;
}

/* The year that dates without one belong to: the first date written
 * with its year; without a reference date, the first year at all
 * ("Parrot Developer Summit 2008", a list archive's "PDT 2009"). Web
 * addresses are not context. Returns 0 when the text has none. */
static int
text_year (MlaAgendaBuilder *b)
{
    int bare = 0;

    for (guint i = 0; i < b->n_lines; i++) {
        const char *text = b->lines[i].text;
        g_autoptr (GMatchInfo) match = NULL;
        g_autoptr (GMatchInfo) year = NULL;

        if (b->lines[i].blank || strstr (text, "://") != NULL)
            continue;
        if (g_regex_match (b->parser->date, text, 0, &match)) {
            do {
                static const char *const keys[] = { "y1", "y2", "iy", "dy" };

                for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
                    if (fetch_int (match, keys[k]) != 0)
                        return fetch_int (match, keys[k]);
            } while (g_match_info_next (match, NULL));
        }
        if (bare == 0 && b->reference == NULL && g_regex_match (b->parser->year, text, 0, &year)) {
            g_autofree char *found = g_match_info_fetch (year, 0);

            bare = atoi (found);
        }
    }
    return bare;
}

/* Weekdays follow each other: "Monday" then "Tuesday" are consecutive,
 * even when the mail was sent on a Tuesday. */
static void
resolve_weekday_after (MlaAgendaBuilder *b, int weekday, char out[11])
{
    g_autoptr (GDateTime) after = NULL;

    for (guint i = b->agenda->days->len; i-- > 0 && after == NULL;)
        after = day_after (((MlaAgendaDay *) g_ptr_array_index (b->agenda->days, i))->date);
    mla_agenda_resolve_weekday (after != NULL ? after : b->reference, weekday, out);
}

static gboolean
rule_day_heading (MlaAgendaBuilder *b, GMatchInfo *match)
{
    const MlaAgendaLine *line = current_line (b);
    g_autofree char *text = squeeze (line->text);
    g_autoptr (GMatchInfo) words = NULL;
    g_autofree char *weekday_word = NULL, *day_label = NULL;
    char date[11] = "";
    gboolean has_date, abbr = FALSE;
    int weekday = 0, value, other = 0, n_words = 0;
    gint name_from = -1;

    (void) match;
    if (g_utf8_strlen (text, -1) > HEADING_MAX_CHARS || strstr (text, "://") != NULL
        || g_regex_match (b->parser->time_anywhere, text, 0, NULL)
        || g_regex_match (b->parser->attribution, text, 0, NULL))
        return FALSE;
    has_date = find_date (b, text, date);
    g_regex_match (b->parser->word, text, 0, &words);
    while (g_match_info_matches (words)) {
        g_autofree char *w = g_match_info_fetch (words, 0);

        n_words++;
        gint from = 0;

        g_match_info_fetch_pos (words, 0, &from, NULL);
        if (word_is (b->parser->weekdays, w, &value)) {
            if (weekday == 0) {
                weekday = value;
                weekday_word = g_strdup (w);
                if (name_from < 0)
                    name_from = from;
            }
        } else if (word_is (b->parser->weekday_abbrs, w, &value)) {
            if (weekday == 0) {
                weekday = value;
                weekday_word = g_strdup (w);
                abbr = TRUE;
                if (name_from < 0)
                    name_from = from;
            }
        } else if (word_is (b->parser->day_words, w, NULL) && n_words == 1) {
            gint end = 0;
            int number;

            g_match_info_fetch_pos (words, 0, NULL, &end);
            number = atoi (text + end + strspn (text + end, " "));
            if (number > 0) {
                day_label = g_strdup_printf ("%s %d", w, number);
                name_from = from;
            } else {
                other++;
            }
        } else if (!word_is (b->parser->months, w, NULL)
                   && !g_regex_match_simple ("^(?:st|nd|rd|th|er|of|de|di|del|la|the|le|am|den)$", w,
                                             G_REGEX_CASELESS, 0)) {
            other++;
        }
        g_match_info_next (words, NULL);
    }
    if (other > HEADING_MAX_OTHER_WORDS)
        return FALSE;
    if (abbr && !has_date && n_words > 1)
        return FALSE;
    if (weekday == 0 && !has_date && day_label == NULL)
        return FALSE;
    if (date[0] == '\0' && weekday != 0)
        resolve_weekday_after (b, weekday, date);
    g_debug ("agenda: rule day-heading: line %u: \"%s\" %s", b->index + 1, text, date);
    {
        /* The heading as written, from its weekday or "Day N" on: "LC
         * Agenda for Monday, September 14th." is "Monday, September 14th". */
        g_autofree char *name = g_strdup (text + MAX (name_from, 0));
        gsize len = strlen (name);

        while (len > 0 && strchr (":.,;-= ", name[len - 1]) != NULL)
            name[--len] = '\0';

        if (b->day != NULL && b->day->slots->len == 0 && b->pending == NULL) {
            /* "Day 2 - ..." then "Friday, Apr. 24": one heading. */
            if (weekday_word != NULL || b->day->name == NULL) {
                g_free (b->day->name);
                b->day->name = g_strdup (name);
            }
            if (date[0] != '\0')
                memcpy (b->day->date, date, sizeof date);
        } else {
            builder_new_day (b, name, date);
        }
    }
    builder_clear_table (b);
    b->heading_since_slot = TRUE;
    return TRUE;
}

/* Whether the next line with text is a slot's place, which makes this
 * line the title, not a speaker ("Welcome Keynote / location: Salon F"). */
static gboolean
next_is_place (MlaAgendaBuilder *b)
{
    for (guint i = b->index + 1; i < b->n_lines; i++)
        if (!b->lines[i].blank)
            return g_regex_match (b->parser->rules[rule_index ("location-label")],
                                  b->lines[i].text, 0, NULL);
    return FALSE;
}

/* "Keith Bergelt Jim Zemlin": speakers printed one after the other. Four
 * capitalised words without a particle are two names. */
static void
add_name_run (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *text)
{
    g_auto (GStrv) words = g_strsplit (text, " ", -1);

    if (g_strv_length (words) == 4 && g_regex_match (b->parser->capitalised_run, text, 0, NULL)) {
        g_autofree char *first = g_strjoin (" ", words[0], words[1], NULL);
        g_autofree char *second = g_strjoin (" ", words[2], words[3], NULL);

        add_person (b, slot, first, MLA_PERSON_ROLE_SPEAKER);
        add_person (b, slot, second, MLA_PERSON_ROLE_SPEAKER);
    } else {
        add_person (b, slot, text, MLA_PERSON_ROLE_SPEAKER);
    }
}

/* The people of a line that holds only people: names apart by commas or
 * "and" ("Dario Faggioli, Giuseppe Lipari and Tommaso Cucinotta"), each
 * with an affiliation in parentheses, or one name and its affiliation
 * after a comma ("Peter Zijlstra, Red Hat"). Returns: (transfer full)
 * (nullable): the names, or NULL when the line is not of people. */
static GStrv
person_line (MlaAgendaParser *parser, const char *text)
{
    g_autofree char *bare = g_regex_replace_literal (parser->paren_part, text, -1, 0, "", 0, NULL);
    g_auto (GStrv) parts = NULL;
    g_autoptr (GStrvBuilder) names = g_strv_builder_new ();
    const char *comma;
    gboolean single;

    if (bare == NULL)
        return NULL;
    g_strstrip (bare);
    parts = g_regex_split (parser->person_split, bare, 0);
    comma = strchr (bare, ',');
    /* "Ann Lee, Red Hat": two parts apart by a comma are a name and its
     * affiliation; a list of names ends with "and" or has more commas */
    single = comma != NULL && strchr (comma + 1, ',') == NULL && g_strv_length (parts) == 2;
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

        if (mla_agenda_parser_is_name (parser, first)) {
            g_strv_builder_add (one, first);
            return g_strv_builder_end (one);
        }
    }
    return NULL;
}

/* Whether the slot's lines end after line @from: the next line with text
 * starts another slot, or the text ends (then @at_end). */
static gboolean
slot_ends_after (MlaAgendaBuilder *b, guint from, gboolean at_end)
{
    for (guint i = from + 1; i < b->n_lines; i++) {
        if (b->lines[i].blank)
            continue;
        return g_regex_match (b->parser->rules[rule_index ("slot-time")], b->lines[i].text, 0, NULL)
               || g_regex_match (b->parser->rules[rule_index ("slot-detail")], b->lines[i].text,
                                 0, NULL);
    }
    return at_end;
}

/* "9:30 Invited Talk", a blank line, then the talk's title and speaker:
 * a short paragraph right before the next slot belongs to the slot above;
 * other paragraphs after a slot are prose after the programme. */
static gboolean
paragraph_before_slot (MlaAgendaBuilder *b)
{
    guint last = b->index;

    while (last + 1 < b->n_lines && !b->lines[last + 1].blank)
        last++;
    return last - b->index < PARAGRAPH_MAX_LINES && slot_ends_after (b, last, FALSE);
}

static gboolean
people_at (MlaAgendaBuilder *b, guint i)
{
    g_auto (GStrv) names = NULL;

    if (i >= b->n_lines || b->lines[i].blank)
        return FALSE;
    names = person_line (b->parser, b->lines[i].text);
    return names != NULL;
}

/* Whether line @i, a bare name in form, is a talk's title because people
 * follow it ("Great Title / Ann Lee, Bob Ray"). */
static gboolean
title_over_people (MlaAgendaBuilder *b, guint i)
{
    return strpbrk (b->lines[i].text, ",(") == NULL && people_at (b, i + 1);
}

/* A line of people under a slot gives its speakers when it closes the
 * slot (at most a talk title before it, nobody named yet) or follows
 * such a line directly; names under a session's paper titles are the
 * papers' authors, kept as notes. */
static gboolean
add_person_line (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *text, gboolean adjacent)
{
    g_auto (GStrv) names = NULL;
    gboolean after_people = adjacent && b->person_line >= 0
                            && (guint) b->person_line == b->last_content;
    guint last = b->index;

    if (!after_people && (slot->people->len > 0 || slot->notes->len > 1))
        return FALSE;
    if (title_over_people (b, b->index) || (names = person_line (b->parser, text)) == NULL)
        return FALSE;
    /* the lines of people run on to the slot's end */
    while (people_at (b, last + 1) && !title_over_people (b, last + 1))
        last++;
    if (!slot_ends_after (b, last, TRUE))
        return FALSE;
    for (guint i = 0; names[i] != NULL; i++)
        add_person (b, slot, names[i], MLA_PERSON_ROLE_SPEAKER);
    b->person_line = (gint) b->index;
    return TRUE;
}

static gboolean
rule_text (MlaAgendaBuilder *b, GMatchInfo *match)
{
    const MlaAgendaLine *line = current_line (b);
    g_autofree char *squeezed = squeeze (line->text);
    g_autofree char *text = g_regex_replace_literal (b->parser->list_marker, squeezed, -1, 0, "", 0,
                                                     NULL);
    MlaAgendaSlot *slot = b->slot;
    gboolean adjacent = b->last_content + 1 == b->index;
    gboolean item = strcmp (text, squeezed) != 0;   /* a list item is no name */

    (void) match;
    b->heading_candidate = (gint) b->index;
    if (b->pending != NULL) {
        g_autofree char *title = strip_separators (text);

        if (title[0] == '(' || b->rooms->len > 0) {
            g_clear_pointer (&b->pending, mla_agenda_slot_free);
            return TRUE;
        }
        if (b->pending->people->len == 0 && !item && mla_agenda_parser_is_name (b->parser, title)
            && !next_is_place (b)) {
            /* "9:00 AM / Jim Zemlin / Welcome Keynote": the title follows. */
            add_name_run (b, b->pending, title);
            return TRUE;
        }
        slot = g_steal_pointer (&b->pending);
        slot_set_title (b, slot, title);
        builder_add_slot (b, slot);
        b->slot_indent = line->indent;
        return TRUE;
    }
    if (slot != NULL && b->detail_line >= 0 && (guint) b->detail_line + 1 == b->index
        && slot->location == NULL
        && strchr (text, ' ') != NULL && !g_str_has_suffix (text, ".")) {
        /* Schedules print the place under the date line. */
        slot->location = g_strdup (text);
        b->last_content = b->index;
        return TRUE;
    }
    if (slot == NULL || !b->slot_open)
        return TRUE;
    if (!adjacent && line->indent <= b->slot_indent
        && (b->slot_has_extra || !paragraph_before_slot (b))) {
        b->slot_open = FALSE;    /* a paragraph after the programme */
        return TRUE;
    }
    if (adjacent && !b->slot_has_extra && !item && slot->title != NULL
        && ((strchr (slot->title, '(') != NULL && strchr (slot->title, ')') == NULL)
            || (line->indent > b->slot_indent && g_unichar_islower (g_utf8_get_char (text))))) {
        char *joined = g_strconcat (slot->title, " ", text, NULL);

        g_debug ("agenda: rule text: line %u continues the title", b->index + 1);
        g_free (slot->title);
        slot->title = joined;
    } else if (!b->slot_has_extra && !item && mla_agenda_parser_is_name (b->parser, text)
               && !people_at (b, b->index + 1)) {
        g_debug ("agenda: rule text: line %u is the chair", b->index + 1);
        add_person (b, slot, text, MLA_PERSON_ROLE_CHAIR);
        b->slot_has_extra = TRUE;
    } else if (!item && add_person_line (b, slot, text, adjacent)) {
        g_debug ("agenda: rule text: line %u names the slot's people", b->index + 1);
        b->slot_has_extra = TRUE;
    } else {
        gboolean confirmed = TRUE;
        g_autofree char *clean = mla_agenda_parser_clean_person (b->parser, text, &confirmed);

        if (!b->slot_has_extra && !item && !confirmed && clean != NULL
            && mla_agenda_parser_is_name (b->parser, clean)) {
            g_ptr_array_add (slot->people,
                             mla_agenda_person_new (clean, MLA_PERSON_ROLE_CHAIR, FALSE));
        } else {
            g_debug ("agenda: rule text: line %u is a note", b->index + 1);
            g_ptr_array_add (slot->notes, strip_separators (text));
        }
        b->slot_has_extra = TRUE;
    }
    b->last_content = b->index;
    return TRUE;
}

static void
classify_line (MlaAgendaBuilder *b)
{
    const MlaAgendaLine *line = current_line (b);

    if (line->blank)
        return;
    for (guint i = 0; i < G_N_ELEMENTS (rules); i++) {
        g_autoptr (GMatchInfo) match = NULL;

        if (g_regex_match (b->parser->rules[i], line->text, 0, &match)
            && rules[i].handler (b, match)) {
            g_debug ("agenda: line %u: rule %s", b->index + 1, rules[i].name);
            return;
        }
    }
}

/* Whether the text writes 24-hour times throughout: a slot line with an
 * hour past 12 or a leading zero, and none with am/pm. */
static gboolean
text_is_24h (MlaAgendaBuilder *b, guint slot_rule)
{
    gboolean seen_24h = FALSE;

    for (guint i = 0; i < b->n_lines; i++) {
        g_autoptr (GMatchInfo) match = NULL;

        if (b->lines[i].blank
            || !g_regex_match (b->parser->rules[slot_rule], b->lines[i].text, 0, &match))
            continue;
        for (guint n = 1; n <= 2; n++) {
            MlaClock clock;
            gboolean bare;
            char key[2] = { (char) ('0' + n), '\0' };

            if (!fetch_clock (b, match, key, &clock, &bare) || bare)
                continue;
            if (clock.suffix == MLA_CLOCK_AM || clock.suffix == MLA_CLOCK_PM)
                return FALSE;
            if (clock.suffix == MLA_CLOCK_24H)
                seen_24h = TRUE;
        }
    }
    return seen_24h;
}

/* A reply that quotes a few lines of an agenda to discuss them holds no
 * agenda: a quoted block counts only as a whole schedule, with a day
 * heading or with at least QUOTED_MIN_SLOTS slot lines. The lines of other
 * quoted blocks are skipped. */
static void
skip_quoted_fragments (MlaAgendaBuilder *b, MlaAgendaLine *lines)
{
    GRegex *slot_time = b->parser->rules[rule_index ("slot-time")];
    GRegex *heading = b->parser->rules[rule_index ("day-heading")];

    for (guint i = 0; i < b->n_lines;) {
        guint end = i, slots = 0;
        gboolean has_heading = FALSE;

        if (!lines[i].quoted) {
            i++;
            continue;
        }
        for (; end < b->n_lines && lines[end].quoted; end++) {
            const char *text = lines[end].text + lines[end].indent;

            if (lines[end].blank)
                continue;
            if (g_regex_match (slot_time, text, 0, NULL))
                slots++;
            else if (strlen (text) <= HEADING_MAX_CHARS / 2 && g_regex_match (heading, text, 0, NULL)
                     && !g_regex_match (b->parser->time_anywhere, text, 0, NULL))
                has_heading = TRUE;
        }
        if (!has_heading && slots < QUOTED_MIN_SLOTS)
            for (guint j = i; j < end; j++)
                lines[j].blank = TRUE;
        i = end;
    }
}

/* Whether a schedule heading ("Agenda", "Time | Talk | Speaker") stands
 * in the lines before line @first, the first slot's. */
static gboolean
schedule_heading_before (MlaAgendaBuilder *b, guint first)
{
    for (guint i = first > SLOT_CLUSTER_GAP ? first - SLOT_CLUSTER_GAP : 0; i < first; i++) {
        const char *text = b->lines[i].text + b->lines[i].indent;

        if (b->lines[i].blank)
            continue;
        if (g_unichar_isupper (g_utf8_get_char (text))
            && g_regex_match (b->parser->schedule_heading, text, 0, NULL))
            return TRUE;
        /* a header row has cells: "When we meet" is no table */
        if ((strchr (text, '|') != NULL || strstr (text, "  ") != NULL)
            && g_regex_match (b->parser->rules[rule_index ("table-header")], text, 0, NULL))
            return TRUE;
    }
    return FALSE;
}

/* An agenda needs evidence: three slot lines close together, or two
 * under a day heading or a schedule heading, or on neighbouring lines. */
static gboolean
has_evidence (MlaAgendaBuilder *b)
{
    guint run = 1, best = 0;

    for (guint i = 0; i < b->slot_lines->len; i++) {
        guint line = g_array_index (b->slot_lines, guint, i);

        if (i > 0) {
            guint prev = g_array_index (b->slot_lines, guint, i - 1);

            run = line - prev <= SLOT_CLUSTER_GAP ? run + 1 : 1;
            if (line - prev <= 2 && run >= 2)
                best = MAX (best, 3);
        }
        best = MAX (best, run);
    }
    if (best >= 3)
        return TRUE;
    if (best == 2 && b->slot_lines->len == 2
        && schedule_heading_before (b, g_array_index (b->slot_lines, guint, 0)))
        return TRUE;
    if (best == 2 && b->slot_lines->len == 2)
        for (guint i = 0; i < b->agenda->days->len; i++) {
            MlaAgendaDay *day = g_ptr_array_index (b->agenda->days, i);

            if (day->slots->len >= 2 && (day->name != NULL || day->date[0] != '\0'))
                return TRUE;
        }
    return FALSE;
}

static void
builder_finish (MlaAgendaBuilder *b)
{
    for (guint i = b->agenda->days->len; i-- > 0;) {
        MlaAgendaDay *day = g_ptr_array_index (b->agenda->days, i);

        if (day->slots->len == 0) {
            g_ptr_array_remove_index (b->agenda->days, i);
            continue;
        }
        for (guint j = 0; j < day->slots->len; j++) {
            MlaAgendaSlot *slot = g_ptr_array_index (day->slots, j);

            slot->kind = mla_agenda_parser_kind (b->parser, slot->title);
        }
        mla_agenda_fill_ends (day);
    }
}

static guint
rule_index (const char *name)
{
    for (guint i = 0; i < G_N_ELEMENTS (rules); i++)
        if (strcmp (rules[i].name, name) == 0)
            return i;
    g_assert_not_reached ();
}

GPtrArray *
mla_agenda_parser_parse (MlaAgendaParser *parser, const char *text, GDateTime *reference)
{
    GPtrArray *agendas = g_ptr_array_new_with_free_func ((GDestroyNotify) mla_agenda_free);
    g_autoptr (GArray) lines = NULL;
    g_auto (GStrv) raw = NULL;
    g_autoptr (MlaAgenda) agenda = NULL;
    MlaAgendaBuilder b = { 0 };
    gboolean military;

    g_return_val_if_fail (parser != NULL, agendas);
    if (text == NULL || !may_hold_agenda (parser, text))
        return agendas;
    raw = g_strsplit (text, "\n", -1);
    lines = g_array_sized_new (FALSE, TRUE, sizeof (MlaAgendaLine), g_strv_length (raw));
    g_array_set_clear_func (lines, line_clear);
    military = text_is_military (parser, raw);
    for (guint i = 0; raw[i] != NULL; i++) {
        MlaAgendaLine line = { 0 };

        scan_line (parser, raw[i], military, &line);
        g_array_append_val (lines, line);
    }
    agenda = mla_agenda_new ();
    b.parser = parser;
    b.reference = reference;
    b.agenda = agenda;
    b.lines = (const MlaAgendaLine *) lines->data;
    b.n_lines = lines->len;
    b.previous = -1;
    b.header_line = -1;
    b.detail_line = -1;
    b.person_line = -1;
    b.heading_candidate = -1;
    b.slot_lines = g_array_new (FALSE, FALSE, sizeof (guint));
    b.rooms = g_ptr_array_new_with_free_func (g_free);
    b.room_starts = g_array_new (FALSE, FALSE, sizeof (guint));
    b.columns = g_array_new (FALSE, TRUE, sizeof (MlaColumn));
    g_array_set_clear_func (b.columns, column_clear);
    skip_quoted_fragments (&b, (MlaAgendaLine *) lines->data);
    b.all_24h = text_is_24h (&b, rule_index ("slot-time"));
    b.year_hint = text_year (&b);
    for (b.index = 0; b.index < b.n_lines; b.index++)
        classify_line (&b);
    g_clear_pointer (&b.pending, mla_agenda_slot_free);
    if (has_evidence (&b)) {
        builder_finish (&b);
        g_ptr_array_add (agendas, g_steal_pointer (&agenda));
    } else if (b.slot_lines->len > 0) {
        g_debug ("agenda: %u slot lines are too few or too far apart for an agenda",
                 b.slot_lines->len);
    }
    g_array_unref (b.slot_lines);
    g_ptr_array_unref (b.rooms);
    g_array_unref (b.room_starts);
    g_array_unref (b.columns);
    return agendas;
}
