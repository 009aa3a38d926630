/* mla-thread-format.h: the threads of an archive as text for a terminal
 * (like notmuch tree or mblaze's mthread) or as a <threads> XML document
 * (doc/mlarc-archive.rng). */
#pragma once
#include <gio/gio.h>
#include "mla-api.h"
#include "mla-overview.h"

G_BEGIN_DECLS

typedef enum {
    MLA_THREADS_FORMAT_TEXT,
    MLA_THREADS_FORMAT_XML,
} MlaThreadsFormat;

/* Parses "text" or "xml"; FALSE when unknown. */
MLA_API gboolean mla_threads_format_from_string (const char *name,
                                                 MlaThreadsFormat *out_format);

typedef struct MlaThreadsWriteOptions {
    gint64 since; /* only threads with a message at or after (UTC seconds);
                     G_MININT64: all */
    gint64 until; /* ... and before; G_MAXINT64: all */
    gboolean ids; /* text: a line "thread ID" before each thread (the id
                     mlarc show takes and the site's t/ID/); xml has
                     them always */
} MlaThreadsWriteOptions;

/* Writes every thread (newest activity first) in tree order, children by
 * date; placeholders show the ids of messages referenced but not
 * archived, and subject matches are marked as such. @options nullable. */
MLA_API gboolean mla_threads_write (MlaOverviewThreads *threads,
                                    MlaThreadsFormat format,
                                    const MlaThreadsWriteOptions *options,
                                    GOutputStream *out, GError **error);

G_END_DECLS
