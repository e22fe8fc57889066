/* sawtooth.c: Sawtooth, rises linearly from 0 to the amplitude over each
 * period, then drops back to 0: y = amplitude (t - k P) / P for
 * k P <= t < (k + 1) P.
 *
 * The drop is a jump. The block is always active, holds the period number k
 * as its mode and gives the solver the surface (k + 1) P - t, so a
 * variable-step solver integrates one ramp at a time and stops exactly at
 * each reset. */
#include "sources-classes.h"
#include "orr-block-params.h"
#include "sources-params.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec sawtooth_params[] = {
  { "period", N_ ("Period"), "1", N_ ("The time between resets, in seconds, greater than 0.") },
  { "amplitude", N_ ("Amplitude"), "1",
    N_ ("The value reached just before each reset: a scalar, or a matrix giving the output's "
        "size.") },
};

static gboolean
sawtooth_configure (OrrConfig *config, GError **error)
{
  const double *amplitude;
  double period;
  int rows, cols;
  g_autofree double *rpar = NULL;

  if (!orr_sources_get_positive (config, "period", &period, error)
      || !orr_param_get_matrix (config, "amplitude", &amplitude, &rows, &cols, error))
    return FALSE;

  orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
  orr_config_set_always_active (config, TRUE);
  orr_config_set_surfaces (config, 1, 1);
  /* rpar = period, amplitudes */
  rpar = g_new (double, 1 + rows * cols);
  rpar[0] = period;
  memcpy (rpar + 1, amplitude, rows * cols * sizeof (double));
  orr_config_set_rpar (config, rpar, 1 + rows * cols);
  return TRUE;
}

/* The period number k with k P <= t < (k + 1) P, computed with the same
 * products the surface uses so that the two agree at the resets. */
static int
period_number (double t, double period)
{
  double k;

  if (!isfinite (t))
    return 0;
  k = floor (t / period);
  for (int tries = 0; tries < 4 && t < k * period; tries++)
    k -= 1;
  for (int tries = 0; tries < 4 && t >= (k + 1) * period; tries++)
    k += 1;
  return (int)CLAMP (k, -(double)G_MAXINT + 2, (double)G_MAXINT - 2);
}

static void
sawtooth_simulate (OrrSimBlock *block, OrrJob job)
{
  double t = orr_block_get_time (block);
  double period = block->rpar[0];
  int k;

  if (block->nmode > 0 && orr_block_modes_fixed (block))
    k = block->mode[0];
  else
    k = period_number (t, period);

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        {
          int n = orr_block_out_numel (block, 0);
          double phase = (t - k * period) / period;
          double *y = orr_block_real_out (block, 0);

          for (int i = 0; i < n; i++)
            y[i] = block->rpar[1 + i] * phase;
        }
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        if (block->nmode > 0 && !orr_block_modes_fixed (block))
          block->mode[0] = k;
        if (block->ng > 0)
          block->g[0] = ((double)k + 1) * period - t;
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_sawtooth_class = {
  .name = "Sawtooth",
  .palette = N_ ("Sources"),
  .label = N_ ("Sawtooth"),
  .description = N_ ("Rises linearly from 0 to the amplitude over each period, then drops back."),
  .icon_text = "saw",
  .params = sawtooth_params,
  .n_params = G_N_ELEMENTS (sawtooth_params),
  .configure = sawtooth_configure,
  .simulate = sawtooth_simulate,
};
