/* mla-lock-private.h: an exclusive lock on a file (flock), waited for
 * with a deadline and a cancellable: the archive's writer locks. */
#pragma once
#include <gio/gio.h>

G_BEGIN_DECLS

/* A wait without a deadline. */
#define MLA_LOCK_WAIT_FOREVER G_MAXUINT

/* Locks @path (made when missing), waiting @wait_ms milliseconds at most
 * (0: not at all) unless @cancellable (nullable) is cancelled first.
 * Returns the lock's fd, for mla_lock_release(), or -1 with @error set:
 * MLA_ERROR_LOCKED when the wait ran out ("@owner: another mlarc is
 * writing to it"), MLA_ERROR_TEMPORARY when it was cancelled. */
int mla_lock_acquire (const char *path, const char *owner, guint wait_ms,
                      GCancellable *cancellable, GError **error);
/* Releases a lock from mla_lock_acquire(); -1 is no lock. */
void mla_lock_release (int fd);

G_END_DECLS
