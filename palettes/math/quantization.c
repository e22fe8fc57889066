/* quantization.c: Quantization, each element of u on a grid of step q:
 * y = q round(u / q) (or floor, ceil, or towards zero).
 *
 * The output is a staircase. With zero crossings on, each element holds
 * its level k (y = k q) as its mode and a surface that keeps one sign
 * while u stays in the level's interval and changes sign where it leaves
 * it (math-surfaces.h), so that a variable-step solver stops at each step
 * of the staircase instead of integrating across it. The mode encodes the
 * level, with 0 kept for "not chosen yet": k + 1 for k >= 0, k for k < 0.
 * Levels beyond +-1e9 steps are computed directly. rpar = { q }, ipar =
 * { method }. */
#include "math-classes.h"
#include "math-surfaces.h"
#include "orr-block-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

enum
{
  METHOD_ROUND = 1,
  METHOD_FLOOR,
  METHOD_CEIL,
  METHOD_TRUNC,
};

#define MAX_LEVEL 1e9

static const char *const method_choices[]
  = { N_ ("Round"), N_ ("Floor"), N_ ("Ceiling"), N_ ("Towards zero"), NULL };

static const OrrParamSpec quantization_params[] = {
  { "step", N_ ("Quantization step"), "0.1",
    N_ ("The distance q between two output levels, > 0.") },
  { "method", N_ ("Method"), "1",
    N_ ("1: the nearest level (halves away from zero); 2: the level below; 3: the level above; 4: "
        "the level towards zero."),
    ORR_PARAM_CHOICE, method_choices },
  { "zero_crossing", N_ ("Zero crossing"), "1",
    N_ ("1: locate each step of the staircase and hold the level in between, for an accurate "
        "and fast variable-step integration; 0: plain quantization."),
    ORR_PARAM_CHECKBOX },
};

static gboolean
quantization_configure (OrrConfig *config, GError **error)
{
  double q;
  int method;
  gboolean zero_crossing;

  if (!orr_param_get_finite (config, "step", &q, error)
      || !orr_param_get_int_range (config, "method", METHOD_ROUND, METHOD_TRUNC, &method, error)
      || !orr_param_get_flag (config, "zero_crossing", &zero_crossing, error))
    return FALSE;
  if (q <= 0)
    {
      orr_param_set_error (error, "step", "must be > 0, not %g", q);
      return FALSE;
    }
  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
  orr_config_set_rpar (config, &q, 1);
  orr_config_set_ipar (config, &method, 1);
  if (zero_crossing)
    orr_config_set_surfaces (config, -1, -1);
  orr_param_label_from (config, "step");
  return TRUE;
}

static double
level_of (double v, int method)
{
  switch (method)
    {
      case METHOD_FLOOR:
        return floor (v);
      case METHOD_CEIL:
        return ceil (v);
      case METHOD_TRUNC:
        return trunc (v);
      default:
        return round (v);
    }
}

/* The interval of u (in steps) that gives level k, as [lo, hi]; where the
 * ends belong does not matter to a surface that only changes sign. */
static void
level_interval (double k, int method, double *lo, double *hi)
{
  switch (method)
    {
      case METHOD_FLOOR:
        *lo = k, *hi = k + 1;
        break;
      case METHOD_CEIL:
        *lo = k - 1, *hi = k;
        break;
      case METHOD_TRUNC:
        *lo = k > 0 ? k : k < 0 ? k - 1 : -1;
        *hi = k > 0 ? k + 1 : k < 0 ? k : 1;
        break;
      default:
        *lo = k - 0.5, *hi = k + 0.5;
        break;
    }
}

static int
mode_of_level (double k)
{
  return k >= 0 ? (int)k + 1 : (int)k;
}

static double
level_of_mode (int mode)
{
  return mode > 0 ? mode - 1 : mode;
}

static void
quantization_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *u = orr_block_real_in (block, 0);
  double q = block->rpar[0];
  int method = block->ipar[0], n = orr_block_in_numel (block, 0);

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        {
          double *y = orr_block_real_out (block, 0);
          gboolean use_modes = block->nmode >= n && orr_block_modes_fixed (block);

          for (int i = 0; i < n; i++)
            {
              int mode = use_modes ? block->mode[i] : 0;

              y[i] = q * (mode != 0 ? level_of_mode (mode) : level_of (u[i] / q, method));
            }
        }
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        for (int i = 0; i < block->ng && i < n; i++)
          {
            double v = u[i] / q, k, lo, hi;
            int mode;

            if (orr_block_modes_fixed (block) && i < block->nmode)
              mode = block->mode[i];
            else
              {
                k = level_of (v, method);
                mode = isfinite (k) && fabs (k) < MAX_LEVEL ? mode_of_level (k) : 0;
                if (i < block->nmode)
                  block->mode[i] = mode;
              }
            if (mode == 0)
              {
                block->g[i] = 1; /* computed directly: nothing to locate */
                continue;
              }
            level_interval (level_of_mode (mode), method, &lo, &hi);
            block->g[i] = orr_math_surface (block, (v - lo) * (hi - v), 1);
          }
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_quantization_class = {
  .name = "Quantization",
  .palette = N_ ("Math"),
  .label = N_ ("Quantizer"),
  .description = N_ ("Each element of the input on a grid of equal steps."),
  .icon_text = "quant",
  .params = quantization_params,
  .n_params = G_N_ELEMENTS (quantization_params),
  .configure = quantization_configure,
  .simulate = quantization_simulate,
};
