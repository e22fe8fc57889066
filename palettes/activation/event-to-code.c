/* event-to-code.c: EventToCode, which of its activation inputs are
 * active, as a number: at each activation the output becomes the sum of
 * 2^(i-1) over the active inputs i (1 + 4 when inputs 1 and 3 are active
 * together, synchronously), and holds it until the next. Before any
 * activation it is 0. z = { the code }. */
#include "activation-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec event_to_code_params[] = {
  { "inputs", N_ ("Number of activation inputs"), "2",
    N_ ("How many activation inputs the code reports, 1 to 30.") },
};

static gboolean
event_to_code_configure (OrrConfig *config, GError **error)
{
  int n;
  const double z0 = 0;

  if (!orr_param_get_int_range (config, "inputs", 1, 30, &n, error))
    return FALSE;
  orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
  orr_config_set_event_ports (config, n, 0);
  orr_config_set_discrete_states (config, 1, &z0);
  return TRUE;
}

static void
event_to_code_simulate (OrrSimBlock *block, OrrJob job)
{
  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        orr_block_real_out (block, 0)[0] = block->nevprt > 0 ? block->nevprt : block->z[0];
        break;

      case ORR_JOB_STATE_UPDATE:
        if (block->nevprt > 0)
          block->z[0] = block->nevprt;
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_event_to_code_class = {
  .name = "EventToCode",
  .palette = N_ ("Activation"),
  .label = N_ ("Activation to code"),
  .description = N_ ("Outputs which activation inputs are active as a binary code: 1 for the "
                     "first, 2 for the second, 3 for both ..."),
  .icon_text = "⚡→n",
  .params = event_to_code_params,
  .n_params = G_N_ELEMENTS (event_to_code_params),
  .configure = event_to_code_configure,
  .simulate = event_to_code_simulate,
};
