/* mla-agenda-blocks-private.h: a heading over the slots of a block with
 * "Room:" and "Chair:" lines that belong to every slot of the block
 * ("Session 2: Networks" / "Room: Sala B" / "Chair: Peter Novak", then
 * the talks). Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda-builder-private.h"

G_BEGIN_DECLS

/* Finds the blocks of @lines (those of @b) into @b's section part: a
 * line that starts a paragraph and holds no time, with field lines
 * right under it that give a room or a place ("Room:", "Ort:") and
 * chairs ("Chair:", "Moderator:"), over slot lines. A block runs up to
 * the next block, a day heading, or a break, a meal or a social. The
 * heading and its field lines are made blank: they are no slot's. */
void mla_agenda_read_blocks (MlaAgendaBuilder *b, MlaAgendaLine *lines);

/* Gives @slot, added at line @b->index, the room and chairs of the block
 * it is in, if any (not a place when it has its own). */
void mla_agenda_block_fields (MlaAgendaBuilder *b, MlaAgendaSlot *slot);

void mla_agenda_block_free (gpointer block);

G_END_DECLS
