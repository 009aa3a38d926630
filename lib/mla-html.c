/* mla-html.c: placeholder. */
#include "config.h"
