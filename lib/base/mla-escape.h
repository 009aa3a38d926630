/* mla-escape.h: mail text made safe for a terminal or a tab-separated
 * line. Anyone can send mail, so a subject or a body may hold ESC, BEL or
 * C1 controls that set a window's title, write the clipboard (OSC 52) or
 * clear the screen; what mlarc prints of mail goes through here. */
#pragma once
#include <glib.h>
#include "mla-api.h"

G_BEGIN_DECLS

typedef enum {
    /* One line of a terminal (a subject, an address, an id): every control
     * character escaped, TAB and line breaks included. */
    MLA_ESCAPE_LINE,
    /* Lines of text (a body): line breaks and TABs kept, a CR before a line
     * break dropped, every other control character escaped. */
    MLA_ESCAPE_TEXT,
    /* A field of a tab-separated line: as LINE, and '\\' doubled, so that
     * the escapes read back unambiguously. */
    MLA_ESCAPE_FIELD,
} MlaEscapeMode;

/* Appends @text (nullable: nothing) to @out with C0 controls, DEL and C1
 * controls written as "\xHH" (C1 as "\u0080" to "\u009f"), and each byte
 * that is not UTF-8 as "\xHH", as @mode says. */
MLA_API void mla_escape_append (GString *out, const char *text,
                                MlaEscapeMode mode);

/* Returns: (transfer full): @text (nullable: "") escaped as @mode says. */
MLA_API char *mla_escape (const char *text, MlaEscapeMode mode);

G_END_DECLS
