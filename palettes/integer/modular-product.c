/* modular-product.c: ModularProduct, the element-wise product of integer
 * signals in their own type, wrapping as fixed-width arithmetic does (the
 * low bits of the exact product): all ports of one integer type
 * (integer-bits.h). ipar = { inputs }. */
#include "integer-bits.h"
#include "integer-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec modular_product_params[] = {
  { "inputs", N_ ("Number of inputs"), "2",
    N_ ("Inputs of one size and integer type to multiply, 2 to 1000.") },
};

static gboolean
modular_product_configure (OrrConfig *config, GError **error)
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
modular_product_simulate (OrrSimBlock *block, OrrJob job)
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

const OrrBlockClass orr_modular_product_class = {
  .name = "ModularProduct",
  .palette = N_ ("Integer"),
  .label = N_ ("Modular product"),
  .description = N_ ("The element-wise product of integer signals, wrapping in their type."),
  .icon_text = "Π int",
  .params = modular_product_params,
  .n_params = G_N_ELEMENTS (modular_product_params),
  .configure = modular_product_configure,
  .simulate = modular_product_simulate,
};
