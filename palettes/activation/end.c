/* end.c: End, ends the simulation when activated, or at a given time;
 * or ends the run and asks for a new one.
 *
 * Activation input 1 ends the run at the time of its event (after the
 * rest of that event has run). With a finite `time`, the block also ends
 * the run by itself then: it programs an event on its activation output at
 * the exit of initialisation, and that output is fed back to its
 * activation input 2 (the compiler adds that link, as for EventClock;
 * drawing it by hand is harmless). Blocks driven by the output run at the
 * end time as part of that last event.
 *
 * With the action "restart" (Activate's second action), ending the run
 * asks whoever drives the runs (orr-runs.h, used by orrery-sim and the
 * app) for a new one: the model is evaluated again with __counter__ one
 * higher, and GetFromBase() reads what ToBase blocks stored. The runs
 * stop at the first run that ends without a restart. */
#include "activation-classes.h"
#include "orr-block-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

enum
{
  ACTION_STOP = 1,
  ACTION_RESTART = 2,
};

static const char *const action_choices[] = { N_ ("Stop"), N_ ("Restart"), NULL };

static const OrrParamSpec end_params[] = {
  { "action", N_ ("Action"), "1",
    N_ ("1: end the simulation; 2: end this run and start a new one, in which the context variable "
        "__counter__ is one higher (1 in the first run) and GetFromBase('name') reads what ToBase "
        "blocks stored. The runs go on until one ends without a restart; a model that keeps "
        "restarting fails after the maximum number of runs (orrery-sim --max-runs, 1000 by "
        "default). A stop asked by another End block in the same run wins."),
    ORR_PARAM_CHOICE, action_choices },
  { "time", N_ ("Stop time"), "Inf",
    N_ ("The run also ends (or restarts) at this time, in seconds, without any activation; Inf: "
        "only when activated (the run ends at the final time anyway). A time before the start ends "
        "the run at once.") },
};

static gboolean
end_configure (OrrConfig *config, GError **error)
{
  int action;
  double time;

  if (!orr_param_get_int_range (config, "action", ACTION_STOP, ACTION_RESTART, &action, error)
      || !orr_config_get_double (config, "time", &time, error))
    return FALSE;
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
  orr_config_set_ipar (config, &action, 1);
  /* A timed End shows its time; otherwise a restarting End says so. */
  if (!isfinite (time) && action == ACTION_RESTART)
    orr_config_set_label (config, "RESTART");
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
        if (block->nevprt <= 0 || orr_block_in_try_phase (block))
          break;
        if (block->ipar[0] == ACTION_RESTART)
          orr_block_request_restart (block);
        else
          orr_block_request_stop (block);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_end_class = {
  .name = "End",
  .palette = N_ ("Activation"),
  .label = N_ ("End"),
  .description = N_ ("Ends the simulation when activated, or at a given time; or ends the run and "
                     "starts a new one."),
  .icon_text = "END",
  .params = end_params,
  .n_params = G_N_ELEMENTS (end_params),
  .configure = end_configure,
  .simulate = end_simulate,
};
