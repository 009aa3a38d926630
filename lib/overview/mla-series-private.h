/* mla-series-private.h: a patch series in a thread, as `b4 am` takes it:
 * the newest revision's patches in order, without the cover letter and
 * review replies, with the trailers given in replies added to each patch
 * (mla-series.c). mla-show.c writes it for `mlarc show --series`. */
#pragma once
#include <gio/gio.h>
#include "mla-archive.h"
#include "mla-overview.h"

G_BEGIN_DECLS

/* What a subject's bracketed prefixes say of a patch: "[PATCH v2 3/5]". */
typedef struct MlaPatchSubject {
    guint version; /* 1 without "vN" */
    guint number;  /* 0 for a cover letter; 1 for a lone "[PATCH]" */
    guint total;   /* 1 for a lone "[PATCH]" */
} MlaPatchSubject;

/* Whether @subject (nullable) is that of a patch or a cover letter: a
 * bracketed prefix holding the word PATCH, and no "Re:" before it. */
gboolean mla_patch_subject_parse (const char *subject, MlaPatchSubject *out);

/* The trailer of @line (one line of a reply, no line break) that a
 * series takes from replies ("Reviewed-by: Ann <a@x>", its name written
 * as the table writes it), or NULL: quoted lines give none.
 * Returns: (transfer full) (nullable). */
char *mla_series_trailer (const char *line);

/* @raw (a patch's exact bytes) with @trailers (char *, whole lines) that
 * it does not hold yet added after its last trailer, before the "---"
 * line that ends the commit message. NULL when they cannot be added in
 * place: no "---" line, or a body that is encoded (base64,
 * quoted-printable) or in MIME parts. Returns: (transfer full)
 * (nullable). */
GByteArray *mla_series_add_trailers (const guint8 *raw, gsize size,
                                     GPtrArray *trailers);

/* Whether @entries (const MlaOverviewEntry *, a thread's messages by
 * date) hold a series whose newest revision has all its patches. */
gboolean mla_series_is_complete (GPtrArray *entries);

/* Writes the series that @entries (const MlaOverviewEntry *, a thread's
 * messages by date; @message_id names one, for errors) hold to @out as
 * mboxrd, as mla_series_write() does. Safe to call from several threads
 * on one overview. */
gboolean mla_series_write_entries (MlaArchive *archive, MlaOverview *overview,
                                   GPtrArray *entries, const char *message_id,
                                   MlaNoticeFunc notice, gpointer notice_data,
                                   GOutputStream *out, GError **error);

/* Writes the series of the thread of the message @entry to @out as
 * mboxrd. Fails with MLA_ERROR_NOT_FOUND when the thread holds no patch or
 * a patch of its newest revision is missing; @notice (nullable) hears of
 * trailers that could not be added. */
gboolean mla_series_write (MlaArchive *archive, MlaOverview *overview,
                           const MlaOverviewEntry *entry, MlaNoticeFunc notice,
                           gpointer notice_data, GOutputStream *out,
                           GError **error);

G_END_DECLS
