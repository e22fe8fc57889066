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
  orr_config_add_input (config, 1, 1, ORR_TYPE_DOUBLE, tf.biproper);
  orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
  orr_config_set_event_ports (config, 1, 0);
  orr_config_set_discrete_states (config, tf.n, NULL);
  orr_config_set_rpar (config, tf.rpar, 2 * tf.n + 1);
  g_free (tf.rpar);
  return TRUE;
}

static void
discr_pole_zero_simulate (OrrSimBlock *block, OrrJob job)
{
  int n = block->nz;
  double u = orr_block_real_in (block, 0)[0];

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        orr_block_real_out (block, 0)[0] = orr_companion_output (block->rpar, n, block->z, u);
        break;

      case ORR_JOB_STATE_UPDATE:
        if (block->nevprt > 0)
          orr_companion_step (block->rpar, n, block->z, u);
        break;

      default:
        break;
    }
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
  .simulate = discr_pole_zero_simulate,
};
