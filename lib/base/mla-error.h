/* mla-error.h: the MLA_ERROR domain, for failures that stop a run. A bad
 * message is not an error: it is data (a defect or a reject). */
#pragma once
#include <stdarg.h>
#include <glib.h>
#include "mla-api.h"

G_BEGIN_DECLS

#define MLA_ERROR (mla_error_quark ())

typedef enum {
    MLA_ERROR_IO,        /* read/write failure, missing file, full disk */
    MLA_ERROR_NOT_MAIL,  /* an input that holds no mail at all */
    MLA_ERROR_CORRUPT,   /* corrupt compressed input */
    MLA_ERROR_ARCHIVE,   /* archive folder missing, unreadable or invalid */
    MLA_ERROR_XML,       /* XML could not be written or parsed */
    MLA_ERROR_INVALID,   /* bad arguments or options */
    MLA_ERROR_LOCKED,    /* another mlarc holds the archive */
    MLA_ERROR_NOT_FOUND, /* no message or thread with that id */
    MLA_ERROR_OVERVIEW,  /* the overview database failed */
    MLA_ERROR_QUERY,     /* a search query with bad syntax */
    MLA_ERROR_TEMPORARY, /* may pass if tried again later: a full disk or quota,
                          * no memory, a resource busy, an interrupted run */
    MLA_ERROR_CHANGED,   /* a reader lost what it was reading to a writer (a
                          * compaction deletes the volumes it merged): a new
                          * run reads the new archive */
} MlaError;

MLA_API GQuark mla_error_quark (void);

/* MLA_ERROR_TEMPORARY for an errno that may pass (ENOSPC, EDQUOT, ENOMEM,
 * EAGAIN, EINTR, ENFILE, EMFILE), else MLA_ERROR_IO. */
MLA_API MlaError mla_error_from_errno (int errsv);

/* Whether a run that failed with @error may succeed if tried again later
 * unchanged: MLA_ERROR_TEMPORARY, MLA_ERROR_LOCKED, MLA_ERROR_CHANGED, and
 * GIO's and GLib's codes for a full disk, no memory, would-block and
 * cancellation. A mail server retries such a delivery (sysexits.h's
 * EX_TEMPFAIL) instead of bouncing it. */
MLA_API gboolean mla_error_is_temporary (const GError *error);

/* Sets @error and returns FALSE, so a failure is one statement. */
static inline gboolean G_GNUC_PRINTF (3, 4)
    mla_throw (GError **error, MlaError code, const char *format, ...)
{
    va_list args;

    va_start (args, format);
    g_propagate_error (error,
                       g_error_new_valist (MLA_ERROR, code, format, args));
    va_end (args);
    return FALSE;
}

/* Sets @error to "@path: what @errsv means", coded by
 * mla_error_from_errno(), and returns FALSE. */
static inline gboolean
mla_throw_errno (GError **error, int errsv, const char *path)
{
    return mla_throw (error, mla_error_from_errno (errsv), "%s: %s", path,
                      g_strerror (errsv));
}

G_END_DECLS
