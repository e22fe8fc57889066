/* shift-register.c: ShiftRegister, the last n values of a scalar input,
 * newest first: at each activation (inherited from the input's driver)
 * the output is [u(k-1); u(k-2); ...; u(k-n)], the register as it was
 * before the activation, and the state update shifts the input in. So
 * output element i is the input delayed by i activations, and no element
 * reads the input at once (no feedthrough). The length is the length of
 * the initial contents. */
#include "discrete-classes.h"
#include "orr-block-params.h"

#include <string.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec shift_register_params[] = {
  { "init", N_ ("Initial contents"), "zeros(4, 1)",
    N_ ("The register before the first activation, newest first; its length is the number of "
        "stages and of output elements.") },
};

static gboolean
shift_register_configure (OrrConfig *config, GError **error)
{
  const double *init;
  int n;

  if (!orr_param_get_vector (config, "init", &init, &n, error))
    return FALSE;
  orr_config_add_input (config, 1, 1, ORR_TYPE_DOUBLE, FALSE);
  orr_config_add_output (config, n, 1, ORR_TYPE_DOUBLE);
  orr_config_set_discrete_states (config, n, init);
  return TRUE;
}

static void
shift_register_simulate (OrrSimBlock *block, OrrJob job)
{
  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        memcpy (orr_block_real_out (block, 0), block->z, block->nz * sizeof (double));
        break;

      case ORR_JOB_STATE_UPDATE:
        memmove (block->z + 1, block->z, (block->nz - 1) * sizeof (double));
        block->z[0] = orr_block_real_in (block, 0)[0];
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_shift_register_class = {
  .name = "ShiftRegister",
  .palette = N_ ("Discrete"),
  .label = N_ ("Shift register"),
  .description = N_ ("The input's values at the last n activations, newest first."),
  .icon_text = "⇉ z⁻ⁿ",
  .params = shift_register_params,
  .n_params = G_N_ELEMENTS (shift_register_params),
  .configure = shift_register_configure,
  .simulate = shift_register_simulate,
};
