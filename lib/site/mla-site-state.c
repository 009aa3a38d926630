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
        "search %d %s\nup %s\n",
        PACKAGE_VERSION, generation, theme, o->title != NULL ? o->title : "-",
        o->base_url != NULL ? o->base_url : "-",
        o->templates != NULL ? o->templates : "-", o->show_addresses,
        o->show_addresses ? "" : " mask " MLA_ADDRESS_MASK_VERSION,
        (int) o->search, pagefind_version != NULL ? pagefind_version : "-",
        o->up != NULL ? o->up : "-");

    return g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);
}

gboolean
mla_site_state_current (MlaFolder *site, const char *key, MlaSiteStats *stats)
{
    g_autoptr (GKeyFile) file = g_key_file_new ();
    g_autofree char *contents = NULL;
    g_autofree char *recorded = NULL;
    gsize length = 0;
    struct stat st;

    if (!mla_folder_read_file (site, MLA_SITE_STATE_FILE, &contents, &length,
                               NULL) ||
        !g_key_file_load_from_data (file, contents, length, G_KEY_FILE_NONE,
                                    NULL) ||
        (recorded = g_key_file_get_string (file, GROUP, "key", NULL)) == NULL ||
        g_strcmp0 (recorded, key) != 0 ||
        !mla_folder_has_file (site, MLA_SITE_MANIFEST) ||
        mla_folder_stat (site, MLA_SITE_MANIFEST ".running", &st))
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
mla_site_state_save (MlaFolder *site, const char *key,
                     const MlaSiteStats *stats, GError **error)
{
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
    return mla_atomic_file_set_contents (site, MLA_SITE_STATE_FILE, data, size,
                                         error);
}
