/* mla-site-settings.c: SITE/.mlarc-site.settings, a GKeyFile with one
 * group, [site], written with the atomic-file module. */
#include "config.h"
#include <errno.h>
#include <glib/gstdio.h>
#include "mla-atomic-file-private.h"
#include "mla-error.h"
#include "mla-site-settings.h"

#define GROUP "site"

gboolean
mla_site_settings_merge (const char *site, MlaSiteSetting *settings,
                         gsize n_settings, MlaNoticeFunc notice,
                         gpointer notice_data, GError **error)
{
    g_autofree char *path =
        g_build_filename (site, MLA_SITE_SETTINGS_FILE, NULL);
    g_autoptr (MlaFolder) folder = NULL;
    g_autoptr (GKeyFile) file = g_key_file_new ();
    g_autoptr (GError) local = NULL;
    g_autofree char *data = NULL;
    g_autofree char *contents = NULL;
    gboolean changed = FALSE;
    gsize size = 0;

    if (g_file_test (site, G_FILE_TEST_EXISTS) &&
        (folder = mla_folder_open (site, 0, error)) == NULL)
        return FALSE;
    if (folder != NULL &&
        (!mla_folder_read_file (folder, MLA_SITE_SETTINGS_FILE, &contents,
                                &size, &local) ||
         !g_key_file_load_from_data (file, contents, size,
                                     G_KEY_FILE_KEEP_COMMENTS, &local)) &&
        !g_error_matches (local, MLA_ERROR, MLA_ERROR_NOT_FOUND))
        return mla_throw (error, MLA_ERROR_INVALID, "%s: %s", path,
                          local->message);
    for (gsize i = 0; i < n_settings; i++) {
        MlaSiteSetting *setting = &settings[i];
        g_autofree char *recorded =
            g_key_file_get_string (file, GROUP, setting->name, NULL);

        if (setting->value == NULL) {
            setting->value = g_steal_pointer (&recorded);
            continue;
        }
        if (g_strcmp0 (recorded, setting->value) == 0)
            continue;
        if (recorded != NULL && notice != NULL) {
            g_autofree char *text =
                g_strdup_printf ("%s changed from %s to %s", setting->name,
                                 recorded, setting->value);

            notice (text, notice_data);
        }
        g_key_file_set_string (file, GROUP, setting->name, setting->value);
        changed = TRUE;
    }
    if (!changed)
        return TRUE;
    if (folder == NULL &&
        (folder = mla_folder_open (site, MLA_FOLDER_CREATE, error)) == NULL)
        return FALSE;
    data = g_key_file_to_data (file, &size, NULL);
    return mla_atomic_file_set_contents (folder, MLA_SITE_SETTINGS_FILE, data,
                                         size, error);
}
