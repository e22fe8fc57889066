/* bit-shift.c: BitShift, each element of an integer signal shifted by n
 * bits: left for n > 0 (y = u * 2^n, wrapping in the type), right for
 * n < 0, arithmetically for the signed types (y = floor(u / 2^-n)) and
 * logically for the unsigned ones (integer-bits.h). ipar = { n }. */
#include "integer-bits.h"
#include "integer-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec bit_shift_params[] = {
  { "shift", N_ ("Shift"), "1",
    N_ ("Bits to shift by, -31 to 31: positive to the left (multiplying by 2^n), negative to the "
        "right (dividing by 2^-n and rounding down).") },
};

static gboolean
bit_shift_configure (OrrConfig *config, GError **error)
{
  int n;
  g_autofree char *label = NULL;

  if (!orr_param_get_int_range (config, "shift", -31, 31, &n, error))
    return FALSE;
  orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_INHERIT);
  orr_config_set_ipar (config, &n, 1);
  label = g_strdup_printf (n >= 0 ? "<< %d" : ">> %d", ABS (n));
  orr_config_set_label (config, label);
  return TRUE;
}

static void
bit_shift_simulate (OrrSimBlock *block, OrrJob job)
{
  int n = block->ipar[0];

  if (job == ORR_JOB_INIT)
    {
      orr_integer_check_ports (block);
      return;
    }
  if (job != ORR_JOB_OUTPUTS)
    return;
  for (int i = 0; i < orr_block_out_numel (block, 0); i++)
    {
      gint64 u = orr_integer_get (&block->in[0], i);

      /* u is exact in 64 bits: the left shift of a value of at most 32
       * bits by at most 31 cannot overflow, and >> of a negative gint64
       * is arithmetic with GCC and Clang (floor division) */
      orr_integer_set (&block->out[0], i, n >= 0 ? (gint64)((guint64)u << n) : u >> -n);
    }
}

const OrrBlockClass orr_bit_shift_class = {
  .name = "BitShift",
  .palette = N_ ("Integer"),
  .label = N_ ("Bit shift"),
  .description = N_ ("Each element of an integer signal shifted left or right by some bits."),
  .icon_text = "<<",
  .params = bit_shift_params,
  .n_params = G_N_ELEMENTS (bit_shift_params),
  .configure = bit_shift_configure,
  .simulate = bit_shift_simulate,
};
