/* manual-switch.c: ManualSwitch, a two-way switch the user sets: the
 * output is input 1 or input 2, as the tunable parameter "position"
 * says. Changing the parameter while the model runs goes through the
 * simulation's retuning (orr-retune.c), which restarts the solver at the
 * jump. Any element type; all ports share it. ipar = { position }. */
#include "orr-block-params.h"
#include "routing-classes.h"
#include "routing-copy.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec manual_switch_params[] = {
  { "position", N_ ("Position"), "1",
    N_ ("Which input goes through: 1 or 2. It may change while the model runs."),
    ORR_PARAM_EXPRESSION, NULL, TRUE },
};

static gboolean
manual_switch_configure (OrrConfig *config, GError **error)
{
  int position;

  if (!orr_param_get_int_range (config, "position", 1, 2, &position, error))
    return FALSE;
  orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, TRUE);
  orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_INHERIT);
  orr_config_set_ipar (config, &position, 1);
  orr_config_set_label (config, position == 1 ? "1 ↗" : "2 ↘");
  return TRUE;
}

static void
manual_switch_simulate (OrrSimBlock *block, OrrJob job)
{
  if (job == ORR_JOB_OUTPUTS)
    orr_routing_copy_port (block, 0, block->ipar[0] == 2 ? 1 : 0);
}

const OrrBlockClass orr_manual_switch_class = {
  .name = "ManualSwitch",
  .palette = N_ ("Routing"),
  .label = N_ ("Manual switch"),
  .description = N_ ("Passes input 1 or input 2, as the user sets it, also while the model runs."),
  .icon_text = "⇄",
  .params = manual_switch_params,
  .n_params = G_N_ELEMENTS (manual_switch_params),
  .configure = manual_switch_configure,
  .simulate = manual_switch_simulate,
};
