/* mla-agenda-evidence.c: whether the slots a text gave make an agenda at
 * all: enough slot lines close together, and no sign that the times are
 * something else (a trip, a poll, a report, a rota, a patch, or what the
 * subject and the lines around them say). */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <string.h>
#include "mla-agenda-evidence-private.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-builder-private.h"
#include "mla-agenda-times-private.h"
#include "mla-agenda-scanner-private.h"
#include "mla-agenda-names-private.h"

#define SLOT_CLUSTER_GAP 15 /* lines between slot lines of one agenda */
#define FIELD_BLOCKS_MIN 3  /* slots read from blocks of fields, any gap */
#define ROTA_MIN_DAYS 3     /* days of one slot each that may be a rota */
#define ROTA_NAME_MAX_WORDS 4
/* lines with text around the times that say what they are */
#define AROUND_LINES 5
#define LEAD_IN_LINES 10        /* lines before them where "Agenda" overrules */
#define REPERTOIRE_MIN_TITLES 3 /* titles shown more than once in showtimes */

/* Whether a schedule heading ("Agenda", "Time | Talk | Speaker") stands
 * in the lines before line @first, the first slot's. */
static gboolean
schedule_heading_before (MlaAgendaBuilder *b, guint first)
{
    for (guint i = first > SLOT_CLUSTER_GAP ? first - SLOT_CLUSTER_GAP : 0;
         i < first; i++) {
        const char *text = b->lines[i].text + b->lines[i].indent;

        if (b->lines[i].blank)
            continue;
        if (g_unichar_isupper (g_utf8_get_char (text)) &&
            g_regex_match (b->parser->schedule_heading, text, 0, NULL))
            return TRUE;
        /* a header row has cells: "When we meet" is no table */
        if ((strchr (text, '|') != NULL || strstr (text, "  ") != NULL) &&
            g_regex_match (mla_agenda_rule (b->parser, "table-header"), text, 0,
                           NULL))
            return TRUE;
    }
    return FALSE;
}

/* "14:00-15:00  Tuesday": a title that is a day and nothing else is a
 * poll's option. */
static gboolean
names_a_day_only (MlaAgendaBuilder *b, const char *title)
{
    char date[11] = "";
    gint span[2] = { 0, 0 };

    if (mla_agenda_word_is (b->parser->weekdays, title, NULL) ||
        mla_agenda_word_is (b->parser->weekday_abbrs, title, NULL))
        return TRUE;
    return mla_agenda_find_date_span (b, title, date, span) && span[0] == 0 &&
           (gsize) span[1] == strlen (title);
}

/* "7 | 2 | 5 | Vereinsheim", "12   3   Room B": a title whose cells
 * (apart by "|", or by two spaces or a tab) are mostly counts is a row of
 * a tally (a poll's votes, a table of results), no session. */
static gboolean
is_tally (const char *title)
{
    gboolean pipes = strchr (title, '|') != NULL;
    guint n = 0, counts = 0;

    for (const char *p = title; *p != '\0';) {
        const char *end = p;
        gsize digits, len;

        while (*end != '\0' &&
               !(pipes ? *end == '|'
                       : *end == '\t' || (end[0] == ' ' && end[1] == ' ')))
            end++;
        while (p < end && g_ascii_isspace (*p))
            p++;
        len = end - p;
        while (len > 0 && g_ascii_isspace (p[len - 1]))
            len--;
        digits = strspn (p, "0123456789");
        if (len > 0) {
            n++;
            counts += digits > 0 && (digits == len ||
                                     (digits + 1 == len && p[digits] == '%'));
        }
        p = end + strspn (end, pipes ? "|" : " \t");
    }
    return counts >= 2 && counts * 2 >= n;
}

/* "Heat 22 l strike water to 74 C": a title that measures something, or
 * "dernière entrée à 18h00" in a slot: an entry of a log or of opening
 * hours, no session. */
static gboolean
measures_or_admits (MlaAgendaBuilder *b, const MlaAgendaSlot *slot)
{
    if (g_regex_match (b->parser->measure, slot->title, 0, NULL) ||
        g_regex_match (b->parser->admission, slot->title, 0, NULL))
        return TRUE;
    for (guint i = 0; i < slot->notes->len; i++)
        if (g_regex_match (b->parser->admission,
                           g_ptr_array_index (slot->notes, i), 0, NULL))
            return TRUE;
    return FALSE;
}

/* A patch (a unified diff: "+++ b/file" then "@@ -1,8 +1,8 @@") is code:
 * the times in its message and its hunks are no programme. */
static gboolean
is_patch (MlaAgendaBuilder *b)
{
    gboolean files = FALSE;

    for (guint i = 0; i < b->n_lines; i++) {
        const char *text = b->lines[i].text;

        if (g_str_has_prefix (text, "+++ "))
            files = TRUE;
        else if (files && g_str_has_prefix (text, "@@ -"))
            return TRUE;
    }
    return FALSE;
}

/* "(self-service only)": a title that is all one parenthesis is a note on
 * hours, no session. */
static gboolean
is_aside (const char *title)
{
    return title[0] == '(' && strchr (title, ')') == title + strlen (title) - 1;
}

/* "Lundi  9h-12h : Ana\u00efs Ferrand  salle B012": a title that starts
 * with a person's name and goes on, if at all, in lower case (a room,
 * "en ligne") is who is on duty, not a session. */
static gboolean
names_who_is_on (MlaAgendaBuilder *b, const char *title)
{
    g_autofree char *clean = mla_agenda_squeeze (title);
    g_autofree char *name = mla_agenda_leading_name (
        b->parser, clean, ROTA_NAME_MAX_WORDS, MLA_LEADING_NAME_BEFORE_LOWER);

    return name != NULL;
}

/* A week's rota: three days or more with one slot each, most of them
 * naming who is on duty. */
static gboolean
is_rota (MlaAgendaBuilder *b)
{
    guint on_duty = 0, days = 0;

    for (guint i = 0; i < b->agenda->days->len; i++) {
        MlaAgendaDay *day = g_ptr_array_index (b->agenda->days, i);
        const MlaAgendaSlot *slot;

        if (day->slots->len == 0)
            continue; /* (a day the prose names: "from Monday 9 February") */
        if (day->slots->len != 1)
            return FALSE;
        slot = g_ptr_array_index (day->slots, 0);
        days++;
        on_duty += slot->title != NULL && names_who_is_on (b, slot->title);
    }
    return days >= ROTA_MIN_DAYS && on_duty * 2 > days;
}

/* Whether one of the @reach lines with text before line @from (@step
 * -1), or of the paragraph after the one of line @from (@step 1), holds
 * one of @words. */
static gboolean
said_near (MlaAgendaBuilder *b, guint from, int step, guint reach,
           GRegex *words)
{
    guint seen = 0;
    gboolean in_reach = step < 0;

    for (gint i = (gint) from + step;
         i >= 0 && i < (gint) b->n_lines && seen < reach; i += step) {
        if (b->lines[i].blank) {
            if (step > 0 && seen > 0)
                break;
            in_reach = TRUE;
            continue;
        }
        if (!in_reach)
            continue; /* (the rest of the last slot) */
        seen++;
        if (g_regex_match (words, b->lines[i].text, 0, NULL))
            return TRUE;
    }
    return FALSE;
}

/* Whether the days that hold slots are two or more, each named by its
 * weekday alone ("LUNED\u00cc"): a week, no dated event. */
static gboolean
is_week (MlaAgendaBuilder *b)
{
    guint days = 0;

    for (guint i = 0; i < b->agenda->days->len; i++) {
        const MlaAgendaDay *day = g_ptr_array_index (b->agenda->days, i);

        if (day->slots->len == 0)
            continue;
        if (day->name == NULL ||
            !mla_agenda_word_is (b->parser->weekdays, day->name, NULL))
            return FALSE;
        days++;
    }
    return days >= 2;
}

/* A repertoire's showtimes: three titles or more, of two words or more,
 * that each come back at other start times ("Nachtzug nach Triest (OmU)"
 * at 20:15 on Friday, 18:15 on Saturday, 17:00 on Sunday), between them
 * two thirds of the sessions; unless the subject or the lines before the
 * times say "Agenda". A programme repeats its breaks, an item or two at
 * the same hour each day ("Stand-up" at 09:00), and generic titles
 * ("Keynote", "Talk"). */
static gboolean
is_repertoire (MlaAgendaBuilder *b)
{
    g_autoptr (GHashTable) shows =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    g_autoptr (GHashTable) starts =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    guint sessions = 0, repeated = 0, titles = 0;
    GHashTableIter iter;
    gpointer count;

    for (guint i = 0; i < b->agenda->days->len; i++) {
        MlaAgendaDay *day = g_ptr_array_index (b->agenda->days, i);

        for (guint j = 0; j < day->slots->len; j++) {
            const MlaAgendaSlot *slot = g_ptr_array_index (day->slots, j);
            g_autofree char *key = NULL;

            if (slot->title == NULL || slot->kind == MLA_SLOT_KIND_BREAK ||
                slot->kind == MLA_SLOT_KIND_MEAL)
                continue;
            sessions++;
            if (strchr (slot->title, ' ') == NULL)
                continue;
            key = g_utf8_casefold (slot->title, -1);
            /* (one count per start time a title has) */
            if (!g_hash_table_add (
                    starts, g_strconcat (key, "\x1f", slot->start, NULL)))
                continue;
            count = g_hash_table_lookup (shows, key);
            g_hash_table_replace (
                shows, g_steal_pointer (&key),
                GUINT_TO_POINTER (GPOINTER_TO_UINT (count) + 1));
        }
    }
    g_hash_table_iter_init (&iter, shows);
    while (g_hash_table_iter_next (&iter, NULL, &count))
        if (GPOINTER_TO_UINT (count) >= 2) {
            titles++;
            repeated += GPOINTER_TO_UINT (count);
        }
    if (titles < REPERTOIRE_MIN_TITLES || repeated * 3 < sessions * 2 ||
        b->day.slot_lines->len == 0)
        return FALSE;
    return !g_regex_match (b->parser->meeting_word,
                           b->subject != NULL ? b->subject : "", 0, NULL) &&
           !said_near (b, g_array_index (b->day.slot_lines, guint, 0), -1,
                       LEAD_IN_LINES, b->parser->meeting_word);
}

/* What the mail's subject and the lines around the times say they are,
 * unless the lines before them, or the subject for itself, say "Agenda"
 * ("Re: New CI schedule?" says nothing): maintenance windows, a forecast, a
 * tally, a rota, a timetable of ferries or lessons ("On-call rota, week 47",
 * "Tally so far:") in the subject or before them; a machine's jobs
 * ("cron-driven"), or, for a week, that they come back every week,
 * before or after them. */
static gboolean
says_no_programme (MlaAgendaBuilder *b)
{
    guint first = g_array_index (b->day.slot_lines, guint, 0);
    guint last =
        g_array_index (b->day.slot_lines, guint, b->day.slot_lines->len - 1);
    const char *subject = b->subject != NULL ? b->subject : "";

    if (said_near (b, first, -1, LEAD_IN_LINES, b->parser->programme_word))
        return FALSE;
    return (g_regex_match (b->parser->not_programme, subject, 0, NULL) &&
            !g_regex_match (b->parser->programme_word, subject, 0, NULL)) ||
           said_near (b, first, -1, AROUND_LINES, b->parser->not_programme) ||
           said_near (b, first, -1, AROUND_LINES, b->parser->jobs) ||
           said_near (b, last, 1, AROUND_LINES, b->parser->jobs) ||
           (is_week (b) &&
            (said_near (b, first, -1, AROUND_LINES, b->parser->weekly) ||
             said_near (b, last, 1, AROUND_LINES, b->parser->weekly)));
}

/* "07:40": a title that is a clock time and nothing else, or a clock and
 * an aside in brackets, as a table of the meeting's time in other zones
 * writes its end ("09:00 <TAB> 10:00 (10 AM) <TAB> San Francisco"). */
static gboolean
is_clock_only (MlaAgendaBuilder *b, const char *title)
{
    g_autoptr (GMatchInfo) match = NULL;
    gint end = 0;
    const char *rest;

    if (!g_regex_match (b->parser->time_anywhere, title, G_REGEX_MATCH_ANCHORED,
                        &match) ||
        !g_match_info_fetch_pos (match, 0, NULL, &end))
        return FALSE;
    rest = title + end + strspn (title + end, " ");
    return rest[0] == '\0' ||
           (rest[0] == '(' && strchr (rest, ')') == rest + strlen (rest) - 1);
}

/* Whether @slot is an entry of something else than a programme: a
 * trip's leg, a poll's answers, a day alone, a tally's row, an aside, a
 * measure or an admission time, a report's run, or a timetable's cell
 * ("Dep. Inishcarrow" over "07:40"). */
static gboolean
is_no_session (MlaAgendaBuilder *b, const MlaAgendaSlot *slot)
{
    if (slot->room != NULL &&
        g_regex_match (b->parser->travel_word, slot->room, 0, NULL))
        return TRUE;
    if (slot->title == NULL)
        return FALSE;
    return g_regex_match (b->parser->travel_leg, slot->title, 0, NULL) ||
           g_regex_match (b->parser->poll_answers, slot->title, 0, NULL) ||
           names_a_day_only (b, slot->title) || is_tally (slot->title) ||
           is_aside (slot->title) || is_clock_only (b, slot->title) ||
           measures_or_admits (b, slot) ||
           (slot->notes->len > 0 &&
            g_regex_match (b->parser->status_cell,
                           g_ptr_array_index (slot->notes, 0), 0, NULL));
}

/* Whether anything says people meet at the times: a slot with someone,
 * a room or a place in it, a break, a meal or a social, a title that
 * starts with a meeting's item ("Roll call", "AOB"), a word for a meeting
 * ("workshop", "Sitzung", "rehearsal") in the subject or a title, or
 * such a word or a place ("Room: B") in the lines before the times (not
 * in a footer or a signature: "view this discussion on the web"). A
 * list of times with none of these (prices by the hour, a timesheet's
 * hours, a tide table) is no programme, whatever its layout. */
static gboolean
says_people_meet (MlaAgendaBuilder *b)
{
    guint first;

    if (b->day.slot_lines->len == 0)
        return FALSE;
    if (b->subject != NULL &&
        g_regex_match (b->parser->gathering, b->subject, 0, NULL))
        return TRUE;
    for (guint i = 0; i < b->agenda->days->len; i++) {
        MlaAgendaDay *day = g_ptr_array_index (b->agenda->days, i);

        for (guint j = 0; j < day->slots->len; j++) {
            const MlaAgendaSlot *slot = g_ptr_array_index (day->slots, j);

            if (slot->people->len > 0 || slot->room != NULL ||
                slot->location != NULL)
                return TRUE;
            if (slot->title != NULL &&
                (mla_agenda_parser_kind (b->parser, slot->title) !=
                     MLA_SLOT_KIND_SESSION ||
                 g_regex_match (b->parser->meeting_item, slot->title, 0,
                                NULL) ||
                 g_regex_match (b->parser->gathering, slot->title, 0, NULL)))
                return TRUE;
        }
    }
    first = g_array_index (b->day.slot_lines, guint, 0);
    return said_near (b, first, -1, LEAD_IN_LINES, b->parser->gathering) ||
           said_near (b, first, -1, LEAD_IN_LINES, b->parser->place_line);
}

/* Whether every slot of @day is no session (see is_no_session). */
static gboolean
day_of_asides (MlaAgendaBuilder *b, const MlaAgendaDay *day)
{
    for (guint j = 0; j < day->slots->len; j++)
        if (!is_no_session (b, g_ptr_array_index (day->slots, j)))
            return FALSE;
    return day->slots->len > 0;
}

/* "08:00 (8 AM) <TAB> 09:00 <TAB> Denver": the rows of a table of local
 * times before the programme, a day of their own whose slots are all
 * no sessions, while another day has sessions: that day goes. */
static void
drop_days_of_asides (MlaAgendaBuilder *b)
{
    gboolean sessions = FALSE;

    if (b->changes.moved != NULL && b->changes.moved->len > 0)
        return; /* (a reply's changes hold slots) */
    for (guint i = 0; i < b->agenda->days->len && !sessions; i++)
        sessions = !day_of_asides (b, g_ptr_array_index (b->agenda->days, i));
    for (guint i = b->agenda->days->len; sessions && i-- > 0;) {
        MlaAgendaDay *day = g_ptr_array_index (b->agenda->days, i);

        if (day_of_asides (b, day)) {
            MLA_AGENDA_TRACE (
                "agenda: a day of %u slots that are no sessions goes",
                day->slots->len);
            if (b->day.current == day)
                b->day.current = NULL;
            for (guint j = 0; j < day->slots->len; j++)
                if (g_ptr_array_index (day->slots, j) == b->slot.current)
                    b->slot.current = NULL;
            g_ptr_array_remove_index (b->agenda->days, i);
        }
    }
}

gboolean
mla_agenda_has_evidence (MlaAgendaBuilder *b)
{
    guint run = 1, best = 0, slots = 0, legs = 0;

    if (is_patch (b)) {
        MLA_AGENDA_TRACE ("agenda: the text is a patch");
        return FALSE;
    }
    if (is_rota (b)) {
        MLA_AGENDA_TRACE ("agenda: the text is a rota of who is on duty");
        return FALSE;
    }
    if (b->day.slot_lines->len > 0 && says_no_programme (b)) {
        MLA_AGENDA_TRACE (
            "agenda: the lines around the times say they are no programme");
        return FALSE;
    }
    if (is_repertoire (b)) {
        MLA_AGENDA_TRACE (
            "agenda: the titles come back at other times: showtimes");
        return FALSE;
    }
    if (!says_people_meet (b)) {
        MLA_AGENDA_TRACE ("agenda: nothing says people meet at the times");
        return FALSE;
    }

    drop_days_of_asides (b);
    for (guint i = 0; i < b->agenda->days->len; i++) {
        MlaAgendaDay *day = g_ptr_array_index (b->agenda->days, i);

        for (guint j = 0; j < day->slots->len; j++) {
            const MlaAgendaSlot *slot = g_ptr_array_index (day->slots, j);

            slots++;
            legs += is_no_session (b, slot);
        }
    }
    if (legs >= 2 && legs * 2 >= slots) {
        MLA_AGENDA_TRACE (
            "agenda: %u of %u slots are legs of a trip, a poll's answers, "
            "options or "
            "tallies, a report's runs, asides, measurements or admission times",
            legs, slots);
        return FALSE;
    }

    /* talks each in a block of "Label: value" lines with its time, far
     * apart over their abstracts */
    if (b->slot.field_blocks >= FIELD_BLOCKS_MIN)
        return TRUE;
    for (guint i = 0; i < b->day.slot_lines->len; i++) {
        guint line = g_array_index (b->day.slot_lines, guint, i);

        if (i > 0) {
            guint prev = g_array_index (b->day.slot_lines, guint, i - 1);

            run = line - prev <= SLOT_CLUSTER_GAP ? run + 1 : 1;
            if (line - prev <= 2 && run >= 2)
                best = MAX (best, 3);
        }
        best = MAX (best, run);
    }
    if (best >= 3)
        return TRUE;
    if (best == 2 && b->day.slot_lines->len == 2 &&
        schedule_heading_before (b,
                                 g_array_index (b->day.slot_lines, guint, 0)))
        return TRUE;
    if (best == 2 && b->day.slot_lines->len == 2)
        for (guint i = 0; i < b->agenda->days->len; i++) {
            MlaAgendaDay *day = g_ptr_array_index (b->agenda->days, i);

            if (day->slots->len >= 2 &&
                (day->name != NULL || day->date[0] != '\0'))
                return TRUE;
        }
    return FALSE;
}
