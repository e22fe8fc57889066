/* round-product.c: RoundProduct, the element-wise product of its inputs
 * rounded to a whole number, as fixed-point arithmetic rounds a product
 * back onto its grid: to the nearest (halves away from zero), down, up or
 * towards zero. Its output is a staircase of its inputs; like Rounding it
 * has no surfaces: its inputs are normally discrete signals. ipar = {
 * inputs, method }. */
#include "math-classes.h"
#include "orr-block-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

static const char *const round_choices[]
  = { N_ ("Nearest"), N_ ("Down"), N_ ("Up"), N_ ("Towards zero"), NULL };

static const OrrParamSpec round_product_params[] = {
  { "inputs", N_ ("Number of inputs"), "2",
    N_ ("How many inputs of one size to multiply element by element, 1 to 1000.") },
  { "method", N_ ("Rounding"), "1",
    N_ ("1: to the nearest whole number (halves away from zero); 2: down; 3: up; 4: towards "
        "zero."),
    ORR_PARAM_CHOICE, round_choices },
};

static gboolean
round_product_configure (OrrConfig *config, GError **error)
{
  int ipar[2];

  if (!orr_param_get_int_range (config, "inputs", 1, ORR_PALETTE_MAX_PORTS, &ipar[0], error)
      || !orr_param_get_int_range (config, "method", 1, 4, &ipar[1], error))
    return FALSE;
  for (int i = 0; i < ipar[0]; i++)
    orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
  orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
  orr_config_set_ipar (config, ipar, 2);
  return TRUE;
}

static void
round_product_simulate (OrrSimBlock *block, OrrJob job)
{
  double *y = orr_block_real_out (block, 0);

  if (job != ORR_JOB_OUTPUTS)
    return;
  for (int i = 0; i < orr_block_out_numel (block, 0); i++)
    {
      double p = 1;

      for (int k = 0; k < block->ipar[0]; k++)
        p *= orr_block_real_in (block, k)[i];
      switch (block->ipar[1])
        {
          case 2:
            y[i] = floor (p);
            break;
          case 3:
            y[i] = ceil (p);
            break;
          case 4:
            y[i] = trunc (p);
            break;
          default:
            y[i] = round (p);
            break;
        }
    }
}

const OrrBlockClass orr_round_product_class = {
  .name = "RoundProduct",
  .palette = N_ ("Math"),
  .label = N_ ("Rounded product"),
  .description = N_ ("The element-wise product of its inputs, rounded to a whole number."),
  .icon_text = "[Π]",
  .params = round_product_params,
  .n_params = G_N_ELEMENTS (round_product_params),
  .configure = round_product_configure,
  .simulate = round_product_simulate,
};
