/* matrix-expression.c: MatrixExpression, the matrix formula block of
 * Scicos and Activate: a formula of matrix inputs u1 ... un of fixed sizes,
 * such as 'u1*u2 + p*eye(2)' or '.if u1 > 0 .then u1 .else 0 .end'. The
 * sizes of every intermediate result, and so of the output, are fixed when
 * the model is compiled, and a size mismatch is reported then, with the
 * subexpression and its sizes. Constants come as numbers in the formula
 * or through 'parameters', read as the matrix p. The formula is compiled
 * into a program over fixed-size registers (see orr-expr-program.h) that
 * runs without allocating. */
#include "expression-block.h"
#include "math-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>
#include <string.h>

static const OrrParamSpec matrix_expression_params[] = {
  { "sizes", N_ ("Input sizes"), "[2 2; 2 1]",
    N_ ("One row [rows, columns] per input u1, u2 ...: [2 2; 2 1] for a 2x2 u1 and a 2x1 u2; -1 "
        "for the size the link brings ([-1 -1; -1 -1]: two inputs of any size); [] for a "
        "formula of p alone.") },
  { "expression", N_ ("Expression"), "'u1*u2'",
    N_ ("The formula, as a string. Matrix operators + - * / \\ ^ ' and element-wise .* ./ .^, "
        "comparisons and & | ~ (1 or 0 per element), [a, b; c, d], indexing u1(2, :) and "
        "u1(end), element-wise functions (sin, exp, sqrt, abs, floor ...), sum prod max min mean "
        "cumsum, inv det trace expm lu lsqminnorm svd, real(eig(x)) and imag(eig(x)), size, "
        "and the element-wise conditionals '.if c .then a .else b .end' and '.switch x .case "
        "c1, v1 .otherwise w .end' (all branches are computed). A formula with a transpose is "
        "easier in double quotes, \"u1'*u2\", than with doubled single quotes, 'u1''*u2'.") },
  { "parameters", N_ ("Parameters"), "[]",
    N_ ("A matrix the formula reads as p (p, p(2), p(:, 1) ...). Context variables cannot be "
        "named in the formula itself; pass them here.") },
};

static gboolean
matrix_expression_configure (OrrConfig *config, GError **error)
{
  g_autofree int *rows = NULL, *cols = NULL;
  const double *sizes;
  int sr, sc, n, out_rows, out_cols;

  if (!orr_config_get_doubles (config, "sizes", &sizes, &sr, &sc, error))
    return FALSE;
  n = sr * sc == 0 ? 0 : sr;
  if (n > 0 && sc != 2)
    {
      orr_param_set_error (error, "sizes",
                           "must have two columns, [rows, columns] per input, "
                           "not %d",
                           sc);
      return FALSE;
    }
  if (n > ORR_PALETTE_MAX_PORTS)
    {
      orr_param_set_error (error, "sizes", "must have at most %d rows, not %d",
                           ORR_PALETTE_MAX_PORTS, n);
      return FALSE;
    }
  rows = g_new (int, n + 1);
  cols = g_new (int, n + 1);
  for (int k = 0; k < n; k++)
    {
      double r = sizes[k], c = sizes[k + n];
      int known_rows, known_cols;

      if (!((r >= 1 || r == -1) && (c >= 1 || c == -1) && r == (int)r && c == (int)c
            && r * c <= 1e6))
        {
          orr_param_set_error (error, "sizes",
                               "must hold positive whole numbers (or -1 for the size the "
                               "link brings), not %g x %g for input %d",
                               r, c, k + 1);
          return FALSE;
        }
      rows[k] = (int)r;
      cols[k] = (int)c;
      if (r > 0 && c > 0)
        continue;
      /* -1: inherited. The compiler configures the block again once it
       * knows the sizes; until then (and in the editor) the ports are
       * placeholders and the formula waits. */
      if (!orr_config_get_input_size (config, k, &known_rows, &known_cols))
        {
          for (int i = 0; i < n; i++)
            orr_config_add_input (config, sizes[i] > 0 ? (int)sizes[i] : -(2 * i + 1),
                                  sizes[i + n] > 0 ? (int)sizes[i + n] : -(2 * i + 2),
                                  ORR_TYPE_DOUBLE, TRUE);
          orr_config_add_output (config, -(2 * n + 1), -(2 * n + 2), ORR_TYPE_DOUBLE);
          /* the formula on the icon meanwhile, as once it is compiled */
          {
            OrrValue *e = orr_config_get_param (config, "expression");
            const char *text = e != NULL && orr_value_get_type_id (e) == ORR_TYPE_STRING
                                 ? orr_value_get_string (e)
                                 : NULL;
            if (text != NULL && g_utf8_strlen (text, -1) <= 16 && strchr (text, '\n') == NULL)
              orr_config_set_label (config, text);
          }
          return TRUE;
        }
      rows[k] = r > 0 ? (int)r : known_rows;
      cols[k] = c > 0 ? (int)c : known_cols;
    }
  if (!orr_math_expression_setup (config, n, rows, cols, &out_rows, &out_cols, error))
    return FALSE;
  orr_config_add_output (config, out_rows, out_cols, ORR_TYPE_DOUBLE);
  return TRUE;
}

const OrrBlockClass orr_matrix_expression_class = {
  .name = "MatrixExpression",
  .palette = N_ ("Math"),
  .label = N_ ("Matrix expression"),
  .description = N_ ("A matrix formula of its inputs u1, u2 ... of fixed sizes, such as u1*u2' + "
                     "inv(u3)."),
  .icon_text = "f(U)",
  .params = matrix_expression_params,
  .n_params = G_N_ELEMENTS (matrix_expression_params),
  .configure = matrix_expression_configure,
  .simulate = orr_math_expression_simulate,
};
