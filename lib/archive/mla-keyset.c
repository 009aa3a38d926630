/* mla-keyset.c: the key set of stored messages and its .keys cache. */
#include "config.h"
#include <string.h>
#include <glib/gstdio.h>
#include "mla-digest-private.h"
#include "mla-atomic-file-private.h"
#include "mla-keyset-private.h"
#include "mla-memory-private.h"

#define KEY_SIZE 16
#define KEYS_MAGIC "MLAKEYS1"
#define KEYS_RECORD_SIZE (1 + KEY_SIZE)
#define INDEX_NAME "keys.index"

G_STATIC_ASSERT (KEYS_RECORD_SIZE == MLA_KEY_RECORD_SIZE);

static guint
key_hash (gconstpointer key)
{
    guint hash;

    memcpy (&hash, key, sizeof hash);
    return hash;
}

static gboolean
key_equal (gconstpointer a, gconstpointer b)
{
    return memcmp (a, b, KEY_SIZE) == 0;
}

void
mla_key_set_init (MlaKeySet *set)
{
    set->keys = g_string_chunk_new (1 << 16);
    set->sha256s = g_hash_table_new (key_hash, key_equal);
    set->message_ids = g_hash_table_new (key_hash, key_equal);
    set->reject_keys = g_hash_table_new (key_hash, key_equal);
    set->journal = NULL;
    set->separated_sha256s = FALSE;
    set->n_uncovered = 0;
    set->index = NULL;
}

void
mla_key_set_clear (MlaKeySet *set)
{
    g_clear_pointer (&set->sha256s, g_hash_table_unref);
    g_clear_pointer (&set->message_ids, g_hash_table_unref);
    g_clear_pointer (&set->reject_keys, g_hash_table_unref);
    g_clear_pointer (&set->keys, g_string_chunk_free);
    g_clear_pointer (&set->journal, g_byte_array_unref);
    g_clear_pointer (&set->index, mla_key_index_free);
}

static GHashTable *
table_for_kind (MlaKeySet *set, guint8 kind)
{
    switch (kind) {
    case MLA_KEY_SHA256:
        return set->sha256s;
    case MLA_KEY_MESSAGE_ID:
        return set->message_ids;
    case MLA_KEY_REJECT:
        return set->reject_keys;
    default:
        return NULL;
    }
}

gboolean
mla_key_set_contains (MlaKeySet *set, MlaKeyKind kind, const char *text)
{
    guint8 record[1 + MLA_SHA256_SIZE];

    record[0] = (guint8) kind;
    mla_sha256 (text, strlen (text), record + 1);
    return g_hash_table_contains (table_for_kind (set, kind), record + 1) ||
           (set->index != NULL && mla_key_index_contains (set->index, record));
}

gboolean
mla_key_set_contains_message (MlaKeySet *set, const MlaMessage *message)
{
    const MlaLineEnd separators[] = { MLA_LINE_END_LF, MLA_LINE_END_CRLF };

    if (mla_key_set_contains (set, MLA_KEY_SHA256,
                              mla_message_get_sha256 (message)))
        return TRUE;
    for (gsize i = 0; set->separated_sha256s && i < G_N_ELEMENTS (separators);
         i++) {
        const char *sha256 =
            mla_message_get_separated_sha256 (message, separators[i]);

        if (sha256[0] != '\0' &&
            mla_key_set_contains (set, MLA_KEY_SHA256, sha256))
            return TRUE;
    }
    return FALSE;
}

static void
add_key (MlaKeySet *set, guint8 kind, const guint8 *key)
{
    GHashTable *table = table_for_kind (set, kind);

    if (!g_hash_table_contains (table, key))
        g_hash_table_add (table, g_string_chunk_insert_len (
                                     set->keys, (const char *) key, KEY_SIZE));
    /* Every key of the volume, known before or not: the file must say what
     * its volume holds (mlarc check compares them). */
    if (set->journal != NULL) {
        g_byte_array_append (set->journal, &kind, 1);
        g_byte_array_append (set->journal, key, KEY_SIZE);
    }
}

void
mla_key_set_add (MlaKeySet *set, MlaKeyKind kind, const char *text)
{
    guint8 digest[MLA_SHA256_SIZE];

    mla_sha256 (text, strlen (text), digest);
    add_key (set, kind, digest);
}

/* Returns: (transfer full) (nullable): the contents of the whole keys file
 * @relative (its records start after the magic); NULL if it is not one. */
static char *
read_keys_file (MlaKeySet *set, MlaArchive *archive, const char *relative,
                gsize *out_length)
{
    g_autofree char *contents = NULL;
    gsize length = 0;
    const gsize header = strlen (KEYS_MAGIC);

    if (!mla_folder_read_file (archive->folder, relative, &contents, &length,
                               NULL) ||
        length < header || memcmp (contents, KEYS_MAGIC, header) != 0 ||
        (length - header) % KEYS_RECORD_SIZE != 0)
        return NULL;
    for (gsize at = header; at < length; at += KEYS_RECORD_SIZE)
        if (table_for_kind (set, (guint8) contents[at]) == NULL)
            return NULL;
    *out_length = length;
    return g_steal_pointer (&contents);
}

gboolean
mla_key_set_load_file (MlaKeySet *set, MlaArchive *archive,
                       const char *relative)
{
    gsize length = 0;
    g_autofree char *contents =
        read_keys_file (set, archive, relative, &length);

    if (contents == NULL)
        return FALSE;
    for (gsize at = strlen (KEYS_MAGIC); at < length; at += KEYS_RECORD_SIZE)
        add_key (set, (guint8) contents[at],
                 (const guint8 *) contents + at + 1);
    return TRUE;
}

char *
mla_key_set_reject_key (const char *source, guint64 offset, guint index)
{
    return g_strdup_printf ("%s\t%" G_GUINT64_FORMAT "\t%u", source, offset,
                            index);
}

void
mla_key_set_add_record (MlaKeySet *set, const MlaRecord *record)
{
    if (record->is_reject) {
        g_autofree char *key = mla_key_set_reject_key (
            record->source, record->source_offset, record->source_index);

        mla_key_set_add (set, MLA_KEY_REJECT, key);
        return;
    }
    if (record->sha256 != NULL)
        mla_key_set_add (set, MLA_KEY_SHA256, record->sha256);
    if (record->message_id != NULL)
        mla_key_set_add (set, MLA_KEY_MESSAGE_ID, record->message_id);
}

gboolean
mla_key_set_equal (MlaKeySet *a, MlaKeySet *b)
{
    GHashTable *pairs[][2] = { { a->sha256s, b->sha256s },
                               { a->message_ids, b->message_ids },
                               { a->reject_keys, b->reject_keys } };

    for (gsize i = 0; i < G_N_ELEMENTS (pairs); i++) {
        GHashTableIter iter;
        gpointer key;

        if (g_hash_table_size (pairs[i][0]) != g_hash_table_size (pairs[i][1]))
            return FALSE;
        g_hash_table_iter_init (&iter, pairs[i][0]);
        while (g_hash_table_iter_next (&iter, &key, NULL))
            if (!g_hash_table_contains (pairs[i][1], key))
                return FALSE;
    }
    return TRUE;
}

char *
mla_key_set_file_for (MlaArchive *archive, const MlaXmlVolumeEntry *volume)
{
    const char *xml = volume->file;
    gsize length = strlen (xml);

    if (g_str_has_suffix (xml, ".xml"))
        length -= strlen (".xml");
    return g_strdup_printf ("%.*s.keys", (int) length, xml);
}

/* The volume's XML, when its .keys file cannot be used. */
static gboolean
add_volume_records (MlaKeySet *set, MlaArchive *archive, guint index,
                    GError **error)
{
    g_autoptr (MlaRecordIter) iter = mla_record_iter_new_volume (
        archive, index, MLA_RECORD_READ_REJECTS, NULL, NULL);
    const MlaRecord *record;

    while (mla_record_iter_next (iter, &record, error)) {
        if (record == NULL)
            return TRUE;
        mla_key_set_add_record (set, record);
    }
    return FALSE;
}

/* @out[k] (MLA_KEY_COVERAGE_SIZE bytes each) names the first k volumes:
 * their numbers, import times and counts, hashed. */
static GByteArray *
coverages (GPtrArray *volumes)
{
    g_autoptr (GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
    GByteArray *out = g_byte_array_new ();

    for (guint k = 0; k <= volumes->len; k++) {
        g_autoptr (GChecksum) copy = g_checksum_copy (checksum);
        guint8 digest[MLA_SHA256_SIZE];
        gsize length = sizeof digest;

        g_checksum_get_digest (copy, digest, &length);
        g_byte_array_append (out, digest, MLA_KEY_COVERAGE_SIZE);
        if (k < volumes->len) {
            const MlaXmlVolumeEntry *volume = g_ptr_array_index (volumes, k);
            g_autofree char *line = g_strdup_printf (
                "%u\t%s\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT "\n",
                volume->number, volume->imported, volume->messages,
                volume->rejects);

            g_checksum_update (checksum, (const guchar *) line, -1);
        }
    }
    return out;
}

/* Appends the keys of @set's tables to @records, as index records. */
static void
export_records (MlaKeySet *set, GByteArray *records)
{
    const guint8 kinds[] = { MLA_KEY_SHA256, MLA_KEY_MESSAGE_ID,
                             MLA_KEY_REJECT };

    for (gsize i = 0; i < G_N_ELEMENTS (kinds); i++) {
        GHashTableIter iter;
        gpointer key;

        g_hash_table_iter_init (&iter, table_for_kind (set, kinds[i]));
        while (g_hash_table_iter_next (&iter, &key, NULL)) {
            g_byte_array_append (records, &kinds[i], 1);
            g_byte_array_append (records, key, KEY_SIZE);
        }
    }
}

static void
start_journal (MlaKeySet *set)
{
    set->journal = g_byte_array_new ();
    g_byte_array_append (set->journal, (const guint8 *) KEYS_MAGIC,
                         strlen (KEYS_MAGIC));
}

gboolean
mla_key_set_load_archive (MlaKeySet *set, MlaArchive *archive, GError **error)
{
    GPtrArray *volumes = mla_archive_get_volumes (archive);
    g_autofree char *path = mla_archive_file (archive, INDEX_NAME);
    g_autoptr (GByteArray) covers = coverages (volumes);
    guint covered = volumes->len + 1;

    set->index = mla_key_index_open (path);
    /* The index covers the first volumes (those of the last import that
     * updated it); one that covers none of the archive's prefixes is not
     * used, and made again after the next import. */
    while (set->index != NULL && covered-- > 0)
        if (memcmp (mla_key_index_get_coverage (set->index),
                    covers->data + covered * MLA_KEY_COVERAGE_SIZE,
                    MLA_KEY_COVERAGE_SIZE) == 0)
            break;
    if (set->index == NULL || covered > volumes->len) {
        g_clear_pointer (&set->index, mla_key_index_free);
        covered = 0;
    }
    set->n_uncovered = volumes->len - covered;
    for (guint i = 0; i < volumes->len; i++) {
        const MlaXmlVolumeEntry *volume = g_ptr_array_index (volumes, i);
        g_autofree char *keys = mla_key_set_file_for (archive, volume);

        set->separated_sha256s |= volume->keeps_separators;
        if (i >= covered && !mla_key_set_load_file (set, archive, keys) &&
            !add_volume_records (set, archive, i, error))
            return FALSE;
    }
    start_journal (set);
    return TRUE;
}

void
mla_key_set_remove_leftover (MlaArchive *archive)
{
    mla_folder_remove (archive->folder, INDEX_NAME ".tmp", 0);
}

gboolean
mla_key_set_write_merged (MlaArchive *archive, guint first, guint end,
                          const char *relative, GError **error)
{
    MlaKeySet set;
    gboolean ok = TRUE;

    mla_key_set_init (&set);
    start_journal (&set);
    for (guint i = first; ok && i < end; i++) {
        g_autofree char *keys = mla_key_set_file_for (
            archive, g_ptr_array_index (mla_archive_get_volumes (archive), i));

        ok = mla_key_set_load_file (&set, archive, keys) ||
             add_volume_records (&set, archive, i, error);
    }
    ok = ok && mla_key_set_write_journal (&set, archive, relative, error);
    mla_key_set_clear (&set);
    return ok;
}

gboolean
mla_key_set_index_is_due (const MlaKeySet *set)
{
    return set->index == NULL || set->n_uncovered + 1 >= MLA_KEY_INDEX_LAG;
}

gboolean
mla_key_set_update_index (MlaKeySet *set, MlaArchive *archive, GError **error)
{
    GPtrArray *volumes = mla_archive_get_volumes (archive);
    g_autoptr (GByteArray) covers = coverages (volumes);
    g_autoptr (GByteArray) records =
        g_byte_array_sized_new ((g_hash_table_size (set->sha256s) +
                                 g_hash_table_size (set->message_ids) +
                                 g_hash_table_size (set->reject_keys)) *
                                MLA_KEY_RECORD_SIZE);

    export_records (set, records);
    /* The records are all the index needs: the tables, their keys and the
     * journal (written with the volume) go before the records are sorted,
     * at the end of an import, when they are largest. */
    g_clear_pointer (&set->sha256s, g_hash_table_unref);
    g_clear_pointer (&set->message_ids, g_hash_table_unref);
    g_clear_pointer (&set->reject_keys, g_hash_table_unref);
    g_clear_pointer (&set->keys, g_string_chunk_free);
    g_clear_pointer (&set->journal, g_byte_array_unref);
    mla_memory_release ();
    return mla_key_index_write (
        archive->folder, INDEX_NAME, set->index, records,
        covers->data + volumes->len * MLA_KEY_COVERAGE_SIZE, error);
}

gboolean
mla_key_set_write_journal (MlaKeySet *set, MlaArchive *archive,
                           const char *relative, GError **error)
{
    return mla_atomic_file_set_contents (archive->folder, relative,
                                         set->journal->data, set->journal->len,
                                         error);
}
