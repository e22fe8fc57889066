/* random-uniform.c: RandomUniform, a new uniformly distributed value in
 * [min, max) at each activation, reproducible from its seed
 * (random-source.h). */
#include "sources-classes.h"
#include "orr-block-params.h"
#include "random-source.h"

#include <math.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec random_uniform_params[] = {
  { "min", N_ ("Minimum"), "0",
    N_ ("The lower end of the range: a scalar, or a matrix giving the output's size.") },
  { "max", N_ ("Maximum"), "1",
    N_ ("The upper end of the range, not below the minimum: a scalar or a matrix of the output's "
        "size.") },
  { "seed", N_ ("Seed"), "0",
    N_ (
      "A whole number from 0 to 2147483647; the same seed gives the same sequence in every run.") },
};

static double
draw (GRand *rand, double min, double max)
{
  return min + (max - min) * g_rand_double (rand);
}

static gboolean
random_uniform_check (double min, double max, GError **error)
{
  if (!isfinite (min) || !isfinite (max))
    {
      orr_param_set_error (error, isfinite (min) ? "max" : "min", "must be finite");
      return FALSE;
    }
  if (max < min)
    {
      orr_param_set_error (error, "max", "must not be below the minimum (%g), not %g", min, max);
      return FALSE;
    }
  return TRUE;
}

static const OrrRandomSource random_uniform_source = {
  .names = { "min", "max" },
  .check = random_uniform_check,
  .draw = draw,
};

static gboolean
random_uniform_configure (OrrConfig *config, GError **error)
{
  return orr_random_source_configure (config, &random_uniform_source, error);
}

static void
random_uniform_simulate (OrrSimBlock *block, OrrJob job)
{
  orr_random_source_simulate (block, job, &random_uniform_source);
}

const OrrBlockClass orr_random_uniform_class = {
  .name = "RandomUniform",
  .palette = N_ ("Sources"),
  .label = N_ ("Random uniform"),
  .description = N_ ("A new uniformly distributed random value at each activation, from a seed."),
  .icon_text = "rand",
  .params = random_uniform_params,
  .n_params = G_N_ELEMENTS (random_uniform_params),
  .configure = random_uniform_configure,
  .simulate = random_uniform_simulate,
};
