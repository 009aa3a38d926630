/* mla-message-ids.c: msg-id lists (Message-ID, In-Reply-To, References)
 * read from header text: plain string work, no GMime. */
#include "config.h"
#include <string.h>
#include "mla-message-ids-private.h"

/* Whether @c may be part of an id. An id is one canonical string
 * everywhere (the model, the key cache, the XML, the overview, the site):
 * so it holds no character that one of them would drop or that a
 * terminal would obey (C0 and C1 controls, DEL) and none that XML cannot
 * hold (U+FFFE, U+FFFF); spaces only where @spaces says. */
static gboolean
id_char (gunichar c, gboolean spaces)
{
    if (c == ' ')
        return spaces;
    return !(c < 0x20 || (c >= 0x7f && c < 0xa0) || c == 0xfffe || c == 0xffff);
}

/* @len bytes of @text made an id: valid UTF-8 (U+FFFD for what is not),
 * without the characters id_char() refuses. Returns: (transfer full). */
static char *
canonical (const char *text, gssize len, gboolean spaces)
{
    g_autofree char *valid = g_utf8_make_valid (text, len);
    GString *id = g_string_sized_new (strlen (valid));

    for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p)) {
        const char *next = g_utf8_next_char (p);

        if (id_char (g_utf8_get_char (p), spaces))
            g_string_append_len (id, p, next - p);
    }
    return g_string_free (id, FALSE);
}

/* Trims white space and one pair of angle brackets. Returns: (transfer full)
 * (nullable): NULL when nothing is left. */
char *
mla_message_id_strip (const char *text)
{
    g_autofree char *id = NULL;
    gsize len;

    if (text == NULL)
        return NULL;
    id = g_strstrip (canonical (text, -1, TRUE));
    len = strlen (id);
    if (len >= 2 && id[0] == '<' && id[len - 1] == '>') {
        id[len - 1] = '\0';
        memmove (id, id + 1, len - 1);
        g_strstrip (id);
    }
    if (*id == '\0')
        return NULL;
    return g_steal_pointer (&id);
}

/* Skips a comment, nested ones and quoted pairs included, or a quoted
 * string (RFC 5322 §3.2.2, §3.2.4) at @p. Returns: what follows it. */
static const char *
skip_comment (const char *p)
{
    char open = *p, close = open == '(' ? ')' : '"';
    int depth = 1;

    for (p++; *p != '\0'; p++) {
        if (*p == '\\' && p[1] != '\0')
            p++;
        else if (open == '(' && *p == '(')
            depth++;
        else if (*p == close && --depth == 0)
            return p + 1;
    }
    return p;
}

/* Adds the bytes from @start to @end as an id, white space (folding) and
 * what id_char() refuses taken out, to @ids; an empty token is no id. */
static void
add_id (GPtrArray *ids, const char *start, const char *end)
{
    char *id = canonical (start, end - start, FALSE);

    if (*id == '\0') {
        g_free (id);
        return;
    }
    g_ptr_array_add (ids, id);
}

/* The ids of a msg-id list (References, In-Reply-To, Message-ID) in order:
 * every <...> token, whatever it holds, since real headers carry ids
 * without '@' ("<yes>", typed into git send-email's prompt) and what
 * follows them is still an id; g_mime_references_parse() drops all that
 * follows such an id. Comments, quoted strings and other text between the
 * tokens ("Jane's message of ...") are skipped; a header with no '<' is
 * read as bare ids, its words with an '@'. An unclosed '<' runs to the
 * next white space. Returns: (transfer full): char *, valid UTF-8. */
GPtrArray *
mla_message_ids_parse (const char *text)
{
    GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
    gboolean bracketed = text != NULL && strchr (text, '<') != NULL;
    const char *p = text != NULL ? text : "";

    while (*p != '\0') {
        const char *start = p, *end;

        if (g_ascii_isspace (*p)) {
            p++;
        } else if (*p == '(' || *p == '"') {
            p = skip_comment (p);
        } else if (*p == '<') {
            start = p + 1;
            end = start + strcspn (start, "<>");
            if (*end != '>')
                end = start + strcspn (start, "<> \t\r\n");
            add_id (ids, start, end);
            p = *end == '>' ? end + 1 : end;
        } else {
            p += strcspn (p, " \t\r\n<(\"");
            if (!bracketed && memchr (start, '@', p - start) != NULL)
                add_id (ids, start, p);
        }
    }
    return ids;
}

/* The first id of @text (nullable), as parse_ids() reads it.
 * Returns: (transfer full) (nullable). */
char *
mla_message_ids_first (const char *text)
{
    g_autoptr (GPtrArray) ids = mla_message_ids_parse (text);

    return ids->len > 0 ? g_ptr_array_steal_index (ids, 0) : NULL;
}
