/* mla-agenda-vocabulary-private.h: the agenda parser's words. This module
 * owns MlaAgendaParser: the word tables and the patterns that
 * mla_agenda_parser_new() builds once from data/agenda-vocabulary.ini,
 * and the line rules' patterns, which the rule engine compiles when the
 * vocabulary calls it back. The other agenda modules read them and never
 * change them. Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda-patterns-private.h"

G_BEGIN_DECLS

/* MlaAgendaParser itself: mla-agenda-patterns-private.h. */

/* Whether the parser's traces are read (G_MESSAGES_DEBUG=mlarc). */
gboolean mla_agenda_tracing (void);

/* A trace of the parser (g_debug): GLib 2.74's g_logv formats the
 * message before it drops it, 0.3 us a call, and a programme's parse
 * writes one a line; so a trace is formatted only when it is read. */
#define MLA_AGENDA_TRACE(...)                                                  \
    G_STMT_START                                                               \
    {                                                                          \
        if (G_UNLIKELY (mla_agenda_tracing ()))                                \
            g_debug (__VA_ARGS__);                                             \
    }                                                                          \
    G_STMT_END

/* Returns: (transfer full): @text case-folded, without spaces: the key of
 * the word tables ("Session chair" -> "sessionchair"). */
char *mla_agenda_fold_compact (const char *text);

/* Whether @word (case-folded) is in @table; @value (nullable, out) gets
 * its value. */
gboolean mla_agenda_word_is (GHashTable *table, const char *word, int *value);

/* Compiles @pattern for @parser (@flags, and G_REGEX_OPTIMIZE when the
 * parser is made for many texts). Returns: (transfer full) (nullable):
 * NULL with @error set, naming the pattern. */
GRegex *mla_agenda_compile (MlaAgendaParser *parser, const char *pattern,
                            GRegexCompileFlags flags, GError **error);

/* Returns: (transfer full): @pattern with every "@NAME@" key of
 * @placeholders replaced by its value. */
char *mla_agenda_expand (const char *pattern, GHashTable *placeholders);

/* Compiles the patterns of the line rules (mla-agenda-rules.c) with the
 * vocabulary's @placeholders into @parser->rules: the rule engine sits
 * above the words, so the vocabulary calls it back while it loads. */
typedef gboolean (*MlaAgendaRulesCompileFunc) (MlaAgendaParser *parser,
                                               GHashTable *placeholders,
                                               GError **error);

/* Loads the vocabulary from @vocabulary_path, or the built-in one when
 * NULL, compiles its patterns (as @flags say), then the rules' with
 * @compile_rules.
 * Returns: (transfer full) (nullable): NULL with @error set when the
 * vocabulary file is unreadable or invalid. */
MlaAgendaParser *mla_agenda_vocabulary_load (
    const char *vocabulary_path, MlaAgendaParserFlags flags,
    MlaAgendaRulesCompileFunc compile_rules, GError **error);

/* Returns: (transfer none): the compiled pattern of the line rule @name
 * (a rule of mla-agenda-rules.c's table: "slot-time", "person-label"). */
GRegex *mla_agenda_rule (MlaAgendaParser *parser, const char *name);

/* Returns: the kind of a slot titled @title (nullable): a break, a meal, a
 * social, by the first kind word in it, else a session. */
MlaSlotKind mla_agenda_parser_kind (MlaAgendaParser *parser, const char *title);

/* The built-in vocabulary's [links] stop-words, case-folded, as a set
 * (g_hash_table_contains). Returns: (transfer full) (nullable). */
GHashTable *mla_agenda_stop_words_new (GError **error);

G_END_DECLS
