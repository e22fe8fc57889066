/* lookup-table-nd.c: LookupTableND, a table of d dimensions interpolated
 * at d inputs (element by element, all of one size): n-linear, zero-order
 * (the grid point at or below, or the nearest), or a tensor-product cubic
 * spline.
 *
 * The table is reduced one axis at a time, from the last: along the last
 * axis, the value at u_d of the one-dimensional interpolation through the
 * values of the (d-1)-dimensional sub-tables at (u_1 ... u_(d-1)), each
 * computed the same way, down to the fibres of the first axis. With the
 * linear method that is exactly n-linear interpolation, with the zero-order
 * ones the value of the chosen grid point, and with a spline the tensor
 * product of the one-dimensional splines (orr-interp.h does each). It
 * visits every grid point at each evaluation, which is fine for the tables
 * a dialog holds. The value has kinks on the grid lines; like
 * LookupTable2D the block has no surfaces.
 *
 * Parameters: the breakpoints of all axes one after the other, the number
 * of points per axis, and the table as a matrix or vector read in
 * column-major order (first axis fastest), as a d-dimensional array is
 * stored. rpar = { breakpoints, table }, ipar = { d, method, extrapolation,
 * n_1 ... n_d }. */
#include "lookup-classes.h"
#include "orr-block-params.h"
#include "orr-interp.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#define MAX_DIMENSIONS 8
#define MAX_ELEMENTS 1000000

enum
{
  IPAR_D,
  IPAR_METHOD,
  IPAR_EXTRAPOLATION,
  IPAR_SIZES,
};

/* The dialog's choices and the interpolation each stands for. */
static const char *const method_choices[] = {
  N_ ("Linear"),
  N_ ("Zero-order (point below)"),
  N_ ("Nearest point"),
  N_ ("Natural cubic spline"),
  N_ ("Not-a-knot cubic spline"),
  N_ ("Akima spline"),
  NULL,
};
static const OrrInterpMethod methods[]
  = { ORR_INTERP_LINEAR,  ORR_INTERP_FLOOR,      ORR_INTERP_NEAREST,
      ORR_INTERP_NATURAL, ORR_INTERP_NOT_A_KNOT, ORR_INTERP_AKIMA };

static const char *const extrapolation_choices[] = { N_ ("Hold"), N_ ("Extend"), NULL };

static const OrrParamSpec lookup_table_nd_params[] = {
  { "sizes", N_ ("Points per axis"), "[2 2 2]",
    N_ ("The number of breakpoints of each axis, one per input: [3 4] for a 3x4 table of two "
        "inputs; each at least 2, up to 8 axes.") },
  { "breakpoints", N_ ("Breakpoints"), "[0 1, 0 1, 0 1]",
    N_ ("The breakpoints of all axes one after the other, each axis strictly increasing: [x1 "
        "x2 x3, y1 y2, ...].") },
  { "table", N_ ("Table"), "[0 1 1 2 1 2 2 3]",
    N_ ("The values at the grid points in column-major order, the first axis fastest (as "
        "a(:) lists a d-dimensional array): a vector or matrix of as many elements as the grid "
        "has points.") },
  { "method", N_ ("Interpolation"), "1",
    N_ ("1 n-linear; 2 zero-order, the grid point at or below; 3 the nearest grid point; 4 "
        "natural cubic spline; 5 not-a-knot cubic spline; 6 Akima's sub-spline (4 to 6 as "
        "tensor products, axis by axis)."),
    ORR_PARAM_CHOICE, method_choices },
  { "extrapolation", N_ ("Extrapolation"), "1",
    N_ ("Outside the grid: 1 hold the values at its edge; 2 extend the edge pieces."),
    ORR_PARAM_CHOICE, extrapolation_choices },
};

static gboolean
lookup_table_nd_configure (OrrConfig *config, GError **error)
{
  const double *sizes, *breakpoints, *table;
  int d, n_breakpoints, rows, cols, method, extrapolation, total = 1, expected = 0;
  int ipar[IPAR_SIZES + MAX_DIMENSIONS];
  g_autofree double *rpar = NULL;

  if (!orr_param_get_vector (config, "sizes", &sizes, &d, error)
      || !orr_param_get_vector (config, "breakpoints", &breakpoints, &n_breakpoints, error)
      || !orr_param_get_matrix (config, "table", &table, &rows, &cols, error)
      || !orr_param_get_int_range (config, "method", 1, G_N_ELEMENTS (methods), &method, error)
      || !orr_param_get_int_range (config, "extrapolation", 1, 2, &extrapolation, error))
    return FALSE;
  if (d > MAX_DIMENSIONS)
    {
      orr_param_set_error (error, "sizes", "must have at most %d axes, not %d", MAX_DIMENSIONS, d);
      return FALSE;
    }
  for (int k = 0; k < d; k++)
    {
      if (sizes[k] != floor (sizes[k]) || sizes[k] < 2 || sizes[k] > MAX_ELEMENTS)
        {
          orr_param_set_error (error, "sizes", "must hold whole numbers >= 2, not %g", sizes[k]);
          return FALSE;
        }
      ipar[IPAR_SIZES + k] = (int)sizes[k];
      expected += ipar[IPAR_SIZES + k];
      if ((double)total * sizes[k] > MAX_ELEMENTS)
        {
          orr_param_set_error (error, "sizes", "ask for more than %d grid points", MAX_ELEMENTS);
          return FALSE;
        }
      total *= ipar[IPAR_SIZES + k];
    }
  if (n_breakpoints != expected)
    {
      orr_param_set_error (error, "breakpoints", "must hold %d values (the sum of 'sizes'), not %d",
                           expected, n_breakpoints);
      return FALSE;
    }
  for (int k = 0, first = 0; k < d; first += ipar[IPAR_SIZES + k], k++)
    if (!orr_interp_check_breakpoints ("breakpoints", breakpoints + first, ipar[IPAR_SIZES + k],
                                       error))
      return FALSE;
  if (rows * cols != total)
    {
      orr_param_set_error (error, "table", "must hold %d values (the product of 'sizes'), not %d",
                           total, rows * cols);
      return FALSE;
    }

  for (int k = 0; k < d; k++)
    orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
  rpar = g_new (double, n_breakpoints + total);
  memcpy (rpar, breakpoints, n_breakpoints * sizeof (double));
  memcpy (rpar + n_breakpoints, table, total * sizeof (double));
  orr_config_set_rpar (config, rpar, n_breakpoints + total);
  ipar[IPAR_D] = d;
  ipar[IPAR_METHOD] = method;
  ipar[IPAR_EXTRAPOLATION] = extrapolation;
  orr_config_set_ipar (config, ipar, IPAR_SIZES + d);
  return TRUE;
}

typedef struct
{
  int d;
  const int *n; /* points per axis */
  const double *axis[MAX_DIMENSIONS];
  int stride[MAX_DIMENSIONS];
  const double *table;
  OrrInterpMethod method;
  OrrExtrapolation extrapolation;
  double u[MAX_DIMENSIONS];
  double *values[MAX_DIMENSIONS]; /* scratch: n[k] values per level */
  double *slopes;                 /* scratch: max n[k] slopes */
} Grid;

/* The interpolated value of the sub-table at offset spanning axes 0 ..
 * level, at (u_0 ... u_level). */
static double
reduce (Grid *g, int level, int offset)
{
  const double *y;
  OrrInterpTable t;

  if (level == 0)
    y = g->table + offset;
  else
    {
      for (int j = 0; j < g->n[level]; j++)
        g->values[level][j] = reduce (g, level - 1, offset + j * g->stride[level]);
      y = g->values[level];
    }
  t.n = g->n[level];
  t.x = g->axis[level];
  t.y = y;
  t.method = g->method;
  t.extrapolation = g->extrapolation;
  t.slopes = NULL;
  if (orr_interp_is_cubic (g->method))
    {
      orr_interp_slopes (g->method, t.n, t.x, y, NULL, g->slopes);
      t.slopes = g->slopes;
    }
  return orr_interp_eval (&t, g->u[level]);
}

static void
lookup_table_nd_simulate (OrrSimBlock *block, OrrJob job)
{
  int d = block->ipar[IPAR_D], n_max = 0, n_breakpoints = 0;
  const int *n = block->ipar + IPAR_SIZES;
  Grid g = { 0 };
  double *scratch;
  int used = 0;

  for (int k = 0; k < d; k++)
    {
      n_max = MAX (n_max, n[k]);
      n_breakpoints += n[k];
    }
  switch (job)
    {
      case ORR_JOB_INIT:
        orr_block_alloc_work (block, (gsize)(n_breakpoints + n_max) * sizeof (double));
        return;

      case ORR_JOB_OUTPUTS:
        break;

      default:
        return;
    }
  scratch = block->work;
  if (scratch == NULL)
    return;
  g.d = d;
  g.n = n;
  g.method = methods[block->ipar[IPAR_METHOD] - 1];
  g.extrapolation = block->ipar[IPAR_EXTRAPOLATION] == 1 ? ORR_EXTRAP_HOLD : ORR_EXTRAP_LINEAR;
  for (int k = 0, first = 0; k < d; first += n[k], k++)
    {
      g.axis[k] = block->rpar + first;
      g.stride[k] = k == 0 ? 1 : g.stride[k - 1] * n[k - 1];
      g.values[k] = scratch + used;
      used += n[k];
    }
  g.slopes = scratch + used;
  g.table = block->rpar + n_breakpoints;
  for (int i = 0; i < orr_block_out_numel (block, 0); i++)
    {
      gboolean nan = FALSE;

      for (int k = 0; k < d; k++)
        {
          g.u[k] = orr_block_real_in (block, k)[i];
          nan = nan || isnan (g.u[k]);
        }
      orr_block_real_out (block, 0)[i] = nan ? NAN : reduce (&g, d - 1, 0);
    }
}

const OrrBlockClass orr_lookup_table_nd_class = {
  .name = "LookupTableND",
  .palette = N_ ("Lookup"),
  .label = N_ ("Lookup table ND"),
  .description = N_ ("Interpolates a table of any number of dimensions at its inputs: n-linear, "
                     "zero-order or cubic spline."),
  .icon_text = "f(u1..ud)",
  .params = lookup_table_nd_params,
  .n_params = G_N_ELEMENTS (lookup_table_nd_params),
  .configure = lookup_table_nd_configure,
  .simulate = lookup_table_nd_simulate,
};
