/* mlarc-agenda.c: placeholder. */
#include "config.h"
#include "mlarc-commands.h"
int mlarc_agenda_command (int argc, char **argv) { return 1; }
