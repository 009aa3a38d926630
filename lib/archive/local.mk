# lib/archive/: the archive folder: volumes (XML), raw stores, keys, lock, record iterator, export, check.

mlarc_public_headers += \
	lib/archive/mla-archive.h \
	lib/archive/mla-check.h \
	lib/archive/mla-export.h \
	lib/archive/mla-record.h

lib_libmlarc_core_la_SOURCES += \
	lib/archive/mla-archive-private.h \
	lib/archive/mla-archive.c \
	lib/archive/mla-check.c \
	lib/archive/mla-export.c \
	lib/archive/mla-key-index-private.h \
	lib/archive/mla-key-index.c \
	lib/archive/mla-keyset-private.h \
	lib/archive/mla-keyset.c \
	lib/archive/mla-record-private.h \
	lib/archive/mla-record.c \
	lib/archive/mla-xml-merge-private.h \
	lib/archive/mla-xml-merge.c \
	lib/archive/mla-xml-private.h \
	lib/archive/mla-xml.c
