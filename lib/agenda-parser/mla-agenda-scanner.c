/* mla-agenda-scanner.c: the agenda parser's line scanner: quote prefixes,
 * tabs, underlines, the cheap "may hold an agenda" test, quoted fragments
 * of a reply. */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <stdlib.h>
#include <string.h>
#include "mla-agenda-scanner-private.h"
#include "mla-agenda-times-private.h"
#include "mla-agenda-days-private.h"
#include "mla-agenda-rules-private.h"

/* slot lines that make a quoted block a schedule */
#define QUOTED_MIN_SLOTS 4
#define INTERJECTION_MAX_LINES 3 /* unquoted lines a quoted agenda may hold */
/* unquoted slot lines that make quoted ones history */
#define REPLY_MIN_SLOTS 3
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

void
mla_agenda_scan_line (MlaAgendaParser *parser, const char *raw,
                      gboolean military, MlaAgendaLine *line)
{
    g_autofree char *unquoted =
        g_regex_replace_literal (parser->quote, raw, -1, 0, "", 0, NULL);
    g_autofree char *normal = NULL;
    const char *start = unquoted != NULL ? unquoted : raw;
    GString *text = g_string_new (NULL);
    guint column = 0;
    gboolean only_rule = TRUE;

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
    start = normal;
    if (g_regex_match (parser->bullet, start, 0, NULL)) {
        /* one sign for every list item: the rules know "\u2022" */
        char *bulleted = g_regex_replace (parser->bullet, start, -1, 0,
                                          "\\1\xe2\x80\xa2", 0, NULL);

        if (bulleted != NULL) {
            g_free (normal);
            start = normal = bulleted;
        }
    }
    for (const char *p = start; *p != '\0'; p++) {
        if (*p == '\t') {
            guint from = column;

            /* A tab inside a line separates cells: keep it two spaces wide
             * (the line as written, its empty cells too, in tabbed). */
            if (line->tabbed == NULL && text->len > 0)
                line->tabbed = g_strdup (start);
            do {
                g_string_append_c (text, ' ');
                column++;
            } while (column % 8 != 0 || column - from < 2);
        } else if ((guchar) p[0] == 0xef && (guchar) p[1] == 0xbc &&
                   ((guchar) p[2] == 0x88 || (guchar) p[2] == 0x89 ||
                    (guchar) p[2] == 0x9a)) {
            /* full-width "\uff08", "\uff09", "\uff1a" read as "(", ")", ": "
             * ("\u5ea7\u9577\uff1aName\uff08Org\uff09") */
            char sign = (guchar) p[2] == 0x88   ? '('
                        : (guchar) p[2] == 0x89 ? ')'
                                                : ':';

            if (sign == '(' && text->len > 0 &&
                text->str[text->len - 1] != ' ') {
                g_string_append_c (text, ' ');
                column++;
            }
            g_string_append_c (text, sign);
            column++;
            if (sign == ':') {
                g_string_append_c (text, ' ');
                column++;
                line->wide_colon = TRUE;
            }
            p += 2;
        } else if ((guchar) p[0] == 0xe2 && (guchar) p[1] == 0x80 &&
                   (guchar) p[2] == 0x95) {
            /* the horizontal bar "\u2015" of Japanese text reads as the em
             * dash ("\u9032\u6357\u5831\u544a \u2015 \u7530\u4e2d
             * \u7f8e\u54b2") */
            g_string_append (text, "\xe2\x80\x94");
            column++;
            p += 2;
        } else if ((guchar) p[0] == 0xe3 && (guchar) p[1] == 0x80 &&
                   (guchar) p[2] == 0x80) {
            /* an ideographic space is two columns wide: a gap, as in
             * "10:00\u301c10:15\u3000Opening" */
            g_string_append (text, "  ");
            column += 2;
            p += 2;
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
    for (const char *p = line->text + line->indent; *p != '\0' && only_rule;
         p++)
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

void
mla_agenda_line_clear (gpointer data)
{
    MlaAgendaLine *line = data;

    g_free (line->text);
    g_free (line->tabbed);
    if (line->runs != NULL)
        g_array_unref (line->runs);
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
        const char *end = strchr (line, '\n');
        const char *stop = end != NULL ? end : line + strlen (line);
        const char *unquoted = line + strspn (line, " \t>");
        const char *p = unquoted;
        gboolean digits, tabs;
        guint before = found;

        digit = next_of (digit, line, "0123456789");
        tab = next_of (tab, line, "\t");
        digits = digit != NULL && digit < stop;
        tabs = tab != NULL && tab < stop;
        if (p[0] == '~' && p[1] == '~') {
            /* "~~09:00~~ 09:30-10:30": the time struck out is gone */
            const char *close = strstr (p + 2, "~~");

            if (close != NULL && (end == NULL || close < end))
                unquoted = p = close + 2 + strspn (close + 2, " \t");
        }
        if (strchr ("-*+|[", *p) != NULL && *p != '\0')
            p += 1 + strspn (p + 1, " \t");
        else if ((guchar) *p >= 0xc2 && *(g_utf8_next_char (p)) == ' ')
            unquoted = p = g_utf8_next_char (p) + 1 +
                           strspn (g_utf8_next_char (p) + 1, " \t");
        else if (g_ascii_isalpha (*p) && !starts_with_noon (parser, p)) {
            /* "ore 9.30", "ab 19 Uhr", "kl. 15.00": a short word before the
             * time */
            gsize word = 0;

            while (word <= 5 && g_ascii_isalpha (p[word]))
                word++;
            word += p[word] == '.';
            if (word <= 5 && p[word] == ' ')
                p += word + strspn (p + word, " \t");
        }
        if (g_ascii_isdigit (*p) || starts_with_noon (parser, p) ||
            (digits && ends_after_leaders (p, end))) {
            g_autofree char *copy = g_strndup (unquoted, stop - unquoted);
            g_autofree char *normal =
                mla_agenda_normalise_times (parser, copy, FALSE);

            if ((g_regex_match (mla_agenda_rule (parser, "slot-time"), normal,
                                0, NULL) ||
                 g_regex_match (mla_agenda_rule (parser, "slot-dated"), normal,
                                0, NULL) ||
                 mla_agenda_is_military_line (parser, normal)) &&
                ++found >= 2)
                return TRUE;
            /* a line of times heads a grid of rooms: a whole programme */
            if (g_regex_match (mla_agenda_rule (parser, "time-header"), normal,
                               0, NULL))
                return TRUE;
        } else if (digits && label_before_digit (p)) {
            g_autofree char *copy = g_strndup (unquoted, stop - unquoted);

            if (g_regex_match (mla_agenda_rule (parser, "slot-labelled"), copy,
                               0, NULL) &&
                ++found >= 2)
                return TRUE;
        } else if (digits && has_clock_range (p, end)) {
            /* "Wed 15 Jan 2025, 16:00-17:00, Room B12: Title" */
            g_autofree char *copy = g_strndup (unquoted, stop - unquoted);

            if ((g_regex_match (mla_agenda_rule (parser, "slot-dated"), copy, 0,
                                NULL) ||
                 g_regex_match (mla_agenda_rule (parser, "slot-inline"), copy,
                                0, NULL)) &&
                ++found >= 2)
                return TRUE;
        } else if (tabs && g_ascii_isalpha (*p)) {
            /* "Date<TAB>Start<TAB>End<TAB>Session": an export's header */
            g_autofree char *copy = g_strndup (p, stop - p);

            if (g_regex_match (mla_agenda_rule (parser, "export-header"), copy,
                               0, NULL))
                return TRUE;
        }
        if (found == before && digits &&
            time_after_cell (mla_agenda_rule (parser, "slot-time"), unquoted,
                             end) &&
            ++found >= 2)
            return TRUE;
        line = end != NULL ? end + 1 : NULL;
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
