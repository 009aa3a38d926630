/* mla-xml-writer-private.h: a sticky-error wrapper over xmlTextWriter that
 * cleans every text it writes. The first failure sticks and later calls do
 * nothing; mla_xml_writer_finish() is where it surfaces. libxml2 types stay
 * inside mla-xml-writer.c. */
#pragma once
#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct MlaXmlWriter MlaXmlWriter;

typedef enum {
    MLA_XML_WRITER_INDENT = 1 << 0,
    MLA_XML_WRITER_HTML = 1 << 1, /* <!DOCTYPE html>, no XML declaration */
} MlaXmlWriterFlags;

/* Writes to @out (a ref is taken). Returns: (transfer full). */
MlaXmlWriter *mla_xml_writer_new (GOutputStream *out, MlaXmlWriterFlags flags);
void mla_xml_writer_free (MlaXmlWriter *xml);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaXmlWriter, mla_xml_writer_free)

void mla_xml_start (MlaXmlWriter *xml, const char *name);
void mla_xml_end (MlaXmlWriter *xml);
/* Nothing is written when @value is NULL. */
void mla_xml_attr (MlaXmlWriter *xml, const char *name, const char *value);
void mla_xml_attr_printf (MlaXmlWriter *xml, const char *name,
                          const char *format, ...) G_GNUC_PRINTF (3, 4);
void mla_xml_text (MlaXmlWriter *xml, const char *text);
/* <name>text</name>; nothing when @text is NULL. */
void mla_xml_text_element (MlaXmlWriter *xml, const char *name,
                           const char *text);
/* Flushes; the only place a failure is reported. Closes open elements. */
gboolean mla_xml_writer_finish (MlaXmlWriter *xml, GError **error);

/* Valid UTF-8 with C0 controls other than tab, LF and CR removed.
 * Returns: (transfer full). */
char *mla_xml_clean_text (const char *text);

G_END_DECLS
