/* repeat-activation.c: RepeatActivation, iterations inside one instant:
 * when activated while its input is positive, it asks for the whole event
 * that activated it to run once more when it is done, at the same time
 * and synchronously (orr_block_request_repeat): every block of that
 * event's list again, in the same order, seeing the states the previous
 * pass left. For the rest of the model the passes are one event. So a
 * Newton iteration, a search or a small state machine can loop until its
 * condition falls, without time moving on.
 *
 * The input is a condition, typically computed in the same event (it
 * feeds through). A maximum number of repetitions per instant keeps a
 * condition that never falls from hanging the run: past it the block
 * stops asking and the run goes on. z = { repetitions so far in this
 * instant }. */
#include "activation-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec repeat_activation_params[] = {
  { "max_repeats", N_ ("Maximum repetitions"), "100",
    N_ ("At most this many repetitions of one event, a whole number from 1 to 100000; then the "
        "block stops asking, whatever its input.") },
};

static gboolean
repeat_activation_configure (OrrConfig *config, GError **error)
{
  int max;
  const double z0 = 0;

  if (!orr_param_get_int_range (config, "max_repeats", 1, ORR_MAX_REPEATS, &max, error))
    return FALSE;
  orr_config_add_input (config, 1, 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_set_event_ports (config, 1, 0);
  orr_config_set_discrete_states (config, 1, &z0);
  orr_config_set_ipar (config, &max, 1);
  orr_param_label_from (config, "max_repeats");
  return TRUE;
}

static void
repeat_activation_simulate (OrrSimBlock *block, OrrJob job)
{
  if (job != ORR_JOB_STATE_UPDATE || block->nevprt <= 0)
    return;
  if (orr_block_real_in (block, 0)[0] > 0 && block->z[0] < block->ipar[0])
    {
      block->z[0] += 1;
      orr_block_request_repeat (block);
    }
  else
    block->z[0] = 0; /* done with this instant */
}

const OrrBlockClass orr_repeat_activation_class = {
  .name = "RepeatActivation",
  .palette = N_ ("Activation"),
  .label = N_ ("Repeat activation"),
  .description = N_ ("Runs the event that activates it once more, at the same instant, while its "
                     "input is positive."),
  .icon_text = "↻⚡",
  .params = repeat_activation_params,
  .n_params = G_N_ELEMENTS (repeat_activation_params),
  .configure = repeat_activation_configure,
  .simulate = repeat_activation_simulate,
};
