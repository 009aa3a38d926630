# lib/agenda/: the agenda model and what it is written as (XML, iCalendar, text), revisions, links to threads.

mlarc_public_headers += \
	lib/agenda/mla-agenda-format.h \
	lib/agenda/mla-agenda.h

lib_libmlarc_core_la_SOURCES += \
	lib/agenda/mla-agenda-format-private.h \
	lib/agenda/mla-agenda-format.c \
	lib/agenda/mla-agenda-ics-private.h \
	lib/agenda/mla-agenda-ics.c \
	lib/agenda/mla-agenda-link-private.h \
	lib/agenda/mla-agenda-link.c \
	lib/agenda/mla-agenda-revision-private.h \
	lib/agenda/mla-agenda-revision.c \
	lib/agenda/mla-agenda-text-private.h \
	lib/agenda/mla-agenda-text.c \
	lib/agenda/mla-agenda.c
