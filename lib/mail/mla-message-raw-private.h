/* mla-message-raw-private.h: the raw bytes of a message before GMime
 * parses them, and defects tallied one per kind. Owned by the message
 * parser (mla-message.c). Not installed. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

/* GMime makes an object of some kilobytes per MIME part, however small:
 * past this many lines that may be boundary delimiters ("--"), it parses
 * only the bytes before the next one. */
#define MLA_MAX_DELIMITER_LINES 10000

/* Returns: (transfer full): an empty set of tallies, for
 * mla_defect_tally() and mla_defect_tallies_flush(). */
GArray *mla_defect_tallies_new (void);

/* Counts a defect of @code; the first of a kind keeps its detail. */
void mla_defect_tally (GArray *tallies, const char *code, const char *format,
                       ...) G_GNUC_PRINTF (3, 4);

/* Adds one defect per kind tallied to @defects, with its count. */
void mla_defect_tallies_flush (GArray *tallies, GPtrArray *defects);

/* The end of the header field that starts at @p: the start of the next
 * line that is not a continuation, or @end. */
const guint8 *mla_message_raw_field_end (const guint8 *p, const guint8 *end);

/* The bytes GMime parses: NULL when @data may be parsed as it is, else a
 * copy with its over-long header fields shortened (a "header-cut"
 * defect). Returns: (transfer full) (nullable). */
GByteArray *mla_message_raw_cut_fields (GArray *tallies, const guint8 *data,
                                        gsize size);

/* The bytes before delimiter line MLA_MAX_DELIMITER_LINES + 1, or @size. */
gsize mla_message_raw_parse_size (const guint8 *data, gsize size);

/* At most the number of header fields GMime makes objects for in the
 * first @size bytes: the lines that are not continuations in the
 * message's header and in every block that follows a line beginning with
 * "--" (a part's header, if that line is a boundary), each up to its first
 * blank line. */
gsize mla_message_raw_count_fields (const guint8 *data, gsize size);

/* One pass for what GMime does not report: NUL bytes, CRLF, long lines,
 * no final line break, no header at the start. */
void mla_message_raw_scan (GArray *tallies, const guint8 *data, gsize size);

G_END_DECLS
