/* mla-site-scope-private.h: what an update of a site must visit. When
 * the archive only grew since the last build (the same overview epoch and
 * options, no thread merged, no message withheld or removed), the pages
 * whose sources can have changed are known from the new messages alone:
 * the threads they joined (and those of any message sharing an id with
 * them), every message of those threads, the new messages' neighbours by
 * date, and the months those threads are active in, with the months
 * around each new message's. Every other page stays as the last build
 * left it, unvisited (mla_site_files_keep_rest()). Owned by the site
 * layer; reads only the MlaSite the build loaded. */
#pragma once
#include <glib.h>
#include "mla-site-private.h"
#include "mla-site-state-private.h"

G_BEGIN_DECLS

typedef struct MlaSiteScope {
    GArray *months;    /* guint: indexes into site->months, ascending */
    GArray *roots;     /* guint: thread roots, in site->roots' order */
    GArray *entries;   /* guint: published entries, ascending */
    guint8 *is_new;    /* per entry: its row is above the mark's */
    GPtrArray *remake; /* char *: folders (ending in '/') to make again
                        * whatever their signatures say */
    gboolean partial;  /* the site holds part of the archive
                        * (mla-site-partial.c) */
    gboolean missed;   /* partial, and mla_site_scope_remake() found an
                        * old message to visit: the update must read
                        * everything */
} MlaSiteScope;

/* What every page of @site shows of it that no option fixes, as a hex
 * SHA-256 (into @out): its title, chosen from the List-Id most of its
 * messages carry, and its feeds' tag. New mail can change them (another
 * list's mail outnumbering), and then every page changes. */
void mla_site_identity (MlaSite *site, char out[65]);

/* The highest overview row of @site's entries (0 when none). */
guint64 mla_site_max_row (MlaSite *site);

/* What an update of @site must visit since the build recorded in @before
 * (nullable: none), which counted @aliases thread aliases then as now
 * @n_aliases, and had the identity @site has now; @stored (char *: thread
 * ids) the threads re-threading stored since, changed even without a new
 * message (one lost to another by its subject). Returns: (transfer
 * full) (nullable): NULL when the last build cannot be trusted to hold
 * the rest (then everything is visited). */
MlaSiteScope *mla_site_scope_new (MlaSite *site, const MlaSiteMark *before,
                                  guint64 n_aliases, GPtrArray *stored);
/* Under --addresses hide, the mask shows as it is an id in a text when
 * it is a message's or a placeholder's. The folders to make again,
 * whatever their signatures say (which cannot see this), since the build
 * recorded in @before (nullable: none): those of the old messages whose
 * text names what the new ones made kept (their ids and folder names,
 * the placeholders above them), found in the full-text index, with their
 * threads' and months'. When @scope (nullable) is given, those messages,
 * threads and months are added to what it visits. Returns: (transfer
 * full) (nullable): char * folders ending in '/'; NULL when a look-up
 * failed. */
GPtrArray *mla_site_scope_remake (MlaSiteScope *scope, MlaSite *site,
                                  const MlaSiteMark *before, GError **error);

void mla_site_scope_free (MlaSiteScope *scope);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaSiteScope, mla_site_scope_free)

G_END_DECLS
