/* discr-pole-zero.c: DiscrPoleZero, the discrete transfer function given
 * by its zeros, poles and gain, y = K prod (z - z_i) / prod (z - p_i) u,
 * one step per activation. The roots may be complex, in conjugate pairs;
 * the block multiplies them out and realises the result as
 * DiscreteTransferFunction does (companion form, zero initial state,
 * feedthrough only with as many zeros as poles). */
#include "continuous/linear-system.h"
#include "discrete-classes.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec discr_pole_zero_params[] = {
  { "zeros", N_ ("Zeros"), "[]",
    N_ ("The zeros, a vector of real or complex numbers (complex ones in conjugate pairs), or [] "
        "for none; not more than the poles.") },
  { "poles", N_ ("Poles"), "[0.5]",
    N_ ("The poles, a vector of real or complex numbers (complex ones in conjugate pairs).") },
  { "gain", N_ ("Gain"), "1", N_ ("K, the factor in front of the product of (z - zero) terms.") },
};

static gboolean
discr_pole_zero_configure (OrrConfig *config, GError **error)
{
  OrrCompanion tf;

  if (!orr_companion_from_pole_zero (config, &tf, error))
    return FALSE;
  orr_companion_configure (config, &tf, TRUE);
  return TRUE;
}

const OrrBlockClass orr_discr_pole_zero_class = {
  .name = "DiscrPoleZero",
  .palette = N_ ("Discrete"),
  .label = N_ ("Discrete pole-zero"),
  .description = N_ ("A discrete transfer function given by its zeros, poles and gain, one step "
                     "per activation."),
  .icon_text = "(z-z)/(z-p)",
  .params = discr_pole_zero_params,
  .n_params = G_N_ELEMENTS (discr_pole_zero_params),
  .configure = discr_pole_zero_configure,
  .simulate = orr_companion_simulate_discrete,
};
