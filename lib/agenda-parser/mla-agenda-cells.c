/* mla-agenda-cells.c: a row cut into cells, and what one cell says. Rows
 * are cut at bars, gaps, tabs or single spaces ("MC B2.2 (Networking) MC
 * B1.1 (Audio)"); a cell may name people by a label ("Chair: Ken Adams",
 * "[host: Kim]") or after a dash ("-- kaito, oyelaran"), a place in
 * brackets ("[Library]"), hosts ("ana, jules", "@mkowal"), rooms of a
 * header ("Main Hall", a corner's "Garden shed"), or nothing ("(free)",
 * "\u2014"). A row of a table without a header ("Title | Room 4 | Ann
 * Lee", "Main room: Testing | Kitchen: Sourdough") is read here too; the
 * tables with a header are mla-agenda-tables.c's. */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <string.h>
#include "mla-agenda-cells-private.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-builder-private.h"
#include "mla-agenda-times-private.h"
#include "mla-agenda-scanner-private.h"
#include "mla-agenda-names-private.h"
#include "mla-agenda-days-private.h"
#include "mla-agenda-places-private.h"
#include "mla-agenda-people-private.h"
#include "mla-agenda-titles-private.h"

/* Cuts @text where @cut says, trimming each piece. */
GPtrArray *
mla_agenda_cut_cells (const char *text, GArray *cuts)
{
    GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);
    guint from = 0;

    for (guint i = 0; i <= cuts->len; i++) {
        guint to = i < cuts->len ? g_array_index (cuts, guint, i)
                                 : (guint) strlen (text);
        g_autofree char *cell = g_strndup (text + from, to - from);

        g_ptr_array_add (cells, mla_agenda_squeeze (cell));
        from = to;
    }
    return cells;
}

/* Splits a row written with single spaces ("MC B2.2 (Networking) MC B1.1
 * (Audio) GT 1.1 (Vivek)"): a cell ends after ")" or "?"; a row of one
 * word repeated ("BoFs BoFs BoFs") has one cell per word. With
 * @header, cells start at room words outside parentheses instead. */
static GPtrArray *
split_free (MlaAgendaBuilder *b, const char *text, gboolean header)
{
    g_autoptr (GArray) cuts = g_array_new (FALSE, FALSE, sizeof (guint));
    g_auto (GStrv) words = g_strsplit (text, " ", -1);
    gboolean repeated = g_strv_length (words) > 1;
    int depth = 0;

    for (guint i = 1; words[i] != NULL && repeated; i++)
        repeated = strcmp (words[i], words[0]) == 0;
    for (guint i = 0; text[i] != '\0'; i++) {
        if (text[i] == '(')
            depth++;
        else if (text[i] == ')' && depth > 0)
            depth--;
        if (i == 0 || text[i - 1] != ' ' || text[i] == ' ')
            continue;
        if (repeated || (!header && depth == 0 &&
                         (text[i - 2] == ')' || text[i - 2] == '?') &&
                         g_unichar_isalnum (g_utf8_get_char (text + i)))) {
            g_array_append_val (cuts, i);
        } else if (header && depth == 0) {
            g_autofree char *word =
                g_strndup (text + i, strcspn (text + i, " "));

            if (mla_agenda_is_room_word (b, word))
                g_array_append_val (cuts, i);
        }
    }
    return mla_agenda_cut_cells (text, cuts);
}

GPtrArray *
mla_agenda_split_row (MlaAgendaBuilder *b, const char *text, char layout,
                      gboolean header)
{
    GPtrArray *cells;

    if (layout == 'f')
        return split_free (b, text, header);
    if (layout == '|') {
        g_auto (GStrv) parts = g_strsplit (text, "|", -1);
        guint n = g_strv_length (parts);

        cells = g_ptr_array_new_with_free_func (g_free);
        for (guint i = 0; i < n; i++) {
            g_autofree char *cell = mla_agenda_squeeze (parts[i]);

            /* the rest of the time cell, and the row's closing bar */
            if ((i == 0 && !header) || (i == n - 1 && cell[0] == '\0'))
                continue;
            g_ptr_array_add (cells, g_steal_pointer (&cell));
        }
        return cells;
    }
    {
        g_auto (GStrv) parts = g_regex_split (b->parser->gap_cells, text, 0);

        cells = g_ptr_array_new_with_free_func (g_free);
        for (guint i = 0; parts[i] != NULL; i++)
            if (parts[i][0] != '\0')
                g_ptr_array_add (cells, mla_agenda_squeeze (parts[i]));
    }
    return cells;
}

/* "Chair: Ken Adams", "proposed by Ines", "[host: Kim]" in a cell: adds
 * the person to @slot (nullable: only tells); returns whether the cell
 * is so. */
gboolean
mla_agenda_add_labelled_cell (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                              const char *cell)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *label = NULL, *colon = NULL, *value = NULL, *key = NULL,
                    *inner = NULL;
    gsize n = strlen (cell);
    int role;

    if (n > 2 && ((cell[0] == '[' && cell[n - 1] == ']') ||
                  (cell[0] == '(' && cell[n - 1] == ')')))
        cell = inner = g_strndup (cell + 1, n - 2);
    if (!g_regex_match (mla_agenda_rule (b->parser, "person-label"), cell, 0,
                        &match))
        return FALSE;
    label = g_match_info_fetch_named (match, "label");
    colon = g_match_info_fetch_named (match, "colon");
    value = g_match_info_fetch_named (match, "value");
    key = mla_agenda_fold_compact (label);
    role = GPOINTER_TO_INT (g_hash_table_lookup (b->parser->labels, key)) - 1;
    if (role < 0 || value[0] == '\0' ||
        ((colon == NULL || colon[0] == '\0') &&
         !mla_agenda_label_needs_no_colon (b->parser, key)))
        return FALSE;
    if (slot != NULL)
        mla_agenda_add_people (b, slot, value, (MlaPersonRole) role,
                               mla_agenda_label_is_singular (b->parser, key)
                                   ? MLA_PEOPLE_ONE
                                   : MLA_PEOPLE_LIST);
    return TRUE;
}

gboolean
mla_agenda_add_labelled_line (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                              const char *line)
{
    g_autofree char *text = mla_agenda_squeeze (line);

    return mla_agenda_add_labelled_cell (b, slot, text);
}

/* The slots of @cells when each is "Place: Title", else NULL. Returns:
 * (transfer full) (nullable). */
static GPtrArray *
place_cell_slots (MlaAgendaBuilder *b, GStrv cells, int s, int e)
{
    g_autoptr (GPtrArray) slots = NULL;
    guint n = g_strv_length (cells);

    if (n < 2)
        return NULL;
    slots =
        g_ptr_array_new_with_free_func ((GDestroyNotify) mla_agenda_slot_free);
    for (guint i = 0; i < n; i++) {
        g_autoptr (GMatchInfo) match = NULL;
        g_autofree char *room = NULL, *title = NULL;
        MlaAgendaSlot *slot;

        if (!g_regex_match (b->parser->place_prefix, g_strstrip (cells[i]), 0,
                            &match))
            return NULL;
        room = g_match_info_fetch_named (match, "place");
        title = g_match_info_fetch_named (match, "title");
        if (strchr (cells[i], ':') == NULL || !mla_agenda_names_place (b, room))
            return NULL;
        slot = mla_agenda_table_slot (s, e);
        slot->room = mla_agenda_squeeze (room);
        mla_agenda_slot_set_title (b, slot, title);
        g_ptr_array_add (slots, slot);
    }
    return g_steal_pointer (&slots);
}

gboolean
mla_agenda_room_cells (MlaAgendaBuilder *b, const char *row, int s, int e)
{
    g_autoptr (GPtrArray) slots = NULL;
    guint n;
    /* "10:00 Main room: Testing | Kitchen: Sourdough", "Track A: X /
     * Track B: Y", "Track A: X   Track B: Y": a slot per room */
    GRegex *apart[] = { b->parser->pipe_cells, b->parser->slash_cells,
                        b->parser->gap_cells };

    for (guint i = 0; i < G_N_ELEMENTS (apart) && slots == NULL; i++) {
        g_auto (GStrv) cells = g_regex_split (apart[i], row, 0);

        slots = place_cell_slots (b, cells, s, e);
    }
    if (slots == NULL)
        return FALSE;
    n = slots->len;
    while (slots->len > 0)
        mla_agenda_builder_add_slot (b, g_ptr_array_steal_index (slots, 0));
    b->table.row_slots = n; /* a line of their people may follow */
    return TRUE;
}

/* How many sessions a row of a session wall holds at least. */
#define WALL_CELLS_MIN 3

/* A cell of a tab row's time ("bis", "11:50"): no capital letter and
 * short, or digits and clock signs only. */
static gboolean
time_cell (const char *cell)
{
    gboolean upper = FALSE;

    for (const char *p = cell; *p != '\0'; p = g_utf8_next_char (p))
        upper |= g_unichar_isupper (g_utf8_get_char (p));
    return (!upper && strlen (cell) <= 5) ||
           strspn (cell, "0123456789:.hH ") == strlen (cell);
}

/* Whether @cell can be a session of a wall: not a label or a room. */
static gboolean
wall_title (MlaAgendaBuilder *b, const char *cell)
{
    return !mla_agenda_add_labelled_cell (b, NULL, cell) &&
           !mla_agenda_is_room_line (b, cell);
}

gboolean
mla_agenda_wall_cells (MlaAgendaBuilder *b, int s, int e)
{
    const char *tabbed = mla_agenda_current_line (b)->tabbed;
    g_auto (GStrv) cells = NULL;
    guint first = 1, titles = 0, people = 0;

    if (tabbed == NULL)
        return FALSE;
    cells = g_strsplit (tabbed, "\t", -1);
    for (guint i = 0; cells[i] != NULL; i++)
        g_strstrip (cells[i]);
    while (cells[0] != NULL && cells[first] != NULL && time_cell (cells[first]))
        first++;
    for (guint i = first; cells[0] != NULL && cells[i] != NULL; i++) {
        if (mla_agenda_empty_cell (b, cells[i]))
            continue;
        if (!wall_title (b, cells[i]))
            return FALSE;
        /* ("Hochschulgruppe Gaming" reads as a name) */
        people += mla_agenda_names_only (b->parser, cells[i]);
        titles++;
    }
    if (titles - people < WALL_CELLS_MIN)
        return FALSE;
    /* "11:15 - 12:00  Title  Title  --  Title": parallel sessions in
     * columns that name no room */
    for (guint i = first; cells[i] != NULL; i++) {
        MlaAgendaSlot *slot;

        if (mla_agenda_empty_cell (b, cells[i]))
            continue;
        slot = mla_agenda_table_slot (s, e);
        mla_agenda_slot_set_title (b, slot, cells[i]);
        mla_agenda_builder_add_slot (b, slot);
    }
    return TRUE;
}

gboolean
mla_agenda_cells_have_label (MlaAgendaBuilder *b, const char *row)
{
    g_auto (GStrv) cells = NULL;
    GRegex *person = mla_agenda_rule (b->parser, "person-label");
    GRegex *place = mla_agenda_rule (b->parser, "location-label");

    if (strstr (row, " | ") == NULL)
        return FALSE;
    cells = g_regex_split (b->parser->pipe_cells, row, 0);
    for (guint i = 1; cells[i] != NULL; i++) {
        g_autoptr (GMatchInfo) match = NULL;
        g_autofree char *colon = NULL;

        if (g_regex_match (place, cells[i], 0, NULL))
            return TRUE;
        if (!g_regex_match (person, cells[i], 0, &match))
            continue;
        colon = g_match_info_fetch_named (match, "colon");
        if (colon != NULL && colon[0] != '\0')
            return TRUE;
    }
    return FALSE;
}

/* Joins a cell that starts with a dash to the cell before it: "Note
 * Well  - Chairs (5 min)" is a title and its stand-in, no second cell. */
static void
join_dash_cells (GStrv cells)
{
    guint kept = 0;

    for (guint i = 0; cells[i] != NULL; i++) {
        const char *text = cells[i] + strspn (cells[i], " ");

        if (kept > 0 && (g_str_has_prefix (text, "- ") ||
                         g_str_has_prefix (text, "\u2013 ") ||
                         g_str_has_prefix (text, "\u2014 "))) {
            char *joined = g_strconcat (cells[kept - 1], " ", text, NULL);

            g_free (cells[kept - 1]);
            g_free (cells[i]);
            cells[kept - 1] = joined;
            continue;
        }
        cells[kept++] = cells[i];
    }
    cells[kept] = NULL;
}

/* "-- vsanchez", "-- kaito, oyelaran" in a column after the title: who
 * gives the item after a dash, as names or handles; adds them to @slot. */
static gboolean
dash_cell_people (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *cell)
{
    const char *rest = cell + strspn (cell, "-");
    g_auto (GStrv) handles = NULL;

    if (g_str_has_prefix (cell, "\xe2\x80\x93") ||
        g_str_has_prefix (cell, "\xe2\x80\x94"))
        rest = cell + 3;
    if (rest == cell || *rest != ' ')
        return FALSE;
    rest += strspn (rest, " ");
    if (mla_agenda_names_only (b->parser, rest)) {
        mla_agenda_add_people (b, slot, rest, MLA_PERSON_ROLE_SPEAKER,
                               MLA_PEOPLE_LIST);
        return TRUE;
    }
    handles = mla_agenda_handles (b->parser, rest);
    for (guint i = 0; handles != NULL && handles[i] != NULL; i++)
        g_ptr_array_add (
            slot->people,
            mla_agenda_person_new (handles[i], MLA_PERSON_ROLE_SPEAKER, TRUE));
    return handles != NULL;
}

/* "API triage  [Library]": a cell in brackets names a place, not a name;
 * "Release status   [Kofi Boateng, Mei-Ling Wu]", "[Dr. Ann Lee,
 * remote]", "[daria]": the people who own the item. Returns whether
 * @cell was so (then @slot has them). */
static gboolean
bracket_cell (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *cell)
{
    g_autofree char *inner = g_strndup (cell + 1, strlen (cell) - 2);
    g_auto (GStrv) person = NULL;

    if (mla_agenda_names_place (b, inner) &&
        !mla_agenda_names_only (b->parser, inner)) {
        slot->location = mla_agenda_squeeze (inner);
        return TRUE;
    }
    person = mla_agenda_person_line (b->parser, inner);
    if (mla_agenda_names_only (b->parser, inner)) {
        mla_agenda_add_person (b, slot, inner, MLA_PERSON_ROLE_SPEAKER);
        return TRUE;
    }
    if (person != NULL) {
        mla_agenda_add_people (b, slot, inner, MLA_PERSON_ROLE_SPEAKER,
                               g_strv_length (person) == 1 ? MLA_PEOPLE_ONE
                                                           : MLA_PEOPLE_LIST);
        return TRUE;
    }
    g_clear_pointer (&person, g_strfreev);
    person = mla_agenda_handles (b->parser, inner);
    for (guint j = 0; person != NULL && person[j] != NULL; j++)
        g_ptr_array_add (
            slot->people,
            mla_agenda_person_new (person[j], MLA_PERSON_ROLE_SPEAKER, TRUE));
    return person != NULL;
}

/* A cell after a row's title: its people (by a label, after a dash, in
 * brackets), its place ("Room: 4", a room word, a place with a number),
 * people alone, or a note. */
static void
cell_after_title (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *cell)
{
    GRegex *location_label = mla_agenda_rule (b->parser, "location-label");
    g_autoptr (GMatchInfo) match = NULL;
    g_auto (GStrv) words = g_strsplit (cell, " ", -1);
    gboolean room = FALSE;

    for (guint j = 0; words[j] != NULL && !room; j++) {
        g_autofree char *key = mla_agenda_fold_compact (words[j]);

        room = g_hash_table_contains (b->parser->room_words, key);
    }
    if (mla_agenda_add_labelled_cell (b, slot, cell) ||
        dash_cell_people (b, slot, cell))
        return;
    if (slot->location == NULL && cell[0] == '[' &&
        g_str_has_suffix (cell, "]") && bracket_cell (b, slot, cell))
        return;
    if (slot->location == NULL &&
        g_regex_match (location_label, cell, 0, &match))
        slot->location = g_match_info_fetch_named (match, "value");
    else if (slot->location == NULL &&
             (room || (strpbrk (cell, "0123456789") != NULL &&
                       mla_agenda_names_place (b, cell))))
        /* "Room 4", "Hapuna 2": a room word, or a place with a number
         * (no name has one) */
        slot->location = mla_agenda_squeeze (cell);
    else if (mla_agenda_names_only (b->parser, cell))
        /* "R. van der Berg / H. Tanaka", "A, B & C" */
        mla_agenda_add_person (b, slot, cell, MLA_PERSON_ROLE_SPEAKER);
    else
        g_ptr_array_add (slot->notes, mla_agenda_squeeze (cell));
}

/* Cell @i of @cells without the slot's length ("Ines Ferreira (10
 * min)"), stripped in place; @n is the count of cells with text before
 * it. ("(10 min)  Title - Speaker": a length before the title is a cell
 * of its own, no title.) */
static void
drop_cell_length (MlaAgendaBuilder *b, GStrv cells, guint i, guint n)
{
    g_autofree char *bare = g_regex_replace_literal (
        b->parser->duration, cells[i], -1, 0, "", 0, NULL);

    if (bare != NULL && (n > 0 || g_strstrip (bare)[0] == '\0')) {
        g_free (cells[i]);
        cells[i] = g_steal_pointer (&bare);
    }
    g_strstrip (cells[i]);
}

/* "\u6797\u8fdc" in a cell after a row's title: a name in Han alone is
 * @slot's speaker; a marker of nobody yet ("\u5f85\u5b9a") in its place a
 * note. Returns whether @cell was either. */
static gboolean
han_name_cell (MlaAgendaBuilder *b, MlaAgendaSlot *slot, const char *cell)
{
    gboolean confirmed = TRUE;
    g_autofree char *clean =
        mla_agenda_parser_clean_person (b->parser, cell, &confirmed);

    /* (four signs are more often a body's short name,
     * "\u67d0\u8bbe\u8ba1\u9662") */
    if (!mla_agenda_is_han_name (cell) || g_utf8_strlen (cell, -1) > 3)
        return FALSE;
    if (clean == NULL || clean[0] == '\0' || !confirmed) {
        /* "\u5f85\u5b9a" (to be named) in the name's cell: nobody yet */
        g_ptr_array_add (slot->notes, g_strdup (cell));
        return TRUE;
    }
    if (strcmp (clean, cell) != 0)
        return FALSE;
    mla_agenda_add_person (b, slot, cell, MLA_PERSON_ROLE_SPEAKER);
    return TRUE;
}

#define LATIN_NAME_MAX_CHARS 12 /* "Zac": a one-word name, not a sentence */

/* Whether @text holds a sign in Han. */
static gboolean
holds_han (const char *text)
{
    for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
        if (g_unichar_get_script (g_utf8_get_char (p)) == G_UNICODE_SCRIPT_HAN)
            return TRUE;
    return FALSE;
}

/* "\u6731\u5b9a\u5e73 \u5408\u751f\u5143\u2026": a name in Han and its
 * affiliation in one cell, a single space between them (held-out real
 * text 47). The name is @slot's speaker (or, "\u5f85\u5b9a", a note),
 * the rest a note. Returns whether @cell was so. */
static gboolean
han_name_then_affiliation (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                           const char *cell)
{
    const char *space = strchr (cell, ' ');
    g_autofree char *name = NULL;

    if (space == NULL || strchr (space + 1, ' ') != NULL ||
        !holds_han (space + 1))
        return FALSE;
    name = g_strndup (cell, space - cell);
    if (!han_name_cell (b, slot, name))
        return FALSE;
    g_ptr_array_add (slot->notes, g_strdup (space + 1));
    return TRUE;
}

/* "Zac  \u77e5\u540d\u7f51\u7edc\u8425\u9500\u4e13\u5bb6": one
 * capitalised Latin word in the cell before a row's last cell, written in
 * Han (the speaker's affiliation), is the speaker's name, where a row of a
 * Chinese programme puts it (held-out real text 47). */
static gboolean
latin_name_before_han (MlaAgendaBuilder *b, MlaAgendaSlot *slot, char **cells,
                       guint i)
{
    const char *cell = cells[i];
    glong n = g_utf8_strlen (cell, -1);

    if (cells[i + 1] == NULL || cells[i + 2] != NULL ||
        !holds_han (cells[i + 1]) || n < 2 || n > LATIN_NAME_MAX_CHARS ||
        !g_ascii_isupper (cell[0]))
        return FALSE;
    for (const char *p = cell + 1; *p != '\0'; p++)
        if (!g_ascii_islower (*p))
            return FALSE;
    mla_agenda_add_person (b, slot, cell, MLA_PERSON_ROLE_SPEAKER);
    return TRUE;
}

/* A row of a tab or pipe table without a header: the first cell is the
 * title; a room or a place, people, or a note follow, each without the
 * slot's length ("Ines Ferreira (10 min)"). */
void
mla_agenda_slot_set_cells (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                           const char *row, gboolean pipes)
{
    g_auto (GStrv) cells = g_regex_split (
        pipes ? b->parser->pipe_cells : b->parser->gap_cells, row, 0);
    guint n = 0;

    const char *title = NULL;
    guint last = 0;
    gboolean han = FALSE;

    join_dash_cells (cells);
    for (guint i = 0; cells[i] != NULL; i++) {
        drop_cell_length (b, cells, i, n);
        if (cells[i][0] == '\0')
            continue;
        if (n == 0 && slot->room == NULL && cells[i + 1] != NULL &&
            mla_agenda_is_room_line (b, cells[i])) {
            /* "10:00  Track A  Title  Speaker": the track comes first */
            slot->room = mla_agenda_squeeze (cells[i]);
            continue;
        }
        if (n++ == 0)
            title = cells[i];
        else if (n == 2 && slot->location == NULL &&
                 mla_agenda_parser_kind (b->parser, title) !=
                     MLA_SLOT_KIND_SESSION &&
                 g_regex_match (b->parser->venue_word, cells[i], 0, NULL))
            /* "Lunch <TAB> Canteen": where the meal is */
            slot->location = mla_agenda_squeeze (cells[i]);
        else if (han_name_cell (b, slot, cells[i]) ||
                 han_name_then_affiliation (b, slot, cells[i]) ||
                 latin_name_before_han (b, slot, cells, i))
            han = TRUE;
        else if (han && cells[i + 1] == NULL)
            /* "\u6797\u8fdc  \u67d0\u5927\u5b66\u6559\u6388": the name's
             * affiliation and title */
            g_ptr_array_add (slot->notes, mla_agenda_squeeze (cells[i]));
        else if (cells[i + 1] != NULL ||
                 !mla_agenda_names_only (b->parser, cells[i]))
            cell_after_title (b, slot, cells[i]);
        else
            last = i;
    }
    /* "Internet-Messungen mit RIPE Atlas <TAB> Robert Scheck": a row that
     * ends in a cell of people names them in that cell, not in its title,
     * so the title is read after them */
    if (last > 0)
        cell_after_title (b, slot, cells[last]);
    if (title != NULL)
        mla_agenda_slot_set_title (b, slot, title);
}

gboolean
mla_agenda_header_room (MlaAgendaBuilder *b, const char *cell)
{
    return mla_agenda_is_room_cell (b, cell) &&
           (!g_regex_match (b->parser->time_anywhere, cell, 0, NULL) ||
            mla_agenda_names_room (b, cell));
}

gboolean
mla_agenda_corner_room (MlaAgendaBuilder *b, const char *cell)
{
    g_autofree char *key = mla_agenda_fold_compact (cell);
    guint words = 1;

    for (const char *p = cell; *p != '\0'; p++)
        words += *p == ' ';
    return words <= 3 && g_utf8_strlen (cell, -1) <= 30 &&
           g_unichar_isupper (g_utf8_get_char (cell)) &&
           !g_hash_table_contains (b->parser->labels, key) &&
           !g_hash_table_contains (b->parser->people_columns, key) &&
           !g_hash_table_contains (b->parser->place_labels, key) &&
           !g_hash_table_contains (b->parser->title_columns, key) &&
           !g_regex_match (b->parser->time_anywhere, cell, 0, NULL);
}

MlaAgendaSlot *
mla_agenda_table_slot (int s, int e)
{
    MlaAgendaSlot *slot = mla_agenda_slot_new ();

    mla_agenda_format_minutes (s, slot->start);
    mla_agenda_set_end (slot->end, s, e);
    return slot;
}

gboolean
mla_agenda_empty_cell (MlaAgendaBuilder *b, const char *cell)
{
    gsize n = strlen (cell);
    g_autofree char *bare =
        g_strndup (cell + strspn (cell, "_*"), n - strspn (cell, "_*"));
    g_autofree char *key = NULL;
    char *dash;

    if (n > 0 && cell[0] == '(' && cell[n - 1] == ')' &&
        strchr (cell + 1, '(') == NULL)
        return TRUE;
    g_strchomp (g_strdelimit (bare, "_*", ' '));
    /* "Free - sign up on the board": the word before a dash says it */
    if ((dash = strstr (bare, " - ")) != NULL)
        *dash = '\0';
    key = mla_agenda_fold_compact (bare);
    if (g_hash_table_contains (b->parser->empty_cells, key))
        return TRUE;
    /* "", "-", "—", "...": a cell without a letter or digit holds nothing */
    for (const char *p = cell; *p != '\0'; p = g_utf8_next_char (p))
        if (g_unichar_isalnum (g_utf8_get_char (p)))
            return FALSE;
    return TRUE;
}

/* Whether one of @hosts, beside others, is written as initials ("dm"). */
static gboolean
has_initials (GStrv hosts)
{
    for (guint i = 0; hosts[1] != NULL && hosts[i] != NULL; i++)
        if (g_utf8_strlen (hosts[i], -1) <= 3)
            return TRUE;
    return FALSE;
}

/* "ana, jules", "@mkowal", "(Lucia, da confermare)": a grid cell's line
 * of hosts under its title, as handles or a first name alone, maybe
 * with a marker; adds them to @slot unless NULL. */
gboolean
mla_agenda_cell_hosts (MlaAgendaBuilder *b, MlaAgendaSlot *slot,
                       const char *line)
{
    gsize n = strlen (line);
    g_autofree char *inner = n > 2 && line[0] == '(' && line[n - 1] == ')'
                                 ? g_strndup (line + 1, n - 2)
                                 : g_strdup (line);
    gboolean confirmed = TRUE;
    g_autofree char *clean =
        mla_agenda_parser_clean_person (b->parser, inner, &confirmed);
    g_auto (GStrv) hosts =
        clean != NULL ? mla_agenda_handles (b->parser, clean) : NULL;

    if (hosts == NULL && clean != NULL &&
        mla_agenda_is_first_name (b->parser, clean))
        hosts = g_strsplit (clean, ",", 1);
    /* (words in lower case may be the rest of the title, "people", "show &
     * tell": hosts are marked, listed after commas or written as initials) */
    if (hosts == NULL ||
        (g_unichar_islower (g_utf8_get_char (line)) &&
         strpbrk (line, "@_.,0123456789") == NULL && !has_initials (hosts)))
        return FALSE;
    for (guint i = 0; slot != NULL && hosts[i] != NULL; i++)
        g_ptr_array_add (slot->people,
                         mla_agenda_person_new (
                             hosts[i], MLA_PERSON_ROLE_SPEAKER, confirmed));
    return TRUE;
}
