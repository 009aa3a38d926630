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

G_END_DECLS
