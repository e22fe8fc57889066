/* saturation.c: Saturation, each element of u clamped between a lower and
 * an upper limit (scalars for every element, or matrices of the input's
 * size).
 *
 * With zero crossings on, each element has one surface and a mode for its
 * region: between the limits, ends included (y = u), above the upper limit
 * or below the lower one (y constant). Each surface is positive inside its
 * region and changes sign where u leaves it: (u - lower)(upper - u)
 * between the limits, u - upper above, lower - u below (kept off zero on
 * a limit, see math-surfaces.h). rpar = { upper, lower } with ipar =
 * { elements of upper, elements of lower }. */
#include "math-classes.h"
#include "math-surfaces.h"
#include "orr-block-params.h"

#include <math.h>
#include <string.h>

/* Mode 0, where modes start (and NaN), computes directly. */
enum
{
  MODE_DIRECT = 0,
  MODE_INSIDE = 1,
  MODE_UPPER = 2,
  MODE_LOWER = 3,
};

static const OrrParamSpec saturation_params[] = {
  { "upper", "Upper limit", "1",
    "The largest output: a scalar for every element, or a matrix of the input's size." },
  { "lower", "Lower limit", "-1",
    "The smallest output, at most the upper limit: a scalar or a matrix of the input's size." },
  { "zero_crossing", "Zero crossing", "1",
    "1: locate where the input reaches a limit and hold the region in between, for an "
    "accurate and fast variable-step integration; 0: plain clamping.",
    ORR_PARAM_CHECKBOX },
};

static gboolean
saturation_configure (OrrConfig *config, GError **error)
{
  const double *upper, *lower;
  int ur, uc, lr, lc, nu, nl, n;
  gboolean zero_crossing;
  g_autofree double *rpar = NULL;
  int ipar[2];

  if (!orr_param_get_matrix (config, "upper", &upper, &ur, &uc, error)
      || !orr_param_get_matrix (config, "lower", &lower, &lr, &lc, error)
      || !orr_param_get_flag (config, "zero_crossing", &zero_crossing, error))
    return FALSE;
  nu = ur * uc;
  nl = lr * lc;
  if (nu != 1 && nl != 1 && (ur != lr || uc != lc))
    {
      orr_param_set_error (error, "lower",
                           "must be a scalar or have the size of 'upper' (%dx%d), "
                           "not %dx%d",
                           ur, uc, lr, lc);
      return FALSE;
    }
  n = MAX (nu, nl);
  for (int i = 0; i < n; i++)
    if (!(lower[nl == 1 ? 0 : i] <= upper[nu == 1 ? 0 : i]))
      {
        orr_param_set_error (error, "lower", "must not be above the upper limit (%g > %g)",
                             lower[nl == 1 ? 0 : i], upper[nu == 1 ? 0 : i]);
        return FALSE;
      }
  if (n == 1)
    {
      orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
      orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
    }
  else
    {
      int rows = nu == 1 ? lr : ur, cols = nu == 1 ? lc : uc;

      orr_config_add_input (config, rows, cols, ORR_TYPE_DOUBLE, TRUE);
      orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
    }
  rpar = g_new (double, nu + nl);
  memcpy (rpar, upper, sizeof (double) * nu);
  memcpy (rpar + nu, lower, sizeof (double) * nl);
  ipar[0] = nu;
  ipar[1] = nl;
  orr_config_set_rpar (config, rpar, nu + nl);
  orr_config_set_ipar (config, ipar, 2);
  if (zero_crossing)
    orr_config_set_surfaces (config, -1, -1);
  return TRUE;
}

static void
saturation_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *u = orr_block_real_in (block, 0);
  const double *upper = block->rpar, *lower = block->rpar + block->ipar[0];
  int n = orr_block_in_numel (block, 0);
  int nu = block->ipar[0], nl = block->ipar[1];

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        {
          double *y = orr_block_real_out (block, 0);
          gboolean use_modes = block->nmode >= n && orr_block_modes_fixed (block);

          for (int i = 0; i < n; i++)
            {
              double hi = upper[nu == 1 ? 0 : i], lo = lower[nl == 1 ? 0 : i];
              int mode = use_modes ? block->mode[i] : MODE_DIRECT;

              if (mode == MODE_INSIDE)
                y[i] = u[i];
              else if (mode == MODE_UPPER)
                y[i] = hi;
              else if (mode == MODE_LOWER)
                y[i] = lo;
              else
                y[i] = u[i] > hi ? hi : u[i] < lo ? lo : u[i];
            }
        }
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        for (int i = 0; i < block->ng && i < n; i++)
          {
            double hi = upper[nu == 1 ? 0 : i], lo = lower[nl == 1 ? 0 : i], g;
            int mode;

            if (orr_block_modes_fixed (block) && i < block->nmode)
              mode = block->mode[i];
            else
              {
                mode = u[i] > hi       ? MODE_UPPER
                       : u[i] < lo     ? MODE_LOWER
                       : !isnan (u[i]) ? MODE_INSIDE
                                       : MODE_DIRECT;
                if (i < block->nmode)
                  block->mode[i] = mode;
              }
            if (mode == MODE_UPPER)
              g = u[i] - hi;
            else if (mode == MODE_LOWER)
              g = lo - u[i];
            else
              g = (u[i] - lo) * (hi - u[i]);
            block->g[i] = orr_math_surface (block, g, 1);
          }
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_saturation_class = {
  .name = "Saturation",
  .palette = "Math",
  .label = "Saturation",
  .description = "Limits each element of the input to a range.",
  .icon_text = "sat",
  .params = saturation_params,
  .n_params = G_N_ELEMENTS (saturation_params),
  .configure = saturation_configure,
  .simulate = saturation_simulate,
};
