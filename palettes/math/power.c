/* power.c: Power, each element of u raised to an exponent: a parameter p
 * (y = u.^p, p a scalar for every element or a matrix of the input's
 * size), or a second input (y = u1.^u2, element by element, both of the
 * same size). A negative base with a fractional exponent gives NaN (the
 * real power is not defined there). rpar holds p, ipar = { inputs }. */
#include "math-classes.h"
#include "orr-block-params.h"

#include <math.h>
#include <glib/gi18n-lib.h>

static const OrrParamSpec power_params[] = {
  { "inputs", N_ ("Number of inputs"), "1",
    N_ ("1: the exponent is the parameter below; 2: the exponent is the second input.") },
  { "exponent", N_ ("Exponent"), "2",
    N_ ("With one input: a scalar exponent for every element, or a matrix of exponents of the "
        "input's size.") },
};

static gboolean
power_configure (OrrConfig *config, GError **error)
{
  const double *p;
  int inputs, rows, cols;

  if (!orr_param_get_int_range (config, "inputs", 1, 2, &inputs, error))
    return FALSE;
  if (inputs == 2)
    {
      orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
      orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
      orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
      orr_config_set_ipar (config, &inputs, 1);
      orr_config_set_label (config, "u1^u2");
      return TRUE;
    }
  if (!orr_param_get_matrix (config, "exponent", &p, &rows, &cols, error))
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
  orr_config_set_rpar (config, p, rows * cols);
  orr_config_set_ipar (config, &inputs, 1);
  return TRUE;
}

static void
power_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *u, *p;
  double *y;
  int n;

  if (job != ORR_JOB_OUTPUTS)
    return;
  u = orr_block_real_in (block, 0);
  y = orr_block_real_out (block, 0);
  n = orr_block_out_numel (block, 0);
  if (block->ipar[0] == 2)
    {
      p = orr_block_real_in (block, 1);
      for (int i = 0; i < n; i++)
        y[i] = pow (u[i], p[i]);
    }
  else
    {
      p = block->rpar;
      for (int i = 0; i < n; i++)
        y[i] = pow (u[i], p[block->n_rpar == 1 ? 0 : i]);
    }
}

const OrrBlockClass orr_power_class = {
  .name = "Power",
  .palette = N_ ("Math"),
  .label = N_ ("Power"),
  .description = N_ ("Raises each element of the input to an exponent, a parameter or a second "
                     "input."),
  .icon_text = "u^p",
  .params = power_params,
  .n_params = G_N_ELEMENTS (power_params),
  .configure = power_configure,
  .simulate = power_simulate,
};
