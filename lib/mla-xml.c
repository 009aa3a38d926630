/* mla-xml.c: placeholder until the module lands. */
#include "config.h"
#include "mlarc.h"
