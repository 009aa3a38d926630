/* mla-site-agenda.c: the agenda page models: the list of agendas, a
 * timetable on the site, and the same timetable as a page on its own
 * (`mlarc agenda --format html`). One stylesheet, agenda.xsl, renders
 * both timetables; doc/site-models.md documents the models. */
#include "config.h"
#include <string.h>
#include "mla-error.h"
#include "mla-site.h"
#include "mla-xml-writer-private.h"
#include "mla-site-private.h"

xmlDoc *
mla_site_model_agendas (MlaSite *site)
{
    xmlNode *model;
    xmlDoc *doc = mla_site_new_model (site, "agendas", 1, &model);

    mla_site_agenda_list (site, model);
    return doc;
}

char *
mla_site_agenda_list_digest (MlaSite *site)
{
    g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);

    /* What mla_site_agenda_list() shows of each agenda it lists: its
     * chain's XML (title, days, slots, revisions; not the threads its
     * slots link, which an update may link again alone), the message's
     * raw digest for its headers, and the two paths for links. */
    for (guint i = 0; i < site->agendas->len; i++) {
        const MlaSiteAgenda *a = g_ptr_array_index (site->agendas, i);
        GArray *chain = mla_agenda_revisions_get_chain (site->revisions, i);
        g_autofree char *file = NULL;
        g_autofree char *message = NULL;
        g_autofree char *line = NULL;

        if (g_array_index (chain, guint, chain->len - 1) != i)
            continue;
        file = mla_site_agenda_path (site, i, "html");
        message = mla_site_message_path (site, a->entry);
        line = g_strdup_printf ("%s\n%s\n%s\n", file,
                                mla_site_sha_of (site, a->entry), message);
        g_checksum_update (sum, (const guchar *) line, -1);
        for (guint c = 0; c < chain->len; c++) {
            const MlaSiteAgenda *member = g_ptr_array_index (
                site->agendas, g_array_index (chain, guint, c));

            g_checksum_update (sum, (const guchar *) member->digest, -1);
        }
    }
    return g_strdup (g_checksum_get_string (sum));
}

static xmlNode *
slot_element (xmlNode *parent, const MlaAgendaSlot *slot)
{
    xmlNode *node = mla_site_element (parent, "slot");

    mla_site_attr (node, "start", slot->start);
    if (slot->end[0] != '\0')
        mla_site_attr (node, "end", slot->end);
    mla_site_attr (node, "kind", mla_slot_kind_to_string (slot->kind));
    mla_site_attr (node, "room", slot->room);
    mla_site_text_element (node, "title",
                           slot->title != NULL ? slot->title : "");
    if (slot->location != NULL)
        mla_site_text_element (node, "location", slot->location);
    for (guint p = 0; p < slot->people->len; p++) {
        const MlaAgendaPerson *person = g_ptr_array_index (slot->people, p);
        xmlNode *who = mla_site_text_element (node, "person", person->name);

        mla_site_attr (who, "role", mla_person_role_to_string (person->role));
        if (!person->confirmed)
            mla_site_attr (who, "confirmed", "false");
    }
    for (guint n = 0; n < slot->notes->len; n++)
        mla_site_text_element (node, "note",
                               g_ptr_array_index (slot->notes, n));
    return node;
}

/* Where slot @index of @agenda was: <@name day-name date start end room/>. */
static xmlNode *
place_element (xmlNode *parent, const char *name, const MlaAgenda *agenda,
               guint index)
{
    const MlaAgendaDay *day = NULL;
    const MlaAgendaSlot *slot = mla_agenda_slot_at (agenda, index, &day);
    xmlNode *node = name != NULL ? mla_site_element (parent, name)
                                 : slot_element (parent, slot);

    mla_site_attr (node, "day-name", day->name);
    if (day->date[0] != '\0')
        mla_site_attr (node, "date", day->date);
    if (name != NULL) {
        mla_site_attr (node, "start", slot->start);
        if (slot->end[0] != '\0')
            mla_site_attr (node, "end", slot->end);
        mla_site_attr (node, "room", slot->room);
    }
    return node;
}

/* <thread href subject/>: the thread slot @slot of @a links to, if any. */
static void
thread_link (MlaSite *site, xmlNode *node, const MlaSiteAgenda *a, guint slot)
{
    guint root = g_array_index (a->threads, guint, slot);
    g_autofree char *page = NULL;
    g_autofree char *subject = NULL;
    xmlNode *link;

    if (root == MLA_THREAD_NONE)
        return;
    page = mla_site_thread_page (site, root, 0);
    /* shortened as in the listings: the thread page has it whole */
    subject = mla_site_shorten (mla_site_thread_subject (site, root),
                                MLA_SITE_SUBJECT_CHARS);
    link = mla_site_element (node, "thread");
    mla_site_href (link, "href", page);
    mla_site_attr (link, "subject", subject != NULL ? subject : "(no subject)");
}

/* The agenda's title and zone, and its days, each with its rooms (the
 * parallel columns, in order of appearance) and its slots. With @diff
 * (nullable), against @previous: each slot's change="added|moved" (a
 * moved one with <was/>), and the slots dropped, under <dropped>. With
 * @site, @a's thread links. */
static void
agenda_days (xmlNode *model, const MlaAgenda *agenda, const MlaAgendaDiff *diff,
             const MlaAgenda *previous, MlaSite *site, const MlaSiteAgenda *a)
{
    static const char *const changes[] = {
        [MLA_SLOT_CHANGE_KEPT] = NULL,
        [MLA_SLOT_CHANGE_MOVED] = "moved",
        [MLA_SLOT_CHANGE_ADDED] = "added",
    };
    guint flat = 0;

    mla_site_attr (model, "title",
                   agenda->title != NULL ? agenda->title : "Agenda");
    mla_site_attr (model, "timezone", agenda->timezone);
    for (guint d = 0; d < agenda->days->len; d++) {
        const MlaAgendaDay *day = g_ptr_array_index (agenda->days, d);
        xmlNode *day_node = mla_site_element (model, "day");
        xmlNode *rooms = mla_site_element (day_node, "rooms");
        g_autoptr (GPtrArray) seen = g_ptr_array_new ();

        mla_site_attr (day_node, "name", day->name);
        if (day->date[0] != '\0')
            mla_site_attr (day_node, "date", day->date);
        for (guint i = 0; i < day->slots->len; i++, flat++) {
            const MlaAgendaSlot *slot = g_ptr_array_index (day->slots, i);
            xmlNode *node = slot_element (day_node, slot);

            if (site != NULL)
                thread_link (site, node, a, flat);

            if (diff != NULL) {
                MlaSlotChange change =
                    g_array_index (diff->changes, MlaSlotChange, flat);

                mla_site_attr (node, "change", changes[change]);
                if (change == MLA_SLOT_CHANGE_MOVED)
                    place_element (node, "was", previous,
                                   g_array_index (diff->previous, guint, flat));
            }
            if (slot->room != NULL &&
                !g_ptr_array_find_with_equal_func (seen, slot->room,
                                                   g_str_equal, NULL)) {
                g_ptr_array_add (seen, slot->room);
                mla_site_text_element (rooms, "room", slot->room);
            }
        }
    }
    if (diff != NULL && diff->dropped->len > 0) {
        xmlNode *dropped = mla_site_element (model, "dropped");

        for (guint i = 0; i < diff->dropped->len; i++)
            place_element (dropped, NULL, previous,
                           g_array_index (diff->dropped, guint, i));
    }
}

/* <revisions>: every revision of the agenda's chain, oldest first, this
 * one marked current; nothing for an agenda never revised. */
static void
revision_links (MlaSite *site, xmlNode *model, guint index)
{
    GArray *chain = mla_agenda_revisions_get_chain (site->revisions, index);
    xmlNode *list;

    if (chain->len < 2)
        return;
    mla_site_attr_printf (
        model, "revision", "%u",
        mla_agenda_revisions_get_number (site->revisions, index));
    list = mla_site_element (model, "revisions");
    for (guint c = 0; c < chain->len; c++) {
        guint other = g_array_index (chain, guint, c);
        const MlaSiteAgenda *revision =
            g_ptr_array_index (site->agendas, other);
        g_autofree char *file = mla_site_agenda_path (site, other, "html");
        xmlNode *node = mla_site_element (list, "revision");

        mla_site_attr_printf (node, "number", "%u", c + 1);
        mla_site_href (node, "page", file);
        mla_site_summary_attrs (site, node, revision->entry);
        if (other == index)
            mla_site_attr (node, "current", "true");
    }
}

xmlDoc *
mla_site_model_agenda (MlaSite *site, guint index)
{
    const MlaSiteAgenda *a = g_ptr_array_index (site->agendas, index);
    const MlaAgendaDiff *diff =
        mla_agenda_revisions_get_diff (site->revisions, index);
    const MlaAgenda *previous = NULL;
    g_autofree char *ics = mla_site_agenda_path (site, index, "ics");
    xmlNode *model;
    xmlDoc *doc = mla_site_new_model (site, "agenda", 2, &model);

    if (diff != NULL) {
        GArray *chain = mla_agenda_revisions_get_chain (site->revisions, index);
        guint number = mla_agenda_revisions_get_number (site->revisions, index);
        const MlaSiteAgenda *p = g_ptr_array_index (
            site->agendas, g_array_index (chain, guint, number - 2));

        previous = p->agenda;
    }
    mla_site_href (model, "ics", ics);
    mla_site_summary_attrs (site, mla_site_element (model, "mail"), a->entry);
    revision_links (site, model, index);
    agenda_days (model, a->agenda, diff, previous, site, a);
    return doc;
}

/* A page on its own: no site around it, so no site links; the style
 * inlined, and allowed by its hash rather than by 'unsafe-inline', so
 * that nothing but this exact text may style the page. Returns:
 * (transfer full). */
static xmlDoc *
standalone_model (const MlaAgenda *agenda, const char *css)
{
    xmlDoc *doc = xmlNewDoc (BAD_CAST "1.0");
    xmlNode *model = xmlNewNode (NULL, BAD_CAST "agenda");
    g_autofree char *clean = mla_xml_clean_text (css);
    guint8 digest[32];
    gsize digest_length = sizeof digest;
    g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
    g_autofree char *hash = NULL;

    xmlDocSetRootElement (doc, model);
    /* The browser hashes the text of the <style> element as written:
     * the cleaned text is what the page holds. */
    g_checksum_update (sum, (const guchar *) clean, (gssize) strlen (clean));
    g_checksum_get_digest (sum, digest, &digest_length);
    hash = g_base64_encode (digest, digest_length);
    mla_site_attr (model, "standalone", "true");
    mla_site_attr (model, "root", "");
    mla_site_attr (model, "site-title",
                   agenda->title != NULL ? agenda->title : "Agenda");
    mla_site_attr (model, "message-id", agenda->message_id);
    mla_site_attr_printf (model, "style-hash", "sha256-%s", hash);
    mla_site_text_element (model, "style", clean);
    agenda_days (model, agenda, NULL, NULL, NULL, NULL);
    return doc;
}

gboolean
mla_site_agenda_write_pages (GPtrArray *agendas, GOutputStream *out,
                             GError **error)
{
    g_autoptr (MlaSiteRender) render = NULL;
    g_autoptr (GBytes) css_bytes = NULL;
    g_autofree char *css = NULL;

    g_return_val_if_fail (agendas != NULL, FALSE);
    g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);
    if (agendas->len == 0)
        return TRUE;
    render = mla_site_render_new (NULL, error);
    if (render == NULL)
        return FALSE;
    css_bytes = mla_site_render_asset (render, "style.css", error);
    if (css_bytes == NULL)
        return FALSE;
    css = g_strndup (g_bytes_get_data (css_bytes, NULL),
                     g_bytes_get_size (css_bytes));
    /* HTML ends a <style> element at the first "</style", whatever
     * surrounds it. */
    if (strstr (css, "</") != NULL)
        return mla_throw (error, MLA_ERROR_INVALID,
                          "style.css: \"</\" cannot be inlined");
    for (guint i = 0; i < agendas->len; i++) {
        xmlDoc *model = standalone_model (g_ptr_array_index (agendas, i), css);
        g_autoptr (GBytes) page = mla_site_render_apply (render, model, error);

        xmlFreeDoc (model);
        if (page == NULL || !g_output_stream_write_all (
                                out, g_bytes_get_data (page, NULL),
                                g_bytes_get_size (page), NULL, NULL, error))
            return FALSE;
    }
    return TRUE;
}
