/* mla-site-url-private.h: where things live in a built site, and how a
 * Message-ID becomes a folder name that is a permanent URL. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

/* Longer escaped names are hashed: file systems cap a name at 255 bytes. */
#define MLA_SITE_NAME_MAX 180

/* The folder name of @message_id under m/. As public-inbox escapes ids:
 * RFC 3986 path characters are kept (unreserved, sub-delims, ':' and '@'),
 * every other byte is percent-encoded, '/' included. Then, for file
 * systems: '_' is encoded too and starts the two suffixes; "." and ".."
 * are encoded; an id with an upper-case letter gets "_" and 8 hex digits
 * of its SHA-256, so that ids differing only in case never share a folder
 * on a case-insensitive disk; a name over MLA_SITE_NAME_MAX bytes becomes
 * "_h" and 40 hex digits of the SHA-256 (the page shows the full id).
 * Returns: (transfer full). */
char *mla_site_message_dir (const char *message_id);

/* The id a folder name stands for; NULL for a hashed name or a name that
 * mla_site_message_dir() does not make. Returns: (transfer full). */
char *mla_site_message_id_from_dir (const char *name);

/* @path (relative to the site, made of names from this module) as a URL
 * path: '%' written as "%25", so that a server's or browser's decoding
 * gives the file name back. Returns: (transfer full). */
char *mla_site_path_to_href (const char *path);

/* A file name for attachment number @index (from 1) called @filename
 * (nullable): only [A-Za-z0-9._-] kept, no leading dot, at most 100
 * bytes, prefixed with the number, and ending in ".bin" unless it already
 * ends in a harmless extension, so that no attachment can become a page
 * or a script of the site. Returns: (transfer full). */
char *mla_site_attachment_name (guint index, const char *filename);

G_END_DECLS
