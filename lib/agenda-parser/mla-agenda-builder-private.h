/* mla-agenda-builder-private.h: MlaAgendaBuilder, the state of one parse,
 * kept in parts, one per phase or concern, so that each file writes the
 * parts it owns and only reads the others. A builder lives on the stack
 * of mla_agenda_parse_candidate() (mla-agenda-rules.c), which sets the
 * input and the part "text" before the first line and frees what the
 * parts own after the last. Not installed.
 *
 * Which file owns which part (sets it up, keeps its rules), and who else
 * writes it:
 * - the input (parser, reference, lines, index): mla-agenda-rules.c; the
 *   readers of blocks of lines (tables, grids, flat, export, slots,
 *   people) move the index past what they read
 * - text, what the whole text writes: mla-agenda-rules.c, before the
 *   first line; read by all
 * - day, the current day and the days' order: mla-agenda-days.c (new
 *   days, slots added, stops, frames); the slot rules, the readers of
 *   tables and exports and the changes move the current day
 * - slot, the slot being filled: mla-agenda-days.c (a slot added) and the
 *   slot rules (mla-agenda-slots.c, the text rule of mla-agenda-rules.c,
 *   people lines of mla-agenda-people.c, labels of mla-agenda-labels.c);
 *   a table's or block's reader closes it
 * - table, a header row's columns: mla-agenda-tables.c (mla-agenda-cells.c
 *   counts the slots of a row of cells)
 * - tracks, a grid's rooms laid out by position: mla-agenda-grids.c
 * - flat, a flattened web table's rooms: mla-agenda-flat.c
 * - section, a "=== Room 2 ===" heading's room: mla-agenda-places.c
 * - minutes, a "Minutes" heading in force: the text rule of
 *   mla-agenda-rules.c; a new day (mla-agenda-days.c) ends it
 * - changes, slots a reply's changes moved: mla-agenda-changes.c
 * A new table clears table, tracks and flat together
 * (mla_agenda_builder_clear_table, mla-agenda-days.c). This header is low
 * in the parser's layers (doc/design.md): every module may read the
 * state; the functions that change it are declared by their modules. */
#pragma once
#include <glib.h>
#include "mla-agenda.h"
#include "mla-agenda-vocabulary-private.h"

G_BEGIN_DECLS

typedef struct MlaAgendaBuilder MlaAgendaBuilder;

/* One line of text as laid out: quote prefix removed, tabs expanded. */
typedef struct MlaAgendaLine {
    char *text; /* owned */
    guint indent;
    gboolean blank;
    gboolean quoted;        /* had a "> " or "| " quote prefix */
    gboolean wide_colon;    /* wrote "\uff1a", which text reads as ": " */
    gboolean wide_parens;   /* wrote "\uff08" or "\uff09", read as "(", ")" */
    gboolean narrow_parens; /* wrote "(" or ")" */
    char *tabbed; /* owned, nullable: the line as written when a tab is
                   * inside (its columns then tell no position) */
    GArray *runs; /* owned, nullable: an underline's run start columns */
} MlaAgendaLine;

/* How a text writes its programme's times: in "0800-0830" ranges, in
 * "1800" times alone, or neither (mla_agenda_text_is_military()). */
typedef enum {
    MLA_MILITARY_NONE,
    MLA_MILITARY_SINGLES,
    MLA_MILITARY_RANGES,
} MlaMilitary;

/* What the whole text writes, found before its first line is read. */
typedef struct {
    gboolean all_24h;       /* its times are on a 24-hour clock */
    MlaMilitary military;   /* "0800-0830" ranges or "1800" times */
    gboolean affiliates;    /* "Name, Org" for one person */
    gboolean dashes_places; /* "Title \u2013 Place" */
} MlaAgendaTextFacts;

/* The day being filled, and what the days have so far. */
typedef struct {
    MlaAgendaDay *current; /* borrowed from the agenda */
    int previous;          /* start of the last slot of the day, or -1 */
    gboolean heading_since_slot;
    int number;    /* N of the current day's "Day N" heading, or 0 */
    int year_hint; /* the last year written in a heading, else the text's */
    GArray *slot_lines;     /* owned: the line of every slot added (guint) */
    GHashTable *stops;      /* owned: set of the stops in the days' slots (see
                             * mla_agenda_builder_add_stop) */
    GHashTable *frame_ends; /* owned: day -> 1 + the end of the hours its
                             * heading frames */
} MlaAgendaDayState;

/* The slot being filled: where continuation lines go. */
typedef struct {
    MlaAgendaSlot *current;     /* borrowed: where continuation lines go */
    MlaAgendaSlot *pending;     /* owned: a time still waiting for its title */
    guint indent;               /* the indent of its line */
    gboolean open;              /* continuation lines still belong to it */
    gboolean has_extra;         /* it got a continuation after its title */
    guint last_content;         /* index of the last line added to it */
    gint detail_line;           /* last "Monday ..., 9:00 - 10:00" line */
    MlaAgendaSlot *detail_slot; /* borrowed: the slot of detail_line */
    gint person_line;           /* last line taken as the slot's people */
    guint field_blocks; /* slots read from a block of "Label: value" lines */
} MlaAgendaSlotState;

/* The table in force: the columns of its header row. */
typedef struct {
    GArray *columns; /* owned: of MlaColumn */
    char split;      /* how rows part their cells: '|', ' ' (gaps), 'f'
                      * (single spaces), 'l' (a line each) */
    guint row_slots; /* slots the last row of track cells made */
} MlaAgendaTableState;

/* A grid laid out by position: its rooms and where their columns start. */
typedef struct {
    GPtrArray *rooms;      /* owned: column names of the current grid */
    GArray *starts;        /* owned: their start columns (guint) */
    gboolean timed;        /* their header has a time column's word */
    gint header_line;      /* track header awaiting its underline */
    int heading_candidate; /* plain line that an underline may mark */
} MlaAgendaTrackState;

/* A flattened web table ("TimeRoom ARoom B"). */
typedef struct {
    GPtrArray *rooms; /* owned: the rooms of its header */
    gboolean pairs;   /* its rows have come as title/speaker pairs */
} MlaAgendaFlatState;

/* A block of slots under a heading with "Room:" and "Chair:" lines
 * (mla-agenda-blocks.c): what each slot of lines first..last gets. */
typedef struct {
    guint first, last;
    MlaAgendaSlot *fields; /* owned: its location and people */
} MlaAgendaBlock;

/* A "=== Room 2 ===" heading: the room of the slots under it; the blocks
 * of the text. */
typedef struct {
    char *room;        /* owned, nullable */
    guint end;         /* the line that ends its section, 0: the next heading */
    GPtrArray *blocks; /* owned, nullable: of MlaAgendaBlock, in line order */
} MlaAgendaSectionState;

/* Under a "Minutes" heading, times are no slots. */
typedef struct {
    gboolean in; /* such a heading is in force */
    guint line;  /* that heading's */
} MlaAgendaMinutesState;

/* Changes a reply writes into the programme it quotes. */
typedef struct {
    GPtrArray *moved; /* nullable, borrowed slots: see
                       * mla_agenda_apply_changes() */
    GPtrArray *pairs; /* nullable, owned: new hours of slots named, maybe
                       * later in the text ("Workshops 11:30 - 12:30") */
} MlaAgendaChangeState;

struct MlaAgendaBuilder {
    MlaAgendaParser *parser;
    GDateTime *reference;
    const char *subject; /* nullable: the mail's */
    MlaAgenda *agenda;
    const MlaAgendaLine *lines;
    guint n_lines;
    guint index; /* the line being classified */
    /* the rule engine's classifier (mla-agenda-rules.c), for lines that a
     * lower phase hands back to be read like any other (the lines under
     * a parallel session) */
    void (*classify_line) (MlaAgendaBuilder *b);
    /* gives a slot just added what its block gives every slot
     * (mla-agenda-blocks.c), for the days, below the blocks */
    void (*slot_added) (MlaAgendaBuilder *b, MlaAgendaSlot *slot);
    MlaAgendaTextFacts text;
    MlaAgendaDayState day;
    MlaAgendaSlotState slot;
    MlaAgendaTableState table;
    MlaAgendaTrackState tracks;
    MlaAgendaFlatState flat;
    MlaAgendaSectionState section;
    MlaAgendaMinutesState minutes;
    MlaAgendaChangeState changes;
};

G_END_DECLS
