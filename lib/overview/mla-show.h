/* mla-show.h: one stored message found by its Message-ID through the
 * overview: readable, raw, its whole thread as mboxrd, or the patch series
 * its thread holds. */
#pragma once
#include <gio/gio.h>
#include "mla-api.h"
#include "mla-archive.h"
#include "mla-overview.h"

G_BEGIN_DECLS

typedef enum {
    MLA_SHOW_TEXT,        /* headers and body text */
    MLA_SHOW_RAW,         /* the exact stored bytes */
    MLA_SHOW_THREAD_MBOX, /* every message of its thread, by date, as mboxrd */
    MLA_SHOW_SERIES,      /* the patch series of its thread, as b4 am writes
                           * it, as mboxrd (for git am) */
} MlaShowMode;

/* Writes the message(s) with @message_id (angle brackets allowed) to
 * @out. Several messages may share an id: TEXT shows each, RAW the first
 * stored and tells @notice (nullable) so. An id that no message has but
 * a thread does (16 hex digits: `mlarc threads --ids`, the site's t/ID/)
 * names that thread's messages by date: TEXT shows each, RAW the first,
 * THREAD_MBOX and SERIES the thread's. Fails with MLA_ERROR_NOT_FOUND
 * for an unknown id. */
MLA_API gboolean mla_show (MlaArchive *archive, MlaOverview *overview,
                           const char *message_id, MlaShowMode mode,
                           MlaNoticeFunc notice, gpointer notice_data,
                           GOutputStream *out, GError **error);

/* Writes @entries (@n of them) as mboxrd, in the order given. */
MLA_API gboolean mla_show_write_mbox (MlaArchive *archive,
                                      const MlaOverviewEntry *const *entries,
                                      guint n, GOutputStream *out,
                                      GError **error);

G_END_DECLS
