/* event-generate.c: EventGenerate, a single event at a given time.
 *
 * Initial events are programmed at the exit of initialisation; the block
 * has no activation input, so that is the only time it is ever asked for
 * events and it fires exactly once. A time before the start gives no
 * event at all rather than one at the start, which would be a surprise. */
#include "activation-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec event_generate_params[] = {
  { "time", N_("Event time"), "0",
    N_("The time of the event, in seconds; a time before the start of the simulation gives no "
       "event.") },
};

static gboolean
event_generate_configure (OrrConfig *config, GError **error)
{
  double time;

  if (!orr_param_get_finite (config, "time", &time, error))
    return FALSE;
  orr_config_set_event_ports (config, 0, 1);
  orr_config_set_rpar (config, &time, 1);
  orr_param_label_from (config, "time");
  return TRUE;
}

static void
event_generate_simulate (OrrSimBlock *block, OrrJob job)
{
  double t = orr_block_get_time (block);
  double time = block->rpar[0];

  if (job == ORR_JOB_EVENTS && orr_block_is_exit_init (block) && time >= t)
    block->evout[0] = time - t;
}

const OrrBlockClass orr_event_generate_class = {
  .name = "EventGenerate",
  .palette = N_("Activation"),
  .label = N_("Event generator"),
  .description = N_("Generates one event at a given time."),
  .icon_text = "t₁",
  .params = event_generate_params,
  .n_params = G_N_ELEMENTS (event_generate_params),
  .configure = event_generate_configure,
  .simulate = event_generate_simulate,
};
