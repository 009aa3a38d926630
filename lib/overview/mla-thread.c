/* mla-thread.c: JWZ threading without recursion. The steps follow
 * jwz.org/doc/threading.html, made independent of input order: nodes are
 * numbered in (date, key, id) order, every choice goes to the lowest
 * number, and cycles are broken after all links are made, by one linear
 * pass over the parent graph. */
#include "config.h"
#include <stdlib.h>
#include <string.h>
#include "mla-digest-private.h"
#include "mla-memory-private.h"
#include "mla-thread.h"
#include "mla-hash-private.h"

#define THREAD_ID_SIZE 17

typedef char ThreadId[THREAD_ID_SIZE];

struct MlaThreadForest {
    GArray *nodes;     /* MlaThreadNode */
    guint *input_node; /* input index -> node index */
    gsize n_inputs;
    GStringChunk *strings; /* placeholders' ids */
    GArray *roots;         /* guint node indexes, newest activity first */
    GArray *threads;       /* Thread, one per root, by root node */
};

/* What is kept per thread, not per node: most nodes are no root. */
typedef struct {
    guint root;
    guint size;   /* messages */
    gint64 last;  /* latest activity */
    guint hidden; /* withheld messages, which size and last leave out */
    gint64 hidden_last;
    guint shown; /* messages not withheld: size, unless there are none */
    ThreadId id;
} Thread;

/* An id referenced but not archived, while the chains are added. Its
 * node number comes from its first appearance (chain of the lowest
 * message node, then position), as if the chains had been read in node
 * order; its parent from the lowest message node that puts an id before
 * it. */
typedef struct {
    const char *id;
    guint first_k, first_j;
    guint pred_k; /* MLA_THREAD_NONE: no id before it yet */
    guint pred;   /* a Target */
} Placeholder;

/* Where a reference points while chains are added: a message node
 * (below n), or n + a Placeholder's index. */
typedef guint Target;

typedef enum {
    HAS_REFS = 1 << 0,
    SHARES_ID = 1 << 1, /* not the owner of its id (owns_before()) */
} Flags;

struct MlaThreadBuilder {
    const MlaThreadInput *inputs;
    gsize n;
    guint *order; /* message node -> input */
    MlaThreadForest *forest;
    GHashTable *by_id;             /* id -> the message node that owns it + 1 */
    GHashTable *placeholder_by_id; /* id -> Placeholder index + 1 */
    GArray *placeholders;          /* Placeholder */
    Target *last_ref; /* per message node: its last reference, or NONE */
    guint8 *flags;    /* per message node: Flags */
};

static const char *
key_of (const MlaThreadInput *input)
{
    return input->key != NULL ? input->key : "";
}

static int
compare_inputs (gconstpointer a, gconstpointer b, gpointer user_data)
{
    const MlaThreadInput *inputs = user_data;
    const MlaThreadInput *x = &inputs[*(const guint *) a];
    const MlaThreadInput *y = &inputs[*(const guint *) b];
    int order;

    if (x->date != y->date)
        return x->date < y->date ? -1 : 1;
    order = strcmp (key_of (x), key_of (y));
    return order != 0 ? order : strcmp (x->id, y->id);
}

static MlaThreadNode *
node_at (GArray *nodes, guint index)
{
    return &g_array_index (nodes, MlaThreadNode, index);
}

/* Whether message node @kx of @x owns an id before node @ky of @y: one
 * that is published before one withheld, then the first to arrive. Not
 * the date: the sender chooses it, and a copy dated earlier would take
 * the replies of the message it copies. */
static gboolean
owns_before (const MlaThreadInput *x, guint kx, const MlaThreadInput *y,
             guint ky)
{
    if (x->withheld != y->withheld)
        return !x->withheld;
    if (x->arrival != y->arrival)
        return x->arrival < y->arrival;
    return kx < ky;
}

/* Makes node @k the owner of its id if it owns it before the owner so
 * far; the other is flagged SHARES_ID. */
static void
claim_id (MlaThreadBuilder *builder, guint k)
{
    const MlaThreadInput *inputs = builder->inputs;
    const MlaThreadInput *input = &inputs[builder->order[k]];
    gpointer found;
    guint owner;

    if (!g_hash_table_lookup_extended (builder->by_id, input->id, NULL,
                                       &found)) {
        g_hash_table_insert (builder->by_id, (gpointer) input->id,
                             GUINT_TO_POINTER (k + 1));
        return;
    }
    owner = GPOINTER_TO_UINT (found) - 1;
    if (!owns_before (input, k, &inputs[builder->order[owner]], owner)) {
        builder->flags[k] |= SHARES_ID;
        return;
    }
    builder->flags[owner] |= SHARES_ID;
    g_hash_table_insert (builder->by_id, (gpointer) input->id,
                         GUINT_TO_POINTER (k + 1));
}

static guint
add_node (GArray *nodes, const char *id, guint input, gint64 date)
{
    MlaThreadNode node = { id,
                           input,
                           MLA_THREAD_NONE,
                           MLA_THREAD_NONE,
                           MLA_THREAD_NONE,
                           MLA_THREAD_NONE,
                           0,
                           FALSE,
                           date };

    g_array_append_val (nodes, node);
    return nodes->len - 1;
}

static Target
resolve (MlaThreadBuilder *builder, const char *id, guint k, guint j)
{
    gpointer found;
    Placeholder *placeholder;

    if (g_hash_table_lookup_extended (builder->by_id, id, NULL, &found))
        return GPOINTER_TO_UINT (found) - 1;
    if (g_hash_table_lookup_extended (builder->placeholder_by_id, id, NULL,
                                      &found)) {
        placeholder = &g_array_index (builder->placeholders, Placeholder,
                                      GPOINTER_TO_UINT (found) - 1);
        if (k < placeholder->first_k ||
            (k == placeholder->first_k && j < placeholder->first_j)) {
            placeholder->first_k = k;
            placeholder->first_j = j;
        }
        return (Target) builder->n + GPOINTER_TO_UINT (found) - 1;
    }
    g_array_set_size (builder->placeholders, builder->placeholders->len + 1);
    placeholder = &g_array_index (builder->placeholders, Placeholder,
                                  builder->placeholders->len - 1);
    placeholder->id = g_string_chunk_insert (builder->forest->strings, id);
    placeholder->first_k = k;
    placeholder->first_j = j;
    placeholder->pred_k = MLA_THREAD_NONE;
    g_hash_table_insert (builder->placeholder_by_id, (gpointer) placeholder->id,
                         GUINT_TO_POINTER (builder->placeholders->len));
    return (Target) (builder->n + builder->placeholders->len - 1);
}

MlaThreadBuilder *
mla_thread_builder_new (const MlaThreadInput *inputs, gsize n)
{
    MlaThreadBuilder *builder;
    MlaThreadForest *forest;

    g_return_val_if_fail (inputs != NULL || n == 0, NULL);
    builder = g_new0 (MlaThreadBuilder, 1);
    forest = g_new0 (MlaThreadForest, 1);
    builder->inputs = inputs;
    builder->n = n;
    builder->forest = forest;
    builder->order = g_new (guint, MAX (n, 1));
    builder->by_id = g_hash_table_new (mla_str_hash, g_str_equal);
    builder->placeholder_by_id = g_hash_table_new (mla_str_hash, g_str_equal);
    builder->placeholders = g_array_new (FALSE, FALSE, sizeof (Placeholder));
    builder->last_ref = g_new (Target, MAX (n, 1));
    builder->flags = g_new0 (guint8, MAX (n, 1));
    forest->n_inputs = n;
    forest->nodes = g_array_sized_new (FALSE, FALSE, sizeof (MlaThreadNode), n);
    forest->input_node = g_new (guint, MAX (n, 1));
    forest->strings = g_string_chunk_new (4096);
    for (gsize i = 0; i < n; i++)
        builder->order[i] = (guint) i;
    g_qsort_with_data (builder->order, n, sizeof (guint), compare_inputs,
                       (gpointer) inputs);
    /* The nodes themselves are made once every chain is in, when the id
     * tables are gone: both at once would be the peak of memory. */
    for (gsize k = 0; k < n; k++) {
        guint input = builder->order[k];

        forest->input_node[input] = (guint) k;
        claim_id (builder, (guint) k);
        builder->last_ref[k] = MLA_THREAD_NONE;
    }
    return builder;
}

/* Parents from headers: a message's own last reference; a placeholder's
 * from the first chain (in node order) that puts an id before it. Only
 * that much of each chain is kept. */
void
mla_thread_builder_add_refs (MlaThreadBuilder *builder, guint input,
                             const char *const *refs, gsize n_refs)
{
    guint k;
    Target previous = MLA_THREAD_NONE;

    g_return_if_fail (input < builder->n);
    k = builder->forest->input_node[input];
    if (n_refs > 0)
        builder->flags[k] |= HAS_REFS;
    for (gsize j = 0; j < n_refs; j++) {
        Target target = resolve (builder, refs[j], k, (guint) j);

        if (j > 0 && target >= builder->n && previous != target) {
            Placeholder *placeholder = &g_array_index (
                builder->placeholders, Placeholder, target - builder->n);

            if (k < placeholder->pred_k) {
                placeholder->pred_k = k;
                placeholder->pred = previous;
            }
        }
        previous = target;
    }
    builder->last_ref[k] =
        n_refs > 0 && previous != k ? previous : MLA_THREAD_NONE;
}

static int
compare_placeholders (gconstpointer a, gconstpointer b, gpointer user_data)
{
    const Placeholder *x =
        &g_array_index ((GArray *) user_data, Placeholder, *(const guint *) a);
    const Placeholder *y =
        &g_array_index ((GArray *) user_data, Placeholder, *(const guint *) b);

    if (x->first_k != y->first_k)
        return x->first_k < y->first_k ? -1 : 1;
    return (x->first_j > y->first_j) - (x->first_j < y->first_j);
}

/* The node a Target names, once placeholders have nodes (@node_of). */
static guint
target_node (const MlaThreadBuilder *builder, const guint *node_of,
             Target target)
{
    return target < builder->n ? target : node_of[target - builder->n];
}

/* Placeholders become nodes n.. in order of first appearance; every
 * parent link is then set from the Targets. */
static void
link_parents (MlaThreadBuilder *builder)
{
    GArray *nodes = builder->forest->nodes;
    guint n_placeholders = builder->placeholders->len;
    g_autofree guint *order = g_new (guint, MAX (n_placeholders, 1));
    g_autofree guint *node_of = g_new (guint, MAX (n_placeholders, 1));

    for (gsize k = 0; k < builder->n; k++) {
        guint input = builder->order[k];

        add_node (nodes, builder->inputs[input].id, input,
                  builder->inputs[input].date);
    }
    g_clear_pointer (&builder->order, g_free);
    for (guint p = 0; p < n_placeholders; p++)
        order[p] = p;
    g_qsort_with_data (order, n_placeholders, sizeof (guint),
                       compare_placeholders, builder->placeholders);
    for (guint r = 0; r < n_placeholders; r++)
        node_of[order[r]] = add_node (
            nodes,
            g_array_index (builder->placeholders, Placeholder, order[r]).id,
            MLA_THREAD_NONE, 0);
    for (gsize k = 0; k < builder->n; k++)
        if (builder->last_ref[k] != MLA_THREAD_NONE)
            node_at (nodes, (guint) k)->parent =
                target_node (builder, node_of, builder->last_ref[k]);
    for (guint p = 0; p < n_placeholders; p++) {
        const Placeholder *placeholder =
            &g_array_index (builder->placeholders, Placeholder, p);

        if (placeholder->pred_k != MLA_THREAD_NONE)
            node_at (nodes, node_of[p])->parent =
                target_node (builder, node_of, placeholder->pred);
    }
}

/* The parent links form a functional graph; each of its cycles is cut at
 * its lowest node (the earliest message), which becomes a root. Each node
 * is visited once. */
static void
break_cycles (GArray *nodes)
{
    enum { UNSEEN, ON_PATH, DONE };
    g_autofree guint8 *state = g_new0 (guint8, nodes->len);
    g_autoptr (GArray) path = g_array_new (FALSE, FALSE, sizeof (guint));

    for (guint start = 0; start < nodes->len; start++) {
        guint v = start;

        g_array_set_size (path, 0);
        while (v != MLA_THREAD_NONE && state[v] == UNSEEN) {
            state[v] = ON_PATH;
            g_array_append_val (path, v);
            v = node_at (nodes, v)->parent;
        }
        if (v != MLA_THREAD_NONE && state[v] == ON_PATH) {
            guint lowest = v;

            for (guint w = node_at (nodes, v)->parent; w != v;
                 w = node_at (nodes, w)->parent)
                lowest = MIN (lowest, w);
            node_at (nodes, lowest)->parent = MLA_THREAD_NONE;
        }
        for (guint i = 0; i < path->len; i++)
            state[g_array_index (path, guint, i)] = DONE;
    }
}

static guint
root_of (GArray *nodes, guint v)
{
    while (node_at (nodes, v)->parent != MLA_THREAD_NONE)
        v = node_at (nodes, v)->parent;
    return v;
}

/* Real roots without usable reply headers but with a reply subject join
 * the thread of the latest earlier root of that subject, within the
 * window. Nodes 0..n-1 are the messages in date order. */
static void
link_subjects (MlaThreadBuilder *builder)
{
    g_autoptr (GHashTable) latest = g_hash_table_new (g_str_hash, g_str_equal);
    GArray *nodes = builder->forest->nodes;

    for (gsize k = 0; k < builder->n; k++) {
        MlaThreadNode *node = node_at (nodes, (guint) k);
        const MlaThreadInput *input = &builder->inputs[node->input];
        gpointer found;

        if (node->parent != MLA_THREAD_NONE || input->subject == NULL ||
            input->subject[0] == '\0')
            continue;
        if (!(builder->flags[k] & HAS_REFS) && input->reply_subject &&
            g_hash_table_lookup_extended (latest, input->subject, NULL,
                                          &found)) {
            guint match = GPOINTER_TO_UINT (found);

            if (input->date - node_at (nodes, match)->date <=
                MLA_THREAD_SUBJECT_WINDOW) {
                node->parent = root_of (nodes, match);
                node->loose = TRUE;
            }
        }
        g_hash_table_insert (latest, (gpointer) input->subject,
                             GUINT_TO_POINTER ((guint) k));
    }
}

/* Children sort by date, then key (messages) or id (placeholders). */
typedef struct {
    const MlaThreadInput *inputs;
    GArray *nodes;
} SortContext;

static int
compare_nodes (gconstpointer a, gconstpointer b, gpointer user_data)
{
    const SortContext *context = user_data;
    const MlaThreadNode *x = node_at (context->nodes, *(const guint *) a);
    const MlaThreadNode *y = node_at (context->nodes, *(const guint *) b);
    const char *kx, *ky;
    int order;

    if (x->date != y->date)
        return x->date < y->date ? -1 : 1;
    kx = x->input != MLA_THREAD_NONE ? key_of (&context->inputs[x->input])
                                     : x->id;
    ky = y->input != MLA_THREAD_NONE ? key_of (&context->inputs[y->input])
                                     : y->id;
    order = strcmp (kx, ky);
    if (order != 0)
        return order;
    return (*(const guint *) a > *(const guint *) b) -
           (*(const guint *) a < *(const guint *) b);
}

/* Pre-order of every tree over the unsorted children (@start, @children:
 * counting-sort adjacency), with depth and root set on the way. */
static GArray *
preorder (GArray *nodes, const guint *start, const guint *children)
{
    GArray *visit =
        g_array_sized_new (FALSE, FALSE, sizeof (guint), nodes->len);
    g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint));

    for (guint r = 0; r < nodes->len; r++) {
        if (node_at (nodes, r)->parent != MLA_THREAD_NONE)
            continue;
        node_at (nodes, r)->root = r;
        node_at (nodes, r)->depth = 0;
        g_array_append_val (stack, r);
        while (stack->len > 0) {
            guint v = g_array_index (stack, guint, stack->len - 1);

            g_array_set_size (stack, stack->len - 1);
            g_array_append_val (visit, v);
            for (guint i = start[v]; i < start[v + 1]; i++) {
                guint c = children[i];

                node_at (nodes, c)->root = r;
                node_at (nodes, c)->depth = node_at (nodes, v)->depth + 1;
                g_array_append_val (stack, c);
            }
        }
    }
    return visit;
}

static void
thread_id (char out[THREAD_ID_SIZE], const char *id, const char *key)
{
    g_autofree char *text =
        key != NULL ? g_strconcat (id, "\n", key, NULL) : g_strdup (id);
    char hex[MLA_SHA256_HEX_SIZE];

    mla_sha256_hex (text, strlen (text), hex);
    memcpy (out, hex, THREAD_ID_SIZE - 1);
    out[THREAD_ID_SIZE - 1] = '\0';
}

static int
compare_thread_roots (gconstpointer a, gconstpointer b)
{
    guint x = *(const guint *) a, y = ((const Thread *) b)->root;

    return (x > y) - (x < y);
}

static Thread *
thread_of (const MlaThreadForest *forest, guint root)
{
    return bsearch (&root, forest->threads->data, forest->threads->len,
                    sizeof (Thread), compare_thread_roots);
}

static int
compare_roots (gconstpointer a, gconstpointer b, gpointer user_data)
{
    const MlaThreadForest *forest = user_data;
    const Thread *x = thread_of (forest, *(const guint *) a);
    const Thread *y = thread_of (forest, *(const guint *) b);

    if (x->last != y->last)
        return x->last > y->last ? -1 : 1;
    return strcmp (x->id, y->id);
}

gint64
mla_thread_activity (gint64 date, gint64 arrived)
{
    if (arrived != 0 && date > arrived + MLA_THREAD_FUTURE_SLACK)
        return arrived + MLA_THREAD_FUTURE_SLACK;
    return date;
}

gint64
mla_thread_input_activity (const MlaThreadInput *input)
{
    return mla_thread_activity (input->date, input->arrived);
}

/* A message of @thread into its size and latest activity; a withheld one
 * apart (finish() falls back to those when the thread has no other). */
static void
count_message (Thread *thread, const MlaThreadInput *input)
{
    gint64 activity = mla_thread_input_activity (input);

    if (input->withheld) {
        if (thread->hidden++ == 0 || activity > thread->hidden_last)
            thread->hidden_last = activity;
    } else if (thread->size++ == 0 || activity > thread->last) {
        thread->last = activity;
    }
}

/* Sorted children lists, placeholder dates, thread sizes, ids and the
 * order of the roots. */
static void
finish (MlaThreadForest *forest, MlaThreadBuilder *builder)
{
    GArray *nodes = forest->nodes;
    guint n = nodes->len;
    g_autofree guint *start = g_new0 (guint, n + 1);
    g_autofree guint *children = g_new (guint, MAX (n, 1));
    g_autofree guint *fill = NULL;
    g_autoptr (GArray) visit = NULL;
    SortContext context = { builder->inputs, nodes };

    for (guint v = 0; v < n; v++)
        if (node_at (nodes, v)->parent != MLA_THREAD_NONE)
            start[node_at (nodes, v)->parent + 1]++;
    for (guint v = 0; v < n; v++)
        start[v + 1] += start[v];
    fill = g_memdup2 (start, sizeof (guint) * n);
    for (guint v = 0; v < n; v++)
        if (node_at (nodes, v)->parent != MLA_THREAD_NONE)
            children[fill[node_at (nodes, v)->parent]++] = v;
    g_clear_pointer (&fill, g_free);
    visit = preorder (nodes, start, children);

    forest->threads = g_array_new (FALSE, TRUE, sizeof (Thread));
    forest->roots = g_array_new (FALSE, FALSE, sizeof (guint));
    for (guint v = 0; v < n; v++) {
        if (node_at (nodes, v)->parent != MLA_THREAD_NONE)
            continue;
        g_array_set_size (forest->threads, forest->threads->len + 1);
        g_array_index (forest->threads, Thread, forest->threads->len - 1).root =
            v;
        g_array_append_val (forest->roots, v);
    }
    /* Bottom-up: a placeholder dates from its earliest descendant. */
    for (guint i = visit->len; i-- > 0;) {
        guint v = g_array_index (visit, guint, i);
        MlaThreadNode *node = node_at (nodes, v);

        if (node->input == MLA_THREAD_NONE) {
            gint64 earliest = G_MAXINT64;

            for (guint c = start[v]; c < start[v + 1]; c++)
                earliest = MIN (earliest, node_at (nodes, children[c])->date);
            node->date = earliest != G_MAXINT64 ? earliest : 0;
        } else {
            count_message (thread_of (forest, node->root),
                           &builder->inputs[node->input]);
        }
    }
    g_clear_pointer (&visit, g_array_unref);
    for (guint v = 0; v < n; v++) {
        guint count = start[v + 1] - start[v];

        if (count > 1)
            g_qsort_with_data (children + start[v], count, sizeof (guint),
                               compare_nodes, &context);
        for (guint c = count; c-- > 0;) {
            guint child = children[start[v] + c];

            node_at (nodes, child)->next_sibling =
                node_at (nodes, v)->first_child;
            node_at (nodes, v)->first_child = child;
        }
    }

    for (guint t = 0; t < forest->threads->len; t++) {
        Thread *thread = &g_array_index (forest->threads, Thread, t);
        const MlaThreadNode *node = node_at (nodes, thread->root);
        const char *key = NULL;

        thread->shown = thread->size;
        if (thread->size == 0) {
            thread->size = thread->hidden;
            thread->last = thread->hidden_last;
        }

        /* A root that does not own its id must not share the thread id
         * of its owner. */
        if (thread->root < builder->n &&
            (builder->flags[thread->root] & SHARES_ID))
            key = key_of (&builder->inputs[node->input]);
        thread_id (thread->id, node->id, key);
    }
    g_qsort_with_data (forest->roots->data, forest->roots->len, sizeof (guint),
                       compare_roots, forest);
}

GPtrArray *
mla_thread_clean_refs (const char *id, const char *in_reply_to,
                       const char *const *references, gsize n_references,
                       const char *const *addresses)
{
    GPtrArray *refs = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

    /* Backwards, so that a repeated id keeps its last place. */
    for (gsize i = n_references; i-- > 0;) {
        const char *ref = references[i];

        /* An id without '@' ("<yes>", typed at git send-email's prompt)
         * names no one message: it would fuse unrelated threads. */
        if (ref == NULL || strchr (ref, '@') == NULL ||
            g_strcmp0 (ref, id) == 0 || g_hash_table_contains (seen, ref))
            continue;
        for (gsize a = 0;
             addresses != NULL && addresses[a] != NULL && ref != NULL; a++)
            if (g_ascii_strcasecmp (ref, addresses[a]) == 0)
                ref = NULL;
        if (ref == NULL)
            continue;
        g_hash_table_add (seen, (gpointer) ref);
        g_ptr_array_add (refs, g_strdup (ref));
    }
    for (guint i = 0; i < refs->len / 2; i++) {
        gpointer swap = refs->pdata[i];

        refs->pdata[i] = refs->pdata[refs->len - 1 - i];
        refs->pdata[refs->len - 1 - i] = swap;
    }
    if (refs->len == 0 && in_reply_to != NULL && in_reply_to[0] != '\0' &&
        g_strcmp0 (in_reply_to, id) != 0) {
        const char *const only[] = { in_reply_to };
        g_autoptr (GPtrArray) irt =
            mla_thread_clean_refs (id, NULL, only, 1, addresses);

        g_ptr_array_extend_and_steal (refs, g_steal_pointer (&irt));
    }
    return refs;
}

void
mla_thread_builder_free (MlaThreadBuilder *builder)
{
    if (builder == NULL)
        return;
    g_clear_pointer (&builder->forest, mla_thread_forest_free);
    g_clear_pointer (&builder->by_id, g_hash_table_unref);
    g_clear_pointer (&builder->placeholder_by_id, g_hash_table_unref);
    g_clear_pointer (&builder->placeholders, g_array_unref);
    g_free (builder->order);
    g_free (builder->last_ref);
    g_free (builder->flags);
    g_free (builder);
}

MlaThreadForest *
mla_thread_builder_finish (MlaThreadBuilder *builder)
{
    MlaThreadForest *forest = builder->forest;

    /* Every id is resolved: the tables go, back to the system, before
     * the nodes are made. */
    g_clear_pointer (&builder->by_id, g_hash_table_unref);
    g_clear_pointer (&builder->placeholder_by_id, g_hash_table_unref);
    mla_memory_release ();
    link_parents (builder);
    g_clear_pointer (&builder->placeholders, g_array_unref);
    g_clear_pointer (&builder->last_ref, g_free);
    break_cycles (forest->nodes);
    link_subjects (builder);
    finish (forest, builder);
    builder->forest = NULL;
    mla_thread_builder_free (builder);
    return forest;
}

MlaThreadForest *
mla_thread_forest_build (const MlaThreadInput *inputs, gsize n)
{
    MlaThreadBuilder *builder = mla_thread_builder_new (inputs, n);

    g_return_val_if_fail (builder != NULL, NULL);
    for (gsize i = 0; i < n; i++)
        mla_thread_builder_add_refs (builder, (guint) i, inputs[i].refs,
                                     inputs[i].n_refs);
    return mla_thread_builder_finish (builder);
}

void
mla_thread_forest_free (MlaThreadForest *forest)
{
    if (forest == NULL)
        return;
    g_array_unref (forest->nodes);
    g_clear_pointer (&forest->roots, g_array_unref);
    g_free (forest->input_node);
    g_clear_pointer (&forest->threads, g_array_unref);
    g_string_chunk_free (forest->strings);
    g_free (forest);
}

guint
mla_thread_forest_get_n_nodes (const MlaThreadForest *forest)
{
    return forest->nodes->len;
}

const MlaThreadNode *
mla_thread_forest_get_node (const MlaThreadForest *forest, guint index)
{
    g_return_val_if_fail (index < forest->nodes->len, NULL);
    return node_at (forest->nodes, index);
}

guint
mla_thread_forest_node_of_input (const MlaThreadForest *forest, guint input)
{
    g_return_val_if_fail (input < forest->n_inputs, MLA_THREAD_NONE);
    return forest->input_node[input];
}

const GArray *
mla_thread_forest_get_roots (const MlaThreadForest *forest)
{
    return forest->roots;
}

const char *
mla_thread_forest_get_thread_id (const MlaThreadForest *forest, guint node)
{
    return thread_of (forest, node_at (forest->nodes, node)->root)->id;
}

guint
mla_thread_forest_get_thread_size (const MlaThreadForest *forest, guint node)
{
    return thread_of (forest, node_at (forest->nodes, node)->root)->size;
}

guint
mla_thread_forest_get_thread_shown (const MlaThreadForest *forest, guint node)
{
    return thread_of (forest, node_at (forest->nodes, node)->root)->shown;
}

gint64
mla_thread_forest_get_thread_last_date (const MlaThreadForest *forest,
                                        guint node)
{
    return thread_of (forest, node_at (forest->nodes, node)->root)->last;
}

void
mla_thread_forest_walk (const MlaThreadForest *forest, guint root,
                        MlaThreadVisitFunc func, gpointer user_data)
{
    g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint));

    g_array_append_val (stack, root);
    while (stack->len > 0) {
        guint v = g_array_index (stack, guint, stack->len - 1);
        const MlaThreadNode *node = node_at (forest->nodes, v);
        guint mark;

        g_array_set_size (stack, stack->len - 1);
        func (node, v, user_data);
        mark = stack->len;
        for (guint c = node->first_child; c != MLA_THREAD_NONE;
             c = node_at (forest->nodes, c)->next_sibling)
            g_array_append_val (stack, c);
        /* Reversed, so that the first child is visited first. */
        for (guint i = mark, j = stack->len; i + 1 < j; i++, j--) {
            guint swap = g_array_index (stack, guint, i);

            g_array_index (stack, guint, i) =
                g_array_index (stack, guint, j - 1);
            g_array_index (stack, guint, j - 1) = swap;
        }
    }
}
