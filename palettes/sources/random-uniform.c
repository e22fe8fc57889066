/* random-uniform.c: RandomUniform, a new uniformly distributed value in
 * [min, max) at each activation.
 *
 * Reproducible: the block owns a generator (a GRand in block->work, created
 * in init from the seed and freed in terminate), so the same seed gives the
 * same sequence in every run, whatever else the model does. The value shown
 * lives in the discrete state: the outputs job shows it and the state
 * update draws the next one, so the k-th activation outputs the k-th draw
 * even if the outputs job runs twice. The first draw is made in configure,
 * from the same seed, as the state's initial value; init then skips it. */
#include "sources-classes.h"
#include "orr-block-params.h"
#include "sources-params.h"

#include <math.h>
#include <string.h>

static const char *const uniform_values[] = { "min", "max" };

static const OrrParamSpec random_uniform_params[] = {
  { "min", "Minimum", "0",
    "The lower end of the range: a scalar, or a matrix giving the output's size." },
  { "max", "Maximum", "1",
    "The upper end of the range, not below the minimum: a scalar or a matrix of the output's "
    "size." },
  { "seed", "Seed", "0",
    "A whole number from 0 to 2147483647; the same seed gives the same sequence in every run." },
};

static double
draw (GRand *rand, double min, double max)
{
  return min + (max - min) * g_rand_double (rand);
}

static gboolean
random_uniform_configure (OrrConfig *config, GError **error)
{
  g_autofree double *range = NULL;
  g_autofree double *z0 = NULL;
  g_autoptr (GRand) rand = NULL;
  int rows, cols, n, seed;

  range = orr_sources_get_broadcast (config, uniform_values, 2, &rows, &cols, error);
  if (range == NULL || !orr_param_get_int_range (config, "seed", 0, G_MAXINT, &seed, error))
    return FALSE;
  n = rows * cols;
  for (int i = 0; i < n; i++)
    {
      if (!isfinite (range[i]) || !isfinite (range[n + i]))
        {
          orr_param_set_error (error, isfinite (range[i]) ? "max" : "min", "must be finite");
          return FALSE;
        }
      if (range[n + i] < range[i])
        {
          orr_param_set_error (error, "max", "must not be below the minimum (%g), not %g", range[i],
                               range[n + i]);
          return FALSE;
        }
    }

  orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
  orr_config_set_event_ports (config, 1, 0);
  rand = g_rand_new_with_seed ((guint32)seed);
  z0 = g_new (double, MAX (n, 1));
  for (int i = 0; i < n; i++)
    z0[i] = draw (rand, range[i], range[n + i]);
  orr_config_set_discrete_states (config, n, z0);
  /* rpar = minima, maxima */
  orr_config_set_rpar (config, range, 2 * n);
  orr_config_set_ipar (config, &seed, 1);
  return TRUE;
}

static void
random_uniform_simulate (OrrSimBlock *block, OrrJob job)
{
  int n = block->nz;
  const double *min = block->rpar, *max = block->rpar + n;

  switch (job)
    {
      case ORR_JOB_INIT:
        block->work = g_rand_new_with_seed ((guint32)block->ipar[0]);
        /* The first draw is already the initial state. */
        for (int i = 0; i < n; i++)
          draw (block->work, min[i], max[i]);
        break;

      case ORR_JOB_OUTPUTS:
        memcpy (orr_block_real_out (block, 0), block->z, n * sizeof (double));
        break;

      case ORR_JOB_STATE_UPDATE:
        if (block->nevprt > 0 && block->work != NULL)
          for (int i = 0; i < n; i++)
            block->z[i] = draw (block->work, min[i], max[i]);
        break;

      case ORR_JOB_TERMINATE:
        g_clear_pointer (&block->work, g_rand_free);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_random_uniform_class = {
  .name = "RandomUniform",
  .palette = "Sources",
  .label = "Random uniform",
  .description = "A new uniformly distributed random value at each activation, from a seed.",
  .icon_text = "rand",
  .params = random_uniform_params,
  .n_params = G_N_ELEMENTS (random_uniform_params),
  .configure = random_uniform_configure,
  .simulate = random_uniform_simulate,
};
