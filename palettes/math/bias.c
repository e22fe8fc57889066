/* bias.c: Bias, y = u + b: a scalar b added to every element of any
 * input, or a matrix b added element by element to an input of its size.
 * rpar holds b. */
#include "math-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

static const OrrParamSpec bias_params[] = {
  { "bias", N_ ("Bias"), "0",
    N_ ("Added to the input: a scalar for every element, or a matrix of the input's size.") },
};

static gboolean
bias_configure (OrrConfig *config, GError **error)
{
  const double *b;
  int rows, cols;

  if (!orr_param_get_matrix (config, "bias", &b, &rows, &cols, error))
    return FALSE;
  if (rows * cols == 1)
    {
      orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
      orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
    }
  else
    {
      orr_config_add_input (config, rows, cols, ORR_TYPE_DOUBLE, TRUE);
      orr_config_add_output (config, rows, cols, ORR_TYPE_DOUBLE);
    }
  orr_config_set_rpar (config, b, rows * cols);
  return TRUE;
}

static void
bias_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *u, *b = block->rpar;
  double *y;
  int n;

  if (job != ORR_JOB_OUTPUTS)
    return;
  u = orr_block_real_in (block, 0);
  y = orr_block_real_out (block, 0);
  n = orr_block_out_numel (block, 0);
  for (int i = 0; i < n; i++)
    y[i] = u[i] + b[block->n_rpar == 1 ? 0 : i];
}

const OrrBlockClass orr_bias_class = {
  .name = "Bias",
  .palette = N_ ("Math"),
  .label = N_ ("Bias"),
  .description = N_ ("Adds a constant to its input."),
  .icon_text = "u+b",
  .params = bias_params,
  .n_params = G_N_ELEMENTS (bias_params),
  .configure = bias_configure,
  .simulate = bias_simulate,
};
