/* orr-file-reader.c: loads .orr files, and reads the blocks and links of
 * clipboard fragments.
 *
 * libxml2 parses the text into a tree; this file walks the tree, checking
 * every element as it goes so that a mistake is reported at its line with
 * what was expected. Each top-level block is built complete while detached
 * (super blocks with their whole child diagram) and then inserted with the
 * model's edit functions, which check it once more. A model is returned only
 * once all of it has been read, so a bad file never yields a half-loaded
 * model.
 */
#include "orr-input.h"
#include "orr-io-private.h"

#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <math.h>
#include <string.h>

typedef struct
{
  OrrModel *model;
  const char *name; /* the file's display name, for messages */
  GHashTable *ids;  /* block and link id -> line of the element that claimed it */
  guint depth;      /* super block levels above the diagram being read */
  guint64 ports;    /* ports declared so far, against ORR_MAX_PORTS */
} Reader;

static gboolean read_diagram (Reader *r, xmlNode *element, OrrDiagram *diagram,
                              gboolean fragment_root, GPtrArray *new_blocks, GError **error);

/* libxml2 gives a text node the line where it ends (where the parser was
 * when it reported the text), so the line of its first visible character is
 * found by counting back. */
static long
text_line (xmlNode *node, long end_line)
{
  const char *text = (const char *)node->content;
  long newlines = 0;
  long leading = 0;
  gboolean seen_visible = FALSE;

  for (const char *p = text; p != NULL && *p != '\0'; p++)
    {
      if (*p == '\n')
        {
          newlines++;
          if (!seen_visible)
            leading++;
        }
      else if (!g_ascii_isspace (*p))
        seen_visible = TRUE;
    }
  return end_line - (newlines - leading);
}

static long
line_of (xmlNode *node)
{
  long line = node != NULL ? xmlGetLineNo (node) : -1;

  if (node != NULL && node->type == XML_TEXT_NODE)
    {
      /* A long text is reported in pieces and keeps the line of the first
       * piece's end; the node after it knows exactly where it ended. */
      long next_line = node->next != NULL ? xmlGetLineNo (node->next) : -1;

      line = text_line (node, next_line > 0 ? next_line : line);
    }
  return line > 0 ? line : 1;
}

static gboolean fail (Reader *r, xmlNode *node, OrrIoError code, GError **error, const char *format,
                      ...) G_GNUC_PRINTF (5, 6);

static gboolean
fail (Reader *r, xmlNode *node, OrrIoError code, GError **error, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, ORR_IO_ERROR, code, "%s:%ld: %s", r->name, line_of (node), message);
  return FALSE;
}

/* Model edits can refuse what the reader did not foresee; their message
 * still gets the file and line. */
static gboolean
fail_with (Reader *r, xmlNode *node, GError *cause, GError **error)
{
  return fail (r, node, ORR_IO_ERROR_INVALID, error, "%s", cause->message);
}

static const char *
node_name (xmlNode *node)
{
  return (const char *)node->name;
}

/* Elements of the format carry no namespace; anything namespaced belongs to
 * someone else and is kept as foreign content. */
static gboolean
is_element (xmlNode *node, const char *name)
{
  return node->type == XML_ELEMENT_NODE && node->ns == NULL && strcmp (node_name (node), name) == 0;
}

/* Between elements only whitespace (the indentation), comments and
 * processing instructions may appear; they carry no meaning. */
static gboolean
check_not_content (Reader *r, xmlNode *node, xmlNode *parent, GError **error)
{
  switch (node->type)
    {
      case XML_TEXT_NODE:
      case XML_CDATA_SECTION_NODE:
        if (xmlIsBlankNode (node))
          return TRUE;
        return fail (r, node, ORR_IO_ERROR_INVALID, error,
                     "unexpected text in <%s>; expected only elements", node_name (parent));
      case XML_ENTITY_REF_NODE:
        return fail (r, node, ORR_IO_ERROR_INVALID, error,
                     "unexpected entity reference &%s; in <%s>", node_name (node),
                     node_name (parent));
      default:
        return TRUE;
    }
}

static char *
dump_node (xmlNode *node)
{
  xmlBuffer *buffer = xmlBufferCreate ();
  char *text;

  /* No formatting: the element comes back exactly as it was parsed,
   * whitespace inside it included. */
  xmlNodeDump (buffer, node->doc, node, 0, 0);
  text = g_strndup ((const char *)xmlBufferContent (buffer), xmlBufferLength (buffer));
  xmlBufferFree (buffer);
  return text;
}

/* The text of an element that holds only text: exactly what is between
 * the tags, whitespace and line breaks included. */
static gboolean
read_text (Reader *r, xmlNode *element, char **text, GError **error)
{
  g_autoptr (GString) out = NULL;

  /* the common case, one piece of text or none, without a GString */
  if (element->children == NULL
      || (element->children->next == NULL && element->children->type == XML_TEXT_NODE))
    {
      const xmlChar *content = element->children != NULL ? element->children->content : NULL;

      *text = g_strdup (content != NULL ? (const char *)content : "");
      return TRUE;
    }
  out = g_string_new (NULL);

  for (xmlNode *c = element->children; c != NULL; c = c->next)
    {
      switch (c->type)
        {
          case XML_TEXT_NODE:
          case XML_CDATA_SECTION_NODE:
            g_string_append (out, (const char *)c->content);
            break;
          case XML_COMMENT_NODE:
          case XML_PI_NODE:
            break;
          case XML_ELEMENT_NODE:
            return fail (r, c, ORR_IO_ERROR_INVALID, error,
                         "unexpected element <%s> in <%s>; expected only text", node_name (c),
                         node_name (element));
          default:
            return fail (r, c, ORR_IO_ERROR_INVALID, error,
                         "unexpected content in <%s>; expected only text", node_name (element));
        }
    }
  *text = g_string_free (g_steal_pointer (&out), FALSE);
  return TRUE;
}

/* The same, lent by the element (see orr_io_peek_attr) */
static gboolean
need_attr (Reader *r, xmlNode *element, const char *name, const char **value, char **owned,
           GError **error)
{
  *value = orr_io_peek_attr (element, name, owned);
  if (*value == NULL)
    return fail (r, element, ORR_IO_ERROR_INVALID, error, "missing attribute \"%s\" in <%s>", name,
                 node_name (element));
  return TRUE;
}

static gboolean
require_attr (Reader *r, xmlNode *element, const char *name, char **value, GError **error)
{
  *value = orr_io_get_attr (element, name);
  if (*value == NULL)
    return fail (r, element, ORR_IO_ERROR_INVALID, error, "missing attribute \"%s\" in <%s>", name,
                 node_name (element));
  return TRUE;
}

/* Reads a number attribute; an absent one leaves value alone unless it is
 * required. */
static gboolean
read_double (Reader *r, xmlNode *element, const char *name, gboolean required, gboolean finite,
             double *value, GError **error)
{
  g_autofree char *owned = NULL;
  const char *text = orr_io_peek_attr (element, name, &owned);

  if (text == NULL)
    {
      if (required)
        return fail (r, element, ORR_IO_ERROR_INVALID, error, "missing attribute \"%s\" in <%s>",
                     name, node_name (element));
      return TRUE;
    }
  if (!orr_io_parse_double (text, value))
    return fail (r, element, ORR_IO_ERROR_INVALID, error,
                 "attribute \"%s\" of <%s> is \"%s\"; expected a number", name, node_name (element),
                 text);
  if (finite && !isfinite (*value))
    return fail (r, element, ORR_IO_ERROR_INVALID, error,
                 "attribute \"%s\" of <%s> is \"%s\"; expected a finite number", name,
                 node_name (element), text);
  return TRUE;
}

/* Port counts and numbers are bounded so that a damaged file cannot make
 * the loader allocate without end. */
#define MAX_PORTS ORR_MAX_BLOCK_PORTS

static gboolean
read_uint (Reader *r, xmlNode *element, const char *name, gboolean required, guint min, guint max,
           guint *value, GError **error)
{
  g_autofree char *owned = NULL;
  const char *text = orr_io_peek_attr (element, name, &owned);
  guint64 number;

  if (text == NULL)
    {
      if (required)
        return fail (r, element, ORR_IO_ERROR_INVALID, error, "missing attribute \"%s\" in <%s>",
                     name, node_name (element));
      return TRUE;
    }
  if (!g_ascii_string_to_unsigned (text, 10, min, max, &number, NULL))
    return fail (r, element, ORR_IO_ERROR_INVALID, error,
                 "attribute \"%s\" of <%s> is \"%s\"; expected a whole number from %u to %u", name,
                 node_name (element), text, min, max);
  *value = (guint)number;
  return TRUE;
}

static gboolean
read_bool (Reader *r, xmlNode *element, const char *name, gboolean *value, GError **error)
{
  g_autofree char *owned = NULL;
  const char *text = orr_io_peek_attr (element, name, &owned);

  if (text == NULL)
    return TRUE;
  if (strcmp (text, "true") == 0)
    *value = TRUE;
  else if (strcmp (text, "false") == 0)
    *value = FALSE;
  else
    return fail (r, element, ORR_IO_ERROR_INVALID, error,
                 "attribute \"%s\" of <%s> is \"%s\"; expected \"true\" or \"false\"", name,
                 node_name (element), text);
  return TRUE;
}

/* Checks that id is new; the caller then records it with note_id, once
 * the block or link that owns the string exists (the table does not copy
 * its keys: they live in the model being built, which outlives it). */
static gboolean
claim_id (Reader *r, xmlNode *element, const char *id, GError **error)
{
  gpointer first;

  if (*id == '\0')
    return fail (r, element, ORR_IO_ERROR_INVALID, error, "empty id in <%s>", node_name (element));
  if (g_hash_table_lookup_extended (r->ids, id, NULL, &first))
    return fail (r, element, ORR_IO_ERROR_INVALID, error,
                 "duplicate id \"%s\" (already used on line %ld)", id,
                 (long)GPOINTER_TO_SIZE (first));
  return TRUE;
}

static void
note_id (Reader *r, xmlNode *element, const char *id)
{
  g_hash_table_insert (r->ids, (gpointer)id, GSIZE_TO_POINTER ((gsize)line_of (element)));
}

static void
collect_foreign_attrs (xmlNode *element, OrrBlock *block)
{
  static const char *const known[] = {
    "id", "type", "x", "y", "width", "height", "rotation", "flip", "library", "ref", "version",
  };

  /* libxml2 keeps namespace declarations apart from attributes; they come
   * first so that the prefixed attributes after them stay meaningful. */
  for (xmlNs *ns = element->nsDef; ns != NULL; ns = ns->next)
    {
      g_ptr_array_add (block->foreign_attrs, ns->prefix != NULL
                                               ? g_strdup_printf ("xmlns:%s", ns->prefix)
                                               : g_strdup ("xmlns"));
      g_ptr_array_add (block->foreign_attrs, g_strdup ((const char *)ns->href));
    }
  for (xmlAttr *a = element->properties; a != NULL; a = a->next)
    {
      gboolean is_known = FALSE;
      xmlChar *value;

      if (a->ns == NULL)
        for (guint i = 0; i < G_N_ELEMENTS (known) && !is_known; i++)
          is_known = strcmp ((const char *)a->name, known[i]) == 0;
      if (is_known)
        continue;
      g_ptr_array_add (block->foreign_attrs, a->ns != NULL && a->ns->prefix != NULL
                                               ? g_strdup_printf ("%s:%s", a->ns->prefix, a->name)
                                               : g_strdup ((const char *)a->name));
      value = xmlNodeListGetString (element->doc, a->children, 1);
      g_ptr_array_add (block->foreign_attrs, g_strdup (value != NULL ? (const char *)value : ""));
      xmlFree (value);
    }
}

static gboolean
read_mask_param (Reader *r, xmlNode *element, OrrMask *mask, GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *label = orr_io_get_attr (element, "label");
  g_autofree char *default_expr = orr_io_get_attr (element, "default");
  g_autofree char *kind = orr_io_get_attr (element, "kind");
  g_autoptr (GPtrArray) choices = g_ptr_array_new_with_free_func (g_free);
  OrrMaskParamKind param_kind = ORR_MASK_PARAM_EXPRESSION;
  gboolean tunable = FALSE;
  OrrMaskParam *param;

  if (!require_attr (r, element, "name", &name, error)
      || !read_bool (r, element, "tunable", &tunable, error))
    return FALSE;
  if (kind == NULL || strcmp (kind, "expression") == 0)
    param_kind = ORR_MASK_PARAM_EXPRESSION;
  else if (strcmp (kind, "choice") == 0)
    param_kind = ORR_MASK_PARAM_CHOICE;
  else if (strcmp (kind, "checkbox") == 0)
    param_kind = ORR_MASK_PARAM_CHECKBOX;
  else
    return fail (r, element, ORR_IO_ERROR_INVALID, error,
                 "unknown mask parameter kind \"%s\"; expected \"expression\", \"choice\" or "
                 "\"checkbox\"",
                 kind);

  for (guint i = 0; i < mask->params->len; i++)
    if (g_strcmp0 (((OrrMaskParam *)g_ptr_array_index (mask->params, i))->name, name) == 0)
      return fail (r, element, ORR_IO_ERROR_INVALID, error,
                   "mask parameter \"%s\" is defined twice", name);

  for (xmlNode *c = element->children; c != NULL; c = c->next)
    {
      char *choice = NULL;

      if (c->type != XML_ELEMENT_NODE)
        {
          if (!check_not_content (r, c, element, error))
            return FALSE;
          continue;
        }
      if (!is_element (c, "choice"))
        continue;
      if (param_kind != ORR_MASK_PARAM_CHOICE)
        return fail (r, c, ORR_IO_ERROR_INVALID, error,
                     "<choice> in mask parameter \"%s\", which is not of kind \"choice\"", name);
      if (!read_text (r, c, &choice, error))
        return FALSE;
      g_ptr_array_add (choices, choice);
    }

  param = orr_mask_param_new (name, label, default_expr);
  param->kind = param_kind;
  param->tunable = tunable;
  if (param_kind == ORR_MASK_PARAM_CHOICE)
    {
      g_ptr_array_add (choices, NULL);
      g_strfreev (param->choices);
      param->choices = (char **)g_ptr_array_free (g_steal_pointer (&choices), FALSE);
    }
  g_ptr_array_add (mask->params, param);
  return TRUE;
}

static OrrMask *
read_mask (Reader *r, xmlNode *element, GError **error)
{
  g_autoptr (OrrMask) mask = orr_mask_new ();
  gboolean has_description = FALSE;

  mask->icon_text = orr_io_get_attr (element, "icon-text");
  for (xmlNode *c = element->children; c != NULL; c = c->next)
    {
      if (c->type != XML_ELEMENT_NODE)
        {
          if (!check_not_content (r, c, element, error))
            return NULL;
        }
      else if (is_element (c, "description"))
        {
          if (has_description)
            {
              fail (r, c, ORR_IO_ERROR_INVALID, error, "second <description> in <mask>");
              return NULL;
            }
          has_description = TRUE;
          if (!read_text (r, c, &mask->description, error))
            return NULL;
        }
      else if (is_element (c, "param"))
        {
          if (!read_mask_param (r, c, mask, error))
            return NULL;
        }
    }
  return g_steal_pointer (&mask);
}

/* The sub-elements of a <block>, sorted out before anything is applied, so
 * that their order in the file does not matter to the model. */
typedef struct
{
  xmlNode *label;
  xmlNode *ports;
  xmlNode *mask;
  xmlNode *diagram;
  GPtrArray *params;      /* of xmlNode*, NULL when none */
  GPtrArray *port_labels; /* of xmlNode*, NULL when none */
} BlockParts;

static void
block_parts_clear (BlockParts *parts)
{
  g_clear_pointer (&parts->params, g_ptr_array_unref);
  g_clear_pointer (&parts->port_labels, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (BlockParts, block_parts_clear)

static gboolean
take_single (Reader *r, xmlNode *element, xmlNode **slot, const char *block_id, GError **error)
{
  if (*slot != NULL)
    return fail (r, element, ORR_IO_ERROR_INVALID, error,
                 "second <%s> in block \"%s\" (the first is on line %ld)", node_name (element),
                 block_id, line_of (*slot));
  *slot = element;
  return TRUE;
}

/* most blocks have a few parameters and no port labels: arrays only for
 * what there is */
static void
add_part (GPtrArray **parts, xmlNode *element)
{
  if (*parts == NULL)
    *parts = g_ptr_array_sized_new (4);
  g_ptr_array_add (*parts, element);
}

static gboolean
sort_block_parts (Reader *r, xmlNode *element, OrrBlock *block, BlockParts *parts, GError **error)
{
  for (xmlNode *c = element->children; c != NULL; c = c->next)
    {
      gboolean ok = TRUE;

      if (c->type != XML_ELEMENT_NODE)
        ok = check_not_content (r, c, element, error);
      else if (is_element (c, "label"))
        ok = take_single (r, c, &parts->label, block->id, error);
      else if (is_element (c, "ports"))
        ok = take_single (r, c, &parts->ports, block->id, error);
      else if (is_element (c, "mask"))
        ok = take_single (r, c, &parts->mask, block->id, error);
      else if (is_element (c, "diagram"))
        ok = take_single (r, c, &parts->diagram, block->id, error);
      else if (is_element (c, "param"))
        add_part (&parts->params, c);
      else if (is_element (c, "port"))
        add_part (&parts->port_labels, c);
      else
        g_ptr_array_add (block->foreign, dump_node (c));
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

/* Whether block has a parameter called name: a scan for the few most
 * blocks have, an index (seen, built on first use) beyond that. */
static gboolean
has_param (OrrBlock *block, const char *name, GHashTable **seen)
{
  if (block->params->len < 16)
    {
      for (guint i = 0; i < block->params->len; i++)
        if (strcmp (((OrrParam *)g_ptr_array_index (block->params, i))->name, name) == 0)
          return TRUE;
      return FALSE;
    }
  if (*seen == NULL)
    {
      *seen = g_hash_table_new (g_str_hash, g_str_equal);
      for (guint i = 0; i < block->params->len; i++)
        g_hash_table_add (*seen, ((OrrParam *)g_ptr_array_index (block->params, i))->name);
    }
  return g_hash_table_contains (*seen, name);
}

static gboolean
read_params (Reader *r, OrrBlock *block, GPtrArray *params, GError **error)
{
  g_autoptr (GHashTable) seen = NULL;

  for (guint i = 0; params != NULL && i < params->len; i++)
    {
      xmlNode *element = g_ptr_array_index (params, i);
      g_autofree char *name_owned = NULL;
      g_autofree char *expr = NULL;
      const char *name;

      if (!need_attr (r, element, "name", &name, &name_owned, error))
        return FALSE;
      if (has_param (block, name, &seen))
        return fail (r, element, ORR_IO_ERROR_INVALID, error,
                     "parameter \"%s\" of block \"%s\" is given twice", name, block->id);
      if (!read_text (r, element, &expr, error))
        return FALSE;
      {
        /* orr_block_add_param would copy the text again */
        OrrParam *param = g_new0 (OrrParam, 1);

        param->name = g_strdup (name);
        param->expr = g_steal_pointer (&expr);
        g_ptr_array_add (block->params, param);
      }
      if (seen != NULL)
        g_hash_table_add (
          seen, ((OrrParam *)g_ptr_array_index (block->params, block->params->len - 1))->name);
    }
  return TRUE;
}

static gboolean
read_ports (Reader *r, OrrBlock *block, const BlockParts *parts, GError **error)
{
  g_autoptr (GHashTable) seen = NULL;

  for (int k = 0; k < ORR_N_PORT_KINDS; k++)
    {
      guint count = 0;

      if (parts->ports != NULL
          && !read_uint (r, parts->ports, orr_io_port_kind_name (k), FALSE, 0, MAX_PORTS, &count,
                         error))
        return FALSE;
      r->ports += count;
      if (r->ports > ORR_MAX_PORTS)
        return fail (r, parts->ports, ORR_IO_ERROR_INVALID, error,
                     "with block \"%s\" the model has more than %d ports in all", block->id,
                     ORR_MAX_PORTS);
      orr_block_set_ports (block, k, count);
    }

  if (parts->port_labels != NULL)
    seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; parts->port_labels != NULL && i < parts->port_labels->len; i++)
    {
      xmlNode *element = g_ptr_array_index (parts->port_labels, i);
      g_autofree char *kind_text = NULL;
      g_autofree char *label = NULL;
      OrrPortKind kind;
      OrrPort *port;
      guint number = 0;
      guint count;

      if (!require_attr (r, element, "kind", &kind_text, error)
          || !read_uint (r, element, "number", TRUE, 1, MAX_PORTS, &number, error)
          || !require_attr (r, element, "label", &label, error))
        return FALSE;
      if (!orr_io_port_kind_parse (kind_text, &kind))
        return fail (r, element, ORR_IO_ERROR_INVALID, error,
                     "unknown port kind \"%s\"; expected \"in\", \"out\", \"event-in\" or "
                     "\"event-out\"",
                     kind_text);
      count = orr_block_get_port_count (block, kind);
      if (number > count)
        return fail (r, element, ORR_IO_ERROR_INVALID, error,
                     "label for %s port %u of block \"%s\", which has %u %s port%s", kind_text,
                     number, block->id, count, kind_text, count == 1 ? "" : "s");
      if (!g_hash_table_add (seen, g_strdup_printf ("%s/%u", kind_text, number)))
        return fail (r, element, ORR_IO_ERROR_INVALID, error,
                     "%s port %u of block \"%s\" is labelled twice", kind_text, number, block->id);
      port = g_ptr_array_index (block->ports[kind], number - 1);
      g_free (port->label);
      port->label = g_steal_pointer (&label);
    }
  return TRUE;
}

/* library="key" ref="path" version="major.minor": all three or none. */
static gboolean
read_library_ref (Reader *r, xmlNode *element, OrrBlock *block, GError **error)
{
  g_autofree char *library_owned = NULL;
  g_autofree char *ref_owned = NULL;
  g_autofree char *version_owned = NULL;
  const char *library = orr_io_peek_attr (element, "library", &library_owned);
  const char *ref = orr_io_peek_attr (element, "ref", &ref_owned);
  const char *version = orr_io_peek_attr (element, "version", &version_owned);

  if (library == NULL && ref == NULL && version == NULL)
    return TRUE;
  if (library == NULL || ref == NULL || version == NULL || *library == '\0' || *ref == '\0'
      || *version == '\0')
    return fail (r, element, ORR_IO_ERROR_INVALID, error,
                 "a library reference on <block> needs non-empty \"library\", \"ref\" and "
                 "\"version\" attributes");
  block->libref = orr_library_ref_new (library, ref, version);
  return TRUE;
}

/* Builds a detached block with everything inside it; the caller puts it in
 * its diagram. */
static OrrBlock *
read_block (Reader *r, xmlNode *element, GError **error)
{
  const char *id = NULL;
  const char *type = NULL;
  g_autofree char *id_owned = NULL;
  g_autofree char *type_owned = NULL;
  g_autoptr (OrrBlock) block = NULL;
  g_auto (BlockParts) parts = { 0 };
  OrrRect geometry = { 0 };
  guint rotation = 0;
  gboolean flip = FALSE;

  if (!need_attr (r, element, "id", &id, &id_owned, error) || !claim_id (r, element, id, error)
      || !need_attr (r, element, "type", &type, &type_owned, error)
      || !read_double (r, element, "x", TRUE, TRUE, &geometry.x, error)
      || !read_double (r, element, "y", TRUE, TRUE, &geometry.y, error)
      || !read_double (r, element, "width", TRUE, TRUE, &geometry.width, error)
      || !read_double (r, element, "height", TRUE, TRUE, &geometry.height, error)
      || !read_uint (r, element, "rotation", FALSE, 0, G_MAXINT, &rotation, error)
      || !read_bool (r, element, "flip", &flip, error))
    return NULL;
  if (rotation % 90 != 0 || rotation >= 360)
    {
      fail (r, element, ORR_IO_ERROR_INVALID, error,
            "attribute \"rotation\" of <block> is \"%u\"; expected 0, 90, 180 or 270", rotation);
      return NULL;
    }
  if (*type == '\0')
    {
      fail (r, element, ORR_IO_ERROR_INVALID, error, "empty type in <block>");
      return NULL;
    }

  block = orr_block_new (id, type);
  note_id (r, element, block->id);
  block->geometry = geometry;
  block->rotation = (int)rotation;
  block->flip = flip;
  if (!read_library_ref (r, element, block, error))
    return NULL;
  collect_foreign_attrs (element, block);
  if (!sort_block_parts (r, element, block, &parts, error))
    return NULL;

  if (parts.label != NULL && !read_text (r, parts.label, &block->label, error))
    return NULL;
  if (!read_params (r, block, parts.params, error) || !read_ports (r, block, &parts, error))
    return NULL;
  if (parts.mask != NULL)
    {
      block->mask = read_mask (r, parts.mask, error);
      if (block->mask == NULL)
        return NULL;
    }
  /* A <diagram> makes a block a super block whatever its type says, so
   * that a file edited by hand loses nothing. */
  if (parts.diagram != NULL && block->child == NULL)
    {
      block->child = orr_diagram_new ();
      block->child->owner = block;
    }
  if (block->child != NULL && r->depth + 1 > ORR_MAX_NESTING)
    {
      fail (r, element, ORR_IO_ERROR_INVALID, error,
            "super block \"%s\" is nested %u levels deep; the limit is %d", block->id, r->depth + 1,
            ORR_MAX_NESTING);
      return NULL;
    }
  if (parts.diagram != NULL)
    {
      gboolean ok;

      r->depth++;
      ok = read_diagram (r, parts.diagram, block->child, FALSE, NULL, error);
      r->depth--;
      if (!ok)
        return NULL;
    }
  return g_steal_pointer (&block);
}

static const char *
port_noun (OrrPortKind kind, guint count)
{
  static const char *const nouns[ORR_N_PORT_KINDS][2] = {
    [ORR_PORT_IN] = { "input", "inputs" },
    [ORR_PORT_OUT] = { "output", "outputs" },
    [ORR_PORT_EVENT_IN] = { "event input", "event inputs" },
    [ORR_PORT_EVENT_OUT] = { "event output", "event outputs" },
  };

  return nouns[kind][count == 1 ? 0 : 1];
}

/* Checks one end of a link against the blocks of its diagram. */
static gboolean
check_end (Reader *r, xmlNode *element, const char *link_id, OrrLinkKind link_kind,
           GHashTable *siblings, const OrrEndpoint *end, gboolean is_from, OrrBlock **found,
           GError **error)
{
  const char *verb = is_from ? "starts at" : "ends at";
  OrrBlock *block = g_hash_table_lookup (siblings, end->block);
  OrrPortKind other_kind;
  guint count;

  *found = block;
  if (block == NULL)
    return fail (r, element, ORR_IO_ERROR_INVALID, error, "link \"%s\" %s block \"%s\", %s",
                 link_id, verb, end->block,
                 g_hash_table_contains (r->ids, end->block) ? "which is not in the same diagram"
                                                            : "which does not exist");
  count = orr_block_get_port_count (block, end->kind);
  if (end->port <= count)
    return TRUE;

  other_kind = link_kind == ORR_LINK_REGULAR ? (is_from ? ORR_PORT_EVENT_OUT : ORR_PORT_EVENT_IN)
                                             : (is_from ? ORR_PORT_OUT : ORR_PORT_IN);
  if (count == 0)
    return fail (r, element, ORR_IO_ERROR_INVALID, error,
                 "%s link \"%s\" %s %s %u of block \"%s\", but the block has no %s%s",
                 orr_io_link_kind_name (link_kind), link_id, verb, port_noun (end->kind, 1),
                 end->port, end->block, port_noun (end->kind, 0),
                 end->port <= orr_block_get_port_count (block, other_kind)
                   ? "; the link's kind does not match its ports"
                   : "");
  return fail (r, element, ORR_IO_ERROR_INVALID, error,
               "link \"%s\" %s %s %u of block \"%s\", but the block has only %u %s", link_id, verb,
               port_noun (end->kind, 1), end->port, end->block, count,
               port_noun (end->kind, count));
}

/* Builds a detached link after checking its ends against the blocks of its
 * diagram (siblings) and the regular inputs already driven (driven: the
 * input's OrrPort -> the id of the link that drives it). */
static OrrLink *
read_link (Reader *r, xmlNode *element, GHashTable *siblings, GHashTable *driven, GError **error)
{
  g_autofree char *id_owned = NULL;
  g_autofree char *kind_owned = NULL;
  g_autofree char *from_owned = NULL;
  g_autofree char *to_owned = NULL;
  const char *id, *kind_text, *from_block, *to_block;
  g_autoptr (GArray) points = NULL;
  OrrBlock *from_found, *to_found;
  OrrPort *input = NULL;
  OrrLink *link;
  OrrLinkKind kind;
  OrrEndpoint from = { 0 };
  OrrEndpoint to = { 0 };
  gpointer first;

  if (!need_attr (r, element, "id", &id, &id_owned, error) || !claim_id (r, element, id, error)
      || !need_attr (r, element, "kind", &kind_text, &kind_owned, error))
    return NULL;
  if (!orr_io_link_kind_parse (kind_text, &kind))
    {
      fail (r, element, ORR_IO_ERROR_INVALID, error,
            "unknown link kind \"%s\"; expected \"regular\" or \"activation\"", kind_text);
      return NULL;
    }
  if (!need_attr (r, element, "from", &from_block, &from_owned, error)
      || !read_uint (r, element, "from-port", TRUE, 1, MAX_PORTS, &from.port, error)
      || !need_attr (r, element, "to", &to_block, &to_owned, error)
      || !read_uint (r, element, "to-port", TRUE, 1, MAX_PORTS, &to.port, error))
    return NULL;
  /* orr_link_new copies the ends' block ids */
  from.block = (char *)from_block;
  from.kind = kind == ORR_LINK_REGULAR ? ORR_PORT_OUT : ORR_PORT_EVENT_OUT;
  to.block = (char *)to_block;
  to.kind = kind == ORR_LINK_REGULAR ? ORR_PORT_IN : ORR_PORT_EVENT_IN;
  if (!check_end (r, element, id, kind, siblings, &from, TRUE, &from_found, error)
      || !check_end (r, element, id, kind, siblings, &to, FALSE, &to_found, error))
    return NULL;

  /* A regular input has a single driver; activation inputs may have many. */
  if (kind == ORR_LINK_REGULAR)
    {
      input = g_ptr_array_index (to_found->ports[ORR_PORT_IN], to.port - 1);
      if (g_hash_table_lookup_extended (driven, input, NULL, &first))
        {
          fail (r, element, ORR_IO_ERROR_INVALID, error,
                "link \"%s\" ends at input %u of block \"%s\", which link \"%s\" already drives",
                id, to.port, to_block, (const char *)first);
          return NULL;
        }
    }

  for (xmlNode *c = element->children; c != NULL; c = c->next)
    {
      OrrPoint p = { 0 };

      if (c->type != XML_ELEMENT_NODE)
        {
          if (!check_not_content (r, c, element, error))
            return NULL;
          continue;
        }
      if (!is_element (c, "point"))
        continue;
      if (!read_double (r, c, "x", TRUE, TRUE, &p.x, error)
          || !read_double (r, c, "y", TRUE, TRUE, &p.y, error))
        return NULL;
      if (points == NULL)
        points = g_array_new (FALSE, FALSE, sizeof (OrrPoint));
      g_array_append_val (points, p);
    }

  link = orr_link_new (id, kind, &from, &to);
  note_id (r, element, link->id);
  if (points != NULL)
    g_array_append_vals (link->points, points->data, points->len);
  if (input != NULL)
    g_hash_table_insert (driven, input, link->id);
  return link;
}

/* A <diagram> being read child by child: from a whole tree, or from the
 * streaming reader, which hands over one top-level child at a time. */
typedef struct
{
  OrrDiagram *diagram;
  gboolean fragment_root;
  GPtrArray *new_blocks;
  GHashTable *siblings; /* id -> OrrBlock of this diagram */
  GHashTable *driven;   /* OrrPort* of an input -> id of the link driving it */
  GPtrArray *links;     /* of xmlNode*, read once every block is known */
  char *context;
  long context_line;
} DiagramReading;

static void
diagram_reading_init (DiagramReading *d, OrrDiagram *diagram, gboolean fragment_root,
                      GPtrArray *new_blocks)
{
  *d = (DiagramReading){ .diagram = diagram,
                         .fragment_root = fragment_root,
                         .new_blocks = new_blocks };
  d->siblings = g_hash_table_new (g_str_hash, g_str_equal);
  d->driven = g_hash_table_new (NULL, NULL);
  d->links = g_ptr_array_new ();
}

static void
diagram_reading_clear (DiagramReading *d)
{
  g_clear_pointer (&d->siblings, g_hash_table_unref);
  g_clear_pointer (&d->driven, g_hash_table_unref);
  g_clear_pointer (&d->links, g_ptr_array_unref);
  g_clear_pointer (&d->context, g_free);
}

/* One child of the <diagram> element. Link elements are kept (the caller
 * keeps them alive) and read by diagram_reading_finish. */
static gboolean
diagram_reading_take (Reader *r, DiagramReading *d, xmlNode *element, xmlNode *c, GError **error)
{
  gboolean in_model = d->diagram->model != NULL;

  if (c->type != XML_ELEMENT_NODE)
    return check_not_content (r, c, element, error);
  if (is_element (c, "block"))
    {
      g_autoptr (OrrBlock) block = read_block (r, c, error);
      g_autoptr (GError) local_error = NULL;

      if (block == NULL)
        return FALSE;
      g_hash_table_insert (d->siblings, block->id, block);
      if (d->new_blocks != NULL)
        g_ptr_array_add (d->new_blocks, orr_block_ref (block));
      if (!in_model)
        orr_diagram_append_block (d->diagram, g_steal_pointer (&block));
      else if (!orr_model_insert_block (r->model, d->diagram, block, &local_error))
        return fail_with (r, c, local_error, error);
    }
  else if (is_element (c, "link"))
    g_ptr_array_add (d->links, c);
  else if (d->fragment_root)
    return TRUE; /* a fragment brings blocks and links, nothing else */
  else if (is_element (c, "context"))
    {
      if (d->context != NULL)
        return fail (r, c, ORR_IO_ERROR_INVALID, error,
                     "second <context> in <diagram> (the first is on line %ld)", d->context_line);
      d->context_line = line_of (c);
      if (!read_text (r, c, &d->context, error))
        return FALSE;
    }
  else
    g_ptr_array_add (d->diagram->foreign, dump_node (c));
  return TRUE;
}

/* Reads the <link> element and adds the link to the diagram. */
static gboolean
diagram_reading_add_link (Reader *r, DiagramReading *d, xmlNode *element, GError **error)
{
  g_autoptr (OrrLink) link = read_link (r, element, d->siblings, d->driven, error);
  g_autoptr (GError) local_error = NULL;

  if (link == NULL)
    return FALSE;
  if (d->diagram->model == NULL)
    orr_diagram_append_link (d->diagram, g_steal_pointer (&link));
  else if (!orr_model_insert_link (r->model, d->diagram, link, &local_error))
    return fail_with (r, element, local_error, error);
  return TRUE;
}

/* Whether both blocks the <link> element names were read already. */
static gboolean
link_ends_known (xmlNode *element, GHashTable *siblings)
{
  g_autofree char *from_owned = NULL;
  g_autofree char *to_owned = NULL;
  const char *from = orr_io_peek_attr (element, "from", &from_owned);
  const char *to = orr_io_peek_attr (element, "to", &to_owned);

  return from != NULL && to != NULL && g_hash_table_contains (siblings, from)
         && g_hash_table_contains (siblings, to);
}

static gboolean
diagram_reading_finish (Reader *r, DiagramReading *d, GError **error)
{
  gboolean in_model = d->diagram->model != NULL;

  if (d->context != NULL)
    {
      if (in_model)
        orr_model_set_context (r->model, d->diagram, d->context);
      else
        {
          g_free (d->diagram->context);
          d->diagram->context = g_steal_pointer (&d->context);
        }
    }

  for (guint i = 0; i < d->links->len; i++)
    if (!diagram_reading_add_link (r, d, g_ptr_array_index (d->links, i), error))
      return FALSE;
  return TRUE;
}

/* Reads a <diagram> (or a fragment's root) into diagram: its blocks first,
 * then its links, whose ends must be among those blocks. A diagram that
 * belongs to the model is changed through its edit functions; the child
 * diagram of a block being built is filled in directly. */
static gboolean
read_diagram (Reader *r, xmlNode *element, OrrDiagram *diagram, gboolean fragment_root,
              GPtrArray *new_blocks, GError **error)
{
  DiagramReading d;
  gboolean ok = TRUE;

  diagram_reading_init (&d, diagram, fragment_root, new_blocks);
  for (xmlNode *c = element->children; c != NULL && ok; c = c->next)
    ok = diagram_reading_take (r, &d, element, c, error);
  ok = ok && diagram_reading_finish (r, &d, error);
  diagram_reading_clear (&d);
  return ok;
}

static gboolean
read_settings (Reader *r, xmlNode *element, GError **error)
{
  OrrSettings settings;
  g_autofree char *solver = orr_io_get_attr (element, "solver");
  g_autofree char *unconnected = orr_io_get_attr (element, "unconnected-ports");
  gboolean ok;

  orr_settings_init_default (&settings);
  ok = read_double (r, element, "start", FALSE, FALSE, &settings.start_time, error)
       && read_double (r, element, "final", FALSE, FALSE, &settings.final_time, error)
       && read_double (r, element, "rtol", FALSE, FALSE, &settings.rtol, error)
       && read_double (r, element, "atol", FALSE, FALSE, &settings.atol, error)
       && read_double (r, element, "max-step", FALSE, FALSE, &settings.max_step, error)
       && read_double (r, element, "initial-step", FALSE, FALSE, &settings.initial_step, error)
       && read_double (r, element, "zc-tolerance", FALSE, FALSE, &settings.zc_tolerance, error)
       && read_double (r, element, "realtime", FALSE, FALSE, &settings.realtime_factor, error)
       && read_bool (r, element, "solve-loops", &settings.solve_loops, error)
       && read_uint (r, element, "refine", FALSE, 1, ORR_MAX_REFINE, &settings.refine, error);
  if (ok && unconnected != NULL)
    {
      if (g_strcmp0 (unconnected, "error") == 0)
        settings.unconnected_errors = TRUE;
      else if (g_strcmp0 (unconnected, "warning") != 0)
        {
          ok = fail (r, element, ORR_IO_ERROR_INVALID, error,
                     "<settings> attribute 'unconnected-ports' must be 'warning' or 'error', "
                     "not '%s'",
                     unconnected);
        }
    }
  if (ok)
    {
      g_autoptr (GError) check_error = NULL;

      if (solver != NULL)
        {
          g_free (settings.solver);
          settings.solver = g_steal_pointer (&solver);
        }
      ok = orr_settings_check (&settings, &check_error);
      if (!ok)
        fail (r, element, ORR_IO_ERROR_INVALID, error, "%s", check_error->message);
      else
        orr_model_set_settings (r->model, &settings);
    }
  orr_settings_clear (&settings);
  return ok;
}

static gboolean
check_version (const char *name, xmlNode *root, GError **error)
{
  g_autofree char *version = orr_io_get_attr (root, "version");
  g_auto (GStrv) parts = NULL;
  guint64 major = 0;

  if (version == NULL)
    {
      g_set_error (error, ORR_IO_ERROR, ORR_IO_ERROR_VERSION,
                   "%s:%ld: missing attribute \"version\" in <%s>; expected version=\"%s\"", name,
                   line_of (root), node_name (root), ORR_FILE_FORMAT_VERSION);
      return FALSE;
    }
  parts = g_strsplit (version, ".", 2);
  if (g_strv_length (parts) != 2
      || !g_ascii_string_to_unsigned (parts[0], 10, 0, G_MAXUINT, &major, NULL)
      || !g_ascii_string_to_unsigned (parts[1], 10, 0, G_MAXUINT, NULL, NULL))
    {
      g_set_error (error, ORR_IO_ERROR, ORR_IO_ERROR_VERSION,
                   "%s:%ld: version \"%s\" is not a format version; expected \"%s\"", name,
                   line_of (root), version, ORR_FILE_FORMAT_VERSION);
      return FALSE;
    }
  /* Minor versions only add what older readers may keep as foreign
   * content; a new major version means they cannot read it safely. */
  if (major != 1)
    {
      g_set_error (error, ORR_IO_ERROR, ORR_IO_ERROR_VERSION,
                   major > 1 ? "%s:%ld: written by a newer Orrery (format %s); this build reads "
                               "format 1.x"
                             : "%s:%ld: format %s is not supported; this build reads format 1.x",
                   name, line_of (root), version);
      return FALSE;
    }
  return TRUE;
}

xmlDoc *
orr_io_parse_document (const char *data, gsize length, const char *name, const char *root_name,
                       GError **error)
{
  g_autoptr (xmlDoc) doc = NULL;
  g_autofree char *message = NULL;
  xmlNode *root;
  int line = 1;
  gsize i;

  for (i = 0; i < length && g_ascii_isspace (data[i]); i++)
    ;
  if (i == length)
    {
      g_set_error (error, ORR_IO_ERROR, ORR_IO_ERROR_SYNTAX,
                   "%s:1: the file is empty; expected an <%s> document", name, root_name);
      return NULL;
    }
  doc = orr_xml_read_memory (data, length, &message, &line);
  if (doc == NULL)
    {
      g_set_error (error, ORR_IO_ERROR, ORR_IO_ERROR_SYNTAX, "%s:%d: %s", name, line, message);
      return NULL;
    }

  root = xmlDocGetRootElement (doc);
  if (root == NULL)
    {
      g_set_error (error, ORR_IO_ERROR, ORR_IO_ERROR_SYNTAX,
                   "%s:1: no root element; expected an <%s> document", name, root_name);
      return NULL;
    }
  if (root->ns != NULL || strcmp (node_name (root), root_name) != 0)
    {
      g_set_error (error, ORR_IO_ERROR, ORR_IO_ERROR_INVALID,
                   "%s:%ld: the root element is <%s>; expected <%s>", name, line_of (root),
                   node_name (root), root_name);
      return NULL;
    }
  if (!check_version (name, root, error))
    return NULL;
  return g_steal_pointer (&doc);
}

/* ---- streaming: a model file without its whole tree ------------------------ */

typedef struct
{
  char *message;
  int line;
} StreamError;

static void
on_stream_error (void *data, xmlError *e)
{
  StreamError *se = data;

  if (se->message == NULL && e != NULL && e->level >= XML_ERR_ERROR)
    {
      g_autofree char *text = g_strdup (e->message != NULL ? e->message : "unknown error");

      se->message = g_strdup (g_strstrip (text));
      se->line = e->line > 0 ? e->line : 1;
    }
}

static gboolean
stream_syntax_error (const char *name, StreamError *se, xmlTextReader *reader, GError **error)
{
  if (se->message != NULL)
    g_set_error (error, ORR_IO_ERROR, ORR_IO_ERROR_SYNTAX, "%s:%d: not well-formed XML: %s", name,
                 se->line, se->message);
  else
    g_set_error (error, ORR_IO_ERROR, ORR_IO_ERROR_SYNTAX,
                 "%s:%d: not well-formed XML: the document ends too early", name,
                 MAX (xmlTextReaderGetParserLineNumber (reader), 1));
  return FALSE;
}

/* Reads the children of the element the reader is on, one subtree at a
 * time: each is expanded, handed to take, then skipped, so that libxml2
 * frees it before the next one is built. Leaves the reader after the
 * element's end. */
typedef gboolean (*StreamTake) (Reader *r, xmlNode *parent, xmlNode *child, gpointer data,
                                GError **error);

static int
stream_children (xmlTextReader *reader, Reader *r, StreamTake take, gpointer data, gboolean *failed,
                 GError **error)
{
  xmlNode *parent = xmlTextReaderCurrentNode (reader);
  int depth = xmlTextReaderDepth (reader);
  int ret;

  if (xmlTextReaderIsEmptyElement (reader))
    return xmlTextReaderRead (reader);
  ret = xmlTextReaderRead (reader);
  while (ret == 1 && xmlTextReaderDepth (reader) > depth)
    {
      xmlNode *child = xmlTextReaderExpand (reader);

      if (child == NULL)
        return -1;
      if (!take (r, parent, child, data, error))
        {
          *failed = TRUE;
          return 0;
        }
      ret = xmlTextReaderNext (reader);
    }
  if (ret == 1 && xmlTextReaderNodeType (reader) == XML_READER_TYPE_END_ELEMENT)
    ret = xmlTextReaderRead (reader);
  return ret;
}

typedef struct
{
  DiagramReading d;
  xmlDoc *kept; /* copies of the link elements, read at the end */
} StreamDiagram;

static gboolean
take_diagram_child (Reader *r, xmlNode *parent, xmlNode *child, gpointer data, GError **error)
{
  StreamDiagram *sd = data;

  /* A link whose blocks are already known (every link of a file written
   * by Orrery, which puts the blocks first) is read at once. The others
   * are read once all blocks are known, after the reader has freed their
   * elements: they are kept as copies, with their lines, and so is every
   * link after the first one kept, so that links keep the file's order. */
  if (child->type == XML_ELEMENT_NODE && is_element (child, "link") && sd->d.links->len == 0
      && link_ends_known (child, sd->d.siblings))
    return diagram_reading_add_link (r, &sd->d, child, error);
  if (child->type == XML_ELEMENT_NODE && is_element (child, "link"))
    {
      xmlNode *copy = xmlDocCopyNode (child, sd->kept, 1);

      if (copy == NULL)
        return fail (r, child, ORR_IO_ERROR_READ, error, "out of memory");
      copy->line = child->line;
      xmlAddChild (xmlDocGetRootElement (sd->kept), copy);
      g_ptr_array_add (sd->d.links, copy);
      return TRUE;
    }
  return diagram_reading_take (r, &sd->d, parent, child, error);
}

typedef struct
{
  xmlTextReader *reader;
  long settings_line;
  long diagram_line;
  xmlNode *settings;
} StreamRoot;

static gboolean
stream_load (Reader *r, const char *data, gsize length, GError **error)
{
  const int options
    = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_BIG_LINES;
  StreamError se = { 0 };
  xmlTextReader *reader;
  xmlNode *root;
  gboolean failed = FALSE;
  gboolean have_diagram = FALSE;
  long settings_line = 0, diagram_line = 0;
  OrrDiagram *root_diagram = NULL;
  int ret;

  if (length > G_MAXINT)
    {
      g_set_error (error, ORR_IO_ERROR, ORR_IO_ERROR_READ, "%s: the file is too large", r->name);
      return FALSE;
    }
  {
    int line = 1;

    if (!orr_xml_prolog_is_safe (data, length, &line))
      {
        g_set_error (error, ORR_IO_ERROR, ORR_IO_ERROR_SYNTAX,
                     "%s:%d: a document type declaration (<!DOCTYPE ...>) is not allowed here, "
                     "and the file must be UTF-8; the format needs no DTD, and its entities could "
                     "expand without bound",
                     r->name, line);
        return FALSE;
      }
  }
  reader = xmlReaderForMemory (data, (int)length, NULL, NULL, options);
  if (reader == NULL)
    {
      g_set_error (error, ORR_IO_ERROR, ORR_IO_ERROR_READ, "%s: out of memory", r->name);
      return FALSE;
    }
  xmlTextReaderSetStructuredErrorHandler (reader, on_stream_error, &se);

  /* to the root element; a DTD is refused before its entities are used */
  while ((ret = xmlTextReaderRead (reader)) == 1)
    {
      int type = xmlTextReaderNodeType (reader);

      if (type == XML_READER_TYPE_DOCUMENT_TYPE)
        {
          g_set_error (error, ORR_IO_ERROR, ORR_IO_ERROR_SYNTAX,
                       "%s:%d: a document type declaration (<!DOCTYPE ...>) is not allowed here; "
                       "the format needs none, and its entities could expand without bound",
                       r->name, MAX (xmlTextReaderGetParserLineNumber (reader), 1));
          goto out;
        }
      if (type == XML_READER_TYPE_ELEMENT)
        break;
    }
  if (ret != 1)
    {
      stream_syntax_error (r->name, &se, reader, error);
      goto out;
    }
  root = xmlTextReaderCurrentNode (reader);
  if (root->ns != NULL || strcmp (node_name (root), ORR_FILE_ROOT) != 0)
    {
      g_set_error (error, ORR_IO_ERROR, ORR_IO_ERROR_INVALID,
                   "%s:%ld: the root element is <%s>; expected <%s>", r->name, line_of (root),
                   node_name (root), ORR_FILE_ROOT);
      goto out;
    }
  if (!check_version (r->name, root, error))
    goto out;

  if (xmlTextReaderIsEmptyElement (reader))
    ret = xmlTextReaderRead (reader);
  else
    {
      int depth = xmlTextReaderDepth (reader);

      ret = xmlTextReaderRead (reader);
      while (ret == 1 && xmlTextReaderDepth (reader) > depth)
        {
          int type = xmlTextReaderNodeType (reader);
          xmlNode *node = xmlTextReaderCurrentNode (reader);

          if (type == XML_READER_TYPE_ELEMENT && is_element (node, "diagram"))
            {
              StreamDiagram sd;

              if (have_diagram)
                {
                  fail (r, node, ORR_IO_ERROR_INVALID, error,
                        "second <diagram> in <%s> (the first is on line %ld)", ORR_FILE_ROOT,
                        diagram_line);
                  goto out;
                }
              have_diagram = TRUE;
              diagram_line = line_of (node);
              /* built detached, as super blocks' diagrams are, and given
               * to the model at the end: the reader has checked all that
               * inserting each block and link through the model's edits
               * would check, and those would keep an undo record of each */
              root_diagram = orr_diagram_new ();
              diagram_reading_init (&sd.d, root_diagram, FALSE, NULL);
              sd.kept = xmlNewDoc ((const xmlChar *)"1.0");
              xmlDocSetRootElement (sd.kept,
                                    xmlNewDocNode (sd.kept, NULL, (const xmlChar *)"kept", NULL));
              ret = stream_children (reader, r, take_diagram_child, &sd, &failed, error);
              if (!failed && ret >= 0)
                failed = !diagram_reading_finish (r, &sd.d, error);
              diagram_reading_clear (&sd.d);
              xmlFreeDoc (sd.kept);
              if (!failed && ret >= 0)
                {
                  g_autoptr (GError) take_error = NULL;

                  if (!orr_model_take_root (r->model, g_steal_pointer (&root_diagram), &take_error))
                    {
                      g_set_error (error, ORR_IO_ERROR, ORR_IO_ERROR_INVALID, "%s:%ld: %s", r->name,
                                   diagram_line, take_error->message);
                      failed = TRUE;
                    }
                }
              g_clear_pointer (&root_diagram, orr_diagram_free);
              if (failed)
                goto out;
              continue;
            }

          node = xmlTextReaderExpand (reader);
          if (node == NULL)
            {
              ret = -1;
              break;
            }
          if (node->type != XML_ELEMENT_NODE)
            {
              if (!check_not_content (r, node, root, error))
                goto out;
            }
          else if (is_element (node, "settings"))
            {
              if (settings_line != 0)
                {
                  fail (r, node, ORR_IO_ERROR_INVALID, error,
                        "second <settings> (the first is on line %ld)", settings_line);
                  goto out;
                }
              settings_line = line_of (node);
              if (!read_settings (r, node, error))
                goto out;
            }
          else if (orr_model_get_foreign (r->model) != NULL)
            g_ptr_array_add (orr_model_get_foreign (r->model), dump_node (node));
          ret = xmlTextReaderNext (reader);
        }
    }
  /* the rest of the document must be well-formed too */
  while (ret == 1)
    ret = xmlTextReaderRead (reader);
  if (ret < 0)
    {
      stream_syntax_error (r->name, &se, reader, error);
      goto out;
    }
  if (!have_diagram)
    {
      g_set_error (error, ORR_IO_ERROR, ORR_IO_ERROR_INVALID,
                   "%s:%ld: expected a <diagram> in <%s>", r->name, line_of (root), ORR_FILE_ROOT);
      goto out;
    }
  xmlFreeTextReader (reader);
  g_free (se.message);
  return TRUE;

out:
  xmlFreeTextReader (reader);
  g_free (se.message);
  return FALSE;
}

OrrModel *
orr_model_load_data (const char *data, gsize length, const char *display_name, GError **error)
{
  g_autoptr (OrrModel) model = NULL;
  g_autoptr (GHashTable) ids = NULL;
  const char *name = display_name != NULL ? display_name : "(data)";
  Reader r;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  {
    gsize i;

    for (i = 0; i < length && g_ascii_isspace (data[i]); i++)
      ;
    if (i == length)
      {
        g_set_error (error, ORR_IO_ERROR, ORR_IO_ERROR_SYNTAX,
                     "%s:1: the file is empty; expected an <%s> document", name, ORR_FILE_ROOT);
        return NULL;
      }
  }

  /* Streamed: one top-level block at a time is a tree, never the file. */
  model = orr_model_new ();
  ids = g_hash_table_new (g_str_hash, g_str_equal);
  r = (Reader){ .model = model, .name = name, .ids = ids };
  /* one transaction for the whole file, not one per block and link: the
   * history is cleared below, and a hundred thousand small transactions
   * were a fifth of the memory a large model took to load */
  orr_model_begin (model, "Open");
  if (!stream_load (&r, data, length, error))
    {
      orr_model_commit (model);
      return NULL;
    }
  orr_model_commit (model);

  orr_model_clear_history (model);
  orr_model_set_saved (model);
  return g_steal_pointer (&model);
}

OrrModel *
orr_model_load_file (const char *path, GError **error)
{
  g_autofree char *display = NULL;
  g_autofree char *contents = NULL;
  g_autoptr (GError) local_error = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  display = g_filename_display_name (path);
  if (!orr_read_input_file (path, ORR_MAX_MODEL_FILE_BYTES, &contents, &length, &local_error))
    {
      g_set_error_literal (error, ORR_IO_ERROR, ORR_IO_ERROR_READ, local_error->message);
      return NULL;
    }
  return orr_model_load_data (contents, length, display, error);
}

gboolean
orr_io_read_fragment (OrrModel *model, OrrDiagram *diagram, xmlNode *root, const char *name,
                      GPtrArray *new_blocks, GError **error)
{
  g_autoptr (GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  Reader r = { .model = model, .name = name, .ids = ids, .depth = orr_diagram_get_depth (diagram) };

  return read_diagram (&r, root, diagram, TRUE, new_blocks, error);
}

OrrBlock *
orr_block_load_data (const char *data, gsize length, const char *display_name, GError **error)
{
  g_autoptr (xmlDoc) doc = NULL;
  g_autoptr (GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  const char *name = display_name != NULL ? display_name : "(data)";
  Reader r = { .model = NULL, .name = name, .ids = ids };
  xmlNode *root;
  xmlNode *element = NULL;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  doc = orr_io_parse_document (data, length, name, ORR_BLOCK_FILE_ROOT, error);
  if (doc == NULL)
    return NULL;
  root = xmlDocGetRootElement (doc);
  for (xmlNode *c = root->children; c != NULL; c = c->next)
    {
      if (c->type != XML_ELEMENT_NODE)
        {
          if (!check_not_content (&r, c, root, error))
            return NULL;
        }
      else if (is_element (c, "block"))
        {
          if (element != NULL)
            {
              fail (&r, c, ORR_IO_ERROR_INVALID, error,
                    "second <block> in <%s> (the first is on line %ld); a block file holds one",
                    ORR_BLOCK_FILE_ROOT, line_of (element));
              return NULL;
            }
          element = c;
        }
      /* anything else is left for newer versions to define */
    }
  if (element == NULL)
    {
      fail (&r, root, ORR_IO_ERROR_INVALID, error, "expected a <block> in <%s>",
            ORR_BLOCK_FILE_ROOT);
      return NULL;
    }
  /* The block and everything inside it are built detached, so no model is
   * needed. */
  return read_block (&r, element, error);
}
