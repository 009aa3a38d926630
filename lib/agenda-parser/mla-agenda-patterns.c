/* mla-agenda-patterns.c: the table of the parser's patterns besides the
 * line rules: data, with "@NAME@" placeholders that the vocabulary
 * expands to its word lists before it compiles each once. */
#include "config.h"
#include <stddef.h>
#include "mla-agenda-patterns-private.h"

/* Starts an unanchored pattern that begins with \s*: a match may start at
 * the search position or after a non-space only. Without it the engine
 * tries every position of a run of spaces, each time scanning to its end:
 * quadratic on a long run. The leftmost match is the same. */
/* a name with particles: "Roberto Di Cosmo", "Ann Lee" */
#define NAME_WORD "(?!(?i:@PARTICLE@)\\s)\\p{Lu}[\\p{L}'-]*"
#define NAME_OF_PARTICLES NAME_WORD "(?:\\s+(?i:@PARTICLE@))*\\s+" NAME_WORD
#define NO_START_IN_SPACES "(?:\\G|(?<!\\s))"

/* The parser's patterns besides the rule table. Each is compiled once,
 * with its placeholders expanded to the word lists. */
#define FIELD(field) offsetof (MlaAgendaParser, field)

const MlaAgendaPattern mla_agenda_patterns[] = {
    /* at most five words, with the heading word among them, no sentence */
    { FIELD (schedule_heading),
      "^[\\s#*=~-]*(?:[\\w'\\x{2019}-]+\\s+){0,3}(?:@SCHEDULE@)(?!\\w)"
      "(?:\\s+[\\w'\\x{2019}-]+){0,3}[\\s:*=~-]*$",
      G_REGEX_CASELESS },
    /* "Agenda for the next call (same time):": a schedule's word first, a
     * colon last */
    { FIELD (schedule_intro),
      "^[\\s#*=~-]*(?:@SCHEDULE@)(?!\\w)[^:.!?]{0,60}:\\s*$",
      G_REGEX_CASELESS },
    /* "- draft-x-04 (in review until": what ends before a date makes it
     * a deadline, no day */
    { FIELD (deadline_before), "(?<!\\w)(?:@UNTIL@)\\s*$", G_REGEX_CASELESS },
    /* a session's clock alone on its line, over items of a length */
    { FIELD (clock_alone),
      "^\\s*(?:[-*\\x{2022}]\\s*)?(?:\\p{L}[\\p{L} ]{0,24}:\\s*)?@TIME1@"
      "(?:\\s*(?:@RANGE@)\\s*@TIME2@)?(?:\\s*(?<zone>@ZONE@)(?!\\w))?[\\s:]*$",
      G_REGEX_CASELESS },
    /* "\u2022 14:00 14:30" alone: a start and an end, one space between
     * (a column gap between times heads a grid's columns) */
    { FIELD (clock_pair), "^\\s*(?:[-*\\x{2022}]\\s*)?@TIME1@ @TIME2@\\s*$",
      G_REGEX_CASELESS },
    /* a title, then its length in hours and minutes, written short */
    { FIELD (compact_length),
      "^(?<title>.*\\S)\\s+(?=\\d)(?:(?<h>\\d{1,2})h)?(?:(?<m>\\d{1,3})m)?\\s*"
      "$",
      0 },
    /* "9:15 AM, 3 March | Hall C, Lyon": a clock before the rest of its
     * line, apart by a comma, a semicolon or a bar */
    { FIELD (clock_before),
      "^\\s*(?:[-*\\x{2022}]\\s*)?@TIME1@(?:\\s*(?<zone>@ZONE@)(?!\\w))?\\s*[,;"
      "|]"
      "\\s*(?<rest>\\S.*)$",
      G_REGEX_CASELESS },
    /* "APP apparea Applications Open Area Meeting": an area's code and a
     * group's acronym in lower case before its name */
    { FIELD (group_code),
      "^(?:@GROUP_AREA@)\\s+[a-z][a-z0-9-]{1,15}\\s+(?=\\p{Lu}|\\d)", 0 },
    /* a programme folded onto one line ("Agenda: 12:00-12:10 * Agenda
     * bashing 12.10-12:40 * draft-x-05 * By Ann Lee"): the spaces before
     * a range that opens an item, and the " * " between items */
    { FIELD (folded_range),
      "\\s+(?=@TIME1@\\s*(?:@RANGE@)\\s*@TIME2@\\s+\\*\\s)", 0 },
    { FIELD (folded_item), "\\s+\\*\\s+(?=\\S)", 0 },
    /* "Monday Session II": an IETF meeting's session of the day, no part
     * of the day's name */
    { FIELD (session_of_day),
      "^(?<day>@WEEKDAY@)\\s*,?\\s+(?:@SESSION_WORD@)\\s+(?:[IVX]{1,4}|\\d{1,"
      "2})$",
      G_REGEX_CASELESS },
    /* an item of a length ("Intro (10)", "Groupcomm (Marco) (60)",
     * "Welcome [5 min]", "Chairs' slides - 5 min", "10 min: Welcome"),
     * the list marker gone */
    { FIELD (item_length),
      "^(?:(?<n>\\d{1,3})\\s*(?<unit>@DURATION@)(?!\\w)\\.?\\s*"
      "(?:[-\\x{2013}\\x{2014}:|]\\s*|\\s)(?<title>\\p{Lu}.*?)"
      "|(?<title>\\S.*?)\\s*(?:\\(\\s*(?<n>\\d{1,3})\\s*(?:(?<unit>@DURATION@)"
      "(?!\\w)\\.?)?\\s*\\)|\\[\\s*(?<n>\\d{1,3})\\s*(?<unit>@DURATION@)"
      "(?!\\w)\\.?\\s*\\]|\\s(?:-|\\x{2013}|\\x{2014}|,)\\s*(?<n>\\d{1,3})"
      "\\s*(?<unit>@DURATION@)(?!\\w)\\.?))\\s*$",
      G_REGEX_CASELESS | G_REGEX_DUPNAMES },
    /* "Minutes:", "Meeting notes", "COMPTE RENDU \u2013 R\u00c9UNION DU
     * BUREAU": a heading of the record of a meeting */
    /* ("Minutes of the TC call, 5 November 2026 (DRAFT)": its date after a
       comma) */
    { FIELD (minutes_heading),
      "^[\\s#*=~-]*(?:@MINUTES@)(?!\\w)"
      "(?:,?\\s+[\\w'\\x{2019}().,\\x{2013}\\x{2014}-]+){0,8}"
      "(?:,\\s+\\d[\\w'\\x{2019}().,-]*(?:\\s+[\\w'\\x{2019}().,-]+){0,4})?"
      "[\\s:*=~-]*$",
      G_REGEX_CASELESS },
    /* "Budget (presenter: Dana Whitfield)", "[chair: Ted; room: A]",
     * "Incidents -- lead: Maya Chen" */
    { FIELD (label_paren),
      NO_START_IN_SPACES
      "\\s*(?:[(\\[]\\s*(?<label>@LABEL@|@LOCATION@)"
      "(?<colon>\\s*:)?\\s*(?<value>(?:[^()\\[\\]]|\\([^()]*\\))+?)\\s*[)\\]]"
      "|(?:[,;]|\\s(?:--?|\\x{2013}|\\x{2014}|/"
      "))\\s*(?<label>@LABEL@|@LOCATION@)"
      "(?<colon>\\s*:)?\\s+(?<value>[^\\[\\]:]+?))\\s*$",
      G_REGEX_CASELESS | G_REGEX_DUPNAMES },
    { FIELD (attribution), "(?<!\\w)(?:@ATTRIBUTION@)\\s*:?\\s*$",
      G_REGEX_CASELESS },
    /* "-----Original Message-----", "From: Ann <ann@example.org>" over
     * "Sent: Friday, 6 June 2025 10:12": where a quoted original starts */
    { FIELD (original), "^\\s*-{2,}\\s*(?:@ORIGINAL@)\\s*-{2,}\\s*$",
      G_REGEX_CASELESS },
    { FIELD (original_from), "^\\s*(?:@ORIGINAL_FROM@)\\s?:\\s*\\S", 0 },
    { FIELD (original_sent), "^\\s*(?:@ORIGINAL_SENT@)\\s?:\\s*\\S", 0 },
    { FIELD (kinds[KIND_WORDS_BREAK]), "(?<!\\w)(?:@BREAK@)(?!\\w)",
      G_REGEX_CASELESS },
    { FIELD (kinds[KIND_WORDS_MEAL]), "(?<!\\w)(?:@MEAL@)(?!\\w)",
      G_REGEX_CASELESS },
    { FIELD (kinds[KIND_WORDS_SOCIAL]), "(?<!\\w)(?:@SOCIAL@)(?!\\w)",
      G_REGEX_CASELESS },
    { FIELD (time_anywhere),
      "(?<![\\d.])\\d{1,2}[:.h]\\d{2}(?!\\d|[:.]\\d)"
      "|(?<![\\d.])\\d{1,2}\\s?(?:@SUFFIX@)(?!\\w)",
      G_REGEX_CASELESS },
    { FIELD (range_anywhere), "@TIME1@\\s*(?:@RANGE@)\\s*@TIME2@",
      G_REGEX_CASELESS },
    { FIELD (duration),
      "\\s*[(\\[]\\s*(?:[\\p{L}-]+\\s*,\\s*)?~?\\d{1,3}(?:[.,]\\d)?\\s*(?:@"
      "DURATION@)(?!\\w)\\.?(?:\\s+(?:each|per\\s+\\w+))?\\s*[)\\]]"
      "|\\s*[,;]\\s*~?\\d{1,3}\\s*(?:@DURATION@)(?!\\w)\\.?\\s*$"
      "|\\s*\\(\\s*(?:@UNTIL@)\\s[^()]*\\)\\s*$",
      G_REGEX_CASELESS },
    /* (or several joined: "- Chairs / AD", "- Chairs & secretariat"; or in
     * brackets: "(President)", "[chairs]"; or after "by": "Welcome and
     * introduction by the organizers", ", led by the convenor") */
    { FIELD (stand_in),
      "(?:\\s+(?:--?|\\x{2013}|\\x{2014})\\s+(?:the\\s+)?(?:@STAND_IN@)"
      "(?:\\s*[/&+]\\s*(?:the\\s+)?(?:@STAND_IN@))*(?:\\s*\\([^()]*\\))?"
      "|\\s*[(\\[]\\s*(?:the\\s+)?(?:@STAND_IN@)\\s*[)\\]]|,\\s+(?:the\\s+)?(?:"
      "@STAND_IN@)|(?:,?\\s+(?:\\p{Ll}+e[dn]|run))?\\s+(?:@BY@)\\s+(?:the\\s+)?"
      "(?:@STAND_IN@))\\s*$",
      G_REGEX_CASELESS },
    { FIELD (open_end), "\\s(?:@OPEN_END@)$", 0 },
    { FIELD (dash_end), "\\s+(?:--?|\\x{2013}|\\x{2014})$", 0 },
    { FIELD (handle_end), "\\s+(?<handle>@[\\w.]{2,})$", 0 },
    /* (after up to two capitalised words or codes that name the event or
     * the group: "T\u00fcbix Orga Team", "CG Chairs") */
    { FIELD (stand_in_alone),
      "^(?:the\\s+)?(?:[\\p{Lu}\\d][\\p{L}\\d.-]*\\s+){0,2}(?:@STAND_IN@)$",
      G_REGEX_CASELESS },
    { FIELD (item_column),
      "^\\d{1,3}(?:\\.\\d{1,2})*[.)]?(?:\\s{2,}|\\t)\\s*(?=\\S)", 0 },
    { FIELD (item_code),
      "^(?<code>\\p{Lu}[\\p{L}.]{0,7} \\d{1,3}[a-z]?)\\s{2,}(?=\\S)", 0 },
    /* "~~09:00~~ 09:30": text struck through in Markdown is gone */
    { FIELD (struck), "~~[^~]*~~\\s*", 0 },
    { FIELD (bullet), "^(\\s*)(?:@BULLET@)(?=\\s)", 0 },
    /* "Lunch \u2014 Brasserie de l'Atelier, next door", "Office hours --
     * Room 3A", "Triage [Library]", "Pub: The Copper Kettle, 2 min walk" */
    /* (a place in brackets may hold one comma: "Lunch (Kantine, EG)") */
    { FIELD (place_tail),
      "^(?<title>.*\\S)\\s*(?:(?:\\s(?:--?|\\x{2013}|\\x{2014})|:)\\s+(?<place>"
      "[^,()\\[\\]]+?)"
      "(?:\\s*,\\s*(?<note>[^,]+))?|\\s*(?<open>[(\\[])\\s*(?<place>[^,()\\[\\]"
      "]+?(?:,\\s*[^,()\\[\\]]+?)?)"
      "\\s*[)\\]])\\s*$",
      G_REGEX_DUPNAMES },
    /* "Lab 1 - Finite-state tools, Room 204": a room after the last comma */
    { FIELD (place_comma),
      "^(?<title>.*\\S)\\s*,\\s*(?<place>[^,()\\[\\]]+?)\\s*$", 0 },
    /* a venue's name: capitalised words, maybe with particles ("Brasserie
     * de l'Atelier", "The Haggerston") */
    { FIELD (venue),
      "^\\p{Lu}[\\p{L}'\\x{2019}&.-]*(?:\\s+(?:\\p{Lu}[\\p{L}'\\x{2019}&.-]*|(?"
      ":@PARTICLE@|l')\\S*)){0,4}$",
      0 },
    { FIELD (schedule_word), "(?<!\\w)(?:@SCHEDULE@)(?!\\w)",
      G_REGEX_CASELESS },
    /* changes written into a quoted programme (mla-agenda-changes.c) */
    { FIELD (change_any),
      "(?<!\\w)(?:@CHANGED@|@INSTEAD@|@BECOMES@|@ABSENT@|@SWAP@)(?!\\w)",
      G_REGEX_CASELESS },
    { FIELD (change_swap), "(?<!\\w)(?:@SWAP@)(?!\\w)", G_REGEX_CASELESS },
    /* "Forum 13:30 \u2013 14:30": a slot's name, then its new hours */
    { FIELD (change_pair),
      "(?<word>\\p{L}[\\p{L}'-]+)\\s+@TIME1@\\s*(?:@RANGE@)\\s*@TIME2@", 0 },
    /* (also "... and the workshop moves to ...": "and" before an article;
     * not a dash before a time, "13:30 \u2013 14:30") */
    { FIELD (change_split),
      "\\s*(?:;|\\.(?=\\s)|\\s--?\\s(?!\\d)|\\s[\\x{2013}\\x{2014}]\\s(?!\\d)|"
      "\\s(?:@AND@)\\s+(?=(?:@ARTICLE@)\\s))\\s*",
      G_REGEX_CASELESS },
    { FIELD (change_done), "(?<!\\w)(?:@CHANGED@)(?!\\w)", G_REGEX_CASELESS },
    { FIELD (change_instead), "(?<!\\w)(?:@INSTEAD@)(?!\\w)",
      G_REGEX_CASELESS },
    /* "Tobias can't make it": the name before the words, at the start */
    { FIELD (change_absent),
      "^(?<name>\\p{Lu}[\\p{L}'-]*(?:\\s+\\p{Lu}[\\p{L}'-]*){0,3})\\s+(?:@"
      "ABSENT@)(?!\\w)",
      G_REGEX_CASELESS },
    { FIELD (change_new),
      "(?<![\\d:.])@TIME1@\\s*(?:@RANGE@)\\s*@TIME2@\\s+(?:@BECOMES@)\\s+(?:(?:"
      "@ARTICLE@)\\s+)?(?<rest>\\S.*)$",
      G_REGEX_CASELESS },
    { FIELD (change_time), "(?<![\\d:.])@TIME1@(?:\\s*(?:@RANGE@)\\s*@TIME2@)?",
      G_REGEX_CASELESS },
    { FIELD (change_object),
      "^\\s*(?:(?:@ARTICLE@)\\s+)?(?<word>[\\p{L}\\d][\\p{L}\\d'-]*)",
      G_REGEX_CASELESS },
    /* "to room B204", ", in B301", "in 4.12": the room a change names */
    { FIELD (change_room),
      "(?<!\\w)(?:in|to|into)\\s+(?:(?:@ROOM@)\\s+)?(?<room>\\p{L}{0,3}\\.?\\d["
      "\\w.-]*\\w)(?!\\w)",
      G_REGEX_CASELESS },
    { FIELD (military_anywhere),
      "(?<![\\d:.])(?<h>[01]\\d|2[0-3])(?<m>[0-5]\\d)(?![\\d:.])", 0 },
    { FIELD (relative_day),
      "(?<!\\w)(?:(?<tomorrow>@TOMORROW@)|@TODAY@)(?!\\w)", G_REGEX_CASELESS },
    /* "Title - amara okafor (tbc)": a tail in lower case after a dash */
    { FIELD (lower_tail),
      "^(?<title>.*\\S)\\s+(?:--?|\\x{2013}|\\x{2014})\\s+(?<name>\\p{Ll}[\\p{"
      "Ll}.'\\x{2019}-]*"
      "(?:\\s+\\p{Ll}[\\p{Ll}.'\\x{2019}-]*){1,2})(?<marker>\\s*\\([^()]*\\))?"
      "\\s*$",
      0 },
    /* (words of scripts without spaces run on:
       "\u30db\u30c6\u30eb\u7fe0\u5d50") */
    { FIELD (venue_word),
      "^(?:@VENUE_WORD@)(?:(?!\\w)|(?<=[\\p{Han}\\p{Katakana}\\p{Hiragana}]))",
      G_REGEX_CASELESS },
    { FIELD (place_part), "(?<!\\w)(?:@PLACE_PART@)(?!\\w)", G_REGEX_CASELESS },
    /* "Ann Lee: Title", "Ann Lee \u2014 Title": who, then a separator */
    { FIELD (name_head),
      "^(?<head>[^:\\x{2013}\\x{2014}]+?)\\s*(?<sep>:|(?<=\\s)(?:--?|\\x{2013}|"
      "\\x{2014}))\\s+(?=\\S)",
      0 },
    { FIELD (name_presents),
      "^(?<title>.*\\S),?\\s+(?<name>\\p{Lu}[\\p{L}'\\x{2019}.-]*(?:\\s+\\p{Lu}"
      "[\\p{L}'\\x{2019}.-]*){0,2})"
      "\\s+(?:@PRESENTS@)\\s*$",
      0 },
    /* (also marked as a list: "- Speakers: Ida Marsh, Paul Okafor") */
    { FIELD (field_line),
      "^\\s*(?:[-*\\x{2022}]\\s+)?\\p{L}[\\p{L}\\s]{0,24}(?:\\(\\p{L}{1,3}\\))?"
      ":"
      "\\s*\\S",
      0 },
    { FIELD (date),
      "(?<d1>\\d{1,2})(?:@ORDINAL@|\\.)?\\s*(?:(?:@DATE_OF@)\\s+)?(?<mo1>@"
      "MONTH@)\\.?(?!\\w)"
      "(?:,?\\s*(?:(?:@DATE_OF@)\\s+)?(?<y1>\\d{4}))?"
      /* (Hungarian writes the year first: "2026. november 19.") */
      "|(?:(?<y3>\\d{4})\\.\\s+)?(?<mo2>@MONTH@)\\.?(?!\\w)[\\s-]*(?<d2>\\d{1,"
      "2})(?!\\d)(?:@ORDINAL@)?"
      "(?:\\s*[-\\x{2013}]\\s*\\d{1,2}(?!\\d))?(?:,?\\s*(?<y2>\\d{4}))?"
      /* "2026-12-05", "2026\u5e7412\u670812\u65e5", "2026\ub144 12\uc6d4
         5\uc77c" */
      "|(?<iy>\\d{4})(?:-|[\\x{5e74}\\x{b144}]\\s*)(?<im>\\d{1,2})(?:-|[\\x{"
      "6708}\\x{c6d4}]\\s*)(?<id>\\d{1,2})"
      "|(?<dd>\\d{1,2})\\.(?<dm>\\d{1,2})\\.(?<dy>\\d{4})"
      /* "Thu 12/5", "Fri 5.12.": only next to a weekday */
      "|(?<![\\d/.])(?<sa>\\d{1,2})/(?<sb>\\d{1,2})(?:/"
      "(?<sy>\\d{4}|\\d{2}))?(?![\\d/])"
      "|(?<![\\d.])(?<pd>\\d{1,2})\\.(?<pm>\\d{1,2})\\.(?!\\d)",
      G_REGEX_CASELESS },
    { FIELD (markers), "(?<![\\w<])(?:@MARKERS@)(?![\\w>])", G_REGEX_CASELESS },
    { FIELD (tentative), "\\(?\\s*(?:@TENTATIVE@)\\s+([^()]+?)\\s*\\)?\\s*$",
      G_REGEX_CASELESS },
    /* a table's cell pasted a line each, its separator at its end */
    { FIELD (cell_end), "^(.*?\\S)\\s*\\|\\s*$", 0 },
    /* a place in parentheses, before the end or a dash and the speakers:
     * a space before its ")" as a web table's cell prints it ("(amphi
     * Nord )"), or a room's word first before the speakers ("(Salle
     * B12) - Ana Pop"; alone it may be the title's, "Workshops (Raum 2.14
     * und 2.15)") */
    { FIELD (room_paren),
      "^(?<before>.*?\\S)\\s*(?:\\(\\s*(?<place>[^()]{1,40}?)(?<gap>\\s)\\)|\\("
      "\\s*"
      "(?<place>(?:@ROOM@|@LOCATION@)(?!\\w)[^()]{0,30}?)\\))"
      "(?<after>\\s+[-\\x{2013}\\x{2014}]\\s+\\S.*)?$",
      G_REGEX_CASELESS | G_REGEX_DUPNAMES },
    /* a track's name in capitals, then its first talk, by someone: the
     * track is the cell's title, the talk a note; an abbreviation among
     * its words ("ING. SOFTWARE Metodolog\u00edas \u00c1giles, por
     * M.Noguera"); or three or four words in capitals before what the
     * track holds, written in lower case ("TRABAJO FIN DE GRADO Mesa
     * redonda y sesi\u00f3n de posters", held-out real text 48) */
    { FIELD (track_talk),
      "^(?:(?<track>\\p{Lu}{2,}\\.?(?:\\s+\\p{Lu}{2,}\\.?){0,2})\\s+(?<talk>"
      "\\p{Lu}\\S*\\s.*,\\s+\\p{Ll}+\\s+\\p{Lu}.*\\S)"
      "|(?<track>\\p{Lu}{2,}(?:\\s+\\p{Lu}{2,}){2,3})\\s+(?<talk>\\p{Lu}"
      "\\p{Ll}+\\s+\\p{Ll}.*\\S))\\s*$",
      G_REGEX_DUPNAMES },
    /* people each with an affiliation, then a member without one last:
     * a group ("& Collectif Goutte") when it is no name */
    { FIELD (group_last),
      "^(?<names>.*\\))\\s*(?:,|&|\\b(?:@AND@)\\b)\\s*(?<group>\\p{Lu}[^()]*?)"
      "\\s*"
      "$",
      0 },
    { FIELD (note_paren),
      NO_START_IN_SPACES "\\s*(\\((?:@OPENERS@)\\b[^()]*\\))\\s*$",
      G_REGEX_CASELESS },
    { FIELD (word), "\\p{L}[\\p{L}'\\x{2019}-]*", 0 },
    /* (or "\u5c71\u7530 \u82b1\u5b50": family and given name in Han, apart) */
    { FIELD (name),
      "^\\p{Lu}[\\p{L}'\\x{2019}.-]*(?:\\s+(?:\\p{Lu}[\\p{L}'\\x{2019}.-]*|@"
      "PARTICLE@))+$"
      "|^\\p{Han}{1,3}\\s\\p{Han}{1,3}$",
      0 },
    /* "Interop report ........ Dario Russo": dot leaders, four dots or more
     * (maybe spaced), or three apart from the words on both sides */
    { FIELD (leaders),
      "^(?<title>.*?[^\\s.])(?:\\s*\\.(?:\\s?\\.){3,}|\\s+\\.{3}(?=\\s))\\s*(?<"
      "tail>.*?)\\s*$",
      0 },
    /* "Check-in", "Departure", "FRA-JFK", "LH 1234", "U2 8712 Frankfurt
     * (FRA) - Berlin (BER)": an itinerary's entry (a flight number alone or
     * before airport codes, unlike a group's code before a title: "WG2
     * Charter") */
    /* "Dep. Inishcarrow", "Arrival": a travel word first, as a
     * timetable's column is headed (not "WS1", "HS 1") */
    { FIELD (travel_word), "^(?i:@TRAVEL@)(?![\\w-])", 0 },
    { FIELD (travel_leg),
      "^(?:(?i:@TRAVEL@)(?![\\w-])|.*\\S\\s*\\x{2192}\\s*\\p{Lu}"
      "|\\p{Lu}{3}\\s*(?:-|\\x{2013}|\\x{2192}|>)\\s*\\p{Lu}{3}\\s*$"
      "|(?:\\p{Lu}{2}|\\p{Lu}\\d|\\d\\p{Lu})\\s?\\d{1,4}"
      "(?:\\s*$|\\s.*(?:\\(\\p{Lu}{3}\\)|\\b\\p{Lu}{3}\\s*(?:-|\\x{2013}|\\x{"
      "2192}|>)\\s*\\p{Lu}{3}\\b)))",
      0 },
    /* "=== Track A (Aula 1) ===", "## Room 2", "Main Hall:": decorated, or
     * ending with a colon */
    { FIELD (room_heading),
      "^\\s*(?:[=#*~]{2,}|-{2,})\\s*(?<name>[^=#*~:]+?)\\s*(?:[=#*~]{2,}|-{2,})"
      "?\\s*:?\\s*$"
      "|^\\s*(?<name>\\p{Lu}[^=#*~:]*?)\\s*:\\s*$",
      G_REGEX_DUPNAMES },
    /* "passed", "FAILED": a job's outcome, a whole cell */
    { FIELD (status_cell), "^(?:@STATUSES@)$", G_REGEX_CASELESS },
    /* "Tally so far:", "every week", "cron-driven": words in
     * the lines around a text's times that say what they are */
    { FIELD (not_programme), "(?<!\\w)(?:@NOT_PROGRAMME@)(?!\\w)",
      G_REGEX_CASELESS },
    { FIELD (weekly), "(?<!\\w)(?:@WEEKLY@)(?!\\w)", G_REGEX_CASELESS },
    { FIELD (jobs), "(?<!\\w)(?:@JOBS@)(?!\\w)", G_REGEX_CASELESS },
    { FIELD (programme_word), "(?<!\\w)(?:@PROGRAMME_WORD@)(?!\\w)",
      G_REGEX_CASELESS },
    { FIELD (meeting_word), "(?<!\\w)(?:@MEETING_WORD@)(?!\\w)",
      G_REGEX_CASELESS },
    /* "dernière entrée à 18h00": an entry of opening hours */
    { FIELD (admission), "(?<!\\w)(?:@ADMISSION@)(?!\\w)", G_REGEX_CASELESS },
    /* "Workshop", "Vorstandssitzung", "talk", "Thursday call": people meet
     * at the times */
    { FIELD (gathering),
      "(?<!\\w)(?:@GATHERING@)(?!\\w)|(?:@GATHERING_ENDING@)(?!\\w)|@GATHERING_"
      "UNSPACED@"
      "|(?<!\\w)(?:@WEEKDAY@|WG|team|community|project|steering|board)\\s+call("
      "?!\\w)",
      G_REGEX_CASELESS },
    /* "Room: B", "Every Monday, Room 4.12": where people meet */
    { FIELD (place_line),
      "^\\s*(?:@LOCATION@)\\s*:|(?-i:(?<!\\w)(?:@ROOM@)\\s+\\p{L}?\\d)",
      G_REGEX_CASELESS },
    /* "Roll call", "AOB", "TOP 3 Verschiedenes", "3.1 Approval of
     * minutes", "IV. Varie": a meeting's item starts the title, after
     * its number if any */
    { FIELD (meeting_item),
      "^[\\W_]*(?:(?:(?:@ITEM@)\\s*)?(?:\\d+(?:\\.\\d+)*|[IVXLC]+)[.:)]?\\s+)?"
      "(?:(?:@MEETING_ITEM@)(?!\\w)|@MEETING_ITEM_UNSPACED@)",
      G_REGEX_CASELESS },
    /* "Mash in at 67 C", "Magnum 25 g", "18\u00b0C": a quantity measured,
     * a space or a degree sign before its unit (not "Session 1C", "10
     * C++"; case counts: "l" and "L" are litres, "C" is Celsius) */
    { FIELD (measure),
      "(?<![\\w.,])\\d+(?:[.,]\\d+)?(?:\\s(?:@MEASURE@)|\\s?\\x{00b0}\\s?[CF])("
      "?![\\w\\x{00b0}+#])",
      0 },
    /* "yes", "no  (maybe)": a poll's answers, the whole title */
    { FIELD (poll_answers), "^(?:(?:@ANSWERS@)(?:\\s+|$))+$",
      G_REGEX_CASELESS },
    /* "Keynote by Dr. Tim Bray, independent": a title, then who gives it */
    /* "Keynote by Dr. Tim Bray, independent", "Roadmap, moderated by
     * X", "Soldering - with A and B", or a line "with A and B": who gives
     * it after the title */
    { FIELD (by_name),
      "^(?:(?<title>.*\\S)\\s+)?(?:(?<by>(?i:@BY@))\\s+(?<name>\\p{L}[^,()]*?)"
      "|(?<by>(?i:@WITH@))\\s+(?<name>\\p{Lu}[^,()]*?))"
      "(?:\\s*,[^,()]*|\\s*\\([^()]*\\))?\\s*$",
      G_REGEX_DUPNAMES },
    /* "Saluto del Prof. X, Presidente", "Saluto dell'Ing. X": a title,
     * then a titled person who gives it, then what the person is */
    { FIELD (speaker_of),
      "^(?<title>\\S.*?)\\s+(?i:@OF@)(?:(?<=['\\x{2019}])\\s*|\\s+)"
      "(?<names>(?:@HONORIFIC@)(?:(?<=\\.)\\s*|\\s+)\\p{Lu}[^,]*?)"
      "(?:\\s*,.*)?$",
      0 },
    /* "[Saad Ali] Volume snapshots": who leads the item, before it */
    { FIELD (names_lead),
      "^\\s*\\[\\s*(?<names>[^\\[\\]]+?)\\s*\\]\\s*(?<title>\\S.*)$", 0 },
    /* "Title [J. Smith]", "Title (Ralph Dolmans / Willem Toorop)" */
    /* "Title: Learned indexes" under a time: the slot's title */
    { FIELD (title_label),
      "^\\s*(?:@TITLE_LABEL@)\\s*:\\s*(?<title>\\S.*?)\\s*$",
      G_REGEX_CASELESS },
    { FIELD (names_bracket),
      NO_START_IN_SPACES
      "\\s*(?<open>[\\[(])\\s*(?<names>[^\\[\\]()]+?)\\s*[\\])]\\s*$",
      0 },
    /* a speaker after a dash or a label, then one affiliation that is no
     * name ("Salesforce", "independent", "Linux Foundation") */
    { FIELD (name_comma_org),
      "(?:\\s(?:--?|\\x{2013}|\\x{2014})\\s+|:\\s*)(?<name>\\p{Lu}[^\\s,()]*(?:"
      "\\s+[^\\s,()]+){1,3}),\\s+"
      "(?<org>[^\\s,()\\d][^,()\\d]{1,40}?)\\s*$",
      0 },
    { FIELD (initial), "^\\p{Lu}\\.\\s*\\p{Lu}", 0 },
    /* a room's number: "K.1.105", "H.2213", "B12", "4.12" */
    { FIELD (room_code), "^(?:\\p{Lu}{1,3}[.-]?)?\\d+(?:\\.\\d+)*\\p{L}?$", 0 },
    { FIELD (place_after_time),
      "^\\s*(?:\\x{00b7}|\\x{2022}|\\||@)\\s*(?<place>[^\\s|:;,][^|:;,]{0,40}?)"
      "\\s*$",
      0 },
    /* "Lea Verou | MIT", "Carol Nichols - Integer 32": a name, then its
     * affiliation after a bar, a dash or an at sign */
    { FIELD (name_affiliation),
      "^(?<name>[^|@\\x{2013}\\x{2014}]+?)\\s+(?:\\||-|\\x{2013}|\\x{2014}|@)"
      "\\s+\\S.*$",
      0 },
    /* "*** LUNCH ***", "== Break ==", "------ LUNCH ------": a title set off
     * by marks (the dashes before it may be gone with the time's) */
    { FIELD (decorated),
      "^(?:([*=#~_]{2,})\\s*(?<title>[^*=#~_].*?)\\s*\\1"
      "|(?:-{3,}\\s*)?(?<title>[^\\s-].*?)\\s*-{3,})$",
      G_REGEX_DUPNAMES },
    /* what parts people who each have their affiliation */
    /* "Chair: A; Scribe: B", "Moderator: A | Panelists: B, C": groups of people
     */
    { FIELD (people_groups), "\\s*(?:;|\\s\\|\\s)\\s*", 0 },
    { FIELD (people_apart),
      NO_START_IN_SPACES "\\s*(?:;|&|\\b(?:@AND@)\\b)\\s*", 0 },
    /* "Kernel hacking (Room A)", "Title \u2014 Room B" */
    { FIELD (room_at_end),
      "^(?<title>\\S.*?\\S)\\s*(?:\\((?<room>[^()]+)\\)|\\s[-\\x{2013}\\x{2014}"
      "]\\s+(?<room>[^-\\x{2013}\\x{2014}]+?))\\s*$",
      G_REGEX_DUPNAMES },
    { FIELD (alnum), "[\\p{L}\\p{N}]", 0 },
    { FIELD (location_at), "^(.*?\\S)\\s+@\\s+(.+?)\\s*$", 0 },
    /* "Welcome | Ingrid Halvorsen (host)": a title, then its cell of people */
    { FIELD (speaker_bar), "^(?<title>.*\\S)\\s+\\|\\s+(?<names>[^|]*\\S)\\s*$",
      0 },
    /* "Title - Name", "Title -- Name", "Title \u2014 Name" */
    { FIELD (speaker_dash),
      "^(.*\\S)\\s+(?:--?|\\x{2013}|\\x{2014})\\s+([^,-]+?)(?:\\s*,[^,]*)?$",
      0 },
    { FIELD (speaker_list),
      "^(.*\\S)\\s+(?:--?|\\x{2013}|\\x{2014})\\s+(\\p{Lu}[^\\x{2013}\\x{2014}]"
      "*?)\\s*$",
      0 },
    /* "Registration - Lobby", "Drills - Motor Pool", "Coffee – 2nd Floor
     * Lounge": up to four words, a floor first */
    { FIELD (place_dash),
      "^(.*\\S)\\s+[-\\x{2013}\\x{2014}]\\s+((?:\\d{1,2}\\p{Ll}{0,2}\\s+)?"
      "\\p{Lu}[^\\s\\x{2013}\\x{2014}-]*"
      "(?:\\s+[^\\s\\x{2013}\\x{2014}-]+){0,3})\\s*$",
      0 },
    /* "Dr. ", "Prof. ": titles before a name, followed by one */
    { FIELD (honorific),
      "^(?:(?:@HONORIFIC@)(?<=\\.)\\s*|(?:@HONORIFIC@)\\s+"
      "|(?:@HONORIFIC_FULL@)\\s+(?=\\p{Lu}[\\p{L}'-]+\\s+\\p{Lu}))+(?=\\p{Lu})",
      0 },
    /* "\u53e4\u8cc0 \u6d0b\u5e73 \u3055\u3093", "\u718a\u748b\u6559\u6388": a
     * title after a name, before the end or the next name */
    { FIELD (honorific_after),
      "(?<=[^\\s,;&/\\x{3001}\\x{ff0c}])\\s*(?:@HONORIFIC_AFTER@)"
      "(?=\\s*(?:$|[,;&/\\x{3001}\\x{ff0c}]|\\s(?:@AND@)\\s))",
      0 },
    { FIELD (place_prefix),
      "^(?<place>[^:,()]{1,40}?)\\s*[:,]\\s+(?<title>\\S.*)$", 0 },
    /* (also the full-width and ideographic commas: "\u4e2d\u6751
       \u7fd4\uff0cEmily Carter") */
    { FIELD (person_split),
      NO_START_IN_SPACES "\\s*(?:,|\\x{ff0c}|\\x{3001}|;|&|/"
                         "|(?<=\\s)\\+(?=\\s)|\\b(?:@AND@)\\b)\\s*",
      0 },
    { FIELD (quote), "^(?:[ \\t]*>)+ ?", 0 },
    { FIELD (list_marker),
      "^(?:[-*\\x{2022}\\x{00b7}]\\s+|(?:@BULLET@)\\s+|(?:\\d{1,2}|[ivx]{1,4}|["
      "a-h])[.)]\\s+)",
      0 },
    { FIELD (paren_part), NO_START_IN_SPACES "\\s*\\([^()]*\\)", 0 },
    { FIELD (capitalised_run), "^\\p{Lu}\\S*(?: \\p{Lu}\\S*)*$", 0 },
    { FIELD (military_range),
      "^(?<lead>\\s*(?:[-*\\x{2022}|]\\s*)?)(?<h1>[012]\\d)(?<m1>\\d\\d)"
      "(?<sep>\\s*(?:@RANGE@)\\s*)(?<h2>[012]\\d)(?<m2>\\d\\d)(?![\\d.]|:\\d)",
      0 },
    /* "Roberto Di Cosmo Stefano Vitali": two names printed one after the
     * other, each a first name, particles and a surname (no particle
     * starts a name or ends it) */
    { FIELD (name_pair),
      "^(?<a>" NAME_OF_PARTICLES ")\\s+(?<b>" NAME_OF_PARTICLES ")$", 0 },
    /* "Yob\u00e9 (producteur Bio), Maxime V\u00e9tier": a line that goes on
     * with the surname of a name broken before it, then its affiliation */
    { FIELD (broken_name),
      "^\\s*(?:\\p{Lu}[\\p{Ll}'-]+\\s+){1,2}\\([^()]+\\)\\s*(?:,|$)", 0 },
    /* "Lunch 1200 \u2013 1300": a short title, then the range, alone */
    { FIELD (military_after),
      "^(?<lead>\\s*(?:[-*\\x{2022}]\\s*)?\\p{Lu}[^\\d()|:,.]{0,40}?\\s+)"
      "(?<h1>[012]\\d)(?<m1>\\d\\d)(?<sep>\\s*(?:@RANGE@)\\s*)(?<h2>[012]\\d)"
      "(?<m2>\\d\\d)(?=\\s*$)",
      0 },
    { FIELD (military_single),
      "^(?<lead>\\s*(?:[-*\\x{2022}|]\\s*)?)(?<h1>[012]\\d)(?<m1>\\d\\d)"
      "\\*?(?=\\s*[|:\\t]|\\s+\\p{Lu})", /* ("1840* Talk": changed, marked) */
      0 },
    /* "Coffee ........ 11:00": a running order whose dot leaders lead to
     * the time at the line's end (four dots or more, spaced or not). A
     * time with a dot needs am/pm: "Espresso ...... 2.50" is a price,
     * "Results ...... 3.14" a page. "2. AOB          [09:55]": a time in
     * brackets after a gap is such a time too (a task group's agenda). */
    { FIELD (time_last),
      "^(?<lead>\\s*(?:[-*\\x{2022}]\\s*)?)(?<title>\\S.*?)"
      "(?:\\s*(?:\\.\\s?){4,}\\s*|\\s{2,}\\[(?=[^\\[\\]]+\\]\\s*$))"
      "(?<time>@LAST_TIME@(?:\\s*(?:@RANGE@)\\s*@LAST_TIME@)?)\\]?\\s*$",
      G_REGEX_CASELESS },
    /* "Noon-1 p.m.", "Noon  Lunch", "Noon: Lunch" */
    { FIELD (noon_start),
      "^(\\s*(?:[-*\\x{2022}|]\\s*)?)(?:@NOON@)"
      "(?=\\s*(?:@RANGE@)\\s*\\d|\\s*[-\\x{2013}\\x{2014}:|]\\s*\\p{L}|\\s+\\p{"
      "Lu}|\\s{2,}\\S|\\t)",
      G_REGEX_CASELESS },
    /* "18:00 \u2013 open end<TAB>Sektempfang": a start without an end */
    { FIELD (no_end),
      "^(\\s*\\d{1,2}(?:[:.h]\\d\\d)?(?:\\s*(?:@AM@|@PM@|@H24@))?)"
      "\\s*(?:@RANGE@)\\s*(?:@OPEN_END_TIME@)(?=\\t|\\s{2,}|\\s*$)",
      G_REGEX_CASELESS },
    { FIELD (noon_end),
      "^(\\s*(?:[-*\\x{2022}|]\\s*)?\\d{1,2}(?:[:.]\\d\\d)?\\s*(?:@AM@|@PM@)?"
      "\\s*(?:@RANGE@)\\s*)(?:@NOON@)(?!\\w)",
      G_REGEX_CASELESS },
    { FIELD (gap_cells), "\\s{2,}", 0 },
    /* "Main HallRoom 2": a cell of a header row run together starts here */
    { FIELD (run_together), "(?<=[\\p{L}\\d)])(?=\\p{Lu}\\p{Ll})", 0 },
    /* "Room A    WG2   Message formats", "Annex: Terminology": a parallel
     * session under a time block, its room first */
    { FIELD (session_line),
      "^(?<room>[^\\s:|][^:|\\x{ff1a}]{0,24}?)(?:\\s*:\\s+|\\s*\\x{ff1a}\\s*|"
      "\\s{2,}|\\t|\\s+[-\\x{2013}\\x{2014}]\\s+)"
      "(?<rest>\\S.*)$",
      0 },
    { FIELD (pipe_cells), NO_START_IN_SPACES "\\s*\\|\\s*", 0 },
    { FIELD (slash_cells), "\\s+/\\s+", 0 },
    /* "Invited Speaker: Joey Jones": a label (up to three words) and a name */
    { FIELD (label_name),
      "^[^:\\d\\s]+(?:\\s[^:\\d\\s]+){0,2}:\\s*(\\p{Lu}[^:]{2,80})$", 0 },
    { FIELD (year), "(?<![\\d:.])(?:19|20)\\d{2}(?![\\d:])", 0 },
    /* "Introductions - We'll go around the room ...": a sentence after a
     * dash describes the slot. */
    /* (not a talk's title in quotes: "Opening — \u00ab Open source in towns
       \u00bb") */
    { FIELD (description),
      "^(.*?\\S)\\s+[-\\x{2013}\\x{2014}]\\s+(?![\"\\x{ab}\\x{201c}\\x{201e}])("
      "(?:\\S+\\s+){6,}\\S+)$",
      0 },
    /* "Session 2", "Lecture 5", "Part III": a session's word and number */
    { FIELD (numbered_session), "^\\p{Lu}\\p{Ll}+\\s+(?:\\d{1,2}|[IVX]{1,4})$",
      0 },
    /* "People arrive. Coffee will be served": a short first sentence is
     * the title, the rest a note */
    { FIELD (sentences),
      "^((?:\\S+\\s+){0,4}\\p{Ll}{3,})\\.\\s+(\\p{Lu}.*\\S)$", 0 },
    /* "Lunch - Pizza provided": what follows a meal's dash is a note */
    { FIELD (meal_tail), "^(.*?\\S)\\s+[-\\x{2013}\\x{2014}]\\s+(\\S.*)$", 0 },
};

const guint mla_agenda_n_patterns = G_N_ELEMENTS (mla_agenda_patterns);
