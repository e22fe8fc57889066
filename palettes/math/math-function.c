/* math-function.c: MathFunction, one elementary function applied to each
 * element of the input, chosen from a list. Outside a function's real
 * domain (log of a negative number, asin of 2) the result is NaN, as the C
 * library gives it. The choice is kept in ipar = { function }. */
#include "math-classes.h"
#include "orr-block-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

enum
{
  FN_EXP = 1,
  FN_LOG,
  FN_LOG10,
  FN_SIN,
  FN_COS,
  FN_TAN,
  FN_ASIN,
  FN_ACOS,
  FN_ATAN,
  FN_SINH,
  FN_COSH,
  FN_TANH,
  N_FUNCTIONS = FN_TANH,
};

static const char *const function_choices[] = {
  N_ ("exp"),  N_ ("log"),  N_ ("log10"), N_ ("sin"),  N_ ("cos"),  N_ ("tan"), N_ ("asin"),
  N_ ("acos"), N_ ("atan"), N_ ("sinh"),  N_ ("cosh"), N_ ("tanh"), NULL,
};

static const OrrParamSpec math_function_params[] = {
  { "function", N_ ("Function"), "1",
    N_ ("The function applied to each element: 1 exp, 2 log (natural), 3 log10, 4 sin, 5 cos, "
        "6 tan, 7 asin, 8 acos, 9 atan, 10 sinh, 11 cosh, 12 tanh. Angles are in radians."),
    ORR_PARAM_CHOICE, function_choices },
};

static gboolean
math_function_configure (OrrConfig *config, GError **error)
{
  int function;

  if (!orr_param_get_int_range (config, "function", 1, N_FUNCTIONS, &function, error))
    return FALSE;
  orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
  orr_config_set_ipar (config, &function, 1);
  orr_config_set_label (config, function_choices[function - 1]);
  return TRUE;
}

static double
apply (int function, double u)
{
  switch (function)
    {
      case FN_EXP:
        return exp (u);
      case FN_LOG:
        return log (u);
      case FN_LOG10:
        return log10 (u);
      case FN_SIN:
        return sin (u);
      case FN_COS:
        return cos (u);
      case FN_TAN:
        return tan (u);
      case FN_ASIN:
        return asin (u);
      case FN_ACOS:
        return acos (u);
      case FN_ATAN:
        return atan (u);
      case FN_SINH:
        return sinh (u);
      case FN_COSH:
        return cosh (u);
      case FN_TANH:
        return tanh (u);
      default:
        return NAN;
    }
}

static void
math_function_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *u;
  double *y;
  int n;

  if (job != ORR_JOB_OUTPUTS)
    return;
  u = orr_block_real_in (block, 0);
  y = orr_block_real_out (block, 0);
  n = orr_block_out_numel (block, 0);
  for (int i = 0; i < n; i++)
    y[i] = apply (block->ipar[0], u[i]);
}

const OrrBlockClass orr_math_function_class = {
  .name = "MathFunction",
  .palette = N_ ("Math"),
  .label = N_ ("Math function"),
  .description
  = N_ ("An elementary function (exp, log, sin, atan, tanh ...) of each element of the "
        "input."),
  .icon_text = "f(u)",
  .params = math_function_params,
  .n_params = G_N_ELEMENTS (math_function_params),
  .configure = math_function_configure,
  .simulate = math_function_simulate,
};
