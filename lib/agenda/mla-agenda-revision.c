/* mla-agenda-revision.c: revisions of agendas and the changes between
 * them. The rules are in doc/design.md ("Agenda revisions"); this file
 * knows the agenda model only, no mail, no storage, no output. */
#include "config.h"
#include <string.h>
#include "mla-agenda-revision-private.h"
#include "mla-subject.h"

/* A slot as the matching sees it. Titles and day names compare as
 * subjects do (mla_subject_normalise()): case-folded, white space
 * collapsed, a stray "Re:" or "[list]" gone. */
typedef struct {
    const MlaAgendaSlot *slot;
    char *day;   /* the date, else the folded name, else "#N" */
    char *title; /* the title's key, else "#kind" */
} SlotView;

static void
slot_view_clear (gpointer data)
{
    SlotView *view = data;

    g_free (view->day);
    g_free (view->title);
}

static GArray *
slot_views (const MlaAgenda *agenda)
{
    GArray *views = g_array_new (FALSE, TRUE, sizeof (SlotView));

    g_array_set_clear_func (views, slot_view_clear);
    for (guint d = 0; d < agenda->days->len; d++) {
        const MlaAgendaDay *day = g_ptr_array_index (agenda->days, d);
        g_autofree char *name = mla_subject_normalise (day->name);

        for (guint s = 0; s < day->slots->len; s++) {
            SlotView view = { g_ptr_array_index (day->slots, s), NULL, NULL };

            if (day->date[0] != '\0')
                view.day = g_strdup (day->date);
            else
                view.day =
                    name != NULL ? g_strdup (name) : g_strdup_printf ("#%u", d);
            view.title = mla_subject_normalise (view.slot->title);
            if (view.title == NULL)
                view.title = g_strconcat (
                    "#", mla_slot_kind_to_string (view.slot->kind), NULL);
            g_array_append_val (views, view);
        }
    }
    return views;
}

static gboolean
same_place (const SlotView *a, const SlotView *b)
{
    return strcmp (a->day, b->day) == 0 &&
           strcmp (a->slot->start, b->slot->start) == 0 &&
           strcmp (a->slot->end, b->slot->end) == 0 &&
           g_strcmp0 (a->slot->room, b->slot->room) == 0;
}

MlaAgendaDiff *
mla_agenda_diff (const MlaAgenda *previous, const MlaAgenda *current)
{
    g_autoptr (GArray) before = NULL;
    g_autoptr (GArray) after = NULL;
    g_autofree gboolean *taken = NULL;
    MlaAgendaDiff *diff;

    g_return_val_if_fail (previous != NULL && current != NULL, NULL);
    before = slot_views (previous);
    after = slot_views (current);
    taken = g_new0 (gboolean, before->len + 1);
    diff = g_new0 (MlaAgendaDiff, 1);
    diff->previous = g_array_new (FALSE, FALSE, sizeof (guint));
    diff->changes = g_array_new (FALSE, FALSE, sizeof (MlaSlotChange));
    diff->dropped = g_array_new (FALSE, FALSE, sizeof (guint));
    for (guint i = 0; i < after->len; i++) {
        guint none = MLA_AGENDA_NONE;
        MlaSlotChange added = MLA_SLOT_CHANGE_ADDED;

        g_array_append_val (diff->previous, none);
        g_array_append_val (diff->changes, added);
    }
    /* Pass 0: the same slot in the same place. Pass 1: the same title on
     * the same day. Pass 2: the same title on any day. */
    for (int pass = 0; pass < 3; pass++) {
        for (guint i = 0; i < after->len; i++) {
            const SlotView *now = &g_array_index (after, SlotView, i);

            if (g_array_index (diff->previous, guint, i) != MLA_AGENDA_NONE)
                continue;
            for (guint j = 0; j < before->len; j++) {
                const SlotView *then = &g_array_index (before, SlotView, j);

                if (taken[j] || strcmp (now->title, then->title) != 0 ||
                    (pass == 0 && !same_place (now, then)) ||
                    (pass == 1 && strcmp (now->day, then->day) != 0))
                    continue;
                taken[j] = TRUE;
                g_array_index (diff->previous, guint, i) = j;
                g_array_index (diff->changes, MlaSlotChange, i) =
                    same_place (now, then) ? MLA_SLOT_CHANGE_KEPT
                                           : MLA_SLOT_CHANGE_MOVED;
                break;
            }
        }
    }
    for (guint j = 0; j < before->len; j++)
        if (!taken[j])
            g_array_append_val (diff->dropped, j);
    return diff;
}

void
mla_agenda_diff_free (MlaAgendaDiff *diff)
{
    if (diff == NULL)
        return;
    g_clear_pointer (&diff->previous, g_array_unref);
    g_clear_pointer (&diff->changes, g_array_unref);
    g_clear_pointer (&diff->dropped, g_array_unref);
    g_free (diff);
}

const MlaAgendaSlot *
mla_agenda_slot_at (const MlaAgenda *agenda, guint index,
                    const MlaAgendaDay **out_day)
{
    for (guint d = 0; d < agenda->days->len; d++) {
        const MlaAgendaDay *day = g_ptr_array_index (agenda->days, d);

        if (index < day->slots->len) {
            if (out_day != NULL)
                *out_day = day;
            return g_ptr_array_index (day->slots, index);
        }
        index -= day->slots->len;
    }
    return NULL;
}

static gboolean
has_dated_day (const MlaAgenda *agenda)
{
    for (guint i = 0; i < agenda->days->len; i++)
        if (((const MlaAgendaDay *) g_ptr_array_index (agenda->days, i))
                ->date[0] != '\0')
            return TRUE;
    return FALSE;
}

/* What the chaining compares of an agenda, worked out once per agenda
 * (revisions are matched against every earlier agenda, so the pairs grow
 * with the square of their number). */
typedef struct {
    const MlaAgenda *agenda;
    gboolean dated;
    char *names; /* undated: the normalised day names, each ending in '\n'
                  * (a nameless day is "\1"); NULL without days */
    char *title; /* normalised; nullable */
} DayKey;

static void
day_key_init (DayKey *key, const MlaAgenda *agenda)
{
    key->agenda = agenda;
    key->dated = has_dated_day (agenda);
    key->names = NULL;
    key->title = mla_subject_normalise (agenda->title);
    if (key->dated || agenda->days->len == 0)
        return;
    g_autoptr (GString) names = g_string_new (NULL);

    for (guint i = 0; i < agenda->days->len; i++) {
        const MlaAgendaDay *day = g_ptr_array_index (agenda->days, i);
        g_autofree char *name = mla_subject_normalise (day->name);

        g_string_append (names, name != NULL ? name : "\1");
        g_string_append_c (names, '\n');
    }
    key->names = g_string_free (g_steal_pointer (&names), FALSE);
}

static void
day_key_clear (DayKey *key)
{
    g_free (key->names);
    g_free (key->title);
}

static gboolean
same_days (const DayKey *a, const DayKey *b)
{
    if (a->dated || b->dated) {
        for (guint i = 0; i < a->agenda->days->len; i++) {
            const MlaAgendaDay *x = g_ptr_array_index (a->agenda->days, i);

            for (guint j = 0; x->date[0] != '\0' && j < b->agenda->days->len;
                 j++)
                if (strcmp (x->date, ((const MlaAgendaDay *) g_ptr_array_index (
                                          b->agenda->days, j))
                                         ->date) == 0)
                    return TRUE;
        }
        return FALSE;
    }
    return a->names != NULL && g_strcmp0 (a->names, b->names) == 0;
}

gboolean
mla_agenda_same_days (const MlaAgenda *a, const MlaAgenda *b)
{
    DayKey x, y;
    gboolean same;

    g_return_val_if_fail (a != NULL && b != NULL, FALSE);
    day_key_init (&x, a);
    day_key_init (&y, b);
    same = same_days (&x, &y);
    day_key_clear (&x);
    day_key_clear (&y);
    return same;
}

/* One input as the chains see it. */
typedef struct {
    guint number;        /* from 1 */
    GArray *chain;       /* shared by the chain's members; owned by the first */
    MlaAgendaDiff *diff; /* nullable */
    GPtrArray *keys;     /* char * per slot */
} Revision;

struct MlaAgendaRevisions {
    const MlaAgendaRevisionInput *inputs;
    guint n;
    Revision *revisions;
};

static gboolean
revises (const MlaAgendaRevisionInput *later, const DayKey *later_key,
         const MlaAgendaRevisionInput *earlier, const DayKey *earlier_key)
{
    gboolean same_thread = later->thread != NULL && earlier->thread != NULL &&
                           strcmp (later->thread, earlier->thread) == 0;

    if (later->agenda->message_id != NULL &&
        g_strcmp0 (later->agenda->message_id, earlier->agenda->message_id) == 0)
        return FALSE;
    if (!same_days (later_key, earlier_key))
        return FALSE;
    if (!later_key->dated && !same_thread)
        return FALSE;
    return same_thread ||
           (later_key->title != NULL &&
            g_strcmp0 (later_key->title, earlier_key->title) == 0);
}

/* The newest input before the @k-th of @order that input @k revises, or
 * MLA_AGENDA_NONE. */
static guint
find_previous (const MlaAgendaRevisionInput *inputs, const DayKey *keys,
               GArray *order, guint k)
{
    guint i = g_array_index (order, guint, k);

    for (guint e = k; e-- > 0;) {
        guint j = g_array_index (order, guint, e);

        if (revises (&inputs[i], &keys[i], &inputs[j], &keys[j]))
            return j;
    }
    return MLA_AGENDA_NONE;
}

/* The key of a slot that no earlier revision had. */
static char *
new_key (const MlaAgenda *agenda, guint slot)
{
    const MlaAgendaDay *day = NULL;
    const MlaAgendaSlot *s = mla_agenda_slot_at (agenda, slot, &day);

    return g_strjoin (
        "\n", agenda->message_id != NULL ? agenda->message_id : "", day->date,
        s->start, s->room != NULL ? s->room : "", NULL);
}

static int
compare_dates (gconstpointer a, gconstpointer b, gpointer data)
{
    const MlaAgendaRevisionInput *inputs = data;
    guint x = *(const guint *) a, y = *(const guint *) b;

    if (inputs[x].date != inputs[y].date)
        return inputs[x].date < inputs[y].date ? -1 : 1;
    return x < y ? -1 : x > y;
}

MlaAgendaRevisions *
mla_agenda_revisions_new (const MlaAgendaRevisionInput *inputs, guint n)
{
    MlaAgendaRevisions *revisions = g_new0 (MlaAgendaRevisions, 1);
    g_autoptr (GArray) order =
        g_array_sized_new (FALSE, FALSE, sizeof (guint), n);
    g_autofree DayKey *keys = g_new (DayKey, n);

    revisions->inputs = inputs;
    revisions->n = n;
    revisions->revisions = g_new0 (Revision, n);
    for (guint i = 0; i < n; i++) {
        g_array_append_val (order, i);
        day_key_init (&keys[i], inputs[i].agenda);
    }
    /* g_array_sort is not stable; the index breaks ties. */
    g_array_sort_with_data (order, compare_dates, (gpointer) inputs);
    for (guint k = 0; k < n; k++) {
        guint i = g_array_index (order, guint, k);
        Revision *r = &revisions->revisions[i];
        guint slots = mla_agenda_count_slots (inputs[i].agenda);
        guint previous = find_previous (inputs, keys, order, k);

        r->keys = g_ptr_array_new_with_free_func (g_free);
        if (previous == MLA_AGENDA_NONE) {
            r->number = 1;
            r->chain = g_array_new (FALSE, FALSE, sizeof (guint));
            g_array_append_val (r->chain, i);
            for (guint s = 0; s < slots; s++)
                g_ptr_array_add (r->keys, new_key (inputs[i].agenda, s));
            continue;
        }
        /* Onto the newest revision of that chain. */
        r->chain = revisions->revisions[previous].chain;
        previous = g_array_index (r->chain, guint, r->chain->len - 1);
        r->number = revisions->revisions[previous].number + 1;
        g_array_append_val (r->chain, i);
        r->diff = mla_agenda_diff (inputs[previous].agenda, inputs[i].agenda);
        for (guint s = 0; s < slots; s++) {
            guint from = g_array_index (r->diff->previous, guint, s);

            g_ptr_array_add (
                r->keys,
                from != MLA_AGENDA_NONE
                    ? g_strdup (
                          revisions->revisions[previous].keys->pdata[from])
                    : new_key (inputs[i].agenda, s));
        }
    }
    for (guint i = 0; i < n; i++)
        day_key_clear (&keys[i]);
    return revisions;
}

void
mla_agenda_revisions_free (MlaAgendaRevisions *revisions)
{
    if (revisions == NULL)
        return;
    for (guint i = 0; i < revisions->n; i++) {
        Revision *r = &revisions->revisions[i];

        if (r->number == 1)
            g_clear_pointer (&r->chain, g_array_unref);
        mla_agenda_diff_free (r->diff);
        g_clear_pointer (&r->keys, g_ptr_array_unref);
    }
    g_free (revisions->revisions);
    g_free (revisions);
}

const MlaAgenda *
mla_agenda_revisions_get_agenda (const MlaAgendaRevisions *revisions,
                                 guint index)
{
    g_return_val_if_fail (index < revisions->n, NULL);
    return revisions->inputs[index].agenda;
}

guint
mla_agenda_revisions_get_number (const MlaAgendaRevisions *revisions,
                                 guint index)
{
    g_return_val_if_fail (index < revisions->n, 0);
    return revisions->revisions[index].number;
}

GArray *
mla_agenda_revisions_get_chain (const MlaAgendaRevisions *revisions,
                                guint index)
{
    g_return_val_if_fail (index < revisions->n, NULL);
    return revisions->revisions[index].chain;
}

const MlaAgendaDiff *
mla_agenda_revisions_get_diff (const MlaAgendaRevisions *revisions, guint index)
{
    g_return_val_if_fail (index < revisions->n, NULL);
    return revisions->revisions[index].diff;
}

const char *
mla_agenda_revisions_get_key (const MlaAgendaRevisions *revisions, guint index,
                              guint slot)
{
    g_return_val_if_fail (index < revisions->n, NULL);
    g_return_val_if_fail (slot < revisions->revisions[index].keys->len, NULL);
    return revisions->revisions[index].keys->pdata[slot];
}

GArray *
mla_agenda_revisions_get_retired (const MlaAgendaRevisions *revisions,
                                  guint index)
{
    g_autoptr (GHashTable) current = g_hash_table_new (g_str_hash, g_str_equal);
    g_autoptr (GHashTable) place = g_hash_table_new (g_str_hash, g_str_equal);
    GArray *retired = g_array_new (FALSE, FALSE, sizeof (MlaAgendaSlotRef));
    const Revision *r;

    g_return_val_if_fail (index < revisions->n, retired);
    r = &revisions->revisions[index];
    for (guint s = 0; s < r->keys->len; s++)
        g_hash_table_add (current, r->keys->pdata[s]);
    /* The chain up to @index, oldest first: a key's place in @retired is
     * set when first seen, its slot each time it is seen again. */
    for (guint c = 0; g_array_index (r->chain, guint, c) != index; c++) {
        guint input = g_array_index (r->chain, guint, c);
        const Revision *earlier = &revisions->revisions[input];

        for (guint s = 0; s < earlier->keys->len; s++) {
            const char *key = earlier->keys->pdata[s];
            MlaAgendaSlotRef ref = { input, s };
            gpointer at;

            if (g_hash_table_contains (current, key))
                continue;
            if (g_hash_table_lookup_extended (place, key, NULL, &at)) {
                g_array_index (retired, MlaAgendaSlotRef,
                               GPOINTER_TO_UINT (at)) = ref;
                continue;
            }
            g_hash_table_insert (place, (gpointer) key,
                                 GUINT_TO_POINTER (retired->len));
            g_array_append_val (retired, ref);
        }
    }
    return retired;
}
