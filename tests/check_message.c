/* check_message.c: placeholder suite. */
#include "config.h"
#include "mla-test.h"

static Suite *
message_suite (void)
{
    return suite_create ("message");
}

MLA_TEST_MAIN (message_suite)
