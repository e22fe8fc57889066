/* math-expression.c: MathExpression, a scalar formula of scalar inputs u1
 * ... un written in the parameter language, e.g. 'sin(u1)*u2 + p(1)'. The
 * block sees only its evaluated parameters, not the diagram's context, so
 * constants come either as numbers in the formula or through the vector
 * 'parameters', read as p (p(1), p(2) ...). The formula is compiled into a
 * small program of double instructions (see orr-expr-program.h) and run at
 * every call. */
#include "expression-block.h"
#include "math-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec math_expression_params[] = {
  { "inputs", N_ ("Number of inputs"), "1",
    N_ ("How many scalar inputs the formula reads, as u1, u2 ... (0 for a formula of p alone).") },
  { "expression", N_ ("Expression"), "'sin(u1)'",
    N_ ("The formula, as a string: 'u1*sin(u2) + p(1)'. Operators + - * / ^, comparisons (1 for "
        "true, 0 for false), && || ~, the functions of the parameter language (sin, exp, sqrt, "
        "abs, atan2, mod, max, min ...) and the conditional '.if u1 > 0 .then u1 .else 0 .end'. "
        "A formula with a quote of its own is easier in double quotes: \"u1'*2\". Outside a "
        "function's real domain (sqrt(-1), log(0)) the result is NaN or infinite.") },
  { "parameters", N_ ("Parameters"), "[]",
    N_ ("Values the formula reads as p: p(1), p(2) ... Context variables cannot be named in the "
        "formula itself; pass them here, e.g. [K, T].") },
};

static gboolean
math_expression_configure (OrrConfig *config, GError **error)
{
  g_autofree int *rows = NULL, *cols = NULL;
  int n, out_rows, out_cols;

  if (!orr_param_get_int_range (config, "inputs", 0, ORR_PALETTE_MAX_PORTS, &n, error))
    return FALSE;
  rows = g_new (int, n + 1);
  cols = g_new (int, n + 1);
  for (int k = 0; k < n; k++)
    rows[k] = cols[k] = 1;
  if (!orr_math_expression_setup (config, n, rows, cols, &out_rows, &out_cols, error))
    return FALSE;
  if (out_rows != 1 || out_cols != 1)
    {
      orr_param_set_error (error, "expression",
                           "must give a scalar, not a %dx%d matrix (use "
                           "MatrixExpression for matrices)",
                           out_rows, out_cols);
      return FALSE;
    }
  orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
  return TRUE;
}

const OrrBlockClass orr_math_expression_class = {
  .name = "MathExpression",
  .palette = N_ ("Math"),
  .label = N_ ("Math expression"),
  .description
  = N_ ("A scalar formula of its scalar inputs u1, u2 ..., such as sin(u1)*u2 + p(1)."),
  .icon_text = "f(u)",
  .params = math_expression_params,
  .n_params = G_N_ELEMENTS (math_expression_params),
  .configure = math_expression_configure,
  .simulate = orr_math_expression_simulate,
};
