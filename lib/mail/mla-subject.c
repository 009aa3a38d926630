/* mla-subject.c: subject prefixes and the comparison key. */
#include "config.h"
#include <string.h>
#include "mla-subject.h"

typedef enum {
    PREFIX_NONE,
    PREFIX_TAG,     /* "[list-tag]" */
    PREFIX_REPLY,   /* "Re:" */
    PREFIX_FORWARD, /* "Fwd:", "Fw:" */
} PrefixKind;

/* Skips one "Re:", "Fwd:", "Fw:" (any case, optional "[n]" or "^n" count
 * as some mailers write "Re[2]:") or one "[list-tag]" at @subject and says
 * which it was. Returns: (transfer none): the rest, or @subject. */
static const char *
skip_prefix (const char *subject, PrefixKind *out_kind)
{
    static const struct {
        const char *word;
        PrefixKind kind;
    } words[] = { { "re", PREFIX_REPLY },
                  { "fwd", PREFIX_FORWARD },
                  { "fw", PREFIX_FORWARD } };

    *out_kind = PREFIX_NONE;
    if (subject[0] == '[') {
        const char *close = strchr (subject, ']');

        if (close == NULL)
            return subject;
        *out_kind = PREFIX_TAG;
        return close + 1;
    }
    for (gsize i = 0; i < G_N_ELEMENTS (words); i++) {
        gsize len = strlen (words[i].word);
        const char *p = subject + len;

        if (g_ascii_strncasecmp (subject, words[i].word, len) != 0)
            continue;
        if (*p == '[' || *p == '^') {
            p++;
            while (g_ascii_isdigit (*p))
                p++;
            if (*p == ']')
                p++;
        }
        if (*p == ':') {
            *out_kind = words[i].kind;
            return p + 1;
        }
    }
    return subject;
}

/* Mail subjects carry more than ASCII spaces: the kernel-summit seed has a
 * no-break space after "Subject:". */
static const char *
skip_space (const char *text)
{
    while (*text != '\0' && g_unichar_isspace (g_utf8_get_char (text)))
        text = g_utf8_next_char (text);
    return text;
}

/* Skips every prefix; *@out_reply says whether a reply prefix was one. */
static const char *
skip_prefixes (const char *subject, gboolean *out_reply)
{
    const char *rest = skip_space (subject);
    PrefixKind kind;

    *out_reply = FALSE;
    for (const char *next = skip_prefix (rest, &kind); next != rest;
         next = skip_prefix (rest, &kind)) {
        *out_reply |= kind == PREFIX_REPLY;
        rest = skip_space (next);
    }
    return rest;
}

char *
mla_subject_strip (const char *subject)
{
    gboolean reply;
    const char *rest;
    const char *end;

    if (subject == NULL)
        return NULL;
    rest = skip_prefixes (subject, &reply);
    end = rest + strlen (rest);
    while (end > rest) {
        const char *last = g_utf8_find_prev_char (rest, end);

        if (!g_unichar_isspace (g_utf8_get_char (last)))
            break;
        end = last;
    }
    return end > rest ? g_strndup (rest, end - rest) : NULL;
}

/* mla_subject_normalise() of a stripped subject in ASCII: most subjects
 * are, and there case folding is A-Z to a-z and the white space
 * g_unichar_isspace() knows is these five, so one pass does it (the site
 * normalises every thread's subject at each update). NULL when @stripped
 * is not ASCII. */
static char *
normalise_ascii (const char *stripped)
{
    gsize len = strlen (stripped);
    char *key = g_malloc (len + 1);
    char *out = key;
    gboolean in_space = FALSE;

    for (const char *p = stripped; *p != '\0'; p++) {
        if ((guchar) *p >= 0x80) {
            g_free (key);
            return NULL;
        }
        if (strchr (" \t\n\r\f", *p) != NULL) {
            in_space = TRUE;
            continue;
        }
        if (in_space)
            *out++ = ' ';
        in_space = FALSE;
        *out++ = g_ascii_tolower (*p);
    }
    *out = '\0';
    return key;
}

char *
mla_subject_normalise (const char *subject)
{
    g_autofree char *stripped = mla_subject_strip (subject);
    g_autoptr (GString) spaced = NULL;
    gboolean in_space = FALSE;
    char *ascii;

    if (stripped == NULL)
        return NULL;
    ascii = normalise_ascii (stripped);
    if (ascii != NULL)
        return ascii;
    if (!g_utf8_validate (stripped, -1, NULL))
        return NULL;
    spaced = g_string_sized_new (strlen (stripped));
    for (const char *p = stripped; *p != '\0'; p = g_utf8_next_char (p)) {
        gunichar c = g_utf8_get_char (p);

        if (g_unichar_isspace (c)) {
            in_space = TRUE;
            continue;
        }
        if (in_space)
            g_string_append_c (spaced, ' ');
        in_space = FALSE;
        g_string_append_unichar (spaced, c);
    }
    return g_utf8_casefold (spaced->str, (gssize) spaced->len);
}

gboolean
mla_subject_is_reply (const char *subject)
{
    gboolean reply = FALSE;

    if (subject != NULL)
        skip_prefixes (subject, &reply);
    return reply;
}
