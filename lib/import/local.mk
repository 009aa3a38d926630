# lib/import/: import, compact and remove, which write volumes and then update the
# overview, and the agenda of a message (the parser run on its body).

mlarc_public_headers += \
	lib/import/mla-agenda-mail.h \
	lib/import/mla-compact.h \
	lib/import/mla-import.h \
	lib/import/mla-remove.h

lib_libmlarc_core_la_SOURCES += \
	lib/import/mla-agenda-mail.c \
	lib/import/mla-compact.c \
	lib/import/mla-compact-private.h \
	lib/import/mla-import.c \
	lib/import/mla-remove.c
