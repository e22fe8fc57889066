/* end.c: End, ends the simulation when activated, or at a given time.
 *
 * Activation input 1 stops the run at the time of its event (after the
 * rest of that event has run). With a finite `time`, the block also stops
 * the run by itself then: it programs an event on its activation output at
 * the exit of initialisation, and that output is fed back to its
 * activation input 2 (the compiler adds that link, as for EventClock;
 * drawing it by hand is harmless). Blocks driven by the output run at the
 * stop time as part of that last event.
 *
 * Restarting the simulation (Activate's second action) needs support from
 * the simulator that does not exist yet, so configure refuses it rather
 * than silently stopping. */
#include "activation-classes.h"
#include "orr-block-params.h"

#include <math.h>

enum
{
  ACTION_STOP = 1,
  ACTION_RESTART = 2,
};

static const char *const action_choices[] = { "Stop", "Restart", NULL };

static const OrrParamSpec end_params[] = {
  { "action", "Action", "1", "1: end the simulation; 2: restart it (not available yet).",
    ORR_PARAM_CHOICE, action_choices },
  { "time", "Stop time", "Inf",
    "The run also ends at this time, in seconds, without any activation; Inf: only when "
    "activated (the run ends at the final time anyway). A time before the start ends the run "
    "at once." },
};

static gboolean
end_configure (OrrConfig *config, GError **error)
{
  int action;
  double time;

  if (!orr_param_get_int_range (config, "action", ACTION_STOP, ACTION_RESTART, &action, error)
      || !orr_config_get_double (config, "time", &time, error))
    return FALSE;
  if (action == ACTION_RESTART)
    {
      orr_param_set_error (error, "action", "must be 1 (stop): restart is not available yet");
      return FALSE;
    }
  if (isnan (time) || time == -INFINITY)
    {
      orr_param_set_error (error, "time", "must be a time or Inf, not %g", time);
      return FALSE;
    }
  if (isfinite (time))
    {
      /* Output 1 comes back as a hidden input (bit 2): the block's own
       * timer. */
      orr_config_set_event_ports (config, 1, 1);
      orr_config_set_self_activation (config, 0);
      orr_param_label_from (config, "time");
    }
  else
    orr_config_set_event_ports (config, 1, 0);
  orr_config_set_rpar (config, &time, 1);
  return TRUE;
}

static void
end_simulate (OrrSimBlock *block, OrrJob job)
{
  double t = orr_block_get_time (block);
  double time = block->rpar[0];

  switch (job)
    {
      case ORR_JOB_EVENTS:
        if (orr_block_is_exit_init (block) && block->n_evout > 0)
          block->evout[0] = MAX (0.0, time - t);
        break;

      case ORR_JOB_OUTPUTS:
        if (block->nevprt > 0 && !orr_block_in_try_phase (block))
          orr_block_request_stop (block);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_end_class = {
  .name = "End",
  .palette = "Activation",
  .label = "End",
  .description = "Ends the simulation when activated, or at a given time.",
  .icon_text = "END",
  .params = end_params,
  .n_params = G_N_ELEMENTS (end_params),
  .configure = end_configure,
  .simulate = end_simulate,
};
