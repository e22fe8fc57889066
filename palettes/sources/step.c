/* step.c: Step, the initial value before the step time and the final value
 * from it on.
 *
 * To make the jump exact the block is always active with one zero-crossing
 * surface, g = t - step time, and a mode (before or after). The solver
 * integrates with the mode held, so it never sees the jump inside a step,
 * and the surface stops it exactly at the step time, where the mode
 * changes. (Programming an event at the step time would need an activation
 * output wired back to the block; a time surface needs no wiring and works
 * the same in a super block.) Fixed-step solvers ignore modes and see the
 * jump at the first step boundary at or after the step time. */
#include "sources-classes.h"
#include "sources-params.h"
#include "orr-block-params.h"

#include <string.h>
#include <glib/gi18n-lib.h>

enum
{
  MODE_BEFORE = 1,
  MODE_AFTER = 2,
};

static const char *const step_values[] = { "initial", "final" };

static const OrrParamSpec step_params[] = {
  { "step_time", N_ ("Step time"), "1", N_ ("The time of the jump, in seconds.") },
  { "initial", N_ ("Initial value"), "0",
    N_ ("The output before the step time: a scalar, or a matrix giving the output's size.") },
  { "final", N_ ("Final value"), "1",
    N_ ("The output from the step time on: a scalar, or a matrix of the output's size."),
    .tunable = TRUE },
};

static gboolean
step_configure (OrrConfig *config, GError **error)
{
  g_autofree double *values = NULL;
  double step_time;
  int rows, cols;

  if (!orr_param_get_finite (config, "step_time", &step_time, error))
    return FALSE;
  values = orr_sources_get_broadcast (config, step_values, 2, &rows, &cols, error);
  if (values == NULL)
    return FALSE;

  orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
  orr_config_set_always_active (config, TRUE);
  orr_config_set_surfaces (config, 1, 1);
  /* rpar = step time, initial values, final values */
  {
    int n = rows * cols;
    g_autofree double *rpar = g_new (double, 1 + 2 * n);

    rpar[0] = step_time;
    memcpy (rpar + 1, values, 2 * n * sizeof (double));
    orr_config_set_rpar (config, rpar, 1 + 2 * n);
  }
  return TRUE;
}

static void
step_simulate (OrrSimBlock *block, OrrJob job)
{
  double t = orr_block_get_time (block);
  double step_time = block->rpar[0];
  int mode;

  if (block->nmode > 0 && orr_block_modes_fixed (block))
    mode = block->mode[0];
  else
    mode = t >= step_time ? MODE_AFTER : MODE_BEFORE;

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        {
          int n = orr_block_out_numel (block, 0);
          const double *values = block->rpar + 1 + (mode == MODE_AFTER ? n : 0);

          memcpy (orr_block_real_out (block, 0), values, n * sizeof (double));
        }
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        if (block->ng > 0)
          block->g[0] = t - step_time;
        if (block->nmode > 0 && !orr_block_modes_fixed (block))
          block->mode[0] = mode;
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_step_class = {
  .name = "Step",
  .palette = N_ ("Sources"),
  .label = N_ ("Step"),
  .description = N_ ("Jumps from an initial to a final value at a given time."),
  .icon_text = "step",
  .params = step_params,
  .n_params = G_N_ELEMENTS (step_params),
  .configure = step_configure,
  .simulate = step_simulate,
};
