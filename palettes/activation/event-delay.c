/* event-delay.c: EventDelay, re-emits each activation after a delay.
 *
 * Its output is one activation port and a port holds one pending event,
 * so an activation that arrives while an event is pending replaces it: an
 * input faster than the delay loses events (SEMANTICS.md section 4). It
 * can also emit an initial event, which is what closes a feedback loop
 * such as EventUnion -> EventDelay -> EventUnion into a clock. */
#include "activation-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec event_delay_params[] = {
  { "delay", N_ ("Delay"), "1", N_ ("The time between an activation and its output event, > 0.") },
  { "initial", N_ ("Initial output event"), "-1",
    N_ ("The time of an output event programmed at the start, without any input; negative for "
        "none.") },
};

static gboolean
event_delay_configure (OrrConfig *config, GError **error)
{
  double rpar[2];

  if (!orr_param_get_finite (config, "delay", &rpar[0], error)
      || !orr_param_get_finite (config, "initial", &rpar[1], error))
    return FALSE;
  /* A zero delay would re-fire at the same time forever in a loop. */
  if (rpar[0] <= 0)
    {
      orr_param_set_error (error, "delay", "must be positive, not %g", rpar[0]);
      return FALSE;
    }
  orr_config_set_event_ports (config, 1, 1);
  orr_config_set_rpar (config, rpar, 2);
  orr_param_label_from (config, "delay");
  return TRUE;
}

static void
event_delay_simulate (OrrSimBlock *block, OrrJob job)
{
  double t = orr_block_get_time (block);
  double delay = block->rpar[0];
  double initial = block->rpar[1];

  if (job != ORR_JOB_EVENTS)
    return;
  if (orr_block_is_exit_init (block))
    {
      /* initial is a time, not a delay: the same number whatever the
       * start time. */
      if (initial >= 0 && initial >= t)
        block->evout[0] = initial - t;
    }
  else if (block->nevprt > 0)
    block->evout[0] = delay;
}

const OrrBlockClass orr_event_delay_class = {
  .name = "EventDelay",
  .palette = N_ ("Activation"),
  .label = N_ ("Event delay"),
  .description = N_ ("Delays each activation by a fixed time."),
  .icon_text = "Δt",
  .params = event_delay_params,
  .n_params = G_N_ELEMENTS (event_delay_params),
  .configure = event_delay_configure,
  .simulate = event_delay_simulate,
};
