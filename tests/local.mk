# One Check binary per library module, plus end-to-end scripts that run
# the real src/mlarc. Data lives in tests/data/<area>/.
check_LTLIBRARIES = tests/libmlatest.la
tests_libmlatest_la_SOURCES = tests/mla-test.c tests/mla-test.h
tests_libmlatest_la_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)

mla_check_ldadd = tests/libmlatest.la lib/libmlarc-core.la $(CHECK_LIBS) $(GLIB_LIBS)

mla_check_suites = \
	tests/check_mbox \
	tests/check_source \
	tests/check_message \
	tests/check_archive \
	tests/check_remove \
	tests/check_agenda \
	tests/check_agenda_format \
	tests/check_agenda_steps \
	tests/check_agenda_revision \
	tests/check_agenda_link \
	tests/check_subject \
	tests/check_address_mask \
	tests/check_escape \
	tests/check_query \
	tests/check_search \
	tests/check_thread \
	tests/check_overview \
	tests/check_overview_probe \
	tests/check_series \
	tests/check_site_url \
	tests/check_site \
	tests/check_site_files \
	tests/check_site_lock \
	tests/check_host
check_PROGRAMS += $(mla_check_suites)

# The suites need no lines of their own: each is built from
# tests/NAME.c with the default LDADD below; check_site and check_host
# also read libxml2 trees.
LDADD = $(mla_check_ldadd)
tests_check_site_CFLAGS = $(AM_CFLAGS) $(XML_CFLAGS)
tests_check_site_LDADD = $(mla_check_ldadd) $(XML_LIBS)
tests_check_host_CFLAGS = $(AM_CFLAGS) $(XML_CFLAGS)
tests_check_host_LDADD = $(mla_check_ldadd) $(XML_LIBS)

# The fuzz targets, built without libFuzzer, replay their regression
# corpora (tests/fuzz/corpus/TARGET/).
check_PROGRAMS += \
	tests/fuzz/replay-mbox \
	tests/fuzz/replay-message \
	tests/fuzz/replay-agenda \
	tests/fuzz/replay-thread \
	tests/fuzz/replay-site \
	tests/fuzz/replay-files

mla_replay_ldadd = lib/libmlarc-core.la $(GLIB_LIBS) $(XML_LIBS)
tests_fuzz_replay_mbox_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz-mbox.c
tests_fuzz_replay_mbox_CPPFLAGS = $(AM_CPPFLAGS) -DMLA_FUZZ_TARGET='"mbox"'
tests_fuzz_replay_mbox_LDADD = $(mla_replay_ldadd)
tests_fuzz_replay_message_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz-message.c
tests_fuzz_replay_message_CPPFLAGS = $(AM_CPPFLAGS) -DMLA_FUZZ_TARGET='"message"'
tests_fuzz_replay_message_LDADD = $(mla_replay_ldadd)
tests_fuzz_replay_agenda_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz-agenda.c
tests_fuzz_replay_agenda_CPPFLAGS = $(AM_CPPFLAGS) -DMLA_FUZZ_TARGET='"agenda"'
tests_fuzz_replay_agenda_LDADD = $(mla_replay_ldadd)
tests_fuzz_replay_thread_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz-thread.c
tests_fuzz_replay_thread_CPPFLAGS = $(AM_CPPFLAGS) -DMLA_FUZZ_TARGET='"thread"'
tests_fuzz_replay_thread_LDADD = $(mla_replay_ldadd)
tests_fuzz_replay_site_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz-site.c
tests_fuzz_replay_site_CPPFLAGS = $(AM_CPPFLAGS) -DMLA_FUZZ_TARGET='"site"'
tests_fuzz_replay_site_CFLAGS = $(AM_CFLAGS) $(XML_CFLAGS)
tests_fuzz_replay_site_LDADD = $(mla_replay_ldadd)
tests_fuzz_replay_files_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz-files.c
tests_fuzz_replay_files_CPPFLAGS = $(AM_CPPFLAGS) -DMLA_FUZZ_TARGET='"files"'
tests_fuzz_replay_files_LDADD = $(mla_replay_ldadd)

# The checks of the house (README, "Tests"): layers, includes, --help
# against the man page, README's list of tests.
mla_house_checks = \
	tests/check-layers.sh \
	tests/check-parser-layers.sh \
	tests/check-overview-layers.sh \
	tests/check-includes.sh \
	tests/check-help.sh \
	tests/check-readme.sh \
	tests/check-format.sh

# The slowest first (most of their time is waiting: a browser, a held
# lock), so that `make -j2 check` overlaps them with the rest.
mla_e2e_tests = \
	tests/browser-search.sh \
	tests/browser-host.sh \
	tests/e2e-delivery.sh \
	tests/e2e-site-delivery.sh \
	tests/e2e-import.sh \
	tests/e2e-bad-input.sh \
	tests/e2e-threads-incremental.sh \
	tests/e2e-compact.sh \
	tests/e2e-site.sh \
	tests/e2e-host.sh \
	tests/e2e-remove.sh \
	tests/e2e-agenda-revisions.sh \
	tests/e2e-site-incremental.sh \
	tests/e2e-site-mask-later.sh \
	tests/e2e-site-partial.sh \
	tests/e2e-site-partial-search.sh \
	tests/browser-site.sh \
	tests/e2e-roundtrip.sh \
	tests/e2e-agenda.sh \
	tests/e2e-agenda-text.sh \
	tests/e2e-agenda-links.sh \
	tests/e2e-threads.sh \
	tests/e2e-search.sh \
	tests/e2e-series.sh \
	tests/e2e-site-landmarks.sh \
	tests/e2e-site-settings.sh \
	tests/e2e-site-privacy.sh \
	tests/e2e-site-search-kept.sh \
	tests/e2e-site-search.sh

# Reliability checks (issue 10): each prints rows, and tests/reliability/run
# prints their rows as one table. They take minutes, so `make check` (what
# developers run often) leaves them out: `make check-reliability` runs
# them through the same harness, and CI runs both. e2e-corpora.sh (every
# file of the shared corpora through import, export and import) is here
# for its minutes too; it prints no rows, so the table leaves it out. check-identity.sh runs e2e-identity.sh;
# check-sizes.sh generates its hostile inputs with make-big-input
# (gigabytes, never committed).
mla_reliability_tests = \
	tests/e2e-corpora.sh \
	tests/reliability/check-hostile.sh \
	tests/reliability/check-crash.sh \
	tests/reliability/check-compact.sh \
	tests/reliability/check-remove.sh \
	tests/reliability/check-concurrency.sh \
	tests/reliability/check-diskfull.sh \
	tests/reliability/check-identity.sh \
	tests/reliability/check-sizes.sh \
	tests/reliability/check-memory-bound.sh \
	tests/reliability/check-ids.sh \
	tests/reliability/check-terminal.sh \
	tests/reliability/check-smuggling.sh \
	tests/reliability/check-queries.sh \
	tests/reliability/check-site-cost.sh \
	tests/reliability/check-hijack.sh \
	tests/reliability/check-future.sh \
	tests/reliability/check-links.sh \
	tests/reliability/check-limits.sh \
	tests/reliability/check-subjects.sh \
	tests/reliability/check-threads.sh

TESTS += $(mla_e2e_tests) $(check_PROGRAMS) $(mla_house_checks)
# Scripts get their .log by suffix rule, so any of them can be named in
# TESTS on the command line (check-reliability does).
TEST_EXTENSIONS = .sh
check-reliability: $(check_PROGRAMS)
	$(MAKE) $(AM_MAKEFLAGS) check TESTS='$(mla_reliability_tests)'
.PHONY: check-reliability
EXTRA_DIST += $(mla_house_checks) $(mla_e2e_tests) $(mla_reliability_tests) tests/reliability/run \
	tests/reliability/lib.sh tests/e2e-lib.sh tests/site-links.awk tests/browser-search.mjs tests/lsan.supp tests/data \
	tests/expected samples tests/fuzz/corpus tests/e2e-identity.sh tests/reliability/make-big-input

# The shared third-party corpora sit next to the checkout (../shared);
# tests skip, saying so, when it is absent.
AM_TESTS_ENVIRONMENT = \
	top_srcdir='$(abs_top_srcdir)'; top_builddir='$(abs_top_builddir)'; \
	MLARC='$(abs_top_builddir)/src/mlarc'; XMLLINT='$(XMLLINT)'; \
	MLARC_SANITIZERS='$(SANITIZER_CFLAGS)'; \
	MLARC_SHARED="$${MLARC_SHARED:-$(abs_top_srcdir)/../shared}"; \
	CK_DEFAULT_TIMEOUT="$${CK_DEFAULT_TIMEOUT:-120}"; \
	LSAN_OPTIONS="suppressions=$(abs_top_srcdir)/tests/lsan.supp:print_suppressions=0"; \
	UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"; \
	export top_srcdir top_builddir MLARC XMLLINT MLARC_SANITIZERS MLARC_SHARED CK_DEFAULT_TIMEOUT \
		LSAN_OPTIONS UBSAN_OPTIONS;
EXTRA_DIST += bench

# make check-valgrind: the Check suites under valgrind's memcheck, each in
# one process (CK_FORK=no: memcheck follows no fork), failing on any
# memory error or definite leak. tests/valgrind.supp only silences code
# that is not mlarc's. The shared third-party corpora are left out
# (MLARC_SHARED points nowhere), and so is check_agenda's "scaling" case
# (megabyte inputs that time the rules, not memory, and run the same code
# as the other cases): under memcheck they take most of an hour.
VALGRIND = valgrind
mla_valgrind = $(LIBTOOL) --mode=execute $(VALGRIND) --quiet --error-exitcode=1 \
	--leak-check=full --show-leak-kinds=definite,indirect \
	--errors-for-leak-kinds=definite,indirect --num-callers=40 \
	--suppressions=$(abs_top_srcdir)/tests/valgrind.supp
check-valgrind: $(check_PROGRAMS)
	env CK_FORK=no G_SLICE=always-malloc G_DEBUG=gc-friendly MLARC_SHARED=/nonexistent \
	    MLA_TEST_NO_SCALING=1 \
	    $(MAKE) $(AM_MAKEFLAGS) check TESTS='$(mla_check_suites)' LOG_COMPILER='$(mla_valgrind)'
.PHONY: check-valgrind
EXTRA_DIST += tests/valgrind.supp

# check_agenda writes what a failing case got here, for diff -u.
clean-local: clean-agenda-cases
clean-agenda-cases:
	rm -rf tests/agenda-cases.out
.PHONY: clean-agenda-cases
