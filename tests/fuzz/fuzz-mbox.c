/* fuzz-mbox.c: libFuzzer target for the mbox reader. A first byte 0, 1 or
 * 2 picks the format (auto, mboxrd, mboxcl2) and the rest is the mbox; any
 * other first byte means auto on all the bytes, so that plain mbox files
 * work as seeds. Every message is read; an error must end the read. */
#include <stdint.h>
#include "mlarc.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
    static const MlaMboxFormat formats[] = {
        MLA_MBOX_FORMAT_AUTO,
        MLA_MBOX_FORMAT_MBOXRD,
        MLA_MBOX_FORMAT_MBOXCL2,
    };
    g_autoptr (GInputStream) stream = NULL;
    g_autoptr (MlaMboxReader) reader = NULL;
    MlaMboxFormat format;

    format = MLA_MBOX_FORMAT_AUTO;
    if (size > 0 && data[0] < G_N_ELEMENTS (formats)) {
        format = formats[data[0]];
        data++;
        size--;
    }
    stream = g_memory_input_stream_new_from_data (data, (gssize) size, NULL);
    reader = mla_mbox_reader_new (stream, "fuzz.mbox", format);
    for (;;) {
        g_autoptr (MlaRawMessage) raw = NULL;
        g_autoptr (GError) error = NULL;

        if (!mla_mbox_reader_next (reader, &raw, &error))
            g_assert (error != NULL);
        if (raw == NULL)
            break;
    }
    return 0;
}
