/* bit-operation.c: BitOperation, one bit of each element of an integer
 * signal set, cleared or toggled: y = u | 2^b, u & ~2^b or u ^ 2^b, with
 * b counted from 0 (the least significant bit). The output has the
 * input's type (integer-bits.h). ipar = { operation, bit }. */
#include "integer-bits.h"
#include "integer-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const char *const operation_choices[] = { N_ ("Set"), N_ ("Clear"), N_ ("Toggle"), NULL };

static const OrrParamSpec bit_operation_params[] = {
  { "operation", N_ ("Operation"), "1", N_ ("1 set the bit, 2 clear it, 3 toggle it."),
    ORR_PARAM_CHOICE, operation_choices },
  { "bit", N_ ("Bit"), "0",
    N_ ("Which bit, from 0 (the least significant) to 31; it must exist in the signal's type.") },
};

static gboolean
bit_operation_configure (OrrConfig *config, GError **error)
{
  int ipar[2];
  g_autofree char *label = NULL;

  if (!orr_param_get_int_range (config, "operation", 1, 3, &ipar[0], error)
      || !orr_param_get_int_range (config, "bit", 0, 31, &ipar[1], error))
    return FALSE;
  orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_INHERIT);
  orr_config_set_ipar (config, ipar, 2);
  label = g_strdup_printf ("%s %d", ipar[0] == 1 ? "set" : ipar[0] == 2 ? "clr" : "tgl", ipar[1]);
  orr_config_set_label (config, label);
  return TRUE;
}

static void
bit_operation_simulate (OrrSimBlock *block, OrrJob job)
{
  int op = block->ipar[0], bit = block->ipar[1];
  gint64 mask = (gint64)1 << bit;

  if (job == ORR_JOB_INIT)
    {
      if (orr_integer_check_ports (block) && bit >= orr_integer_bits (block->in[0].type))
        orr_block_error (block, "bit %d does not exist in a %s signal", bit,
                         orr_type_name (block->in[0].type));
      return;
    }
  if (job != ORR_JOB_OUTPUTS)
    return;
  for (int i = 0; i < orr_block_out_numel (block, 0); i++)
    {
      gint64 u = orr_integer_get (&block->in[0], i);

      orr_integer_set (&block->out[0], i, op == 1 ? u | mask : op == 2 ? u & ~mask : u ^ mask);
    }
}

const OrrBlockClass orr_bit_operation_class = {
  .name = "BitOperation",
  .palette = N_ ("Integer"),
  .label = N_ ("Bit set/clear"),
  .description = N_ ("Sets, clears or toggles one bit of each element of an integer signal."),
  .icon_text = "bit b",
  .params = bit_operation_params,
  .n_params = G_N_ELEMENTS (bit_operation_params),
  .configure = bit_operation_configure,
  .simulate = bit_operation_simulate,
};
