bin_PROGRAMS += src/mlarc
src_mlarc_SOURCES = \
	src/mlarc.c \
	src/mlarc-commands.h \
	src/mlarc-import.c \
	src/mlarc-export.c \
	src/mlarc-check.c \
	src/mlarc-agenda.c \
	src/mlarc-threads.c \
	src/mlarc-show.c \
	src/mlarc-search.c \
	src/mlarc-reindex.c \
	src/mlarc-compact.c \
	src/mlarc-remove.c \
	src/mlarc-site.c
src_mlarc_LDADD = lib/libmlarc.la $(GLIB_LIBS) $(JEMALLOC_LIBS)
