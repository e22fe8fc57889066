/* event-variable-delay.c: EventVariableDelay, re-emits each activation after
 * a delay read from its input at that moment.
 *
 * Like EventDelay, its output holds one pending event, so an activation
 * that comes while one is pending replaces it. A negative delay programs
 * nothing; it cannot cancel the pending event either (the simulator treats
 * a negative delay as "nothing to program"). */
#include "activation-classes.h"
#include "orr-block-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec event_variable_delay_params[] = {
  { "initial", N_ ("Initial output event"), "-1",
    N_ ("The time of an output event programmed at the start, without any input; negative for "
        "none.") },
};

static gboolean
event_variable_delay_configure (OrrConfig *config, GError **error)
{
  double initial;

  if (!orr_param_get_finite (config, "initial", &initial, error))
    return FALSE;
  /* The block has no regular output, so calling the input feedthrough
   * creates no loop; it makes sure the delay is computed before the
   * block reads it, also inside a conditional branch. */
  orr_config_add_input (config, 1, 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_set_event_ports (config, 1, 1);
  orr_config_set_rpar (config, &initial, 1);
  return TRUE;
}

static void
event_variable_delay_simulate (OrrSimBlock *block, OrrJob job)
{
  double t = orr_block_get_time (block);
  double initial = block->rpar[0];

  if (job != ORR_JOB_EVENTS)
    return;
  if (orr_block_is_exit_init (block))
    {
      if (initial >= 0 && initial >= t)
        block->evout[0] = initial - t;
    }
  else if (block->nevprt > 0)
    {
      double delay = orr_block_real_in (block, 0)[0];

      /* NaN compares false: no event, like a negative delay. */
      if (delay >= 0 && isfinite (delay))
        block->evout[0] = delay;
    }
}

const OrrBlockClass orr_event_variable_delay_class = {
  .name = "EventVariableDelay",
  .palette = N_ ("Activation"),
  .label = N_ ("Event variable delay"),
  .description = N_ ("Delays each activation by the time on its input; a negative delay gives no "
                     "event."),
  .icon_text = "Δt(u)",
  .params = event_variable_delay_params,
  .n_params = G_N_ELEMENTS (event_variable_delay_params),
  .configure = event_variable_delay_configure,
  .simulate = event_variable_delay_simulate,
};
