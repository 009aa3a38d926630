/* mla-agenda-rules.c: the agenda parser's rule engine. A table of named
 * rules, whose patterns are built from the vocabulary, classifies each
 * scanned line and feeds the builder; the text rule lives here, the slot
 * rules in mla-agenda-slots.c, the others in the modules of their idea
 * (headings, tables, grids, flat, export, labels). The engine is the top
 * of the parser's layers (doc/design.md): it compiles its table when the
 * vocabulary calls it back (mla_agenda_parser_new) and hands lower modules
 * its classifier through the builder. Also mla_agenda_parser_parse and
 * the builder's set-up. */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <stdlib.h>
#include <string.h>
#include "mla-agenda-rules-private.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-builder-private.h"
#include "mla-agenda-times-private.h"
#include "mla-agenda-scanner-private.h"
#include "mla-agenda-unfold-private.h"
#include "mla-agenda-durations-private.h"
#include "mla-agenda-pasted-private.h"
#include "mla-agenda-names-private.h"
#include "mla-agenda-days-private.h"
#include "mla-agenda-places-private.h"
#include "mla-agenda-people-private.h"
#include "mla-agenda-blocks-private.h"
#include "mla-agenda-titles-private.h"
#include "mla-agenda-changes-private.h"
#include "mla-agenda-evidence-private.h"
#include "mla-agenda-grids-private.h"
#include "mla-agenda-tables-private.h"
#include "mla-agenda-labels-private.h"
#include "mla-agenda-flat-private.h"
#include "mla-agenda-export-private.h"
#include "mla-agenda-slots-private.h"
#include "mla-agenda-headings-private.h"
#include "mla-agenda-finish-private.h"

#define PARAGRAPH_MAX_LINES 3 /* lines of a talk's title and speaker */
#define TITLE_MAX_CHARS 100   /* a longer line is a description */
/* a line wrapped by its writer was about this long */
#define WRAP_MIN_CHARS 55

static gboolean rule_location_label (MlaAgendaBuilder *b, GMatchInfo *match);
static gboolean rule_text (MlaAgendaBuilder *b, GMatchInfo *match);

/* "15:00 Hours of code": a unit word written as the first word of a title
 * (capitalised, a lower-case word after it) is the title's. */
#define TITLE_WORD "\\p{Lu}\\p{Ll}*\\s+\\p{Ll}"

/* The rules' guards (MlaAgendaRuleGuard); a byte outside ASCII lets the
 * pattern run (MLA_AGENDA_ASCII_SPACES). */
static gboolean
has_gap (const char *text)
{
    return mla_agenda_has_gap (text, NULL);
}

static gboolean
has_colon (const char *text)
{
    return strchr (text, ':') != NULL;
}

/* "=====", "-- ---": a sign of a rule first */
static gboolean
starts_rule_line (const char *text)
{
    guchar c = text[strspn (text, MLA_AGENDA_ASCII_SPACES)];

    return c >= 0x80 || (c != '\0' && strchr ("=~_*#-", c) != NULL);
}

/* "| 09:00 | 09:30 |": a digit first, after spaces and bars */
static gboolean
starts_with_digit (const char *text)
{
    guchar c = text[strspn (text, MLA_AGENDA_ASCII_SPACES "|")];

    return c >= 0x80 || g_ascii_isdigit (c);
}

/* Order matters: the first rule whose pattern matches and whose handler
 * accepts the line wins. */
static const MlaAgendaRule rules[] = {
    /* (also "Title | Start | End" and "Session | Time | Speaker": a
     * title's column before the start's or the times') */
    { "export-header",
      "^\\s*\\|?\\s*(?:(?:@INDEXCOL@)\\s*(?:\\||\\t|\\s{2,})\\s*)?"
      "(?:@DATECOL@|@STARTCOL@|(?:@TITLECOL@)(?=\\s*(?:\\||\\t|"
      "\\s{2,})\\s*(?:@STARTCOL@|@TIMECOL@)\\s*(?:\\||\\t|\\s{2,})))"
      "\\s*(?:\\||\\t|\\s{2,})\\s*\\S",
      mla_agenda_rule_export_header, FALSE, has_gap },
    /* "Time/place: 16:15, S 2.109" under "Speaker:" and "Title:" lines
     * ("Time & place:" is no table's header) */
    { "slot-labelled",
      "^\\s*(?:[-*\\x{2022}]\\s*)?(?:@TIMECOL@)(?:\\s*(?:/"
      "|&|\\+|and)\\s*(?<place>@LOCATION@))?"
      "\\s*:\\s*@TIME1@(?:\\s*(?:@RANGE@)\\s*@TIME2@)?(?:\\s*(?<zone>@ZONE@)(?!"
      "\\w))?"
      "(?<rest>(?:\\s*\\([^()]*\\))?(?:\\s*[,;|]\\s*.*)?)$",
      mla_agenda_rule_slot_labelled, TRUE, has_colon },
    /* "- Speakers: A, B" / "- Room: K3.210" / "- Day: Saturday" over
     * "- Time: 14:00 - 14:25": a talk's fields before its time, read with
     * it by slot-labelled */
    { "field-above-time",
      "^\\s*(?:[-*\\x{2022}]\\s+)?(?<label>\\p{L}[\\p{L}\\s]{0,24}?)"
      "(?:\\(\\p{L}{1,3}\\))?\\s*:\\s*(?<value>\\S.*?)\\s*$",
      mla_agenda_rule_field_above_time, FALSE, has_colon },
    { "table-header",
      /* ("Time (CET) | Topic | Presenter": the zone is the time column's) */
      "^\\s*(?:\\|?\\s*(?:@TIMECOL@)(?:\\s*\\([^()|]{1,12}\\))?(?:\\s*\\||\\s)|"
      "(?<corner>\\|?\\s*\\|))"
      "\\s*(?<rest>\\S.*?)\\s*"
      "$",
      mla_agenda_rule_table_header, FALSE, NULL },
    { "track-header",
      "^\\s*(?:\\w+\\s+)?(?:@ROOM@)\\b[^:]*?\\s{2,}(?:@ROOM@)\\b",
      mla_agenda_rule_track_header, FALSE, has_gap },
    { "underline", "^\\s*(?:[=~_*#-]{3,}\\s*)+$", mla_agenda_rule_underline,
      FALSE, starts_rule_line },
    { "time-header",
      "^[\\s|]*\\d{1,2}[:.]\\d{2}(?:\\s?(?:@SUFFIX@))?(?:(?:\\s{2,}|\\s*\\|\\s*"
      ")\\d{1,2}[:.]\\d{2}"
      "(?:\\s?(?:@SUFFIX@))?)+[\\s|]*$",
      mla_agenda_rule_time_header, TRUE, starts_with_digit },
    { "slot-dated",
      "^\\s*(?:[-*\\x{2022}]\\s*)?(?<head>[^\\s:|][^:|]*?)[,\\s]+@TIME1@\\s*(?:"
      "@RANGE@)\\s*"
      "@TIME2@(?:\\s*(?<zone>@ZONE@)(?!\\w))?(?:\\s*[,;:|]\\s*|\\s{2,})(?<rest>"
      "\\S.*)$",
      mla_agenda_rule_slot_dated, TRUE, NULL },
    { "slot-detail",
      "^\\s*(?:@WEEKDAY@|@WEEKDAY_ABBR@)\\b\\W.*?@TIME1@\\s*(?:@RANGE@)\\s*@"
      "TIME2@"
      "(?:\\s*(?<zone>@ZONE@)(?!\\w))?\\s*$",
      mla_agenda_rule_slot_detail, TRUE, NULL },
    { "slot-time",
      "^\\s*(?:(?:[-*\\x{2022}]\\s*)?(?<from>@FROM@)\\s+|[-*\\x{2022}\\x{00b7}+"
      "|]\\s*|o\\s+"
      "|\\d{1,2}[.)]\\s+|(?:@ITEM@)\\s*\\d{1,2}[.:)]?\\s+)?"
      "(?<bracket>\\[\\s*)?@TIME1@(?:\\s*(?:@RANGE@)\\s*@TIME2@)?(?(bracket)"
      "\\s*\\])"
      "(?:\\s*(?<zone>@ZONE@)(?!\\w))?(?:\\s*(?!" TITLE_WORD
      ")(?:@UNIT@)(?!\\w))?"
      "@OTHER_ZONE@(?<title>.*)$",
      mla_agenda_rule_slot_time, TRUE, NULL },
    /* (also in parentheses on a line of its own: "(resp. Ana Pop)"; a
     * second word after "and" before the colon: "Intervenants et
     * t\u00e9moignages :") */
    { "person-label",
      "^\\s*(?:[-*\\x{2022}|]\\s*|(?<paren>\\())?(?<label>@LABEL@)(?<plural>\\("
      "\\p{L}{1,3}\\))?(?!\\w)(?:\\s+(?:@AND@)\\s+\\p{Ll}[\\p{L}'-]*(?=\\s*:))?"
      "(?<colon>\\s*:)?\\s*"
      "(?<value>.*?)(?(paren)\\))[\\s|]*$",
      mla_agenda_rule_person_label, FALSE, NULL },
    /* a place's name in quotation marks is the name without them
     * ("Room: \u00abMinos\u00bb", "Venue: \u201cThe Loft\u201d") */
    { "location-label",
      "^\\s*(?:\\|\\s*)?(?:@LOCATION@)\\s*:\\s*"
      "(?<open>[\"\\x{00AB}\\x{201C}\\x{201E}](?=[^\"\\x{00BB}\\x{201C}\\x{"
      "201D}]+"
      "[\"\\x{00BB}\\x{201C}\\x{201D}][\\s|]*$))?"
      "(?<value>.+?)(?(open)[\"\\x{00BB}\\x{201C}\\x{201D}])[\\s|]*$",
      rule_location_label, FALSE, has_colon },
    { "flat-header",
      "^\\s*(?:@TIMECOL@)(?:(?=\\p{Lu})(?<rest>[^|]+?)|\\s*:?)\\s*$",
      mla_agenda_rule_flat_header, FALSE, NULL },
    { "day-heading",
      "(?:@WEEKDAY@|@WEEKDAY_ABBR@|@MONTH@|@DAYWORD@)(?!\\w)"
      "|\\d{4}(?:-|\\x{5e74})\\d{1,2}(?:-|\\x{6708})\\d{1,2}|\\d{1,2}\\.\\d{1,"
      "2}\\.\\d{4}",
      mla_agenda_rule_day_heading, FALSE, NULL },
    { "slot-inline",
      "^\\s*(?:[-*\\x{2022}]\\s*)?(?<title>(?:\\d{1,2}\\)\\s+)?[^()]*?\\S)\\s*"
      "\\(\\s*@TIME1@(?:\\s*"
      "(?:@RANGE@)\\s*"
      "@TIME2@)?\\s*\\)(?:\\s*:\\s*(?<after>\\S.*?)|\\s*,\\s*(?<note>\\S.*?)"
      "|\\s+(?<dash>(?:-|\\x{2013}|\\x{2014})\\s+\\S.*?))?\\s*$",
      mla_agenda_rule_slot_inline, TRUE, NULL },
    /* "Accueil \u00e0 partir de 8h30 : caf\u00e9-th\u00e9 viennoiseries": a
     * short title, then from when */
    { "slot-from",
      "^\\s*(?<title>\\p{Lu}[^\\d()|:,.]{0,40}?)\\s+(?:@FROM@)\\s+@TIME1@"
      "(?:\\s*(?:@UNIT@)(?!\\w))?(?:\\s*(?:[:;]|\\s[-\\x{2013}\\x{2014}])\\s*"
      "(?<rest>\\S.*?))?\\s*$",
      mla_agenda_rule_slot_from, TRUE, NULL },
    /* "Lunch 1200 \u2013 1300", "Registration 8:30-9:00": a short title,
     * then its range, alone on the line */
    { "slot-after",
      "^\\s*(?:[-*\\x{2022}]\\s*)?(?<title>\\p{Lu}[^\\d()|:,.]{0,40}?)\\s+@"
      "TIME1@"
      "\\s*(?:@RANGE@)\\s*@TIME2@(?:\\s*(?<zone>@ZONE@)(?!\\w))?\\s*$",
      mla_agenda_rule_slot_after, TRUE, NULL },
    /* "- lunch from 12:15 to 1, downstairs", "- then coffee till 10:45" */
    { "slot-prose",
      "^\\s*[-*\\x{2022}]\\s*(?:(?:@THEN@)\\s+)?(?<title>\\p{L}[^\\d()|:]*?)"
      "\\s+"
      "(?:(?:@FROM@)\\s+@TIME1@\\s*(?:@RANGE@)|(?:@UNTIL@))\\s*"
      "(?<h2>\\d{1,2})(?!\\d)(?:(?<s2>[:.])(?<m2>\\d{2})(?!\\d))?(?:\\s?(?<x2>@"
      "SUFFIX@)(?!\\p{L}))?"
      "(?![:.]\\d)(?:\\s*[,;]\\s*(?<rest>\\S.*?))?\\s*$",
      mla_agenda_rule_slot_prose, TRUE, NULL },
    { "text", "\\S", rule_text, FALSE, NULL },
};

static gboolean
rule_location_label (MlaAgendaBuilder *b, GMatchInfo *match)
{
    MlaAgendaSlot *slot =
        b->slot.pending != NULL ? b->slot.pending : b->slot.current;

    if (slot == NULL || slot->location != NULL)
        return FALSE;
    /* "Venue: ..." in a paragraph after the programme is the event's
     * place, not the last slot's */
    if (slot == b->slot.current && b->slot.last_content + 1 != b->index &&
        !mla_agenda_slot_follows (b))
        return FALSE;
    slot->location = g_match_info_fetch_named (match, "value");
    b->slot.last_content = b->index;
    return TRUE;
}

/* "Race Officer: Gwen Pritchard" under a slot: a label the vocabulary
 * does not know, up to three capitalised words, before a name, names who
 * leads the slot. Returns whether @text was so. */
static gboolean
role_and_name (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *text)
{
    gsize label = mla_agenda_field_label (text);
    g_autofree char *name = NULL;

    if (label == 0 || !g_unichar_isupper (g_utf8_get_char (text)))
        return FALSE;
    name = g_strstrip (g_strdup (text + label + 2));
    if (!mla_agenda_parser_is_name (b->parser, name))
        return FALSE;
    mla_agenda_add_person (b, slot, name, MLA_PERSON_ROLE_CHAIR);
    return TRUE;
}

/* Whether the line above the current one runs on ("Teaching with open
 * source:", "Storage and", "Stellungnahme zu", not "on 80 m": a unit);
 * @comma: a comma at its end too, which may also end a title over its
 * speaker. */
static gboolean
line_above_runs_on (MlaAgendaBuilder *b, gboolean comma)
{
    g_autofree char *above =
        g_strchomp (g_strdup (b->lines[b->index - 1].text));
    gsize len = strlen (above), word = len;

    while (word > 0 && g_ascii_islower (above[word - 1]))
        word--;
    return (len > 0 &&
            strchr (comma ? ":,-&/(" : ":-&/(", above[len - 1]) != NULL) ||
           (len - word >= 1 && len - word <= 4 &&
            (word == 0 || (above[word - 1] == ' ' &&
                           !(word >= 2 && g_ascii_isdigit (above[word - 2])))));
}

/* Whether @text, the current line, is the rest of the line above, wrapped:
 * the line above runs on, or the first word would not have fitted there
 * ("Lightning talks" over "inscriptions on the day, 5 minutes each" is a
 * title and a note). */
static gboolean
wraps_line_above (MlaAgendaBuilder *b, const char *text)
{
    const char *colon = strstr (text, ": ");

    /* one word with a digit ("draft-ietf-x-01") names a document */
    if (strchr (text, ' ') == NULL && strpbrk (text, "0123456789") != NULL)
        return FALSE;
    /* "scribe: Leo Pfannkuch": a field that names someone, no wrap */
    if (colon != NULL && memchr (text, ' ', colon - text) == NULL &&
        mla_agenda_parser_is_name (b->parser, colon + 2))
        return FALSE;
    return line_above_runs_on (b, TRUE) ||
           g_utf8_strlen (b->lines[b->index - 1].text, -1) + 1 +
                   (glong) strcspn (text, " ") >=
               WRAP_MIN_CHARS;
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
    return last - b->index < PARAGRAPH_MAX_LINES &&
           mla_agenda_slot_ends_after (b, last, FALSE);
}

/* Whether the next line is a title: a short line right below, neither
 * people nor a slot of its own (not a description's paragraph). */
static gboolean
title_follows (MlaAgendaBuilder *b)
{
    guint next = b->index + 1;

    return next < b->n_lines && !b->lines[next].blank &&
           g_utf8_strlen (b->lines[next].text, -1) <= TITLE_MAX_CHARS &&
           !mla_agenda_people_at (b, next) &&
           !mla_agenda_slot_ends_after (b, b->index, FALSE);
}

/* "with James Blair and Clark Boylan", "moderated by X" under a slot. */
static gboolean
people_by_line (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *text)
{
    g_autofree char *title = NULL, *names = NULL;
    MlaPersonRole role;

    g_autofree char *rest = NULL, *others = NULL;
    MlaPersonRole other;

    if (!mla_agenda_people_by (b->parser, text, &title, &names, &role))
        return FALSE;
    /* ("with A, B and C; moderated by D": two groups, each with its role) */
    if (title[0] != '\0' &&
        !(mla_agenda_people_by (b->parser, title, &rest, &others, &other) &&
          rest[0] == '\0'))
        return FALSE;
    if (others != NULL)
        mla_agenda_add_person (b, slot, others, other);
    mla_agenda_add_person (b, slot, names, role);
    return TRUE;
}

/* The line after a time alone: the pending slot's title, or its speaker
 * when the title follows ("9:00 AM / Jim Zemlin / Welcome Keynote"). */
static void
title_of_pending (MlaAgendaBuilder *b, const MlaAgendaLine *line,
                  const char *text, gboolean item)
{
    g_autofree char *title = mla_agenda_strip_separators (text);
    g_autoptr (GMatchInfo) label = NULL;
    MlaAgendaSlot *slot;

    if (g_regex_match (b->parser->title_label, title, 0, &label)) {
        /* "14:00-15:00 / Title: Learned indexes" */
        char *labelled = g_match_info_fetch_named (label, "title");

        g_free (title);
        title = labelled;
    }

    if (title[0] == '(' || b->tracks.rooms->len > 0) {
        g_clear_pointer (&b->slot.pending, mla_agenda_slot_free);
        return;
    }
    if (b->slot.pending->people->len == 0 && !item &&
        mla_agenda_parser_is_name (b->parser, title) &&
        !mla_agenda_next_is_place (b)) {
        /* "9:00 AM / Jim Zemlin / Welcome Keynote": the title follows. */
        mla_agenda_add_name_run (b, b->slot.pending, title);
        return;
    }
    if (b->slot.pending->people->len == 0 && !item &&
        strpbrk (title, ",(") != NULL && title_follows (b)) {
        g_auto (GStrv) names = mla_agenda_person_line (b->parser, title);

        /* "10:00 / Ann Lee (Red Hat) / Rust in the kernel" */
        for (guint i = 0; names != NULL && names[i] != NULL; i++)
            mla_agenda_add_person (b, b->slot.pending, names[i],
                                   MLA_PERSON_ROLE_SPEAKER);
        if (names != NULL)
            return;
    }
    slot = g_steal_pointer (&b->slot.pending);
    mla_agenda_slot_set_title (b, slot, title);
    mla_agenda_builder_add_slot (b, slot);
    b->slot.indent = line->indent;
}

/* Whether @text, under @slot's title line, goes on with the title: an
 * open parenthesis, a lower-case wrap, a line that runs on. */
static gboolean
title_goes_on (MlaAgendaBuilder *b, const MlaAgendaSlot *slot,
               const MlaAgendaLine *line, const char *text, gboolean adjacent,
               gboolean item)
{
    return (adjacent && !b->slot.has_extra && !item && slot->title != NULL &&
            ((strchr (slot->title, '(') != NULL &&
              strchr (slot->title, ')') == NULL) ||
             (line->indent > b->slot.indent &&
              g_unichar_islower (g_utf8_get_char (text))
              /* (a title line that named its speaker ended there) */
              && slot->people->len == 0 && wraps_line_above (b, text))
             /* "Stellungnahme zu" over "Lieferketten": a capital too when
              * the title's line runs on, and the line names nobody */
             || (line->indent > b->slot.indent && slot->people->len == 0 &&
                 line_above_runs_on (b, TRUE) &&
                 !mla_agenda_people_at (b, b->index))
             /* "Wissensgraphen in der" over "Denkmalpflege": a title line
              * ending in an article or a preposition goes on, in any case;
              * at the same margin ("... d'introduction et" over "de
              * d\u00e9veloppement des produits Bio") in lower case */
             || ((line->indent > b->slot.indent ||
                  (line->indent == b->slot.indent &&
                   g_unichar_islower (g_utf8_get_char (text)))) &&
                 slot->people->len == 0 &&
                 g_regex_match (b->parser->open_end, slot->title, 0, NULL))));
}

/* A line under the open @slot: who gives it, the rest of its title, its
 * room or place, its chair, its people, or a note. */
static void
text_under_slot (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                 const MlaAgendaLine *line, const char *text, gboolean adjacent,
                 gboolean item)
{
    if (!item && people_by_line (b, slot, text)) {
        MLA_AGENDA_TRACE ("agenda: rule text: line %u names who gives the slot",
                          b->index + 1);
        b->slot.has_extra = TRUE;
    } else if (title_goes_on (b, slot, line, text, adjacent, item)) {
        g_autofree char *above =
            g_strchomp (g_strdup (b->lines[b->index - 1].text));
        /* (the comma the title lost at its line's end comes back) */
        gboolean comma = g_str_has_suffix (above, ",") &&
                         !g_str_has_suffix (slot->title, ",");
        char *joined =
            g_strconcat (slot->title, comma ? ", " : " ", text, NULL);

        MLA_AGENDA_TRACE ("agenda: rule text: line %u continues the title",
                          b->index + 1);
        g_free (slot->title);
        slot->title = joined;
    } else if (slot->location == NULL && slot->room == NULL && !item &&
               (slot->location = mla_agenda_place_alone (b, text)) != NULL) {
        /* "Fuzzing at scale / Room A / Ken Adams": a schedule site's layout */
        MLA_AGENDA_TRACE ("agenda: rule text: line %u is the slot's room",
                          b->index + 1);
    } else if (adjacent && slot->location == NULL && slot->room == NULL &&
               !item && slot->title != NULL &&
               mla_agenda_parser_kind (b->parser, slot->title) !=
                   MLA_SLOT_KIND_SESSION &&
               (slot->location = mla_agenda_meal_place (b, text)) != NULL) {
        MLA_AGENDA_TRACE ("agenda: rule text: line %u is the meal's place",
                          b->index + 1);
    } else if (!b->slot.has_extra && !item &&
               mla_agenda_parser_is_name (b->parser, text) &&
               !mla_agenda_people_at (b, b->index + 1)) {
        g_auto (GStrv) pair = mla_agenda_name_pair (b->parser, text);

        MLA_AGENDA_TRACE ("agenda: rule text: line %u is the chair",
                          b->index + 1);
        for (guint i = 0; pair != NULL && pair[i] != NULL; i++)
            mla_agenda_add_person (b, slot, pair[i], MLA_PERSON_ROLE_CHAIR);
        if (pair == NULL)
            mla_agenda_add_person (b, slot, text, MLA_PERSON_ROLE_CHAIR);
        b->slot.has_extra = TRUE;
    } else if (!item && mla_agenda_add_person_line (b, slot, text, adjacent)) {
        MLA_AGENDA_TRACE ("agenda: rule text: line %u names the slot's people",
                          b->index + 1);
        b->slot.has_extra = TRUE;
    } else {
        gboolean confirmed = TRUE;
        g_autofree char *clean =
            mla_agenda_parser_clean_person (b->parser, text, &confirmed);

        if (!b->slot.has_extra && !item && !confirmed && clean != NULL &&
            mla_agenda_parser_is_name (b->parser, clean)) {
            g_ptr_array_add (
                slot->people,
                mla_agenda_person_new (clean, MLA_PERSON_ROLE_CHAIR, FALSE));
        } else if (!item && slot->people->len == 0 &&
                   role_and_name (b, slot, text)) {
            MLA_AGENDA_TRACE (
                "agenda: rule text: line %u names someone in a role",
                b->index + 1);
        } else {
            MLA_AGENDA_TRACE ("agenda: rule text: line %u is a note",
                              b->index + 1);
            g_ptr_array_add (slot->notes, mla_agenda_strip_separators (text));
        }
        b->slot.has_extra = TRUE;
    }
}

static gboolean
rule_text (MlaAgendaBuilder *b, GMatchInfo *match)
{
    const MlaAgendaLine *line = mla_agenda_current_line (b);
    g_autofree char *squeezed = mla_agenda_squeeze (line->text);
    g_autofree char *text = g_regex_replace_literal (
        b->parser->list_marker, squeezed, -1, 0, "", 0, NULL);
    MlaAgendaSlot *slot = b->slot.current;
    gboolean adjacent = b->slot.last_content + 1 == b->index;
    gboolean item = strcmp (text, squeezed) != 0; /* a list item is no name */

    (void) match;
    if (!g_regex_match (b->parser->alnum, text, 0, NULL))
        return TRUE; /* "+------+------+": a table's rule, layout only */
    if (b->minutes.in &&
        (g_regex_match (b->parser->schedule_heading, line->text, 0, NULL) ||
         g_regex_match (b->parser->schedule_intro, line->text, 0, NULL))) {
        /* "Agenda for the next call:" after the minutes: slots again */
        b->minutes.in = FALSE;
        return TRUE;
    }
    if (g_regex_match (b->parser->minutes_heading, line->text, 0, NULL)) {
        /* "Minutes:": what follows is the meeting's record, its times no
         * slots, up to the next day heading */
        MLA_AGENDA_TRACE ("agenda: rule text: line %u starts the minutes",
                          b->index + 1);
        b->minutes.in = TRUE;
        b->minutes.line = b->index;
        b->slot.open = FALSE;
        g_clear_pointer (&b->slot.pending, mla_agenda_slot_free);
        return TRUE;
    }
    if (b->slot.pending == NULL && mla_agenda_row_cells_below (b))
        return TRUE;
    if (b->slot.pending == NULL && mla_agenda_room_heading (b)) {
        b->slot.open = FALSE;
        return TRUE;
    }
    if (b->slot.pending == NULL &&
        strstr (line->text + line->indent, "  ") != NULL &&
        mla_agenda_grid_header (b))
        return TRUE;
    b->tracks.heading_candidate = (gint) b->index;
    if (b->slot.pending != NULL) {
        title_of_pending (b, line, text, item);
        return TRUE;
    }
    if (slot != NULL && b->slot.detail_line >= 0 &&
        (guint) b->slot.detail_line + 1 == b->index && slot->location == NULL &&
        strchr (text, ' ') != NULL && !g_str_has_suffix (text, ".")) {
        /* Schedules print the place under the date line. */
        slot->location = g_strdup (text);
        b->slot.last_content = b->index;
        return TRUE;
    }
    if (slot == NULL || !b->slot.open)
        return TRUE;
    if (!adjacent && line->indent <= b->slot.indent &&
        (b->slot.has_extra || !paragraph_before_slot (b))) {
        b->slot.open = FALSE; /* a paragraph after the programme */
        return TRUE;
    }
    text_under_slot (b, slot, line, text, adjacent, item);
    b->slot.last_content = b->index;
    return TRUE;
}

void
mla_agenda_classify_line (MlaAgendaBuilder *b)
{
    const MlaAgendaLine *line = mla_agenda_current_line (b);

    gboolean digit;

    if (line->blank)
        return;
    digit = strpbrk (line->text, "0123456789") != NULL;
    for (guint i = 0; i < G_N_ELEMENTS (rules); i++) {
        g_autoptr (GMatchInfo) match = NULL;

        if ((rules[i].needs_digit && !digit) ||
            (rules[i].guard != NULL && !rules[i].guard (line->text)))
            continue;
        if (g_regex_match (b->parser->rules[i], line->text, 0, &match) &&
            rules[i].handler (b, match)) {
            MLA_AGENDA_TRACE ("agenda: line %u: rule %s", b->index + 1,
                              rules[i].name);
            return;
        }
    }
}

gboolean
mla_agenda_rule_may_match (const char *name, const char *text)
{
    for (guint i = 0; i < G_N_ELEMENTS (rules); i++)
        if (strcmp (rules[i].name, name) == 0)
            return rules[i].guard == NULL || rules[i].guard (text);
    g_return_val_if_reached (TRUE);
}

/* Compiles the rule table into @parser->rules (an
 * MlaAgendaRulesCompileFunc, called back while the vocabulary loads). */
static gboolean
rules_compile (MlaAgendaParser *parser, GHashTable *placeholders,
               GError **error)
{
    parser->n_rules = G_N_ELEMENTS (rules);
    parser->rule_names = g_new (const char *, G_N_ELEMENTS (rules));
    for (guint i = 0; i < G_N_ELEMENTS (rules); i++)
        parser->rule_names[i] = rules[i].name;
    parser->rules = g_new0 (GRegex *, G_N_ELEMENTS (rules));
    for (guint i = 0; i < G_N_ELEMENTS (rules); i++) {
        /* TIME placeholders hold other placeholders: expand twice. */
        g_autofree char *once =
            mla_agenda_expand (rules[i].pattern, placeholders);
        g_autofree char *pattern = mla_agenda_expand (once, placeholders);

        parser->rules[i] =
            mla_agenda_compile (parser, pattern, G_REGEX_CASELESS, error);
        if (parser->rules[i] == NULL)
            return FALSE;
    }
    return TRUE;
}

MlaAgendaParser *
mla_agenda_parser_new (const char *vocabulary_path, GError **error)
{
    return mla_agenda_parser_new_full (vocabulary_path,
                                       MLA_AGENDA_PARSER_MANY_TEXTS, error);
}

MlaAgendaParser *
mla_agenda_parser_new_full (const char *vocabulary_path,
                            MlaAgendaParserFlags flags, GError **error)
{
    return mla_agenda_vocabulary_load (vocabulary_path, flags, rules_compile,
                                       error);
}

GPtrArray *
mla_agenda_parser_parse (MlaAgendaParser *parser, const char *text,
                         GDateTime *reference)
{
    g_return_val_if_fail (parser != NULL, g_ptr_array_new_with_free_func ((
                                              GDestroyNotify) mla_agenda_free));
    if (text == NULL || !mla_agenda_may_hold (parser, text))
        return g_ptr_array_new_with_free_func (
            (GDestroyNotify) mla_agenda_free);
    return mla_agenda_parse_candidate (parser, text, NULL, reference);
}

/* The lines of @text as scanned, in a text whose times are @military. */
static GArray *
scan_lines (MlaAgendaParser *parser, GStrv raw, MlaMilitary military)
{
    GArray *lines = g_array_sized_new (FALSE, TRUE, sizeof (MlaAgendaLine),
                                       g_strv_length (raw));

    g_array_set_clear_func (lines, mla_agenda_line_clear);
    for (guint i = 0; raw[i] != NULL; i++) {
        MlaAgendaLine line = { 0 };

        mla_agenda_scan_line (parser, raw[i], military, &line);
        g_array_append_val (lines, line);
    }
    return lines;
}

/* Sets up each part of @b for a text of @lines (mla-agenda-builder-
 * private.h); the part "changes" starts empty. */
static void
builder_start (MlaAgendaBuilder *b, MlaAgendaParser *parser, GArray *lines,
               MlaAgenda *agenda)
{
    b->parser = parser;
    b->agenda = agenda;
    b->lines = (const MlaAgendaLine *) lines->data;
    b->n_lines = lines->len;
    b->classify_line = mla_agenda_classify_line;
    b->slot_added = mla_agenda_block_fields;
    b->day.previous = -1;
    b->day.slot_lines = g_array_new (FALSE, FALSE, sizeof (guint));
    b->day.stops = g_hash_table_new (NULL, NULL);
    b->day.frame_ends = g_hash_table_new (NULL, NULL);
    b->slot.detail_line = -1;
    b->slot.person_line = -1;
    b->table.columns = g_array_new (FALSE, TRUE, sizeof (MlaColumn));
    g_array_set_clear_func (b->table.columns, mla_agenda_column_clear);
    b->tracks.rooms = g_ptr_array_new_with_free_func (g_free);
    b->tracks.starts = g_array_new (FALSE, FALSE, sizeof (guint));
    b->tracks.header_line = -1;
    b->tracks.heading_candidate = -1;
    b->flat.rooms = g_ptr_array_new_with_free_func (g_free);
}

/* Frees what the parts of @b own. */
static void
builder_clear (MlaAgendaBuilder *b)
{
    g_array_unref (b->day.slot_lines);
    g_hash_table_unref (b->day.stops);
    g_hash_table_unref (b->day.frame_ends);
    g_clear_pointer (&b->slot.pending, mla_agenda_slot_free);
    g_array_unref (b->table.columns);
    g_ptr_array_unref (b->tracks.rooms);
    g_array_unref (b->tracks.starts);
    g_ptr_array_unref (b->flat.rooms);
    g_free (b->section.room);
    g_clear_pointer (&b->section.blocks, g_ptr_array_unref);
}

/* The part "text": what the whole text writes, before its first line is
 * read (quoted fragments of a reply are dropped first). */
static void
read_text_facts (MlaAgendaBuilder *b, MlaAgendaLine *lines,
                 MlaMilitary military)
{
    b->text.military = military;
    mla_agenda_skip_quoted_fragments (b, lines);
    mla_agenda_join_clock_pairs (b, lines);
    mla_agenda_time_by_durations (b, lines);
    b->text.all_24h = mla_agenda_text_is_24h (b);
    for (guint i = 0; i < b->n_lines && !b->text.affiliates; i++)
        b->text.affiliates =
            mla_agenda_names_affiliation (b->parser, b->lines[i].text);
    b->text.dashes_places = mla_agenda_text_dashes_places (b);
    b->day.year_hint = mla_agenda_text_year (b);
    mla_agenda_read_blocks (b, lines);
    /* after the blocks: a row's people cell is no field of a block */
    mla_agenda_read_pasted_cells (b, lines);
}

GPtrArray *
mla_agenda_parse_candidate (MlaAgendaParser *parser, const char *text,
                            const char *subject, GDateTime *reference)
{
    GPtrArray *agendas =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_agenda_free);
    g_auto (GStrv) raw = mla_agenda_unfold_lines (parser, text);
    MlaMilitary military = mla_agenda_text_is_military (parser, raw);
    g_autoptr (GArray) lines = scan_lines (parser, raw, military);
    g_autoptr (MlaAgenda) agenda = mla_agenda_new ();
    MlaAgendaBuilder b = { 0 };

    builder_start (&b, parser, lines, agenda);
    b.reference = reference;
    b.subject = subject;
    read_text_facts (&b, (MlaAgendaLine *) lines->data, military);
    for (b.index = 0; b.index < b.n_lines; b.index++) {
        guint taken = mla_agenda_apply_changes (&b);

        if (taken > 0)
            b.index += taken - 1;
        else
            mla_agenda_classify_line (&b);
    }
    mla_agenda_changes_reorder (&b);
    g_clear_pointer (&b.slot.pending, mla_agenda_slot_free);
    if (mla_agenda_has_evidence (&b)) {
        mla_agenda_builder_finish (&b);
        g_ptr_array_add (agendas, g_steal_pointer (&agenda));
    } else if (b.day.slot_lines->len > 0) {
        MLA_AGENDA_TRACE (
            "agenda: %u slot lines are too few or too far apart for an agenda",
            b.day.slot_lines->len);
    }
    builder_clear (&b);
    return agendas;
}
