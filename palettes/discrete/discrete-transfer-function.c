/* discrete-transfer-function.c: DiscreteTransferFunction, y = num(z)/den(z) u
 * for a scalar input, one step per activation.
 *
 * The same controllable canonical realisation as the continuous
 * TransferFunction (linear-system.h), with z[k+1] = A z[k] + B u[k] in
 * place of x' = A x + B u and a zero initial state. At an activation the
 * output is computed from the state before the event and the input now;
 * the state update then advances the state. Only a biproper function reads
 * its input at once, so only then is the input feedthrough. */
#include "discrete-classes.h"
#include "continuous/linear-system.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec discrete_transfer_function_params[] = {
  { "num", N_ ("Numerator"), "1",
    N_ ("Coefficients of the numerator in descending powers of z: [1 0.5] is z + 0.5. Its degree "
        "must not exceed the denominator's.") },
  { "den", N_ ("Denominator"), "[1 -0.5]",
    N_ ("Coefficients of the denominator in descending powers of z: [1 -0.5] is z - 0.5.") },
};

static gboolean
discrete_transfer_function_configure (OrrConfig *config, GError **error)
{
  OrrCompanion tf;

  if (!orr_companion_from_params (config, "num", "den", &tf, error))
    return FALSE;
  orr_companion_configure (config, &tf, TRUE);
  return TRUE;
}

const OrrBlockClass orr_discrete_transfer_function_class = {
  .name = "DiscreteTransferFunction",
  .palette = N_ ("Discrete"),
  .label = N_ ("Discrete transfer function"),
  .description = N_ ("A proper rational transfer function num(z)/den(z), one step per activation."),
  .icon_text = "num(z)/den(z)",
  .params = discrete_transfer_function_params,
  .n_params = G_N_ELEMENTS (discrete_transfer_function_params),
  .configure = discrete_transfer_function_configure,
  .simulate = orr_companion_simulate_discrete,
};
