/* logical-operator.c: LogicalOperator, AND OR NAND NOR XOR of its inputs
 * element by element, or NOT of its single input; an element is true when
 * it is not zero, and the output is a double matrix of 0 and 1. XOR of
 * several inputs is true when an odd number of them is. With one input,
 * the operator combines the elements of that input (a scalar output), as
 * Sum does. NOT always has one input, whatever the number of inputs says.
 *
 * No surfaces: the inputs of logical blocks are normally outputs of
 * relational blocks, which locate their own switching instants. ipar =
 * { operator, inputs }. */
#include "math-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

enum
{
  OP_AND = 1,
  OP_OR,
  OP_NAND,
  OP_NOR,
  OP_XOR,
  OP_NOT,
};

static const char *const operator_choices[]
  = { N_ ("AND"), N_ ("OR"), N_ ("NAND"), N_ ("NOR"), N_ ("XOR"), N_ ("NOT"), NULL };

static const OrrParamSpec logical_operator_params[] = {
  { "operator", N_ ("Operator"), "1",
    N_ ("1 AND, 2 OR, 3 NAND, 4 NOR, 5 XOR (true for an odd number of true inputs), 6 NOT (one "
        "input). Zero is false, anything else true."),
    ORR_PARAM_CHOICE, operator_choices },
  { "inputs", N_ ("Number of inputs"), "2",
    N_ ("Inputs of the same size, combined element by element; 1 combines the elements of one "
        "input. Ignored by NOT.") },
};

static gboolean
logical_operator_configure (OrrConfig *config, GError **error)
{
  int ipar[2]; /* operator, inputs */

  if (!orr_param_get_int_range (config, "operator", OP_AND, OP_NOT, &ipar[0], error)
      || !orr_param_get_int_range (config, "inputs", 1, ORR_PALETTE_MAX_PORTS, &ipar[1], error))
    return FALSE;
  if (ipar[0] == OP_NOT)
    ipar[1] = 1;
  for (int i = 0; i < ipar[1]; i++)
    orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  if (ipar[1] == 1 && ipar[0] != OP_NOT)
    orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
  else
    orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
  orr_config_set_ipar (config, ipar, 2);
  orr_config_set_label (config, operator_choices[ipar[0] - 1]);
  return TRUE;
}

/* The operator over n truth values, of which @trues are true. */
static double
combine (int op, int trues, int n)
{
  switch (op)
    {
      case OP_AND:
        return trues == n;
      case OP_OR:
        return trues > 0;
      case OP_NAND:
        return trues != n;
      case OP_NOR:
        return trues == 0;
      case OP_XOR:
        return trues % 2 == 1;
      default:
        return trues == 0; /* NOT of one value */
    }
}

static void
logical_operator_simulate (OrrSimBlock *block, OrrJob job)
{
  int op = block->ipar[0], inputs = block->ipar[1];
  double *y;

  if (job != ORR_JOB_OUTPUTS)
    return;
  y = orr_block_real_out (block, 0);
  if (inputs == 1 && op != OP_NOT)
    {
      const double *u = orr_block_real_in (block, 0);
      int n = orr_block_in_numel (block, 0), trues = 0;

      for (int i = 0; i < n; i++)
        trues += u[i] != 0;
      y[0] = combine (op, trues, n);
      return;
    }
  for (int i = 0; i < orr_block_out_numel (block, 0); i++)
    {
      int trues = 0;

      for (int k = 0; k < inputs; k++)
        trues += orr_block_real_in (block, k)[i] != 0;
      y[i] = combine (op, trues, inputs);
    }
}

const OrrBlockClass orr_logical_operator_class = {
  .name = "LogicalOperator",
  .palette = N_ ("Math"),
  .label = N_ ("Logical operator"),
  .description = N_ ("AND, OR, NAND, NOR, XOR of its inputs or NOT of one, element by element: 1 "
                     "for true, 0 for false."),
  .icon_text = "AND",
  .params = logical_operator_params,
  .n_params = G_N_ELEMENTS (logical_operator_params),
  .configure = logical_operator_configure,
  .simulate = logical_operator_simulate,
};
