/* mla-thread.h: JWZ threading (jwz.org/doc/threading.html, RFC 5256
 * REFERENCES) over plain records. It knows no storage: the overview feeds
 * it and stores what it returns.
 *
 * What it does, beyond the textbook:
 * - ids compare exactly (byte for byte);
 * - a message's parent comes from its own headers only: the last usable
 *   References id, or In-Reply-To when References gives none; the
 *   message's own id, ids without '@' and the addresses of its From, To
 *   or Cc are not usable (mla_thread_clean_refs());
 * - an id referenced but not archived becomes a placeholder; its own
 *   parent is the id before it in the References of the first message (by
 *   date, then key) that names one;
 * - a cycle, whatever the headers say, is broken at the earliest message
 *   (date, then key) in it, which becomes a root;
 * - messages that share one Message-ID stay separate nodes; replies attach
 *   to the one that owns the id: the first to arrive (archive order, not
 *   Date, which the sender chooses) of those not withheld, else the first
 *   to arrive; so a later copy, or one never published, cannot take the
 *   replies of the message they answered;
 * - a thread's size and latest activity count only messages not withheld,
 *   and a message's activity is its date, but no later than a day after
 *   it arrived (MLA_THREAD_FUTURE_SLACK): a date far in the future cannot
 *   keep its thread the newest;
 * - a root that is a real message with no usable reply headers but a reply
 *   subject ("Re: x") joins, as a loose member, the thread of the latest
 *   earlier message with the same normalised subject among the real roots
 *   (and the loose members they gained), if that one is at most
 *   MLA_THREAD_SUBJECT_WINDOW seconds older;
 * - the result does not depend on the order of the inputs (which message
 *   owns a shared id depends on their arrival, given with each input);
 * - nothing recurses: depth is bounded only by memory, time is linear
 *   (plus sorting). */
#pragma once
#include <glib.h>
#include "mla-api.h"

G_BEGIN_DECLS

#define MLA_THREAD_NONE G_MAXUINT
#define MLA_THREAD_SUBJECT_WINDOW (30 * 24 * 3600)
/* How far after its arrival a message's date still counts as activity. */
#define MLA_THREAD_FUTURE_SLACK (24 * 3600)

typedef struct MlaThreadInput {
    const char *id;  /* exact Message-ID, without <> */
    const char *key; /* unique per message (its raw SHA-256): tells
                      * apart messages with one id, breaks date ties */
    const char *const
        *refs;           /* parent chain, oldest first, as returned by
                          * mla_thread_clean_refs(); nullable when n_refs = 0 */
    const char *subject; /* nullable: mla_subject_normalise() of Subject */
    gint64 date;         /* UTC seconds */
    guint n_refs;
    gboolean reply_subject; /* mla_subject_is_reply() of Subject */
    gboolean withheld;      /* X-No-Archive: never published */
    guint64 arrival;        /* archive order: who came first */
    gint64 arrived;         /* when it was imported, UTC seconds; 0: unknown */
} MlaThreadInput;

/* The date of @input as activity: its date, but not later than
 * MLA_THREAD_FUTURE_SLACK after it arrived. */
MLA_API gint64 mla_thread_input_activity (const MlaThreadInput *input);
/* The same for a message @date that arrived at @arrived (0: unknown). */
MLA_API gint64 mla_thread_activity (gint64 date, gint64 arrived);

/* The parent chain of one message, from its headers: the References ids
 * (oldest first) if any is usable, else In-Reply-To. Unusable: the
 * message's own @id, ids without '@' (empty, "yes"), and ids equal (ASCII
 * case-insensitively)
 * to one of @addresses (nullable, NULL-terminated: the From, To and Cc
 * addresses), which mail clients put there. Repeated ids keep their last
 * place. @references is nullable. Returns: (transfer full): char *. */
MLA_API GPtrArray *mla_thread_clean_refs (const char *id,
                                          const char *in_reply_to,
                                          const char *const *references,
                                          gsize n_references,
                                          const char *const *addresses);

/* One node of the forest: a message, or a placeholder for an id that is
 * referenced but not archived. Indexes are node indexes. */
typedef struct MlaThreadNode {
    const char *id; /* a message's: valid as long as the inputs' strings;
                     * a placeholder's: owned by the forest */
    guint input;    /* index of its input; MLA_THREAD_NONE for a placeholder */
    guint parent;   /* MLA_THREAD_NONE for a root */
    guint first_child; /* children in date order (placeholders take the
                        * date of their earliest descendant), then key */
    guint next_sibling;
    guint root;     /* the root of its thread */
    guint depth;    /* 0 for a root */
    gboolean loose; /* a subject match, not a reply: parent is the root */
    gint64 date;    /* its input's date; for a placeholder, the
                     * earliest date below it */
} MlaThreadNode;

typedef struct MlaThreadForest MlaThreadForest;

/* Threads @n @inputs. The forest points into the inputs' strings, which
 * must outlive it. Returns: (transfer full). */
MLA_API MlaThreadForest *mla_thread_forest_build (const MlaThreadInput *inputs,
                                                  gsize n);

/* The same in steps, for callers that read the parent chains from
 * storage one message at a time: of each chain the builder keeps only the
 * last id and, for ids not among the inputs, the first id before them, so
 * memory grows with the messages, not with the references. The inputs'
 * refs and n_refs are not read; mla_thread_builder_add_refs() gives each
 * input's chain (copied as needed), inputs in any order, each at most
 * once. The result equals mla_thread_forest_build()'s. */
typedef struct MlaThreadBuilder MlaThreadBuilder;
/* @inputs must outlive the builder and the forest. Returns: (transfer full). */
MLA_API MlaThreadBuilder *mla_thread_builder_new (const MlaThreadInput *inputs,
                                                  gsize n);
MLA_API void mla_thread_builder_add_refs (MlaThreadBuilder *builder,
                                          guint input, const char *const *refs,
                                          gsize n_refs);
/* Consumes @builder. Returns: (transfer full). */
MLA_API MlaThreadForest *mla_thread_builder_finish (MlaThreadBuilder *builder);
/* Drops a builder that will not be finished. */
MLA_API void mla_thread_builder_free (MlaThreadBuilder *builder);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaThreadBuilder, mla_thread_builder_free)
MLA_API void mla_thread_forest_free (MlaThreadForest *forest);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaThreadForest, mla_thread_forest_free)

MLA_API guint mla_thread_forest_get_n_nodes (const MlaThreadForest *forest);
/* Returns: (transfer none): node @index, valid until the forest is freed. */
MLA_API const MlaThreadNode *
mla_thread_forest_get_node (const MlaThreadForest *forest, guint index);
/* The node of input @input. */
MLA_API guint mla_thread_forest_node_of_input (const MlaThreadForest *forest,
                                               guint input);

/* Returns: (transfer none): the roots, newest activity first (the latest
 * date in the thread), then by thread id. */
MLA_API const GArray *
mla_thread_forest_get_roots (const MlaThreadForest *forest);

/* The thread's stable id, 16 hex digits: a hash of its root's Message-ID
 * (real or placeholder), so that replies added later leave it unchanged.
 * A root that does not own its id adds its key. @node
 * is any node of the thread. Returns: (transfer none). */
MLA_API const char *
mla_thread_forest_get_thread_id (const MlaThreadForest *forest, guint node);
/* Messages (not placeholders, not withheld) in the thread of @node, and
 * its latest activity (mla_thread_activity()); those of its withheld
 * messages when it has no other. */
MLA_API guint mla_thread_forest_get_thread_size (const MlaThreadForest *forest,
                                                 guint node);
/* Messages not withheld in the thread of @node: 0 when all are. */
MLA_API guint mla_thread_forest_get_thread_shown (const MlaThreadForest *forest,
                                                  guint node);
MLA_API gint64 mla_thread_forest_get_thread_last_date (
    const MlaThreadForest *forest, guint node);

/* Calls @func for every node of the thread rooted at @root in tree order
 * (pre-order, children by date), without recursion. */
typedef void (*MlaThreadVisitFunc) (const MlaThreadNode *node, guint index,
                                    gpointer user_data);
MLA_API void mla_thread_forest_walk (const MlaThreadForest *forest, guint root,
                                     MlaThreadVisitFunc func,
                                     gpointer user_data);

G_END_DECLS
