/* fuzz-message.c: libFuzzer target for the message parser: the bytes are
 * one raw message (headers and body, no From_ line). */
#include <stdint.h>
#include "mlarc.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
    g_autoptr (GBytes) bytes = g_bytes_new (data, size);
    g_autoptr (MlaRawMessage) raw =
        mla_raw_message_new (bytes, "fuzz.eml", 0, 1);
    g_autoptr (MlaMessage) message = mla_message_parse (raw);

    g_assert (message != NULL);
    return 0;
}
