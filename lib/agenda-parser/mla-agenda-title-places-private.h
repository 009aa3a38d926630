/* mla-agenda-title-places-private.h: the place a slot's title ends with
 * ("Lunch \u2014 Brasserie X", "Office hours -- Room 3A", "Triage
 * [Library]"), one step of the title peelers. Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda.h"
#include "mla-agenda-builder-private.h"

G_BEGIN_DECLS

/* "Lunch \u2014 Brasserie de l'Atelier, next door", "Lab 1, Room 204":
 * when @title (edited in place) ends with a place, cuts it there and
 * gives @slot the place (and a note after it). Returns whether it did;
 * never when @slot has a place or a room already. */
gboolean mla_agenda_take_place_tail (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                                     char *title);

G_END_DECLS
