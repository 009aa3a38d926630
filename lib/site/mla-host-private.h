/* mla-host-private.h: what mla-host.c hands to the host's page models
 * (mla-host-model.c): the lists, and who has a Message-ID. */
#pragma once
#include "mla-host.h"
#include "mla-site-private.h"

G_BEGIN_DECLS

/* A list of the host, as its front page and lookups show it. */
typedef struct MlaHostList {
    char *path;       /* the archive folder */
    char *name;       /* its folder under the host */
    char *list_id;    /* nullable: the List-Id most of its messages carry */
    char *generation; /* its overview's, once its site is built */
    char *indexes;    /* nullable: its site's search bundles
                       * (MLA_SITE_SEARCH_INDEXES), when it has search */
    guint64 messages; /* published */
    gint64 last;      /* its newest activity, UTC seconds; 0: none */
    MlaArchive *archive;
    MlaOverview *overview;
} MlaHostList;

/* A list that has a Message-ID: its index among the lists, and the
 * message's folder under that list's m/. */
typedef struct MlaHostFound {
    guint list;
    char *folder;
} MlaHostFound;

/* Page models (doc/site-models.md, "A host of lists"). @lists:
 * MlaHostList *, in the order given; @search: the host has a search
 * page. Each returns: (transfer full). */
/* The front page; @example (nullable) a Message-ID to show. */
xmlDoc *mla_host_model_lists (const char *title, gboolean search,
                              GPtrArray *lists, const char *example);
/* r/ID/index.html for @message_id, in each list of @found
 * (MlaHostFound *). */
xmlDoc *mla_host_model_lookup (const char *title, gboolean search,
                               GPtrArray *lists, const char *message_id,
                               GPtrArray *found);
/* The search page across the lists that have search. */
xmlDoc *mla_host_model_search (const char *title, GPtrArray *lists);

G_END_DECLS
