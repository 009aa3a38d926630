/* mla-site-body.c: a message's text as a page model's <body>: blocks of
 * lines at one quote depth, URLs (http, https, ftp, mailto only) as <a>
 * elements, and the lines of a patch marked by what they are (added,
 * removed, hunk header, file header, diffstat) in blocks of their own. */
#include "config.h"
#include <string.h>
#include "mla-site-private.h"

/* Quotes longer than this fold. */
#define FOLD_QUOTE_LINES 12

/* The text as blocks of lines at one quote depth; URLs (http, https, ftp,
 * mailto only) become <a> elements. */
static gsize
url_length (const char *at)
{
    /* Lengths known: this is asked at most bytes of every body. */
#define SCHEME(name)                                                           \
    {                                                                          \
        name, sizeof name - 1                                                  \
    }
    static const struct {
        const char *name;
        gsize length;
    } schemes[] = { SCHEME ("http://"), SCHEME ("https://"), SCHEME ("ftp://"),
                    SCHEME ("mailto:") };
#undef SCHEME
    gsize length = 0;
    gboolean scheme = FALSE;

    for (gsize i = 0; i < G_N_ELEMENTS (schemes) && !scheme; i++)
        scheme =
            g_ascii_tolower (*at) == schemes[i].name[0] &&
            g_ascii_strncasecmp (at, schemes[i].name, schemes[i].length) == 0 &&
            at[schemes[i].length] != '\0' &&
            !g_ascii_isspace (at[schemes[i].length]);
    if (!scheme)
        return 0;
    while (at[length] != '\0' && !g_ascii_isspace (at[length]) &&
           strchr ("<>\"'`{}|\\^", at[length]) == NULL &&
           (guchar) at[length] >= 0x20)
        length++;
    while (length > 0 && strchr (".,;:!?)]}", at[length - 1]) != NULL)
        length--;
    return length;
}

static void
linked_text (xmlNode *parent, const char *line, gsize length)
{
    gsize start = 0;

    for (gsize i = 0; i < length; i++) {
        gsize url = (i == 0 || !g_ascii_isalnum (line[i - 1]))
                        ? url_length (line + i)
                        : 0;

        if (url == 0 || i + url > length)
            continue;
        if (i > start)
            mla_site_add_text (parent, line + start, (gssize) (i - start));
        {
            g_autofree char *target = g_strndup (line + i, url);
            xmlNode *link = mla_site_text_element (parent, "a", target);

            mla_site_attr (link, "href", target);
        }
        i += url - 1;
        start = i + 1;
    }
    if (length > start)
        mla_site_add_text (parent, line + start, (gssize) (length - start));
}

static guint
quote_depth (const char *line, gsize length)
{
    guint depth = 0;

    for (gsize i = 0; i < length && (line[i] == '>' || line[i] == ' '); i++)
        if (line[i] == '>')
            depth++;
    return depth;
}

/* ---- patches: each line of a diff by what it is ---- */

typedef enum {
    DIFF_OUTSIDE, /* prose */
    DIFF_STAT,    /* after the "---" line: the diffstat */
    DIFF_FILES,   /* a file's header lines */
    DIFF_HUNK,    /* inside a hunk, its lines counted down */
} DiffState;

typedef struct {
    DiffState state;
    guint64 old_left, new_left; /* the hunk's lines still to come */
} Diff;

/* Lines that begin a patch of a file. */
static const char *const file_starts[] = {
    "diff --git ",
    "diff -",
    "Index: ",
};

/* Lines of a file's header, once one has begun. */
static const char *const file_lines[] = {
    "diff --git ",
    "diff -",
    "Index: ",
    "index ",
    "--- ",
    "+++ ",
    "new file mode ",
    "deleted file mode ",
    "old mode ",
    "new mode ",
    "similarity index ",
    "dissimilarity index ",
    "rename from ",
    "rename to ",
    "copy from ",
    "copy to ",
    "Binary files ",
    "GIT binary patch",
    "====",
};

static gboolean
starts (const char *line, gsize length, const char *prefix)
{
    gsize n = strlen (prefix);

    return length >= n && memcmp (line, prefix, n) == 0;
}

static gboolean
starts_any (const char *line, gsize length, const char *const *prefixes,
            gsize n)
{
    for (gsize i = 0; i < n; i++)
        if (starts (line, length, prefixes[i]))
            return TRUE;
    return FALSE;
}

/* "-A[,B]" or "+C[,D]" of a hunk header: the count (B or D, else 1). */
static const char *
hunk_range (const char *p, char sign, guint64 *count)
{
    char *end;

    if (*p != sign || !g_ascii_isdigit (p[1]))
        return NULL;
    g_ascii_strtoull (p + 1, &end, 10);
    *count = 1;
    if (*end == ',') {
        const char *digits = end + 1;

        *count = g_ascii_strtoull (digits, &end, 10);
        if (end == digits)
            return NULL;
    }
    return end;
}

/* "@@ -A,B +C,D @@...": starts a hunk of B old and D new lines. */
static gboolean
start_hunk (Diff *diff, const char *line, gsize length)
{
    g_autofree char *copy = g_strndup (line, length);
    const char *p = copy + 3;

    if (!starts (line, length, "@@ -") ||
        (p = hunk_range (p, '-', &diff->old_left)) == NULL || *p != ' ' ||
        (p = hunk_range (p + 1, '+', &diff->new_left)) == NULL ||
        !g_str_has_prefix (p, " @@"))
        return FALSE;
    diff->state = DIFF_HUNK;
    return TRUE;
}

/* Counts one line of the hunk: @old and @new lines of each side. */
static const char *
take_line (Diff *diff, guint old, guint new, const char *kind)
{
    diff->old_left -= old;
    diff->new_left -= new;
    if (diff->old_left == 0 && diff->new_left == 0)
        diff->state = DIFF_FILES;
    return kind;
}

/* Whether the line is "---" (the end of a commit message). */
static gboolean
is_separator (const char *line, gsize length)
{
    while (length > 3 && (line[length - 1] == ' ' || line[length - 1] == '\r'))
        length--;
    return length == 3 && memcmp (line, "---", 3) == 0;
}

/* What @line (@length bytes; @next, nullable, the line after it) is in a
 * patch: "add", "del", "hunk", "file", "stat", or NULL (context or
 * prose); moves @diff on. */
static const char *
classify (Diff *diff, const char *line, gsize length, const char *next)
{
    for (;;) {
        switch (diff->state) {
        case DIFF_HUNK: {
            /* Some mailers drop the space of an empty context line. */
            char c = length > 0 ? line[0] : ' ';

            if (c == '\\')
                return NULL;
            if (c == '+' && diff->new_left > 0)
                return take_line (diff, 0, 1, "add");
            if (c == '-' && diff->old_left > 0)
                return take_line (diff, 1, 0, "del");
            if (c == ' ' && diff->old_left > 0 && diff->new_left > 0)
                return take_line (diff, 1, 1, NULL);
            diff->state = DIFF_FILES;
            continue;
        }
        case DIFF_FILES:
            if (start_hunk (diff, line, length))
                return "hunk";
            if (starts_any (line, length, file_lines,
                            G_N_ELEMENTS (file_lines)))
                return "file";
            diff->state = DIFF_OUTSIDE;
            continue;
        case DIFF_STAT:
            if (length > 0 && line[0] == ' ')
                return "stat";
            diff->state = DIFF_OUTSIDE;
            continue;
        case DIFF_OUTSIDE:
            break;
        }
        if (is_separator (line, length)) {
            diff->state = DIFF_STAT;
            return NULL;
        }
        if (starts_any (line, length, file_starts,
                        G_N_ELEMENTS (file_starts)) ||
            (starts (line, length, "--- ") && next != NULL &&
             g_str_has_prefix (next, "+++ "))) {
            diff->state = DIFF_FILES;
            return "file";
        }
        return NULL;
    }
}

void
mla_site_body_element (xmlNode *parent, const char *body)
{
    xmlNode *node = mla_site_element (parent, "body");
    xmlNode *block = NULL;
    guint block_depth = 0, block_lines = 0;
    gboolean block_patch = FALSE;
    const char *line = body != NULL ? body : "";
    Diff diff = { DIFF_OUTSIDE, 0, 0 };

    while (*line != '\0') {
        const char *end = strchr (line, '\n');
        gsize length = end != NULL ? (gsize) (end - line) : strlen (line);
        guint depth = quote_depth (line, length);
        const char *kind = NULL;
        gboolean patch = FALSE;

        /* A patch's lines are never quotes: " > x" is context. */
        if (depth == 0 || diff.state != DIFF_OUTSIDE) {
            kind = classify (&diff, line, length, end != NULL ? end + 1 : NULL);
            patch = kind != NULL || diff.state != DIFF_OUTSIDE;
            if (patch)
                depth = 0;
        }
        if (block == NULL || depth != block_depth || patch != block_patch) {
            if (block != NULL)
                mla_site_attr_printf (block, "lines", "%u", block_lines);
            block = mla_site_element (node, "block");
            mla_site_attr_printf (block, "depth", "%u", depth);
            if (patch)
                mla_site_attr (block, "patch", "true");
            block_depth = depth;
            block_patch = patch;
            block_lines = 0;
        }
        if (kind != NULL) {
            xmlNode *marked = mla_site_element (block, "d");

            mla_site_attr (marked, "kind", kind);
            linked_text (marked, line, length);
        } else {
            linked_text (block, line, length);
        }
        mla_site_add_text (block, "\n", 1);
        block_lines++;
        line = end != NULL ? end + 1 : line + length;
    }
    if (block != NULL)
        mla_site_attr_printf (block, "lines", "%u", block_lines);
    mla_site_attr_printf (node, "fold", "%u", FOLD_QUOTE_LINES);
}
