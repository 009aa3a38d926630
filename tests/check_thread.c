/* check_thread.c: JWZ threading (mla-thread.h), one TCase per rule of
 * issue 6 section 3, written against the header alone: exact ids, unusable
 * references, the parent choice, cycles, placeholders, duplicate ids, depth
 * without recursion, subject grouping, arrival order (notmuch's T260: every
 * permutation of 4-message shapes), stable thread ids, clean_refs and the
 * empty input. Every forest built here also goes through check_forest(),
 * which checks what the header promises of any forest. */
#include "config.h"
#include <string.h>
#include "mla-thread.h"
#include "mla-subject.h"
#include "mla-hash-private.h"
#include "mla-test.h"

/* ---- inputs ---- */

/* A set of inputs whose strings live as long as the set. */
typedef struct {
    GArray *inputs; /* MlaThreadInput */
    GStringChunk *strings;
    GPtrArray *arrays; /* the refs arrays */
} Msgs;

static Msgs *
msgs_new (void)
{
    Msgs *m = g_new0 (Msgs, 1);

    m->inputs = g_array_new (FALSE, TRUE, sizeof (MlaThreadInput));
    m->strings = g_string_chunk_new (4096);
    m->arrays = g_ptr_array_new_with_free_func (g_free);
    return m;
}

static void
msgs_free (Msgs *m)
{
    g_array_unref (m->inputs);
    g_string_chunk_free (m->strings);
    g_ptr_array_unref (m->arrays);
    g_free (m);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Msgs, msgs_free)

static const char *
msgs_str (Msgs *m, const char *s)
{
    return s != NULL ? g_string_chunk_insert (m->strings, s) : NULL;
}

/* Adds a message whose (already clean) parent chain is @refs, ids split on
 * spaces; @key NULL means "k:" + @id; @subject is the raw Subject. Returns
 * its input index. */
static guint
msgs_add_refv (Msgs *m, const char *id, const char *key, gint64 date,
               const char *const *refs, gsize n_refs, const char *subject)
{
    MlaThreadInput in = { 0 };
    g_autofree char *default_key = g_strconcat ("k:", id, NULL);
    g_autofree char *normalised = mla_subject_normalise (subject);

    in.id = msgs_str (m, id);
    in.key = msgs_str (m, key != NULL ? key : default_key);
    if (n_refs > 0) {
        const char **copy = g_new (const char *, n_refs);

        for (gsize i = 0; i < n_refs; i++)
            copy[i] = msgs_str (m, refs[i]);
        g_ptr_array_add (m->arrays, copy);
        in.refs = copy;
    }
    in.n_refs = n_refs;
    in.subject = msgs_str (m, normalised);
    in.reply_subject = mla_subject_is_reply (subject);
    in.date = date;
    g_array_append_val (m->inputs, in);
    return m->inputs->len - 1;
}

static guint
msgs_add (Msgs *m, const char *id, const char *key, gint64 date,
          const char *refs, const char *subject)
{
    g_auto (GStrv) split = g_strsplit (refs != NULL ? refs : "", " ", -1);
    g_autoptr (GPtrArray) list = g_ptr_array_new ();

    for (guint i = 0; split[i] != NULL; i++)
        if (split[i][0] != '\0')
            g_ptr_array_add (list, split[i]);
    return msgs_add_refv (m, id, key, date, (const char *const *) list->pdata,
                          list->len, subject);
}

/* Adds a message from its headers, through mla_thread_clean_refs():
 * @references split on spaces, @addresses (nullable) too. */
static guint
msgs_add_headers (Msgs *m, const char *id, const char *key, gint64 date,
                  const char *in_reply_to, const char *references,
                  const char *addresses, const char *subject)
{
    g_auto (GStrv) refs =
        g_strsplit (references != NULL ? references : "", " ", -1);
    g_auto (GStrv) addrs =
        addresses != NULL ? g_strsplit (addresses, " ", -1) : NULL;
    g_autoptr (GPtrArray) clean = NULL;

    clean = mla_thread_clean_refs (id, in_reply_to, (const char *const *) refs,
                                   g_strv_length (refs),
                                   (const char *const *) addrs);
    ck_assert_ptr_nonnull (clean);
    return msgs_add_refv (m, id, key, date, (const char *const *) clean->pdata,
                          clean->len, subject);
}

static const MlaThreadInput *
msgs_inputs (Msgs *m)
{
    return (const MlaThreadInput *) (gpointer) m->inputs->data;
}

/* ---- what every forest must satisfy ---- */

/* ck_assert() records its place on every pass, a write per call; the
 * checks below run millions of times on the deep forests. */
#define REQUIRE(cond)                                                          \
    do {                                                                       \
        if (G_UNLIKELY (!(cond)))                                              \
            ck_abort_msg ("Assertion '%s' failed", #cond);                     \
    } while (0)

static gboolean
is_thread_id (const char *tid)
{
    if (tid == NULL || strlen (tid) != 16)
        return FALSE;
    for (guint i = 0; i < 16; i++)
        if (!g_ascii_isxdigit (tid[i]))
            return FALSE;
    return TRUE;
}

typedef struct {
    GArray *indexes;  /* guint */
    GPtrArray *nodes; /* const MlaThreadNode * as handed over */
} Visits;

static void
record_visit (const MlaThreadNode *node, guint index, gpointer user_data)
{
    Visits *v = user_data;

    g_array_append_val (v->indexes, index);
    g_ptr_array_add (v->nodes, (gpointer) node);
}

/* The pre-order of the thread rooted at @root computed from the links
 * alone, without recursion (nor a stack). Fails on a link loop. */
static GArray *
expected_preorder (const MlaThreadForest *f, guint root)
{
    guint n_nodes = mla_thread_forest_get_n_nodes (f);
    GArray *order = g_array_new (FALSE, FALSE, sizeof (guint));
    guint k = root;

    for (;;) {
        const MlaThreadNode *node = mla_thread_forest_get_node (f, k);

        if (order->len >= n_nodes)
            ck_abort_msg ("child/sibling links loop below root %u", root);
        g_array_append_val (order, k);
        if (node->first_child != MLA_THREAD_NONE) {
            k = node->first_child;
            continue;
        }
        while (k != root && mla_thread_forest_get_node (f, k)->next_sibling ==
                                MLA_THREAD_NONE)
            k = mla_thread_forest_get_node (f, k)->parent;
        if (k == root)
            break;
        k = mla_thread_forest_get_node (f, k)->next_sibling;
    }
    return order;
}

/* Checks the forest of @in[0..@n) against the header's promises. Big
 * forests skip the quadratic checks and sample the per-node accessors. */
static void
check_forest (const MlaThreadForest *f, const MlaThreadInput *in, gsize n)
{
    guint n_nodes = mla_thread_forest_get_n_nodes (f);
    gboolean small = n_nodes <= 4000;
    const GArray *roots = mla_thread_forest_get_roots (f);
    g_autofree guint *n_children = NULL;
    g_autofree guint *size = NULL;
    g_autofree gint64 *last = NULL;
    g_autofree guint *hidden = NULL;
    g_autofree gint64 *hidden_last = NULL;
    g_autofree gboolean *seen = NULL;
    g_autoptr (GHashTable) tids =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    guint n_real = 0, n_roots = 0, n_linked = 0, n_visited = 0;

    REQUIRE ((n_nodes) >= (n));
    REQUIRE ((roots) != NULL);
    n_children = g_new0 (guint, n_nodes + 1);
    size = g_new0 (guint, n_nodes + 1);
    last = g_new0 (gint64, n_nodes + 1);
    hidden = g_new0 (guint, n_nodes + 1);
    hidden_last = g_new0 (gint64, n_nodes + 1);
    seen = g_new0 (gboolean, n_nodes + 1);

    for (guint i = 0; i < n; i++) {
        guint k = mla_thread_forest_node_of_input (f, i);
        const MlaThreadNode *node;

        REQUIRE ((k) < (n_nodes));
        node = mla_thread_forest_get_node (f, k);
        REQUIRE ((node->input) == (i));
        REQUIRE (strcmp (node->id, in[i].id) == 0);
        REQUIRE ((node->date) == (in[i].date));
    }

    for (guint k = 0; k < n_nodes; k++) {
        const MlaThreadNode *node = mla_thread_forest_get_node (f, k);

        REQUIRE ((node) != NULL);
        REQUIRE ((node->id) != NULL);
        if (node->input != MLA_THREAD_NONE) {
            REQUIRE ((node->input) < (n));
            REQUIRE ((mla_thread_forest_node_of_input (f, node->input)) == (k));
            n_real++;
        }
        if (node->parent == MLA_THREAD_NONE) {
            /* depth == parent's + 1 everywhere and 0 at roots: following
             * parents reaches a root in depth steps, so no cycle. */
            REQUIRE ((node->depth) == (0));
            REQUIRE ((node->root) == (k));
            REQUIRE (!node->loose);
            n_roots++;
        } else {
            const MlaThreadNode *parent;

            REQUIRE ((node->parent) < (n_nodes));
            REQUIRE ((node->parent) != (k));
            parent = mla_thread_forest_get_node (f, node->parent);
            REQUIRE ((node->depth) == (parent->depth + 1));
            REQUIRE ((node->root) == (parent->root));
            n_children[node->parent]++;
            n_linked++;
        }
        if (node->loose) {
            /* A subject match: a real root without usable reply headers
             * and with a reply subject, hung under the root. */
            REQUIRE ((node->input) != (MLA_THREAD_NONE));
            REQUIRE ((node->parent) == (node->root));
            REQUIRE ((in[node->input].n_refs) == (0));
            REQUIRE (in[node->input].reply_subject);
        } else if (node->input != MLA_THREAD_NONE &&
                   node->parent != MLA_THREAD_NONE) {
            REQUIRE ((in[node->input].n_refs) > (0));
        }
        REQUIRE ((node->root) < (n_nodes));
        /* Size and activity: of messages not withheld, dates capped a
         * day after arrival; of the withheld when there are no others. */
        if (node->input != MLA_THREAD_NONE) {
            const MlaThreadInput *input = &in[node->input];
            gint64 activity = mla_thread_input_activity (input);
            guint *count = input->withheld ? hidden : size;
            gint64 *latest = input->withheld ? hidden_last : last;

            if (count[node->root] == 0 || activity > latest[node->root])
                latest[node->root] = activity;
            count[node->root]++;
        }
    }
    for (guint k = 0; k < n_nodes; k++)
        if (size[k] == 0) {
            size[k] = hidden[k];
            last[k] = hidden_last[k];
        }
    REQUIRE ((n_real) == (n));

    /* Child lists: exactly the nodes naming this parent, by date then key. */
    for (guint k = 0; k < n_nodes; k++) {
        const MlaThreadNode *node = mla_thread_forest_get_node (f, k);
        guint count = 0, prev = MLA_THREAD_NONE;

        for (guint c = node->first_child; c != MLA_THREAD_NONE;
             c = mla_thread_forest_get_node (f, c)->next_sibling) {
            const MlaThreadNode *child;

            REQUIRE ((c) < (n_nodes));
            REQUIRE ((count) <= (n_children[k]));
            child = mla_thread_forest_get_node (f, c);
            REQUIRE ((child->parent) == (k));
            if (prev != MLA_THREAD_NONE) {
                const MlaThreadNode *p = mla_thread_forest_get_node (f, prev);

                REQUIRE ((p->date) <= (child->date));
                if (p->date == child->date && p->input != MLA_THREAD_NONE &&
                    child->input != MLA_THREAD_NONE)
                    REQUIRE (strcmp (in[p->input].key, in[child->input].key) <
                             0);
            }
            prev = c;
            count++;
        }
        REQUIRE ((count) == (n_children[k]));
    }

    /* Placeholders take the earliest date below them. */
    if (small) {
        g_autofree gint64 *earliest = g_new (gint64, n_nodes + 1);
        g_autofree gboolean *has = g_new0 (gboolean, n_nodes + 1);

        for (guint k = 0; k < n_nodes; k++) {
            const MlaThreadNode *node = mla_thread_forest_get_node (f, k);

            if (node->input == MLA_THREAD_NONE)
                continue;
            for (guint a = node->parent; a != MLA_THREAD_NONE;
                 a = mla_thread_forest_get_node (f, a)->parent) {
                if (!has[a] || node->date < earliest[a])
                    earliest[a] = node->date;
                has[a] = TRUE;
            }
        }
        for (guint k = 0; k < n_nodes; k++) {
            const MlaThreadNode *node = mla_thread_forest_get_node (f, k);

            if (node->input == MLA_THREAD_NONE && has[k])
                REQUIRE ((node->date) == (earliest[k]));
        }
    }

    /* Roots: every root once, newest activity first, then thread id. */
    REQUIRE ((roots->len) == (n_roots));
    REQUIRE ((n_roots + n_linked) == (n_nodes));
    for (guint r = 0; r < roots->len; r++) {
        guint root = g_array_index (roots, guint, r);
        const MlaThreadNode *node;
        const char *tid;
        g_autoptr (GArray) order = NULL;
        Visits v = { g_array_new (FALSE, FALSE, sizeof (guint)),
                     g_ptr_array_new () };

        REQUIRE ((root) < (n_nodes));
        node = mla_thread_forest_get_node (f, root);
        REQUIRE ((node->parent) == (MLA_THREAD_NONE));
        tid = mla_thread_forest_get_thread_id (f, root);
        ck_assert_msg (is_thread_id (tid),
                       "thread id \"%s\" is not 16 hex digits",
                       tid != NULL ? tid : "(null)");
        ck_assert_msg (!g_hash_table_contains (tids, tid),
                       "two threads (or one root twice) with id %s", tid);
        g_hash_table_add (tids, g_strdup (tid));
        REQUIRE ((mla_thread_forest_get_thread_size (f, root)) == (size[root]));
        if (size[root] > 0)
            REQUIRE ((mla_thread_forest_get_thread_last_date (f, root)) ==
                     (last[root]));
        /* A thread of placeholders alone (if kept) has no latest date. */
        if (r > 0 && size[root] > 0 &&
            size[g_array_index (roots, guint, r - 1)] > 0) {
            guint prev = g_array_index (roots, guint, r - 1);
            gint64 prev_last = mla_thread_forest_get_thread_last_date (f, prev);
            gint64 this_last = mla_thread_forest_get_thread_last_date (f, root);

            REQUIRE ((prev_last) >= (this_last));
            if (prev_last == this_last)
                REQUIRE (strcmp (mla_thread_forest_get_thread_id (f, prev),
                                 tid) < 0);
        }

        /* The walk: pre-order, every node of the thread once. */
        order = expected_preorder (f, root);
        mla_thread_forest_walk (f, root, record_visit, &v);
        REQUIRE ((v.indexes->len) == (order->len));
        for (guint i = 0; i < order->len; i++) {
            guint k = g_array_index (v.indexes, guint, i);

            REQUIRE ((k) == (g_array_index (order, guint, i)));
            REQUIRE (g_ptr_array_index (v.nodes, i) ==
                     mla_thread_forest_get_node (f, k));
            REQUIRE ((mla_thread_forest_get_node (f, k)->root) == (root));
            REQUIRE (!seen[k]);
            seen[k] = TRUE;
        }
        n_visited += v.indexes->len;
        g_array_unref (v.indexes);
        g_ptr_array_unref (v.nodes);
    }
    REQUIRE ((n_visited) == (n_nodes));

    /* Per-node accessors agree with the thread's root (sampled when big:
     * the header does not promise they are O(1)). */
    for (guint k = 0; k < n_nodes; k += small ? 1 : n_nodes / 7 + 1) {
        const MlaThreadNode *node = mla_thread_forest_get_node (f, k);

        REQUIRE (strcmp (mla_thread_forest_get_thread_id (f, k),
                         mla_thread_forest_get_thread_id (f, node->root)) == 0);
        REQUIRE ((mla_thread_forest_get_thread_size (f, k)) ==
                 (size[node->root]));
        if (size[node->root] > 0)
            REQUIRE ((mla_thread_forest_get_thread_last_date (f, k)) ==
                     (last[node->root]));
    }
}

/* The builder, given the chains in reverse input order, must make the
 * forest mla_thread_forest_build() makes, node for node. */
static void
check_same_from_builder (const MlaThreadForest *f, const MlaThreadInput *in,
                         gsize n)
{
    MlaThreadBuilder *builder = mla_thread_builder_new (in, n);
    g_autoptr (MlaThreadForest) g = NULL;
    const GArray *roots_f = mla_thread_forest_get_roots (f);
    const GArray *roots_g;

    for (gsize i = n; i-- > 0;)
        mla_thread_builder_add_refs (builder, (guint) i, in[i].refs,
                                     in[i].n_refs);
    g = mla_thread_builder_finish (builder);
    REQUIRE ((mla_thread_forest_get_n_nodes (g)) ==
             (mla_thread_forest_get_n_nodes (f)));
    for (guint v = 0; v < mla_thread_forest_get_n_nodes (f); v++) {
        const MlaThreadNode *a = mla_thread_forest_get_node (f, v);
        const MlaThreadNode *b = mla_thread_forest_get_node (g, v);

        REQUIRE (strcmp (a->id, b->id) == 0);
        REQUIRE (a->input == b->input && a->parent == b->parent &&
                 a->root == b->root);
        REQUIRE (a->first_child == b->first_child &&
                 a->next_sibling == b->next_sibling);
        REQUIRE (a->depth == b->depth && a->loose == b->loose &&
                 a->date == b->date);
    }
    roots_g = mla_thread_forest_get_roots (g);
    REQUIRE ((roots_g->len) == (roots_f->len));
    for (guint r = 0; r < roots_f->len; r++) {
        guint root = g_array_index (roots_f, guint, r);

        REQUIRE ((g_array_index (roots_g, guint, r)) == (root));
        REQUIRE (strcmp (mla_thread_forest_get_thread_id (f, root),
                         mla_thread_forest_get_thread_id (g, root)) == 0);
    }
}

static MlaThreadForest *
build (Msgs *m)
{
    MlaThreadForest *f =
        mla_thread_forest_build (msgs_inputs (m), m->inputs->len);

    ck_assert_ptr_nonnull (f);
    check_forest (f, msgs_inputs (m), m->inputs->len);
    check_same_from_builder (f, msgs_inputs (m), m->inputs->len);
    return f;
}

/* ---- small accessors ---- */

static const MlaThreadNode *
node_of (const MlaThreadForest *f, guint input)
{
    return mla_thread_forest_get_node (
        f, mla_thread_forest_node_of_input (f, input));
}

static guint
index_of (const MlaThreadForest *f, guint input)
{
    return mla_thread_forest_node_of_input (f, input);
}

/* The placeholder for @id, or MLA_THREAD_NONE. */
static guint
placeholder (const MlaThreadForest *f, const char *id)
{
    guint found = MLA_THREAD_NONE;

    for (guint k = 0; k < mla_thread_forest_get_n_nodes (f); k++) {
        const MlaThreadNode *node = mla_thread_forest_get_node (f, k);

        if (node->input == MLA_THREAD_NONE && strcmp (node->id, id) == 0) {
            ck_assert_msg (found == MLA_THREAD_NONE, "two placeholders for %s",
                           id);
            found = k;
        }
    }
    return found;
}

static guint
n_placeholders (const MlaThreadForest *f)
{
    guint count = 0;

    for (guint k = 0; k < mla_thread_forest_get_n_nodes (f); k++)
        if (mla_thread_forest_get_node (f, k)->input == MLA_THREAD_NONE)
            count++;
    return count;
}

static guint
parent_of (const MlaThreadForest *f, guint node)
{
    return mla_thread_forest_get_node (f, node)->parent;
}

/* ---- exact-ids ---- */

START_TEST (test_thread_exact_ids)
{
    g_autoptr (Msgs) m = msgs_new ();
    guint upper = msgs_add (m, "Abc@example.org", NULL, 100, NULL, NULL);
    guint lower = msgs_add (m, "abc@example.org", NULL, 200, NULL, NULL);
    guint to_lower =
        msgs_add (m, "r1@example.org", NULL, 300, "abc@example.org", NULL);
    guint to_upper =
        msgs_add (m, "r2@example.org", NULL, 300, "Abc@example.org", NULL);
    guint to_neither =
        msgs_add (m, "r3@example.org", NULL, 300, "ABC@example.org", NULL);
    guint trailing = msgs_add (m, "r4@example.org", NULL, 300, NULL, NULL);
    static const char *const tabbed[] = { "abc@example.org\t" };
    g_autoptr (MlaThreadForest) f = NULL;
    guint ph;

    /* msgs_add splits on spaces: give r4 an id with a trailing tab by hand. */
    ((MlaThreadInput *) (gpointer) m->inputs->data)[trailing].refs = tabbed;
    ((MlaThreadInput *) (gpointer) m->inputs->data)[trailing].n_refs = 1;
    f = build (m);

    ck_assert_uint_ne (index_of (f, upper), index_of (f, lower));
    ck_assert_uint_eq (node_of (f, to_lower)->parent, index_of (f, lower));
    ck_assert_uint_eq (node_of (f, to_upper)->parent, index_of (f, upper));
    ck_assert_uint_eq (node_of (f, upper)->parent, MLA_THREAD_NONE);
    ck_assert_uint_eq (node_of (f, lower)->parent, MLA_THREAD_NONE);
    ck_assert_str_ne (mla_thread_forest_get_thread_id (f, index_of (f, upper)),
                      mla_thread_forest_get_thread_id (f, index_of (f, lower)));

    /* "ABC@example.org" is neither of them: a placeholder of its own. */
    ph = placeholder (f, "ABC@example.org");
    ck_assert_uint_ne (ph, MLA_THREAD_NONE);
    ck_assert_uint_eq (node_of (f, to_neither)->parent, ph);
    ck_assert_uint_eq (parent_of (f, ph), MLA_THREAD_NONE);

    /* Byte for byte: a trailing tab makes another id too. */
    ph = placeholder (f, "abc@example.org\t");
    ck_assert_uint_ne (ph, MLA_THREAD_NONE);
    ck_assert_uint_eq (node_of (f, trailing)->parent, ph);
    ck_assert_uint_eq (mla_thread_forest_get_n_nodes (f), 8);
}
END_TEST

START_TEST (test_thread_exact_ids_self)
{
    /* The own id is unusable only when it is the same id, byte for byte. */
    static const char *const refs[] = { "a@example.org", "A@example.org" };
    g_autoptr (GPtrArray) clean =
        mla_thread_clean_refs ("A@example.org", NULL, refs, 2, NULL);

    ck_assert_uint_eq (clean->len, 1);
    ck_assert_str_eq (g_ptr_array_index (clean, 0), "a@example.org");
}
END_TEST

/* ---- clean-refs ---- */

static const struct {
    const char *id;
    const char *in_reply_to;
    const char *references; /* space separated; NULL: no header */
    const char *addresses;  /* space separated; NULL: none */
    const char *expected;   /* space separated; "" for none */
} clean_cases[] = {
    /* References win over In-Reply-To, even when they disagree. */
    { "m@x", "irt@x", "a@x b@x", NULL, "a@x b@x" },
    { "m@x", "b@x", "a@x", NULL, "a@x" },
    /* In-Reply-To only when References gives none. */
    { "m@x", "p@x", NULL, NULL, "p@x" },
    { "m@x", "p@x", "", NULL, "p@x" },
    /* ... also when References is present but entirely unusable. */
    { "m@x", "p@x", "m@x alice@example.org", "alice@example.org", "p@x" },
    { "m@x", "p@x", "ALICE@Example.ORG", "bob@x alice@example.org", "p@x" },
    /* Self-references go, wherever they are. */
    { "m@x", NULL, "a@x m@x b@x", NULL, "a@x b@x" },
    { "m@x", "m@x", NULL, NULL, "" },
    { "m@x", "m@x", "m@x", NULL, "" },
    /* Addresses go, ASCII case-insensitively, in either header. */
    { "m@x", NULL, "t@x Bob@Example.org", "alice@example.org bob@example.org",
      "t@x" },
    { "m@x", "alice@example.org", NULL, "alice@example.org", "" },
    { "m@x", "ALICE@example.org", "alice@EXAMPLE.org", "alice@example.org",
      "" },
    /* An address list that does not match takes nothing away. */
    { "m@x", NULL, "a@x b@x", "c@x", "a@x b@x" },
    /* Repeated ids keep their last place. */
    { "m@x", NULL, "a@x b@x a@x c@x", NULL, "b@x a@x c@x" },
    { "m@x", NULL, "a@x a@x", NULL, "a@x" },
    /* Ids without '@' ("<yes>" from git send-email's prompt) link nothing. */
    { "m@x", NULL, "yes a1@h", NULL, "a1@h" },
    { "m@x", NULL, "a@x yes b@x", NULL, "a@x b@x" },
    { "m@x", "p@x", "yes", NULL, "p@x" },
    { "m@x", "yes", NULL, NULL, "" },
    /* Nothing at all. */
    { "m@x", NULL, NULL, NULL, "" },
    { "m@x", "", NULL, NULL, "" },
};

START_TEST (test_thread_clean_refs_cases)
{
    g_auto (GStrv) refs = NULL;
    g_auto (GStrv) addrs = NULL;
    g_auto (GStrv) expected = g_strsplit (clean_cases[_i].expected, " ", -1);
    g_autoptr (GPtrArray) clean = NULL;
    guint n_expected =
        clean_cases[_i].expected[0] == '\0' ? 0 : g_strv_length (expected);

    if (clean_cases[_i].references != NULL)
        refs = clean_cases[_i].references[0] == '\0'
                   ? g_new0 (char *, 1)
                   : g_strsplit (clean_cases[_i].references, " ", -1);
    if (clean_cases[_i].addresses != NULL)
        addrs = g_strsplit (clean_cases[_i].addresses, " ", -1);
    clean = mla_thread_clean_refs (
        clean_cases[_i].id, clean_cases[_i].in_reply_to,
        (const char *const *) refs, refs != NULL ? g_strv_length (refs) : 0,
        (const char *const *) addrs);
    ck_assert_ptr_nonnull (clean);
    ck_assert_uint_eq (clean->len, n_expected);
    for (guint i = 0; i < n_expected; i++)
        ck_assert_str_eq (g_ptr_array_index (clean, i), expected[i]);
}
END_TEST

START_TEST (test_thread_clean_refs_empty_ids)
{
    /* Empty ids are unusable: a References of only "" falls back. */
    static const char *const only_empty[] = { "" };
    static const char *const mixed[] = { "", "a@x", "" };
    g_autoptr (GPtrArray) fallback =
        mla_thread_clean_refs ("m@x", "p@x", only_empty, 1, NULL);
    g_autoptr (GPtrArray) kept =
        mla_thread_clean_refs ("m@x", "p@x", mixed, 3, NULL);

    ck_assert_uint_eq (fallback->len, 1);
    ck_assert_str_eq (g_ptr_array_index (fallback, 0), "p@x");
    ck_assert_uint_eq (kept->len, 1);
    ck_assert_str_eq (g_ptr_array_index (kept, 0), "a@x");
}
END_TEST

START_TEST (test_thread_clean_refs_copies)
{
    /* (transfer full): the result outlives the caller's strings. */
    char *id = g_strdup ("m@x");
    char *irt = g_strdup ("p@x");
    g_autoptr (GPtrArray) clean =
        mla_thread_clean_refs (id, irt, NULL, 0, NULL);

    memset (irt, 'z', 3);
    g_free (irt);
    g_free (id);
    ck_assert_uint_eq (clean->len, 1);
    ck_assert_str_eq (g_ptr_array_index (clean, 0), "p@x");
}
END_TEST

/* ---- unusable-refs ---- */

START_TEST (test_thread_unusable_refs_address)
{
    /* Two unrelated threads whose replies both cite Alice's address (as
     * mail clients do) must not fuse through a placeholder for it. */
    g_autoptr (Msgs) m = msgs_new ();
    guint t1 =
        msgs_add_headers (m, "t1@x", NULL, 100, NULL, NULL, NULL, "Plans");
    guint r1 = msgs_add_headers (
        m, "r1@x", NULL, 200, "alice@example.org", "t1@x alice@example.org",
        "bob@example.org alice@example.org", "Re: Plans");
    guint t2 =
        msgs_add_headers (m, "t2@x", NULL, 150, NULL, NULL, NULL, "Budget");
    guint r2 = msgs_add_headers (
        m, "r2@x", NULL, 250, "Alice@Example.org", "t2@x Alice@Example.org",
        "carol@example.org alice@example.org", "Re: Budget");
    /* Only the address in In-Reply-To, nothing else usable: a root. */
    guint r3 = msgs_add_headers (m, "r3@x", NULL, 300, "alice@example.org",
                                 NULL, "alice@example.org", NULL);
    g_autoptr (MlaThreadForest) f = build (m);

    ck_assert_uint_eq (placeholder (f, "alice@example.org"), MLA_THREAD_NONE);
    ck_assert_uint_eq (placeholder (f, "Alice@Example.org"), MLA_THREAD_NONE);
    ck_assert_uint_eq (mla_thread_forest_get_n_nodes (f), 5);
    ck_assert_uint_eq (node_of (f, r1)->parent, index_of (f, t1));
    ck_assert_uint_eq (node_of (f, r2)->parent, index_of (f, t2));
    ck_assert_uint_ne (node_of (f, r1)->root, node_of (f, r2)->root);
    ck_assert_str_ne (mla_thread_forest_get_thread_id (f, index_of (f, r1)),
                      mla_thread_forest_get_thread_id (f, index_of (f, r2)));
    ck_assert_uint_eq (node_of (f, r3)->parent, MLA_THREAD_NONE);
    ck_assert_uint_eq (mla_thread_forest_get_roots (f)->len, 3);
}
END_TEST

START_TEST (test_thread_unusable_refs_self)
{
    /* A message citing itself in both headers is a plain root. */
    g_autoptr (Msgs) m = msgs_new ();
    guint a = msgs_add_headers (m, "a@x", NULL, 100, "a@x", "a@x", NULL, NULL);
    guint b =
        msgs_add_headers (m, "b@x", NULL, 200, "b@x", "a@x b@x", NULL, NULL);
    g_autoptr (MlaThreadForest) f = build (m);

    ck_assert_uint_eq (msgs_inputs (m)[a].n_refs, 0);
    ck_assert_uint_eq (mla_thread_forest_get_n_nodes (f), 2);
    ck_assert_uint_eq (node_of (f, a)->parent, MLA_THREAD_NONE);
    /* b's own id goes; what is left (a@x) is its parent. */
    ck_assert_uint_eq (node_of (f, b)->parent, index_of (f, a));
}
END_TEST

/* ---- parent-choice ---- */

START_TEST (test_thread_parent_last_reference)
{
    g_autoptr (Msgs) m = msgs_new ();
    guint a = msgs_add_headers (m, "a@x", NULL, 100, NULL, NULL, NULL, NULL);
    guint b = msgs_add_headers (m, "b@x", NULL, 200, "a@x", NULL, NULL, NULL);
    /* In-Reply-To says a, References says a then b: b wins. */
    guint c =
        msgs_add_headers (m, "c@x", NULL, 300, "a@x", "a@x b@x", NULL, NULL);
    /* In-Reply-To says b, References only a: References wins. */
    guint d = msgs_add_headers (m, "d@x", NULL, 400, "b@x", "a@x", NULL, NULL);
    /* The last References id is an address: the one before it counts. */
    guint e = msgs_add_headers (m, "e@x", NULL, 500, NULL, "a@x b@x carol@x",
                                "carol@x", NULL);
    g_autoptr (MlaThreadForest) f = build (m);

    ck_assert_uint_eq (node_of (f, b)->parent, index_of (f, a));
    ck_assert_uint_eq (node_of (f, c)->parent, index_of (f, b));
    ck_assert_uint_eq (node_of (f, d)->parent, index_of (f, a));
    ck_assert_uint_eq (node_of (f, e)->parent, index_of (f, b));
    ck_assert_uint_eq (node_of (f, c)->depth, 2);
    ck_assert_uint_eq (node_of (f, d)->depth, 1);
    ck_assert_uint_eq (n_placeholders (f), 0);
}
END_TEST

START_TEST (test_thread_parent_in_reply_to_fallback)
{
    g_autoptr (Msgs) m = msgs_new ();
    guint a = msgs_add_headers (m, "a@x", NULL, 100, NULL, NULL, NULL, NULL);
    guint b = msgs_add_headers (m, "b@x", NULL, 200, "a@x", NULL, NULL, NULL);
    /* References present but entirely unusable (self, empty, address). */
    guint c = msgs_add_headers (m, "c@x", NULL, 300, "b@x", "c@x bob@x",
                                "bob@x", NULL);
    /* References usable: In-Reply-To (an unknown id here) is not used. */
    guint d = msgs_add_headers (m, "d@x", NULL, 400, "elsewhere@x", "a@x", NULL,
                                NULL);
    g_autoptr (MlaThreadForest) f = build (m);

    ck_assert_uint_eq (node_of (f, c)->parent, index_of (f, b));
    ck_assert_uint_eq (node_of (f, d)->parent, index_of (f, a));
    ck_assert_uint_eq (placeholder (f, "elsewhere@x"), MLA_THREAD_NONE);
    ck_assert_uint_eq (mla_thread_forest_get_n_nodes (f), 4);
}
END_TEST

START_TEST (test_thread_parent_own_headers_only)
{
    /* d's References say a, b; b says nothing. b's parent comes from b's
     * headers only, so b stays a root and a is another thread. */
    g_autoptr (Msgs) m = msgs_new ();
    guint a = msgs_add (m, "a@x", NULL, 100, NULL, NULL);
    guint b = msgs_add (m, "b@x", NULL, 200, NULL, NULL);
    guint d = msgs_add (m, "d@x", NULL, 300, "a@x b@x", NULL);
    g_autoptr (MlaThreadForest) f = build (m);

    ck_assert_uint_eq (node_of (f, b)->parent, MLA_THREAD_NONE);
    ck_assert_uint_eq (node_of (f, a)->parent, MLA_THREAD_NONE);
    ck_assert_uint_eq (node_of (f, d)->parent, index_of (f, b));
    ck_assert_uint_eq (node_of (f, a)->first_child, MLA_THREAD_NONE);
    ck_assert_uint_eq (mla_thread_forest_get_roots (f)->len, 2);
}
END_TEST

/* ---- cycles ---- */

/* Every node reaches, following parent at most n_nodes times, a root
 * whose parent is MLA_THREAD_NONE and which is the node's root. */
static void
check_reaches_root (const MlaThreadForest *f)
{
    guint n_nodes = mla_thread_forest_get_n_nodes (f);

    for (guint k = 0; k < n_nodes; k++) {
        guint at = k, steps = 0;

        while (parent_of (f, at) != MLA_THREAD_NONE) {
            at = parent_of (f, at);
            if (++steps > n_nodes)
                ck_abort_msg ("node %u: parent links loop", k);
        }
        ck_assert_uint_eq (mla_thread_forest_get_node (f, k)->root, at);
        ck_assert_uint_eq (mla_thread_forest_get_node (f, k)->depth, steps);
    }
}

START_TEST (test_thread_cycle_mutual)
{
    /* A cites B and B cites A: the earlier is the root. */
    for (guint earlier_a = 0; earlier_a < 2; earlier_a++) {
        g_autoptr (Msgs) m = msgs_new ();
        guint a = msgs_add (m, "a@x", NULL, earlier_a ? 100 : 200, "b@x", NULL);
        guint b = msgs_add (m, "b@x", NULL, earlier_a ? 200 : 100, "a@x", NULL);
        g_autoptr (MlaThreadForest) f = build (m);
        guint root = earlier_a ? a : b, other = earlier_a ? b : a;

        check_reaches_root (f);
        ck_assert_uint_eq (mla_thread_forest_get_n_nodes (f), 2);
        ck_assert_uint_eq (node_of (f, root)->parent, MLA_THREAD_NONE);
        ck_assert_uint_eq (node_of (f, other)->parent, index_of (f, root));
        ck_assert_uint_eq (mla_thread_forest_get_roots (f)->len, 1);
    }
}
END_TEST

START_TEST (test_thread_cycle_mutual_tie)
{
    /* Same date: the smaller key is the earlier. */
    g_autoptr (Msgs) m = msgs_new ();
    guint a = msgs_add (m, "a@x", "key-2", 100, "b@x", NULL);
    guint b = msgs_add (m, "b@x", "key-1", 100, "a@x", NULL);
    g_autoptr (MlaThreadForest) f = build (m);

    check_reaches_root (f);
    ck_assert_uint_eq (node_of (f, b)->parent, MLA_THREAD_NONE);
    ck_assert_uint_eq (node_of (f, a)->parent, index_of (f, b));
}
END_TEST

START_TEST (test_thread_cycle_three)
{
    /* a -> c -> b -> a; b is the earliest, so only b's link goes. */
    g_autoptr (Msgs) m = msgs_new ();
    guint a = msgs_add (m, "a@x", NULL, 300, "c@x", NULL);
    guint b = msgs_add (m, "b@x", NULL, 100, "a@x", NULL);
    guint c = msgs_add (m, "c@x", NULL, 200, "b@x", NULL);
    /* A bystander replying into the loop. */
    guint d = msgs_add (m, "d@x", NULL, 50, "a@x", NULL);
    g_autoptr (MlaThreadForest) f = build (m);

    check_reaches_root (f);
    ck_assert_uint_eq (mla_thread_forest_get_n_nodes (f), 4);
    ck_assert_uint_eq (node_of (f, b)->parent, MLA_THREAD_NONE);
    ck_assert_uint_eq (node_of (f, c)->parent, index_of (f, b));
    ck_assert_uint_eq (node_of (f, a)->parent, index_of (f, c));
    ck_assert_uint_eq (node_of (f, d)->parent, index_of (f, a));
    ck_assert_uint_eq (node_of (f, d)->depth, 3);
    ck_assert_uint_eq (mla_thread_forest_get_roots (f)->len, 1);
}
END_TEST

START_TEST (test_thread_cycle_self)
{
    /* Refs naming the message itself (clean_refs would have dropped it;
     * the forest must cope anyway). */
    g_autoptr (Msgs) m = msgs_new ();
    guint a = msgs_add (m, "a@x", NULL, 100, "a@x", NULL);
    guint b = msgs_add (m, "b@x", NULL, 200, "a@x b@x", NULL);
    g_autoptr (MlaThreadForest) f = build (m);

    check_reaches_root (f);
    ck_assert_uint_eq (mla_thread_forest_get_n_nodes (f), 2);
    ck_assert_uint_eq (node_of (f, a)->parent, MLA_THREAD_NONE);
    ck_assert_uint_eq (node_of (f, b)->parent, MLA_THREAD_NONE);
    ck_assert_uint_eq (n_placeholders (f), 0);
}
END_TEST

START_TEST (test_thread_cycle_through_placeholders)
{
    /* x's parent is y (from m1) and y's parent is x (from m2): a loop of
     * placeholders. No cycle may come out, and m1, m2 share a thread. */
    g_autoptr (Msgs) m = msgs_new ();
    guint m1 = msgs_add (m, "m1@x", NULL, 100, "y@x x@x", NULL);
    guint m2 = msgs_add (m, "m2@x", NULL, 200, "x@x y@x", NULL);
    g_autoptr (MlaThreadForest) f = build (m);

    check_reaches_root (f);
    ck_assert_uint_eq (mla_thread_forest_get_n_nodes (f), 4);
    ck_assert_uint_eq (node_of (f, m1)->parent, placeholder (f, "x@x"));
    ck_assert_uint_eq (node_of (f, m2)->parent, placeholder (f, "y@x"));
    ck_assert_uint_eq (node_of (f, m1)->root, node_of (f, m2)->root);
    ck_assert_uint_eq (mla_thread_forest_get_roots (f)->len, 1);
}
END_TEST

START_TEST (test_thread_cycle_long)
{
    /* A 1000-message loop, each citing the next; the earliest is in the
     * middle. The loop becomes one chain hanging from it. */
    enum { N = 1000, EARLIEST = 617 };
    g_autoptr (Msgs) m = msgs_new ();
    g_autoptr (MlaThreadForest) f = NULL;

    for (guint i = 0; i < N; i++) {
        g_autofree char *id = g_strdup_printf ("m%u@x", i);
        g_autofree char *next = g_strdup_printf ("m%u@x", (i + 1) % N);

        msgs_add (m, id, NULL, i == EARLIEST ? 1 : 1000 + i, next, NULL);
    }
    f = build (m);
    check_reaches_root (f);
    ck_assert_uint_eq (node_of (f, EARLIEST)->parent, MLA_THREAD_NONE);
    ck_assert_uint_eq (node_of (f, EARLIEST - 1)->parent,
                       index_of (f, EARLIEST));
    ck_assert_uint_eq (node_of (f, EARLIEST + 1)->depth, N - 1);
    ck_assert_uint_eq (mla_thread_forest_get_roots (f)->len, 1);
}
END_TEST

/* ---- placeholders ---- */

START_TEST (test_thread_placeholder_missing_parent)
{
    g_autoptr (Msgs) m = msgs_new ();
    guint r = msgs_add (m, "r@x", NULL, 500, "lost@x", "Re: Plans");
    g_autoptr (MlaThreadForest) f = build (m);
    guint ph = placeholder (f, "lost@x");
    const MlaThreadNode *node;

    ck_assert_uint_ne (ph, MLA_THREAD_NONE);
    node = mla_thread_forest_get_node (f, ph);
    ck_assert_uint_eq (node->input, MLA_THREAD_NONE);
    ck_assert_uint_eq (node->parent, MLA_THREAD_NONE);
    ck_assert_int_eq (node->date, 500);
    ck_assert_uint_eq (node->first_child, index_of (f, r));
    ck_assert_uint_eq (node_of (f, r)->parent, ph);
    ck_assert_uint_eq (node_of (f, r)->depth, 1);
    ck_assert (!node_of (f, r)->loose);
    ck_assert_uint_eq (mla_thread_forest_get_n_nodes (f), 2);
    ck_assert_uint_eq (mla_thread_forest_get_roots (f)->len, 1);
    ck_assert_uint_eq (
        g_array_index (mla_thread_forest_get_roots (f), guint, 0), ph);
    /* Messages, not placeholders. */
    ck_assert_uint_eq (mla_thread_forest_get_thread_size (f, ph), 1);
    ck_assert_int_eq (mla_thread_forest_get_thread_last_date (f, ph), 500);
}
END_TEST

START_TEST (test_thread_placeholder_chain)
{
    /* r cites p1, p2, neither archived: p2 hangs from p1. Two siblings
     * under p2 give it the earlier of their dates. */
    g_autoptr (Msgs) m = msgs_new ();
    guint r = msgs_add (m, "r@x", NULL, 500, "p1@x p2@x", NULL);
    guint s = msgs_add (m, "s@x", NULL, 300, "p1@x p2@x", NULL);
    g_autoptr (MlaThreadForest) f = build (m);
    guint p1 = placeholder (f, "p1@x"), p2 = placeholder (f, "p2@x");

    ck_assert_uint_ne (p1, MLA_THREAD_NONE);
    ck_assert_uint_ne (p2, MLA_THREAD_NONE);
    ck_assert_uint_eq (parent_of (f, p1), MLA_THREAD_NONE);
    ck_assert_uint_eq (parent_of (f, p2), p1);
    ck_assert_uint_eq (node_of (f, r)->parent, p2);
    ck_assert_uint_eq (node_of (f, s)->parent, p2);
    ck_assert_uint_eq (node_of (f, r)->depth, 2);
    ck_assert_int_eq (mla_thread_forest_get_node (f, p2)->date, 300);
    ck_assert_int_eq (mla_thread_forest_get_node (f, p1)->date, 300);
    ck_assert_uint_eq (mla_thread_forest_get_node (f, p2)->first_child,
                       index_of (f, s));
    ck_assert_uint_eq (mla_thread_forest_get_thread_size (f, r), 2);
    ck_assert_uint_eq (mla_thread_forest_get_n_nodes (f), 4);
}
END_TEST

START_TEST (test_thread_placeholder_first_naming_message)
{
    /* x's parent: the id before x in the References of the first message
     * (by date, then key) that names one. m0 is the earliest but names
     * nothing before x; m1 (date 200, key "a") comes before m2 (date 200,
     * key "b"), so p, not q. */
    g_autoptr (Msgs) m = msgs_new ();
    guint m0 = msgs_add (m, "m0@x", NULL, 50, "x@x", NULL);
    guint m1 = msgs_add (m, "m1@x", "a", 200, "p@x x@x", NULL);
    guint m2 = msgs_add (m, "m2@x", "b", 200, "q@x x@x", NULL);
    g_autoptr (MlaThreadForest) f = build (m);
    guint x = placeholder (f, "x@x"), p = placeholder (f, "p@x");

    ck_assert_uint_ne (x, MLA_THREAD_NONE);
    ck_assert_uint_ne (p, MLA_THREAD_NONE);
    ck_assert_uint_eq (parent_of (f, x), p);
    ck_assert_uint_eq (node_of (f, m0)->parent, x);
    ck_assert_uint_eq (node_of (f, m1)->parent, x);
    ck_assert_uint_eq (node_of (f, m2)->parent, x);
    ck_assert_uint_eq (node_of (f, m0)->root, p);
    ck_assert_uint_eq (mla_thread_forest_get_thread_size (f, p), 3);
}
END_TEST

START_TEST (test_thread_placeholder_earliest_by_date)
{
    /* Dates before keys: m2 (date 100, key "z") names x's parent first. */
    g_autoptr (Msgs) m = msgs_new ();
    guint m1 = msgs_add (m, "m1@x", "a", 200, "p@x x@x", NULL);
    guint m2 = msgs_add (m, "m2@x", "z", 100, "q@x x@x", NULL);
    g_autoptr (MlaThreadForest) f = build (m);
    guint x = placeholder (f, "x@x"), q = placeholder (f, "q@x");

    ck_assert_uint_ne (q, MLA_THREAD_NONE);
    ck_assert_uint_eq (parent_of (f, x), q);
    ck_assert_uint_eq (node_of (f, m1)->parent, x);
    ck_assert_uint_eq (node_of (f, m2)->parent, x);
    ck_assert_uint_eq (node_of (f, m1)->root, q);
}
END_TEST

START_TEST (test_thread_placeholder_real_message_parent)
{
    /* A placeholder's parent may be a real message: t is archived, x not. */
    g_autoptr (Msgs) m = msgs_new ();
    guint t = msgs_add (m, "t@x", NULL, 100, NULL, NULL);
    guint r = msgs_add (m, "r@x", NULL, 300, "t@x x@x", NULL);
    g_autoptr (MlaThreadForest) f = build (m);
    guint x = placeholder (f, "x@x");

    ck_assert_uint_eq (parent_of (f, x), index_of (f, t));
    ck_assert_uint_eq (node_of (f, r)->parent, x);
    ck_assert_uint_eq (node_of (f, r)->depth, 2);
    ck_assert_uint_eq (mla_thread_forest_get_thread_size (f, t), 2);
    ck_assert_uint_eq (mla_thread_forest_get_roots (f)->len, 1);
}
END_TEST

/* ---- duplicate-ids ---- */

START_TEST (test_thread_duplicate_ids)
{
    g_autoptr (Msgs) m = msgs_new ();
    guint late = msgs_add (m, "d@x", "key-1", 200, NULL, NULL);
    guint early = msgs_add (m, "d@x", "key-2", 100, NULL, NULL);
    guint r = msgs_add (m, "r@x", NULL, 300, "d@x", NULL);
    g_autoptr (MlaThreadForest) f = build (m);

    ck_assert_uint_eq (mla_thread_forest_get_n_nodes (f), 3);
    ck_assert_uint_ne (index_of (f, late), index_of (f, early));
    ck_assert_uint_eq (node_of (f, r)->parent, index_of (f, early));
    ck_assert_uint_eq (node_of (f, late)->parent, MLA_THREAD_NONE);
    ck_assert_uint_eq (node_of (f, early)->parent, MLA_THREAD_NONE);
    ck_assert_uint_eq (mla_thread_forest_get_roots (f)->len, 2);
    /* The later root with the same id adds its key: another thread id. */
    ck_assert_str_ne (mla_thread_forest_get_thread_id (f, index_of (f, late)),
                      mla_thread_forest_get_thread_id (f, index_of (f, early)));
}
END_TEST

START_TEST (test_thread_duplicate_ids_tie)
{
    /* Same date: the smaller key is the earliest. */
    g_autoptr (Msgs) m = msgs_new ();
    guint kb = msgs_add (m, "d@x", "kb", 100, NULL, NULL);
    guint ka = msgs_add (m, "d@x", "ka", 100, NULL, NULL);
    guint kc = msgs_add (m, "d@x", "kc", 100, NULL, NULL);
    guint r = msgs_add (m, "r@x", NULL, 300, "d@x", NULL);
    guint s = msgs_add (m, "s@x", NULL, 400, "d@x r@x", NULL);
    g_autoptr (MlaThreadForest) f = build (m);

    ck_assert_uint_eq (mla_thread_forest_get_n_nodes (f), 5);
    ck_assert_uint_eq (node_of (f, r)->parent, index_of (f, ka));
    ck_assert_uint_eq (node_of (f, s)->parent, index_of (f, r));
    ck_assert_uint_eq (node_of (f, kb)->first_child, MLA_THREAD_NONE);
    ck_assert_uint_eq (node_of (f, kc)->first_child, MLA_THREAD_NONE);
    ck_assert_uint_eq (mla_thread_forest_get_roots (f)->len, 3);
}
END_TEST

/* The first to arrive owns a shared id, whatever the Dates say: a copy
 * that arrives later dated earlier takes no reply (issue 27 §3). */
START_TEST (test_thread_duplicate_ids_arrival)
{
    g_autoptr (Msgs) m = msgs_new ();
    guint first = msgs_add (m, "d@x", "key-1", 200, NULL, NULL);
    guint copy = msgs_add (m, "d@x", "key-2", 100, NULL, NULL);
    guint r = msgs_add (m, "r@x", NULL, 300, "d@x", NULL);
    MlaThreadInput *in = (MlaThreadInput *) (gpointer) m->inputs->data;
    g_autoptr (MlaThreadForest) f = NULL;

    in[first].arrival = 1;
    in[copy].arrival = 2;
    in[r].arrival = 3;
    f = build (m);
    ck_assert_uint_eq (node_of (f, r)->parent, index_of (f, first));
    ck_assert_uint_eq (node_of (f, copy)->first_child, MLA_THREAD_NONE);
    ck_assert_uint_eq (
        mla_thread_forest_get_thread_size (f, index_of (f, first)), 2);
}
END_TEST

/* A withheld message owns no id that a published one has, even arriving
 * first; it is not counted, nor is its date activity, beside others. */
START_TEST (test_thread_duplicate_ids_withheld)
{
    g_autoptr (Msgs) m = msgs_new ();
    guint hidden = msgs_add (m, "d@x", "key-1", 100, NULL, NULL);
    guint shown = msgs_add (m, "d@x", "key-2", 200, NULL, NULL);
    guint r = msgs_add (m, "r@x", NULL, 300, "d@x", NULL);
    guint w = msgs_add (m, "w@x", NULL, 900, "d@x", NULL);
    MlaThreadInput *in = (MlaThreadInput *) (gpointer) m->inputs->data;
    g_autoptr (MlaThreadForest) f = NULL;

    in[hidden].withheld = in[w].withheld = TRUE;
    in[hidden].arrival = 1;
    in[shown].arrival = 2;
    in[r].arrival = 3;
    in[w].arrival = 4;
    f = build (m);
    ck_assert_uint_eq (node_of (f, r)->parent, index_of (f, shown));
    ck_assert_uint_eq (node_of (f, w)->parent, index_of (f, shown));
    ck_assert_uint_eq (
        mla_thread_forest_get_thread_size (f, index_of (f, shown)), 2);
    ck_assert_int_eq (
        mla_thread_forest_get_thread_last_date (f, index_of (f, shown)), 300);
    /* A thread of withheld messages alone still counts them. */
    ck_assert_uint_eq (
        mla_thread_forest_get_thread_size (f, index_of (f, hidden)), 1);
}
END_TEST

/* A date far past the arrival counts as activity a day after it. */
START_TEST (test_thread_activity_capped)
{
    g_autoptr (Msgs) m = msgs_new ();
    guint future = msgs_add (m, "f@x", NULL, 32503680000, NULL, NULL);
    guint now = msgs_add (m, "n@x", NULL, 1000000, NULL, NULL);
    MlaThreadInput *in = (MlaThreadInput *) (gpointer) m->inputs->data;
    g_autoptr (MlaThreadForest) f = NULL;

    in[future].arrived = 900000;
    in[now].arrived = 1000000;
    f = build (m);
    ck_assert_int_eq (
        mla_thread_forest_get_thread_last_date (f, index_of (f, future)),
        900000 + MLA_THREAD_FUTURE_SLACK);
    ck_assert_uint_eq (
        g_array_index (mla_thread_forest_get_roots (f), guint, 0),
        index_of (f, now));
    ck_assert_int_eq (mla_thread_activity (1000, 0), 1000);
    ck_assert_int_eq (mla_thread_activity (1000, 2000), 1000);
}
END_TEST

START_TEST (test_thread_duplicate_ids_reply_to_itself)
{
    /* The later copy cites the id it shares: it hangs from the earliest
     * copy, which is not itself, so that is no cycle. */
    g_autoptr (Msgs) m = msgs_new ();
    guint first = msgs_add (m, "d@x", "key-9", 100, NULL, NULL);
    guint second = msgs_add (m, "d@x", "key-0", 200, "d@x", NULL);
    g_autoptr (MlaThreadForest) f = build (m);

    ck_assert_uint_eq (mla_thread_forest_get_n_nodes (f), 2);
    ck_assert_uint_eq (node_of (f, first)->parent, MLA_THREAD_NONE);
    ck_assert_uint_eq (node_of (f, second)->parent, index_of (f, first));
}
END_TEST

/* ---- depth ---- */

/* Walks the single thread of @f and checks that @expected[i] (node
 * indexes) comes i-th with depth @depth_of_step(i) == i. */
typedef struct {
    const MlaThreadForest *forest;
    const guint *expected;
    guint n;
    guint step;
    gboolean ok;
    char failure[200];
} ChainWalk;

static void
chain_visit (const MlaThreadNode *node, guint index, gpointer user_data)
{
    ChainWalk *w = user_data;

    if (w->ok && (w->step >= w->n || index != w->expected[w->step] ||
                  node->depth != w->step)) {
        w->ok = FALSE;
        g_snprintf (w->failure, sizeof w->failure,
                    "step %u: node %u at depth %u, expected %u", w->step, index,
                    node->depth,
                    w->step < w->n ? w->expected[w->step] : MLA_THREAD_NONE);
    }
    w->step++;
}

static void
check_chain_walk (const MlaThreadForest *f, const guint *expected, guint n)
{
    ChainWalk w = { f, expected, n, 0, TRUE, "" };

    mla_thread_forest_walk (f, expected[0], chain_visit, &w);
    ck_assert_msg (w.ok, "%s", w.failure);
    ck_assert_uint_eq (w.step, n);
}

/* Ids "prefix%u" for 0..n, kept in one chunk. */
static const char **
make_ids (GStringChunk *chunk, const char *prefix, guint n)
{
    const char **ids = g_new (const char *, n);

    for (guint i = 0; i < n; i++) {
        char buf[64];

        g_snprintf (buf, sizeof buf, "%s%u@x", prefix, i);
        ids[i] = g_string_chunk_insert (chunk, buf);
    }
    return ids;
}

enum { DEEP = 1000000 };

START_TEST (test_thread_depth_chain)
{
    /* A 1,000,000-deep chain, each message citing only its parent; fed
     * oldest first (_i == 0) and newest first (_i == 1). */
    GStringChunk *chunk = g_string_chunk_new (1 << 20);
    g_autofree const char **ids = make_ids (chunk, "m", DEEP);
    g_autofree const char **keys = make_ids (chunk, "k", DEEP);
    g_autofree MlaThreadInput *in = g_new0 (MlaThreadInput, DEEP);
    g_autofree guint *expected = g_new (guint, DEEP);
    g_autoptr (MlaThreadForest) f = NULL;

    for (guint i = 0; i < DEEP; i++) {
        guint at = _i == 0 ? i : DEEP - 1 - i;

        in[at].id = ids[i];
        in[at].key = keys[i];
        in[at].refs = i > 0 ? &ids[i - 1] : NULL;
        in[at].n_refs = i > 0 ? 1 : 0;
        in[at].date = 1000000000 + i;
    }
    f = mla_thread_forest_build (in, DEEP);
    ck_assert_ptr_nonnull (f);
    ck_assert_uint_eq (mla_thread_forest_get_n_nodes (f), DEEP);
    for (guint i = 0; i < DEEP; i++)
        expected[i] =
            mla_thread_forest_node_of_input (f, _i == 0 ? i : DEEP - 1 - i);
    ck_assert_uint_eq (mla_thread_forest_get_roots (f)->len, 1);
    ck_assert_uint_eq (
        g_array_index (mla_thread_forest_get_roots (f), guint, 0), expected[0]);
    ck_assert_uint_eq (
        mla_thread_forest_get_node (f, expected[DEEP - 1])->depth, DEEP - 1);
    ck_assert_uint_eq (mla_thread_forest_get_thread_size (f, expected[0]),
                       DEEP);
    ck_assert_int_eq (mla_thread_forest_get_thread_last_date (f, expected[0]),
                      1000000000 + DEEP - 1);
    check_chain_walk (f, expected, DEEP);
    check_forest (f, in, DEEP);
    g_clear_pointer (&f, mla_thread_forest_free);
    g_string_chunk_free (chunk);
}
END_TEST

START_TEST (test_thread_depth_growing_references)
{
    /* 3,000 deep, each message citing all its ancestors (4.5 M ids in all,
     * shared from one array). */
    enum { N = 3000 };
    GStringChunk *chunk = g_string_chunk_new (1 << 16);
    g_autofree const char **ids = make_ids (chunk, "g", N);
    g_autofree MlaThreadInput *in = g_new0 (MlaThreadInput, N);
    g_autofree guint *expected = g_new (guint, N);
    g_autoptr (MlaThreadForest) f = NULL;

    for (guint i = 0; i < N; i++) {
        guint at = (i * 7919u) % N; /* a scrambled arrival order */

        in[at].id = ids[i];
        in[at].key = ids[i];
        in[at].refs = i > 0 ? ids : NULL;
        in[at].n_refs = i;
        in[at].date = 5000 + i;
    }
    f = mla_thread_forest_build (in, N);
    ck_assert_ptr_nonnull (f);
    ck_assert_uint_eq (mla_thread_forest_get_n_nodes (f), N);
    for (guint i = 0; i < N; i++)
        expected[i] = mla_thread_forest_node_of_input (f, (i * 7919u) % N);
    check_chain_walk (f, expected, N);
    check_forest (f, in, N);
    g_clear_pointer (&f, mla_thread_forest_free);
    g_string_chunk_free (chunk);
}
END_TEST

START_TEST (test_thread_depth_many_references)
{
    /* One message citing 1,000,000 ids, none archived: a chain of
     * 1,000,000 placeholders with the message at the bottom. */
    GStringChunk *chunk = g_string_chunk_new (1 << 20);
    g_autofree const char **ids = make_ids (chunk, "r", DEEP);
    MlaThreadInput in = { 0 };
    g_autoptr (MlaThreadForest) f = NULL;
    g_autofree guint *expected = g_new (guint, DEEP + 1);
    g_autoptr (GHashTable) by_id = g_hash_table_new (g_str_hash, g_str_equal);
    guint n_nodes;

    in.id = "top@x";
    in.key = "top";
    in.refs = ids;
    in.n_refs = DEEP;
    in.date = 1234567890;
    f = mla_thread_forest_build (&in, 1);
    ck_assert_ptr_nonnull (f);
    n_nodes = mla_thread_forest_get_n_nodes (f);
    ck_assert_uint_eq (n_nodes, DEEP + 1);
    for (guint k = 0; k < n_nodes; k++) {
        const MlaThreadNode *node = mla_thread_forest_get_node (f, k);

        if (node->input == MLA_THREAD_NONE) {
            REQUIRE ((node->date) == (1234567890));
            g_hash_table_insert (by_id, (gpointer) node->id,
                                 GUINT_TO_POINTER (k + 1));
        }
    }
    ck_assert_uint_eq (g_hash_table_size (by_id), DEEP);
    for (guint i = 0; i < DEEP; i++) {
        guint k = GPOINTER_TO_UINT (g_hash_table_lookup (by_id, ids[i]));

        if (k == 0)
            ck_abort_msg ("no placeholder for %s", ids[i]);
        expected[i] = k - 1;
    }
    expected[DEEP] = mla_thread_forest_node_of_input (f, 0);
    ck_assert_uint_eq (mla_thread_forest_get_node (f, expected[DEEP])->depth,
                       DEEP);
    ck_assert_uint_eq (mla_thread_forest_get_roots (f)->len, 1);
    ck_assert_uint_eq (mla_thread_forest_get_thread_size (f, expected[0]), 1);
    check_chain_walk (f, expected, DEEP + 1);
    check_forest (f, &in, 1);
    g_clear_pointer (&f, mla_thread_forest_free);
    g_string_chunk_free (chunk);
}
END_TEST

START_TEST (test_thread_depth_wide)
{
    /* 200,000 replies to one root, arriving newest first: one level, in
     * date order. */
    enum { N = 200000 };
    GStringChunk *chunk = g_string_chunk_new (1 << 20);
    g_autofree const char **ids = make_ids (chunk, "w", N);
    g_autofree MlaThreadInput *in = g_new0 (MlaThreadInput, N);
    g_autoptr (MlaThreadForest) f = NULL;
    guint k, count = 0;

    for (guint i = 0; i < N; i++) {
        in[N - 1 - i].id = ids[i];
        in[N - 1 - i].key = ids[i];
        in[N - 1 - i].refs = i > 0 ? &ids[0] : NULL;
        in[N - 1 - i].n_refs = i > 0 ? 1 : 0;
        in[N - 1 - i].date = i;
    }
    f = mla_thread_forest_build (in, N);
    ck_assert_ptr_nonnull (f);
    check_forest (f, in, N);
    k = mla_thread_forest_node_of_input (f, N - 1);
    for (guint c = mla_thread_forest_get_node (f, k)->first_child;
         c != MLA_THREAD_NONE;
         c = mla_thread_forest_get_node (f, c)->next_sibling) {
        count++;
        REQUIRE ((mla_thread_forest_get_node (f, c)->input) == (N - 1 - count));
    }
    ck_assert_uint_eq (count, N - 1);
    g_clear_pointer (&f, mla_thread_forest_free);
    g_string_chunk_free (chunk);
}
END_TEST

/* ---- subject ---- */

enum { DAY = 24 * 3600, T0 = 1100000000 };

START_TEST (test_thread_subject_joins)
{
    g_autoptr (Msgs) m = msgs_new ();
    guint t = msgs_add (m, "t@x", NULL, T0, NULL, "[list] Plans  for 2005");
    guint l = msgs_add (m, "l@x", NULL, T0 + DAY, NULL, "Re: plans for 2005");
    g_autoptr (MlaThreadForest) f = build (m);

    ck_assert_uint_eq (node_of (f, l)->parent, index_of (f, t));
    ck_assert (node_of (f, l)->loose);
    ck_assert (!node_of (f, t)->loose);
    ck_assert_uint_eq (node_of (f, l)->depth, 1);
    ck_assert_uint_eq (mla_thread_forest_get_roots (f)->len, 1);
    ck_assert_uint_eq (mla_thread_forest_get_thread_size (f, index_of (f, t)),
                       2);
    ck_assert_str_eq (mla_thread_forest_get_thread_id (f, index_of (f, l)),
                      mla_thread_forest_get_thread_id (f, index_of (f, t)));
}
END_TEST

START_TEST (test_thread_subject_window)
{
    /* At most MLA_THREAD_SUBJECT_WINDOW before: the bound is in, one
     * second more is out. */
    for (guint outside = 0; outside < 2; outside++) {
        g_autoptr (Msgs) m = msgs_new ();
        guint t = msgs_add (m, "t@x", NULL, T0, NULL, "Plans");
        guint l =
            msgs_add (m, "l@x", NULL, T0 + MLA_THREAD_SUBJECT_WINDOW + outside,
                      NULL, "Re: Plans");
        g_autoptr (MlaThreadForest) f = build (m);

        if (outside) {
            ck_assert_uint_eq (node_of (f, l)->parent, MLA_THREAD_NONE);
            ck_assert (!node_of (f, l)->loose);
            ck_assert_uint_eq (mla_thread_forest_get_roots (f)->len, 2);
        } else {
            ck_assert_uint_eq (node_of (f, l)->parent, index_of (f, t));
            ck_assert (node_of (f, l)->loose);
        }
    }
}
END_TEST

START_TEST (test_thread_subject_not_before)
{
    /* The thread must be rooted before the message: a "Re:" older than
     * the thread does not join it. */
    g_autoptr (Msgs) m = msgs_new ();
    guint l = msgs_add (m, "l@x", NULL, T0, NULL, "Re: Plans");
    guint t = msgs_add (m, "t@x", NULL, T0 + DAY, NULL, "Plans");
    g_autoptr (MlaThreadForest) f = build (m);

    ck_assert_uint_eq (node_of (f, l)->parent, MLA_THREAD_NONE);
    ck_assert_uint_eq (node_of (f, t)->parent, MLA_THREAD_NONE);
    ck_assert (!node_of (f, l)->loose);
}
END_TEST

START_TEST (test_thread_subject_needs_reply_prefix)
{
    g_autoptr (Msgs) m = msgs_new ();
    guint t = msgs_add (m, "t@x", NULL, T0, NULL, "Plans");
    guint same = msgs_add (m, "s@x", NULL, T0 + DAY, NULL, "Plans");
    guint fwd = msgs_add (m, "f@x", NULL, T0 + 2 * DAY, NULL, "Fwd: Plans");
    g_autoptr (MlaThreadForest) f = build (m);

    ck_assert_uint_eq (node_of (f, t)->parent, MLA_THREAD_NONE);
    ck_assert_uint_eq (node_of (f, same)->parent, MLA_THREAD_NONE);
    ck_assert_uint_eq (node_of (f, fwd)->parent, MLA_THREAD_NONE);
    ck_assert_uint_eq (mla_thread_forest_get_roots (f)->len, 3);
}
END_TEST

START_TEST (test_thread_subject_not_with_reply_headers)
{
    /* l has a usable reply header (to a lost message): it stays under the
     * placeholder, as a reply, not a loose member of t's thread. */
    g_autoptr (Msgs) m = msgs_new ();
    guint t = msgs_add (m, "t@x", NULL, T0, NULL, "Plans");
    guint l = msgs_add_headers (m, "l@x", NULL, T0 + DAY, "lost@x", NULL, NULL,
                                "Re: Plans");
    g_autoptr (MlaThreadForest) f = build (m);
    guint lost = placeholder (f, "lost@x");

    ck_assert_uint_ne (lost, MLA_THREAD_NONE);
    ck_assert_uint_eq (node_of (f, l)->parent, lost);
    ck_assert (!node_of (f, l)->loose);
    ck_assert_uint_ne (node_of (f, l)->root, index_of (f, t));
    ck_assert_uint_eq (mla_thread_forest_get_roots (f)->len, 2);
}
END_TEST

START_TEST (test_thread_subject_unusable_headers_count_as_none)
{
    /* Reply headers that clean to nothing (an address) leave a root that
     * may join by subject. */
    g_autoptr (Msgs) m = msgs_new ();
    guint t = msgs_add (m, "t@x", NULL, T0, NULL, "Plans");
    guint l = msgs_add_headers (m, "l@x", NULL, T0 + DAY, "alice@example.org",
                                "l@x", "alice@example.org", "Re: Plans");
    g_autoptr (MlaThreadForest) f = build (m);

    ck_assert_uint_eq (node_of (f, l)->parent, index_of (f, t));
    ck_assert (node_of (f, l)->loose);
}
END_TEST

START_TEST (test_thread_subject_newest_thread)
{
    /* Two threads with the subject in the window: the newest wins. A
     * second "Re:" also hangs from that root (loose members hang from the
     * root), and a real reply to a loose member is a reply, not loose. */
    g_autoptr (Msgs) m = msgs_new ();
    guint t1 = msgs_add (m, "t1@x", NULL, T0, NULL, "Plans");
    guint t2 = msgs_add (m, "t2@x", NULL, T0 + DAY, NULL, "Plans");
    guint l1 = msgs_add (m, "l1@x", NULL, T0 + 2 * DAY, NULL, "Re: Plans");
    guint l2 = msgs_add (m, "l2@x", NULL, T0 + 3 * DAY, NULL, "RE: PLANS");
    guint r = msgs_add (m, "r@x", NULL, T0 + 4 * DAY, "l1@x", "Re: Plans");
    g_autoptr (MlaThreadForest) f = build (m);

    ck_assert_uint_eq (node_of (f, l1)->parent, index_of (f, t2));
    ck_assert_uint_eq (node_of (f, l2)->parent, index_of (f, t2));
    ck_assert (node_of (f, l1)->loose);
    ck_assert (node_of (f, l2)->loose);
    ck_assert_uint_eq (node_of (f, r)->parent, index_of (f, l1));
    ck_assert (!node_of (f, r)->loose);
    ck_assert_uint_eq (node_of (f, r)->depth, 2);
    ck_assert_uint_eq (node_of (f, t1)->first_child, MLA_THREAD_NONE);
    ck_assert_uint_eq (mla_thread_forest_get_thread_size (f, index_of (f, t2)),
                       4);
}
END_TEST

START_TEST (test_thread_subject_empty)
{
    /* "Re:" alone normalises to nothing: no subject to match on. */
    g_autoptr (Msgs) m = msgs_new ();
    guint t = msgs_add (m, "t@x", NULL, T0, NULL, "Re:");
    guint l = msgs_add (m, "l@x", NULL, T0 + DAY, NULL, "Re:");
    g_autoptr (MlaThreadForest) f = build (m);

    ck_assert_ptr_null (msgs_inputs (m)[l].subject);
    ck_assert_uint_eq (node_of (f, t)->parent, MLA_THREAD_NONE);
    ck_assert_uint_eq (node_of (f, l)->parent, MLA_THREAD_NONE);
}
END_TEST

/* ---- arrival-order ---- */

typedef struct {
    const char *id;
    const char *key; /* NULL: "k:" + id */
    gint64 date;
    const char *in_reply_to;
    const char *references;
    const char *subject;
} Row;

static const struct {
    const char *name;
    Row rows[4];
} shapes[] = {
    { "chain",
      { { "a@x", NULL, 10, NULL, NULL, "S" },
        { "b@x", NULL, 20, "a@x", "a@x", "Re: S" },
        { "c@x", NULL, 30, "b@x", "a@x b@x", "Re: S" },
        { "d@x", NULL, 40, "c@x", "a@x b@x c@x", "Re: S" } } },
    { "chain-irt-only",
      { { "a@x", NULL, 10, NULL, NULL, NULL },
        { "b@x", NULL, 20, "a@x", NULL, NULL },
        { "c@x", NULL, 30, "b@x", NULL, NULL },
        { "d@x", NULL, 40, "c@x", NULL, NULL } } },
    { "chain-same-date",
      { { "a@x", NULL, 10, NULL, NULL, NULL },
        { "b@x", NULL, 10, "a@x", NULL, NULL },
        { "c@x", NULL, 10, "b@x", NULL, NULL },
        { "d@x", NULL, 10, "c@x", NULL, NULL } } },
    { "siblings-tied",
      { { "a@x", NULL, 10, NULL, NULL, NULL },
        { "b@x", "k3", 20, "a@x", NULL, NULL },
        { "c@x", "k1", 20, "a@x", NULL, NULL },
        { "d@x", "k2", 20, "a@x", NULL, NULL } } },
    { "missing-root",
      { { "b@x", NULL, 10, "x@x", "x@x", NULL },
        { "c@x", NULL, 20, "b@x", "x@x b@x", NULL },
        { "d@x", NULL, 15, "x@x", "x@x", NULL },
        { "e@x", NULL, 25, NULL, "x@x d@x", NULL } } },
    { "missing-chains-disagree",
      { { "m1@x", NULL, 10, NULL, "x@x y@x", NULL },
        { "m2@x", NULL, 10, NULL, "y@x", NULL },
        { "m3@x", NULL, 10, NULL, "z@x y@x", NULL },
        { "m4@x", NULL, 5, NULL, "x@x", NULL } } },
    { "irt-vs-refs",
      { { "a@x", NULL, 10, NULL, NULL, NULL },
        { "b@x", NULL, 20, "a@x", NULL, NULL },
        { "c@x", NULL, 30, "b@x", "a@x", NULL },
        { "d@x", NULL, 40, "a@x", "a@x b@x c@x", NULL } } },
    { "irt-vs-refs-missing",
      { { "a@x", NULL, 10, "q@x", "p@x", NULL },
        { "b@x", NULL, 20, "p@x", "q@x", NULL },
        { "c@x", NULL, 30, "a@x", "p@x q@x", NULL },
        { "d@x", NULL, 30, "q@x", "p@x a@x", NULL } } },
    { "duplicates",
      { { "a@x", "k1", 10, NULL, NULL, NULL },
        { "a@x", "k2", 10, NULL, NULL, NULL },
        { "b@x", NULL, 20, "a@x", "a@x", NULL },
        { "c@x", NULL, 20, "b@x", "a@x b@x", NULL } } },
    { "duplicates-reply-first",
      { { "a@x", "k1", 30, NULL, NULL, NULL },
        { "a@x", "k2", 10, NULL, NULL, NULL },
        { "b@x", NULL, 5, "a@x", NULL, NULL },
        { "c@x", NULL, 5, "b@x", "a@x b@x", NULL } } },
    { "duplicates-of-missing",
      { { "a@x", "k1", 10, NULL, "p@x", NULL },
        { "a@x", "k2", 10, NULL, NULL, NULL },
        { "b@x", NULL, 20, NULL, "p@x a@x", NULL },
        { "c@x", NULL, 20, "a@x", NULL, NULL } } },
    { "mutual",
      { { "a@x", NULL, 10, "b@x", NULL, NULL },
        { "b@x", NULL, 20, "a@x", NULL, NULL },
        { "c@x", NULL, 30, "a@x", NULL, NULL },
        { "d@x", NULL, 30, NULL, "a@x b@x", NULL } } },
    { "loop4-tied",
      { { "a@x", NULL, 10, "d@x", NULL, NULL },
        { "b@x", NULL, 10, "a@x", NULL, NULL },
        { "c@x", NULL, 10, "b@x", NULL, NULL },
        { "d@x", NULL, 10, "c@x", NULL, NULL } } },
    { "placeholder-loop",
      { { "m1@x", NULL, 10, NULL, "a@x b@x", NULL },
        { "m2@x", NULL, 20, NULL, "b@x a@x", NULL },
        { "m3@x", NULL, 30, NULL, "a@x", NULL },
        { "m4@x", NULL, 30, NULL, "b@x", NULL } } },
    { "subject",
      { { "t@x", NULL, 0, NULL, NULL, "Plans" },
        { "l1@x", NULL, 100, NULL, NULL, "Re: Plans" },
        { "l2@x", NULL, 200, NULL, NULL, "Re: plans" },
        { "r@x", NULL, 300, "l1@x", NULL, "Re: Plans" } } },
    { "subject-two-threads",
      { { "t1@x", NULL, 0, NULL, NULL, "Plans" },
        { "t2@x", NULL, 100, NULL, NULL, "Plans" },
        { "l@x", NULL, 200, NULL, NULL, "Re: Plans" },
        { "r@x", NULL, 300, NULL, "t1@x", "Re: Plans" } } },
    { "subject-tied-roots",
      { { "t1@x", NULL, 100, NULL, NULL, "Plans" },
        { "t2@x", NULL, 100, NULL, NULL, "Plans" },
        { "l@x", NULL, 200, NULL, NULL, "Re: Plans" },
        { "m@x", NULL, 200, NULL, NULL, "Re: Plans" } } },
    { "roots-tied",
      { { "a@x", NULL, 10, NULL, NULL, NULL },
        { "b@x", NULL, 10, NULL, NULL, NULL },
        { "c@x", NULL, 10, NULL, NULL, NULL },
        { "d@x", NULL, 10, NULL, NULL, NULL } } },
    { "ghost-root-arrives",
      { { "x@x", NULL, 50, NULL, NULL, NULL },
        { "b@x", NULL, 10, "x@x", "x@x", NULL },
        { "c@x", NULL, 20, NULL, "w@x x@x", NULL },
        { "d@x", NULL, 15, NULL, "x@x c@x", NULL } } },
};

/* The forest as text: for each root in order, the pre-order walk with
 * depth, id, key or "placeholder", loose flag, date and thread id. */
typedef struct {
    const MlaThreadForest *forest;
    const MlaThreadInput *inputs;
    GString *out;
} Dump;

static void
dump_visit (const MlaThreadNode *node, guint index, gpointer user_data)
{
    Dump *d = user_data;

    g_string_append_printf (d->out, "%*s%s %s%s @%" G_GINT64_FORMAT " %s\n",
                            (int) node->depth * 2, "", node->id,
                            node->input != MLA_THREAD_NONE
                                ? d->inputs[node->input].key
                                : "placeholder",
                            node->loose ? " loose" : "", node->date,
                            mla_thread_forest_get_thread_id (d->forest, index));
}

static char *
dump_forest (const MlaThreadForest *f, const MlaThreadInput *in)
{
    const GArray *roots = mla_thread_forest_get_roots (f);
    Dump d = { f, in, g_string_new (NULL) };

    for (guint r = 0; r < roots->len; r++)
        mla_thread_forest_walk (f, g_array_index (roots, guint, r), dump_visit,
                                &d);
    return g_string_free (d.out, FALSE);
}

START_TEST (test_thread_arrival_order)
{
    g_autoptr (Msgs) m = msgs_new ();
    g_autofree char *reference = NULL;

    for (guint i = 0; i < 4; i++) {
        const Row *row = &shapes[_i].rows[i];

        msgs_add_headers (m, row->id, row->key, row->date, row->in_reply_to,
                          row->references, NULL, row->subject);
    }

    for (guint p = 0; p < 24; p++) {
        /* The p-th permutation of 0..3 (factorial number system). */
        guint pool[4] = { 0, 1, 2, 3 }, n_pool = 4, code = p;
        MlaThreadInput in[4];
        g_autoptr (MlaThreadForest) f = NULL;
        g_autofree char *dump = NULL;
        char order[5] = "";

        for (guint i = 0, radix = 6; i < 4; i++) {
            guint pick = code / radix;

            code %= radix;
            radix = i < 3 ? radix / (3 - i) : 1;
            in[i] = msgs_inputs (m)[pool[pick]];
            order[i] = (char) ('0' + pool[pick]);
            memmove (&pool[pick], &pool[pick + 1],
                     (n_pool - pick - 1) * sizeof (guint));
            n_pool--;
        }
        f = mla_thread_forest_build (in, 4);
        ck_assert_ptr_nonnull (f);
        check_forest (f, in, 4);
        dump = dump_forest (f, in);
        if (reference == NULL)
            reference = g_steal_pointer (&dump);
        else
            ck_assert_msg (
                strcmp (dump, reference) == 0,
                "shape %s, order %s:\n%s\ndiffers from order 0123:\n%s",
                shapes[_i].name, order, dump, reference);
    }
}
END_TEST

START_TEST (test_thread_arrival_order_dump_expected)
{
    /* One shape's dump, spelt out, so that the permutation test above is
     * known to compare real forests (missing-root: x is lost; b and d
     * answer x, c answers b, e answers d). */
    g_autoptr (Msgs) m = msgs_new ();
    g_autoptr (MlaThreadForest) f = NULL;
    g_autofree char *dump = NULL;
    g_autofree char *expected = NULL;
    const char *tid;

    for (guint i = 0; i < 4; i++) {
        const Row *row = &shapes[4].rows[i];

        msgs_add_headers (m, row->id, row->key, row->date, row->in_reply_to,
                          row->references, NULL, row->subject);
    }
    ck_assert_str_eq (shapes[4].name, "missing-root");
    f = build (m);
    tid = mla_thread_forest_get_thread_id (f, 0);
    expected = g_strdup_printf ("x@x placeholder @10 %s\n"
                                "  b@x k:b@x @10 %s\n"
                                "    c@x k:c@x @20 %s\n"
                                "  d@x k:d@x @15 %s\n"
                                "    e@x k:e@x @25 %s\n",
                                tid, tid, tid, tid, tid);
    dump = dump_forest (f, msgs_inputs (m));
    ck_assert_str_eq (dump, expected);
}
END_TEST

/* ---- stable-ids ---- */

START_TEST (test_thread_stable_ids_replies_added)
{
    g_autoptr (Msgs) m = msgs_new ();
    g_autofree char *before = NULL;
    g_autofree char *other_before = NULL;
    guint a, o;

    a = msgs_add (m, "a@x", NULL, 100, NULL, "Plans");
    msgs_add (m, "b@x", NULL, 200, "a@x", "Re: Plans");
    o = msgs_add (m, "o@x", NULL, 150, NULL, "Other");
    {
        g_autoptr (MlaThreadForest) f = build (m);

        before =
            g_strdup (mla_thread_forest_get_thread_id (f, index_of (f, a)));
        other_before =
            g_strdup (mla_thread_forest_get_thread_id (f, index_of (f, o)));
        ck_assert_str_ne (before, other_before);
    }
    /* A later build: replies, a loose member, and unrelated threads. */
    msgs_add (m, "c@x", NULL, 300, "a@x b@x", "Re: Plans");
    msgs_add (m, "d@x", NULL, 400, "a@x", "Re: Plans");
    msgs_add (m, "e@x", NULL, 500, NULL, "Re: Plans");
    msgs_add (m, "z@x", NULL, 50, NULL, "Unrelated");
    msgs_add (m, "y@x", NULL, 60, "gone@x", "Unrelated");
    {
        g_autoptr (MlaThreadForest) f = build (m);

        for (guint i = 0; i < m->inputs->len; i++) {
            const char *id = msgs_inputs (m)[i].id;
            const char *tid =
                mla_thread_forest_get_thread_id (f, index_of (f, i));

            if (id[0] >= 'a' && id[0] <= 'e')
                ck_assert_str_eq (tid, before);
        }
        ck_assert_str_eq (mla_thread_forest_get_thread_id (f, index_of (f, o)),
                          other_before);
        ck_assert_uint_eq (
            mla_thread_forest_get_thread_size (f, index_of (f, a)), 5);
    }
}
END_TEST

START_TEST (test_thread_stable_ids_missing_root_arrives)
{
    g_autoptr (Msgs) m = msgs_new ();
    g_autofree char *before = NULL;
    guint b, root;

    b = msgs_add (m, "b@x", NULL, 200, "a@x", NULL);
    msgs_add (m, "c@x", NULL, 300, "a@x b@x", NULL);
    {
        g_autoptr (MlaThreadForest) f = build (m);

        ck_assert_uint_eq (node_of (f, b)->root, placeholder (f, "a@x"));
        before =
            g_strdup (mla_thread_forest_get_thread_id (f, index_of (f, b)));
    }
    root = msgs_add (m, "a@x", NULL, 100, NULL, NULL);
    {
        g_autoptr (MlaThreadForest) f = build (m);

        ck_assert_uint_eq (n_placeholders (f), 0);
        ck_assert_uint_eq (node_of (f, b)->root, index_of (f, root));
        ck_assert_str_eq (mla_thread_forest_get_thread_id (f, index_of (f, b)),
                          before);
        ck_assert_str_eq (
            mla_thread_forest_get_thread_id (f, index_of (f, root)), before);
    }
}
END_TEST

START_TEST (test_thread_stable_ids_hash_of_root_id)
{
    /* The id depends on the root's Message-ID, not on positions: the same
     * root alone, or amid other threads, gives the same id; another root
     * another id. */
    g_autoptr (Msgs) alone = msgs_new ();
    g_autoptr (Msgs) crowd = msgs_new ();
    g_autoptr (MlaThreadForest) f1 = NULL;
    g_autoptr (MlaThreadForest) f2 = NULL;
    guint in_crowd;

    msgs_add (alone, "root@x", NULL, 100, NULL, NULL);
    msgs_add (crowd, "aaa@x", NULL, 900, NULL, NULL);
    msgs_add (crowd, "zzz@x", NULL, 50, "lost@x", NULL);
    in_crowd =
        msgs_add (crowd, "root@x", "another-key", 700, NULL, "Other subject");
    f1 = build (alone);
    f2 = build (crowd);
    ck_assert_str_eq (
        mla_thread_forest_get_thread_id (f1, 0),
        mla_thread_forest_get_thread_id (f2, index_of (f2, in_crowd)));
    ck_assert_str_ne (
        mla_thread_forest_get_thread_id (f2, index_of (f2, 0)),
        mla_thread_forest_get_thread_id (f2, index_of (f2, in_crowd)));
}
END_TEST

START_TEST (test_thread_stable_ids_later_duplicate)
{
    /* A later copy of the root's id does not change the first's thread id. */
    g_autoptr (Msgs) m = msgs_new ();
    g_autofree char *before = NULL;
    guint first;

    first = msgs_add (m, "d@x", "key-5", 100, NULL, NULL);
    {
        g_autoptr (MlaThreadForest) f = build (m);

        before =
            g_strdup (mla_thread_forest_get_thread_id (f, index_of (f, first)));
    }
    msgs_add (m, "d@x", "key-1", 200, NULL, NULL);
    {
        g_autoptr (MlaThreadForest) f = build (m);

        ck_assert_str_eq (
            mla_thread_forest_get_thread_id (f, index_of (f, first)), before);
    }
}
END_TEST

/* ---- order of children and roots ---- */

START_TEST (test_thread_children_order)
{
    /* Children by date (a placeholder takes its earliest descendant's),
     * then key. */
    g_autoptr (Msgs) m = msgs_new ();
    guint a = msgs_add (m, "a@x", NULL, 0, NULL, NULL);
    guint c = msgs_add (m, "c@x", NULL, 300, "a@x", NULL);
    guint b = msgs_add (m, "b@x", "k1", 100, "a@x", NULL);
    guint d = msgs_add (m, "d@x", "k0", 100, "a@x", NULL);
    guint e = msgs_add (m, "e@x", NULL, 50, "a@x p@x", NULL);
    guint g = msgs_add (m, "g@x", NULL, 400, "a@x q@x", NULL);
    g_autoptr (MlaThreadForest) f = build (m);
    guint p = placeholder (f, "p@x"), q = placeholder (f, "q@x");
    guint expected[] = { p, index_of (f, d), index_of (f, b), index_of (f, c),
                         q };
    guint i = 0;

    ck_assert_uint_eq (node_of (f, e)->parent, p);
    ck_assert_uint_eq (node_of (f, g)->parent, q);
    for (guint k = node_of (f, a)->first_child; k != MLA_THREAD_NONE;
         k = mla_thread_forest_get_node (f, k)->next_sibling) {
        ck_assert_uint_lt (i, G_N_ELEMENTS (expected));
        ck_assert_uint_eq (k, expected[i]);
        i++;
    }
    ck_assert_uint_eq (i, G_N_ELEMENTS (expected));
}
END_TEST

START_TEST (test_thread_roots_order)
{
    /* Newest activity first: x's reply (900) beats z (800) beats y (500). */
    g_autoptr (Msgs) m = msgs_new ();
    guint x = msgs_add (m, "x@x", NULL, 100, NULL, NULL);
    guint y = msgs_add (m, "y@x", NULL, 500, NULL, NULL);
    guint z = msgs_add (m, "z@x", NULL, 800, NULL, NULL);
    guint xr = msgs_add (m, "xr@x", NULL, 900, "x@x", NULL);
    g_autoptr (MlaThreadForest) f = build (m);
    const GArray *roots = mla_thread_forest_get_roots (f);

    ck_assert_uint_eq (roots->len, 3);
    ck_assert_uint_eq (g_array_index (roots, guint, 0), index_of (f, x));
    ck_assert_uint_eq (g_array_index (roots, guint, 1), index_of (f, z));
    ck_assert_uint_eq (g_array_index (roots, guint, 2), index_of (f, y));
    ck_assert_int_eq (
        mla_thread_forest_get_thread_last_date (f, index_of (f, xr)), 900);
    ck_assert_int_eq (
        mla_thread_forest_get_thread_last_date (f, index_of (f, x)), 900);
}
END_TEST

/* ---- empty ---- */

START_TEST (test_thread_empty_input)
{
    MlaThreadInput unused = { 0 };
    g_autoptr (MlaThreadForest) f = mla_thread_forest_build (&unused, 0);

    ck_assert_ptr_nonnull (f);
    ck_assert_uint_eq (mla_thread_forest_get_n_nodes (f), 0);
    ck_assert_ptr_nonnull (mla_thread_forest_get_roots (f));
    ck_assert_uint_eq (mla_thread_forest_get_roots (f)->len, 0);
}
END_TEST

START_TEST (test_thread_empty_single)
{
    /* NULL refs with n_refs 0, NULL subject: one root, alone. */
    MlaThreadInput in = { .id = "only@x", .key = "key", .date = 42 };
    g_autoptr (MlaThreadForest) f = mla_thread_forest_build (&in, 1);
    const MlaThreadNode *node;

    ck_assert_ptr_nonnull (f);
    check_forest (f, &in, 1);
    ck_assert_uint_eq (mla_thread_forest_get_n_nodes (f), 1);
    ck_assert_uint_eq (mla_thread_forest_node_of_input (f, 0), 0);
    node = mla_thread_forest_get_node (f, 0);
    ck_assert_str_eq (node->id, "only@x");
    ck_assert_uint_eq (node->input, 0);
    ck_assert_uint_eq (node->parent, MLA_THREAD_NONE);
    ck_assert_uint_eq (node->first_child, MLA_THREAD_NONE);
    ck_assert_uint_eq (node->next_sibling, MLA_THREAD_NONE);
    ck_assert_uint_eq (node->root, 0);
    ck_assert_uint_eq (node->depth, 0);
    ck_assert (!node->loose);
    ck_assert_int_eq (node->date, 42);
    ck_assert_uint_eq (mla_thread_forest_get_thread_size (f, 0), 1);
    ck_assert_int_eq (mla_thread_forest_get_thread_last_date (f, 0), 42);
    ck_assert (is_thread_id (mla_thread_forest_get_thread_id (f, 0)));
}
END_TEST

START_TEST (test_thread_empty_reply_subject_alone)
{
    /* A lone "Re:" root with nothing to join stays a root, not loose. */
    g_autoptr (Msgs) m = msgs_new ();
    guint l = msgs_add (m, "l@x", NULL, T0, NULL, "Re: Plans");
    g_autoptr (MlaThreadForest) f = build (m);

    ck_assert_uint_eq (node_of (f, l)->parent, MLA_THREAD_NONE);
    ck_assert (!node_of (f, l)->loose);
}
END_TEST

/* The hash of the id tables: the same string (another copy) the same
 * hash; and ids that differ in one byte, at any place or length, apart. */
START_TEST (test_thread_str_hash)
{
    g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
    const char *base = "20041206223501.GA1234@thunk.org.example.net";
    guint collisions = 0;

    for (gsize length = 0; length <= strlen (base); length++) {
        g_autofree char *a = g_strndup (base, length);
        g_autofree char *b = g_strndup (base, length);

        ck_assert_uint_eq (mla_str_hash (a), mla_str_hash (b));
        for (gsize i = 0; i < length; i++) {
            g_autofree char *c = g_strdup (a);

            c[i] ^= 0x20;
            ck_assert_uint_ne (mla_str_hash (a), mla_str_hash (c));
        }
    }
    /* 100,000 ids of one shape: as few collisions as 32 random bits give
     * (about one). */
    for (guint i = 0; i < 100000; i++) {
        g_autofree char *id = g_strdup_printf ("%u.%u.site-bench@example.org",
                                               1072915200 + i * 7, i);
        gpointer key = GUINT_TO_POINTER (mla_str_hash (id));

        collisions += g_hash_table_contains (seen, key);
        g_hash_table_add (seen, key);
    }
    ck_assert_uint_le (collisions, 5);
}
END_TEST

static Suite *
thread_suite (void)
{
    Suite *suite = suite_create ("thread");
    TCase *tc;

    tc = tcase_create ("exact-ids");
    tcase_add_test (tc, test_thread_exact_ids);
    tcase_add_test (tc, test_thread_exact_ids_self);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("clean-refs");
    tcase_add_loop_test (tc, test_thread_clean_refs_cases, 0,
                         G_N_ELEMENTS (clean_cases));
    tcase_add_test (tc, test_thread_clean_refs_empty_ids);
    tcase_add_test (tc, test_thread_clean_refs_copies);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("unusable-refs");
    tcase_add_test (tc, test_thread_unusable_refs_address);
    tcase_add_test (tc, test_thread_unusable_refs_self);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("parent-choice");
    tcase_add_test (tc, test_thread_parent_last_reference);
    tcase_add_test (tc, test_thread_parent_in_reply_to_fallback);
    tcase_add_test (tc, test_thread_parent_own_headers_only);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("cycles");
    tcase_add_test (tc, test_thread_cycle_mutual);
    tcase_add_test (tc, test_thread_cycle_mutual_tie);
    tcase_add_test (tc, test_thread_cycle_three);
    tcase_add_test (tc, test_thread_cycle_self);
    tcase_add_test (tc, test_thread_cycle_through_placeholders);
    tcase_add_test (tc, test_thread_cycle_long);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("placeholders");
    tcase_add_test (tc, test_thread_placeholder_missing_parent);
    tcase_add_test (tc, test_thread_placeholder_chain);
    tcase_add_test (tc, test_thread_placeholder_first_naming_message);
    tcase_add_test (tc, test_thread_placeholder_earliest_by_date);
    tcase_add_test (tc, test_thread_placeholder_real_message_parent);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("duplicate-ids");
    tcase_add_test (tc, test_thread_duplicate_ids);
    tcase_add_test (tc, test_thread_duplicate_ids_tie);
    tcase_add_test (tc, test_thread_duplicate_ids_arrival);
    tcase_add_test (tc, test_thread_duplicate_ids_withheld);
    tcase_add_test (tc, test_thread_activity_capped);
    tcase_add_test (tc, test_thread_duplicate_ids_reply_to_itself);
    suite_add_tcase (suite, tc);

    /* Big inputs on the default stack: recursion would overflow it. */
    tc = tcase_create ("depth");
    tcase_set_timeout (tc, 60);
    tcase_add_loop_test (tc, test_thread_depth_chain, 0, 2);
    tcase_add_test (tc, test_thread_depth_growing_references);
    tcase_add_test (tc, test_thread_depth_many_references);
    tcase_add_test (tc, test_thread_depth_wide);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("subject");
    tcase_add_test (tc, test_thread_subject_joins);
    tcase_add_test (tc, test_thread_subject_window);
    tcase_add_test (tc, test_thread_subject_not_before);
    tcase_add_test (tc, test_thread_subject_needs_reply_prefix);
    tcase_add_test (tc, test_thread_subject_not_with_reply_headers);
    tcase_add_test (tc, test_thread_subject_unusable_headers_count_as_none);
    tcase_add_test (tc, test_thread_subject_newest_thread);
    tcase_add_test (tc, test_thread_subject_empty);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("arrival-order");
    tcase_add_loop_test (tc, test_thread_arrival_order, 0,
                         G_N_ELEMENTS (shapes));
    tcase_add_test (tc, test_thread_arrival_order_dump_expected);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("stable-ids");
    tcase_add_test (tc, test_thread_stable_ids_replies_added);
    tcase_add_test (tc, test_thread_stable_ids_missing_root_arrives);
    tcase_add_test (tc, test_thread_stable_ids_hash_of_root_id);
    tcase_add_test (tc, test_thread_stable_ids_later_duplicate);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("order");
    tcase_add_test (tc, test_thread_children_order);
    tcase_add_test (tc, test_thread_roots_order);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("hash");
    tcase_add_test (tc, test_thread_str_hash);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("empty");
    tcase_add_test (tc, test_thread_empty_input);
    tcase_add_test (tc, test_thread_empty_single);
    tcase_add_test (tc, test_thread_empty_reply_subject_alone);
    suite_add_tcase (suite, tc);

    return suite;
}

MLA_TEST_MAIN (thread_suite)
