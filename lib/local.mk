# libmlarc: all the work. The sources are compiled once, with hidden
# visibility, into a convenience library that the Check suites link
# statically; the installed libmlarc.la exports only MLA_API symbols.
noinst_LTLIBRARIES += lib/libmlarc-core.la
lib_LTLIBRARIES += lib/libmlarc.la

mlarc_public_headers = \
	lib/mlarc.h \
	lib/mla-api.h \
	lib/mla-error.h \
	lib/mla-defect.h \
	lib/mla-mbox.h \
	lib/mla-maildir.h \
	lib/mla-source.h \
	lib/mla-message.h \
	lib/mla-archive.h \
	lib/mla-record.h \
	lib/mla-agenda.h \
	lib/mla-agenda-rules.h \
	lib/mla-agenda-format.h \
	lib/mla-agenda-mail.h \
	lib/mla-subject.h \
	lib/mla-thread.h \
	lib/mla-query.h \
	lib/mla-overview.h \
	lib/mla-thread-format.h \
	lib/mla-show.h \
	lib/mla-search.h \
	lib/mla-site.h

pkginclude_HEADERS = $(mlarc_public_headers)

lib_libmlarc_core_la_SOURCES = \
	$(mlarc_public_headers) \
	lib/mla-autocleanups.h \
	lib/mla-error.c \
	lib/mla-atomic-file-private.h \
	lib/mla-atomic-file.c \
	lib/mla-defect.c \
	lib/mla-digest-private.h \
	lib/mla-digest.c \
	lib/mla-mbox.c \
	lib/mla-mbox-private.h \
	lib/mla-mbox-writer-private.h \
	lib/mla-mbox-writer.c \
	lib/mla-maildir.c \
	lib/mla-source.c \
	lib/mla-message-private.h \
	lib/mla-message.c \
	lib/mla-message-model.c \
	lib/mla-message-raw-private.h \
	lib/mla-message-raw.c \
	lib/mla-xml-writer-private.h \
	lib/mla-xml-writer.c \
	lib/mla-xml-private.h \
	lib/mla-xml.c \
	lib/mla-xml-merge-private.h \
	lib/mla-xml-merge.c \
	lib/mla-archive-private.h \
	lib/mla-archive.c \
	lib/mla-archive-lock.c \
	lib/mla-record-private.h \
	lib/mla-record.c \
	lib/mla-keyset-private.h \
	lib/mla-keyset.c \
	lib/mla-key-index-private.h \
	lib/mla-key-index.c \
	lib/mla-import.c \
	lib/mla-compact.c \
	lib/mla-export.c \
	lib/mla-check.c \
	lib/mla-agenda.c \
	lib/mla-agenda-places-private.h \
	lib/mla-agenda-places.c \
	lib/mla-agenda-titles-private.h \
	lib/mla-agenda-titles.c \
	lib/mla-agenda-vocabulary-private.h \
	lib/mla-agenda-vocabulary.c \
	lib/mla-agenda-scanner-private.h \
	lib/mla-agenda-scanner.c \
	lib/mla-agenda-times-private.h \
	lib/mla-agenda-times.c \
	lib/mla-agenda-names-private.h \
	lib/mla-agenda-names.c \
	lib/mla-agenda-people-private.h \
	lib/mla-agenda-people.c \
	lib/mla-agenda-tables-private.h \
	lib/mla-agenda-tables.c \
	lib/mla-agenda-grids.c \
	lib/mla-agenda-flat.c \
	lib/mla-agenda-export.c \
	lib/mla-agenda-days-private.h \
	lib/mla-agenda-days.c \
	lib/mla-agenda-evidence-private.h \
	lib/mla-agenda-evidence.c \
	lib/mla-agenda-rules-private.h \
	lib/mla-agenda-rules.c \
	lib/mla-agenda-slots-private.h \
	lib/mla-agenda-slots.c \
	lib/mla-agenda-changes-private.h \
	lib/mla-agenda-changes.c \
	lib/mla-agenda-revision-private.h \
	lib/mla-agenda-link-private.h \
	lib/mla-agenda-link.c \
	lib/mla-agenda-revision.c \
	lib/mla-agenda-format-private.h \
	lib/mla-agenda-format.c \
	lib/mla-agenda-ics.c \
	lib/mla-agenda-mail.c \
	lib/mla-subject.c \
	lib/mla-memory-private.h \
	lib/mla-memory.c \
	lib/mla-thread.c \
	lib/mla-overview-private.h \
	lib/mla-overview.c \
	lib/mla-overview-store.c \
	lib/mla-overview-query.c \
	lib/mla-overview-search.c \
	lib/mla-query.c \
	lib/mla-listing-private.h \
	lib/mla-listing.c \
	lib/mla-search.c \
	lib/mla-thread-format.c \
	lib/mla-show.c \
	lib/mla-site-url-private.h \
	lib/mla-site-url.c \
	lib/mla-site-private.h \
	lib/mla-site-model.c \
	lib/mla-site-agenda-private.h \
	lib/mla-site-agenda.c \
	lib/mla-site-render.c \
	lib/mla-site-files-private.h \
	lib/mla-site-files.c \
	lib/mla-site-data.c \
	lib/mla-site-search-private.h \
	lib/mla-site-search.c \
	lib/mla-site.c \
	lib/mla-html-private.h \
	lib/mla-html.c \
	lib/mla-resources-private.h
nodist_lib_libmlarc_core_la_SOURCES = lib/mla-resources.c
lib_libmlarc_core_la_CPPFLAGS = $(AM_CPPFLAGS) $(GMIME_CFLAGS) $(XML_CFLAGS) $(ICAL_CFLAGS) $(NETTLE_CFLAGS) $(SQLITE_CFLAGS) $(XSLT_CFLAGS) \
	-DMLA_COMPILATION
lib_libmlarc_core_la_CFLAGS = $(AM_CFLAGS) -fvisibility=hidden
lib_libmlarc_core_la_LIBADD = $(GMIME_LIBS) $(XML_LIBS) $(NETTLE_LIBS) $(SQLITE_LIBS) $(XSLT_LIBS) $(GLIB_LIBS) -lm

lib_libmlarc_la_SOURCES =
lib_libmlarc_la_LIBADD = lib/libmlarc-core.la
lib_libmlarc_la_LDFLAGS = $(AM_LDFLAGS) -version-info 0:0:0

# The agenda vocabulary (data/agenda-vocabulary.ini) and the archive schema
# are data; they are also compiled in, so that mlarc works uninstalled.
lib/mla-resources.c: lib/mla-resources.xml $(top_srcdir)/data/agenda-vocabulary.ini \
		$(top_srcdir)/doc/mlarc-archive.rng $(mla_site_files)
	$(AM_V_GEN)glib-compile-resources --sourcedir=$(top_srcdir)/data \
		--sourcedir=$(top_srcdir)/doc \
		--generate-source --target=$@ $(top_srcdir)/lib/mla-resources.xml
BUILT_SOURCES = lib/mla-resources.c
CLEANFILES += lib/mla-resources.c
EXTRA_DIST += lib/mla-resources.xml lib/mlarc.pc.in
pkgconfig_DATA += lib/mlarc.pc
