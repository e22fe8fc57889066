/* truth-table.c: TruthTable, a combinational function given as a table:
 * n scalar inputs read as bits (non-zero is 1, the first input the most
 * significant) pick row 1 + sum u_i 2^(n-i) of a 2^n x m matrix, which is
 * the output (an m vector). So [0; 1; 1; 0] with two inputs is XOR, and a
 * 2^n x m table is m functions of the same inputs. The number of inputs
 * follows from the table's rows. No state: the output follows the inputs
 * wherever they are active. */
#include "logic-classes.h"
#include "orr-block-params.h"

#include <string.h>
#include <glib/gi18n-lib.h>

/* 2^16 rows is already more than anyone types into a dialog. */
#define MAX_INPUTS 16

static const OrrParamSpec truth_table_params[] = {
  { "table", N_ ("Truth table"), "[0; 0; 0; 1]",
    N_ ("A matrix of 2^n rows, one per combination of the n inputs in binary order (the first "
        "input is the most significant bit), and one column per output element.") },
};

static gboolean
truth_table_configure (OrrConfig *config, GError **error)
{
  const double *table;
  int rows, cols, n = 0;

  if (!orr_param_get_matrix (config, "table", &table, &rows, &cols, error))
    return FALSE;
  while ((1 << n) < rows && n < MAX_INPUTS)
    n++;
  if (rows < 2 || (1 << n) != rows)
    {
      orr_param_set_error (error, "table",
                           "must have 2^n rows for n inputs, 1 <= n <= %d, not %d rows", MAX_INPUTS,
                           rows);
      return FALSE;
    }
  for (int i = 0; i < n; i++)
    orr_config_add_input (config, 1, 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, cols, 1, ORR_TYPE_DOUBLE);
  orr_config_set_rpar (config, table, rows * cols);
  orr_config_set_ipar (config, (int[]){ n, cols }, 2);
  return TRUE;
}

static void
truth_table_simulate (OrrSimBlock *block, OrrJob job)
{
  int n = block->ipar[0], m = block->ipar[1], rows = 1 << n, row = 0;
  double *y;

  if (job != ORR_JOB_OUTPUTS)
    return;
  for (int i = 0; i < n; i++)
    row = 2 * row + (orr_block_real_in (block, i)[0] != 0);
  y = orr_block_real_out (block, 0);
  for (int j = 0; j < m; j++)
    y[j] = block->rpar[row + j * rows];
}

const OrrBlockClass orr_truth_table_class = {
  .name = "TruthTable",
  .palette = N_ ("Logic"),
  .label = N_ ("Truth table"),
  .description = N_ ("Outputs the row of a table chosen by its inputs read as the bits of a binary "
                     "number."),
  .icon_text = "TT",
  .params = truth_table_params,
  .n_params = G_N_ELEMENTS (truth_table_params),
  .configure = truth_table_configure,
  .simulate = truth_table_simulate,
};
