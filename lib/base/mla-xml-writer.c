/* mla-xml-writer.c: the one place that writes XML text with libxml2. */
#include "config.h"
#include <string.h>
#include <libxml/xmlwriter.h>
#include "mla-autocleanups.h"
#include "mla-error.h"
#include "mla-xml-writer-private.h"

struct MlaXmlWriter {
    xmlTextWriter *writer;
    GOutputStream *out;
    GError *stream_error; /* the first write error of @out */
    gboolean failed;
    gboolean finished;
    GArray *html_void; /* HTML mode: per open element, whether it is void */
};

static int
write_to_stream (void *context, const char *buffer, int len)
{
    MlaXmlWriter *xml = context;

    if (xml->stream_error != NULL)
        return -1;
    if (!g_output_stream_write_all (xml->out, buffer, len, NULL, NULL,
                                    &xml->stream_error))
        return -1;
    return len;
}

static int
close_nothing (void *context)
{
    return 0;
}

/* libxml2 reports I/O errors on stderr ("I/O error : flush error") before
 * returning them; the library never prints, and the failure surfaces
 * through mla_xml_writer_finish() anyway. */
static void
ignore_libxml_error (void *user_data, xmlError *error)
{
}

MlaXmlWriter *
mla_xml_writer_new (GOutputStream *out, MlaXmlWriterFlags flags)
{
    MlaXmlWriter *xml = g_new0 (MlaXmlWriter, 1);
    xmlOutputBuffer *buffer;

    /* libxml2 keeps its error handler per thread. */
    xmlSetStructuredErrorFunc (NULL, ignore_libxml_error);

    xml->out = g_object_ref (out);
    buffer =
        xmlOutputBufferCreateIO (write_to_stream, close_nothing, xml, NULL);
    xml->writer = xmlNewTextWriter (buffer);
    if (xml->writer == NULL) {
        xml->failed = TRUE;
        return xml;
    }
    if (flags & MLA_XML_WRITER_INDENT) {
        xmlTextWriterSetIndent (xml->writer, 1);
        xmlTextWriterSetIndentString (xml->writer, BAD_CAST "  ");
    }
    if (flags & MLA_XML_WRITER_HTML) {
        xml->html_void = g_array_new (FALSE, FALSE, sizeof (gboolean));
        /* With indentation on, xmlTextWriter ends the DTD line itself. */
        if (xmlTextWriterWriteDTD (xml->writer, BAD_CAST "html", NULL, NULL,
                                   NULL) < 0 ||
            (!(flags & MLA_XML_WRITER_INDENT) &&
             xmlTextWriterWriteRaw (xml->writer, BAD_CAST "\n") < 0))
            xml->failed = TRUE;
    } else if (xmlTextWriterStartDocument (xml->writer, NULL, "UTF-8", NULL) <
               0) {
        xml->failed = TRUE;
    }
    return xml;
}

void
mla_xml_writer_free (MlaXmlWriter *xml)
{
    if (xml == NULL)
        return;
    g_clear_pointer (&xml->writer, xmlFreeTextWriter);
    g_clear_pointer (&xml->html_void, g_array_unref);
    g_clear_error (&xml->stream_error);
    g_clear_object (&xml->out);
    g_free (xml);
}

static gboolean
usable (MlaXmlWriter *xml)
{
    return !xml->failed && !xml->finished;
}

static void
check (MlaXmlWriter *xml, int status)
{
    if (status < 0)
        xml->failed = TRUE;
}

/* HTML void elements (HTML Living Standard, 13.1.2) take no end tag. */
static gboolean
is_html_void (const char *name)
{
    static const char *const void_elements[] = {
        "area",  "base", "br",   "col",    "embed", "hr",  "img",
        "input", "link", "meta", "source", "track", "wbr",
    };

    for (gsize i = 0; i < G_N_ELEMENTS (void_elements); i++)
        if (g_ascii_strcasecmp (name, void_elements[i]) == 0)
            return TRUE;
    return FALSE;
}

void
mla_xml_start (MlaXmlWriter *xml, const char *name)
{
    if (!usable (xml))
        return;
    if (xml->html_void != NULL) {
        gboolean is_void = is_html_void (name);

        g_array_append_val (xml->html_void, is_void);
    }
    check (xml, xmlTextWriterStartElement (xml->writer, BAD_CAST name));
}

/* An empty element is written <e/>, which HTML parses as a start tag only
 * (an empty <td/> would swallow the next cell): HTML gets <e></e>. */
void
mla_xml_end (MlaXmlWriter *xml)
{
    gboolean is_void = TRUE;

    if (!usable (xml))
        return;
    if (xml->html_void != NULL && xml->html_void->len > 0) {
        is_void =
            g_array_index (xml->html_void, gboolean, xml->html_void->len - 1);
        g_array_set_size (xml->html_void, xml->html_void->len - 1);
    }
    if (is_void)
        check (xml, xmlTextWriterEndElement (xml->writer));
    else
        check (xml, xmlTextWriterFullEndElement (xml->writer));
}

/* Most text is already clean: only copy what is not. */
static gboolean
is_clean_text (const char *text)
{
    const char *end = NULL;

    for (const unsigned char *p = (const unsigned char *) text; *p != '\0';
         p++) {
        if (*p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r')
            return FALSE;
        if (*p == 0xEF && p[1] == 0xBF && (p[2] == 0xBE || p[2] == 0xBF))
            return FALSE;
    }
    return g_utf8_validate (text, -1, &end);
}

/* Returns @text when it is clean, else a cleaned copy in *@copy. */
static const char *
clean_or_copy (const char *text, char **copy)
{
    if (is_clean_text (text))
        return text;
    *copy = mla_xml_clean_text (text);
    return *copy;
}

void
mla_xml_attr (MlaXmlWriter *xml, const char *name, const char *value)
{
    g_autofree char *copy = NULL;

    if (!usable (xml) || value == NULL)
        return;
    check (xml,
           xmlTextWriterWriteAttribute (xml->writer, BAD_CAST name,
                                        BAD_CAST clean_or_copy (value, &copy)));
}

void
mla_xml_attr_printf (MlaXmlWriter *xml, const char *name, const char *format,
                     ...)
{
    va_list args;
    g_autofree char *value = NULL;

    va_start (args, format);
    value = g_strdup_vprintf (format, args);
    va_end (args);
    mla_xml_attr (xml, name, value);
}

void
mla_xml_text (MlaXmlWriter *xml, const char *text)
{
    g_autofree char *copy = NULL;

    if (!usable (xml) || text == NULL)
        return;
    check (xml, xmlTextWriterWriteString (
                    xml->writer, BAD_CAST clean_or_copy (text, &copy)));
}

void
mla_xml_text_element (MlaXmlWriter *xml, const char *name, const char *text)
{
    if (text == NULL)
        return;
    mla_xml_start (xml, name);
    mla_xml_text (xml, text);
    mla_xml_end (xml);
}

gboolean
mla_xml_writer_finish (MlaXmlWriter *xml, GError **error)
{
    if (!xml->finished && !xml->failed) {
        check (xml, xmlTextWriterEndDocument (xml->writer));
        check (xml, xmlTextWriterFlush (xml->writer));
    }
    xml->finished = TRUE;
    if (xml->stream_error != NULL) {
        g_propagate_error (error, g_steal_pointer (&xml->stream_error));
        return FALSE;
    }
    if (xml->failed)
        return mla_throw (error, MLA_ERROR_XML, "could not write XML");
    return TRUE;
}

/* The bytes of valid UTF-8 that XML 1.0 has no character for, and their
 * length: C0 controls but tab, LF and CR; U+FFFE and U+FFFF (EF BF BE/BF). */
static int
unwanted_at (const char *p)
{
    unsigned char c = (unsigned char) *p;

    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
        return 1;
    if (c == 0xEF && (unsigned char) p[1] == 0xBF &&
        ((unsigned char) p[2] == 0xBE || (unsigned char) p[2] == 0xBF))
        return 3;
    return 0;
}

/* Mail headers often carry such bytes (and broken ones), which
 * xmlTextWriter would write unchecked. */
char *
mla_xml_clean_text (const char *text)
{
    g_autofree char *valid = NULL;
    GString *clean;
    const char *p = text;

    /* Most text is clean: a site build cleans every text it shows. */
    while (*p != '\0' && unwanted_at (p) == 0)
        p++;
    if (*p == '\0' && g_utf8_validate (text, p - text, NULL))
        return g_strndup (text, p - text);
    valid = g_utf8_make_valid (text, -1);
    clean = g_string_sized_new (strlen (valid));
    for (p = valid; *p != '\0';) {
        int skip = unwanted_at (p);

        if (skip == 0)
            g_string_append_c (clean, *p);
        p += MAX (skip, 1);
    }
    return g_string_free (clean, FALSE);
}
