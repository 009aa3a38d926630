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

/* Appends to @agendas (of MlaAgenda *, which frees them) the agendas of
 * every message of the input @path, read as mla_source_open() reads it
 * (mbox, Maildir, message file, "-"). Errors name @path. */
MLA_API gboolean mla_agenda_parse_input (MlaAgendaParser *parser,
                                         const char *path, GPtrArray *agendas,
                                         GError **error);

G_END_DECLS
