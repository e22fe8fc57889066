/* bit-shift.c: BitShift, its integer input shifted by n bits: left for
 * n > 0, right for n < 0. A right shift copies the sign bit into a signed
 * type (arithmetic) and zeros into an unsigned one (logical); bits pushed
 * out are lost. In the rotate mode they come back in at the other end. */
#include "integer-classes.h"
#include "integer-bits.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const char *const shift_modes[] = { N_ ("Shift"), N_ ("Rotate"), NULL };

static const OrrParamSpec shift_params[] = {
  { "bits", N_ ("Bits"), "1",
    N_ ("How far: n > 0 shifts left (towards the most significant bit), n < 0 right.") },
  { "mode", N_ ("Mode"), "1",
    N_ ("1 shift: the bits pushed out are lost (a right shift keeps the sign of a signed type); "
        "2 rotate: they come back in at the other end."),
    ORR_PARAM_CHOICE, shift_modes },
};

static gboolean
shift_configure (OrrConfig *config, GError **error)
{
  int ipar[2];

  if (!orr_param_get_int_range (config, "bits", -31, 31, &ipar[0], error)
      || !orr_param_get_int_range (config, "mode", 1, 2, &ipar[1], error))
    return FALSE;
  orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_INHERIT);
  orr_config_set_ipar (config, ipar, 2);
  return TRUE;
}

static void
shift_simulate (OrrSimBlock *block, OrrJob job)
{
  const OrrPortBuffer *in = &block->in[0];
  int n = block->ipar[0], width = orr_integer_width (in->type);

  if (job == ORR_JOB_INIT)
    {
      if (orr_integer_check_ports (block) && (n >= width || -n >= width))
        orr_block_error (block, "cannot shift a %s by %d bits: it has %d", orr_type_name (in->type),
                         n, width);
      return;
    }
  if (job != ORR_JOB_OUTPUTS || width == 0)
    return;
  for (int i = 0; i < orr_block_in_numel (block, 0); i++)
    {
      guint64 bits = orr_integer_get_bits (in, i), mask = ((guint64)1 << width) - 1, v;

      if (block->ipar[1] == 2)
        {
          int r = ((n % width) + width) % width; /* rotate left by r */
          v = r == 0 ? bits : ((bits << r) | (bits >> (width - r))) & mask;
        }
      else if (n >= 0)
        v = bits << n;
      else if (orr_integer_signed (in->type))
        v = (guint64)(orr_integer_get (in, i) >> -n); /* arithmetic */
      else
        v = bits >> -n;
      orr_integer_put_bits (&block->out[0], i, v);
    }
}

const OrrBlockClass orr_bit_shift_class = {
  .name = "BitShift",
  .palette = N_ ("Integer"),
  .label = N_ ("Shift bits"),
  .description = N_ ("Its integer input shifted or rotated left or right by a number of bits."),
  .icon_text = "<<",
  .params = shift_params,
  .n_params = G_N_ELEMENTS (shift_params),
  .configure = shift_configure,
  .simulate = shift_simulate,
};
