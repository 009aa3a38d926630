/* mla-list-headers.h: the list fields of a message's header (RFC 2369:
 * List-Post, List-Subscribe, List-Unsubscribe, List-Help, List-Archive,
 * List-Owner), read from its raw bytes as the URIs they list, and the
 * posting address they and the List-Id (RFC 2919) give. Plain string
 * work: the header is not decoded, since these fields hold only URIs. */
#pragma once
#include <glib.h>
#include "mla-api.h"

G_BEGIN_DECLS

typedef enum {
    MLA_LIST_POST,
    MLA_LIST_SUBSCRIBE,
    MLA_LIST_UNSUBSCRIBE,
    MLA_LIST_HELP,
    MLA_LIST_ARCHIVE,
    MLA_LIST_OWNER,
    MLA_LIST_N_FIELDS
} MlaListField;

typedef struct MlaListHeaders {
    /* char *: the URIs of each field, in order, without angle brackets or
     * the whitespace folded into them; NULL when the header has no such
     * field (the first one counts) */
    GPtrArray *uris[MLA_LIST_N_FIELDS];
    gboolean no_posting; /* "List-Post: NO": the list takes no posts */
} MlaListHeaders;

/* Reads the list fields of the header of the raw message @data (@size
 * bytes), up to its first empty line. Returns: (transfer full): never
 * NULL; every uris[] NULL when there are none. */
MLA_API MlaListHeaders *mla_list_headers_read (const guint8 *data, gsize size);
MLA_API void mla_list_headers_free (MlaListHeaders *headers);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaListHeaders, mla_list_headers_free)

/* The address of the first mailto: URI of @uris (nullable) that names
 * one address: its path, percent-decoded, without the ?query ("mailto:
 * list@example.org?subject=help" -> "list@example.org"). Returns:
 * (transfer full) (nullable). */
MLA_API char *mla_list_mailto_address (GPtrArray *uris);

/* TRUE when @list_id (nullable; "list.example.org", without brackets)
 * is the List-Id of the posting address @address (nullable;
 * "list@example.org"): the address with its "@" as "." (RFC 2919 §3
 * recommends it), compared without case. */
MLA_API gboolean mla_list_id_names_address (const char *list_id,
                                            const char *address);

G_END_DECLS
