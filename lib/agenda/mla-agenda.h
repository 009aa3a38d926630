/* mla-agenda.h: the agenda model, data only: agendas hold days, days hold
 * slots. Plain structs; each level owns what it points to. */
#pragma once
#include <glib.h>
#include "mla-api.h"

G_BEGIN_DECLS

typedef enum {
    MLA_SLOT_KIND_SESSION,
    MLA_SLOT_KIND_BREAK,
    MLA_SLOT_KIND_MEAL,
    MLA_SLOT_KIND_SOCIAL,
} MlaSlotKind;

typedef enum {
    MLA_PERSON_ROLE_CHAIR,
    MLA_PERSON_ROLE_MODERATOR,
    MLA_PERSON_ROLE_SPEAKER,
} MlaPersonRole;

typedef struct MlaAgendaPerson {
    char *name; /* owned */
    MlaPersonRole role;
    gboolean
        confirmed; /* FALSE for "<NOT YET CONFIRMED>", "(Probably X)", TBD */
} MlaAgendaPerson;

typedef struct MlaAgendaSlot {
    char start[6]; /* "HH:MM", 24-hour */
    char end[6];   /* "HH:MM", or "" when unknown */
    MlaSlotKind kind;
    char *title;       /* owned, nullable */
    char *room;        /* owned, nullable: parallel-track column */
    char *location;    /* owned, nullable: "@ Congress center", "Room: ..." */
    GPtrArray *people; /* owned, of MlaAgendaPerson * */
    GPtrArray *notes;  /* owned, of char * */
} MlaAgendaSlot;

typedef struct MlaAgendaDay {
    char
        *name; /* owned, nullable: the heading as written ("Monday", "Day 1") */
    char date[11];    /* "YYYY-MM-DD", or "" when it cannot be resolved */
    GPtrArray *slots; /* owned, of MlaAgendaSlot *, in order */
} MlaAgendaDay;

typedef struct MlaAgenda {
    char *message_id; /* owned, nullable: the message it came from */
    char *title;      /* owned, nullable */
    char *timezone;   /* owned, nullable: a zone named in the text ("CEST") */
    GPtrArray *days;  /* owned, of MlaAgendaDay * */
} MlaAgenda;

/* Constructors return (transfer full) empty objects. */
MLA_API MlaAgenda *mla_agenda_new (void);
MLA_API void mla_agenda_free (MlaAgenda *agenda);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaAgenda, mla_agenda_free)
MLA_API MlaAgendaDay *mla_agenda_day_new (const char *name);
MLA_API void mla_agenda_day_free (MlaAgendaDay *day);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaAgendaDay, mla_agenda_day_free)
MLA_API MlaAgendaSlot *mla_agenda_slot_new (void);
MLA_API void mla_agenda_slot_free (MlaAgendaSlot *slot);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaAgendaSlot, mla_agenda_slot_free)
MLA_API MlaAgendaPerson *mla_agenda_person_new (const char *name,
                                                MlaPersonRole role,
                                                gboolean confirmed);
MLA_API void mla_agenda_person_free (MlaAgendaPerson *person);

/* Returns: (transfer none): "session", "break", "meal", "social". */
MLA_API const char *mla_slot_kind_to_string (MlaSlotKind kind);
/* Returns: (transfer none): "chair", "moderator", "speaker". */
MLA_API const char *mla_person_role_to_string (MlaPersonRole role);

/* Total number of slots over all days. */
MLA_API guint mla_agenda_count_slots (const MlaAgenda *agenda);

G_END_DECLS
