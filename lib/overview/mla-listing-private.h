/* mla-listing-private.h: what the terminal listings of mlarc threads and
 * mlarc search share: dates and fixed-width columns. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

/* The width of the author column. */
#define MLA_LISTING_AUTHOR_WIDTH 20

/* "YYYY-MM-DD HH:MM" (or with @iso, "YYYY-MM-DDTHH:MM:SSZ") of UTC
 * seconds, without a GDateTime per line: a listing has one per message. */
void mla_listing_format_date (gint64 date, gboolean iso, char out[32]);

/* Appends @text cut or padded to @width characters (0: as it is),
 * control characters made spaces and invalid UTF-8 replaced: mail
 * decides what these strings hold. */
void mla_listing_append_column (GString *line, const char *text, guint width);

G_END_DECLS
