/* mla-agenda-link-private.h: which thread a slot of an agenda is about:
 * the slot's title against thread subjects, as sets of words (Dice's
 * coefficient). Plain strings in, indexes out; doc/design.md ("Slots and
 * their threads") gives the threshold and how it was measured. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

/* A slot links to a thread when their similarity reaches this. */
#define MLA_AGENDA_LINK_THRESHOLD 0.7

/* The words of @text that say what it is about: the Subject's prefixes
 * and list tags stripped (mla_subject_normalise()), split at every
 * character that is not a letter or digit, without @stop_words (a set of
 * case-folded words) and one-letter words, each once, sorted.
 * Returns: (transfer full): a NULL-terminated array, maybe empty. */
char **mla_agenda_link_words (const char *text, GHashTable *stop_words);

/* Dice's coefficient of two word arrays from mla_agenda_link_words():
 * twice the shared words over the words of both; 0 when either is empty. */
double mla_agenda_link_similarity (char **a, char **b);

typedef struct MlaAgendaLinker MlaAgendaLinker;

/* @stop_words is borrowed and must outlive the linker. Returns: (transfer
 * full). */
MlaAgendaLinker *mla_agenda_linker_new (GHashTable *stop_words);
void mla_agenda_linker_free (MlaAgendaLinker *linker);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaAgendaLinker, mla_agenda_linker_free)

/* Adds thread @id (the caller's number for it) with @subject. */
void mla_agenda_linker_add (MlaAgendaLinker *linker, guint id,
                            const char *subject);

/* The thread most similar to @title, other than the @n_except ids of
 * @except (nullable when 0); ties go to the thread added first.
 * @out_score (nullable) gets its similarity. Returns: its id, or
 * G_MAXUINT when no thread reaches MLA_AGENDA_LINK_THRESHOLD. */
guint mla_agenda_linker_match (MlaAgendaLinker *linker, const char *title,
                               const guint *except, guint n_except,
                               double *out_score);

G_END_DECLS
