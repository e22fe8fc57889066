/* orr-io-private.h: what the file reader, the file writer and clipboard
 * fragments share inside engine/io. Not installed, not for other modules.
 */
#pragma once

#include <libxml/tree.h>
#include <orrery/orr-io.h>

G_BEGIN_DECLS

#define ORR_FILE_ROOT "orrery"
#define ORR_FRAGMENT_ROOT "orrery-fragment"
#define ORR_BLOCK_FILE_ROOT "orrery-block"

G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlDoc, xmlFreeDoc)

/* orr-format.c: text and number conventions of the format. */
void orr_io_append_indent (GString *out, guint depth);
void orr_io_append_escaped (GString *out, const char *text, gboolean in_attribute);
void orr_io_append_attr (GString *out, const char *name, const char *value);
void orr_io_append_attr_double (GString *out, const char *name, double value);
void orr_io_append_attr_uint (GString *out, const char *name, guint value);
void orr_io_append_prologue (GString *out);
gboolean orr_io_parse_double (const char *text, double *value);
const char *orr_io_port_kind_name (OrrPortKind kind);
gboolean orr_io_port_kind_parse (const char *text, OrrPortKind *kind);
const char *orr_io_link_kind_name (OrrLinkKind kind);
gboolean orr_io_link_kind_parse (const char *text, OrrLinkKind *kind);
/* The attribute's value as a GLib string, NULL when absent. */
char *orr_io_get_attr (xmlNode *node, const char *name);
/* The same without a copy when it can: the value lives as long as the
 * node, or in *owned (which the caller frees) when it had to be put
 * together. */
const char *orr_io_peek_attr (xmlNode *node, const char *name, char **owned);

/* orr-file-writer.c */
void orr_io_write_block (GString *out, const OrrBlock *block, guint depth);
void orr_io_write_link (GString *out, const OrrLink *link, guint depth);

/* orr-file-reader.c */

/* Parses data, checks that it is well-formed, that its root element is
 * root_name and that its version is one this build reads. */
xmlDoc *orr_io_parse_document (const char *data, gsize length, const char *name,
                               const char *root_name, GError **error);
/* Reads the <block> and <link> children of a fragment's root into diagram,
 * through the model's edit functions; the caller holds the transaction. */
gboolean orr_io_read_fragment (OrrModel *model, OrrDiagram *diagram, xmlNode *root,
                               const char *name, GPtrArray *new_blocks, GError **error);

G_END_DECLS
