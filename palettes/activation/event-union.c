/* event-union.c: EventUnion, the union of several activations. The
 * compiler resolves it: its output carries the events of its inputs
 * without becoming a new source, so it has no simulation function. */
#include "activation-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec event_union_params[] = {
  { "inputs", N_ ("Number of inputs"), "2", N_ ("How many activation inputs to merge.") },
};

static gboolean
event_union_configure (OrrConfig *config, GError **error)
{
  int inputs;

  if (!orr_param_get_int_range (config, "inputs", 1, ORR_PALETTE_MAX_PORTS, &inputs, error))
    return FALSE;
  orr_config_set_kind (config, ORR_BLOCK_EVENT_UNION);
  orr_config_set_event_ports (config, inputs, 1);
  return TRUE;
}

const OrrBlockClass orr_event_union_class = {
  .name = "EventUnion",
  .palette = N_ ("Activation"),
  .label = N_ ("Event union"),
  .description = N_ ("Merges several activation signals into one."),
  .icon_text = "∪",
  .params = event_union_params,
  .n_params = G_N_ELEMENTS (event_union_params),
  .configure = event_union_configure,
  .simulate = NULL,
};
