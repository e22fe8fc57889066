/* orr-model-group.c: "group into super block". The selected blocks move
 * into a new super block; links that crossed the selection's boundary are
 * cut and reconnected through port blocks inside it, named after the
 * ports they stand in for. The whole edit is one
 * transaction of ordinary edits, so one undo restores the diagram. */
#include "orr-model-private.h"

#include <string.h>

/* One port of the new super block: an outside end and the links that used
 * to cross the boundary there. */
typedef struct
{
  gboolean incoming;
  OrrLinkKind kind;
  OrrEndpoint source;   /* the driving end: outside for inputs, inside for outputs */
  GPtrArray *crossings; /* of OrrLink*, borrowed */
  OrrPoint outside_pos; /* where the outside end is, for numbering */
  guint number;
} Boundary;

static void
boundary_free (Boundary *b)
{
  g_ptr_array_unref (b->crossings);
  g_free (b);
}

static OrrPoint
block_center (OrrBlock *block)
{
  return (OrrPoint){ block->geometry.x + block->geometry.width / 2,
                     block->geometry.y + block->geometry.height / 2 };
}

static int
compare_boundaries (gconstpointer pa, gconstpointer pb)
{
  const Boundary *a = *(const Boundary *const *)pa;
  const Boundary *b = *(const Boundary *const *)pb;
  int c;

  if (a->outside_pos.y != b->outside_pos.y)
    return a->outside_pos.y < b->outside_pos.y ? -1 : 1;
  if (a->outside_pos.x != b->outside_pos.x)
    return a->outside_pos.x < b->outside_pos.x ? -1 : 1;
  c = strcmp (a->source.block, b->source.block);
  if (c != 0)
    return c;
  return (int)a->source.port - (int)b->source.port;
}

static Boundary *
find_boundary (GPtrArray *boundaries, gboolean incoming, const OrrEndpoint *source)
{
  for (guint i = 0; i < boundaries->len; i++)
    {
      Boundary *b = g_ptr_array_index (boundaries, i);
      if (b->incoming == incoming && b->source.kind == source->kind
          && b->source.port == source->port && strcmp (b->source.block, source->block) == 0)
        return b;
    }
  return NULL;
}

/* The label of the port at end, NULL if it has none. */
static const char *
port_label (OrrDiagram *diagram, const OrrEndpoint *end)
{
  OrrBlock *block = orr_diagram_find_block (diagram, end->block);
  OrrPort *port;

  if (block == NULL || end->port < 1 || end->port > block->ports[end->kind]->len)
    return NULL;
  port = g_ptr_array_index (block->ports[end->kind], end->port - 1);
  return port->label;
}

static const char *
port_block_type (const Boundary *b)
{
  if (b->kind == ORR_LINK_REGULAR)
    return b->incoming ? "Input" : "Output";
  return b->incoming ? "EventInput" : "EventOutput";
}

static OrrPortKind
super_port_kind (const Boundary *b)
{
  if (b->kind == ORR_LINK_REGULAR)
    return b->incoming ? ORR_PORT_IN : ORR_PORT_OUT;
  return b->incoming ? ORR_PORT_EVENT_IN : ORR_PORT_EVENT_OUT;
}

OrrBlock *
orr_model_group (OrrModel *model, OrrBlock *const *blocks, guint n_blocks, GError **error)
{
  g_autoptr (GHashTable) inside = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GPtrArray) internal = g_ptr_array_new ();
  g_autoptr (GPtrArray) boundaries = g_ptr_array_new_with_free_func ((GDestroyNotify)boundary_free);
  g_autoptr (OrrBlock) super = NULL;
  g_autofree char *super_id = NULL;
  guint counts[ORR_N_PORT_KINDS] = { 0 };
  OrrDiagram *diagram;
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
  guint max_ports;
  guint deepest = 0;
  guint nesting;
  double next_free[2] = { -G_MAXDOUBLE, -G_MAXDOUBLE }; /* left, right */

  g_return_val_if_fail (ORR_IS_MODEL (model), NULL);

  if (n_blocks == 0)
    {
      g_set_error_literal (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_INVALID,
                           "Select at least one block to group");
      return NULL;
    }
  diagram = blocks[0]->parent;
  g_return_val_if_fail (diagram != NULL && diagram->model == model, NULL);
  for (guint i = 0; i < n_blocks; i++)
    {
      OrrBlock *b = blocks[i];
      if (b->parent != diagram)
        {
          g_set_error_literal (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_NOT_IN_DIAGRAM,
                               "Only blocks of one diagram can be grouped");
          return NULL;
        }
      g_hash_table_add (inside, b->id);
      nesting = orr_block_get_nesting (b);
      deepest = MAX (deepest, nesting);
      x0 = MIN (x0, b->geometry.x);
      y0 = MIN (y0, b->geometry.y);
      x1 = MAX (x1, b->geometry.x + b->geometry.width);
      y1 = MAX (y1, b->geometry.y + b->geometry.height);
    }

  if (orr_diagram_get_depth (diagram) + 1 + deepest > ORR_MAX_NESTING)
    {
      g_set_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_INVALID,
                   "Grouping would nest super blocks %u levels deep; the limit is %d",
                   orr_diagram_get_depth (diagram) + 1 + deepest, ORR_MAX_NESTING);
      return NULL;
    }

  /* Sort the diagram's links into internal ones and boundary crossings,
   * crossings grouped by their driving end: one driver is one port. */
  for (guint i = 0; i < diagram->links->len; i++)
    {
      OrrLink *l = g_ptr_array_index (diagram->links, i);
      gboolean from_in = g_hash_table_contains (inside, l->from.block);
      gboolean to_in = g_hash_table_contains (inside, l->to.block);
      Boundary *b;

      if (from_in && to_in)
        {
          g_ptr_array_add (internal, l);
          continue;
        }
      if (!from_in && !to_in)
        continue;

      b = find_boundary (boundaries, to_in, &l->from);
      if (b == NULL)
        {
          OrrBlock *outside = orr_diagram_find_block (diagram, to_in ? l->from.block : l->to.block);
          b = g_new0 (Boundary, 1);
          b->incoming = to_in;
          b->kind = l->kind;
          b->source = l->from;
          b->crossings = g_ptr_array_new ();
          b->outside_pos = block_center (outside);
          g_ptr_array_add (boundaries, b);
        }
      else if (!to_in)
        {
          /* An output feeding several outside blocks: number it by the
           * highest of them. */
          OrrPoint p = block_center (orr_diagram_find_block (diagram, l->to.block));
          if (p.y < b->outside_pos.y || (p.y == b->outside_pos.y && p.x < b->outside_pos.x))
            b->outside_pos = p;
        }
      g_ptr_array_add (b->crossings, l);
    }
  g_ptr_array_sort (boundaries, compare_boundaries);
  for (guint i = 0; i < boundaries->len; i++)
    {
      Boundary *b = g_ptr_array_index (boundaries, i);
      b->number = ++counts[super_port_kind (b)];
    }

  /* Build the super block detached, then swap it in. */
  super_id = orr_model_new_id (model, 'b');
  super = orr_block_new (super_id, ORR_SUPER_BLOCK_TYPE);
  max_ports = MAX (MAX (counts[ORR_PORT_IN], counts[ORR_PORT_OUT]), 1);
  super->geometry.width = 60;
  super->geometry.height = MAX (40, 20.0 * max_ports);
  super->geometry.x = (x0 + x1) / 2 - super->geometry.width / 2;
  super->geometry.y = (y0 + y1) / 2 - super->geometry.height / 2;
  for (guint k = 0; k < ORR_N_PORT_KINDS; k++)
    orr_block_set_ports (super, k, counts[k]);
  /* a name to tell it by in paths and messages, as a new block gets */
  super->label = orr_diagram_new_label (diagram, ORR_SUPER_BLOCK_TYPE);

  for (guint i = 0; i < diagram->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (diagram->blocks, i);
      if (g_hash_table_contains (inside, b->id))
        orr_diagram_append_block (super->child, orr_block_copy (b));
    }
  for (guint i = 0; i < internal->len; i++)
    orr_diagram_append_link (super->child, orr_link_copy (g_ptr_array_index (internal, i)));

  for (guint i = 0; i < boundaries->len; i++)
    {
      Boundary *b = g_ptr_array_index (boundaries, i);
      g_autofree char *port_id = orr_model_new_id (model, 'b');
      g_autofree char *number = g_strdup_printf ("%u", b->number);
      OrrBlock *port = orr_block_new (port_id, port_block_type (b));
      OrrPortKind port_side;
      OrrBlock *inner;

      orr_block_add_param (port, "port", number);
      port->geometry.width = 30;
      port->geometry.height = 20;
      if (b->incoming)
        {
          port_side = b->kind == ORR_LINK_REGULAR ? ORR_PORT_OUT : ORR_PORT_EVENT_OUT;
          inner = orr_diagram_find_block (
            diagram, ((OrrLink *)g_ptr_array_index (b->crossings, 0))->to.block);
          port->geometry.x = x0 - 70;
        }
      else
        {
          port_side = b->kind == ORR_LINK_REGULAR ? ORR_PORT_IN : ORR_PORT_EVENT_IN;
          inner = orr_diagram_find_block (diagram, b->source.block);
          port->geometry.x = x1 + 40;
        }
      /* level with the block it feeds or is fed by, but never on top of
       * the port block above it on the same side */
      port->geometry.y
        = MAX (block_center (inner).y - port->geometry.height / 2, next_free[b->incoming ? 0 : 1]);
      next_free[b->incoming ? 0 : 1] = port->geometry.y + port->geometry.height + 20;
      orr_block_set_ports (port, port_side, 1);
      /* The inside end's port label names the new port, on the port block
       * and on the super block, as orr_model_sync_super_ports() would. */
      {
        const OrrEndpoint *inside_end
          = b->incoming ? &((OrrLink *)g_ptr_array_index (b->crossings, 0))->to : &b->source;
        const char *label = port_label (diagram, inside_end);
        if (label != NULL && label[0] != '\0')
          {
            OrrPort *super_port
              = g_ptr_array_index (super->ports[super_port_kind (b)], b->number - 1);
            port->label = g_strdup (label);
            super_port->label = g_strdup (label);
          }
      }
      orr_diagram_append_block (super->child, port);

      if (b->incoming)
        for (guint j = 0; j < b->crossings->len; j++)
          {
            OrrLink *crossing = g_ptr_array_index (b->crossings, j);
            g_autofree char *link_id = orr_model_new_id (model, 'l');
            OrrEndpoint from = { port_id, port_side, 1 };
            orr_diagram_append_link (super->child,
                                     orr_link_new (link_id, b->kind, &from, &crossing->to));
          }
      else
        {
          g_autofree char *link_id = orr_model_new_id (model, 'l');
          OrrEndpoint to = { port_id, port_side, 1 };
          orr_diagram_append_link (super->child, orr_link_new (link_id, b->kind, &b->source, &to));
        }
    }

  orr_model_begin (model, "Group into Super Block");
  {
    g_autoptr (GPtrArray) doomed = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_block_unref);

    for (guint i = 0; i < n_blocks; i++)
      g_ptr_array_add (doomed, orr_block_ref (blocks[i]));
    /* Removing a block removes its links too. */
    for (guint i = 0; i < doomed->len; i++)
      orr_model_remove_block (model, g_ptr_array_index (doomed, i));
  }
  if (!orr_model_insert_block (model, diagram, super, error))
    {
      orr_model_rollback (model);
      return NULL;
    }
  for (guint i = 0; i < boundaries->len; i++)
    {
      Boundary *b = g_ptr_array_index (boundaries, i);
      OrrEndpoint super_end = { super->id, super_port_kind (b), b->number };

      if (b->incoming)
        {
          if (orr_model_connect (model, diagram, &b->source, &super_end, error) == NULL)
            {
              orr_model_rollback (model);
              return NULL;
            }
        }
      else
        for (guint j = 0; j < b->crossings->len; j++)
          {
            OrrLink *crossing = g_ptr_array_index (b->crossings, j);
            if (orr_model_connect (model, diagram, &super_end, &crossing->to, error) == NULL)
              {
                orr_model_rollback (model);
                return NULL;
              }
          }
    }
  orr_model_commit (model);
  return super;
}
