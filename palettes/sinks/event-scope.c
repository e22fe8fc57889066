/* event-scope.c: EventScope, records the times of events.
 *
 * The block has n activation inputs and no data. For each activation
 * input that fires it records one sample of one value, the input's number
 * (1 ... n), at the event's time; inputs firing synchronously give one
 * sample each, in port order. The window draws them as marks on a time
 * axis of width `refresh` (rpar[0]). */
#include "sinks-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

/* nevprt has one bit per activation input; the compiler tells 31 apart. */
#define MAX_INPUTS 31

static const OrrParamSpec event_scope_params[] = {
  { "inputs", N_ ("Number of inputs"), "1", N_ ("How many activation inputs, 1 to 31.") },
  { "refresh", N_ ("Refresh period"), "10",
    N_ ("The width of the time axis, in seconds: the plot scrolls by this much when the marks "
        "reach its right edge.") },
};

static gboolean
event_scope_configure (OrrConfig *config, GError **error)
{
  int inputs;
  double refresh;

  if (!orr_param_get_int_range (config, "inputs", 1, MAX_INPUTS, &inputs, error)
      || !orr_param_get_finite (config, "refresh", &refresh, error))
    return FALSE;
  if (!(refresh > 0))
    {
      orr_param_set_error (error, "refresh", "must be positive, not %g", refresh);
      return FALSE;
    }
  orr_config_set_event_ports (config, inputs, 0);
  orr_config_set_rpar (config, &refresh, 1);
  return TRUE;
}

static void
event_scope_simulate (OrrSimBlock *block, OrrJob job)
{
  if (job != ORR_JOB_OUTPUTS || block->nevprt <= 0 || orr_block_in_try_phase (block))
    return;
  for (int i = 0; i < block->n_evin && i < MAX_INPUTS; i++)
    if (block->nevprt & (1 << i))
      {
        double port = i + 1;

        orr_block_record (block, &port, 1);
      }
}

const OrrBlockClass orr_event_scope_class = {
  .name = "EventScope",
  .palette = N_ ("Sinks"),
  .label = N_ ("Event scope"),
  .description = N_ ("Shows the times of the events on its activation inputs."),
  .icon_text = "┃┃┃",
  .params = event_scope_params,
  .n_params = G_N_ELEMENTS (event_scope_params),
  .configure = event_scope_configure,
  .simulate = event_scope_simulate,
};
