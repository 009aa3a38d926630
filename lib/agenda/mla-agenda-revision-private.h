/* mla-agenda-revision-private.h: agendas that revise earlier ones (a later
 * message with an agenda for the same days), and what changed between two
 * revisions. Plain data over the agenda model; doc/design.md ("Agenda
 * revisions") defines the terms. */
#pragma once
#include <glib.h>
#include "mla-agenda.h"

G_BEGIN_DECLS

#define MLA_AGENDA_NONE G_MAXUINT

/* Slots are numbered over the whole agenda: the slots of the first day,
 * then those of the second... */
typedef enum {
    MLA_SLOT_CHANGE_KEPT,  /* same day, start, end, room and title */
    MLA_SLOT_CHANGE_MOVED, /* same title; another day, start, end or room */
    MLA_SLOT_CHANGE_ADDED, /* no slot of the previous revision matches */
} MlaSlotChange;

typedef struct MlaAgendaDiff {
    GArray *previous; /* guint per slot of the current revision: the
                       * previous revision's slot it continues, or
                       * MLA_AGENDA_NONE when added */
    GArray *changes;  /* MlaSlotChange per slot of the current revision */
    GArray *dropped;  /* guint: slots of the previous revision that no
                       * slot continues, in order */
} MlaAgendaDiff;

/* Matches the slots of @current against those of @previous: first those
 * equal in day, start, end, room and title (kept), then those with the
 * same title, on the same day first (moved). Titles compare case-folded
 * with white space collapsed; an untitled slot compares by its kind.
 * Returns: (transfer full). */
MlaAgendaDiff *mla_agenda_diff (const MlaAgenda *previous,
                                const MlaAgenda *current);
void mla_agenda_diff_free (MlaAgendaDiff *diff);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaAgendaDiff, mla_agenda_diff_free)

/* Slot @index (numbered over the days) of @agenda; @out_day (nullable)
 * receives its day. Returns: (transfer none) (nullable): NULL past the
 * last slot. */
const MlaAgendaSlot *mla_agenda_slot_at (const MlaAgenda *agenda, guint index,
                                         const MlaAgendaDay **out_day);

/* TRUE when @a and @b are for the same days: they share a dated day, or
 * neither has a dated day and their day names are the same list. */
gboolean mla_agenda_same_days (const MlaAgenda *a, const MlaAgenda *b);

/* An agenda and what places it among the others. */
typedef struct MlaAgendaRevisionInput {
    const MlaAgenda *agenda;
    const char *thread; /* nullable: the thread of its message */
    gint64 date;        /* its message's date; ties keep input order */
} MlaAgendaRevisionInput;

typedef struct MlaAgendaRevisions MlaAgendaRevisions;

/* Chains @inputs into revisions: in date order, an agenda revises the
 * newest earlier agenda of another message that is for the same days and
 * is in the same thread (both threads known) or has the same title
 * (case-folded); undated agendas need the same thread. It becomes the
 * newest revision of that agenda's chain, so chains are lines.
 * Returns: (transfer full). */
MlaAgendaRevisions *
mla_agenda_revisions_new (const MlaAgendaRevisionInput *inputs, guint n);
void mla_agenda_revisions_free (MlaAgendaRevisions *revisions);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaAgendaRevisions, mla_agenda_revisions_free)

/* Returns: (transfer none): input @index's agenda. */
const MlaAgenda *
mla_agenda_revisions_get_agenda (const MlaAgendaRevisions *revisions,
                                 guint index);
/* Input @index's revision number in its chain, from 1. */
guint mla_agenda_revisions_get_number (const MlaAgendaRevisions *revisions,
                                       guint index);
/* The inputs of @index's chain, oldest first. Returns: (transfer none):
 * guint input indexes, valid as long as @revisions. */
GArray *mla_agenda_revisions_get_chain (const MlaAgendaRevisions *revisions,
                                        guint index);
/* What changed since the previous revision. Returns: (transfer none)
 * (nullable): NULL for a first revision. */
const MlaAgendaDiff *
mla_agenda_revisions_get_diff (const MlaAgendaRevisions *revisions,
                               guint index);
/* A key for slot @slot of input @index that stays the same across
 * revisions: a slot continued from the previous revision has that slot's
 * key; a new one is made of its message's id, its day's date, its start
 * and its room. Returns: (transfer none). */
const char *mla_agenda_revisions_get_key (const MlaAgendaRevisions *revisions,
                                          guint index, guint slot);

/* A slot of an earlier revision that input @index no longer has, as it
 * last appeared. */
typedef struct MlaAgendaSlotRef {
    guint input;
    guint slot;
} MlaAgendaSlotRef;

/* The slots of the earlier revisions of @index's chain whose keys @index
 * does not have, each as it last appeared, in order of first appearance.
 * Returns: (transfer full): MlaAgendaSlotRef elements. */
GArray *mla_agenda_revisions_get_retired (const MlaAgendaRevisions *revisions,
                                          guint index);

G_END_DECLS
