/* mla-xml-private.h: the archive's XML files: volumes (messages, rejects)
 * and the index that lists them. Writing goes through MlaXmlWriter;
 * reading streams with xmlTextReader, so memory does not grow with the
 * size of a volume. See doc/archive-format.md. */
#pragma once
#include <gio/gio.h>
#include "mla-xml-writer-private.h"
#include "mla-message.h"
#include "mla-agenda.h"
#include "mla-record.h"

G_BEGIN_DECLS

#define MLA_XML_FORMAT_VERSION "1"

/* One <volume> entry of the index. */
typedef struct MlaXmlVolumeEntry {
    guint number;
    char *file; /* relative to the archive, e.g. "volumes/000001.xml" */
    char *raw;  /* relative raw store, e.g. "raw/000001.raw" */
    guint64 messages;
    guint64 rejects;
    char *imported;            /* ISO 8601 UTC */
    gboolean keeps_separators; /* written before raw-rule="message": its
                                * mbox messages end with their separator */
} MlaXmlVolumeEntry;

void mla_xml_volume_entry_free (MlaXmlVolumeEntry *entry);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaXmlVolumeEntry, mla_xml_volume_entry_free)

/* One <removed> entry of the index: a message that mlarc remove took out
 * (archive-format.md, section 14). What it keeps is what import and
 * threading need, and the audit: never the message's text. */
typedef struct MlaXmlRemoval {
    char *message_id;
    char *sha256;    /* of its raw bytes */
    char *at;        /* when it was removed, ISO 8601 UTC */
    char *reason;    /* nullable */
    GPtrArray *refs; /* char *: its parent chain, oldest first, as the
                      * overview's refs kept it */
} MlaXmlRemoval;

void mla_xml_removal_free (MlaXmlRemoval *removal);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaXmlRemoval, mla_xml_removal_free)

/* Reads the index at @path. Returns: (transfer full) (nullable): an array of
 * MlaXmlVolumeEntry in volume order; NULL with @error set when the file is
 * unreadable or not an mlarc index. @out_removals (nullable): (transfer
 * full) MlaXmlRemoval *, in the order they were removed. */
GPtrArray *mla_xml_read_index (const char *path, GPtrArray **out_removals,
                               GError **error);
/* @removals: MlaXmlRemoval *, after the volumes. */
void mla_xml_write_index (MlaXmlWriter *xml, GPtrArray *entries,
                          GPtrArray *removals);

/* Volume writing: start, any number of messages and rejects, end. */
void mla_xml_write_volume_start (MlaXmlWriter *xml, guint number,
                                 const char *imported);
void mla_xml_write_input (MlaXmlWriter *xml, const char *path,
                          const char *format);
/* @agendas (nullable): MlaAgenda * found in the message. */
void mla_xml_write_message (MlaXmlWriter *xml, const MlaMessage *message,
                            guint64 raw_offset, GPtrArray *agendas);
void mla_xml_write_reject (MlaXmlWriter *xml, const MlaRawMessage *raw,
                           const char *code, const char *detail);
void mla_xml_write_volume_end (MlaXmlWriter *xml);

typedef struct MlaXmlVolumeReader MlaXmlVolumeReader;

/* Opens the volume at @path (number @volume) for streaming. With @schema
 * (nullable; RELAX NG bytes) the file is validated on the way, and the
 * first problems go to @out_problems (nullable, array of char *).
 * Returns: (transfer full) (nullable). */
MlaXmlVolumeReader *mla_xml_volume_reader_open (const char *path, guint volume,
                                                MlaRecordReadFlags flags,
                                                GBytes *schema,
                                                GPtrArray *out_problems,
                                                GError **error);
void mla_xml_volume_reader_free (MlaXmlVolumeReader *reader);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaXmlVolumeReader, mla_xml_volume_reader_free)

/* Reads the next record; at the end TRUE with *@out_record NULL. Fails on
 * ill-formed XML. @out_record: (out) (transfer none): valid until the next
 * call. */
gboolean mla_xml_volume_reader_next (MlaXmlVolumeReader *reader,
                                     const MlaRecord **out_record,
                                     GError **error);
/* A record with the memory that holds it, to read it on one thread and
 * use it on another. */
typedef struct MlaRecordBuffer MlaRecordBuffer;

/* Returns: (transfer none): valid until @buffer is freed. */
const MlaRecord *mla_record_buffer_get_record (const MlaRecordBuffer *buffer);
void mla_record_buffer_free (MlaRecordBuffer *buffer);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaRecordBuffer, mla_record_buffer_free)

/* Takes the record last returned by mla_xml_volume_reader_next(), which
 * then reads into @spare (transfer full, nullable: a new buffer).
 * Returns: (transfer full). */
MlaRecordBuffer *mla_xml_volume_reader_take_record (MlaXmlVolumeReader *reader,
                                                    MlaRecordBuffer *spare);
/* After the end: whether the file was valid (TRUE without a schema). */
gboolean mla_xml_volume_reader_is_valid (MlaXmlVolumeReader *reader);

/* The agendas of an <agendas> document (what mlarc agenda --format xml
 * writes). Returns: (transfer full) (nullable): MlaAgenda *. */
GPtrArray *mla_xml_parse_agendas (const char *xml, gsize size, GError **error);

/* Validates a whole small file (the index) against @schema. */
gboolean mla_xml_validate_file (const char *path, GBytes *schema,
                                GPtrArray *out_problems);

G_END_DECLS
