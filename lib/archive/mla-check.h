/* mla-check.h: mlarc check: schema, raw SHA-256s, key caches, defects
 * and rejects. */
#pragma once
#include <gio/gio.h>
#include "mla-api.h"
#include "mla-archive.h"

G_BEGIN_DECLS

/* One defect or reject found by mla_archive_check(). */
typedef struct MlaCheckEntry {
    const char *volume;     /* the volume file, relative to the archive */
    const char *message_id; /* nullable for rejects */
    const char *source;     /* input file of the message */
    guint64 offset;         /* byte offset in that input */
    const char *code;       /* defect code, or "rejected" */
    const char *detail;
} MlaCheckEntry;

typedef void (*MlaCheckFunc) (const MlaCheckEntry *entry, gpointer user_data);

/* @entry as one line of `mlarc check`: volume, Message-ID ("-" when none),
 * source:offset, code and detail, tab-separated and ending in "\n"; each
 * field escaped (MLA_ESCAPE_FIELD), since mail decides most of them.
 * Returns: (transfer full). */
MLA_API char *mla_check_entry_format (const MlaCheckEntry *entry);

typedef struct MlaCheckStats {
    guint64 messages;
    guint64 defects;
    guint64 rejects;
    guint64 invalid_files; /* XML files that fail the schema or are missing */
    guint64
        raw_mismatches; /* raw bytes whose SHA-256 differs from the record */
} MlaCheckStats;

/* Validates every XML file against @schema_path (nullable: the installed
 * schema, or $MLARC_SCHEMA), verifies the raw bytes against their SHA-256,
 * and calls @func for each defect and reject. Returns FALSE with @error set
 * when the archive cannot be read; problems found are counted in
 * @out_stats, not errors. */
MLA_API gboolean mla_archive_check (MlaArchive *archive,
                                    const char *schema_path, MlaCheckFunc func,
                                    gpointer user_data,
                                    MlaCheckStats *out_stats, GError **error);

G_END_DECLS
