/* implicit-derivative.c: ImplicitDerivative, the time derivative of its
 * input obtained by the DAE solver: a state x held equal to the input by
 * the residual x - u = 0, and the output is x', which IDA computes along
 * with x. So a model can differentiate a signal it only knows as the
 * result of other equations, without a difference quotient; the model
 * needs a DAE solver (the block is implicit). The input is not
 * feedthrough: the output is x', a state quantity.
 *
 * x is an algebraic component for IDA (the residual does not read x'),
 * whose x' comes from the BDF formula; IDA starts it from the given
 * initial derivative, written into x' at initialisation. A wrong one
 * makes the first steps fail the error test, so it must be the input's
 * derivative at the start. rpar = { initial derivatives }. */
#include "hybrid-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec implicit_derivative_params[] = {
  { "x0", N_ ("Initial input"), "0",
    N_ ("The input's value at the start (the state follows it); its size is the size of the "
        "input and output.") },
  { "xd0", N_ ("Initial derivative"), "0",
    N_ ("The input's derivative at the start, the first output: a scalar for every element or "
        "a matrix of the input's size.") },
};

static gboolean
implicit_derivative_configure (OrrConfig *config, GError **error)
{
  const double *x0, *xd0;
  int rows, cols, dr, dc;
  g_autofree double *rpar = NULL;

  if (!orr_param_get_matrix (config, "x0", &x0, &rows, &cols, error)
      || !orr_param_get_matrix (config, "xd0", &xd0, &dr, &dc, error))
    return FALSE;
  if (dr * dc != 1 && (dr != rows || dc != cols))
    {
      orr_param_set_error (error, "xd0", "must be a scalar or %dx%d like x0, not %dx%d", rows, cols,
                           dr, dc);
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

static void
implicit_derivative_simulate (OrrSimBlock *block, OrrJob job)
{
  switch (job)
    {
      case ORR_JOB_INIT:
        for (int i = 0; i < block->nx; i++)
          block->xd[i] = block->rpar[i];
        break;

      case ORR_JOB_OUTPUTS:
        for (int i = 0; i < block->nx; i++)
          orr_block_real_out (block, 0)[i] = block->xd[i];
        break;

      case ORR_JOB_DERIVATIVES:
        for (int i = 0; i < block->nx; i++)
          block->res[i] = block->x[i] - orr_block_real_in (block, 0)[i];
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_implicit_derivative_class = {
  .name = "ImplicitDerivative",
  .palette = N_ ("Hybrid"),
  .label = N_ ("Implicit derivative"),
  .description = N_ ("The time derivative of its input, computed by the DAE solver."),
  .icon_text = "d/dt (DAE)",
  .params = implicit_derivative_params,
  .n_params = G_N_ELEMENTS (implicit_derivative_params),
  .configure = implicit_derivative_configure,
  .simulate = implicit_derivative_simulate,
};
