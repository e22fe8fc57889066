/* rate-limiter.c: RateLimiter, an output that follows the input with its
 * slope kept between a falling and a rising limit.
 *
 * The output is a continuous state x, one per element, that tracks the
 * input with a short time constant Td while the slope this asks for is
 * within the limits, and moves at the limit otherwise, as Modelica's
 * SlewRateLimiter:
 *   x' = clamp ((u - x) / Td, falling, rising),  y = x.
 * The clamp has two kinks, so each element has a mode (tracking, rising at
 * the limit, falling at the limit) held over an integration interval, and
 * two surfaces (u - x) / Td - rising and (u - x) / Td - falling that end
 * the interval where the mode changes. With the output a state, the input
 * is not feedthrough. */
#include "continuous-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

enum
{
  MODE_TRACK = 1,
  MODE_RISING = 2,
  MODE_FALLING = 3,
};

enum
{
  RISING,
  FALLING,
  TIME_CONSTANT,
};

static const OrrParamSpec rate_limiter_params[] = {
  { "rising", N_ ("Rising slew rate"), "1",
    N_ ("The largest slope of the output, positive, per second.") },
  { "falling", N_ ("Falling slew rate"), "-1",
    N_ ("The smallest (most negative) slope of the output, negative, per second.") },
  { "Td", N_ ("Tracking time constant"), "0.001",
    N_ ("How fast the output catches up with the input within the limits, in seconds, positive: "
        "smaller follows more closely.") },
  { "y0", N_ ("Initial output"), "0",
    N_ ("The output at the start time; its size is the size of the input and output.") },
};

static gboolean
rate_limiter_configure (OrrConfig *config, GError **error)
{
  double rpar[3];
  const double *y0;
  int rows, cols;

  if (!orr_param_get_finite (config, "rising", &rpar[RISING], error)
      || !orr_param_get_finite (config, "falling", &rpar[FALLING], error)
      || !orr_param_get_finite (config, "Td", &rpar[TIME_CONSTANT], error)
      || !orr_param_get_matrix (config, "y0", &y0, &rows, &cols, error))
    return FALSE;
  if (!(rpar[RISING] > 0))
    {
      orr_param_set_error (error, "rising", "must be positive, not %g", rpar[RISING]);
      return FALSE;
    }
  if (!(rpar[FALLING] < 0))
    {
      orr_param_set_error (error, "falling", "must be negative, not %g", rpar[FALLING]);
      return FALSE;
    }
  if (!(rpar[TIME_CONSTANT] > 0))
    {
      orr_param_set_error (error, "Td", "must be positive, not %g", rpar[TIME_CONSTANT]);
      return FALSE;
    }

  orr_config_add_input (config, rows, cols, ORR_TYPE_DOUBLE, FALSE);
  orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
  orr_config_set_states (config, rows * cols, y0, FALSE);
  orr_config_set_always_active (config, TRUE);
  orr_config_set_surfaces (config, 2 * rows * cols, rows * cols);
  orr_config_set_rpar (config, rpar, 3);
  return TRUE;
}

static int
choose_mode (double slope, const double *rpar)
{
  if (slope > rpar[RISING])
    return MODE_RISING;
  if (slope < rpar[FALLING])
    return MODE_FALLING;
  return MODE_TRACK;
}

static void
rate_limiter_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *rpar = block->rpar;
  int n = block->nx;
  const double *u = orr_block_real_in (block, 0);
  const double *x = block->x;
  gboolean fixed = orr_block_modes_fixed (block);

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        for (int i = 0; i < n; i++)
          orr_block_real_out (block, 0)[i] = x[i];
        break;

      case ORR_JOB_DERIVATIVES:
        for (int i = 0; i < n; i++)
          {
            double slope = (u[i] - x[i]) / rpar[TIME_CONSTANT];

            switch (fixed ? block->mode[i] : choose_mode (slope, rpar))
              {
                case MODE_RISING:
                  block->xd[i] = rpar[RISING];
                  break;
                case MODE_FALLING:
                  block->xd[i] = rpar[FALLING];
                  break;
                default:
                  block->xd[i] = slope;
                  break;
              }
          }
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        for (int i = 0; i < n; i++)
          {
            double slope = (u[i] - x[i]) / rpar[TIME_CONSTANT];

            block->g[2 * i] = slope - rpar[RISING];
            block->g[2 * i + 1] = slope - rpar[FALLING];
            if (!fixed)
              block->mode[i] = choose_mode (slope, rpar);
          }
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_rate_limiter_class = {
  .name = "RateLimiter",
  .palette = N_ ("Continuous"),
  .label = N_ ("Rate limiter"),
  .description = N_ ("Follows its input with the output's slope kept within rising and falling "
                     "limits."),
  .icon_text = "⟋",
  .params = rate_limiter_params,
  .n_params = G_N_ELEMENTS (rate_limiter_params),
  .configure = rate_limiter_configure,
  .simulate = rate_limiter_simulate,
};
