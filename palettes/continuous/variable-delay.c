/* variable-delay.c: VariableDelay, y(t) = u1(t - d(t)) where the delay
 * d(t) is the second input, clamped to [0, max delay], and the initial
 * output while t - d is before the start time.
 *
 * As TransportDelay, the past of u1 is kept at accepted points only and
 * interpolated (delay-history.h), and u1 is not feedthrough: a delay
 * breaks an algebraic loop. The delay input is read at once, so it is
 * feedthrough. A surface t - start - d stops the solver where the output
 * leaves the initial value, and a mode holds the initial output on the
 * trial points before that. */
#include "continuous-classes.h"
#include "delay-history.h"
#include "orr-block-params.h"

#include <string.h>
#include <glib/gi18n-lib.h>

enum
{
  MODE_BEFORE = 1,
  MODE_AFTER = 2,
};

static const char *const method_choices[] = { N_ ("Linear"), N_ ("Cubic Hermite"), NULL };

static const OrrParamSpec variable_delay_params[] = {
  { "max_delay", N_ ("Maximum delay"), "1",
    N_ ("The largest delay, in seconds, above 0; the delay input is clamped to [0, this].") },
  { "init", N_ ("Initial output"), "0",
    N_ ("The output while t minus the delay is before the start time: a scalar for every element, "
        "or a matrix that fixes the size of the input and output.") },
  { "buffer_size", N_ ("Buffer size"), "1024",
    N_ ("How many past points are kept; enough to cover the maximum delay at the solver's smallest "
        "steps.") },
  { "method", N_ ("Interpolation"), "2",
    N_ ("How the input is read between kept points: 1 linear, 2 cubic Hermite."), ORR_PARAM_CHOICE,
    method_choices },
};

static gboolean
variable_delay_configure (OrrConfig *config, GError **error)
{
  const double *init;
  int rows, cols, numel, ipar[2];
  double max_delay;
  g_autofree double *rpar = NULL;

  if (!orr_param_get_finite (config, "max_delay", &max_delay, error)
      || !orr_param_get_matrix (config, "init", &init, &rows, &cols, error)
      || !orr_param_get_int_range (config, "buffer_size", 2, 10000000, &ipar[0], error)
      || !orr_param_get_int_range (config, "method", ORR_DELAY_LINEAR, ORR_DELAY_HERMITE, &ipar[1],
                                   error))
    return FALSE;
  if (!(max_delay > 0))
    {
      orr_param_set_error (error, "max_delay", "must be positive, not %g", max_delay);
      return FALSE;
    }

  numel = rows * cols;
  if (numel == 1)
    {
      rows = -1;
      cols = -2;
    }
  orr_config_add_input (config, rows, cols, ORR_TYPE_DOUBLE, FALSE);
  orr_config_add_input (config, 1, 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
  orr_config_set_always_active (config, TRUE);
  orr_config_set_surfaces (config, 1, 1);

  rpar = g_new (double, 1 + numel);
  rpar[0] = max_delay;
  memcpy (rpar + 1, init, sizeof (double) * numel);
  orr_config_set_rpar (config, rpar, 1 + numel);
  orr_config_set_ipar (config, ipar, 2);
  return TRUE;
}

static double
current_delay (OrrSimBlock *block)
{
  return CLAMP (orr_block_real_in (block, 1)[0], 0.0, block->rpar[0]);
}

static void
variable_delay_simulate (OrrSimBlock *block, OrrJob job)
{
  OrrDelayHistory *history = block->work;
  double t = orr_block_get_time (block);

  switch (job)
    {
      case ORR_JOB_INIT:
        block->work = orr_delay_history_new (orr_block_in_numel (block, 0), block->ipar[0]);
        break;

      case ORR_JOB_OUTPUTS:
        {
          int n = orr_block_out_numel (block, 0);
          double *y = orr_block_real_out (block, 0);
          double delay = current_delay (block);
          int mode;

          if (history == NULL)
            break;
          if (!orr_block_in_try_phase (block))
            orr_delay_history_add (history, t, orr_block_real_in (block, 0));
          if (orr_block_modes_fixed (block))
            mode = block->mode[0];
          else
            mode = t - delay >= block->time->start_time ? MODE_AFTER : MODE_BEFORE;

          if (mode != MODE_AFTER)
            {
              const double *init = block->rpar + 1;
              gboolean scalar = block->n_rpar == 2;

              for (int i = 0; i < n; i++)
                y[i] = init[scalar ? 0 : i];
            }
          else if (!orr_delay_history_eval (history, t - delay, block->ipar[1], y))
            orr_block_error (block,
                             "the input's past, %d points, does not reach back to t = %g s; "
                             "increase 'buffer_size'",
                             history->capacity, t - delay);
        }
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        block->g[0] = t - block->time->start_time - current_delay (block);
        if (!orr_block_modes_fixed (block))
          block->mode[0] = block->g[0] >= 0 ? MODE_AFTER : MODE_BEFORE;
        break;

      case ORR_JOB_TERMINATE:
        g_clear_pointer (&block->work, orr_delay_history_free);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_variable_delay_class = {
  .name = "VariableDelay",
  .palette = N_ ("Continuous"),
  .label = N_ ("Variable delay"),
  .description = N_ ("Delays its first input by the time given on its second input."),
  .icon_text = "e^-sτ(t)",
  .params = variable_delay_params,
  .n_params = G_N_ELEMENTS (variable_delay_params),
  .configure = variable_delay_configure,
  .simulate = variable_delay_simulate,
};
