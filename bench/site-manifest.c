/* site-manifest.c: what a site's manifest costs a build that changes
 * nothing (issue 22 §2), not part of mlarc. Built against lib/ of this
 * tree or of an older one (before the delta, no scoped update):
 *
 *     gcc -O2 -I. -Ilib -Ilib/base -Ilib/site ... (-I every folder of lib) \
 *         bench/site-manifest.c lib/.libs/libmlarc-core.a \
 *         $(pkg-config --cflags --libs gio-2.0 gmime-3.0 libxslt sqlite3 \
 *         nettle libical) -o site-manifest
 *     site-manifest SITE open|full|scoped|scoped10
 *
 * open: open the manifest and free it. full: a whole build that keeps
 * every file (the paths and signatures read beforehand, outside the
 * measure). scoped: open, mla_site_files_keep_rest, finish. scoped10: the
 * same, putting 10 pages. SITE needs only its manifest files: nothing
 * is removed, nothing renamed but the 10 pages. Prints the times of open,
 * the keeps and finish, and the resident set before and after. */
#include "config.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mla-site-files-private.h"

/* Resident set and its peak, in KiB, from /proc/self/status. */
static void
rss (guint64 *now, guint64 *peak)
{
    g_autofree char *status = NULL;
    const char *at;

    *now = *peak = 0;
    if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
        return;
    if ((at = strstr (status, "VmRSS:")) != NULL)
        *now = g_ascii_strtoull (at + 6, NULL, 10);
    if ((at = strstr (status, "VmHWM:")) != NULL)
        *peak = g_ascii_strtoull (at + 6, NULL, 10);
}

/* Keeps every line of the manifest text @lines, as a whole build whose
 * pages all kept their signatures does. */
static guint
keep_all (MlaSiteFiles *files, char *lines)
{
    guint kept = 0;

    for (char *line = lines, *end; line != NULL && *line != '\0';
         line = end != NULL ? end + 1 : NULL) {
        char *sig, *path;

        end = strchr (line, '\n');
        if (end != NULL)
            *end = '\0';
        sig = strchr (line, ' ');
        path = sig != NULL ? strchr (sig + 1, ' ') : NULL;
        if (path == NULL)
            continue;
        *path = '\0';
        kept += mla_site_files_keep (files, path + 1, sig + 1);
        *path = ' ';
    }
    return kept;
}

int
main (int argc, char **argv)
{
    g_autoptr (MlaFolder) folder = NULL;
    g_autoptr (GError) error = NULL;
    g_autofree char *lines = NULL;
    MlaSiteFiles *files;
    MlaSiteStats stats = { 0 };
    guint64 rss0, peak0, rss1, peak1, rss2, peak2;
    gint64 t0, t1, t2, t3;
    guint kept = 0;

    if (argc != 3)
        return fprintf (stderr, "usage: site-manifest SITE MODE\n"), 2;
    folder = mla_folder_open (argv[1], 0, &error);
    if (folder == NULL)
        return fprintf (stderr, "%s\n", error->message), 1;
    if (strcmp (argv[2], "full") == 0) {
        g_autofree char *path = g_build_filename (argv[1], ".mlarc-site", NULL);

        if (!g_file_get_contents (path, &lines, NULL, &error))
            return fprintf (stderr, "%s\n", error->message), 1;
    }
    rss (&rss0, &peak0);
    t0 = g_get_monotonic_time ();
    files = mla_site_files_open (folder, &error);
    if (files == NULL)
        return fprintf (stderr, "%s\n", error->message), 1;
    t1 = g_get_monotonic_time ();
    rss (&rss1, &peak1);
    if (strcmp (argv[2], "open") == 0) {
        mla_site_files_free (files);
        printf ("open %.1f ms, rss %" G_GUINT64_FORMAT " -> %" G_GUINT64_FORMAT
                " KiB\n",
                (t1 - t0) / 1000.0, rss0, rss1);
        return 0;
    }
    if (lines != NULL)
        kept = keep_all (files, lines);
#ifdef MLA_SITE_MANIFEST_DELTA
    if (g_str_has_prefix (argv[2], "scoped"))
        mla_site_files_keep_rest (files, NULL);
#else
    if (g_str_has_prefix (argv[2], "scoped"))
        return fprintf (stderr, "no scoped update in this tree\n"), 2;
#endif
    for (guint i = 0; strcmp (argv[2], "scoped10") == 0 && i < 10; i++) {
        g_autofree char *path = g_strdup_printf ("bench/%u.html", i);
        g_autofree char *data = g_strdup_printf ("%u %" G_GINT64_FORMAT, i, t0);

        if (!mla_site_files_put (files, path, data, strlen (data), &error))
            return fprintf (stderr, "%s\n", error->message), 1;
    }
    t2 = g_get_monotonic_time ();
    if (!mla_site_files_finish (files, &stats, &error))
        return fprintf (stderr, "%s\n", error->message), 1;
    t3 = g_get_monotonic_time ();
    rss (&rss2, &peak2);
    mla_site_files_free (files);
    printf ("%s: open %.1f ms, keeps %.1f ms (%u kept), finish %.1f ms; "
            "rss %" G_GUINT64_FORMAT " KiB before open, %" G_GUINT64_FORMAT
            " after open, %" G_GUINT64_FORMAT
            " after finish, peak +%" G_GUINT64_FORMAT " KiB\n",
            argv[2], (t1 - t0) / 1000.0, (t2 - t1) / 1000.0, kept,
            (t3 - t2) / 1000.0, rss0, rss1, rss2, peak2 - rss0);
    return 0;
}
