/* min-max.c: MinMax, the smallest or the largest value. With one input,
 * of its elements (a scalar output); with two, element by element (y_i is
 * the smaller or larger of u1_i and u2_i). NaN loses against numbers, as
 * in the language's min and max.
 *
 * The output has a kink where the winner changes. With zero crossings on:
 * - two inputs: per element a surface g = u1 - u2 and a mode saying which
 *   input wins (1 or 2; u1 on a tie);
 * - one input: one mode, the winning element (1-based; the first on a
 *   tie), and per element a surface that is the winner's lead over it,
 *   which turns negative when that element takes over.
 * The modes are chosen when the solver is not integrating and held
 * through an interval, so the solver sees a smooth output. On a tie the
 * surfaces are kept off zero (math-surfaces.h), so that the other input
 * taking the lead right away is seen. Mode 0, where modes start, computes
 * directly. */
#include "math-classes.h"
#include "math-surfaces.h"
#include "orr-block-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

enum
{
  FN_MIN = 1,
  FN_MAX = 2,
};

static const char *const function_choices[] = { N_ ("Min"), N_ ("Max"), NULL };

static const OrrParamSpec min_max_params[] = {
  { "function", N_ ("Function"), "2", N_ ("1: the minimum; 2: the maximum."), ORR_PARAM_CHOICE,
    function_choices },
  { "inputs", N_ ("Number of inputs"), "1",
    N_ ("1: the minimum or maximum of the elements of one input (a scalar output); 2: of two "
        "inputs of the same size, element by element.") },
  { "zero_crossing", N_ ("Zero crossing"), "1",
    N_ ("1: locate where the winner changes and hold it in between, for an accurate and fast "
        "variable-step integration; 0: plain min or max."),
    ORR_PARAM_CHECKBOX },
};

static gboolean
min_max_configure (OrrConfig *config, GError **error)
{
  int ipar[2]; /* function, inputs */
  gboolean zero_crossing;

  if (!orr_param_get_int_range (config, "function", FN_MIN, FN_MAX, &ipar[0], error)
      || !orr_param_get_int_range (config, "inputs", 1, 2, &ipar[1], error)
      || !orr_param_get_flag (config, "zero_crossing", &zero_crossing, error))
    return FALSE;
  for (int i = 0; i < ipar[1]; i++)
    orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  if (ipar[1] == 1)
    orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
  else
    orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
  /* one surface per element of input 1; one mode in all, or per element */
  if (zero_crossing)
    orr_config_set_surfaces (config, -1, ipar[1] == 1 ? 1 : -1);
  orr_config_set_ipar (config, ipar, 2);
  orr_config_set_label (config, ipar[0] == FN_MIN ? "min" : "max");
  return TRUE;
}

/* TRUE when a beats b. */
static gboolean
beats (gboolean want_max, double a, double b)
{
  return want_max ? a > b : a < b;
}

/* The first winning element of u (NaN loses), or -1 when all are NaN. */
static int
winner (gboolean want_max, const double *u, int n)
{
  int best = -1;

  for (int i = 0; i < n; i++)
    if (!isnan (u[i]) && (best < 0 || beats (want_max, u[i], u[best])))
      best = i;
  return best;
}

static void
single_input (OrrSimBlock *block, OrrJob job, gboolean want_max)
{
  const double *u = orr_block_real_in (block, 0);
  int n = orr_block_in_numel (block, 0);
  int w;

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        if (block->nmode >= 1 && orr_block_modes_fixed (block) && block->mode[0] >= 1
            && block->mode[0] <= n)
          w = block->mode[0] - 1;
        else
          w = winner (want_max, u, n);
        orr_block_real_out (block, 0)[0] = w >= 0 ? u[w] : NAN;
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        if (block->nmode >= 1 && !orr_block_modes_fixed (block))
          block->mode[0] = winner (want_max, u, n) + 1;
        w = block->nmode >= 1 ? block->mode[0] - 1 : -1;
        for (int i = 0; i < block->ng && i < n; i++)
          {
            /* the winner's lead over element i: 0 for the winner itself */
            double lead = w < 0 || w >= n ? 1.0 : want_max ? u[w] - u[i] : u[i] - u[w];

            block->g[i] = orr_math_surface (block, lead, 1);
          }
        break;

      default:
        break;
    }
}

static void
two_inputs (OrrSimBlock *block, OrrJob job, gboolean want_max)
{
  const double *u1 = orr_block_real_in (block, 0), *u2 = orr_block_real_in (block, 1);
  int n = orr_block_in_numel (block, 0);

  switch (job)
    {
      case ORR_JOB_OUTPUTS:
        {
          double *y = orr_block_real_out (block, 0);
          gboolean use_modes = block->nmode >= n && orr_block_modes_fixed (block);

          for (int i = 0; i < n; i++)
            {
              if (use_modes && block->mode[i] == 1)
                y[i] = u1[i];
              else if (use_modes && block->mode[i] == 2)
                y[i] = u2[i];
              else
                y[i] = want_max ? fmax (u1[i], u2[i]) : fmin (u1[i], u2[i]);
            }
        }
        break;

      case ORR_JOB_ZERO_CROSSINGS:
        if (!orr_block_modes_fixed (block))
          for (int i = 0; i < block->nmode && i < n; i++)
            block->mode[i] = u1[i] == u2[i] || beats (want_max, u1[i], u2[i]) ? 1
                             : beats (want_max, u2[i], u1[i])                 ? 2
                                                                              : 0;
        for (int i = 0; i < block->ng && i < n; i++)
          {
            /* u1 - u2 is >= 0 while u1 is the maximum, <= 0 while it is the
             * minimum */
            int mode = i < block->nmode ? block->mode[i] : 0;
            double inside = (mode == 2) == want_max ? -1 : 1;

            block->g[i] = orr_math_surface (block, u1[i] - u2[i], inside);
          }
        break;

      default:
        break;
    }
}

static void
min_max_simulate (OrrSimBlock *block, OrrJob job)
{
  gboolean want_max = block->ipar[0] == FN_MAX;

  if (block->ipar[1] == 1)
    single_input (block, job, want_max);
  else
    two_inputs (block, job, want_max);
}

const OrrBlockClass orr_min_max_class = {
  .name = "MinMax",
  .palette = N_ ("Math"),
  .label = N_ ("MinMax"),
  .description
  = N_ ("The minimum or maximum of the elements of one input, or of two inputs element "
        "by element."),
  .icon_text = "max",
  .params = min_max_params,
  .n_params = G_N_ELEMENTS (min_max_params),
  .configure = min_max_configure,
  .simulate = min_max_simulate,
};
