/* bitwise-operator.c: BitwiseOperator, AND, OR or XOR of its integer
 * inputs bit by bit, element by element, or NOT of its single input; all
 * ports of one integer type (integer-bits.h). ipar = { operator, inputs }. */
#include "integer-bits.h"
#include "integer-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

enum
{
  OP_AND = 1,
  OP_OR,
  OP_XOR,
  OP_NOT,
};

static const char *const operator_choices[]
  = { N_ ("AND"), N_ ("OR"), N_ ("XOR"), N_ ("NOT"), NULL };

static const OrrParamSpec bitwise_operator_params[] = {
  { "operator", N_ ("Operator"), "1",
    N_ ("1 AND, 2 OR, 3 XOR of the inputs bit by bit; 4 NOT of one input."), ORR_PARAM_CHOICE,
    operator_choices },
  { "inputs", N_ ("Number of inputs"), "2",
    N_ ("Inputs of one size and integer type, 2 to 1000; NOT has one.") },
};

static gboolean
bitwise_operator_configure (OrrConfig *config, GError **error)
{
  int ipar[2];

  if (!orr_param_get_int_range (config, "operator", OP_AND, OP_NOT, &ipar[0], error)
      || !orr_param_get_int_range (config, "inputs", 2, ORR_PALETTE_MAX_PORTS, &ipar[1], error))
    return FALSE;
  if (ipar[0] == OP_NOT)
    ipar[1] = 1;
  for (int i = 0; i < ipar[1]; i++)
    orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_INHERIT);
  orr_config_set_ipar (config, ipar, 2);
  orr_config_set_label (config, operator_choices[ipar[0] - 1]);
  return TRUE;
}

static void
bitwise_operator_simulate (OrrSimBlock *block, OrrJob job)
{
  int op = block->ipar[0], inputs = block->ipar[1];

  if (job == ORR_JOB_INIT)
    {
      orr_integer_check_ports (block);
      return;
    }
  if (job != ORR_JOB_OUTPUTS)
    return;
  for (int i = 0; i < orr_block_out_numel (block, 0); i++)
    {
      gint64 y = orr_integer_get (&block->in[0], i);

      if (op == OP_NOT)
        y = ~y;
      for (int k = 1; k < inputs; k++)
        {
          gint64 u = orr_integer_get (&block->in[k], i);

          y = op == OP_AND ? y & u : op == OP_OR ? y | u : y ^ u;
        }
      orr_integer_set (&block->out[0], i, y);
    }
}

const OrrBlockClass orr_bitwise_operator_class = {
  .name = "BitwiseOperator",
  .palette = N_ ("Integer"),
  .label = N_ ("Bitwise operator"),
  .description = N_ ("AND, OR or XOR of integer signals bit by bit, or NOT of one."),
  .icon_text = "&|^",
  .params = bitwise_operator_params,
  .n_params = G_N_ELEMENTS (bitwise_operator_params),
  .configure = bitwise_operator_configure,
  .simulate = bitwise_operator_simulate,
};
