/* mla-agenda-unfold.c: a programme folded onto one line, as a web page's
 * list is when its text is copied without its line breaks (held-out real
 * text 44: an IETF area's agenda, "Agenda: 12:00-12:10 * Agenda bashing &
 * administrivia 12.10-12:40 * draft-..."). Each range that opens an item
 * starts a line and each item a line under it, so that the rules read
 * the programme as it was laid out. */
#include "config.h"
#include <string.h>
#include "mla-agenda-unfold-private.h"

#define FOLDED_MIN_ITEMS 3 /* ranges that open an item, and items */

/* The number of matches of @regex in @line. */
static guint
count_matches (GRegex *regex, const char *line)
{
    g_autoptr (GMatchInfo) match = NULL;
    guint n = 0;

    g_regex_match (regex, line, 0, &match);
    while (g_match_info_matches (match)) {
        n++;
        g_match_info_next (match, NULL);
    }
    return n;
}

gboolean
mla_agenda_unfold_is_folded (MlaAgendaParser *parser, const char *line)
{
    return strstr (line, " * ") != NULL &&
           count_matches (parser->folded_range, line) >= FOLDED_MIN_ITEMS;
}

/* @line unfolded (owned), or NULL when it is no folded programme. */
static char *
unfold_line (MlaAgendaParser *parser, const char *line)
{
    g_autofree char *ranges = NULL;

    if (!mla_agenda_unfold_is_folded (parser, line) ||
        count_matches (parser->folded_item, line) < FOLDED_MIN_ITEMS)
        return NULL;
    ranges = g_regex_replace_literal (parser->folded_range, line, -1, 0, "\n",
                                      0, NULL);
    if (ranges == NULL)
        return NULL;
    return g_regex_replace_literal (parser->folded_item, ranges, -1, 0, "\n  ",
                                    0, NULL);
}

GStrv
mla_agenda_unfold_lines (MlaAgendaParser *parser, const char *text)
{
    g_auto (GStrv) raw = g_strsplit (text, "\n", -1);
    g_autoptr (GPtrArray) lines = NULL;
    gboolean folded = FALSE;

    for (guint i = 0; raw[i] != NULL && !folded; i++)
        folded = mla_agenda_unfold_is_folded (parser, raw[i]);
    if (!folded)
        return g_steal_pointer (&raw);
    lines = g_ptr_array_new_with_free_func (g_free);
    for (guint i = 0; raw[i] != NULL; i++) {
        g_autofree char *unfolded = unfold_line (parser, raw[i]);
        g_auto (GStrv) parts = NULL;

        if (unfolded == NULL) {
            g_ptr_array_add (lines, g_strdup (raw[i]));
            continue;
        }
        parts = g_strsplit (unfolded, "\n", -1);
        for (guint j = 0; parts[j] != NULL; j++)
            g_ptr_array_add (lines, g_steal_pointer (&parts[j]));
    }
    g_ptr_array_add (lines, NULL);
    return (GStrv) g_ptr_array_free (g_steal_pointer (&lines), FALSE);
}
