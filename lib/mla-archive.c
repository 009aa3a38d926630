/* mla-archive.c: placeholder until the module lands. */
#include "config.h"
#include "mlarc.h"
MlaArchive *mla_archive_open (const char *path, MlaArchiveOpenFlags flags, GError **error) { mla_throw (error, MLA_ERROR_ARCHIVE, "not yet"); return NULL; }
void mla_archive_free (MlaArchive *archive) {}
gboolean mla_archive_import (MlaArchive *archive, const char *const *inputs, const MlaImportOptions *options, MlaImportStats *out_stats, GError **error) { return FALSE; }
gboolean mla_archive_export_mbox (MlaArchive *archive, GOutputStream *out, GError **error) { return FALSE; }
gboolean mla_archive_check (MlaArchive *archive, const char *schema_path, MlaCheckFunc func, gpointer user_data, MlaCheckStats *out_stats, GError **error) { return FALSE; }
