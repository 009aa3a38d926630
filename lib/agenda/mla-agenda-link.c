/* mla-agenda-link.c: slots and the threads that discussed them, matched
 * by the words of the slot's title and of the thread's subject. */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <string.h>
#include "mla-agenda-link-private.h"
#include "mla-subject.h"

static int
compare_words (gconstpointer a, gconstpointer b)
{
    return strcmp (*(char *const *) a, *(char *const *) b);
}

char **
mla_agenda_link_words (const char *text, GHashTable *stop_words)
{
    g_autofree char *key = mla_subject_normalise (text);
    GPtrArray *words = g_ptr_array_new ();
    const char *p = key;

    while (p != NULL && *p != '\0') {
        const char *start;

        while (*p != '\0' && !g_unichar_isalnum (g_utf8_get_char (p)))
            p = g_utf8_next_char (p);
        start = p;
        while (*p != '\0' && g_unichar_isalnum (g_utf8_get_char (p)))
            p = g_utf8_next_char (p);
        if (p != start) {
            char *word = g_strndup (start, (gsize) (p - start));

            if (g_utf8_strlen (word, -1) < 2 ||
                (stop_words != NULL &&
                 g_hash_table_contains (stop_words, word)) ||
                g_ptr_array_find_with_equal_func (words, word, g_str_equal,
                                                  NULL))
                g_free (word);
            else
                g_ptr_array_add (words, word);
        }
    }
    g_ptr_array_sort (words, compare_words);
    g_ptr_array_add (words, NULL);
    return (char **) g_ptr_array_free (words, FALSE);
}

double
mla_agenda_link_similarity (char **a, char **b)
{
    guint na = g_strv_length (a), nb = g_strv_length (b), shared = 0;

    if (na == 0 || nb == 0)
        return 0;
    /* Both sorted: one merge. */
    for (guint i = 0, j = 0; i < na && j < nb;) {
        int order = strcmp (a[i], b[j]);

        shared += order == 0;
        i += order <= 0;
        j += order >= 0;
    }
    return 2.0 * shared / (na + nb);
}

typedef struct {
    guint id;
    char *subject;
    char **words;
    guint n_words; /* counted once: a match reads it for every thread that
                    * shares a word with the title */
} Thread;

struct MlaAgendaLinker {
    GHashTable *stop_words;
    GArray *threads;     /* Thread */
    GHashTable *by_word; /* word -> GArray of guint thread indexes: only
                          * threads that share a word are scored */
    GArray *shared;      /* guint per thread: words shared with the
                          * title being matched (zero between matches) */
};

static void
thread_clear (gpointer data)
{
    Thread *thread = data;

    g_free (thread->subject);
    g_strfreev (thread->words);
}

MlaAgendaLinker *
mla_agenda_linker_new (GHashTable *stop_words)
{
    MlaAgendaLinker *linker = g_new0 (MlaAgendaLinker, 1);

    linker->stop_words = stop_words;
    linker->threads = g_array_new (FALSE, FALSE, sizeof (Thread));
    g_array_set_clear_func (linker->threads, thread_clear);
    linker->by_word = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                             (GDestroyNotify) g_array_unref);
    linker->shared = g_array_new (FALSE, TRUE, sizeof (guint));
    return linker;
}

void
mla_agenda_linker_free (MlaAgendaLinker *linker)
{
    if (linker == NULL)
        return;
    g_clear_pointer (&linker->threads, g_array_unref);
    g_clear_pointer (&linker->by_word, g_hash_table_unref);
    g_clear_pointer (&linker->shared, g_array_unref);
    g_free (linker);
}

/* The topic of a subject written "Topic: detail" or "Topic — detail" (the
 * sample's "Hot-plug memory session — what we need decided"): the words
 * after the separator say what the thread asks, not what it is about, and
 * would dilute the score of the slot it discusses. NULL without one. */
static char *
subject_head (const char *subject)
{
    static const char *const separators[] = { " \u2014 ", " \u2013 ", " - ",
                                              ": " };
    g_autofree char *key = mla_subject_normalise (subject);
    const char *cut = NULL;

    for (guint i = 0; key != NULL && i < G_N_ELEMENTS (separators); i++) {
        const char *at = strstr (key, separators[i]);

        if (at != NULL && at != key && (cut == NULL || at < cut))
            cut = at;
    }
    return cut != NULL ? g_strndup (key, (gsize) (cut - key)) : NULL;
}

static void
linker_add_words (MlaAgendaLinker *linker, guint id, const char *subject,
                  char **words)
{
    Thread thread = { id, g_strdup (subject), words, g_strv_length (words) };
    guint index = linker->threads->len;

    g_array_append_val (linker->threads, thread);
    g_array_set_size (linker->shared, linker->threads->len);
    for (guint i = 0; thread.words[i] != NULL; i++) {
        GArray *list = g_hash_table_lookup (linker->by_word, thread.words[i]);

        if (list == NULL) {
            list = g_array_new (FALSE, FALSE, sizeof (guint));
            g_hash_table_insert (linker->by_word, g_strdup (thread.words[i]),
                                 list);
        }
        g_array_append_val (list, index);
    }
}

void
mla_agenda_linker_add (MlaAgendaLinker *linker, guint id, const char *subject)
{
    g_autofree char *head = subject_head (subject);

    linker_add_words (linker, id, subject,
                      mla_agenda_link_words (subject, linker->stop_words));
    /* The topic alone is a second candidate of the same thread: a slot
     * scores against whichever of the two fits it better. */
    if (head != NULL) {
        char **words = mla_agenda_link_words (head, linker->stop_words);

        if (words[0] != NULL)
            linker_add_words (linker, id, subject, words);
        else
            g_strfreev (words);
    }
}

guint
mla_agenda_linker_match (MlaAgendaLinker *linker, const char *title,
                         const guint *except, guint n_except, double *out_score)
{
    g_auto (GStrv) words = mla_agenda_link_words (title, linker->stop_words);
    g_autoptr (GArray) touched = g_array_new (FALSE, FALSE, sizeof (guint));
    guint n_words = g_strv_length (words);
    const Thread *best = NULL;
    guint best_index = G_MAXUINT;
    double best_score = 0;

    for (guint w = 0; w < n_words; w++) {
        GArray *list = g_hash_table_lookup (linker->by_word, words[w]);

        for (guint k = 0; list != NULL && k < list->len; k++) {
            guint t = g_array_index (list, guint, k);

            if (g_array_index (linker->shared, guint, t)++ == 0)
                g_array_append_val (touched, t);
        }
    }
    /* Dice's coefficient from the shared counts, as
     * mla_agenda_link_similarity() computes it. */
    for (guint k = 0; k < touched->len; k++) {
        guint t = g_array_index (touched, guint, k);
        const Thread *thread = &g_array_index (linker->threads, Thread, t);
        double score = 2.0 * g_array_index (linker->shared, guint, t) /
                       (n_words + thread->n_words);
        gboolean excepted = FALSE;

        g_array_index (linker->shared, guint, t) = 0;
        for (guint e = 0; e < n_except && !excepted; e++)
            excepted = except[e] == thread->id;
        if (excepted)
            continue;
        if (score > best_score || (score == best_score && t < best_index)) {
            best = thread;
            best_index = t;
            best_score = score;
        }
    }
    if (out_score != NULL)
        *out_score = best_score;
    /* The best candidate, linked or not, for measuring the threshold
     * (doc/design.md): G_MESSAGES_DEBUG=mlarc shows it. */
    if (best != NULL)
        g_debug ("agenda link: %.3f \"%s\" -> \"%s\"%s", best_score, title,
                 best->subject,
                 best_score >= MLA_AGENDA_LINK_THRESHOLD ? " (linked)" : "");
    return best != NULL && best_score >= MLA_AGENDA_LINK_THRESHOLD ? best->id
                                                                   : G_MAXUINT;
}
