/* mla-subject.h: what a Subject says once the mail's decorations are off.
 * Threading compares subjects and agendas take their title from one; both
 * strip the same prefixes here. */
#pragma once
#include <glib.h>
#include "mla-api.h"

G_BEGIN_DECLS

/* "Re: [Ksummit-2004-discuss] Kernel Summit Agenda" -> "Kernel Summit
 * Agenda": reply and forward prefixes ("Re:", "Fwd:", "Fw:", "Re[2]:",
 * "Re^2:", any case) and "[list-tag]"s are removed, with surrounding
 * white space (Unicode: mail has no-break spaces). Case is kept.
 * Returns: (transfer full) (nullable): NULL when nothing is left. */
MLA_API char *mla_subject_strip (const char *subject);

/* mla_subject_strip(), then runs of white space made one space and the
 * text case-folded: the key under which two subjects are "the same".
 * Returns: (transfer full) (nullable): NULL when nothing is left. */
MLA_API char *mla_subject_normalise (const char *subject);

/* TRUE when @subject (nullable) starts, after any "[list-tag]", with a
 * reply prefix ("Re:", "Re[2]:"): the sender's client meant a reply. */
MLA_API gboolean mla_subject_is_reply (const char *subject);

G_END_DECLS
