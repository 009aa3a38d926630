/* mla-error.c: the MLA_ERROR quark, and which errors are temporary. */
#include "config.h"
#include <errno.h>
#include <gio/gio.h>
#include "mla-error.h"

G_DEFINE_QUARK (mla - error - quark, mla_error)

MlaError
mla_error_from_errno (int errsv)
{
    switch (errsv) {
    case ENOSPC:
#ifdef EDQUOT
    case EDQUOT:
#endif
    case ENOMEM:
    case EAGAIN:
#if defined(EWOULDBLOCK) && EWOULDBLOCK != EAGAIN
    case EWOULDBLOCK:
#endif
    case EINTR:
    case ENFILE:
    case EMFILE:
        return MLA_ERROR_TEMPORARY;
    default:
        return MLA_ERROR_IO;
    }
}

gboolean
mla_error_is_temporary (const GError *error)
{
    if (error == NULL)
        return FALSE;
    if (error->domain == MLA_ERROR)
        return error->code == MLA_ERROR_TEMPORARY ||
               error->code == MLA_ERROR_LOCKED ||
               error->code == MLA_ERROR_CHANGED;
    if (error->domain == G_IO_ERROR)
        return error->code == G_IO_ERROR_NO_SPACE ||
               error->code == G_IO_ERROR_CANCELLED ||
               error->code == G_IO_ERROR_WOULD_BLOCK ||
               error->code == G_IO_ERROR_BUSY ||
               error->code == G_IO_ERROR_TOO_MANY_OPEN_FILES;
    if (error->domain == G_FILE_ERROR)
        return error->code == G_FILE_ERROR_NOSPC ||
               error->code == G_FILE_ERROR_NOMEM ||
               error->code == G_FILE_ERROR_AGAIN ||
               error->code == G_FILE_ERROR_INTR ||
               error->code == G_FILE_ERROR_MFILE ||
               error->code == G_FILE_ERROR_NFILE;
    return FALSE;
}
