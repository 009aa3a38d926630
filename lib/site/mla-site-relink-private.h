/* mla-site-relink-private.h: the timetables' links in an update that
 * reads part of the archive (mla-site-partial.c). Each build records
 * every slot's link: the thread and how like the slot's title it is. An
 * update finds the agendas whose links the threads it changed may move,
 * has the threads those agendas link loaded too, and links them again
 * among the loaded threads, which then decide as the whole archive
 * would: every thread it did not load is less like each slot's title
 * than the thread linked, or as like and older. Owned by the site layer. */
#pragma once
#include <glib.h>
#include "mla-site-private.h"
#include "mla-site-state-private.h"

G_BEGIN_DECLS

typedef struct {
    guint8 *which;       /* per agenda of the site: link it again */
    GPtrArray *missing;  /* char *: the threads those agendas link, not
                          * loaded */
    const char *reason;  /* why the update cannot decide the links, or
                          * NULL */
    GPtrArray *recorded; /* per agenda of the site: a GPtrArray of the
                          * const MlaSiteLinkCount * the build before
                          * recorded for it */
} MlaSiteRelink;

void mla_site_relink_clear (MlaSiteRelink *relink);

/* Into @out: the agendas of @site whose slots' links the threads
 * @changed_roots (roots of @site, changed since the build @before
 * recorded) may move, or show renamed. */
gboolean mla_site_relink_plan (MlaSite *site, const MlaSiteMark *before,
                               GArray *changed_roots, MlaSiteRelink *out,
                               GError **error);

/* Links again the agendas @relink marks (every thread they link loaded).
 * Sets *@out_reason when a slot then links a thread neither recorded
 * nor among @changed_roots, which only a stale record would do. */
gboolean mla_site_relink (MlaSite *site, GArray *changed_roots,
                          const MlaSiteRelink *relink, const char **out_reason,
                          GError **error);

/* What the next update needs to know of the timetables' links: those of
 * @site's agendas it linked, @before's for the others (when @site holds
 * part of the archive). Returns: (transfer full) (nullable): NULL when
 * @before recorded none and some agenda was not linked again;
 * MlaSiteLinkCount. */
GArray *mla_site_partial_links (MlaSite *site, const MlaSiteMark *before);

G_END_DECLS
