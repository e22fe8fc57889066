/* orr-sizes.c: inherited sizes and types. Every port dimension and every
 * port type is a union-find node; a block's equal negative sizes (and its
 * inherited types) share a node; a link joins its two ends. A set that
 * meets two different fixed values is a conflict, reported with both ends
 * of the link that joined them; a set with no fixed value ends as 1 (sizes)
 * or double (types). Then the blocks that asked for their input sizes
 * (orr_config_get_input_size) are configured again with them, and what
 * they declare fixes their outputs' sets. */
#include "orr-compile-private.h"

#include <stdarg.h>
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

/* Fixes the set of node to value; FALSE if it has another. */
static gboolean
fix_dim (Compiler *c, int node, int value, int *had)
{
  int root = orr_union_find_root (&c->dims, node);

  *had = c->dims.value[root];
  if (*had == 0)
    c->dims.value[root] = value;
  return *had == 0 || *had == value;
}

static gboolean
inputs_known (Compiler *c, FlatBlock *fb)
{
  for (int p = 0; p < fb->n_in; p++)
    if (c->dims.value[orr_union_find_root (&c->dims, fb->in_rows[p])] == 0
        || c->dims.value[orr_union_find_root (&c->dims, fb->in_cols[p])] == 0)
      return FALSE;
  return TRUE;
}

static void size_problem (Compiler *c, FlatBlock *fb, const char *format, ...) G_GNUC_PRINTF (3, 4);

static void
size_problem (Compiler *c, FlatBlock *fb, const char *format, ...)
{
  const char *ids[] = { fb->doc->id, NULL };
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  orr_compiler_problem (c, ids, g_strdup (fb->path), "%s", message);
}

/* Configures entry's block again with its input sizes known (an input
 * nothing fixes counts as 1 x 1), and fixes its outputs' sizes from what
 * it declares then. */
static void
configure_with_sizes (Compiler *c, Configured *entry)
{
  FlatBlock *fb = entry->flat;
  OrrConfig *old = entry->config;
  OrrConfig *config;
  g_autoptr (GError) error = NULL;
  int had;

  config = orr_config_new_with_params (old->param_list, old->n_param_list);
  old->param_list = NULL;
  old->n_param_list = 0;
  old->wants_input_sizes = FALSE;
  config->trusted = old->trusted;
  config->known_in = g_new (int, 2 * MAX (fb->n_in, 1));
  config->n_known_in = fb->n_in;
  for (int p = 0; p < fb->n_in; p++)
    {
      fix_dim (c, fb->in_rows[p], 1, &had);
      config->known_in[2 * p] = had > 0 ? had : 1;
      fix_dim (c, fb->in_cols[p], 1, &had);
      config->known_in[2 * p + 1] = had > 0 ? had : 1;
    }
  /* the parameters now belong to the new config: the old one goes */
  entry->config = config;
  fb->config = config;
  orr_config_free (old);
  if (entry->klass->configure != NULL && !entry->klass->configure (config, &error))
    {
      size_problem (c, fb, "%s", error->message);
      return;
    }
  config->wants_input_sizes = FALSE; /* asked again: it had its answer */
  if ((int)config->inputs->len != fb->n_in || (int)config->outputs->len != fb->n_out
      || config->n_evin != fb->n_evin || config->n_evout != fb->n_evout)
    {
      size_problem (c, fb, "has other ports once its input sizes are known");
      return;
    }
  for (int p = 0; p < fb->n_in; p++)
    {
      OrrPortSpec *s = &g_array_index (config->inputs, OrrPortSpec, p);
      if ((s->rows > 0 && s->rows != config->known_in[2 * p])
          || (s->cols > 0 && s->cols != config->known_in[2 * p + 1]))
        size_problem (c, fb, "input %d: it takes %dx%d, but it is fed %dx%d", p + 1, s->rows,
                      s->cols, config->known_in[2 * p], config->known_in[2 * p + 1]);
    }
  for (int j = 0; j < fb->n_out; j++)
    {
      OrrPortSpec *s = &g_array_index (config->outputs, OrrPortSpec, j);
      if (s->rows > 0 && !fix_dim (c, fb->out_rows[j], s->rows, &had))
        size_problem (c, fb, "output %d has %d rows, but what it is linked to has %d", j + 1,
                      s->rows, had);
      if (s->cols > 0 && !fix_dim (c, fb->out_cols[j], s->cols, &had))
        size_problem (c, fb, "output %d has %d columns, but what it is linked to has %d", j + 1,
                      s->cols, had);
    }
}

/* The blocks that asked for their input sizes, each once those are
 * known: in as many rounds as a chain of them needs. When none is ready
 * (a loop through such blocks, or inputs nothing fixes), the first one
 * waiting goes ahead with its unknown sizes as 1 x 1. */
static void
configure_by_input_sizes (Compiler *c)
{
  for (;;)
    {
      Configured *waiting = NULL;
      gboolean progress = FALSE;

      for (guint i = 0; i < c->configured->len; i++)
        {
          Configured *entry = &g_array_index (c->configured, Configured, i);

          if (entry->flat == NULL || !entry->config->wants_input_sizes)
            continue;
          if (inputs_known (c, entry->flat))
            {
              configure_with_sizes (c, entry);
              /* the blocks after it would only repeat its conflict */
              if (orr_compiler_has_problems (c))
                return;
              progress = TRUE;
            }
          else if (waiting == NULL)
            waiting = entry;
        }
      if (waiting == NULL)
        return;
      if (!progress)
        configure_with_sizes (c, waiting);
      if (orr_compiler_has_problems (c))
        return;
    }
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
  if (!orr_compiler_has_problems (c))
    configure_by_input_sizes (c);
}
