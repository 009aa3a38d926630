/* mla-html-private.h: placeholder. */
#pragma once
