/* check_address_mask.c: the address finder's patterns and keep rules, a
 * row each, and the mask made of them. */
#include "config.h"
#include <string.h>
#include "mla-address-mask.h"
#include "mla-test.h"

/* A Message-ID the mask is told of, and a List-Id. */
#define KNOWN_ID "20040714025057.GA8801@thunk.org"
#define LIST_ID "Ksummit-2004-Discuss.lists.example.org"

static const struct {
    const char *rule; /* the rule that decides the first address */
    const char *text;
    const char *masked; /* NULL: left as it is */
} rows[] = {
    { "at-sign", "Signed-off-by: Ted <tytso@mit.edu>",
      "Signed-off-by: Ted <tytso at mit.edu>" },
    { "at-sign", "On Mon, Greg KH <greg@kroah.com> wrote:",
      "On Mon, Greg KH <greg at kroah.com> wrote:" },
    { "at-sign", "mail j.o-e+list@sub.example.org.",
      "mail j.o-e+list at sub.example.org." },
    { "at-sign", "café@exämple.org", "café at exämple.org" },
    { "percent-encoded",
      "https://lists.example.org/mailman/options/ks/ann%40example.org",
      "https://lists.example.org/mailman/options/ks/ann at example.org" },
    { "html-decimal", "<a href=\"mailto:ann&#64;example.org\">",
      "<a href=\"mailto:ann at example.org\">" },
    { "html-hex", "ann&#X40;example.org", "ann at example.org" },
    { "message-id", "../../m/" KNOWN_ID "/index.html", NULL },
    /* A reply link's id, percent-encoded in its query (RFC 6068), and
     * the git send-email line's. */
    { "message-id",
      "mailto:x?In-Reply-To=%3C20040714025057.GA8801%40thunk.org%3E", NULL },
    { "message-id", "--in-reply-to=" KNOWN_ID, NULL },
    { "list-id", "To: ksummit-2004-discuss@lists.example.org", NULL },
    { "list-id", "git send-email --to=ksummit-2004-discuss@Lists.Example.org",
      NULL },
    { "list-field",
      "List-Subscribe: <http://lists.example.org/listinfo>,\n"
      " <mailto:ksummit-2004-discuss-request@lists.example.org?subject=join>",
      NULL },
    /* The list's service addresses only on its fields; another's never. */
    { NULL, "write to ksummit-2004-discuss-request@lists.example.org",
      "write to ksummit-2004-discuss-request at lists.example.org" },
    { NULL, "List-Post: ann@example.org", "List-Post: ann at example.org" },
    { NULL, "To: ann@lists.example.org", "To: ann at lists.example.org" },
    { NULL, "--to=ann@example.org", "--to=ann at example.org" },
    { "id-field", "References: <a1@example.org>\n <a2@example.org>", NULL },
    { "id-field", "UID:81a6a3f8386732236925aab11e076f68@mlarc\r\n", NULL },
    /* In a body, or without its brackets, an id field is no excuse. */
    { NULL, "In-Reply-To: ann@example.org's mail",
      "In-Reply-To: ann at example.org's mail" },
    { NULL, "> Message-ID: <ann@example.org>",
      "> Message-ID: <ann at example.org>" },
    { NULL, "References: <a1@example.org>\nann@example.org",
      "References: <a1@example.org>\nann at example.org" },
    /* No local part, or no domain: not an address. */
    { NULL, "@@ -1,2 +1,2 @@ and @media, x@ and %40", NULL },
    { NULL, "user@.example.org a@-b", NULL },
};

START_TEST (test_mask_rows)
{
    g_autoptr (MlaAddressMask) mask = mla_address_mask_new ();
    const char *text = rows[_i].text;
    g_autoptr (GBytes) masked = NULL;
    MlaAddressMatch match;

    mla_address_mask_keep (mask, KNOWN_ID);
    mla_address_mask_keep_list (mask, LIST_ID);
    mla_address_mask_keep_list (mask, NULL);
    masked = mla_address_mask_apply (mask, text, strlen (text));
    if (rows[_i].masked == NULL) {
        ck_assert_msg (masked == NULL, "%s: masked", text);
    } else {
        g_autofree char *got = g_strndup (g_bytes_get_data (masked, NULL),
                                          g_bytes_get_size (masked));

        ck_assert_str_eq (got, rows[_i].masked);
    }
    if (rows[_i].rule != NULL) {
        ck_assert (
            mla_address_mask_find (mask, text, strlen (text), 0, &match));
        ck_assert_str_eq (match.kept != NULL ? match.kept : match.rule,
                          rows[_i].rule);
    }
}
END_TEST

/* Each rule of the table has a row above. */
START_TEST (test_every_rule_has_a_row)
{
    gsize n = 0;
    const char *const *names = mla_address_mask_rule_names (&n);

    ck_assert_uint_gt (n, 4);
    for (gsize r = 0; r < n; r++) {
        gboolean found = FALSE;

        for (gsize i = 0; i < G_N_ELEMENTS (rows) && !found; i++)
            found = g_strcmp0 (rows[i].rule, names[r]) == 0;
        ck_assert_msg (found, "rule %s has no row", names[r]);
    }
}
END_TEST

/* An id is kept only whole: the address inside a git send-email id is
 * masked where it stands alone. */
START_TEST (test_keep_whole_ids)
{
    g_autoptr (MlaAddressMask) mask = mla_address_mask_new ();
    const char *text = "<20240101.1-1-ann@example.org> from ann@example.org";
    g_autoptr (GBytes) masked = NULL;

    mla_address_mask_keep (mask, "20240101.1-1-ann@example.org");
    mla_address_mask_keep (mask, NULL);
    masked = mla_address_mask_apply (mask, text, strlen (text));
    ck_assert (masked != NULL);
    ck_assert_mem_eq (g_bytes_get_data (masked, NULL),
                      "<20240101.1-1-ann@example.org> from ann at example.org",
                      g_bytes_get_size (masked));
}
END_TEST

static gboolean
lookup_known (const char *token, gpointer data)
{
    g_ptr_array_add (data, g_strdup (token));
    return strcmp (token, "later@example.org") == 0;
}

/* A token the mask was not told of is asked about, decoded (the at sign
 * in any spelling, %XX decoded), and kept when the lookup says so; one it
 * keeps is not asked about. */
START_TEST (test_lookup)
{
    g_autoptr (MlaAddressMask) mask = mla_address_mask_new ();
    g_autoptr (GPtrArray) asked = g_ptr_array_new_with_free_func (g_free);
    const char *text =
        "see later%40example.org, ann@example.org and kept@example.org";
    g_autoptr (GBytes) masked = NULL;

    mla_address_mask_keep (mask, "kept@example.org");
    mla_address_mask_set_lookup (mask, lookup_known, asked);
    masked = mla_address_mask_apply (mask, text, strlen (text));
    ck_assert (masked != NULL);
    ck_assert_mem_eq (
        g_bytes_get_data (masked, NULL),
        "see later%40example.org, ann at example.org and kept@example.org",
        g_bytes_get_size (masked));
    ck_assert_uint_eq (asked->len, 2);
    ck_assert_str_eq (asked->pdata[0], "later@example.org");
    ck_assert_str_eq (asked->pdata[1], "ann@example.org");
}
END_TEST

/* Offsets are into the text; bytes past @length are not read. */
START_TEST (test_find_offsets)
{
    const char *text = "a b@c.d e f@g.h";
    MlaAddressMatch match;

    ck_assert (mla_address_mask_find (NULL, text, strlen (text), 4, &match));
    ck_assert_uint_eq (match.start, 10);
    ck_assert_uint_eq (match.at, 11);
    ck_assert_uint_eq (match.at_length, 1);
    ck_assert_uint_eq (match.end, 15);
    ck_assert (!mla_address_mask_find (NULL, text, 4, 0, &match));
}
END_TEST

static Suite *
address_mask_suite (void)
{
    Suite *suite = suite_create ("address-mask");

    mla_test_add_case (suite, "rows", test_mask_rows, G_N_ELEMENTS (rows));
    mla_test_add_case (suite, "every rule", test_every_rule_has_a_row, 0);
    mla_test_add_case (suite, "whole ids", test_keep_whole_ids, 0);
    mla_test_add_case (suite, "lookup", test_lookup, 0);
    mla_test_add_case (suite, "offsets", test_find_offsets, 0);
    return suite;
}

MLA_TEST_MAIN (address_mask_suite)
