/* mla-agenda-format-private.h: the <agenda> element, shared by `mlarc
 * agenda --format xml` and the archive volumes. */
#pragma once
#include "mla-agenda.h"
#include "mla-xml-writer-private.h"

G_BEGIN_DECLS

void mla_agenda_xml_write (MlaXmlWriter *xml, const MlaAgenda *agenda);

G_END_DECLS
