/* pulse-generator.c: PulseGenerator, the amplitude for the first part of
 * each period (the pulse width), 0 for the rest, after a phase delay.
 *
 * The same edges as SquareWave (pulse-train.h): always active, the segment
 * between two edges held as the mode, and a surface that stops a
 * variable-step solver exactly at the next edge. */
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

static const OrrParamSpec pulse_generator_params[] = {
  { "amplitude", "Amplitude", "1",
    "The output during a pulse (0 between pulses): a scalar, or a matrix giving the output's "
    "size." },
  { "period", "Period", "1", "The time from one pulse to the next, in seconds, greater than 0." },
  { "width", "Pulse width (%)", "50",
    "How long each pulse lasts, in percent of the period, strictly between 0 and 100." },
  { "delay", "Phase delay", "0",
    "The start of a pulse, in seconds: the pulse train is shifted by this much." },
};

static gboolean
pulse_generator_configure (OrrConfig *config, GError **error)
{
  const double *amplitude;
  OrrPulseTrain train;
  int rows, cols;
  g_autofree double *rpar = NULL;

  if (!orr_param_get_matrix (config, "amplitude", &amplitude, &rows, &cols, error)
      || !orr_pulse_train_read (config, "width", &train, error))
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
pulse_generator_simulate (OrrSimBlock *block, OrrJob job)
{
  OrrPulseTrain train
    = { block->rpar[RPAR_PERIOD], block->rpar[RPAR_WIDTH], block->rpar[RPAR_DELAY] };
  double t = orr_block_get_time (block);
  int segment;

  if (block->nmode > 0 && orr_block_modes_fixed (block))
    segment = block->mode[0];
  else
    segment = orr_pulse_train_segment (&train, t);

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        {
          int n = orr_block_out_numel (block, 0);
          gboolean high = orr_pulse_train_is_high (segment);
          double *y = orr_block_real_out (block, 0);

          for (int i = 0; i < n; i++)
            y[i] = high ? block->rpar[RPAR_AMPLITUDE + i] : 0.0;
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

const OrrBlockClass orr_pulse_generator_class = {
  .name = "PulseGenerator",
  .palette = "Sources",
  .label = "Pulse generator",
  .description = "Periodic pulses of a given amplitude, period and width, 0 between them.",
  .icon_text = "pulse",
  .params = pulse_generator_params,
  .n_params = G_N_ELEMENTS (pulse_generator_params),
  .configure = pulse_generator_configure,
  .simulate = pulse_generator_simulate,
};
