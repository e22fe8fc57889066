/* lookup-table.c: LookupTable, y = f(u) element by element for a table of
 * points (x_i, y_i), with the interpolation and extrapolation methods of
 * orr-interp.h.
 *
 * Cubic methods get their knot slopes once, in configure, and keep them in
 * rpar after x and y, so the simulation only evaluates polynomials.
 *
 * The table is only piecewise smooth: values jump at the breakpoints of
 * the hold methods (floor, ceil, nearest) and at the ends with zero or
 * periodic extrapolation, and slopes jump at the knots of linear
 * interpolation. With zero crossings on, each element gets a mode (the
 * segment of the table its input is in) and a surface that changes sign
 * when the input leaves that segment, so a variable-step solver integrates
 * one smooth piece at a time and stops exactly where the input crosses a
 * breakpoint. */
#include "lookup-classes.h"
#include "orr-block-params.h"
#include "orr-interp.h"

#include <string.h>
#include <glib/gi18n-lib.h>

enum
{
  IPAR_N,
  IPAR_METHOD,
  IPAR_EXTRAPOLATION,
  N_IPAR,
};

static const char *const method_choices[] = {
  N_ ("Linear"),
  N_ ("Floor (point below)"),
  N_ ("Ceil (point above)"),
  N_ ("Nearest point"),
  N_ ("Natural spline"),
  N_ ("Not-a-knot spline"),
  N_ ("Clamped spline"),
  N_ ("Akima"),
  NULL,
};

static const char *const extrapolation_choices[] = {
  N_ ("Zero"), N_ ("Hold"), N_ ("Linear"), N_ ("Repeat (periodic)"), NULL,
};

static const OrrParamSpec lookup_table_params[] = {
  { "x", N_ ("Input breakpoints"), "[0 1 2 3]",
    N_ ("The table's input values x_1 < x_2 < ... < x_n: a real vector, strictly increasing, at "
        "least 2 points.") },
  { "y", N_ ("Output values"), "[0 1 4 9]",
    N_ ("The output at each breakpoint: a vector as long as x.") },
  { "method", N_ ("Interpolation"), "1",
    N_ ("Between breakpoints: 1 linear; 2 floor, the value of the breakpoint at or below; 3 ceil, "
        "the breakpoint at or above; 4 the nearest breakpoint (a tie goes to the upper one); "
        "5 natural cubic spline (zero curvature at the ends); 6 not-a-knot cubic spline; 7 clamped "
        "cubic spline with the end slopes below; 8 Akima's sub-spline, with less overshoot."),
    ORR_PARAM_CHOICE, method_choices },
  { "extrapolation", N_ ("Extrapolation"), "2",
    N_ ("Outside [x_1, x_n]: 1 zero; 2 hold the end values; 3 continue the line through the two "
        "end points on each side; 4 repeat the table with period x_n - x_1."),
    ORR_PARAM_CHOICE, extrapolation_choices },
  { "end_slopes", N_ ("End slopes"), "[0 0]",
    N_ ("For the clamped spline only: the slopes [dy/dx at x_1, dy/dx at x_n].") },
  { "zero_crossing", N_ ("Zero crossing"), "1",
    N_ ("1: locate where each input element crosses a breakpoint and integrate one piece of the "
        "table at a time, for accurate and fast variable-step integration; 0: plain evaluation."),
    ORR_PARAM_CHECKBOX },
};

static gboolean
lookup_table_configure (OrrConfig *config, GError **error)
{
  const double *x, *y, *end_slopes;
  int n, ny, n_ends, method, extrapolation;
  gboolean zero_crossing;
  g_autofree double *rpar = NULL;
  int ipar[N_IPAR];

  if (!orr_param_get_vector (config, "x", &x, &n, error)
      || !orr_interp_check_breakpoints ("x", x, n, error)
      || !orr_param_get_vector (config, "y", &y, &ny, error)
      || !orr_param_get_int_range (config, "method", 1, ORR_INTERP_N_METHODS, &method, error)
      || !orr_param_get_int_range (config, "extrapolation", 1, ORR_EXTRAP_N_METHODS, &extrapolation,
                                   error)
      || !orr_param_get_vector (config, "end_slopes", &end_slopes, &n_ends, error)
      || !orr_param_get_flag (config, "zero_crossing", &zero_crossing, error))
    return FALSE;
  if (ny != n)
    {
      orr_param_set_error (error, "y", "must have as many elements as 'x' (%d), not %d", n, ny);
      return FALSE;
    }
  if (n_ends != 2)
    {
      orr_param_set_error (error, "end_slopes", "must have 2 elements, not %d", n_ends);
      return FALSE;
    }

  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
  if (zero_crossing)
    orr_config_set_surfaces (config, -1, -1);

  /* rpar = x, y, and the knot slopes of a cubic method */
  rpar = g_new (double, 3 * n);
  memcpy (rpar, x, n * sizeof (double));
  memcpy (rpar + n, y, n * sizeof (double));
  if (orr_interp_is_cubic (method))
    orr_interp_slopes (method, n, x, y, end_slopes, rpar + 2 * n);
  orr_config_set_rpar (config, rpar, orr_interp_is_cubic (method) ? 3 * n : 2 * n);
  ipar[IPAR_N] = n;
  ipar[IPAR_METHOD] = method;
  ipar[IPAR_EXTRAPOLATION] = extrapolation;
  orr_config_set_ipar (config, ipar, N_IPAR);
  return TRUE;
}

static OrrInterpTable
table_of (const OrrSimBlock *block)
{
  int n = block->ipar[IPAR_N];
  OrrInterpTable table = {
    .n = n,
    .x = block->rpar,
    .y = block->rpar + n,
    .slopes = block->n_rpar >= 3 * n ? block->rpar + 2 * n : NULL,
    .method = block->ipar[IPAR_METHOD],
    .extrapolation = block->ipar[IPAR_EXTRAPOLATION],
  };

  return table;
}

static void
lookup_table_simulate (OrrSimBlock *block, OrrJob job)
{
  OrrInterpTable table = table_of (block);
  const double *u = orr_block_real_in (block, 0);
  int n = orr_block_in_numel (block, 0);

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        {
          double *y = orr_block_real_out (block, 0);
          gboolean use_modes = block->nmode >= n && orr_block_modes_fixed (block);

          for (int i = 0; i < n; i++)
            y[i] = use_modes ? orr_interp_eval_segment (&table, block->mode[i], u[i])
                             : orr_interp_eval (&table, u[i]);
        }
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        for (int i = 0; i < block->nmode && i < n; i++)
          {
            if (!orr_block_modes_fixed (block))
              block->mode[i] = orr_interp_segment (&table, u[i]);
            if (i < block->ng)
              block->g[i] = orr_interp_surface (&table, block->mode[i], u[i]);
          }
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_lookup_table_class = {
  .name = "LookupTable",
  .palette = N_ ("Lookup"),
  .label = N_ ("Lookup table"),
  .description = N_ ("Interpolates a one-dimensional table at each element of the input."),
  .icon_text = "y(u)",
  .params = lookup_table_params,
  .n_params = G_N_ELEMENTS (lookup_table_params),
  .configure = lookup_table_configure,
  .simulate = lookup_table_simulate,
};
