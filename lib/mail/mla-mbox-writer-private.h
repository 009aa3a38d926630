/* mla-mbox-writer-private.h: write messages as mboxrd, the inverse of the
 * reader in mla-mbox.c; export and thread downloads use it. */
#pragma once
#include <gio/gio.h>

G_BEGIN_DECLS

/* Writes one message: "From ENVELOPE" (or, for mail that came without a
 * From_ line, "From MAILER-DAEMON <date>" made from @date_utc, nullable,
 * ISO 8601), the raw bytes @data with every ">*From " line quoted once
 * more, and the blank separator line that the reader takes off again
 * (mla_mbox_separator_length()), after a line break if the bytes do not end
 * with one. */
gboolean mla_mboxrd_write_message (GOutputStream *out, const char *envelope,
                                   const char *date_utc, const guint8 *data,
                                   gsize size, GError **error);

G_END_DECLS
