/* product.c: Product. With several operations, one input per entry, all of
 * the same size: y = u_1^o_1 .* u_2^o_2 ... with o_i = 1 (multiply) or -1
 * (divide), element by element. A single entry multiplies the elements of
 * one input together (1 divides: y = 1/prod(u)). Division by zero gives the
 * IEEE result (inf or NaN), as it would in a script. */
#include "math-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec product_params[] = {
  { "ops", N_ ("Operations"), "[1 1]",
    N_ ("One entry per input: 1 multiplies by it, -1 divides by it, e.g. [1 -1] for u1 ./ u2. A "
        "single entry works on the elements of one input.") },
};

static gboolean
product_configure (OrrConfig *config, GError **error)
{
  const double *ops;
  int n;

  if (!orr_param_get_vector (config, "ops", &ops, &n, error))
    return FALSE;
  if (n > ORR_PALETTE_MAX_PORTS)
    {
      orr_param_set_error (error, "ops", "must have at most %d entries, not %d",
                           ORR_PALETTE_MAX_PORTS, n);
      return FALSE;
    }
  for (int i = 0; i < n; i++)
    if (ops[i] != 1.0 && ops[i] != -1.0)
      {
        orr_param_set_error (error, "ops", "must contain only 1 (multiply) or -1 (divide), not %g",
                             ops[i]);
        return FALSE;
      }

  if (n == 1)
    {
      orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
      orr_config_add_output (config, 1, 1, ORR_TYPE_DOUBLE);
    }
  else
    {
      for (int i = 0; i < n; i++)
        orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
      orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
    }
  orr_config_set_rpar (config, ops, n);
  return TRUE;
}

static inline double
apply (double acc, double op, double u)
{
  return op > 0 ? acc * u : acc / u;
}

static void
product_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *ops = block->rpar;
  double *y;

  if (job != ORR_JOB_OUTPUTS)
    return;
  y = orr_block_real_out (block, 0);

  if (block->n_rpar == 1)
    {
      const double *u = orr_block_real_in (block, 0);
      int n = orr_block_in_numel (block, 0);
      double product = 1.0;

      for (int i = 0; i < n; i++)
        product *= u[i];
      y[0] = apply (1.0, ops[0], product);
    }
  else
    {
      int n = orr_block_out_numel (block, 0);

      for (int i = 0; i < n; i++)
        {
          double acc = 1.0;
          for (int k = 0; k < block->n_in; k++)
            acc = apply (acc, ops[k], orr_block_real_in (block, k)[i]);
          y[i] = acc;
        }
    }
}

const OrrBlockClass orr_product_class = {
  .name = "Product",
  .palette = N_ ("Math"),
  .label = N_ ("Product"),
  .description = N_ ("Multiplies and divides its inputs element by element."),
  .icon_text = "×",
  .params = product_params,
  .n_params = G_N_ELEMENTS (product_params),
  .configure = product_configure,
  .simulate = product_simulate,
};
