/* mla-memory-private.h: giving freed memory back to the system between
 * phases. Owns nothing but the choice of call: jemalloc (which the mlarc
 * program links) keeps freed pages for seconds before it returns them,
 * so a phase that frees a large table and then builds another would
 * count both in the peak. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

/* Returns the pages of freed memory to the system now: through jemalloc's
 * mallctl() when the process has it, else glibc's malloc_trim(). Costs a
 * walk over the allocator's arenas: for phase boundaries, not loops. */
void mla_memory_release (void);

/* Memory shared by threads that parse at once: each takes its share
 * (an estimate, in bytes) before it parses and gives it back after,
 * waiting meanwhile rather than going past the total. Thread-safe. */
typedef struct MlaMemoryBudget MlaMemoryBudget;

/* Returns: (transfer full): a budget of @total bytes, all free. */
MlaMemoryBudget *mla_memory_budget_new (guint64 total);
void mla_memory_budget_free (MlaMemoryBudget *budget);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaMemoryBudget, mla_memory_budget_free)
guint64 mla_memory_budget_get_total (const MlaMemoryBudget *budget);

/* Waits until @cost bytes are free and takes them; FALSE at once, taking
 * nothing, when @cost is over the total. */
gboolean mla_memory_budget_take (MlaMemoryBudget *budget, guint64 cost);
/* Gives back @cost bytes taken by mla_memory_budget_take(). */
void mla_memory_budget_give (MlaMemoryBudget *budget, guint64 cost);

G_END_DECLS
