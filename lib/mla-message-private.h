/* mla-message-private.h: what the two halves of the message module share:
 * mla-message.c (parsing, headers, defects, the accessors) and
 * mla-message-parts.c (the body text and the attachments). Both are the
 * message module: the only code that sees GMime. */
#pragma once
#include <gmime/gmime.h>
#include "mla-message.h"
#include "mla-digest-private.h"

G_BEGIN_DECLS

/* Mail decides this count; past it the model keeps a sample and says so,
 * so that memory, the XML and the overview stay bounded. */
#define MAX_ATTACHMENTS 1000

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
    GPtrArray *attachments;
    GPtrArray *defects;
};

/* Defects of one kind seen while parsing: reported once, with a count. */
typedef struct {
    const char *code;  /* static */
    char *detail;      /* of the first occurrence */
    guint count;
} MlaDefectTally;

typedef struct {
    MlaMessage *message;
    GArray *tallies;   /* of MlaDefectTally */
    GMimeObject *body_part;
    guint wanted;      /* the attachment whose bytes to keep, or G_MAXUINT */
    GByteArray *kept;  /* its decoded bytes */
    char **html;       /* nullable: where to keep an HTML body as it was */
    guint parts;       /* attachment parts seen, listed or not */
} MlaParseState;

/* Records a defect of kind @code, once per kind with a count; the first
 * detail is kept. */
void mla_message_state_defect (MlaParseState *state, const char *code, const char *format, ...)
    G_GNUC_PRINTF (3, 4);
/* @text made valid UTF-8. Returns: (transfer full) (nullable). */
char *mla_message_utf8_dup (const char *text);

/* mla-message-parts.c: the body (the first inline text/plain, else
 * text/html as text) and the attachments' names, types, sizes and
 * SHA-256. */
void mla_message_set_body (MlaParseState *state, GMimeObject *root);
void mla_message_collect_attachments (MlaParseState *state, GMimeObject *object);

G_END_DECLS
