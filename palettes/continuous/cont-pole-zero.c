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
  orr_config_add_input (config, 1, 1, ORR_TYPE_DOUBLE, tf.biproper);
  orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
  orr_config_set_rpar (config, tf.rpar, 2 * tf.n + 1);
  if (tf.n > 0)
    {
      orr_config_set_states (config, tf.n, NULL, FALSE);
      orr_config_set_always_active (config, TRUE);
      orr_config_set_jacobian (config, TRUE);
    }
  g_free (tf.rpar);
  return TRUE;
}

static void
cont_pole_zero_simulate (OrrSimBlock *block, OrrJob job)
{
  int n = block->nx;
  double u = orr_block_real_in (block, 0)[0];

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        orr_block_real_out (block, 0)[0] = orr_companion_output (block->rpar, n, block->x, u);
        break;

      case ORR_JOB_DERIVATIVES:
        orr_companion_derivative (block->rpar, n, block->x, u, block->xd);
        break;

      case ORR_JOB_JACOBIAN:
        orr_companion_matrix (block->rpar, n, block->jacobian);
        break;

      default:
        break;
    }
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
  .simulate = cont_pole_zero_simulate,
};
