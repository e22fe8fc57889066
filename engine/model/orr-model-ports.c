/* orr-model-ports.c: a super block's ports follow the port blocks inside
 * it. Input, Output, EventInput and EventOutput blocks each stand for one
 * port of the super block, numbered by their "port" parameter; the super
 * block has as many ports of a kind as the highest number, and its port
 * labels are the port blocks' labels. Both functions here are ordinary
 * edits in the current transaction, so the editor can call them inside the
 * step that added or removed a port block. */
#include "orr-model-private.h"

#include <stdlib.h>
#include <string.h>

static const struct
{
  const char *type;
  OrrPortKind kind;
} port_block_types[] = {
  { "Input", ORR_PORT_IN },
  { "Output", ORR_PORT_OUT },
  { "EventInput", ORR_PORT_EVENT_IN },
  { "EventOutput", ORR_PORT_EVENT_OUT },
};

/* The super block port kind a port block makes; FALSE for other blocks. */
static gboolean
port_block_kind (const OrrBlock *block, OrrPortKind *kind)
{
  for (guint k = 0; k < G_N_ELEMENTS (port_block_types); k++)
    if (strcmp (block->type, port_block_types[k].type) == 0)
      {
        *kind = port_block_types[k].kind;
        return TRUE;
      }
  return FALSE;
}

/* The port number written as a literal, 1 without a "port" parameter (the
 * class default), 0 for an expression: the model cannot evaluate those,
 * the compiler does. */
static guint
port_block_literal_number (const OrrBlock *block)
{
  const char *expr = orr_block_get_param (block, "port");
  g_autofree char *text = NULL;
  char *end = NULL;
  gint64 n;

  if (expr == NULL)
    return 1;
  text = g_strstrip (g_strdup (expr));
  n = g_ascii_strtoll (text, &end, 10);
  if (end == text || *end != '\0' || n < 1 || n > G_MAXINT)
    return 0;
  return (guint)n;
}

/* A label the user gave, not the editor's automatic "Input3". */
static const char *
port_block_user_label (const OrrBlock *block)
{
  gsize n;

  if (block->label == NULL || block->label[0] == '\0')
    return NULL;
  n = strlen (block->type);
  if (strncmp (block->label, block->type, n) == 0)
    {
      const char *rest = block->label + n;
      while (g_ascii_isdigit (*rest))
        rest++;
      if (*rest == '\0')
        return NULL;
    }
  return block->label;
}

void
orr_model_sync_super_ports (OrrModel *model, OrrBlock *super)
{
  guint counts[ORR_N_PORT_KINDS] = { 0 };
  gboolean unknown[ORR_N_PORT_KINDS] = { FALSE };
  GPtrArray *labels[ORR_N_PORT_KINDS];

  g_return_if_fail (ORR_IS_MODEL (model));
  g_return_if_fail (super != NULL && super->child != NULL);
  g_return_if_fail (super->parent != NULL && super->parent->model == model);

  for (guint k = 0; k < ORR_N_PORT_KINDS; k++)
    labels[k] = g_ptr_array_new ();
  for (guint i = 0; i < super->child->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (super->child->blocks, i);
      OrrPortKind kind;
      guint n;

      if (!port_block_kind (b, &kind))
        continue;
      n = port_block_literal_number (b);
      if (n == 0)
        {
          unknown[kind] = TRUE;
          continue;
        }
      counts[kind] = MAX (counts[kind], n);
      if (labels[kind]->len < n)
        g_ptr_array_set_size (labels[kind], n);
      /* several blocks for one port: the first in drawing order names it */
      if (g_ptr_array_index (labels[kind], n - 1) == NULL)
        g_ptr_array_index (labels[kind], n - 1) = (gpointer)port_block_user_label (b);
    }

  orr_model_begin (model, "Update Ports");
  for (guint k = 0; k < ORR_N_PORT_KINDS; k++)
    {
      /* a port numbered by an expression may be any of the current ones:
       * never take ports away under it */
      if (unknown[k])
        counts[k] = MAX (counts[k], orr_block_get_port_count (super, k));
      orr_model_set_port_count (model, super, k, counts[k]);
      for (guint n = 1; n <= counts[k]; n++)
        {
          const char *label = n <= labels[k]->len ? g_ptr_array_index (labels[k], n - 1) : NULL;
          if (label == NULL && unknown[k])
            continue; /* may come from a port block we cannot number */
          orr_model_set_port_label (model, super, k, n, label);
        }
    }
  orr_model_commit (model);
  for (guint k = 0; k < ORR_N_PORT_KINDS; k++)
    g_ptr_array_unref (labels[k]);
}

typedef struct
{
  OrrBlock *block;
  guint number;
  guint order;
} Numbered;

static int
compare_numbered (gconstpointer pa, gconstpointer pb)
{
  const Numbered *a = pa, *b = pb;

  if (a->number != b->number)
    return a->number < b->number ? -1 : 1;
  return a->order < b->order ? -1 : a->order > b->order;
}

void
orr_model_renumber_ports (OrrModel *model, OrrDiagram *diagram)
{
  GHashTable *renumbered[ORR_N_PORT_KINDS] = { NULL }; /* old -> new number; NULL: unchanged */
  g_autoptr (GPtrArray) moved = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_link_unref);
  OrrBlock *super;

  g_return_if_fail (ORR_IS_MODEL (model));
  g_return_if_fail (diagram != NULL && diagram->model == model);
  g_return_if_fail (diagram->owner != NULL);
  super = diagram->owner;

  orr_model_begin (model, "Renumber Ports");
  for (guint k = 0; k < ORR_N_PORT_KINDS; k++)
    {
      g_autoptr (GArray) blocks = g_array_new (FALSE, FALSE, sizeof (Numbered));

      renumbered[k] = g_hash_table_new (NULL, NULL);
      for (guint i = 0; i < diagram->blocks->len; i++)
        {
          OrrBlock *b = g_ptr_array_index (diagram->blocks, i);
          Numbered entry = { b, 0, i };
          OrrPortKind kind;

          if (!port_block_kind (b, &kind) || kind != k)
            continue;
          entry.number = port_block_literal_number (b);
          g_array_append_val (blocks, entry);
          if (entry.number == 0)
            break;
        }
      if (blocks->len > 0 && g_array_index (blocks, Numbered, blocks->len - 1).number == 0)
        {
          /* a port numbered by an expression: the model cannot tell where
           * it goes, so this kind keeps its numbers */
          g_clear_pointer (&renumbered[k], g_hash_table_unref);
          continue;
        }
      g_array_sort (blocks, compare_numbered);

      /* The compiler wants each number once: two blocks sharing one get
       * the next numbers in drawing order, and the outside links stay with
       * the first of them. */
      for (guint i = 0; i < blocks->len; i++)
        {
          Numbered *entry = &g_array_index (blocks, Numbered, i);
          guint next = i + 1;

          if (!g_hash_table_contains (renumbered[k], GUINT_TO_POINTER (entry->number)))
            g_hash_table_insert (renumbered[k], GUINT_TO_POINTER (entry->number),
                                 GUINT_TO_POINTER (next));
          if (entry->number != next)
            {
              g_autofree char *text = g_strdup_printf ("%u", next);
              orr_model_set_param (model, entry->block, "port", text);
            }
        }
    }

  /* The links outside follow their port; a link to a port that no block
   * stands for any more goes. All are taken out before any is put back so
   * that a link never lands on a port another still holds. */
  if (super->parent != NULL)
    {
      g_autoptr (GPtrArray) touching = g_ptr_array_new ();

      for (guint i = 0; i < super->parent->links->len; i++)
        {
          OrrLink *l = g_ptr_array_index (super->parent->links, i);
          if (strcmp (l->from.block, super->id) == 0 || strcmp (l->to.block, super->id) == 0)
            g_ptr_array_add (touching, l);
        }
      for (guint i = 0; i < touching->len; i++)
        {
          OrrLink *l = g_ptr_array_index (touching, i);
          OrrEndpoint *ends[2] = { &l->from, &l->to };
          g_autoptr (OrrLink) copy = orr_link_copy (l);
          OrrEndpoint *copy_ends[2] = { &copy->from, &copy->to };
          gboolean changed = FALSE, lost = FALSE;

          for (guint e = 0; e < 2; e++)
            {
              guint to;
              if (strcmp (ends[e]->block, super->id) != 0 || renumbered[ends[e]->kind] == NULL)
                continue;
              to = GPOINTER_TO_UINT (
                g_hash_table_lookup (renumbered[ends[e]->kind], GUINT_TO_POINTER (ends[e]->port)));
              if (to == 0)
                lost = TRUE;
              else if (to != ends[e]->port)
                {
                  copy_ends[e]->port = to;
                  changed = TRUE;
                }
            }
          if (!changed && !lost)
            continue;
          orr_model_disconnect (model, l);
          if (!lost)
            g_ptr_array_add (moved, g_steal_pointer (&copy));
        }
      for (guint i = 0; i < moved->len; i++)
        {
          g_autoptr (GError) error = NULL;
          if (!orr_model_insert_link (model, super->parent, g_ptr_array_index (moved, i), &error))
            g_warning ("renumbering the ports of %s lost a link: %s", super->id, error->message);
        }
    }
  orr_model_sync_super_ports (model, super);
  orr_model_commit (model);
  for (guint k = 0; k < ORR_N_PORT_KINDS; k++)
    g_clear_pointer (&renumbered[k], g_hash_table_unref);
}
