/* random-normal.c: RandomNormal, a new normally distributed value at each
 * activation.
 *
 * Like RandomUniform (see random-uniform.c): a GRand per block seeded in
 * init, the current value in the discrete state, the first draw made in
 * configure. Each normal value comes from two uniform ones by the
 * Box-Muller transform, using only its cosine half so that every draw
 * consumes the generator the same way. */
#include "sources-classes.h"
#include "orr-block-params.h"
#include "sources-params.h"

#include <math.h>
#include <string.h>

static const char *const normal_values[] = { "mean", "deviation" };

static const OrrParamSpec random_normal_params[] = {
  { "mean", "Mean", "0", "The mean: a scalar, or a matrix giving the output's size." },
  { "deviation", "Standard deviation", "1",
    "The standard deviation, 0 or more: a scalar or a matrix of the output's size." },
  { "seed", "Seed", "0",
    "A whole number from 0 to 2147483647; the same seed gives the same sequence in every run." },
};

static double
draw (GRand *rand, double mean, double deviation)
{
  /* u1 in (0, 1], so that the logarithm is finite */
  double u1 = 1.0 - g_rand_double (rand);
  double u2 = g_rand_double (rand);

  return mean + deviation * sqrt (-2.0 * log (u1)) * cos (2.0 * G_PI * u2);
}

static gboolean
random_normal_configure (OrrConfig *config, GError **error)
{
  g_autofree double *p = NULL;
  g_autofree double *z0 = NULL;
  g_autoptr (GRand) rand = NULL;
  int rows, cols, n, seed;

  p = orr_sources_get_broadcast (config, normal_values, 2, &rows, &cols, error);
  if (p == NULL || !orr_param_get_int_range (config, "seed", 0, G_MAXINT, &seed, error))
    return FALSE;
  n = rows * cols;
  for (int i = 0; i < n; i++)
    {
      if (!isfinite (p[i]))
        {
          orr_param_set_error (error, "mean", "must be finite");
          return FALSE;
        }
      if (!isfinite (p[n + i]) || p[n + i] < 0)
        {
          orr_param_set_error (error, "deviation", "must be finite and 0 or more, not %g",
                               p[n + i]);
          return FALSE;
        }
    }

  orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
  orr_config_set_event_ports (config, 1, 0);
  rand = g_rand_new_with_seed ((guint32)seed);
  z0 = g_new (double, MAX (n, 1));
  for (int i = 0; i < n; i++)
    z0[i] = draw (rand, p[i], p[n + i]);
  orr_config_set_discrete_states (config, n, z0);
  /* rpar = means, deviations */
  orr_config_set_rpar (config, p, 2 * n);
  orr_config_set_ipar (config, &seed, 1);
  return TRUE;
}

static void
random_normal_simulate (OrrSimBlock *block, OrrJob job)
{
  int n = block->nz;
  const double *mean = block->rpar, *deviation = block->rpar + n;

  switch (job)
    {
      case ORR_JOB_INIT:
        block->work = g_rand_new_with_seed ((guint32)block->ipar[0]);
        /* The first draw is already the initial state. */
        for (int i = 0; i < n; i++)
          draw (block->work, mean[i], deviation[i]);
        break;

      case ORR_JOB_OUTPUTS:
        memcpy (orr_block_real_out (block, 0), block->z, n * sizeof (double));
        break;

      case ORR_JOB_STATE_UPDATE:
        if (block->nevprt > 0 && block->work != NULL)
          for (int i = 0; i < n; i++)
            block->z[i] = draw (block->work, mean[i], deviation[i]);
        break;

      case ORR_JOB_TERMINATE:
        g_clear_pointer (&block->work, g_rand_free);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_random_normal_class = {
  .name = "RandomNormal",
  .palette = "Sources",
  .label = "Random normal",
  .description = "A new normally distributed random value at each activation, from a seed.",
  .icon_text = "randn",
  .params = random_normal_params,
  .n_params = G_N_ELEMENTS (random_normal_params),
  .configure = random_normal_configure,
  .simulate = random_normal_simulate,
};
