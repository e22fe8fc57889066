/* integer-product.c: IntegerProduct, the element-wise product of integer
 * signals in their own type, wrapping as fixed-width arithmetic does (the
 * low bits of the exact product): all ports of one integer type
 * (integer-bits.h). ipar = { inputs }. */
#include "integer-bits.h"
#include "integer-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec integer_product_params[] = {
  { "inputs", N_ ("Number of inputs"), "2",
    N_ ("Inputs of one size and integer type to multiply, 2 to 1000.") },
};

static gboolean
integer_product_configure (OrrConfig *config, GError **error)
{
  int n;

  if (!orr_param_get_int_range (config, "inputs", 2, ORR_PALETTE_MAX_PORTS, &n, error))
    return FALSE;
  for (int i = 0; i < n; i++)
    orr_config_add_input (config, -1, -2, ORR_TYPE_INHERIT, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_INHERIT);
  return TRUE;
}

static void
integer_product_simulate (OrrSimBlock *block, OrrJob job)
{
  if (job == ORR_JOB_INIT)
    {
      orr_integer_check_ports (block);
      return;
    }
  if (job != ORR_JOB_OUTPUTS)
    return;
  for (int i = 0; i < orr_block_out_numel (block, 0); i++)
    {
      /* unsigned arithmetic wraps modulo 2^64, and the low bits of that
       * are the low bits of the exact product */
      guint64 y = 1;

      for (int k = 0; k < block->n_in; k++)
        y *= (guint64)orr_integer_get (&block->in[k], i);
      orr_integer_set (&block->out[0], i, (gint64)y);
    }
}

const OrrBlockClass orr_integer_product_class = {
  .name = "IntegerProduct",
  .palette = N_ ("Integer"),
  .label = N_ ("Integer product"),
  .description = N_ ("The element-wise product of integer signals, wrapping in their type."),
  .icon_text = "Π int",
  .params = integer_product_params,
  .n_params = G_N_ELEMENTS (integer_product_params),
  .configure = integer_product_configure,
  .simulate = integer_product_simulate,
};
