/* integrator.c: Integrator, x' = u1, y = x, with x(start) = x0.
 *
 * The output depends on the state only, never directly on an input, so
 * neither input is feedthrough: that is what lets a loop close through an
 * integrator without being an algebraic loop. With re-initialisation on,
 * an event on the activation input makes the state jump to the second
 * input (the simulator then restarts the solver).
 *
 * With limits on, each state stays between its lower and upper limit, as
 * Scicos's INTEGRAL_m with saturation: a state that reaches a limit while
 * its input pushes outwards is held there until the input turns round.
 * Each element has a mode (free, held at the upper limit, held at the
 * lower limit) and two surfaces: while free, x - upper and x - lower,
 * which stop the solver on reaching a limit; while held, the input takes
 * the place of the surface of the limit it holds, so that the solver stops
 * where the input lets go. The state is clamped onto the limit at the
 * crossing, since the root is only located within a tolerance. */
#include "continuous-classes.h"
#include "orr-block-params.h"

#include <string.h>
#include <glib/gi18n-lib.h>

enum
{
  MODE_FREE = 1,
  MODE_UPPER = 2,
  MODE_LOWER = 3,
};

static const OrrParamSpec integrator_params[] = {
  { "x0", N_ ("Initial state"), "0",
    N_ ("The state at the start time; its size is the size of the input, the output and the "
        "state.") },
  { "reinit", N_ ("Re-initialisation"), "0",
    N_ ("1: add a second input and an activation input; each activation sets the state to the "
        "second input."),
    ORR_PARAM_CHECKBOX },
  { "limited", N_ ("Limited"), "0",
    N_ ("1: keep each state between its lower and upper limit, holding it at a limit while the "
        "input pushes outwards."),
    ORR_PARAM_CHECKBOX },
  { "upper", N_ ("Upper limit"), "1",
    N_ ("With limits on: the largest value of the state, a scalar for every element or one value "
        "per element.") },
  { "lower", N_ ("Lower limit"), "-1",
    N_ ("With limits on: the smallest value of the state, below the upper limit; a scalar or one "
        "value per element.") },
};

/* A limit: a scalar for every state, or one value per state. */
static gboolean
get_limit (OrrConfig *config, const char *name, int n, double *limit, GError **error)
{
  const double *values;
  int rows, cols;

  if (!orr_param_get_matrix (config, name, &values, &rows, &cols, error))
    return FALSE;
  if (rows * cols != 1 && rows * cols != n)
    {
      orr_param_set_error (error, name,
                           "must be a scalar or have one value per element of x0 (%d), not %dx%d",
                           n, rows, cols);
      return FALSE;
    }
  for (int i = 0; i < n; i++)
    limit[i] = values[rows * cols == 1 ? 0 : i];
  return TRUE;
}

/* rpar = { upper (n), lower (n) }. */
static gboolean
configure_limits (OrrConfig *config, const double *x0, int n, GError **error)
{
  g_autofree double *rpar = g_new (double, 2 * n);
  double *upper = rpar, *lower = rpar + n;

  if (!get_limit (config, "upper", n, upper, error)
      || !get_limit (config, "lower", n, lower, error))
    return FALSE;
  for (int i = 0; i < n; i++)
    {
      if (!(upper[i] > lower[i]))
        {
          orr_param_set_error (error, "upper",
                               "must be greater than the lower limit (%g), not %g (element %d)",
                               lower[i], upper[i], i + 1);
          return FALSE;
        }
      if (!(x0[i] >= lower[i] && x0[i] <= upper[i]))
        {
          orr_param_set_error (error, "x0",
                               "must lie between the limits %g and %g, not %g "
                               "(element %d)",
                               lower[i], upper[i], x0[i], i + 1);
          return FALSE;
        }
    }
  orr_config_set_rpar (config, rpar, 2 * n);
  orr_config_set_surfaces (config, 2 * n, n);
  return TRUE;
}

static gboolean
integrator_configure (OrrConfig *config, GError **error)
{
  const double *x0;
  int rows, cols;
  gboolean reinit, limited;

  if (!orr_param_get_matrix (config, "x0", &x0, &rows, &cols, error)
      || !orr_param_get_flag (config, "reinit", &reinit, error)
      || !orr_param_get_flag (config, "limited", &limited, error))
    return FALSE;
  if (limited && !configure_limits (config, x0, rows * cols, error))
    return FALSE;

  orr_config_add_input (config, rows, cols, ORR_TYPE_DOUBLE, FALSE);
  if (reinit)
    {
      orr_config_add_input (config, rows, cols, ORR_TYPE_DOUBLE, FALSE);
      orr_config_set_event_ports (config, 1, 0);
      /* two inputs of different roles: say which is which on the block */
      orr_config_set_input_label (config, 0, "u");
      orr_config_set_input_label (config, 1, "x reset");
    }
  orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
  orr_config_set_states (config, rows * cols, x0, FALSE);
  /* A block with continuous state lives in continuous time whatever its
   * activation input carries. */
  orr_config_set_always_active (config, TRUE);
  return TRUE;
}

/* Which mode fits a state and its input now: held only while the input
 * pushes the state out through the limit it sits on. */
static int
choose_mode (double x, double u, double upper, double lower)
{
  if (x >= upper && u > 0)
    return MODE_UPPER;
  if (x <= lower && u < 0)
    return MODE_LOWER;
  return MODE_FREE;
}

static void
limited_simulate (OrrSimBlock *block, OrrJob job)
{
  int n = block->nx;
  const double *upper = block->rpar, *lower = block->rpar + n;
  const double *u = orr_block_real_in (block, 0);
  double *x = block->x;
  gboolean fixed = orr_block_modes_fixed (block);

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        memcpy (orr_block_real_out (block, 0), x, n * sizeof (double));
        break;

      case ORR_JOB_DERIVATIVES:
        for (int i = 0; i < n; i++)
          {
            int mode = fixed ? block->mode[i] : choose_mode (x[i], u[i], upper[i], lower[i]);
            block->xd[i] = mode == MODE_FREE ? u[i] : 0.0;
          }
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        for (int i = 0; i < n; i++)
          {
            if (!fixed)
              block->mode[i] = choose_mode (x[i], u[i], upper[i], lower[i]);
            block->g[2 * i] = block->mode[i] == MODE_UPPER ? u[i] : x[i] - upper[i];
            block->g[2 * i + 1] = block->mode[i] == MODE_LOWER ? u[i] : x[i] - lower[i];
          }
        break;

      case ORR_JOB_STATE_UPDATE:
        if (block->n_in > 1 && block->nevprt > 0 && (block->nevprt & 1))
          memcpy (x, orr_block_real_in (block, 1), n * sizeof (double));
        /* After a crossing the state may have overshot its limit by the
         * root tolerance; a re-initialisation may ask for too much. */
        if (orr_block_is_zero_crossing_event (block) || block->nevprt > 0)
          for (int i = 0; i < n; i++)
            x[i] = CLAMP (x[i], lower[i], upper[i]);
        break;

      default:
        break;
    }
}

static void
integrator_simulate (OrrSimBlock *block, OrrJob job)
{
  gsize size = block->nx * sizeof (double);

  if (block->n_rpar > 0)
    {
      limited_simulate (block, job);
      return;
    }

  switch (job)
    {
      /* (one state, the common case, is a plain copy: no call to memcpy
       * in the solver's hottest loop) */
      case ORR_JOB_OUTPUTS:
        if (block->nx == 1)
          orr_block_real_out (block, 0)[0] = block->x[0];
        else
          memcpy (orr_block_real_out (block, 0), block->x, size);
        break;

      case ORR_JOB_DERIVATIVES:
        if (block->nx == 1)
          block->xd[0] = orr_block_real_in (block, 0)[0];
        else
          memcpy (block->xd, orr_block_real_in (block, 0), size);
        break;

      case ORR_JOB_STATE_UPDATE:
        if (block->n_in > 1 && block->nevprt > 0 && (block->nevprt & 1))
          memcpy (block->x, orr_block_real_in (block, 1), size);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_integrator_class = {
  .name = "Integrator",
  .palette = N_ ("Continuous"),
  .label = N_ ("Integrator"),
  .description = N_ ("Integrates its input over time, optionally re-initialised by events and held "
                     "between limits."),
  .icon_text = "1/s",
  .keywords = "reset reinit reinitialisation reinitialization initial state accumulate",
  .params = integrator_params,
  .n_params = G_N_ELEMENTS (integrator_params),
  .configure = integrator_configure,
  .simulate = integrator_simulate,
};
