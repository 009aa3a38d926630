/* mla-maildir.h: read the messages of a Maildir (cur/ and new/, loose
 * files beside them, and Maildir++ subfolders), in a stable order: folder,
 * then file name. */
#pragma once
#include <glib.h>
#include "mla-api.h"
#include "mla-mbox.h"

G_BEGIN_DECLS

typedef struct MlaMaildirReader MlaMaildirReader;

/* TRUE if @path is a folder with cur/ or new/ (or Maildir++ subfolders that
 * have them). */
MLA_API gboolean mla_maildir_is_maildir (const char *path);

/* Lists the message files under @path. Returns: (transfer full) (nullable):
 * NULL with @error set if @path is not a readable Maildir. */
MLA_API MlaMaildirReader *mla_maildir_reader_open (const char *path,
                                                   GError **error);
MLA_API void mla_maildir_reader_free (MlaMaildirReader *reader);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaMaildirReader, mla_maildir_reader_free)

/* Reads the next message file: envelope NULL, offset 0, source = the file.
 * A file that cannot be read is not an error: it comes back as a message
 * with NULL bytes and an "unreadable" defect, and a loose file that does
 * not start with a header with NULL bytes and a "not-mail" defect, so that
 * the caller rejects and counts it. Returns FALSE only if the folder itself
 * cannot be read. At the end: TRUE with *@out_message NULL.
 * @out_message: (out) (transfer full) (nullable) */
MLA_API gboolean mla_maildir_reader_next (MlaMaildirReader *reader,
                                          MlaRawMessage **out_message,
                                          GError **error);

/* As mla_mbox_reader_set_max_message_size(): a bigger file is not read. */
MLA_API void mla_maildir_reader_set_max_message_size (MlaMaildirReader *reader,
                                                      guint64 size);

/* Number of message files and their total size in bytes. */
MLA_API guint mla_maildir_reader_get_n_files (MlaMaildirReader *reader);
MLA_API guint64 mla_maildir_reader_get_total_bytes (MlaMaildirReader *reader);
MLA_API guint64 mla_maildir_reader_get_bytes_read (MlaMaildirReader *reader);

G_END_DECLS
