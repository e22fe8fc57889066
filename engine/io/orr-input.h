/* orr-input.h: reading what a model points at (a model file, a library's
 * library.xml, an FMU's modelDescription.xml) without letting the file
 * decide how much work or memory that takes. Engine-internal: engine/io,
 * engine/library and engine/fmi share it.
 */
#pragma once

#include <glib.h>
#include <libxml/tree.h>
#include <orrery/orr-block.h> /* orr_read_input_file, for model inputs */

G_BEGIN_DECLS

/* XML nesting deeper than this is refused by libxml2 itself (its default
 * limit without XML_PARSE_HUGE); ORR_MAX_NESTING keeps models well inside
 * it. */
#define ORR_XML_MAX_DEPTH 256

/* Parses data as an XML document that needs no document type declaration:
 * a <!DOCTYPE> is refused as soon as the parser meets it, before any
 * entity it declares could be expanded, so a few kilobytes cannot turn
 * into gigabytes (in element text or in attribute values). The network is
 * never used. On failure returns NULL with *message (what went wrong,
 * without file name) and *line set. */
xmlDoc *orr_xml_read_memory (const char *data, gsize length, char **message, int *line);

/* FALSE, with the line, when the prolog of data (what comes before the
 * root element) holds a <!DOCTYPE>, or when data is not UTF-8 (UTF-16 or
 * UTF-32 would hide one from this scan). For the streaming reader, which
 * would read a DTD before it can be refused. */
gboolean orr_xml_prolog_is_safe (const char *data, gsize length, int *line);

G_END_DECLS
