/* random-source.c: a seeded random value per activation (see
 * random-source.h). */
#include "random-source.h"
#include "orr-block-params.h"
#include "sources-params.h"

#include <string.h>

gboolean
orr_random_source_configure (OrrConfig *config, const OrrRandomSource *source, GError **error)
{
  g_autofree double *p = NULL;
  g_autofree double *z0 = NULL;
  g_autoptr (GRand) rand = NULL;
  int rows, cols, n, seed;

  p = orr_sources_get_broadcast (config, source->names, 2, &rows, &cols, error);
  if (p == NULL || !orr_param_get_int_range (config, "seed", 0, G_MAXINT, &seed, error))
    return FALSE;
  n = rows * cols;
  for (int i = 0; i < n; i++)
    if (!source->check (p[i], p[n + i], error))
      return FALSE;

  orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
  orr_config_set_event_ports (config, 1, 0);
  rand = g_rand_new_with_seed ((guint32)seed);
  z0 = g_new (double, MAX (n, 1));
  for (int i = 0; i < n; i++)
    z0[i] = source->draw (rand, p[i], p[n + i]);
  orr_config_set_discrete_states (config, n, z0);
  orr_config_set_rpar (config, p, 2 * n);
  orr_config_set_ipar (config, &seed, 1);
  return TRUE;
}

void
orr_random_source_simulate (OrrSimBlock *block, OrrJob job, const OrrRandomSource *source)
{
  int n = block->nz;
  const double *a = block->rpar, *b = block->rpar + n;

  switch (job)
    {
      case ORR_JOB_INIT:
        block->work = g_rand_new_with_seed ((guint32)block->ipar[0]);
        /* The first draw is already the initial state. */
        for (int i = 0; i < n; i++)
          source->draw (block->work, a[i], b[i]);
        break;

      case ORR_JOB_OUTPUTS:
        memcpy (orr_block_real_out (block, 0), block->z, n * sizeof (double));
        break;

      case ORR_JOB_STATE_UPDATE:
        if (block->nevprt > 0 && block->work != NULL)
          for (int i = 0; i < n; i++)
            block->z[i] = source->draw (block->work, a[i], b[i]);
        break;

      case ORR_JOB_TERMINATE:
        g_clear_pointer (&block->work, g_rand_free);
        break;

      default:
        break;
    }
}
