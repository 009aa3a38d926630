/* mla-digest.c: SHA-256 with Nettle. */
#include "config.h"
#include <nettle/sha2.h>
#include "mla-digest-private.h"

G_STATIC_ASSERT (MLA_SHA256_SIZE == SHA256_DIGEST_SIZE);

void
mla_sha256 (const void *data, gsize size, guint8 digest[MLA_SHA256_SIZE])
{
    struct sha256_ctx context;

    sha256_init (&context);
    sha256_update (&context, size, data);
    sha256_digest (&context, MLA_SHA256_SIZE, digest);
}

void
mla_sha256_hex (const void *data, gsize size, char hex[MLA_SHA256_HEX_SIZE])
{
    static const char digits[] = "0123456789abcdef";
    guint8 digest[MLA_SHA256_SIZE];

    mla_sha256 (data, size, digest);
    for (gsize i = 0; i < sizeof digest; i++) {
        hex[2 * i] = digits[digest[i] >> 4];
        hex[2 * i + 1] = digits[digest[i] & 0xf];
    }
    hex[2 * sizeof digest] = '\0';
}
