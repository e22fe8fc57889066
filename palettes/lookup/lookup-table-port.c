/* lookup-table-port.c: LookupTable_port, LookupTable with its table on
 * inputs: input 1 is where to look (element by element), inputs 2 and 3
 * the breakpoints x and the values y (vectors of one length, >= 2), which
 * may change from one call to the next. Same methods and extrapolations as
 * LookupTable (orr-interp.h). Since the table moves, the block has no
 * surfaces; breakpoints that are not strictly increasing stop the run at
 * an accepted point (a trial point gets NaN). Work memory: the knot
 * slopes of a cubic method, computed again at every call. ipar = {
 * method, extrapolation }. */
#include "lookup-classes.h"
#include "orr-block-params.h"
#include "orr-interp.h"

#include <math.h>
#include <glib/gi18n-lib.h>

static const char *const method_choices[] = {
  N_ ("Linear"),         N_ ("Floor"),
  N_ ("Ceil"),           N_ ("Nearest"),
  N_ ("Natural spline"), N_ ("Not-a-knot spline"),
  N_ ("Akima"),          NULL,
};
static const OrrInterpMethod methods[]
  = { ORR_INTERP_LINEAR,  ORR_INTERP_FLOOR,      ORR_INTERP_CEIL, ORR_INTERP_NEAREST,
      ORR_INTERP_NATURAL, ORR_INTERP_NOT_A_KNOT, ORR_INTERP_AKIMA };

static const char *const extrapolation_choices[] = {
  N_ ("Zero"), N_ ("Hold"), N_ ("Linear"), N_ ("Repeat (periodic)"), NULL,
};

static const OrrParamSpec lookup_table_port_params[] = {
  { "method", N_ ("Interpolation"), "1",
    N_ ("Between breakpoints: 1 linear; 2 floor; 3 ceil; 4 the nearest breakpoint; 5 natural "
        "cubic spline; 6 not-a-knot cubic spline; 7 Akima's sub-spline."),
    ORR_PARAM_CHOICE, method_choices },
  { "extrapolation", N_ ("Extrapolation"), "2",
    N_ ("Outside [x_1, x_n]: 1 zero; 2 hold the end values; 3 continue the end lines; 4 repeat "
        "the table periodically."),
    ORR_PARAM_CHOICE, extrapolation_choices },
};

static gboolean
lookup_table_port_configure (OrrConfig *config, GError **error)
{
  int ipar[2];

  if (!orr_param_get_int_range (config, "method", 1, G_N_ELEMENTS (methods), &ipar[0], error)
      || !orr_param_get_int_range (config, "extrapolation", ORR_EXTRAP_ZERO, ORR_EXTRAP_REPEAT,
                                   &ipar[1], error))
    return FALSE;
  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_input (config, -3, 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_input (config, -3, 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_set_input_label (config, 0, "u");
  orr_config_set_input_label (config, 1, "x");
  orr_config_set_input_label (config, 2, "y");
  orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
  orr_config_set_ipar (config, ipar, 2);
  return TRUE;
}

static void
lookup_table_port_simulate (OrrSimBlock *block, OrrJob job)
{
  int n = orr_block_in_numel (block, 1);
  const double *x = orr_block_real_in (block, 1);
  OrrInterpTable t = { 0 };
  double *y = orr_block_real_out (block, 0);
  gboolean ordered = n >= 2;

  if (job == ORR_JOB_INIT)
    {
      orr_block_alloc_work (block, (gsize)MAX (n, 1) * sizeof (double));
      return;
    }
  if (job != ORR_JOB_OUTPUTS)
    return;
  for (int i = 0; i < n; i++)
    ordered = ordered && isfinite (x[i]) && (i == 0 || x[i] > x[i - 1]);
  if (!ordered)
    {
      for (int k = 0; k < orr_block_out_numel (block, 0); k++)
        y[k] = NAN;
      if (!orr_block_in_try_phase (block))
        orr_block_error (block, "the breakpoints on input 2 must be finite and strictly "
                                "increasing, at least 2 of them");
      return;
    }
  t.n = n;
  t.x = x;
  t.y = orr_block_real_in (block, 2);
  t.method = methods[block->ipar[0] - 1];
  t.extrapolation = block->ipar[1];
  if (orr_interp_is_cubic (t.method) && block->work != NULL)
    {
      orr_interp_slopes (t.method, n, t.x, t.y, NULL, block->work);
      t.slopes = block->work;
    }
  for (int k = 0; k < orr_block_out_numel (block, 0); k++)
    {
      double u = orr_block_real_in (block, 0)[k];

      y[k] = isnan (u) ? NAN : orr_interp_eval (&t, u);
    }
}

const OrrBlockClass orr_lookup_table_port_class = {
  .name = "LookupTable_port",
  .palette = N_ ("Lookup"),
  .label = N_ ("Lookup table (table on inputs)"),
  .description = N_ ("Interpolates a table whose breakpoints and values come on its inputs."),
  .icon_text = "y(u; x,y)",
  .params = lookup_table_port_params,
  .n_params = G_N_ELEMENTS (lookup_table_port_params),
  .configure = lookup_table_port_configure,
  .simulate = lookup_table_port_simulate,
};
