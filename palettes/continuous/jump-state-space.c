/* jump-state-space.c: JumpStateSpace, x' = A x + B u1, y = C x + D u1,
 * whose state jumps to the second input when its activation input fires.
 *
 * A StateSpace with the re-initialisation of the Integrator: the outputs
 * at the event still see the state before the jump (its left limit); the
 * state update then copies u2 into x, and the simulator restarts the
 * solver. The second input is only read in the state update, so it is
 * never feedthrough; the first is when D is not zero. */
#include "continuous-classes.h"
#include "linear-system.h"

#include <string.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec jump_state_space_params[] = {
  { "A", N_ ("A matrix"), "-1", N_ ("The n x n state matrix.") },
  { "B", N_ ("B matrix"), "1", N_ ("The n x m input matrix: m is the size of the first input.") },
  { "C", N_ ("C matrix"), "1", N_ ("The p x n output matrix: p is the size of the output.") },
  { "D", N_ ("D matrix"), "0", N_ ("The p x m direct feedthrough matrix, or 0 for none.") },
  { "x0", N_ ("Initial state"), "0", N_ ("The n states at the start time, or one value for all.") },
};

static gboolean
jump_state_space_configure (OrrConfig *config, GError **error)
{
  OrrStateSpace ss;

  if (!orr_state_space_from_params (config, &ss, error))
    return FALSE;
  orr_config_add_input (config, ss.m, 1, ORR_TYPE_DOUBLE, ss.feedthrough);
  orr_config_add_input (config, ss.n, 1, ORR_TYPE_DOUBLE, FALSE);
  orr_config_add_output (config, ss.p, 1, ORR_TYPE_DOUBLE);
  orr_config_set_event_ports (config, 1, 0);
  orr_config_set_states (config, ss.n, ss.x0, FALSE);
  orr_config_set_always_active (config, TRUE);
  orr_config_set_jacobian (config, TRUE);
  orr_state_space_store (config, &ss);
  orr_state_space_clear (&ss);
  return TRUE;
}

static void
jump_state_space_simulate (OrrSimBlock *block, OrrJob job)
{
  OrrStateSpaceView ss;
  const double *u = orr_block_real_in (block, 0);

  orr_state_space_view (block, &ss);
  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        orr_state_space_output (&ss, block->x, u, orr_block_real_out (block, 0));
        break;

      case ORR_JOB_DERIVATIVES:
        orr_state_space_derivative (&ss, block->x, u, block->xd);
        break;

      case ORR_JOB_STATE_UPDATE:
        if (block->nevprt > 0 && (block->nevprt & 1))
          memcpy (block->x, orr_block_real_in (block, 1), ss.n * sizeof (double));
        break;

      case ORR_JOB_JACOBIAN:
        memcpy (block->jacobian, ss.a, sizeof (double) * ss.n * ss.n);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_jump_state_space_class = {
  .name = "JumpStateSpace",
  .palette = N_ ("Continuous"),
  .label = N_ ("Jump state space"),
  .description = N_ ("A linear state-space system whose state is reset from its second input by "
                     "events."),
  .icon_text = "ẋ=Ax+Bu ⤒",
  .params = jump_state_space_params,
  .n_params = G_N_ELEMENTS (jump_state_space_params),
  .configure = jump_state_space_configure,
  .simulate = jump_state_space_simulate,
};
