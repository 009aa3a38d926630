# lib/site/: the static site: page data, models, XSLT, files, Pagefind.

mlarc_public_headers += \
	lib/site/mla-site.h \
	lib/site/mla-host.h \
	lib/site/mla-site-settings.h

lib_libmlarc_core_la_SOURCES += \
	lib/site/mla-host-model.c \
	lib/site/mla-host-private.h \
	lib/site/mla-host.c \
	lib/site/mla-site-agenda.c \
	lib/site/mla-site-body.c \
	lib/site/mla-site-build-private.h \
	lib/site/mla-site-data.c \
	lib/site/mla-site-files-private.h \
	lib/site/mla-site-files.c \
	lib/site/mla-site-lock-private.h \
	lib/site/mla-site-lock.c \
	lib/site/mla-site-manifest-private.h \
	lib/site/mla-site-manifest.c \
	lib/site/mla-site-mask.c \
	lib/site/mla-site-message.c \
	lib/site/mla-site-model.c \
	lib/site/mla-site-partial-private.h \
	lib/site/mla-site-partial.c \
	lib/site/mla-site-private.h \
	lib/site/mla-site-relink-private.h \
	lib/site/mla-site-relink.c \
	lib/site/mla-site-render.c \
	lib/site/mla-site-scope-private.h \
	lib/site/mla-site-scope.c \
	lib/site/mla-site-reply.c \
	lib/site/mla-site-search-private.h \
	lib/site/mla-site-search.c \
	lib/site/mla-site-settings.c \
	lib/site/mla-site-state-private.h \
	lib/site/mla-site-state.c \
	lib/site/mla-site-time-private.h \
	lib/site/mla-site-time.c \
	lib/site/mla-site-tree.c \
	lib/site/mla-site-url-private.h \
	lib/site/mla-site-url.c \
	lib/site/mla-site.c
