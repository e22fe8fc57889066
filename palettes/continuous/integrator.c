/* integrator.c: Integrator, x' = u1, y = x, with x(start) = x0.
 *
 * The output depends on the state only, never directly on an input, so
 * neither input is feedthrough: that is what lets a loop close through an
 * integrator without being an algebraic loop. With re-initialisation on,
 * an event on the activation input makes the state jump to the second
 * input (the simulator then restarts the solver). */
#include "continuous-classes.h"
#include "orr-block-params.h"

#include <string.h>

static const OrrParamSpec integrator_params[] = {
  { "x0", "Initial state", "0",
    "The state at the start time; its size is the size of the input, the output and the "
    "state." },
  { "reinit", "Re-initialisation", "0",
    "1: add a second input and an activation input; each activation sets the state to the "
    "second input.",
    ORR_PARAM_CHECKBOX },
};

static gboolean
integrator_configure (OrrConfig *config, GError **error)
{
  const double *x0;
  int rows, cols;
  gboolean reinit;

  if (!orr_param_get_matrix (config, "x0", &x0, &rows, &cols, error)
      || !orr_param_get_flag (config, "reinit", &reinit, error))
    return FALSE;

  orr_config_add_input (config, rows, cols, ORR_TYPE_DOUBLE, FALSE);
  if (reinit)
    {
      orr_config_add_input (config, rows, cols, ORR_TYPE_DOUBLE, FALSE);
      orr_config_set_event_ports (config, 1, 0);
    }
  orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
  orr_config_set_states (config, rows * cols, x0, FALSE);
  /* A block with continuous state lives in continuous time whatever its
   * activation input carries. */
  orr_config_set_always_active (config, TRUE);
  return TRUE;
}

static void
integrator_simulate (OrrSimBlock *block, OrrJob job)
{
  gsize size = block->nx * sizeof (double);

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        memcpy (orr_block_real_out (block, 0), block->x, size);
        break;

      case ORR_JOB_DERIVATIVES:
        memcpy (block->xd, orr_block_real_in (block, 0), size);
        break;

      case ORR_JOB_STATE_UPDATE:
        if (block->n_in > 1 && block->nevprt > 0 && (block->nevprt & 1))
          memcpy (block->x, orr_block_real_in (block, 1), size);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_integrator_class = {
  .name = "Integrator",
  .palette = "Continuous",
  .label = "Integrator",
  .description = "Integrates its input over time, optionally re-initialised by events.",
  .icon_text = "1/s",
  .params = integrator_params,
  .n_params = G_N_ELEMENTS (integrator_params),
  .configure = integrator_configure,
  .simulate = integrator_simulate,
};
