/* mla-mbox-private.h: what the readers and the message model share about
 * the shape of mail text. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

/* Length of the field name when @s (@n bytes) starts with a header field
 * line ("Name:" or "Name :", RFC 5322 §2.2), else 0. */
gsize mla_field_name_length (const char *s, gsize n);

G_END_DECLS
