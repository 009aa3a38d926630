/* mla-message-ids-private.h: reading msg-ids out of header text, for the
 * message parser (mla-message-headers.c). Not installed. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

/* Trims white space and one pair of angle brackets from @text (nullable).
 * Returns: (transfer full) (nullable): NULL when nothing is left. */
char *mla_message_id_strip (const char *text);

/* The ids of a msg-id list (References, In-Reply-To, Message-ID) in order.
 * Returns: (transfer full): char *, valid UTF-8. */
GPtrArray *mla_message_ids_parse (const char *text);

/* The first id of @text (nullable), as mla_message_ids_parse() reads it.
 * Returns: (transfer full) (nullable). */
char *mla_message_ids_first (const char *text);

G_END_DECLS
