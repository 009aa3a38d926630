/* mla-export.h: mlarc export: the archive as mboxrd. */
#pragma once
#include <gio/gio.h>
#include "mla-api.h"
#include "mla-archive.h"

G_BEGIN_DECLS

/* Writes every message, in archive order, as mboxrd: its stored From_ line
 * (or "From MAILER-DAEMON <date>" when it had none), the raw bytes with
 * ">+From " lines quoted, and a line break. */
MLA_API gboolean mla_archive_export_mbox (MlaArchive *archive,
                                          GOutputStream *out, GError **error);

G_END_DECLS
