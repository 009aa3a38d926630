/* mla-xml.c: read and write the archive's XML (index and volumes). */
#include "config.h"
#include <stdio.h>
#include <string.h>
#include <libxml/relaxng.h>
#include <libxml/tree.h>
#include <libxml/xmlreader.h>
#include "mla-autocleanups.h"
#include "mla-error.h"
#include "mla-agenda-format-private.h"
#include "mla-xml-private.h"

void
mla_xml_volume_entry_free (MlaXmlVolumeEntry *entry)
{
    if (entry == NULL)
        return;
    g_free (entry->file);
    g_free (entry->raw);
    g_free (entry->imported);
    g_free (entry);
}

/* ---- writing ---- */

static void
write_removal (MlaXmlWriter *xml, const MlaXmlRemoval *removal)
{
    mla_xml_start (xml, "removed");
    mla_xml_attr (xml, "id", removal->message_id);
    mla_xml_attr (xml, "sha256", removal->sha256);
    mla_xml_attr (xml, "at", removal->at);
    if (removal->reason != NULL)
        mla_xml_attr (xml, "reason", removal->reason);
    for (guint i = 0; i < removal->refs->len; i++)
        mla_xml_text_element (xml, "ref", g_ptr_array_index (removal->refs, i));
    mla_xml_end (xml);
}

void
mla_xml_write_index (MlaXmlWriter *xml, GPtrArray *entries, GPtrArray *removals)
{
    mla_xml_start (xml, "archive");
    mla_xml_attr (xml, "version", MLA_XML_FORMAT_VERSION);
    for (guint i = 0; i < entries->len; i++) {
        const MlaXmlVolumeEntry *entry = g_ptr_array_index (entries, i);

        mla_xml_start (xml, "volume");
        mla_xml_attr_printf (xml, "number", "%u", entry->number);
        mla_xml_attr (xml, "file", entry->file);
        mla_xml_attr (xml, "raw", entry->raw);
        mla_xml_attr_printf (xml, "messages", "%" G_GUINT64_FORMAT,
                             entry->messages);
        mla_xml_attr_printf (xml, "rejects", "%" G_GUINT64_FORMAT,
                             entry->rejects);
        mla_xml_attr (xml, "imported", entry->imported);
        if (!entry->keeps_separators)
            mla_xml_attr (xml, "raw-rule", "message");
        mla_xml_end (xml);
    }
    for (guint i = 0; i < removals->len; i++)
        write_removal (xml, g_ptr_array_index (removals, i));
    mla_xml_end (xml);
}

void
mla_xml_write_volume_start (MlaXmlWriter *xml, guint number,
                            const char *imported)
{
    mla_xml_start (xml, "volume");
    mla_xml_attr (xml, "version", MLA_XML_FORMAT_VERSION);
    mla_xml_attr_printf (xml, "number", "%u", number);
    mla_xml_attr (xml, "imported", imported);
}

void
mla_xml_write_input (MlaXmlWriter *xml, const char *path, const char *format)
{
    mla_xml_start (xml, "input");
    mla_xml_attr (xml, "path", path);
    mla_xml_attr (xml, "format", format);
    mla_xml_end (xml);
}

void
mla_xml_write_volume_end (MlaXmlWriter *xml)
{
    mla_xml_end (xml);
}

static void
write_address (MlaXmlWriter *xml, const char *element,
               const MlaAddress *address)
{
    mla_xml_start (xml, element);
    mla_xml_attr (xml, "name", address->name);
    mla_xml_attr (xml, "address", address->address);
    mla_xml_end (xml);
}

static void
write_addresses (MlaXmlWriter *xml, const char *element, GPtrArray *addresses)
{
    for (guint i = 0; i < addresses->len; i++)
        write_address (xml, element, g_ptr_array_index (addresses, i));
}

static const char *
date_source_name (MlaDateSource source)
{
    switch (source) {
    case MLA_DATE_SOURCE_HEADER:
        return "header";
    case MLA_DATE_SOURCE_ENVELOPE:
        return "envelope";
    case MLA_DATE_SOURCE_NONE:
        break;
    }
    return "none";
}

static void
write_date (MlaXmlWriter *xml, const MlaMessage *message)
{
    GDateTime *date = mla_message_get_date (message);
    int offset = mla_message_get_date_offset_minutes (message);
    g_autofree char *utc = NULL;

    if (date == NULL)
        return;
    utc = g_date_time_format (date, "%Y-%m-%dT%H:%M:%SZ");
    mla_xml_start (xml, "date");
    mla_xml_attr (xml, "utc", utc);
    mla_xml_attr_printf (xml, "offset", "%c%02d%02d", offset < 0 ? '-' : '+',
                         ABS (offset) / 60, ABS (offset) % 60);
    mla_xml_attr (xml, "source",
                  date_source_name (mla_message_get_date_source (message)));
    mla_xml_end (xml);
}

static void
write_defects (MlaXmlWriter *xml, GPtrArray *defects)
{
    for (guint i = 0; i < defects->len; i++) {
        const MlaDefect *defect = g_ptr_array_index (defects, i);

        mla_xml_start (xml, "defect");
        mla_xml_attr (xml, "code", defect->code);
        mla_xml_text (xml, defect->detail);
        mla_xml_end (xml);
    }
}

static void
write_source_attrs (MlaXmlWriter *xml, const char *source, guint64 offset,
                    guint index)
{
    mla_xml_attr (xml, "source", source);
    mla_xml_attr_printf (xml, "source-offset", "%" G_GUINT64_FORMAT, offset);
    mla_xml_attr_printf (xml, "source-index", "%u", index);
}

void
mla_xml_write_message (MlaXmlWriter *xml, const MlaMessage *message,
                       guint64 raw_offset, GPtrArray *agendas)
{
    const MlaAddress *from = mla_message_get_from (message);
    GPtrArray *references = mla_message_get_references (message);
    GPtrArray *attachments = mla_message_get_attachments (message);
    MlaBodySource body_source = mla_message_get_body_source (message);

    mla_xml_start (xml, "message");
    mla_xml_attr (xml, "id", mla_message_get_message_id (message));
    if (mla_message_is_message_id_synthetic (message))
        mla_xml_attr (xml, "synthetic-id", "true");
    if (mla_message_is_no_archive (message))
        mla_xml_attr (xml, "no-archive", "true");
    mla_xml_attr (xml, "sha256", mla_message_get_sha256 (message));
    mla_xml_attr_printf (xml, "raw-offset", "%" G_GUINT64_FORMAT, raw_offset);
    mla_xml_attr_printf (xml, "raw-length", "%" G_GSIZE_FORMAT,
                         g_bytes_get_size (mla_message_get_raw (message)));
    write_source_attrs (xml, mla_message_get_source (message),
                        mla_message_get_source_offset (message),
                        mla_message_get_source_index (message));
    mla_xml_attr (xml, "envelope", mla_message_get_envelope (message));

    if (from != NULL)
        write_address (xml, "from", from);
    write_addresses (xml, "to", mla_message_get_to (message));
    write_addresses (xml, "cc", mla_message_get_cc (message));
    write_date (xml, message);
    mla_xml_text_element (xml, "subject", mla_message_get_subject (message));
    mla_xml_text_element (xml, "in-reply-to",
                          mla_message_get_in_reply_to (message));
    if (references->len > 0) {
        mla_xml_start (xml, "references");
        for (guint i = 0; i < references->len; i++)
            mla_xml_text_element (xml, "ref",
                                  g_ptr_array_index (references, i));
        mla_xml_end (xml);
    }
    mla_xml_text_element (xml, "list-id", mla_message_get_list_id (message));
    if (body_source != MLA_BODY_SOURCE_NONE) {
        mla_xml_start (xml, "body");
        mla_xml_attr (xml, "source",
                      body_source == MLA_BODY_SOURCE_HTML ? "html" : "plain");
        mla_xml_text (xml, mla_message_get_body_text (message));
        mla_xml_end (xml);
    }
    for (guint i = 0; i < attachments->len; i++) {
        const MlaAttachment *attachment = g_ptr_array_index (attachments, i);

        mla_xml_start (xml, "attachment");
        mla_xml_attr (xml, "filename", attachment->filename);
        mla_xml_attr (xml, "content-type", attachment->content_type);
        mla_xml_attr_printf (xml, "size", "%" G_GSIZE_FORMAT, attachment->size);
        mla_xml_attr (xml, "sha256", attachment->sha256);
        mla_xml_end (xml);
    }
    write_defects (xml, mla_message_get_defects (message));
    for (guint i = 0; agendas != NULL && i < agendas->len; i++)
        mla_agenda_xml_write (xml, g_ptr_array_index (agendas, i));
    mla_xml_end (xml);
}

void
mla_xml_write_reject (MlaXmlWriter *xml, const MlaRawMessage *raw,
                      const char *code, const char *detail)
{
    mla_xml_start (xml, "reject");
    write_source_attrs (xml, raw->source, raw->offset, raw->index);
    mla_xml_attr (xml, "code", code);
    mla_xml_text (xml, detail);
    mla_xml_end (xml);
}

/* ---- reading ---- */

/* libxml2 strings are freed with xmlFree(), ours with g_free(): copy across. */
static char *
take_xml_string (xmlChar *value)
{
    char *copy = g_strdup ((const char *) value);

    xmlFree (value);
    return copy;
}

static char *
get_attr (xmlTextReader *reader, const char *name)
{
    return take_xml_string (xmlTextReaderGetAttribute (reader, BAD_CAST name));
}

/* Collects validation messages; libxml2 would print them otherwise. */
static void
collect_problem (void *user_data, xmlError *error)
{
    GPtrArray *problems = user_data;

    if (problems == NULL || problems->len >= 20 || error == NULL ||
        error->message == NULL)
        return;
    g_ptr_array_add (
        problems, g_strdup_printf ("%s:%d: %s", error->file ? error->file : "?",
                                   error->line, g_strchomp (error->message)));
}

static xmlRelaxNG *
compile_schema (GBytes *schema, GPtrArray *problems)
{
    gsize size = 0;
    const char *data = g_bytes_get_data (schema, &size);
    g_autoptr (xmlRelaxNGParserCtxt) context =
        xmlRelaxNGNewMemParserCtxt (data, (int) size);

    if (context == NULL)
        return NULL;
    xmlRelaxNGSetParserStructuredErrors (context, collect_problem, problems);
    return xmlRelaxNGParse (context);
}

/* A <defect> or <reject>: its code attribute and its text. */
static void
add_defect (xmlTextReader *reader, GPtrArray *defects, const char *default_code)
{
    g_autofree char *code = get_attr (reader, "code");
    xmlChar *detail = xmlTextReaderReadString (reader);

    mla_defect_list_add (defects, code != NULL ? code : default_code, "%s",
                         detail != NULL ? (const char *) detail : "");
    xmlFree (detail);
}

/* The record being read: its strings live in @strings, cleared for each. */
struct MlaRecordBuffer {
    MlaRecord record;
    GStringChunk *strings;
    MlaAddress from;
};
typedef MlaRecordBuffer RecordBuffer;

static RecordBuffer *
record_buffer_new (void)
{
    RecordBuffer *buffer = g_new0 (RecordBuffer, 1);

    buffer->strings = g_string_chunk_new (4096);
    /* The address and attachment structs are ours; their strings are in
     * the chunk. */
    buffer->record.to = g_ptr_array_new_with_free_func (g_free);
    buffer->record.cc = g_ptr_array_new_with_free_func (g_free);
    buffer->record.references = g_ptr_array_new ();
    buffer->record.attachments = g_ptr_array_new_with_free_func (g_free);
    buffer->record.defects = mla_defect_list_new ();
    buffer->record.agendas =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_agenda_free);
    return buffer;
}

void
mla_record_buffer_free (MlaRecordBuffer *buffer)
{
    if (buffer == NULL)
        return;
    g_clear_pointer (&buffer->strings, g_string_chunk_free);
    g_clear_pointer (&buffer->record.to, g_ptr_array_unref);
    g_clear_pointer (&buffer->record.cc, g_ptr_array_unref);
    g_clear_pointer (&buffer->record.references, g_ptr_array_unref);
    g_clear_pointer (&buffer->record.attachments, g_ptr_array_unref);
    g_clear_pointer (&buffer->record.defects, g_ptr_array_unref);
    g_clear_pointer (&buffer->record.agendas, g_ptr_array_unref);
    g_free (buffer);
}

const MlaRecord *
mla_record_buffer_get_record (const MlaRecordBuffer *buffer)
{
    return &buffer->record;
}

/* Returns: (transfer none) (nullable): the attribute, kept in the chunk. */
static const char *
chunk_attr (RecordBuffer *buffer, xmlTextReader *reader, const char *name)
{
    xmlChar *value = xmlTextReaderGetAttribute (reader, BAD_CAST name);
    const char *kept;

    if (value == NULL)
        return NULL;
    kept = g_string_chunk_insert (buffer->strings, (const char *) value);
    xmlFree (value);
    return kept;
}

/* Returns: (transfer none): the element's text, kept in the chunk. */
static const char *
chunk_text (RecordBuffer *buffer, xmlTextReader *reader)
{
    xmlChar *value = xmlTextReaderReadString (reader);
    const char *kept = g_string_chunk_insert (
        buffer->strings, value != NULL ? (const char *) value : "");

    xmlFree (value);
    return kept;
}

static guint64
chunk_attr_uint (RecordBuffer *buffer, xmlTextReader *reader, const char *name)
{
    const char *value = chunk_attr (buffer, reader, name);

    return value != NULL ? g_ascii_strtoull (value, NULL, 10) : 0;
}

/* Days from 1970-01-01 to @y-@m-@d in the proleptic Gregorian calendar
 * (Howard Hinnant's days_from_civil): no GDateTime per record. */
static gint64
days_from_civil (gint64 y, unsigned m, unsigned d)
{
    gint64 era;
    unsigned yoe, doy, doe;

    y -= m <= 2;
    era = (y >= 0 ? y : y - 399) / 400;
    yoe = (unsigned) (y - era * 400);
    doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + (gint64) doe - 719468;
}

/* "2004-07-13T22:50:57Z", as mla_xml_write_message() writes it. */
static gint64
parse_utc (const char *text)
{
    int y, mo, d, h, mi, s;

    if (text == NULL ||
        sscanf (text, "%d-%d-%dT%d:%d:%d", &y, &mo, &d, &h, &mi, &s) != 6 ||
        mo < 1 || mo > 12 || d < 1 || d > 31)
        return 0;
    return days_from_civil (y, (unsigned) mo, (unsigned) d) * 86400 + h * 3600 +
           mi * 60 + s;
}

static int
parse_offset (const char *text)
{
    int value;

    if (text == NULL || (text[0] != '+' && text[0] != '-') ||
        sscanf (text + 1, "%4d", &value) != 1)
        return 0;
    value = value / 100 * 60 + value % 100;
    return text[0] == '-' ? -value : value;
}

static void
record_buffer_start (RecordBuffer *buffer, xmlTextReader *reader, guint volume,
                     gint64 imported, gboolean is_reject)
{
    MlaRecord *record = &buffer->record;
    const char *synthetic;
    const char *own_import;

    g_string_chunk_clear (buffer->strings);
    g_ptr_array_set_size (record->to, 0);
    g_ptr_array_set_size (record->cc, 0);
    g_ptr_array_set_size (record->references, 0);
    g_ptr_array_set_size (record->attachments, 0);
    g_ptr_array_set_size (record->defects, 0);
    g_ptr_array_set_size (record->agendas, 0);
    record->is_reject = is_reject;
    record->volume = volume;
    record->message_id = chunk_attr (buffer, reader, "id");
    synthetic = chunk_attr (buffer, reader, "synthetic-id");
    record->synthetic_id = g_strcmp0 (synthetic, "true") == 0;
    record->no_archive =
        g_strcmp0 (chunk_attr (buffer, reader, "no-archive"), "true") == 0;
    own_import = chunk_attr (buffer, reader, "imported");
    record->imported = own_import != NULL ? parse_utc (own_import) : imported;
    record->sha256 = chunk_attr (buffer, reader, "sha256");
    record->envelope = chunk_attr (buffer, reader, "envelope");
    record->source = chunk_attr (buffer, reader, "source");
    record->raw_offset = chunk_attr_uint (buffer, reader, "raw-offset");
    record->raw_length = chunk_attr_uint (buffer, reader, "raw-length");
    record->source_offset = chunk_attr_uint (buffer, reader, "source-offset");
    record->source_index =
        (guint) chunk_attr_uint (buffer, reader, "source-index");
    record->date_utc = NULL;
    record->date = 0;
    record->date_offset = 0;
    record->from = NULL;
    record->subject = record->in_reply_to = record->list_id = record->body =
        NULL;
    record->body_source = MLA_BODY_SOURCE_NONE;
    if (is_reject)
        add_defect (reader, record->defects, "rejected");
}

static MlaAddress *
read_address (RecordBuffer *buffer, xmlTextReader *reader, MlaAddress *address)
{
    address->name = (char *) chunk_attr (buffer, reader, "name");
    address->address = (char *) chunk_attr (buffer, reader, "address");
    return address;
}

static void
read_attachment (RecordBuffer *buffer, xmlTextReader *reader)
{
    MlaAttachment *attachment = g_new0 (MlaAttachment, 1);
    const char *sha256 = chunk_attr (buffer, reader, "sha256");

    attachment->filename = (char *) chunk_attr (buffer, reader, "filename");
    attachment->content_type =
        (char *) chunk_attr (buffer, reader, "content-type");
    attachment->size = chunk_attr_uint (buffer, reader, "size");
    g_strlcpy (attachment->sha256, sha256 != NULL ? sha256 : "",
               sizeof attachment->sha256);
    g_ptr_array_add (buffer->record.attachments, attachment);
}

static char *
node_attr (xmlNode *node, const char *name)
{
    return take_xml_string (xmlGetProp (node, BAD_CAST name));
}

static char *
node_text (xmlNode *node)
{
    char *text = take_xml_string (xmlNodeGetContent (node));

    return text != NULL ? text : g_strdup ("");
}

static gboolean
node_is (xmlNode *node, const char *name)
{
    return node->type == XML_ELEMENT_NODE &&
           strcmp ((const char *) node->name, name) == 0;
}

static void
copy_hhmm (char *target, gsize size, xmlNode *node, const char *name)
{
    g_autofree char *value = node_attr (node, name);

    g_strlcpy (target, value != NULL ? value : "", size);
}

static MlaSlotKind
slot_kind_from_string (const char *kind)
{
    for (MlaSlotKind k = MLA_SLOT_KIND_SESSION; k <= MLA_SLOT_KIND_SOCIAL; k++)
        if (g_strcmp0 (kind, mla_slot_kind_to_string (k)) == 0)
            return k;
    return MLA_SLOT_KIND_SESSION;
}

static MlaPersonRole
person_role_from_string (const char *role)
{
    for (MlaPersonRole r = MLA_PERSON_ROLE_CHAIR; r <= MLA_PERSON_ROLE_SPEAKER;
         r++)
        if (g_strcmp0 (role, mla_person_role_to_string (r)) == 0)
            return r;
    return MLA_PERSON_ROLE_CHAIR;
}

static MlaAgendaSlot *
slot_from_node (xmlNode *node)
{
    MlaAgendaSlot *slot = mla_agenda_slot_new ();
    g_autofree char *kind = node_attr (node, "kind");

    copy_hhmm (slot->start, sizeof slot->start, node, "start");
    copy_hhmm (slot->end, sizeof slot->end, node, "end");
    slot->kind = slot_kind_from_string (kind);
    slot->room = node_attr (node, "room");
    for (xmlNode *child = node->children; child != NULL; child = child->next) {
        if (node_is (child, "title")) {
            g_free (slot->title);
            slot->title = node_text (child);
        } else if (node_is (child, "location")) {
            g_free (slot->location);
            slot->location = node_text (child);
        } else if (node_is (child, "note")) {
            g_ptr_array_add (slot->notes, node_text (child));
        } else if (node_is (child, "chair")) {
            g_autofree char *name = node_text (child);
            g_autofree char *role = node_attr (child, "role");
            g_autofree char *confirmed = node_attr (child, "confirmed");

            g_ptr_array_add (
                slot->people,
                mla_agenda_person_new (name, person_role_from_string (role),
                                       g_strcmp0 (confirmed, "false") != 0));
        }
    }
    return slot;
}

static MlaAgenda *
agenda_from_node (xmlNode *node)
{
    MlaAgenda *agenda = mla_agenda_new ();

    agenda->message_id = node_attr (node, "message-id");
    agenda->title = node_attr (node, "title");
    agenda->timezone = node_attr (node, "timezone");
    for (xmlNode *child = node->children; child != NULL; child = child->next) {
        g_autofree char *name = NULL;
        MlaAgendaDay *day;

        if (!node_is (child, "day"))
            continue;
        name = node_attr (child, "name");
        day = mla_agenda_day_new (name);
        copy_hhmm (day->date, sizeof day->date, child, "date");
        for (xmlNode *slot = child->children; slot != NULL; slot = slot->next)
            if (node_is (slot, "slot"))
                g_ptr_array_add (day->slots, slot_from_node (slot));
        g_ptr_array_add (agenda->days, day);
    }
    return agenda;
}

GPtrArray *
mla_xml_parse_agendas (const char *xml, gsize size, GError **error)
{
    g_autoptr (xmlDoc) doc =
        xmlReadMemory (xml, (int) size, "agendas.xml", "UTF-8",
                       XML_PARSE_NONET | XML_PARSE_NOERROR |
                           XML_PARSE_NOWARNING | XML_PARSE_HUGE);
    GPtrArray *agendas =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_agenda_free);
    xmlNode *root;

    if (doc == NULL || (root = xmlDocGetRootElement (doc)) == NULL ||
        !node_is (root, "agendas")) {
        g_ptr_array_unref (agendas);
        return mla_throw (error, MLA_ERROR_XML, "not an <agendas> document"),
               NULL;
    }
    for (xmlNode *node = root->children; node != NULL; node = node->next)
        if (node_is (node, "agenda"))
            g_ptr_array_add (agendas, agenda_from_node (node));
    return agendas;
}

struct MlaXmlVolumeReader {
    xmlTextReader *reader;
    xmlRelaxNG *rng;
    char *path;
    guint volume;
    gint64 imported; /* the volume's */
    MlaRecordReadFlags flags;
    gboolean has_schema;
    gboolean done;
    RecordBuffer *buffer;
};

/* A child of a record (depth 2), or a <ref> of its <references>. */
static void
read_field (MlaXmlVolumeReader *volume, const char *name, int depth)
{
    RecordBuffer *buffer = volume->buffer;
    MlaRecord *record = &buffer->record;
    xmlTextReader *reader = volume->reader;

    if (depth == 3) {
        if (strcmp (name, "ref") == 0)
            g_ptr_array_add (record->references,
                             (char *) chunk_text (buffer, reader));
    } else if (strcmp (name, "from") == 0) {
        record->from = read_address (buffer, reader, &buffer->from);
    } else if (strcmp (name, "to") == 0 || strcmp (name, "cc") == 0) {
        g_ptr_array_add (name[0] == 't' ? record->to : record->cc,
                         read_address (buffer, reader, g_new0 (MlaAddress, 1)));
    } else if (strcmp (name, "date") == 0) {
        record->date_utc = chunk_attr (buffer, reader, "utc");
        record->date = parse_utc (record->date_utc);
        record->date_offset =
            parse_offset (chunk_attr (buffer, reader, "offset"));
    } else if (strcmp (name, "subject") == 0) {
        record->subject = chunk_text (buffer, reader);
    } else if (strcmp (name, "in-reply-to") == 0) {
        record->in_reply_to = chunk_text (buffer, reader);
    } else if (strcmp (name, "list-id") == 0) {
        record->list_id = chunk_text (buffer, reader);
    } else if (strcmp (name, "body") == 0) {
        const char *source = chunk_attr (buffer, reader, "source");

        record->body_source = g_strcmp0 (source, "html") == 0
                                  ? MLA_BODY_SOURCE_HTML
                                  : MLA_BODY_SOURCE_PLAIN;
        if (volume->flags & MLA_RECORD_READ_BODY)
            record->body = chunk_text (buffer, reader);
    } else if (strcmp (name, "attachment") == 0) {
        read_attachment (buffer, reader);
    } else if (strcmp (name, "defect") == 0) {
        add_defect (reader, record->defects, "unknown");
    } else if (strcmp (name, "agenda") == 0 &&
               (volume->flags & MLA_RECORD_READ_AGENDAS)) {
        xmlNode *node = xmlTextReaderExpand (reader);

        if (node != NULL)
            g_ptr_array_add (record->agendas, agenda_from_node (node));
    }
}

MlaXmlVolumeReader *
mla_xml_volume_reader_open (const char *path, guint volume,
                            MlaRecordReadFlags flags, GBytes *schema,
                            GPtrArray *out_problems, GError **error)
{
    g_autoptr (MlaXmlVolumeReader) reader = g_new0 (MlaXmlVolumeReader, 1);

    reader->path = g_strdup (path);
    reader->volume = volume;
    reader->flags = flags;
    reader->buffer = record_buffer_new ();
    /* Validation (mlarc check) reads as stock tools do, so that it fails on
     * what they refuse: text nodes over 10,000,000 bytes. */
    reader->reader = xmlReaderForFile (
        path, NULL, XML_PARSE_NONET | (schema != NULL ? 0 : XML_PARSE_HUGE));
    if (reader->reader == NULL)
        return mla_throw (error, MLA_ERROR_ARCHIVE, "%s: cannot open", path),
               NULL;
    xmlTextReaderSetStructuredErrorHandler (reader->reader, collect_problem,
                                            out_problems);
    if (schema != NULL) {
        reader->has_schema = TRUE;
        reader->rng = compile_schema (schema, out_problems);
        if (reader->rng == NULL ||
            xmlTextReaderRelaxNGSetSchema (reader->reader, reader->rng) != 0)
            return mla_throw (error, MLA_ERROR_XML,
                              "the archive schema does not compile"),
                   NULL;
    }
    return g_steal_pointer (&reader);
}

void
mla_xml_volume_reader_free (MlaXmlVolumeReader *reader)
{
    if (reader == NULL)
        return;
    g_clear_pointer (&reader->reader, xmlFreeTextReader);
    g_clear_pointer (&reader->rng, xmlRelaxNGFree);
    mla_record_buffer_free (reader->buffer);
    g_free (reader->path);
    g_free (reader);
}

gboolean
mla_xml_volume_reader_next (MlaXmlVolumeReader *volume,
                            const MlaRecord **out_record, GError **error)
{
    xmlTextReader *reader = volume->reader;
    gboolean in_record = FALSE;
    int status;

    *out_record = NULL;
    if (volume->done)
        return TRUE;
    while ((status = xmlTextReaderRead (reader)) == 1) {
        int type = xmlTextReaderNodeType (reader);
        int depth = xmlTextReaderDepth (reader);
        const char *name = (const char *) xmlTextReaderConstName (reader);
        gboolean is_reject;

        if (type == XML_READER_TYPE_END_ELEMENT && in_record && depth == 1) {
            *out_record = &volume->buffer->record;
            return TRUE;
        }
        if (type != XML_READER_TYPE_ELEMENT)
            continue;
        if (depth == 0) {
            g_autofree char *imported = (char *) xmlTextReaderGetAttribute (
                reader, BAD_CAST "imported");

            volume->imported = imported != NULL ? parse_utc (imported) : 0;
            continue;
        }
        if (in_record && (depth == 2 || depth == 3)) {
            read_field (volume, name, depth);
            continue;
        }
        if (depth != 1 ||
            (strcmp (name, "message") != 0 && strcmp (name, "reject") != 0))
            continue;
        is_reject = name[0] == 'r';
        if (is_reject && !(volume->flags & MLA_RECORD_READ_REJECTS))
            continue;
        record_buffer_start (volume->buffer, reader, volume->volume,
                             volume->imported, is_reject);
        /* A reject's reason is its text: read whole by add_defect(). */
        if (is_reject || xmlTextReaderIsEmptyElement (reader)) {
            *out_record = &volume->buffer->record;
            return TRUE;
        }
        in_record = TRUE;
    }
    volume->done = TRUE;
    if (status < 0)
        return mla_throw (error, MLA_ERROR_XML, "%s: not well-formed XML",
                          volume->path);
    return TRUE;
}

MlaRecordBuffer *
mla_xml_volume_reader_take_record (MlaXmlVolumeReader *reader,
                                   MlaRecordBuffer *spare)
{
    MlaRecordBuffer *taken = reader->buffer;

    reader->buffer = spare != NULL ? spare : record_buffer_new ();
    return taken;
}

gboolean
mla_xml_volume_reader_is_valid (MlaXmlVolumeReader *reader)
{
    return !reader->has_schema || xmlTextReaderIsValid (reader->reader) == 1;
}

/* Returns: (transfer full) (nullable): the entry of <volume> @node. */
static MlaXmlVolumeEntry *
read_volume_entry (xmlNode *node, const char *path, GError **error)
{
    g_autoptr (MlaXmlVolumeEntry) entry = g_new0 (MlaXmlVolumeEntry, 1);
    g_autofree char *number = node_attr (node, "number");
    g_autofree char *messages = node_attr (node, "messages");
    g_autofree char *rejects = node_attr (node, "rejects");
    g_autofree char *rule = node_attr (node, "raw-rule");

    entry->number =
        number != NULL ? (guint) g_ascii_strtoull (number, NULL, 10) : 0;
    entry->messages =
        messages != NULL ? g_ascii_strtoull (messages, NULL, 10) : 0;
    entry->rejects = rejects != NULL ? g_ascii_strtoull (rejects, NULL, 10) : 0;
    entry->file = node_attr (node, "file");
    entry->raw = node_attr (node, "raw");
    entry->imported = node_attr (node, "imported");
    entry->keeps_separators = rule == NULL;
    if (rule != NULL && strcmp (rule, "message") != 0)
        return mla_throw (error, MLA_ERROR_ARCHIVE,
                          "%s: volume %u has raw-rule \"%s\"; this mlarc "
                          "knows \"message\"",
                          path, entry->number, rule),
               NULL;
    if (entry->file == NULL || entry->raw == NULL ||
        strstr (entry->file, "..") != NULL ||
        strstr (entry->raw, "..") != NULL || g_path_is_absolute (entry->file) ||
        g_path_is_absolute (entry->raw))
        return mla_throw (error, MLA_ERROR_ARCHIVE,
                          "%s: volume %u has a bad file name", path,
                          entry->number),
               NULL;
    return g_steal_pointer (&entry);
}

void
mla_xml_removal_free (MlaXmlRemoval *removal)
{
    if (removal == NULL)
        return;
    g_free (removal->message_id);
    g_free (removal->sha256);
    g_free (removal->at);
    g_free (removal->reason);
    g_clear_pointer (&removal->refs, g_ptr_array_unref);
    g_free (removal);
}

/* Returns: (transfer full) (nullable): the removal of <removed> @node. */
static MlaXmlRemoval *
read_removal (xmlNode *node, const char *path, GError **error)
{
    g_autoptr (MlaXmlRemoval) removal = g_new0 (MlaXmlRemoval, 1);

    removal->message_id = node_attr (node, "id");
    removal->sha256 = node_attr (node, "sha256");
    removal->at = node_attr (node, "at");
    removal->reason = node_attr (node, "reason");
    removal->refs = g_ptr_array_new_with_free_func (g_free);
    for (xmlNode *ref = node->children; ref != NULL; ref = ref->next)
        if (node_is (ref, "ref"))
            g_ptr_array_add (removal->refs, node_text (ref));
    if (removal->message_id == NULL || removal->sha256 == NULL ||
        removal->at == NULL)
        return mla_throw (error, MLA_ERROR_ARCHIVE,
                          "%s: a <removed> entry without id, sha256 or at",
                          path),
               NULL;
    return g_steal_pointer (&removal);
}

GPtrArray *
mla_xml_read_index (const char *path, GPtrArray **out_removals, GError **error)
{
    g_autoptr (xmlDoc) doc = xmlReadFile (
        path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    g_autoptr (GPtrArray) entries = g_ptr_array_new_with_free_func (
        (GDestroyNotify) mla_xml_volume_entry_free);
    g_autoptr (GPtrArray) removals =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_xml_removal_free);
    g_autofree char *version = NULL;
    xmlNode *root;

    if (doc == NULL)
        return mla_throw (error, MLA_ERROR_ARCHIVE, "%s: unreadable or not XML",
                          path),
               NULL;
    root = xmlDocGetRootElement (doc);
    if (root == NULL || !node_is (root, "archive"))
        return mla_throw (error, MLA_ERROR_ARCHIVE,
                          "%s: not an mlarc archive index", path),
               NULL;
    version = node_attr (root, "version");
    if (g_strcmp0 (version, MLA_XML_FORMAT_VERSION) != 0)
        return mla_throw (
                   error, MLA_ERROR_ARCHIVE,
                   "%s: archive format version %s; this mlarc reads version %s",
                   path, version != NULL ? version : "(none)",
                   MLA_XML_FORMAT_VERSION),
               NULL;
    for (xmlNode *node = root->children; node != NULL; node = node->next) {
        gpointer item = NULL;

        if (node_is (node, "volume")) {
            if ((item = read_volume_entry (node, path, error)) == NULL)
                return NULL;
            g_ptr_array_add (entries, item);
        } else if (node_is (node, "removed")) {
            if ((item = read_removal (node, path, error)) == NULL)
                return NULL;
            g_ptr_array_add (removals, item);
        }
    }
    if (out_removals != NULL)
        *out_removals = g_steal_pointer (&removals);
    return g_steal_pointer (&entries);
}

gboolean
mla_xml_validate_file (const char *path, GBytes *schema,
                       GPtrArray *out_problems)
{
    g_autoptr (xmlDoc) doc = xmlReadFile (
        path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    xmlRelaxNG *rng;
    xmlRelaxNGValidCtxt *context;
    gboolean valid;

    if (doc == NULL) {
        if (out_problems != NULL)
            g_ptr_array_add (out_problems,
                             g_strdup_printf ("%s: not well-formed XML", path));
        return FALSE;
    }
    rng = compile_schema (schema, out_problems);
    if (rng == NULL)
        return FALSE;
    context = xmlRelaxNGNewValidCtxt (rng);
    xmlRelaxNGSetValidStructuredErrors (context, collect_problem, out_problems);
    valid = xmlRelaxNGValidateDoc (context, doc) == 0;
    xmlRelaxNGFreeValidCtxt (context);
    xmlRelaxNGFree (rng);
    return valid;
}
