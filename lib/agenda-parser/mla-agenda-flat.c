/* mla-agenda-flat.c: layouts of the agenda parser that put one cell of a
 * timetable per line: time blocks over one line per parallel session, and
 * web tables flattened by copying (a header of rooms, then a title and
 * its speaker per room under each time). */
#define G_LOG_DOMAIN "mlarc"
#include "config.h"
#include <string.h>
#include "mla-agenda-flat-private.h"
#include "mla-agenda-vocabulary-private.h"
#include "mla-agenda-builder-private.h"
#include "mla-agenda-times-private.h"
#include "mla-agenda-scanner-private.h"
#include "mla-agenda-names-private.h"
#include "mla-agenda-days-private.h"
#include "mla-agenda-places-private.h"
#include "mla-agenda-people-private.h"
#include "mla-agenda-titles-private.h"
#include "mla-agenda-cells-private.h"
#include "mla-agenda-tables-private.h"

/* One line of a parallel block: its room and title, and its line. */
typedef struct {
    char *room;  /* owned */
    char *title; /* owned */
    guint line;
} MlaSession;

static void
session_clear (gpointer data)
{
    MlaSession *session = data;

    g_free (session->room);
    g_free (session->title);
}

/* Whether @text is a group's short code ("WS3", "TU2", "AHG"). */
static gboolean
is_short_code (const char *text)
{
    if (strlen (text) > 6 || text[0] == '\0')
        return FALSE;
    for (const char *p = text; *p != '\0'; p++)
        if (!g_ascii_isupper (*p) && !g_ascii_isdigit (*p) && *p != '-')
            return FALSE;
    return TRUE;
}

/* Splits @text into a room and the rest: a room of up to three words that
 * is no label and names a place. Returns FALSE when it does not start so. */
static gboolean
split_room (MlaAgendaBuilder *b, const char *text, char **out_room,
            char **out_rest)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *raw = NULL, *room = NULL, *key = NULL, *inner = NULL;
    guint words = 1;

    if (!g_regex_match (b->parser->session_line, text, 0, &match))
        return FALSE;
    raw = g_match_info_fetch_named (match, "room");
    room = mla_agenda_squeeze (raw);
    inner = mla_agenda_room_in_parentheses (b, room);
    if (inner != NULL) {
        /* "Track 1 (Ballroom A)": the room is the place in parentheses */
        g_free (room);
        room = g_steal_pointer (&inner);
    }
    key = mla_agenda_fold_compact (room);
    for (const char *p = room; *p != '\0'; p++)
        words += *p == ' ';
    /* ("[HS 1] Panel: Title": the room is the tag, not "[HS 1] Panel") */
    if (words > 3 || strpbrk (room, "[]") != NULL ||
        g_hash_table_contains (b->parser->labels, key) ||
        g_hash_table_contains (b->parser->place_labels, key) ||
        !mla_agenda_names_place (b, room))
        return FALSE;
    *out_room = g_steal_pointer (&room);
    *out_rest = g_match_info_fetch_named (match, "rest");
    return TRUE;
}

/* The room at the end of a session's line: in parentheses ("Kernel
 * hacking (Room A)") or after a dash ("Kernel hacking \u2014 Room A"), a
 * room word in it. Returns: (transfer full) (nullable): the room; @out_title
 * gets the rest. */
static char *
room_at_end (MlaAgendaBuilder *b, const char *text, char **out_title)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *room = NULL;

    if (!g_regex_match (b->parser->room_at_end, text, 0, &match))
        return NULL;
    room = g_match_info_fetch_named (match, "room");
    if (!mla_agenda_is_room_line (b, room))
        return NULL;
    *out_title = g_match_info_fetch_named (match, "title");
    return g_steal_pointer (&room);
}

/* The room of "[HS 1] Title": a short tag in brackets before the title
 * that is no person ("[Saad Ali] Volume snapshots" names who leads it)
 * and holds a digit or names a place. Returns: (transfer full)
 * (nullable): the room; @out_title gets the rest. */
static char *
room_in_brackets (MlaAgendaBuilder *b, const char *text, char **out_title)
{
    const char *close = text[0] == '[' ? strchr (text, ']') : NULL;
    g_autofree char *tag = NULL;

    if (close == NULL || close - text > 24 || close[1] != ' ')
        return NULL;
    tag = g_strstrip (g_strndup (text + 1, close - text - 1));
    if (tag[0] == '\0' || mla_agenda_parser_is_name (b->parser, tag) ||
        (strpbrk (tag, "0123456789") == NULL &&
         !mla_agenda_names_place (b, tag)))
        return NULL;
    *out_title = g_strdup (close + 1 + strspn (close + 1, " "));
    return g_steal_pointer (&tag);
}

/* Reads @text (of line @i) as a parallel session: a room, then a title
 * that is no bare name (unless @chaired: "Aula Magna   Corpus Methods"
 * over "Chair: Rui Fonseca" is a session, not who is in the room); or a
 * group's code before the room ("WS3  Salon 1  Title"), which stays in
 * the title; or a group's code alone ("WS1   Workshop on X"), the room. A
 * bullet ("-", "*", "\u2022", "\u25b8": a sign and a space) before either
 * is layout. Returns FALSE when the text is none. */
static gboolean
read_session_text (MlaAgendaBuilder *b, const char *text, guint i,
                   gboolean chaired, MlaSession *out)
{
    g_autofree char *room = NULL, *rest = NULL, *title = NULL;

    if (!g_unichar_isalnum (g_utf8_get_char (text)) &&
        strchr ("([{<\"'", text[0]) == NULL && *g_utf8_next_char (text) == ' ')
        text = g_utf8_next_char (text) + 1;
    if (split_room (b, text, &room, &rest)) {
        title = g_strdup (g_strstrip (rest));
    } else if ((room = room_at_end (b, text, &title)) != NULL) {
        /* "[A1] Kernel hacking (Room A)", "Title \u2014 Room B" */
    } else if ((room = room_in_brackets (b, text, &title)) != NULL) {
        /* "[HS 1] Reproduzierbare Builds mit Nix \u2013 Lin Mei" */
    } else {
        g_autoptr (GMatchInfo) match = NULL;
        g_autofree char *code = NULL, *after = NULL;

        if (!g_regex_match (b->parser->session_line, text, 0, &match))
            return FALSE;
        code = g_match_info_fetch_named (match, "room");
        after = g_match_info_fetch_named (match, "rest");
        if (!is_short_code (g_strstrip (code)))
            return FALSE;
        if (split_room (b, after, &room, &rest)) {
            title = g_strconcat (code, " ", g_strstrip (rest), NULL);
        } else if (strpbrk (code, "0123456789") != NULL) {
            room = g_steal_pointer (&code);
            title = g_strdup (g_strstrip (after));
        } else {
            return FALSE;
        }
    }
    if ((!chaired && mla_agenda_parser_is_name (b->parser, title)) ||
        g_str_has_prefix (title, "http"))
        return FALSE; /* "Notes: https://...": a link, no session */
    out->room = g_steal_pointer (&room);
    out->title = g_steal_pointer (&title);
    out->line = i;
    return TRUE;
}

static gboolean
read_session (MlaAgendaBuilder *b, guint i, MlaSession *out)
{
    return read_session_text (b, b->lines[i].text + b->lines[i].indent, i,
                              mla_agenda_people_under (b, i), out);
}

/* Whether the time on the current line has no title after it. */
static gboolean
time_alone (MlaAgendaBuilder *b)
{
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *title = NULL;

    if (!g_regex_match (mla_agenda_rule (b->parser, "slot-time"),
                        b->lines[b->index].text, 0, &match))
        return FALSE;
    title = g_match_info_fetch_named (match, "title");
    return title == NULL || g_strstrip (title)[0] == '\0';
}

/* Reads the title on the current time line as the block's first session
 * ("11:15-12:00  Sala Turing: Rust" over "Sala Lovelace: ..." at the
 * title's column); its room needs a room word, since "Navigation: ..."
 * over "Instructor: X" is one slot. Returns the column the title starts
 * at, 0 when the title is no session. */
static guint
time_line_session (MlaAgendaBuilder *b, MlaSession *out)
{
    const char *text = b->lines[b->index].text;
    g_autoptr (GMatchInfo) match = NULL;
    gint start = 0;

    if (!g_regex_match (mla_agenda_rule (b->parser, "slot-time"), text, 0,
                        &match) ||
        !g_match_info_fetch_named_pos (match, "title", &start, NULL) ||
        start <= 0)
        return 0;
    start += strspn (text + start, " ");
    if (text[start] == '\0' ||
        !read_session_text (b, text + start, b->index, FALSE, out))
        return 0;
    if (!mla_agenda_names_room (b, out->room)) {
        session_clear (out);
        return 0;
    }
    return g_utf8_pointer_to_offset (text, text + start);
}

/* Whether @title ends in a "Label: Name" cell after a gap (not "P1
 * Panel: funding maintainers", a title). */
static gboolean
labelled_tail (MlaAgendaBuilder *b, const char *title)
{
    const char *gap = g_strrstr (title, "  ");
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *colon = NULL, *value = NULL;

    if (gap == NULL ||
        !g_regex_match (mla_agenda_rule (b->parser, "person-label"),
                        gap + strspn (gap, " "), 0, &match))
        return FALSE;
    colon = g_match_info_fetch_named (match, "colon");
    value = g_match_info_fetch_named (match, "value");
    return colon != NULL && colon[0] != '\0' &&
           mla_agenda_names_only (b->parser, value);
}

gboolean
mla_agenda_parallel_block (MlaAgendaBuilder *b, int s, int e)
{
    g_autoptr (GArray) sessions =
        g_array_new (FALSE, TRUE, sizeof (MlaSession));
    guint heading = b->index, indent = 0, last = b->index, next = 0;
    /* "9:00 - 10:30" alone, then "Parallel sessions" indented under it
     * over the sessions: that line heads the block, no slot */
    gboolean titled = !time_alone (b);
    MlaSession first = { 0 };

    g_array_set_clear_func (sessions, session_clear);
    if (titled && (indent = time_line_session (b, &first)) > 0)
        g_array_append_val (sessions, first);
    for (guint i = heading + 1; i < b->n_lines; i++) {
        const MlaAgendaLine *line = &b->lines[i];
        MlaSession session = { 0 };

        if (line->blank || line->indent < b->lines[heading].indent ||
            g_regex_match (mla_agenda_rule (b->parser, "slot-time"), line->text,
                           0, NULL))
            break;
        if ((sessions->len == 0 || line->indent == indent) &&
            read_session (b, i, &session)) {
            indent = line->indent;
            g_array_append_val (sessions, session);
        } else if (sessions->len == 0 && !titled &&
                   line->indent > b->lines[heading].indent) {
            titled = TRUE;
            continue;
        } else if (sessions->len == 0 || line->indent <= indent) {
            break;
        }
        last = i;
    }
    if (sessions->len < 2)
        return FALSE;
    MLA_AGENDA_TRACE ("agenda: line %u: a time block of %u parallel sessions",
                      heading + 1, sessions->len);
    /* each session is a slot; the lines indented under it (the rest of its
     * title, its chair, its papers) are read like any slot's lines */
    for (b->index = g_array_index (sessions, MlaSession, 0).line;
         b->index <= last; b->index++) {
        MlaSession *session = next < sessions->len
                                  ? &g_array_index (sessions, MlaSession, next)
                                  : NULL;
        MlaAgendaSlot *slot;

        if (session == NULL || b->index != session->line) {
            b->classify_line (b);
            continue;
        }
        next++;
        if (mla_agenda_empty_cell (b, session->title)) {
            /* "Lab 1:  (open)": a room with no session */
            b->slot.open = FALSE;
            continue;
        }
        slot = mla_agenda_slot_new ();
        mla_agenda_format_minutes (s, slot->start);
        mla_agenda_set_end (slot->end, s, e);
        slot->room = g_steal_pointer (&session->room);
        /* "Title  Chair: Ann Lee": cells apart by a gap, as on a slot's line */
        if (labelled_tail (b, session->title))
            mla_agenda_slot_set_cells (b, slot, session->title, FALSE);
        else
            mla_agenda_slot_set_title (b, slot, session->title);
        mla_agenda_builder_add_slot (b, slot);
        b->slot.indent = indent;
    }
    b->index = last;
    return TRUE;
}

/* The rooms of "TimeRoom ARoom BRoom C" (the cells of a web table's
 * header row, run together when copied): a cell starts at a capital
 * letter followed by a lower-case one right after a letter or digit. */
static GPtrArray *
split_run_together (MlaAgendaBuilder *b, const char *rest)
{
    g_autoptr (GArray) cuts = g_array_new (FALSE, FALSE, sizeof (guint));
    g_autoptr (GMatchInfo) match = NULL;
    g_autoptr (GPtrArray) rooms = NULL;

    /* g_regex_split() mishandles a separator that matches the empty string */
    g_regex_match (b->parser->run_together, rest, 0, &match);
    for (; g_match_info_matches (match); g_match_info_next (match, NULL)) {
        gint at = 0;

        g_match_info_fetch_pos (match, 0, &at, NULL);
        g_array_append_val (cuts, at);
    }
    rooms = mla_agenda_cut_cells (rest, cuts);
    for (guint i = 0; i < rooms->len; i++)
        if (!mla_agenda_is_room_cell (b, g_ptr_array_index (rooms, i)))
            return NULL;
    return g_steal_pointer (&rooms);
}

/* The rooms of a header row written one cell per line under "Time": the
 * short lines up to the first time (a blank line may come before it); a
 * line may hold several apart by bars ("Room A | Room B | Room C"). */
static GPtrArray *
rooms_below (MlaAgendaBuilder *b, guint *out_last)
{
    g_autoptr (GPtrArray) rooms = g_ptr_array_new_with_free_func (g_free);
    GRegex *slot_time = mla_agenda_rule (b->parser, "slot-time");

    for (guint i = b->index + 1; i < b->n_lines; i++) {
        g_autofree char *cell = mla_agenda_squeeze (b->lines[i].text);

        if (b->lines[i].blank &&
            (i + 1 >= b->n_lines || rooms->len == 0 ||
             !g_regex_match (slot_time, b->lines[i + 1].text, 0, NULL)))
            return NULL;
        if (b->lines[i].blank ||
            g_regex_match (slot_time, b->lines[i].text, 0, NULL)) {
            *out_last = i - 1;
            return rooms->len >= 2 ? g_steal_pointer (&rooms) : NULL;
        }
        g_auto (GStrv) cells = g_strsplit (cell, "|", -1);

        for (guint k = 0; cells[k] != NULL; k++) {
            g_strstrip (cells[k]);
            if (!mla_agenda_is_room_cell (b, cells[k]))
                return NULL;
            g_ptr_array_add (rooms, g_strdup (cells[k]));
        }
    }
    return NULL;
}

/* The header cells one per line under "Time" that name a table's
 * columns ("Session", "Speaker", "Room"), one of them its titles': up to
 * a blank line. Returns: (transfer full) (nullable). */
static GPtrArray *
columns_below (MlaAgendaBuilder *b, guint *out_last)
{
    g_autoptr (GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);
    gboolean titles = FALSE;
    guint i;

    for (i = b->index + 1; i < b->n_lines && !b->lines[i].blank; i++) {
        g_autofree char *cell = mla_agenda_squeeze (b->lines[i].text);
        g_autofree char *key = mla_agenda_fold_compact (cell);
        gboolean title = g_hash_table_contains (b->parser->title_columns, key);

        if (!title && !g_hash_table_contains (b->parser->labels, key) &&
            !g_hash_table_contains (b->parser->people_columns, key) &&
            !g_hash_table_contains (b->parser->place_labels, key))
            return NULL;
        titles = titles || title;
        g_ptr_array_add (cells, g_steal_pointer (&cell));
    }
    *out_last = i - 1;
    return titles && cells->len >= 2 ? g_steal_pointer (&cells) : NULL;
}

gboolean
mla_agenda_rule_flat_header (MlaAgendaBuilder *b, GMatchInfo *match)
{
    g_autofree char *rest = g_match_info_fetch_named (match, "rest");
    g_autoptr (GPtrArray) rooms = NULL;
    guint last = b->index;

    if (rest != NULL && rest[0] != '\0') {
        rooms =
            strstr (rest, "  ") == NULL ? split_run_together (b, rest) : NULL;
    } else if ((rooms = rooms_below (b, &last)) == NULL) {
        g_autoptr (GPtrArray) columns = columns_below (b, &last);

        /* "Time / Session / Speaker / Room", a line each: the rows below
         * come so too, a time and then a line per column */
        if (columns == NULL)
            return FALSE;
        mla_agenda_set_columns (b, columns, FALSE, 'l');
        MLA_AGENDA_TRACE ("agenda: rule flat-header: line %u: %u columns",
                          b->index + 1, columns->len);
        b->index = last;
        return TRUE;
    }
    if (rooms == NULL || rooms->len < 2)
        return FALSE;
    mla_agenda_builder_clear_table (b);
    for (guint i = 0; i < rooms->len; i++)
        g_ptr_array_add (b->flat.rooms,
                         g_strdup (g_ptr_array_index (rooms, i)));
    MLA_AGENDA_TRACE ("agenda: rule flat-header: line %u: %u rooms",
                      b->index + 1, rooms->len);
    b->index = last;
    b->slot.current = NULL;
    return TRUE;
}

/* Whether line @i ends the rows of a time in a flattened table. */
static gboolean
ends_flat_row (MlaAgendaBuilder *b, guint i)
{
    return b->lines[i].blank ||
           g_regex_match (mla_agenda_rule (b->parser, "slot-time"),
                          b->lines[i].text, 0, NULL);
}

/* Whether line @i is a room and nothing else. */
static gboolean
room_line_at (MlaAgendaBuilder *b, guint i)
{
    g_autofree char *text = mla_agenda_squeeze (b->lines[i].text);

    return mla_agenda_is_room_line (b, text);
}

/* The lines of the row under the time on the current line: up to the next
 * time or blank line; when the cells are apart by blank lines ("Title",
 * "", "Speaker"), up to the next time, two blank lines or as many lines as
 * two per room. */
static GArray *
flat_row_lines (MlaAgendaBuilder *b)
{
    GArray *lines = g_array_new (FALSE, FALSE, sizeof (guint));
    guint i = b->index + 1, max = 2 * b->flat.rooms->len;
    gboolean spaced = b->flat.rooms->len > 0 && i + 2 < b->n_lines &&
                      !b->lines[i].blank && b->lines[i + 1].blank &&
                      !b->lines[i + 2].blank && !ends_flat_row (b, i + 2);

    if (spaced) {
        g_auto (GStrv) names = mla_agenda_speaker_line (b, i + 2);

        spaced = names != NULL;
    }
    for (; i < b->n_lines; i++) {
        if (b->lines[i].blank) {
            if (!spaced || i + 1 >= b->n_lines || b->lines[i + 1].blank ||
                lines->len >= max)
                break;
            continue;
        }
        if (ends_flat_row (b, i))
            break;
        g_array_append_val (lines, i);
    }
    return lines;
}

/* One session of a flattened row: its lines (G_MAXUINT: none). */
typedef struct {
    guint room;         /* its room's line, in a row without a header */
    guint title;        /* its title's line */
    guint first_people; /* its first line of people */
    guint last_people;  /* its last line of people */
} MlaFlatItem;

/* The sessions of the run of lines @line (@n of them) under a time:
 * [room,] title, then its speaker's line when one follows; "Title / Ann
 * Lee / Red Hat" per room (@triplets): the third line is the speaker's
 * affiliation. *@out_k gets the lines read. */
static GArray *
flat_row_items (MlaAgendaBuilder *b, const guint *line, guint n,
                gboolean room_led, gboolean triplets, guint *out_k)
{
    GArray *items = g_array_new (FALSE, FALSE, sizeof (MlaFlatItem));
    guint k = 0;

    while (k < n) {
        MlaFlatItem item = { G_MAXUINT, G_MAXUINT, G_MAXUINT, G_MAXUINT };
        g_auto (GStrv) names = NULL;

        if (room_led) {
            if (!room_line_at (b, line[k]))
                break;
            item.room = line[k++];
            if (k >= n)
                break;
        }
        item.title = line[k++];
        if (k < n && (!room_led || !room_line_at (b, line[k])) &&
            (names = mla_agenda_speaker_line (b, line[k])) != NULL) {
            item.first_people = item.last_people = line[k++];
            /* "Moderator: Ann Lee / Panelists: Bo Li, Cy Ng": one cell */
            while (!triplets && k < n &&
                   mla_agenda_labelled_people_at (b, line[k]))
                item.last_people = line[k++];
        }
        if (triplets)
            k++;
        g_array_append_val (items, item);
    }
    *out_k = k;
    return items;
}

/* Whether the run of lines @line (@n of them) holds "Title / Ann Lee /
 * Red Hat" per room of the header. */
static gboolean
flat_triplets (MlaAgendaBuilder *b, const guint *line, guint n,
               gboolean room_led)
{
    gboolean triplets = !room_led && n == 3 * b->flat.rooms->len;

    for (guint k = 1; triplets && k < n; k += 3) {
        g_auto (GStrv) names = mla_agenda_speaker_line (b, line[k]);

        triplets = names != NULL;
    }
    return triplets;
}

/* The slot of @item, the @k-th of @items, from @s to @e; NULL for an
 * empty cell ("\u2014"), which keeps its room's place in the row. */
static MlaAgendaSlot *
flat_item_slot (MlaAgendaBuilder *b, GArray *items, guint k, gboolean room_led,
                int s, int e)
{
    const MlaFlatItem *item = &g_array_index (items, MlaFlatItem, k);
    g_autofree char *cell = mla_agenda_squeeze (b->lines[item->title].text);
    MlaAgendaSlot *slot;

    if (items->len > 1 && mla_agenda_empty_cell (b, cell))
        return NULL;
    slot = mla_agenda_slot_new ();
    mla_agenda_format_minutes (s, slot->start);
    mla_agenda_set_end (slot->end, s, e);
    /* one item under a time spans the rooms (a break, a keynote) */
    if (room_led)
        slot->room = mla_agenda_squeeze (b->lines[item->room].text);
    else if (items->len > 1 && k < b->flat.rooms->len)
        slot->room = g_strdup (g_ptr_array_index (b->flat.rooms, k));
    b->index = item->title;
    mla_agenda_slot_set_title (b, slot, b->lines[item->title].text);
    if (item->first_people != G_MAXUINT && slot->people->len > 0) {
        /* the speaker has a line of its own: "Teaching Statistics
         * with Real Data" names nobody */
        g_ptr_array_set_size (slot->people, 0);
        g_free (slot->title);
        slot->title = g_steal_pointer (&cell);
    }
    for (guint j = item->first_people;
         item->first_people != G_MAXUINT && j <= item->last_people; j++) {
        MlaPersonRole role;
        g_auto (GStrv) names =
            mla_agenda_add_labelled_line (b, slot, b->lines[j].text)
                ? NULL
                : mla_agenda_speaker_line_role (b, j, &role);

        for (guint m = 0; names != NULL && names[m] != NULL; m++)
            mla_agenda_add_person (b, slot, names[m], role);
    }
    return slot;
}

gboolean
mla_agenda_flat_row (MlaAgendaBuilder *b, int s, int e)
{
    guint k = 0, n, speakers = 0, note = G_MAXUINT, last;
    /* without a header, each item may name its room on a line of its own */
    gboolean room_led = b->flat.rooms->len == 0;
    g_autoptr (GArray) items = NULL;
    g_autoptr (GArray) run = flat_row_lines (b);
    const guint *line = (const guint *) run->data;

    n = run->len;
    if (n == 0 || (room_led && !room_line_at (b, line[0])))
        return FALSE;
    items = flat_row_items (b, line, n, room_led,
                            flat_triplets (b, line, n, room_led), &k);
    last = line[MIN (k, n) - 1];
    if (items->len == 0 || (room_led && items->len < 2))
        return FALSE;
    for (k = 0; k < items->len; k++)
        speakers +=
            g_array_index (items, MlaFlatItem, k).first_people != G_MAXUINT;
    if (!room_led && items->len == 2 && speakers == 0 && b->flat.pairs &&
        !(g_str_has_suffix (b->lines[line[0]].text, ")") &&
          g_str_has_suffix (b->lines[line[1]].text, ")"))) {
        /* where the rooms come as title and speaker pairs, two lines are
         * one pair: "Lightning talks / Open to everyone" spans the rooms;
         * not two titles that each name their speaker ("Taller (Ana
         * Ruiz)" / "Datos (Ponente: Bo Li)") */
        note = g_array_index (items, MlaFlatItem, 1).title;
        g_array_set_size (items, 1);
    }
    b->flat.pairs = b->flat.pairs || speakers > 0;
    for (k = 0; k < items->len; k++) {
        MlaAgendaSlot *slot = flat_item_slot (b, items, k, room_led, s, e);

        if (slot == NULL)
            continue;
        if (note != G_MAXUINT)
            g_ptr_array_add (slot->notes,
                             mla_agenda_squeeze (b->lines[note].text));
        mla_agenda_builder_add_slot (b, slot);
    }
    b->index = last; /* the row's last line read */
    b->slot.open = FALSE;
    return TRUE;
}

/* The cells of line @i apart by bars, each stripped. Returns: (transfer
 * full) (nullable): NULL when the line holds no bar. */
static GStrv
bar_cells (MlaAgendaBuilder *b, guint i)
{
    g_autofree char *text = mla_agenda_squeeze (b->lines[i].text);
    GStrv cells;

    if (b->lines[i].blank || strchr (text, '|') == NULL)
        return NULL;
    cells = g_strsplit (text, "|", -1);
    for (guint k = 0; cells[k] != NULL; k++)
        g_strstrip (cells[k]);
    return cells;
}

gboolean
mla_agenda_bar_block (MlaAgendaBuilder *b, int s, int e)
{
    guint head = b->index + 1, row = head + 1;
    g_auto (GStrv) rooms = head < b->n_lines ? bar_cells (b, head) : NULL;
    g_auto (GStrv) cells =
        rooms != NULL && row < b->n_lines ? bar_cells (b, row) : NULL;
    guint n_rooms = rooms != NULL ? g_strv_length (rooms) : 0;

    if (n_rooms < 2 || cells == NULL || g_strv_length (cells) > n_rooms)
        return FALSE;
    for (guint k = 0; k < n_rooms; k++)
        if (!mla_agenda_is_room_cell (b, rooms[k]))
            return FALSE;
    MLA_AGENDA_TRACE ("agenda: line %u: a row of %u rooms apart by bars",
                      head + 1, n_rooms);
    b->index = row;
    for (guint k = 0; cells[k] != NULL; k++) {
        MlaAgendaSlot *slot;

        if (mla_agenda_empty_cell (b, cells[k]))
            continue;
        slot = mla_agenda_slot_new ();
        mla_agenda_format_minutes (s, slot->start);
        mla_agenda_set_end (slot->end, s, e);
        slot->room = g_strdup (rooms[k]);
        mla_agenda_slot_set_title (b, slot, cells[k]);
        mla_agenda_builder_add_slot (b, slot);
    }
    b->slot.open = FALSE;
    return TRUE;
}

/* The room that line @i heads a session with: "Room 201" alone, or the
 * last cell that names one of "Track A: Cloud Native  |  Room 201" or
 * "Track A \u00b7 Aula Magna" (a track, then its room). Returns:
 * (transfer full) (nullable). */
static char *
room_heading_at (MlaAgendaBuilder *b, guint i)
{
    g_auto (GStrv) cells = NULL;
    g_autofree char *text = NULL;
    char *room = NULL;

    if (room_line_at (b, i))
        return mla_agenda_squeeze (b->lines[i].text);
    if (strstr (b->lines[i].text, " | ") == NULL &&
        strstr (b->lines[i].text, " \xc2\xb7 ") == NULL)
        return NULL;
    text = g_strdup (b->lines[i].text);
    for (char *dot = strstr (text, "\xc2\xb7"); dot != NULL;
         dot = strstr (dot, "\xc2\xb7"))
        memcpy (dot, "| ", 2);
    cells = g_strsplit (text, "|", -1);
    for (guint k = 0; cells[k] != NULL; k++) {
        g_autofree char *cell = mla_agenda_squeeze (cells[k]);

        if (mla_agenda_is_room_line (b, cell)) {
            g_free (room);
            room = g_steal_pointer (&cell);
        }
    }
    return room;
}

/* Whether line @i heads a session with its room. */
static gboolean
heads_room (MlaAgendaBuilder *b, guint i)
{
    g_autofree char *room = room_heading_at (b, i);

    return room != NULL;
}

/* Whether line @i names a day in a word of its own: not the end of a
 * word ("Hudi" ends in Dutch "di"). */
static gboolean
names_day_at (MlaAgendaBuilder *b, guint i)
{
    const char *text = b->lines[i].text;
    g_autoptr (GMatchInfo) match = NULL;

    g_regex_match (mla_agenda_rule (b->parser, "day-heading"), text, 0, &match);
    for (; g_match_info_matches (match); g_match_info_next (match, NULL)) {
        gint start = 0;

        g_match_info_fetch_pos (match, 0, &start, NULL);
        if (start == 0 || !g_unichar_isalpha (g_utf8_get_char (
                              g_utf8_prev_char (text + start))))
            return TRUE;
    }
    return FALSE;
}

/* Whether line @i ends a time's run of blocks: a time, or a heading (not
 * a speaker whose name holds a month's: "Jan van der Berg - NixLabs"). */
static gboolean
ends_blocks (MlaAgendaBuilder *b, guint i)
{
    g_auto (GStrv) names = NULL;

    if (g_regex_match (mla_agenda_rule (b->parser, "slot-time"),
                       b->lines[i].text, 0, NULL))
        return TRUE;
    if (!names_day_at (b, i))
        return FALSE;
    names = mla_agenda_speaker_line (b, i);
    return names == NULL;
}

/* Whether the lines @from to @to (a paragraph) read as one session of a
 * schedule site: a title, then its room and its speakers; or its room
 * (or track and room), then its title and speakers. */
static gboolean
is_session_block (MlaAgendaBuilder *b, guint from, guint to)
{
    gboolean detail = FALSE;
    g_autofree char *room = room_heading_at (b, from);

    if (room != NULL) {
        g_auto (GStrv) names =
            to > from + 1 ? mla_agenda_speaker_line (b, to) : NULL;
        /* "Track C \u00b7 Community \u00b7 Auditorium": a heading of cells
         * says it is a session's, whoever gives it ("Speakers to be
         * confirmed") */
        gboolean cells = !room_line_at (b, from);

        return to - from <= 3 &&
               (names != NULL || mla_agenda_labelled_people_at (b, to) ||
                (cells && to > from)) &&
               !room_line_at (b, from + 1);
    }
    /* the title may be in title case ("Platform Teams That Scale"): its
     * room or speaker below tells */
    if (to - from < 1 || to - from > 3)
        return FALSE;
    for (guint i = from + 1; i <= to; i++) {
        g_auto (GStrv) names = mla_agenda_speaker_line (b, i);

        detail = detail || names != NULL || room_line_at (b, i);
    }
    return detail;
}

gboolean
mla_agenda_block_row (MlaAgendaBuilder *b, int s, int e)
{
    g_autoptr (GArray) blocks = g_array_new (FALSE, FALSE, sizeof (guint) * 2);
    guint i = b->index + 1, last = b->index;

    while (i < b->n_lines) {
        guint block[2];

        while (i < b->n_lines && b->lines[i].blank && i - last <= 2)
            i++;
        if (i >= b->n_lines || b->lines[i].blank || ends_blocks (b, i))
            break;
        block[0] = i;
        /* blocks headed by their rooms may follow each other with no
         * blank line between them ("Track A \u00b7 Aula Magna", title,
         * speaker, "Track B \u00b7 Sala Verde", ...) */
        while (i + 1 < b->n_lines && !b->lines[i + 1].blank &&
               !ends_blocks (b, i + 1) &&
               !(heads_room (b, i + 1) && heads_room (b, block[0])))
            i++;
        block[1] = i;
        if (!is_session_block (b, block[0], block[1]))
            break;
        g_array_append_vals (blocks, block, 1);
        last = i++;
    }
    if (blocks->len < 2)
        return FALSE;
    /* "10:00am" over "Title / Room 201 / Ann Lee, Acme" paragraphs: one
     * slot per paragraph, in its room */
    MLA_AGENDA_TRACE ("agenda: line %u: %u sessions as paragraphs",
                      b->index + 1, blocks->len);
    for (guint k = 0; k < blocks->len; k++) {
        const guint *block =
            (const guint *) (blocks->data + k * sizeof (guint) * 2);
        MlaAgendaSlot *slot = mla_agenda_slot_new ();
        guint first = block[0];

        mla_agenda_format_minutes (s, slot->start);
        mla_agenda_set_end (slot->end, s, e);
        slot->room = room_heading_at (b, first);
        first += slot->room != NULL;
        b->index = first;
        mla_agenda_slot_set_title (b, slot, b->lines[first].text);
        for (guint j = first + 1; j <= block[1]; j++) {
            g_auto (GStrv) names = mla_agenda_speaker_line (b, j);

            if (slot->room == NULL && room_line_at (b, j))
                slot->room = mla_agenda_squeeze (b->lines[j].text);
            else if (mla_agenda_add_labelled_line (b, slot, b->lines[j].text))
                continue;
            else if (names != NULL)
                for (guint n = 0; names[n] != NULL; n++)
                    mla_agenda_add_person (b, slot, names[n],
                                           MLA_PERSON_ROLE_SPEAKER);
            else
                g_ptr_array_add (slot->notes,
                                 mla_agenda_squeeze (b->lines[j].text));
        }
        mla_agenda_builder_add_slot (b, slot);
    }
    b->index = last;
    b->slot.open = FALSE;
    return TRUE;
}
