/* mla-search.h: mlarc search: a query run over the overview's full-text
 * index, its results written as a listing, as JSON or as mboxrd, one
 * entry per message or per thread. */
#pragma once
#include <gio/gio.h>
#include "mla-api.h"
#include "mla-archive.h"
#include "mla-overview.h"
#include "mla-query.h"

G_BEGIN_DECLS

typedef enum {
    MLA_SEARCH_FORMAT_TEXT, /* a line per result */
    MLA_SEARCH_FORMAT_JSON, /* an array of objects */
    MLA_SEARCH_FORMAT_MBOX, /* the messages as mboxrd */
} MlaSearchFormat;

/* Parses "text", "json" or "mbox"; FALSE when unknown. */
MLA_API gboolean mla_search_format_from_string (const char *name,
                                                MlaSearchFormat *out_format);

typedef struct MlaSearchWriteOptions {
    MlaSearchFormat format;
    gboolean threads; /* a result per thread (mbox: every message of each) */
    guint offset;     /* results (messages or threads) skipped */
    guint limit;      /* at most this many results; 0: all */
} MlaSearchWriteOptions;

/* Runs @query and writes its results to @out, the most relevant first.
 * No result is not an error. */
MLA_API gboolean mla_search (MlaArchive *archive, MlaOverview *overview,
                             const MlaQuery *query,
                             const MlaSearchWriteOptions *options,
                             GOutputStream *out, GError **error);

G_END_DECLS
