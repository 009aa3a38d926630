/* mla-xml-merge-private.h: one volume XML made of several, for mlarc
 * compact (or of one, less some messages, for mlarc remove): the
 * <message> and <reject> elements of each volume copied as
 * they are (only raw-offset moves, to where the raw bytes went in the
 * merged raw store), then all their <input> elements. Nothing is parsed
 * again from mail: a record's XML is the record. */
#pragma once
#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct MlaXmlMerge MlaXmlMerge;

/* Starts the merged volume @number, imported at @imported, on @out (not
 * owned; it must outlive the merge). Returns: (transfer full). */
MlaXmlMerge *mla_xml_merge_new (GOutputStream *out, guint number,
                                const char *imported);
void mla_xml_merge_free (MlaXmlMerge *merge);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MlaXmlMerge, mla_xml_merge_free)

/* The bytes of one message in its volume's raw store. */
typedef struct MlaRawSpan {
    guint64 offset;
    guint64 length;
} MlaRawSpan;

/* Appends the records of the volume XML at @path, whose raw store starts at
 * @raw_base in the merged one, less the messages stored at @cuts
 * (@n_cuts, by offset, not overlapping; NULL for none: mlarc remove).
 * Their raw bytes are left out of the merged store too, so the records
 * after a cut move back by its length. */
gboolean mla_xml_merge_add (MlaXmlMerge *merge, const char *path,
                            guint64 raw_base, const MlaRawSpan *cuts,
                            guint n_cuts, GError **error);
/* Writes the inputs and the end of the volume. */
gboolean mla_xml_merge_finish (MlaXmlMerge *merge, GError **error);

G_END_DECLS
