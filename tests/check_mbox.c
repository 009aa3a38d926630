/* check_mbox.c: placeholder suite. */
#include "config.h"
#include "mla-test.h"

static Suite *
mbox_suite (void)
{
    return suite_create ("mbox");
}

MLA_TEST_MAIN (mbox_suite)
