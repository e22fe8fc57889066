/* signal-generator.c: SignalGenerator, a signal given by its values at a
 * list of times, interpolated in between (hold, linear or natural spline)
 * and held constant before the first and after the last time.
 *
 * The values are a matrix with one row per time and one column per output
 * element (a row vector for a single output). The block is always active.
 * Held and linear signals have corners or jumps at the given times, so
 * for them the block keeps the current interval as its mode and gives the
 * solver a surface that changes sign at the next time (orr-interp.h): a
 * variable-step solver stops exactly there and integrates one smooth piece
 * at a time. The spline is smooth between the ends and needs neither. */
#include "sources-classes.h"
#include "orr-block-params.h"
#include "lookup/orr-interp.h"

#include <string.h>
#include <glib/gi18n-lib.h>

enum
{
  METHOD_HOLD = 1,
  METHOD_LINEAR = 2,
  METHOD_SPLINE = 3,
};

enum
{
  IPAR_N,
  IPAR_M,
  IPAR_METHOD, /* an OrrInterpMethod */
  N_IPAR,
};

static const char *const method_choices[]
  = { N_ ("Hold (zero order)"), N_ ("Linear"), N_ ("Natural spline"), NULL };

static const OrrParamSpec signal_generator_params[] = {
  { "times", N_ ("Times"), "[0 1 2]",
    N_ ("The times of the given values, in seconds: a strictly increasing vector of at least 2 "
        "times.") },
  { "values", N_ ("Values"), "[0 1 0]",
    N_ ("The values: one row per time and one column per output element, or a row vector as long "
        "as the times for a single output.") },
  { "method", N_ ("Interpolation"), "2",
    N_ ("Between the times: 1 hold the last value (steps); 2 linear; 3 natural cubic spline. "
        "Before the first time and after the last the end values are held."),
    ORR_PARAM_CHOICE, method_choices },
};

static gboolean
signal_generator_configure (OrrConfig *config, GError **error)
{
  static const OrrInterpMethod methods[]
    = { 0, ORR_INTERP_FLOOR, ORR_INTERP_LINEAR, ORR_INTERP_NATURAL };
  const double *times, *values;
  int n, rows, cols, m, choice;
  int ipar[N_IPAR];
  g_autofree double *rpar = NULL;

  if (!orr_param_get_vector (config, "times", &times, &n, error)
      || !orr_interp_check_breakpoints ("times", times, n, error)
      || !orr_param_get_matrix (config, "values", &values, &rows, &cols, error)
      || !orr_param_get_int_range (config, "method", METHOD_HOLD, METHOD_SPLINE, &choice, error))
    return FALSE;
  if (rows == n)
    m = cols;
  else if (rows == 1 && cols == n)
    m = 1;
  else
    {
      orr_param_set_error (error, "values",
                           "must have one row per time (%d), or be a row vector of %d, not %dx%d",
                           n, n, rows, cols);
      return FALSE;
    }

  orr_config_add_output (config, m, 1, ORR_TYPE_DOUBLE);
  orr_config_set_always_active (config, TRUE);
  if (choice != METHOD_SPLINE)
    orr_config_set_surfaces (config, 1, 1);

  /* rpar = times, values (column by column), spline slopes (same layout);
   * a 1 x n row holds its values in the same order as an n x 1 column. */
  rpar = g_new (double, n + 2 * n * m);
  memcpy (rpar, times, n * sizeof (double));
  memcpy (rpar + n, values, n * m * sizeof (double));
  if (choice == METHOD_SPLINE)
    for (int j = 0; j < m; j++)
      orr_interp_slopes (ORR_INTERP_NATURAL, n, times, values + j * n, NULL,
                         rpar + n + n * m + j * n);
  orr_config_set_rpar (config, rpar, choice == METHOD_SPLINE ? n + 2 * n * m : n + n * m);
  ipar[IPAR_N] = n;
  ipar[IPAR_M] = m;
  ipar[IPAR_METHOD] = methods[choice];
  orr_config_set_ipar (config, ipar, N_IPAR);
  return TRUE;
}

static OrrInterpTable
series (const OrrSimBlock *block, int j)
{
  int n = block->ipar[IPAR_N], m = block->ipar[IPAR_M];
  OrrInterpMethod method = block->ipar[IPAR_METHOD];
  OrrInterpTable table = {
    .n = n,
    .x = block->rpar,
    .y = block->rpar + n + j * n,
    .slopes = orr_interp_is_cubic (method) ? block->rpar + n + n * m + j * n : NULL,
    .method = method,
    .extrapolation = ORR_EXTRAP_HOLD,
  };

  return table;
}

static void
signal_generator_simulate (OrrSimBlock *block, OrrJob job)
{
  double t = orr_block_get_time (block);
  gboolean use_modes = block->nmode > 0 && orr_block_modes_fixed (block);
  int m = block->ipar[IPAR_M];

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        {
          double *y = orr_block_real_out (block, 0);

          for (int j = 0; j < m; j++)
            {
              OrrInterpTable table = series (block, j);

              y[j] = use_modes ? orr_interp_eval_segment (&table, block->mode[0], t)
                               : orr_interp_eval (&table, t);
            }
        }
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        if (block->nmode > 0)
          {
            /* Every series shares the times, so one segment serves all. */
            OrrInterpTable table = series (block, 0);

            if (!use_modes)
              block->mode[0] = orr_interp_segment (&table, t);
            if (block->ng > 0)
              block->g[0] = orr_interp_surface (&table, block->mode[0], t);
          }
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_signal_generator_class = {
  .name = "SignalGenerator",
  .palette = N_ ("Sources"),
  .label = N_ ("Signal generator"),
  .description = N_ ("A signal given by values at given times, interpolated in between."),
  .icon_text = "sig",
  .params = signal_generator_params,
  .n_params = G_N_ELEMENTS (signal_generator_params),
  .configure = signal_generator_configure,
  .simulate = signal_generator_simulate,
};
