/* state-space.c: StateSpace, x' = A x + B u, y = C x + D u, x(start) = x0.
 *
 * The input is a column of as many values as B has columns, the output
 * one of as many as C has rows. The input is feedthrough only when D has
 * a non-zero element, so that a loop through a strictly proper system is
 * not an algebraic loop. The Jacobian is A, given analytically. */
#include "continuous-classes.h"
#include "linear-system.h"

#include <string.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec state_space_params[] = {
  { "A", N_ ("A matrix"), "-1", N_ ("The n x n state matrix.") },
  { "B", N_ ("B matrix"), "1", N_ ("The n x m input matrix: m is the size of the input.") },
  { "C", N_ ("C matrix"), "1", N_ ("The p x n output matrix: p is the size of the output.") },
  { "D", N_ ("D matrix"), "0", N_ ("The p x m direct feedthrough matrix, or 0 for none.") },
  { "x0", N_ ("Initial state"), "0", N_ ("The n states at the start time, or one value for all.") },
};

static gboolean
state_space_configure (OrrConfig *config, GError **error)
{
  OrrStateSpace ss;

  if (!orr_state_space_from_params (config, &ss, error))
    return FALSE;
  orr_config_add_input (config, ss.m, 1, ORR_TYPE_DOUBLE, ss.feedthrough);
  orr_config_add_output (config, ss.p, 1, ORR_TYPE_DOUBLE);
  orr_config_set_states (config, ss.n, ss.x0, FALSE);
  orr_config_set_always_active (config, TRUE);
  orr_config_set_jacobian (config, TRUE);
  orr_state_space_store (config, &ss);
  orr_state_space_clear (&ss);
  return TRUE;
}

static void
state_space_simulate (OrrSimBlock *block, OrrJob job)
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

      case ORR_JOB_JACOBIAN:
        memcpy (block->jacobian, ss.a, sizeof (double) * ss.n * ss.n);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_state_space_class = {
  .name = "StateSpace",
  .palette = N_ ("Continuous"),
  .label = N_ ("State space"),
  .description = N_ ("A linear system x' = A x + B u, y = C x + D u."),
  .icon_text = "ẋ=Ax+Bu",
  .params = state_space_params,
  .n_params = G_N_ELEMENTS (state_space_params),
  .configure = state_space_configure,
  .simulate = state_space_simulate,
};
