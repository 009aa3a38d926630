/* mla-import.c: an import is one transaction. It reads every input,
 * parses on a thread pool, writes a new volume and raw store beside the
 * archive, and commits by replacing the index; on any error nothing is
 * committed. Files not listed in the index are leftovers of an
 * interrupted import and are overwritten by the next. */
#include "config.h"
#include "mla-import.h"
#include "mla-compact.h"
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <glib/gstdio.h>
#include "mla-agenda-mail.h"
#include "mla-atomic-file-private.h"
#include "mla-error.h"
#include "mla-keyset-private.h"
#include "mla-memory-private.h"
#include "mla-overview.h"
#include "mla-source.h"

#define PROGRESS_STEP (64 * 1024)

/* A reader catching the overview up by a volume or two is done well
 * within this; one rebuilding it is not waited for (update_overview). */
#define OVERVIEW_WAIT_MS 1000

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
    MlaMessage *message; /* NULL until parsed, and for rejects */
    GPtrArray *agendas;  /* nullable */
    char *too_costly;    /* nullable: why it was not parsed */
} Job;

struct Batch {
    GPtrArray *jobs; /* Job * */
    gsize bytes;
    guint pending; /* jobs dispatched but not yet parsed */
    GMutex lock;
    GCond parsed;
};

typedef struct {
    MlaArchive *archive;
    const MlaImportOptions *options;
    MlaImportStats *stats;
    MlaKeySet known;
    GHashTable *removed_sha256s; /* of the archive's removals: kept out */
    GHashTable *removed_ids;
    GThreadPool *pool;
    GAsyncQueue *agenda_parsers;   /* nullable: idle MlaAgendaParsers */
    MlaAgendaParser *quick_parser; /* atomic: the start's, until replaced */
    gint quick_parses;             /* atomic: messages it has parsed */
    Batch *reading;                /* being filled */
    Batch *parsing;                /* dispatched; written once parsed */
    MlaMemoryBudget *budget;       /* shared by the parse threads */
    MlaAtomicFile *raw;
    MlaAtomicFile *volume;
    MlaXmlWriter *xml;
    guint64 bytes_before; /* input bytes of the inputs already read */
    guint64 bytes_total;
    guint64 next_progress;
    int overview_lock;    /* taken before the commit, see run_import() */
    GHashTable *list_ids; /* List-Id -> how many messages added carry it */
} Import;

static void
job_free (Job *job)
{
    g_clear_pointer (&job->raw, mla_raw_message_free);
    g_clear_pointer (&job->message, mla_message_free);
    g_clear_pointer (&job->agendas, g_ptr_array_unref);
    g_free (job->too_costly);
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

/* Parses the message within the budget, or says why it cannot. */
static void
parse_within_budget (Import *import, Job *job)
{
    guint64 fields = 0;
    guint64 cost = mla_message_parse_cost (job->raw, &fields);

    if (!mla_memory_budget_take (import->budget, cost)) {
        job->too_costly = g_strdup_printf (
            "parsing would take about %" G_GUINT64_FORMAT
            " MiB (%" G_GUINT64_FORMAT " bytes, %" G_GUINT64_FORMAT
            " header fields), over the %" G_GUINT64_FORMAT
            " MiB the parse threads share",
            cost >> 20, (guint64) g_bytes_get_size (job->raw->bytes), fields,
            mla_memory_budget_get_total (import->budget) >> 20);
        return;
    }
    job->message = mla_message_parse (job->raw);
    mla_memory_budget_give (import->budget, cost);
}

/* Messages the start's parser (made for few texts) parses before it is
 * replaced with one made for many. */
#define QUICK_PARSES 32

/* An idle agenda parser. A parser compiles some 150 patterns: one is
 * made at the start, quick to make, so a single delivery compiles them
 * once and without machine code; more, made for many texts, only when
 * workers are busy at once or once the start's has parsed QUICK_PARSES
 * messages. The start's proved the vocabulary good. */
static MlaAgendaParser *
take_agenda_parser (Import *import)
{
    MlaAgendaParser *parser = g_async_queue_try_pop (import->agenda_parsers);
    MlaAgendaParser *many;

    if (parser != NULL &&
        parser == g_atomic_pointer_get (&import->quick_parser) &&
        g_atomic_int_add (&import->quick_parses, 1) >= QUICK_PARSES &&
        (many = mla_agenda_parser_new (NULL, NULL)) != NULL) {
        g_atomic_pointer_set (&import->quick_parser, NULL);
        mla_agenda_parser_free (parser);
        parser = many;
    }
    if (parser == NULL)
        parser = mla_agenda_parser_new (NULL, NULL);
    if (parser == NULL)
        parser = g_async_queue_pop (import->agenda_parsers);
    return parser;
}

/* Runs on a worker thread. */
static void
parse_job (gpointer data, gpointer user_data)
{
    Job *job = data;
    Import *import = user_data;

    parse_within_budget (import, job);
    if (import->agenda_parsers != NULL && job->message != NULL) {
        MlaAgendaParser *parser = take_agenda_parser (import);

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
    mla_key_set_clear (&import->known);
    g_clear_pointer (&import->budget, mla_memory_budget_free);
    g_clear_pointer (&import->removed_sha256s, g_hash_table_unref);
    g_clear_pointer (&import->removed_ids, g_hash_table_unref);
}

/* What mlarc remove took out stays out: its bytes and its Message-ID
 * (a re-sent copy has other bytes). The strings are the archive's. */
static void
load_removed (Import *import)
{
    GPtrArray *removals = mla_archive_get_removals (import->archive);

    import->removed_sha256s = g_hash_table_new (g_str_hash, g_str_equal);
    import->removed_ids = g_hash_table_new (g_str_hash, g_str_equal);
    for (guint i = 0; i < removals->len; i++) {
        const MlaXmlRemoval *removal = g_ptr_array_index (removals, i);

        g_hash_table_add (import->removed_sha256s, removal->sha256);
        g_hash_table_add (import->removed_ids, removal->message_id);
    }
}

static gboolean
start_workers (Import *import, GError **error)
{
    guint n_workers = import->options->threads > 0
                          ? import->options->threads
                          : MAX (1, g_get_num_processors ());

    if (import->options->extract_agendas) {
        import->agenda_parsers =
            g_async_queue_new_full ((GDestroyNotify) mla_agenda_parser_free);
        MlaAgendaParser *parser = mla_agenda_parser_new_full (
            NULL, MLA_AGENDA_PARSER_FEW_TEXTS, error);

        if (parser == NULL)
            return FALSE;
        import->quick_parser = parser;
        g_async_queue_push (import->agenda_parsers, parser);
    }
    import->pool =
        g_thread_pool_new (parse_job, import, (int) n_workers, FALSE, error);
    return import->pool != NULL;
}

static void
report_progress (Import *import, MlaSource *source, gboolean force)
{
    guint64 done = import->bytes_before + mla_source_get_bytes_done (source);
    MlaImportProgress progress;

    if (import->options->progress == NULL ||
        (!force && done < import->next_progress))
        return;
    import->next_progress = done + PROGRESS_STEP;
    progress.input = mla_source_get_path (source);
    progress.bytes_done = done;
    progress.bytes_total = import->bytes_total;
    progress.messages = import->stats->read;
    import->options->progress (&progress, import->options->progress_data);
}

static void
reject (Import *import, const MlaRawMessage *raw, const char *code,
        const char *detail)
{
    g_autofree char *key =
        mla_key_set_reject_key (raw->source, raw->offset, raw->index);

    if (mla_key_set_contains (&import->known, MLA_KEY_REJECT, key)) {
        import->stats->present++;
        return;
    }
    mla_key_set_add (&import->known, MLA_KEY_REJECT, key);
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
        const MlaDefect *why =
            defects->len > 0 ? g_ptr_array_index (defects, 0) : NULL;

        reject (import, job->raw, why != NULL ? why->code : "unreadable",
                why != NULL ? why->detail : "cannot be read");
        return TRUE;
    }
    if (job->too_costly != NULL) {
        reject (import, job->raw, "too-costly", job->too_costly);
        return TRUE;
    }
    if (message == NULL) {
        reject (import, job->raw, "empty", "the message has no bytes");
        return TRUE;
    }
    sha256 = mla_message_get_sha256 (message);
    message_id = mla_message_get_message_id (message);
    if (g_hash_table_contains (import->removed_sha256s, sha256) ||
        g_hash_table_contains (import->removed_ids, message_id)) {
        import->stats->removed++;
        return TRUE;
    }
    if (mla_key_set_contains_message (&import->known, message)) {
        import->stats->present++;
        return TRUE;
    }
    if (mla_key_set_contains (&import->known, MLA_KEY_MESSAGE_ID, message_id)) {
        mla_message_add_defect (
            message, "duplicate-id",
            "Message-ID <%s> is already in the archive with other bytes",
            message_id);
        import->stats->duplicate_ids++;
    }
    mla_key_set_add (&import->known, MLA_KEY_SHA256, sha256);
    mla_key_set_add (&import->known, MLA_KEY_MESSAGE_ID, message_id);
    bytes = mla_message_get_raw (message);
    raw_offset = mla_atomic_file_get_written (import->raw);
    if (!mla_atomic_file_write (import->raw, g_bytes_get_data (bytes, NULL),
                                g_bytes_get_size (bytes), error))
        return FALSE;
    mla_xml_write_message (import->xml, message, raw_offset, job->agendas);
    import->stats->added++;
    if (mla_message_get_list_id (message) != NULL) {
        const char *list = mla_message_get_list_id (message);
        guint n =
            GPOINTER_TO_UINT (g_hash_table_lookup (import->list_ids, list));

        g_hash_table_insert (import->list_ids, g_strdup (list),
                             GUINT_TO_POINTER (n + 1));
    }
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

/* A run interrupted by its caller (a signal, mla_archive_set_wait())
 * commits nothing: the mail server retries the whole delivery. */
static gboolean
check_not_cancelled (Import *import, GError **error)
{
    if (g_cancellable_is_cancelled (
            mla_archive_get_cancellable (import->archive)))
        return mla_throw (error, MLA_ERROR_TEMPORARY, "interrupted");
    return TRUE;
}

static gboolean
import_source (Import *import, MlaSource *source, GError **error)
{
    while (TRUE) {
        MlaRawMessage *raw = NULL;
        Job *job;

        if (!check_not_cancelled (import, error) ||
            !mla_source_next (source, &raw, error))
            return FALSE;
        if (raw == NULL)
            break;
        import->stats->read++;
        job = g_new0 (Job, 1);
        job->batch = import->reading;
        job->raw = raw;
        g_ptr_array_add (import->reading->jobs, job);
        import->reading->bytes +=
            raw->bytes != NULL ? g_bytes_get_size (raw->bytes) : 0;
        if ((import->reading->bytes >= BATCH_BYTES ||
             import->reading->jobs->len >= BATCH_MESSAGES) &&
            !rotate_batches (import, error))
            return FALSE;
        report_progress (import, source, FALSE);
    }
    report_progress (import, source, TRUE);
    import->bytes_before += mla_source_get_bytes_done (source);
    return TRUE;
}

static guint
next_volume_number (MlaArchive *archive)
{
    guint number = 0;

    for (guint i = 0; i < archive->volumes->len; i++)
        number =
            MAX (number,
                 ((MlaXmlVolumeEntry *) g_ptr_array_index (archive->volumes, i))
                     ->number);
    return number + 1;
}

static gboolean
open_sources (const char *const *inputs, const MlaImportOptions *options,
              GCancellable *cancellable, GPtrArray *sources, guint64 *out_total,
              GError **error)
{
    *out_total = 0;
    for (gsize i = 0; inputs[i] != NULL; i++) {
        MlaSource *source = mla_source_open_cancellable (
            inputs[i], options->format, cancellable, error);

        if (source == NULL)
            return FALSE;
        mla_source_set_max_message_size (source, options->max_message_size);
        g_ptr_array_add (sources, source);
        *out_total += mla_source_get_bytes_total (source);
    }
    return TRUE;
}

/* Renames the volume's files into place, then replaces the index: until
 * that last rename the archive is the old one. */
static gboolean
commit_volume (Import *import, guint number, const char *imported,
               GError **error)
{
    MlaArchive *archive = import->archive;
    g_autoptr (MlaXmlVolumeEntry) entry = g_new0 (MlaXmlVolumeEntry, 1);
    g_autoptr (GPtrArray) volumes = g_ptr_array_new ();
    g_autofree char *keys = NULL;
    gboolean ok;

    mla_xml_write_volume_end (import->xml);
    if (!mla_xml_writer_finish (import->xml, error))
        return g_prefix_error (
                   error, "%s/volumes/%06u.xml.tmp: ", archive->path, number),
               FALSE;
    entry->number = number;
    entry->file = g_strdup_printf ("volumes/%06u.xml", number);
    entry->raw = g_strdup_printf ("raw/%06u.raw", number);
    entry->messages = import->stats->added;
    entry->rejects = import->stats->rejected;
    entry->imported = g_strdup (imported);
    keys = mla_key_set_file_for (archive, entry);
    if (!mla_atomic_file_commit (import->raw, error) ||
        !mla_atomic_file_commit (import->volume, error) ||
        !mla_key_set_write_journal (&import->known, archive, keys, error) ||
        !mla_folder_sync (archive->folder, "raw", error) ||
        !mla_folder_sync (archive->folder, "volumes", error))
        return FALSE;
    for (guint i = 0; i < archive->volumes->len; i++)
        g_ptr_array_add (volumes, g_ptr_array_index (archive->volumes, i));
    g_ptr_array_add (volumes, entry);
    ok = mla_archive_write_index (archive, volumes, error);
    if (ok)
        g_ptr_array_add (archive->volumes, g_steal_pointer (&entry));
    return ok;
}

/* An archive that this run created and could not fill goes away again,
 * so a failed first import leaves nothing behind. */
static void
remove_new_archive (MlaArchive *archive)
{
    const char *files[] = { MLA_ARCHIVE_INDEX_NAME, "lock", "overview.lock",
                            "volumes", "raw" };

    mla_folder_remove_leftovers (archive->folder, "volumes", 0);
    mla_folder_remove_leftovers (archive->folder, "raw", 0);
    for (gsize i = 0; i < G_N_ELEMENTS (files); i++) {
        gboolean is_folder = i >= G_N_ELEMENTS (files) - 2;

        if (!mla_folder_remove (archive->folder, files[i],
                                is_folder ? AT_REMOVEDIR : 0))
            g_debug ("%s: not removed: %s", files[i], g_strerror (errno));
    }
    if (archive->created_folder && g_rmdir (archive->path) != 0)
        g_debug ("%s: not removed: %s", archive->path, g_strerror (errno));
}

/* The transaction proper; the caller holds the lock and clears @import. */
static gboolean
run_import (Import *import, const char *const *inputs, GError **error)
{
    MlaArchive *archive = import->archive;
    g_autoptr (GPtrArray) sources =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_source_free);
    g_autofree char *imported = mla_archive_now ();
    guint number = next_volume_number (archive);
    g_autofree char *volume_path = g_strdup_printf ("volumes/%06u.xml", number);
    g_autofree char *raw_path = g_strdup_printf ("raw/%06u.raw", number);

    mla_folder_remove_leftovers (archive->folder, "volumes", 0);
    mla_folder_remove_leftovers (archive->folder, "raw", 0);
    mla_key_set_remove_leftover (archive);
    load_removed (import);
    if (!mla_key_set_load_archive (&import->known, archive, error) ||
        !open_sources (inputs, import->options,
                       mla_archive_get_cancellable (archive), sources,
                       &import->bytes_total, error))
        return FALSE;
    if (!start_workers (import, error))
        return FALSE;
    if ((import->raw =
             mla_atomic_file_open (archive->folder, raw_path, error)) == NULL ||
        (import->volume = mla_atomic_file_open (archive->folder, volume_path,
                                                error)) == NULL)
        return FALSE;
    import->xml = mla_xml_writer_new (
        mla_atomic_file_get_stream (import->volume), MLA_XML_WRITER_INDENT);
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
    /* Before the commit, so that a reader finding the overview behind
     * waits for this import's update instead of calling it interrupted.
     * Not for long: a reader holding it must not make a delivery wait or
     * fail; the overview is derived, and the next command catches it up. */
    import->overview_lock =
        mla_archive_lock_overview_within (archive, OVERVIEW_WAIT_MS, NULL);
    return check_not_cancelled (import, error) &&
           commit_volume (import, number, imported, error);
}

/* The key index is derived too: without it the next import reads the
 * .keys files of the volumes it does not cover. */
static void
update_key_index (MlaKeySet *known, MlaArchive *archive)
{
    g_autoptr (GError) error = NULL;

    if (!mla_key_set_update_index (known, archive, &error))
        g_debug ("the key index was not updated: %s", error->message);
}

/* The overview is derived: failing to update it loses nothing, and the
 * next command that opens it catches it up. It only adds rows (threading
 * waits for the next reader), so the archive lock is kept meanwhile. */
static void
update_overview (Import *import, gboolean was_empty)
{
    const MlaImportOptions *options = import->options;
    g_autoptr (GError) error = NULL;

    if (import->overview_lock < 0)
        import->overview_lock =
            mla_archive_lock_overview_within (import->archive, 0, &error);
    /* A first import makes the overview: nothing worth a notice. */
    if ((import->overview_lock < 0 ||
         !mla_overview_add_locked (import->archive,
                                   was_empty ? NULL : options->notice,
                                   options->notice_data, &error)) &&
        options->notice != NULL) {
        g_autofree char *text =
            g_strdup_printf ("the overview was not updated (%s); the next "
                             "command will catch it up",
                             error->message);

        options->notice (text, options->notice_data);
    }
}

/* Compaction, like the overview, comes after the commit: failing loses
 * nothing, and mlarc compact does the same later. */
static void
compact_tail (MlaArchive *archive, const MlaImportOptions *options)
{
    g_autoptr (GError) error = NULL;

    if (!mla_archive_compact_tail_locked (archive, MLA_LIVE_VOLUMES, &error) &&
        options->notice != NULL) {
        g_autofree char *text =
            g_strdup_printf ("the last volumes were not merged (%s); "
                             "mlarc compact will merge them",
                             error->message);

        options->notice (text, options->notice_data);
    }
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
    return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* One notice for the messages added whose List-Id is not the archive's
 * list: a site shows one list, and takes the commonest as its title. */
static void
warn_other_lists (Import *import)
{
    const MlaImportOptions *options = import->options;
    g_autoptr (GHashTable) all = NULL;
    g_autoptr (GPtrArray) others = g_ptr_array_new ();
    g_autoptr (GString) names = g_string_new (NULL);
    const char *main_list;
    guint64 count = 0;
    GHashTableIter iter;
    gpointer key, value;

    if (options->notice == NULL || g_hash_table_size (import->list_ids) == 0)
        return;
    if (import->overview_lock >= 0)
        all = mla_overview_count_list_ids (import->archive, NULL);
    main_list =
        mla_overview_main_list_id (all != NULL ? all : import->list_ids);
    g_hash_table_iter_init (&iter, import->list_ids);
    while (g_hash_table_iter_next (&iter, &key, &value))
        if (g_strcmp0 (key, main_list) != 0) {
            g_ptr_array_add (others, key);
            count += GPOINTER_TO_UINT (value);
        }
    if (count == 0)
        return;
    g_ptr_array_sort (others, compare_names);
    for (guint i = 0; i < others->len; i++)
        g_string_append_printf (names, "%s%s", i > 0 ? ", " : "",
                                (const char *) others->pdata[i]);
    mla_notify (options->notice, options->notice_data,
                "%" G_GUINT64_FORMAT " %s added %s another List-Id than "
                "the archive's list (%s): %s; a site shows one list, so "
                "keep one archive per list and serve them together with "
                "mlarc host",
                count, count == 1 ? "message" : "messages",
                count == 1 ? "carries" : "carry", main_list, names->str);
}

gboolean
mla_archive_import (MlaArchive *archive, const char *const *inputs,
                    const MlaImportOptions *options, MlaImportStats *out_stats,
                    GError **error)
{
    static const MlaImportOptions defaults = {
        MLA_MBOX_FORMAT_AUTO, TRUE, NULL, NULL, NULL, NULL, 0, FALSE, 0
    };
    MlaImportStats local_stats;
    Import import = { .overview_lock = -1 };
    int lock_fd;
    gboolean was_empty;
    gboolean ok;

    g_return_val_if_fail (archive != NULL && inputs != NULL, FALSE);
    import.archive = archive;
    import.options = options != NULL ? options : &defaults;
    import.stats = out_stats != NULL ? out_stats : &local_stats;
    memset (import.stats, 0, sizeof *import.stats);
    lock_fd = mla_archive_lock (archive, error);
    if (lock_fd < 0)
        return FALSE;
    /* Another import may have committed between the open and the lock:
     * numbering from that older list would overwrite its volume. */
    if (!mla_archive_reload (archive, error))
        return mla_archive_unlock (lock_fd), FALSE;
    mla_key_set_init (&import.known);
    import.list_ids =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    import.budget = mla_memory_budget_new (
        mla_message_parse_budget (import.options->max_message_size));
    was_empty = archive->volumes->len == 0;
    ok = run_import (&import, inputs, error);
    if (ok && import.stats->added + import.stats->rejected > 0 &&
        mla_key_set_index_is_due (&import.known))
        update_key_index (&import.known, archive);
    /* The key set and the batches go before the overview needs memory. */
    import_clear (&import);
    if (!ok && archive->created && archive->volumes->len == 0)
        remove_new_archive (archive);
    /* Both locks, so that a compaction neither removes volumes under a
     * reader catching the overview up nor races the next import. */
    if (ok)
        update_overview (&import, was_empty);
    if (ok)
        warn_other_lists (&import);
    g_hash_table_unref (import.list_ids);
    if (ok && import.overview_lock >= 0 && !import.options->no_compact &&
        import.stats->added + import.stats->rejected > 0)
        compact_tail (archive, import.options);
    mla_archive_unlock (import.overview_lock);
    mla_archive_unlock (lock_fd);
    return ok;
}
