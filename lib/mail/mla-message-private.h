/* mla-message-private.h: the message model's struct, shared by the parser
 * (mla-message.c and mla-message-headers.c, the only files that see
 * GMime) and the model's plain accessors (mla-message-model.c). */
#pragma once
#include <glib.h>
#include "mla-message.h"
#include "mla-digest-private.h"

G_BEGIN_DECLS

struct MlaMessage {
    GBytes *raw;
    /* [0]: of the raw bytes, the identity; [1], [2]: of the bytes and a
     * "\n" or "\r\n" separator, as archives before raw-rule="message"
     * stored mbox messages ("" when no such separator can follow). */
    char sha256[3][MLA_SHA256_HEX_SIZE];
    char *envelope;
    char *source;
    guint64 source_offset;
    guint source_index;
    char *message_id;
    gboolean message_id_synthetic;
    gboolean no_archive;
    MlaAddress *from;
    GPtrArray *to;
    GPtrArray *cc;
    GDateTime *date;
    int date_offset_minutes;
    MlaDateSource date_source;
    char *subject;
    char *in_reply_to;
    GPtrArray *references;
    char *list_id;
    char *body_text;
    MlaBodySource body_source;
    char *alternative_text; /* nullable: see mla_message_get_alternative_text */
    GPtrArray *attachments;
    GPtrArray *defects;
};

G_END_DECLS
