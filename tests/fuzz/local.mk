# libFuzzer targets, built only with ./configure --enable-fuzzers CC=clang.
# Run one with a corpus directory, e.g.
# tests/fuzz/fuzz-mbox -max_total_time=60 CORPUS $(top_srcdir)/tests/fuzz/corpus/mbox
# make check replays the regression corpora through the same sources built
# without libFuzzer (tests/fuzz/replay.c, in tests/local.mk).
noinst_PROGRAMS = tests/fuzz/fuzz-mbox tests/fuzz/fuzz-message tests/fuzz/fuzz-agenda \
	tests/fuzz/fuzz-thread tests/fuzz/fuzz-site tests/fuzz/fuzz-files

mla_fuzz_ldadd = lib/libmlarc-core.la $(GLIB_LIBS)
mla_fuzz_ldflags = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)

tests_fuzz_fuzz_mbox_SOURCES = tests/fuzz/fuzz-mbox.c
tests_fuzz_fuzz_mbox_LDADD = $(mla_fuzz_ldadd)
tests_fuzz_fuzz_mbox_LDFLAGS = $(mla_fuzz_ldflags)
tests_fuzz_fuzz_message_SOURCES = tests/fuzz/fuzz-message.c
tests_fuzz_fuzz_message_LDADD = $(mla_fuzz_ldadd)
tests_fuzz_fuzz_message_LDFLAGS = $(mla_fuzz_ldflags)
tests_fuzz_fuzz_agenda_SOURCES = tests/fuzz/fuzz-agenda.c
tests_fuzz_fuzz_agenda_LDADD = $(mla_fuzz_ldadd)
tests_fuzz_fuzz_agenda_LDFLAGS = $(mla_fuzz_ldflags)
tests_fuzz_fuzz_thread_SOURCES = tests/fuzz/fuzz-thread.c
tests_fuzz_fuzz_thread_LDADD = $(mla_fuzz_ldadd)
tests_fuzz_fuzz_thread_LDFLAGS = $(mla_fuzz_ldflags)
tests_fuzz_fuzz_site_SOURCES = tests/fuzz/fuzz-site.c
tests_fuzz_fuzz_site_CFLAGS = $(AM_CFLAGS) $(XML_CFLAGS)
tests_fuzz_fuzz_site_LDADD = $(mla_fuzz_ldadd) $(XML_LIBS)
tests_fuzz_fuzz_site_LDFLAGS = $(mla_fuzz_ldflags)
tests_fuzz_fuzz_files_SOURCES = tests/fuzz/fuzz-files.c
tests_fuzz_fuzz_files_LDADD = $(mla_fuzz_ldadd)
tests_fuzz_fuzz_files_LDFLAGS = $(mla_fuzz_ldflags)
