/* toggle.c: Toggle, an output that switches between 0 and 1 at each
 * activation of its activation input (a T flip-flop on events). The new
 * value shows at the activation itself: the outputs job writes the
 * opposite of the held value when activated, the state update keeps it.
 * z = { the value before the activation }. */
#include "logic-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec toggle_params[] = {
  { "init", N_ ("Initial output"), "0",
    N_ ("The output before the first activation: 0 or 1; the first activation switches it."),
    ORR_PARAM_CHECKBOX },
};

static gboolean
toggle_configure (OrrConfig *config, GError **error)
{
  gboolean init;
  double z0;

  if (!orr_param_get_flag (config, "init", &init, error))
    return FALSE;
  z0 = init;
  orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
  orr_config_set_event_ports (config, 1, 0);
  orr_config_set_discrete_states (config, 1, &z0);
  return TRUE;
}

static void
toggle_simulate (OrrSimBlock *block, OrrJob job)
{
  gboolean held = block->z[0] != 0;

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        orr_block_real_out (block, 0)[0] = block->nevprt > 0 ? !held : held;
        break;

      case ORR_JOB_STATE_UPDATE:
        if (block->nevprt > 0)
          block->z[0] = !held;
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_toggle_class = {
  .name = "Toggle",
  .palette = N_ ("Logic"),
  .label = N_ ("Toggle"),
  .description = N_ ("An output that switches between 0 and 1 at each activation."),
  .icon_text = "0⇄1",
  .params = toggle_params,
  .n_params = G_N_ELEMENTS (toggle_params),
  .configure = toggle_configure,
  .simulate = toggle_simulate,
};
