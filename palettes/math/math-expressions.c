/* math-expressions.c: MathExpressions, several formulas of the same
 * scalar inputs u1 ... un and of p, one per line, each on its own output
 * (of the formula's size): MathExpression with several outputs, so that
 * related results share their inputs and their block. Compiled once
 * (orr-expression-list.h) and run at every call. */
#include "math-classes.h"
#include "orr-block-params.h"
#include "orr-expression-list.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec math_expressions_params[] = {
  { "inputs", N_ ("Number of inputs"), "1",
    N_ ("How many scalar inputs the formulas read, as u1, u2 ... (0 for formulas of p alone).") },
  { "expressions", N_ ("Expressions"), "sin(u1)\ncos(u1)",
    N_ ("One formula per line, each of u1, u2 ... and p, each on its own output; as in "
        "MathExpression (operators, functions, '.if .then .else .end')."),
    ORR_PARAM_TEXT },
  { "parameters", N_ ("Parameters"), "[]",
    N_ ("Values the formulas read as p: p(1), p(2) ... (context variables go here).") },
};

static gboolean
math_expressions_configure (OrrConfig *config, GError **error)
{
  int n, n_formulas, rows[ORR_PALETTE_MAX_PORTS], cols[ORR_PALETTE_MAX_PORTS];
  int out_rows[ORR_EXPRESSION_LIST_MAX], out_cols[ORR_EXPRESSION_LIST_MAX];

  if (!orr_param_get_int_range (config, "inputs", 0, ORR_PALETTE_MAX_PORTS, &n, error))
    return FALSE;
  for (int k = 0; k < n; k++)
    rows[k] = cols[k] = 1;
  if (!orr_expression_list_setup (config, "expressions", n, rows, cols, &n_formulas, out_rows,
                                  out_cols, error))
    return FALSE;
  for (int i = 0; i < n_formulas; i++)
    orr_config_add_output (config, out_rows[i], out_cols[i], ORR_TYPE_DOUBLE);
  return TRUE;
}

static void
math_expressions_simulate (OrrSimBlock *block, OrrJob job)
{
  switch (job)
    {
      case ORR_JOB_INIT:
        orr_expression_list_start (block);
        break;

      case ORR_JOB_OUTPUTS:
        for (int k = 0; k < block->n_out; k++)
          if (!orr_expression_list_run (block, k, orr_block_real_out (block, k)))
            break;
        break;

      case ORR_JOB_TERMINATE:
        orr_expression_list_stop (block);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_math_expressions_class = {
  .name = "MathExpressions",
  .palette = N_ ("Math"),
  .label = N_ ("Math expressions"),
  .description = N_ ("Several formulas of the same scalar inputs, one output each."),
  .icon_text = "f₁(u) f₂(u)",
  .params = math_expressions_params,
  .n_params = G_N_ELEMENTS (math_expressions_params),
  .configure = math_expressions_configure,
  .simulate = math_expressions_simulate,
};
