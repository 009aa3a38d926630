/* mla-xml-private.h: placeholder. */
#pragma once
