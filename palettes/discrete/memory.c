/* memory.c: Memory, the output is the input of the block's previous
 * activation (the initial value at the first), with the activation
 * inherited from the input's driver: a unit delay that needs no clock of
 * its own. The output never reads the input at once (no feedthrough), so
 * a loop closed through a Memory is no algebraic loop; it is the discrete
 * way of breaking one (Loopbreaker is the continuous-time one). The
 * outputs job writes z, the state update stores the input. */
#include "discrete-classes.h"
#include "orr-block-params.h"

#include <string.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec memory_params[] = {
  { "init", N_ ("Initial value"), "0",
    N_ ("The output at the first activation; its size is the size of the input and output.") },
};

static gboolean
memory_configure (OrrConfig *config, GError **error)
{
  const double *init;
  int rows, cols;

  if (!orr_param_get_matrix (config, "init", &init, &rows, &cols, error))
    return FALSE;
  orr_config_add_input (config, rows, cols, ORR_TYPE_DOUBLE, FALSE);
  orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
  orr_config_set_discrete_states (config, rows * cols, init);
  return TRUE;
}

static void
memory_simulate (OrrSimBlock *block, OrrJob job)
{
  gsize size = block->nz * sizeof (double);

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        memcpy (orr_block_real_out (block, 0), block->z, size);
        break;

      case ORR_JOB_STATE_UPDATE:
        memcpy (block->z, orr_block_real_in (block, 0), size);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_memory_class = {
  .name = "Memory",
  .palette = N_ ("Discrete"),
  .label = N_ ("Memory"),
  .description = N_ ("Outputs the input of its previous activation, inherited from the input: "
                     "breaks an algebraic loop of discrete signals."),
  .icon_text = "mem",
  .params = memory_params,
  .n_params = G_N_ELEMENTS (memory_params),
  .configure = memory_configure,
  .simulate = memory_simulate,
};
