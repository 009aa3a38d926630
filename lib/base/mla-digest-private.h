/* mla-digest-private.h: SHA-256 of raw messages, the archive's identity
 * for a message. Hashing every byte of every import is a large share of
 * its cost, so this uses Nettle (which picks the CPU's SHA instructions at
 * run time) rather than GLib's portable code, about three times slower. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

#define MLA_SHA256_SIZE 32
#define MLA_SHA256_HEX_SIZE 65

/* Writes the SHA-256 of @data (@size bytes) to @digest. */
void mla_sha256 (const void *data, gsize size, guint8 digest[MLA_SHA256_SIZE]);

/* Writes the lower-case hex SHA-256 of @data (@size bytes) and a NUL to @hex.
 */
void mla_sha256_hex (const void *data, gsize size,
                     char hex[MLA_SHA256_HEX_SIZE]);

/* Writes to @hex[i] the hex SHA-256 of @data followed by @suffixes[i], for
 * each of the @n_suffixes suffixes, reading @data once. */
void mla_sha256_hex_suffixed (const void *data, gsize size,
                              const char *const *suffixes, gsize n_suffixes,
                              char hex[][MLA_SHA256_HEX_SIZE]);

/* A SHA-256 fed in pieces, for bytes that are never held whole. */
typedef struct MlaSha256 MlaSha256;

/* Returns: (transfer full). */
MlaSha256 *mla_sha256_new (void);
void mla_sha256_update (MlaSha256 *sha256, const void *data, gsize size);
/* Writes the lower-case hex SHA-256 of the bytes fed so far and a NUL to @hex.
 */
void mla_sha256_get_hex (MlaSha256 *sha256, char hex[MLA_SHA256_HEX_SIZE]);
void mla_sha256_free (MlaSha256 *sha256);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaSha256, mla_sha256_free)

G_END_DECLS
