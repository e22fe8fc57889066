/* loopbreaker.c: Loopbreaker, breaks an algebraic loop of continuous-time
 * signals: the output is a state x that follows the input with a short
 * time constant tau, x' = (u - x) / tau, y = x. The output never reads
 * the input at once (no feedthrough), so the loop compiles, and the
 * solver finds the loop's solution as the fast mode settles: with tau
 * much shorter than the model's own time scales, y is u delayed and
 * smoothed by about tau. The fast mode makes the model stiff; a stiff
 * solver (BDF, the default) takes it in its stride. Memory is the
 * discrete way of breaking a loop. */
#include "continuous-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec loopbreaker_params[] = {
  { "init", N_ ("Initial output"), "0",
    N_ ("The output at the start; its size is the size of the input and output.") },
  { "tau", N_ ("Time constant"), "1e-4",
    N_ ("How fast the output follows the input, in seconds, > 0: much shorter than the model's "
        "own time scales.") },
};

static gboolean
loopbreaker_configure (OrrConfig *config, GError **error)
{
  const double *init;
  int rows, cols;
  double tau;

  if (!orr_param_get_matrix (config, "init", &init, &rows, &cols, error)
      || !orr_param_get_finite (config, "tau", &tau, error))
    return FALSE;
  if (tau <= 0)
    {
      orr_param_set_error (error, "tau", "must be > 0, not %g", tau);
      return FALSE;
    }
  orr_config_add_input (config, rows, cols, ORR_TYPE_DOUBLE, FALSE);
  orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
  orr_config_set_states (config, rows * cols, init, FALSE);
  orr_config_set_always_active (config, TRUE);
  orr_config_set_rpar (config, &tau, 1);
  return TRUE;
}

static void
loopbreaker_simulate (OrrSimBlock *block, OrrJob job)
{
  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        for (int i = 0; i < block->nx; i++)
          orr_block_real_out (block, 0)[i] = block->x[i];
        break;

      case ORR_JOB_DERIVATIVES:
        for (int i = 0; i < block->nx; i++)
          block->xd[i] = (orr_block_real_in (block, 0)[i] - block->x[i]) / block->rpar[0];
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_loopbreaker_class = {
  .name = "Loopbreaker",
  .palette = N_ ("Continuous"),
  .label = N_ ("Loop breaker"),
  .description = N_ ("Follows its input with a short time constant, without feedthrough: breaks an "
                     "algebraic loop of continuous-time signals."),
  .icon_text = "⟲|",
  .params = loopbreaker_params,
  .n_params = G_N_ELEMENTS (loopbreaker_params),
  .configure = loopbreaker_configure,
  .simulate = loopbreaker_simulate,
};
