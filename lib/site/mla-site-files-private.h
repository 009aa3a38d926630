/* mla-site-files-private.h: the only writer of a site's files. It keeps a
 * manifest (SITE/.mlarc-site: the SHA-256 and path of every file it made,
 * and for pages the signature of what they were made from) so that a
 * rebuild skips pages whose sources did not change, rewrites only files
 * whose bytes change, and removes
 * the files of the last build that are no longer made. Every file goes to
 * a temporary name and is renamed into place when the build finishes, so
 * that a killed build leaves the previous site usable; no path leaves the
 * site folder, and no symbolic link in it is followed. The manifest is
 * the record of the site: a file it lists is not looked for on disk before
 * it is kept, so that an update costs what changed, not what the site
 * holds (a file removed by hand comes back once the manifest is removed:
 * the next build then checks every file). It is read and written by key
 * (mla-site-manifest-private.h): a sorted base looked up in place and a
 * small delta of what changed since, so that a scoped update
 * (mla_site_files_keep_rest()) reads and writes what it touches. */
#pragma once
#include <glib.h>
#include "mla-folder-private.h"
#include "mla-site-manifest-private.h"
#include "mla-site.h"

G_BEGIN_DECLS

typedef struct MlaSiteFiles MlaSiteFiles;

/* Reads the manifest of the site folder @folder, which must outlive the
 * result. Returns: (transfer full) (nullable). */
MlaSiteFiles *mla_site_files_open (MlaFolder *folder, GError **error);
void mla_site_files_free (MlaSiteFiles *files);
/* Returns: (transfer none): the site folder. */
MlaFolder *mla_site_files_get_folder (MlaSiteFiles *files);
/* Returns: (transfer full): where (relative to the site folder) the bytes
 * @path has in this build are until mla_site_files_finish(): its NAME.tmp
 * when this build wrote it, else the file itself. */
char *mla_site_files_current_path (MlaSiteFiles *files, const char *path);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaSiteFiles, mla_site_files_free)

/* Makes @path (relative, '/'-separated, each part a name this program
 * made) hold @size bytes of @data, writing only when they differ from the
 * last build's, at mla_site_files_finish(). Refuses a temporary name
 * (NAME.tmp), a path over MLA_SITE_PATH_MAX bytes, and a path this build
 * made or kept already. Safe to call from
 * several threads. */
gboolean mla_site_files_put (MlaSiteFiles *files, const char *path,
                             const void *data, gsize size, GError **error);

/* Whether the last build made @path. */
gboolean mla_site_files_had (MlaSiteFiles *files, const char *path);

/* Whether @path can stay as the last build left it: it was made from
 * sources with the same @signature (a hex digest the caller computes from
 * everything the file shows). TRUE again for a path this build kept
 * already. When this returns FALSE, @signature is recorded for @path and
 * the caller makes the file with mla_site_files_put(). Safe to call from
 * several threads; a kept file takes no lock. */
gboolean mla_site_files_keep (MlaSiteFiles *files, const char *path,
                              const char *signature);

/* Makes every file under @folder (ending in '/') again, whatever its
 * signature: mla_site_files_keep() and its kin keep none of them. For
 * what a signature cannot see (an old text that names a Message-ID the
 * address mask now keeps). Call it while no other thread keeps files. */
void mla_site_files_remake (MlaSiteFiles *files, const char *folder);
/* TRUE when @path is under a folder given to mla_site_files_remake(). */
gboolean mla_site_files_is_remade (MlaSiteFiles *files, const char *path);

/* Keeps every file the last build made under @folder (ending in '/'),
 * as mla_site_files_keep() does for one, when all were made from sources
 * with @signature; else keeps none and returns FALSE
 * (@signature is then recorded for each file the caller makes with
 * mla_site_files_keep() and mla_site_files_put()). */
gboolean mla_site_files_keep_folder (MlaSiteFiles *files, const char *folder,
                                     const char *signature);

/* Keeps every file the last build made under @prefix that was made from
 * @signature, as mla_site_files_keep() does for one (the files of a group
 * share one signature: a message's attachments). Returns: how many. */
guint mla_site_files_keep_group (MlaSiteFiles *files, const char *prefix,
                                 const char *signature);

/* Keeps every file the last build made whose path starts with @prefix and
 * that is still there, as it is, whatever it was made from (a search
 * index that cannot be made again on this machine). Returns: how many. */
guint mla_site_files_keep_previous (MlaSiteFiles *files, const char *prefix);

/* Keeps every file the last build made that this one has not claimed,
 * as it is (an update that visited only what changed), but those under
 * @except (nullable; a folder ending in '/' whose files every build
 * claims, as the search index's), which go as in a full build. Call it
 * once every page is made, before mla_site_files_finish(), which then
 * writes only what changed into the manifest's delta (merging it into the
 * base once it grows past a bound). */
void mla_site_files_keep_rest (MlaSiteFiles *files, const char *except);

/* Removes @path, a file of the last build, at mla_site_files_finish()
 * unless this build makes or keeps it (a scoped update's page that is no
 * longer made; a full build removes those by itself). Safe to call from
 * several threads. */
void mla_site_files_remove (MlaSiteFiles *files, const char *path);

/* Renames the files written into place (new ones first), removes what the
 * last build made and this one did not (after mla_site_files_keep_rest(),
 * only those under its @except and those given to
 * mla_site_files_remove()), writes the manifest,
 * and adds the counts to @stats. A full build leaves a new base and an
 * empty delta: the manifest it leaves is the same whatever came before. */
gboolean mla_site_files_finish (MlaSiteFiles *files, MlaSiteStats *stats,
                                GError **error);

G_END_DECLS
