/* and-activations.c: AndActivations, a regular output that says whether
 * all its activation inputs are active together: at each activation it
 * becomes 1 when every input is active in that event (synchronously:
 * SampleClocks on a common tick, branches of one event), 0 when only
 * some are, and holds until the next. Before any activation it is 0.
 * ActivationIntersection turns the same test into an activation.
 * z = { the output }. */
#include "activation-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec and_activations_params[] = {
  { "inputs", N_ ("Number of activation inputs"), "2", N_ ("2 to 30.") },
};

static gboolean
and_activations_configure (OrrConfig *config, GError **error)
{
  int n;
  const double z0 = 0;

  if (!orr_param_get_int_range (config, "inputs", 2, 30, &n, error))
    return FALSE;
  orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
  orr_config_set_event_ports (config, n, 0);
  orr_config_set_discrete_states (config, 1, &z0);
  orr_config_set_ipar (config, &n, 1);
  return TRUE;
}

static void
and_activations_simulate (OrrSimBlock *block, OrrJob job)
{
  int all = (1 << block->ipar[0]) - 1;
  double y = block->nevprt > 0 ? (block->nevprt & all) == all : block->z[0];

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        orr_block_real_out (block, 0)[0] = y;
        break;

      case ORR_JOB_STATE_UPDATE:
        block->z[0] = y;
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_and_activations_class = {
  .name = "AndActivations",
  .palette = N_ ("Activation"),
  .label = N_ ("Activation AND"),
  .description = N_ ("1 when all its activation inputs are active in the same event, 0 when only "
                     "some are."),
  .icon_text = "⚡&⚡",
  .params = and_activations_params,
  .n_params = G_N_ELEMENTS (and_activations_params),
  .configure = and_activations_configure,
  .simulate = and_activations_simulate,
};
