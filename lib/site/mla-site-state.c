/* mla-site-state.c: SITE/.mlarc-site.state, a GKeyFile with one group,
 * [state], written with the atomic-file module after the manifest. */
#include "config.h"
#include <glib/gstdio.h>
#include "mla-address-mask.h"
#include "mla-atomic-file-private.h"
#include "mla-site-state-private.h"

#define GROUP "state"

char *
mla_site_state_key (const char *generation, const char *theme,
                    const MlaSiteOptions *options, const char *pagefind_version)
{
    static const MlaSiteOptions defaults = { 0 };
    const MlaSiteOptions *o = options != NULL ? options : &defaults;
    g_autofree char *text = g_strdup_printf (
        "%s\n%s\n%s\ntitle %s\nbase-url %s\ntemplates %s\naddresses %d%s\n"
        "search %d %s\n",
        PACKAGE_VERSION, generation, theme, o->title != NULL ? o->title : "-",
        o->base_url != NULL ? o->base_url : "-",
        o->templates != NULL ? o->templates : "-", o->show_addresses,
        o->show_addresses ? "" : " mask " MLA_ADDRESS_MASK_VERSION,
        (int) o->search, pagefind_version != NULL ? pagefind_version : "-");

    return g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);
}

static char *
site_file (const char *root, const char *name)
{
    return g_build_filename (root, name, NULL);
}

gboolean
mla_site_state_current (const char *root, const char *key, MlaSiteStats *stats)
{
    g_autofree char *path = site_file (root, MLA_SITE_STATE_FILE);
    g_autofree char *manifest = site_file (root, MLA_SITE_MANIFEST);
    g_autofree char *marker = site_file (root, MLA_SITE_MANIFEST ".running");
    g_autoptr (GKeyFile) file = g_key_file_new ();
    g_autofree char *recorded = NULL;

    if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, NULL) ||
        (recorded = g_key_file_get_string (file, GROUP, "key", NULL)) == NULL ||
        g_strcmp0 (recorded, key) != 0 ||
        !g_file_test (manifest, G_FILE_TEST_IS_REGULAR) ||
        g_file_test (marker, G_FILE_TEST_EXISTS))
        return FALSE;
    stats->unchanged = g_key_file_get_uint64 (file, GROUP, "files", NULL);
    stats->published = g_key_file_get_uint64 (file, GROUP, "published", NULL);
    stats->withheld = g_key_file_get_uint64 (file, GROUP, "withheld", NULL);
    stats->periods_kept = g_key_file_get_uint64 (file, GROUP, "periods", NULL);
    stats->searchable =
        g_key_file_get_boolean (file, GROUP, "searchable", NULL);
    return TRUE;
}

gboolean
mla_site_state_save (const char *root, const char *key,
                     const MlaSiteStats *stats, GError **error)
{
    g_autofree char *path = site_file (root, MLA_SITE_STATE_FILE);
    g_autoptr (GKeyFile) file = g_key_file_new ();
    g_autofree char *data = NULL;
    gsize size = 0;

    g_key_file_set_string (file, GROUP, "key", key);
    g_key_file_set_uint64 (file, GROUP, "files",
                           stats->written + stats->unchanged);
    g_key_file_set_uint64 (file, GROUP, "published", stats->published);
    g_key_file_set_uint64 (file, GROUP, "withheld", stats->withheld);
    g_key_file_set_uint64 (file, GROUP, "periods",
                           stats->periods_indexed + stats->periods_kept);
    g_key_file_set_boolean (file, GROUP, "searchable", stats->searchable);
    data = g_key_file_to_data (file, &size, NULL);
    return mla_atomic_file_set_contents (path, data, size, error);
}
