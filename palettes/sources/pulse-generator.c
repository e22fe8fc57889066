/* pulse-generator.c: PulseGenerator, the amplitude for the first part of
 * each period (the pulse width), 0 for the rest, after a phase delay.
 *
 * The same edges as SquareWave (pulse-train.h): always active, the segment
 * between two edges held as the mode, and a surface that stops a
 * variable-step solver exactly at the next edge. */
#include "sources-classes.h"
#include "pulse-train.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec pulse_generator_params[] = {
  { "amplitude", N_ ("Amplitude"), "1",
    N_ ("The output during a pulse (0 between pulses): a scalar, or a matrix giving the output's "
        "size.") },
  { "period", N_ ("Period"), "1",
    N_ ("The time from one pulse to the next, in seconds, greater than 0.") },
  { "width", N_ ("Pulse width (%)"), "50",
    N_ ("How long each pulse lasts, in percent of the period, strictly between 0 and 100.") },
  { "delay", N_ ("Phase delay"), "0",
    N_ ("The start of a pulse, in seconds: the pulse train is shifted by this much.") },
};

static gboolean
pulse_generator_configure (OrrConfig *config, GError **error)
{
  return orr_pulse_train_configure (config, "width", error);
}

static void
pulse_generator_simulate (OrrSimBlock *block, OrrJob job)
{
  orr_pulse_train_simulate (block, job, FALSE);
}

const OrrBlockClass orr_pulse_generator_class = {
  .name = "PulseGenerator",
  .palette = N_ ("Sources"),
  .label = N_ ("Pulse generator"),
  .description = N_ ("Periodic pulses of a given amplitude, period and width, 0 between them."),
  .icon_text = "pulse",
  .params = pulse_generator_params,
  .n_params = G_N_ELEMENTS (pulse_generator_params),
  .configure = pulse_generator_configure,
  .simulate = pulse_generator_simulate,
};
