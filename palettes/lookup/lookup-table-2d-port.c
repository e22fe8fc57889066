/* lookup-table-2d-port.c: LookupTable2D_port, LookupTable2D with its
 * table on inputs: inputs 1 and 2 are where to look (element by element,
 * one size), inputs 3 and 4 the breakpoints x (nx) and y (ny), input 5
 * the table z (nx x ny), all of which may change from one call to the
 * next. Bilinear inside the grid; outside, hold (the inputs clamped to
 * the grid) or linear (the edge cells continued). Breakpoints that are not
 * strictly increasing stop the run at an accepted point (a trial point
 * gets NaN). ipar = { extrapolation }. */
#include "lookup-classes.h"
#include "orr-block-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

static const char *const extrapolation_choices[] = { N_ ("Hold"), N_ ("Linear"), NULL };

static const OrrParamSpec lookup_table_2d_port_params[] = {
  { "extrapolation", N_ ("Extrapolation"), "1",
    N_ ("Outside the grid: 1 hold the values at its edge; 2 continue the edge cells "
        "bilinearly."),
    ORR_PARAM_CHOICE, extrapolation_choices },
};

static gboolean
lookup_table_2d_port_configure (OrrConfig *config, GError **error)
{
  int extrapolation;
  static const char *const labels[] = { "u1", "u2", "x", "y", "z" };

  if (!orr_param_get_int_range (config, "extrapolation", 1, 2, &extrapolation, error))
    return FALSE;
  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_input (config, -3, 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_input (config, -4, 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_input (config, -3, -4, ORR_TYPE_DOUBLE, TRUE);
  for (int i = 0; i < 5; i++)
    orr_config_set_input_label (config, i, labels[i]);
  orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
  orr_config_set_ipar (config, &extrapolation, 1);
  return TRUE;
}

static gboolean
increasing (const double *x, int n)
{
  if (n < 2)
    return FALSE;
  for (int i = 0; i < n; i++)
    if (!isfinite (x[i]) || (i > 0 && !(x[i] > x[i - 1])))
      return FALSE;
  return TRUE;
}

/* The cell along one axis, x[i] <= u < x[i + 1] (the edge cells outside),
 * and u's fraction of the way across it, clamped to [0, 1] when holding. */
static int
cell (const double *x, int n, double u, gboolean hold, double *fraction)
{
  int lo = 0, hi = n - 1;
  double f;

  while (hi - lo > 1)
    {
      int mid = (lo + hi) / 2;

      if (u >= x[mid])
        lo = mid;
      else
        hi = mid;
    }
  f = (u - x[lo]) / (x[lo + 1] - x[lo]);
  *fraction = hold ? CLAMP (f, 0.0, 1.0) : f;
  return lo;
}

static void
lookup_table_2d_port_simulate (OrrSimBlock *block, OrrJob job)
{
  int nx = orr_block_in_numel (block, 2), ny = orr_block_in_numel (block, 3);
  const double *x = orr_block_real_in (block, 2), *y = orr_block_real_in (block, 3);
  const double *z = orr_block_real_in (block, 4);
  const double *u1 = orr_block_real_in (block, 0), *u2 = orr_block_real_in (block, 1);
  double *out = orr_block_real_out (block, 0);
  gboolean hold = block->ipar[0] == 1;
  int n = orr_block_out_numel (block, 0);

  if (job != ORR_JOB_OUTPUTS)
    return;
  if (!increasing (x, nx) || !increasing (y, ny))
    {
      for (int k = 0; k < n; k++)
        out[k] = NAN;
      if (!orr_block_in_try_phase (block))
        orr_block_error (block, "the breakpoints on inputs 3 and 4 must be finite and strictly "
                                "increasing, at least 2 of each");
      return;
    }
  for (int k = 0; k < n; k++)
    {
      double fx, fy;
      int i, j;

      if (isnan (u1[k]) || isnan (u2[k]))
        {
          out[k] = NAN;
          continue;
        }
      i = cell (x, nx, u1[k], hold, &fx);
      j = cell (y, ny, u2[k], hold, &fy);
      out[k] = (1 - fx) * (1 - fy) * z[i + j * nx] + fx * (1 - fy) * z[i + 1 + j * nx]
               + (1 - fx) * fy * z[i + (j + 1) * nx] + fx * fy * z[i + 1 + (j + 1) * nx];
    }
}

const OrrBlockClass orr_lookup_table_2d_port_class = {
  .name = "LookupTable2D_port",
  .palette = N_ ("Lookup"),
  .label = N_ ("Lookup table 2D (table on inputs)"),
  .description = N_ ("A bilinear interpolation of a two-dimensional table whose breakpoints and "
                     "values come on its inputs."),
  .icon_text = "z(u1,u2; x,y,z)",
  .params = lookup_table_2d_port_params,
  .n_params = G_N_ELEMENTS (lookup_table_2d_port_params),
  .configure = lookup_table_2d_port_configure,
  .simulate = lookup_table_2d_port_simulate,
};
