/* mla-mbox-private.h: what the readers and the message model share about
 * the shape of mail text. */
#pragma once
#include <glib.h>
#include "mla-mbox.h"

G_BEGIN_DECLS

/* Length of the field name when @s (@n bytes) starts with a header field
 * line ("Name:" or "Name :", RFC 5322 §2.2), else 0. */
gsize mla_field_name_length (const char *s, gsize n);

/* The mbox separator that ends @data (@size bytes, a message as read up to
 * the next From_ line): 2 when it ends with an empty CRLF line after a CRLF
 * ("\r\n\r\n"), 1 when it ends with "\n\n", else 0 (a writer that put
 * no blank line before the From_ line). Export writes exactly this back
 * (mla_mboxrd_write_message()), so the split is exact for every message
 * that ends with a line break. */
gsize mla_mbox_separator_length (const guint8 *data, gsize size);

/* Makes @raw a message too big to keep: no bytes, and one "too-big" defect
 * that gives its @size (or as much as was read) and the limit. */
void mla_raw_message_set_too_big (MlaRawMessage *raw, guint64 size,
                                  guint64 max_size);

/* Makes @reader's reads stop, with MLA_ERROR_TEMPORARY, when
 * @cancellable (nullable) is cancelled, even while they wait for input. */
void mla_mbox_reader_set_cancellable (MlaMboxReader *reader,
                                      GCancellable *cancellable);

G_END_DECLS
