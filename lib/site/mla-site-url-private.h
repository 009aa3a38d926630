/* mla-site-url-private.h: where things live in a built site, and how a
 * Message-ID becomes the folder of its permanent URL (doc/archive-format.md,
 * section 12). */
#pragma once
#include <glib.h>
#include "mla-folder-private.h"
#include "mla-overview.h"

G_BEGIN_DECLS

/* Longer names are hashed: file systems cap a name at 255 bytes. */
#define MLA_SITE_NAME_MAX 180

/* The folder name under m/ that @message_id asks for: the id itself, so
 * that its URL is the id escaped as public-inbox escapes it and a web
 * server's decoding of that URL gives the folder back. Only bytes a file
 * name cannot or should not hold are percent-encoded: '/', '\\', space,
 * control characters and DEL. "." and ".." become "%2E" and "%2E%2E"; a
 * name over MLA_SITE_NAME_MAX bytes becomes "_h" and 40 hex digits of the
 * id's SHA-256. mla_site_assign_names() decides the name a message gets.
 * Returns: (transfer full). */
char *mla_site_message_name (const char *message_id);

/* The folder name sites had before names were recorded: every byte outside RFC
 * 3986's pchar and '_' percent-encoded,
 * "_" and 8 hex digits of the SHA-256 appended to an id with an upper-case
 * letter. Only for the pages that send readers from there to the name of
 * today. Returns: (transfer full). */
char *mla_site_legacy_message_name (const char *message_id);

/* The folder name under m/ of every entry of @threads. A Message-ID
 * recorded in @overview keeps its name; a published entry whose id has
 * none gets mla_site_message_name(), or, when a name already taken has
 * the same mla_folder_name_key(), that name and "_" and 8 hex digits of the
 * id's SHA-256 (and "-2", "-3"... while still taken). Entries are taken
 * in archive order, so only the message that arrives later gets a suffix;
 * the new names are recorded. An unpublished entry's name is not.
 * @partial: @threads holds part of the archive; the names of other ids
 * are looked up one by one instead of read whole.
 * Returns: (transfer full) (nullable): one char * per entry. */
char **mla_site_assign_names (MlaOverview *overview,
                              MlaOverviewThreads *threads,
                              const gboolean *published, gboolean partial,
                              GError **error);

/* @path (relative to the site, made of names from this module) as a URL
 * path: every byte but '/' and those public-inbox leaves as they are
 * (letters, digits and "-._~!$&'()*+,;=:@") percent-encoded, so that a
 * server's or browser's decoding gives the file name back.
 * Returns: (transfer full). */
char *mla_site_path_to_href (const char *path);

/* A file name for attachment number @index (from 1) called @filename
 * (nullable): only [A-Za-z0-9._-] kept, no leading dot, at most 100
 * bytes, prefixed with the number, and ending in ".bin" unless it already
 * ends in a harmless extension, so that no attachment can become a page
 * or a script of the site. Returns: (transfer full). */
char *mla_site_attachment_name (guint index, const char *filename);

/* The start of every Atom id of a site, a tag URI (RFC 4151):
 * "tag:AUTHORITY,DATE:PATH", to which a feed adds "messages", "threads",
 * "t/THREAD" or "m/MESSAGE-ID" (as an URL path). AUTHORITY is the host of
 * @base_url (nullable) when it has a DNS name, PATH then its path ("/"
 * and "/lkml/" end in '/'); else the List-Id @list_id (nullable) when it
 * is a DNS name; else the base name of @archive_path, each character but
 * letters and digits made '-', under ".mlarc.invalid"; lower-cased. DATE
 * is the day @day starts with ("YYYY-MM-DD...", nullable), else
 * 1970-01-01. Returns: (transfer full). */
char *mla_site_feed_tag (const char *base_url, const char *list_id,
                         const char *archive_path, const char *day);

G_END_DECLS
