/* mla-defect.h: one thing wrong with one message, kept with the message.
 * Codes are short stable words ("bad-date", "unescaped-from-line"); the
 * list of codes is in doc/archive-format.md. */
#pragma once
#include <glib.h>
#include "mla-api.h"

G_BEGIN_DECLS

typedef struct MlaDefect {
    char *code;   /* owned; e.g. "bad-date" */
    char *detail; /* owned; human-readable, UTF-8 */
} MlaDefect;

/* Returns: (transfer full). */
MLA_API MlaDefect *mla_defect_new (const char *code, const char *format, ...)
    G_GNUC_PRINTF (2, 3);
MLA_API MlaDefect *mla_defect_copy (const MlaDefect *defect);
MLA_API void mla_defect_free (MlaDefect *defect);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaDefect, mla_defect_free)

/* Appends a new defect to @defects (a GPtrArray made with
 * mla_defect_list_new()). */
MLA_API void mla_defect_list_add (GPtrArray *defects, const char *code,
                                  const char *format, ...) G_GNUC_PRINTF (3, 4);
/* Returns: (transfer full): an empty GPtrArray that frees its MlaDefects. */
MLA_API GPtrArray *mla_defect_list_new (void);

G_END_DECLS
