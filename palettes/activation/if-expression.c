/* if-expression.c: IfExpression, an if / else-if chain on activations:
 * when activated, it evaluates its conditions in order, formulas of its
 * scalar inputs u1 ... un and of p, and passes the activation to the
 * output of the first that holds (is not zero), or to the last output
 * ("else") when none does and the else output is on.
 *
 * A conditional block (ORR_BLOCK_CONDITIONAL), as IfThenElse: its outputs
 * are subsets of its input's events, run at once inside them, so they
 * stay synchronous with the activation that drives it. The conditions are
 * compiled once (orr-expression-list.h). */
#include "activation-classes.h"
#include "orr-block-params.h"
#include "orr-expression-list.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec if_expression_params[] = {
  { "inputs", N_ ("Number of inputs"), "1",
    N_ ("How many scalar inputs the conditions read, as u1, u2 ...") },
  { "conditions", N_ ("Conditions"), "u1 > 0",
    N_ ("One condition per line, formulas of u1, u2 ... and p, true when not zero: the "
        "activation goes to the output of the first that holds."),
    ORR_PARAM_TEXT },
  { "else_output", N_ ("Else output"), "1",
    N_ ("1: one more output, activated when no condition holds; 0: nothing happens then."),
    ORR_PARAM_CHECKBOX },
  { "parameters", N_ ("Parameters"), "[]",
    N_ ("Values the conditions read as p: p(1), p(2) ... (context variables go here).") },
};

static gboolean
if_expression_configure (OrrConfig *config, GError **error)
{
  int n, n_conditions, rows[ORR_PALETTE_MAX_PORTS], cols[ORR_PALETTE_MAX_PORTS];
  int out_rows[ORR_EXPRESSION_LIST_MAX], out_cols[ORR_EXPRESSION_LIST_MAX];
  gboolean else_output;

  if (!orr_param_get_int_range (config, "inputs", 0, ORR_PALETTE_MAX_PORTS, &n, error)
      || !orr_param_get_flag (config, "else_output", &else_output, error))
    return FALSE;
  for (int k = 0; k < n; k++)
    rows[k] = cols[k] = 1;
  if (!orr_expression_list_setup (config, "conditions", n, rows, cols, &n_conditions, out_rows,
                                  out_cols, error))
    return FALSE;
  for (int i = 0; i < n_conditions; i++)
    if (out_rows[i] != 1 || out_cols[i] != 1)
      {
        orr_param_set_error (error, "conditions", "formula %d must give a scalar, not %dx%d", i + 1,
                             out_rows[i], out_cols[i]);
        return FALSE;
      }
  orr_config_set_kind (config, ORR_BLOCK_CONDITIONAL);
  orr_config_set_event_ports (config, 1, n_conditions + else_output);
  orr_config_set_rpar (config, (double[]){ n_conditions }, 1);
  return TRUE;
}

static void
if_expression_simulate (OrrSimBlock *block, OrrJob job)
{
  int n_conditions = (int)block->rpar[0];

  switch (job)
    {
      case ORR_JOB_INIT:
        orr_expression_list_start (block);
        break;

      case ORR_JOB_EVENTS:
        if (block->nevprt <= 0)
          break;
        for (int i = 0; i < n_conditions; i++)
          {
            double holds;

            if (!orr_expression_list_run (block, i, &holds))
              return;
            if (holds != 0)
              {
                block->evout[i] = 0.0;
                return;
              }
          }
        if (block->n_evout > n_conditions)
          block->evout[n_conditions] = 0.0;
        break;

      case ORR_JOB_TERMINATE:
        orr_expression_list_stop (block);
        break;

      default:
        break;
    }
}

const OrrBlockClass orr_if_expression_class = {
  .name = "IfExpression",
  .palette = N_ ("Activation"),
  .label = N_ ("If expression"),
  .description = N_ ("Passes each activation to the output of the first condition that holds, or "
                     "to the else output."),
  .icon_text = "if/elif",
  .params = if_expression_params,
  .n_params = G_N_ELEMENTS (if_expression_params),
  .configure = if_expression_configure,
  .simulate = if_expression_simulate,
};
