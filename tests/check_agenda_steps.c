/* check_agenda_steps.c: each step that peels a title apart
 * (mla_agenda_slot_set_title()'s table in mla-agenda-titles.c), run alone
 * on one title: what is left of the title and what the slot gained; and
 * the guards of the rule table (mla-agenda-rules.c), which must let
 * through every line their rule's pattern matches; and the word lists'
 * alternations, split by the case of their initials. */
#include "config.h"
#include <string.h>
#include "mla-test.h"
#include "mla-agenda.h"
#include "mla-agenda-rules.h"
#include "mla-agenda-builder-private.h"
#include "mla-agenda-rules-private.h"
#include "mla-agenda-scanner-private.h"
#include "mla-agenda-titles-private.h"

/* A row: the step, whether the text writes four-digit ranges ("1000-1700"),
 * the title before the step, and the slot after it, as describe() writes it. */
static const struct {
    const char *step;
    gboolean ranges;
    const char *title;
    const char *after;
} steps[] = {
    /* a web table's cell pasted a line each */
    { "cell-end", FALSE, "Pause caf\u00e9 (hall A ) |",
      "title=Pause caf\u00e9 (hall A )|people=|place=|room=|notes=" },
    /* a title's label before the title ("\uff1a" is read as ": ") */
    { "title-label", FALSE,
      "\u62a5\u544a\u9898\u76ee\uff1a\u6cb3\u53e3\u6ce5\u6c99",
      "title=\u6cb3\u53e3\u6ce5\u6c99|people=|place=|room=|notes=" },
    /* a timetable's cell: a track in capitals, then its first talk */
    { "track-talk", FALSE, "NETWORKS Routing basics, by K. Ortega",
      "title=NETWORKS|people=|place=|room=|notes=Routing basics, by K. "
      "Ortega" },
    { "track-talk", FALSE, "IETF Plenary",
      "title=IETF Plenary|people=|place=|room=|notes=" },
    { "list-number", FALSE, "2. Finances",
      "title=Finances|people=|place=|room=|notes=" },
    { "list-number", FALSE, "\u25ba Ateliers",
      "title=Ateliers|people=|place=|room=|notes=" },
    { "group-code", FALSE, "APP apparea Applications Open Area Meeting",
      "title=Applications Open Area Meeting|people=|place=|room=|notes=" },
    { "group-code", FALSE, "INT   nemo   Network Mobility",
      "title=Network Mobility|people=|place=|room=|notes=" },
    /* an area's code over a title of its own is no group's */
    { "group-code", FALSE, "GEN Plenary",
      "title=GEN Plenary|people=|place=|room=|notes=" },
    { "room-tag", FALSE, "[Room A] Keynote",
      "title=Keynote|people=|place=|room=Room A|notes=" },
    { "duration", FALSE, "Opening remarks (20 min)",
      "title=Opening remarks|people=|place=|room=|notes=" },
    { "stand-in", FALSE, "Welcome - Chairs",
      "title=Welcome|people=|place=|room=|notes=" },
    { "stand-in", FALSE, "Lightning round by the participants",
      "title=Lightning round|people=|place=|room=|notes=" },
    { "stand-in", FALSE, "Drafting of resolutions, led by the convenor",
      "title=Drafting of resolutions|people=|place=|room=|notes=" },
    /* (a name after "by" is a person's: step people-by) */
    { "stand-in", FALSE, "Closing talk by Ann Lee",
      "title=Closing talk by Ann Lee|people=|place=|room=|notes=" },
    { "dash-end", FALSE, "Privacy considerations -",
      "title=Privacy considerations|people=|place=|room=|notes=" },
    { "decorated", FALSE, "*** LUNCH ***",
      "title=LUNCH|people=|place=|room=|notes=" },
    { "leaders", FALSE, "Coffee ........ Ann Lee",
      "title=Coffee|people=Ann Lee|place=|room=|notes=" },
    { "label-paren", FALSE, "Panel on funding (chair: Ann Lee)",
      "title=Panel on funding|people=Ann Lee|place=|room=|notes=" },
    /* a space before ")", as a web table prints a room cell */
    { "room-paren", FALSE, "Accueil des participants (amphi Nord )",
      "title=Accueil des participants|people=|place=amphi Nord|room=|notes=" },
    { "room-paren", FALSE,
      "Atelier 2 - Jardins (salle 12 ) - Ana Pop (Univ. Brest)",
      "title=Atelier 2 - Jardins - Ana Pop (Univ. Brest)|people=|place=salle "
      "12|room=|notes=" },
    /* a room's word first, before the speakers */
    { "room-paren", FALSE, "Soil sensors (Room B2) - Ines Garnier",
      "title=Soil sensors - Ines Garnier|people=|place=Room B2|room=|notes=" },
    /* alone at the end, the title's own */
    { "room-paren", FALSE, "Workshops (Raum 2.14 und 2.15)",
      "title=Workshops (Raum 2.14 und 2.15)|people=|place=|room=|notes=" },
    /* a title of three words in capitals before a full name */
    { "names-bracket", FALSE, "Hartley Prize Lecture (Mona Ellis)",
      "title=Hartley Prize Lecture|people=Mona Ellis|place=|room=|notes=" },
    /* a name and her body */
    { "names-bracket", FALSE, "Ana Pop (Univ. Brest)",
      "title=Ana Pop (Univ. Brest)|people=|place=|room=|notes=" },
    { "location-at", FALSE, "Dinner @ Restaurante Mar Azul, Rua das Flores 12",
      "title=Dinner|people=|place=Restaurante Mar Azul|room=|notes=Rua das "
      "Flores 12" },
    { "handle-end", FALSE, "Tech Lifehacking @erlebnischris",
      "title=Tech Lifehacking|people=@erlebnischris|place=|room=|notes=" },
    /* (a floor before the room word) */
    { "place-tail", FALSE, "Registration \u2013 2nd Floor Foyer",
      "title=Registration|people=|place=2nd Floor Foyer|room=|notes=" },
    { "place-tail", FALSE, "Office hours -- Room 3A",
      "title=Office hours|people=|place=Room 3A|room=|notes=" },
    { "stand-in-again", FALSE, "Opening - Chairs",
      "title=Opening|people=|place=|room=|notes=" },
    { "note-paren", FALSE, "Lunch (or a walk in the park)",
      "title=Lunch|people=|place=|room=|notes=(or a walk in the park)" },
    { "place-dash", TRUE, "Registration - Lobby",
      "title=Registration|people=|place=Lobby|room=|notes=" },
    { "speaker-bar", FALSE, "Welcome | Ingrid Halvorsen (host)",
      "title=Welcome|people=Ingrid Halvorsen|place=|room=|notes=" },
    { "kind", FALSE, "Lunch", "title=Lunch|people=|place=|room=|notes=" },
    { "speaker-list", FALSE, "Storage roadmap - Ann Lee, Bob Smith",
      "title=Storage roadmap|people=Ann Lee;Bob Smith|place=|room=|notes=" },
    /* a group after people with their affiliations: a note */
    { "speaker-list", FALSE,
      "Atelier - Les haies - Lucie Marchal (Univ. Brest), Tom Riva (Terres) "
      "& Collectif Vert",
      "title=Atelier - Les haies|people=Lucie Marchal;Tom Riva|place=|room=|"
      "notes=Collectif Vert" },
    { "speaker-dash", FALSE, "Release status -- Gustavo",
      "title=Release status|people=Gustavo|place=|room=|notes=" },
    { "name-presents", FALSE, "Roadmap 2027, Femke presents",
      "title=Roadmap 2027,|people=Femke|place=|room=|notes=" },
    { "people-by", FALSE, "Closing talk by Ann Lee",
      "title=Closing talk|people=Ann Lee|place=|room=|notes=" },
    { "speaker-of", FALSE,
      "Saluto del Prof. Marco Rinaldi, Presidente del Consorzio",
      "title=Saluto|people=Marco Rinaldi|place=|room=|notes=" },
    /* ("Proff.ssa", as "Prof.ssa": professoressa) */
    { "speaker-of", FALSE,
      "Saluto della Proff.ssa Anna Conti, Assessora alla cultura",
      "title=Saluto|people=Anna Conti|place=|room=|notes=" },
    { "speaker-of", FALSE, "Abendvortrag von Prof.Dr. Jana Roth",
      "title=Abendvortrag|people=Jana Roth|place=|room=|notes=" },
    /* (no title before the name: a place's, not a person's) */
    { "speaker-of", FALSE, "Tour of Old Harbour",
      "title=Tour of Old Harbour|people=|place=|room=|notes=" },
    { "names-lead", FALSE, "[J. Smith] Compiler internals",
      "title=Compiler internals|people=J. Smith|place=|room=|notes=" },
    { "names-bracket", FALSE, "Intro to the toolchain (Amaka Obi)",
      "title=Intro to the toolchain|people=Amaka Obi|place=|room=|notes=" },
    /* (a name in Han with a title after it: "\u6559\u6388", professor) */
    { "names-bracket", FALSE,
      "\u4e3b\u9898\u62a5\u544a\uff08\u674e\u660e\u6559\u6388\uff09",
      "title=\u4e3b\u9898\u62a5\u544a|people=\u674e\u660e|place=|room=|"
      "notes=" },
    /* (a name in Han with its title among Latin names with theirs:
     * "\u526f\u7814\u7a76\u5458", associate researcher) */
    { "names-bracket", FALSE,
      "\u5706\u684c\u8bba\u575b\uff08\u9648\u9e4f\u9e64\u526f\u7814"
      "\u7a76\u5458\u3001Prof. Bulent Cavas\u3001Dr.Steven Sexton\uff09",
      "title=\u5706\u684c\u8bba\u575b|people=\u9648\u9e4f\u9e64;Bulent "
      "Cavas;Steven Sexton|place=|room=|notes=" },
    { "description", FALSE,
      "Keynote - a look back at what the year brought us all",
      "title=Keynote|people=|place=|room=|notes=a look back at what the year "
      "brought us all" },
    { "meal-note", FALSE, "Lunch - Pizza provided",
      "title=Lunch|people=|place=|room=|notes=Pizza provided" },
    { "label-name", FALSE, "Invited talk: Ann Lee",
      "title=Invited talk: Ann Lee|people=Ann Lee|place=|room=|notes=" },
    { "wide-colon", FALSE, "セッション1：テスト自動化",
      "title=セッション1：テスト自動化|people=|place=|room=|notes=" },
    { "wide-parens", FALSE,
      "\u57fa\u8abf\u8b1b\u6f14\uff08\u65e5\u672c\u8a9e\uff09",
      "title=\u57fa\u8abf\u8b1b\u6f14\uff08\u65e5\u672c\u8a9e\uff09|people=|"
      "place=|room=|notes=" },
    /* (a line that writes both kinds keeps what the rules read) */
    { "wide-parens", FALSE,
      "(1) \u57fa\u8abf\u8b1b\u6f14\uff08\u65e5\u672c\u8a9e\uff09",
      "title=(1) \u57fa\u8abf\u8b1b\u6f14 "
      "(\u65e5\u672c\u8a9e)|people=|place=|room=|notes=" },
    { "end-comma", FALSE, "Typing the untyped: gradual types in a codebase,",
      "title=Typing the untyped: gradual types in a "
      "codebase|people=|place=|room=|notes=" },
};

/* "title=...|people=A;B|place=...|room=...|notes=..." */
static char *
describe (const char *title, const MlaAgendaSlot *slot)
{
    GString *out = g_string_new (NULL);

    g_string_append_printf (out, "title=%s|people=", title);
    for (guint i = 0; i < slot->people->len; i++) {
        const MlaAgendaPerson *person = g_ptr_array_index (slot->people, i);

        g_string_append_printf (out, "%s%s", i > 0 ? ";" : "", person->name);
    }
    g_string_append_printf (out, "|place=%s|room=%s|notes=",
                            slot->location != NULL ? slot->location : "",
                            slot->room != NULL ? slot->room : "");
    for (guint i = 0; i < slot->notes->len; i++)
        g_string_append_printf (
            out, "%s%s", i > 0 ? ";" : "",
            (const char *) g_ptr_array_index (slot->notes, i));
    return g_string_free (out, FALSE);
}

START_TEST (test_title_step_peels)
{
    g_autoptr (GError) error = NULL;
    g_autoptr (MlaAgendaParser) parser = mla_agenda_parser_new (NULL, &error);
    MlaAgendaLine line = { 0 };
    MlaAgendaBuilder b = { 0 };
    MlaAgendaSlot *slot = mla_agenda_slot_new ();
    char *title = NULL;
    g_autofree char *after = NULL;

    /* the builder of a text that is this one line, and the title as scanned
     * ("\uff1a" read as ": ") */
    ck_assert_msg (parser != NULL, "parser: %s",
                   error != NULL ? error->message : "?");
    b.parser = parser;
    mla_agenda_scan_line (b.parser, steps[_i].title, steps[_i].ranges, &line);
    title = g_strdup (line.text);
    b.lines = &line;
    b.n_lines = 1;
    b.text.military =
        steps[_i].ranges ? MLA_MILITARY_RANGES : MLA_MILITARY_NONE;
    ck_assert_msg (mla_agenda_title_step (&b, slot, steps[_i].step, &title),
                   "no step %s", steps[_i].step);
    after = describe (title, slot);
    ck_assert_str_eq (after, steps[_i].after);
    g_free (title);
    mla_agenda_slot_free (slot);
    mla_agenda_line_clear (&line);
}
END_TEST

START_TEST (test_title_step_unknown)
{
    MlaAgendaBuilder b = { 0 }; /* (no parser: an unknown step runs nothing) */
    MlaAgendaSlot *slot = mla_agenda_slot_new ();
    char *title = g_strdup ("Keynote");

    ck_assert (!mla_agenda_title_step (&b, slot, "no-such-step", &title));
    ck_assert_str_eq (title, "Keynote");
    g_free (title);
    mla_agenda_slot_free (slot);
}
END_TEST

/* A row: a rule with a guard, a line, and whether its pattern matches the
 * line (a line its guard stops must be one it does not match). */
static const struct {
    const char *rule;
    const char *line;
    gboolean matches;
} guarded[] = {
    { "export-header", "Date\tStart\tEnd\tSession", TRUE },
    { "export-header", "| Title | Start | End |", TRUE },
    { "export-header", "Date\u00a0\u00a0Start\u00a0\u00a0Session", TRUE },
    /* a patch's line: its tab is before the text */
    { "export-header", "spin_lock_irqsave(&dev->lock, flags);", FALSE },
    { "export-header", "Date Start End", FALSE },
    { "track-header", "Room A      Room B", TRUE },
    { "track-header", "Room A\u3000\u3000Room B", TRUE },
    { "track-header", "Room A Room B", FALSE },
    { "underline", "=====  ======", TRUE },
    { "underline", "\u00a0-----", TRUE },
    { "underline", "Coffee ---", FALSE },
    { "time-header", "| 09:00 | 09:30 | 10:00 |", TRUE },
    { "time-header", "\u00a009:00    09:30", TRUE },
    { "time-header", "Times: 09:00    09:30", FALSE },
    { "slot-labelled", "Time: 16:15", TRUE },
    { "slot-labelled", "Time 16h15", FALSE },
    { "field-above-time", "- Room: K3.210", TRUE },
    { "field-above-time", "Room K3.210", FALSE },
    { "location-label", "Room: Hall C", TRUE },
    { "location-label", "Room Hall C", FALSE },
};

/* A row: a date, and the month's name the date pattern reads in it (its
 * word lists are split by the case of their initials, mla-agenda-
 * vocabulary.c: "Mar" and "mars" in two classes, initials outside ASCII). */
static const struct {
    const char *text;
    const char *month;
} month_names[] = {
    { "3 mars 2026", "mars" },
    { "3 Mar 2026", "Mar" },
    { "3 March 2026", "March" },
    { "3 M\u00c4RZ 2026", "M\u00c4RZ" },
    { "5 \u015eubat 2026", "\u015eubat" },
    { "7 \u0399\u03b1\u03bd\u03bf\u03c5\u03b1\u03c1\u03af\u03bf\u03c5 2026",
      "\u0399\u03b1\u03bd\u03bf\u03c5\u03b1\u03c1\u03af\u03bf\u03c5" },
    { "9 \u043d\u043e\u044f\u0431\u0440\u044f 2026",
      "\u043d\u043e\u044f\u0431\u0440\u044f" },
    { "Dec 12", "Dec" },
};

static MlaAgendaParser *
parser_or_fail (void)
{
    g_autoptr (GError) error = NULL;
    MlaAgendaParser *parser = mla_agenda_parser_new (NULL, &error);

    ck_assert_msg (parser != NULL, "parser: %s",
                   error != NULL ? error->message : "?");
    return parser;
}

START_TEST (test_rule_guard_passes_matches)
{
    g_autoptr (MlaAgendaParser) parser = parser_or_fail ();
    const char *line = guarded[_i].line;
    gboolean matches = g_regex_match (
        mla_agenda_rule (parser, guarded[_i].rule), line, 0, NULL);

    ck_assert_msg (matches == guarded[_i].matches, "%s %s \"%s\"",
                   guarded[_i].rule, matches ? "matches" : "does not match",
                   line);
    ck_assert_msg (mla_agenda_rule_may_match (guarded[_i].rule, line) ||
                       !matches,
                   "the guard of %s stops \"%s\"", guarded[_i].rule, line);
}
END_TEST

START_TEST (test_month_names_read)
{
    g_autoptr (MlaAgendaParser) parser = parser_or_fail ();
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *mo1 = NULL, *mo2 = NULL;

    ck_assert_msg (
        g_regex_match (parser->date, month_names[_i].text, 0, &match),
        "no date in \"%s\"", month_names[_i].text);
    mo1 = g_match_info_fetch_named (match, "mo1");
    mo2 = g_match_info_fetch_named (match, "mo2");
    ck_assert_str_eq (mo1 != NULL && mo1[0] != '\0' ? mo1 : mo2,
                      month_names[_i].month);
}
END_TEST

/* Every line of the text cases (the .txt files of tests/data/agenda-cases) that
 * a guarded rule's pattern matches passes its guard. */
static guint
check_guards_on_file (MlaAgendaParser *parser, const char *path)
{
    g_autoptr (GBytes) bytes = mla_test_read_file (path);
    g_autofree char *text =
        g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
    g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
    guint tried = 0;

    if (!g_utf8_validate (text, -1, NULL))
        return 0;
    for (guint i = 0; lines[i] != NULL; i++)
        for (guint j = 0; j < G_N_ELEMENTS (guarded); j++) {
            const char *rule = guarded[j].rule;

            if (j > 0 && strcmp (rule, guarded[j - 1].rule) == 0)
                continue;
            tried++;
            ck_assert_msg (mla_agenda_rule_may_match (rule, lines[i]) ||
                               !g_regex_match (mla_agenda_rule (parser, rule),
                                               lines[i], 0, NULL),
                           "%s: the guard of %s stops \"%s\"", path, rule,
                           lines[i]);
        }
    return tried;
}

START_TEST (test_rule_guard_passes_corpus)
{
    g_autoptr (MlaAgendaParser) parser = parser_or_fail ();
    g_autofree char *top = mla_test_srcdir_path ("tests/data/agenda-cases");
    g_autoptr (GDir) dir = g_dir_open (top, 0, NULL);
    const char *name;
    guint tried = 0;

    ck_assert_msg (dir != NULL, "%s: no folder", top);
    while ((name = g_dir_read_name (dir)) != NULL) {
        g_autofree char *folder = g_build_filename (top, name, NULL);
        g_autoptr (GDir) cases = g_dir_open (folder, 0, NULL);
        const char *file;

        while (cases != NULL && (file = g_dir_read_name (cases)) != NULL) {
            g_autofree char *path = g_build_filename (folder, file, NULL);

            if (g_str_has_suffix (file, ".txt"))
                tried += check_guards_on_file (parser, path);
        }
    }
    ck_assert_uint_gt (tried, 10000);
}
END_TEST

static Suite *
agenda_steps_suite (void)
{
    Suite *suite = suite_create ("agenda_steps");
    TCase *tc = tcase_create ("titles");

    tcase_add_loop_test (tc, test_title_step_peels, 0, G_N_ELEMENTS (steps));
    tcase_add_test (tc, test_title_step_unknown);
    suite_add_tcase (suite, tc);
    tc = tcase_create ("guards");
    tcase_add_loop_test (tc, test_rule_guard_passes_matches, 0,
                         G_N_ELEMENTS (guarded));
    tcase_add_test (tc, test_rule_guard_passes_corpus);
    suite_add_tcase (suite, tc);
    tc = tcase_create ("word-lists");
    tcase_add_loop_test (tc, test_month_names_read, 0,
                         G_N_ELEMENTS (month_names));
    suite_add_tcase (suite, tc);
    return suite;
}

MLA_TEST_MAIN (agenda_steps_suite)
