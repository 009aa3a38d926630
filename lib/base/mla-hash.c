/* mla-hash.c: a string hash for large tables (mla-hash-private.h). */
#include "config.h"
#include <string.h>
#include "mla-hash-private.h"

/* The finaliser of SplitMix64: every input bit reaches every output bit. */
static guint64
mix (guint64 h)
{
    h ^= h >> 30;
    h *= G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
    h ^= h >> 27;
    h *= G_GUINT64_CONSTANT (0x94d049bb133111eb);
    return h ^ (h >> 31);
}

guint
mla_str_hash (gconstpointer key)
{
    const guchar *p = key;
    gsize n = strlen (key);
    guint64 h = G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) ^ n;
    guint64 word;

    for (; n >= 8; p += 8, n -= 8) {
        memcpy (&word, p, 8);
        h = (h ^ word) * G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
        h ^= h >> 32;
    }
    word = 0;
    memcpy (&word, p, n);
    h = mix (h ^ word);
    return (guint) (h ^ (h >> 32));
}
