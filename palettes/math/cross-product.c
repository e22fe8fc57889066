/* cross-product.c: CrossProduct, a x b of two 3-vectors:
 * (a2 b3 - a3 b2, a3 b1 - a1 b3, a1 b2 - a2 b1). */
#include "math-classes.h"

#include <glib/gi18n-lib.h>

static gboolean
cross_product_configure (OrrConfig *config, GError **error)
{
  (void)error;
  orr_config_add_input (config, 3, 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_input (config, 3, 1, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, 3, 1, ORR_TYPE_DOUBLE);
  return TRUE;
}

static void
cross_product_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *a = orr_block_real_in (block, 0), *b = orr_block_real_in (block, 1);
  double *y = orr_block_real_out (block, 0);

  if (job != ORR_JOB_OUTPUTS)
    return;
  y[0] = a[1] * b[2] - a[2] * b[1];
  y[1] = a[2] * b[0] - a[0] * b[2];
  y[2] = a[0] * b[1] - a[1] * b[0];
}

const OrrBlockClass orr_cross_product_class = {
  .name = "CrossProduct",
  .palette = N_ ("Math"),
  .label = N_ ("Cross product"),
  .description = N_ ("The cross product of two vectors of three elements."),
  .icon_text = "a×b",
  .configure = cross_product_configure,
  .simulate = cross_product_simulate,
};
