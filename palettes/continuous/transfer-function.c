/* transfer-function.c: TransferFunction, y = num(s)/den(s) u for a scalar
 * input.
 *
 * The polynomials are realised in controllable canonical form
 * (linear-system.h) with a zero initial state. Only a biproper function
 * (numerator and denominator of the same degree) passes its input straight
 * to its output, so only then is the input feedthrough: a strictly proper
 * one closes a loop as an integrator does. The Jacobian is the companion
 * matrix A, given analytically so that stiff solvers need no difference
 * quotients. */
#include "continuous-classes.h"
#include "linear-system.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec transfer_function_params[] = {
  { "num", N_ ("Numerator"), "1",
    N_ ("Coefficients of the numerator in descending powers of s: [1 2] is s + 2. Its degree must "
        "not exceed the denominator's.") },
  { "den", N_ ("Denominator"), "[1 1]",
    N_ ("Coefficients of the denominator in descending powers of s: [1 3 2] is s^2 + 3 s + 2.") },
};

static gboolean
transfer_function_configure (OrrConfig *config, GError **error)
{
  OrrCompanion tf;

  if (!orr_companion_from_params (config, "num", "den", &tf, error))
    return FALSE;
  orr_companion_configure (config, &tf, FALSE);
  return TRUE;
}

const OrrBlockClass orr_transfer_function_class = {
  .name = "TransferFunction",
  .palette = N_ ("Continuous"),
  .label = N_ ("Transfer function"),
  .description = N_ ("A proper rational transfer function num(s)/den(s) of a scalar signal."),
  .icon_text = "num/den",
  .keywords = "laplace filter polynomial lag",
  .params = transfer_function_params,
  .n_params = G_N_ELEMENTS (transfer_function_params),
  .configure = transfer_function_configure,
  .simulate = orr_companion_simulate_continuous,
};
