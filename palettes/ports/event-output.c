/* event-output.c: EventOutput, an activation output of a super block.
 * Flattening connects the activation that reaches it to whatever the super
 * block's activation port drives; it never runs. */
#include "ports-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec event_output_params[] = {
  { "port", N_ ("Port number"), "1",
    N_ ("The super block activation output this block stands for, counted from 1.") },
};

static gboolean
event_output_configure (OrrConfig *config, GError **error)
{
  int port;

  if (!orr_param_get_int_range (config, "port", 1, ORR_PALETTE_MAX_PORTS, &port, error))
    return FALSE;
  orr_config_set_kind (config, ORR_BLOCK_EVENT_OUTPUT_PORT);
  orr_config_set_event_ports (config, 1, 0);
  orr_config_set_ipar (config, &port, 1);
  orr_param_label_from (config, "port");
  return TRUE;
}

const OrrBlockClass orr_event_output_class = {
  .name = "EventOutput",
  .palette = N_ ("Ports"),
  .label = N_ ("Event output"),
  .description = N_ ("An activation output of the enclosing super block."),
  .icon_text = "EvOut",
  .params = event_output_params,
  .n_params = G_N_ELEMENTS (event_output_params),
  .configure = event_output_configure,
  .simulate = NULL,
};
