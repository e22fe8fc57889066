/* orr-model-expand.c: "expand super block", the reverse of grouping. The
 * blocks inside an unmasked super block move into its diagram where the
 * super block stood, its port blocks disappear, and every signal that went
 * through a port is rejoined: each real input that was fed through one or
 * more port blocks gets a link from the real output that drove it. The
 * whole edit is one transaction of ordinary edits, so one undo restores the
 * super block exactly. */
#include "orr-model-private.h"

#include <string.h>

/* What a port block stands for on the super block. */
static gboolean
port_block_port (const OrrBlock *block, OrrPortKind *kind, guint *number)
{
  static const struct
  {
    const char *type;
    OrrPortKind kind;
  } types[] = {
    { "Input", ORR_PORT_IN },
    { "Output", ORR_PORT_OUT },
    { "EventInput", ORR_PORT_EVENT_IN },
    { "EventOutput", ORR_PORT_EVENT_OUT },
  };
  const char *expr;

  for (guint k = 0; k < G_N_ELEMENTS (types); k++)
    if (strcmp (block->type, types[k].type) == 0)
      {
        *kind = types[k].kind;
        expr = orr_block_get_param (block, "port");
        *number = 1;
        if (expr != NULL)
          {
            g_autofree char *text = g_strstrip (g_strdup (expr));
            char *end = NULL;
            gint64 n = g_ascii_strtoll (text, &end, 10);
            *number = (end != text && *end == '\0' && n >= 1 && n <= G_MAXINT) ? (guint)n : 0;
          }
        return TRUE;
      }
  return FALSE;
}

typedef struct
{
  OrrBlock *super;
  OrrDiagram *outer;
  OrrDiagram *inner;
  GHashTable *port_kind;   /* inner port block id -> OrrPortKind + 1 */
  GHashTable *port_number; /* inner port block id -> number */
} Expansion;

static gboolean
is_port_block (Expansion *x, const char *id)
{
  return g_hash_table_contains (x->port_kind, id);
}

/* Adds to drivers the real outputs behind from, an output end in the
 * outer diagram (inner FALSE) or inside the super block: through the super
 * block's outputs into the inside, through Input port blocks out of it. A
 * loop of ports with no block driving it yields nothing. */
static void
resolve_drivers (Expansion *x, gboolean inner, const OrrEndpoint *from, guint depth,
                 GArray *drivers)
{
  if (depth > 64)
    return;

  if (!inner && strcmp (from->block, x->super->id) == 0)
    {
      /* an output of the super block: whatever feeds the Output (or
       * EventOutput) port blocks of that number */
      OrrPortKind want = from->kind == ORR_PORT_OUT ? ORR_PORT_OUT : ORR_PORT_EVENT_OUT;
      for (guint i = 0; i < x->inner->links->len; i++)
        {
          OrrLink *l = g_ptr_array_index (x->inner->links, i);
          if (is_port_block (x, l->to.block)
              && GPOINTER_TO_UINT (g_hash_table_lookup (x->port_kind, l->to.block)) == want + 1
              && GPOINTER_TO_UINT (g_hash_table_lookup (x->port_number, l->to.block)) == from->port)
            resolve_drivers (x, TRUE, &l->from, depth + 1, drivers);
        }
      return;
    }
  if (inner && is_port_block (x, from->block))
    {
      /* an Input port block: whatever feeds that input of the super block */
      OrrPortKind kind = GPOINTER_TO_UINT (g_hash_table_lookup (x->port_kind, from->block)) - 1;
      guint number = GPOINTER_TO_UINT (g_hash_table_lookup (x->port_number, from->block));
      for (guint i = 0; i < x->outer->links->len; i++)
        {
          OrrLink *l = g_ptr_array_index (x->outer->links, i);
          if (strcmp (l->to.block, x->super->id) == 0 && l->to.kind == kind && l->to.port == number)
            resolve_drivers (x, FALSE, &l->from, depth + 1, drivers);
        }
      return;
    }
  g_array_append_val (drivers, *from);
}

typedef struct
{
  OrrEndpoint from; /* borrowed strings */
  OrrEndpoint to;
} Through;

/* The links to make: every real input fed through a port gets one from
 * each real output behind it. */
static GArray *
through_links (Expansion *x)
{
  GArray *result = g_array_new (FALSE, FALSE, sizeof (Through));
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  OrrDiagram *diagrams[2] = { x->outer, x->inner };

  for (guint d = 0; d < 2; d++)
    for (guint i = 0; i < diagrams[d]->links->len; i++)
      {
        OrrLink *l = g_ptr_array_index (diagrams[d]->links, i);
        g_autoptr (GArray) drivers = NULL;
        gboolean inner = d == 1;

        /* sinks are real inputs fed by a port */
        if (inner ? is_port_block (x, l->to.block) || !is_port_block (x, l->from.block)
                  : strcmp (l->to.block, x->super->id) == 0
                      || strcmp (l->from.block, x->super->id) != 0)
          continue;
        drivers = g_array_new (FALSE, FALSE, sizeof (OrrEndpoint));
        resolve_drivers (x, inner, &l->from, 0, drivers);
        for (guint j = 0; j < drivers->len; j++)
          {
            Through t = { g_array_index (drivers, OrrEndpoint, j), l->to };
            char *key = g_strdup_printf ("%s %d %u %s %d %u", t.from.block, t.from.kind,
                                         t.from.port, t.to.block, t.to.kind, t.to.port);
            /* two port blocks of one number may lead to the same input */
            if (g_hash_table_add (seen, key))
              g_array_append_val (result, t);
          }
      }
  return result;
}

static gboolean
context_is_blank (const char *context)
{
  for (const char *p = context; *p != '\0'; p++)
    if (!g_ascii_isspace (*p))
      return FALSE;
  return TRUE;
}

/* The id a moved block or link gets: its own, unless something else in the
 * model has it by now. */
static const char *
moved_id (OrrModel *model, GHashTable *renamed, const char *id, char prefix)
{
  char *fresh;

  if (g_hash_table_contains (renamed, id))
    return g_hash_table_lookup (renamed, id);
  if (orr_model_find_block (model, id) == NULL && orr_model_find_link (model, id) == NULL)
    return id;
  fresh = orr_model_new_id (model, prefix);
  g_hash_table_insert (renamed, g_strdup (id), fresh);
  return fresh;
}

static void
rename_end (OrrEndpoint *end, GHashTable *renamed)
{
  const char *id = g_hash_table_lookup (renamed, end->block);
  if (id != NULL)
    {
      g_free (end->block);
      end->block = g_strdup (id);
    }
}

gboolean
orr_model_expand (OrrModel *model, OrrBlock *super, GPtrArray *out_blocks, GError **error)
{
  g_autoptr (GHashTable) port_kind = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) port_number = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) renamed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (GPtrArray) moved = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_block_unref);
  g_autoptr (GPtrArray) moved_links
    = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_link_unref);
  g_autoptr (GArray) through = NULL;
  g_autoptr (OrrBlock) keep = NULL;
  g_autofree char *path = NULL;
  Expansion x;
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
  double dx = 0, dy = 0;

  g_return_val_if_fail (ORR_IS_MODEL (model), FALSE);
  g_return_val_if_fail (super != NULL && super->parent != NULL && super->parent->model == model,
                        FALSE);

  path = orr_block_get_path (super);
  if (super->child == NULL)
    {
      g_set_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_INVALID,
                   "%s is not a super block: there is nothing to expand", path);
      return FALSE;
    }
  if (super->mask != NULL)
    {
      g_set_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_INVALID,
                   "%s is masked: the blocks inside see only its mask parameters, so they "
                   "cannot simply move out. Remove the mask first",
                   path);
      return FALSE;
    }
  if (!context_is_blank (super->child->context))
    {
      g_set_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_INVALID,
                   "%s has a context of its own: once inlined, its blocks would see other "
                   "names. Move the context into the enclosing one first",
                   path);
      return FALSE;
    }

  x.super = super;
  x.outer = super->parent;
  x.inner = super->child;
  x.port_kind = port_kind;
  x.port_number = port_number;
  for (guint i = 0; i < x.inner->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (x.inner->blocks, i);
      OrrPortKind kind;
      guint number;

      if (port_block_port (b, &kind, &number))
        {
          if (number == 0)
            {
              g_autofree char *port_path = orr_block_get_path (b);
              g_set_error (error, ORR_MODEL_ERROR, ORR_MODEL_ERROR_INVALID,
                           "%s: its port number is an expression, so it is not known which "
                           "outside link it stands for. Write the number plainly first",
                           port_path);
              return FALSE;
            }
          g_hash_table_insert (port_kind, b->id, GUINT_TO_POINTER (kind + 1));
          g_hash_table_insert (port_number, b->id, GUINT_TO_POINTER (number));
          continue;
        }
      x0 = MIN (x0, b->geometry.x);
      y0 = MIN (y0, b->geometry.y);
      x1 = MAX (x1, b->geometry.x + b->geometry.width);
      y1 = MAX (y1, b->geometry.y + b->geometry.height);
    }
  /* the inner blocks, as a whole, centred where the super block was */
  if (x0 <= x1)
    {
      dx = super->geometry.x + super->geometry.width / 2 - (x0 + x1) / 2;
      dy = super->geometry.y + super->geometry.height / 2 - (y0 + y1) / 2;
    }
  through = through_links (&x);

  /* Copies to insert: the super block (and with it the originals) stays
   * alive in the undo history. */
  for (guint i = 0; i < x.inner->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (x.inner->blocks, i);
      if (!is_port_block (&x, b->id))
        g_ptr_array_add (moved, orr_block_copy (b));
    }
  for (guint i = 0; i < x.inner->links->len; i++)
    {
      OrrLink *l = g_ptr_array_index (x.inner->links, i);
      if (!is_port_block (&x, l->from.block) && !is_port_block (&x, l->to.block))
        g_ptr_array_add (moved_links, orr_link_copy (l));
    }
  /* the through-links name ends inside the super block's child: own them
   * before it leaves the model */
  for (guint i = 0; i < through->len; i++)
    {
      Through *t = &g_array_index (through, Through, i);
      t->from.block = g_strdup (t->from.block);
      t->to.block = g_strdup (t->to.block);
    }

  keep = orr_block_ref (super);
  orr_model_begin (model, "Expand Super Block");
  orr_model_remove_block (model, super); /* with every link touching it */

  for (guint i = 0; i < moved->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (moved, i);
      const char *id = moved_id (model, renamed, b->id, 'b');

      if (id != b->id)
        {
          g_free (b->id);
          b->id = g_strdup (id);
        }
      b->geometry.x += dx;
      b->geometry.y += dy;
      if (!orr_model_insert_block (model, x.outer, b, error))
        goto fail;
    }
  for (guint i = 0; i < moved_links->len; i++)
    {
      OrrLink *l = g_ptr_array_index (moved_links, i);
      const char *id = moved_id (model, renamed, l->id, 'l');

      if (id != l->id)
        {
          g_free (l->id);
          l->id = g_strdup (id);
        }
      rename_end (&l->from, renamed);
      rename_end (&l->to, renamed);
      for (guint j = 0; j < l->points->len; j++)
        {
          g_array_index (l->points, OrrPoint, j).x += dx;
          g_array_index (l->points, OrrPoint, j).y += dy;
        }
      if (!orr_model_insert_link (model, x.outer, l, error))
        goto fail;
    }
  for (guint i = 0; i < through->len; i++)
    {
      Through *t = &g_array_index (through, Through, i);
      rename_end (&t->from, renamed);
      rename_end (&t->to, renamed);
      if (orr_model_connect (model, x.outer, &t->from, &t->to, error) == NULL)
        goto fail;
    }
  orr_model_commit (model);
  for (guint i = 0; out_blocks != NULL && i < moved->len; i++)
    g_ptr_array_add (out_blocks, orr_block_ref (g_ptr_array_index (moved, i)));
  for (guint i = 0; i < through->len; i++)
    {
      g_free (g_array_index (through, Through, i).from.block);
      g_free (g_array_index (through, Through, i).to.block);
    }
  return TRUE;

fail:
  orr_model_rollback (model);
  for (guint i = 0; i < through->len; i++)
    {
      g_free (g_array_index (through, Through, i).from.block);
      g_free (g_array_index (through, Through, i).to.block);
    }
  return FALSE;
}
