/* constraint.c: Constraint, an algebraic equation built from blocks: the
 * output is a state y that the DAE solver chooses so that the block's
 * input, computed from y by the rest of the model, is zero (the residual
 * is the input). Closing a loop from the output back to the input thus
 * states 0 = f(y, ...) and the solver finds y, along the run. The model
 * needs a DAE solver (the block is implicit); the input is not
 * feedthrough, so the loop is no algebraic loop for the compiler. The
 * initial output should be close to a solution.
 *
 * y is an algebraic component for IDA (the residual does not read y');
 * IDA predicts each step from y', which starts from the given initial
 * rate, written into y' at initialisation: a rate far from the solution's
 * own makes the first steps fail the error test. rpar = { initial
 * rates }. */
#include "hybrid-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec constraint_params[] = {
  { "y0", N_ ("Initial guess"), "0",
    N_ ("The output at the start, near a solution of the constraint; its size is the size of the "
        "input and output.") },
  { "yd0", N_ ("Initial rate"), "0",
    N_ ("How fast the solution moves at the start, dy/dt: a scalar for every element or a matrix "
        "of the output's size.") },
};

gboolean
orr_hybrid_configure_implicit (OrrConfig *config, const char *start, const char *rate,
                               GError **error)
{
  const double *x0, *xd0;
  int rows, cols, dr, dc;
  g_autofree double *rpar = NULL;

  if (!orr_param_get_matrix (config, start, &x0, &rows, &cols, error)
      || !orr_param_get_matrix (config, rate, &xd0, &dr, &dc, error))
    return FALSE;
  if (dr * dc != 1 && (dr != rows || dc != cols))
    {
      orr_param_set_error (error, rate, "must be a scalar or %dx%d like %s, not %dx%d", rows, cols,
                           start, dr, dc);
      return FALSE;
    }
  rpar = g_new (double, rows *cols);
  for (int i = 0; i < rows * cols; i++)
    rpar[i] = xd0[dr * dc == 1 ? 0 : i];
  orr_config_set_rpar (config, rpar, rows * cols);
  orr_config_add_input (config, rows, cols, ORR_TYPE_DOUBLE, FALSE);
  orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
  orr_config_set_states (config, rows * cols, x0, TRUE);
  orr_config_set_always_active (config, TRUE);
  return TRUE;
}

void
orr_hybrid_init_rates (OrrSimBlock *block)
{
  for (int i = 0; i < block->nx; i++)
    block->xd[i] = block->rpar[i];
}

static gboolean
constraint_configure (OrrConfig *config, GError **error)
{
  return orr_hybrid_configure_implicit (config, "y0", "yd0", error);
}

static void
constraint_simulate (OrrSimBlock *block, OrrJob job)
{
  switch (job)
    {
      case ORR_JOB_INIT:
        orr_hybrid_init_rates (block);
        break;

      case ORR_JOB_OUTPUTS:
        for (int i = 0; i < block->nx; i++)
          orr_block_real_out (block, 0)[i] = block->x[i];
        break;

      case ORR_JOB_DERIVATIVES:
        for (int i = 0; i < block->nx; i++)
          block->res[i] = orr_block_real_in (block, 0)[i];
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_constraint_class = {
  .name = "Constraint",
  .palette = N_ ("Hybrid"),
  .label = N_ ("Constraint"),
  .description = N_ ("An output the DAE solver chooses so that the input is zero: an algebraic "
                     "equation built from blocks."),
  .icon_text = "0 = f(y)",
  .params = constraint_params,
  .n_params = G_N_ELEMENTS (constraint_params),
  .configure = constraint_configure,
  .simulate = constraint_simulate,
};
