/* event-input.c: EventInput, an activation input of a super block.
 * Flattening connects whatever drives the super block's activation port to
 * the blocks this one drives; it never runs. */
#include "ports-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec event_input_params[] = {
  { "port", N_ ("Port number"), "1",
    N_ ("The super block activation input this block stands for, counted from 1.") },
};

static gboolean
event_input_configure (OrrConfig *config, GError **error)
{
  int port;

  if (!orr_param_get_int_range (config, "port", 1, ORR_PALETTE_MAX_PORTS, &port, error))
    return FALSE;
  orr_config_set_kind (config, ORR_BLOCK_EVENT_INPUT_PORT);
  orr_config_set_event_ports (config, 0, 1);
  orr_config_set_ipar (config, &port, 1);
  orr_param_label_from (config, "port");
  return TRUE;
}

const OrrBlockClass orr_event_input_class = {
  .name = "EventInput",
  .palette = N_ ("Ports"),
  .label = N_ ("Event input"),
  .description = N_ ("An activation input of the enclosing super block."),
  .icon_text = "EvIn",
  .params = event_input_params,
  .n_params = G_N_ELEMENTS (event_input_params),
  .configure = event_input_configure,
  .simulate = NULL,
};
