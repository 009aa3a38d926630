# lib/agenda-parser/: the agenda parser: text and a reference date in, agendas out (its own convenience library).

mlarc_public_headers += \
	lib/agenda-parser/mla-agenda-rules.h

noinst_LTLIBRARIES += lib/agenda-parser/libmlarc-agenda-parser.la
lib_agenda_parser_libmlarc_agenda_parser_la_SOURCES = \
	lib/agenda-parser/mla-agenda-blocks-private.h \
	lib/agenda-parser/mla-agenda-blocks.c \
	lib/agenda-parser/mla-agenda-builder-private.h \
	lib/agenda-parser/mla-agenda-cells-private.h \
	lib/agenda-parser/mla-agenda-cells.c \
	lib/agenda-parser/mla-agenda-changes-private.h \
	lib/agenda-parser/mla-agenda-changes.c \
	lib/agenda-parser/mla-agenda-days-private.h \
	lib/agenda-parser/mla-agenda-days.c \
	lib/agenda-parser/mla-agenda-durations-private.h \
	lib/agenda-parser/mla-agenda-durations.c \
	lib/agenda-parser/mla-agenda-evidence-private.h \
	lib/agenda-parser/mla-agenda-evidence.c \
	lib/agenda-parser/mla-agenda-export-private.h \
	lib/agenda-parser/mla-agenda-export.c \
	lib/agenda-parser/mla-agenda-finish-private.h \
	lib/agenda-parser/mla-agenda-finish.c \
	lib/agenda-parser/mla-agenda-flat-private.h \
	lib/agenda-parser/mla-agenda-flat.c \
	lib/agenda-parser/mla-agenda-grids-private.h \
	lib/agenda-parser/mla-agenda-grids.c \
	lib/agenda-parser/mla-agenda-headings-private.h \
	lib/agenda-parser/mla-agenda-headings.c \
	lib/agenda-parser/mla-agenda-labels-private.h \
	lib/agenda-parser/mla-agenda-labels.c \
	lib/agenda-parser/mla-agenda-names-private.h \
	lib/agenda-parser/mla-agenda-names.c \
	lib/agenda-parser/mla-agenda-pasted-private.h \
	lib/agenda-parser/mla-agenda-pasted.c \
	lib/agenda-parser/mla-agenda-patterns-private.h \
	lib/agenda-parser/mla-agenda-patterns.c \
	lib/agenda-parser/mla-agenda-people-private.h \
	lib/agenda-parser/mla-agenda-people.c \
	lib/agenda-parser/mla-agenda-places-private.h \
	lib/agenda-parser/mla-agenda-places.c \
	lib/agenda-parser/mla-agenda-rules-private.h \
	lib/agenda-parser/mla-agenda-rules.c \
	lib/agenda-parser/mla-agenda-rules.h \
	lib/agenda-parser/mla-agenda-scanner-private.h \
	lib/agenda-parser/mla-agenda-scanner.c \
	lib/agenda-parser/mla-agenda-slots-private.h \
	lib/agenda-parser/mla-agenda-slots.c \
	lib/agenda-parser/mla-agenda-slot-labelled.c \
	lib/agenda-parser/mla-agenda-tables-private.h \
	lib/agenda-parser/mla-agenda-tables.c \
	lib/agenda-parser/mla-agenda-times-private.h \
	lib/agenda-parser/mla-agenda-times.c \
	lib/agenda-parser/mla-agenda-title-days-private.h \
	lib/agenda-parser/mla-agenda-title-days.c \
	lib/agenda-parser/mla-agenda-title-places-private.h \
	lib/agenda-parser/mla-agenda-title-places.c \
	lib/agenda-parser/mla-agenda-titles-private.h \
	lib/agenda-parser/mla-agenda-titles.c \
	lib/agenda-parser/mla-agenda-unfold-private.h \
	lib/agenda-parser/mla-agenda-unfold.c \
	lib/agenda-parser/mla-agenda-vocabulary-private.h \
	lib/agenda-parser/mla-agenda-vocabulary.c
lib_agenda_parser_libmlarc_agenda_parser_la_CPPFLAGS = $(mla_lib_cppflags)
lib_agenda_parser_libmlarc_agenda_parser_la_CFLAGS = $(AM_CFLAGS) -fvisibility=hidden
