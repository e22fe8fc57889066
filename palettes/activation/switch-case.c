/* switch-case.c: SwitchCase, routes its activation to output round(u),
 * clamped to 1..cases. Like IfThenElse, the simulator does the routing
 * inside the incoming event, so there is no simulation function. */
#include "activation-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec switch_case_params[] = {
  { "cases", N_ ("Number of cases"), "2",
    N_ ("How many activation outputs; the input, rounded and clamped to 1..cases, chooses one.") },
};

static gboolean
switch_case_configure (OrrConfig *config, GError **error)
{
  int cases;

  if (!orr_param_get_int_range (config, "cases", 1, ORR_PALETTE_MAX_PORTS, &cases, error))
    return FALSE;
  orr_config_set_kind (config, ORR_BLOCK_SWITCH_CASE);
  orr_config_add_input (config, 1, 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_set_event_ports (config, 1, cases);
  return TRUE;
}

const OrrBlockClass orr_switch_case_class = {
  .name = "SwitchCase",
  .palette = N_ ("Activation"),
  .label = N_ ("Switch case"),
  .description = N_ ("Passes each activation to the output chosen by the rounded input."),
  .icon_text = "case",
  .params = switch_case_params,
  .n_params = G_N_ELEMENTS (switch_case_params),
  .configure = switch_case_configure,
  .simulate = NULL,
};
