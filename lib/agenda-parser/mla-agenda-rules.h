/* mla-agenda-rules.h: find agendas in plain text. A table of named rules
 * over a layout-keeping line scanner; the words it knows (labels, weekday
 * and month names, kind words) come from a vocabulary file
 * (data/agenda-vocabulary.ini), not from C. Knows nothing about mail. */
#pragma once
#include <glib.h>
#include "mla-api.h"
#include "mla-agenda.h"

G_BEGIN_DECLS

typedef struct MlaAgendaParser MlaAgendaParser;

/* What a parser is made for. MLA_AGENDA_PARSER_MANY_TEXTS compiles each
 * pattern to machine code at its first use: slower to start (about twice
 * a one-message delivery's time), three times faster over many texts. */
typedef enum {
    MLA_AGENDA_PARSER_FEW_TEXTS = 0,
    MLA_AGENDA_PARSER_MANY_TEXTS = 1 << 0,
} MlaAgendaParserFlags;

/* Loads the vocabulary from @vocabulary_path, or the built-in one when
 * NULL, and compiles the rules, as @flags say (mla_agenda_parser_new:
 * for many texts). Returns: (transfer full) (nullable): NULL with @error
 * set when the vocabulary file is unreadable or invalid. */
MLA_API MlaAgendaParser *mla_agenda_parser_new (const char *vocabulary_path,
                                                GError **error);
MLA_API MlaAgendaParser *
mla_agenda_parser_new_full (const char *vocabulary_path,
                            MlaAgendaParserFlags flags, GError **error);
MLA_API void mla_agenda_parser_free (MlaAgendaParser *parser);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaAgendaParser, mla_agenda_parser_free)

/* Finds the agendas in @text (UTF-8). @reference (nullable) is the mail's
 * date: weekday names resolve to the first such day on or after it.
 * Returns: (transfer full): MlaAgenda *, empty when there is no agenda. */
MLA_API GPtrArray *mla_agenda_parser_parse (MlaAgendaParser *parser,
                                            const char *text,
                                            GDateTime *reference);

G_END_DECLS
