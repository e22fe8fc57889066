/* orr-format.c: the small conventions every part of the .orr format shares:
 * how numbers are spelled, how text is escaped, the names of port and link
 * kinds, and the error domain. docs/file-format.md describes them for
 * people; this file is where they live in code.
 */
#include "orr-io-private.h"

#include <math.h>
#include <string.h>

GQuark
orr_io_error_quark (void)
{
  return g_quark_from_static_string ("orr-io-error-quark");
}

static const char *const port_kind_names[ORR_N_PORT_KINDS] = {
  [ORR_PORT_IN] = "in",
  [ORR_PORT_OUT] = "out",
  [ORR_PORT_EVENT_IN] = "event-in",
  [ORR_PORT_EVENT_OUT] = "event-out",
};

char *
orr_format_double (double value)
{
  static const char *const formats[] = { "%.15g", "%.16g", "%.17g" };
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  if (isnan (value))
    return g_strdup ("nan");
  if (isinf (value))
    return g_strdup (value > 0 ? "inf" : "-inf");

  /* Fewer digits make files easier to read and diff ("0.1", not
   * "0.10000000000000001"); 17 significant digits always round-trip. */
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_ascii_formatd (buffer, sizeof buffer, formats[i], value);
      if (g_ascii_strtod (buffer, NULL) == value)
        break;
    }
  return g_strdup (buffer);
}

gboolean
orr_io_parse_double (const char *text, double *value)
{
  char *end = NULL;

  if (text == NULL || *text == '\0' || g_ascii_isspace (*text))
    return FALSE;
  *value = g_ascii_strtod (text, &end);
  return end != text && *end == '\0';
}

void
orr_io_append_indent (GString *out, guint depth)
{
  for (guint i = 0; i < depth; i++)
    g_string_append (out, "  ");
}

static gboolean
is_xml_char (gunichar c)
{
  return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF)
         || (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
}

/* Escapes text so that a conforming parser gives back exactly the same
 * string. Carriage returns would be folded into line feeds by the parser's
 * end-of-line handling, and line breaks and tabs in attributes would become
 * spaces, so those are written as character references. What XML 1.0
 * cannot carry at all (invalid UTF-8, most control characters) becomes
 * U+FFFD: the file must stay loadable. */
void
orr_io_append_escaped (GString *out, const char *text, gboolean in_attribute)
{
  const char *p = text;

  while (*p != '\0')
    {
      gunichar c = g_utf8_get_char_validated (p, -1);
      const char *next;

      if (c == (gunichar)-1 || c == (gunichar)-2)
        {
          g_string_append (out, "\xEF\xBF\xBD");
          p++;
          continue;
        }
      next = g_utf8_next_char (p);
      switch (c)
        {
          case '&':
            g_string_append (out, "&amp;");
            break;
          case '<':
            g_string_append (out, "&lt;");
            break;
          case '>':
            g_string_append (out, "&gt;");
            break;
          case '"':
            g_string_append (out, in_attribute ? "&quot;" : "\"");
            break;
          case '\r':
            g_string_append (out, "&#13;");
            break;
          case '\n':
            g_string_append (out, in_attribute ? "&#10;" : "\n");
            break;
          case '\t':
            g_string_append (out, in_attribute ? "&#9;" : "\t");
            break;
          default:
            if (is_xml_char (c))
              g_string_append_len (out, p, next - p);
            else
              g_string_append (out, "\xEF\xBF\xBD");
            break;
        }
      p = next;
    }
}

void
orr_io_append_attr (GString *out, const char *name, const char *value)
{
  g_string_append_printf (out, " %s=\"", name);
  orr_io_append_escaped (out, value, TRUE);
  g_string_append_c (out, '"');
}

void
orr_io_append_attr_double (GString *out, const char *name, double value)
{
  g_autofree char *text = orr_format_double (value);

  orr_io_append_attr (out, name, text);
}

void
orr_io_append_attr_uint (GString *out, const char *name, guint value)
{
  g_string_append_printf (out, " %s=\"%u\"", name, value);
}

void
orr_io_append_prologue (GString *out)
{
  g_string_append (out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
}

const char *
orr_io_port_kind_name (OrrPortKind kind)
{
  g_return_val_if_fail (kind < ORR_N_PORT_KINDS, "in");
  return port_kind_names[kind];
}

gboolean
orr_io_port_kind_parse (const char *text, OrrPortKind *kind)
{
  for (int k = 0; k < ORR_N_PORT_KINDS; k++)
    if (g_strcmp0 (text, port_kind_names[k]) == 0)
      {
        *kind = (OrrPortKind)k;
        return TRUE;
      }
  return FALSE;
}

const char *
orr_io_link_kind_name (OrrLinkKind kind)
{
  return kind == ORR_LINK_ACTIVATION ? "activation" : "regular";
}

gboolean
orr_io_link_kind_parse (const char *text, OrrLinkKind *kind)
{
  if (g_strcmp0 (text, "regular") == 0)
    *kind = ORR_LINK_REGULAR;
  else if (g_strcmp0 (text, "activation") == 0)
    *kind = ORR_LINK_ACTIVATION;
  else
    return FALSE;
  return TRUE;
}

const char *
orr_io_peek_attr (xmlNode *node, const char *name, char **owned)
{
  *owned = NULL;
  for (xmlAttr *a = node->properties; a != NULL; a = a->next)
    {
      if (a->ns != NULL || strcmp ((const char *)a->name, name) != 0)
        continue;
      /* a plain value is one text node: lent, not copied */
      if (a->children == NULL)
        return "";
      if (a->children->type == XML_TEXT_NODE && a->children->next == NULL)
        return a->children->content != NULL ? (const char *)a->children->content : "";
      *owned = orr_io_get_attr (node, name);
      return *owned;
    }
  /* only a DTD can give an attribute that is not on the element */
  if (node->doc != NULL && (node->doc->intSubset != NULL || node->doc->extSubset != NULL))
    return *owned = orr_io_get_attr (node, name);
  return NULL;
}

char *
orr_io_get_attr (xmlNode *node, const char *name)
{
  xmlChar *value = xmlGetNoNsProp (node, (const xmlChar *)name);
  char *copy;

  if (value == NULL)
    return NULL;
  /* libxml2's allocator is not necessarily GLib's. */
  copy = g_strdup ((const char *)value);
  xmlFree (value);
  return copy;
}
