/* replay.c: runs a fuzz target, built without libFuzzer, on every file of
 * its regression corpus, tests/fuzz/corpus/TARGET/: the crashers the
 * fuzzers found, and a few seeds. A test of make check per target. */
#include "config.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <glib.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
/* (libFuzzer calls a target's setup when it has one: so must we, or a
 * target such as fuzz-agenda replays its corpus without its parser) */
int LLVMFuzzerInitialize (int *argc, char ***argv) __attribute__ ((weak));

int
main (int argc, char **argv)
{
    const char *top_srcdir = g_getenv ("top_srcdir");
    g_autofree char *corpus =
        g_build_filename (top_srcdir != NULL ? top_srcdir : ".", "tests",
                          "fuzz", "corpus", MLA_FUZZ_TARGET, NULL);
    g_autoptr (GError) error = NULL;
    g_autoptr (GDir) dir = g_dir_open (corpus, 0, &error);
    const char *name;
    guint n = 0;

    if (LLVMFuzzerInitialize != NULL)
        LLVMFuzzerInitialize (&argc, &argv);
    if (dir == NULL) {
        fprintf (stderr, "SKIP: %s\n", error->message);
        return 77;
    }
    while ((name = g_dir_read_name (dir)) != NULL) {
        g_autofree char *path = g_build_filename (corpus, name, NULL);
        g_autofree char *data = NULL;
        gsize size = 0;

        if (!g_file_get_contents (path, &data, &size, &error)) {
            fprintf (stderr, "%s\n", error->message);
            return EXIT_FAILURE;
        }
        printf ("%s\n", path);
        fflush (stdout);
        LLVMFuzzerTestOneInput ((const uint8_t *) data, size);
        n++;
    }
    printf ("%u inputs replayed\n", n);
    return n > 0 ? EXIT_SUCCESS : 77;
}
