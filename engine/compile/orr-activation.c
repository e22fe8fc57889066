/* orr-activation.c: which events activate each block (SEMANTICS.md
 * sections 2 and 3).
 *
 * A block with a connected activation input is activated by the sources
 * reaching it, each with the bit of the input it arrives on. A block with
 * continuous states is always active; so is one fed by an always-active
 * block that inherits. Any other block inherits: the union of what
 * activates the blocks driving its inputs (as one hidden input, bit 1, or
 * one hidden input per regular input). A block that ends with nothing is
 * constant: it runs once, at initialisation.
 *
 * Inheritance can run around loops (through a delay), so it is a fixpoint:
 * repeat until no set grows. Sets only grow and are bounded by the number
 * of sources, so this ends.
 */
#include "orr-compile-private.h"

#include <math.h>

/* SampleClock period 0: the clock is continuous time itself. */
static gboolean
is_continuous_clock (Compiler *c, int source)
{
  SourceInfo *s = &g_array_index (c->sources, SourceInfo, source);
  return s->kind == ORR_SOURCE_CLOCK && s->period == 0;
}

/* A block's set is made when its first source arrives: most blocks of a
 * continuous model never get one. */
static gboolean
merge_into (FlatBlock *fb, int source, int bits)
{
  int old;

  if (fb->activation == NULL)
    fb->activation = g_hash_table_new (NULL, NULL);
  old = GPOINTER_TO_INT (g_hash_table_lookup (fb->activation, GINT_TO_POINTER (source)));
  if ((old | bits) == old)
    return FALSE;
  g_hash_table_insert (fb->activation, GINT_TO_POINTER (source), GINT_TO_POINTER (old | bits));
  return TRUE;
}

static guint
set_size (FlatBlock *fb)
{
  return fb->activation != NULL ? g_hash_table_size (fb->activation) : 0;
}

static void
explicit_activation (Compiler *c, FlatBlock *fb)
{
  int self = fb->config->self_activation;

  /* a block that reprograms itself: its own output, on a hidden input */
  if (self >= 0 && self < fb->n_evout)
    {
      fb->explicit_activation = TRUE;
      merge_into (fb, orr_compile_source_of (c, fb, self), 1 << fb->n_evin);
    }

  for (int p = 0; p < fb->n_evin; p++)
    {
      GArray *sources = fb->evin_sources[p];
      for (guint i = 0; i < sources->len; i++)
        {
          int s = g_array_index (sources, int, i);
          fb->explicit_activation = TRUE;
          if (is_continuous_clock (c, s))
            fb->continuous = TRUE;
          else
            merge_into (fb, s, 1 << p);
        }
    }
}

/* A branch of a conditional is a subset of the events that activate the
 * conditional. A block activated both by those events and by the branch
 * would run twice at the shared instants: once in the parent's list and
 * once in the branch, inside the same event. When the block takes both on
 * the same input bit (inheriting blocks), the branch adds nothing: drop it,
 * and have the block follow the conditional in the parent's list so that
 * it reads what the branch computed. */
static void
drop_redundant_branches (Compiler *c, FlatBlock *fb)
{
  GHashTableIter iter;
  gpointer key, value;
  g_autoptr (GArray) dropped = NULL;

  if (fb->activation == NULL)
    return;
  dropped = g_array_new (FALSE, FALSE, sizeof (int));
  g_hash_table_iter_init (&iter, fb->activation);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      SourceInfo *branch = &g_array_index (c->sources, SourceInfo, GPOINTER_TO_INT (key));
      FlatBlock *owner;
      GHashTableIter parents;
      gpointer parent, parent_bits;
      gboolean covered;

      if (branch->kind != ORR_SOURCE_BRANCH)
        continue;
      owner = g_ptr_array_index (c->flat, branch->block);
      if (owner == fb || owner->continuous || set_size (owner) == 0)
        continue;
      covered = TRUE;
      g_hash_table_iter_init (&parents, owner->activation);
      while (covered && g_hash_table_iter_next (&parents, &parent, &parent_bits))
        covered = g_hash_table_lookup (fb->activation, parent) == value;
      if (covered)
        {
          int index = owner->index;
          int id = GPOINTER_TO_INT (key);
          g_array_append_val (dropped, id);
          if (fb->after == NULL)
            fb->after = g_array_new (FALSE, FALSE, sizeof (int));
          g_array_append_val (fb->after, index);
        }
    }
  for (guint i = 0; i < dropped->len; i++)
    g_hash_table_remove (fb->activation, GINT_TO_POINTER (g_array_index (dropped, int, i)));
}

/* A block that only makes sense at a fixed sample rate (SampledData) must
 * be driven by SampleClocks of exactly that period and nothing else. */
static void
check_required_period (Compiler *c, FlatBlock *fb)
{
  double period = fb->config->required_period;
  gboolean ok = !fb->continuous && set_size (fb) > 0;
  GHashTableIter iter;
  gpointer key;

  if (ok)
    g_hash_table_iter_init (&iter, fb->activation);
  while (ok && g_hash_table_iter_next (&iter, &key, NULL))
    {
      SourceInfo *s = &g_array_index (c->sources, SourceInfo, GPOINTER_TO_INT (key));
      ok = s->kind == ORR_SOURCE_CLOCK && s->offset >= 0
           && fabs (s->period - period) <= 1e-9 * period;
    }
  if (!ok)
    {
      const char *ids[] = { fb->doc->id, NULL };
      orr_compiler_problem (c, ids, g_strdup (fb->path),
                            "must be driven by a SampleClock with period %g and nothing else "
                            "(it discretises for exactly that period)",
                            period);
    }
}

void
orr_compile_activations (Compiler *c)
{
  gboolean changed = TRUE;

  for (guint i = 0; i < c->flat->len; i++)
    {
      FlatBlock *fb = g_ptr_array_index (c->flat, i);
      OrrConfig *config = fb->config;

      if (fb->n_evin > 30)
        {
          const char *ids[] = { fb->doc->id, NULL };
          orr_compiler_problem (c, ids, g_strdup (fb->path),
                                "has %d activation inputs; at most 30 can be told apart",
                                fb->n_evin);
          continue;
        }
      explicit_activation (c, fb);
      if (config->always_active || config->nx > 0)
        fb->continuous = TRUE;
      /* A surface must be watched continuously, whatever drives it. */
      if (config->ng != 0 && !fb->explicit_activation)
        fb->continuous = TRUE;
    }

  while (changed)
    {
      changed = FALSE;
      for (guint i = 0; i < c->flat->len; i++)
        {
          FlatBlock *fb = g_ptr_array_index (c->flat, i);
          gboolean per_input = fb->config->inheritance == ORR_INHERIT_PER_INPUT;

          if (fb->explicit_activation || fb->config->kind == ORR_BLOCK_SAMPLE_CLOCK)
            continue;
          for (int p = 0; p < fb->n_in; p++)
            {
              FlatBlock *driver;
              GHashTableIter iter;
              gpointer key, value;
              int bit = per_input ? 1 << MIN (p, 30) : 1;

              if (fb->in_block[p] < 0)
                continue;
              driver = g_ptr_array_index (c->flat, fb->in_block[p]);
              if (driver->continuous && !fb->continuous)
                {
                  fb->continuous = TRUE;
                  changed = TRUE;
                }
              if (driver->activation == NULL)
                continue;
              g_hash_table_iter_init (&iter, driver->activation);
              while (g_hash_table_iter_next (&iter, &key, &value))
                if (merge_into (fb, GPOINTER_TO_INT (key), bit))
                  changed = TRUE;
            }
        }
    }

  for (guint i = 0; i < c->flat->len; i++)
    {
      FlatBlock *fb = g_ptr_array_index (c->flat, i);
      fb->constant = !fb->continuous && set_size (fb) == 0 && !fb->explicit_activation
                     && fb->config->kind != ORR_BLOCK_SAMPLE_CLOCK;
      if (fb->config->required_period > 0)
        check_required_period (c, fb);
    }
  /* after all sets are final: a block's set is compared with its
   * conditional's */
  for (guint i = 0; i < c->flat->len; i++)
    drop_redundant_branches (c, g_ptr_array_index (c->flat, i));
}
