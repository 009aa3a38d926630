/* mla-series.c: a patch series as `b4 am` writes it, from the thread
 * that holds it: the newest revision's patches in order, the trailers of
 * review replies added to the patches they answer (to every patch when
 * they answer the cover letter), each only from the person it names, as
 * b4 does unless told otherwise (-S). */
#include "config.h"
#include <string.h>
#include "mla-archive-private.h"
#include "mla-error.h"
#include "mla-mbox-writer-private.h"
#include "mla-series-private.h"

/* The trailers a series takes from replies, as they are written. */
static const char *const trailer_names[] = {
    "Reviewed-by",
    "Acked-by",
    "Tested-by",
    "Reported-by",
};

/* "v2", "V10": the version, else 0. */
static guint
parse_version (const char *word)
{
    guint64 version = 0;

    if ((word[0] != 'v' && word[0] != 'V') || !g_ascii_isdigit (word[1]) ||
        !g_ascii_string_to_unsigned (word + 1, 10, 1, 9999, &version, NULL))
        return 0;
    return (guint) version;
}

/* "3/5": number and total. */
static gboolean
parse_counter (const char *word, guint *number, guint *total)
{
    g_auto (GStrv) parts = g_strsplit (word, "/", 3);
    guint64 n, t;

    if (g_strv_length (parts) != 2 ||
        !g_ascii_string_to_unsigned (parts[0], 10, 0, 9999, &n, NULL) ||
        !g_ascii_string_to_unsigned (parts[1], 10, 1, 9999, &t, NULL) || n > t)
        return FALSE;
    *number = (guint) n;
    *total = (guint) t;
    return TRUE;
}

/* One word of a bracketed prefix; sets *@patch when it names a patch. */
static void
read_word (const char *word, gboolean *patch, MlaPatchSubject *found)
{
    guint version;

    if (g_ascii_strncasecmp (word, "PATCH", 5) == 0 &&
        (word[5] == '\0' || parse_version (word + 5) > 0)) {
        *patch = TRUE;
        if (word[5] != '\0')
            found->version = parse_version (word + 5);
    } else if ((version = parse_version (word)) > 0) {
        found->version = version;
    } else {
        parse_counter (word, &found->number, &found->total);
    }
}

gboolean
mla_patch_subject_parse (const char *subject, MlaPatchSubject *out)
{
    MlaPatchSubject found = { 1, 1, 1 };
    gboolean patch = FALSE;
    const char *p = subject != NULL ? subject : "";

    /* Every leading "[...]": a list's tag may come first. */
    for (;;) {
        const char *end;
        g_autofree char *inner = NULL;
        g_auto (GStrv) words = NULL;

        while (g_ascii_isspace (*p))
            p++;
        if (*p != '[' || (end = strchr (p, ']')) == NULL)
            break;
        inner = g_strndup (p + 1, (gsize) (end - p - 1));
        words = g_strsplit_set (inner, " \t", -1);
        for (guint i = 0; words[i] != NULL; i++)
            read_word (words[i], &patch, &found);
        p = end + 1;
    }
    if (patch && out != NULL)
        *out = found;
    return patch;
}

char *
mla_series_trailer (const char *line)
{
    const char *p = line;

    while (*p == ' ' || *p == '\t')
        p++;
    for (gsize i = 0; i < G_N_ELEMENTS (trailer_names); i++) {
        gsize n = strlen (trailer_names[i]);
        g_autofree char *value = NULL;

        if (g_ascii_strncasecmp (p, trailer_names[i], n) != 0 || p[n] != ':')
            continue;
        value = g_strstrip (g_strdup (p + n + 1));
        if (value[0] == '\0')
            return NULL;
        return g_strdup_printf ("%s: %s", trailer_names[i], value);
    }
    return NULL;
}

/* Whether the header block [@text, @end) says the body is not plain
 * text as it is: encoded for transfer, or in MIME parts. */
static gboolean
is_encoded (const char *text, const char *end)
{
    g_autofree char *header = g_ascii_strdown (text, end - text);

    return strstr (header, "\ncontent-transfer-encoding: base64") != NULL ||
           strstr (header, "\ncontent-transfer-encoding: quoted-printable") !=
               NULL ||
           strstr (header, "\ncontent-type: multipart/") != NULL;
}

/* Whether the line [@line, @end) (no line break) is "Token: value". */
static gboolean
is_trailer_line (const char *line, const char *end)
{
    const char *p = line;

    while (p < end && (g_ascii_isalnum (*p) || *p == '-'))
        p++;
    return p > line && p < end && *p == ':';
}

/* The line "---" (maybe with trailing blanks) that ends the commit
 * message, found before any diff; NULL if none. */
static const char *
find_separator (const char *body, const char *end)
{
    for (const char *line = body; line < end;) {
        const char *eol = memchr (line, '\n', (gsize) (end - line));
        const char *stop = eol != NULL ? eol : end;
        const char *p = line + 3;

        if (stop - line >= 3 && strncmp (line, "---", 3) == 0) {
            while (p < stop && (*p == ' ' || *p == '\t' || *p == '\r'))
                p++;
            if (p == stop)
                return line;
        }
        if (stop - line >= 11 && strncmp (line, "diff --git ", 11) == 0)
            return NULL;
        line = eol != NULL ? eol + 1 : end;
    }
    return NULL;
}

GByteArray *
mla_series_add_trailers (const guint8 *raw, gsize size, GPtrArray *trailers)
{
    const char *text = (const char *) raw, *end = text + size;
    const char *body = g_strstr_len (text, (gssize) size, "\n\n");
    const char *separator, *previous;
    gboolean crlf;
    g_autoptr (GString) added = g_string_new (NULL);
    GByteArray *result;

    if (body == NULL) {
        body = g_strstr_len (text, (gssize) size, "\r\n\r\n");
        if (body != NULL)
            body += 2;
    }
    if (body == NULL || is_encoded (text, body))
        return NULL;
    body += 2;
    separator = find_separator (body, end);
    if (separator == NULL)
        return NULL;
    crlf = memchr (separator, '\n', (gsize) (end - separator)) != NULL &&
           ((const char *) memchr (separator, '\n',
                                   (gsize) (end - separator)))[-1] == '\r';
    /* The line before: a trailer block goes on, anything else gets a
     * blank line first. */
    previous = separator - 1;
    while (previous > body && previous[-1] != '\n')
        previous--;
    for (guint i = 0; i < trailers->len; i++) {
        const char *trailer = g_ptr_array_index (trailers, i);

        if (g_strstr_len (body, separator - body, trailer) != NULL ||
            strstr (added->str, trailer) != NULL)
            continue;
        g_string_append_printf (added, "%s%s", trailer, crlf ? "\r\n" : "\n");
    }
    if (added->len > 0 &&
        !(separator > body && is_trailer_line (previous, separator - 1)))
        g_string_prepend (added, crlf ? "\r\n" : "\n");
    result = g_byte_array_sized_new ((guint) (size + added->len));
    g_byte_array_append (result, raw,
                         (guint) ((const guint8 *) separator - raw));
    g_byte_array_append (result, (const guint8 *) added->str, added->len);
    g_byte_array_append (result, (const guint8 *) separator,
                         (guint) (end - separator));
    return result;
}

/* ---- the series of a thread ---- */

typedef struct {
    GPtrArray *entries;       /* const MlaOverviewEntry *, by date */
    MlaPatchSubject *subject; /* per entry */
    gboolean *patch;          /* per entry */
    guint newest;             /* the newest revision */
    guint total;              /* its number of patches */
    guint *chosen;            /* entry of patch 0..total, or G_MAXUINT */
    GPtrArray **trailers;     /* per patch 1..total: char * */
    guint *left_out;          /* per patch: trailers not from their sender */
} Series;

static void
series_clear (Series *series)
{
    for (guint k = 1; series->trailers != NULL && k <= series->total; k++)
        g_ptr_array_unref (series->trailers[k]);
    g_free (series->trailers);
    g_free (series->left_out);
    g_free (series->chosen);
    g_free (series->patch);
    g_free (series->subject);
}

static const MlaOverviewEntry *
entry_at (Series *series, guint i)
{
    return g_ptr_array_index (series->entries, i);
}

/* The newest revision's cover letter and patches, the latest sent of
 * each number. */
static gboolean
choose (Series *series, const char *message_id, GError **error)
{
    guint n = series->entries->len;

    series->subject = g_new0 (MlaPatchSubject, MAX (n, 1));
    series->patch = g_new0 (gboolean, MAX (n, 1));
    for (guint i = 0; i < n; i++) {
        series->patch[i] = mla_patch_subject_parse (
            entry_at (series, i)->subject, &series->subject[i]);
        if (series->patch[i])
            series->newest = MAX (series->newest, series->subject[i].version);
    }
    for (guint i = 0; i < n; i++)
        if (series->patch[i] && series->subject[i].version == series->newest)
            series->total = MAX (series->total, series->subject[i].total);
    if (series->newest == 0)
        return mla_throw (error, MLA_ERROR_NOT_FOUND,
                          "the thread of <%s> holds no patch", message_id);
    series->chosen = g_new (guint, series->total + 1);
    for (guint k = 0; k <= series->total; k++)
        series->chosen[k] = G_MAXUINT;
    for (guint i = 0; i < n; i++)
        if (series->patch[i] && series->subject[i].version == series->newest)
            series->chosen[series->subject[i].number] = i;
    for (guint k = 1; k <= series->total; k++)
        if (series->chosen[k] == G_MAXUINT)
            return mla_throw (error, MLA_ERROR_NOT_FOUND,
                              "the thread of <%s>: patch %u/%u of v%u is not "
                              "in the archive",
                              message_id, k, series->total, series->newest);
    return TRUE;
}

/* The patch (1..total) or cover letter (0) that entry @i answers, going
 * up its parents; G_MAXUINT when none of the chosen ones. */
static guint
answered (Series *series, GHashTable *by_id, guint i)
{
    for (guint steps = 0; steps < series->entries->len; steps++) {
        const char *parent = entry_at (series, i)->parent;
        gpointer found;

        if (parent == NULL ||
            !g_hash_table_lookup_extended (by_id, parent, NULL, &found))
            return G_MAXUINT;
        i = GPOINTER_TO_UINT (found);
        if (series->patch[i]) {
            for (guint k = 0; k <= series->total; k++)
                if (series->chosen[k] == i)
                    return k;
            return G_MAXUINT;
        }
    }
    return G_MAXUINT;
}

/* Whether @trailer names the person @address: as b4 does by default, a
 * reply vouches only for its sender. */
static gboolean
is_from (const char *trailer, const char *address)
{
    const char *open = strrchr (trailer, '<');
    const char *close = open != NULL ? strchr (open, '>') : NULL;
    g_autofree char *named = NULL;

    if (address == NULL || open == NULL || close == NULL)
        return FALSE;
    named = g_strndup (open + 1, (gsize) (close - open - 1));
    return g_ascii_strcasecmp (g_strstrip (named), address) == 0;
}

/* Adds the trailers of reply @i to the patches it answers: @target, or
 * every patch for the cover letter (0). */
static gboolean
gather (Series *series, MlaOverview *overview, guint i, guint target,
        GError **error)
{
    const MlaOverviewEntry *reply = entry_at (series, i);
    g_autoptr (MlaOverviewDetails) details =
        mla_overview_get_details (overview, reply->row, error);
    g_auto (GStrv) lines = NULL;

    if (details == NULL)
        return FALSE;
    lines = g_strsplit (details->body != NULL ? details->body : "", "\n", -1);
    for (guint l = 0; lines[l] != NULL; l++) {
        g_autofree char *trailer = mla_series_trailer (lines[l]);
        gboolean vouched =
            trailer != NULL && is_from (trailer, reply->from_address);

        for (guint k = 1; trailer != NULL && k <= series->total; k++) {
            if (target != 0 && target != k)
                continue;
            if (vouched)
                g_ptr_array_add (series->trailers[k], g_strdup (trailer));
            else
                series->left_out[k]++;
        }
    }
    return TRUE;
}

static gboolean
collect_trailers (Series *series, MlaOverview *overview, GError **error)
{
    g_autoptr (GHashTable) by_id = g_hash_table_new (g_str_hash, g_str_equal);

    series->trailers = g_new0 (GPtrArray *, series->total + 1);
    series->left_out = g_new0 (guint, series->total + 1);
    for (guint k = 1; k <= series->total; k++)
        series->trailers[k] = g_ptr_array_new_with_free_func (g_free);
    for (guint i = series->entries->len; i-- > 0;)
        g_hash_table_insert (by_id, (gpointer) entry_at (series, i)->message_id,
                             GUINT_TO_POINTER (i));
    for (guint i = 0; i < series->entries->len; i++) {
        guint target;

        if (series->patch[i])
            continue;
        target = answered (series, by_id, i);
        if (target != G_MAXUINT && !gather (series, overview, i, target, error))
            return FALSE;
    }
    return TRUE;
}

static gboolean
write_patch (Series *series, MlaArchive *archive, guint k, MlaNoticeFunc notice,
             gpointer notice_data, GOutputStream *out, GError **error)
{
    const MlaOverviewEntry *e = entry_at (series, series->chosen[k]);
    guint n = series->trailers[k]->len;
    g_autoptr (GByteArray) raw = g_byte_array_new ();
    g_autoptr (GByteArray) edited = NULL;
    const GByteArray *bytes = raw;

    if (!mla_archive_read_raw (archive, e->volume, e->message_id, e->raw_offset,
                               e->raw_length, raw, error))
        return FALSE;
    if (series->left_out[k] > 0)
        mla_notify (notice, notice_data,
                    "patch %u/%u <%s>: %u trailer%s not from the person it "
                    "names left out",
                    k, series->total, e->message_id, series->left_out[k],
                    series->left_out[k] == 1 ? "" : "s");
    if (n > 0) {
        edited =
            mla_series_add_trailers (raw->data, raw->len, series->trailers[k]);
        if (edited != NULL)
            bytes = edited;
        else
            mla_notify (
                notice, notice_data,
                "patch %u/%u <%s>: its body is encoded or has no \"---\" "
                "line; %u trailer%s from replies not added",
                k, series->total, e->message_id, n, n == 1 ? "" : "s");
    }
    return mla_mboxrd_write_message (out, e->envelope, e->date_utc, bytes->data,
                                     bytes->len, error);
}

gboolean
mla_series_is_complete (GPtrArray *entries)
{
    Series series = { 0 };
    gboolean complete;

    series.entries = entries;
    complete = choose (&series, "", NULL);

    series_clear (&series);
    return complete;
}

gboolean
mla_series_write_entries (MlaArchive *archive, MlaOverview *overview,
                          GPtrArray *entries, const char *message_id,
                          MlaNoticeFunc notice, gpointer notice_data,
                          GOutputStream *out, GError **error)
{
    Series series = { 0 };
    gboolean ok;

    series.entries = entries;
    ok = choose (&series, message_id, error) &&
         collect_trailers (&series, overview, error);

    for (guint k = 1; ok && k <= series.total; k++)
        ok = write_patch (&series, archive, k, notice, notice_data, out, error);
    series_clear (&series);
    return ok;
}

gboolean
mla_series_write (MlaArchive *archive, MlaOverview *overview,
                  const MlaOverviewEntry *entry, MlaNoticeFunc notice,
                  gpointer notice_data, GOutputStream *out, GError **error)
{
    g_autoptr (GPtrArray) thread =
        mla_overview_get_thread (overview, entry->thread, error);

    return thread != NULL && mla_series_write_entries (
                                 archive, overview, thread, entry->message_id,
                                 notice, notice_data, out, error);
}
