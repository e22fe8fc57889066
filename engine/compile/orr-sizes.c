/* orr-sizes.c: inherited sizes and types. Every port dimension and every
 * port type is a union-find node; a block's equal negative sizes (and its
 * inherited types) share a node; a link joins its two ends. A set that
 * meets two different fixed values is a conflict, reported with both ends
 * of the link that joined them; a set with no fixed value ends as 1 (sizes)
 * or double (types). */
#include "orr-compile-private.h"

#include <string.h>

void
orr_union_find_init (UnionFind *uf)
{
  uf->n = 0;
  uf->capacity = 64;
  uf->parent = g_new (int, uf->capacity);
  uf->value = g_new (int, uf->capacity);
}

void
orr_union_find_clear (UnionFind *uf)
{
  g_clear_pointer (&uf->parent, g_free);
  g_clear_pointer (&uf->value, g_free);
  uf->n = uf->capacity = 0;
}

int
orr_union_find_add (UnionFind *uf, int value)
{
  if (uf->n == uf->capacity)
    {
      uf->capacity *= 2;
      uf->parent = g_renew (int, uf->parent, uf->capacity);
      uf->value = g_renew (int, uf->value, uf->capacity);
    }
  uf->parent[uf->n] = uf->n;
  uf->value[uf->n] = value;
  return uf->n++;
}

int
orr_union_find_root (UnionFind *uf, int node)
{
  int root = node;
  while (uf->parent[root] != root)
    root = uf->parent[root];
  while (uf->parent[node] != root)
    {
      int next = uf->parent[node];
      uf->parent[node] = root;
      node = next;
    }
  return root;
}

/* Joins two sets; FALSE (and nothing joined) if their values differ. */
static gboolean
unite (UnionFind *uf, int a, int b, int *value_a, int *value_b)
{
  int ra = orr_union_find_root (uf, a);
  int rb = orr_union_find_root (uf, b);

  *value_a = uf->value[ra];
  *value_b = uf->value[rb];
  if (ra == rb)
    return TRUE;
  if (uf->value[ra] != 0 && uf->value[rb] != 0 && uf->value[ra] != uf->value[rb])
    return FALSE;
  uf->parent[ra] = rb;
  if (uf->value[rb] == 0)
    uf->value[rb] = uf->value[ra];
  return TRUE;
}

/* A block's negative sizes and their nodes: a block has few, so a list
 * searched in turn, on the stack unless it grows long. */
typedef struct
{
  int size, node;
} Placeholder;

typedef struct
{
  int n, capacity;
  Placeholder *items;
  Placeholder local[8];
} Placeholders;

/* The node of one dimension: fixed sizes get a node of their own, equal
 * negative sizes of one block share one. */
static int
dim_node (Compiler *c, Placeholders *p, int size)
{
  if (size > 0)
    return orr_union_find_add (&c->dims, size);
  if (p->items == NULL)
    {
      p->items = p->local;
      p->capacity = G_N_ELEMENTS (p->local);
    }
  for (int i = 0; i < p->n; i++)
    if (p->items[i].size == size)
      return p->items[i].node;
  if (p->n == p->capacity)
    {
      Placeholder *more = g_new (Placeholder, 2 * p->capacity);
      memcpy (more, p->items, sizeof (Placeholder) * p->n);
      if (p->items != p->local)
        g_free (p->items);
      p->items = more;
      p->capacity *= 2;
    }
  p->items[p->n].size = size;
  p->items[p->n].node = orr_union_find_add (&c->dims, 0);
  return p->items[p->n++].node;
}

static int
type_node (Compiler *c, int *shared, OrrType type)
{
  if (type != ORR_TYPE_INHERIT)
    return orr_union_find_add (&c->types, (int)type + 1);
  if (*shared < 0)
    *shared = orr_union_find_add (&c->types, 0);
  return *shared;
}

static void
make_nodes (Compiler *c, FlatBlock *fb)
{
  Placeholders placeholders = { 0 };
  int shared_type = -1;

  for (int i = 0; i < fb->n_in; i++)
    {
      OrrPortSpec *s = &g_array_index (fb->config->inputs, OrrPortSpec, i);
      fb->in_rows[i] = dim_node (c, &placeholders, s->rows);
      fb->in_cols[i] = dim_node (c, &placeholders, s->cols);
      fb->in_type[i] = type_node (c, &shared_type, s->type);
    }
  for (int i = 0; i < fb->n_out; i++)
    {
      OrrPortSpec *s = &g_array_index (fb->config->outputs, OrrPortSpec, i);
      fb->out_rows[i] = dim_node (c, &placeholders, s->rows);
      fb->out_cols[i] = dim_node (c, &placeholders, s->cols);
      fb->out_type[i] = type_node (c, &shared_type, s->type);
    }
  if (placeholders.items != placeholders.local)
    g_free (placeholders.items);
}

static void
link_conflict (Compiler *c, FlatBlock *from, int out, FlatBlock *to, int in, const char *what,
               const char *have, const char *want)
{
  const char *ids[] = { to->doc->id, from->doc->id, NULL };
  orr_compiler_problem (c, ids, g_strdup_printf ("%s, input %d", to->path, in + 1),
                        "%s conflict: it is fed by output %d of %s, which has %s %s, but the input "
                        "needs %s",
                        what, out + 1, from->path, what, have, want);
}

static char *
size_text (int value)
{
  return value > 0 ? g_strdup_printf ("%d", value) : g_strdup ("any");
}

void
orr_compile_sizes (Compiler *c)
{
  for (guint i = 0; i < c->flat->len; i++)
    make_nodes (c, g_ptr_array_index (c->flat, i));

  for (guint i = 0; i < c->flat->len; i++)
    {
      FlatBlock *to = g_ptr_array_index (c->flat, i);
      for (int p = 0; p < to->n_in; p++)
        {
          FlatBlock *from;
          int o, a, b;

          if (to->in_block[p] < 0)
            continue;
          from = g_ptr_array_index (c->flat, to->in_block[p]);
          o = to->in_port[p];
          if (!unite (&c->dims, from->out_rows[o], to->in_rows[p], &a, &b))
            {
              g_autofree char *have = size_text (a);
              g_autofree char *want = size_text (b);
              link_conflict (c, from, o, to, p, "rows", have, want);
            }
          if (!unite (&c->dims, from->out_cols[o], to->in_cols[p], &a, &b))
            {
              g_autofree char *have = size_text (a);
              g_autofree char *want = size_text (b);
              link_conflict (c, from, o, to, p, "columns", have, want);
            }
          if (!unite (&c->types, from->out_type[o], to->in_type[p], &a, &b))
            link_conflict (c, from, o, to, p, "type", orr_type_name (a - 1), orr_type_name (b - 1));
        }
    }
}
