/* mla-api.h: marks the symbols libmlarc exports; everything else is hidden. */
#pragma once

#define MLA_API __attribute__ ((visibility ("default")))
