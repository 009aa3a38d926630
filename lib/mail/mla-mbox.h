/* mla-mbox.h: split an mbox byte stream into raw messages, one at a time.
 *
 * Framing only, no MIME: a message's raw bytes are the bytes after its
 * From_ line up to the next From_ line (or the end), with the From-quoting
 * of the detected variant undone and without the blank line that separates
 * it from the next message (mla_mbox_separator_length()), so that the same
 * message read from an mbox, a Maildir or a file has the same bytes and
 * the same SHA-256. Export writes that line back; only a message that does
 * not end with a line break cannot come back exactly (defect
 * "no-final-newline"). */
#pragma once
#include <gio/gio.h>
#include "mla-api.h"
#include "mla-defect.h"

G_BEGIN_DECLS

/* One message as it stood in its input; the unit every reader hands out. */
typedef struct MlaRawMessage {
    GBytes *bytes;      /* owned; headers + body, no From_ line */
    char *envelope;     /* owned, nullable: the From_ line without "From " and
                         * line break, e.g. "tytso@mit.edu Tue Jul 13 22:50:57 2004"
                         */
    char *source;       /* owned: the file the message came from */
    guint64 offset;     /* byte offset of the message (its From_ line) in
                         * @source, counted after gzip decoding */
    guint index;        /* 1-based number of the message within its input */
    GPtrArray *defects; /* owned, of MlaDefect: what the reader noticed
                         * (unescaped From line, truncated message...) */
} MlaRawMessage;

/* Takes ownership of nothing; copies @source. Returns: (transfer full). */
MLA_API MlaRawMessage *mla_raw_message_new (GBytes *bytes, const char *source,
                                            guint64 offset, guint index);
MLA_API void mla_raw_message_free (MlaRawMessage *raw);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaRawMessage, mla_raw_message_free)

typedef enum {
    MLA_MBOX_FORMAT_AUTO,    /* decide from the file; see
                                mla_mbox_reader_get_format() */
    MLA_MBOX_FORMAT_MBOXO,   /* ">From " is unquoted, ">>From " kept */
    MLA_MBOX_FORMAT_MBOXRD,  /* one '>' removed from every ">+From " line */
    MLA_MBOX_FORMAT_MBOXCL2, /* Content-Length delimits bodies, no quoting */
    MLA_MBOX_FORMAT_MBOXCL,  /* Content-Length delimits bodies, quoted as mboxo
                              */
} MlaMboxFormat;

/* Parses "mboxo", "mboxrd", "mboxcl2", "mboxcl" or "auto". Returns FALSE if
 * unknown. */
MLA_API gboolean mla_mbox_format_from_string (const char *name,
                                              MlaMboxFormat *out_format);
/* Returns: (transfer none): "mboxo", "mboxrd", "mboxcl2", "mboxcl" or "auto".
 */
MLA_API const char *mla_mbox_format_to_string (MlaMboxFormat format);

typedef struct MlaMboxReader MlaMboxReader;

/* Reads from @stream (a ref is taken), which must be positioned at the start
 * of the mbox (a UTF-8 BOM is skipped). @name is used in messages and
 * MlaRawMessage.source. Returns: (transfer full). */
MLA_API MlaMboxReader *mla_mbox_reader_new (GInputStream *stream,
                                            const char *name,
                                            MlaMboxFormat format);
MLA_API void mla_mbox_reader_free (MlaMboxReader *reader);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaMboxReader, mla_mbox_reader_free)

/* Reads the next message. Returns FALSE with @error set on an I/O error or
 * when the stream is not an mbox (MLA_ERROR_NOT_MAIL: first line is not a
 * From_ line) or is corrupt (MLA_ERROR_CORRUPT from a gzip stream). At the
 * end returns TRUE with *@out_message NULL.
 * @out_message: (out) (transfer full) (nullable) */
MLA_API gboolean mla_mbox_reader_next (MlaMboxReader *reader,
                                       MlaRawMessage **out_message,
                                       GError **error);

/* The default limit on the size of one message: 32 MiB. */
#define MLA_DEFAULT_MAX_MESSAGE_SIZE ((guint64) 32 << 20)

/* Sets the limit on one message's bytes (0: the default). A message over it
 * is not held in memory: its bytes are skipped up to the next From_ line,
 * and it comes back with NULL bytes and one "too-big" defect, to be
 * rejected (mla_raw_message_set_too_big()). */
MLA_API void mla_mbox_reader_set_max_message_size (MlaMboxReader *reader,
                                                   guint64 size);

/* The variant in use: the forced one, or what was detected so far. */
MLA_API MlaMboxFormat mla_mbox_reader_get_format (MlaMboxReader *reader);
/* Bytes consumed from the (decoded) stream so far. */
MLA_API guint64 mla_mbox_reader_get_bytes_read (MlaMboxReader *reader);

G_END_DECLS
