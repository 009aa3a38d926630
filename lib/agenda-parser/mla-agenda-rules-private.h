/* mla-agenda-rules-private.h: the rule engine of the agenda parser. Owns
 * the rule table (named patterns over the vocabulary, each with its
 * handler; the slot rules are in mla-agenda-slots-private.h) and the text
 * rule that gives a slot its continuation lines. The compiled rules live
 * in MlaAgendaParser.rules, looked up by name with mla_agenda_rule()
 * (mla-agenda-vocabulary-private.h). Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda.h"
#include "mla-agenda-rules.h"
#include "mla-agenda-builder-private.h"

G_BEGIN_DECLS

typedef gboolean (*MlaAgendaRuleFunc) (MlaAgendaBuilder *builder,
                                       GMatchInfo *match);

/* A cheap test of a line that holds for every line the rule's pattern
 * matches, so that the pattern runs on fewer lines. */
typedef gboolean (*MlaAgendaRuleGuard) (const char *text);

typedef struct {
    const char *name;
    const char *pattern;       /* @NAME@ placeholders expand to vocabulary */
    MlaAgendaRuleFunc handler; /* FALSE: declines; the next rule is tried */
    gboolean
        needs_digit; /* a time's rule: not tried on a line without a digit */
    MlaAgendaRuleGuard guard; /* nullable: tried on every line */
} MlaAgendaRule;

/* mla_agenda_parser_parse() for a @text that passed mla_agenda_may_hold():
 * the message path tests it before it makes the mail's local date.
 * @subject (nullable) is the mail's: it may say what the times are
 * ("On-call rota, week 47"). */
GPtrArray *mla_agenda_parse_candidate (MlaAgendaParser *parser,
                                       const char *text, const char *subject,
                                       GDateTime *reference);

/* Classifies the builder's current line: the first rule whose pattern
 * matches and whose handler accepts it wins. */
void mla_agenda_classify_line (MlaAgendaBuilder *b);

/* Whether the guard of the rule @name lets @text through to its pattern
 * (TRUE for a rule without one). A guard must hold for every text its
 * pattern matches; the tests check it on lines of the corpora. */
gboolean mla_agenda_rule_may_match (const char *name, const char *text);

G_END_DECLS
