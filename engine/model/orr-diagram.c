/* orr-diagram.c: a diagram's container operations: creation, lookup and
 * traversal. Diagrams own their blocks and links through references. */
#include "orr-model-private.h"

#include <string.h>

OrrDiagram *
orr_diagram_new (void)
{
  OrrDiagram *diagram = g_new0 (OrrDiagram, 1);
  diagram->context = g_strdup ("");
  diagram->blocks = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_block_unref);
  diagram->links = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_link_unref);
  diagram->foreign = g_ptr_array_new_with_free_func (g_free);
  return diagram;
}

void
orr_diagram_free (OrrDiagram *diagram)
{
  if (diagram == NULL)
    return;
  /* Blocks may outlive the diagram (the undo history holds them): cut
   * their way back to it first. */
  for (guint i = 0; i < diagram->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (diagram->blocks, i);
      if (b->parent == diagram)
        b->parent = NULL;
    }
  for (guint i = 0; i < diagram->links->len; i++)
    {
      OrrLink *l = g_ptr_array_index (diagram->links, i);
      if (l->parent == diagram)
        l->parent = NULL;
    }
  g_ptr_array_unref (diagram->blocks);
  g_ptr_array_unref (diagram->links);
  g_ptr_array_unref (diagram->foreign);
  g_free (diagram->context);
  g_free (diagram);
}

OrrBlock *
orr_diagram_find_block (OrrDiagram *diagram, const char *id)
{
  for (guint i = 0; i < diagram->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (diagram->blocks, i);
      if (strcmp (b->id, id) == 0)
        return b;
    }
  return NULL;
}

OrrLink *
orr_diagram_find_link (OrrDiagram *diagram, const char *id)
{
  for (guint i = 0; i < diagram->links->len; i++)
    {
      OrrLink *l = g_ptr_array_index (diagram->links, i);
      if (strcmp (l->id, id) == 0)
        return l;
    }
  return NULL;
}

/* One pass over the blocks: with n blocks, one of the numbers 1 .. n + 1
 * is free, so only labels "stem<k>" with k in that range can matter;
 * those are marked, and the first unmarked number is the answer. The
 * number is read as the label writes it (no sign, no leading zero), so
 * "Gain01" does not take "Gain1". */
char *
orr_diagram_new_label (OrrDiagram *diagram, const char *stem)
{
  gsize stem_len, limit;
  g_autofree gboolean *taken = NULL;
  gsize n;

  g_return_val_if_fail (diagram != NULL && stem != NULL, NULL);

  stem_len = strlen (stem);
  limit = (gsize)diagram->blocks->len + 1;
  taken = g_new0 (gboolean, limit + 1);
  for (guint i = 0; i < diagram->blocks->len; i++)
    {
      const char *label = ((OrrBlock *)g_ptr_array_index (diagram->blocks, i))->label;
      const char *digits;
      gsize value = 0;

      if (label == NULL || strncmp (label, stem, stem_len) != 0)
        continue;
      digits = label + stem_len;
      if (*digits < '1' || *digits > '9')
        continue;
      for (; g_ascii_isdigit (*digits) && value <= limit; digits++)
        value = value * 10 + (gsize)(*digits - '0');
      if (*digits == '\0' && value <= limit)
        taken[value] = TRUE;
    }
  for (n = 1; taken[n]; n++)
    ;
  return g_strdup_printf ("%s%" G_GSIZE_FORMAT, stem, n);
}

void
orr_diagram_foreach_block (OrrDiagram *diagram, void (*func) (OrrBlock *, gpointer), gpointer data)
{
  for (guint i = 0; i < diagram->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (diagram->blocks, i);
      func (b, data);
      if (b->child != NULL)
        orr_diagram_foreach_block (b->child, func, data);
    }
}

void
orr_diagram_append_block (OrrDiagram *detached, OrrBlock *block)
{
  g_return_if_fail (detached->model == NULL);
  g_return_if_fail (block->parent == NULL);
  block->parent = detached;
  g_ptr_array_add (detached->blocks, block);
}

void
orr_diagram_append_link (OrrDiagram *detached, OrrLink *link)
{
  g_return_if_fail (detached->model == NULL);
  link->parent = detached;
  g_ptr_array_add (detached->links, link);
}

guint
orr_diagram_get_depth (const OrrDiagram *diagram)
{
  guint depth = 0;

  g_return_val_if_fail (diagram != NULL, 0);
  for (const OrrDiagram *d = diagram; d != NULL && d->owner != NULL; d = d->owner->parent)
    depth++;
  return depth;
}

guint
orr_block_get_nesting (const OrrBlock *block)
{
  guint deepest = 0;

  g_return_val_if_fail (block != NULL, 0);
  if (block->child == NULL)
    return 0;
  for (guint i = 0; i < block->child->blocks->len; i++)
    {
      guint below = orr_block_get_nesting (g_ptr_array_index (block->child->blocks, i));

      deepest = MAX (deepest, below);
    }
  return deepest + 1;
}
