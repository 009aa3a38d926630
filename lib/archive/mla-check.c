/* mla-check.c: mlarc check: the schema, the raw bytes against their
 * SHA-256, each .keys cache against its volume, and every defect and
 * reject reported. */
#include "config.h"
#include "mla-check.h"
#include <string.h>
#include "mla-digest-private.h"
#include "mla-error.h"
#include "mla-escape.h"
#include "mla-keyset-private.h"
#include "mla-resources-private.h"

typedef struct {
    MlaCheckFunc func;
    gpointer user_data;
    MlaCheckStats *stats;
    GByteArray *buffer;
    MlaKeySet volume_keys; /* the keys of the volume being checked */
} Check;

static void
report_entry (Check *check, const char *volume, const MlaRecord *record,
              const char *code, const char *detail)
{
    MlaCheckEntry entry = { volume,         record->message_id,
                            record->source, record->source_offset,
                            code,           detail };

    if (check->func != NULL)
        check->func (&entry, check->user_data);
}

static void
check_record (Check *check, MlaRecordIter *iter, const MlaRecord *record)
{
    const char *volume = mla_record_iter_get_volume_file (iter);
    char sha256[MLA_SHA256_HEX_SIZE];
    g_autoptr (GError) raw_error = NULL;

    mla_key_set_add_record (&check->volume_keys, record);
    if (record->is_reject) {
        const MlaDefect *why = g_ptr_array_index (record->defects, 0);

        check->stats->rejects++;
        report_entry (check, volume, record, "rejected", why->detail);
        return;
    }
    check->stats->messages++;
    for (guint i = 0; i < record->defects->len; i++) {
        const MlaDefect *defect = g_ptr_array_index (record->defects, i);

        check->stats->defects++;
        report_entry (check, volume, record, defect->code, defect->detail);
    }
    if (!mla_record_iter_read_stored (iter, record, check->buffer,
                                      &raw_error)) {
        check->stats->raw_mismatches++;
        report_entry (check, volume, record, "raw-missing", raw_error->message);
        return;
    }
    mla_sha256_hex (check->buffer->data, check->buffer->len, sha256);
    if (g_strcmp0 (sha256, record->sha256) != 0) {
        check->stats->raw_mismatches++;
        report_entry (check, volume, record, "raw-mismatch",
                      "the stored raw bytes do not match their SHA-256");
    }
}

/* A .keys cache that disagrees with its volume would make imports skip
 * mail or store it twice, so check compares it with the keys of the
 * volume's records, gathered by check_record(). */
static void
check_keys (MlaArchive *archive, const MlaXmlVolumeEntry *volume, Check *check)
{
    g_autofree char *relative = mla_key_set_file_for (archive, volume);
    g_autofree char *keys = mla_archive_file (archive, relative);
    MlaKeySet cached = { 0 };
    const char *problem = NULL;
    struct stat st;

    if (!mla_folder_stat (archive->folder, relative, &st))
        return;
    mla_key_set_init (&cached);
    if (!mla_key_set_load_file (&cached, archive, relative))
        problem = "the .keys file is damaged; imports read the XML instead";
    else if (!mla_key_set_equal (&cached, &check->volume_keys))
        problem = "the .keys file does not match its volume; delete it";
    mla_key_set_clear (&cached);
    if (problem != NULL) {
        MlaCheckEntry entry = { volume->file,    NULL,   keys, 0,
                                "keys-mismatch", problem };

        check->stats->invalid_files++;
        if (check->func != NULL)
            check->func (&entry, check->user_data);
    }
}

char *
mla_check_entry_format (const MlaCheckEntry *entry)
{
    GString *line = g_string_new (NULL);
    g_autofree char *at =
        g_strdup_printf (":%" G_GUINT64_FORMAT "\t", entry->offset);

    mla_escape_append (line, entry->volume, MLA_ESCAPE_FIELD);
    g_string_append_c (line, '\t');
    mla_escape_append (line,
                       entry->message_id != NULL ? entry->message_id : "-",
                       MLA_ESCAPE_FIELD);
    g_string_append_c (line, '\t');
    mla_escape_append (line, entry->source, MLA_ESCAPE_FIELD);
    g_string_append (line, at);
    mla_escape_append (line, entry->code, MLA_ESCAPE_FIELD);
    g_string_append_c (line, '\t');
    mla_escape_append (line, entry->detail, MLA_ESCAPE_FIELD);
    g_string_append_c (line, '\n');
    return g_string_free (line, FALSE);
}

/* The schema is compiled into the library, so that an uninstalled mlarc
 * can check; --schema or $MLARC_SCHEMA name another. */
static GBytes *
load_schema (const char *schema_path, GError **error)
{
    const char *path =
        schema_path != NULL ? schema_path : g_getenv ("MLARC_SCHEMA");
    char *contents = NULL;
    gsize length = 0;

    if (path == NULL)
        return g_resource_lookup_data (mla_resources_get_resource (),
                                       "/org/mlarc/mlarc-archive.rng",
                                       G_RESOURCE_LOOKUP_FLAGS_NONE, error);
    if (!g_file_get_contents (path, &contents, &length, error))
        return NULL;
    return g_bytes_new_take (contents, length);
}

/* Walks volume @index, gathering its keys for check_keys(). A volume that
 * libxml2 cannot read to the end is a problem of the archive, not an
 * error of the check: *@whole says whether it was read to the end. */
static gboolean
check_volume (MlaArchive *archive, guint index, Check *check, GBytes *schema,
              GPtrArray *problems, gboolean *whole, GError **error)
{
    g_autoptr (MlaRecordIter) iter = mla_record_iter_new_volume (
        archive, index, MLA_RECORD_READ_REJECTS, schema, problems);
    g_autoptr (GError) local = NULL;
    const MlaRecord *record;

    *whole = FALSE;
    while (mla_record_iter_next (iter, &record, &local)) {
        if (record == NULL) {
            check->stats->invalid_files +=
                mla_record_iter_get_invalid_files (iter);
            *whole = TRUE;
            return TRUE;
        }
        check_record (check, iter, record);
    }
    if (!g_error_matches (local, MLA_ERROR, MLA_ERROR_XML)) {
        g_propagate_error (error, g_steal_pointer (&local));
        return FALSE;
    }
    check->stats->invalid_files++;
    g_ptr_array_add (problems, g_strdup (local->message));
    return TRUE;
}

gboolean
mla_archive_check (MlaArchive *archive, const char *schema_path,
                   MlaCheckFunc func, gpointer user_data,
                   MlaCheckStats *out_stats, GError **error)
{
    g_autoptr (GBytes) schema = load_schema (schema_path, error);
    g_autoptr (GByteArray) buffer = g_byte_array_new ();
    g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
    g_autofree char *index = mla_archive_file (archive, MLA_ARCHIVE_INDEX_NAME);
    GPtrArray *volumes = mla_archive_get_volumes (archive);
    MlaCheckStats local_stats = { 0 };
    MlaCheckStats *stats = out_stats != NULL ? out_stats : &local_stats;
    Check check = { func, user_data, stats, buffer, { 0 } };

    if (schema == NULL)
        return FALSE;
    memset (stats, 0, sizeof *stats);
    if (!mla_xml_validate_file (index, schema, problems))
        stats->invalid_files++;
    for (guint i = 0; i < volumes->len; i++) {
        gboolean ok, whole;

        mla_key_set_init (&check.volume_keys);
        ok = check_volume (archive, i, &check, schema, problems, &whole, error);
        if (ok && whole)
            check_keys (archive, g_ptr_array_index (volumes, i), &check);
        mla_key_set_clear (&check.volume_keys);
        if (!ok)
            return FALSE;
    }
    for (guint i = 0; i < problems->len && func != NULL; i++) {
        MlaCheckEntry entry = {
            "-", NULL,     archive->path,
            0,   "schema", g_ptr_array_index (problems, i)
        };

        func (&entry, user_data);
    }
    return TRUE;
}
