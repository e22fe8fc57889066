/* gain.c: Gain. A scalar gain k scales every element of any input,
 * y = k u. A matrix gain G is applied as the multiplication rule says:
 * element by element (y = G .* u, the input of G's size), from the left
 * (y = G u, u with as many rows as G has columns and any number of
 * columns) or from the right (y = u G, u with as many columns as G has
 * rows). The gain is kept in rpar (column-major) and ipar = { rows of G,
 * columns of G, rule }. */
#include "math-classes.h"
#include "orr-block-params.h"

#include <glib/gi18n-lib.h>

enum
{
  RULE_ELEMENTWISE = 1,
  RULE_LEFT = 2,
  RULE_RIGHT = 3,
};

static const char *const rule_choices[]
  = { N_ ("Element-wise (K.*u)"), N_ ("Matrix (K*u)"), N_ ("Matrix (u*K)"), NULL };

static const OrrParamSpec gain_params[] = {
  { "gain", N_ ("Gain"), "1",
    N_ ("A scalar multiplies every element of the input; a matrix is applied as the "
        "multiplication rule says."),
    .tunable = TRUE },
  { "multiplication", N_ ("Multiplication rule"), "2",
    N_ ("1: element by element, the input of the gain's size; 2: y = K*u, the input with as many "
        "rows as K has columns; 3: y = u*K, the input with as many columns as K has rows. A scalar "
        "gain multiplies every element whatever the rule."),
    ORR_PARAM_CHOICE, rule_choices },
};

static gboolean
gain_configure (OrrConfig *config, GError **error)
{
  const double *gain;
  int ipar[3]; /* rows, cols, rule */

  if (!orr_param_get_matrix (config, "gain", &gain, &ipar[0], &ipar[1], error)
      || !orr_param_get_int_range (config, "multiplication", RULE_ELEMENTWISE, RULE_RIGHT, &ipar[2],
                                   error))
    return FALSE;

  if (ipar[0] == 1 && ipar[1] == 1)
    {
      orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
      orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
    }
  else if (ipar[2] == RULE_ELEMENTWISE)
    {
      orr_config_add_input (config, ipar[0], ipar[1], ORR_TYPE_DOUBLE, TRUE);
      orr_config_add_output (config, ipar[0], ipar[1], ORR_TYPE_DOUBLE);
    }
  else if (ipar[2] == RULE_LEFT)
    {
      orr_config_add_input (config, ipar[1], -1, ORR_TYPE_DOUBLE, TRUE);
      orr_config_add_output (config, ipar[0], -1, ORR_TYPE_DOUBLE);
    }
  else
    {
      orr_config_add_input (config, -1, ipar[0], ORR_TYPE_DOUBLE, TRUE);
      orr_config_add_output (config, -1, ipar[1], ORR_TYPE_DOUBLE);
    }
  orr_config_set_rpar (config, gain, ipar[0] * ipar[1]);
  orr_config_set_ipar (config, ipar, 3);
  orr_param_label_from (config, "gain");
  return TRUE;
}

static void
gain_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *gain = block->rpar;
  int m = block->ipar[0], n = block->ipar[1], rule = block->ipar[2];
  const double *u;
  double *y;

  if (job != ORR_JOB_OUTPUTS)
    return;
  u = orr_block_real_in (block, 0);
  y = orr_block_real_out (block, 0);

  if (block->n_rpar == 1)
    {
      int count = orr_block_out_numel (block, 0);

      for (int i = 0; i < count; i++)
        y[i] = gain[0] * u[i];
    }
  else if (rule == RULE_ELEMENTWISE)
    {
      for (int i = 0; i < m * n; i++)
        y[i] = gain[i] * u[i];
    }
  else if (rule == RULE_LEFT)
    {
      /* y (m x c) = G (m x n) * u (n x c) */
      int columns = block->out[0].cols;

      for (int c = 0; c < columns; c++)
        for (int i = 0; i < m; i++)
          {
            double sum = 0.0;

            for (int j = 0; j < n; j++)
              sum += gain[i + j * m] * u[j + c * n];
            y[i + c * m] = sum;
          }
    }
  else
    {
      /* y (r x n) = u (r x m) * G (m x n) */
      int rows = block->out[0].rows;

      for (int c = 0; c < n; c++)
        for (int i = 0; i < rows; i++)
          {
            double sum = 0.0;

            for (int k = 0; k < m; k++)
              sum += u[i + k * rows] * gain[k + c * m];
            y[i + c * rows] = sum;
          }
    }
}

const OrrBlockClass orr_gain_class = {
  .name = "Gain",
  .palette = N_ ("Math"),
  .label = N_ ("Gain"),
  .description
  = N_ ("Multiplies its input by a scalar, or by a matrix element-wise, from the left or "
        "from the right."),
  .icon_text = "K",
  .keywords = "multiply scale amplify factor times",
  .params = gain_params,
  .n_params = G_N_ELEMENTS (gain_params),
  .configure = gain_configure,
  .simulate = gain_simulate,
};
