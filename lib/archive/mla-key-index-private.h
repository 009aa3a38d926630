/* mla-key-index-private.h: the keys of an archive's committed volumes in
 * one sorted file, ARCHIVE/keys.index, so that an import looks them up on
 * disk instead of holding them: its memory stays flat however many messages
 * the archive has. A lookup binary-searches a sparse sample kept in memory
 * (one record in MLA_KEY_INDEX_STEP) and reads one block of the file.
 *
 * The file is derived data: the magic "MLAKIDX1", 16 bytes that say which
 * volumes it covers (mla-keyset.c makes them), then the records sorted and
 * unique. mla-keyset.c uses it for the volumes it covers and reads the
 * .keys files of the others; each import that commits writes it anew. */
#pragma once
#include <glib.h>
#include "mla-folder-private.h"

G_BEGIN_DECLS

#define MLA_KEY_RECORD_SIZE 17 /* a kind byte, then 16 bytes of a SHA-256 */
#define MLA_KEY_COVERAGE_SIZE 16
#define MLA_KEY_INDEX_STEP 256

typedef struct MlaKeyIndex MlaKeyIndex;

/* Opens the index at @path. Returns: (transfer full) (nullable): NULL when
 * it is missing or not a whole index. */
MlaKeyIndex *mla_key_index_open (const char *path);
void mla_key_index_free (MlaKeyIndex *index);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaKeyIndex, mla_key_index_free)

/* Returns: (transfer none): what the index says it covers. */
const guint8 *mla_key_index_get_coverage (MlaKeyIndex *index);

gboolean mla_key_index_contains (MlaKeyIndex *index, const guint8 *record);

/* Writes the index @relative of @folder (atomically): the records of @base
 * (nullable) merged with @records (MLA_KEY_RECORD_SIZE bytes each, any order,
 * repeats allowed; sorted here), saying it covers @coverage. */
gboolean mla_key_index_write (MlaFolder *folder, const char *relative,
                              MlaKeyIndex *base, GByteArray *records,
                              const guint8 *coverage, GError **error);

G_END_DECLS
