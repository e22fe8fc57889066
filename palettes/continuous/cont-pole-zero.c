/* cont-pole-zero.c: ContPoleZero, the transfer function given by its
 * zeros, poles and gain, y = K prod (s - z_i) / prod (s - p_i) u for a
 * scalar input. The roots may be complex, in conjugate pairs; the block
 * multiplies them out and realises the result as TransferFunction does
 * (linear-system.h: companion form, zero initial state, feedthrough only
 * with as many zeros as poles, analytic Jacobian). */
#include "continuous-classes.h"
#include "linear-system.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec cont_pole_zero_params[] = {
  { "zeros", N_ ("Zeros"), "[]",
    N_ ("The zeros, a vector of real or complex numbers (complex ones in conjugate pairs), or [] "
        "for none; not more than the poles.") },
  { "poles", N_ ("Poles"), "[-1]",
    N_ ("The poles, a vector of real or complex numbers (complex ones in conjugate pairs).") },
  { "gain", N_ ("Gain"), "1", N_ ("K, the factor in front of the product of (s - zero) terms.") },
};

static gboolean
cont_pole_zero_configure (OrrConfig *config, GError **error)
{
  OrrCompanion tf;

  if (!orr_companion_from_pole_zero (config, &tf, error))
    return FALSE;
  orr_companion_configure (config, &tf, FALSE);
  return TRUE;
}

const OrrBlockClass orr_cont_pole_zero_class = {
  .name = "ContPoleZero",
  .palette = N_ ("Continuous"),
  .label = N_ ("Pole-zero"),
  .description = N_ ("A transfer function given by its zeros, poles and gain."),
  .icon_text = "(s-z)/(s-p)",
  .params = cont_pole_zero_params,
  .n_params = G_N_ELEMENTS (cont_pole_zero_params),
  .configure = cont_pole_zero_configure,
  .simulate = orr_companion_simulate_continuous,
};
