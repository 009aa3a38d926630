/* mla-agenda-text.c: what the text and iCalendar writers say of an
 * agenda's parts, the same way: clean lines, slot titles, people, dates. */
#include "config.h"
#include <stdio.h>
#include <string.h>
#include "mla-agenda-text-private.h"

char *
mla_agenda_clean_line (const char *text)
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

const char *
mla_agenda_slot_title (const MlaAgendaSlot *slot)
{
    static const char *const kind_titles[] = {
        [MLA_SLOT_KIND_SESSION] = "Session",
        [MLA_SLOT_KIND_BREAK] = "Break",
        [MLA_SLOT_KIND_MEAL] = "Meal",
        [MLA_SLOT_KIND_SOCIAL] = "Social",
    };

    if (slot->title != NULL)
        return slot->title;
    return (gsize) slot->kind < G_N_ELEMENTS (kind_titles)
               ? kind_titles[slot->kind]
               : "Session";
}

char *
mla_agenda_person_label (const MlaAgendaPerson *person)
{
    return g_strdup_printf ("%s: %s%s",
                            mla_person_role_to_string (person->role),
                            person->name != NULL ? person->name : "?",
                            person->confirmed ? "" : " (not confirmed)");
}

gboolean
mla_agenda_parse_ymd (const char *text, int *year, int *month, int *day)
{
    char rest;

    return strlen (text) == 10 &&
           sscanf (text, "%4d-%2d-%2d%c", year, month, day, &rest) == 3 &&
           g_date_valid_dmy (*day, *month, *year);
}
