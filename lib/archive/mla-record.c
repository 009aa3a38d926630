/* mla-record.c: the record iterator: each volume's XML streamed in turn,
 * with its raw store open for the bytes of its records. */
#include "config.h"
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include "mla-error.h"
#include "mla-archive-private.h"
#include "mla-record-private.h"

/* Read ahead: records are handed over in batches, and at most this many
 * batches wait, which bounds the memory to a few MB. */
#define AHEAD_BATCH 256
#define AHEAD_BATCHES 4

typedef struct {
    GPtrArray
        *records; /* MlaRecordBuffer *; fewer than AHEAD_BATCH in the last */
    gboolean last;
    GError *error; /* nullable: why the reading stopped */
} Batch;

struct MlaRecordIter {
    MlaArchive *archive;
    MlaRecordReadFlags flags;
    guint next;                 /* index of the next volume to open */
    guint end;                  /* one past the last volume to walk */
    MlaXmlVolumeReader *reader; /* the volume being walked */
    const MlaXmlVolumeEntry *entry;
    char *raw_path;
    int raw_fd;
    GBytes *schema;      /* nullable */
    GPtrArray *problems; /* nullable */
    guint64 invalid_files;
    /* Read ahead: only the thread touches the fields above. */
    GThread *thread;     /* nullable */
    GAsyncQueue *filled; /* Batch *, in order */
    GAsyncQueue *room;   /* a token for each batch that may be read */
    gint stop;           /* atomic */
    Batch *batch;        /* being handed out */
    guint handed;        /* records of @batch handed out */
};

static void
batch_free (Batch *batch)
{
    g_ptr_array_unref (batch->records);
    g_clear_error (&batch->error);
    g_free (batch);
}

static MlaRecordIter *
iter_new (MlaArchive *archive, guint first, guint end, MlaRecordReadFlags flags)
{
    MlaRecordIter *iter = g_new0 (MlaRecordIter, 1);

    iter->archive = archive;
    iter->flags = flags;
    iter->next = first;
    iter->end = end;
    iter->raw_fd = -1;
    return iter;
}

MlaRecordIter *
mla_record_iter_new (MlaArchive *archive, guint first_volume,
                     MlaRecordReadFlags flags)
{
    GPtrArray *volumes = mla_archive_get_volumes (archive);
    guint first = 0;

    g_return_val_if_fail (archive != NULL, NULL);
    while (first < volumes->len &&
           ((MlaXmlVolumeEntry *) g_ptr_array_index (volumes, first))->number <
               first_volume)
        first++;
    return iter_new (archive, first, volumes->len, flags);
}

MlaRecordIter *
mla_record_iter_new_volume (MlaArchive *archive, guint index,
                            MlaRecordReadFlags flags, GBytes *schema,
                            GPtrArray *problems)
{
    MlaRecordIter *iter = iter_new (archive, index, index + 1, flags);

    iter->schema = schema != NULL ? g_bytes_ref (schema) : NULL;
    iter->problems = problems != NULL ? g_ptr_array_ref (problems) : NULL;
    return iter;
}

static void
close_volume (MlaRecordIter *iter)
{
    if (iter->reader != NULL && !mla_xml_volume_reader_is_valid (iter->reader))
        iter->invalid_files++;
    g_clear_pointer (&iter->reader, mla_xml_volume_reader_free);
    g_clear_pointer (&iter->raw_path, g_free);
    if (iter->raw_fd >= 0)
        close (iter->raw_fd);
    iter->raw_fd = -1;
}

/* Stops the thread: it sees @stop at its next token, at the latest once
 * it has filled the batch it is reading. */
static void
stop_reading_ahead (MlaRecordIter *iter)
{
    Batch *batch;

    g_atomic_int_set (&iter->stop, 1);
    g_async_queue_push (iter->room, GINT_TO_POINTER (1));
    g_thread_join (g_steal_pointer (&iter->thread));
    while ((batch = g_async_queue_try_pop (iter->filled)) != NULL)
        batch_free (batch);
    g_clear_pointer (&iter->filled, g_async_queue_unref);
    g_clear_pointer (&iter->room, g_async_queue_unref);
    g_clear_pointer (&iter->batch, batch_free);
}

void
mla_record_iter_free (MlaRecordIter *iter)
{
    if (iter == NULL)
        return;
    if (iter->thread != NULL)
        stop_reading_ahead (iter);
    close_volume (iter);
    g_clear_pointer (&iter->schema, g_bytes_unref);
    g_clear_pointer (&iter->problems, g_ptr_array_unref);
    g_free (iter);
}

static gboolean
open_volume (MlaRecordIter *iter, GError **error)
{
    const MlaXmlVolumeEntry *entry = g_ptr_array_index (
        mla_archive_get_volumes (iter->archive), iter->next++);
    g_autofree char *xml_path = mla_archive_file (iter->archive, entry->file);

    iter->entry = entry;
    iter->raw_path = mla_archive_file (iter->archive, entry->raw);
    iter->raw_fd = g_open (iter->raw_path, O_RDONLY | O_CLOEXEC, 0);
    if (iter->raw_fd < 0)
        return mla_throw (error, MLA_ERROR_ARCHIVE, "%s: %s", iter->raw_path,
                          g_strerror (errno));
    iter->reader =
        mla_xml_volume_reader_open (xml_path, entry->number, iter->flags,
                                    iter->schema, iter->problems, error);
    return iter->reader != NULL;
}

static gboolean
read_next (MlaRecordIter *iter, const MlaRecord **out_record, GError **error)
{
    *out_record = NULL;
    while (TRUE) {
        if (iter->reader == NULL) {
            if (iter->next >= iter->end)
                return TRUE;
            if (!open_volume (iter, error))
                return FALSE;
        }
        if (!mla_xml_volume_reader_next (iter->reader, out_record, error))
            return FALSE;
        if (*out_record != NULL)
            return TRUE;
        close_volume (iter);
    }
}

static gpointer
read_ahead (gpointer data)
{
    MlaRecordIter *iter = data;
    gboolean last = FALSE;

    while (!last) {
        Batch *batch;

        g_async_queue_pop (iter->room);
        if (g_atomic_int_get (&iter->stop))
            break;
        batch = g_new0 (Batch, 1);
        batch->records = g_ptr_array_new_with_free_func (
            (GDestroyNotify) mla_record_buffer_free);
        while (batch->records->len < AHEAD_BATCH) {
            const MlaRecord *record;

            if (!read_next (iter, &record, &batch->error) || record == NULL) {
                batch->last = TRUE;
                break;
            }
            g_ptr_array_add (batch->records, mla_xml_volume_reader_take_record (
                                                 iter->reader, NULL));
        }
        last = batch->last;
        g_async_queue_push (iter->filled, batch);
    }
    return NULL;
}

MlaRecordIter *
mla_record_iter_new_read_ahead (MlaArchive *archive, guint first_volume,
                                MlaRecordReadFlags flags)
{
    MlaRecordIter *iter = mla_record_iter_new (archive, first_volume, flags);

    iter->filled = g_async_queue_new ();
    iter->room = g_async_queue_new ();
    for (guint i = 0; i < AHEAD_BATCHES; i++)
        g_async_queue_push (iter->room, GINT_TO_POINTER (1));
    iter->thread = g_thread_new ("mlarc-read-ahead", read_ahead, iter);
    return iter;
}

static gboolean
next_ahead (MlaRecordIter *iter, const MlaRecord **out_record, GError **error)
{
    *out_record = NULL;
    while (iter->batch == NULL || iter->handed == iter->batch->records->len) {
        if (iter->batch != NULL && iter->batch->last) {
            if (iter->batch->error != NULL) {
                g_propagate_error (error,
                                   g_steal_pointer (&iter->batch->error));
                return FALSE;
            }
            return TRUE;
        }
        if (iter->batch != NULL) {
            g_clear_pointer (&iter->batch, batch_free);
            g_async_queue_push (iter->room, GINT_TO_POINTER (1));
        }
        iter->batch = g_async_queue_pop (iter->filled);
        iter->handed = 0;
    }
    *out_record = mla_record_buffer_get_record (
        g_ptr_array_index (iter->batch->records, iter->handed++));
    return TRUE;
}

gboolean
mla_record_iter_next (MlaRecordIter *iter, const MlaRecord **out_record,
                      GError **error)
{
    g_return_val_if_fail (iter != NULL && out_record != NULL, FALSE);
    if (iter->thread != NULL || iter->batch != NULL)
        return next_ahead (iter, out_record, error);
    return read_next (iter, out_record, error);
}

gboolean
mla_record_iter_read_stored (MlaRecordIter *iter, const MlaRecord *record,
                             GByteArray *out, GError **error)
{
    g_return_val_if_fail (iter != NULL && record != NULL && iter->raw_fd >= 0,
                          FALSE);
    return mla_archive_pread_raw (iter->raw_fd, iter->raw_path,
                                  record->message_id, record->raw_offset,
                                  record->raw_length, out, error);
}

gboolean
mla_record_iter_read_raw (MlaRecordIter *iter, const MlaRecord *record,
                          GByteArray *out, GError **error)
{
    if (!mla_record_iter_read_stored (iter, record, out, error))
        return FALSE;
    mla_archive_trim_separator (iter->entry, out);
    return TRUE;
}

guint64
mla_record_iter_get_invalid_files (MlaRecordIter *iter)
{
    return iter->invalid_files;
}

const char *
mla_record_iter_get_volume_file (MlaRecordIter *iter)
{
    return iter->entry != NULL ? iter->entry->file : NULL;
}

GPtrArray *
mla_archive_load_agendas (MlaArchive *archive, GError **error)
{
    g_autoptr (GPtrArray) agendas =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_agenda_free);
    g_autoptr (MlaRecordIter) iter =
        mla_record_iter_new (archive, 1, MLA_RECORD_READ_AGENDAS);
    const MlaRecord *record;

    while (mla_record_iter_next (iter, &record, error)) {
        if (record == NULL)
            return g_steal_pointer (&agendas);
        /* The iterator keeps its array; the agendas move. */
        g_ptr_array_extend_and_steal (agendas,
                                      g_ptr_array_ref (record->agendas));
    }
    return NULL;
}
