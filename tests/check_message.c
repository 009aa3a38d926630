/* check_message.c: the message model, on hand-written mail in
 * tests/data/message/ and, when present, on third-party MIME torture sets. */
#include "config.h"
#include <string.h>
#include "mla-test.h"
#include "mlarc.h"
#include "mla-html-private.h"

/* Parses tests/data/message/@name as if a reader had found it after the
 * From_ line "From @envelope". */
static MlaMessage *
parse_data (const char *name, const char *envelope)
{
    g_autofree char *relative =
        g_build_filename ("tests", "data", "message", name, NULL);
    g_autofree char *path = mla_test_srcdir_path (relative);
    g_autoptr (GBytes) bytes = mla_test_read_file (path);
    MlaRawMessage raw = { bytes, (char *) envelope, path, 0, 1, NULL };

    return mla_message_parse (&raw);
}

/* Parses @text, a whole message given in the test. */
static MlaMessage *
parse_text (const char *text)
{
    g_autoptr (GBytes) bytes = g_bytes_new (text, strlen (text));
    MlaRawMessage raw = { bytes, NULL, "memory", 0, 1, NULL };

    return mla_message_parse (&raw);
}

static const MlaDefect *
find_defect (const MlaMessage *message, const char *code)
{
    GPtrArray *defects = mla_message_get_defects (message);

    for (guint i = 0; i < defects->len; i++) {
        const MlaDefect *defect = g_ptr_array_index (defects, i);

        if (strcmp (defect->code, code) == 0)
            return defect;
    }
    return NULL;
}

static void
assert_defect (const MlaMessage *message, const char *code)
{
    ck_assert_msg (find_defect (message, code) != NULL, "%s: no %s defect",
                   mla_message_get_message_id (message), code);
}

static const MlaAddress *
address_at (GPtrArray *addresses, guint i)
{
    ck_assert_uint_gt (addresses->len, i);
    return g_ptr_array_index (addresses, i);
}

static void
assert_date (const MlaMessage *message, const char *iso, int offset,
             MlaDateSource source)
{
    GDateTime *date = mla_message_get_date (message);
    g_autofree char *text = NULL;

    ck_assert_int_eq (mla_message_get_date_source (message), source);
    ck_assert_ptr_nonnull (date);
    text = g_date_time_format_iso8601 (date);
    ck_assert_str_eq (text, iso);
    ck_assert_int_eq (mla_message_get_date_offset_minutes (message), offset);
}

START_TEST (test_headers_rfc2047_words)
{
    g_autoptr (MlaMessage) message = parse_data ("encoded-words.eml", NULL);
    const MlaAddress *from = mla_message_get_from (message);
    GPtrArray *to = mla_message_get_to (message);
    GPtrArray *cc = mla_message_get_cc (message);

    /* RFC 2047 §8: adjacent encoded words join without the space between. */
    ck_assert_str_eq (mla_message_get_subject (message),
                      "If you can read this you understand the example.");
    ck_assert_str_eq (from->name, "André Pirard");
    ck_assert_str_eq (from->address, "pirard@vm1.ulg.ac.be");
    ck_assert_uint_eq (to->len, 2);
    ck_assert_str_eq (address_at (to, 0)->name, "Jürgen Müller");
    ck_assert_ptr_null (address_at (to, 1)->name);
    ck_assert_str_eq (address_at (to, 1)->address, "plain@example.org");
    ck_assert_uint_eq (cc->len, 3);
    ck_assert_str_eq (address_at (cc, 0)->name, "Zoë");
    ck_assert_str_eq (address_at (cc, 1)->address, "bob@example.org");
    ck_assert_str_eq (address_at (cc, 2)->name, "Quoted, Name");
    ck_assert_str_eq (mla_message_get_message_id (message),
                      "20040713.encoded@example.org");
    ck_assert (!mla_message_is_message_id_synthetic (message));
    assert_date (message, "2004-07-13T20:50:57Z", 120, MLA_DATE_SOURCE_HEADER);
    ck_assert_uint_eq (mla_message_get_defects (message)->len, 0);
}
END_TEST

START_TEST (test_headers_utf8_subject)
{
    g_autoptr (MlaMessage) message = parse_data ("utf8-subject.eml", NULL);

    ck_assert_str_eq (mla_message_get_subject (message), "Réunion du comité €");
    ck_assert_str_eq (mla_message_get_from (message)->name, "François");
    assert_date (message, "2004-07-14T12:30:00Z", -270, MLA_DATE_SOURCE_HEADER);
}
END_TEST

START_TEST (test_headers_8bit)
{
    g_autoptr (MlaMessage) message = parse_data ("8bit-header.eml", NULL);

    ck_assert_str_eq (mla_message_get_subject (message), "Café au lait");
    ck_assert_str_eq (mla_message_get_from (message)->name, "René Dupont");
    assert_defect (message, "8bit-header");
    /* Two headers, one defect that counts them. */
    ck_assert_ptr_nonnull (
        strstr (find_defect (message, "8bit-header")->detail, "2 times"));
}
END_TEST

START_TEST (test_headers_unknown_charset_word)
{
    g_autoptr (MlaMessage) message = parse_data ("unknown-charset.eml", NULL);

    ck_assert (g_utf8_validate (mla_message_get_subject (message), -1, NULL));
    ck_assert_ptr_nonnull (strstr (mla_message_get_subject (message), "caf"));
}
END_TEST

static const struct {
    const char *header;
    const char *subject;
} subjects[] = {
    /* RFC 2047 §6.2: adjacent words join without the white space between;
     * gmime issue 133 lost the word after a '='-padded B-word. */
    { "=?UTF-8?B?4oCUIA==?= =?UTF-8?B?d2hhdA==?=", "— what" },
    { "=?UTF-8?B?4oCUIA==?=\n =?UTF-8?B?d2hhdA==?=", "— what" },
    { "Session =?UTF-8?B?4oCUIA==?= =?UTF-8?B?d2hhdA==?= we need",
      "Session — what we need" },
    /* B without padding, Q, lower-case encodings. */
    { "=?UTF-8?B?Y2Fmw6k?=", "café" },
    { "=?iso-8859-1?q?caf=E9_cr=E8me?=", "café crème" },
    /* A character split between two words, B and Q, joins. */
    { "=?UTF-8?B?4oA=?= =?UTF-8?B?lA==?=", "—" },
    { "=?UTF-8?Q?=E2=80?= =?UTF-8?Q?=94?=", "—" },
    { "=?UTF-8?B?4oA=?= =?UTF-8?Q?=94x?=", "—x" },
    /* Different charsets side by side, each converted on its own. */
    { "=?iso-8859-1?q?caf=E9?= =?UTF-8?Q?_cr=C3=A8me?=", "café crème" },
    { "=?koi8-r?b?8NLJ18XU?= =?iso-8859-15?q?=A4?=", "Привет€" },
    /* RFC 2231 §5 language suffix. */
    { "=?UTF-8*en?Q?hello?=", "hello" },
    /* Text between words stays, the white space around it too. */
    { "a =?UTF-8?Q?b?= c =?UTF-8?Q?d?=", "a b c d" },
    /* Malformed words are left as they are. */
    { "a =?bad?x?y?= b", "a =?bad?x?y?= b" },
    { "=?UTF-8?Q?open", "=?UTF-8?Q?open" },
    { "=??Q?x?=", "=??Q?x?=" },
    { "plain  text", "plain  text" },
};

START_TEST (test_headers_subject_words)
{
    g_autofree char *text = g_strdup_printf (
        "Message-ID: <s@example.org>\nSubject: %s\n\nb\n", subjects[_i].header);
    g_autoptr (MlaMessage) message = parse_text (text);

    ck_assert_str_eq (mla_message_get_subject (message), subjects[_i].subject);
}
END_TEST

START_TEST (test_threading_headers)
{
    g_autoptr (MlaMessage) message = parse_data ("threading.eml", NULL);
    GPtrArray *references = mla_message_get_references (message);

    ck_assert_str_eq (mla_message_get_in_reply_to (message),
                      "parent@example.org");
    ck_assert_uint_eq (references->len, 3);
    ck_assert_str_eq (g_ptr_array_index (references, 0), "root@example.org");
    ck_assert_str_eq (g_ptr_array_index (references, 1), "middle@example.org");
    ck_assert_str_eq (g_ptr_array_index (references, 2), "parent@example.org");
    ck_assert_str_eq (mla_message_get_list_id (message),
                      "ksummit-2004.lists.example.org");
}
END_TEST

START_TEST (test_threading_absent)
{
    g_autoptr (MlaMessage) message = parse_data ("utf8-subject.eml", NULL);

    ck_assert_ptr_null (mla_message_get_in_reply_to (message));
    ck_assert_uint_eq (mla_message_get_references (message)->len, 0);
    ck_assert_ptr_null (mla_message_get_list_id (message));
}
END_TEST

static const struct {
    const char *file;
    const char *body;
    MlaBodySource source;
    const char *defect; /* expected, or NULL for none at all */
} bodies[] = {
    { "quoted-printable.eml", "Le comité se réunit à 9h30 = ok.\n",
      MLA_BODY_SOURCE_PLAIN, NULL },
    { "base64-latin1.eml", "Année 2004: déjà vu.\n", MLA_BODY_SOURCE_PLAIN,
      NULL },
    /* Blocks encoded one by one, each '='-padded: GMime 3.2.13 stops at
     * the first pad (gmime issue 150). */
    { "base64-padded-chunks.eml", "Hello, world — and more\n",
      MLA_BODY_SOURCE_PLAIN, NULL },
    /* RFC 2046 §5.1.1: the line break before a boundary is the boundary's. */
    { "alternative.eml", "The plain version.", MLA_BODY_SOURCE_PLAIN, NULL },
    /* A text alternative that only points at the HTML one is no body. */
    { "stub-alternative.eml",
      "Programme\n\n9:00 | Opening of the day\n10:00 | Coffee and croissants\n"
      "10:30 | Reports from the working groups\n12:00 | Lunch\n",
      MLA_BODY_SOURCE_HTML, NULL },
    { "blank-alternative.eml", "Only here.\n", MLA_BODY_SOURCE_HTML, NULL },
    /* Short, and saying "HTML", but as much as the HTML says. */
    { "short-alternative.eml", "The HTML 5 spec is out.", MLA_BODY_SOURCE_PLAIN,
      NULL },
    { "crlf.eml", "Line one\nLine two\n", MLA_BODY_SOURCE_PLAIN, "crlf" },
    { "unknown-charset.eml", "Café crème.\n", MLA_BODY_SOURCE_PLAIN,
      "unknown-charset" },
    { "unlabelled-8bit.eml", "Naïve “quotes”\n", MLA_BODY_SOURCE_PLAIN,
      "unknown-charset" },
    { "invalid-utf8.eml", "ok \xef\xbf\xbd\xef\xbf\xbd ok\n",
      MLA_BODY_SOURCE_PLAIN, "invalid-utf8" },
    { "nul-byte.eml", "Beforeafter\n", MLA_BODY_SOURCE_PLAIN, "nul-bytes" },
    { "html-only.eml",
      "Agenda\n\nCafé & croissants, 9:00 <sharp>\n\nLine one\nLine two\n\nDéjà "
      "vu\n",
      MLA_BODY_SOURCE_HTML, NULL },
};

START_TEST (test_body_text)
{
    g_autoptr (MlaMessage) message = parse_data (bodies[_i].file, NULL);

    ck_assert_int_eq (mla_message_get_body_source (message), bodies[_i].source);
    ck_assert_str_eq (mla_message_get_body_text (message), bodies[_i].body);
    ck_assert_uint_eq (mla_message_get_attachments (message)->len, 0);
    if (bodies[_i].defect != NULL)
        assert_defect (message, bodies[_i].defect);
    else
        ck_assert_uint_eq (mla_message_get_defects (message)->len, 0);
}
END_TEST

/* A multipart/alternative whose HTML is @html, beside a text part. */
#define ALTERNATIVE(html)                                                      \
    "From: a@example.org\nSubject: Programme\nMIME-Version: 1.0\n"             \
    "Content-Type: multipart/alternative; boundary=b\n\n--b\n"                 \
    "Content-Type: text/plain; charset=utf-8\n\nThe programme is below, "      \
    "in the table of this mail: do come!\n--b\n"                               \
    "Content-Type: text/html; charset=utf-8\n\n" html "\n--b--\n"

/* The HTML alternative of a plain body is kept as text for the agenda
 * parser only when it holds clock times. */
static const struct {
    const char *mail;
    const char *alternative; /* NULL: none kept */
} alternatives[] = {
    { ALTERNATIVE ("<table><tr><td>9:00</td><td>Opening</td></tr>"
                   "<tr><td>10:30</td><td>Talks</td></tr></table>"),
      "9:00 | Opening\n10:30 | Talks\n" },
    { ALTERNATIVE ("<p>The programme is below, at 9:00 sharp.</p>"), NULL },
    { ALTERNATIVE ("<p>Version 1.25 and 2.50 of the slides.</p>"),
      "Version 1.25 and 2.50 of the slides.\n" },
    /* (no alternative: the text is all there is) */
    { "From: a@example.org\nSubject: x\n\n9:00 Opening\n10:30 Talks\n", NULL },
};

START_TEST (test_alternative_text)
{
    g_autoptr (MlaMessage) message = parse_text (alternatives[_i].mail);

    ck_assert_int_eq (mla_message_get_body_source (message),
                      MLA_BODY_SOURCE_PLAIN);
    if (alternatives[_i].alternative == NULL)
        ck_assert_ptr_null (mla_message_get_alternative_text (message));
    else
        ck_assert_str_eq (mla_message_get_alternative_text (message),
                          alternatives[_i].alternative);
}
END_TEST

static const struct {
    const char *html;
    const char *text;
} htmls[] = {
    { "", "" },
    { "<p>a  b\n c</p>", "a b c\n" },
    { "<pre>a  b\n c</pre>after", "a  b\n c\n\nafter\n" },
    { "a<br><br><br>b", "a\n\nb\n" },
    { "x&nbsp;&nbsp;y&#233;&euro;", "x yé€\n" },
    { "<ul><li>one<li>two</ul>", "one\ntwo\n" },
    { "<table><tr><td>9:00</td><td>Keynote</td></tr><tr><td>10:00</"
      "td><td>Break</td></tr></table>",
      "9:00 | Keynote\n10:00 | Break\n" },
    { "<table><tr><th>Time</th><th>Talk</th><th>Speaker</th></tr>"
      "<tr><td>18:00</td><td><b>Doors</b> open</td><td></td></tr>"
      "<tr><td>18:30</td><td></td><td>Ann Lee</td></tr></table>",
      "Time | Talk | Speaker\n18:00 | Doors open |\n18:30 | | Ann Lee\n" },
    { "<table><tr><td>10:00</td><td>Compilers<br>Ann "
      "Lee</td><td>Databases<br/>Bo Li<br></td>"
      "<td><br>Lunch</td></tr></table>",
      "10:00 | Compilers - Ann Lee | Databases - Bo Li | Lunch\n" },
    { "<table><tr><td><p>Layout</p></td><td><p>cell</p></td></tr></table>",
      "Layout\n\ncell\n" },
    /* a cell reaching down (rowspan) leaves an empty cell in its column
     * below, the last one closed by a bar; colspan is one cell */
    { "<table><tr><td>9:30</td><td>Grading</td><td "
      "rowspan=\"2\">Workshop</td></tr>"
      "<tr><td>10:30</td><td>Review</td></tr><tr><td>11:30</td><td "
      "colspan=\"2\">Lunch</td></tr>"
      "<tr><td>12:30</td><td "
      "rowspan=2>Panel</td><td>Demo</td></tr><tr><td>13:00</td><td>Q&amp;A</"
      "td></tr></table>",
      "9:30 | Grading | Workshop\n10:30 | Review | |\n11:30 | Lunch\n12:30 | "
      "Panel | Demo\n13:00 | | Q&A\n" },
    { "<div>unclosed <b>bold <i>both</div>tail", "unclosed bold both\ntail\n" },
    { "<!-- comment -->text<style>x{}</style><script>if (a<b) {}</script>",
      "text\n" },
};

START_TEST (test_html_to_text)
{
    g_autofree char *text = mla_html_to_text (htmls[_i].html, -1);

    ck_assert_str_eq (text, htmls[_i].text);
}
END_TEST

START_TEST (test_attachments_listed)
{
    g_autoptr (MlaMessage) message = parse_data ("attachments.eml", NULL);
    GPtrArray *attachments = mla_message_get_attachments (message);
    const MlaAttachment *pdf, *text, *inner;

    ck_assert_str_eq (mla_message_get_body_text (message), "See attached.");
    ck_assert_uint_eq (attachments->len, 3);
    pdf = g_ptr_array_index (attachments, 0);
    text = g_ptr_array_index (attachments, 1);
    inner = g_ptr_array_index (attachments, 2);
    /* RFC 2231 filename*=iso-8859-1''r%E9sum%E9.pdf */
    ck_assert_str_eq (pdf->filename, "résumé.pdf");
    ck_assert_str_eq (pdf->content_type, "application/pdf");
    ck_assert_uint_eq (pdf->size, 25);
    ck_assert_str_eq (
        pdf->sha256,
        "3f01cf723be95764a2b9408bf3526b4fa559d3f8df20fcc84b5e65c020a4b364");
    /* RFC 2047 word in a quoted filename (not allowed, but common) */
    ck_assert_str_eq (text->filename, "naïve.txt");
    ck_assert_str_eq (text->content_type, "text/plain");
    ck_assert_uint_eq (text->size, 21);
    ck_assert_str_eq (
        text->sha256,
        "3009d108958bc79a9350340e2226fac910ad8cfcf997384aa503c52ba082a860");
    ck_assert_ptr_null (inner->filename);
    ck_assert_str_eq (inner->content_type, "message/rfc822");
    ck_assert_uint_gt (inner->size, 0);
    ck_assert_uint_eq (strlen (inner->sha256), 64);
}
END_TEST

/* What a download sink collects: the bytes of the attachments it wants
 * (the odd ones, or all), in order. */
typedef struct {
    gboolean odd_only;
    GPtrArray *contents; /* GBytes, NULL where not wanted */
} Collected;

static gboolean
collect_want (guint index, gpointer user_data)
{
    Collected *c = user_data;

    return !c->odd_only || index % 2 == 1;
}

static void
collect_put (guint index, GBytes *content, gpointer user_data)
{
    Collected *c = user_data;

    while (c->contents->len < index)
        g_ptr_array_add (c->contents, NULL);
    g_ptr_array_add (c->contents, g_bytes_ref (content));
}

/* The bytes of each attachment, extracted again in one parse, are what
 * the model measured: same size, same SHA-256; those not wanted are not
 * handed out. */
START_TEST (test_attachments_extracted)
{
    g_autofree char *path =
        mla_test_srcdir_path ("tests/data/message/attachments.eml");
    g_autoptr (GBytes) bytes = mla_test_read_file (path);
    MlaRawMessage raw = { bytes, NULL, path, 0, 1, NULL };
    g_autoptr (MlaMessage) message = mla_message_parse (&raw);
    GPtrArray *attachments = mla_message_get_attachments (message);
    g_autoptr (GPtrArray) all =
        g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
    g_autoptr (GPtrArray) odd =
        g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
    Collected c_all = { FALSE, all }, c_odd = { TRUE, odd };
    MlaDownloadSink sink_all = { collect_want, collect_put, &c_all };
    MlaDownloadSink sink_odd = { collect_want, collect_put, &c_odd };
    g_autofree char *html_all = mla_message_extract_downloads (&raw, &sink_all);
    g_autofree char *html_odd = mla_message_extract_downloads (&raw, &sink_odd);

    ck_assert_uint_ge (attachments->len, 2);
    ck_assert_uint_eq (all->len, attachments->len);
    ck_assert_uint_eq (odd->len, attachments->len - attachments->len % 2);
    for (guint i = 0; i < attachments->len; i++) {
        const MlaAttachment *a = g_ptr_array_index (attachments, i);
        GBytes *content = g_ptr_array_index (all, i);
        g_autofree char *sha = NULL;

        ck_assert_ptr_nonnull (content);
        ck_assert_uint_eq (g_bytes_get_size (content), a->size);
        sha = g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, content);
        ck_assert_str_eq (sha, a->sha256);
        if (i < odd->len)
            ck_assert (i % 2 == 1 ? g_bytes_equal (content, odd->pdata[i])
                                  : odd->pdata[i] == NULL);
    }
    ck_assert_ptr_null (html_all);
    ck_assert_ptr_null (html_odd);
}
END_TEST

START_TEST (test_html_body_extracted)
{
    static const char html_only[] =
        "From: a@example.org\nSubject: h\nMIME-Version: 1.0\n"
        "Content-Type: text/html; charset=utf-8\n\n<p>Hi <b>there</b></p>\n";
    static const char plain[] =
        "From: a@example.org\nSubject: p\n\nJust text.\n";
    g_autoptr (GBytes) html_bytes =
        g_bytes_new_static (html_only, strlen (html_only));
    g_autoptr (GBytes) plain_bytes = g_bytes_new_static (plain, strlen (plain));
    MlaRawMessage html_raw = { html_bytes, NULL, "memory", 0, 1, NULL };
    MlaRawMessage plain_raw = { plain_bytes, NULL, "memory", 0, 1, NULL };
    g_autofree char *html = mla_message_extract_downloads (&html_raw, NULL);
    g_autofree char *none = mla_message_extract_downloads (&plain_raw, NULL);

    ck_assert_ptr_nonnull (html);
    ck_assert_ptr_nonnull (strstr (html, "<b>there</b>"));
    ck_assert_ptr_null (none);
}
END_TEST

START_TEST (test_message_id_synthetic)
{
    g_autoptr (MlaMessage) first = parse_data ("no-message-id.eml", NULL);
    g_autoptr (MlaMessage) second = parse_data ("no-message-id.eml", NULL);
    g_autofree char *expected = g_strdup_printf (
        "sha256-%.32s@mlarc.invalid", mla_message_get_sha256 (first));

    ck_assert (mla_message_is_message_id_synthetic (first));
    ck_assert_str_eq (mla_message_get_message_id (first), expected);
    ck_assert_str_eq (mla_message_get_message_id (second), expected);
    assert_defect (first, "no-message-id");
}
END_TEST

static const struct {
    const char *header;
    const char *id;
    gboolean flagged; /* a bad-message-id defect */
} message_ids[] = {
    { "<plain@example.org>", "plain@example.org", FALSE },
    { "   <spaced@example.org>  ", "spaced@example.org", FALSE },
    { "<first@example.org> <second@example.org>", "first@example.org", FALSE },
    { "junk before <real@example.org>", "real@example.org", FALSE },
    { "bare@example.org", "bare@example.org", FALSE },
    { "foo bar", "foo bar", TRUE },
    /* One canonical id (issue 27 §4): no control character, DEL, C1
     * control or XML non-character, which the XML would drop. */
    { "<ctl\x01@example.org>", "ctl@example.org", FALSE },
    { "<del\x7f\xc2\x9b"
      "c1@example.org>",
      "delc1@example.org", FALSE },
    { "<nc\xef\xbf\xbe@example.org>", "nc@example.org", FALSE },
    /* Never RFC 2047-decoded (issue 27 §8): no line break, no TAB. */
    { "<=?utf-8?q?a=0Ab?=@example.org>", "=?utf-8?q?a=0Ab?=@example.org",
      FALSE },
    { "=?utf-8?q?tab=09id?=", "=?utf-8?q?tab=09id?=", TRUE },
};

/* In-Reply-To and References are ids too: read raw, never decoded. */
START_TEST (test_reply_ids_raw)
{
    g_autoptr (MlaMessage) message = parse_text (
        "Message-ID: <r@example.org>\n"
        "In-Reply-To: <=?utf-8?q?p=0A?=@example.org>\n"
        "References: <=?utf-8?b?YQli?=@example.org> <ctl\x02@example.org>\n"
        "Subject: ids\n\nbody\n");
    GPtrArray *references = mla_message_get_references (message);

    ck_assert_str_eq (mla_message_get_in_reply_to (message),
                      "=?utf-8?q?p=0A?=@example.org");
    ck_assert_uint_eq (references->len, 2);
    ck_assert_str_eq (g_ptr_array_index (references, 0),
                      "=?utf-8?b?YQli?=@example.org");
    ck_assert_str_eq (g_ptr_array_index (references, 1), "ctl@example.org");
}
END_TEST

START_TEST (test_message_id_forms)
{
    g_autofree char *text = g_strdup_printf (
        "Message-ID: %s\nSubject: id\n\nbody\n", message_ids[_i].header);
    g_autoptr (MlaMessage) message = parse_text (text);

    ck_assert_str_eq (mla_message_get_message_id (message), message_ids[_i].id);
    ck_assert (!mla_message_is_message_id_synthetic (message));
    ck_assert_int_eq (find_defect (message, "bad-message-id") != NULL,
                      message_ids[_i].flagged);
}
END_TEST

static const struct {
    const char *header;
    const char *id; /* NULL: none */
} in_reply_tos[] = {
    { "<parent@example.org>", "parent@example.org" },
    { "<parent@example.org> (Jane Doe's message of Tue, 13 Jul 2004)",
      "parent@example.org" },
    { "Jane's message of \"Tue, 13 Jul 2004 10:00:00 +0200\" "
      "<parent@example.org>",
      "parent@example.org" },
    { "parent@example.org", "parent@example.org" },
    { "your message of yesterday", NULL },
};

static const struct {
    const char *header;
    const char *ids; /* space separated; "" for none */
} reference_lists[] = {
    { "<a@x> <b@x>", "a@x b@x" },
    /* git send-email 1.6 asked for the In-Reply-To and people typed "yes":
     * what follows such an id is kept (g_mime_references_parse() drops it). */
    { "<yes> <a1@h>", "yes a1@h" },
    { "<a@x> <yes> <b@x>", "a@x yes b@x" },
    /* Folding, comments, quoted strings, text between the tokens. */
    { "<a@x>\n <b@x>\n\t<c@x>", "a@x b@x c@x" },
    { "<a@x> (a comment <z@z>) <b@x>", "a@x b@x" },
    { "<a@x> (nested (comment) <z@z>) <b@x>", "a@x b@x" },
    { "\"Jane <z@z>\" <a@x>", "a@x" },
    { "junk <a@x> more junk <b@x>", "a@x b@x" },
    { "<a@x><b@x>", "a@x b@x" },
    { "< a@x >", "a@x" },
    /* Brackets missing: bare ids are words with an '@'. */
    { "a@x b@x", "a@x b@x" },
    { "a@x", "a@x" },
    { "no ids here", "" },
    /* Unclosed: runs to the next white space. */
    { "<a@x <b@x>", "a@x b@x" },
    { "<a@x", "a@x" },
    /* An empty token is no id. */
    { "<> <a@x>", "a@x" },
};

START_TEST (test_threading_reference_lists)
{
    g_autofree char *text = g_strdup_printf (
        "Message-ID: <c@example.org>\nReferences: %s\n"
        "In-Reply-To: %s\n\nb\n",
        reference_lists[_i].header, reference_lists[_i].header);
    g_autoptr (MlaMessage) message = parse_text (text);
    g_auto (GStrv) expected = g_strsplit (reference_lists[_i].ids, " ", -1);
    guint n = reference_lists[_i].ids[0] == '\0' ? 0 : g_strv_length (expected);
    GPtrArray *references = mla_message_get_references (message);

    ck_assert_uint_eq (references->len, n);
    for (guint i = 0; i < n; i++)
        ck_assert_str_eq (g_ptr_array_index (references, i), expected[i]);
    /* One reader for both headers: In-Reply-To is the first of them. */
    if (n == 0)
        ck_assert_ptr_null (mla_message_get_in_reply_to (message));
    else
        ck_assert_str_eq (mla_message_get_in_reply_to (message), expected[0]);
}
END_TEST

/* An attachment made of '='-padded base64 blocks is whole (gmime issue 150). */
START_TEST (test_attachments_padded_base64)
{
    static const char text[] =
        "Message-ID: <p@example.org>\nMIME-Version: 1.0\n"
        "Content-Type: multipart/mixed; boundary=\"b\"\n\n"
        "--b\nContent-Type: text/plain\n\nbody\n"
        "--b\nContent-Type: application/octet-stream\n"
        "Content-Transfer-Encoding: base64\n\nYQ==\nYmM=\nZGVm\n--b--\n";
    g_autoptr (GBytes) bytes = g_bytes_new_static (text, sizeof text - 1);
    MlaRawMessage raw = { bytes, NULL, "memory", 0, 1, NULL };
    g_autoptr (MlaMessage) message = mla_message_parse (&raw);
    g_autoptr (GPtrArray) contents =
        g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
    Collected collected = { FALSE, contents };
    MlaDownloadSink sink = { collect_want, collect_put, &collected };
    g_autofree char *html = mla_message_extract_downloads (&raw, &sink);
    GBytes *content = g_ptr_array_index (contents, 0);
    const MlaAttachment *attachment =
        g_ptr_array_index (mla_message_get_attachments (message), 0);

    ck_assert_uint_eq (attachment->size, 6);
    ck_assert_uint_eq (g_bytes_get_size (content), 6);
    ck_assert_int_eq (memcmp (g_bytes_get_data (content, NULL), "abcdef", 6),
                      0);
}
END_TEST

START_TEST (test_threading_in_reply_to_forms)
{
    g_autofree char *text =
        g_strdup_printf ("Message-ID: <c@example.org>\nIn-Reply-To: %s\n\nb\n",
                         in_reply_tos[_i].header);
    g_autoptr (MlaMessage) message = parse_text (text);

    if (in_reply_tos[_i].id == NULL)
        ck_assert_ptr_null (mla_message_get_in_reply_to (message));
    else
        ck_assert_str_eq (mla_message_get_in_reply_to (message),
                          in_reply_tos[_i].id);
}
END_TEST

static gpointer
parse_all_files (gpointer data)
{
    GPtrArray *files = data;
    GString *summary = g_string_new (NULL);

    for (guint i = 0; i < files->len; i++) {
        g_autoptr (MlaMessage) message =
            parse_data (g_ptr_array_index (files, i), NULL);
        const char *body = mla_message_get_body_text (message);

        g_string_append_printf (
            summary, "%s %s %u\n", mla_message_get_message_id (message),
            body != NULL ? body : "", mla_message_get_defects (message)->len);
    }
    return g_string_free (summary, FALSE);
}

/* The import may parse in worker threads: same answers, no crash. */
START_TEST (test_message_parse_in_threads)
{
    g_autofree char *dir_path = mla_test_srcdir_path ("tests/data/message");
    g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
    g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
    g_autofree char *expected = NULL;
    GThread *threads[4];
    const char *name;

    ck_assert_ptr_nonnull (dir);
    while ((name = g_dir_read_name (dir)) != NULL)
        g_ptr_array_add (files, g_strdup (name));
    expected = parse_all_files (files);
    for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
        threads[i] = g_thread_new ("parse", parse_all_files, files);
    for (guint i = 0; i < G_N_ELEMENTS (threads); i++) {
        g_autofree char *summary = g_thread_join (threads[i]);

        ck_assert_str_eq (summary, expected);
    }
}
END_TEST

START_TEST (test_message_sha256_of_raw)
{
    g_autoptr (MlaMessage) message = parse_data ("crlf.eml", NULL);
    gsize size;
    const guint8 *data =
        g_bytes_get_data (mla_message_get_raw (message), &size);
    g_autofree char *expected =
        g_compute_checksum_for_data (G_CHECKSUM_SHA256, data, size);

    ck_assert_uint_eq (size, 129);
    ck_assert_str_eq (mla_message_get_sha256 (message), expected);
}
END_TEST

/* Every length around the 56- and 64-byte padding boundaries, and a few blocks.
 */
START_TEST (test_message_sha256_lengths)
{
    g_autoptr (GString) text = g_string_new ("Subject: x\n\n");
    g_autoptr (MlaMessage) message = NULL;
    g_autofree char *expected = NULL;
    MlaRawMessage raw = { NULL, NULL, "memory", 0, 1, NULL };

    while (text->len < (gsize) _i)
        g_string_append_c (text, (char) ('a' + text->len % 26));
    raw.bytes = g_bytes_new (text->str, text->len);
    message = mla_message_parse (&raw);
    expected = g_compute_checksum_for_data (
        G_CHECKSUM_SHA256, (const guint8 *) text->str, text->len);
    ck_assert_str_eq (mla_message_get_sha256 (message), expected);
    g_bytes_unref (raw.bytes);
}
END_TEST

static const struct {
    const char *file;
    const char *envelope;
    const char *defect;
    const char *date; /* NULL: no date at all */
} fallbacks[] = {
    { "bad-date.eml", "tytso@mit.edu Tue Jul 13 22:50:57 2004", "bad-date",
      "2004-07-13T22:50:57Z" },
    { "no-date.eml", "1234567890123456789@xxx Mon Jan 01 00:00:00 +0000 2020",
      "no-date", "2020-01-01T00:00:00Z" },
    /* Pipermail writes the sender with " at " for "@". */
    { "no-date.eml", "user at example.org  Fri Aug  6 10:11:12 1999", "no-date",
      "1999-08-06T10:11:12Z" },
    { "no-date.eml", NULL, "no-date", NULL },
    { "bad-date.eml", "MAILER-DAEMON", "bad-date", NULL },
};

START_TEST (test_date_envelope_fallback)
{
    g_autoptr (MlaMessage) message =
        parse_data (fallbacks[_i].file, fallbacks[_i].envelope);

    assert_defect (message, fallbacks[_i].defect);
    if (fallbacks[_i].date != NULL) {
        assert_date (message, fallbacks[_i].date, 0, MLA_DATE_SOURCE_ENVELOPE);
    } else {
        ck_assert_ptr_null (mla_message_get_date (message));
        ck_assert_int_eq (mla_message_get_date_source (message),
                          MLA_DATE_SOURCE_NONE);
    }
}
END_TEST

START_TEST (test_date_bad_detail)
{
    g_autoptr (MlaMessage) message = parse_data ("bad-date.eml", NULL);

    ck_assert_ptr_nonnull (strstr (find_defect (message, "bad-date")->detail,
                                   "the day after tomorrow"));
}
END_TEST

START_TEST (test_defect_long_line)
{
    g_autoptr (MlaMessage) message = parse_data ("long-line.eml", NULL);

    assert_defect (message, "long-line");
    ck_assert_ptr_nonnull (
        strstr (find_defect (message, "long-line")->detail, "1200"));
}
END_TEST

START_TEST (test_defect_broken_multipart)
{
    g_autoptr (MlaMessage) message = parse_data ("broken-multipart.eml", NULL);
    GPtrArray *attachments = mla_message_get_attachments (message);

    assert_defect (message, "truncated-message");
    ck_assert_str_eq (mla_message_get_body_text (message),
                      "First part, never closed.");
    ck_assert_uint_eq (attachments->len, 1);
    ck_assert_uint_eq (
        ((MlaAttachment *) g_ptr_array_index (attachments, 0))->size, 6);
}
END_TEST

START_TEST (test_defect_no_headers)
{
    g_autoptr (MlaMessage) message = parse_data ("headers-only-body.eml", NULL);

    assert_defect (message, "no-headers");
}
END_TEST

START_TEST (test_defect_reader_first_then_added)
{
    g_autoptr (GBytes) bytes = g_bytes_new_static ("Subject: x\n\nbody\n", 17);
    g_autoptr (GPtrArray) reader = mla_defect_list_new ();
    MlaRawMessage raw = { bytes, NULL, "memory", 0, 1, reader };
    g_autoptr (MlaMessage) message = NULL;
    GPtrArray *defects;

    mla_defect_list_add (reader, "unescaped-from-line", "line %d", 3);
    message = mla_message_parse (&raw);
    mla_message_add_defect (message, "duplicate-id", "same as message %u", 7u);
    defects = mla_message_get_defects (message);
    ck_assert_uint_ge (defects->len, 3);
    ck_assert_str_eq (((MlaDefect *) g_ptr_array_index (defects, 0))->code,
                      "unescaped-from-line");
    ck_assert_str_eq (((MlaDefect *) g_ptr_array_index (defects, 0))->detail,
                      "line 3");
    ck_assert_str_eq (
        ((MlaDefect *) g_ptr_array_index (defects, defects->len - 1))->detail,
        "same as message 7");
    ck_assert_str_eq (mla_message_get_source (message), "memory");
    ck_assert_uint_eq (mla_message_get_source_index (message), 1);
}
END_TEST

START_TEST (test_empty_null_bytes)
{
    MlaRawMessage raw = { NULL, NULL, "unreadable", 42, 3, NULL };
    g_autoptr (MlaMessage) message = mla_message_parse (&raw);

    ck_assert_ptr_nonnull (message);
    ck_assert_uint_eq (g_bytes_get_size (mla_message_get_raw (message)), 0);
    assert_defect (message, "unreadable");
    ck_assert (mla_message_is_message_id_synthetic (message));
    ck_assert_int_eq (mla_message_get_body_source (message),
                      MLA_BODY_SOURCE_NONE);
    ck_assert_uint_eq (mla_message_get_source_offset (message), 42);
}
END_TEST

START_TEST (test_empty_bytes)
{
    g_autoptr (GBytes) bytes = g_bytes_new_static ("", 0);
    MlaRawMessage raw = { bytes, NULL, "empty", 0, 1, NULL };
    g_autoptr (MlaMessage) message = mla_message_parse (&raw);

    assert_defect (message, "no-headers");
    assert_defect (message, "no-message-id");
    assert_defect (message, "no-date");
    ck_assert_str_eq (
        mla_message_get_sha256 (message),
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    ck_assert_ptr_null (mla_message_get_from (message));
    mla_message_free (NULL);
}
END_TEST

/* An empty GBytes holds NULL data, which the raw scan must not offset
 * (UBSan: "applying zero offset to null pointer"; found by fuzz-message). */
START_TEST (test_empty_bytes_null_data)
{
    g_autoptr (GBytes) bytes = g_bytes_new (NULL, 0);
    g_autoptr (MlaRawMessage) raw = mla_raw_message_new (bytes, "empty", 0, 1);
    g_autoptr (MlaMessage) message = mla_message_parse (raw);

    ck_assert_ptr_null (g_bytes_get_data (bytes, NULL));
    assert_defect (message, "no-headers");
    ck_assert_uint_eq (g_bytes_get_size (mla_message_get_raw (message)), 0);
}
END_TEST

/* Third-party MIME torture sets: no crash, and what the model promises. */
static const char *const corpora[] = {
    "corpora/james-mime4j/core/src/test/resources/testmsgs",
    "corpora/james-mime4j/core/src/test/resources/mimetools-testmsgs",
    "corpora/mail-parser/resources/eml",
};

static guint
parse_tree (const char *dir_path)
{
    g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
    const char *name;
    guint n = 0;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL) {
        g_autofree char *path = g_build_filename (dir_path, name, NULL);
        g_autoptr (GBytes) bytes = NULL;
        g_autoptr (MlaMessage) message = NULL;
        const char *subject, *body;

        if (g_file_test (path, G_FILE_TEST_IS_DIR)) {
            n += parse_tree (path);
            continue;
        }
        bytes = mla_test_read_file (path);
        message = mla_message_parse (
            &(MlaRawMessage){ bytes, NULL, path, 0, 1, NULL });
        subject = mla_message_get_subject (message);
        body = mla_message_get_body_text (message);
        ck_assert_msg (subject == NULL || g_utf8_validate (subject, -1, NULL),
                       "%s: subject", path);
        ck_assert_msg (body == NULL || g_utf8_validate (body, -1, NULL),
                       "%s: body", path);
        ck_assert_msg (*mla_message_get_message_id (message) != '\0', "%s: id",
                       path);
        n++;
    }
    return n;
}

START_TEST (test_corpus_parses)
{
    g_autofree char *path = mla_test_shared_path (corpora[_i]);

    if (path == NULL) {
        mla_test_skip ("%s not found (set MLARC_SHARED)", corpora[_i]);
        return;
    }
    ck_assert_uint_gt (parse_tree (path), 0);
}
END_TEST

/* "From: a@example.org\nSubject: <@subject bytes of 'x'>\n..." with a
 * References of @refs ids (r0 .. r@refs-1) and @parts attachments. */
static MlaMessage *
parse_big (gsize subject, guint refs, guint parts)
{
    GString *text = g_string_new (
        "From: a@example.org\nMessage-ID: <big@example.org>\nSubject: ");
    g_autoptr (GBytes) bytes = NULL;
    MlaRawMessage raw = { NULL, NULL, "memory", 0, 1, NULL };

    for (gsize i = 0; i < subject; i++)
        g_string_append_c (text, 'x');
    g_string_append (text, "\n");
    for (guint i = 0; i < refs; i++)
        g_string_append_printf (text, "%s <r%u@example.org>\n",
                                i == 0 ? "References:" : "", i);
    g_string_append (
        text,
        "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"b\"\n\n");
    for (guint i = 0; i < parts; i++)
        g_string_append_printf (
            text, "--b\nContent-Type: application/x-part\n\npart %u\n", i);
    g_string_append (text,
                     "--b\nContent-Type: text/plain\n\nthe body\n--b--\n");
    bytes = g_string_free_to_bytes (text);
    raw.bytes = bytes;
    return mla_message_parse (&raw);
}

START_TEST (test_limits_long_field)
{
    g_autoptr (MlaMessage) message = parse_big (MLA_MAX_TEXT_SIZE + 100, 0, 0);

    /* The parser sees the field's first 32 KiB; what follows it still counts.
     */
    ck_assert_uint_lt (strlen (mla_message_get_subject (message)), 64 * 1024);
    ck_assert_uint_gt (strlen (mla_message_get_subject (message)), 30000);
    assert_defect (message, "header-cut");
    ck_assert_str_eq (mla_message_get_message_id (message), "big@example.org");
    ck_assert_str_eq (mla_message_get_body_text (message), "the body");
}
END_TEST

/* A body over MLA_MAX_TEXT_SIZE is cut at a character: "é" is 2 bytes. */
START_TEST (test_limits_body_cut)
{
    GString *text = g_string_new (
        "Subject: s\nContent-Type: text/plain; charset=utf-8\n\n");
    g_autoptr (MlaMessage) message = NULL;
    const char *body;

    g_string_append_c (text, 'x');
    while (text->len < 2 * MLA_MAX_TEXT_SIZE)
        g_string_append (text, "\xc3\xa9");
    g_string_append (text, "\n");
    message = parse_text (text->str);
    g_string_free (text, TRUE);
    body = mla_message_get_body_text (message);
    ck_assert_uint_eq (strlen (body), MLA_MAX_TEXT_SIZE - 1);
    ck_assert (g_utf8_validate (body, -1, NULL));
    assert_defect (message, "text-cut");
}
END_TEST

START_TEST (test_limits_references)
{
    g_autoptr (MlaMessage) few = parse_big (1, 1000, 0);
    g_autoptr (MlaMessage) many = parse_big (1, 50000, 0);
    GPtrArray *refs = mla_message_get_references (many);

    ck_assert_uint_eq (mla_message_get_references (few)->len, 1000);
    ck_assert_ptr_null (find_defect (few, "too-many-references"));
    ck_assert_uint_eq (refs->len, 1000);
    ck_assert_str_eq (g_ptr_array_index (refs, 0), "r0@example.org");
    ck_assert_str_eq (g_ptr_array_index (refs, 999), "r49999@example.org");
    assert_defect (many, "too-many-references");
    assert_defect (many, "header-cut");
}
END_TEST

START_TEST (test_limits_parts)
{
    g_autoptr (MlaMessage) message = parse_big (1, 0, 1500);
    g_autoptr (MlaMessage) flood = parse_big (1, 0, 12000);

    ck_assert_uint_eq (mla_message_get_attachments (message)->len, 1000);
    assert_defect (message, "too-many-parts");
    ck_assert_ptr_null (find_defect (message, "mime-cut"));
    assert_defect (flood, "mime-cut");
    ck_assert_uint_eq (mla_message_get_attachments (flood)->len, 1000);
}
END_TEST

/* The estimate counts what GMime makes objects of: fields of the header
 * and of part headers (lines that are no field too, GMime reads past
 * them), not continuations, nor body lines after a blank line. */
START_TEST (test_limits_cost)
{
    static const char text[] = "From: a@example.org\n"
                               "Subject: one\n"
                               " continued\n"
                               "not a field\n"
                               "Content-Type: multipart/mixed; boundary=b\n"
                               "\n"
                               "Body: not a field\n"
                               "--b\n"
                               "Content-Type: text/plain\n"
                               "X-Part: yes\n"
                               "\n"
                               "Body: no\n"
                               "--b--\n";
    g_autoptr (GBytes) bytes = g_bytes_new_static (text, strlen (text));
    g_autoptr (GBytes) fewer_bytes =
        g_bytes_new_static (text, strlen (text) - 6);
    MlaRawMessage raw = { bytes, NULL, "memory", 0, 1, NULL };
    MlaRawMessage shorter = { fewer_bytes, NULL, "memory", 0, 1, NULL };
    guint64 fields = 0, fewer = 0;
    guint64 cost = mla_message_parse_cost (&raw, &fields);

    ck_assert_uint_eq (fields, 6);
    ck_assert_uint_lt (mla_message_parse_cost (&shorter, &fewer), cost);
    ck_assert_uint_eq (fewer, 6);
}
END_TEST

/* A document of 200,000 tags is turned into text a piece at a time, and
 * the pieces join as the whole would: no text lost at a cut. */
START_TEST (test_limits_html_pieces)
{
    g_autoptr (GString) html = g_string_new (NULL);
    g_autoptr (GString) want = g_string_new (NULL);
    g_autofree char *text = NULL;
    gsize at;

    for (guint i = 0; i < 100000; i++) {
        g_string_append_printf (html, "<p>x%u</p>", i);
        g_string_append_printf (want, "%sx%u", i > 0 ? "\n\n" : "", i);
    }
    g_string_append_c (want, '\n');
    text = mla_html_to_text (html->str, html->len);
    /* Check cannot report two strings this long: the first difference. */
    for (at = 0; text[at] != '\0' && text[at] == want->str[at]; at++)
        ;
    ck_assert_msg (at == want->len && text[at] == '\0',
                   "differs at %zu: \"%.40s\", not \"%.40s\"", at,
                   text + (at > 20 ? at - 20 : 0),
                   want->str + (at > 20 ? at - 20 : 0));
}
END_TEST

/* What an archive before raw-rule="message" stored for an mbox message. */
START_TEST (test_message_separated_sha256)
{
    static const char lf[] = "Subject: s\n\nbody\n",
                      crlf[] = "Subject: s\r\n\r\nbody\r\n";
    g_autoptr (MlaMessage) a = parse_text (lf);
    g_autoptr (MlaMessage) b = parse_text (crlf);
    g_autoptr (MlaMessage) c = parse_text ("Subject: s\n\nno line break");
    g_autoptr (MlaMessage) a_sep = parse_text ("Subject: s\n\nbody\n\n");
    g_autoptr (MlaMessage) b_sep =
        parse_text ("Subject: s\r\n\r\nbody\r\n\r\n");

    ck_assert_str_eq (mla_message_get_separated_sha256 (a, MLA_LINE_END_LF),
                      mla_message_get_sha256 (a_sep));
    ck_assert_str_eq (mla_message_get_separated_sha256 (a, MLA_LINE_END_CRLF),
                      "");
    ck_assert_str_eq (mla_message_get_separated_sha256 (b, MLA_LINE_END_CRLF),
                      mla_message_get_sha256 (b_sep));
    ck_assert_str_eq (mla_message_get_separated_sha256 (c, MLA_LINE_END_LF),
                      "");
}
END_TEST

/* RFC 2369 list fields from the raw header: URIs in order, folding and
 * comments dropped, the first field of a name kept, "NO", and nothing
 * read from the body. */
START_TEST (test_list_headers)
{
    static const char raw[] =
        "From: a@example.org\r\n"
        "list-post: (posting) <mailto:dev@lists.example.org>\r\n"
        "List-Subscribe: <https://lists.example.org/\r\n"
        " dev>, <mailto:dev-request@lists.example.org?subject=subscribe>\r\n"
        "List-Help: <mailto:dev-request@lists.example.org?subject=help>\r\n"
        "List-Help: <https://second.example.org/>\r\n"
        "\r\nList-Archive: <https://body.example.org/>\r\n";
    g_autoptr (MlaListHeaders) h =
        mla_list_headers_read ((const guint8 *) raw, strlen (raw));
    g_autoptr (MlaListHeaders) no = NULL;
    g_autoptr (MlaListHeaders) none = mla_list_headers_read (NULL, 0);
    g_autofree char *post = mla_list_mailto_address (h->uris[MLA_LIST_POST]);
    g_autofree char *help = mla_list_mailto_address (h->uris[MLA_LIST_HELP]);

    ck_assert_str_eq (post, "dev@lists.example.org");
    ck_assert_str_eq (help, "dev-request@lists.example.org");
    ck_assert_uint_eq (h->uris[MLA_LIST_SUBSCRIBE]->len, 2);
    ck_assert_str_eq (g_ptr_array_index (h->uris[MLA_LIST_SUBSCRIBE], 0),
                      "https://lists.example.org/dev");
    ck_assert_uint_eq (h->uris[MLA_LIST_HELP]->len, 1);
    ck_assert_ptr_null (h->uris[MLA_LIST_ARCHIVE]);
    ck_assert (!h->no_posting);
    no = mla_list_headers_read (
        (const guint8 *) "List-Post: NO (read only)\n\n", 27);
    ck_assert (no->no_posting);
    ck_assert_uint_eq (no->uris[MLA_LIST_POST]->len, 0);
    for (int f = 0; f < MLA_LIST_N_FIELDS; f++)
        ck_assert_ptr_null (none->uris[f]);
    ck_assert (mla_list_id_names_address ("Dev.Lists.example.org",
                                          "dev@lists.EXAMPLE.org"));
    ck_assert (!mla_list_id_names_address ("dev.lists.example.org",
                                           "dev@lists.example.com"));
    ck_assert (!mla_list_id_names_address ("dev.example.org",
                                           "dev@lists.example.org"));
    ck_assert (!mla_list_id_names_address (NULL, "dev@example.org"));
}
END_TEST

static Suite *
message_suite (void)
{
    Suite *suite = suite_create ("message");
    TCase *tc;

    tc = tcase_create ("headers");
    tcase_add_test (tc, test_headers_rfc2047_words);
    tcase_add_test (tc, test_headers_utf8_subject);
    tcase_add_test (tc, test_headers_8bit);
    tcase_add_test (tc, test_headers_unknown_charset_word);
    tcase_add_loop_test (tc, test_headers_subject_words, 0,
                         G_N_ELEMENTS (subjects));
    suite_add_tcase (suite, tc);

    tc = tcase_create ("threading");
    tcase_add_test (tc, test_threading_headers);
    tcase_add_test (tc, test_threading_absent);
    tcase_add_loop_test (tc, test_threading_in_reply_to_forms, 0,
                         G_N_ELEMENTS (in_reply_tos));
    tcase_add_loop_test (tc, test_threading_reference_lists, 0,
                         G_N_ELEMENTS (reference_lists));
    suite_add_tcase (suite, tc);

    tc = tcase_create ("bodies");
    tcase_add_loop_test (tc, test_body_text, 0, G_N_ELEMENTS (bodies));
    tcase_add_loop_test (tc, test_alternative_text, 0,
                         G_N_ELEMENTS (alternatives));
    suite_add_tcase (suite, tc);

    tc = tcase_create ("html");
    tcase_add_loop_test (tc, test_html_to_text, 0, G_N_ELEMENTS (htmls));
    tcase_add_test (tc, test_html_body_extracted);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("attachments");
    tcase_add_test (tc, test_attachments_listed);
    tcase_add_test (tc, test_attachments_extracted);
    tcase_add_test (tc, test_attachments_padded_base64);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("identity");
    tcase_add_test (tc, test_message_id_synthetic);
    tcase_add_loop_test (tc, test_message_id_forms, 0,
                         G_N_ELEMENTS (message_ids));
    tcase_add_test (tc, test_reply_ids_raw);
    tcase_add_test (tc, test_message_sha256_of_raw);
    tcase_add_loop_test (tc, test_message_sha256_lengths, 12, 300);
    tcase_add_test (tc, test_message_separated_sha256);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("limits");
    tcase_add_test (tc, test_limits_long_field);
    tcase_add_test (tc, test_limits_body_cut);
    tcase_add_test (tc, test_limits_references);
    tcase_add_test (tc, test_limits_parts);
    tcase_add_test (tc, test_limits_cost);
    tcase_add_test (tc, test_limits_html_pieces);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("threads");
    tcase_add_test (tc, test_message_parse_in_threads);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("dates");
    tcase_add_loop_test (tc, test_date_envelope_fallback, 0,
                         G_N_ELEMENTS (fallbacks));
    tcase_add_test (tc, test_date_bad_detail);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("defects");
    tcase_add_test (tc, test_defect_long_line);
    tcase_add_test (tc, test_defect_broken_multipart);
    tcase_add_test (tc, test_defect_no_headers);
    tcase_add_test (tc, test_defect_reader_first_then_added);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("empty");
    tcase_add_test (tc, test_empty_null_bytes);
    tcase_add_test (tc, test_empty_bytes);
    tcase_add_test (tc, test_empty_bytes_null_data);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("list fields");
    tcase_add_test (tc, test_list_headers);
    suite_add_tcase (suite, tc);

    tc = tcase_create ("corpora");
    tcase_add_loop_test (tc, test_corpus_parses, 0, G_N_ELEMENTS (corpora));
    suite_add_tcase (suite, tc);
    return suite;
}

MLA_TEST_MAIN (message_suite)
