# lib/base/: the ground floor: errors, defects, folders written beneath, atomic files, digests, a string hash, memory, the sticky XML writer, compiled-in resources.

mlarc_public_headers += \
	lib/base/mla-api.h \
	lib/base/mla-defect.h \
	lib/base/mla-error.h \
	lib/base/mla-escape.h

lib_libmlarc_core_la_SOURCES += \
	lib/base/mla-atomic-file-private.h \
	lib/base/mla-atomic-file.c \
	lib/base/mla-autocleanups.h \
	lib/base/mla-defect.c \
	lib/base/mla-digest-private.h \
	lib/base/mla-digest.c \
	lib/base/mla-error.c \
	lib/base/mla-escape.c \
	lib/base/mla-folder-private.h \
	lib/base/mla-folder.c \
	lib/base/mla-hash-private.h \
	lib/base/mla-hash.c \
	lib/base/mla-lock-private.h \
	lib/base/mla-lock.c \
	lib/base/mla-memory-private.h \
	lib/base/mla-memory.c \
	lib/base/mla-resources-private.h \
	lib/base/mla-xml-writer-private.h \
	lib/base/mla-xml-writer.c
