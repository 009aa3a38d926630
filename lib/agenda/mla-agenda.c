/* mla-agenda.c: the agenda model (agendas, days, slots, people). */
#include "config.h"
#include "mla-agenda.h"

MlaAgenda *
mla_agenda_new (void)
{
    MlaAgenda *agenda = g_new0 (MlaAgenda, 1);

    agenda->days =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_agenda_day_free);
    return agenda;
}

void
mla_agenda_free (MlaAgenda *agenda)
{
    if (agenda == NULL)
        return;
    g_free (agenda->message_id);
    g_free (agenda->title);
    g_free (agenda->timezone);
    g_clear_pointer (&agenda->days, g_ptr_array_unref);
    g_free (agenda);
}

MlaAgendaDay *
mla_agenda_day_new (const char *name)
{
    MlaAgendaDay *day = g_new0 (MlaAgendaDay, 1);

    day->name = g_strdup (name);
    day->slots =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_agenda_slot_free);
    return day;
}

void
mla_agenda_day_free (MlaAgendaDay *day)
{
    if (day == NULL)
        return;
    g_free (day->name);
    g_clear_pointer (&day->slots, g_ptr_array_unref);
    g_free (day);
}

MlaAgendaSlot *
mla_agenda_slot_new (void)
{
    MlaAgendaSlot *slot = g_new0 (MlaAgendaSlot, 1);

    slot->kind = MLA_SLOT_KIND_SESSION;
    slot->people = g_ptr_array_new_with_free_func (
        (GDestroyNotify) mla_agenda_person_free);
    slot->notes = g_ptr_array_new_with_free_func (g_free);
    return slot;
}

void
mla_agenda_slot_free (MlaAgendaSlot *slot)
{
    if (slot == NULL)
        return;
    g_free (slot->title);
    g_free (slot->room);
    g_free (slot->location);
    g_clear_pointer (&slot->people, g_ptr_array_unref);
    g_clear_pointer (&slot->notes, g_ptr_array_unref);
    g_free (slot);
}

MlaAgendaPerson *
mla_agenda_person_new (const char *name, MlaPersonRole role, gboolean confirmed)
{
    MlaAgendaPerson *person = g_new0 (MlaAgendaPerson, 1);

    person->name = g_strdup (name);
    person->role = role;
    person->confirmed = confirmed;
    return person;
}

void
mla_agenda_person_free (MlaAgendaPerson *person)
{
    if (person == NULL)
        return;
    g_free (person->name);
    g_free (person);
}

const char *
mla_slot_kind_to_string (MlaSlotKind kind)
{
    switch (kind) {
    case MLA_SLOT_KIND_BREAK:
        return "break";
    case MLA_SLOT_KIND_MEAL:
        return "meal";
    case MLA_SLOT_KIND_SOCIAL:
        return "social";
    case MLA_SLOT_KIND_SESSION:
    default:
        return "session";
    }
}

const char *
mla_person_role_to_string (MlaPersonRole role)
{
    switch (role) {
    case MLA_PERSON_ROLE_MODERATOR:
        return "moderator";
    case MLA_PERSON_ROLE_SPEAKER:
        return "speaker";
    case MLA_PERSON_ROLE_CHAIR:
    default:
        return "chair";
    }
}

guint
mla_agenda_count_slots (const MlaAgenda *agenda)
{
    guint n = 0;

    if (agenda == NULL)
        return 0;
    for (guint i = 0; i < agenda->days->len; i++)
        n += ((MlaAgendaDay *) g_ptr_array_index (agenda->days, i))->slots->len;
    return n;
}
