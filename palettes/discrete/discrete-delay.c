/* discrete-delay.c: DiscreteDelay, the unit delay 1/z, element by element.
 *
 * At each activation the output is the input of the activation before
 * (the initial value at the first): the outputs job writes z, the state
 * as it was before the event, and the state update then stores the input.
 * So the output never reads the input at once, and a loop through the
 * delay is no algebraic loop. The size of the signal is the size of the
 * initial value. */
#include "discrete-classes.h"
#include "orr-block-params.h"

#include <string.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec discrete_delay_params[] = {
  { "init", N_ ("Initial value"), "0",
    N_ ("The output at the first activation; its size is the size of the input and output.") },
};

static gboolean
discrete_delay_configure (OrrConfig *config, GError **error)
{
  const double *init;
  int rows, cols;

  if (!orr_param_get_matrix (config, "init", &init, &rows, &cols, error))
    return FALSE;
  orr_config_add_input (config, rows, cols, ORR_TYPE_DOUBLE, FALSE);
  orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
  orr_config_set_event_ports (config, 1, 0);
  orr_config_set_discrete_states (config, rows * cols, init);
  return TRUE;
}

static void
discrete_delay_simulate (OrrSimBlock *block, OrrJob job)
{
  gsize size = block->nz * sizeof (double);

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        memcpy (orr_block_real_out (block, 0), block->z, size);
        break;

      case ORR_JOB_STATE_UPDATE:
        if (block->nevprt > 0)
          memcpy (block->z, orr_block_real_in (block, 0), size);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_discrete_delay_class = {
  .name = "DiscreteDelay",
  .palette = N_ ("Discrete"),
  .label = N_ ("Unit delay"),
  .description = N_ ("Outputs the input of the previous activation (1/z)."),
  .icon_text = "1/z",
  .params = discrete_delay_params,
  .n_params = G_N_ELEMENTS (discrete_delay_params),
  .configure = discrete_delay_configure,
  .simulate = discrete_delay_simulate,
};
