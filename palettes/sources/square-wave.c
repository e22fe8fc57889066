/* square-wave.c: SquareWave, +amplitude for the first part of each period
 * (the duty cycle), -amplitude for the rest, after a phase delay.
 *
 * The output jumps at every edge. The block is always active, holds the
 * segment between two edges as its mode and gives the solver the surface
 * "time to the next edge" (pulse-train.h), so a variable-step solver stops
 * exactly at each edge and never integrates across one. The delay only
 * shifts the wave: before it the wave runs as it would have. */
#include "sources-classes.h"
#include "pulse-train.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec square_wave_params[] = {
  { "amplitude", N_ ("Amplitude"), "1",
    N_ ("The output is +amplitude, then -amplitude: a scalar, or a matrix giving the output's "
        "size.") },
  { "period", N_ ("Period"), "1", N_ ("The period in seconds, greater than 0.") },
  { "duty", N_ ("Duty cycle (%)"), "50",
    N_ ("The part of each period spent at +amplitude, in percent, strictly between 0 and 100.") },
  { "delay", N_ ("Phase delay"), "0",
    N_ ("The time of a rising edge, in seconds: the wave is shifted by this much.") },
};

static gboolean
square_wave_configure (OrrConfig *config, GError **error)
{
  return orr_pulse_train_configure (config, "duty", error);
}

static void
square_wave_simulate (OrrSimBlock *block, OrrJob job)
{
  orr_pulse_train_simulate (block, job, TRUE);
}

const OrrBlockClass orr_square_wave_class = {
  .name = "SquareWave",
  .palette = N_ ("Sources"),
  .label = N_ ("Square wave"),
  .description
  = N_ ("Alternates between +amplitude and -amplitude with a given period and duty cycle."),
  .icon_text = "square",
  .params = square_wave_params,
  .n_params = G_N_ELEMENTS (square_wave_params),
  .configure = square_wave_configure,
  .simulate = square_wave_simulate,
};
