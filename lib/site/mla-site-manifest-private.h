/* mla-site-manifest-private.h: the record of a site's files, read and
 * written by key. It is two files: the base (SITE/.mlarc-site: one line a
 * file, "SHA256 [SIGNATURE] PATH", sorted by path), read through a
 * read-only mapping and looked up by binary search on byte offsets, never
 * parsed whole; and the delta (SITE/.mlarc-site.delta: what changed since
 * the base was written, a line set or "- PATH" removed), read whole on
 * open since it is small. A look-up asks the delta, then the base. The
 * delta's first line stamps the base it applies to (size, modification
 * time, inode, lines; the inode is not compared, so that a copy keeping
 * times is the same base): a base that is not the one the delta names
 * (edited by hand, or left by an older mlarc) is read whole once, its forged
 * lines dropped and its lines sorted, as it always was, and written again
 * at mla_site_manifest_write(). Only mla-site-files.c uses it. Look-ups
 * and iterations are safe from several threads while nothing is set or
 * removed. */
#pragma once
#include <glib.h>
#include "mla-digest-private.h"
#include "mla-folder-private.h"
#include "mla-site.h"

G_BEGIN_DECLS

/* The longest path (bytes, relative) a site file may have: the site's own
 * names stay near 300 (a 180-byte message folder and an attachment's
 * name); a path past PATH_MAX would be one no server or tool could open. */
#define MLA_SITE_PATH_MAX 1024

#define MLA_SITE_MANIFEST_DELTA MLA_SITE_MANIFEST ".delta"

/* The delta is merged into a new base once it holds more than a
 * (1 / MLA_SITE_MANIFEST_MERGE_RATIO) of the base's lines or more than
 * MLA_SITE_MANIFEST_DELTA_MAX bytes: an update then pays for rewriting
 * the base once every so many updates, not every time. */
#define MLA_SITE_MANIFEST_MERGE_RATIO 8
#define MLA_SITE_MANIFEST_DELTA_MAX (4u << 20)

typedef struct MlaSiteManifest MlaSiteManifest;

/* One file of the last build, as its line says. */
typedef struct {
    const char *hash;      /* MLA_SHA256_HEX_SIZE - 1 hex digits, no NUL */
    const char *signature; /* of its sources, no NUL; NULL when not known */
    gsize signature_len;
    char path[MLA_SITE_PATH_MAX + 1];
} MlaSiteEntry;

/* Whether @path is one the site may make: relative, plain names, no
 * backslash, no temporary name (NAME.tmp), none of the site's own files,
 * not longer than MLA_SITE_PATH_MAX. */
gboolean mla_site_manifest_is_safe_path (const char *path);

/* Maps the base and reads the delta of the site folder @folder, which must
 * outlive the result. Returns: (transfer full) (nullable). */
MlaSiteManifest *mla_site_manifest_open (MlaFolder *folder, GError **error);
void mla_site_manifest_free (MlaSiteManifest *manifest);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaSiteManifest, mla_site_manifest_free)

/* Fills @entry with the line of @path: FALSE when there is none. */
gboolean mla_site_manifest_lookup (MlaSiteManifest *manifest, const char *path,
                                   MlaSiteEntry *entry);

/* The lines whose path starts with @prefix ("" for all), in path order,
 * the base's merged with the delta's. */
typedef struct {
    MlaSiteManifest *manifest;
    const char *prefix;
    gsize base_at;  /* offset of the next base line */
    guint delta_at; /* index of the next delta path */
} MlaSiteManifestIter;

void mla_site_manifest_iter_init (MlaSiteManifestIter *iter,
                                  MlaSiteManifest *manifest,
                                  const char *prefix);
gboolean mla_site_manifest_iter_next (MlaSiteManifestIter *iter,
                                      MlaSiteEntry *entry);

/* Records the line of @path (@signature nullable), or its removal, in the
 * delta. Not safe while others look up or iterate. */
void mla_site_manifest_set (MlaSiteManifest *manifest, const char *path,
                            const char *hash, const char *signature);
void mla_site_manifest_remove (MlaSiteManifest *manifest, const char *path);

typedef enum {
    MLA_SITE_MANIFEST_MERGE = 1 << 0, /* write a new base whatever the delta */
} MlaSiteManifestWriteFlags;

/* Writes the delta atomically, or, past the bound (or with
 * MLA_SITE_MANIFEST_MERGE, or when the base must be written again), merges
 * it into a new base in one pass and writes an empty delta after it.
 * Writes nothing when nothing changed. The manifest is then only freed. */
gboolean mla_site_manifest_write (MlaSiteManifest *manifest,
                                  MlaSiteManifestWriteFlags flags,
                                  GError **error);

/* How many files the manifest lists (the base's lines, with the delta's
 * added and removed). */
guint64 mla_site_manifest_count (MlaSiteManifest *manifest);
/* The lines of the base, and of the delta (set or removed). */
guint64 mla_site_manifest_get_base_lines (MlaSiteManifest *manifest);
guint mla_site_manifest_get_delta_lines (MlaSiteManifest *manifest);

G_END_DECLS
