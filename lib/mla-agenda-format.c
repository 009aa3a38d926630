/* mla-agenda-format.c: agendas as XML elements, iCalendar, HTML and text.
 * XML goes through the sticky writer, which escapes and cleans all text;
 * iCalendar through libical, which escapes and folds; HTML through the
 * site's agenda stylesheet (mla-site-agenda.c), the one HTML renderer. */
#include "config.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <libical/ical.h>
#include "mla-agenda.h"
#include "mla-agenda-format.h"
#include "mla-error.h"
#include "mla-agenda-format-private.h"
#include "mla-agenda-revision-private.h"
#include "mla-atomic-file-private.h"
#include "mla-site-agenda-private.h"

static const struct {
    const char *name;
    const char *extension;
} formats[] = {
    [MLA_AGENDA_FORMAT_XML] = { "xml", "xml" },
    [MLA_AGENDA_FORMAT_ICS] = { "ics", "ics" },
    [MLA_AGENDA_FORMAT_HTML] = { "html", "html" },
    [MLA_AGENDA_FORMAT_TEXT] = { "text", "txt" },
};

gboolean
mla_agenda_format_from_string (const char *name, MlaAgendaFormat *out_format)
{
    g_return_val_if_fail (out_format != NULL, FALSE);
    for (gsize i = 0; name != NULL && i < G_N_ELEMENTS (formats); i++) {
        if (g_ascii_strcasecmp (name, formats[i].name) == 0) {
            *out_format = (MlaAgendaFormat) i;
            return TRUE;
        }
    }
    return FALSE;
}

/* Mail text may hold terminal escapes and line breaks; text and iCalendar
 * lines get neither: line breaks and tabs become spaces, other controls
 * (C0, DEL, C1) go. Returns: (transfer full). */
static char *
clean_line (const char *text)
{
    g_autofree char *valid = g_utf8_make_valid (text, -1);
    GString *clean = g_string_sized_new (strlen (valid));

    for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p)) {
        gunichar c = g_utf8_get_char (p);

        if (c == '\t' || c == '\n' || c == '\r')
            g_string_append_c (clean, ' ');
        else if (!g_unichar_iscntrl (c))
            g_string_append_unichar (clean, c);
    }
    return g_string_free (clean, FALSE);
}

/* A slot without a title is named after its kind. */
static const char *
slot_title (const MlaAgendaSlot *slot)
{
    static const char *const kind_titles[] = {
        [MLA_SLOT_KIND_SESSION] = "Session",
        [MLA_SLOT_KIND_BREAK] = "Break",
        [MLA_SLOT_KIND_MEAL] = "Meal",
        [MLA_SLOT_KIND_SOCIAL] = "Social",
    };

    if (slot->title != NULL)
        return slot->title;
    return (gsize) slot->kind < G_N_ELEMENTS (kind_titles) ? kind_titles[slot->kind] : "Session";
}

/* "chair: Name", "speaker: Name (not confirmed)". Returns: (transfer full). */
static char *
person_label (const MlaAgendaPerson *person)
{
    return g_strdup_printf ("%s: %s%s", mla_person_role_to_string (person->role),
                            person->name != NULL ? person->name : "?",
                            person->confirmed ? "" : " (not confirmed)");
}

/* "Monday 2004-07-19", "Monday", "2004-07-19", or "Day 2" (@index is
 * 0-based). Returns: (transfer full). */
static char *
day_heading (const MlaAgendaDay *day, guint index)
{
    if (day->name != NULL && day->date[0] != '\0')
        return g_strdup_printf ("%s %s", day->name, day->date);
    if (day->name != NULL)
        return g_strdup (day->name);
    if (day->date[0] != '\0')
        return g_strdup (day->date);
    return g_strdup_printf ("Day %u", index + 1);
}

/* "09:00-09:20", or "09:00" when the end is unknown. Returns: (transfer full). */
static char *
time_range (const MlaAgendaSlot *slot)
{
    if (slot->end[0] == '\0')
        return g_strdup (slot->start);
    return g_strconcat (slot->start, "-", slot->end, NULL);
}

static gboolean
write_string (GOutputStream *out, const GString *text, GError **error)
{
    return g_output_stream_write_all (out, text->str, text->len, NULL, NULL, error);
}

/* XML: the archive's elements (doc/mlarc-archive.rng). */

static void
xml_write_person (MlaXmlWriter *xml, const MlaAgendaPerson *person)
{
    mla_xml_start (xml, "chair");
    if (person->role != MLA_PERSON_ROLE_CHAIR)
        mla_xml_attr (xml, "role", mla_person_role_to_string (person->role));
    if (!person->confirmed)
        mla_xml_attr (xml, "confirmed", "false");
    mla_xml_text (xml, person->name);
    mla_xml_end (xml);
}

static void
xml_write_slot (MlaXmlWriter *xml, const MlaAgendaSlot *slot)
{
    mla_xml_start (xml, "slot");
    mla_xml_attr (xml, "start", slot->start);
    if (slot->end[0] != '\0')
        mla_xml_attr (xml, "end", slot->end);
    mla_xml_attr (xml, "kind", mla_slot_kind_to_string (slot->kind));
    mla_xml_attr (xml, "room", slot->room);
    mla_xml_text_element (xml, "title", slot->title);
    for (guint i = 0; i < slot->people->len; i++)
        xml_write_person (xml, g_ptr_array_index (slot->people, i));
    mla_xml_text_element (xml, "location", slot->location);
    for (guint i = 0; i < slot->notes->len; i++)
        mla_xml_text_element (xml, "note", g_ptr_array_index (slot->notes, i));
    mla_xml_end (xml);
}

void
mla_agenda_xml_write (MlaXmlWriter *xml, const MlaAgenda *agenda)
{
    mla_xml_start (xml, "agenda");
    mla_xml_attr (xml, "message-id", agenda->message_id);
    mla_xml_attr (xml, "title", agenda->title);
    mla_xml_attr (xml, "timezone", agenda->timezone);
    for (guint i = 0; i < agenda->days->len; i++) {
        const MlaAgendaDay *day = g_ptr_array_index (agenda->days, i);

        mla_xml_start (xml, "day");
        mla_xml_attr (xml, "name", day->name);
        if (day->date[0] != '\0')
            mla_xml_attr (xml, "date", day->date);
        for (guint j = 0; j < day->slots->len; j++)
            xml_write_slot (xml, g_ptr_array_index (day->slots, j));
        mla_xml_end (xml);
    }
    mla_xml_end (xml);
}

static gboolean
write_xml (GPtrArray *agendas, GOutputStream *out, GError **error)
{
    g_autoptr (MlaXmlWriter) xml = mla_xml_writer_new (out, MLA_XML_WRITER_INDENT);

    mla_xml_start (xml, "agendas");
    for (guint i = 0; i < agendas->len; i++)
        mla_agenda_xml_write (xml, g_ptr_array_index (agendas, i));
    mla_xml_end (xml);
    return mla_xml_writer_finish (xml, error);
}

/* iCalendar */

static gboolean
parse_clock (const char *text, int *hour, int *minute)
{
    if (strlen (text) != 5 || !g_ascii_isdigit (text[0]) || !g_ascii_isdigit (text[1])
        || text[2] != ':' || !g_ascii_isdigit (text[3]) || !g_ascii_isdigit (text[4]))
        return FALSE;
    *hour = (text[0] - '0') * 10 + (text[1] - '0');
    *minute = (text[3] - '0') * 10 + (text[4] - '0');
    return *hour < 24 && *minute < 60;
}

static gboolean
parse_date (const char *text, struct icaltimetype *date)
{
    int year, month, day;
    char rest;

    if (strlen (text) != 10 || sscanf (text, "%4d-%2d-%2d%c", &year, &month, &day, &rest) != 3
        || !g_date_valid_dmy (day, month, year))
        return FALSE;
    *date = icaltime_null_time ();
    date->year = year;
    date->month = month;
    date->day = day;
    return TRUE;
}

/* From the slot's key (mla_agenda_revisions_get_key()): stable across
 * runs, re-imports and revisions, so calendar clients update events
 * instead of duplicating them. */
static char *
event_uid (const char *key)
{
    g_autofree char *digest = g_compute_checksum_for_string (G_CHECKSUM_SHA256, key, -1);

    return g_strdup_printf ("%.32s@mlarc", digest);
}

/* Floating time unless @tzid names the zone (RFC 5545, 3.3.5 forms 1 and 3). */
static icalproperty *
time_property (icalproperty *(*new_property) (struct icaltimetype), struct icaltimetype time,
               const char *tzid)
{
    icalproperty *property = new_property (time);

    if (tzid != NULL)
        icalproperty_add_parameter (property, icalparameter_new_tzid (tzid));
    return property;
}

static void
add_text_property (icalcomponent *event, icalproperty *(*new_property) (const char *),
                   const char *text)
{
    g_autofree char *clean = NULL;

    if (text == NULL || text[0] == '\0')
        return;
    clean = clean_line (text);
    icalcomponent_add_property (event, new_property (clean));
}

/* Chairs and notes, one per line (libical escapes the line breaks), each
 * cleaned as add_text_property() would. */
static char *
event_description (const MlaAgendaSlot *slot)
{
    GString *text = g_string_new (NULL);

    for (guint i = 0; i < slot->people->len; i++) {
        g_autofree char *label = person_label (g_ptr_array_index (slot->people, i));
        g_autofree char *clean = clean_line (label);

        g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "", clean);
    }
    for (guint i = 0; i < slot->notes->len; i++) {
        g_autofree char *clean = clean_line (g_ptr_array_index (slot->notes, i));

        g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "", clean);
    }
    return g_string_free (text, FALSE);
}

/* What the events of one calendar share. */
typedef struct {
    const char *tzid;           /* nullable */
    icaltimezone *zone;         /* nullable */
    struct icaltimetype stamp;
    struct icaltimetype first;  /* the earliest day with an event */
    GPtrArray *events;          /* icalcomponent * */
} Calendar;

/* Returns: (transfer full) (nullable): NULL when @slot has no usable start. */
static icalcomponent *
new_event (const Calendar *calendar, const char *key, int sequence, const MlaAgendaSlot *slot,
           struct icaltimetype date)
{
    const char *tzid = calendar->tzid;
    struct icaltimetype start = date, end = date;
    g_autofree char *uid = NULL;
    g_autofree char *location = NULL;
    g_autofree char *description = NULL;
    icalcomponent *event;

    if (!parse_clock (slot->start, &start.hour, &start.minute))
        return NULL;
    event = icalcomponent_new_vevent ();
    uid = event_uid (key);
    icalcomponent_add_property (event, icalproperty_new_uid (uid));
    icalcomponent_add_property (event, icalproperty_new_dtstamp (calendar->stamp));
    /* RFC 5545, 3.8.7.4: a later revision of the agenda supersedes the
     * event a calendar imported from an earlier one. */
    icalcomponent_add_property (event, icalproperty_new_sequence (sequence));
    icalcomponent_add_property (event, time_property (icalproperty_new_dtstart, start, tzid));
    if (parse_clock (slot->end, &end.hour, &end.minute)) {
        /* "23:30-00:30" ends the next day. */
        if (icaltime_compare (end, start) <= 0)
            icaltime_adjust (&end, 1, 0, 0, 0);
        icalcomponent_add_property (event, time_property (icalproperty_new_dtend, end, tzid));
    }
    add_text_property (event, icalproperty_new_summary, slot_title (slot));
    if (slot->location != NULL && slot->room != NULL)
        location = g_strdup_printf ("%s, %s", slot->room, slot->location);
    else
        location = g_strdup (slot->location != NULL ? slot->location : slot->room);
    add_text_property (event, icalproperty_new_location, location);
    description = event_description (slot);
    if (description[0] != '\0')
        icalcomponent_add_property (event, icalproperty_new_description (description));
    return event;
}

/* The zone's rules from the year of the first event on: libical's builtin
 * zones carry their whole history since the 1890s. */
static icalcomponent *
new_vtimezone (icaltimezone *zone, const char *tzid, struct icaltimetype first)
{
    icalcomponent *vtimezone = icalcomponent_new_clone (icaltimezone_get_component (zone));
    icalproperty *property = icalcomponent_get_first_property (vtimezone, ICAL_TZID_PROPERTY);
    struct icaltimetype from = icaltime_null_time ();

    /* libical names its zones "/freeassociation.sourceforge.net/Zone/Name";
     * events refer to the plain Olson name. */
    if (property != NULL)
        icalproperty_set_tzid (property, tzid);
    if (!icaltime_is_null_time (first)) {
        from.year = first.year;
        from.month = 1;
        from.day = 1;
        from = icaltime_set_timezone (&from, icaltimezone_get_utc_timezone ());
        icaltimezone_truncate_vtimezone (vtimezone, from, icaltime_null_time (), FALSE);
    }
    return vtimezone;
}

/* Adds slot @slot of input @index of @revisions to @calendar, with its
 * revision's sequence; @cancelled for a slot that a later revision no
 * longer has. Slots of undated days are left out. */
static void
add_event (Calendar *calendar, const MlaAgendaRevisions *revisions, guint index, guint slot,
           int sequence, gboolean cancelled)
{
    const MlaAgendaDay *day = NULL;
    const MlaAgenda *agenda = mla_agenda_revisions_get_agenda (revisions, index);
    const MlaAgendaSlot *s = mla_agenda_slot_at (agenda, slot, &day);
    struct icaltimetype date;
    icalcomponent *event;

    if (!parse_date (day->date, &date))
        return;
    event = new_event (calendar, mla_agenda_revisions_get_key (revisions, index, slot), sequence,
                       s, date);
    if (event == NULL)
        return;
    if (cancelled)
        icalcomponent_add_property (event, icalproperty_new_status (ICAL_STATUS_CANCELLED));
    if (icaltime_is_null_time (calendar->first)
        || icaltime_compare_date_only (date, calendar->first) < 0)
        calendar->first = date;
    g_ptr_array_add (calendar->events, event);
}

/* Revision @index: its slots, and the slots of its earlier revisions that
 * it no longer has, cancelled, so that a calendar that imported any
 * earlier revision ends up with this one. Sequence numbers count the
 * revisions from 0. */
static void
add_revision (Calendar *calendar, const MlaAgendaRevisions *revisions, guint index)
{
    int sequence = (int) mla_agenda_revisions_get_number (revisions, index) - 1;
    guint n = mla_agenda_count_slots (mla_agenda_revisions_get_agenda (revisions, index));
    g_autoptr (GArray) retired = mla_agenda_revisions_get_retired (revisions, index);

    for (guint i = 0; i < n; i++)
        add_event (calendar, revisions, index, i, sequence, FALSE);
    for (guint i = 0; i < retired->len; i++) {
        const MlaAgendaSlotRef *ref = &g_array_index (retired, MlaAgendaSlotRef, i);

        add_event (calendar, revisions, ref->input, ref->slot, sequence, TRUE);
    }
}

static gboolean
calendar_init (Calendar *calendar, const MlaAgendaWriteOptions *options, GError **error)
{
    memset (calendar, 0, sizeof *calendar);
    calendar->tzid = options != NULL ? options->timezone : NULL;
    if (calendar->tzid != NULL
        && (calendar->zone = icaltimezone_get_builtin_timezone (calendar->tzid)) == NULL)
        return mla_throw (error, MLA_ERROR_INVALID, "unknown time zone '%s'", calendar->tzid);
    calendar->stamp = icaltime_from_timet_with_zone (
        options != NULL && options->dtstamp != 0 ? (time_t) options->dtstamp
                                                 : (time_t) (g_get_real_time () / G_USEC_PER_SEC),
        FALSE, icaltimezone_get_utc_timezone ());
    calendar->first = icaltime_null_time ();
    calendar->events = g_ptr_array_new ();
    return TRUE;
}

/* Writes the VCALENDAR of @calendar's events (nothing without events:
 * RFC 5545 wants at least one component) and clears @calendar. */
static gboolean
calendar_write (Calendar *calendar, GOutputStream *out, GError **error)
{
    g_autoptr (GPtrArray) events = g_steal_pointer (&calendar->events);
    icalcomponent *vcalendar;
    char *text;
    gboolean ok;

    if (events->len == 0)
        return TRUE;
    vcalendar = icalcomponent_new_vcalendar ();
    icalcomponent_add_property (vcalendar,
                                icalproperty_new_prodid ("-//mlarc//mlarc agenda//EN"));
    icalcomponent_add_property (vcalendar, icalproperty_new_version ("2.0"));
    /* Before the events that refer to it, as clients expect. */
    if (calendar->zone != NULL)
        icalcomponent_add_component (vcalendar, new_vtimezone (calendar->zone, calendar->tzid,
                                                               calendar->first));
    for (guint i = 0; i < events->len; i++)
        icalcomponent_add_component (vcalendar, g_ptr_array_index (events, i));
    text = icalcomponent_as_ical_string_r (vcalendar);
    icalcomponent_free (vcalendar);
    ok = g_output_stream_write_all (out, text, strlen (text), NULL, NULL, error);
    icalmemory_free_buffer (text);
    return ok;
}

gboolean
mla_agenda_write_ics_revision (const MlaAgendaRevisions *revisions, guint index,
                               const MlaAgendaWriteOptions *options, GOutputStream *out,
                               GError **error)
{
    Calendar calendar;

    if (!calendar_init (&calendar, options, error))
        return FALSE;
    add_revision (&calendar, revisions, index);
    return calendar_write (&calendar, out, error);
}

/* Revisions among @agendas as mlarc agenda reads them: no threads, in the
 * order given. Returns: (transfer full); @out_inputs must outlive it. */
static MlaAgendaRevisions *
plain_revisions (GPtrArray *agendas, GArray **out_inputs)
{
    GArray *inputs = g_array_sized_new (FALSE, TRUE, sizeof (MlaAgendaRevisionInput),
                                        agendas->len);

    for (guint i = 0; i < agendas->len; i++) {
        MlaAgendaRevisionInput input = { g_ptr_array_index (agendas, i), NULL, 0 };

        g_array_append_val (inputs, input);
    }
    *out_inputs = inputs;
    return mla_agenda_revisions_new ((const MlaAgendaRevisionInput *) inputs->data, inputs->len);
}

/* One calendar: the newest revision of each agenda (older ones are
 * superseded by it). */
static gboolean
write_ics (GPtrArray *agendas, const MlaAgendaWriteOptions *options, GOutputStream *out,
           GError **error)
{
    g_autoptr (GArray) inputs = NULL;
    g_autoptr (MlaAgendaRevisions) revisions = NULL;
    Calendar calendar;

    if (!calendar_init (&calendar, options, error))
        return FALSE;
    revisions = plain_revisions (agendas, &inputs);
    for (guint i = 0; i < agendas->len; i++) {
        GArray *chain = mla_agenda_revisions_get_chain (revisions, i);

        if (g_array_index (chain, guint, chain->len - 1) == i)
            add_revision (&calendar, revisions, i);
    }
    return calendar_write (&calendar, out, error);
}

gboolean
mla_agenda_write_html (const MlaAgenda *agenda, GOutputStream *out, GError **error)
{
    g_autoptr (GPtrArray) one = g_ptr_array_new ();

    g_return_val_if_fail (agenda != NULL, FALSE);
    g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);
    g_ptr_array_add (one, (gpointer) agenda);
    return mla_site_agenda_write_pages (one, out, error);
}

/* Text */

static void
text_underlined (GString *text, const char *line, char underline)
{
    g_autofree char *clean = clean_line (line);
    glong width = g_utf8_strlen (clean, -1);

    g_string_append_printf (text, "%s\n", clean);
    for (glong i = 0; i < width; i++)
        g_string_append_c (text, underline);
    g_string_append_c (text, '\n');
}

/* "09:00-09:20  Title  [room: A; chair: X; location: Y]", notes below. */
static void
text_slot (GString *text, const MlaAgendaSlot *slot)
{
    g_autofree char *range = time_range (slot);
    g_autofree char *title = clean_line (slot_title (slot));
    g_autoptr (GPtrArray) details = g_ptr_array_new_with_free_func (g_free);

    g_string_append_printf (text, "%-11s  %s", range, title);
    if (slot->room != NULL)
        g_ptr_array_add (details, g_strconcat ("room: ", slot->room, NULL));
    for (guint i = 0; i < slot->people->len; i++)
        g_ptr_array_add (details, person_label (g_ptr_array_index (slot->people, i)));
    if (slot->location != NULL)
        g_ptr_array_add (details, g_strconcat ("location: ", slot->location, NULL));
    if (details->len > 0) {
        g_autofree char *joined = NULL;
        g_autofree char *clean = NULL;

        g_ptr_array_add (details, NULL);
        joined = g_strjoinv ("; ", (char **) details->pdata);
        clean = clean_line (joined);
        g_string_append_printf (text, "  [%s]", clean);
    }
    g_string_append_c (text, '\n');
    for (guint i = 0; i < slot->notes->len; i++) {
        g_autofree char *note = clean_line (g_ptr_array_index (slot->notes, i));

        g_string_append_printf (text, "%13s%s\n", "", note);
    }
}

static gboolean
write_text (GPtrArray *agendas, GOutputStream *out, GError **error)
{
    g_autoptr (GString) text = g_string_new (NULL);

    for (guint i = 0; i < agendas->len; i++) {
        const MlaAgenda *agenda = g_ptr_array_index (agendas, i);

        if (i > 0)
            g_string_append_c (text, '\n');
        text_underlined (text, agenda->title != NULL ? agenda->title : "Agenda", '=');
        if (agenda->message_id != NULL) {
            g_autofree char *id = clean_line (agenda->message_id);

            g_string_append_printf (text, "Message-ID: <%s>\n", id);
        }
        if (agenda->timezone != NULL) {
            g_autofree char *zone = clean_line (agenda->timezone);

            g_string_append_printf (text, "Times in %s\n", zone);
        }
        for (guint j = 0; j < agenda->days->len; j++) {
            const MlaAgendaDay *day = g_ptr_array_index (agenda->days, j);
            g_autofree char *heading = day_heading (day, j);

            g_string_append_c (text, '\n');
            text_underlined (text, heading, '-');
            for (guint k = 0; k < day->slots->len; k++)
                text_slot (text, g_ptr_array_index (day->slots, k));
        }
    }
    return write_string (out, text, error);
}

gboolean
mla_agenda_write (GPtrArray *agendas, MlaAgendaFormat format,
                  const MlaAgendaWriteOptions *options, GOutputStream *out, GError **error)
{
    g_return_val_if_fail (agendas != NULL, FALSE);
    g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);
    switch (format) {
    case MLA_AGENDA_FORMAT_XML:
        return write_xml (agendas, out, error);
    case MLA_AGENDA_FORMAT_ICS:
        return write_ics (agendas, options, out, error);
    case MLA_AGENDA_FORMAT_HTML:
        return mla_site_agenda_write_pages (agendas, out, error);
    case MLA_AGENDA_FORMAT_TEXT:
        return write_text (agendas, out, error);
    }
    g_return_val_if_reached (FALSE);
}

guint
mla_agenda_count_undated_slots (const MlaAgenda *agenda)
{
    guint n = 0;

    g_return_val_if_fail (agenda != NULL, 0);
    for (guint i = 0; i < agenda->days->len; i++) {
        const MlaAgendaDay *day = g_ptr_array_index (agenda->days, i);
        struct icaltimetype date;

        if (!parse_date (day->date, &date))
            n += day->slots->len;
    }
    return n;
}

/* Message-IDs are chosen by mail senders: keep only bytes that are safe in
 * any file system and never mean a path. */
static char *
safe_file_stem (const char *message_id)
{
    GString *stem = g_string_new (NULL);

    for (const char *p = message_id; *p != '\0' && stem->len < 120; p++) {
        char c = *p;

        if (g_ascii_isalnum (c) || (strchr ("._@+-", c) != NULL && !(c == '.' && stem->len == 0)))
            g_string_append_c (stem, c);
        else
            g_string_append_c (stem, '_');
    }
    return g_string_free (stem, FALSE);
}

char *
mla_agenda_file_name (const MlaAgenda *agenda, MlaAgendaFormat format, guint index,
                      GHashTable *used)
{
    g_autofree char *stem = NULL;
    char *name;

    g_return_val_if_fail (agenda != NULL, NULL);
    g_return_val_if_fail ((gsize) format < G_N_ELEMENTS (formats), NULL);
    if (agenda->message_id != NULL && agenda->message_id[0] != '\0')
        stem = safe_file_stem (agenda->message_id);
    else
        stem = g_strdup_printf ("agenda-%u", index);
    name = g_strconcat (stem, ".", formats[format].extension, NULL);
    for (guint n = 2; used != NULL && g_hash_table_contains (used, name); n++) {
        g_free (name);
        name = g_strdup_printf ("%s-%u.%s", stem, n, formats[format].extension);
    }
    if (used != NULL)
        g_hash_table_add (used, g_strdup (name));
    return name;
}

gboolean
mla_agenda_write_files (GPtrArray *agendas, MlaAgendaFormat format,
                        const MlaAgendaWriteOptions *options, const char *dir, GError **error)
{
    g_autoptr (GHashTable) used = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    g_autoptr (GArray) inputs = NULL;
    /* Each calendar is one revision, with its own sequence number. */
    g_autoptr (MlaAgendaRevisions) revisions
        = format == MLA_AGENDA_FORMAT_ICS ? plain_revisions (agendas, &inputs) : NULL;

    if (g_mkdir_with_parents (dir, 0777) != 0)
        return mla_throw (error, MLA_ERROR_IO, "%s: %s", dir, g_strerror (errno));
    for (guint i = 0; i < agendas->len; i++) {
        g_autoptr (GPtrArray) one = g_ptr_array_new ();
        g_autofree char *name = NULL;
        g_autofree char *path = NULL;
        g_autoptr (MlaAtomicFile) file = NULL;

        g_ptr_array_add (one, g_ptr_array_index (agendas, i));
        name = mla_agenda_file_name (g_ptr_array_index (agendas, i), format, i + 1, used);
        path = g_build_filename (dir, name, NULL);
        file = mla_atomic_file_open (path, error);
        if (file == NULL)
            return FALSE;
        if (revisions != NULL ? !mla_agenda_write_ics_revision (revisions, i, options,
                                                                mla_atomic_file_get_stream (file),
                                                                error)
                              : !mla_agenda_write (one, format, options,
                                                   mla_atomic_file_get_stream (file), error)) {
            if ((*error)->domain == G_IO_ERROR)
                g_prefix_error (error, "%s: ", path);
            return FALSE;
        }
        if (!mla_atomic_file_commit (file, error))
            return FALSE;
    }
    return TRUE;
}
