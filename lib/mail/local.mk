# lib/mail/: mail framing and the message model: mbox (read and write), Maildir, sources, GMime, subjects.

mlarc_public_headers += \
	lib/mail/mla-address-mask.h \
	lib/mail/mla-list-headers.h \
	lib/mail/mla-maildir.h \
	lib/mail/mla-mbox.h \
	lib/mail/mla-message.h \
	lib/mail/mla-source.h \
	lib/mail/mla-subject.h

lib_libmlarc_core_la_SOURCES += \
	lib/mail/mla-address-mask.c \
	lib/mail/mla-html-private.h \
	lib/mail/mla-html.c \
	lib/mail/mla-list-headers.c \
	lib/mail/mla-maildir.c \
	lib/mail/mla-mbox-private.h \
	lib/mail/mla-mbox-writer-private.h \
	lib/mail/mla-mbox-writer.c \
	lib/mail/mla-mbox.c \
	lib/mail/mla-message-headers.c \
	lib/mail/mla-message-ids-private.h \
	lib/mail/mla-message-ids.c \
	lib/mail/mla-message-model.c \
	lib/mail/mla-message-parse-private.h \
	lib/mail/mla-message-private.h \
	lib/mail/mla-message-raw-private.h \
	lib/mail/mla-message-raw.c \
	lib/mail/mla-message.c \
	lib/mail/mla-source.c \
	lib/mail/mla-subject.c
