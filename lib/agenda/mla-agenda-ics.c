/* mla-agenda-ics.c: agendas as iCalendar, through libical, which escapes
 * and folds. libical is opened when a calendar is first written, not
 * linked: linking it loads ICU's i18n library and the C++ runtime into
 * every mlarc command, 1.4 ms of symbol relocation at each start (a sixth
 * of a search), for the one output that needs them. */
#include "config.h"
#include <stdio.h>
#include <string.h>
#include <gmodule.h>
#include <libical/ical.h>
#include "mla-agenda.h"
#include "mla-error.h"
#include "mla-agenda-ics-private.h"
#include "mla-agenda-text-private.h"
#include "mla-agenda-revision-private.h"

/* The libical functions this file calls, through the table below. */
#define ICAL_FUNCTIONS(X)                                                      \
    X (icalcomponent_add_component)                                            \
    X (icalcomponent_add_property)                                             \
    X (icalcomponent_as_ical_string_r)                                         \
    X (icalcomponent_free)                                                     \
    X (icalcomponent_get_first_property)                                       \
    X (icalcomponent_new_clone)                                                \
    X (icalcomponent_new_vcalendar)                                            \
    X (icalcomponent_new_vevent)                                               \
    X (icalmemory_free_buffer)                                                 \
    X (icalparameter_new_tzid)                                                 \
    X (icalproperty_add_parameter)                                             \
    X (icalproperty_new_description)                                           \
    X (icalproperty_new_dtend)                                                 \
    X (icalproperty_new_dtstamp)                                               \
    X (icalproperty_new_dtstart)                                               \
    X (icalproperty_new_location)                                              \
    X (icalproperty_new_prodid)                                                \
    X (icalproperty_new_sequence)                                              \
    X (icalproperty_new_status)                                                \
    X (icalproperty_new_summary)                                               \
    X (icalproperty_new_uid)                                                   \
    X (icalproperty_new_version)                                               \
    X (icalproperty_set_tzid)                                                  \
    X (icaltime_adjust)                                                        \
    X (icaltime_compare)                                                       \
    X (icaltime_compare_date_only)                                             \
    X (icaltime_from_timet_with_zone)                                          \
    X (icaltime_is_null_time)                                                  \
    X (icaltime_null_time)                                                     \
    X (icaltime_set_timezone)                                                  \
    X (icaltimezone_get_builtin_timezone)                                      \
    X (icaltimezone_get_component)                                             \
    X (icaltimezone_get_utc_timezone)                                          \
    X (icaltimezone_truncate_vtimezone)

static struct {
#define ICAL_FIELD(name) __typeof__ (name) *name;
    ICAL_FUNCTIONS (ICAL_FIELD)
#undef ICAL_FIELD
} ical;

/* Returns: NULL when every function was found, else what went wrong. */
static gpointer
load_libical (gpointer unused)
{
    static const struct {
        const char *name;
        gsize offset;
    } functions[] = {
#define ICAL_ENTRY(name) { #name, G_STRUCT_OFFSET (__typeof__ (ical), name) },
        ICAL_FUNCTIONS (ICAL_ENTRY)
#undef ICAL_ENTRY
    };
    GModule *module = g_module_open (MLA_LIBICAL_SONAME,
                                     G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);

    if (module == NULL)
        return g_strdup (g_module_error ());
    for (gsize i = 0; i < G_N_ELEMENTS (functions); i++)
        if (!g_module_symbol (
                module, functions[i].name,
                (gpointer *) ((char *) &ical + functions[i].offset)))
            return g_strdup (g_module_error ());
    g_module_make_resident (module);
    return NULL;
}

static gboolean
open_libical (GError **error)
{
    static GOnce once = G_ONCE_INIT;
    const char *problem = g_once (&once, load_libical, NULL);

    if (problem != NULL)
        return mla_throw (error, MLA_ERROR_IO,
                          "iCalendar output needs libical (%s): %s",
                          MLA_LIBICAL_SONAME, problem);
    return TRUE;
}

static gboolean
parse_clock (const char *text, int *hour, int *minute)
{
    if (strlen (text) != 5 || !g_ascii_isdigit (text[0]) ||
        !g_ascii_isdigit (text[1]) || text[2] != ':' ||
        !g_ascii_isdigit (text[3]) || !g_ascii_isdigit (text[4]))
        return FALSE;
    *hour = (text[0] - '0') * 10 + (text[1] - '0');
    *minute = (text[3] - '0') * 10 + (text[4] - '0');
    return *hour < 24 && *minute < 60;
}

static gboolean
parse_date (const char *text, struct icaltimetype *date)
{
    int year, month, day;

    if (!mla_agenda_parse_ymd (text, &year, &month, &day))
        return FALSE;
    *date = ical.icaltime_null_time ();
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
    g_autofree char *digest =
        g_compute_checksum_for_string (G_CHECKSUM_SHA256, key, -1);

    return g_strdup_printf ("%.32s@mlarc", digest);
}

/* Floating time unless @tzid names the zone (RFC 5545, 3.3.5 forms 1 and 3). */
static icalproperty *
time_property (icalproperty *(*new_property) (struct icaltimetype),
               struct icaltimetype time, const char *tzid)
{
    icalproperty *property = new_property (time);

    if (tzid != NULL)
        ical.icalproperty_add_parameter (property,
                                         ical.icalparameter_new_tzid (tzid));
    return property;
}

static void
add_text_property (icalcomponent *event,
                   icalproperty *(*new_property) (const char *),
                   const char *text)
{
    g_autofree char *clean = NULL;

    if (text == NULL || text[0] == '\0')
        return;
    clean = mla_agenda_clean_line (text);
    ical.icalcomponent_add_property (event, new_property (clean));
}

/* Chairs and notes, one per line (libical escapes the line breaks), each
 * cleaned as add_text_property() would. */
static char *
event_description (const MlaAgendaSlot *slot)
{
    GString *text = g_string_new (NULL);

    for (guint i = 0; i < slot->people->len; i++) {
        g_autofree char *label =
            mla_agenda_person_label (g_ptr_array_index (slot->people, i));
        g_autofree char *clean = mla_agenda_clean_line (label);

        g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "", clean);
    }
    for (guint i = 0; i < slot->notes->len; i++) {
        g_autofree char *clean =
            mla_agenda_clean_line (g_ptr_array_index (slot->notes, i));

        g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "", clean);
    }
    return g_string_free (text, FALSE);
}

/* What the events of one calendar share. */
typedef struct {
    const char *tzid;   /* nullable */
    icaltimezone *zone; /* nullable */
    struct icaltimetype stamp;
    struct icaltimetype first; /* the earliest day with an event */
    GPtrArray *events;         /* icalcomponent * */
} Calendar;

/* Returns: (transfer full) (nullable): NULL when @slot has no usable start. */
static icalcomponent *
new_event (const Calendar *calendar, const char *key, int sequence,
           const MlaAgendaSlot *slot, struct icaltimetype date)
{
    const char *tzid = calendar->tzid;
    struct icaltimetype start = date, end = date;
    g_autofree char *uid = NULL;
    g_autofree char *location = NULL;
    g_autofree char *description = NULL;
    icalcomponent *event;

    if (!parse_clock (slot->start, &start.hour, &start.minute))
        return NULL;
    event = ical.icalcomponent_new_vevent ();
    uid = event_uid (key);
    ical.icalcomponent_add_property (event, ical.icalproperty_new_uid (uid));
    ical.icalcomponent_add_property (
        event, ical.icalproperty_new_dtstamp (calendar->stamp));
    /* RFC 5545, 3.8.7.4: a later revision of the agenda supersedes the
     * event a calendar imported from an earlier one. */
    ical.icalcomponent_add_property (event,
                                     ical.icalproperty_new_sequence (sequence));
    ical.icalcomponent_add_property (
        event, time_property (ical.icalproperty_new_dtstart, start, tzid));
    if (parse_clock (slot->end, &end.hour, &end.minute)) {
        /* "23:30-00:30" ends the next day. */
        if (ical.icaltime_compare (end, start) <= 0)
            ical.icaltime_adjust (&end, 1, 0, 0, 0);
        ical.icalcomponent_add_property (
            event, time_property (ical.icalproperty_new_dtend, end, tzid));
    }
    add_text_property (event, ical.icalproperty_new_summary,
                       mla_agenda_slot_title (slot));
    if (slot->location != NULL && slot->room != NULL)
        location = g_strdup_printf ("%s, %s", slot->room, slot->location);
    else
        location =
            g_strdup (slot->location != NULL ? slot->location : slot->room);
    add_text_property (event, ical.icalproperty_new_location, location);
    description = event_description (slot);
    if (description[0] != '\0')
        ical.icalcomponent_add_property (
            event, ical.icalproperty_new_description (description));
    return event;
}

/* The zone's rules from the year of the first event on: libical's builtin
 * zones carry their whole history since the 1890s. */
static icalcomponent *
new_vtimezone (icaltimezone *zone, const char *tzid, struct icaltimetype first)
{
    icalcomponent *vtimezone =
        ical.icalcomponent_new_clone (ical.icaltimezone_get_component (zone));
    icalproperty *property =
        ical.icalcomponent_get_first_property (vtimezone, ICAL_TZID_PROPERTY);
    struct icaltimetype from = ical.icaltime_null_time ();

    /* libical names its zones "/freeassociation.sourceforge.net/Zone/Name";
     * events refer to the plain Olson name. */
    if (property != NULL)
        ical.icalproperty_set_tzid (property, tzid);
    if (!ical.icaltime_is_null_time (first)) {
        from.year = first.year;
        from.month = 1;
        from.day = 1;
        from = ical.icaltime_set_timezone (
            &from, ical.icaltimezone_get_utc_timezone ());
        ical.icaltimezone_truncate_vtimezone (
            vtimezone, from, ical.icaltime_null_time (), FALSE);
    }
    return vtimezone;
}

/* Adds slot @slot of input @index of @revisions to @calendar, with its
 * revision's sequence; @cancelled for a slot that a later revision no
 * longer has. Slots of undated days are left out. */
static void
add_event (Calendar *calendar, const MlaAgendaRevisions *revisions, guint index,
           guint slot, int sequence, gboolean cancelled)
{
    const MlaAgendaDay *day = NULL;
    const MlaAgenda *agenda =
        mla_agenda_revisions_get_agenda (revisions, index);
    const MlaAgendaSlot *s = mla_agenda_slot_at (agenda, slot, &day);
    struct icaltimetype date;
    icalcomponent *event;

    if (!parse_date (day->date, &date))
        return;
    event = new_event (calendar,
                       mla_agenda_revisions_get_key (revisions, index, slot),
                       sequence, s, date);
    if (event == NULL)
        return;
    if (cancelled)
        ical.icalcomponent_add_property (
            event, ical.icalproperty_new_status (ICAL_STATUS_CANCELLED));
    if (ical.icaltime_is_null_time (calendar->first) ||
        ical.icaltime_compare_date_only (date, calendar->first) < 0)
        calendar->first = date;
    g_ptr_array_add (calendar->events, event);
}

/* Revision @index: its slots, and the slots of its earlier revisions that
 * it no longer has, cancelled, so that a calendar that imported any
 * earlier revision ends up with this one. Sequence numbers count the
 * revisions from 0. */
static void
add_revision (Calendar *calendar, const MlaAgendaRevisions *revisions,
              guint index)
{
    int sequence = (int) mla_agenda_revisions_get_number (revisions, index) - 1;
    guint n = mla_agenda_count_slots (
        mla_agenda_revisions_get_agenda (revisions, index));
    g_autoptr (GArray) retired =
        mla_agenda_revisions_get_retired (revisions, index);

    for (guint i = 0; i < n; i++)
        add_event (calendar, revisions, index, i, sequence, FALSE);
    for (guint i = 0; i < retired->len; i++) {
        const MlaAgendaSlotRef *ref =
            &g_array_index (retired, MlaAgendaSlotRef, i);

        add_event (calendar, revisions, ref->input, ref->slot, sequence, TRUE);
    }
}

static gboolean
calendar_init (Calendar *calendar, const MlaAgendaWriteOptions *options,
               GError **error)
{
    memset (calendar, 0, sizeof *calendar);
    if (!open_libical (error))
        return FALSE;
    calendar->tzid = options != NULL ? options->timezone : NULL;
    if (calendar->tzid != NULL &&
        (calendar->zone =
             ical.icaltimezone_get_builtin_timezone (calendar->tzid)) == NULL)
        return mla_throw (error, MLA_ERROR_INVALID, "unknown time zone '%s'",
                          calendar->tzid);
    calendar->stamp = ical.icaltime_from_timet_with_zone (
        options != NULL && options->dtstamp != 0
            ? (time_t) options->dtstamp
            : (time_t) (g_get_real_time () / G_USEC_PER_SEC),
        FALSE, ical.icaltimezone_get_utc_timezone ());
    calendar->first = ical.icaltime_null_time ();
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
    vcalendar = ical.icalcomponent_new_vcalendar ();
    ical.icalcomponent_add_property (
        vcalendar, ical.icalproperty_new_prodid ("-//mlarc//mlarc agenda//EN"));
    ical.icalcomponent_add_property (vcalendar,
                                     ical.icalproperty_new_version ("2.0"));
    /* Before the events that refer to it, as clients expect. */
    if (calendar->zone != NULL)
        ical.icalcomponent_add_component (
            vcalendar,
            new_vtimezone (calendar->zone, calendar->tzid, calendar->first));
    for (guint i = 0; i < events->len; i++)
        ical.icalcomponent_add_component (vcalendar,
                                          g_ptr_array_index (events, i));
    text = ical.icalcomponent_as_ical_string_r (vcalendar);
    ical.icalcomponent_free (vcalendar);
    ok =
        g_output_stream_write_all (out, text, strlen (text), NULL, NULL, error);
    ical.icalmemory_free_buffer (text);
    return ok;
}

gboolean
mla_agenda_write_ics_revision (const MlaAgendaRevisions *revisions, guint index,
                               const MlaAgendaWriteOptions *options,
                               GOutputStream *out, GError **error)
{
    Calendar calendar;

    if (!calendar_init (&calendar, options, error))
        return FALSE;
    add_revision (&calendar, revisions, index);
    return calendar_write (&calendar, out, error);
}

MlaAgendaRevisions *
mla_agenda_plain_revisions (GPtrArray *agendas, GArray **out_inputs)
{
    GArray *inputs = g_array_sized_new (
        FALSE, TRUE, sizeof (MlaAgendaRevisionInput), agendas->len);

    for (guint i = 0; i < agendas->len; i++) {
        MlaAgendaRevisionInput input = { g_ptr_array_index (agendas, i), NULL,
                                         0 };

        g_array_append_val (inputs, input);
    }
    *out_inputs = inputs;
    return mla_agenda_revisions_new (
        (const MlaAgendaRevisionInput *) inputs->data, inputs->len);
}

/* Older revisions are superseded by the newest. */
gboolean
mla_agenda_write_ics (GPtrArray *agendas, const MlaAgendaWriteOptions *options,
                      GOutputStream *out, GError **error)
{
    g_autoptr (GArray) inputs = NULL;
    g_autoptr (MlaAgendaRevisions) revisions = NULL;
    Calendar calendar;

    if (!calendar_init (&calendar, options, error))
        return FALSE;
    revisions = mla_agenda_plain_revisions (agendas, &inputs);
    for (guint i = 0; i < agendas->len; i++) {
        GArray *chain = mla_agenda_revisions_get_chain (revisions, i);

        if (g_array_index (chain, guint, chain->len - 1) == i)
            add_revision (&calendar, revisions, i);
    }
    return calendar_write (&calendar, out, error);
}
