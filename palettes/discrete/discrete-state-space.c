/* discrete-state-space.c: DiscreteStateSpace, z[k+1] = A z[k] + B u[k],
 * y[k] = C z[k] + D u[k], one step per activation.
 *
 * The outputs at an activation use the state before the event (its left
 * limit); the state update then advances it. The input is feedthrough
 * only when D has a non-zero element. */
#include "discrete-classes.h"
#include "continuous/linear-system.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec discrete_state_space_params[] = {
  { "A", N_ ("A matrix"), "0.5", N_ ("The n x n state matrix.") },
  { "B", N_ ("B matrix"), "1", N_ ("The n x m input matrix: m is the size of the input.") },
  { "C", N_ ("C matrix"), "1", N_ ("The p x n output matrix: p is the size of the output.") },
  { "D", N_ ("D matrix"), "0", N_ ("The p x m direct feedthrough matrix, or 0 for none.") },
  { "x0", N_ ("Initial state"), "0",
    N_ ("The n states before the first activation, or one value for all.") },
};

static gboolean
discrete_state_space_configure (OrrConfig *config, GError **error)
{
  OrrStateSpace ss;

  if (!orr_state_space_from_params (config, &ss, error))
    return FALSE;
  orr_config_add_input (config, ss.m, 1, ORR_TYPE_DOUBLE, ss.feedthrough);
  orr_config_add_output (config, ss.p, 1, ORR_TYPE_DOUBLE);
  orr_config_set_event_ports (config, 1, 0);
  orr_config_set_discrete_states (config, ss.n, ss.x0);
  orr_state_space_store (config, &ss);
  orr_state_space_clear (&ss);
  return TRUE;
}

static void
discrete_state_space_simulate (OrrSimBlock *block, OrrJob job)
{
  OrrStateSpaceView ss;

  orr_state_space_view (block, &ss);
  switch (job)
    {
      case ORR_JOB_INIT:
        /* room for the next state while the current one is still read */
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

const OrrBlockClass orr_discrete_state_space_class = {
  .name = "DiscreteStateSpace",
  .palette = N_ ("Discrete"),
  .label = N_ ("Discrete state space"),
  .description = N_ ("A linear discrete-time system z+ = A z + B u, y = C z + D u."),
  .icon_text = "z⁺=Az+Bu",
  .params = discrete_state_space_params,
  .n_params = G_N_ELEMENTS (discrete_state_space_params),
  .configure = discrete_state_space_configure,
  .simulate = discrete_state_space_simulate,
};
