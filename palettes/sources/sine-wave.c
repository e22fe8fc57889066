/* sine-wave.c: SineWave, y = amplitude sin(frequency t + phase) + bias.
 *
 * As in Activate's sine generator the frequency is angular, in rad/s, and
 * the phase in radians. Every parameter is a scalar or a matrix of the
 * output's size. The block is always active and has no state: the output
 * is a function of time alone, smooth, so it needs no surfaces. */
#include "sources-classes.h"
#include "sources-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

enum
{
  AMPLITUDE,
  FREQUENCY,
  PHASE,
  BIAS,
  N_VALUES,
};

static const char *const sine_values[N_VALUES] = { "amplitude", "frequency", "phase", "bias" };

static const OrrParamSpec sine_wave_params[] = {
  { "amplitude", N_ ("Amplitude"), "1",
    N_ ("The peak value above the bias: a scalar, or a matrix giving the output's size.") },
  { "frequency", N_ ("Frequency (rad/s)"), "1",
    N_ ("The angular frequency in radians per second (2*pi*f for f in Hz): a scalar or a matrix "
        "of the output's size.") },
  { "phase", N_ ("Phase (rad)"), "0",
    N_ ("The phase at t = 0, in radians: a scalar or a matrix of the output's size.") },
  { "bias", N_ ("Bias"), "0",
    N_ ("A constant added to the sine: a scalar or a matrix of the output's size.") },
};

static gboolean
sine_wave_configure (OrrConfig *config, GError **error)
{
  g_autofree double *values = NULL;
  int rows, cols;

  values = orr_sources_get_broadcast (config, sine_values, N_VALUES, &rows, &cols, error);
  if (values == NULL)
    return FALSE;
  for (int i = 0; i < N_VALUES * rows * cols; i++)
    if (!isfinite (values[i]))
      {
        g_set_error (error, ORR_CONFIG_ERROR, ORR_CONFIG_ERROR_PARAMETER,
                     "parameter '%s' must be finite", sine_values[i / (rows * cols)]);
        return FALSE;
      }

  orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
  orr_config_set_always_active (config, TRUE);
  /* rpar = amplitudes, frequencies, phases, biases, each rows * cols */
  orr_config_set_rpar (config, values, N_VALUES * rows * cols);
  return TRUE;
}

static void
sine_wave_simulate (OrrSimBlock *block, OrrJob job)
{
  double t = orr_block_get_time (block);
  int n;
  const double *p;
  double *y;

  if (job != ORR_JOB_OUTPUTS)
    return;
  n = orr_block_out_numel (block, 0);
  p = block->rpar;
  y = orr_block_real_out (block, 0);
  for (int i = 0; i < n; i++)
    y[i]
      = p[AMPLITUDE * n + i] * sin (p[FREQUENCY * n + i] * t + p[PHASE * n + i]) + p[BIAS * n + i];
}

const OrrBlockClass orr_sine_wave_class = {
  .name = "SineWave",
  .palette = N_ ("Sources"),
  .label = N_ ("Sine wave"),
  .description = N_ ("A sine wave of given amplitude, angular frequency, phase and bias."),
  .icon_text = "sin",
  .params = sine_wave_params,
  .n_params = G_N_ELEMENTS (sine_wave_params),
  .configure = sine_wave_configure,
  .simulate = sine_wave_simulate,
};
