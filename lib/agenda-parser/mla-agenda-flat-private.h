/* mla-agenda-flat-private.h: timetables one cell per line: time blocks
 * over one line per parallel session, web tables flattened by copying,
 * a time over a line of rooms apart by bars, a time over paragraphs that
 * each read as a session. The part "flat" of MlaAgendaBuilder is this
 * module's. Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda.h"
#include "mla-agenda-builder-private.h"

G_BEGIN_DECLS

/* "0900-1130 Morning Sessions" over indented lines "Room A  WG2  Title"
 * (continuation lines indented under the title): when the lines below
 * the current one are such a block, each is a slot from @s to @e (minutes,
 * @e -1: none) in its room, and the block heading is no slot. Returns
 * FALSE, changing nothing, when they are not; else the builder stands on
 * the block's last line. */
gboolean mla_agenda_parallel_block (MlaAgendaBuilder *b, int s, int e);

/* A time alone on its line under a flattened table's header: the lines
 * below it, up to the next time or blank line, are a title and its
 * speaker's line for each room in header order (one title alone spans
 * the rooms). Without a header, two or more such items each led by a
 * line that is a room ("Track A") are read the same way. Returns FALSE
 * when neither fits; else the builder stands on the row's last line. */
gboolean mla_agenda_flat_row (MlaAgendaBuilder *b, int s, int e);

/* A time alone on its line over a line of rooms apart by bars ("Amphi
 * Curie | Salle 204") and a line of as many cells or fewer: a slot per
 * filled cell, in its column's room. Returns FALSE when they are not;
 * else the builder stands on the row's line. */
gboolean mla_agenda_bar_block (MlaAgendaBuilder *b, int s, int e);

/* A time alone on its line over two or more paragraphs that each read
 * as a session ("Title / Room 201 / Ann Lee, Acme"): each is a slot in
 * its room. Returns FALSE when they are not; else the builder stands on
 * the last paragraph's last line. */
gboolean mla_agenda_block_row (MlaAgendaBuilder *b, int s, int e);

/* Rule "flat-header": "TimeRoom ARoom BRoom C" (a web table's header row
 * run together) or "Time" over one room per line. */
gboolean mla_agenda_rule_flat_header (MlaAgendaBuilder *b, GMatchInfo *match);

G_END_DECLS
