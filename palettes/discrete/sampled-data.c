/* sampled-data.c: SampledData, a continuous linear system x' = A x + B u,
 * y = C x + D u, driven through a zero-order hold and sampled with period
 * T, computed exactly as the discrete system
 *   z[k+1] = Ad z[k] + Bd u[k],  y[k] = C z[k] + D u[k],
 * with Ad = e^(A T) and Bd = int_0^T e^(A s) ds B worked out once, when the
 * block is configured (matrix-exponential.h).
 *
 * The discretisation holds for that one period only, so the block asks
 * the compiler to refuse any activation other than a SampleClock of period
 * T. */
#include "discrete-classes.h"
#include "continuous/linear-system.h"
#include "matrix-exponential.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec sampled_data_params[] = {
  { "A", N_ ("A matrix"), "-1", N_ ("The n x n state matrix of the continuous system.") },
  { "B", N_ ("B matrix"), "1", N_ ("The n x m input matrix: m is the size of the input.") },
  { "C", N_ ("C matrix"), "1", N_ ("The p x n output matrix: p is the size of the output.") },
  { "D", N_ ("D matrix"), "0", N_ ("The p x m direct feedthrough matrix, or 0 for none.") },
  { "x0", N_ ("Initial state"), "0", N_ ("The n states at the start, or one value for all.") },
  { "period", N_ ("Sample period"), "0.1",
    N_ ("T, in seconds, positive: the period of the SampleClock that must drive the block.") },
};

static gboolean
sampled_data_configure (OrrConfig *config, GError **error)
{
  OrrStateSpace ss;
  double period;
  g_autofree double *ad = NULL, *bd = NULL;

  if (!orr_param_get_finite (config, "period", &period, error))
    return FALSE;
  if (!(period > 0))
    {
      orr_param_set_error (error, "period", "must be positive, not %g", period);
      return FALSE;
    }
  if (!orr_state_space_from_params (config, &ss, error))
    return FALSE;

  ad = g_new (double, ss.n *ss.n);
  bd = g_new (double, ss.n *ss.m);
  if (!orr_zoh_discretise (ss.a, ss.b, ss.n, ss.m, period, ad, bd))
    {
      orr_param_set_error (error, "A",
                           "gives a discretisation that overflows over a period of %g s", period);
      orr_state_space_clear (&ss);
      return FALSE;
    }
  ss.a = ad;
  ss.b = bd;

  orr_config_add_input (config, ss.m, 1, ORR_TYPE_DOUBLE, ss.feedthrough);
  orr_config_add_output (config, ss.p, 1, ORR_TYPE_DOUBLE);
  orr_config_set_event_ports (config, 1, 0);
  orr_config_set_discrete_states (config, ss.n, ss.x0);
  orr_config_require_sample_period (config, period);
  orr_state_space_store (config, &ss);
  orr_state_space_clear (&ss);
  return TRUE;
}

static void
sampled_data_simulate (OrrSimBlock *block, OrrJob job)
{
  OrrStateSpaceView ss;

  orr_state_space_view (block, &ss);
  switch (job)
    {
      case ORR_JOB_INIT:
        orr_block_alloc_work (block, ss.n * sizeof (double));
        break;

      case ORR_JOB_OUTPUTS:
        orr_state_space_output (&ss, block->z, orr_block_real_in (block, 0),
                                orr_block_real_out (block, 0));
        break;

      case ORR_JOB_STATE_UPDATE:
        if (block->nevprt > 0 && block->work != NULL)
          orr_state_space_step (&ss, block->z, orr_block_real_in (block, 0), block->work);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_sampled_data_class = {
  .name = "SampledData",
  .palette = N_ ("Discrete"),
  .label = N_ ("Sampled data system"),
  .description = N_ ("A continuous linear system behind a zero-order hold, discretised exactly for "
                     "its sample period."),
  .icon_text = "ZOH(A,B,C,D)",
  .params = sampled_data_params,
  .n_params = G_N_ELEMENTS (sampled_data_params),
  .configure = sampled_data_configure,
  .simulate = sampled_data_simulate,
};
