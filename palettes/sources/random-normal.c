/* random-normal.c: RandomNormal, a new normally distributed value at each
 * activation, reproducible from its seed (random-source.h).
 *
 * Each normal value comes from two uniform ones by the Box-Muller
 * transform, using only its cosine half so that every draw consumes the
 * generator the same way. */
#include "sources-classes.h"
#include "orr-block-params.h"
#include "random-source.h"

#include <math.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec random_normal_params[] = {
  { "mean", N_ ("Mean"), "0", N_ ("The mean: a scalar, or a matrix giving the output's size.") },
  { "deviation", N_ ("Standard deviation"), "1",
    N_ ("The standard deviation, 0 or more: a scalar or a matrix of the output's size.") },
  { "seed", N_ ("Seed"), "0",
    N_ (
      "A whole number from 0 to 2147483647; the same seed gives the same sequence in every run.") },
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
random_normal_check (double mean, double deviation, GError **error)
{
  if (!isfinite (mean))
    {
      orr_param_set_error (error, "mean", "must be finite");
      return FALSE;
    }
  if (!isfinite (deviation) || deviation < 0)
    {
      orr_param_set_error (error, "deviation", "must be finite and 0 or more, not %g", deviation);
      return FALSE;
    }
  return TRUE;
}

static const OrrRandomSource random_normal_source = {
  .names = { "mean", "deviation" },
  .check = random_normal_check,
  .draw = draw,
};

static gboolean
random_normal_configure (OrrConfig *config, GError **error)
{
  return orr_random_source_configure (config, &random_normal_source, error);
}

static void
random_normal_simulate (OrrSimBlock *block, OrrJob job)
{
  orr_random_source_simulate (block, job, &random_normal_source);
}

const OrrBlockClass orr_random_normal_class = {
  .name = "RandomNormal",
  .palette = N_ ("Sources"),
  .label = N_ ("Random normal"),
  .description = N_ ("A new normally distributed random value at each activation, from a seed."),
  .icon_text = "randn",
  .params = random_normal_params,
  .n_params = G_N_ELEMENTS (random_normal_params),
  .configure = random_normal_configure,
  .simulate = random_normal_simulate,
};
