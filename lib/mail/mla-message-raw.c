/* mla-message-raw.c: a message's raw bytes before GMime sees them (the
 * header fields cut for the parser, the MIME structure cut, one scan for
 * what GMime does not report) and the tallies that make what any pass
 * notices one defect per kind. No GMime here. */
#include "config.h"
#include <string.h>
#include "mla-message-raw-private.h"
#include "mla-defect.h"
#include "mla-mbox-private.h"

/* RFC 5322 §2.1.1: lines must be no more than 998 characters. */
#define MAX_LINE_OCTETS 998
/* Enough of a quoted header to recognise it. */
#define MAX_DETAIL_OCTETS 200
/* GMime holds a header field in several forms (a References of a million
 * ids costs hundreds of megabytes): the parser sees a longer field by its
 * first line and its last lines only. */
#define MAX_FIELD_BYTES (64 * 1024)

/* Defects of one kind seen while parsing: reported once, with a count. */
typedef struct {
    const char *code; /* static */
    char *detail;     /* of the first occurrence */
    guint count;
} DefectTally;

static void
tally_clear (gpointer data)
{
    g_free (((DefectTally *) data)->detail);
}

GArray *
mla_defect_tallies_new (void)
{
    GArray *tallies = g_array_new (FALSE, FALSE, sizeof (DefectTally));

    g_array_set_clear_func (tallies, tally_clear);
    return tallies;
}

void
mla_defect_tally (GArray *tallies, const char *code, const char *format, ...)
{
    DefectTally tally = { code, NULL, 1 };
    g_autofree char *detail = NULL;
    va_list args;

    for (guint i = 0; i < tallies->len; i++) {
        DefectTally *seen = &g_array_index (tallies, DefectTally, i);

        if (strcmp (seen->code, code) == 0) {
            seen->count++;
            return;
        }
    }
    va_start (args, format);
    detail = g_strdup_vprintf (format, args);
    va_end (args);
    /* Details quote header bytes, which may be anything, and any length. */
    g_strstrip (detail);
    tally.detail =
        g_utf8_make_valid (detail, MIN (strlen (detail), MAX_DETAIL_OCTETS));
    g_array_append_val (tallies, tally);
}

void
mla_defect_tallies_flush (GArray *tallies, GPtrArray *defects)
{
    for (guint i = 0; i < tallies->len; i++) {
        DefectTally *tally = &g_array_index (tallies, DefectTally, i);

        if (tally->count > 1)
            mla_defect_list_add (defects, tally->code, "%s (%u times)",
                                 tally->detail, tally->count);
        else
            mla_defect_list_add (defects, tally->code, "%s", tally->detail);
    }
}

const guint8 *
mla_message_raw_field_end (const guint8 *p, const guint8 *end)
{
    for (;;) {
        const guint8 *eol = memchr (p, '\n', end - p);

        if (eol == NULL)
            return end;
        p = eol + 1;
        if (p == end || (*p != ' ' && *p != '\t'))
            return p;
    }
}

/* Appends the field [@p, its end) shortened for the parser: its first
 * line (at most MAX_FIELD_BYTES / 2) and its continuation lines that start
 * in its last MAX_FIELD_BYTES / 2 bytes. */
static void
append_cut_field (GByteArray *out, const guint8 *p, const guint8 *stop)
{
    const guint8 *eol = memchr (p, '\n', stop - p);
    const guint8 *tail = stop - MAX_FIELD_BYTES / 2;
    gsize first =
        MIN ((gsize) ((eol != NULL ? eol + 1 : stop) - p), MAX_FIELD_BYTES / 2);

    g_byte_array_append (out, p, (guint) first);
    if (first > 0 && p[first - 1] != '\n')
        g_byte_array_append (out, (const guint8 *) "\n", 1);
    while (tail < stop &&
           !(tail[-1] == '\n' && (*tail == ' ' || *tail == '\t')))
        tail++;
    g_byte_array_append (out, tail, (guint) (stop - tail));
}

/* The bytes GMime parses: the message itself, or, when a header field is
 * over MAX_FIELD_BYTES, a copy with such fields shortened (the raw store
 * keeps them whole). Returns: (transfer full) (nullable): NULL when the
 * message needs no copy. */
GByteArray *
mla_message_raw_cut_fields (GArray *tallies, const guint8 *data, gsize size)
{
    const guint8 *p = data, *end, *copied = data;
    g_autoptr (GByteArray) out = NULL;

    /* An empty message may come as NULL: no pointer arithmetic on it. */
    if (size == 0)
        return NULL;
    end = data + size;

    while (p < end && *p != '\n' &&
           !(*p == '\r' && p + 1 < end && p[1] == '\n')) {
        const guint8 *stop = mla_message_raw_field_end (p, end);

        if ((gsize) (stop - p) > MAX_FIELD_BYTES) {
            if (out == NULL)
                out = g_byte_array_sized_new (MIN (size, 1 << 20));
            g_byte_array_append (out, copied, (guint) (p - copied));
            append_cut_field (out, p, stop);
            copied = stop;
            mla_defect_tally (tallies, "header-cut",
                              "a header field of %" G_GSIZE_FORMAT
                              " bytes is read by its first line "
                              "and its last %d bytes",
                              (gsize) (stop - p), MAX_FIELD_BYTES / 2);
        }
        p = stop;
    }
    if (out != NULL)
        g_byte_array_append (out, copied, (guint) (end - copied));
    return g_steal_pointer (&out);
}

/* The bytes before the line that would be delimiter line number
 * MLA_MAX_DELIMITER_LINES + 1, or all of them. */
gsize
mla_message_raw_parse_size (const guint8 *data, gsize size)
{
    const guint8 *p = data, *end;
    guint lines = 0;

    if (size == 0)
        return 0;
    end = data + size;

    while (p + 1 < end) {
        const guint8 *eol;

        if (p[0] == '-' && p[1] == '-' && ++lines > MLA_MAX_DELIMITER_LINES)
            return (gsize) (p - data);
        eol = memchr (p, '\n', end - p);
        if (eol == NULL)
            break;
        p = eol + 1;
    }
    return size;
}

gsize
mla_message_raw_count_fields (const guint8 *data, gsize size)
{
    const guint8 *p = data, *end;
    gboolean in_header = TRUE;
    gsize fields = 0;

    if (size == 0)
        return 0;
    end = data + size;
    while (p < end) {
        const guint8 *eol = memchr (p, '\n', end - p);
        const guint8 *next = eol != NULL ? eol + 1 : end;

        /* GMime reads past lines that are not fields, so only a blank
         * line ends a header; every other line may be a field. */
        if (*p == '\n' || (*p == '\r' && next - p == 2))
            in_header = FALSE;
        else if (in_header && *p != ' ' && *p != '\t')
            fields++;
        /* A boundary's part header starts on the next line. */
        if (next - p >= 2 && p[0] == '-' && p[1] == '-')
            in_header = TRUE;
        p = next;
    }
    return fields;
}

/* One pass over the raw bytes for what GMime does not report: NUL bytes,
 * CRLF line ends, over-long lines, a missing final line break, and text
 * that does not start with a header. */
void
mla_message_raw_scan (GArray *tallies, const guint8 *data, gsize size)
{
    const guint8 *p = data, *end;
    gsize longest = 0, n_nul = 0, n_lines = 0, n_crlf = 0;

    /* An empty GBytes may hold NULL data, where even NULL + 0 is undefined. */
    if (size == 0) {
        mla_defect_tally (tallies, "no-headers", "the message is empty");
        return;
    }
    end = data + size;
    while (p < end) {
        const guint8 *eol = memchr (p, '\n', end - p);
        const guint8 *line_end = eol != NULL ? eol : end;
        gsize length = line_end - p;

        n_lines++;
        if (eol != NULL && length > 0 && line_end[-1] == '\r') {
            n_crlf++;
            length--;
        }
        longest = MAX (longest, length);
        p = eol != NULL ? eol + 1 : end;
    }
    for (p = memchr (data, '\0', size); p != NULL;
         p = memchr (p + 1, '\0', end - p - 1))
        n_nul++;
    if (n_nul > 0)
        mla_defect_tally (tallies, "nul-bytes", "%" G_GSIZE_FORMAT " NUL bytes",
                          n_nul);
    if (n_crlf > 0)
        mla_defect_tally (tallies, "crlf",
                          "%" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT
                          " lines end in CRLF",
                          n_crlf, n_lines);
    if (longest > MAX_LINE_OCTETS)
        mla_defect_tally (tallies, "long-line",
                          "longest line is %" G_GSIZE_FORMAT " octets",
                          longest);
    /* mbox needs a line break before the next From_ line, so an export adds
     * one. */
    if (data[size - 1] != '\n')
        mla_defect_tally (
            tallies, "no-final-newline",
            "the message does not end with a line break; mbox export adds one");
    if (mla_field_name_length ((const char *) data, size) == 0)
        mla_defect_tally (tallies, "no-headers",
                          "the first line is not a header field");
}
