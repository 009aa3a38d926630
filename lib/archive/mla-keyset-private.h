/* mla-keyset-private.h: what the archive holds already, so that an import
 * stores each message once: the SHA-256 of stored raw bytes, the stored
 * Message-IDs and the stored rejects. Each key is the first 16 bytes of the
 * SHA-256 of its text (collisions are out of reach at 128 bits). The keys
 * of committed volumes are looked up on disk (mla-key-index-private.h);
 * only the keys added since are held in memory.
 *
 * volumes/NNNNNN.keys caches the keys of a volume, so that the next import
 * need not re-read its XML: the magic, then records of a kind byte and a
 * key. When it is missing or damaged the XML is read instead. */
#pragma once
#include <glib.h>
#include "mla-archive-private.h"
#include "mla-key-index-private.h"
#include "mla-record-private.h"

G_BEGIN_DECLS

typedef enum {
    MLA_KEY_SHA256 = 's',
    MLA_KEY_MESSAGE_ID = 'i',
    MLA_KEY_REJECT = 'r',
} MlaKeyKind;

typedef struct MlaKeySet {
    MlaKeyIndex *index;  /* nullable: the committed volumes' keys, on disk */
    GStringChunk *keys;  /* the key bytes of the keys below */
    GHashTable *sha256s; /* raw SHA-256 of messages added in memory */
    GHashTable *message_ids;
    GHashTable
        *reject_keys; /* "source\toffset\tindex" of rejects added in memory */
    GByteArray *journal; /* nullable: keys added since the journal started */
    gboolean separated_sha256s; /* a volume is older than raw-rule="message" */
    guint n_uncovered;          /* volumes whose keys the index does not hold */
} MlaKeySet;

/* An import writes keys.index anew only once this many volumes would be
 * left out of it: writing it costs the size of the archive, while the
 * volumes it leaves out cost the next imports one small .keys file each. */
#define MLA_KEY_INDEX_LAG 16

void mla_key_set_init (MlaKeySet *set);
void mla_key_set_clear (MlaKeySet *set);

gboolean mla_key_set_contains (MlaKeySet *set, MlaKeyKind kind,
                               const char *text);
/* TRUE if the raw bytes of @message are stored: under its SHA-256, or, in
 * an archive with volumes older than raw-rule="message", under the SHA-256
 * its bytes had there with an mbox separator line. */
gboolean mla_key_set_contains_message (MlaKeySet *set,
                                       const MlaMessage *message);
void mla_key_set_add (MlaKeySet *set, MlaKeyKind kind, const char *text);
/* Adds the keys of one stored record (message or reject). */
void mla_key_set_add_record (MlaKeySet *set, const MlaRecord *record);
gboolean mla_key_set_equal (MlaKeySet *a, MlaKeySet *b);

/* The key of a reject: where it was read. Returns: (transfer full). */
char *mla_key_set_reject_key (const char *source, guint64 offset, guint index);

/* Adds the keys of the .keys file @relative of @archive; FALSE (nothing
 * added) when it is missing or not a whole keys file. */
gboolean mla_key_set_load_file (MlaKeySet *set, MlaArchive *archive,
                                const char *relative);

/* Returns: (transfer full): the .keys file of @volume, relative to the
 * archive folder. */
char *mla_key_set_file_for (MlaArchive *archive,
                            const MlaXmlVolumeEntry *volume);

/* Makes the keys of every volume of @archive known: those of the volumes
 * that ARCHIVE/keys.index covers stay on disk; those of the volumes after
 * them (none, once an import has updated the index) are read into memory
 * from their .keys files, or the XML where these are missing. Then starts
 * the journal: keys added from now on are what
 * mla_key_set_write_journal() writes for the new volume. */
gboolean mla_key_set_load_archive (MlaKeySet *set, MlaArchive *archive,
                                   GError **error);
/* Whether an import that commits one more volume should write the index
 * (mla_key_set_update_index()): when the archive has none that can be
 * used, or it would leave MLA_KEY_INDEX_LAG volumes out. */
gboolean mla_key_set_index_is_due (const MlaKeySet *set);
/* After a commit: merges the keys held in memory into ARCHIVE/keys.index,
 * which then covers every volume of @archive. The index is derived data:
 * a failure loses nothing (the next import reads the .keys files). It
 * frees the keys held in memory as it takes them: afterwards only
 * mla_key_set_clear() may be called on @set. */
gboolean mla_key_set_update_index (MlaKeySet *set, MlaArchive *archive,
                                   GError **error);
/* Writes @relative, the .keys file of a volume merged from the volumes at
 * indices [@first, @end) of @archive: their keys, in order. */
gboolean mla_key_set_write_merged (MlaArchive *archive, guint first, guint end,
                                   const char *relative, GError **error);
/* Removes the temporary file of a key index update that was killed after
 * its import committed (the next import may add nothing, and so write no
 * index). The caller holds the archive lock. */
void mla_key_set_remove_leftover (MlaArchive *archive);
/* Writes the keys added since the load as @relative of @archive. */
gboolean mla_key_set_write_journal (MlaKeySet *set, MlaArchive *archive,
                                    const char *relative, GError **error);

G_END_DECLS
