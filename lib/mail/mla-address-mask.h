/* mla-address-mask.h: e-mail addresses in text made unharvestable, as a
 * site does when its address policy is "hide": the at sign of each one,
 * however it is written ("@", "%40", "&#64;", "&#x40;"), becomes " at ",
 * so "user@example.org" reads "user at example.org". Message-IDs are not
 * addresses and stay as they are: those the mask was told of
 * (mla_address_mask_keep()), in any spelling of the at sign, those in
 * angle brackets on a Message-ID, In-Reply-To or References header line,
 * and an iCalendar UID. Nor are the list's own addresses, public by
 * nature: those a List-Id names (mla_address_mask_keep_list()) and the
 * mailto: URIs of List-Post, List-Subscribe, List-Unsubscribe, List-Help,
 * List-Owner and List-Archive lines. The finder is a heuristic: a table
 * of named patterns (mla_address_mask_rule_names()). */
#pragma once
#include <glib.h>
#include "mla-api.h"

G_BEGIN_DECLS

typedef struct MlaAddressMask MlaAddressMask;

/* Changes whenever the finder finds other addresses: what was masked
 * with another version is masked again. */
#define MLA_ADDRESS_MASK_VERSION "2"

/* One address found. Offsets are into the text searched. */
typedef struct MlaAddressMatch {
    gsize start;      /* its local part */
    gsize at;         /* its at sign, as written */
    gsize at_length;  /* 1 for "@", 3 for "%40", ... */
    gsize end;        /* just after its domain */
    const char *rule; /* the pattern that found it (static) */
    const char *kept; /* the rule that keeps it as it is (static), or NULL:
                       * then it is masked */
} MlaAddressMatch;

/* Returns: (transfer full): a mask that keeps nothing yet. */
MLA_API MlaAddressMask *mla_address_mask_new (void);
MLA_API void mla_address_mask_free (MlaAddressMask *mask);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaAddressMask, mla_address_mask_free)

/* Keeps as they are, wherever they appear later, the address-like parts
 * of @text (nullable): a Message-ID (without its brackets), or a name or
 * URL made of one. Not thread-safe; a mask that is only applied is. */
MLA_API void mla_address_mask_keep (MlaAddressMask *mask, const char *text);

/* Asks @lookup (with @data) about each address-like token that
 * mla_address_mask_keep() did not keep, decoded as "local@domain": TRUE
 * keeps it too. For a mask that knows part of what it keeps (a site
 * update that loads part of an archive); @lookup is called from every
 * thread that applies the mask. */
typedef gboolean (*MlaAddressMaskLookup) (const char *token, gpointer data);
MLA_API void mla_address_mask_set_lookup (MlaAddressMask *mask,
                                          MlaAddressMaskLookup lookup,
                                          gpointer data);

/* Keeps as it is, wherever it appears later, the posting address that
 * @list_id (nullable; "list.example.org", without brackets) names, as
 * RFC 2919 recommends: "list@example.org". Not thread-safe either. */
MLA_API void mla_address_mask_keep_list (MlaAddressMask *mask,
                                         const char *list_id);

/* Finds the first address of @text (@length bytes, not necessarily
 * NUL-terminated) at or after @offset. @mask nullable: then nothing is
 * kept but by the header rule. Returns FALSE when there is none. */
MLA_API gboolean mla_address_mask_find (const MlaAddressMask *mask,
                                        const char *text, gsize length,
                                        gsize offset, MlaAddressMatch *match);

/* @text (@length bytes) with the at sign of every address not kept made
 * " at ". Returns: (transfer full) (nullable): NULL when nothing was
 * masked, so that the caller keeps the text it has. */
MLA_API GBytes *mla_address_mask_apply (const MlaAddressMask *mask,
                                        const char *text, gsize length);

/* The names of the finder's patterns and keep rules, in table order (for
 * tests: each has a row). Returns: (transfer none): @n_names of them. */
MLA_API const char *const *mla_address_mask_rule_names (gsize *n_names);

G_END_DECLS
