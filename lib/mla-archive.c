/* mla-archive.c: the archive folder, its transactions, export and check.
 *
 * Layout (doc/archive-format.md): index.xml lists the volumes; each import
 * that adds anything writes volumes/NNNNNN.xml and raw/NNNNNN.raw (the raw
 * bytes of its messages, concatenated), fsyncs them, renames them into
 * place, and commits by replacing index.xml. Files not listed in the index
 * are leftovers of an interrupted import and are overwritten by the next. */
#include "config.h"
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include "mla-agenda-mail.h"
#include "mla-atomic-file-private.h"
#include "mla-digest-private.h"
#include "mla-mbox-writer-private.h"
#include "mla-error.h"
#include "mla-resources-private.h"
#include "mla-source.h"
#include "mla-xml-private.h"
#include "mla-archive.h"

#define INDEX_NAME "index.xml"
#define LOCK_NAME "lock"
#define PROGRESS_STEP (64 * 1024)

struct MlaArchive {
    char *path;
    GPtrArray *volumes;     /* MlaXmlVolumeEntry *, from the index */
    gboolean created;       /* by this open; removed again if its first import fails */
    gboolean created_folder;
};

/* ---- opening ---- */

static char *
archive_file (MlaArchive *archive, const char *relative)
{
    return g_build_filename (archive->path, relative, NULL);
}

static char *
now_iso8601 (void)
{
    g_autoptr (GDateTime) now = g_date_time_new_now_utc ();

    return g_date_time_format (now, "%Y-%m-%dT%H:%M:%SZ");
}

static gboolean
write_index (MlaArchive *archive, GPtrArray *volumes, GError **error)
{
    g_autofree char *path = archive_file (archive, INDEX_NAME);
    g_autoptr (MlaAtomicFile) file = mla_atomic_file_open (path, error);
    g_autoptr (MlaXmlWriter) xml = NULL;

    if (file == NULL)
        return FALSE;
    xml = mla_xml_writer_new (mla_atomic_file_get_stream (file), MLA_XML_WRITER_INDENT);
    mla_xml_write_index (xml, volumes);
    if (!mla_xml_writer_finish (xml, error))
        return g_prefix_error (error, "%s: ", path), FALSE;
    return mla_atomic_file_commit (file, error) && mla_sync_folder (archive->path, error);
}

static gboolean
create_archive (MlaArchive *archive, GError **error)
{
    const char *folders[] = { "", "volumes", "raw" };

    for (gsize i = 0; i < G_N_ELEMENTS (folders); i++) {
        g_autofree char *path = archive_file (archive, folders[i]);

        if (g_mkdir_with_parents (path, 0755) != 0)
            return mla_throw (error, MLA_ERROR_ARCHIVE, "%s: cannot create: %s", path,
                              g_strerror (errno));
    }
    return write_index (archive, archive->volumes, error);
}

static gboolean
is_empty_folder (const char *path)
{
    g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);

    return dir != NULL && g_dir_read_name (dir) == NULL;
}

MlaArchive *
mla_archive_open (const char *path, MlaArchiveOpenFlags flags, GError **error)
{
    g_autoptr (MlaArchive) archive = g_new0 (MlaArchive, 1);
    g_autofree char *index = NULL;

    archive->path = g_strdup (path);
    index = archive_file (archive, INDEX_NAME);
    if (g_file_test (index, G_FILE_TEST_EXISTS)) {
        archive->volumes = mla_xml_read_index (index, error);
        if (archive->volumes == NULL)
            return NULL;
        return g_steal_pointer (&archive);
    }
    archive->volumes = g_ptr_array_new_with_free_func ((GDestroyNotify) mla_xml_volume_entry_free);
    if (!(flags & MLA_ARCHIVE_OPEN_CREATE))
        return mla_throw (error, MLA_ERROR_ARCHIVE, "%s: not an mlarc archive (no %s)", path,
                          INDEX_NAME),
               NULL;
    archive->created_folder = !g_file_test (path, G_FILE_TEST_EXISTS);
    if (!archive->created_folder && !is_empty_folder (path))
        return mla_throw (error, MLA_ERROR_ARCHIVE,
                          "%s: exists and is not an mlarc archive (no %s); not touching it",
                          path, INDEX_NAME),
               NULL;
    if (!create_archive (archive, error))
        return NULL;
    archive->created = TRUE;
    return g_steal_pointer (&archive);
}

void
mla_archive_free (MlaArchive *archive)
{
    if (archive == NULL)
        return;
    g_clear_pointer (&archive->volumes, g_ptr_array_unref);
    g_free (archive->path);
    g_free (archive);
}

guint64
mla_archive_get_n_messages (MlaArchive *archive)
{
    guint64 total = 0;

    for (guint i = 0; i < archive->volumes->len; i++)
        total += ((MlaXmlVolumeEntry *) g_ptr_array_index (archive->volumes, i))->messages;
    return total;
}

/* One importer at a time: an flock on ARCHIVE/lock, released with the fd. */
static int
lock_archive (MlaArchive *archive, GError **error)
{
    g_autofree char *path = archive_file (archive, LOCK_NAME);
    int fd = g_open (path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);

    if (fd < 0)
        return mla_throw (error, MLA_ERROR_IO, "%s: %s", path, g_strerror (errno)), -1;
    if (flock (fd, LOCK_EX | LOCK_NB) != 0) {
        close (fd);
        return mla_throw (error, MLA_ERROR_LOCKED, "%s: another mlarc is importing into it",
                          archive->path),
               -1;
    }
    return fd;
}

/* ---- reading volumes ---- */

typedef struct {
    MlaArchive *archive;
    const MlaXmlVolumeEntry *volume;
    char *raw_path;
    int raw_fd;
} VolumeCursor;

static gboolean
read_raw (VolumeCursor *cursor, const MlaXmlRecord *record, GByteArray *buffer,
          GError **error)
{
    gsize done = 0;

    g_byte_array_set_size (buffer, record->raw_length);
    while (done < record->raw_length) {
        ssize_t n = pread (cursor->raw_fd, buffer->data + done, record->raw_length - done,
                           (off_t) (record->raw_offset + done));

        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return mla_throw (error, MLA_ERROR_ARCHIVE,
                              "%s: message %s: raw bytes %" G_GUINT64_FORMAT "+%" G_GUINT64_FORMAT
                              " missing",
                              cursor->raw_path, record->message_id, record->raw_offset,
                              record->raw_length);
        done += n;
    }
    return TRUE;
}

/* A pass over every record of every volume, with the volume's raw file
 * open in @cursor; @data is the pass's own state. */
typedef struct {
    VolumeCursor cursor;
    gpointer data;
    MlaXmlReadFlags flags;
    GBytes *schema;             /* nullable: validate while reading */
    GPtrArray *problems;
    guint64 invalid_files;
} ArchiveWalk;

static gboolean
walk_volume (MlaArchive *archive, const MlaXmlVolumeEntry *volume, ArchiveWalk *walk,
             MlaXmlRecordFunc func, GError **error)
{
    g_autofree char *xml_path = archive_file (archive, volume->file);
    g_autofree char *raw_path = archive_file (archive, volume->raw);
    gboolean valid = TRUE;
    gboolean ok;

    walk->cursor.archive = archive;
    walk->cursor.volume = volume;
    walk->cursor.raw_path = raw_path;
    walk->cursor.raw_fd = g_open (raw_path, O_RDONLY | O_CLOEXEC, 0);
    if (walk->cursor.raw_fd < 0)
        return mla_throw (error, MLA_ERROR_ARCHIVE, "%s: %s", raw_path, g_strerror (errno));
    ok = mla_xml_read_volume (xml_path, walk->schema, walk->flags, func, walk, &valid,
                              walk->problems, error);
    close (walk->cursor.raw_fd);
    walk->cursor.raw_fd = -1;
    if (ok && !valid)
        walk->invalid_files++;
    return ok;
}

static gboolean
walk_archive (MlaArchive *archive, ArchiveWalk *walk, MlaXmlRecordFunc func, GError **error)
{
    for (guint i = 0; i < archive->volumes->len; i++)
        if (!walk_volume (archive, g_ptr_array_index (archive->volumes, i), walk, func, error))
            return FALSE;
    return TRUE;
}

/* ---- import ---- */

/* What the archive holds already, to deduplicate. Memory is what bounds the
 * size of an import, so each key is kept as the first 16 bytes of its
 * SHA-256 (collisions are out of reach at 128 bits), not as a string. */
#define KNOWN_KEY_SIZE 16

typedef struct {
    GStringChunk *keys;        /* the key bytes */
    GHashTable *sha256s;       /* raw SHA-256 of stored messages */
    GHashTable *message_ids;
    GHashTable *reject_keys;   /* "source\toffset\tindex" of stored rejects */
    GByteArray *journal;       /* nullable: keys added by this import, for its .keys file */
} KnownSet;

/* volumes/NNNNNN.keys: the keys of a volume, so that the next import need
 * not re-read its XML. A cache: the magic, then records of a kind byte and
 * a key; when it is missing or damaged the XML is read instead. */
#define KEYS_MAGIC "MLAKEYS1"
#define KEYS_RECORD_SIZE (1 + KNOWN_KEY_SIZE)
enum { KEY_SHA256 = 's', KEY_MESSAGE_ID = 'i', KEY_REJECT = 'r' };

static guint
known_key_hash (gconstpointer key)
{
    guint hash;

    memcpy (&hash, key, sizeof hash);
    return hash;
}

static gboolean
known_key_equal (gconstpointer a, gconstpointer b)
{
    return memcmp (a, b, KNOWN_KEY_SIZE) == 0;
}

static void
known_set_init (KnownSet *known)
{
    known->keys = g_string_chunk_new (1 << 16);
    known->sha256s = g_hash_table_new (known_key_hash, known_key_equal);
    known->message_ids = g_hash_table_new (known_key_hash, known_key_equal);
    known->reject_keys = g_hash_table_new (known_key_hash, known_key_equal);
}

static void
known_set_clear (KnownSet *known)
{
    g_clear_pointer (&known->sha256s, g_hash_table_unref);
    g_clear_pointer (&known->message_ids, g_hash_table_unref);
    g_clear_pointer (&known->reject_keys, g_hash_table_unref);
    g_clear_pointer (&known->keys, g_string_chunk_free);
    g_clear_pointer (&known->journal, g_byte_array_unref);
}

static gboolean
known_set_contains (GHashTable *set, const char *text)
{
    guint8 digest[MLA_SHA256_SIZE];

    mla_sha256 (text, strlen (text), digest);
    return g_hash_table_contains (set, digest);
}

static GHashTable *
known_set_for_kind (KnownSet *known, guint8 kind)
{
    switch (kind) {
    case KEY_SHA256:
        return known->sha256s;
    case KEY_MESSAGE_ID:
        return known->message_ids;
    case KEY_REJECT:
        return known->reject_keys;
    default:
        return NULL;
    }
}

static void
known_set_add_key (KnownSet *known, guint8 kind, const guint8 *key)
{
    GHashTable *set = known_set_for_kind (known, kind);

    if (!g_hash_table_contains (set, key))
        g_hash_table_add (set, g_string_chunk_insert_len (known->keys, (const char *) key,
                                                          KNOWN_KEY_SIZE));
    /* Every key of the volume, known before or not: the file must say what
     * its volume holds (mlarc check compares them). */
    if (known->journal != NULL) {
        g_byte_array_append (known->journal, &kind, 1);
        g_byte_array_append (known->journal, key, KNOWN_KEY_SIZE);
    }
}

static void
known_set_add (KnownSet *known, guint8 kind, const char *text)
{
    guint8 digest[MLA_SHA256_SIZE];

    mla_sha256 (text, strlen (text), digest);
    known_set_add_key (known, kind, digest);
}

/* Adds the keys of a .keys file; FALSE (nothing added) when it is missing
 * or not a whole keys file. */
static gboolean
known_set_load_keys (KnownSet *known, const char *path)
{
    g_autofree char *contents = NULL;
    gsize length = 0;
    const gsize header = strlen (KEYS_MAGIC);

    if (!g_file_get_contents (path, &contents, &length, NULL) || length < header
        || memcmp (contents, KEYS_MAGIC, header) != 0 || (length - header) % KEYS_RECORD_SIZE != 0)
        return FALSE;
    for (gsize at = header; at < length; at += KEYS_RECORD_SIZE)
        if (known_set_for_kind (known, (guint8) contents[at]) == NULL)
            return FALSE;
    for (gsize at = header; at < length; at += KEYS_RECORD_SIZE)
        known_set_add_key (known, (guint8) contents[at], (const guint8 *) contents + at + 1);
    return TRUE;
}

static char *
reject_key (const char *source, guint64 offset, guint index)
{
    return g_strdup_printf ("%s\t%" G_GUINT64_FORMAT "\t%u", source, offset, index);
}

/* Adds the keys of one stored record. */
static void
known_set_remember (KnownSet *known, const MlaXmlRecord *record)
{
    if (record->is_reject) {
        g_autofree char *key = reject_key (record->source, record->source_offset,
                                           record->source_index);

        known_set_add (known, KEY_REJECT, key);
        return;
    }
    if (record->sha256 != NULL)
        known_set_add (known, KEY_SHA256, record->sha256);
    if (record->message_id != NULL)
        known_set_add (known, KEY_MESSAGE_ID, record->message_id);
}

static gboolean
remember_record (const MlaXmlRecord *record, gpointer user_data, GError **error)
{
    known_set_remember (((ArchiveWalk *) user_data)->data, record);
    return TRUE;
}

/* Parsing (GMime, SHA-256, agenda rules) is most of the cost of an import,
 * so it runs on a thread pool, a batch at a time, while the main thread
 * reads the next batch and writes the previous one in input order. Only the
 * main thread touches the known set and the output files. */
#define BATCH_BYTES (4 << 20)
#define BATCH_MESSAGES 2048

typedef struct Batch Batch;

typedef struct {
    Batch *batch;
    MlaRawMessage *raw;
    MlaMessage *message;      /* NULL until parsed, and for rejects */
    GPtrArray *agendas;       /* nullable */
} Job;

struct Batch {
    GPtrArray *jobs;          /* Job * */
    gsize bytes;
    guint pending;            /* jobs dispatched but not yet parsed */
    GMutex lock;
    GCond parsed;
};

typedef struct {
    MlaArchive *archive;
    const MlaImportOptions *options;
    MlaImportStats *stats;
    KnownSet known;
    GThreadPool *pool;
    GAsyncQueue *agenda_parsers;      /* nullable: one MlaAgendaParser per worker */
    Batch *reading;                   /* being filled */
    Batch *parsing;                   /* dispatched; written once parsed */
    MlaAtomicFile *raw;
    MlaAtomicFile *volume;
    MlaXmlWriter *xml;
    guint64 bytes_before;             /* input bytes of the inputs already read */
    guint64 bytes_total;
    guint64 next_progress;
} Import;

static void
job_free (Job *job)
{
    g_clear_pointer (&job->raw, mla_raw_message_free);
    g_clear_pointer (&job->message, mla_message_free);
    g_clear_pointer (&job->agendas, g_ptr_array_unref);
    g_free (job);
}

static Batch *
batch_new (void)
{
    Batch *batch = g_new0 (Batch, 1);

    batch->jobs = g_ptr_array_new_with_free_func ((GDestroyNotify) job_free);
    g_mutex_init (&batch->lock);
    g_cond_init (&batch->parsed);
    return batch;
}

static void
batch_wait (Batch *batch)
{
    g_mutex_lock (&batch->lock);
    while (batch->pending > 0)
        g_cond_wait (&batch->parsed, &batch->lock);
    g_mutex_unlock (&batch->lock);
}

/* Waits for the workers first: they may still hold the batch. */
static void
batch_free (Batch *batch)
{
    if (batch == NULL)
        return;
    batch_wait (batch);
    g_ptr_array_unref (batch->jobs);
    g_mutex_clear (&batch->lock);
    g_cond_clear (&batch->parsed);
    g_free (batch);
}

static gboolean
is_parsable (const MlaRawMessage *raw)
{
    return raw->bytes != NULL && g_bytes_get_size (raw->bytes) > 0;
}

/* Runs on a worker thread. */
static void
parse_job (gpointer data, gpointer user_data)
{
    Job *job = data;
    Import *import = user_data;

    job->message = mla_message_parse (job->raw);
    if (import->agenda_parsers != NULL) {
        MlaAgendaParser *parser = g_async_queue_pop (import->agenda_parsers);

        job->agendas = mla_agenda_parse_message (parser, job->message);
        g_async_queue_push (import->agenda_parsers, parser);
    }
    g_mutex_lock (&job->batch->lock);
    if (--job->batch->pending == 0)
        g_cond_signal (&job->batch->parsed);
    g_mutex_unlock (&job->batch->lock);
}

static void
batch_dispatch (Import *import, Batch *batch)
{
    g_mutex_lock (&batch->lock);
    for (guint i = 0; i < batch->jobs->len; i++)
        if (is_parsable (((Job *) g_ptr_array_index (batch->jobs, i))->raw))
            batch->pending++;
    g_mutex_unlock (&batch->lock);
    for (guint i = 0; i < batch->jobs->len; i++) {
        Job *job = g_ptr_array_index (batch->jobs, i);

        if (is_parsable (job->raw))
            g_thread_pool_push (import->pool, job, NULL);
    }
}

static void
import_clear (Import *import)
{
    g_clear_pointer (&import->reading, batch_free);
    g_clear_pointer (&import->parsing, batch_free);
    if (import->pool != NULL)
        g_thread_pool_free (g_steal_pointer (&import->pool), FALSE, TRUE);
    g_clear_pointer (&import->agenda_parsers, g_async_queue_unref);
    g_clear_pointer (&import->xml, mla_xml_writer_free);
    g_clear_pointer (&import->volume, mla_atomic_file_free);
    g_clear_pointer (&import->raw, mla_atomic_file_free);
    known_set_clear (&import->known);
}

static gboolean
start_workers (Import *import, GError **error)
{
    guint n_workers = MAX (1, g_get_num_processors ());

    if (import->options->extract_agendas) {
        import->agenda_parsers = g_async_queue_new_full ((GDestroyNotify) mla_agenda_parser_free);
        for (guint i = 0; i < n_workers; i++) {
            MlaAgendaParser *parser = mla_agenda_parser_new (NULL, error);

            if (parser == NULL)
                return FALSE;
            g_async_queue_push (import->agenda_parsers, parser);
        }
    }
    import->pool = g_thread_pool_new (parse_job, import, (int) n_workers, FALSE, error);
    return import->pool != NULL;
}

static void
report_progress (Import *import, MlaSource *source, gboolean force)
{
    guint64 done = import->bytes_before + mla_source_get_bytes_done (source);
    MlaImportProgress progress;

    if (import->options->progress == NULL || (!force && done < import->next_progress))
        return;
    import->next_progress = done + PROGRESS_STEP;
    progress.input = mla_source_get_path (source);
    progress.bytes_done = done;
    progress.bytes_total = import->bytes_total;
    progress.messages = import->stats->read;
    import->options->progress (&progress, import->options->progress_data);
}

static void
reject (Import *import, const MlaRawMessage *raw, const char *code, const char *detail)
{
    g_autofree char *key = reject_key (raw->source, raw->offset, raw->index);

    if (known_set_contains (import->known.reject_keys, key)) {
        import->stats->present++;
        return;
    }
    known_set_add (&import->known, KEY_REJECT, key);
    mla_xml_write_reject (import->xml, raw, code, detail);
    import->stats->rejected++;
}

/* Rejects what cannot be a message at all; everything else is kept, with
 * its defects. Runs on the main thread, in input order. */
static gboolean
store_job (Import *import, Job *job, GError **error)
{
    MlaMessage *message = job->message;
    const char *sha256;
    const char *message_id;
    GBytes *bytes;
    guint64 raw_offset;

    if (job->raw->bytes == NULL) {
        GPtrArray *defects = job->raw->defects;
        const MlaDefect *why = defects->len > 0 ? g_ptr_array_index (defects, 0) : NULL;

        reject (import, job->raw, why != NULL ? why->code : "unreadable",
                why != NULL ? why->detail : "cannot be read");
        return TRUE;
    }
    if (message == NULL) {
        reject (import, job->raw, "empty", "the message has no bytes");
        return TRUE;
    }
    sha256 = mla_message_get_sha256 (message);
    if (known_set_contains (import->known.sha256s, sha256)) {
        import->stats->present++;
        return TRUE;
    }
    message_id = mla_message_get_message_id (message);
    if (known_set_contains (import->known.message_ids, message_id)) {
        mla_message_add_defect (message, "duplicate-id",
                                "Message-ID <%s> is already in the archive with other bytes",
                                message_id);
        import->stats->duplicate_ids++;
    }
    known_set_add (&import->known, KEY_SHA256, sha256);
    known_set_add (&import->known, KEY_MESSAGE_ID, message_id);
    bytes = mla_message_get_raw (message);
    raw_offset = mla_atomic_file_get_written (import->raw);
    if (!mla_atomic_file_write (import->raw, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                            error))
        return FALSE;
    mla_xml_write_message (import->xml, message, raw_offset, job->agendas);
    import->stats->added++;
    if (job->agendas != NULL)
        import->stats->agendas += job->agendas->len;
    if (mla_message_get_defects (message)->len > 0)
        import->stats->flagged++;
    return TRUE;
}

/* Dispatches the batch just read, then writes the one parsed before it:
 * the workers parse while the main thread writes. */
static gboolean
rotate_batches (Import *import, GError **error)
{
    Batch *done = g_steal_pointer (&import->parsing);
    gboolean ok = TRUE;

    import->parsing = g_steal_pointer (&import->reading);
    if (import->parsing != NULL)
        batch_dispatch (import, import->parsing);
    import->reading = batch_new ();
    if (done != NULL) {
        batch_wait (done);
        for (guint i = 0; ok && i < done->jobs->len; i++)
            ok = store_job (import, g_ptr_array_index (done->jobs, i), error);
        batch_free (done);
    }
    return ok;
}

static gboolean
import_source (Import *import, MlaSource *source, GError **error)
{
    while (TRUE) {
        MlaRawMessage *raw = NULL;
        Job *job;

        if (!mla_source_next (source, &raw, error))
            return FALSE;
        if (raw == NULL)
            break;
        import->stats->read++;
        job = g_new0 (Job, 1);
        job->batch = import->reading;
        job->raw = raw;
        g_ptr_array_add (import->reading->jobs, job);
        import->reading->bytes += raw->bytes != NULL ? g_bytes_get_size (raw->bytes) : 0;
        if ((import->reading->bytes >= BATCH_BYTES
             || import->reading->jobs->len >= BATCH_MESSAGES)
            && !rotate_batches (import, error))
            return FALSE;
        report_progress (import, source, FALSE);
    }
    report_progress (import, source, TRUE);
    import->bytes_before += mla_source_get_bytes_done (source);
    return TRUE;
}

static char *
keys_file (MlaArchive *archive, const MlaXmlVolumeEntry *volume)
{
    g_autofree char *xml = archive_file (archive, volume->file);
    gsize length = strlen (xml);

    if (g_str_has_suffix (xml, ".xml"))
        length -= strlen (".xml");
    return g_strdup_printf ("%.*s.keys", (int) length, xml);
}

/* From each volume's .keys file, or its XML when that is missing. The
 * import's own keys are journaled only after this. */
static gboolean
load_known (MlaArchive *archive, KnownSet *known, GError **error)
{
    ArchiveWalk walk = { 0 };

    walk.data = known;
    for (guint i = 0; i < archive->volumes->len; i++) {
        const MlaXmlVolumeEntry *volume = g_ptr_array_index (archive->volumes, i);
        g_autofree char *keys = keys_file (archive, volume);

        if (!known_set_load_keys (known, keys)
            && !walk_volume (archive, volume, &walk, remember_record, error))
            return FALSE;
    }
    known->journal = g_byte_array_new ();
    g_byte_array_append (known->journal, (const guint8 *) KEYS_MAGIC, strlen (KEYS_MAGIC));
    return TRUE;
}

static void
remove_leftovers (MlaArchive *archive, const char *folder)
{
    g_autofree char *path = archive_file (archive, folder);
    g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL) {
        if (g_str_has_suffix (name, ".tmp")) {
            g_autofree char *leftover = g_build_filename (path, name, NULL);

            g_unlink (leftover);
        }
    }
}

static guint
next_volume_number (MlaArchive *archive)
{
    guint number = 0;

    for (guint i = 0; i < archive->volumes->len; i++)
        number = MAX (number, ((MlaXmlVolumeEntry *) g_ptr_array_index (archive->volumes, i))->number);
    return number + 1;
}

static gboolean
open_sources (const char *const *inputs, MlaMboxFormat format, GPtrArray *sources,
              guint64 *out_total, GError **error)
{
    *out_total = 0;
    for (gsize i = 0; inputs[i] != NULL; i++) {
        MlaSource *source = mla_source_open (inputs[i], format, error);

        if (source == NULL)
            return FALSE;
        g_ptr_array_add (sources, source);
        *out_total += mla_source_get_bytes_total (source);
    }
    return TRUE;
}

static gboolean
write_keys (Import *import, const MlaXmlVolumeEntry *volume, GError **error)
{
    g_autofree char *path = keys_file (import->archive, volume);
    GByteArray *journal = import->known.journal;

    return mla_atomic_file_set_contents (path, journal->data, journal->len, error);
}

/* Renames the volume's files into place, then replaces the index: until
 * that last rename the archive is the old one. */
static gboolean
commit_volume (Import *import, guint number, const char *imported, GError **error)
{
    MlaArchive *archive = import->archive;
    g_autoptr (MlaXmlVolumeEntry) entry = g_new0 (MlaXmlVolumeEntry, 1);
    g_autoptr (GPtrArray) volumes = g_ptr_array_new ();
    g_autofree char *raw_folder = archive_file (archive, "raw");
    g_autofree char *volume_folder = archive_file (archive, "volumes");
    gboolean ok;

    mla_xml_write_volume_end (import->xml);
    if (!mla_xml_writer_finish (import->xml, error))
        return g_prefix_error (error, "%s/volumes/%06u.xml.tmp: ", archive->path, number), FALSE;
    entry->number = number;
    entry->file = g_strdup_printf ("volumes/%06u.xml", number);
    entry->raw = g_strdup_printf ("raw/%06u.raw", number);
    entry->messages = import->stats->added;
    entry->rejects = import->stats->rejected;
    entry->imported = g_strdup (imported);
    if (!mla_atomic_file_commit (import->raw, error) || !mla_atomic_file_commit (import->volume, error)
        || !write_keys (import, entry, error) || !mla_sync_folder (raw_folder, error)
        || !mla_sync_folder (volume_folder, error))
        return FALSE;
    for (guint i = 0; i < archive->volumes->len; i++)
        g_ptr_array_add (volumes, g_ptr_array_index (archive->volumes, i));
    g_ptr_array_add (volumes, entry);
    ok = write_index (archive, volumes, error);
    if (ok)
        g_ptr_array_add (archive->volumes, g_steal_pointer (&entry));
    return ok;
}

/* An archive that this run created and could not fill goes away again,
 * so a failed first import leaves nothing behind. */
static void
remove_new_archive (MlaArchive *archive)
{
    const char *files[] = { INDEX_NAME, LOCK_NAME, "volumes", "raw", "" };

    remove_leftovers (archive, "volumes");
    remove_leftovers (archive, "raw");
    for (gsize i = 0; i < G_N_ELEMENTS (files); i++) {
        g_autofree char *path = archive_file (archive, files[i]);

        if (files[i][0] == '\0' && !archive->created_folder)
            break;
        if (g_remove (path) != 0)
            g_debug ("%s: not removed: %s", path, g_strerror (errno));
    }
}

/* The transaction proper; the caller holds the lock and clears @import. */
static gboolean
run_import (Import *import, const char *const *inputs, GError **error)
{
    MlaArchive *archive = import->archive;
    g_autoptr (GPtrArray) sources = g_ptr_array_new_with_free_func ((GDestroyNotify) mla_source_free);
    g_autofree char *imported = now_iso8601 ();
    g_autofree char *volume_path = NULL;
    g_autofree char *raw_path = NULL;
    guint number = next_volume_number (archive);

    remove_leftovers (archive, "volumes");
    remove_leftovers (archive, "raw");
    volume_path = g_strdup_printf ("%s/volumes/%06u.xml", archive->path, number);
    raw_path = g_strdup_printf ("%s/raw/%06u.raw", archive->path, number);
    if (!load_known (archive, &import->known, error)
        || !open_sources (inputs, import->options->format, sources, &import->bytes_total, error))
        return FALSE;
    if (!start_workers (import, error))
        return FALSE;
    if ((import->raw = mla_atomic_file_open (raw_path, error)) == NULL
        || (import->volume = mla_atomic_file_open (volume_path, error)) == NULL)
        return FALSE;
    import->xml = mla_xml_writer_new (mla_atomic_file_get_stream (import->volume), MLA_XML_WRITER_INDENT);
    mla_xml_write_volume_start (import->xml, number, imported);
    import->reading = batch_new ();
    for (guint i = 0; i < sources->len; i++)
        if (!import_source (import, g_ptr_array_index (sources, i), error))
            return FALSE;
    /* Twice: the last batch read, then the last one parsed. */
    if (!rotate_batches (import, error) || !rotate_batches (import, error))
        return FALSE;
    /* Inputs go last: the mbox variant is only known once it has been read. */
    for (guint i = 0; i < sources->len; i++) {
        MlaSource *source = g_ptr_array_index (sources, i);

        mla_xml_write_input (import->xml, mla_source_get_path (source),
                             mla_source_get_format_name (source));
    }
    /* A run that adds nothing leaves the archive byte for byte as it was. */
    if (import->stats->added + import->stats->rejected == 0)
        return TRUE;
    return commit_volume (import, number, imported, error);
}

gboolean
mla_archive_import (MlaArchive *archive, const char *const *inputs,
                    const MlaImportOptions *options, MlaImportStats *out_stats, GError **error)
{
    static const MlaImportOptions defaults = { MLA_MBOX_FORMAT_AUTO, TRUE, NULL, NULL };
    MlaImportStats local_stats;
    Import import = { 0 };
    int lock_fd;
    gboolean ok;

    g_return_val_if_fail (archive != NULL && inputs != NULL, FALSE);
    import.archive = archive;
    import.options = options != NULL ? options : &defaults;
    import.stats = out_stats != NULL ? out_stats : &local_stats;
    memset (import.stats, 0, sizeof *import.stats);
    lock_fd = lock_archive (archive, error);
    if (lock_fd < 0)
        return FALSE;
    known_set_init (&import.known);
    ok = run_import (&import, inputs, error);
    import_clear (&import);
    close (lock_fd);
    if (!ok && archive->created && archive->volumes->len == 0)
        remove_new_archive (archive);
    return ok;
}

/* ---- export ---- */

typedef struct {
    GOutputStream *out;
    GByteArray *buffer;
} Export;

static gboolean
export_record (const MlaXmlRecord *record, gpointer user_data, GError **error)
{
    ArchiveWalk *walk = user_data;
    Export *export = walk->data;

    if (record->is_reject)
        return TRUE;
    return read_raw (&walk->cursor, record, export->buffer, error)
           && mla_mboxrd_write_message (export->out, record->envelope, record->date_utc,
                                        export->buffer->data, export->buffer->len, error);
}

gboolean
mla_archive_export_mbox (MlaArchive *archive, GOutputStream *out, GError **error)
{
    g_autoptr (GByteArray) buffer = g_byte_array_new ();
    Export export = { out, buffer };
    ArchiveWalk walk = { 0 };

    walk.data = &export;
    return walk_archive (archive, &walk, export_record, error);
}

/* ---- check ---- */

typedef struct {
    MlaCheckFunc func;
    gpointer user_data;
    MlaCheckStats *stats;
    GByteArray *buffer;
    KnownSet volume_keys;      /* the keys of the volume being checked */
} Check;

static void
report_entry (Check *check, const VolumeCursor *cursor, const MlaXmlRecord *record,
              const char *code, const char *detail)
{
    MlaCheckEntry entry = { cursor->volume->file, record->message_id, record->source,
                            record->source_offset, code, detail };

    if (check->func != NULL)
        check->func (&entry, check->user_data);
}

static gboolean
check_record (const MlaXmlRecord *record, gpointer user_data, GError **error)
{
    ArchiveWalk *walk = user_data;
    Check *check = walk->data;
    char sha256[MLA_SHA256_HEX_SIZE];
    g_autoptr (GError) raw_error = NULL;

    known_set_remember (&check->volume_keys, record);
    if (record->is_reject) {
        const MlaDefect *why = g_ptr_array_index (record->defects, 0);

        check->stats->rejects++;
        report_entry (check, &walk->cursor, record, "rejected", why->detail);
        return TRUE;
    }
    check->stats->messages++;
    for (guint i = 0; i < record->defects->len; i++) {
        const MlaDefect *defect = g_ptr_array_index (record->defects, i);

        check->stats->defects++;
        report_entry (check, &walk->cursor, record, defect->code, defect->detail);
    }
    if (!read_raw (&walk->cursor, record, check->buffer, &raw_error)) {
        check->stats->raw_mismatches++;
        report_entry (check, &walk->cursor, record, "raw-missing", raw_error->message);
        return TRUE;
    }
    mla_sha256_hex (check->buffer->data, check->buffer->len, sha256);
    if (g_strcmp0 (sha256, record->sha256) != 0) {
        check->stats->raw_mismatches++;
        report_entry (check, &walk->cursor, record, "raw-mismatch",
                      "the stored raw bytes do not match their SHA-256");
    }
    return TRUE;
}

static gboolean
known_sets_equal (KnownSet *a, KnownSet *b)
{
    GHashTable *pairs[][2] = { { a->sha256s, b->sha256s },
                               { a->message_ids, b->message_ids },
                               { a->reject_keys, b->reject_keys } };

    for (gsize i = 0; i < G_N_ELEMENTS (pairs); i++) {
        GHashTableIter iter;
        gpointer key;

        if (g_hash_table_size (pairs[i][0]) != g_hash_table_size (pairs[i][1]))
            return FALSE;
        g_hash_table_iter_init (&iter, pairs[i][0]);
        while (g_hash_table_iter_next (&iter, &key, NULL))
            if (!g_hash_table_contains (pairs[i][1], key))
                return FALSE;
    }
    return TRUE;
}

/* A .keys cache that disagrees with its volume would make imports skip
 * mail or store it twice, so check compares it with the keys of the
 * volume's records, gathered by check_record(). */
static void
check_keys (MlaArchive *archive, const MlaXmlVolumeEntry *volume, Check *check)
{
    g_autofree char *keys = keys_file (archive, volume);
    KnownSet cached = { 0 };
    const char *problem = NULL;

    if (!g_file_test (keys, G_FILE_TEST_EXISTS))
        return;
    known_set_init (&cached);
    if (!known_set_load_keys (&cached, keys))
        problem = "the .keys file is damaged; imports read the XML instead";
    else if (!known_sets_equal (&cached, &check->volume_keys))
        problem = "the .keys file does not match its volume; delete it";
    known_set_clear (&cached);
    if (problem != NULL) {
        MlaCheckEntry entry = { volume->file, NULL, keys, 0, "keys-mismatch", problem };

        check->stats->invalid_files++;
        if (check->func != NULL)
            check->func (&entry, check->user_data);
    }
}

/* The schema is compiled into the library, so that an uninstalled mlarc
 * can check; --schema or $MLARC_SCHEMA name another. */
static GBytes *
load_schema (const char *schema_path, GError **error)
{
    const char *path = schema_path != NULL ? schema_path : g_getenv ("MLARC_SCHEMA");
    char *contents = NULL;
    gsize length = 0;

    if (path == NULL)
        return g_resource_lookup_data (mla_resources_get_resource (), "/org/mlarc/mlarc-archive.rng",
                                       G_RESOURCE_LOOKUP_FLAGS_NONE, error);
    if (!g_file_get_contents (path, &contents, &length, error))
        return NULL;
    return g_bytes_new_take (contents, length);
}

gboolean
mla_archive_check (MlaArchive *archive, const char *schema_path, MlaCheckFunc func,
                   gpointer user_data, MlaCheckStats *out_stats, GError **error)
{
    g_autoptr (GBytes) schema = load_schema (schema_path, error);
    g_autoptr (GByteArray) buffer = g_byte_array_new ();
    g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
    g_autofree char *index = archive_file (archive, INDEX_NAME);
    MlaCheckStats local_stats = { 0 };
    MlaCheckStats *stats = out_stats != NULL ? out_stats : &local_stats;
    Check check = { func, user_data, stats, buffer, { 0 } };
    ArchiveWalk walk = { 0 };

    if (schema == NULL)
        return FALSE;
    memset (stats, 0, sizeof *stats);
    if (!mla_xml_validate_file (index, schema, problems))
        stats->invalid_files++;
    walk.data = &check;
    walk.schema = schema;
    walk.problems = problems;
    for (guint i = 0; i < archive->volumes->len; i++) {
        const MlaXmlVolumeEntry *volume = g_ptr_array_index (archive->volumes, i);
        gboolean ok;

        known_set_init (&check.volume_keys);
        ok = walk_volume (archive, volume, &walk, check_record, error);
        if (ok)
            check_keys (archive, volume, &check);
        known_set_clear (&check.volume_keys);
        if (!ok)
            return FALSE;
    }
    stats->invalid_files += walk.invalid_files;
    for (guint i = 0; i < problems->len && func != NULL; i++) {
        MlaCheckEntry entry = { "-", NULL, archive->path, 0, "schema",
                                g_ptr_array_index (problems, i) };

        func (&entry, user_data);
    }
    return TRUE;
}

/* ---- agendas ---- */

static gboolean
collect_agendas (const MlaXmlRecord *record, gpointer user_data, GError **error)
{
    GPtrArray *agendas = ((ArchiveWalk *) user_data)->data;

    g_ptr_array_extend_and_steal (agendas, g_ptr_array_ref (record->agendas));
    return TRUE;
}

GPtrArray *
mla_archive_load_agendas (MlaArchive *archive, GError **error)
{
    g_autoptr (GPtrArray) agendas = g_ptr_array_new_with_free_func ((GDestroyNotify) mla_agenda_free);
    ArchiveWalk walk = { 0 };

    walk.data = agendas;
    walk.flags = MLA_XML_READ_AGENDAS;
    if (!walk_archive (archive, &walk, collect_agendas, error))
        return NULL;
    return g_steal_pointer (&agendas);
}
