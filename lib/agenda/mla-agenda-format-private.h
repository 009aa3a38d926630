/* mla-agenda-format-private.h: the agenda elements for writers inside lib/
 * (the XML archive embeds them; see doc/mlarc-archive.rng). */
#pragma once
#include "mla-agenda.h"
#include "mla-agenda-format.h"
#include "mla-xml-writer-private.h"

G_BEGIN_DECLS

/* Writes @agenda as one <agenda> element at the current position of @xml;
 * failures stick in @xml. */
void mla_agenda_xml_write (MlaXmlWriter *xml, const MlaAgenda *agenda);

G_END_DECLS
