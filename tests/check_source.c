/* check_source.c: placeholder suite. */
#include "config.h"
#include "mla-test.h"

static Suite *
source_suite (void)
{
    return suite_create ("source");
}

MLA_TEST_MAIN (source_suite)
