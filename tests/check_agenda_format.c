/* check_agenda_format.c: agendas built by hand, written as XML, iCalendar,
 * HTML and text, and compared with golden files in
 * tests/expected/agenda-format/. ICS output uses a fixed DTSTAMP through
 * MlaAgendaWriteOptions.dtstamp, so its golden file is compared whole.
 * MLA_UPDATE_GOLDEN=1 rewrites the golden files instead of comparing. */
#include "config.h"
#include <string.h>
#include <utime.h>
#include <glib/gstdio.h>
#include "mlarc.h"
#include "mla-test.h"

/* 2004-07-13 00:00:00 UTC */
#define FIXED_DTSTAMP G_GINT64_CONSTANT (1089676800)

static MlaAgendaSlot *
add_slot (MlaAgendaDay *day, const char *start, const char *end,
          MlaSlotKind kind, const char *title, const char *room)
{
    MlaAgendaSlot *slot = mla_agenda_slot_new ();

    g_strlcpy (slot->start, start, sizeof slot->start);
    g_strlcpy (slot->end, end, sizeof slot->end);
    slot->kind = kind;
    slot->title = g_strdup (title);
    slot->room = g_strdup (room);
    g_ptr_array_add (day->slots, slot);
    return slot;
}

static void
add_person (MlaAgendaSlot *slot, const char *name, MlaPersonRole role,
            gboolean confirmed)
{
    g_ptr_array_add (slot->people,
                     mla_agenda_person_new (name, role, confirmed));
}

/* The summit: parallel rooms on Monday, an unconfirmed moderator, notes,
 * markup characters and control characters in texts, a slot without an
 * end, and a Tuesday whose date is unknown. */
static MlaAgenda *
make_summit (void)
{
    MlaAgenda *agenda = mla_agenda_new ();
    MlaAgendaDay *monday = mla_agenda_day_new ("Monday");
    MlaAgendaDay *tuesday = mla_agenda_day_new ("Tuesday");
    MlaAgendaSlot *slot;

    agenda->message_id = g_strdup ("summit-1@example.org");
    agenda->title = g_strdup ("Summit <2004> & \"Friends\"\x01 agenda");
    agenda->timezone = g_strdup ("CEST");
    g_strlcpy (monday->date, "2004-07-19", sizeof monday->date);
    g_ptr_array_add (agenda->days, monday);
    g_ptr_array_add (agenda->days, tuesday);

    slot = add_slot (monday, "09:00", "09:20", MLA_SLOT_KIND_SESSION,
                     "Introduction, ground rules; agenda bashing, etc.", NULL);
    add_person (slot, "Theodore Ts'o", MLA_PERSON_ROLE_CHAIR, TRUE);
    slot = add_slot (monday, "09:20", "10:30", MLA_SLOT_KIND_SESSION,
                     "CPU Panel (Intel, AMD, Power)", NULL);
    add_person (slot, "Jane Example", MLA_PERSON_ROLE_MODERATOR, FALSE);
    g_ptr_array_add (
        slot->notes,
        g_strdup ("15 min. each presentation, followed by discussion"));
    add_slot (monday, "10:30", "11:00", MLA_SLOT_KIND_BREAK, "Break", NULL);
    slot = add_slot (monday, "18:00", "19:30", MLA_SLOT_KIND_MEAL,
                     "Dinner/Reception", NULL);
    slot->location = g_strdup ("Congress center");
    add_slot (monday, "19:30", "20:30", MLA_SLOT_KIND_SESSION,
              "AMD Processor internals", "Room A");
    slot = add_slot (monday, "19:30", "20:30", MLA_SLOT_KIND_SESSION,
                     "Storage <BOF> & \"more\"\x1b[31m", "Room C");
    add_person (slot, "Ann Example", MLA_PERSON_ROLE_SPEAKER, TRUE);
    add_slot (monday, "20:30", "21:30", MLA_SLOT_KIND_SESSION,
              "INTEL LaGrande disclosure", "Room A");
    add_slot (monday, "21:30", "", MLA_SLOT_KIND_SOCIAL, NULL, NULL);

    slot = add_slot (tuesday, "09:00", "10:00", MLA_SLOT_KIND_SESSION,
                     "Customer panel", NULL);
    add_person (slot, "Gerrit Example", MLA_PERSON_ROLE_CHAIR, TRUE);
    g_ptr_array_add (slot->notes, g_strdup ("Line one\nline two"));
    return agenda;
}

/* No Message-ID, no title, a day known by its date only, a slot past midnight.
 */
static MlaAgenda *
make_hackfest (void)
{
    MlaAgenda *agenda = mla_agenda_new ();
    MlaAgendaDay *day = mla_agenda_day_new (NULL);

    g_strlcpy (day->date, "2004-07-21", sizeof day->date);
    g_ptr_array_add (agenda->days, day);
    add_slot (day, "23:30", "00:30", MLA_SLOT_KIND_SOCIAL, "Late hacking",
              NULL);
    return agenda;
}

static GPtrArray *
make_agendas (void)
{
    GPtrArray *agendas =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_agenda_free);

    g_ptr_array_add (agendas, make_summit ());
    g_ptr_array_add (agendas, make_hackfest ());
    return agendas;
}

/* Returns: (transfer full): what @format makes of @agendas. */
static GBytes *
write_agendas (GPtrArray *agendas, MlaAgendaFormat format, const char *timezone)
{
    g_autoptr (GOutputStream) out = g_memory_output_stream_new_resizable ();
    g_autoptr (GError) error = NULL;
    MlaAgendaWriteOptions options = { timezone, FIXED_DTSTAMP,
                                      mla_site_agenda_write_pages };

    ck_assert_msg (mla_agenda_write (agendas, format, &options, out, &error),
                   "write: %s", error ? error->message : "?");
    ck_assert (g_output_stream_close (out, NULL, NULL));
    return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
}

static char *
bytes_to_string (GBytes *bytes)
{
    gsize size;
    const char *data = g_bytes_get_data (bytes, &size);

    return g_strndup (data != NULL ? data : "", size);
}

static void
assert_golden (GBytes *actual, const char *name)
{
    g_autofree char *relative =
        g_build_filename ("tests/expected/agenda-format", name, NULL);
    g_autofree char *path = mla_test_srcdir_path (relative);
    g_autoptr (GBytes) expected = NULL;
    g_autofree char *actual_name = g_strconcat (name, ".actual", NULL);
    const char *builddir = g_getenv ("top_builddir");
    g_autofree char *actual_path = NULL;

    if (g_getenv ("MLA_UPDATE_GOLDEN") != NULL) {
        ck_assert (g_file_set_contents (path, g_bytes_get_data (actual, NULL),
                                        g_bytes_get_size (actual), NULL));
        return;
    }
    expected = mla_test_read_file (path);
    if (g_bytes_equal (expected, actual))
        return;
    /* Left beside the build for a look: the test ends here either way. */
    actual_path = g_build_filename (builddir != NULL ? builddir : ".", "tests",
                                    actual_name, NULL);
    g_file_set_contents (actual_path, g_bytes_get_data (actual, NULL),
                         g_bytes_get_size (actual), NULL);
    ck_abort_msg ("%s differs from the golden file; see diff -u %s %s", name,
                  path, actual_path);
}

START_TEST (test_agenda_format_xml_golden)
{
    g_autoptr (GPtrArray) agendas = make_agendas ();
    g_autoptr (GBytes) xml =
        write_agendas (agendas, MLA_AGENDA_FORMAT_XML, NULL);

    assert_golden (xml, "agendas.xml");
}
END_TEST

START_TEST (test_agenda_format_text_golden)
{
    g_autoptr (GPtrArray) agendas = make_agendas ();
    g_autoptr (GBytes) text =
        write_agendas (agendas, MLA_AGENDA_FORMAT_TEXT, NULL);

    assert_golden (text, "agendas.txt");
}
END_TEST

START_TEST (test_agenda_format_ics_golden)
{
    g_autoptr (GPtrArray) agendas = make_agendas ();
    g_autoptr (GBytes) ics =
        write_agendas (agendas, MLA_AGENDA_FORMAT_ICS, NULL);

    assert_golden (ics, "agendas.ics");
}
END_TEST

/* The page inlines the theme's style.css, allowed by its hash in the
 * Content-Security-Policy. Both are checked here, then replaced by
 * placeholders, so that the golden file holds the page and not a copy of
 * the stylesheet. Returns: (transfer full). */
static GBytes *
check_inline_style (GBytes *html)
{
    g_autofree char *page = bytes_to_string (html);
    g_autofree char *css_path = mla_test_srcdir_path ("data/site/style.css");
    g_autoptr (GBytes) css = mla_test_read_file (css_path);
    g_autofree char *css_text = bytes_to_string (css);
    guint8 digest[32];
    gsize digest_length = sizeof digest;
    g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
    g_autofree char *hash = NULL;
    g_autofree char *policy = NULL;
    char *start = strstr (page, "<style>");
    char *end = strstr (page, "</style>");
    g_auto (GStrv) parts = NULL;
    g_autofree char *joined = NULL;
    g_autofree char *result = NULL;

    ck_assert (start != NULL && end != NULL && end > start);
    start += strlen ("<style>");
    ck_assert_int_eq (end - start, (int) strlen (css_text));
    ck_assert (strncmp (start, css_text, strlen (css_text)) == 0);
    g_checksum_update (sum, (const guchar *) css_text, -1);
    g_checksum_get_digest (sum, digest, &digest_length);
    hash = g_base64_encode (digest, digest_length);
    policy = g_strdup_printf ("style-src 'sha256-%s';", hash);
    ck_assert_msg (strstr (page, policy) != NULL, "no %s", policy);
    /* No site around the page: no link leaves it. */
    ck_assert (strstr (page, "<link") == NULL);
    ck_assert (strstr (page, "index.html") == NULL);
    *start = '\0';
    parts = g_strsplit (page, hash, 2);
    joined = g_strjoinv ("HASH", parts);
    result = g_strconcat (joined, "/* style.css */", end, NULL);
    return g_bytes_new (result, strlen (result));
}

START_TEST (test_agenda_format_html_golden)
{
    g_autoptr (GPtrArray) agendas = make_agendas ();
    g_autoptr (GOutputStream) out = g_memory_output_stream_new_resizable ();
    g_autoptr (GBytes) html = NULL;
    g_autoptr (GBytes) page = NULL;
    g_autoptr (GError) error = NULL;

    g_ptr_array_set_size (agendas, 1);
    ck_assert_msg (mla_site_agenda_write_pages (agendas, out, &error),
                   "write: %s", error ? error->message : "?");
    ck_assert (g_output_stream_close (out, NULL, NULL));
    html = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
    page = check_inline_style (html);
    assert_golden (page, "summit.html");
}
END_TEST

/* Every slot of a dated day is one VEVENT; the undated Tuesday is left out. */
START_TEST (test_agenda_format_ics_skips_undated_days)
{
    g_autoptr (GPtrArray) agendas = make_agendas ();
    g_autoptr (GBytes) ics =
        write_agendas (agendas, MLA_AGENDA_FORMAT_ICS, NULL);
    g_autofree char *text = bytes_to_string (ics);
    g_auto (GStrv) events = g_strsplit (text, "BEGIN:VEVENT\r\n", -1);
    guint n_slots = 0, n_undated = 0;

    for (guint i = 0; i < agendas->len; i++) {
        n_slots += mla_agenda_count_slots (g_ptr_array_index (agendas, i));
        n_undated +=
            mla_agenda_count_undated_slots (g_ptr_array_index (agendas, i));
    }
    ck_assert_uint_eq (n_undated, 1);
    ck_assert_uint_eq (g_strv_length (events) - 1, n_slots - n_undated);
    ck_assert_ptr_null (strstr (text, "Customer panel"));
}
END_TEST

START_TEST (test_agenda_format_ics_timezone)
{
    g_autoptr (GPtrArray) agendas = make_agendas ();
    g_autoptr (GBytes) ics =
        write_agendas (agendas, MLA_AGENDA_FORMAT_ICS, "Europe/Berlin");
    g_autofree char *text = bytes_to_string (ics);
    const char *vtimezone =
        strstr (text, "BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n");

    ck_assert_ptr_nonnull (vtimezone);
    ck_assert_ptr_nonnull (
        strstr (text, "DTSTART;TZID=Europe/Berlin:20040719T090000\r\n"));
    ck_assert_ptr_nonnull (
        strstr (text, "DTEND;TZID=Europe/Berlin:20040722T003000\r\n"));
    ck_assert (vtimezone < strstr (text, "BEGIN:VEVENT"));
    /* Truncated to 2004 on: no rules from the 1890s. */
    ck_assert_ptr_null (strstr (text, "DTSTART:1893"));
}
END_TEST

START_TEST (test_agenda_format_ics_unknown_timezone)
{
    g_autoptr (GPtrArray) agendas = make_agendas ();
    g_autoptr (GOutputStream) out = g_memory_output_stream_new_resizable ();
    g_autoptr (GError) error = NULL;
    MlaAgendaWriteOptions options = { "Nowhere/Land", 0, NULL };

    ck_assert (!mla_agenda_write (agendas, MLA_AGENDA_FORMAT_ICS, &options, out,
                                  &error));
    ck_assert (g_error_matches (error, MLA_ERROR, MLA_ERROR_INVALID));
    ck_assert_ptr_nonnull (strstr (error->message, "Nowhere/Land"));
    ck_assert_uint_eq (
        g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out)), 0);
}
END_TEST

/* HTML is the site's page: without the site's writer the agenda layer
 * writes nothing and says why. */
START_TEST (test_agenda_format_html_needs_page_writer)
{
    g_autoptr (GPtrArray) agendas = make_agendas ();
    g_autoptr (GOutputStream) out = g_memory_output_stream_new_resizable ();
    g_autoptr (GError) error = NULL;
    MlaAgendaWriteOptions options = { NULL, 0, NULL };

    ck_assert (!mla_agenda_write (agendas, MLA_AGENDA_FORMAT_HTML, &options,
                                  out, &error));
    ck_assert (g_error_matches (error, MLA_ERROR, MLA_ERROR_INVALID));
    ck_assert_uint_eq (
        g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out)), 0);
}
END_TEST

/* The UID depends on the Message-ID, day, start and room only. */
START_TEST (test_agenda_format_ics_uid_stable)
{
    g_autoptr (GPtrArray) agendas = make_agendas ();
    g_autoptr (GBytes) before =
        write_agendas (agendas, MLA_AGENDA_FORMAT_ICS, NULL);
    MlaAgenda *summit = g_ptr_array_index (agendas, 0);
    MlaAgendaDay *monday = g_ptr_array_index (summit->days, 0);
    MlaAgendaSlot *first = g_ptr_array_index (monday->slots, 0);
    g_autoptr (GBytes) retitled = NULL;
    g_autoptr (GBytes) moved = NULL;
    g_autofree char *before_text = bytes_to_string (before);
    g_autofree char *uid = NULL;

    uid = g_strndup (strstr (before_text, "UID:"),
                     strlen ("UID:") + 32 + strlen ("@mlarc"));
    g_free (first->title);
    first->title = g_strdup ("Welcome");
    retitled = write_agendas (agendas, MLA_AGENDA_FORMAT_ICS, NULL);
    ck_assert_ptr_nonnull (strstr (g_bytes_get_data (retitled, NULL), uid));
    g_strlcpy (first->start, "08:30", sizeof first->start);
    moved = write_agendas (agendas, MLA_AGENDA_FORMAT_ICS, NULL);
    ck_assert_ptr_null (strstr (g_bytes_get_data (moved, NULL), uid));
}
END_TEST

/* No agenda: an empty <agendas/> document, and nothing in other formats. */
static const struct {
    MlaAgendaFormat format;
    const char *output;
} empty_outputs[] = {
    { MLA_AGENDA_FORMAT_XML,
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<agendas/>\n" },
    { MLA_AGENDA_FORMAT_ICS, "" },
    { MLA_AGENDA_FORMAT_HTML, "" },
    { MLA_AGENDA_FORMAT_TEXT, "" },
};

START_TEST (test_agenda_format_empty)
{
    g_autoptr (GPtrArray) agendas = g_ptr_array_new ();
    g_autoptr (GBytes) bytes =
        write_agendas (agendas, empty_outputs[_i].format, NULL);
    g_autofree char *text = bytes_to_string (bytes);

    ck_assert_str_eq (text, empty_outputs[_i].output);
}
END_TEST

/* A failing stream fails the write, with the stream's error. */
START_TEST (test_agenda_format_write_error)
{
    g_autoptr (GPtrArray) agendas = make_agendas ();
    g_autoptr (GOutputStream) out = g_memory_output_stream_new_resizable ();
    g_autoptr (GError) error = NULL;
    MlaAgendaWriteOptions options = { NULL, FIXED_DTSTAMP,
                                      mla_site_agenda_write_pages };

    ck_assert (g_output_stream_close (out, NULL, NULL));
    ck_assert (!mla_agenda_write (agendas, (MlaAgendaFormat) _i, &options, out,
                                  &error));
    ck_assert (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CLOSED));
}
END_TEST

static const struct {
    const char *name;
    gboolean known;
    MlaAgendaFormat format;
} format_names[] = {
    { "xml", TRUE, MLA_AGENDA_FORMAT_XML },
    { "ics", TRUE, MLA_AGENDA_FORMAT_ICS },
    { "HTML", TRUE, MLA_AGENDA_FORMAT_HTML },
    { "text", TRUE, MLA_AGENDA_FORMAT_TEXT },
    { "txt", FALSE, 0 },
    { "", FALSE, 0 },
    { NULL, FALSE, 0 },
};

START_TEST (test_agenda_format_from_string)
{
    MlaAgendaFormat format = MLA_AGENDA_FORMAT_XML;

    ck_assert_int_eq (
        mla_agenda_format_from_string (format_names[_i].name, &format),
        format_names[_i].known);
    if (format_names[_i].known)
        ck_assert_int_eq (format, format_names[_i].format);
}
END_TEST

static const struct {
    const char *message_id;
    MlaAgendaFormat format;
    const char *name;
} file_names[] = {
    { "summit-1@example.org", MLA_AGENDA_FORMAT_HTML,
      "summit-1@example.org.html" },
    { "../../etc/passwd", MLA_AGENDA_FORMAT_TEXT, "_._.._etc_passwd.txt" },
    { ".hidden x@y", MLA_AGENDA_FORMAT_ICS, "_hidden_x@y.ics" },
    { NULL, MLA_AGENDA_FORMAT_XML, "agenda-7.xml" },
    { "", MLA_AGENDA_FORMAT_XML, "agenda-7.xml" },
};

START_TEST (test_agenda_format_file_name)
{
    g_autoptr (MlaAgenda) agenda = mla_agenda_new ();
    g_autofree char *name = NULL;

    agenda->message_id = g_strdup (file_names[_i].message_id);
    name = mla_agenda_file_name (agenda, file_names[_i].format, 7, NULL);
    ck_assert_str_eq (name, file_names[_i].name);
}
END_TEST

START_TEST (test_agenda_format_file_name_unique)
{
    g_autoptr (GHashTable) used =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    g_autoptr (MlaAgenda) agenda = mla_agenda_new ();
    g_autofree char *first = NULL;
    g_autofree char *second = NULL;
    g_autofree char *third = NULL;

    agenda->message_id = g_strdup ("a/b@c");
    first = mla_agenda_file_name (agenda, MLA_AGENDA_FORMAT_HTML, 1, used);
    second = mla_agenda_file_name (agenda, MLA_AGENDA_FORMAT_HTML, 2, used);
    third = mla_agenda_file_name (agenda, MLA_AGENDA_FORMAT_HTML, 3, used);
    ck_assert_str_eq (first, "a_b@c.html");
    ck_assert_str_eq (second, "a_b@c-2.html");
    ck_assert_str_eq (third, "a_b@c-3.html");
    ck_assert_uint_eq (g_hash_table_size (used), 3);
}
END_TEST

START_TEST (test_agenda_format_count_undated)
{
    g_autoptr (MlaAgenda) summit = make_summit ();
    g_autoptr (MlaAgenda) hackfest = make_hackfest ();

    ck_assert_uint_eq (mla_agenda_count_undated_slots (summit), 1);
    ck_assert_uint_eq (mla_agenda_count_undated_slots (hackfest), 0);
}
END_TEST

/* The mail wrapper: every message of an input, dated in the sender's zone:
 * sent Sunday 17:00 -0700 (Monday in UTC), its "Sunday" is that same day. */
START_TEST (test_agenda_parse_input)
{
    g_autofree char *eml =
        mla_test_srcdir_path ("tests/data/agenda-format/workshop.eml");
    g_autoptr (MlaAgendaParser) parser = mla_agenda_parser_new (NULL, NULL);
    g_autoptr (GPtrArray) agendas =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_agenda_free);
    g_autoptr (GError) error = NULL;
    const MlaAgenda *agenda;

    ck_assert_ptr_nonnull (parser);
    ck_assert_msg (mla_agenda_parse_input (parser, eml, NULL,
                                           MLA_AGENDA_INPUT_DEFAULT, agendas,
                                           &error),
                   "%s", error ? error->message : "?");
    ck_assert_uint_eq (agendas->len, 1);
    agenda = g_ptr_array_index (agendas, 0);
    ck_assert_str_eq (agenda->message_id, "agenda-2023@lists.example.org");
    ck_assert_uint_gt (mla_agenda_count_slots (agenda), 0);
    ck_assert_uint_ge (agenda->days->len, 2);
    ck_assert_str_eq (
        ((MlaAgendaDay *) g_ptr_array_index (agenda->days, 0))->date,
        "2023-09-10");
    ck_assert_str_eq (
        ((MlaAgendaDay *) g_ptr_array_index (agenda->days, 1))->date,
        "2023-09-11");
}
END_TEST

/* A file that is not mail is an agenda's text: "Monday" is the first
 * Monday on or after the reference given, else the file's mtime. */
START_TEST (test_agenda_parse_text_file)
{
    static const char text[] = "Workshop programme\n\nMonday\n"
                               "09:00-10:00 Opening talk (Speaker: Ada)\n"
                               "10:00-10:30 Coffee break\n";
    g_autoptr (MlaAgendaParser) parser = mla_agenda_parser_new (NULL, NULL);
    g_autofree char *dir = g_dir_make_tmp ("check-agenda-XXXXXX", NULL);
    g_autofree char *path = g_build_filename (dir, "program.txt", NULL);
    g_autoptr (GDateTime) given = g_date_time_new_local (2023, 9, 6, 0, 0, 0);
    struct utimbuf times = { 0 };

    ck_assert_ptr_nonnull (parser);
    ck_assert (g_file_set_contents (path, text, -1, NULL));
    /* 2024-02-01 12:00 UTC: a Thursday */
    times.actime = times.modtime = 1706788800;
    ck_assert_int_eq (g_utime (path, &times), 0);
    for (int pass = 0; pass < 2; pass++) {
        g_autoptr (GPtrArray) agendas =
            g_ptr_array_new_with_free_func ((GDestroyNotify) mla_agenda_free);
        g_autoptr (GError) error = NULL;
        const MlaAgenda *agenda;

        ck_assert_msg (
            mla_agenda_parse_input (parser, path, pass == 0 ? given : NULL,
                                    MLA_AGENDA_INPUT_DEFAULT, agendas, &error),
            "%s", error ? error->message : "?");
        ck_assert_uint_eq (agendas->len, 1);
        agenda = g_ptr_array_index (agendas, 0);
        ck_assert_ptr_null (agenda->message_id);
        ck_assert_uint_eq (mla_agenda_count_slots (agenda), 2);
        ck_assert_str_eq (
            ((MlaAgendaDay *) g_ptr_array_index (agenda->days, 0))->date,
            pass == 0 ? "2023-09-11" : "2024-02-05");
    }
    g_unlink (path);
    g_rmdir (dir);
}
END_TEST

START_TEST (test_agenda_parse_input_error_names_file)
{
    g_autoptr (MlaAgendaParser) parser = mla_agenda_parser_new (NULL, NULL);
    g_autoptr (GPtrArray) agendas =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_agenda_free);
    g_autoptr (GError) error = NULL;

    ck_assert (!mla_agenda_parse_input (parser, "/nonexistent/agenda.eml", NULL,
                                        MLA_AGENDA_INPUT_DEFAULT, agendas,
                                        &error));
    ck_assert_ptr_nonnull (strstr (error->message, "/nonexistent/agenda.eml"));
    ck_assert_uint_eq (agendas->len, 0);
}
END_TEST

static Suite *
agenda_format_suite (void)
{
    Suite *suite = suite_create ("agenda_format");
    TCase *tc;

    tc = tcase_create ("golden");
    tcase_add_test (tc, test_agenda_format_xml_golden);
    tcase_add_test (tc, test_agenda_format_text_golden);
    tcase_add_test (tc, test_agenda_format_ics_golden);
    tcase_add_test (tc, test_agenda_format_html_golden);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("icalendar");
    tcase_add_test (tc, test_agenda_format_ics_skips_undated_days);
    tcase_add_test (tc, test_agenda_format_ics_timezone);
    tcase_add_test (tc, test_agenda_format_ics_unknown_timezone);
    tcase_add_test (tc, test_agenda_format_ics_uid_stable);
    tcase_add_test (tc, test_agenda_format_count_undated);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("empty");
    tcase_add_loop_test (tc, test_agenda_format_empty, 0,
                         G_N_ELEMENTS (empty_outputs));
    suite_add_tcase (suite, tc);

    tc = tcase_create ("errors");
    tcase_add_test (tc, test_agenda_format_html_needs_page_writer);
    tcase_add_loop_test (tc, test_agenda_format_write_error,
                         MLA_AGENDA_FORMAT_XML, MLA_AGENDA_FORMAT_TEXT + 1);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("names");
    tcase_add_loop_test (tc, test_agenda_format_from_string, 0,
                         G_N_ELEMENTS (format_names));
    tcase_add_loop_test (tc, test_agenda_format_file_name, 0,
                         G_N_ELEMENTS (file_names));
    tcase_add_test (tc, test_agenda_format_file_name_unique);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("mail");
    tcase_add_test (tc, test_agenda_parse_input);
    tcase_add_test (tc, test_agenda_parse_text_file);
    tcase_add_test (tc, test_agenda_parse_input_error_names_file);
    suite_add_tcase (suite, tc);
    return suite;
}

MLA_TEST_MAIN (agenda_format_suite)
