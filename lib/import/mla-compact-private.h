/* mla-compact-private.h: the volume rewriting of mlarc compact, shared
 * with mlarc remove (mla-remove.c): volumes written anew under new names,
 * committed by the index, the old files deleted after the commit. */
#pragma once
#include "mla-archive-private.h"
#include "mla-xml-merge-private.h"

G_BEGIN_DECLS

/* The messages to leave out of one volume. */
typedef struct MlaVolumeCuts {
    guint index;             /* of the volume in the archive's list */
    const MlaRawSpan *spans; /* their raw bytes, by offset */
    guint n_spans;
} MlaVolumeCuts;

/* Deletes the files of volumes/ and raw/ named like a volume's that the
 * index does not list: leftovers of an interrupted import, compaction or
 * removal (the old files of a committed removal hold what it removed).
 * The caller holds the archive lock and has read the index anew. */
void mla_archive_remove_unlisted (MlaArchive *archive);

/* Writes each volume of @cuts (@n_cuts, by index) anew without the
 * messages its spans name, under a new name (000007.xml -> 000007.1.xml,
 * its number and import time kept), and commits them by the index, which
 * also lists @removals (MlaXmlRemoval *, taken). Then deletes the old
 * files and writes the key caches and keys.index anew. The overview is
 * left to the caller, who holds the archive lock and the overview lock
 * and has read the index anew. Killed before the commit, the archive is
 * the old one; after it, the new one; the next rewrite or compaction
 * deletes the leftovers. */
gboolean mla_archive_rewrite_locked (MlaArchive *archive,
                                     const MlaVolumeCuts *cuts, guint n_cuts,
                                     GPtrArray *removals, GError **error);

G_END_DECLS
