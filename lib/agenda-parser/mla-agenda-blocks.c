/* mla-agenda-blocks.c: "Room:" and "Chair:" lines under a block's
 * heading belong to every slot of the block, not to the slot above the
 * heading ("Session 2: Networks" / "Room: Sala B" / "Chair: Peter Novak"
 * over the session's talks). Read before the rules, so that the rules
 * never see those lines; the slots get them as they are added. */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <string.h>
#include "mla-agenda-blocks-private.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-cells-private.h"

#define BLOCK_MAX_FIELDS 3 /* field lines under a block's heading */

void
mla_agenda_block_free (gpointer data)
{
    MlaAgendaBlock *block = data;

    mla_agenda_slot_free (block->fields);
    g_free (block);
}

static gboolean
starts_slot (MlaAgendaBuilder *b, const MlaAgendaLine *line)
{
    return !line->blank &&
           g_regex_match (mla_agenda_rule (b->parser, "slot-time"), line->text,
                          0, NULL);
}

/* Whether @text is a field of a block: a place ("Room: Sala B") or its
 * chairs ("Chair: Peter Novak"), given to @fields. */
static gboolean
block_field (MlaAgendaBuilder *b, const char *text, MlaAgendaSlot *fields)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autoptr (MlaAgendaSlot) cell = NULL;

    if (fields->location == NULL &&
        g_regex_match (mla_agenda_rule (b->parser, "location-label"), text, 0,
                       &match)) {
        fields->location = g_match_info_fetch_named (match, "value");
        return TRUE;
    }
    cell = mla_agenda_slot_new ();
    if (!mla_agenda_add_labelled_cell (b, cell, text) || cell->people->len == 0)
        return FALSE;
    /* (who speaks in a block is not in every slot of it) */
    for (guint k = 0; k < cell->people->len; k++) {
        MlaPersonRole role =
            ((MlaAgendaPerson *) g_ptr_array_index (cell->people, k))->role;

        if (role != MLA_PERSON_ROLE_CHAIR && role != MLA_PERSON_ROLE_MODERATOR)
            return FALSE;
    }
    while (cell->people->len > 0)
        g_ptr_array_add (fields->people,
                         g_ptr_array_steal_index (cell->people, 0));
    return TRUE;
}

/* The block whose heading is line @i, NULL when it is none; @fields_end
 * (out): the line after its fields. */
static MlaAgendaBlock *
block_at (MlaAgendaBuilder *b, const MlaAgendaLine *lines, guint i,
          guint *fields_end)
{
    g_autoptr (MlaAgendaSlot) fields = NULL;
    MlaAgendaBlock *block;
    guint j = i + 1, next;

    /* (a heading with a year is a day's, in any language: its venue is
     * no slot's) */
    if (lines[i].blank || (i > 0 && !lines[i - 1].blank) ||
        g_regex_match (b->parser->time_anywhere, lines[i].text, 0, NULL) ||
        g_regex_match (b->parser->year, lines[i].text, 0, NULL) ||
        g_regex_match (mla_agenda_rule (b->parser, "day-heading"),
                       lines[i].text, 0, NULL))
        return NULL;
    fields = mla_agenda_slot_new ();
    for (; j < b->n_lines && j <= i + BLOCK_MAX_FIELDS && !lines[j].blank &&
           block_field (b, lines[j].text + lines[j].indent, fields);
         j++)
        ;
    for (next = j; next < b->n_lines && lines[next].blank; next++)
        ;
    if (j == i + 1 || next == b->n_lines || !starts_slot (b, &lines[next]))
        return NULL;
    block = g_new0 (MlaAgendaBlock, 1);
    block->first = next;
    block->fields = g_steal_pointer (&fields);
    *fields_end = j;
    return block;
}

/* Whether line @i ends the block above it: a day heading, or a break, a
 * meal or a social. */
static gboolean
ends_block (MlaAgendaBuilder *b, const MlaAgendaLine *line)
{
    if (line->blank)
        return FALSE;
    if (!starts_slot (b, line))
        return g_regex_match (mla_agenda_rule (b->parser, "day-heading"),
                              line->text, 0, NULL);
    return mla_agenda_parser_kind (b->parser, line->text) !=
           MLA_SLOT_KIND_SESSION;
}

void
mla_agenda_read_blocks (MlaAgendaBuilder *b, MlaAgendaLine *lines)
{
    MlaAgendaBlock *open = NULL;

    for (guint i = 0; i < b->n_lines; i++) {
        guint fields_end = 0;
        MlaAgendaBlock *block = block_at (b, lines, i, &fields_end);

        if (open != NULL && (block != NULL || ends_block (b, &lines[i]))) {
            open->last = i - 1;
            open = NULL;
        }
        if (block == NULL)
            continue;
        MLA_AGENDA_TRACE ("agenda: line %u heads a block of slots", i + 1);
        if (b->section.blocks == NULL)
            b->section.blocks =
                g_ptr_array_new_with_free_func (mla_agenda_block_free);
        g_ptr_array_add (b->section.blocks, block);
        block->last = b->n_lines;
        open = block;
        for (guint k = i; k < fields_end; k++) {
            lines[k].text[0] = '\0';
            lines[k].indent = 0;
            lines[k].blank = TRUE;
        }
        i = fields_end - 1;
    }
}

void
mla_agenda_block_fields (MlaAgendaBuilder *b, MlaAgendaSlot *slot)
{
    for (guint i = 0; b->section.blocks != NULL && i < b->section.blocks->len;
         i++) {
        const MlaAgendaBlock *block = g_ptr_array_index (b->section.blocks, i);
        const MlaAgendaSlot *fields = block->fields;

        if (b->index < block->first || b->index > block->last)
            continue;
        if (fields->location != NULL && slot->location == NULL &&
            slot->room == NULL)
            slot->location = g_strdup (fields->location);
        for (guint k = 0; k < fields->people->len; k++) {
            const MlaAgendaPerson *chair =
                g_ptr_array_index (fields->people, k);

            g_ptr_array_add (slot->people,
                             mla_agenda_person_new (chair->name, chair->role,
                                                    chair->confirmed));
        }
        return;
    }
}
