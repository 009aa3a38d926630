/* mla-agenda-scanner-private.h: the agenda parser's line scanner. Owns
 * the layout of MlaAgendaLine (mla-agenda-builder-private.h): each line
 * of a text as laid out (quote prefix removed, tabs expanded, times
 * normalised, underline runs); the cheap test that skips texts without
 * two timed lines; quoted fragments of a reply; and the look ahead over
 * the scanned lines for slot lines. Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-builder-private.h"

G_BEGIN_DECLS

#define HEADING_MAX_CHARS 80 /* a longer line is no heading */

/* Returns: (transfer full): @text with its runs of white space made one
 * space and its ends trimmed. */
char *mla_agenda_squeeze (const char *text);

/* Returns: (transfer full): @text without the separators (" - : | . ,",
 * en and em dashes) that lead it. */
char *mla_agenda_strip_separators (const char *text);

/* "scribe: Pieter de Wit", "Race Officer: Gwen Pritchard": the length
 * of the label of a field line, up to FIELD_MAX_WORDS words without
 * digits or parentheses before ": ", or 0 when @text is no field. */
#define FIELD_MAX_WORDS 3
gsize mla_agenda_field_label (const char *text);

/* Scans @raw into @line (out; free its contents with
 * mla_agenda_line_clear()). @military: the text writes "0800" times. */
void mla_agenda_scan_line (MlaAgendaParser *parser, const char *raw,
                           gboolean military, MlaAgendaLine *line);
void mla_agenda_line_clear (gpointer data);

/* Whether @text has at least two timed lines: the cheap test that the
 * parser runs on every message before scanning it. */
gboolean mla_agenda_may_hold (MlaAgendaParser *parser, const char *text);

/* Whether the text from @text to @end (NULL: its NUL) holds a bar, a tab,
 * two spaces in a row or a byte outside ASCII: what a pattern needs to
 * find a gap between columns (a cheap test before it). */
gboolean mla_agenda_has_gap (const char *text, const char *end);

/* Returns: (transfer none): the line @b is classifying. */
const MlaAgendaLine *mla_agenda_current_line (MlaAgendaBuilder *b);

/* A reply that quotes a few lines of an agenda to discuss them holds no
 * agenda: a quoted block counts only as a whole schedule, with a day
 * heading or with at least QUOTED_MIN_SLOTS slot lines. The lines of other
 * quoted blocks of @lines are made blank, and so are all quoted lines of
 * a reply that has a programme of its own (a new version of the quoted
 * one), and the lines of an original it quotes without "> " (from
 * "-----Original Message-----", or "From:" over "Sent:", on). */
void mla_agenda_skip_quoted_fragments (MlaAgendaBuilder *b,
                                       MlaAgendaLine *lines);

/* Whether the slot's lines end after line @from: the next line with text
 * starts another slot, or the text ends (then @at_end). */
gboolean mla_agenda_slot_ends_after (MlaAgendaBuilder *b, guint from,
                                     gboolean at_end);

/* Whether slot lines follow line @from after at most a few field lines
 * ("Room: Chitlada 2", "Chairs: A, B") and rules: then a dated line with
 * hours at @from frames them. */
gboolean mla_agenda_slots_follow_frame (MlaAgendaBuilder *b, guint from);

/* Whether a slot line follows the current line anywhere below. */
gboolean mla_agenda_slot_follows (MlaAgendaBuilder *b);

G_END_DECLS
