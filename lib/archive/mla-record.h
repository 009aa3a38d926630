/* mla-record.h: the stored messages of an archive, read back from its XML
 * volumes in archive order. Threads, the overview, pages and search read
 * the archive through this, without knowing XML. */
#pragma once
#include <glib.h>
#include "mla-api.h"
#include "mla-archive.h"
#include "mla-message.h"

G_BEGIN_DECLS

/* One <message> (or, with MLA_RECORD_READ_REJECTS, <reject>) of a volume.
 * Everything in it is valid until the next call that reads a record. */
typedef struct MlaRecord {
    gboolean is_reject;
    guint volume;       /* number of the volume that holds it */
    guint64 raw_offset; /* its bytes in the volume's raw store */
    guint64 raw_length;
    const char *message_id; /* exact, without <>; NULL for rejects */
    gboolean synthetic_id;  /* made by mlarc: the message had none */
    gboolean no_archive;    /* "X-No-Archive: yes": kept, not published */
    gint64 imported;        /* when it was imported, seconds since 1970: its own
                             * imported attribute (a merged volume's message),
                             * else its volume's; 0 when unknown */
    const char *sha256;     /* of the raw bytes; NULL for rejects */
    const char *date_utc;   /* nullable: ISO 8601 UTC, "2004-07-13T22:50:57Z" */
    gint64 date;          /* the same in seconds since 1970; 0 without a date */
    int date_offset;      /* the sender's zone, minutes east of UTC */
    const char *envelope; /* nullable: the From_ line */
    const MlaAddress *from;  /* nullable */
    GPtrArray *to;           /* MlaAddress * */
    GPtrArray *cc;           /* MlaAddress * */
    const char *subject;     /* nullable, decoded */
    const char *in_reply_to; /* nullable */
    GPtrArray *references;   /* char *, oldest first */
    const char *list_id;     /* nullable */
    const char *body;        /* nullable; read only with MLA_RECORD_READ_BODY */
    MlaBodySource body_source;
    GPtrArray *attachments; /* MlaAttachment * */
    GPtrArray *defects;     /* MlaDefect *; for a reject, its reason */
    GPtrArray
        *agendas; /* MlaAgenda *; read only with MLA_RECORD_READ_AGENDAS */
    const char *source; /* the input it came from */
    guint64 source_offset;
    guint source_index;
} MlaRecord;

typedef enum {
    MLA_RECORD_READ_DEFAULT = 0,
    MLA_RECORD_READ_BODY = 1 << 0,
    MLA_RECORD_READ_AGENDAS = 1 << 1,
    MLA_RECORD_READ_REJECTS = 1 << 2,
} MlaRecordReadFlags;

typedef struct MlaRecordIter MlaRecordIter;

/* Walks the records of every volume numbered @first_volume or higher (1:
 * all), in archive order. @archive must outlive the iterator.
 * Returns: (transfer full). */
MLA_API MlaRecordIter *mla_record_iter_new (MlaArchive *archive,
                                            guint first_volume,
                                            MlaRecordReadFlags flags);
MLA_API void mla_record_iter_free (MlaRecordIter *iter);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaRecordIter, mla_record_iter_free)

/* Reads the next record. Returns FALSE with @error set when a volume
 * cannot be read; at the end returns TRUE with *@out_record NULL.
 * @out_record: (out) (transfer none) (nullable): valid until the next call. */
MLA_API gboolean mla_record_iter_next (MlaRecordIter *iter,
                                       const MlaRecord **out_record,
                                       GError **error);

/* Reads the raw bytes of @record, the last one returned, into @out: the
 * message's bytes, as mla_archive_read_raw() gives them. */
MLA_API gboolean mla_record_iter_read_raw (MlaRecordIter *iter,
                                           const MlaRecord *record,
                                           GByteArray *out, GError **error);

/* Reads back every agenda stored in the archive, in archive order.
 * Returns: (transfer full) (nullable): MlaAgenda *; NULL with @error set
 * when the archive cannot be read. */
MLA_API GPtrArray *mla_archive_load_agendas (MlaArchive *archive,
                                             GError **error);

G_END_DECLS
