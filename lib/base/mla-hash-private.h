/* mla-hash-private.h: the hash of the tables keyed by Message-IDs and
 * names. Owns nothing but the function: g_str_hash() reads a byte at a
 * time, and an update hashes a few million ids of forty bytes. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

/* A GHashFunc for NUL-terminated strings, equal where g_str_equal() is:
 * eight bytes at a time. Not stable across machines of other byte order
 * (nothing may store it). */
guint mla_str_hash (gconstpointer key);

G_END_DECLS
