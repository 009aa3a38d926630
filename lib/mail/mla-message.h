/* mla-message.h: the message model. A message is parsed once, with GMime,
 * from its raw bytes; everything it exposes is valid UTF-8 and owned by the
 * message ("valid until the message is freed"). GMime types never leave
 * mla-message.c and mla-message-headers.c. */
#pragma once
#include <glib.h>
#include "mla-api.h"
#include "mla-defect.h"
#include "mla-mbox.h"

G_BEGIN_DECLS

typedef struct MlaMessage MlaMessage;

typedef struct MlaAddress {
    char *name;    /* owned, nullable: display name, decoded */
    char *address; /* owned, nullable: addr-spec; NULL for a bare name */
} MlaAddress;

typedef struct MlaAttachment {
    char *filename;     /* owned, nullable: decoded (RFC 2047 and RFC 2231) */
    char *content_type; /* owned: "type/subtype", lower case */
    gsize size;         /* decoded size in bytes */
    char sha256[65];    /* hex SHA-256 of the decoded content */
} MlaAttachment;

/* Free an address or attachment and the strings it owns. NULL-safe. */
MLA_API void mla_address_free (MlaAddress *address);
MLA_API void mla_attachment_free (MlaAttachment *attachment);

typedef enum {
    MLA_DATE_SOURCE_HEADER,   /* the Date: header */
    MLA_DATE_SOURCE_ENVELOPE, /* Date: missing or unparsable; from the From_
                                 line */
    MLA_DATE_SOURCE_NONE,     /* no usable date at all */
} MlaDateSource;

typedef enum {
    MLA_BODY_SOURCE_NONE,  /* no text part */
    MLA_BODY_SOURCE_PLAIN, /* a text/plain part */
    MLA_BODY_SOURCE_HTML,  /* a text/html part turned into text */
} MlaBodySource;

/* Parses @raw (transfer none; its bytes are referenced, not copied). Never
 * fails: problems become defects. Reader defects of @raw are copied.
 * Returns: (transfer full). */
MLA_API MlaMessage *mla_message_parse (const MlaRawMessage *raw);

/* What mla_message_parse() and mla_message_extract_downloads() of @raw
 * take at most, in bytes, estimated from a scan of its bytes without
 * parsing them (GMime makes an object of some hundred bytes per header
 * field, and holds a few copies of the bytes). Callers that parse at once
 * share a budget by it. @out_fields (nullable): the header fields counted. */
MLA_API guint64 mla_message_parse_cost (const MlaRawMessage *raw,
                                        guint64 *out_fields);
/* What threads that parse at once share, in bytes, under a size limit of
 * @max_message_size (0: MLA_DEFAULT_MAX_MESSAGE_SIZE): room for any
 * message within it, eight times the limit besides (mlarc(1), LIMITS). */
MLA_API guint64 mla_message_parse_budget (guint64 max_message_size);
MLA_API void mla_message_free (MlaMessage *message);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaMessage, mla_message_free)

/* No text of the model (body, subject, names, ids, file names...) is longer
 * than this many bytes: longer ones are cut at a character and flagged
 * "text-cut", so that the XML has no text node near libxml2's limit of
 * 10,000,000 bytes (without XML_PARSE_HUGE) and stock tools read it. */
#define MLA_MAX_TEXT_SIZE (1 << 20)

/* Returns: (transfer none): the raw bytes the message was parsed from. */
MLA_API GBytes *mla_message_get_raw (const MlaMessage *message);
/* Returns: (transfer none): lower-case hex SHA-256 of the raw bytes. */
MLA_API const char *mla_message_get_sha256 (const MlaMessage *message);
typedef enum {
    MLA_LINE_END_LF,
    MLA_LINE_END_CRLF,
} MlaLineEnd;

/* The SHA-256 this message had in a volume written before
 * raw-rule="message", had it come from an mbox: of its raw bytes followed
 * by a blank separator line ending in @separator. Returns: (transfer none):
 * lower-case hex, or "" when no such separator can follow (the bytes do not
 * end with a line break; for CRLF, not with "\r\n"). */
MLA_API const char *mla_message_get_separated_sha256 (const MlaMessage *message,
                                                      MlaLineEnd separator);
/* Returns: (transfer none) (nullable): the From_ line, as
 * MlaRawMessage.envelope. */
MLA_API const char *mla_message_get_envelope (const MlaMessage *message);
/* Returns: (transfer none): the source file, byte offset and index given by the
 * reader. */
MLA_API const char *mla_message_get_source (const MlaMessage *message);
MLA_API guint64 mla_message_get_source_offset (const MlaMessage *message);
MLA_API guint mla_message_get_source_index (const MlaMessage *message);

/* Returns: (transfer none): the Message-ID without angle brackets and
 * surrounding space. When the header is missing or empty, a deterministic
 * id "sha256-<first 32 hex digits>@mlarc.invalid" and
 * mla_message_is_message_id_synthetic() is TRUE. */
MLA_API const char *mla_message_get_message_id (const MlaMessage *message);
MLA_API gboolean
mla_message_is_message_id_synthetic (const MlaMessage *message);

/* Returns: (transfer none) (nullable). */
MLA_API const MlaAddress *mla_message_get_from (const MlaMessage *message);
/* Returns: (transfer none): arrays of MlaAddress *, possibly empty. */
MLA_API GPtrArray *mla_message_get_to (const MlaMessage *message);
MLA_API GPtrArray *mla_message_get_cc (const MlaMessage *message);

/* Returns: (transfer none) (nullable): the date in UTC. */
MLA_API GDateTime *mla_message_get_date (const MlaMessage *message);
/* The original zone offset of the date, in minutes east of UTC. */
MLA_API int mla_message_get_date_offset_minutes (const MlaMessage *message);
MLA_API MlaDateSource mla_message_get_date_source (const MlaMessage *message);

/* Returns: (transfer none) (nullable): decoded subject. */
MLA_API const char *mla_message_get_subject (const MlaMessage *message);
/* Returns: (transfer none) (nullable): the first id of In-Reply-To. */
MLA_API const char *mla_message_get_in_reply_to (const MlaMessage *message);
/* Returns: (transfer none): the ids of References, oldest first (char *). */
MLA_API GPtrArray *mla_message_get_references (const MlaMessage *message);
/* Returns: (transfer none) (nullable): the List-Id, without angle brackets. */
MLA_API const char *mla_message_get_list_id (const MlaMessage *message);
/* TRUE when the message carries "X-No-Archive: yes": stored, not published. */
MLA_API gboolean mla_message_is_no_archive (const MlaMessage *message);

/* Returns: (transfer none) (nullable): the text of the best text part,
 * transfer-decoded, in UTF-8. */
MLA_API const char *mla_message_get_body_text (const MlaMessage *message);
MLA_API MlaBodySource mla_message_get_body_source (const MlaMessage *message);
/* Returns: (transfer none) (nullable): the text/html alternative of a
 * text/plain body, turned into text, kept only when its markup holds two
 * clock times or more ("9:30", "14.00"): a programme may be in the HTML
 * alone, the text part saying "see the agenda below" or holding a table
 * flattened out of reach. NULL for other bodies. */
MLA_API const char *
mla_message_get_alternative_text (const MlaMessage *message);
/* Who takes the decoded bytes of attachments (numbered as
 * mla_message_get_attachments() numbers them) from
 * mla_message_extract_downloads(): @want says, for each in order, whether
 * its bytes are wanted; @put is then handed them (transfer none), before
 * the next attachment is read. */
typedef struct {
    gboolean (*want) (guint index, gpointer user_data);
    void (*put) (guint index, GBytes *content, gpointer user_data);
    gpointer user_data;
} MlaDownloadSink;
/* Parses @raw again, once, for the site's downloads: hands the attachments
 * @sink (nullable) wants to it, and returns the body as the HTML it was
 * written in, decoded to UTF-8, when the body came from a text/html part.
 * Returns: (transfer full) (nullable): NULL for any other body. */
MLA_API char *mla_message_extract_downloads (const MlaRawMessage *raw,
                                             const MlaDownloadSink *sink);
/* Returns: (transfer none): MlaAttachment *, possibly empty. */
MLA_API GPtrArray *mla_message_get_attachments (const MlaMessage *message);
/* Returns: (transfer none): MlaDefect *, possibly empty; reader defects first.
 */
MLA_API GPtrArray *mla_message_get_defects (const MlaMessage *message);
/* Adds a defect found after parsing (e.g. by the archive: "duplicate-id"). */
MLA_API void mla_message_add_defect (MlaMessage *message, const char *code,
                                     const char *format, ...)
    G_GNUC_PRINTF (3, 4);

G_END_DECLS
