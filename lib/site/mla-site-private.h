/* mla-site-private.h: what the site's modules share: the archive as the
 * site sees it (published messages, their folders, months, threads), the
 * page-model builders (mla-site-model.c, libxml2 trees), and the renderer
 * (mla-site-render.c, libxslt). */
#pragma once
#include <libxml/tree.h>
#include "mla-agenda.h"
#include "mla-agenda-revision-private.h"
#include "mla-address-mask.h"
#include "mla-overview.h"
#include "mla-site.h"

G_BEGIN_DECLS

typedef struct MlaSiteMonth MlaSiteMonth;

struct MlaSiteMonth {
    int year;
    int month;
    char *path;               /* "2004/07" */
    GArray *entries;          /* guint entry indexes, by date */
    GArray *roots;            /* guint root nodes of the threads active in it */
    GHashTable *counts;       /* root node + 1 -> its messages in the month */
    const MlaSiteMonth *prev; /* nullable: the month before it with mail */
    const MlaSiteMonth *next; /* nullable: the month after it with mail */
    guint n_messages;         /* its published messages and threads: what */
    guint n_threads;          /* the home page and the search count */
};

/* A thread as the site shows it, worked out once per build. */
typedef struct MlaSiteThread {
    GArray *nodes;   /* guint: shown nodes (published messages,
                      * placeholders), tree order */
    GArray *loose;   /* gboolean per shown node: inside a subject match */
    GArray *order;   /* guint: published entries, replies in tree
                      * order, then the subject matches */
    guint n_replies; /* order[0..n_replies) are the replies */
    GPtrArray *participants; /* const char *: the first authors (at most 6) */
    char *version;           /* a digest of everything its pages show but the
                              * bodies (which never change for a message) */
} MlaSiteThread;

/* An agenda found in a published message. */
typedef struct MlaSiteAgenda {
    guint entry;
    guint position; /* among the message's agendas */
    MlaAgenda *agenda;
    char *digest;    /* of its XML */
    char *version;   /* a digest of what its page and calendar show:
                      * its XML, its revisions' (in chain order) and
                      * the threads its slots link to */
    GArray *threads; /* guint per slot (over its days): the root of
                      * the thread it links to, or MLA_THREAD_NONE */
    GArray *scores;  /* double per slot: how like its title that thread
                      * is (mla_agenda_linker_match()) */
    gboolean linked; /* threads, scores and version are set: always in
                      * a full build; in part of the archive, when
                      * mla-site-partial.c links it again */
} MlaSiteAgenda;

/* Threads longer than this show a window of their overview on message
 * pages, and their pages hold this many messages each. */
#define MLA_SITE_SKELETON_FULL 40
#define MLA_SITE_SKELETON_WINDOW 10
#define MLA_SITE_THREAD_PAGE 50
/* However long a thread, its pages stay small: a pager links the first
 * and last pages and those within this many of the current one, and a
 * message page links at most MLA_SITE_REPLY_LINKS of its replies (the
 * thread's pages list them all). */
#define MLA_SITE_PAGER_WINDOW 5
#define MLA_SITE_REPLY_LINKS 50
/* A month's page lists this many threads. */
#define MLA_SITE_MONTH_PAGE 100
/* A month's listings (by date, author, subject) hold this many a page. */
#define MLA_SITE_LIST_PAGE 500
/* The feeds hold this many of the newest messages or threads, the home
 * page lists this many of the newest threads, and looks for list fields
 * in this many of the newest messages. */
#define MLA_SITE_FEED_ENTRIES 40
#define MLA_SITE_HOME_THREADS 25
#define MLA_SITE_LIST_FIELDS_LOOKUP 50

typedef struct MlaSite {
    MlaArchive *archive;
    MlaOverview *overview;
    MlaOverviewThreads *threads;
    const MlaThreadForest *forest;
    MlaSiteOptions options;
    char *title;
    guint n_inputs;      /* entries [0, n_inputs) are in the forest; the
                          * rest, lone (mla-site-partial.c), are shown
                          * only as neighbours and in feeds */
    const char *list_id; /* nullable: the List-Id most messages carry */
    guint64 list_count;  /* how many carry it */
    char *feed_tag;      /* the start of its Atom ids (mla_site_feed_tag()) */
    char **dirs;         /* per entry: its folder name under m/ */
    gboolean *published; /* per entry */
    GArray *by_date;     /* guint published entries by date, then row */
    guint *date_rank;    /* per entry: its place in by_date */
    GPtrArray *months;   /* MlaSiteMonth *, in order */
    GArray *roots;       /* guint roots of threads with a published message,
                          * newest activity first */
    guint n_published;   /* published messages and threads with one: what */
    guint n_threads;     /* the home page counts */
    guint n_withheld;    /* messages not published */
    gboolean partial;    /* it holds part of the archive
                          * (mla-site-partial.c) */
    GHashTable *first_with_id; /* Message-ID -> entry index + 1 of its page */
    GPtrArray *thread_dates;   /* per root node: GArray of its published
                                * entries by date; NULL for other nodes */
    GPtrArray *views;          /* per root node: MlaSiteThread *, made when
                                * first asked for (mla_site_view()); NULL
                                * until then and for other nodes */
    GMutex views_lock;         /* guards the making of views */
    guint *node_pos;           /* per node: its place in its thread's nodes */
    guint *order_pos;          /* per entry: its place in its thread's order */
    guint *next_same_id;       /* per entry: the next entry with its Message-ID,
                                * or MLA_THREAD_NONE */
    GPtrArray *agendas;        /* MlaSiteAgenda *, in archive order */
    GArray *agenda_inputs;     /* MlaAgendaRevisionInput per agenda */
    MlaAgendaRevisions *revisions; /* over agenda_inputs: indexes are
                                    * those of site->agendas */
    gboolean search;               /* the site has a search page (set by
                                    * mla_site_build() once pagefind is found) */
    MlaAddressMask *mask;     /* what every text file published goes through
                               * when addresses are hidden; NULL when shown */
    GHashTable *mask_answers; /* token -> kept: the overview's answers,
                               * when the mask asks (mla-site-mask.c) */
    GMutex mask_lock;         /* guards them, and the overview's probes */
    GError *mask_error;       /* the first look-up that failed */
} MlaSite;

/* A period of the search index (mla-site-search.c): the message pages of
 * a year, or of a month when its year has more than this many. */
#define MLA_SITE_SEARCH_YEAR 20000
/* A period's pages are indexed in bundles of at most this many, in archive
 * order: new mail goes to the last bundle, so a delivery re-indexes at most
 * this many pages whatever the size of the archive or of its month. */
#define MLA_SITE_SEARCH_BUNDLE 2000
/* A period's open (last) bundle grows by this many pages at a time: the
 * pages past the last multiple of it are a bundle of their own, the
 * current tier (PERIOD.new), which each delivery re-indexes; when it
 * fills, it is merged into the open bundle, indexed again once (an
 * LSM-style merge). Pagefind 1.6 here costs about 0.25 s a run whatever
 * its size and 0.85 ms a page: 250 pages take 0.43 s, 2,000 take 2 s. At
 * 250 a delivery's share of the fixed cost is already over half, so a
 * smaller tier would save under 0.2 s while merging more often, and a
 * larger one adds its pages to every delivery (mla-site-search.c). */
#define MLA_SITE_SEARCH_TIER 250

/* An option's size of search bundles or tiers, else its default. */
#define MLA_SITE_SEARCH_CUT(option, fallback)                                  \
    ((option) > 0 ? (option) : (fallback))

typedef struct MlaSitePeriod {
    char *name;       /* "2004" or "2004-07"; its later bundles "2004.001"...,
                       * the current tier "2004.new" */
    GPtrArray *pages; /* char *: its message pages, "m/ID/index.html" */
    GPtrArray *shas;  /* char *: the SHA-256 of each page's message */
    GArray *rows;     /* gint64: each page's overview row (archive order) */
    guint n_pages;    /* pages->len, or a kept bundle's count */
    gboolean kept;    /* a bundle as the last build left it, its pages not
                       * listed (mla_site_search_periods_partial()) */
    char *signature;  /* what its index is made from (mla-site.c) */
} MlaSitePeriod;

/* The List-Id most entries of @threads carry (the first by byte order
 * among equals): the list an archive is of; @out_count gets how many
 * carry it. Returns: (transfer none) (nullable): valid as long as
 * @threads. */
const char *mla_site_main_list_id (MlaOverviewThreads *threads,
                                   guint64 *out_count);

/* What the thread rooted at @root shows, made the first time it is asked
 * for (an update asks for a few threads' only); node_pos and order_pos
 * hold its nodes' places once it is made. @root must be in site->roots.
 * Safe to call from several threads. Returns: (transfer none). */
const MlaSiteThread *mla_site_view (MlaSite *site, guint root);

/* Adds to @sum what a thread's overview shows of node @index: its id,
 * depth, looseness and, for a message, its raw SHA-256 (which stands for
 * its headers and text, fixed for good) and how many published messages
 * share its id. */
void mla_site_digest_node (MlaSite *site, GChecksum *sum, guint index);

/* What the page of entry @entry shows of its thread, as a digest (the
 * thread's version when the page shows the whole thread; else the window
 * of the overview around it, its place in the thread's pages and order,
 * its parent and its replies). Returns: (transfer full). */
char *mla_site_message_thread_digest (MlaSite *site, guint entry);

/* The raw SHA-256 of entry @entry, "-" for MLA_THREAD_NONE: what stands
 * for its headers and text in signatures. */
const char *mla_site_sha_of (MlaSite *site, guint entry);

/* The keys (mla_folder_name_key()) of the folder names of the published
 * messages. Returns: (transfer full). */
GHashTable *mla_site_published_names (MlaSite *site);

/* The root node of the thread of entry @entry. */
guint mla_site_root_of (MlaSite *site, guint entry);

/* The address mask of @site (mla-site-mask.c), from what it loaded:
 * none when it shows addresses. */
void mla_site_make_mask (MlaSite *site, guint n);
/* Makes the mask ask the overview about every token it was not told to
 * keep: for a site that holds part of the archive. */
void mla_site_mask_use_lookup (MlaSite *site);

/* Reads what the pages are made from, in one pass over the overview.
 * @options nullable; its strings must outlive @site. */
gboolean mla_site_init (MlaSite *site, MlaArchive *archive,
                        MlaOverview *overview, const MlaSiteOptions *options,
                        GError **error);
/* The two halves of mla_site_init(), for an update that loads part of
 * the archive (mla-site-partial.c): the start, and what follows from
 * site->threads, n_inputs and list_id once they are set (@first_date:
 * that of the archive's first threaded row). */
gboolean mla_site_begin (MlaSite *site, MlaArchive *archive,
                         MlaOverview *overview, const MlaSiteOptions *options,
                         GError **error);
gboolean mla_site_derive (MlaSite *site, gint64 first_date, GError **error);
/* The month of @date: its path ("YYYY/MM", transfer full), year, number
 * and dates [@from, @to). */
char *mla_site_month_range (gint64 date, int *year, int *month, gint64 *from,
                            gint64 *to);
/* A month of @site, with no entries yet; @path (transfer full) is
 * "YYYY/MM". */
MlaSiteMonth *mla_site_month_new (MlaSite *site, char *path, int year,
                                  int month);
/* Sorts site->months and links each to its neighbours. */
void mla_site_link_months (MlaSite *site);
void mla_site_clear (MlaSite *site);

/* Tree helpers for the model builders (mla-site-tree.c): every text and
 * attribute value is cleaned (mla_xml_clean_text()); NULL values add nothing.
 */
xmlNode *mla_site_element (xmlNode *parent, const char *name);
void mla_site_attr (xmlNode *node, const char *name, const char *value);

/* What listings and feeds show of a subject and of a name, in characters:
 * the sender chooses their length, the full text stays on the message
 * page. */
#define MLA_SITE_SUBJECT_CHARS 200
#define MLA_SITE_NAME_CHARS 80
/* Returns: (transfer full) (nullable): @text (nullable, UTF-8) cut after
 * @max_chars characters, with "…" added when it was cut. */
char *mla_site_shorten (const char *text, glong max_chars);
void mla_site_attr_printf (xmlNode *node, const char *name, const char *format,
                           ...) G_GNUC_PRINTF (3, 4);
xmlNode *mla_site_text_element (xmlNode *parent, const char *name,
                                const char *value);
/* Adds the first @length bytes of @value (all when -1), cleaned, as text. */
void mla_site_add_text (xmlNode *parent, const char *value, gssize length);
/* Adds @body (nullable), a message's text, as <body> (mla-site-body.c). */
void mla_site_body_element (xmlNode *parent, const char *body);
/* @path relative to the site's root, written as a URL path. */
void mla_site_href (xmlNode *node, const char *name, const char *path);
/* A model whose root @name carries "root" (the way up from @depth folders
 * down) and "site-title". Returns: (transfer full). */
xmlDoc *mla_site_new_model (MlaSite *site, const char *name, guint depth,
                            xmlNode **out_root);
/* The same without a site: the root @name carries "root", "site-title"
 * @title and, when @search, "search". Returns: (transfer full). */
xmlDoc *mla_site_model_root (const char *name, guint depth, const char *title,
                             gboolean search, xmlNode **out_root);
/* The attributes a listing shows of a message: href, date, iso-date,
 * author, subject. */
void mla_site_summary_attrs (MlaSite *site, xmlNode *node, guint entry);

/* Page models: small documents that the stylesheets turn into pages
 * (doc/site-models.md). Each returns: (transfer full). */
xmlDoc *mla_site_model_home (MlaSite *site, GError **error);
xmlDoc *mla_site_model_month (MlaSite *site, const MlaSiteMonth *month,
                              guint page, guint n_pages);
/* The month's messages by "date", "author" or "subject", sorted once for
 * all the pages of that listing. Returns: (transfer full). */
GArray *mla_site_list_sort (MlaSite *site, const MlaSiteMonth *month,
                            const char *order);
/* Page @page (from 0) of a month's listing @entries (from
 * mla_site_list_sort()); mla_site_list_page() names its file. */
xmlDoc *mla_site_model_list (MlaSite *site, const MlaSiteMonth *month,
                             const char *order, GArray *entries, guint page);
char *mla_site_list_page (const MlaSiteMonth *month, const char *order,
                          guint page);
/* Page @page (from 0) of the thread rooted at @root. */
xmlDoc *mla_site_model_thread (MlaSite *site, guint root, guint page,
                               GError **error);
/* The published messages of the thread rooted at @root, by date.
 * Returns: (transfer full): const MlaOverviewEntry *. */
GPtrArray *mla_site_thread_entries (MlaSite *site, guint root);
/* The number of pages of the thread rooted at @root. */
guint mla_site_thread_pages (MlaSite *site, guint root);
/* The page of every message with the id of entry @entry (usually one). */
xmlDoc *mla_site_model_message (MlaSite *site, guint entry, GError **error);
/* An Atom feed: of the newest messages (@root = MLA_THREAD_NONE,
 * @threads = FALSE), of the newest threads (@threads = TRUE), or of the
 * thread rooted at @root. */
xmlDoc *mla_site_model_feed (MlaSite *site, guint root, gboolean threads,
                             GError **error);
/* The search page; @periods (MlaSitePeriod *, newest first) name the
 * index bundles to load. */
xmlDoc *mla_site_model_search (MlaSite *site, GPtrArray *periods);
/* A page at @from_path that sends the reader to @to_path (folders);
 * @kind: "thread" (merged into another) or "message" (an old URL). */
xmlDoc *mla_site_model_redirect (MlaSite *site, const char *kind,
                                 const char *from_path, const char *to_path);
/* The timetable of agenda @index of site->agendas, and the list of them
 * (mla-site-agenda.c); mla_site_agenda_list() (mla-site-model.c) adds
 * the list's <agenda> elements to @parent (the home page has them too). */
xmlDoc *mla_site_model_agenda (MlaSite *site, guint index);
xmlDoc *mla_site_model_agendas (MlaSite *site);
void mla_site_agenda_list (MlaSite *site, xmlNode *parent);
/* Links the session slots of the agendas @which marks (a byte per
 * agenda; NULL for all) to the published threads most like their titles
 * (doc/design.md, "Slots and their threads"), and gives each its
 * version. */
gboolean mla_site_link_agendas (MlaSite *site, const guint8 *which,
                                GError **error);
/* A digest of what mla_site_agenda_list() shows, for the list's page to
 * be kept while it is the same. Returns: (transfer full). */
char *mla_site_agenda_list_digest (MlaSite *site);
/* The timetable's page (.html) or calendar (.ics), beside its message's
 * page. Returns: (transfer full). */
char *mla_site_agenda_path (MlaSite *site, guint index, const char *extension);

/* TRUE when the site's address policy shows @address (nullable) as it is
 * (mla-site-reply.c): only such addresses go into reply links. */
gboolean mla_site_address_shown (MlaSite *site, const char *address);

/* TRUE when the list's own address @address (nullable) is shown as it
 * is: its at sign is not masked (mla-address-mask.h keeps the addresses
 * a List-Id names). A reply link or the home page offers only such a
 * one: a masked "mailto:" leads nowhere. */
gboolean mla_site_list_address_shown (MlaSite *site, const char *address);

/* Adds to @parent (a message page's model) the <reply> of @entry, whose
 * To and Cc are in @details: its list's posting address, a mailto: URI
 * and the arguments of git send-email (mla-site-reply.c). */
gboolean mla_site_reply_element (MlaSite *site, xmlNode *parent, guint entry,
                                 const MlaOverviewDetails *details,
                                 GError **error);
/* Adds to @parent (the home page's model) the <list> of the newest mail
 * with List-* fields: how to post, subscribe, get help, find the archive;
 * nothing when recent mail has none. */
gboolean mla_site_list_element (MlaSite *site, xmlNode *parent, GError **error);
/* How many published messages have the Message-ID of @entry (a
 * published one): more than one when a later message reused it. */
guint mla_site_published_with_id (MlaSite *site, guint entry);

/* The subject of the thread rooted at @root (a root with a published
 * message): its first published message's. Returns: (transfer none)
 * (nullable). */
const char *mla_site_thread_subject (MlaSite *site, guint root);

/* The folder of a thread and of a message page, relative to the site. */
char *mla_site_thread_path (MlaSite *site, guint node);
/* The file of page @page (from 0) of the thread of @node. */
char *mla_site_thread_page (MlaSite *site, guint node, guint page);
char *mla_site_message_path (MlaSite *site, guint entry);
/* The download of attachment @index (from 0) of @entry, named @filename
 * (nullable), in its message's folder. Returns: (transfer full). */
char *mla_site_attachment_path (MlaSite *site, guint entry, guint index,
                                const char *filename);
/* The download of @entry's HTML body as it was written, as text (.txt:
 * never rendered as a page). Returns: (transfer full). */
char *mla_site_html_body_path (MlaSite *site, guint entry);

typedef struct MlaSiteRender MlaSiteRender;

/* Compiles the stylesheets, taking each file from @templates (nullable)
 * when it has one, else the built-in one. Returns: (transfer full). */
MlaSiteRender *mla_site_render_new (const char *templates, GError **error);
void mla_site_render_free (MlaSiteRender *render);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaSiteRender, mla_site_render_free)
/* Applies the stylesheet named after @model's root element ("thread" ->
 * thread.xsl). Returns: (transfer full) (nullable). */
GBytes *mla_site_render_apply (MlaSiteRender *render, xmlDoc *model,
                               GError **error);
/* Returns: (transfer none): a digest of every file of the theme. */
const char *mla_site_render_get_theme (MlaSiteRender *render);
/* The same digest, of the theme in @templates (nullable), without
 * compiling it. Returns: (transfer full) (nullable). */
char *mla_site_render_theme (const char *templates, GError **error);
/* A static file of the theme (style.css). Returns: (transfer full). */
GBytes *mla_site_render_asset (MlaSiteRender *render, const char *name,
                               GError **error);

G_END_DECLS
