/* mla-digest.c: SHA-256 with Nettle. */
#include "config.h"
#include <nettle/sha2.h>
#include "mla-digest-private.h"

void
mla_sha256_hex (const void *data, gsize size, char hex[MLA_SHA256_HEX_SIZE])
{
    static const char digits[] = "0123456789abcdef";
    struct sha256_ctx context;
    guint8 digest[SHA256_DIGEST_SIZE];

    sha256_init (&context);
    sha256_update (&context, size, data);
    sha256_digest (&context, sizeof digest, digest);
    for (gsize i = 0; i < sizeof digest; i++) {
        hex[2 * i] = digits[digest[i] >> 4];
        hex[2 * i + 1] = digits[digest[i] & 0xf];
    }
    hex[2 * sizeof digest] = '\0';
}
