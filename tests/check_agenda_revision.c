/* check_agenda_revision.c: the diff between two revisions of an agenda
 * (kept, moved, added, dropped), "the same days", and chains of revisions
 * with their stable slot keys, on agendas built by hand. */
#include "config.h"
#include <string.h>
#include "mla-agenda-revision-private.h"
#include "mla-test.h"

/* Builds an agenda from a compact description: "@DATE" or "@Name" starts
 * a day; "HH:MM-HH:MM|title|room" adds a slot ("" for no end, title or
 * room; a title "~break" makes an untitled break). */
static MlaAgenda *
make_agenda (const char *message_id, const char *title,
             const char *const *lines)
{
    MlaAgenda *agenda = mla_agenda_new ();
    MlaAgendaDay *day = NULL;

    agenda->message_id = g_strdup (message_id);
    agenda->title = g_strdup (title);
    for (guint i = 0; lines[i] != NULL; i++) {
        g_auto (GStrv) fields = NULL;
        MlaAgendaSlot *slot;

        if (lines[i][0] == '@') {
            gboolean dated = g_ascii_isdigit (lines[i][1]);

            day = mla_agenda_day_new (dated ? NULL : lines[i] + 1);
            if (dated)
                g_strlcpy (day->date, lines[i] + 1, sizeof day->date);
            g_ptr_array_add (agenda->days, day);
            continue;
        }
        fields = g_strsplit (lines[i], "|", 3);
        slot = mla_agenda_slot_new ();
        g_strlcpy (slot->start, fields[0], sizeof slot->start);
        if (fields[0][5] == '-')
            g_strlcpy (slot->end, fields[0] + 6, sizeof slot->end);
        if (strcmp (fields[1], "~break") == 0)
            slot->kind = MLA_SLOT_KIND_BREAK;
        else if (fields[1][0] != '\0')
            slot->title = g_strdup (fields[1]);
        if (fields[2][0] != '\0')
            slot->room = g_strdup (fields[2]);
        g_ptr_array_add (day->slots, slot);
    }
    return agenda;
}

static const char *const first[] = {
    "@2004-07-19",
    "09:00-09:20|Introduction|",
    "09:20-10:30|CPU Panel|",
    "10:30-11:00|~break|",
    "11:00-11:30|NUMA|Room A",
    "11:30-12:00|Hot Plug Memory|Room A",
    "12:00-12:30|VM issues|Room A",
    "@2004-07-20",
    "09:00-10:00|Customer panel|",
    "10:00-10:30|Clustered Storage|",
    NULL,
};

/* Slot 0 the same; 1 retitled only in case and spaces; the break later;
 * NUMA in another room; Hot Plug gone; VM the same; a new talk; Customer
 * panel moved to Monday; Clustered Storage the same. */
static const char *const second[] = {
    "@2004-07-19",
    "09:00-09:20|Introduction|",
    "09:20-10:30|cpu   panel|",
    "10:45-11:00|~break|",
    "11:00-11:30|NUMA|Room B",
    "12:00-12:30|VM issues|Room A",
    "12:30-13:00|Kernel testing|Room A",
    "17:00-18:00|Customer Panel|",
    "@2004-07-20",
    "10:00-10:30|Clustered Storage|",
    NULL,
};

START_TEST (test_diff_marks_each_slot)
{
    g_autoptr (MlaAgenda) a = make_agenda ("a@x", "Summit", first);
    g_autoptr (MlaAgenda) b = make_agenda ("b@x", "Summit", second);
    g_autoptr (MlaAgendaDiff) diff = mla_agenda_diff (a, b);
    static const struct {
        MlaSlotChange change;
        guint previous;
    } want[] = {
        { MLA_SLOT_CHANGE_KEPT, 0 },
        { MLA_SLOT_CHANGE_KEPT, 1 },
        { MLA_SLOT_CHANGE_MOVED, 2 },
        { MLA_SLOT_CHANGE_MOVED, 3 },
        { MLA_SLOT_CHANGE_KEPT, 5 },
        { MLA_SLOT_CHANGE_ADDED, MLA_AGENDA_NONE },
        { MLA_SLOT_CHANGE_MOVED, 6 },
        { MLA_SLOT_CHANGE_KEPT, 7 },
    };

    ck_assert_uint_eq (diff->changes->len, G_N_ELEMENTS (want));
    for (guint i = 0; i < G_N_ELEMENTS (want); i++) {
        ck_assert_msg (g_array_index (diff->changes, MlaSlotChange, i) ==
                           want[i].change,
                       "slot %u: change %d", i,
                       g_array_index (diff->changes, MlaSlotChange, i));
        ck_assert_uint_eq (g_array_index (diff->previous, guint, i),
                           want[i].previous);
    }
    ck_assert_uint_eq (diff->dropped->len, 1);
    ck_assert_uint_eq (g_array_index (diff->dropped, guint, 0), 4);
}
END_TEST

/* Two breaks and two "Lunch"es: each pairs with its own, in order; a
 * slot whose end alone changed has moved. */
START_TEST (test_diff_repeated_titles)
{
    static const char *const before[] = {
        "@2004-07-19",
        "10:30-11:00|~break|",
        "12:30-13:30|Lunch|",
        "15:00-15:30|~break|",
        "@2004-07-20",
        "12:30-13:30|Lunch|",
        NULL,
    };
    static const char *const after[] = {
        "@2004-07-19",
        "10:30-11:00|~break|",
        "12:30-13:30|Lunch|",
        "15:30-16:00|~break|",
        "@2004-07-20",
        "12:30-14:00|Lunch|",
        NULL,
    };
    g_autoptr (MlaAgenda) a = make_agenda ("a@x", "T", before);
    g_autoptr (MlaAgenda) b = make_agenda ("b@x", "T", after);
    g_autoptr (MlaAgendaDiff) diff = mla_agenda_diff (a, b);

    ck_assert (g_array_index (diff->changes, MlaSlotChange, 0) ==
               MLA_SLOT_CHANGE_KEPT);
    ck_assert (g_array_index (diff->changes, MlaSlotChange, 1) ==
               MLA_SLOT_CHANGE_KEPT);
    ck_assert (g_array_index (diff->changes, MlaSlotChange, 2) ==
               MLA_SLOT_CHANGE_MOVED);
    ck_assert_uint_eq (g_array_index (diff->previous, guint, 2), 2);
    ck_assert (g_array_index (diff->changes, MlaSlotChange, 3) ==
               MLA_SLOT_CHANGE_MOVED);
    ck_assert_uint_eq (g_array_index (diff->previous, guint, 3), 3);
    ck_assert_uint_eq (diff->dropped->len, 0);
}
END_TEST

START_TEST (test_diff_empty)
{
    static const char *const none[] = { NULL };
    g_autoptr (MlaAgenda) a = make_agenda ("a@x", "T", first);
    g_autoptr (MlaAgenda) b = make_agenda ("b@x", "T", none);
    g_autoptr (MlaAgendaDiff) gone = mla_agenda_diff (a, b);
    g_autoptr (MlaAgendaDiff) fresh = mla_agenda_diff (b, a);

    ck_assert_uint_eq (gone->changes->len, 0);
    ck_assert_uint_eq (gone->dropped->len, mla_agenda_count_slots (a));
    ck_assert_uint_eq (fresh->dropped->len, 0);
    for (guint i = 0; i < fresh->changes->len; i++)
        ck_assert (g_array_index (fresh->changes, MlaSlotChange, i) ==
                   MLA_SLOT_CHANGE_ADDED);
}
END_TEST

static const struct {
    const char *const a[4];
    const char *const b[4];
    gboolean same;
} days_cases[] = {
    { { "@2004-07-19", "@2004-07-20", NULL }, { "@2004-07-20", NULL }, TRUE },
    { { "@2004-07-19", NULL }, { "@2004-07-20", NULL }, FALSE },
    { { "@Monday", "@Tuesday", NULL }, { "@monday", "@TUESDAY", NULL }, TRUE },
    { { "@Monday", "@Tuesday", NULL }, { "@Monday", NULL }, FALSE },
    { { "@Monday", NULL }, { "@2004-07-19", NULL }, FALSE },
    { { NULL }, { NULL }, FALSE },
};

START_TEST (test_same_days)
{
    g_autoptr (MlaAgenda) a = make_agenda ("a@x", "T", days_cases[_i].a);
    g_autoptr (MlaAgenda) b = make_agenda ("b@x", "T", days_cases[_i].b);

    ck_assert_int_eq (mla_agenda_same_days (a, b), days_cases[_i].same);
    ck_assert_int_eq (mla_agenda_same_days (b, a), days_cases[_i].same);
}
END_TEST

/* Inputs out of date order: revision 1 (a), 2 (b, a reply in a's thread),
 * 3 (c, another thread, same title); d has other days; f is undated, with
 * a's title but another thread. */
START_TEST (test_revision_chains)
{
    static const char *const other_days[] = { "@2004-08-01",
                                              "09:00-10:00|Introduction|",
                                              NULL };
    static const char *const third[] = {
        "@2004-07-19",
        "09:00-09:20|Introduction|",
        "10:00-10:30|CPU Panel|",
        NULL,
    };
    static const char *const undated[] = { "@Monday",
                                           "09:00-10:00|Introduction|", NULL };
    g_autoptr (MlaAgenda) a = make_agenda ("a@x", "Summit", first);
    g_autoptr (MlaAgenda) b = make_agenda ("b@x", "Re: new times", second);
    g_autoptr (MlaAgenda) c = make_agenda ("c@x", "SUMMIT", third);
    g_autoptr (MlaAgenda) d = make_agenda ("d@x", "Summit", other_days);
    g_autoptr (MlaAgenda) f = make_agenda ("f@x", "Summit", undated);
    const MlaAgendaRevisionInput inputs[] = {
        { c, "t2", 300 }, { b, "t1", 200 }, { a, "t1", 100 },
        { d, "t1", 400 }, { f, "t3", 500 },
    };
    g_autoptr (MlaAgendaRevisions) revisions =
        mla_agenda_revisions_new (inputs, 5);
    GArray *chain = mla_agenda_revisions_get_chain (revisions, 0);
    g_autoptr (GArray) retired = NULL;

    ck_assert_uint_eq (mla_agenda_revisions_get_number (revisions, 2), 1);
    ck_assert_uint_eq (mla_agenda_revisions_get_number (revisions, 1), 2);
    ck_assert_uint_eq (mla_agenda_revisions_get_number (revisions, 0), 3);
    ck_assert_uint_eq (chain->len, 3);
    ck_assert_uint_eq (g_array_index (chain, guint, 0), 2);
    ck_assert_uint_eq (g_array_index (chain, guint, 1), 1);
    ck_assert_uint_eq (g_array_index (chain, guint, 2), 0);
    ck_assert_ptr_null (mla_agenda_revisions_get_diff (revisions, 2));
    ck_assert_ptr_nonnull (mla_agenda_revisions_get_diff (revisions, 0));
    /* d: other days; f: undated, in another thread. */
    for (guint i = 3; i < 5; i++) {
        ck_assert_uint_eq (mla_agenda_revisions_get_number (revisions, i), 1);
        ck_assert_uint_eq (mla_agenda_revisions_get_chain (revisions, i)->len,
                           1);
    }

    /* Kept and moved slots keep the first revision's key, through b to c. */
    ck_assert_str_eq (mla_agenda_revisions_get_key (revisions, 2, 0),
                      "a@x\n2004-07-19\n09:00\n");
    ck_assert_str_eq (mla_agenda_revisions_get_key (revisions, 1, 0),
                      "a@x\n2004-07-19\n09:00\n");
    ck_assert_str_eq (mla_agenda_revisions_get_key (revisions, 0, 0),
                      "a@x\n2004-07-19\n09:00\n");
    ck_assert_str_eq (mla_agenda_revisions_get_key (revisions, 1, 3),
                      "a@x\n2004-07-19\n11:00\nRoom A");
    ck_assert_str_eq (mla_agenda_revisions_get_key (revisions, 0, 1),
                      "a@x\n2004-07-19\n09:20\n");
    /* An added slot is keyed by its own message. */
    ck_assert_str_eq (mla_agenda_revisions_get_key (revisions, 1, 5),
                      "b@x\n2004-07-19\n12:30\nRoom A");

    /* b retired Hot Plug; c has only two of b's slots left: every other
     * key of a and b is retired, each once, as it last appeared. */
    retired = mla_agenda_revisions_get_retired (revisions, 1);
    ck_assert_uint_eq (retired->len, 1);
    ck_assert_uint_eq (g_array_index (retired, MlaAgendaSlotRef, 0).input, 2);
    ck_assert_uint_eq (g_array_index (retired, MlaAgendaSlotRef, 0).slot, 4);
    g_clear_pointer (&retired, g_array_unref);
    retired = mla_agenda_revisions_get_retired (revisions, 0);
    ck_assert_uint_eq (retired->len, mla_agenda_count_slots (a) + 1 - 2);
    ck_assert_uint_eq (g_array_index (retired, MlaAgendaSlotRef, 0).input, 1);
    ck_assert_uint_eq (g_array_index (retired, MlaAgendaSlotRef, 0).slot, 2);
    for (guint i = 0; i < retired->len; i++) {
        const MlaAgendaSlotRef *ref =
            &g_array_index (retired, MlaAgendaSlotRef, i);

        ck_assert (ref->input == 1 || (ref->input == 2 && ref->slot == 4));
    }
}
END_TEST

/* Two agendas of one message are never revisions of each other; without
 * threads (mlarc agenda on files), titles and input order decide. */
START_TEST (test_revision_same_message)
{
    g_autoptr (MlaAgenda) a = make_agenda ("a@x", "Summit", first);
    g_autoptr (MlaAgenda) a2 = make_agenda ("a@x", "Summit", second);
    g_autoptr (MlaAgenda) b = make_agenda ("b@x", "summit", second);
    const MlaAgendaRevisionInput inputs[] = { { a, NULL, 0 },
                                              { a2, NULL, 0 },
                                              { b, NULL, 0 } };
    g_autoptr (MlaAgendaRevisions) revisions =
        mla_agenda_revisions_new (inputs, 3);

    ck_assert_uint_eq (mla_agenda_revisions_get_number (revisions, 0), 1);
    ck_assert_uint_eq (mla_agenda_revisions_get_number (revisions, 1), 1);
    /* b revises the newest earlier match, a2, whose slots it repeats. */
    ck_assert_uint_eq (mla_agenda_revisions_get_number (revisions, 2), 2);
    ck_assert_uint_eq (
        g_array_index (mla_agenda_revisions_get_chain (revisions, 2), guint, 0),
        1);
    ck_assert_uint_eq (
        mla_agenda_revisions_get_diff (revisions, 2)->dropped->len, 0);
}
END_TEST

static Suite *
agenda_revision_suite (void)
{
    Suite *suite = suite_create ("agenda_revision");

    mla_test_add_case (suite, "diff", test_diff_marks_each_slot, 0);
    mla_test_add_case (suite, "repeated titles", test_diff_repeated_titles, 0);
    mla_test_add_case (suite, "empty", test_diff_empty, 0);
    mla_test_add_case (suite, "same days", test_same_days,
                       G_N_ELEMENTS (days_cases));
    mla_test_add_case (suite, "chains", test_revision_chains, 0);
    mla_test_add_case (suite, "same message", test_revision_same_message, 0);
    return suite;
}

MLA_TEST_MAIN (agenda_revision_suite)
