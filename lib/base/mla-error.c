/* mla-error.c: the MLA_ERROR quark. */
#include "config.h"
#include "mla-error.h"

G_DEFINE_QUARK (mla-error-quark, mla_error)
