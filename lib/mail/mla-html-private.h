/* mla-html-private.h: HTML to plain text, for messages whose only text
 * part is text/html. Private to lib/ (mla-message.c is the caller). */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

/* Turns @html (UTF-8, @len bytes or NUL-terminated when @len is -1) into
 * plain text: script and style dropped, entities decoded, a line break for
 * every block element and <br>, runs of white space collapsed (kept inside
 * <pre>). Never fails; thread-safe.
 * Returns: (transfer full): UTF-8 text, "" when there is none. */
char *mla_html_to_text (const char *html, gssize len);

G_END_DECLS
