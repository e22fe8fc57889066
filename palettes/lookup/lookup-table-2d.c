/* lookup-table-2d.c: LookupTable2D, z = f(u1, u2) by bilinear interpolation
 * on a rectangular grid, element by element over two inputs of one size.
 *
 * Inside a cell the value is linear along each axis; outside the grid the
 * inputs are either clamped to it (hold) or the edge cell's bilinear
 * function is continued (linear). The value is continuous everywhere, with
 * slope changes on the grid lines, which a variable-step solver handles by
 * itself: there are no modes or surfaces. */
#include "lookup-classes.h"
#include "orr-block-params.h"
#include "orr-interp.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

enum
{
  EXTRAP_HOLD = 1,
  EXTRAP_LINEAR = 2,
};

enum
{
  IPAR_NX,
  IPAR_NY,
  IPAR_EXTRAPOLATION,
  N_IPAR,
};

static const char *const extrapolation_choices[] = { N_ ("Hold"), N_ ("Linear"), NULL };

static const OrrParamSpec lookup_table_2d_params[] = {
  { "x", N_ ("Breakpoints of input 1"), "[0 1]",
    N_ ("The grid along the first input: a real vector, strictly increasing, at least 2 points.") },
  { "y", N_ ("Breakpoints of input 2"), "[0 1]",
    N_ ("The grid along the second input: a real vector, strictly increasing, at least 2 "
        "points.") },
  { "z", N_ ("Table"), "[0 1; 1 2]",
    N_ ("The output at the grid points: a matrix with one row per element of x and one column "
        "per element of y, z(i, j) = f(x(i), y(j)).") },
  { "extrapolation", N_ ("Extrapolation"), "1",
    N_ ("Outside the grid: 1 hold, the value at the nearest edge; 2 linear, the edge cell's "
        "bilinear function continued."),
    ORR_PARAM_CHOICE, extrapolation_choices },
};

static gboolean
lookup_table_2d_configure (OrrConfig *config, GError **error)
{
  const double *x, *y, *z;
  int nx, ny, rows, cols, extrapolation;
  int ipar[N_IPAR];
  g_autofree double *rpar = NULL;

  if (!orr_param_get_vector (config, "x", &x, &nx, error)
      || !orr_interp_check_breakpoints ("x", x, nx, error)
      || !orr_param_get_vector (config, "y", &y, &ny, error)
      || !orr_interp_check_breakpoints ("y", y, ny, error)
      || !orr_param_get_matrix (config, "z", &z, &rows, &cols, error)
      || !orr_param_get_int_range (config, "extrapolation", EXTRAP_HOLD, EXTRAP_LINEAR,
                                   &extrapolation, error))
    return FALSE;
  if (rows != nx || cols != ny)
    {
      orr_param_set_error (error, "z", "must be %dx%d (elements of x by elements of y), not %dx%d",
                           nx, ny, rows, cols);
      return FALSE;
    }

  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);

  /* rpar = x, y, z (column-major) */
  rpar = g_new (double, nx + ny + nx * ny);
  memcpy (rpar, x, nx * sizeof (double));
  memcpy (rpar + nx, y, ny * sizeof (double));
  memcpy (rpar + nx + ny, z, nx * ny * sizeof (double));
  orr_config_set_rpar (config, rpar, nx + ny + nx * ny);
  ipar[IPAR_NX] = nx;
  ipar[IPAR_NY] = ny;
  ipar[IPAR_EXTRAPOLATION] = extrapolation;
  orr_config_set_ipar (config, ipar, N_IPAR);
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
lookup_table_2d_simulate (OrrSimBlock *block, OrrJob job)
{
  int nx = block->ipar[IPAR_NX], ny = block->ipar[IPAR_NY];
  gboolean hold = block->ipar[IPAR_EXTRAPOLATION] == EXTRAP_HOLD;
  const double *x = block->rpar, *y = block->rpar + nx, *z = block->rpar + nx + ny;
  const double *u1, *u2;
  double *out;
  int n;

  if (job != ORR_JOB_OUTPUTS)
    return;

  u1 = orr_block_real_in (block, 0);
  u2 = orr_block_real_in (block, 1);
  out = orr_block_real_out (block, 0);
  n = orr_block_out_numel (block, 0);
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

const OrrBlockClass orr_lookup_table_2d_class = {
  .name = "LookupTable2D",
  .palette = N_ ("Lookup"),
  .label = N_ ("Lookup table 2D"),
  .description
  = N_ ("Interpolates a two-dimensional table bilinearly at each pair of input elements."),
  .icon_text = "z(u1,u2)",
  .params = lookup_table_2d_params,
  .n_params = G_N_ELEMENTS (lookup_table_2d_params),
  .configure = lookup_table_2d_configure,
  .simulate = lookup_table_2d_simulate,
};
