/* limit-band.c: the band Saturation and DeadZone share (see
 * limit-band.h). */
#include "limit-band.h"
#include "math-surfaces.h"
#include "orr-block-params.h"

#include <math.h>
#include <string.h>

gboolean
orr_band_configure (OrrConfig *config, const char *upper_name, GError **error)
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
        orr_param_set_error (error, "lower", "must not be above %s (%g > %g)", upper_name,
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

void
orr_band_simulate (OrrSimBlock *block, OrrJob job, OrrBandOutput output)
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
              OrrBandRegion region = use_modes ? block->mode[i] : ORR_BAND_DIRECT;

              y[i] = output (u[i], lo, hi, region);
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
                mode = u[i] > hi       ? ORR_BAND_ABOVE
                       : u[i] < lo     ? ORR_BAND_BELOW
                       : !isnan (u[i]) ? ORR_BAND_INSIDE
                                       : ORR_BAND_DIRECT;
                if (i < block->nmode)
                  block->mode[i] = mode;
              }
            if (mode == ORR_BAND_ABOVE)
              g = u[i] - hi;
            else if (mode == ORR_BAND_BELOW)
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
