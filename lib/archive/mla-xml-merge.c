/* mla-xml-merge.c: merging volume XML files (see the header). libxml2
 * outside mla-xml.c: doc/VIOLATIONS.md says why. */
#include "config.h"
#include <string.h>
#include <libxml/xmlreader.h>
#include "mla-autocleanups.h"
#include "mla-error.h"
#include "mla-xml-private.h"
#include "mla-xml-merge-private.h"

struct MlaXmlMerge {
    GOutputStream *out;
    GString *pending; /* the start of the volume, until it is written */
    GString *inputs;  /* the <input> elements, serialised, in order */
};

static gboolean
put (MlaXmlMerge *merge, const char *text, gsize length, GError **error)
{
    return g_output_stream_write_all (merge->out, text, length, NULL, NULL,
                                      error);
}

MlaXmlMerge *
mla_xml_merge_new (GOutputStream *out, guint number, const char *imported)
{
    MlaXmlMerge *merge = g_new0 (MlaXmlMerge, 1);
    g_autofree char *escaped = g_markup_escape_text (imported, -1);

    merge->out = out;
    merge->inputs = g_string_new (NULL);
    /* Written with the first records: only those can report an error. */
    merge->pending = g_string_new (NULL);
    g_string_printf (merge->pending,
                     "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                     "<volume version=\"" MLA_XML_FORMAT_VERSION
                     "\" number=\"%u\" imported=\"%s\">\n",
                     number, escaped);
    return merge;
}

void
mla_xml_merge_free (MlaXmlMerge *merge)
{
    if (merge == NULL)
        return;
    g_string_free (merge->pending, TRUE);
    g_string_free (merge->inputs, TRUE);
    g_free (merge);
}

/* Serialises @node at depth 1, as the volume writer indents it. */
static void
dump_node (xmlDoc *doc, xmlNode *node, GString *out)
{
    xmlBuffer *buffer = xmlBufferCreate ();

    xmlNodeDump (buffer, doc, node, 1, 1);
    g_string_append (out, "  ");
    g_string_append_len (out, (const char *) xmlBufferContent (buffer),
                         xmlBufferLength (buffer));
    g_string_append_c (out, '\n');
    xmlBufferFree (buffer);
}

/* Where the records of one volume go: their raw stores' base in the
 * merged one, and the messages left out. */
typedef struct {
    guint64 raw_base;
    const MlaRawSpan *cuts;
    guint n_cuts;
} Placement;

typedef enum {
    MOVE_BAD,  /* no raw-offset that can be read */
    MOVE_DONE, /* raw-offset moved */
    MOVE_CUT,  /* a message left out */
} MoveResult;

static MoveResult
move_raw_offset (xmlNode *node, const Placement *place)
{
    g_autofree char *offset = (char *) xmlGetProp (node, BAD_CAST "raw-offset");
    guint64 shift = 0;
    char text[32];
    char *end = NULL;
    guint64 value;

    if (offset == NULL)
        return MOVE_BAD;
    value = g_ascii_strtoull (offset, &end, 10);
    if (end == offset || *end != '\0')
        return MOVE_BAD;
    for (guint i = 0; i < place->n_cuts && place->cuts[i].offset <= value;
         i++) {
        if (place->cuts[i].offset == value)
            return MOVE_CUT;
        shift += place->cuts[i].length;
    }
    g_snprintf (text, sizeof text, "%" G_GUINT64_FORMAT,
                value - shift + place->raw_base);
    return xmlSetProp (node, BAD_CAST "raw-offset", BAD_CAST text) != NULL
               ? MOVE_DONE
               : MOVE_BAD;
}

/* The records of @reader's volume into @records (its inputs into the
 * merge's); *@doc is the reader's document once asked for, then ours.
 * Each message keeps when it was imported: the merged volume's
 * imported is its first volume's, and a later message's own time says
 * when it arrived (doc/archive-format.md, section 3). */
static gboolean
read_records (MlaXmlMerge *merge, xmlTextReader *reader, const char *path,
              const Placement *place, GString *records, xmlDoc **doc,
              GError **error)
{
    int status = xmlTextReaderRead (reader);
    g_autofree char *imported = NULL;

    while (status == 1) {
        const char *name = (const char *) xmlTextReaderConstName (reader);
        xmlNode *node;
        MoveResult move;

        if (xmlTextReaderNodeType (reader) == XML_READER_TYPE_ELEMENT &&
            xmlTextReaderDepth (reader) == 0 && imported == NULL)
            imported = (char *) xmlTextReaderGetAttribute (reader,
                                                           BAD_CAST "imported");
        if (xmlTextReaderNodeType (reader) != XML_READER_TYPE_ELEMENT ||
            xmlTextReaderDepth (reader) != 1) {
            status = xmlTextReaderRead (reader);
            continue;
        }
        node = xmlTextReaderExpand (reader);
        if (node == NULL)
            break;
        move = strcmp (name, "message") == 0 ? move_raw_offset (node, place)
                                             : MOVE_DONE;
        if (move == MOVE_BAD)
            return mla_throw (error, MLA_ERROR_ARCHIVE,
                              "%s: a message without a raw-offset", path);
        if (move == MOVE_CUT) {
            status = xmlTextReaderNext (reader);
            continue;
        }
        if (strcmp (name, "message") == 0 && imported != NULL &&
            !xmlHasProp (node, BAD_CAST "imported"))
            xmlSetProp (node, BAD_CAST "imported", BAD_CAST imported);
        /* Asking for it makes the reader leave the document to us. */
        if (*doc == NULL)
            *doc = xmlTextReaderCurrentDoc (reader);
        dump_node (*doc, node,
                   strcmp (name, "input") == 0 ? merge->inputs : records);
        /* Records are written as they come: memory stays at one record. */
        if (records->len >= 1 << 16) {
            if (!put (merge, records->str, records->len, error))
                return FALSE;
            g_string_truncate (records, 0);
        }
        status = xmlTextReaderNext (reader);
    }
    if (status != 0)
        return mla_throw (error, MLA_ERROR_XML, "%s: not well-formed XML",
                          path);
    return TRUE;
}

gboolean
mla_xml_merge_add (MlaXmlMerge *merge, const char *path, guint64 raw_base,
                   const MlaRawSpan *cuts, guint n_cuts, GError **error)
{
    const Placement place = { raw_base, cuts, n_cuts };
    /* Blanks kept: a record's own layout and its texts come out as they
     * were (a text of spaces alone is text). */
    xmlTextReader *reader =
        xmlReaderForFile (path, NULL, XML_PARSE_NONET | XML_PARSE_HUGE);
    g_autoptr (GString) records = g_string_new (merge->pending->str);
    xmlDoc *doc = NULL;
    gboolean ok;

    if (reader == NULL)
        return mla_throw (error, MLA_ERROR_ARCHIVE, "%s: cannot open", path);
    g_string_truncate (merge->pending, 0);
    ok = read_records (merge, reader, path, &place, records, &doc, error);
    xmlFreeTextReader (reader);
    if (doc != NULL)
        xmlFreeDoc (doc);
    return ok && put (merge, records->str, records->len, error);
}

gboolean
mla_xml_merge_finish (MlaXmlMerge *merge, GError **error)
{
    g_string_append (merge->inputs, "</volume>\n");
    return put (merge, merge->pending->str, merge->pending->len, error) &&
           put (merge, merge->inputs->str, merge->inputs->len, error);
}
