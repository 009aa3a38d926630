/* mla-defect.c: defects attached to messages. */
#include "config.h"
#include "mla-defect.h"

static MlaDefect *
defect_new_valist (const char *code, const char *format, va_list args)
{
    MlaDefect *defect = g_new0 (MlaDefect, 1);

    defect->code = g_strdup (code);
    defect->detail = g_strdup_vprintf (format, args);
    return defect;
}

MlaDefect *
mla_defect_new (const char *code, const char *format, ...)
{
    va_list args;
    MlaDefect *defect;

    va_start (args, format);
    defect = defect_new_valist (code, format, args);
    va_end (args);
    return defect;
}

MlaDefect *
mla_defect_copy (const MlaDefect *defect)
{
    return mla_defect_new (defect->code, "%s", defect->detail);
}

void
mla_defect_free (MlaDefect *defect)
{
    if (defect == NULL)
        return;
    g_free (defect->code);
    g_free (defect->detail);
    g_free (defect);
}

GPtrArray *
mla_defect_list_new (void)
{
    return g_ptr_array_new_with_free_func ((GDestroyNotify) mla_defect_free);
}

void
mla_defect_list_add (GPtrArray *defects, const char *code, const char *format,
                     ...)
{
    va_list args;

    va_start (args, format);
    g_ptr_array_add (defects, defect_new_valist (code, format, args));
    va_end (args);
}
