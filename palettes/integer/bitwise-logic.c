/* bitwise-logic.c: BitwiseLogic, a bitwise operation across its integer
 * inputs, element by element: AND, OR, XOR, NAND, NOR on two or more
 * inputs, NOT on one. Every input and the output share one type, from the
 * links. */
#include "integer-classes.h"
#include "integer-bits.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

enum
{
  OP_AND = 1,
  OP_OR,
  OP_XOR,
  OP_NAND,
  OP_NOR,
  OP_NOT,
};

static const char *const operators[]
  = { N_ ("AND"), N_ ("OR"), N_ ("XOR"), N_ ("NAND"), N_ ("NOR"), N_ ("NOT"), NULL };
static const char *const labels[] = { "AND", "OR", "XOR", "NAND", "NOR", "NOT" };

static const OrrParamSpec logic_params[] = {
  { "operator", N_ ("Operator"), "1",
    N_ ("1 AND, 2 OR, 3 XOR, 4 NAND, 5 NOR (on every input), 6 NOT (one input), bit by bit."),
    ORR_PARAM_CHOICE, operators },
  { "inputs", N_ ("Number of inputs"), "2", N_ ("How many inputs, 2 or more; NOT has one.") },
};

static gboolean
logic_configure (OrrConfig *config, GError **error)
{
  int op, inputs;

  if (!orr_param_get_int_range (config, "operator", OP_AND, OP_NOT, &op, error)
      || !orr_param_get_int_range (config, "inputs", 1, ORR_PALETTE_MAX_PORTS, &inputs, error))
    return FALSE;
  if (op == OP_NOT)
    inputs = 1;
  else if (inputs < 2)
    {
      orr_param_set_error (error, "inputs", "must be 2 or more for %s, not %d", labels[op - 1],
                           inputs);
      return FALSE;
    }
  /* the same inherited size and type (placeholders -1 x -2) everywhere */
  for (int i = 0; i < inputs; i++)
    orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_INHERIT);
  orr_config_set_ipar (config, &op, 1);
  orr_config_set_label (config, labels[op - 1]);
  return TRUE;
}

static void
logic_simulate (OrrSimBlock *block, OrrJob job)
{
  int op = block->ipar[0];

  if (job == ORR_JOB_INIT)
    {
      orr_integer_check_ports (block);
      return;
    }
  if (job != ORR_JOB_OUTPUTS || orr_integer_width (block->in[0].type) == 0)
    return;
  for (int i = 0; i < orr_block_out_numel (block, 0); i++)
    {
      guint64 v = orr_integer_get_bits (&block->in[0], i);

      for (int k = 1; k < block->n_in; k++)
        {
          guint64 u = orr_integer_get_bits (&block->in[k], i);

          v = op == OP_AND || op == OP_NAND ? v & u : op == OP_XOR ? v ^ u : v | u;
        }
      if (op == OP_NAND || op == OP_NOR || op == OP_NOT)
        v = ~v;
      orr_integer_put_bits (&block->out[0], i, v);
    }
}

const OrrBlockClass orr_bitwise_logic_class = {
  .name = "BitwiseLogic",
  .palette = N_ ("Integer"),
  .label = N_ ("Bitwise logic"),
  .description = N_ ("A bitwise AND, OR, XOR, NAND, NOR or NOT of integer inputs."),
  .icon_text = "&|^",
  .params = logic_params,
  .n_params = G_N_ELEMENTS (logic_params),
  .configure = logic_configure,
  .simulate = logic_simulate,
};
