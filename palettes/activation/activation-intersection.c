/* activation-intersection.c: ActivationIntersection, the instants that
 * belong to all its activation inputs: its output fires in the events
 * where every input is active together (synchronously: SampleClocks on a
 * common tick, branches of one event). Distinct sources never meet, even
 * at equal times (SEMANTICS 2), so their intersection is empty.
 *
 * A conditional block (ORR_BLOCK_CONDITIONAL): the output runs at once
 * inside the event, synchronously, without a new source. */
#include "activation-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec activation_intersection_params[] = {
  { "inputs", N_ ("Number of activation inputs"), "2", N_ ("2 to 30.") },
};

static gboolean
activation_intersection_configure (OrrConfig *config, GError **error)
{
  int n;

  if (!orr_param_get_int_range (config, "inputs", 2, 30, &n, error))
    return FALSE;
  orr_config_set_kind (config, ORR_BLOCK_CONDITIONAL);
  orr_config_set_event_ports (config, n, 1);
  orr_config_set_ipar (config, &n, 1);
  return TRUE;
}

static void
activation_intersection_simulate (OrrSimBlock *block, OrrJob job)
{
  int all = (1 << block->ipar[0]) - 1;

  if (job == ORR_JOB_EVENTS && block->nevprt > 0 && (block->nevprt & all) == all)
    block->evout[0] = 0.0;
}

const OrrBlockClass orr_activation_intersection_class = {
  .name = "ActivationIntersection",
  .palette = N_ ("Activation"),
  .label = N_ ("Activation intersection"),
  .description = N_ ("Fires in the events where all its activation inputs are active together."),
  .icon_text = "⚡∩⚡",
  .params = activation_intersection_params,
  .n_params = G_N_ELEMENTS (activation_intersection_params),
  .configure = activation_intersection_configure,
  .simulate = activation_intersection_simulate,
};
