/* fuzz-thread.c: libFuzzer target for the threader. Each input line is one
 * message: "ID [REF...] [< IN-REPLY-TO] [~SUBJECT]"; ids are whatever the
 * fuzzer writes, so collisions, self-references, loops and duplicates come
 * quickly. Beyond not crashing, the forest must keep its promises: every
 * node reaches a root, the walk covers the tree once, and the threads do
 * not depend on the order of the messages. */
#include "config.h"
#include <stdlib.h>
#include <string.h>
#include "mla-subject.h"
#include "mla-thread.h"

typedef struct {
    char *id;
    char *in_reply_to;
    char *subject;
    GPtrArray *references;
    GPtrArray *refs; /* cleaned */
} Line;

static void
line_clear (Line *line)
{
    g_free (line->id);
    g_free (line->in_reply_to);
    g_free (line->subject);
    g_ptr_array_unref (line->references);
    g_ptr_array_unref (line->refs);
}

static void
parse_line (const char *text, Line *line)
{
    g_auto (GStrv) words = g_strsplit (text, " ", -1);

    memset (line, 0, sizeof *line);
    line->references = g_ptr_array_new_with_free_func (g_free);
    for (guint i = 0; words[i] != NULL; i++) {
        if (i == 0)
            line->id = g_strdup (words[0]);
        else if (words[i][0] == '<' && line->in_reply_to == NULL)
            line->in_reply_to = g_strdup (words[i] + 1);
        else if (words[i][0] == '~' && line->subject == NULL)
            line->subject = g_strdup (words[i] + 1);
        else
            g_ptr_array_add (line->references, g_strdup (words[i]));
    }
    line->refs =
        mla_thread_clean_refs (line->id, line->in_reply_to,
                               (const char *const *) line->references->pdata,
                               line->references->len, NULL);
}

static void
count_visit (const MlaThreadNode *node, guint index, gpointer user_data)
{
    guint *visits = user_data;

    (void) node;
    visits[index]++;
}

/* Thread id of each input, as one string. */
static char *
build_and_check (MlaThreadInput *inputs, gsize n)
{
    g_autoptr (MlaThreadForest) forest = mla_thread_forest_build (inputs, n);
    guint n_nodes = mla_thread_forest_get_n_nodes (forest);
    const GArray *roots = mla_thread_forest_get_roots (forest);
    g_autofree guint *visits = g_new0 (guint, MAX (n_nodes, 1));
    GString *ids = g_string_new (NULL);

    for (guint v = 0; v < n_nodes; v++) {
        guint at = v;

        for (guint steps = 0;
             mla_thread_forest_get_node (forest, at)->parent != MLA_THREAD_NONE;
             steps++) {
            if (steps > n_nodes)
                abort (); /* a cycle */
            at = mla_thread_forest_get_node (forest, at)->parent;
        }
        if (at != mla_thread_forest_get_node (forest, v)->root)
            abort ();
    }
    for (guint r = 0; r < roots->len; r++)
        mla_thread_forest_walk (forest, g_array_index (roots, guint, r),
                                count_visit, visits);
    for (guint v = 0; v < n_nodes; v++)
        if (visits[v] != 1)
            abort ();
    for (gsize i = 0; i < n; i++) {
        guint node = mla_thread_forest_node_of_input (forest, (guint) i);

        if (strcmp (mla_thread_forest_get_node (forest, node)->id,
                    inputs[i].id) != 0)
            abort ();
        g_string_append_printf (ids, "%s %s\n", inputs[i].key,
                                mla_thread_forest_get_thread_id (forest, node));
    }
    return g_string_free (ids, FALSE);
}

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
    g_autofree char *text = g_strndup ((const char *) data, size);
    g_auto (GStrv) lines = g_strsplit (text, "\n", 2000);
    guint n = 0;
    Line *parsed;
    MlaThreadInput *inputs;
    g_autofree char *forward = NULL;
    g_autofree char *backward = NULL;

    for (guint i = 0; lines[i] != NULL; i++)
        if (lines[i][0] != '\0' && lines[i][0] != ' ')
            n++;
    parsed = g_new0 (Line, MAX (n, 1));
    inputs = g_new0 (MlaThreadInput, MAX (n, 1));
    n = 0;
    for (guint i = 0; lines[i] != NULL; i++) {
        if (lines[i][0] == '\0' || lines[i][0] == ' ')
            continue;
        parse_line (lines[i], &parsed[n]);
        inputs[n].id = parsed[n].id;
        /* Distinct keys: line numbers, so equal ids are still two messages. */
        inputs[n].key = g_strdup_printf ("%08u", n);
        inputs[n].refs = (const char *const *) parsed[n].refs->pdata;
        inputs[n].n_refs = parsed[n].refs->len;
        inputs[n].subject = parsed[n].subject;
        inputs[n].reply_subject =
            parsed[n].subject != NULL && parsed[n].subject[0] == 'R';
        inputs[n].date = (gint64) (g_str_hash (parsed[n].id) % 100) * 86400;
        n++;
    }
    forward = build_and_check (inputs, n);
    /* Rule 9: the same messages in the opposite order give the same threads. */
    for (guint i = 0; i < n / 2; i++) {
        MlaThreadInput swap = inputs[i];

        inputs[i] = inputs[n - 1 - i];
        inputs[n - 1 - i] = swap;
    }
    backward = build_and_check (inputs, n);
    {
        g_auto (GStrv) a = g_strsplit (forward, "\n", -1);
        g_auto (GStrv) b = g_strsplit (backward, "\n", -1);
        guint len = g_strv_length (a);

        for (guint i = 0; i + 1 < len; i++)
            if (strcmp (a[i], b[len - 2 - i]) != 0)
                abort ();
    }
    for (guint i = 0; i < n; i++) {
        g_free ((char *) inputs[i].key);
        line_clear (&parsed[i]);
    }
    g_free (parsed);
    g_free (inputs);
    return 0;
}
