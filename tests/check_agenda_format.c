/* check_agenda_format.c: placeholder suite. */
#include "config.h"
#include "mla-test.h"

static Suite *
agenda_format_suite (void)
{
    return suite_create ("agenda_format");
}

MLA_TEST_MAIN (agenda_format_suite)
