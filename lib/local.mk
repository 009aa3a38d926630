# libmlarc: all the work, in folders by layer (doc/design.md, "Layers"):
# base < mail < agenda < agenda-parser, archive < overview < site < import.
# A folder includes headers of its own and of lower folders only
# (tests/check-layers.sh). The sources are compiled once, with hidden
# visibility, into a convenience library that the Check suites link
# statically; the installed libmlarc.la exports only MLA_API symbols.
noinst_LTLIBRARIES += lib/libmlarc-core.la
lib_LTLIBRARIES += lib/libmlarc.la

mla_lib_folders = base mail agenda agenda-parser archive overview site import
mla_lib_cppflags = $(AM_CPPFLAGS) $(GMIME_CFLAGS) $(XML_CFLAGS) $(ICAL_CFLAGS) \
	$(NETTLE_CFLAGS) $(SQLITE_CFLAGS) $(XSLT_CFLAGS) -DMLA_COMPILATION

mlarc_public_headers = lib/mlarc.h
lib_libmlarc_core_la_SOURCES =

include lib/base/local.mk
include lib/mail/local.mk
include lib/agenda/local.mk
include lib/agenda-parser/local.mk
include lib/archive/local.mk
include lib/overview/local.mk
include lib/site/local.mk
include lib/import/local.mk

pkginclude_HEADERS = $(mlarc_public_headers)

lib_libmlarc_core_la_SOURCES += $(mlarc_public_headers)
nodist_lib_libmlarc_core_la_SOURCES = lib/base/mla-resources.c
lib_libmlarc_core_la_CPPFLAGS = $(mla_lib_cppflags)
lib_libmlarc_core_la_CFLAGS = $(AM_CFLAGS) -fvisibility=hidden
lib_libmlarc_core_la_LIBADD = lib/agenda-parser/libmlarc-agenda-parser.la \
	$(GMIME_LIBS) $(XML_LIBS) $(NETTLE_LIBS) $(SQLITE_LIBS) $(XSLT_LIBS) $(GLIB_LIBS) -lm

lib_libmlarc_la_SOURCES =
lib_libmlarc_la_LIBADD = lib/libmlarc-core.la
lib_libmlarc_la_LDFLAGS = $(AM_LDFLAGS) -version-info 0:0:0

# The agenda vocabulary (data/agenda-vocabulary.ini) and the archive schema
# are data; they are also compiled in, so that mlarc works uninstalled.
lib/base/mla-resources.c: lib/base/mla-resources.xml $(top_srcdir)/data/agenda-vocabulary.ini \
		$(top_srcdir)/doc/mlarc-archive.rng $(mla_site_files)
	$(AM_V_GEN)$(MKDIR_P) lib/base && glib-compile-resources --sourcedir=$(top_srcdir)/data \
		--sourcedir=$(top_srcdir)/doc \
		--generate-source --target=$@ $(top_srcdir)/lib/base/mla-resources.xml
BUILT_SOURCES = lib/base/mla-resources.c
CLEANFILES += lib/base/mla-resources.c
EXTRA_DIST += lib/base/mla-resources.xml lib/mlarc.pc.in
pkgconfig_DATA += lib/mlarc.pc
