/* event-port-zero.c: EventPortZero, the activation a block would inherit
 * from its input's driver, made visible: an activation output that fires
 * at every activation of the block driving its regular input (the
 * inherited activation, "port zero" in the Scicos family's terms). The
 * value of the input does not matter.
 *
 * A conditional block (ORR_BLOCK_CONDITIONAL) that always passes: its
 * output runs inside the activations it inherits, synchronously, without
 * a new source. A continuous-time input is always active and gives no
 * events (there are no instants to pass on). */
#include "activation-classes.h"

#include <glib/gi18n-lib.h>

static gboolean
event_port_zero_configure (OrrConfig *config, GError **error)
{
  (void)error;
  orr_config_set_kind (config, ORR_BLOCK_CONDITIONAL);
  orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, FALSE);
  orr_config_set_event_ports (config, 0, 1);
  return TRUE;
}

static void
event_port_zero_simulate (OrrSimBlock *block, OrrJob job)
{
  if (job == ORR_JOB_EVENTS)
    block->evout[0] = 0.0;
}

const OrrBlockClass orr_event_port_zero_class = {
  .name = "EventPortZero",
  .palette = N_ ("Activation"),
  .label = N_ ("Inherited activation"),
  .description = N_ ("An activation at every activation of the block driving its input: the "
                     "inherited activation, made explicit."),
  .icon_text = "⚡₀",
  .configure = event_port_zero_configure,
  .simulate = event_port_zero_simulate,
};
