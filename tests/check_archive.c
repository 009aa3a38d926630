/* check_archive.c: placeholder suite. */
#include "config.h"
#include "mla-test.h"

static Suite *
archive_suite (void)
{
    return suite_create ("archive");
}

MLA_TEST_MAIN (archive_suite)
