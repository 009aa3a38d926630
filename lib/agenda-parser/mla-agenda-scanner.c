/* mla-agenda-scanner.c: the agenda parser's line scanner: quote prefixes,
 * tabs, underlines, the cheap "may hold an agenda" test, quoted fragments
 * of a reply. */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <stdlib.h>
#include <string.h>
#include "mla-agenda-scanner-private.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-builder-private.h"
#include "mla-agenda-times-private.h"
#include "mla-agenda-unfold-private.h"

/* slot lines that make a quoted block a schedule */
#define QUOTED_MIN_SLOTS 4
#define INTERJECTION_MAX_LINES 3 /* unquoted lines a quoted agenda may hold */
/* unquoted slot lines that make quoted ones history */
#define REPLY_MIN_SLOTS 3
#define FRAME_MAX_FIELDS 6    /* lines between a frame and its slots */
#define LINE_MAX_COLUMNS 1000 /* a longer line is no part of an agenda */

char *
mla_agenda_squeeze (const char *text)
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

const MlaAgendaLine *
mla_agenda_current_line (MlaAgendaBuilder *b)
{
    return &b->lines[b->index];
}

gsize
mla_agenda_field_label (const char *text)
{
    const char *colon = strstr (text, ": ");
    guint spaces = 0;

    if (colon == NULL || colon == text)
        return 0;
    for (const char *p = text; p < colon; p++) {
        if (strchr ("0123456789()[]", *p) != NULL)
            return 0;
        spaces += *p == ' ';
    }
    return spaces < FIELD_MAX_WORDS ? (gsize) (colon - text) : 0;
}

char *
mla_agenda_strip_separators (const char *text)
{
    const char *p = text;

    /* (and "\u301c", "\uff5e": "18:00\u301c Social", a range with no end) */
    while (*p == ' ' || *p == '-' || *p == ':' || *p == '|' || *p == '.' ||
           *p == ',' || g_str_has_prefix (p, "\xe2\x80\x93") ||
           g_str_has_prefix (p, "\xe2\x80\x94") ||
           g_str_has_prefix (p, "\xe3\x80\x9c") ||
           g_str_has_prefix (p, "\xef\xbd\x9e")) {
        if ((guchar) *p >= 0xe0)
            p += 3;
        else
            p++;
    }
    return g_strdup (p);
}

/* The text of @raw as the rules read it, before its layout: the quote
 * prefix gone (@line->quoted says there was one), Markdown strike-through
 * gone, times normalised, any bullet sign made "\u2022". Returns: (transfer
 * full). */
static char *
unquote_and_normalise (MlaAgendaParser *parser, const char *raw,
                       gboolean military, MlaAgendaLine *line)
{
    /* (the quote's pattern needs a ">" after spaces and tabs) */
    g_autofree char *unquoted =
        raw[strspn (raw, " \t")] == '>'
            ? g_regex_replace_literal (parser->quote, raw, -1, 0, "", 0, NULL)
            : NULL;
    char *normal = NULL;
    const char *start = unquoted != NULL ? unquoted : raw;

    line->quoted = strcmp (start, raw) != 0;
    if (strstr (start, "~~") != NULL) {
        char *kept =
            g_regex_replace_literal (parser->struck, start, -1, 0, "", 0, NULL);

        if (kept != NULL) {
            g_free (unquoted);
            start = unquoted = kept;
        }
    }
    if (start[0] == '|' && strchr (start + 1, '|') == NULL) {
        /* "| 11:00 - kexec": a quote in the pipe style, not a table row */
        line->quoted = TRUE;
        start += start[1] == ' ' ? 2 : 1;
    }
    normal = mla_agenda_normalise_times (parser, start, military);
    if (g_regex_match (parser->bullet, normal, 0, NULL)) {
        /* one sign for every list item: the rules know "\u2022" */
        char *bulleted = g_regex_replace (parser->bullet, normal, -1, 0,
                                          "\\1\xe2\x80\xa2", 0, NULL);

        if (bulleted != NULL) {
            g_free (normal);
            normal = bulleted;
        }
    }
    return normal;
}

/* Appends the full-width "\uff08", "\uff09" or "\uff1a" at @p to @text as
 * "(", ")", ": " ("\u5ea7\u9577\uff1aName\uff08Org\uff09"); ":" alone
 * inside a time ("11\uff1a00"). */
static void
lay_out_full_width (const char *p, GString *text, guint *column,
                    MlaAgendaLine *line)
{
    char sign = (guchar) p[2] == 0x88 ? '(' : (guchar) p[2] == 0x89 ? ')' : ':';

    if (sign == '(' && text->len > 0 && text->str[text->len - 1] != ' ') {
        g_string_append_c (text, ' ');
        (*column)++;
    }
    g_string_append_c (text, sign);
    (*column)++;
    /* "14\uff1a10": between the hours and minutes of a time, a colon */
    if (sign == ':' && text->len >= 2 &&
        g_ascii_isdigit (text->str[text->len - 2]) && g_ascii_isdigit (p[3]))
        return;
    if (sign == ':') {
        g_string_append_c (text, ' ');
        (*column)++;
        line->wide_colon = TRUE;
    } else {
        line->wide_parens = TRUE;
    }
}

/* Appends the character at @p of @start to @text as the rules read it,
 * @column counting the columns; returns the bytes it took. */
static gsize
lay_out_char (const char *start, const char *p, GString *text, guint *column,
              MlaAgendaLine *line)
{
    if (*p == '\t') {
        guint from = *column;

        /* A tab inside a line separates cells: keep it two spaces wide
         * (the line as written, its empty cells too, in tabbed). */
        if (line->tabbed == NULL && text->len > 0)
            line->tabbed = g_strdup (start);
        do {
            g_string_append_c (text, ' ');
            (*column)++;
        } while (*column % 8 != 0 || *column - from < 2);
    } else if ((guchar) p[0] == 0xef && (guchar) p[1] == 0xbc &&
               ((guchar) p[2] == 0x88 || (guchar) p[2] == 0x89 ||
                (guchar) p[2] == 0x9a)) {
        lay_out_full_width (p, text, column, line);
        return 3;
    } else if ((guchar) p[0] == 0xe2 && (guchar) p[1] == 0x80 &&
               (guchar) p[2] == 0x95) {
        /* the horizontal bar "\u2015" of Japanese text reads as the em
         * dash ("\u9032\u6357\u5831\u544a \u2015 \u7530\u4e2d
         * \u7f8e\u54b2") */
        g_string_append (text, "\xe2\x80\x94");
        (*column)++;
        return 3;
    } else if ((guchar) p[0] == 0xe3 && (guchar) p[1] == 0x80 &&
               (guchar) p[2] == 0x80) {
        /* an ideographic space is two columns wide: a gap, as in
         * "10:00\u301c10:15\u3000Opening" */
        g_string_append (text, "  ");
        *column += 2;
        return 3;
    } else if (*p != '\r') {
        line->narrow_parens |= *p == '(' || *p == ')';
        g_string_append_c (text, *p);
        if (((guchar) *p & 0xc0) != 0x80)
            (*column)++;
    }
    return 1;
}

/* An underline ("======  ======"): the columns where its runs start. */
static void
find_runs (MlaAgendaLine *line)
{
    gboolean only_rule = TRUE;

    for (const char *p = line->text + line->indent; *p != '\0' && only_rule;
         p++)
        only_rule = strchr ("=-~_*# ", *p) != NULL;
    if (line->blank || !only_rule || strlen (line->text) - line->indent < 3)
        return;
    line->runs = g_array_new (FALSE, FALSE, sizeof (guint));
    for (guint i = 0; line->text[i] != '\0'; i++) {
        gboolean in = line->text[i] != ' ';
        gboolean was = i > 0 && line->text[i - 1] != ' ';

        if (in && !was)
            g_array_append_val (line->runs, i);
    }
}

void
mla_agenda_scan_line (MlaAgendaParser *parser, const char *raw,
                      gboolean military, MlaAgendaLine *line)
{
    g_autofree char *start =
        unquote_and_normalise (parser, raw, military, line);
    GString *text = g_string_new (NULL);
    guint column = 0;

    for (const char *p = start; *p != '\0';)
        p += lay_out_char (start, p, text, &column, line);
    if (text->len > LINE_MAX_COLUMNS) {
        /* Some rules are quadratic in a line's length; such a line is no
         * table row or slot anyway, so it counts as blank. */
        g_string_truncate (text, 0);
    }
    line->text = g_string_free (text, FALSE);
    line->indent = strspn (line->text, " ");
    line->blank = line->text[line->indent] == '\0';
    find_runs (line);
}

void
mla_agenda_line_clear (gpointer data)
{
    MlaAgendaLine *line = data;

    g_free (line->text);
    g_free (line->tabbed);
    if (line->runs != NULL)
        g_array_unref (line->runs);
}

/* Whether @c is one of MLA_AGENDA_ASCII_SPACES (tab to carriage return,
 * and the space): a test a byte, on every line of every mail. */
static inline gboolean
is_ascii_space (char c)
{
    return c == ' ' || (c >= '\t' && c <= '\r');
}

gboolean
mla_agenda_has_gap (const char *text, const char *end)
{
    for (const char *p = text; *p != '\0' && (end == NULL || p < end); p++)
        if ((guchar) *p >= 0x80 || *p == '|' || *p == '\t' ||
            (is_ascii_space (p[0]) && (end == NULL || p + 1 < end) &&
             is_ascii_space (p[1])))
            return TRUE;
    return FALSE;
}

/* Whether the line from @p to @end (NULL: its NUL) holds two clocks such
 * as "16:00" or "9.30" close together, as a range does ("16:00 - 17:00",
 * not "1.2.3"): a cheap test before a regex. */
static gboolean
has_clock_range (const char *p, const char *end)
{
    const char *last = NULL;

    for (; *p != '\0' && (end == NULL || p + 2 < end); p++) {
        if (!g_ascii_isdigit (p[0]) || (p[1] != ':' && p[1] != '.') ||
            !g_ascii_isdigit (p[2]))
            continue;
        if (last != NULL && p - last >= 4 && p - last <= 12)
            return TRUE;
        last = p;
    }
    return FALSE;
}

/* Whether the line from @p to @end (NULL: its NUL) ends in a digit after
 * dot leaders, as "Coffee ...... 11:00" does, or in brackets after a gap,
 * as "AOB      [11:00]" does: a cheap test before the rewrite that moves
 * such a time to the line's start. */
static gboolean
ends_after_leaders (const char *p, const char *end)
{
    const char *last = end != NULL ? end : p + strlen (p);
    guint dots = 0;

    while (last > p && g_ascii_isspace (last[-1]))
        last--;
    if (last - p > 4 && last[-1] == ']' && g_ascii_isdigit (last[-2])) {
        const char *open = last - 2;

        while (open > p && last - open <= 16 && *open != '[')
            open--;
        return *open == '[' && open - p >= 2 && open[-1] == ' ' &&
               open[-2] == ' ' && g_ascii_isdigit (open[1]);
    }
    if (last == p || !g_ascii_isdigit (last[-1]))
        return FALSE;
    for (const char *q = p; q < last && dots < 4; q++) {
        if (*q == '.')
            dots++;
        else if (!(*q == ' ' && q > p && q[-1] == '.')) /* ". . . ." */
            dots = 0;
    }
    return dots >= 4;
}

/* Whether @p starts with a short label and a colon before a digit, as
 * "Time/place: 16:15" does: a cheap test before the rule's regex. */
static gboolean
label_before_digit (const char *p)
{
    gsize label = 0;

    /* (bounded: most lines are prose, which runs on past any label) */
    while (label <= 24 &&
           (g_ascii_isalpha (p[label]) || p[label] == ' ' || p[label] == '/' ||
            p[label] == '&' || p[label] == '+'))
        label++;
    return label > 0 && label <= 24 && p[label] == ':' &&
           g_ascii_isdigit (p[label + 1 + strspn (p + label + 1, " \t")]);
}

/* Whether @p starts with a word for noon ("noon", "midday"). */
static gboolean
starts_with_noon (MlaAgendaParser *parser, const char *p)
{
    /* most lines start with a letter: test its initial before the words */
    if (!parser->noon_initials[(guchar) *p])
        return FALSE;
    for (guint i = 0; parser->noon_words[i] != NULL; i++)
        if (g_ascii_strncasecmp (p, parser->noon_words[i],
                                 strlen (parser->noon_words[i])) == 0)
            return TRUE;
    return FALSE;
}

/* "2026-11-05<TAB>09:00<TAB>09:45<TAB>Opening", "| Mon | 09:00 | Talk |":
 * a row of an export, the time in the cell after the first. */
static gboolean
time_after_cell (GRegex *slot_time, const char *line, const char *end)
{
    const char *stop = end != NULL ? end : line + strlen (line);
    const char *first = line + strspn (line, "| ");
    const char *tab, *bar, *next;
    g_autofree char *copy = NULL;

    /* (every line comes here: memchr, no copy before a digit after a cell) */
    if (first >= stop)
        return FALSE;
    tab = memchr (first, '\t', stop - first);
    bar = memchr (first, '|', stop - first);
    next = tab == NULL ? bar : bar == NULL ? tab : MIN (tab, bar);
    if (next == NULL)
        return FALSE;
    for (next++; next < stop && (*next == ' ' || *next == '\t'); next++)
        ;
    if (next == stop || !g_ascii_isdigit (*next))
        return FALSE;
    copy = g_strndup (next, stop - next);
    return g_regex_match (slot_time, copy, 0, NULL);
}

/* The first of @chars at or after @from, or NULL: kept per text, so that
 * each byte is searched once however many lines lie between hits. */
static const char *
next_of (const char *cached, const char *from, const char *chars)
{
    if (cached != NULL && cached < from)
        cached = strpbrk (from, chars);
    return cached;
}

/* One line of a text as mla_agenda_may_hold() sees it. */
typedef struct {
    MlaAgendaParser *parser;
    const char *unquoted; /* the line after its quote prefix and sign */
    const char *p;        /* where a time may start */
    const char *end;      /* the line's newline, or NULL at the text's end */
    const char *stop;     /* the line's end */
    gboolean digits;      /* the line holds a digit */
    gboolean tabs;        /* the line holds a tab */
} MlaHoldLine;

/* What a line says of the text: nothing, one slot line more, or that the
 * text holds a whole programme. */
typedef enum {
    MLA_HOLD_NONE,
    MLA_HOLD_SLOT,
    MLA_HOLD_ALL,
} MlaHold;

/* Whether any of the rules @names (NULL-terminated) matches @text. */
static gboolean
matches_rule (MlaAgendaParser *parser, const char *const *names,
              const char *text)
{
    for (guint i = 0; names[i] != NULL; i++)
        if (g_regex_match (mla_agenda_rule (parser, names[i]), text, 0, NULL))
            return TRUE;
    return FALSE;
}

static gboolean
may_start_with_time (const MlaHoldLine *l)
{
    return g_ascii_isdigit (*l->p) || starts_with_noon (l->parser, l->p) ||
           (l->digits && ends_after_leaders (l->p, l->end));
}

#define LENGTHS_LOOK_AHEAD 60 /* lines under a clock alone */

/* Whether two items of a length ("Intro (10)") follow a clock alone on
 * its line, among the lines after @rest (nullable): a working group's
 * agenda, whose one clock time times them all. */
static gboolean
lengths_follow (MlaAgendaParser *parser, const char *rest)
{
    guint items = 0;

    for (guint i = 0; rest != NULL && i < LENGTHS_LOOK_AHEAD && items < 2;
         i++) {
        const char *end = strchr (rest + 1, '\n');
        g_autofree char *line =
            g_strstrip (end != NULL ? g_strndup (rest + 1, end - rest - 1)
                                    : g_strdup (rest + 1));

        if (strpbrk (line, "0123456789") != NULL &&
            g_regex_match (parser->item_length, line, 0, NULL))
            items++;
        rest = end;
    }
    return items >= 2;
}

static MlaHold
hold_time_first (const MlaHoldLine *l)
{
    static const char *const slots[] = { "slot-time", "slot-dated", NULL };
    g_autofree char *copy = g_strndup (l->unquoted, l->stop - l->unquoted);
    g_autofree char *normal =
        mla_agenda_normalise_times (l->parser, copy, FALSE);

    gboolean slot = matches_rule (l->parser, slots, normal) ||
                    mla_agenda_is_military_line (l->parser, normal);

    /* a line of times heads a grid of rooms: a whole programme */
    if (g_regex_match (mla_agenda_rule (l->parser, "time-header"), normal, 0,
                       NULL))
        return MLA_HOLD_ALL;
    if (slot && g_regex_match (l->parser->clock_alone, normal, 0, NULL) &&
        lengths_follow (l->parser, l->end))
        return MLA_HOLD_ALL;
    return slot ? MLA_HOLD_SLOT : MLA_HOLD_NONE;
}

static gboolean
may_be_labelled (const MlaHoldLine *l)
{
    return l->digits && label_before_digit (l->p);
}

static MlaHold
hold_labelled (const MlaHoldLine *l)
{
    static const char *const labelled[] = { "slot-labelled", NULL };
    g_autofree char *copy = g_strndup (l->unquoted, l->stop - l->unquoted);

    return matches_rule (l->parser, labelled, copy) ? MLA_HOLD_SLOT
                                                    : MLA_HOLD_NONE;
}

static gboolean
may_hold_range (const MlaHoldLine *l)
{
    return l->digits && has_clock_range (l->p, l->end);
}

/* "Wed 15 Jan 2025, 16:00-17:00, Room B12: Title" */
static MlaHold
hold_range (const MlaHoldLine *l)
{
    static const char *const ranges[] = { "slot-dated", "slot-inline", NULL };
    g_autofree char *copy = g_strndup (l->unquoted, l->stop - l->unquoted);

    return matches_rule (l->parser, ranges, copy) ? MLA_HOLD_SLOT
                                                  : MLA_HOLD_NONE;
}

/* (the header's pattern needs a gap after its first column: "+<TAB>spin_lock
 * (...);" of a patch has its tab before) */
static gboolean
may_head_export (const MlaHoldLine *l)
{
    return l->tabs && g_ascii_isalpha (*l->p) &&
           mla_agenda_has_gap (l->p, l->stop);
}

/* "Date<TAB>Start<TAB>End<TAB>Session": an export's header */
static MlaHold
hold_export (const MlaHoldLine *l)
{
    static const char *const header[] = { "export-header", NULL };
    g_autofree char *copy = g_strndup (l->p, l->stop - l->p);

    return matches_rule (l->parser, header, copy) ? MLA_HOLD_ALL
                                                  : MLA_HOLD_NONE;
}

#define FOLDED_MIN_CHARS 120 /* three ranges, three items and more */

/* a programme folded onto one line, its items apart by " * " */
static gboolean
may_be_folded (const MlaHoldLine *l)
{
    return l->digits && l->stop - l->unquoted >= FOLDED_MIN_CHARS &&
           g_strstr_len (l->unquoted, l->stop - l->unquoted, " * ") != NULL;
}

static MlaHold
hold_folded (const MlaHoldLine *l)
{
    g_autofree char *copy = g_strndup (l->unquoted, l->stop - l->unquoted);

    return mla_agenda_unfold_is_folded (l->parser, copy) ? MLA_HOLD_ALL
                                                         : MLA_HOLD_NONE;
}

/* The tests of a line, cheapest first: the first whose guard holds is the
 * only one run. */
static const struct {
    const char *name;
    gboolean (*guard) (const MlaHoldLine *l);
    MlaHold (*test) (const MlaHoldLine *l);
} hold_tests[] = {
    { "folded", may_be_folded, hold_folded },
    { "time-first", may_start_with_time, hold_time_first },
    { "labelled", may_be_labelled, hold_labelled },
    { "range", may_hold_range, hold_range },
    { "export-header", may_head_export, hold_export },
};

/* Where a time may start on the line at @l->unquoted: after a struck-out
 * time, a bullet or a bracket, a sign and a space, or one short word
 * ("ore 9.30", "ab 19 Uhr", "kl. 15.00"). Sets @l->p (and @l->unquoted
 * past a struck-out time or a sign). */
static void
find_time_start (MlaHoldLine *l)
{
    const char *p = l->unquoted;

    if (p[0] == '~' && p[1] == '~') {
        /* "~~09:00~~ 09:30-10:30": the time struck out is gone */
        const char *close = strstr (p + 2, "~~");

        if (close != NULL && (l->end == NULL || close < l->end))
            l->unquoted = p = close + 2 + strspn (close + 2, " \t");
    }
    if (strchr ("-*+|[", *p) != NULL && *p != '\0') {
        p += 1 + strspn (p + 1, " \t");
    } else if ((guchar) *p >= 0xc2 && *(g_utf8_next_char (p)) == ' ') {
        l->unquoted = p =
            g_utf8_next_char (p) + 1 + strspn (g_utf8_next_char (p) + 1, " \t");
    } else if (g_ascii_isalpha (*p) && !starts_with_noon (l->parser, p)) {
        gsize word = 0;

        while (word <= 5 && g_ascii_isalpha (p[word]))
            word++;
        word += p[word] == '.';
        if (word <= 5 && p[word] == ' ')
            p += word + strspn (p + word, " \t");
    }
    l->p = p;
}

/* What the line @l says: the first test whose guard holds, then, when it
 * found no slot, an export's row (a time in the cell after the first). */
static MlaHold
hold_line (const MlaHoldLine *l)
{
    MlaHold hold = MLA_HOLD_NONE;

    for (guint i = 0; i < G_N_ELEMENTS (hold_tests); i++)
        if (hold_tests[i].guard (l)) {
            hold = hold_tests[i].test (l);
            break;
        }
    if (hold == MLA_HOLD_NONE && l->digits &&
        time_after_cell (mla_agenda_rule (l->parser, "slot-time"), l->unquoted,
                         l->end))
        hold = MLA_HOLD_SLOT;
    return hold;
}

/* The no-agenda path must be cheap: the parser runs on every message.
 * An agenda has at least two lines that start with a time, so look only
 * at lines that start with a digit or "noon" (after quotes, spaces, a
 * bullet, a bracket or one short word such as "ore"), or that end with a
 * time after dot leaders or in brackets, or whose label names a time
 * ("When: 16:15").
 * Most lines of mail hold no digit and no tab: for them only "noon" is
 * tested, the next digit and tab of the text being looked up once. */
/* (Any other character before a space may be a bullet, "\u25b8 9h", and
 * the rules know "\u2022" only: the line is tried without it.) */
gboolean
mla_agenda_may_hold (MlaAgendaParser *parser, const char *text)
{
    const char *digit = text, *tab = text;
    guint found = 0;

    for (const char *line = text; line != NULL && *line != '\0';) {
        MlaHoldLine l = { parser, NULL, NULL, NULL, NULL, FALSE, FALSE };
        MlaHold hold;

        l.end = strchr (line, '\n');
        l.stop = l.end != NULL ? l.end : line + strlen (line);
        l.unquoted = line + strspn (line, " \t>");
        digit = next_of (digit, line, "0123456789");
        tab = next_of (tab, line, "\t");
        l.digits = digit != NULL && digit < l.stop;
        l.tabs = tab != NULL && tab < l.stop;
        find_time_start (&l);
        hold = hold_line (&l);
        if (hold == MLA_HOLD_ALL || (hold == MLA_HOLD_SLOT && ++found >= 2))
            return TRUE;
        line = l.end != NULL ? l.end + 1 : NULL;
    }
    return FALSE;
}

/* The unquoted lines from @i on, when they are a short interjection
 * inside a quoted block ("--> Ines is on leave; Paul presents instead."):
 * at most INTERJECTION_MAX_LINES lines with text, then quoted lines.
 * Returns: the next quoted line, or @i when they are no interjection. */
static guint
skip_interjection (MlaAgendaBuilder *b, const MlaAgendaLine *lines, guint i)
{
    guint texts = 0, j = i;

    for (; j < b->n_lines && !lines[j].quoted; j++)
        if (!lines[j].blank && ++texts > INTERJECTION_MAX_LINES)
            return i;
    return j < b->n_lines ? j : i;
}

/* Whether @line is a slot's line with a clock time ("14:00", "* 9h30",
 * "[3pm]"), not a list's number ("1. The panel moves to 14:00"). */
static gboolean
is_clock_slot_line (MlaAgendaBuilder *b, const MlaAgendaLine *line)
{
    g_autoptr (GMatchInfo) match = NULL;
    MlaClock clock;
    gboolean bare = TRUE;

    return g_regex_match (mla_agenda_rule (b->parser, "slot-time"),
                          line->text + line->indent, 0, &match) &&
           mla_agenda_fetch_clock (b, match, "1", &clock, &bare) && !bare;
}

/* The first line of the original under a reply that quotes it without
 * "> " (Outlook's "-----Original Message-----", or its "From:" line over
 * a "Sent:" line), or @b->n_lines when there is none. */
static guint
unprefixed_original (MlaAgendaBuilder *b, const MlaAgendaLine *lines)
{
    for (guint i = 0; i < b->n_lines; i++)
        if (!lines[i].quoted &&
            (g_regex_match (b->parser->original, lines[i].text, 0, NULL) ||
             (i + 1 < b->n_lines &&
              g_regex_match (b->parser->original_from, lines[i].text, 0,
                             NULL) &&
              g_regex_match (b->parser->original_sent, lines[i + 1].text, 0,
                             NULL))))
            return i;
    return b->n_lines;
}

/* A reply that quotes a few lines of an agenda to discuss them holds no
 * agenda: a quoted block counts only as a whole schedule, with a day
 * heading or with at least QUOTED_MIN_SLOTS slot lines. The lines of other
 * quoted blocks are skipped. */
void
mla_agenda_skip_quoted_fragments (MlaAgendaBuilder *b, MlaAgendaLine *lines)
{
    GRegex *slot_time = mla_agenda_rule (b->parser, "slot-time");
    GRegex *heading = mla_agenda_rule (b->parser, "day-heading");
    guint own_slots = 0, original = unprefixed_original (b, lines);

    /* A reply with a programme of its own over a quoted one is a new
     * version of it: the quoted programme is history, and so is an
     * original quoted without "> " under it. (A forward, or a reply that
     * says no more than "Fine", keeps the original's programme.) */
    for (guint i = 0; i < original && own_slots < REPLY_MIN_SLOTS; i++)
        if (!lines[i].quoted && !lines[i].blank &&
            is_clock_slot_line (b, &lines[i]))
            own_slots++;
    if (own_slots >= REPLY_MIN_SLOTS)
        for (guint i = original; i < b->n_lines; i++)
            lines[i].blank = TRUE;
    for (guint i = 0; i < b->n_lines;) {
        guint end = i, slots = 0;
        gboolean has_heading = FALSE;

        if (!lines[i].quoted) {
            i++;
            continue;
        }
        for (; end < b->n_lines; end++) {
            const char *text = lines[end].text + lines[end].indent;

            if (!lines[end].quoted) {
                guint next = skip_interjection (b, lines, end);

                if (next == end)
                    break;
                end = next;
                text = lines[end].text + lines[end].indent;
            }
            if (lines[end].blank)
                continue;
            if (g_regex_match (slot_time, text, 0, NULL))
                slots++;
            else if (strlen (text) <= HEADING_MAX_CHARS / 2 &&
                     g_regex_match (heading, text, 0, NULL) &&
                     !g_regex_match (b->parser->time_anywhere, text, 0, NULL))
                has_heading = TRUE;
        }
        if (own_slots >= REPLY_MIN_SLOTS ||
            (!has_heading && slots < QUOTED_MIN_SLOTS))
            for (guint j = i; j < end; j++)
                lines[j].blank |= lines[j].quoted;
        i = end;
    }
}

/* Whether the slot's lines end after line @from: the next line with text
 * starts another slot, or the text ends (then @at_end). */
gboolean
mla_agenda_slot_ends_after (MlaAgendaBuilder *b, guint from, gboolean at_end)
{
    for (guint i = from + 1; i < b->n_lines; i++) {
        if (b->lines[i].blank)
            continue;
        return g_regex_match (mla_agenda_rule (b->parser, "slot-time"),
                              b->lines[i].text, 0, NULL) ||
               g_regex_match (mla_agenda_rule (b->parser, "slot-detail"),
                              b->lines[i].text, 0, NULL);
    }
    return at_end;
}

/* Whether slot lines follow line @from after at most a few field lines
 * ("Room: Chitlada 2", "Chairs: A, B"), rules and a schedule heading
 * ("Agenda" over its underline): then a dated line with hours at @from
 * frames them. */
gboolean
mla_agenda_slots_follow_frame (MlaAgendaBuilder *b, guint from)
{
    guint fields = 0;

    for (guint i = from + 1; i < b->n_lines; i++) {
        const char *text = b->lines[i].text;

        if (b->lines[i].blank)
            continue;
        if (g_regex_match (mla_agenda_rule (b->parser, "slot-time"), text, 0,
                           NULL) ||
            g_regex_match (mla_agenda_rule (b->parser, "slot-detail"), text, 0,
                           NULL))
            return TRUE;
        if (g_regex_match (mla_agenda_rule (b->parser, "underline"), text, 0,
                           NULL) ||
            g_regex_match (b->parser->schedule_heading, text, 0, NULL))
            continue;
        if (++fields > FRAME_MAX_FIELDS ||
            !g_regex_match (b->parser->field_line, text, 0, NULL))
            return FALSE;
    }
    return FALSE;
}

/* Whether a slot line follows the current line anywhere below. */
gboolean
mla_agenda_slot_follows (MlaAgendaBuilder *b)
{
    for (guint i = b->index + 1; i < b->n_lines; i++)
        if (!b->lines[i].blank &&
            (g_regex_match (mla_agenda_rule (b->parser, "slot-time"),
                            b->lines[i].text, 0, NULL) ||
             g_regex_match (mla_agenda_rule (b->parser, "slot-detail"),
                            b->lines[i].text, 0, NULL)))
            return TRUE;
    return FALSE;
}
