/* fuzz-agenda.c: libFuzzer target for the agenda parser. The bytes are made
 * valid UTF-8 first, as every real caller passes UTF-8; the reference date
 * is fixed so that a crash reproduces. */
#include <stdint.h>
#include "mlarc.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static MlaAgendaParser *parser;
static GDateTime *reference;

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
    g_autoptr (GError) error = NULL;

    parser = mla_agenda_parser_new (NULL, &error);
    g_assert_no_error (error);
    reference = g_date_time_new_utc (2024, 3, 14, 9, 0, 0);
    return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
    g_autofree char *text =
        g_utf8_make_valid ((const char *) data, (gssize) size);
    g_autoptr (GPtrArray) agendas =
        mla_agenda_parser_parse (parser, text, reference);

    g_assert (agendas != NULL);
    return 0;
}
