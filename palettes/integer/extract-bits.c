/* extract-bits.c: ExtractBits, the bits first ... last of its integer
 * input (bit 0 the least significant), the others cleared; either left
 * where they are or shifted down to bit 0 (the field read as a number). */
#include "integer-classes.h"
#include "integer-bits.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec extract_params[] = {
  { "first", N_ ("First bit"), "0", N_ ("The lowest bit kept, 0 being the least significant.") },
  { "last", N_ ("Last bit"), "3", N_ ("The highest bit kept, at least the first.") },
  { "shift", N_ ("Shift to bit 0"), "1",
    N_ ("1: the field is moved down to bit 0 and read as a number; 0: the bits stay in place."),
    ORR_PARAM_CHECKBOX },
};

static gboolean
extract_configure (OrrConfig *config, GError **error)
{
  int ipar[3];
  gboolean shift;

  if (!orr_param_get_int_range (config, "first", 0, 31, &ipar[0], error)
      || !orr_param_get_int_range (config, "last", 0, 31, &ipar[1], error)
      || !orr_param_get_flag (config, "shift", &shift, error))
    return FALSE;
  if (ipar[1] < ipar[0])
    {
      orr_param_set_error (error, "last", "must be at least the first bit (%d), not %d", ipar[0],
                           ipar[1]);
      return FALSE;
    }
  ipar[2] = shift;
  orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_INHERIT);
  orr_config_set_ipar (config, ipar, 3);
  return TRUE;
}

static void
extract_simulate (OrrSimBlock *block, OrrJob job)
{
  int first = block->ipar[0], last = block->ipar[1];
  guint64 mask = (((guint64)1 << (last - first + 1)) - 1) << first;

  if (job == ORR_JOB_INIT)
    {
      if (orr_integer_check_ports (block) && last >= orr_integer_width (block->in[0].type))
        orr_block_error (block, "bit %d does not exist in a %s, which has %d", last,
                         orr_type_name (block->in[0].type), orr_integer_width (block->in[0].type));
      return;
    }
  if (job != ORR_JOB_OUTPUTS || orr_integer_width (block->in[0].type) == 0)
    return;
  for (int i = 0; i < orr_block_in_numel (block, 0); i++)
    {
      guint64 v = orr_integer_get_bits (&block->in[0], i) & mask;

      orr_integer_put_bits (&block->out[0], i, block->ipar[2] ? v >> first : v);
    }
}

const OrrBlockClass orr_extract_bits_class = {
  .name = "ExtractBits",
  .palette = N_ ("Integer"),
  .label = N_ ("Extract bits"),
  .description = N_ ("A field of bits of its integer input, in place or moved down to bit 0."),
  .icon_text = "[b..a]",
  .params = extract_params,
  .n_params = G_N_ELEMENTS (extract_params),
  .configure = extract_configure,
  .simulate = extract_simulate,
};
