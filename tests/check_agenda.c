/* check_agenda.c: the agenda parser on the cases in tests/data/agenda-cases
 * (text in, golden XML out: README.md there), and in C what is no text to
 * XML: 12-hour and date resolution, word lists, whole mails, the
 * vocabulary file, timings, NULL, the model, the shared corpora. */
#include "config.h"
#include <string.h>
#include <glib/gstdio.h>
#include "mla-test.h"
#include "mla-agenda.h"
#include "mla-agenda-rules.h"
#include "mla-agenda-format.h"
#include "mla-agenda-days-private.h"
#include "mla-agenda-names-private.h"
#include "mla-agenda-times-private.h"
#include "mla-agenda-mail.h"
#include "mla-message.h"

/* ---- helpers ---- */

/* One parser for the process (transfer none): parsing keeps no state in
 * it, and compiling its patterns per test made the suite crawl under
 * valgrind (CK_FORK=no), where every test shares the process. */
static MlaAgendaParser *
shared_parser (void)
{
    static MlaAgendaParser *parser;
    g_autoptr (GError) error = NULL;

    if (parser == NULL)
        parser = mla_agenda_parser_new (NULL, &error);
    ck_assert_msg (parser != NULL, "parser: %s",
                   error != NULL ? error->message : "?");
    return parser;
}

/* An unchecked fixture: runs once in the parent, before Check forks a
 * process per test, so that the corpus cases do not each compile the
 * parser's patterns again (that took 90% of the suite's time). */
static void
warm_parser (void)
{
    shared_parser ();
}

static GDateTime *
date_of (const char *iso)
{
    GDateTime *date = g_date_time_new_from_iso8601 (iso, NULL);

    ck_assert_ptr_nonnull (date);
    return date;
}

/* Parses @text; returns (transfer full) the one agenda, or NULL. */
static MlaAgenda *
parse_text (const char *text, const char *reference)
{
    MlaAgendaParser *parser = shared_parser ();
    g_autoptr (GDateTime) ref = reference != NULL ? date_of (reference) : NULL;
    g_autoptr (GPtrArray) agendas = mla_agenda_parser_parse (parser, text, ref);

    ck_assert_uint_le (agendas->len, 1);
    if (agendas->len == 0)
        return NULL;
    return g_ptr_array_steal_index (agendas, 0);
}

static MlaAgendaDay *
day_at (MlaAgenda *agenda, guint i)
{
    ck_assert_uint_gt (agenda->days->len, i);
    return g_ptr_array_index (agenda->days, i);
}

static MlaAgendaSlot *
slot_at (MlaAgenda *agenda, guint day, guint i)
{
    MlaAgendaDay *d = day_at (agenda, day);

    ck_assert_uint_gt (d->slots->len, i);
    return g_ptr_array_index (d->slots, i);
}

/* The slot of @day that starts at @start (the first one, for tracks). */
static MlaAgendaSlot *
slot_starting (MlaAgenda *agenda, guint day, const char *start)
{
    MlaAgendaDay *d = day_at (agenda, day);

    for (guint i = 0; i < d->slots->len; i++) {
        MlaAgendaSlot *slot = g_ptr_array_index (d->slots, i);

        if (strcmp (slot->start, start) == 0)
            return slot;
    }
    ck_abort_msg ("no slot at %s on day %u", start, day);
    return NULL;
}

static MlaAgendaPerson *
person_at (MlaAgendaSlot *slot, guint i)
{
    ck_assert_uint_gt (slot->people->len, i);
    return g_ptr_array_index (slot->people, i);
}

static const char *
note_at (MlaAgendaSlot *slot, guint i)
{
    ck_assert_uint_gt (slot->notes->len, i);
    return g_ptr_array_index (slot->notes, i);
}

static void
assert_chair (MlaAgendaSlot *slot, const char *name, MlaPersonRole role,
              gboolean confirmed)
{
    MlaAgendaPerson *person;

    ck_assert_msg (slot->people->len == 1, "%s: %u people", slot->title,
                   slot->people->len);
    person = person_at (slot, 0);
    ck_assert_str_eq (person->name, name);
    ck_assert_int_eq (person->role, role);
    ck_assert_int_eq (person->confirmed, confirmed);
}

/* ---- the cases: tests/data/agenda-cases/<group>/<case>.txt is a text,
 * <case>.xml the agendas `mlarc agenda --format xml` writes for it, and
 * <case>.date, when there is one, its reference date (README.md there) ---- */

static GPtrArray *cases; /* of char *: "<group>/<case>", sorted */

static int
compare_names (gconstpointer a, gconstpointer b)
{
    return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static GPtrArray *
list_cases (void)
{
    g_autofree char *root = mla_test_srcdir_path ("tests/data/agenda-cases");
    g_autoptr (GDir) groups = g_dir_open (root, 0, NULL);
    GPtrArray *list = g_ptr_array_new_with_free_func (g_free);
    const char *group;

    while (groups != NULL && (group = g_dir_read_name (groups)) != NULL) {
        g_autofree char *dir = g_build_filename (root, group, NULL);
        g_autoptr (GDir) files = g_dir_open (dir, 0, NULL);
        const char *file;

        while (files != NULL && (file = g_dir_read_name (files)) != NULL) {
            if (g_str_has_suffix (file, ".txt"))
                g_ptr_array_add (list, g_strdup_printf ("%s/%.*s", group,
                                                        (int) strlen (file) - 4,
                                                        file));
        }
    }
    g_ptr_array_sort (list, compare_names);
    return list;
}

/* Returns: (transfer full) (nullable): case @name's file ending in @ext,
 * or NULL when it has none. */
static char *
read_case_file (const char *name, const char *ext)
{
    g_autofree char *relative =
        g_strconcat ("tests/data/agenda-cases/", name, ext, NULL);
    g_autofree char *path = mla_test_srcdir_path (relative);
    char *contents = NULL;

    if (!g_file_get_contents (path, &contents, NULL, NULL))
        return NULL;
    return contents;
}

/* Fails, naming case @name and the first line where @got differs from
 * @want; @got goes to tests/agenda-cases.out/ in the build folder, for
 * diff -u. */
static void
assert_same_xml (const char *name, const char *want, const char *got)
{
    g_auto (GStrv) want_lines = g_strsplit (want, "\n", -1);
    g_auto (GStrv) got_lines = g_strsplit (got, "\n", -1);
    const char *builddir = g_getenv ("top_builddir");
    g_autofree char *out = NULL, *expected = NULL;
    guint line = 0;

    if (strcmp (want, got) == 0)
        return;
    while (want_lines[line] != NULL && got_lines[line] != NULL &&
           strcmp (want_lines[line], got_lines[line]) == 0)
        line++;
    out = g_strconcat (builddir != NULL ? builddir : ".",
                       "/tests/agenda-cases.out/", name, ".xml", NULL);
    expected = g_strconcat ("tests/data/agenda-cases/", name, ".xml", NULL);
    {
        g_autofree char *dir = g_path_get_dirname (out);

        if (g_mkdir_with_parents (dir, 0755) != 0 ||
            !g_file_set_contents (out, got, -1, NULL))
            g_clear_pointer (&out, g_free);
    }
    ck_abort_msg ("case %s: line %u differs\n-%s\n+%s\ndiff -u %s %s", name,
                  line + 1,
                  want_lines[line] != NULL ? want_lines[line] : "(end of file)",
                  got_lines[line] != NULL ? got_lines[line] : "(end of file)",
                  expected, out != NULL ? out : "(not written)");
}

START_TEST (test_agenda_case)
{
    const char *name;
    g_autofree char *text = NULL, *want = NULL, *date = NULL;
    g_autoptr (GDateTime) reference = NULL;
    g_autoptr (GPtrArray) agendas = NULL;
    g_autoptr (GOutputStream) out = g_memory_output_stream_new_resizable ();
    g_autoptr (GError) error = NULL;
    g_autoptr (GBytes) bytes = NULL;
    g_autofree char *got = NULL;

    ck_assert_msg ((guint) _i < cases->len,
                   "no cases under tests/data/agenda-cases");
    name = g_ptr_array_index (cases, _i);
    text = read_case_file (name, ".txt");
    want = read_case_file (name, ".xml");
    date = read_case_file (name, ".date");
    ck_assert_msg (text != NULL && want != NULL,
                   "case %s: .txt or .xml unreadable", name);
    if (date != NULL) {
        reference = g_date_time_new_from_iso8601 (g_strstrip (date), NULL);
        ck_assert_msg (reference != NULL, "case %s: .date is no ISO 8601 time",
                       name);
    }
    agendas = mla_agenda_parser_parse (shared_parser (), text, reference);
    if (!mla_agenda_write (agendas, MLA_AGENDA_FORMAT_XML, NULL, out, &error) ||
        !g_output_stream_close (out, NULL, &error))
        ck_abort_msg ("case %s: %s", name, error->message);
    bytes =
        g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
    got = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
    assert_same_xml (name, want, got);
}
END_TEST

/* ---- the seed ---- */

START_TEST (test_agenda_seed_exact)
{
    g_autofree char *path =
        mla_test_shared_path ("seeds/001-mail-kernel-summit-agenda.txt");
    g_autoptr (GBytes) bytes = NULL;
    g_autofree char *text = NULL;
    g_autoptr (MlaAgenda) agenda = NULL;
    MlaAgendaDay *monday, *tuesday;
    MlaAgendaSlot *slot;
    static const char *const monday_starts[] = {
        "09:00", "09:20", "10:30", "11:00", "11:30", "12:00",
        "12:30", "13:30", "14:00", "14:30", "15:00", "15:30",
        "16:00", "16:30", "17:00", "18:00", "19:30", "20:30",
    };

    if (path == NULL) {
        mla_test_skip ("test_agenda_seed_exact: MLARC_SHARED seeds absent");
        return;
    }
    bytes = mla_test_read_file (path);
    text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
    agenda = parse_text (text, "2004-07-13T22:50:57-04:00");
    ck_assert_ptr_nonnull (agenda);
    ck_assert_uint_eq (agenda->days->len, 2);
    monday = day_at (agenda, 0);
    tuesday = day_at (agenda, 1);
    ck_assert_str_eq (monday->name, "Monday");
    ck_assert_str_eq (monday->date, "2004-07-19");
    ck_assert_str_eq (tuesday->name, "Tuesday");
    ck_assert_str_eq (tuesday->date, "2004-07-20");
    ck_assert_uint_eq (monday->slots->len, 18);
    ck_assert_uint_eq (tuesday->slots->len, 17);
    for (guint i = 0; i < G_N_ELEMENTS (monday_starts); i++)
        ck_assert_str_eq (slot_at (agenda, 0, i)->start, monday_starts[i]);

    slot = slot_at (agenda, 0, 0);
    ck_assert_str_eq (slot->end, "09:20");
    ck_assert_str_eq (slot->title,
                      "Introduction, ground rules, agenda bashing, etc.");
    assert_chair (slot, "Theodore Ts'o", MLA_PERSON_ROLE_CHAIR, TRUE);
    slot = slot_at (agenda, 0, 1);
    ck_assert_str_eq (slot->title, "CPU Panel (Intel, AMD, Power)");
    ck_assert_uint_eq (slot->people->len, 0);
    ck_assert_uint_eq (slot->notes->len, 1);
    ck_assert_str_eq (note_at (slot, 0),
                      "15 min. each presentation, followed by discussion");
    slot = slot_at (agenda, 0, 2);
    ck_assert_int_eq (slot->kind, MLA_SLOT_KIND_BREAK);
    ck_assert_str_eq (slot->end, "11:00");
    slot = slot_starting (agenda, 0, "12:30");
    ck_assert_str_eq (slot->title, "Lunch");
    ck_assert_int_eq (slot->kind, MLA_SLOT_KIND_MEAL);
    ck_assert_str_eq (slot->end, "13:30");
    slot = slot_starting (agenda, 0, "13:30");
    ck_assert_str_eq (slot->title, "Power Management (general)");
    assert_chair (slot, "Pat Mochel", MLA_PERSON_ROLE_CHAIR, TRUE);
    assert_chair (slot_starting (agenda, 0, "14:00"), "Pat Mochel",
                  MLA_PERSON_ROLE_CHAIR, TRUE);
    slot = slot_starting (agenda, 0, "17:00");
    ck_assert_str_eq (slot->end, "18:00");
    slot = slot_starting (agenda, 0, "18:00");
    ck_assert_str_eq (slot->title, "Dinner/Reception");
    ck_assert_str_eq (slot->location, "Congress center");
    ck_assert_int_eq (slot->kind, MLA_SLOT_KIND_MEAL);
    ck_assert_str_eq (slot->end, "19:30");
    slot = slot_starting (agenda, 0, "19:30");
    ck_assert_str_eq (slot->title, "AMD Processor internals");
    ck_assert_str_eq (slot->room, "Room A");
    ck_assert_str_eq (slot->end, "20:30");
    slot = slot_starting (agenda, 0, "20:30");
    ck_assert_str_eq (slot->title, "INTEL LaGrande disclosure");
    ck_assert_str_eq (slot->room, "Room A");
    ck_assert_str_eq (slot->end,
                      "21:30"); /* the empty "9:30   -" row ends it */

    assert_chair (slot_starting (agenda, 1, "11:00"), "Randy Dunlap",
                  MLA_PERSON_ROLE_CHAIR, TRUE);
    assert_chair (slot_starting (agenda, 1, "11:30"), "Suparna Bhattacharya",
                  MLA_PERSON_ROLE_CHAIR, TRUE);
    assert_chair (slot_starting (agenda, 1, "13:30"), "Suparna Bhattacharya",
                  MLA_PERSON_ROLE_CHAIR, TRUE);
    assert_chair (slot_starting (agenda, 1, "14:00"), "Joe Thornber",
                  MLA_PERSON_ROLE_CHAIR, FALSE);
    slot = slot_starting (agenda, 1, "17:00");
    ck_assert_str_eq (slot->title, "Open topic");
    ck_assert_str_eq (note_at (slot, 0),
                      "(or may move closing talk up by 30 minutes)");
    slot = slot_starting (agenda, 1, "17:30");
    ck_assert_str_eq (slot->title, "Closing talk (summary ; when will 2.7 "
                                   "start ; how can we improve the summit)");
    slot = slot_at (agenda, 1, 16);
    ck_assert_str_eq (slot->start, "18:00");
    ck_assert_str_eq (slot->title, "Dinner (on your own)");
    /* the evening table's rows are empty: its first, "8:00    - ", ends dinner
     */
    ck_assert_str_eq (slot->end, "20:00");
}
END_TEST

/* ---- 12-hour resolution ---- */

static const struct {
    MlaClock clock;
    int previous;
    gboolean all_24h;
    int expected;
} clocks[] = {
    { { 9, 0, MLA_CLOCK_NONE }, -1, FALSE, 9 * 60 },
    { { 1, 30, MLA_CLOCK_NONE },
      12 * 60 + 30,
      FALSE,
      13 * 60 + 30 }, /* after lunch */
    { { 12, 30, MLA_CLOCK_NONE }, 12 * 60, FALSE, 12 * 60 + 30 },
    { { 7, 30, MLA_CLOCK_NONE },
      18 * 60,
      FALSE,
      19 * 60 + 30 }, /* after dinner */
    { { 10, 0, MLA_CLOCK_NONE }, 9 * 60, FALSE, 10 * 60 },
    { { 1, 0, MLA_CLOCK_NONE }, -1, FALSE, 13 * 60 },
    { { 1, 0, MLA_CLOCK_NONE }, -1, TRUE, 60 },
    { { 8, 0, MLA_CLOCK_NONE }, 20 * 60, TRUE, 8 * 60 },
    { { 12, 0, MLA_CLOCK_AM }, -1, FALSE, 0 },
    { { 12, 0, MLA_CLOCK_PM }, -1, FALSE, 12 * 60 },
    { { 6, 0, MLA_CLOCK_PM }, -1, FALSE, 18 * 60 },
    { { 6, 45, MLA_CLOCK_24H }, 20 * 60, FALSE, 6 * 60 + 45 },
};

START_TEST (test_clock_resolves)
{
    ck_assert_int_eq (mla_agenda_resolve_clock (&clocks[_i].clock,
                                                clocks[_i].previous,
                                                clocks[_i].all_24h),
                      clocks[_i].expected);
}
END_TEST

static const struct {
    MlaClock start, end;
    int previous;
    int expected_start, expected_end;
} ranges[] = {
    { { 10, 0, MLA_CLOCK_NONE }, { 10, 30, MLA_CLOCK_AM }, -1, 600, 630 },
    { { 11, 0, MLA_CLOCK_NONE }, { 12, 0, MLA_CLOCK_PM }, -1, 660, 720 },
    { { 12, 0, MLA_CLOCK_NONE }, { 1, 30, MLA_CLOCK_PM }, 660, 720, 810 },
    { { 6, 30, MLA_CLOCK_NONE }, { 7, 0, MLA_CLOCK_PM }, -1, 1110, 1140 },
    { { 11, 15, MLA_CLOCK_NONE },
      { 12, 0, MLA_CLOCK_AM },
      645,
      675,
      720 }, /* real mistake */
    { { 3, 30, MLA_CLOCK_NONE },
      { 3, 15, MLA_CLOCK_PM },
      810,
      930,
      915 }, /* real mistake */
    { { 12, 0, MLA_CLOCK_NONE }, { 1, 0, MLA_CLOCK_NONE }, 570, 720, 780 },
    { { 1, 0, MLA_CLOCK_NONE }, { 5, 0, MLA_CLOCK_NONE }, 720, 780, 1020 },
};

START_TEST (test_range_resolves)
{
    int s = -1, e = -1;

    mla_agenda_resolve_range (&ranges[_i].start, &ranges[_i].end,
                              ranges[_i].previous, FALSE, &s, &e);
    ck_assert_int_eq (s, ranges[_i].expected_start);
    ck_assert_int_eq (e, ranges[_i].expected_end);
}
END_TEST

/* ---- ends ---- */

static MlaAgendaSlot *
make_slot (const char *start, const char *end, const char *room)
{
    MlaAgendaSlot *slot = mla_agenda_slot_new ();

    g_strlcpy (slot->start, start, sizeof slot->start);
    g_strlcpy (slot->end, end, sizeof slot->end);
    slot->room = g_strdup (room);
    return slot;
}

START_TEST (test_ends_filled_by_next_slot)
{
    g_autoptr (MlaAgendaDay) day = mla_agenda_day_new ("Monday");
    static const char *const expected[] = { "09:30", "10:00", "19:30", "20:30",
                                            "21:00", "",      "" };

    g_ptr_array_add (day->slots, make_slot ("09:00", "", NULL));
    g_ptr_array_add (
        day->slots, make_slot ("09:30", "10:00", NULL)); /* explicit end wins */
    g_ptr_array_add (day->slots,
                     make_slot ("18:00", "", NULL)); /* dinner: any room */
    g_ptr_array_add (day->slots, make_slot ("19:30", "", "Room A"));
    g_ptr_array_add (day->slots, make_slot ("19:30", "", "Room B"));
    g_ptr_array_add (day->slots,
                     make_slot ("20:30", "", "Room A")); /* nothing follows */
    g_ptr_array_add (day->slots, make_slot ("21:00", "", "Room B"));
    mla_agenda_fill_ends (day);
    ck_assert_str_eq (
        ((MlaAgendaSlot *) g_ptr_array_index (day->slots, 0))->end,
        expected[0]);
    ck_assert_str_eq (
        ((MlaAgendaSlot *) g_ptr_array_index (day->slots, 1))->end,
        expected[1]);
    ck_assert_str_eq (
        ((MlaAgendaSlot *) g_ptr_array_index (day->slots, 2))->end,
        expected[2]);
    ck_assert_str_eq (
        ((MlaAgendaSlot *) g_ptr_array_index (day->slots, 3))->end,
        expected[3]);
    ck_assert_str_eq (
        ((MlaAgendaSlot *) g_ptr_array_index (day->slots, 4))->end,
        expected[4]);
    ck_assert_str_eq (
        ((MlaAgendaSlot *) g_ptr_array_index (day->slots, 5))->end,
        expected[5]);
    ck_assert_str_eq (
        ((MlaAgendaSlot *) g_ptr_array_index (day->slots, 6))->end,
        expected[6]);
}
END_TEST

/* ---- dates and day headings ---- */

static const struct {
    int weekday;
    const char *reference;
    const char *expected;
} weekdays[] = {
    { 1, "2004-07-13T22:50:57-04:00", "2004-07-19" },
    { 2, "2004-07-13T22:50:57-04:00", "2004-07-13" }, /* on or after */
    { 7, "2004-12-30T10:00:00Z", "2005-01-02" },
};

START_TEST (test_date_weekday_resolves)
{
    g_autoptr (GDateTime) ref = date_of (weekdays[_i].reference);
    char out[11];

    ck_assert (mla_agenda_resolve_weekday (ref, weekdays[_i].weekday, out));
    ck_assert_str_eq (out, weekdays[_i].expected);
    ck_assert (!mla_agenda_resolve_weekday (NULL, 1, out));
    ck_assert_str_eq (out, "");
}
END_TEST

START_TEST (test_date_explicit_resolves)
{
    g_autoptr (GDateTime) ref = date_of ("2004-12-20T10:00:00Z");
    char out[11];

    ck_assert (mla_agenda_resolve_date (ref, 2004, 7, 19, out));
    ck_assert_str_eq (out, "2004-07-19");
    ck_assert (mla_agenda_resolve_date (ref, 0, 12, 27, out));
    ck_assert_str_eq (out, "2004-12-27");
    ck_assert (mla_agenda_resolve_date (ref, 0, 1, 10, out)); /* next January */
    ck_assert_str_eq (out, "2005-01-10");
    ck_assert (!mla_agenda_resolve_date (ref, 2004, 2, 30, out));
    ck_assert (!mla_agenda_resolve_date (NULL, 0, 1, 10, out));
}
END_TEST

/* ---- people ---- */

/* Words that are never in a personal name make a line a title. */
static const struct {
    const char *text;
    gboolean is_name;
} names[] = {
    { "Theodore Ts'o", TRUE },        { "Rik van Riel", TRUE },
    { "Jean-Philippe Diguet", TRUE }, { "Welcome Keynote", FALSE },
    { "The Cloud", FALSE },           { "Open Source Licensing", FALSE },
    { "CERCS Lab Director", FALSE },  { "Break", FALSE },
};

START_TEST (test_people_name_words)
{
    MlaAgendaParser *parser = shared_parser ();

    ck_assert_int_eq (mla_agenda_parser_is_name (parser, names[_i].text),
                      names[_i].is_name);
}
END_TEST

/* ---- kinds and locations ---- */

static const struct {
    const char *title;
    MlaSlotKind kind;
} kinds[] = {
    { "Break", MLA_SLOT_KIND_BREAK },
    { "Coffee Break", MLA_SLOT_KIND_BREAK },
    { "Lunch", MLA_SLOT_KIND_MEAL },
    { "Dinner/Reception", MLA_SLOT_KIND_MEAL },
    { "Registration and Continental Breakfast", MLA_SLOT_KIND_MEAL },
    { "Cocktails | Reception", MLA_SLOT_KIND_SOCIAL },
    { "Welcome Reception", MLA_SLOT_KIND_SOCIAL },
    { "Breakout Groups", MLA_SLOT_KIND_SESSION },
    { "Power Management (general)", MLA_SLOT_KIND_SESSION },
    { "Mittagessen", MLA_SLOT_KIND_MEAL },
    { "Pausa caf\xc3\xa9", MLA_SLOT_KIND_BREAK },
    { "Almuerzo de trabajo", MLA_SLOT_KIND_MEAL },
    { "Pranzo", MLA_SLOT_KIND_MEAL },
    { "Coffee", MLA_SLOT_KIND_BREAK },
    { "Socialising", MLA_SLOT_KIND_SOCIAL },
    { "Drinks at the harbour", MLA_SLOT_KIND_SOCIAL },
    { "Aperitivo", MLA_SLOT_KIND_SOCIAL },
    { "Doors open & snacks", MLA_SLOT_KIND_BREAK },
    { "Pauze", MLA_SLOT_KIND_BREAK },
    { "Late-night pizza", MLA_SLOT_KIND_MEAL },
    { "Borrel", MLA_SLOT_KIND_SOCIAL },
};

START_TEST (test_kind_words)
{
    MlaAgendaParser *parser = shared_parser ();

    ck_assert_int_eq (mla_agenda_parser_kind (parser, kinds[_i].title),
                      kinds[_i].kind);
}
END_TEST

/* ---- negatives ---- */

START_TEST (test_negative_null_text)
{
    MlaAgendaParser *parser = shared_parser ();
    g_autoptr (GPtrArray) agendas =
        mla_agenda_parser_parse (parser, NULL, NULL);

    ck_assert_uint_eq (agendas->len, 0);
}
END_TEST

/* ---- scaling: found by tests/fuzz/fuzz-agenda ---- */

/* The first three were quadratic (minutes for the sizes here); the TCase
 * timeout fails them. @repeat copies of @line follow a small programme. */
static const struct {
    const char *line;
    guint repeat;
} long_inputs[] = {
    { "10:00 Talk\n", 100000 }, /* every slot's end searched the rest */
    { "\t", 100000 },           /* one line of tabs: rules scan each gap */
    { " ", 1000000 },           /* one line of spaces */
    { "12:34:", 170000 },       /* 1 MB of digits and colons: linear */
};

START_TEST (test_scaling_long_input)
{
    MlaAgendaParser *parser = shared_parser ();
    g_autoptr (GDateTime) reference = date_of ("2024-03-14T09:00:00Z");
    g_autoptr (GString) text =
        g_string_new ("Monday\n09:00 Intro\n10:00 Talk\n");
    g_autoptr (GPtrArray) agendas = NULL;

    for (guint i = 0; i < long_inputs[_i].repeat; i++)
        g_string_append (text, long_inputs[_i].line);
    g_string_append (text, "(x)\n");
    agendas = mla_agenda_parser_parse (parser, text->str, reference);
    ck_assert_uint_eq (agendas->len, 1);
}
END_TEST

/* ---- messages ---- */

/* A file without sender, date, subject or id is a plain text: its first
 * lines are the programme, not headers. A mail's headers stay headers. */
static const struct {
    const char *text;
    guint slots;
    const char *first_day;
} messages[] = {
    { "Source: https://example.org/programme\nMonday\n9:00 - Opening\n10:00 - "
      "Talk\n"
      "11:00 - Close\n",
      3, "Monday" },
    { "Monday\n9:00 - Opening\n10:00 - Talk\n11:00 - Close\n", 3, "Monday" },
    { "From: a@example.org\nSubject: Programme\nDate: Tue, 13 Jul 2004 "
      "22:50:57 -0400\n\n"
      "Monday\n9:00 - Opening\n10:00 - Talk\n11:00 - Close\n",
      3, "Monday" },
};

/* Returns: (transfer full): the agendas of the mail (or plain text) @text. */
static GPtrArray *
agendas_of_mail (const char *text)
{
    g_autoptr (GBytes) bytes = g_bytes_new (text, strlen (text));
    g_autoptr (MlaRawMessage) raw = mla_raw_message_new (bytes, "test", 0, 1);
    g_autoptr (MlaMessage) message = mla_message_parse (raw);

    return mla_agenda_parse_message (shared_parser (), message);
}

START_TEST (test_message_plain_text)
{
    g_autoptr (GPtrArray) agendas = agendas_of_mail (messages[_i].text);
    MlaAgenda *agenda;

    ck_assert_uint_eq (agendas->len, 1);
    agenda = g_ptr_array_index (agendas, 0);
    ck_assert_uint_eq (mla_agenda_count_slots (agenda), messages[_i].slots);
    ck_assert_str_eq (day_at (agenda, 0)->name, messages[_i].first_day);
}
END_TEST

/* A mail's subject may say what its times are: a rota is no agenda,
 * unless the subject says "Agenda" for itself. */
static const struct {
    const char *subject;
    guint agendas;
} subjects[] = {
    { "On-call rota, week 47", 0 },
    { "Winterrooster vanaf 6 oktober", 0 },
    /* names alone at hours, and nothing that says people meet: a rota */
    { "Handover week 47", 0 },
    { "Handover meeting, week 47", 1 },
    { "Agenda: on-call rota review", 1 },
    /* ("timetable" is what any list of times may be called) */
    { "Industrial action: revised timetable on 3 and 5 February", 0 },
};

START_TEST (test_message_subject_says_no_programme)
{
    g_autofree char *text =
        g_strdup_printf ("From: a@example.org\nSubject: %s\nDate: Fri, 14 Nov "
                         "2025 10:00:00 +0000\n\n"
                         "Monday 17 November 2025\n  08:00-09:00  Tomasz "
                         "Wilk\n  09:00-10:00  Priya Raman\n"
                         "  10:00-11:00  Jon Eriksen\n",
                         subjects[_i].subject);
    g_autoptr (GPtrArray) agendas = agendas_of_mail (text);

    ck_assert_uint_eq (agendas->len, subjects[_i].agendas);
}
END_TEST

/* A programme in the HTML alternative alone is read there; one in the
 * text part is read there (the HTML then not at all). */
static const struct {
    const char *text;
    const char *html;
    guint slots;
    const char *first_title;
} alternatives[] = {
    { "The programme is in the table below. See you on Saturday!",
      "<h3>Saturday 7 November 2026</h3><table>"
      "<tr><td>10:00</td><td>Welcome</td></tr>"
      "<tr><td>10:30</td><td>Open budget data</td></tr>"
      "<tr><td>12:00</td><td>Lunch</td></tr></table>",
      3, "Welcome" },
    { "Saturday 7 November 2026\n\n10:00 Opening\n11:00 Talks\n12:00 "
      "Lunch\n",
      "<table><tr><td>10:00</td><td>Welcome</td></tr>"
      "<tr><td>10:30</td><td>Open budget data</td></tr>"
      "<tr><td>12:00</td><td>Lunch</td></tr></table>",
      3, "Opening" },
};

START_TEST (test_message_html_alternative)
{
    g_autofree char *mail = g_strdup_printf (
        "From: a@example.org\nSubject: Open Data Day\nDate: Wed, 4 Nov 2026 "
        "11:12:00 +0100\nMIME-Version: 1.0\nContent-Type: "
        "multipart/alternative; boundary=b\n\n--b\nContent-Type: text/plain; "
        "charset=utf-8\n\n%s\n--b\nContent-Type: text/html; "
        "charset=utf-8\n\n<html><body>%s</body></html>\n--b--\n",
        alternatives[_i].text, alternatives[_i].html);
    g_autoptr (GPtrArray) agendas = agendas_of_mail (mail);
    MlaAgendaSlot *first;

    ck_assert_uint_eq (agendas->len, 1);
    ck_assert_uint_eq (mla_agenda_count_slots (g_ptr_array_index (agendas, 0)),
                       alternatives[_i].slots);
    first = g_ptr_array_index (
        day_at (g_ptr_array_index (agendas, 0), 0)->slots, 0);
    ck_assert_str_eq (first->title, alternatives[_i].first_title);
}
END_TEST

/* ---- the vocabulary ---- */

START_TEST (test_vocabulary_missing_file)
{
    g_autoptr (GError) error = NULL;
    g_autoptr (MlaAgendaParser) parser =
        mla_agenda_parser_new ("/nonexistent/vocab.ini", &error);

    ck_assert_ptr_null (parser);
    ck_assert_ptr_nonnull (error);
    ck_assert_ptr_nonnull (strstr (error->message, "/nonexistent/vocab.ini"));
}
END_TEST

/* A parser of the stock vocabulary with @key of @group set to @value. */
static MlaAgendaParser *
parser_with (const char *group, const char *key, const char *value)
{
    g_autofree char *dir = mla_test_make_tmpdir ();
    g_autofree char *path = g_build_filename (dir, "vocab.ini", NULL);
    g_autofree char *source =
        mla_test_srcdir_path ("data/agenda-vocabulary.ini");
    g_autofree char *vocab = NULL;
    g_autoptr (GKeyFile) keys = g_key_file_new ();
    g_autoptr (GError) error = NULL;
    MlaAgendaParser *parser;

    ck_assert (g_key_file_load_from_file (keys, source,
                                          G_KEY_FILE_KEEP_COMMENTS, &error));
    g_key_file_set_string (keys, group, key, value);
    vocab = g_key_file_to_data (keys, NULL, NULL);
    ck_assert (g_file_set_contents (path, vocab, -1, &error));
    parser = mla_agenda_parser_new (path, &error);
    ck_assert_msg (parser != NULL, "%s", error != NULL ? error->message : "?");
    return parser;
}

/* A new label is a data change: the vocabulary file, no C. */
START_TEST (test_vocabulary_new_label)
{
    g_autoptr (MlaAgendaParser) parser =
        parser_with ("labels", "moderator", "Moderator;Wrangler");
    g_autoptr (GPtrArray) agendas = NULL;
    MlaAgendaSlot *slot;

    agendas = mla_agenda_parser_parse (
        parser,
        "Monday\n\n9:00 - Panel\n\tWrangler: Ada Lovelace\n"
        "10:00 - Talk\n11:00 - Close\n",
        NULL);
    ck_assert_uint_eq (agendas->len, 1);
    slot = g_ptr_array_index (
        ((MlaAgendaDay *) g_ptr_array_index (
             ((MlaAgenda *) g_ptr_array_index (agendas, 0))->days, 0))
            ->slots,
        0);
    assert_chair (slot, "Ada Lovelace", MLA_PERSON_ROLE_MODERATOR, TRUE);
}
END_TEST

/* A list left empty, or an empty word in one ("a;;b"), matches nothing:
 * a list found anywhere in a line would otherwise match every line. */
static const char *const empty_lists[][2] = {
    { "words-unspaced", "" },
    { "items-unspaced", ";;" },
    { "words-ending", "" },
};

/* Times with no evidence of a meeting (evidence-people-meet/000 in the
 * cases): an empty list must not make them one. */
static const char tides[] =
    "Saturday 6 December\n  04:12  High water 4.8 m\n  10:31  Low water 0.9 m\n"
    "  16:40  High water 4.6 m\n  22:55  Low water 1.1 m\n";

START_TEST (test_vocabulary_empty_list)
{
    g_autoptr (MlaAgendaParser) parser =
        parser_with ("meetings", empty_lists[_i][0], empty_lists[_i][1]);
    g_autoptr (GPtrArray) agendas =
        mla_agenda_parser_parse (parser, tides, NULL);

    ck_assert_uint_eq (agendas->len, 0);
}
END_TEST

/* ---- the shared corpus ---- */

START_TEST (test_corpus_shared_agendas)
{
    g_autofree char *dir_path = mla_test_shared_path ("agendas");
    g_autoptr (GDir) dir = NULL;
    MlaAgendaParser *parser = NULL;
    g_autoptr (GDateTime) ref = NULL;
    const char *name;
    guint files = 0;

    if (dir_path == NULL) {
        mla_test_skip (
            "test_corpus_shared_agendas: MLARC_SHARED agendas absent");
        return;
    }
    parser = shared_parser ();
    ref = date_of ("2009-01-01T00:00:00Z");
    dir = g_dir_open (dir_path, 0, NULL);
    ck_assert_ptr_nonnull (dir);
    while ((name = g_dir_read_name (dir)) != NULL) {
        g_autofree char *path = g_build_filename (dir_path, name, NULL);
        g_autofree char *relative = NULL;
        g_autofree char *expected = NULL;
        g_autofree char *text = NULL;
        g_autoptr (GPtrArray) agendas = NULL;
        guint slots = 0;

        if (!g_str_has_suffix (name, ".txt"))
            continue;
        /* Only the texts whose expected agendas the project has written
         * (tests/data/agendas/NAME.xml); bench/agenda-accuracy scores the
         * others (issue 26). */
        relative = g_strdup_printf ("tests/data/agendas/%.*s.xml",
                                    (int) strlen (name) - 4, name);
        expected = mla_test_srcdir_path (relative);
        if (!g_file_test (expected, G_FILE_TEST_EXISTS))
            continue;
        ck_assert (g_file_get_contents (path, &text, NULL, NULL));
        agendas = mla_agenda_parser_parse (parser, text, ref);
        for (guint i = 0; i < agendas->len; i++)
            slots += mla_agenda_count_slots (g_ptr_array_index (agendas, i));
        if (strstr (name, "NEGATIVE") != NULL)
            ck_assert_msg (slots == 0, "%s: %u slots in a negative case", name,
                           slots);
        else
            ck_assert_msg (slots > 0, "%s: no slots", name);
        files++;
    }
    ck_assert_uint_gt (files, 0);
}
END_TEST

/* A parser made for few texts (no machine code: an import's first) finds
 * the same agendas, byte for byte in XML, as one made for many. */
static char *
agendas_xml (MlaAgendaParser *parser, const char *text, GDateTime *ref)
{
    g_autoptr (GPtrArray) agendas = mla_agenda_parser_parse (parser, text, ref);
    g_autoptr (GOutputStream) out = g_memory_output_stream_new_resizable ();

    ck_assert (
        mla_agenda_write (agendas, MLA_AGENDA_FORMAT_XML, NULL, out, NULL));
    ck_assert (g_output_stream_close (out, NULL, NULL));
    return g_strndup (
        g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (out)),
        g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out)));
}

START_TEST (test_few_texts_parser_same)
{
    g_autofree char *dir_path = mla_test_shared_path ("agendas");
    g_autoptr (MlaAgendaParser) few = NULL;
    g_autoptr (GDateTime) ref = date_of ("2009-01-01T00:00:00Z");
    g_autoptr (GDir) dir = NULL;
    const char *name;
    guint found = 0;

    if (dir_path == NULL) {
        mla_test_skip ("test_few_texts_parser_same: MLARC_SHARED absent");
        return;
    }
    few = mla_agenda_parser_new_full (NULL, MLA_AGENDA_PARSER_FEW_TEXTS, NULL);
    ck_assert_ptr_nonnull (few);
    dir = g_dir_open (dir_path, 0, NULL);
    ck_assert_ptr_nonnull (dir);
    while ((name = g_dir_read_name (dir)) != NULL) {
        g_autofree char *path = g_build_filename (dir_path, name, NULL);
        g_autofree char *text = NULL;
        g_autofree char *want = NULL;
        g_autofree char *got = NULL;

        if (!g_str_has_suffix (name, ".txt"))
            continue;
        ck_assert (g_file_get_contents (path, &text, NULL, NULL));
        want = agendas_xml (shared_parser (), text, ref);
        got = agendas_xml (few, text, ref);
        ck_assert_msg (strcmp (want, got) == 0, "%s: the parsers differ", name);
        found += strstr (got, "<slot") != NULL;
    }
    ck_assert_uint_gt (found, 10);
}
END_TEST

/* ---- the model ---- */

START_TEST (test_model_strings_and_counts)
{
    g_autoptr (MlaAgenda) agenda = mla_agenda_new ();
    MlaAgendaDay *day = mla_agenda_day_new ("Monday");

    ck_assert_str_eq (mla_slot_kind_to_string (MLA_SLOT_KIND_SESSION),
                      "session");
    ck_assert_str_eq (mla_slot_kind_to_string (MLA_SLOT_KIND_BREAK), "break");
    ck_assert_str_eq (mla_slot_kind_to_string (MLA_SLOT_KIND_MEAL), "meal");
    ck_assert_str_eq (mla_slot_kind_to_string (MLA_SLOT_KIND_SOCIAL), "social");
    ck_assert_str_eq (mla_person_role_to_string (MLA_PERSON_ROLE_CHAIR),
                      "chair");
    ck_assert_str_eq (mla_person_role_to_string (MLA_PERSON_ROLE_MODERATOR),
                      "moderator");
    ck_assert_str_eq (mla_person_role_to_string (MLA_PERSON_ROLE_SPEAKER),
                      "speaker");
    ck_assert_uint_eq (mla_agenda_count_slots (NULL), 0);
    ck_assert_uint_eq (mla_agenda_count_slots (agenda), 0);
    g_ptr_array_add (day->slots, mla_agenda_slot_new ());
    g_ptr_array_add (day->slots, mla_agenda_slot_new ());
    g_ptr_array_add (agenda->days, day);
    ck_assert_uint_eq (mla_agenda_count_slots (agenda), 2);
    mla_agenda_free (NULL);
    mla_agenda_day_free (NULL);
    mla_agenda_slot_free (NULL);
    mla_agenda_person_free (NULL);
}
END_TEST

static Suite *
agenda_suite (void)
{
    Suite *suite = suite_create ("agenda");
    TCase *tc;

    cases = list_cases ();
    tc = tcase_create ("cases");
    /* one more than the cases when there are none, so that an empty or
     * missing folder fails instead of passing */
    tcase_add_unchecked_fixture (tc, warm_parser, NULL);
    tcase_add_loop_test (tc, test_agenda_case, 0, MAX (cases->len, 1));
    suite_add_tcase (suite, tc);

    tc = tcase_create ("seed");
    tcase_add_test (tc, test_agenda_seed_exact);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("resolution");
    tcase_add_loop_test (tc, test_clock_resolves, 0, G_N_ELEMENTS (clocks));
    tcase_add_loop_test (tc, test_range_resolves, 0, G_N_ELEMENTS (ranges));
    tcase_add_loop_test (tc, test_date_weekday_resolves, 0,
                         G_N_ELEMENTS (weekdays));
    tcase_add_test (tc, test_date_explicit_resolves);
    tcase_add_test (tc, test_ends_filled_by_next_slot);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("words");
    tcase_add_loop_test (tc, test_people_name_words, 0, G_N_ELEMENTS (names));
    tcase_add_loop_test (tc, test_kind_words, 0, G_N_ELEMENTS (kinds));
    suite_add_tcase (suite, tc);

    tc = tcase_create ("negatives");
    tcase_add_test (tc, test_negative_null_text);
    suite_add_tcase (suite, tc);

    /* make check-valgrind leaves these out (tests/local.mk says why):
     * srunner_run_all() does not read CK_EXCLUDE_TCASE */
    if (g_getenv ("MLA_TEST_NO_SCALING") == NULL) {
        const char *sanitizers = g_getenv ("MLARC_SANITIZERS");

        tc = tcase_create ("scaling");
        /* linear runs take 2 s here and 26 s under ASan/UBSan; the
         * quadratic ones took minutes without them */
        tcase_set_timeout (
            tc, sanitizers != NULL && sanitizers[0] != '\0' ? 120 : 30);
        tcase_add_loop_test (tc, test_scaling_long_input, 0,
                             G_N_ELEMENTS (long_inputs));
        suite_add_tcase (suite, tc);
    }

    tc = tcase_create ("messages");
    tcase_add_loop_test (tc, test_message_plain_text, 0,
                         G_N_ELEMENTS (messages));
    tcase_add_loop_test (tc, test_message_html_alternative, 0,
                         G_N_ELEMENTS (alternatives));
    tcase_add_loop_test (tc, test_message_subject_says_no_programme, 0,
                         G_N_ELEMENTS (subjects));
    suite_add_tcase (suite, tc);

    tc = tcase_create ("vocabulary");
    tcase_add_test (tc, test_vocabulary_missing_file);
    tcase_add_test (tc, test_vocabulary_new_label);
    tcase_add_loop_test (tc, test_vocabulary_empty_list, 0,
                         G_N_ELEMENTS (empty_lists));
    suite_add_tcase (suite, tc);

    tc = tcase_create ("corpus");
    tcase_add_test (tc, test_corpus_shared_agendas);
    tcase_add_test (tc, test_few_texts_parser_same);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("model");
    tcase_add_test (tc, test_model_strings_and_counts);
    suite_add_tcase (suite, tc);
    return suite;
}

MLA_TEST_MAIN (agenda_suite)
