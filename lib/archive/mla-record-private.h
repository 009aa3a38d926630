/* mla-record-private.h: the record iterator's extras for check and the
 * key set: one volume at a time, validated against the schema. */
#pragma once
#include "mla-record.h"

G_BEGIN_DECLS

/* Walks only the volume at @index of the archive's volume list. With
 * @schema (nullable) the XML is validated on the way and the first
 * problems are appended to @problems (nullable). Returns: (transfer full). */
MlaRecordIter *mla_record_iter_new_volume (MlaArchive *archive, guint index,
                                           MlaRecordReadFlags flags,
                                           GBytes *schema, GPtrArray *problems);
/* Like mla_record_iter_new(), but a thread of its own reads the XML ahead
 * of the caller, so that reading and using the records take a core each.
 * Only mla_record_iter_next() may be called on it. Returns: (transfer full). */
MlaRecordIter *mla_record_iter_new_read_ahead (MlaArchive *archive,
                                               guint first_volume,
                                               MlaRecordReadFlags flags);
/* Reads the bytes stored for @record as they are, which its SHA-256 is of
 * (a volume written before raw-rule="message" may end an mbox message with
 * its separator; mla_record_iter_read_raw() leaves that off). */
gboolean mla_record_iter_read_stored (MlaRecordIter *iter,
                                      const MlaRecord *record, GByteArray *out,
                                      GError **error);
/* Volumes walked so far that failed the schema. */
guint64 mla_record_iter_get_invalid_files (MlaRecordIter *iter);
/* Returns: (transfer none) (nullable): the volume being walked, relative to
 * the archive ("volumes/000001.xml"). */
const char *mla_record_iter_get_volume_file (MlaRecordIter *iter);

G_END_DECLS
