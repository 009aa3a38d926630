/* mla-message-parse-private.h: what the two halves of the message parser
 * share: mla-message.c (the parse, the body and the attachments) and
 * mla-message-headers.c (the headers). Both see GMime; nothing else may
 * include this header (doc/VIOLATIONS.md). Not installed. */
#pragma once
#include <gmime/gmime.h>
#include "mla-autocleanups.h"
#include "mla-message-private.h"
#include "mla-message-raw-private.h"

G_BEGIN_DECLS

typedef struct {
    MlaMessage *message;
    GArray *tallies; /* mla_defect_tally() */
    GMimeObject *body_part;
    const MlaDownloadSink *sink; /* nullable: who takes attachments' bytes */
    char **html; /* nullable: where to keep an HTML body as it was */
    guint parts; /* attachment parts seen, listed or not */
} MlaParseState;

/* @text (nullable) as valid UTF-8. Returns: (transfer full) (nullable). */
static inline char *
mla_message_utf8_dup (const char *text)
{
    if (text == NULL)
        return NULL;
    return g_utf8_make_valid (text, -1);
}

/* Fills the header fields of @state's message from @mime (nullable: the
 * parse found no message; a synthetic id and the envelope's date then). */
void mla_message_read_headers (MlaParseState *state,
                               GMimeParserOptions *options, GMimeMessage *mime);

G_END_DECLS
