/* mla-xml-private.h: the archive's XML files: volumes (messages, rejects)
 * and the index that lists them. Writing goes through MlaXmlWriter;
 * reading streams with xmlTextReader, so memory does not grow with the
 * size of a volume. See doc/archive-format.md. */
#pragma once
#include <gio/gio.h>
#include "mla-xml-writer-private.h"
#include "mla-message.h"
#include "mla-agenda.h"

G_BEGIN_DECLS

#define MLA_XML_FORMAT_VERSION "1"

/* One <volume> entry of the index. */
typedef struct MlaXmlVolumeEntry {
    guint number;
    char *file;          /* relative to the archive, e.g. "volumes/000001.xml" */
    char *raw;           /* relative raw store, e.g. "raw/000001.raw" */
    guint64 messages;
    guint64 rejects;
    char *imported;      /* ISO 8601 UTC */
} MlaXmlVolumeEntry;

void mla_xml_volume_entry_free (MlaXmlVolumeEntry *entry);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaXmlVolumeEntry, mla_xml_volume_entry_free)

/* Reads the index at @path. Returns: (transfer full) (nullable): an array of
 * MlaXmlVolumeEntry in volume order; NULL with @error set when the file is
 * unreadable or not an mlarc index. */
GPtrArray *mla_xml_read_index (const char *path, GError **error);
void mla_xml_write_index (MlaXmlWriter *xml, GPtrArray *entries);

/* Volume writing: start, any number of messages and rejects, end. */
void mla_xml_write_volume_start (MlaXmlWriter *xml, guint number, const char *imported);
void mla_xml_write_input (MlaXmlWriter *xml, const char *path, const char *format);
/* @agendas (nullable): MlaAgenda * found in the message. */
void mla_xml_write_message (MlaXmlWriter *xml, const MlaMessage *message,
                            guint64 raw_offset, GPtrArray *agendas);
void mla_xml_write_reject (MlaXmlWriter *xml, const MlaRawMessage *raw, const char *code,
                           const char *detail);
void mla_xml_write_volume_end (MlaXmlWriter *xml);

/* What reading a volume gives for each <message> or <reject>; valid only
 * during the callback. */
typedef struct MlaXmlRecord {
    gboolean is_reject;
    const char *message_id;      /* NULL for rejects */
    const char *sha256;          /* NULL for rejects */
    guint64 raw_offset;
    guint64 raw_length;
    const char *envelope;        /* nullable */
    const char *date_utc;        /* nullable: <date utc> */
    const char *source;
    guint64 source_offset;
    guint source_index;
    GPtrArray *defects;          /* MlaDefect *; for a reject, its reason */
    GPtrArray *agendas;          /* MlaAgenda *; only with MLA_XML_READ_AGENDAS */
} MlaXmlRecord;

typedef enum {
    MLA_XML_READ_DEFAULT = 0,
    MLA_XML_READ_AGENDAS = 1 << 0,
} MlaXmlReadFlags;

/* Returns FALSE to stop reading with @error set. */
typedef gboolean (*MlaXmlRecordFunc) (const MlaXmlRecord *record, gpointer user_data,
                                      GError **error);

/* Streams the volume at @path, calling @func for each record. With
 * @schema (nullable; RELAX NG bytes) the file is validated on the way:
 * *@out_valid says whether it was, and the first problems go to
 * @out_problems (nullable, array of char *). Fails on unreadable or
 * ill-formed XML, or when @func fails. */
gboolean mla_xml_read_volume (const char *path, GBytes *schema, MlaXmlReadFlags flags,
                              MlaXmlRecordFunc func, gpointer user_data,
                              gboolean *out_valid, GPtrArray *out_problems,
                              GError **error);

/* Validates a whole small file (the index) against @schema. */
gboolean mla_xml_validate_file (const char *path, GBytes *schema, GPtrArray *out_problems);

G_END_DECLS
