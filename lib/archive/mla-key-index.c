/* mla-key-index.c: the sorted on-disk key index (see the header). */
#include "config.h"
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include "mla-atomic-file-private.h"
#include "mla-error.h"
#include "mla-key-index-private.h"

#define MAGIC "MLAKIDX1"
#define HEADER_SIZE (8 + MLA_KEY_COVERAGE_SIZE)
#define MERGE_RECORDS 4096

struct MlaKeyIndex {
    int fd;
    char *path;
    guint8 coverage[MLA_KEY_COVERAGE_SIZE];
    guint64 n_records;
    GByteArray *sample; /* record 0, STEP, 2 STEP... */
    guint8 *block;      /* one block of records, read for a lookup */
};

static gboolean
read_at (int fd, void *data, gsize size, guint64 offset)
{
    gsize done = 0;

    while (done < size) {
        ssize_t n = pread (fd, (guint8 *) data + done, size - done,
                           (off_t) (offset + done));

        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return FALSE;
        done += (gsize) n;
    }
    return TRUE;
}

void
mla_key_index_free (MlaKeyIndex *index)
{
    if (index == NULL)
        return;
    if (index->fd >= 0)
        close (index->fd);
    g_clear_pointer (&index->sample, g_byte_array_unref);
    g_free (index->block);
    g_free (index->path);
    g_free (index);
}

MlaKeyIndex *
mla_key_index_open (const char *path)
{
    g_autoptr (MlaKeyIndex) index = g_new0 (MlaKeyIndex, 1);
    guint8 header[HEADER_SIZE];
    GStatBuf st;

    index->path = g_strdup (path);
    index->fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
    if (index->fd < 0 || fstat (index->fd, &st) != 0 ||
        st.st_size < HEADER_SIZE ||
        (st.st_size - HEADER_SIZE) % MLA_KEY_RECORD_SIZE != 0 ||
        !read_at (index->fd, header, sizeof header, 0) ||
        memcmp (header, MAGIC, 8) != 0)
        return NULL;
    memcpy (index->coverage, header + 8, MLA_KEY_COVERAGE_SIZE);
    index->n_records =
        (guint64) (st.st_size - HEADER_SIZE) / MLA_KEY_RECORD_SIZE;
    index->sample = g_byte_array_new ();
    for (guint64 i = 0; i < index->n_records; i += MLA_KEY_INDEX_STEP) {
        guint8 record[MLA_KEY_RECORD_SIZE];

        if (!read_at (index->fd, record, sizeof record,
                      HEADER_SIZE + i * MLA_KEY_RECORD_SIZE))
            return NULL;
        g_byte_array_append (index->sample, record, sizeof record);
    }
    index->block = g_malloc (MLA_KEY_INDEX_STEP * MLA_KEY_RECORD_SIZE);
    return g_steal_pointer (&index);
}

const guint8 *
mla_key_index_get_coverage (MlaKeyIndex *index)
{
    return index->coverage;
}

/* Index of the last of the @n records at @records that is <= @record, or
 * -1 when all are greater. */
static gint64
last_not_greater (const guint8 *records, guint64 n, const guint8 *record)
{
    guint64 low = 0, high = n;

    while (low < high) {
        guint64 mid = low + (high - low) / 2;

        if (memcmp (records + mid * MLA_KEY_RECORD_SIZE, record,
                    MLA_KEY_RECORD_SIZE) <= 0)
            low = mid + 1;
        else
            high = mid;
    }
    return (gint64) low - 1;
}

gboolean
mla_key_index_contains (MlaKeyIndex *index, const guint8 *record)
{
    guint64 n_sample = index->sample->len / MLA_KEY_RECORD_SIZE, first, count;
    gint64 block = last_not_greater (index->sample->data, n_sample, record), at;

    if (block < 0)
        return FALSE;
    first = (guint64) block * MLA_KEY_INDEX_STEP;
    count = MIN ((guint64) MLA_KEY_INDEX_STEP, index->n_records - first);
    if (!read_at (index->fd, index->block, count * MLA_KEY_RECORD_SIZE,
                  HEADER_SIZE + first * MLA_KEY_RECORD_SIZE))
        return FALSE;
    at = last_not_greater (index->block, count, record);
    return at >= 0 && memcmp (index->block + at * MLA_KEY_RECORD_SIZE, record,
                              MLA_KEY_RECORD_SIZE) == 0;
}

static int
compare_records (gconstpointer a, gconstpointer b)
{
    return memcmp (a, b, MLA_KEY_RECORD_SIZE);
}

/* Appends @record unless it repeats the last one written. */
static gboolean
put (MlaAtomicFile *out, guint8 *last, gboolean *have_last,
     const guint8 *record, GError **error)
{
    if (*have_last && memcmp (last, record, MLA_KEY_RECORD_SIZE) == 0)
        return TRUE;
    memcpy (last, record, MLA_KEY_RECORD_SIZE);
    *have_last = TRUE;
    return mla_atomic_file_write (out, record, MLA_KEY_RECORD_SIZE, error);
}

gboolean
mla_key_index_write (MlaFolder *folder, const char *relative, MlaKeyIndex *base,
                     GByteArray *records, const guint8 *coverage,
                     GError **error)
{
    g_autoptr (MlaAtomicFile) out =
        mla_atomic_file_open (folder, relative, error);
    g_autofree guint8 *chunk = g_malloc (MERGE_RECORDS * MLA_KEY_RECORD_SIZE);
    guint64 n_new = records->len / MLA_KEY_RECORD_SIZE, next_new = 0;
    guint64 n_base = base != NULL ? base->n_records : 0, next_base = 0;
    guint64 in_chunk = 0, chunk_at = 0;
    guint8 last[MLA_KEY_RECORD_SIZE];
    gboolean have_last = FALSE;

    if (out == NULL)
        return FALSE;
    qsort (records->data, n_new, MLA_KEY_RECORD_SIZE, compare_records);
    if (!mla_atomic_file_write (out, MAGIC, 8, error) ||
        !mla_atomic_file_write (out, coverage, MLA_KEY_COVERAGE_SIZE, error))
        return FALSE;
    while (next_new < n_new || next_base < n_base) {
        const guint8 *from_new = records->data + next_new * MLA_KEY_RECORD_SIZE;
        const guint8 *from_base;

        if (next_base < n_base && chunk_at == in_chunk) {
            in_chunk = MIN ((guint64) MERGE_RECORDS, n_base - next_base);
            chunk_at = 0;
            if (!read_at (base->fd, chunk, in_chunk * MLA_KEY_RECORD_SIZE,
                          HEADER_SIZE + next_base * MLA_KEY_RECORD_SIZE))
                return mla_throw (error, MLA_ERROR_IO, "%s: cannot be read",
                                  base->path);
        }
        from_base = chunk + chunk_at * MLA_KEY_RECORD_SIZE;
        if (next_base < n_base &&
            (next_new == n_new ||
             memcmp (from_base, from_new, MLA_KEY_RECORD_SIZE) <= 0)) {
            if (!put (out, last, &have_last, from_base, error))
                return FALSE;
            chunk_at++;
            next_base++;
        } else {
            if (!put (out, last, &have_last, from_new, error))
                return FALSE;
            next_new++;
        }
    }
    return mla_atomic_file_commit (out, error);
}
