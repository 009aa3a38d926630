/* check_agenda.c: placeholder suite. */
#include "config.h"
#include "mla-test.h"

static Suite *
agenda_suite (void)
{
    return suite_create ("agenda");
}

MLA_TEST_MAIN (agenda_suite)
