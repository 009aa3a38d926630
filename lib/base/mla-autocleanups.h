/* mla-autocleanups.h: g_autoptr support for foreign types, declared once.
 * Each block only applies when the including file already included that
 * library, so modules that must not see GMime or libxml2 never do. */
#pragma once
#include <glib.h>

#ifdef __GMIME_H__
G_DEFINE_AUTOPTR_CLEANUP_FUNC (GMimeMessage, g_object_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (GMimeParser, g_object_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (GMimeStream, g_object_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (GMimeObject, g_object_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (GMimeDataWrapper, g_object_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (GMimeFilter, g_object_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (InternetAddressList, g_object_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (GMimeReferences, g_mime_references_free)
#endif

#ifdef __XML_XMLWRITER_H__
G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlTextWriter, xmlFreeTextWriter)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlBuffer, xmlBufferFree)
#endif

#ifdef __XML_XMLREADER_H__
G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlTextReader, xmlFreeTextReader)
#endif

#ifdef __XML_TREE_H__
G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlDoc, xmlFreeDoc)
#endif

#ifdef __XML_RELAX_NG__
G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlRelaxNG, xmlRelaxNGFree)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlRelaxNGParserCtxt, xmlRelaxNGFreeParserCtxt)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlRelaxNGValidCtxt, xmlRelaxNGFreeValidCtxt)
#endif
