/* mla-agenda-text-private.h: what the text and iCalendar writers share
 * (mla-agenda-text.c). */
#pragma once
#include "mla-agenda.h"

G_BEGIN_DECLS

/* Mail text may hold terminal escapes and line breaks; text and iCalendar
 * lines get neither: line breaks and tabs become spaces, other controls
 * (C0, DEL, C1) go. Returns: (transfer full). */
char *mla_agenda_clean_line (const char *text);
/* A slot without a title is named after its kind. */
const char *mla_agenda_slot_title (const MlaAgendaSlot *slot);
/* "chair: Name", "speaker: Name (not confirmed)". Returns: (transfer full). */
char *mla_agenda_person_label (const MlaAgendaPerson *person);
/* A day's date, "2004-07-19", as numbers; FALSE unless a valid date. */
gboolean mla_agenda_parse_ymd (const char *text, int *year, int *month,
                               int *day);

G_END_DECLS
