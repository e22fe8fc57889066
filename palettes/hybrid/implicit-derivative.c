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
  return orr_hybrid_configure_implicit (config, "x0", "xd0", error);
}

static void
implicit_derivative_simulate (OrrSimBlock *block, OrrJob job)
{
  switch (job)
    {
      case ORR_JOB_INIT:
        orr_hybrid_init_rates (block);
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
