/* mla-xml.c: read and write the archive's XML (index and volumes). */
#include "config.h"
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

void
mla_xml_write_index (MlaXmlWriter *xml, GPtrArray *entries)
{
    mla_xml_start (xml, "archive");
    mla_xml_attr (xml, "version", MLA_XML_FORMAT_VERSION);
    for (guint i = 0; i < entries->len; i++) {
        const MlaXmlVolumeEntry *entry = g_ptr_array_index (entries, i);

        mla_xml_start (xml, "volume");
        mla_xml_attr_printf (xml, "number", "%u", entry->number);
        mla_xml_attr (xml, "file", entry->file);
        mla_xml_attr (xml, "raw", entry->raw);
        mla_xml_attr_printf (xml, "messages", "%" G_GUINT64_FORMAT, entry->messages);
        mla_xml_attr_printf (xml, "rejects", "%" G_GUINT64_FORMAT, entry->rejects);
        mla_xml_attr (xml, "imported", entry->imported);
        mla_xml_end (xml);
    }
    mla_xml_end (xml);
}

void
mla_xml_write_volume_start (MlaXmlWriter *xml, guint number, const char *imported)
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
write_address (MlaXmlWriter *xml, const char *element, const MlaAddress *address)
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
    mla_xml_attr_printf (xml, "offset", "%c%02d%02d", offset < 0 ? '-' : '+', ABS (offset) / 60,
                         ABS (offset) % 60);
    mla_xml_attr (xml, "source", date_source_name (mla_message_get_date_source (message)));
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
write_source_attrs (MlaXmlWriter *xml, const char *source, guint64 offset, guint index)
{
    mla_xml_attr (xml, "source", source);
    mla_xml_attr_printf (xml, "source-offset", "%" G_GUINT64_FORMAT, offset);
    mla_xml_attr_printf (xml, "source-index", "%u", index);
}

void
mla_xml_write_message (MlaXmlWriter *xml, const MlaMessage *message, guint64 raw_offset,
                       GPtrArray *agendas)
{
    const MlaAddress *from = mla_message_get_from (message);
    GPtrArray *references = mla_message_get_references (message);
    GPtrArray *attachments = mla_message_get_attachments (message);
    MlaBodySource body_source = mla_message_get_body_source (message);

    mla_xml_start (xml, "message");
    mla_xml_attr (xml, "id", mla_message_get_message_id (message));
    if (mla_message_is_message_id_synthetic (message))
        mla_xml_attr (xml, "synthetic-id", "true");
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
    mla_xml_text_element (xml, "in-reply-to", mla_message_get_in_reply_to (message));
    if (references->len > 0) {
        mla_xml_start (xml, "references");
        for (guint i = 0; i < references->len; i++)
            mla_xml_text_element (xml, "ref", g_ptr_array_index (references, i));
        mla_xml_end (xml);
    }
    mla_xml_text_element (xml, "list-id", mla_message_get_list_id (message));
    if (body_source != MLA_BODY_SOURCE_NONE) {
        mla_xml_start (xml, "body");
        mla_xml_attr (xml, "source", body_source == MLA_BODY_SOURCE_HTML ? "html" : "plain");
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
mla_xml_write_reject (MlaXmlWriter *xml, const MlaRawMessage *raw, const char *code,
                      const char *detail)
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

static guint64
get_attr_uint (xmlTextReader *reader, const char *name)
{
    g_autofree char *value = get_attr (reader, name);

    return value != NULL ? g_ascii_strtoull (value, NULL, 10) : 0;
}

/* Collects validation messages; libxml2 would print them otherwise. */
static void
collect_problem (void *user_data, xmlError *error)
{
    GPtrArray *problems = user_data;

    if (problems == NULL || problems->len >= 20 || error == NULL || error->message == NULL)
        return;
    g_ptr_array_add (problems, g_strdup_printf ("%s:%d: %s", error->file ? error->file : "?",
                                                error->line, g_strchomp (error->message)));
}

static xmlRelaxNG *
compile_schema (GBytes *schema, GPtrArray *problems)
{
    gsize size = 0;
    const char *data = g_bytes_get_data (schema, &size);
    g_autoptr (xmlRelaxNGParserCtxt) context = xmlRelaxNGNewMemParserCtxt (data, (int) size);

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

typedef struct {
    MlaXmlRecord record;
    char *message_id, *sha256, *envelope, *source, *date_utc;
} RecordBuffer;

static void
record_buffer_clear (RecordBuffer *buffer)
{
    g_clear_pointer (&buffer->message_id, g_free);
    g_clear_pointer (&buffer->sha256, g_free);
    g_clear_pointer (&buffer->envelope, g_free);
    g_clear_pointer (&buffer->source, g_free);
    g_clear_pointer (&buffer->date_utc, g_free);
    g_clear_pointer (&buffer->record.defects, g_ptr_array_unref);
    g_clear_pointer (&buffer->record.agendas, g_ptr_array_unref);
    memset (&buffer->record, 0, sizeof buffer->record);
}

static void
record_buffer_start (RecordBuffer *buffer, xmlTextReader *reader, gboolean is_reject)
{
    record_buffer_clear (buffer);
    buffer->record.is_reject = is_reject;
    buffer->record.message_id = buffer->message_id = get_attr (reader, "id");
    buffer->record.sha256 = buffer->sha256 = get_attr (reader, "sha256");
    buffer->record.envelope = buffer->envelope = get_attr (reader, "envelope");
    buffer->record.source = buffer->source = get_attr (reader, "source");
    buffer->record.raw_offset = get_attr_uint (reader, "raw-offset");
    buffer->record.raw_length = get_attr_uint (reader, "raw-length");
    buffer->record.source_offset = get_attr_uint (reader, "source-offset");
    buffer->record.source_index = (guint) get_attr_uint (reader, "source-index");
    buffer->record.defects = mla_defect_list_new ();
    buffer->record.agendas = g_ptr_array_new_with_free_func ((GDestroyNotify) mla_agenda_free);
    if (is_reject)
        add_defect (reader, buffer->record.defects, "rejected");
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
    return node->type == XML_ELEMENT_NODE && strcmp ((const char *) node->name, name) == 0;
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
    for (MlaPersonRole r = MLA_PERSON_ROLE_CHAIR; r <= MLA_PERSON_ROLE_SPEAKER; r++)
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

            g_ptr_array_add (slot->people,
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

/* Element names at depth 1 (records) and 2 (their children) that matter. */
static gboolean
read_element (xmlTextReader *reader, RecordBuffer *buffer, MlaXmlReadFlags flags,
              gboolean *in_record)
{
    const char *name = (const char *) xmlTextReaderConstName (reader);
    int depth = xmlTextReaderDepth (reader);

    if (depth == 1 && (strcmp (name, "message") == 0 || strcmp (name, "reject") == 0)) {
        record_buffer_start (buffer, reader, name[0] == 'r');
        *in_record = TRUE;
        return xmlTextReaderIsEmptyElement (reader) || name[0] == 'r';
    }
    if (!*in_record || depth != 2)
        return FALSE;
    if (strcmp (name, "date") == 0) {
        g_free (buffer->date_utc);
        buffer->record.date_utc = buffer->date_utc = get_attr (reader, "utc");
    } else if (strcmp (name, "defect") == 0) {
        add_defect (reader, buffer->record.defects, "unknown");
    } else if (strcmp (name, "agenda") == 0 && (flags & MLA_XML_READ_AGENDAS)) {
        xmlNode *node = xmlTextReaderExpand (reader);

        if (node != NULL)
            g_ptr_array_add (buffer->record.agendas, agenda_from_node (node));
    }
    return FALSE;
}

gboolean
mla_xml_read_volume (const char *path, GBytes *schema, MlaXmlReadFlags flags,
                     MlaXmlRecordFunc func, gpointer user_data, gboolean *out_valid,
                     GPtrArray *out_problems, GError **error)
{
    g_autoptr (xmlTextReader) reader = NULL;
    xmlRelaxNG *rng = NULL;
    RecordBuffer buffer = { 0 };
    gboolean in_record = FALSE;
    gboolean ok = TRUE;
    int status;

    reader = xmlReaderForFile (path, NULL, XML_PARSE_NONET | XML_PARSE_HUGE);
    if (reader == NULL)
        return mla_throw (error, MLA_ERROR_ARCHIVE, "%s: cannot open", path);
    xmlTextReaderSetStructuredErrorHandler (reader, collect_problem, out_problems);
    if (schema != NULL) {
        rng = compile_schema (schema, out_problems);
        if (rng == NULL || xmlTextReaderRelaxNGSetSchema (reader, rng) != 0) {
            g_clear_pointer (&rng, xmlRelaxNGFree);
            return mla_throw (error, MLA_ERROR_XML, "the archive schema does not compile");
        }
    }
    while (ok && (status = xmlTextReaderRead (reader)) == 1) {
        int type = xmlTextReaderNodeType (reader);
        gboolean complete = FALSE;

        if (type == XML_READER_TYPE_ELEMENT)
            complete = read_element (reader, &buffer, flags, &in_record);
        else if (type == XML_READER_TYPE_END_ELEMENT && in_record
                 && xmlTextReaderDepth (reader) == 1)
            complete = TRUE;
        if (complete) {
            ok = func (&buffer.record, user_data, error);
            in_record = FALSE;
        }
    }
    if (out_valid != NULL)
        *out_valid = schema == NULL || xmlTextReaderIsValid (reader) == 1;
    record_buffer_clear (&buffer);
    g_clear_pointer (&reader, xmlFreeTextReader);
    g_clear_pointer (&rng, xmlRelaxNGFree);
    if (!ok)
        return FALSE;
    if (status < 0)
        return mla_throw (error, MLA_ERROR_XML, "%s: not well-formed XML", path);
    return TRUE;
}

GPtrArray *
mla_xml_read_index (const char *path, GError **error)
{
    g_autoptr (xmlDoc) doc = xmlReadFile (path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR
                                                         | XML_PARSE_NOWARNING);
    g_autoptr (GPtrArray) entries = NULL;
    g_autofree char *version = NULL;
    xmlNode *root;

    if (doc == NULL)
        return mla_throw (error, MLA_ERROR_ARCHIVE, "%s: unreadable or not XML", path), NULL;
    root = xmlDocGetRootElement (doc);
    if (root == NULL || !node_is (root, "archive"))
        return mla_throw (error, MLA_ERROR_ARCHIVE, "%s: not an mlarc archive index", path),
               NULL;
    version = node_attr (root, "version");
    if (g_strcmp0 (version, MLA_XML_FORMAT_VERSION) != 0)
        return mla_throw (error, MLA_ERROR_ARCHIVE,
                          "%s: archive format version %s; this mlarc reads version %s", path,
                          version != NULL ? version : "(none)", MLA_XML_FORMAT_VERSION),
               NULL;
    entries = g_ptr_array_new_with_free_func ((GDestroyNotify) mla_xml_volume_entry_free);
    for (xmlNode *node = root->children; node != NULL; node = node->next) {
        MlaXmlVolumeEntry *entry;
        g_autofree char *number = NULL, *messages = NULL, *rejects = NULL;

        if (!node_is (node, "volume"))
            continue;
        entry = g_new0 (MlaXmlVolumeEntry, 1);
        number = node_attr (node, "number");
        messages = node_attr (node, "messages");
        rejects = node_attr (node, "rejects");
        entry->number = number != NULL ? (guint) g_ascii_strtoull (number, NULL, 10) : 0;
        entry->messages = messages != NULL ? g_ascii_strtoull (messages, NULL, 10) : 0;
        entry->rejects = rejects != NULL ? g_ascii_strtoull (rejects, NULL, 10) : 0;
        entry->file = node_attr (node, "file");
        entry->raw = node_attr (node, "raw");
        entry->imported = node_attr (node, "imported");
        g_ptr_array_add (entries, entry);
        if (entry->file == NULL || entry->raw == NULL || strstr (entry->file, "..") != NULL
            || strstr (entry->raw, "..") != NULL || g_path_is_absolute (entry->file)
            || g_path_is_absolute (entry->raw))
            return mla_throw (error, MLA_ERROR_ARCHIVE, "%s: volume %u has a bad file name",
                              path, entry->number),
                   NULL;
    }
    return g_steal_pointer (&entries);
}

gboolean
mla_xml_validate_file (const char *path, GBytes *schema, GPtrArray *out_problems)
{
    g_autoptr (xmlDoc) doc = xmlReadFile (path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR
                                                         | XML_PARSE_NOWARNING);
    xmlRelaxNG *rng;
    xmlRelaxNGValidCtxt *context;
    gboolean valid;

    if (doc == NULL) {
        if (out_problems != NULL)
            g_ptr_array_add (out_problems, g_strdup_printf ("%s: not well-formed XML", path));
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
