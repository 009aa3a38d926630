/* mla-site-agenda-private.h: an agenda as a page on its own, made with
 * the site's agenda.xsl and style.css. No libxml2 types: the agenda
 * writers (mla-agenda-format.c) call this without seeing libxslt. */
#pragma once
#include <gio/gio.h>
#include "mla-agenda.h"

G_BEGIN_DECLS

/* Writes each agenda of @agendas (MlaAgenda *) to @out as a complete
 * HTML5 page that needs no other file: the built-in style.css inlined in
 * a <style> element that the page's Content-Security-Policy allows by
 * its SHA-256 hash, no links to the rest of a site. Pages follow one
 * another. Fails when a stylesheet fails or writing to @out fails. */
gboolean mla_site_agenda_write_pages (GPtrArray *agendas, GOutputStream *out, GError **error);

G_END_DECLS
