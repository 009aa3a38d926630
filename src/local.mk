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
# The core linked in, not the shared library: mlarc runs from the build
# tree as itself, not through libtool's wrapper script, which cost ten
# times the program's own start (0.1 CPU-s a run, thousands of runs in
# make check, one a delivery). It still uses the public API only.
src_mlarc_LDADD = lib/libmlarc-core.la $(GLIB_LIBS) $(JEMALLOC_LIBS)
