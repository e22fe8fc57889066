/* square-wave.c: SquareWave, +amplitude for the first part of each period
 * (the duty cycle), -amplitude for the rest, after a phase delay.
 *
 * The output jumps at every edge. The block is always active, holds the
 * segment between two edges as its mode and gives the solver the surface
 * "time to the next edge" (pulse-train.h), so a variable-step solver stops
 * exactly at each edge and never integrates across one. The delay only
 * shifts the wave: before it the wave runs as it would have. */
#include "sources-classes.h"
#include "orr-block-params.h"
#include "pulse-train.h"

#include <string.h>

enum
{
  RPAR_PERIOD,
  RPAR_WIDTH,
  RPAR_DELAY,
  RPAR_AMPLITUDE, /* then one per element */
};

static const OrrParamSpec square_wave_params[] = {
  { "amplitude", "Amplitude", "1",
    "The output is +amplitude, then -amplitude: a scalar, or a matrix giving the output's "
    "size." },
  { "period", "Period", "1", "The period in seconds, greater than 0." },
  { "duty", "Duty cycle (%)", "50",
    "The part of each period spent at +amplitude, in percent, strictly between 0 and 100." },
  { "delay", "Phase delay", "0",
    "The time of a rising edge, in seconds: the wave is shifted by this much." },
};

static gboolean
square_wave_configure (OrrConfig *config, GError **error)
{
  const double *amplitude;
  OrrPulseTrain train;
  int rows, cols;
  g_autofree double *rpar = NULL;

  if (!orr_param_get_matrix (config, "amplitude", &amplitude, &rows, &cols, error)
      || !orr_pulse_train_read (config, "duty", &train, error))
    return FALSE;

  orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
  orr_config_set_always_active (config, TRUE);
  orr_config_set_surfaces (config, 1, 1);
  rpar = g_new (double, RPAR_AMPLITUDE + rows * cols);
  rpar[RPAR_PERIOD] = train.period;
  rpar[RPAR_WIDTH] = train.width;
  rpar[RPAR_DELAY] = train.delay;
  memcpy (rpar + RPAR_AMPLITUDE, amplitude, rows * cols * sizeof (double));
  orr_config_set_rpar (config, rpar, RPAR_AMPLITUDE + rows * cols);
  return TRUE;
}

static void
square_wave_simulate (OrrSimBlock *block, OrrJob job)
{
  OrrPulseTrain train
    = { block->rpar[RPAR_PERIOD], block->rpar[RPAR_WIDTH], block->rpar[RPAR_DELAY] };
  double t = orr_block_get_time (block);
  int segment;

  /* Held while the solver integrates, so trial points past an edge still
   * see the level before it. */
  if (block->nmode > 0 && orr_block_modes_fixed (block))
    segment = block->mode[0];
  else
    segment = orr_pulse_train_segment (&train, t);

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        {
          int n = orr_block_out_numel (block, 0);
          double sign = orr_pulse_train_is_high (segment) ? 1.0 : -1.0;
          double *y = orr_block_real_out (block, 0);

          for (int i = 0; i < n; i++)
            y[i] = sign * block->rpar[RPAR_AMPLITUDE + i];
        }
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        if (block->nmode > 0 && !orr_block_modes_fixed (block))
          block->mode[0] = segment;
        if (block->ng > 0)
          block->g[0] = orr_pulse_train_surface (&train, segment, t);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_square_wave_class = {
  .name = "SquareWave",
  .palette = "Sources",
  .label = "Square wave",
  .description = "Alternates between +amplitude and -amplitude with a given period and duty cycle.",
  .icon_text = "square",
  .params = square_wave_params,
  .n_params = G_N_ELEMENTS (square_wave_params),
  .configure = square_wave_configure,
  .simulate = square_wave_simulate,
};
