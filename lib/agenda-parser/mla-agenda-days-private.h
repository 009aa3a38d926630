/* mla-agenda-days-private.h: assembling slots into days. Owns
 * MlaAgendaBuilder, the state of one parse: the agenda being built (its
 * days and slots), the slot that continuation lines go to, and the table
 * in force. Day headings, new days, slot ends, kinds, and the evidence
 * that a text holds an agenda at all. A builder lives on the stack of
 * mla_agenda_parser_parse(). Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-scanner-private.h"
#include "mla-agenda-times-private.h"

G_BEGIN_DECLS

struct MlaAgendaBuilder {
    MlaAgendaParser *parser;
    GDateTime *reference;
    const char *subject; /* nullable: the mail's */
    gboolean all_24h;
    MlaAgenda *agenda;
    MlaAgendaDay *day;      /* borrowed from agenda */
    MlaAgendaSlot *slot;    /* borrowed: where continuation lines go */
    MlaAgendaSlot *pending; /* owned: a time still waiting for its title */
    const MlaAgendaLine *lines;
    guint n_lines;
    guint index; /* the line being classified */
    guint slot_indent;
    gboolean slot_open;      /* continuation lines still belong to slot */
    gboolean slot_has_extra; /* slot got a continuation after its title */
    guint last_content;      /* index of the last line added to slot */
    int previous;            /* start of the last slot of the day */
    gboolean heading_since_slot;
    GArray *slot_lines; /* line indices of slots */
    int year_hint;    /* the last year written in a heading, else the text's */
    gint detail_line; /* last "Monday ..., 9:00 - 10:00" line */
    gint person_line; /* last line taken as the slot's people */
    MlaAgendaSlot *detail_slot; /* borrowed: the slot of detail_line */
    gint header_line;           /* track header awaiting its underline */
    GPtrArray *rooms;           /* column names of the current table */
    GArray *room_starts;        /* their start columns */
    gboolean rooms_timed;       /* their header has a time column's word */
    int heading_candidate;      /* plain line that an underline may mark */
    GArray *columns;            /* of MlaColumn: the header row of a table */
    char column_split;     /* '|', ' ' (gaps), 'f' (single spaces), 'l' (a line
                              each) */
    guint row_slots;       /* slots the last row of track cells made */
    GPtrArray *flat_rooms; /* rooms of a flattened web table's header */
    char *section_room;    /* owned: the room of a "=== Room 2 ===" heading */
    guint section_end; /* the line that ends its section, 0: the next heading */
    gboolean flat_pairs; /* its rows have come as title/speaker pairs */
    GHashTable *stops; /* set of the stops in the days' slots (see add_stop) */
    GHashTable
        *frame_ends; /* day -> 1 + the end of the hours its heading frames */
    MlaMilitary
        military; /* the text writes "0800-0830" ranges or "1800" times */
    gboolean in_minutes;    /* under a "Minutes" heading: times are no slots */
    guint minutes_line;     /* that heading's */
    int day_number;         /* N of the current day's "Day N" heading, or 0 */
    gboolean affiliates;    /* the text writes "Name, Org" for one person */
    gboolean dashes_places; /* the text writes "Title \u2013 Place" */
    GPtrArray
        *moved; /* nullable, borrowed slots: see mla_agenda_apply_changes() */
    GPtrArray *pairs; /* nullable, owned: new hours of slots named, maybe
                       * later in the text ("Workshops 11:30 - 12:30") */
};

/* Fills the empty ends of @day's slots with the start of the next later
 * slot in the same room (or any room, for a slot without one). */
void mla_agenda_fill_ends (MlaAgendaDay *day);

/* Returns: the kind of a slot titled @title. */
MlaSlotKind mla_agenda_parser_kind (MlaAgendaParser *parser, const char *title);

/* Takes the time zone of a rule's @match for the agenda, when it has none. */
void mla_agenda_builder_set_zone (MlaAgendaBuilder *b, GMatchInfo *match);

/* Starts a day named @name (nullable) on @date (nullable, "YYYY-MM-DD"). */
void mla_agenda_builder_new_day (MlaAgendaBuilder *b, const char *name,
                                 const char *date);
/* Returns: (transfer none): the day of the agenda named @name on @date
 * ("" when unknown), made when there is none yet; the builder's state
 * (its current day, the previous time) is not touched. */
MlaAgendaDay *mla_agenda_builder_day_for (MlaAgendaBuilder *b, const char *name,
                                          const char *date);

/* Adds @slot (transfer full) to the current day, starting one when there
 * is none; later lines continue @slot. */
void mla_agenda_builder_add_slot (MlaAgendaBuilder *b, MlaAgendaSlot *slot);

/* A time row with no title ("9:30   -" under the seed's evening table)
 * ends the slots before it: it stands in the day as a slot without a
 * title (a stop) until the day's ends are filled, then it is dropped. */
void mla_agenda_builder_add_stop (MlaAgendaBuilder *b, int start);

/* The current day's hours end at @end (minutes): its last slot ends there
 * when nothing else ends it ("Session II 09:30-11:30" over the items). */
void mla_agenda_builder_frame (MlaAgendaBuilder *b, int end);

/* Rule "day-heading": "Monday", "Day 2 (Friday, Apr. 24)", "2004-12-05". */
gboolean mla_agenda_rule_day_heading (MlaAgendaBuilder *b, GMatchInfo *match);

/* Sets kinds, makes the places of parallel slots rooms, fills ends,
 * drops the stops and then empty days. */
void mla_agenda_builder_finish (MlaAgendaBuilder *b);

G_END_DECLS
