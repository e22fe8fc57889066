/* orr-block.c: the plain objects of a diagram (blocks, links, parameters,
 * ports, masks, settings): construction, deep copies and destruction.
 * Edits of objects that are part of a model live in orr-model.c. */
#include "orr-model-private.h"

#include <string.h>

static const char *const port_kind_names[ORR_N_PORT_KINDS] = {
  [ORR_PORT_IN] = "in",
  [ORR_PORT_OUT] = "out",
  [ORR_PORT_EVENT_IN] = "event-in",
  [ORR_PORT_EVENT_OUT] = "event-out",
};

const char *
orr_port_kind_to_string (OrrPortKind kind)
{
  g_return_val_if_fail (kind < ORR_N_PORT_KINDS, NULL);
  return port_kind_names[kind];
}

gboolean
orr_port_kind_from_string (const char *text, OrrPortKind *kind)
{
  for (guint k = 0; k < ORR_N_PORT_KINDS; k++)
    if (g_strcmp0 (text, port_kind_names[k]) == 0)
      {
        *kind = k;
        return TRUE;
      }
  return FALSE;
}

OrrParam *
orr_param_new (const char *name, const char *expr)
{
  OrrParam *param = g_new0 (OrrParam, 1);
  param->name = g_strdup (name);
  param->expr = g_strdup (expr ? expr : "");
  return param;
}

void
orr_param_free (OrrParam *param)
{
  if (param == NULL)
    return;
  g_free (param->name);
  g_free (param->expr);
  g_free (param);
}

OrrPort *
orr_port_new (const char *label)
{
  OrrPort *port = g_new0 (OrrPort, 1);
  port->label = g_strdup (label);
  return port;
}

void
orr_port_free (OrrPort *port)
{
  if (port == NULL)
    return;
  g_free (port->label);
  g_free (port);
}

static GPtrArray *
new_param_array (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify)orr_param_free);
}

static GPtrArray *
new_port_array (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify)orr_port_free);
}

OrrBlock *
orr_block_new (const char *id, const char *type)
{
  OrrBlock *block = g_new0 (OrrBlock, 1);

  g_atomic_ref_count_init (&block->ref_count);
  block->id = g_strdup (id);
  block->type = g_strdup (type);
  block->geometry = (OrrRect){ 0, 0, 40, 40 };
  block->params = new_param_array ();
  for (guint k = 0; k < ORR_N_PORT_KINDS; k++)
    block->ports[k] = new_port_array ();
  block->foreign = g_ptr_array_new_with_free_func (g_free);
  block->foreign_attrs = g_ptr_array_new_with_free_func (g_free);
  if (g_strcmp0 (type, ORR_SUPER_BLOCK_TYPE) == 0)
    {
      block->child = orr_diagram_new ();
      block->child->owner = block;
    }
  return block;
}

OrrBlock *
orr_block_ref (OrrBlock *block)
{
  g_atomic_ref_count_inc (&block->ref_count);
  return block;
}

void
orr_block_unref (OrrBlock *block)
{
  if (block == NULL || !g_atomic_ref_count_dec (&block->ref_count))
    return;
  g_free (block->id);
  g_free (block->type);
  g_free (block->label);
  g_ptr_array_unref (block->params);
  for (guint k = 0; k < ORR_N_PORT_KINDS; k++)
    g_ptr_array_unref (block->ports[k]);
  orr_diagram_free (block->child);
  orr_mask_free (block->mask);
  g_ptr_array_unref (block->foreign);
  g_ptr_array_unref (block->foreign_attrs);
  orr_library_ref_free (block->libref);
  g_free (block);
}

static GPtrArray *
copy_strings (GPtrArray *strings)
{
  GPtrArray *copy = g_ptr_array_new_full (strings->len, g_free);
  for (guint i = 0; i < strings->len; i++)
    g_ptr_array_add (copy, g_strdup (g_ptr_array_index (strings, i)));
  return copy;
}

GPtrArray *
orr_params_copy (GPtrArray *params)
{
  GPtrArray *copy = new_param_array ();
  for (guint i = 0; i < params->len; i++)
    {
      OrrParam *p = g_ptr_array_index (params, i);
      g_ptr_array_add (copy, orr_param_new (p->name, p->expr));
    }
  return copy;
}

GPtrArray *
orr_ports_copy (GPtrArray *ports)
{
  GPtrArray *copy = new_port_array ();
  for (guint i = 0; i < ports->len; i++)
    {
      OrrPort *p = g_ptr_array_index (ports, i);
      g_ptr_array_add (copy, orr_port_new (p->label));
    }
  return copy;
}

OrrBlock *
orr_block_copy (const OrrBlock *block)
{
  OrrBlock *copy = orr_block_new (block->id, block->type);

  copy->label = g_strdup (block->label);
  copy->geometry = block->geometry;
  copy->rotation = block->rotation;
  copy->flip = block->flip;
  g_ptr_array_unref (copy->params);
  copy->params = orr_params_copy (block->params);
  for (guint k = 0; k < ORR_N_PORT_KINDS; k++)
    {
      g_ptr_array_unref (copy->ports[k]);
      copy->ports[k] = orr_ports_copy (block->ports[k]);
    }
  copy->mask = block->mask ? orr_mask_copy (block->mask) : NULL;
  g_ptr_array_unref (copy->foreign);
  copy->foreign = copy_strings (block->foreign);
  g_ptr_array_unref (copy->foreign_attrs);
  copy->foreign_attrs = copy_strings (block->foreign_attrs);
  copy->libref = orr_library_ref_copy (block->libref);

  /* A block whose type was changed by hand in a file may carry a child
   * without being a SuperBlock; keep whatever structure it has. */
  orr_diagram_free (copy->child);
  copy->child = NULL;
  if (block->child != NULL)
    {
      copy->child = orr_diagram_new ();
      copy->child->owner = copy;
      g_free (copy->child->context);
      copy->child->context = g_strdup (block->child->context);
      for (guint i = 0; i < block->child->blocks->len; i++)
        orr_diagram_append_block (copy->child,
                                  orr_block_copy (g_ptr_array_index (block->child->blocks, i)));
      for (guint i = 0; i < block->child->links->len; i++)
        orr_diagram_append_link (copy->child,
                                 orr_link_copy (g_ptr_array_index (block->child->links, i)));
      g_ptr_array_unref (copy->child->foreign);
      copy->child->foreign = copy_strings (block->child->foreign);
    }
  return copy;
}

const char *
orr_block_get_param (const OrrBlock *block, const char *name)
{
  for (guint i = 0; i < block->params->len; i++)
    {
      OrrParam *p = g_ptr_array_index (block->params, i);
      if (strcmp (p->name, name) == 0)
        return p->expr;
    }
  return NULL;
}

void
orr_block_add_param (OrrBlock *block, const char *name, const char *expr)
{
  g_return_if_fail (block->parent == NULL || block->parent->model == NULL);
  g_ptr_array_add (block->params, orr_param_new (name, expr));
}

guint
orr_block_get_port_count (const OrrBlock *block, OrrPortKind kind)
{
  g_return_val_if_fail (kind < ORR_N_PORT_KINDS, 0);
  return block->ports[kind]->len;
}

void
orr_block_set_ports (OrrBlock *block, OrrPortKind kind, guint count)
{
  g_return_if_fail (block->parent == NULL || block->parent->model == NULL);
  g_return_if_fail (kind < ORR_N_PORT_KINDS);
  orr_ports_resize (block->ports[kind], count);
}

void
orr_ports_resize (GPtrArray *ports, guint count)
{
  if (count < ports->len)
    g_ptr_array_set_size (ports, count);
  while (ports->len < count)
    g_ptr_array_add (ports, orr_port_new (NULL));
}

gboolean
orr_block_is_super (const OrrBlock *block)
{
  return block->child != NULL;
}

gboolean
orr_block_is_annotation (const OrrBlock *block)
{
  return block != NULL && block->child == NULL && g_strcmp0 (block->type, ORR_ANNOTATION_TYPE) == 0;
}

static const char *
path_name (const OrrBlock *block)
{
  return (block->label && *block->label) ? block->label : block->id;
}

/* Measured, then filled from the end: one allocation, since the compiler
 * asks this for every block of a model. */
char *
orr_block_get_path (const OrrBlock *block)
{
  gsize length = 0; /* the names and a '/' or the final '\0' after each */
  char *path, *end;

  for (const OrrBlock *b = block; b != NULL; b = b->parent ? b->parent->owner : NULL)
    length += strlen (path_name (b)) + 1;
  path = g_malloc (length);
  end = path + length;
  for (const OrrBlock *b = block; b != NULL; b = b->parent ? b->parent->owner : NULL)
    {
      const char *name = path_name (b);
      gsize n = strlen (name);

      *--end = b == block ? '\0' : '/';
      end -= n;
      memcpy (end, name, n);
    }
  return path;
}

OrrLink *
orr_link_new (const char *id, OrrLinkKind kind, const OrrEndpoint *from, const OrrEndpoint *to)
{
  OrrLink *link = g_new0 (OrrLink, 1);

  g_atomic_ref_count_init (&link->ref_count);
  link->id = g_strdup (id);
  link->kind = kind;
  link->from = *from;
  link->from.block = g_strdup (from->block);
  link->to = *to;
  link->to.block = g_strdup (to->block);
  link->points = g_array_new (FALSE, FALSE, sizeof (OrrPoint));
  return link;
}

OrrLink *
orr_link_copy (const OrrLink *link)
{
  OrrLink *copy = orr_link_new (link->id, link->kind, &link->from, &link->to);
  g_array_append_vals (copy->points, link->points->data, link->points->len);
  return copy;
}

OrrLink *
orr_link_ref (OrrLink *link)
{
  g_atomic_ref_count_inc (&link->ref_count);
  return link;
}

void
orr_link_unref (OrrLink *link)
{
  if (link == NULL || !g_atomic_ref_count_dec (&link->ref_count))
    return;
  g_free (link->id);
  g_free (link->from.block);
  g_free (link->to.block);
  g_array_unref (link->points);
  g_free (link);
}

OrrMaskParam *
orr_mask_param_new (const char *name, const char *label, const char *default_expr)
{
  OrrMaskParam *param = g_new0 (OrrMaskParam, 1);
  param->name = g_strdup (name);
  param->label = g_strdup (label ? label : name);
  param->default_expr = g_strdup (default_expr ? default_expr : "");
  param->kind = ORR_MASK_PARAM_EXPRESSION;
  return param;
}

void
orr_mask_param_free (OrrMaskParam *param)
{
  if (param == NULL)
    return;
  g_free (param->name);
  g_free (param->label);
  g_free (param->default_expr);
  g_strfreev (param->choices);
  g_free (param);
}

OrrMask *
orr_mask_new (void)
{
  OrrMask *mask = g_new0 (OrrMask, 1);
  mask->params = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_mask_param_free);
  return mask;
}

OrrMask *
orr_mask_copy (const OrrMask *mask)
{
  OrrMask *copy = orr_mask_new ();

  copy->icon_text = g_strdup (mask->icon_text);
  copy->description = g_strdup (mask->description);
  for (guint i = 0; i < mask->params->len; i++)
    {
      OrrMaskParam *p = g_ptr_array_index (mask->params, i);
      OrrMaskParam *q = orr_mask_param_new (p->name, p->label, p->default_expr);
      q->kind = p->kind;
      q->choices = g_strdupv (p->choices);
      q->tunable = p->tunable;
      g_ptr_array_add (copy->params, q);
    }
  return copy;
}

void
orr_mask_free (OrrMask *mask)
{
  if (mask == NULL)
    return;
  g_ptr_array_unref (mask->params);
  g_free (mask->icon_text);
  g_free (mask->description);
  g_free (mask);
}

void
orr_block_default_size (guint n_in, guint n_out, guint n_evin, guint n_evout, double *width,
                        double *height)
{
  /* ports sit 20 apart; a block is never smaller than 40 x 40 */
  guint side = MAX (n_in, n_out), top = MAX (n_evin, n_evout);

  *width = MAX (40.0, top * 20.0);
  *height = MAX (40.0, side * 20.0);
}

void
orr_settings_init_default (OrrSettings *settings)
{
  memset (settings, 0, sizeof *settings);
  settings->start_time = 0.0;
  settings->final_time = 10.0;
  settings->solver = g_strdup ("auto");
  settings->rtol = 1e-6;
  settings->atol = 1e-8;
  settings->max_step = 0.0;
}

void
orr_settings_copy (OrrSettings *dest, const OrrSettings *src)
{
  *dest = *src;
  dest->solver = g_strdup (src->solver);
}

void
orr_settings_clear (OrrSettings *settings)
{
  g_clear_pointer (&settings->solver, g_free);
}

OrrLibraryRef *
orr_library_ref_new (const char *library, const char *ref, const char *version)
{
  OrrLibraryRef *r = g_new0 (OrrLibraryRef, 1);

  r->library = g_strdup (library);
  r->ref = g_strdup (ref);
  r->version = g_strdup (version);
  return r;
}

OrrLibraryRef *
orr_library_ref_copy (const OrrLibraryRef *ref)
{
  return ref != NULL ? orr_library_ref_new (ref->library, ref->ref, ref->version) : NULL;
}

void
orr_library_ref_free (OrrLibraryRef *ref)
{
  if (ref == NULL)
    return;
  g_free (ref->library);
  g_free (ref->ref);
  g_free (ref->version);
  g_free (ref);
}

gboolean
orr_library_ref_equal (const OrrLibraryRef *a, const OrrLibraryRef *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return g_strcmp0 (a->library, b->library) == 0 && g_strcmp0 (a->ref, b->ref) == 0
         && g_strcmp0 (a->version, b->version) == 0;
}
