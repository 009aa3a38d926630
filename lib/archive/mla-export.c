/* mla-export.c: the archive back as mboxrd. */
#include "config.h"
#include "mla-export.h"
#include "mla-mbox-writer-private.h"
#include "mla-record.h"

gboolean
mla_archive_export_mbox (MlaArchive *archive, GOutputStream *out,
                         GError **error)
{
    g_autoptr (GByteArray) buffer = g_byte_array_new ();
    g_autoptr (MlaRecordIter) iter =
        mla_record_iter_new (archive, 1, MLA_RECORD_READ_DEFAULT);
    const MlaRecord *record;

    while (mla_record_iter_next (iter, &record, error)) {
        if (record == NULL)
            return TRUE;
        if (!mla_record_iter_read_raw (iter, record, buffer, error) ||
            !mla_mboxrd_write_message (out, record->envelope, record->date_utc,
                                       buffer->data, buffer->len, error))
            return FALSE;
    }
    return FALSE;
}
