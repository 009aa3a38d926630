/* mla-address-mask.c: the address finder, a table of the ways an at sign
 * is written between a local part and a domain, and the rules that keep
 * Message-IDs; and the mask made of it. */
#include "config.h"
#include <string.h>
#include "mla-address-mask.h"

struct MlaAddressMask {
    GHashTable *kept; /* the address-like tokens of Message-IDs */
};

/* How an at sign is written, by where text comes from. */
static const struct {
    const char *name;
    const char *at;
} spellings[] = {
    { "at-sign", "@" },           /* headers, bodies, trailers */
    { "percent-encoded", "%40" }, /* URLs: Mailman's options links */
    { "html-decimal", "&#64;" },  /* HTML bodies */
    { "html-hex", "&#x40;" },     /* HTML bodies */
};

/* What is no address though it looks like one. */
#define KEEP_MESSAGE_ID "message-id" /* a Message-ID the mask was told of */
#define KEEP_ID_FIELD "id-field"     /* on a line of these fields */
static const struct {
    const char *name;
    gboolean bracketed; /* only an id in <...>: the field may say more */
} id_fields[] = {
    { "Message-ID:", TRUE }, { "In-Reply-To:", TRUE },
    { "References:", TRUE }, { "Resent-Message-ID:", TRUE },
    { "UID:", FALSE }, /* iCalendar: "hash@host", stable per event */
};

static const char *const rule_names[] = {
    "at-sign",  "percent-encoded", "html-decimal",
    "html-hex", KEEP_MESSAGE_ID,   KEEP_ID_FIELD,
};

const char *const *
mla_address_mask_rule_names (gsize *n_names)
{
    *n_names = G_N_ELEMENTS (rule_names);
    return rule_names;
}

/* The local part: what harvesters take (letters, digits, "._%+=-"), and
 * any non-ASCII byte (addresses in UTF-8). */
static gboolean
is_local (guchar c)
{
    return g_ascii_isalnum (c) || c >= 0x80 || strchr ("._%+=-", c) != NULL;
}

static gboolean
is_domain (guchar c)
{
    return g_ascii_isalnum (c) || c >= 0x80 || c == '.' || c == '-' || c == '_';
}

static gboolean
is_word (guchar c)
{
    return g_ascii_isalnum (c) || c >= 0x80;
}

/* The spelling of an at sign at @text[@i], or -1. */
static int
spelling_at (const char *text, gsize length, gsize i)
{
    for (gsize s = 0; s < G_N_ELEMENTS (spellings); s++) {
        gsize n = strlen (spellings[s].at);

        if (i + n <= length &&
            g_ascii_strncasecmp (text + i, spellings[s].at, n) == 0)
            return (int) s;
    }
    return -1;
}

/* Where the header field of each line is known: the lines up to
 * next_line, the last one starting at line_start. */
typedef struct {
    gsize line_start;
    gsize next_line; /* 0: nothing read yet */
    int id_field;    /* its index in id_fields, or -1 */
} Lines;

static int
starts_id_field (const char *line, gsize length)
{
    for (gsize f = 0; f < G_N_ELEMENTS (id_fields); f++) {
        gsize n = strlen (id_fields[f].name);

        if (length >= n &&
            g_ascii_strncasecmp (line, id_fields[f].name, n) == 0)
            return (int) f;
    }
    return -1;
}

/* Moves @lines on to the line holding @text[@to]. A line that starts
 * with white space continues the field of the line before it. */
static void
lines_advance (Lines *lines, const char *text, gsize length, gsize to)
{
    while (lines->next_line == 0 || lines->next_line <= to) {
        gsize start = lines->next_line;
        const char *newline = memchr (text + start, '\n', length - start);

        if (start > 0 && start < length &&
            (text[start] == ' ' || text[start] == '\t'))
            ; /* a continuation keeps its field's */
        else
            lines->id_field = starts_id_field (text + start, length - start);
        lines->line_start = start;
        lines->next_line =
            newline != NULL ? (gsize) (newline - text) + 1 : length + 1;
    }
}

/* The rule that keeps @match as it is, or NULL. */
static const char *
kept_by (const MlaAddressMask *mask, const char *text, gsize length,
         const MlaAddressMatch *match, Lines *lines)
{
    lines_advance (lines, text, length, match->start);
    if (lines->id_field >= 0 && match->start >= lines->line_start &&
        (!id_fields[lines->id_field].bracketed ||
         (match->start > lines->line_start && text[match->start - 1] == '<' &&
          match->end < length && text[match->end] == '>')))
        return KEEP_ID_FIELD;
    if (mask != NULL && g_hash_table_size (mask->kept) > 0) {
        g_autofree char *token =
            g_strndup (text + match->start, match->end - match->start);

        if (g_hash_table_contains (mask->kept, token))
            return KEEP_MESSAGE_ID;
    }
    return NULL;
}

/* Whether an at sign spelt @s at @i has a local part before it and a
 * domain after it; fills @match. */
static gboolean
address_around (const char *text, gsize length, gsize i, int s,
                MlaAddressMatch *match)
{
    gsize n = strlen (spellings[s].at);
    gsize start = i, end = i + n;
    gboolean word = FALSE;

    while (start > 0 && is_local ((guchar) text[start - 1]))
        start--;
    while (start < i && text[start] == '.')
        start++;
    for (gsize k = start; k < i && !word; k++)
        word = is_word ((guchar) text[k]);
    if (!word || end >= length || !is_word ((guchar) text[end]))
        return FALSE;
    while (end < length && is_domain ((guchar) text[end]))
        end++;
    while (strchr (".-_", text[end - 1]) != NULL)
        end--;
    match->start = start;
    match->at = i;
    match->at_length = n;
    match->end = end;
    match->rule = spellings[s].name;
    match->kept = NULL;
    return TRUE;
}

static gboolean
find_from (const MlaAddressMask *mask, const char *text, gsize length,
           gsize offset, Lines *lines, MlaAddressMatch *match)
{
    for (gsize i = offset; i < length; i++) {
        int s;

        if (text[i] != '@' && text[i] != '%' && text[i] != '&')
            continue;
        s = spelling_at (text, length, i);
        if (s < 0 || !address_around (text, length, i, s, match))
            continue;
        match->kept = kept_by (mask, text, length, match, lines);
        return TRUE;
    }
    return FALSE;
}

gboolean
mla_address_mask_find (const MlaAddressMask *mask, const char *text,
                       gsize length, gsize offset, MlaAddressMatch *match)
{
    Lines lines = { 0, 0, -1 };

    return find_from (mask, text, length, offset, &lines, match);
}

MlaAddressMask *
mla_address_mask_new (void)
{
    MlaAddressMask *mask = g_new0 (MlaAddressMask, 1);

    mask->kept = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    return mask;
}

void
mla_address_mask_free (MlaAddressMask *mask)
{
    if (mask == NULL)
        return;
    g_hash_table_unref (mask->kept);
    g_free (mask);
}

void
mla_address_mask_keep (MlaAddressMask *mask, const char *text)
{
    gsize length = text != NULL ? strlen (text) : 0;
    MlaAddressMatch match;
    Lines lines = { 0, 0, -1 };

    for (gsize offset = 0;
         find_from (NULL, text, length, offset, &lines, &match);
         offset = match.end)
        g_hash_table_add (mask->kept, g_strndup (text + match.start,
                                                 match.end - match.start));
}

GBytes *
mla_address_mask_apply (const MlaAddressMask *mask, const char *text,
                        gsize length)
{
    g_autoptr (GString) out = NULL;
    gsize copied = 0;
    MlaAddressMatch match;
    Lines lines = { 0, 0, -1 };

    for (gsize offset = 0;
         find_from (mask, text, length, offset, &lines, &match);
         offset = match.end) {
        if (match.kept != NULL)
            continue;
        if (out == NULL)
            out = g_string_sized_new (length + 64);
        g_string_append_len (out, text + copied, (gssize) (match.at - copied));
        g_string_append (out, " at ");
        copied = match.at + match.at_length;
    }
    if (out == NULL)
        return NULL;
    g_string_append_len (out, text + copied, (gssize) (length - copied));
    return g_string_free_to_bytes (g_steal_pointer (&out));
}
