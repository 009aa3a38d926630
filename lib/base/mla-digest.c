/* mla-digest.c: SHA-256 with Nettle. */
#include "config.h"
#include <string.h>
#include <nettle/sha2.h>
#include "mla-digest-private.h"

G_STATIC_ASSERT (MLA_SHA256_SIZE == SHA256_DIGEST_SIZE);

struct MlaSha256 {
    struct sha256_ctx context;
};

void
mla_sha256 (const void *data, gsize size, guint8 digest[MLA_SHA256_SIZE])
{
    struct sha256_ctx context;

    sha256_init (&context);
    sha256_update (&context, size, data);
    sha256_digest (&context, MLA_SHA256_SIZE, digest);
}

static void
to_hex (const guint8 digest[MLA_SHA256_SIZE], char hex[MLA_SHA256_HEX_SIZE])
{
    static const char digits[] = "0123456789abcdef";

    for (gsize i = 0; i < MLA_SHA256_SIZE; i++) {
        hex[2 * i] = digits[digest[i] >> 4];
        hex[2 * i + 1] = digits[digest[i] & 0xf];
    }
    hex[2 * MLA_SHA256_SIZE] = '\0';
}

void
mla_sha256_hex (const void *data, gsize size, char hex[MLA_SHA256_HEX_SIZE])
{
    guint8 digest[MLA_SHA256_SIZE];

    mla_sha256 (data, size, digest);
    to_hex (digest, hex);
}

MlaSha256 *
mla_sha256_new (void)
{
    MlaSha256 *sha256 = g_new (MlaSha256, 1);

    sha256_init (&sha256->context);
    return sha256;
}

void
mla_sha256_update (MlaSha256 *sha256, const void *data, gsize size)
{
    sha256_update (&sha256->context, size, data);
}

void
mla_sha256_get_hex (MlaSha256 *sha256, char hex[MLA_SHA256_HEX_SIZE])
{
    guint8 digest[MLA_SHA256_SIZE];

    sha256_digest (&sha256->context, MLA_SHA256_SIZE, digest);
    to_hex (digest, hex);
}

void
mla_sha256_free (MlaSha256 *sha256)
{
    g_free (sha256);
}

void
mla_sha256_hex_suffixed (const void *data, gsize size,
                         const char *const *suffixes, gsize n_suffixes,
                         char hex[][MLA_SHA256_HEX_SIZE])
{
    struct sha256_ctx context;
    guint8 digest[MLA_SHA256_SIZE];

    sha256_init (&context);
    sha256_update (&context, size, data);
    for (gsize i = 0; i < n_suffixes; i++) {
        struct sha256_ctx more = context;

        sha256_update (&more, strlen (suffixes[i]),
                       (const guint8 *) suffixes[i]);
        sha256_digest (&more, MLA_SHA256_SIZE, digest);
        to_hex (digest, hex[i]);
    }
}
