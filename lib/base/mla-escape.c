/* mla-escape.c: control characters from mail escaped before they reach a
 * terminal or a tab-separated line. */
#include "config.h"
#include <string.h>
#include "mla-escape.h"

/* The length of the run at @p that needs no escape: printable ASCII and
 * valid UTF-8 that is not a C1 control (most text is one run). */
static gsize
plain_run (const char *p, MlaEscapeMode mode)
{
    const char *start = p;

    for (;;) {
        guchar c = (guchar) *p;
        gunichar u;

        if (c >= 0x20 && c < 0x7f && !(c == '\\' && mode == MLA_ESCAPE_FIELD)) {
            p++;
            continue;
        }
        if (c < 0x80)
            return p - start;
        u = g_utf8_get_char_validated (p, -1);
        if (u == (gunichar) -1 || u == (gunichar) -2 || (u >= 0x80 && u < 0xa0))
            return p - start;
        p = g_utf8_next_char (p);
    }
}

void
mla_escape_append (GString *out, const char *text, MlaEscapeMode mode)
{
    const char *p = text;

    g_return_if_fail (out != NULL);
    if (text == NULL)
        return;
    while (*p != '\0') {
        gsize run = plain_run (p, mode);
        guchar c;
        gunichar u;

        g_string_append_len (out, p, run);
        p += run;
        c = (guchar) *p;
        if (c == '\0')
            break;
        if (mode == MLA_ESCAPE_TEXT &&
            (c == '\n' || c == '\t' || (c == '\r' && p[1] == '\n'))) {
            if (c != '\r')
                g_string_append_c (out, (char) c);
            p++;
        } else if (c == '\\') {
            g_string_append (out, "\\\\");
            p++;
        } else if (c < 0x80) {
            g_string_append_printf (out, "\\x%02x", c);
            p++;
        } else if ((u = g_utf8_get_char_validated (p, -1)) < 0xa0) {
            /* A C1 control (valid UTF-8 that plain_run() stopped at). */
            g_string_append_printf (out, "\\u%04x", u);
            p = g_utf8_next_char (p);
        } else {
            g_string_append_printf (out, "\\x%02x", c);
            p++;
        }
    }
}

char *
mla_escape (const char *text, MlaEscapeMode mode)
{
    GString *out = g_string_new (NULL);

    mla_escape_append (out, text, mode);
    return g_string_free (out, FALSE);
}
