/* ramp.c: Ramp, y = initial + slope * max(0, t - start).
 *
 * The slope changes at the start time. The block is always active with a
 * surface g = t - start and a mode (before or after), so that a
 * variable-step solver integrates each side as one smooth piece and stops
 * exactly at the corner. */
#include "sources-classes.h"
#include "sources-params.h"
#include "orr-block-params.h"

#include <string.h>
#include <glib/gi18n-lib.h>

enum
{
  MODE_BEFORE = 1,
  MODE_AFTER = 2,
};

static const char *const ramp_values[] = { "slope", "initial" };

static const OrrParamSpec ramp_params[] = {
  { "slope", N_ ("Slope"), "1",
    N_ ("The rate of change after the start time, per second: a scalar, or a matrix giving the "
        "output's size.") },
  { "start", N_ ("Start time"), "0", N_ ("When the output starts to change, in seconds.") },
  { "initial", N_ ("Initial output"), "0",
    N_ ("The output up to the start time: a scalar, or a matrix of the output's size.") },
};

static gboolean
ramp_configure (OrrConfig *config, GError **error)
{
  g_autofree double *values = NULL;
  g_autofree double *rpar = NULL;
  double start;
  int rows, cols, n;

  if (!orr_param_get_finite (config, "start", &start, error))
    return FALSE;
  values = orr_sources_get_broadcast (config, ramp_values, 2, &rows, &cols, error);
  if (values == NULL)
    return FALSE;

  orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
  orr_config_set_always_active (config, TRUE);
  orr_config_set_surfaces (config, 1, 1);
  /* rpar = start, slopes, initial outputs */
  n = rows * cols;
  rpar = g_new (double, 1 + 2 * n);
  rpar[0] = start;
  memcpy (rpar + 1, values, 2 * n * sizeof (double));
  orr_config_set_rpar (config, rpar, 1 + 2 * n);
  return TRUE;
}

static void
ramp_simulate (OrrSimBlock *block, OrrJob job)
{
  double t = orr_block_get_time (block);
  double start = block->rpar[0];
  int mode;

  if (block->nmode > 0 && orr_block_modes_fixed (block))
    mode = block->mode[0];
  else
    mode = t >= start ? MODE_AFTER : MODE_BEFORE;

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        {
          int n = orr_block_out_numel (block, 0);
          const double *slope = block->rpar + 1, *initial = block->rpar + 1 + n;
          double *y = orr_block_real_out (block, 0);

          for (int i = 0; i < n; i++)
            y[i] = mode == MODE_AFTER ? initial[i] + slope[i] * (t - start) : initial[i];
        }
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        if (block->ng > 0)
          block->g[0] = t - start;
        if (block->nmode > 0 && !orr_block_modes_fixed (block))
          block->mode[0] = mode;
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_ramp_class = {
  .name = "Ramp",
  .palette = N_ ("Sources"),
  .label = N_ ("Ramp"),
  .description = N_ ("A constant output that starts rising at a given time with a given slope."),
  .icon_text = "ramp",
  .params = ramp_params,
  .n_params = G_N_ELEMENTS (ramp_params),
  .configure = ramp_configure,
  .simulate = ramp_simulate,
};
