/* accumulator.c: Accumulator, the running sum of the input over its
 * activations (inherited from the input's driver), element by element:
 * y(k) = x0 + u(1) + ... + u(k), the input of this activation included
 * (feedthrough). z holds the sum before the activation; the outputs job
 * adds the input to it, the state update keeps the result. */
#include "discrete-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec accumulator_params[] = {
  { "x0", N_ ("Initial value"), "0",
    N_ ("The sum before the first activation; its size is the size of the input and output.") },
};

static gboolean
accumulator_configure (OrrConfig *config, GError **error)
{
  const double *x0;
  int rows, cols;

  if (!orr_param_get_matrix (config, "x0", &x0, &rows, &cols, error))
    return FALSE;
  orr_config_add_input (config, rows, cols, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
  orr_config_set_discrete_states (config, rows * cols, x0);
  return TRUE;
}

static void
accumulator_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *u = orr_block_real_in (block, 0);

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        for (int i = 0; i < block->nz; i++)
          orr_block_real_out (block, 0)[i] = block->z[i] + u[i];
        break;

      case ORR_JOB_STATE_UPDATE:
        for (int i = 0; i < block->nz; i++)
          block->z[i] += u[i];
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_accumulator_class = {
  .name = "Accumulator",
  .palette = N_ ("Discrete"),
  .label = N_ ("Accumulator"),
  .description = N_ ("The running sum of the input over its activations."),
  .icon_text = "Σu",
  .params = accumulator_params,
  .n_params = G_N_ELEMENTS (accumulator_params),
  .configure = accumulator_configure,
  .simulate = accumulator_simulate,
};
