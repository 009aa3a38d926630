/* mla-site-tree.c: the tree helpers every page model is built with (the
 * models of mla-site-model.c, the body of mla-site-body.c, the agenda's
 * of mla-site-agenda.c): every text and attribute value is cleaned
 * (mla_xml_clean_text()), so mail enters a model only as text. Below
 * the models, so that they and the body call down to it, not round. */
#include "config.h"
#include "mla-xml-writer-private.h"
#include "mla-site-private.h"

xmlNode *
mla_site_element (xmlNode *parent, const char *name)
{
    return xmlNewChild (parent, NULL, BAD_CAST name, NULL);
}

void
mla_site_attr (xmlNode *node, const char *name, const char *value)
{
    g_autofree char *clean = NULL;

    if (value == NULL)
        return;
    clean = mla_xml_clean_text (value);
    xmlNewProp (node, BAD_CAST name, BAD_CAST clean);
}

void
mla_site_attr_printf (xmlNode *node, const char *name, const char *format, ...)
{
    g_autofree char *value = NULL;
    va_list args;

    va_start (args, format);
    value = g_strdup_vprintf (format, args);
    va_end (args);
    mla_site_attr (node, name, value);
}

void
mla_site_add_text (xmlNode *parent, const char *value, gssize length)
{
    g_autofree char *part =
        length < 0 ? g_strdup (value) : g_strndup (value, (gsize) length);
    g_autofree char *clean = mla_xml_clean_text (part);

    xmlAddChild (parent, xmlNewText (BAD_CAST clean));
}

xmlNode *
mla_site_text_element (xmlNode *parent, const char *name, const char *value)
{
    xmlNode *node = mla_site_element (parent, name);

    if (value != NULL)
        mla_site_add_text (node, value, -1);
    return node;
}
