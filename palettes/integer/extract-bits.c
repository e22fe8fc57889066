/* extract-bits.c: ExtractBits, a field of bits of each element of an
 * integer signal, moved down to bit 0: y = (u >> first) & (2^count - 1),
 * in the input's type (integer-bits.h). The shift is logical: the field
 * is taken from the two's complement bits whatever the sign. ipar = {
 * first, count }. */
#include "integer-bits.h"
#include "integer-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec extract_bits_params[] = {
  { "first", N_ ("First bit"), "0", N_ ("The lowest bit of the field, from 0.") },
  { "count", N_ ("Number of bits"), "4", N_ ("How many bits the field has, 1 to 32.") },
};

static gboolean
extract_bits_configure (OrrConfig *config, GError **error)
{
  int ipar[2];
  g_autofree char *label = NULL;

  if (!orr_param_get_int_range (config, "first", 0, 31, &ipar[0], error)
      || !orr_param_get_int_range (config, "count", 1, 32 - ipar[0], &ipar[1], error))
    return FALSE;
  orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_INHERIT);
  orr_config_set_ipar (config, ipar, 2);
  label = g_strdup_printf ("bits %d:%d", ipar[0] + ipar[1] - 1, ipar[0]);
  orr_config_set_label (config, label);
  return TRUE;
}

static void
extract_bits_simulate (OrrSimBlock *block, OrrJob job)
{
  int first = block->ipar[0], count = block->ipar[1];

  if (job == ORR_JOB_INIT)
    {
      if (orr_integer_check_ports (block) && first + count > orr_integer_bits (block->in[0].type))
        orr_block_error (block, "bits %d to %d do not all exist in a %s signal", first,
                         first + count - 1, orr_type_name (block->in[0].type));
      return;
    }
  if (job != ORR_JOB_OUTPUTS)
    return;
  for (int i = 0; i < orr_block_out_numel (block, 0); i++)
    {
      int bits = orr_integer_bits (block->in[0].type);
      guint64 u
        = (guint64)orr_integer_get (&block->in[0], i) & ((G_GUINT64_CONSTANT (1) << bits) - 1);

      orr_integer_set (&block->out[0], i,
                       (gint64)((u >> first) & ((G_GUINT64_CONSTANT (1) << count) - 1)));
    }
}

const OrrBlockClass orr_extract_bits_class = {
  .name = "ExtractBits",
  .palette = N_ ("Integer"),
  .label = N_ ("Extract bits"),
  .description = N_ ("A field of bits of each element of an integer signal, moved down to bit 0."),
  .icon_text = "bits",
  .params = extract_bits_params,
  .n_params = G_N_ELEMENTS (extract_bits_params),
  .configure = extract_bits_configure,
  .simulate = extract_bits_simulate,
};
