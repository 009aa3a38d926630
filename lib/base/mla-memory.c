/* mla-memory.c: see mla-memory-private.h. The allocator is looked up at
 * run time: the library is the same whether the program links jemalloc
 * or not (tests, sanitizer builds and other programs use the C
 * library's malloc). A jemalloc linked statically, without its symbols
 * exported, is not found: then this does nothing. */
#include "config.h"
#include <gmodule.h>
#ifdef HAVE_MALLOC_TRIM
#include <malloc.h>
#endif
#include "mla-memory-private.h"

typedef int (*MallctlFunc) (const char *name, void *oldp, size_t *oldlenp,
                            void *newp, size_t newlen);

static gpointer
find_mallctl (gpointer unused)
{
    GModule *self = g_module_open (NULL, G_MODULE_BIND_LAZY);
    gpointer symbol = NULL;

    (void) unused;
    if (self != NULL && !g_module_symbol (self, "mallctl", &symbol))
        symbol = NULL;
    /* The program's own handle: closing it unloads nothing. */
    g_clear_pointer (&self, g_module_close);
    return symbol;
}

void
mla_memory_release (void)
{
    static GOnce once = G_ONCE_INIT;
    MallctlFunc mallctl = (MallctlFunc) g_once (&once, find_mallctl, NULL);

    /* 4096 is MALLCTL_ARENAS_ALL: every arena. */
    if (mallctl != NULL &&
        mallctl ("arena.4096.purge", NULL, NULL, NULL, 0) == 0)
        return;
#ifdef HAVE_MALLOC_TRIM
    malloc_trim (0);
#endif
}

struct MlaMemoryBudget {
    GMutex lock;
    GCond freed;
    guint64 total;
    guint64 free;
};

MlaMemoryBudget *
mla_memory_budget_new (guint64 total)
{
    MlaMemoryBudget *budget = g_new0 (MlaMemoryBudget, 1);

    g_mutex_init (&budget->lock);
    g_cond_init (&budget->freed);
    budget->total = total;
    budget->free = total;
    return budget;
}

void
mla_memory_budget_free (MlaMemoryBudget *budget)
{
    if (budget == NULL)
        return;
    g_mutex_clear (&budget->lock);
    g_cond_clear (&budget->freed);
    g_free (budget);
}

guint64
mla_memory_budget_get_total (const MlaMemoryBudget *budget)
{
    return budget->total;
}

gboolean
mla_memory_budget_take (MlaMemoryBudget *budget, guint64 cost)
{
    if (cost > budget->total)
        return FALSE;
    g_mutex_lock (&budget->lock);
    while (budget->free < cost)
        g_cond_wait (&budget->freed, &budget->lock);
    budget->free -= cost;
    g_mutex_unlock (&budget->lock);
    return TRUE;
}

void
mla_memory_budget_give (MlaMemoryBudget *budget, guint64 cost)
{
    g_mutex_lock (&budget->lock);
    budget->free += cost;
    g_cond_broadcast (&budget->freed);
    g_mutex_unlock (&budget->lock);
}
