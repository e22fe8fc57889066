/* orr-fragment.c: clipboard fragments, for copy and paste of blocks.
 *
 * A fragment is a small document in the model file's own vocabulary: the
 * copied blocks with everything inside them, and the links that join them.
 * Pasting renames everything in the parsed tree to fresh ids, shifts it,
 * and then reads it with the file reader inside one transaction, so that
 * pasted content is checked exactly like a loaded file and one undo removes
 * all of it.
 */
#include "orr-io-private.h"

#include <string.h>

/* How errors in pasted data name their source. */
#define FRAGMENT_NAME "clipboard"

char *
orr_fragment_serialize (OrrBlock *const *blocks, guint n_blocks, gsize *length)
{
  g_autoptr (GHashTable) chosen = g_hash_table_new (g_str_hash, g_str_equal);
  OrrDiagram *diagram;
  GString *out;

  g_return_val_if_fail (blocks != NULL || n_blocks == 0, NULL);

  out = g_string_sized_new (1024);
  orr_io_append_prologue (out);
  g_string_append (out, "<" ORR_FRAGMENT_ROOT);
  orr_io_append_attr (out, "version", ORR_FILE_FORMAT_VERSION);
  g_string_append (out, n_blocks > 0 ? ">\n" : "/>\n");

  for (guint i = 0; i < n_blocks; i++)
    {
      g_hash_table_add (chosen, blocks[i]->id);
      orr_io_write_block (out, blocks[i], 1);
    }
  /* The blocks come from one diagram; its links between them come along. */
  diagram = n_blocks > 0 ? blocks[0]->parent : NULL;
  for (guint i = 0; diagram != NULL && i < diagram->links->len; i++)
    {
      const OrrLink *link = g_ptr_array_index (diagram->links, i);

      if (g_hash_table_contains (chosen, link->from.block)
          && g_hash_table_contains (chosen, link->to.block))
        orr_io_write_link (out, link, 1);
    }
  if (n_blocks > 0)
    g_string_append (out, "</" ORR_FRAGMENT_ROOT ">\n");

  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}

static gboolean
is_element (xmlNode *node, const char *name)
{
  return node->type == XML_ELEMENT_NODE && node->ns == NULL
         && strcmp ((const char *)node->name, name) == 0;
}

/* Gives every block and link under element a fresh id, recording the
 * renaming so that link ends can follow. Only the format's own structure is
 * walked: foreign content is never touched. */
static void
rename_ids (OrrModel *model, xmlNode *element, GHashTable *renamed)
{
  for (xmlNode *c = element->children; c != NULL; c = c->next)
    {
      gboolean is_block = is_element (c, "block");
      g_autofree char *old_id = NULL;

      if (!is_block && !is_element (c, "link"))
        continue;
      old_id = orr_io_get_attr (c, "id");
      /* A repeated id keeps its first renaming, so that the reader still
       * reports it as a duplicate. */
      if (old_id != NULL && !g_hash_table_contains (renamed, old_id))
        g_hash_table_insert (renamed, g_strdup (old_id),
                             orr_model_new_id (model, is_block ? 'b' : 'l'));
      if (old_id != NULL)
        xmlSetProp (c, (const xmlChar *)"id", g_hash_table_lookup (renamed, old_id));
      if (is_block)
        for (xmlNode *d = c->children; d != NULL; d = d->next)
          if (is_element (d, "diagram"))
            rename_ids (model, d, renamed);
    }
}

/* Every link end must name a block of the fragment: one that is not renamed
 * could otherwise match a fresh id by chance. */
static gboolean
rename_end (xmlNode *link, const char *attr, GHashTable *renamed, GError **error)
{
  g_autofree char *old_id = orr_io_get_attr (link, attr);
  const char *new_id;

  if (old_id == NULL)
    return TRUE; /* the reader reports the missing attribute */
  new_id = g_hash_table_lookup (renamed, old_id);
  if (new_id == NULL)
    {
      g_autofree char *link_id = orr_io_get_attr (link, "id");

      g_set_error (error, ORR_IO_ERROR, ORR_IO_ERROR_INVALID,
                   "%s:%ld: link \"%s\" %s block \"%s\", which is not in the fragment",
                   FRAGMENT_NAME, xmlGetLineNo (link), link_id != NULL ? link_id : "",
                   strcmp (attr, "from") == 0 ? "starts at" : "ends at", old_id);
      return FALSE;
    }
  xmlSetProp (link, (const xmlChar *)attr, (const xmlChar *)new_id);
  return TRUE;
}

static gboolean
rename_link_ends (xmlNode *element, GHashTable *renamed, GError **error)
{
  for (xmlNode *c = element->children; c != NULL; c = c->next)
    {
      if (is_element (c, "link"))
        {
          if (!rename_end (c, "from", renamed, error) || !rename_end (c, "to", renamed, error))
            return FALSE;
        }
      else if (is_element (c, "block"))
        {
          for (xmlNode *d = c->children; d != NULL; d = d->next)
            if (is_element (d, "diagram") && !rename_link_ends (d, renamed, error))
              return FALSE;
        }
    }
  return TRUE;
}

static void
shift_attr (xmlNode *element, const char *attr, double delta)
{
  g_autofree char *text = orr_io_get_attr (element, attr);
  g_autofree char *shifted = NULL;
  double value;

  /* A bad number is left for the reader to report. */
  if (delta == 0 || text == NULL || !orr_io_parse_double (text, &value))
    return;
  shifted = orr_format_double (value + delta);
  xmlSetProp (element, (const xmlChar *)attr, (const xmlChar *)shifted);
}

/* Only the top level moves: what is inside super blocks keeps its place in
 * its own diagram. */
static void
shift (xmlNode *root, double dx, double dy)
{
  for (xmlNode *c = root->children; c != NULL; c = c->next)
    {
      if (is_element (c, "block"))
        {
          shift_attr (c, "x", dx);
          shift_attr (c, "y", dy);
        }
      else if (is_element (c, "link"))
        {
          for (xmlNode *p = c->children; p != NULL; p = p->next)
            if (is_element (p, "point"))
              {
                shift_attr (p, "x", dx);
                shift_attr (p, "y", dy);
              }
        }
    }
}

gboolean
orr_fragment_paste (OrrModel *model, OrrDiagram *diagram, const char *data, gsize length, double dx,
                    double dy, GPtrArray *new_blocks, GError **error)
{
  g_autoptr (xmlDoc) doc = NULL;
  g_autoptr (GHashTable) renamed = NULL;
  g_autoptr (GPtrArray) pasted = NULL;
  xmlNode *root;

  g_return_val_if_fail (ORR_IS_MODEL (model), FALSE);
  g_return_val_if_fail (diagram != NULL && diagram->model == model, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  doc = orr_io_parse_document (data, length, FRAGMENT_NAME, ORR_FRAGMENT_ROOT, error);
  if (doc == NULL)
    return FALSE;
  root = xmlDocGetRootElement (doc);

  renamed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  rename_ids (model, root, renamed);
  if (!rename_link_ends (root, renamed, error))
    return FALSE;
  shift (root, dx, dy);

  pasted = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_block_unref);
  orr_model_begin (model, "Paste");
  if (!orr_io_read_fragment (model, diagram, root, FRAGMENT_NAME, pasted, error))
    {
      orr_model_rollback (model);
      return FALSE;
    }
  orr_model_commit (model);

  /* The caller's array gets its own references. */
  for (guint i = 0; new_blocks != NULL && i < pasted->len; i++)
    g_ptr_array_add (new_blocks, orr_block_ref (g_ptr_array_index (pasted, i)));
  return TRUE;
}
