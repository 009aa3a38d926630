/* mla-error.h: the MLA_ERROR domain, for failures that stop a run. A bad
 * message is not an error: it is data (a defect or a reject). */
#pragma once
#include <stdarg.h>
#include <glib.h>
#include "mla-api.h"

G_BEGIN_DECLS

#define MLA_ERROR (mla_error_quark ())

typedef enum {
    MLA_ERROR_IO,          /* read/write failure, missing file, full disk */
    MLA_ERROR_NOT_MAIL,    /* an input that holds no mail at all */
    MLA_ERROR_CORRUPT,     /* corrupt compressed input */
    MLA_ERROR_ARCHIVE,     /* archive folder missing, unreadable or invalid */
    MLA_ERROR_XML,         /* XML could not be written or parsed */
    MLA_ERROR_INVALID,     /* bad arguments or options */
    MLA_ERROR_LOCKED,      /* another mlarc holds the archive */
    MLA_ERROR_NOT_FOUND,   /* no message or thread with that id */
    MLA_ERROR_OVERVIEW,    /* the overview database failed */
    MLA_ERROR_QUERY,       /* a search query with bad syntax */
} MlaError;

MLA_API GQuark mla_error_quark (void);

/* Sets @error and returns FALSE, so a failure is one statement. */
static inline gboolean G_GNUC_PRINTF (3, 4)
mla_throw (GError **error, MlaError code, const char *format, ...)
{
    va_list args;

    va_start (args, format);
    g_propagate_error (error, g_error_new_valist (MLA_ERROR, code, format, args));
    va_end (args);
    return FALSE;
}

G_END_DECLS
