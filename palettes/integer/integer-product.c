/* integer-product.c: IntegerProduct, the element-by-element product of
 * its integer inputs, in their common type, saturated to the type's
 * limits or wrapped modulo 2^bits. Products are formed in 64 bits and
 * brought into range after each factor, so they never overflow the
 * arithmetic. */
#include "integer-classes.h"
#include "integer-bits.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const char *const overflow_choices[] = { N_ ("Saturate"), N_ ("Wrap"), NULL };

static const OrrParamSpec product_params[] = {
  { "inputs", N_ ("Number of inputs"), "2", N_ ("How many factors, 2 or more.") },
  { "overflow", N_ ("On overflow"), "1",
    N_ ("A product out of the integer type's range: 1 saturates to the nearest limit, 2 wraps "
        "around (modulo 2^bits, as hardware does)."),
    ORR_PARAM_CHOICE, overflow_choices },
};

static gboolean
product_configure (OrrConfig *config, GError **error)
{
  int ipar[2];

  if (!orr_param_get_int_range (config, "inputs", 2, ORR_PALETTE_MAX_PORTS, &ipar[0], error)
      || !orr_param_get_int_range (config, "overflow", 1, 2, &ipar[1], error))
    return FALSE;
  for (int i = 0; i < ipar[0]; i++)
    orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_INHERIT);
  orr_config_set_ipar (config, ipar, 2);
  return TRUE;
}

/* v into the range of type: clamped, or its low bits (sign-extended). */
static gint64
into_range (gint64 v, OrrType type, gboolean saturate)
{
  int width = orr_integer_width (type);
  gint64 low = orr_integer_signed (type) ? -((gint64)1 << (width - 1)) : 0;
  gint64 high
    = orr_integer_signed (type) ? ((gint64)1 << (width - 1)) - 1 : ((gint64)1 << width) - 1;

  if (saturate)
    return v < low ? low : v > high ? high : v;
  {
    guint64 bits = (guint64)v & (((guint64)1 << width) - 1);

    return (gint64)bits > high ? (gint64)bits - ((gint64)1 << width) : (gint64)bits;
  }
}

static void
product_simulate (OrrSimBlock *block, OrrJob job)
{
  OrrType type = block->out[0].type;
  gboolean saturate = block->ipar[1] == 1;

  if (job == ORR_JOB_INIT)
    {
      orr_integer_check_ports (block);
      return;
    }
  if (job != ORR_JOB_OUTPUTS || orr_integer_width (type) == 0)
    return;
  for (int i = 0; i < orr_block_out_numel (block, 0); i++)
    {
      gint64 v = orr_integer_get (&block->in[0], i);

      /* |v| < 2^32 and each factor < 2^32: the 64-bit product is exact */
      for (int k = 1; k < block->n_in; k++)
        v = into_range (v * orr_integer_get (&block->in[k], i), type, saturate);
      orr_integer_put_bits (&block->out[0], i, (guint64)v);
    }
}

const OrrBlockClass orr_integer_product_class = {
  .name = "IntegerProduct",
  .palette = N_ ("Integer"),
  .label = N_ ("Integer product"),
  .description = N_ ("The product of integer inputs in their type, saturated or wrapped."),
  .icon_text = "×",
  .params = product_params,
  .n_params = G_N_ELEMENTS (product_params),
  .configure = product_configure,
  .simulate = product_simulate,
};
