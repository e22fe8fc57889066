/* orr-ast.c - allocation of syntax tree nodes; the tree is freed as a whole */
#include "orr-ast.h"

static void
node_free (gpointer data)
{
  OrrNode *node = data;

  g_free (node->name);
  g_free (node->items);
  g_free (node);
}

OrrAst *
orr_ast_new (void)
{
  OrrAst *ast = g_new0 (OrrAst, 1);

  ast->nodes = g_ptr_array_new_with_free_func (node_free);
  return ast;
}

void
orr_ast_free (OrrAst *ast)
{
  if (ast == NULL)
    return;
  g_ptr_array_unref (ast->nodes);
  g_free (ast);
}

OrrNode *
orr_ast_node_new (OrrAst *ast, OrrNodeKind kind, gsize pos)
{
  OrrNode *node = g_new0 (OrrNode, 1);

  node->kind = kind;
  node->pos = pos;
  node->depth = 1;
  g_ptr_array_add (ast->nodes, node);
  return node;
}

void
orr_ast_node_take_items (OrrNode *node, GPtrArray *items)
{
  node->n_items = items->len;
  node->items = (OrrNode **)g_ptr_array_free (items, FALSE);
}

guint
orr_ast_node_update_depth (OrrNode *node)
{
  guint d = 0, k;

  if (node->a)
    d = MAX (d, node->a->depth);
  if (node->b)
    d = MAX (d, node->b->depth);
  if (node->c)
    d = MAX (d, node->c->depth);
  for (k = 0; k < node->n_items; k++)
    if (node->items[k])
      d = MAX (d, node->items[k]->depth);
  node->depth = d + 1;
  return node->depth;
}
