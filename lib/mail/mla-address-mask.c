/* mla-address-mask.c: the address finder, a table of the ways an at sign
 * is written between a local part and a domain, and the rules that keep
 * Message-IDs and the list's own addresses; and the mask made of it. */
#include "config.h"
#include <string.h>
#include "mla-address-mask.h"
#include "mla-hash-private.h"

struct MlaAddressMask {
    GHashTable *kept;  /* the address-like tokens of Message-IDs, decoded
                        * (decode_token()) */
    GHashTable *lists; /* List-Ids, in lower case */
    MlaAddressMaskLookup lookup; /* nullable: asked what kept lacks */
    gpointer lookup_data;
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

/* What is no address though it looks like one, or is no one's: */
#define KEEP_MESSAGE_ID "message-id" /* a Message-ID the mask was told of */
#define KEEP_ID_FIELD "id-field"     /* an id on a line of id_fields */
/* The list's own addresses are public by nature: it prints them in every
 * message it sends, and readers need them to post, subscribe or leave. */
#define KEEP_LIST_ID "list-id"       /* what a List-Id names (RFC 2919) */
#define KEEP_LIST_FIELD "list-field" /* a mailto: of a List-* field */

typedef enum {
    FIELD_BRACKETED, /* only an id in <...>: the field may say more */
    FIELD_WHOLE,     /* anything on the line */
    FIELD_MAILTO,    /* only right after "mailto:" (RFC 2369 fields) */
} FieldKeeps;

static const struct {
    const char *name;
    FieldKeeps keeps;
    const char *rule;
} id_fields[] = {
    { "Message-ID:", FIELD_BRACKETED, KEEP_ID_FIELD },
    { "In-Reply-To:", FIELD_BRACKETED, KEEP_ID_FIELD },
    { "References:", FIELD_BRACKETED, KEEP_ID_FIELD },
    { "Resent-Message-ID:", FIELD_BRACKETED, KEEP_ID_FIELD },
    /* iCalendar: "hash@host", stable per event */
    { "UID:", FIELD_WHOLE, KEEP_ID_FIELD },
    { "List-Post:", FIELD_MAILTO, KEEP_LIST_FIELD },
    { "List-Subscribe:", FIELD_MAILTO, KEEP_LIST_FIELD },
    { "List-Unsubscribe:", FIELD_MAILTO, KEEP_LIST_FIELD },
    { "List-Help:", FIELD_MAILTO, KEEP_LIST_FIELD },
    { "List-Owner:", FIELD_MAILTO, KEEP_LIST_FIELD },
    { "List-Archive:", FIELD_MAILTO, KEEP_LIST_FIELD },
};

static const char *const rule_names[] = {
    "at-sign",       "percent-encoded", "html-decimal", "html-hex",
    KEEP_MESSAGE_ID, KEEP_ID_FIELD,     KEEP_LIST_ID,   KEEP_LIST_FIELD,
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
    return g_ascii_isalnum (c) || c >= 0x80 || c == '.' || c == '_' ||
           c == '%' || c == '+' || c == '=' || c == '-';
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

/* The rule of the field of @match's line that keeps it, or NULL. */
static const char *
kept_by_field (const char *text, gsize length, const MlaAddressMatch *match,
               Lines *lines)
{
    gsize start = match->start;

    lines_advance (lines, text, length, start);
    if (lines->id_field < 0 || start < lines->line_start)
        return NULL;
    switch (id_fields[lines->id_field].keeps) {
    case FIELD_BRACKETED:
        if (start == lines->line_start || text[start - 1] != '<' ||
            match->end >= length || text[match->end] != '>')
            return NULL;
        break;
    case FIELD_MAILTO:
        if (start < lines->line_start + 7 ||
            g_ascii_strncasecmp (text + start - 7, "mailto:", 7) != 0)
            return NULL;
        break;
    case FIELD_WHOLE:
        break;
    }
    return id_fields[lines->id_field].rule;
}

/* @match as "local@domain" whatever spelling its at sign has, %XX
 * decoded: an id reads the same in a mailto: query, a folder's URL and
 * a header. Returns: (transfer full). */
static GString *
decode_token (const char *text, const MlaAddressMatch *match)
{
    gsize length = match->end - match->start;
    GString *token;

    /* Most ids: a plain "@" and nothing encoded. */
    if (match->at_length == 1 &&
        memchr (text + match->start, '%', length) == NULL)
        return g_string_new_len (text + match->start, (gssize) length);
    token = g_string_sized_new (length);
    for (gsize i = match->start; i < match->end; i++) {
        if (i == match->at) {
            g_string_append_c (token, '@');
            i += match->at_length - 1;
        } else if (text[i] == '%' && i + 2 < match->end &&
                   g_ascii_isxdigit (text[i + 1]) &&
                   g_ascii_isxdigit (text[i + 2])) {
            g_string_append_c (token,
                               (char) (g_ascii_xdigit_value (text[i + 1]) * 16 +
                                       g_ascii_xdigit_value (text[i + 2])));
            i += 2;
        } else {
            g_string_append_c (token, text[i]);
        }
    }
    return token;
}

/* The rule that keeps @token (decoded), or NULL. */
static const char *
kept_token (const MlaAddressMask *mask, const char *token)
{
    g_autofree char *list = NULL;

    if (g_hash_table_contains (mask->kept, token) ||
        (mask->lookup != NULL && mask->lookup (token, mask->lookup_data)))
        return KEEP_MESSAGE_ID;
    if (g_hash_table_size (mask->lists) == 0)
        return NULL;
    list = g_strdelimit (g_ascii_strdown (token, -1), "@", '.');
    return g_hash_table_contains (mask->lists, list) ? KEEP_LIST_ID : NULL;
}

/* The rule that keeps @match as it is, or NULL. The token is tried
 * whole, then from after each "=" or character no local part has: a
 * query's "In-Reply-To=<id@host>" or a command's "--to=list@host" holds
 * one whose start the finder cannot tell. Only a token the mask knows
 * is kept, so no tail unmasks an address that is not one. */
static const char *
kept_by (const MlaAddressMask *mask, const char *text, gsize length,
         const MlaAddressMatch *match, Lines *lines)
{
    const char *rule = kept_by_field (text, length, match, lines);
    g_autoptr (GString) token = NULL;
    const char *at;

    if (rule != NULL || mask == NULL)
        return rule;
    token = decode_token (text, match);
    at = strchr (token->str, '@'); /* NULL after a decoded "%00" */
    for (const char *tail = token->str; at != NULL && rule == NULL && tail < at;
         tail++)
        if (tail == token->str || tail[-1] == '=' ||
            !is_local ((guchar) tail[-1]))
            rule = kept_token (mask, tail);
    return rule;
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

/* The next address from @offset on; with @lines NULL (what the mask is
 * told to keep), without the rule that keeps it. */
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
        if (lines != NULL)
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

    mask->kept =
        g_hash_table_new_full (mla_str_hash, g_str_equal, g_free, NULL);
    mask->lists = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    return mask;
}

void
mla_address_mask_free (MlaAddressMask *mask)
{
    if (mask == NULL)
        return;
    g_hash_table_unref (mask->kept);
    g_hash_table_unref (mask->lists);
    g_free (mask);
}

void
mla_address_mask_keep (MlaAddressMask *mask, const char *text)
{
    gsize length = text != NULL ? strlen (text) : 0;
    MlaAddressMatch match;

    for (gsize offset = 0; find_from (NULL, text, length, offset, NULL, &match);
         offset = match.end)
        g_hash_table_add (mask->kept,
                          g_string_free (decode_token (text, &match), FALSE));
}

void
mla_address_mask_set_lookup (MlaAddressMask *mask, MlaAddressMaskLookup lookup,
                             gpointer data)
{
    mask->lookup = lookup;
    mask->lookup_data = data;
}

void
mla_address_mask_keep_list (MlaAddressMask *mask, const char *list_id)
{
    if (list_id != NULL && *list_id != '\0')
        g_hash_table_add (mask->lists, g_ascii_strdown (list_id, -1));
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
