/* mla-source.h: one INPUT of `mlarc import`, whatever it is: mbox (plain or
 * gzip'd), Maildir, single message file (.eml), or "-" for standard input.
 * The kind is detected from the path and the first bytes. */
#pragma once
#include <gio/gio.h>
#include "mla-api.h"
#include "mla-mbox.h"

G_BEGIN_DECLS

typedef enum {
    MLA_SOURCE_KIND_MBOX,
    MLA_SOURCE_KIND_MAILDIR,
    MLA_SOURCE_KIND_MESSAGE, /* one message, headers first */
    MLA_SOURCE_KIND_EMPTY,   /* a zero-length file or stream: no messages */
} MlaSourceKind;

typedef struct MlaSource MlaSource;

/* Opens @path ("-" = stdin). @format is used for mboxes (AUTO detects).
 * Fails with MLA_ERROR_IO (unreadable), MLA_ERROR_NOT_MAIL (neither a From_
 * line nor a header at the start), MLA_ERROR_CORRUPT (bad gzip header).
 * Errors name @path. Returns: (transfer full) (nullable). */
MLA_API MlaSource *mla_source_open (const char *path, MlaMboxFormat format,
                                    GError **error);
/* The same, with reads (stdin's above all, which may wait for input) that
 * stop with MLA_ERROR_TEMPORARY when @cancellable (nullable) is
 * cancelled. Returns: (transfer full) (nullable). */
MLA_API MlaSource *mla_source_open_cancellable (const char *path,
                                                MlaMboxFormat format,
                                                GCancellable *cancellable,
                                                GError **error);
MLA_API void mla_source_free (MlaSource *source);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaSource, mla_source_free)

/* Same contract as mla_mbox_reader_next().
 * @out_message: (out) (transfer full) (nullable) */
MLA_API gboolean mla_source_next (MlaSource *source,
                                  MlaRawMessage **out_message, GError **error);

/* The limit on one message's size (0: MLA_DEFAULT_MAX_MESSAGE_SIZE): a
 * bigger message is not held in memory, and comes back with NULL bytes and
 * a "too-big" defect, to be rejected. */
MLA_API void mla_source_set_max_message_size (MlaSource *source, guint64 size);

MLA_API MlaSourceKind mla_source_get_kind (MlaSource *source);
/* Returns: (transfer none): the path given to mla_source_open(). */
MLA_API const char *mla_source_get_path (MlaSource *source);
/* Returns: (transfer none): a short name for the detected format: "mboxo",
 * "mboxrd", "mboxcl2", "mboxcl", "maildir", "message", "empty"; with ".gz"
 * appended for gzip'd mboxes. */
MLA_API const char *mla_source_get_format_name (MlaSource *source);
/* Progress: bytes of the input file consumed (compressed bytes for gzip) and
 * its total size (0 when unknown, e.g. stdin). */
MLA_API guint64 mla_source_get_bytes_done (MlaSource *source);
MLA_API guint64 mla_source_get_bytes_total (MlaSource *source);

G_END_DECLS
