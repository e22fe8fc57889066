/* bit-set.c: BitSet and BitClear, their integer input with one bit set
 * to 1 or cleared to 0, bit 0 being the least significant. The type comes
 * from the link; a bit beyond the type's width is an error at
 * initialisation (configure cannot know the type yet). */
#include "integer-classes.h"
#include "integer-bits.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec bit_params[] = {
  { "bit", N_ ("Bit"), "0",
    N_ ("Which bit, 0 being the least significant and 31 the most significant of a 32-bit "
        "type.") },
};

static gboolean
bit_configure (OrrConfig *config, GError **error)
{
  int bit;

  if (!orr_param_get_int_range (config, "bit", 0, 31, &bit, error))
    return FALSE;
  orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_INHERIT);
  orr_config_set_ipar (config, &bit, 1);
  return TRUE;
}

static void
bit_simulate (OrrSimBlock *block, OrrJob job, gboolean set)
{
  int bit = block->ipar[0];

  if (job == ORR_JOB_INIT)
    {
      if (orr_integer_check_ports (block) && bit >= orr_integer_width (block->in[0].type))
        orr_block_error (block, "bit %d does not exist in a %s, which has %d", bit,
                         orr_type_name (block->in[0].type), orr_integer_width (block->in[0].type));
      return;
    }
  if (job != ORR_JOB_OUTPUTS || orr_integer_width (block->in[0].type) == 0)
    return;
  for (int i = 0; i < orr_block_in_numel (block, 0); i++)
    {
      guint64 v = orr_integer_get_bits (&block->in[0], i);

      v = set ? v | ((guint64)1 << bit) : v & ~((guint64)1 << bit);
      orr_integer_put_bits (&block->out[0], i, v);
    }
}

static void
bit_set_simulate (OrrSimBlock *block, OrrJob job)
{
  bit_simulate (block, job, TRUE);
}

static void
bit_clear_simulate (OrrSimBlock *block, OrrJob job)
{
  bit_simulate (block, job, FALSE);
}

const OrrBlockClass orr_bit_set_class = {
  .name = "BitSet",
  .palette = N_ ("Integer"),
  .label = N_ ("Set bit"),
  .description = N_ ("Its integer input with one bit set to 1."),
  .icon_text = "set b",
  .params = bit_params,
  .n_params = G_N_ELEMENTS (bit_params),
  .configure = bit_configure,
  .simulate = bit_set_simulate,
};

const OrrBlockClass orr_bit_clear_class = {
  .name = "BitClear",
  .palette = N_ ("Integer"),
  .label = N_ ("Clear bit"),
  .description = N_ ("Its integer input with one bit cleared to 0."),
  .icon_text = "clr b",
  .params = bit_params,
  .n_params = G_N_ELEMENTS (bit_params),
  .configure = bit_configure,
  .simulate = bit_clear_simulate,
};
