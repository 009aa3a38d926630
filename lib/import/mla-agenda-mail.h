/* mla-agenda-mail.h: run the agenda parser on a message (its body text,
 * its date in the sender's zone as the reference, its Message-ID) or on
 * every message of an input. */
#pragma once
#include <glib.h>
#include "mla-api.h"
#include "mla-agenda-rules.h"
#include "mla-message.h"

G_BEGIN_DECLS

/* Returns: (transfer full): MlaAgenda *, each with message_id set; empty
 * when the message holds no agenda. */
MLA_API GPtrArray *mla_agenda_parse_message (MlaAgendaParser *parser,
                                             const MlaMessage *message);

typedef enum {
    MLA_AGENDA_INPUT_DEFAULT = 0,
    /* plain text gets no reference date, not even the file's mtime */
    MLA_AGENDA_INPUT_TEXT_UNDATED = 1 << 0,
} MlaAgendaInputFlags;

/* Appends to @agendas (of MlaAgenda *, which frees them) the agendas of
 * every message of the input @path, read as mla_source_open() reads it
 * (mbox, Maildir, message file, "-"). A file that is not mail (no From_
 * line or header field at its start, or header-like lines that name no
 * sender, date, subject or id) is read whole as the text of an agenda, if
 * it is UTF-8: weekday names resolve from @text_reference (nullable), else
 * from the file's modification time, unless @flags say
 * MLA_AGENDA_INPUT_TEXT_UNDATED. Errors name @path. */
MLA_API gboolean mla_agenda_parse_input (MlaAgendaParser *parser,
                                         const char *path,
                                         GDateTime *text_reference,
                                         MlaAgendaInputFlags flags,
                                         GPtrArray *agendas, GError **error);

G_END_DECLS
