/* max-min-interval.c: MaxMinInterval, the running minimum or maximum of
 * the input, element by element, over the whole run or, with the
 * re-initialisation port, since the last event there. Each event on that
 * port restarts it from the "(Re)Start value", which takes part in it
 * (a restart value of 0 for a maximum of negative signals keeps 0).
 *
 * The block is always active. z holds the extreme so far; the output is
 * the extreme of z and the current input (direct feedthrough) or z alone
 * (without: the input of this instant counts from the next point on, and
 * a loop through the block is no algebraic loop). The input is folded
 * into z after each accepted solver step (a step hook, where the inputs
 * of the accepted point are up to date), so a continuous input's extreme
 * is taken over the solver's accepted points: a peak between two steps
 * is missed by at most the curvature times the step squared over 8 (no
 * crossing location). Since the solver stops at each event, the value
 * just before an event counts in the interval that event ends. At a
 * restart, the input just after the event starts the new interval. NaN
 * inputs are ignored, as by fmin and fmax. */
#include "math-classes.h"
#include "orr-block-params.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

enum
{
  FN_MIN = 1,
  FN_MAX = 2,
};

static const char *const function_choices[] = { N_ ("Min"), N_ ("Max"), NULL };

static const OrrParamSpec max_min_interval_params[] = {
  { "function", N_ ("Function"), "1", N_ ("1: the running minimum; 2: the running maximum."),
    ORR_PARAM_CHOICE, function_choices },
  { "initial", N_ ("(Re)Start value"), "0",
    N_ ("Where the minimum or maximum starts, at the start time and at each re-initialisation "
        "event; it counts as one of the values. Its size is the size of the input and "
        "output.") },
  { "feedthrough", N_ ("Direct feedthrough"), "1",
    N_ ("1: the output includes the input of the same instant; 0: only the values up to the "
        "previous point, which breaks an algebraic loop through the block."),
    ORR_PARAM_CHECKBOX },
  { "external", N_ ("Re-initialisation event port"), "0",
    N_ ("1: an activation input; each event restarts the minimum or maximum from the restart "
        "value, so that it is taken between two successive events. 0: over the whole run."),
    ORR_PARAM_CHECKBOX },
};

static gboolean
max_min_interval_configure (OrrConfig *config, GError **error)
{
  const double *initial;
  int function, rows, cols;
  gboolean feedthrough, external;

  if (!orr_param_get_int_range (config, "function", FN_MIN, FN_MAX, &function, error)
      || !orr_param_get_matrix (config, "initial", &initial, &rows, &cols, error)
      || !orr_param_get_flag (config, "feedthrough", &feedthrough, error)
      || !orr_param_get_flag (config, "external", &external, error))
    return FALSE;
  for (int i = 0; i < rows * cols; i++)
    if (!isfinite (initial[i]))
      {
        orr_param_set_error (error, "initial", "must be finite");
        return FALSE;
      }
  orr_config_add_input (config, rows, cols, ORR_TYPE_DOUBLE, feedthrough);
  orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
  orr_config_set_discrete_states (config, rows * cols, initial);
  orr_config_set_rpar (config, initial, rows * cols);
  orr_config_set_ipar (config, (int[]){ function, feedthrough }, 2);
  orr_config_set_always_active (config, TRUE);
  orr_config_set_event_ports (config, external ? 1 : 0, 0);
  orr_config_set_label (config, function == FN_MIN ? "min[t₀,t]" : "max[t₀,t]");
  return TRUE;
}

static double
extreme (const OrrSimBlock *block, double a, double b)
{
  return block->ipar[0] == FN_MIN ? fmin (a, b) : fmax (a, b);
}

/* After an accepted step: the input there joins the interval. */
static gboolean
step_done (OrrSimBlock *block)
{
  const double *u = orr_block_real_in (block, 0);

  for (int i = 0; i < block->nz; i++)
    block->z[i] = extreme (block, block->z[i], u[i]);
  /* with feedthrough the output is unchanged; without, the new value
   * shows from the next point on, as documented */
  return FALSE;
}

static void
max_min_interval_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *u = orr_block_real_in (block, 0);
  double *y = orr_block_real_out (block, 0);
  gboolean feedthrough = block->ipar[1];
  gboolean restart = block->n_evin > 0 && block->nevprt > 0 && (block->nevprt & 1);

  switch (job)
    {
      case ORR_JOB_INIT:
        orr_block_set_step_hook (block, step_done);
        break;

      case ORR_JOB_OUTPUTS:
        for (int i = 0; i < block->nz; i++)
          {
            double base = restart ? block->rpar[i] : block->z[i];

            y[i] = feedthrough ? extreme (block, base, u[i]) : base;
          }
        break;

      case ORR_JOB_STATE_UPDATE:
        if (restart)
          for (int i = 0; i < block->nz; i++)
            block->z[i] = extreme (block, block->rpar[i], u[i]);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_max_min_interval_class = {
  .name = "MaxMinInterval",
  .palette = N_ ("Math"),
  .label = N_ ("Running min/max"),
  .description = N_ ("The smallest or largest value the input has taken, over the run or "
                     "between two events."),
  .icon_text = "min[t₀,t]",
  .params = max_min_interval_params,
  .n_params = G_N_ELEMENTS (max_min_interval_params),
  .configure = max_min_interval_configure,
  .simulate = max_min_interval_simulate,
  .keywords = "running minimum maximum peak extreme interval",
};
