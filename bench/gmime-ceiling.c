/* gmime-ceiling.c: the bound for `mlarc import`, built and run by
 * bench/import (not part of mlarc). It does the least that an import
 * which parses every message with GMime must do: GMime parses each message
 * of an mbox and fetches From, Subject, Date, Message-ID, References and
 * the decoded UTF-8 text of the first text/plain part, on N threads. It
 * writes nothing but a count, so its time is parsing alone.
 *
 *     gmime-ceiling [-j THREADS] MBOX
 *
 * The main thread maps the file and splits it at "From " lines (a few
 * GB/s); the workers take messages off a shared counter. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <gmime/gmime.h>

typedef struct {
    const char *data;
    size_t size;
} Span;

typedef struct {
    const Span *spans;
    gsize n_spans;
    gint next; /* atomic */
} Work;

typedef struct {
    Work *work;
    guint64 chars; /* so the compiler keeps the work */
    guint64 refs;
} Worker;

static GMimeObject *
first_text_plain (GMimeObject *object)
{
    if (GMIME_IS_MULTIPART (object)) {
        int n = g_mime_multipart_get_count (GMIME_MULTIPART (object));

        for (int i = 0; i < n; i++) {
            GMimeObject *found = first_text_plain (
                g_mime_multipart_get_part (GMIME_MULTIPART (object), i));

            if (found != NULL)
                return found;
        }
        return NULL;
    }
    if (GMIME_IS_TEXT_PART (object) &&
        g_mime_content_type_is_type (g_mime_object_get_content_type (object),
                                     "text", "plain"))
        return object;
    return NULL;
}

static void
parse_one (Worker *worker, const Span *span)
{
    GMimeStream *stream =
        g_mime_stream_mem_new_with_buffer (span->data, span->size);
    GMimeParser *parser = g_mime_parser_new_with_stream (stream);
    GMimeMessage *message;

    g_mime_parser_set_format (parser, GMIME_FORMAT_MESSAGE);
    message = g_mime_parser_construct_message (parser, NULL);
    if (message != NULL) {
        InternetAddressList *from = g_mime_message_get_from (message);
        const char *subject = g_mime_message_get_subject (message);
        const char *id = g_mime_message_get_message_id (message);
        GDateTime *date = g_mime_message_get_date (message);
        const char *references =
            g_mime_object_get_header (GMIME_OBJECT (message), "References");
        GMimeObject *body = g_mime_message_get_mime_part (message);
        char *from_text =
            from != NULL ? internet_address_list_to_string (from, NULL, FALSE)
                         : NULL;

        worker->chars += (from_text != NULL ? strlen (from_text) : 0) +
                         (subject != NULL ? strlen (subject) : 0) +
                         (id != NULL ? strlen (id) : 0) +
                         (date != NULL ? 1 : 0);
        g_free (from_text);
        if (references != NULL) {
            GMimeReferences *refs = g_mime_references_parse (NULL, references);

            if (refs != NULL) {
                worker->refs += g_mime_references_length (refs);
                g_mime_references_free (refs);
            }
        }
        body = body != NULL ? first_text_plain (body) : NULL;
        if (body != NULL) {
            char *text = g_mime_text_part_get_text (GMIME_TEXT_PART (body));

            worker->chars += text != NULL ? strlen (text) : 0;
            g_free (text);
        }
        g_object_unref (message);
    }
    g_object_unref (parser);
    g_object_unref (stream);
}

static gpointer
run_worker (gpointer data)
{
    Worker *worker = data;
    Work *work = worker->work;

    for (;;) {
        gsize i = (gsize) g_atomic_int_add (&work->next, 1);

        if (i >= work->n_spans)
            break;
        parse_one (worker, &work->spans[i]);
    }
    return NULL;
}

/* Messages start after each "From " line at the start of a line. */
static GArray *
split_mbox (const char *data, size_t size)
{
    GArray *spans = g_array_new (FALSE, FALSE, sizeof (Span));
    const char *end = data + size, *p = data, *start = NULL;

    while (p < end) {
        const char *eol = memchr (p, '\n', end - p);
        const char *next = eol != NULL ? eol + 1 : end;

        if (end - p >= 5 && memcmp (p, "From ", 5) == 0) {
            if (start != NULL) {
                Span span = { start, p - start };

                g_array_append_val (spans, span);
            }
            start = next;
        }
        p = next;
    }
    if (start != NULL && start < end) {
        Span span = { start, end - start };

        g_array_append_val (spans, span);
    }
    return spans;
}

int
main (int argc, char **argv)
{
    int threads = 1;
    const char *path;
    struct stat st;
    const char *data;
    GArray *spans;
    Work work = { 0 };
    Worker *workers;
    GThread **ids;
    guint64 chars = 0, refs = 0;
    int fd;

    if (argc == 4 && strcmp (argv[1], "-j") == 0)
        threads = atoi (argv[2]);
    if ((argc != 2 && argc != 4) || threads < 1) {
        fprintf (stderr, "usage: gmime-ceiling [-j THREADS] MBOX\n");
        return 2;
    }
    path = argv[argc - 1];
    fd = open (path, O_RDONLY);
    if (fd < 0 || fstat (fd, &st) != 0 || st.st_size == 0) {
        perror (path);
        return 1;
    }
    data = mmap (NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (data == MAP_FAILED) {
        perror (path);
        return 1;
    }
    g_mime_init ();
    spans = split_mbox (data, st.st_size);
    work.spans = (const Span *) spans->data;
    work.n_spans = spans->len;
    workers = g_new0 (Worker, threads);
    ids = g_new0 (GThread *, threads);
    for (int i = 0; i < threads; i++) {
        workers[i].work = &work;
        ids[i] = g_thread_new ("parse", run_worker, &workers[i]);
    }
    for (int i = 0; i < threads; i++) {
        g_thread_join (ids[i]);
        chars += workers[i].chars;
        refs += workers[i].refs;
    }
    printf ("%u messages, %" G_GUINT64_FORMAT " characters, %" G_GUINT64_FORMAT
            " references\n",
            spans->len, chars, refs);
    g_free (ids);
    g_free (workers);
    g_array_unref (spans);
    g_mime_shutdown ();
    munmap ((void *) data, st.st_size);
    close (fd);
    return 0;
}
