/* initial-event.c: InitialEvent, one event at the start time.
 *
 * It is a SampleClock of period -1 ("initial only") under another name, so
 * the compiler handles it as one: its event is synchronous with the first
 * tick of the sample clocks, and blocks driven by both run once at the
 * start, not twice. No parameters, no simulation function. */
#include "activation-classes.h"

#include <glib/gi18n-lib.h>

static gboolean
initial_event_configure (OrrConfig *config, GError **error)
{
  const double rpar[2] = { -1, 0 }; /* period -1: initial only; offset 0 */

  orr_config_set_kind (config, ORR_BLOCK_SAMPLE_CLOCK);
  orr_config_set_event_ports (config, 0, 1);
  orr_config_set_rpar (config, rpar, 2);
  return TRUE;
}

const OrrBlockClass orr_initial_event_class = {
  .name = "InitialEvent",
  .palette = N_ ("Activation"),
  .label = N_ ("Initial event"),
  .description = N_ ("One event at the start of the simulation."),
  .icon_text = "t₀",
  .params = NULL,
  .n_params = 0,
  .configure = initial_event_configure,
  .simulate = NULL,
};
