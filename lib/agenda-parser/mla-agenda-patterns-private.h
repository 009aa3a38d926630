/* mla-agenda-patterns-private.h: MlaAgendaParser, the word tables and
 * compiled patterns that mla-agenda-vocabulary fills once and the other
 * agenda modules read and never change, and the table of its patterns
 * (data). The bottom of the parser's layers. Not installed. */
#pragma once
#include <glib.h>
#include "mla-agenda-rules.h"

G_BEGIN_DECLS

enum { KIND_WORDS_BREAK, KIND_WORDS_MEAL, KIND_WORDS_SOCIAL, N_KIND_WORDS };

struct MlaAgendaParser {
    GHashTable *weekdays;        /* casefolded full name -> 1..7 */
    GHashTable *weekday_abbrs;   /* casefolded abbreviation -> 1..7 */
    GHashTable *months;          /* casefolded name -> 1..12 */
    GHashTable *day_words;       /* casefolded "day", "tag" -> 1 */
    GHashTable *heading_fillers; /* casefolded "of", "th", "der": no other word
                                    of a heading */
    char **noon_words;           /* "noon", "midday" */
    gboolean noon_initials[256]; /* their first bytes, both cases */
    char **label_endings; /* "by", "par": a label that needs no colon ends so */
    char **not_name_endings; /* "ment", "ies": a word ending so is no name's */
    GHashTable *labels;      /* casefolded label -> MlaPersonRole + 1 */
    GHashTable *am, *pm, *h24;  /* casefolded suffixes without spaces */
    GHashTable *room_words;     /* casefolded */
    GHashTable *place_labels;   /* casefolded location labels */
    GHashTable *people_columns; /* casefolded "who" */
    GHashTable
        *title_columns; /* casefolded "talk", "topic": a column of titles */
    GHashTable *empty_cells;  /* casefolded "slot open", "free": a grid cell of
                                 no session */
    GHashTable *time_columns; /* casefolded "time": a table's column of times */
    GHashTable
        *date_columns; /* casefolded "date": an export's column of days */
    GHashTable *plenary_words; /* casefolded "joint": a grid's session across
                                  the rooms */
    GHashTable *start_columns; /* casefolded "start" */
    GHashTable *end_columns;   /* casefolded "end" */
    GHashTable
        *note_columns; /* casefolded "notes": an export's column of notes */
    GHashTable *index_columns;  /* casefolded "#", "no": an export's row
                                   numbers, read by no slot */
    GHashTable *skip_columns;   /* casefolded "length", "email": an export's
                                   columns read by no slot */
    GHashTable *format_columns; /* casefolded "format", "type": a talk's
                                   kind, a note (the title of a row with
                                   none) */
    GHashTable *not_names;      /* casefolded words never in a name */
    GHashTable *not_alone;      /* casefolded words never a first name alone */
    GHashTable
        *organisations; /* casefolded, spaces out ("redhat"): never a person */
    GHashTable *duration_hours;  /* casefolded "h", "hours": a length's unit */
    GRegex **rules;              /* compiled, parallel to the rule table */
    GRegexCompileFlags optimize; /* G_REGEX_OPTIMIZE for many texts, or 0 */
    const char **rule_names;     /* the rule table's names, in its order */
    guint n_rules;
    GRegex *time_anywhere;
    GRegex *range_anywhere; /* "09:30-11:30" within a line */
    GRegex *duration;       /* "(20 min)" */
    GRegex *stand_in;       /* "- Chairs" after a title */
    GRegex
        *item_column; /* "1   " before a title: an item number in its column */
    GRegex *
        item_code; /* "TOP 1   " before a title: an item's code in its column */
    GRegex *struck; /* "~~09:00~~ " */
    GRegex *bullet; /* "\u25b8 " at a line's start */
    GRegex
        *place_tail; /* "Lunch - Brasserie X, next door", "Triage [Library]" */
    GRegex *place_comma;    /* "Lab 1, Room 204" */
    GRegex *venue;          /* "Brasserie de l'Atelier" */
    GRegex *relative_day;   /* "tomorrow", "today" */
    GRegex *schedule_word;  /* "agenda", "Programm" anywhere */
    GRegex *change_any;     /* any word of a change: the quick test */
    GRegex *change_split;   /* the clauses of a change: "; ", ". ", " -- " */
    GRegex *change_done;    /* "moved", "now": a slot has a new time */
    GRegex *change_instead; /* "instead": a new speaker */
    GRegex *change_absent;  /* "<name> can't make it": a speaker less */
    GRegex *change_swap;    /* "swapped", "tauschen": slots trade places */
    GRegex *change_pair;    /* "Forum 13:30 - 14:30": <word> names a slot */
    GRegex *change_new;     /* "1300-1400 is now <rest>" */
    GRegex *change_time;    /* a time or range anywhere, with h1/m1 (h2/m2) */
    GRegex *change_object;  /* "the workshop": <word> names the slot moved */
    GRegex *change_room;    /* "to room B204" */
    GRegex *military_anywhere; /* "1400" within a line */
    GRegex *lower_tail;        /* "Title - amara okafor (tbc)" */
    GRegex *sentences;         /* "People arrive. Coffee will be served" */
    GRegex *meal_tail;         /* "Lunch - Pizza provided" */
    GRegex *stand_in_alone;    /* "the convenor" */
    GRegex *open_end;          /* a title line that goes on: "... in der" */
    GRegex *dash_end;          /* a title that ends in a dash: "Talk -" */
    GRegex *handle_end;        /* "Tech Lifehacking @erlebnischris" */
    GRegex *venue_word;        /* "restaurant ..." */
    GRegex *place_part;        /* "ground floor" after a place's comma */
    GRegex *name_head;         /* "Ann Lee: Title", "Ann Lee \u2014 Title" */
    GRegex *name_presents;     /* "Roadmap, Femke presents" */
    GRegex *field_line;        /* "Room: Chitlada 2", "Notes: https://..." */
    GRegex *date;
    GRegex *word;
    GRegex *kinds[N_KIND_WORDS];
    GRegex *markers;
    GRegex *tentative;
    GRegex *name;
    GRegex *note_paren;
    GRegex *cell_end;       /* "Lunch (cafeteria ) |": a pasted cell's end */
    GRegex *room_paren;     /* "Talk (amphi Nord ) - A (Org)": a room */
    GRegex *clock_pair;     /* "\u2022 14:00 14:30": a start and an end */
    GRegex *compact_length; /* "Building a compiler 30m", "Talks 1h" */
    GRegex *clock_before;   /* "9:15 AM, 3 March | Hall C": a clock first */
    GRegex *track_talk;     /* "NETWORKS Routing basics, by K. Ortega" */
    GRegex *group_last;     /* "A (Org), B (Org) & Collectif X": a group last */
    GRegex *location_at;
    GRegex *leaders;          /* "Title ........ Speaker" */
    GRegex *travel_leg;       /* "LH 1234", "Check-in" */
    GRegex *travel_word;      /* "Dep. Inishcarrow": a travel word first */
    GRegex *room_heading;     /* "=== Track A (Aula 1) ===" */
    GRegex *alnum;            /* a letter or a digit */
    GRegex *poll_answers;     /* "yes", "no  maybe" */
    GRegex *status_cell;      /* "passed", "FAILED" */
    GRegex *not_programme;    /* "Wartungsarbeiten", "forecast", "Tally" */
    GRegex *weekly;           /* "ogni settimana" */
    GRegex *jobs;             /* "cron-driven" */
    GRegex *programme_word;   /* "Agenda", not "timetable" */
    GRegex *meeting_word;     /* "Agenda", not "Programme" */
    GRegex *admission;        /* "dernière entrée", "last admission" */
    GRegex *gathering;        /* "workshop", "Vorstandssitzung", "talk" */
    GRegex *place_line;       /* "Room: B", "Room 4.12" */
    GRegex *meeting_item;     /* "Roll call", "AOB": a title's start */
    GRegex *measure;          /* "74 C", "25 g", "12 l" */
    GRegex *speaker_of;       /* "Saluto del Prof. X, Presidente" */
    GRegex *by_name;          /* "Keynote by Dr. Tim Bray", "with Ann Lee" */
    GRegex *title_label;      /* "Title: Learned indexes" */
    GRegex *names_lead;       /* "[Saad Ali] Title" */
    GRegex *names_bracket;    /* "Title [J. Smith]", "Title (A / B)" */
    GRegex *name_comma_org;   /* "- Shumon Huque, Salesforce" */
    GRegex *initial;          /* "M. Rossi": a name, never an organisation */
    GRegex *room_code;        /* "K.1.105", "B12" */
    GRegex *place_after_time; /* "10:00 AM - 10:45 AM \u00b7 Hall A" */
    GRegex *name_affiliation; /* "Lea Verou | MIT" */
    GRegex *decorated;        /* "*** LUNCH ***" */
    GRegex *people_apart;     /* ";", "&", "and" */
    GRegex *people_groups;    /* ";", " | " */
    GRegex *room_at_end;      /* "Title (Room A)" */
    GRegex *speaker_dash;
    GRegex *speaker_bar;  /* "Title | Name, Org" */
    GRegex *speaker_list; /* "Title - A, B and C (remote)" */
    GRegex *place_prefix; /* "Room B12: Title" */
    GRegex *place_dash;
    GRegex *honorific; /* "Dr. " before a name */ /* "Registration - Lobby" */
    GRegex *honorific_after; /* "\u3055\u3093", "\u6559\u6388" after a name */
    GRegex *person_split;
    GRegex *quote;
    GRegex *list_marker;
    GRegex *gap_cells;
    GRegex *run_together; /* "Room ARoom B": where cells start */
    GRegex *session_line; /* "Room A    WG2   Title" */
    GRegex *pipe_cells;
    GRegex *slash_cells; /* " / " between cells of one line */
    GRegex *description;
    GRegex *year;
    GRegex *label_paren;
    GRegex *attribution;
    GRegex *original;      /* "-----Original Message-----" */
    GRegex *original_from; /* "Von: Heike Maurer <...>" */
    GRegex *original_sent; /* "Gesendet: Freitag, 6. Juni 2025 10:12" */
    GRegex *label_name;
    GRegex *paren_part;
    GRegex *capitalised_run;
    GRegex *military_range;  /* "0800-0830" */
    GRegex *military_single; /* "1300 Lunch" */
    GRegex *military_after;  /* "Lunch 1200 \u2013 1300" */
    GRegex *name_pair;       /* "Roberto Di Cosmo Stefano Vitali" */
    GRegex *broken_name; /* "Yob\u00e9 (producteur Bio), ...": a name's end */
    GRegex *time_last;   /* "Coffee ........ 11:00" */
    GRegex *noon_start;  /* "Noon-1 p.m." */
    GRegex *noon_end;    /* "10:15 a.m.-noon" */
    GRegex *no_end;      /* "18:00 \u2013 open end" */
    GRegex *schedule_heading; /* "Agenda", "Draft programme:" */
    GRegex *minutes_heading;  /* "Minutes:" */
    GRegex *schedule_intro;   /* "Agenda for the next call:" */
    GRegex *deadline_before;  /* "(in review until" before a date */
    GRegex *clock_alone;      /* "13:00-15:00 UTC", "Time: 2:30 PM" */
    GRegex *item_length;      /* "Intro (10)", "Welcome - 5 min" */
    GRegex *group_code;       /* "APP apparea " before a group's name */
    GRegex *folded_range;     /* " 12:00-12:10 * ": a folded list's range */
    GRegex *folded_item;      /* " * " between items of a folded list */
    GRegex *session_of_day;   /* "Monday Session II" */
    GRegex *numbered_session; /* "Session 2", "Lecture 5" before a dash */
};

/* A pattern of the parser: where its compiled GRegex goes, its text with
 * "@NAME@" placeholders, its flags. */
typedef struct {
    gsize field; /* offsetof the GRegex * field of MlaAgendaParser */
    const char *pattern;
    GRegexCompileFlags flags;
} MlaAgendaPattern;

extern const MlaAgendaPattern mla_agenda_patterns[];
extern const guint mla_agenda_n_patterns;

G_END_DECLS
