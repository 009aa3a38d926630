/* mla-overview-probe-private.h: indexed look-ups for a site update that
 * reads only the rows its pages show (lib/site/mla-site-partial.c), and
 * the subset of threads it loads. Each look-up reads a few rows through
 * an index, never the whole archive; only threaded rows count (an import
 * threads its rows in the transaction that adds them). "Published" is a
 * row without X-No-Archive; "activity" is mla_thread_activity() of its
 * date. Entries returned one by one are MlaOverviewEntry blocks for
 * g_free() (strings included). Owned by the overview. */
#pragma once
#include "mla-overview.h"

G_BEGIN_DECLS

typedef enum {
    MLA_OVERVIEW_NAMES_RECORDED,  /* any recorded name */
    MLA_OVERVIEW_NAMES_PUBLISHED, /* the name of a published message */
} MlaOverviewNames;

/* The rows numbered above @row, in order.
 * Returns: (transfer full) (nullable): MlaOverviewEntry *. */
GPtrArray *mla_overview_get_rows_after (MlaOverview *overview, gint64 row,
                                        GError **error);
/* The rows with Message-ID @id, in order.
 * Returns: (transfer full) (nullable): MlaOverviewEntry *. */
GPtrArray *mla_overview_get_rows_with_id (MlaOverview *overview, const char *id,
                                          GError **error);
/* The published rows just before and just after (@activity, @row) in
 * the order of activity, then row; each NULL when there is none. */
gboolean mla_overview_get_date_neighbours (MlaOverview *overview,
                                           gint64 activity, gint64 row,
                                           MlaOverviewEntry **out_before,
                                           MlaOverviewEntry **out_after,
                                           GError **error);
/* The @limit newest published rows, newest first.
 * Returns: (transfer full) (nullable): MlaOverviewEntry *. */
GPtrArray *mla_overview_get_newest (MlaOverview *overview, guint limit,
                                    GError **error);
/* The ids of the threads re-threading stored (changed, or new) since
 * the highest message row was @after.
 * Returns: (transfer full) (nullable): char *. */
GPtrArray *mla_overview_get_changed_threads (MlaOverview *overview,
                                             gint64 after, GError **error);
/* The ids of the @limit threads with a published message that were
 * active last, newest first (as mla_thread_forest_get_roots() orders).
 * Returns: (transfer full) (nullable): char *. */
GPtrArray *mla_overview_get_newest_threads (MlaOverview *overview, guint limit,
                                            GError **error);
/* The published rows dated in [@from, @to), in row order.
 * Returns: (transfer full) (nullable): MlaOverviewEntry *. */
GPtrArray *mla_overview_get_dated (MlaOverview *overview, gint64 from,
                                   gint64 to, GError **error);
/* Of the published rows dated in [@from, @to), those that are the first
 * published row with their Message-ID (each has a page on a site), in
 * row order. Returns: (transfer full) (nullable): MlaOverviewEntry *. */
GPtrArray *mla_overview_get_pages (MlaOverview *overview, gint64 from,
                                   gint64 to, GError **error);
/* How many threads have a message not withheld; -1 on an error. */
gint64 mla_overview_count_shown_threads (MlaOverview *overview, GError **error);
/* How many rows carry List-Id @list_id; -1 on an error. */
gint64 mla_overview_count_list_id (MlaOverview *overview, const char *list_id,
                                   GError **error);
/* The date of the first row, 0 when there is none. */
gboolean mla_overview_get_first_date (MlaOverview *overview, gint64 *out_date,
                                      GError **error);
/* The site name recorded for Message-ID @id, NULL in @out_name when none. */
gboolean mla_overview_get_site_name (MlaOverview *overview, const char *id,
                                     char **out_name, GError **error);
/* Whether a recorded name (@which) has the key @key
 * (mla_folder_name_key()). */
gboolean mla_overview_has_name_key (MlaOverview *overview, const char *key,
                                    MlaOverviewNames which, gboolean *out_found,
                                    GError **error);
/* Whether a threaded row names @id in its parent chain. */
gboolean mla_overview_is_named (MlaOverview *overview, const char *id,
                                gboolean *out_named, GError **error);

/* The rows that hold an agenda, in order.
 * Returns: (transfer full) (nullable): gint64. */
GArray *mla_overview_get_agenda_rows (MlaOverview *overview, GError **error);

/* The rows of the threads @thread_ids, threaded among themselves, then
 * the rows @lone_rows (gint64) not among them, unthreaded: entries from
 * mla_overview_threads_get_n_inputs() on. NULL without an error when the
 * threads hold more than @max_rows rows. @out_exact: every row threads
 * as the overview stored it (thread, parent, subject match), which holds
 * when the threads are closed (no link runs to a row left out).
 * Returns: (transfer full) (nullable). */
MlaOverviewThreads *mla_overview_load_subset (MlaOverview *overview,
                                              GPtrArray *thread_ids,
                                              GArray *lone_rows, guint max_rows,
                                              gboolean *out_exact,
                                              GError **error);
/* How many entries of @threads are threaded (the forest's inputs): all
 * but a subset's lone rows. */
guint mla_overview_threads_get_n_inputs (MlaOverviewThreads *threads);

G_END_DECLS
