/* event-generate.c: EventGenerate, an event at each of a list of times.
 *
 * Initial events are programmed at the exit of initialisation. With one
 * time the block has no activation input, so that is the only time it is
 * ever asked for events and it fires exactly once. With several, its
 * output also activates the block itself (orr_config_set_self_activation)
 * and each of its events programs the next time of the list: z = { index
 * of the next time to program }, set at the exit of initialisation and
 * moved on by each own event. The times must not decrease; equal times
 * give as many events, one after the other. Times before the start give
 * no event at all rather than one at the start, which would be a
 * surprise. */
#include "activation-classes.h"
#include "orr-block-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec event_generate_params[] = {
  { "time", N_ ("Event times"), "0",
    N_ ("The time of the event, in seconds, or a vector of times in increasing order, one event "
        "at each; times before the start of the simulation give no event.") },
};

static gboolean
event_generate_configure (OrrConfig *config, GError **error)
{
  const double *times;
  int n;
  const double z0 = 0;

  if (!orr_param_get_vector (config, "time", &times, &n, error))
    return FALSE;
  for (int i = 0; i < n; i++)
    {
      if (!isfinite (times[i]))
        {
          orr_param_set_error (error, "time", "must hold finite times, not %g", times[i]);
          return FALSE;
        }
      if (i > 0 && times[i] < times[i - 1])
        {
          orr_param_set_error (error, "time", "must not decrease: %g comes after %g", times[i],
                               times[i - 1]);
          return FALSE;
        }
    }
  orr_config_set_event_ports (config, 0, 1);
  orr_config_set_rpar (config, times, n);
  if (n > 1)
    {
      orr_config_set_self_activation (config, 0);
      orr_config_set_discrete_states (config, 1, &z0);
    }
  orr_param_label_from (config, "time");
  return TRUE;
}

static void
event_generate_simulate (OrrSimBlock *block, OrrJob job)
{
  double t = orr_block_get_time (block);
  const double *times = block->rpar;
  int n = block->n_rpar;

  if (n == 1)
    {
      if (job == ORR_JOB_EVENTS && orr_block_is_exit_init (block) && times[0] >= t)
        block->evout[0] = times[0] - t;
      return;
    }
  switch (job)
    {
      case ORR_JOB_EVENTS:
        if (orr_block_is_exit_init (block))
          {
            int i = 0;

            while (i < n && times[i] < t)
              i++;
            if (i < n)
              block->evout[0] = times[i] - t;
            /* the exit of initialisation has no state update: keep the
             * index of the next time to program now */
            block->z[0] = i + 1;
          }
        else if (block->nevprt > 0 && block->z[0] < n)
          block->evout[0] = MAX (times[(int)block->z[0]] - t, 0.0);
        break;

      case ORR_JOB_STATE_UPDATE:
        if (block->nevprt > 0 && block->z[0] < n)
          block->z[0] += 1;
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_event_generate_class = {
  .name = "EventGenerate",
  .palette = N_ ("Activation"),
  .label = N_ ("Event generator"),
  .description = N_ ("Generates an event at each of a list of times."),
  .icon_text = "t₁",
  .params = event_generate_params,
  .n_params = G_N_ELEMENTS (event_generate_params),
  .configure = event_generate_configure,
  .simulate = event_generate_simulate,
};
