# lib/overview/: the derived SQLite index, the threader, queries, search, threads and show.

mlarc_public_headers += \
	lib/overview/mla-overview.h \
	lib/overview/mla-query.h \
	lib/overview/mla-search.h \
	lib/overview/mla-show.h \
	lib/overview/mla-thread-format.h \
	lib/overview/mla-thread.h

lib_libmlarc_core_la_SOURCES += \
	lib/overview/mla-listing-private.h \
	lib/overview/mla-listing.c \
	lib/overview/mla-overview-db.c \
	lib/overview/mla-overview-names.c \
	lib/overview/mla-overview-private.h \
	lib/overview/mla-overview-probe-private.h \
	lib/overview/mla-overview-probe.c \
	lib/overview/mla-overview-query.c \
	lib/overview/mla-overview-search.c \
	lib/overview/mla-overview-store.c \
	lib/overview/mla-overview-subset.c \
	lib/overview/mla-overview.c \
	lib/overview/mla-query.c \
	lib/overview/mla-search.c \
	lib/overview/mla-series-private.h \
	lib/overview/mla-series.c \
	lib/overview/mla-show.c \
	lib/overview/mla-thread-format.c \
	lib/overview/mla-thread.c
