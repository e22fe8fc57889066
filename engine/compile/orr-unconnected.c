/* orr-unconnected.c: data ports that no link reaches. An unconnected input
 * reads 0 and an unconnected output goes nowhere; both are usually a
 * mistake, so the compiler reports them, as warnings unless the model's
 * settings ask for errors (unconnected-ports="error"). Ports are counted
 * from the configured blocks, not from the file, which may be older. */
#include "orr-compile-private.h"

static OrrConfig *
config_of (Compiler *c, OrrBlock *block)
{
  guint i = GPOINTER_TO_UINT (g_hash_table_lookup (c->configured_of, block));
  return i > 0 ? g_array_index (c->configured, Configured, i - 1).config : NULL;
}

/* A super block's ports of one kind: its port blocks of that kind. */
static int
count_port_blocks (Compiler *c, OrrBlock *super, OrrBlockKind kind)
{
  int n = 0;

  for (guint i = 0; i < super->child->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (super->child->blocks, i);
      OrrConfig *config = b->child == NULL ? config_of (c, b) : NULL;

      if (config != NULL && config->kind == kind)
        n++;
    }
  return n;
}

static void
report (Compiler *c, GPtrArray *out, OrrBlock *block, OrrPortKind kind, guint port)
{
  const char *ids[] = { block->id, NULL };
  g_autofree char *path = orr_block_get_path (block);
  char *message = kind == ORR_PORT_IN
                    ? g_strdup_printf ("input %u is not connected: it reads 0", port)
                    : g_strdup_printf ("output %u is not connected", port);
  OrrProblem *problem = orr_problem_new (ids, g_strdup (path), message);

  problem->warning = !orr_model_get_settings (c->model)->unconnected_errors;
  g_ptr_array_add (out, problem);
}

static void
check_diagram (Compiler *c, OrrDiagram *diagram, GPtrArray *out)
{
  /* Both ends of every link, as keys borrowed from the model: no string
   * is formatted per port (that was a sixth of a small model's compile,
   * paid again at every run of a study). */
  g_autofree OrrPortKey *ends = g_new (OrrPortKey, MAX (2 * diagram->links->len, 1));
  g_autoptr (GHashTable) linked = g_hash_table_new (orr_port_key_hash, orr_port_key_equal);

  for (guint i = 0; i < diagram->links->len; i++)
    {
      OrrLink *l = g_ptr_array_index (diagram->links, i);

      ends[2 * i] = (OrrPortKey){ diagram, l->from.block, l->from.kind, l->from.port };
      ends[2 * i + 1] = (OrrPortKey){ diagram, l->to.block, l->to.kind, l->to.port };
      g_hash_table_add (linked, &ends[2 * i]);
      g_hash_table_add (linked, &ends[2 * i + 1]);
    }
  for (guint i = 0; i < diagram->blocks->len; i++)
    {
      OrrBlock *b = g_ptr_array_index (diagram->blocks, i);
      OrrConfig *config = NULL;
      int n[2] = { 0, 0 };
      const OrrPortKind kinds[2] = { ORR_PORT_IN, ORR_PORT_OUT };

      if (b->child != NULL)
        {
          n[0] = count_port_blocks (c, b, ORR_BLOCK_INPUT_PORT);
          n[1] = count_port_blocks (c, b, ORR_BLOCK_OUTPUT_PORT);
        }
      else if ((config = config_of (c, b)) != NULL)
        {
          n[0] = (int)config->inputs->len;
          n[1] = (int)config->outputs->len;
        }
      for (int k = 0; k < 2; k++)
        for (int p = 1; p <= n[k]; p++)
          {
            OrrPortKey key = { diagram, b->id, kinds[k], (guint)p };

            if (!g_hash_table_contains (linked, &key))
              report (c, out, b, kinds[k], (guint)p);
          }
      if (b->child != NULL)
        check_diagram (c, b->child, out);
    }
}

void
orr_compile_unconnected (Compiler *c, GPtrArray *out)
{
  check_diagram (c, orr_model_get_root (c->model), out);
}
