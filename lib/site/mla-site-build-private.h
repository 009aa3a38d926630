/* mla-site-build-private.h: what the makers of a site's pages share
 * during one build. mla-site.c owns the build (which pages, the pool of
 * threads); mla-site-message.c makes the message pages, raw.txt and the
 * downloads. */
#pragma once
#include "mla-memory-private.h"
#include "mla-site-files-private.h"
#include "mla-site-private.h"
#include "mla-site-scope-private.h"

G_BEGIN_DECLS

typedef struct MlaSiteBuild {
    MlaSite *site;
    MlaSiteRender *render;
    MlaSiteFiles *files;
    MlaSiteProgress progress;
    gint done;                 /* pages made, updated atomically */
    GMutex lock;               /* guards error and progress reports */
    GError *error;             /* the first failure of a worker */
    MlaMemoryBudget *budget;   /* shared by the workers' parses */
    const MlaSiteScope *scope; /* nullable: every page is visited */
} MlaSiteBuild;

/* The signature of a page: the theme, the options that change pages, and
 * the parts (NULL-terminated) that stand for what the page shows.
 * Returns: (transfer full). */
char *mla_site_build_signature (MlaSiteBuild *build, const char *first,
                                ...) G_GNUC_NULL_TERMINATED;
/* Hands the text file @path to the files module: under the "hide"
 * address policy with every address masked. */
gboolean mla_site_build_put_text (MlaSiteBuild *build, const char *path,
                                  const void *data, gsize size, GError **error);
/* Renders @model (taken; NULL: a failure already in @error) as @path. */
gboolean mla_site_build_put_page (MlaSiteBuild *build, xmlDoc *model,
                                  const char *path, GError **error);

/* The page of message @entry (one per Message-ID, for its first
 * published message), its raw.txt, and the downloads of every published
 * message with its id, each made when its signature changed. */
gboolean mla_site_put_message (MlaSiteBuild *build, guint entry,
                               GError **error);

G_END_DECLS
