/* mla-agenda-mail.c: placeholder. */
#include "config.h"
#include "mlarc.h"
