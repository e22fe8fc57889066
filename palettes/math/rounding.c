/* rounding.c: Rounding, each element of u rounded to an integer: floor
 * (towards -inf), ceil (towards +inf), round (to the nearest, halves away
 * from zero) or fix (towards zero).
 *
 * The output jumps at every integer (half-integer for round). With zero
 * crossings on, each element's mode holds the integer it currently rounds
 * to, n, so the solver sees a constant; its surface is (u - a)(b - u) for
 * the interval [a, b] that rounds to n (for floor, [n, n + 1]), positive
 * inside, which changes sign when u leaves through either end (kept off
 * zero on an end, see math-surfaces.h). The integer is kept as the odd
 * mode 2n + 1, so that mode 0, where modes start, computes directly, as
 * do NaN and integers too large for a mode (no surface then).
 * ipar = { function }. */
#include "math-classes.h"
#include "math-surfaces.h"
#include "orr-block-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

enum
{
  FN_FLOOR = 1,
  FN_CEIL,
  FN_ROUND,
  FN_FIX,
};

#define MODE_DIRECT 0
/* Larger integers follow u directly (2n + 1 must fit in an int). */
#define LARGEST_MODE 1e9

static const char *const function_choices[]
  = { N_ ("floor"), N_ ("ceil"), N_ ("round"), N_ ("fix"), NULL };

static const OrrParamSpec rounding_params[] = {
  { "function", N_ ("Function"), "1",
    N_ ("1 floor: towards minus infinity; 2 ceil: towards plus infinity; 3 round: to the nearest "
        "integer, halves away from zero; 4 fix: towards zero."),
    ORR_PARAM_CHOICE, function_choices },
  { "zero_crossing", N_ ("Zero crossing"), "1",
    N_ ("1: locate where the output jumps and hold it in between, for an accurate and fast "
        "variable-step integration; 0: plain rounding."),
    ORR_PARAM_CHECKBOX },
};

static gboolean
rounding_configure (OrrConfig *config, GError **error)
{
  gboolean zero_crossing;
  int function;

  if (!orr_param_get_int_range (config, "function", FN_FLOOR, FN_FIX, &function, error)
      || !orr_param_get_flag (config, "zero_crossing", &zero_crossing, error))
    return FALSE;
  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
  if (zero_crossing)
    orr_config_set_surfaces (config, -1, -1);
  orr_config_set_ipar (config, &function, 1);
  orr_config_set_label (config, function_choices[function - 1]);
  return TRUE;
}

static double
round_to (int function, double u)
{
  switch (function)
    {
      case FN_FLOOR:
        return floor (u);
      case FN_CEIL:
        return ceil (u);
      case FN_ROUND:
        return round (u);
      default:
        return trunc (u);
    }
}

/* The interval [*a, *b] whose inside rounds to n. */
static void
interval (int function, double n, double *a, double *b)
{
  switch (function)
    {
      case FN_FLOOR:
        *a = n, *b = n + 1;
        break;
      case FN_CEIL:
        *a = n - 1, *b = n;
        break;
      case FN_ROUND:
        *a = n - 0.5, *b = n + 0.5;
        break;
      default:
        *a = n > 0 ? n : n - 1;
        *b = n < 0 ? n : n + 1;
        break;
    }
}

/* The mode for u: 2n + 1 for its integer n, or MODE_DIRECT too far out. */
static int
choose_mode (int function, double u)
{
  double n = round_to (function, u);

  if (!(fabs (n) < LARGEST_MODE))
    return MODE_DIRECT;
  return 2 * (int)n + 1;
}

static double
mode_value (int mode)
{
  return (mode - 1) / 2;
}

static void
rounding_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *u = orr_block_real_in (block, 0);
  int n = orr_block_in_numel (block, 0);
  int function = block->ipar[0];

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        {
          double *y = orr_block_real_out (block, 0);
          gboolean use_modes = block->nmode >= n && orr_block_modes_fixed (block);

          for (int i = 0; i < n; i++)
            y[i] = use_modes && block->mode[i] != MODE_DIRECT ? mode_value (block->mode[i])
                                                              : round_to (function, u[i]);
        }
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        for (int i = 0; i < block->ng && i < n; i++)
          {
            int mode;
            double a, b;

            if (orr_block_modes_fixed (block) && i < block->nmode)
              mode = block->mode[i];
            else
              {
                mode = choose_mode (function, u[i]);
                if (i < block->nmode)
                  block->mode[i] = mode;
              }
            if (mode == MODE_DIRECT)
              block->g[i] = 1.0;
            else
              {
                interval (function, mode_value (mode), &a, &b);
                block->g[i] = orr_math_surface (block, (u[i] - a) * (b - u[i]), 1);
              }
          }
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_rounding_class = {
  .name = "Rounding",
  .palette = N_ ("Math"),
  .label = N_ ("Rounding"),
  .description = N_ ("Rounds each element of the input to an integer: floor, ceil, round or fix."),
  .icon_text = "round",
  .params = rounding_params,
  .n_params = G_N_ELEMENTS (rounding_params),
  .configure = rounding_configure,
  .simulate = rounding_simulate,
};
