/* gain.c: Gain. A scalar k scales every element (y = k u, any size); an
 * m x n matrix G multiplies from the left (y = G u, u with n rows and any
 * number of columns). The gain is kept in rpar (column-major) with its
 * shape in ipar = { m, n }. */
#include "math-classes.h"
#include "orr-block-params.h"

static const OrrParamSpec gain_params[] = {
  { "gain", "Gain", "1",
    "A scalar multiplies every element of the input; an m x n matrix G gives y = G*u for an "
    "input with n rows." },
};

static gboolean
gain_configure (OrrConfig *config, GError **error)
{
  const double *gain;
  int shape[2];

  if (!orr_param_get_matrix (config, "gain", &gain, &shape[0], &shape[1], error))
    return FALSE;

  if (shape[0] == 1 && shape[1] == 1)
    {
      orr_config_add_input (config, -1, -2, ORR_TYPE_DOUBLE, TRUE);
      orr_config_add_output (config, -1, -2, ORR_TYPE_DOUBLE);
    }
  else
    {
      orr_config_add_input (config, shape[1], -1, ORR_TYPE_DOUBLE, TRUE);
      orr_config_add_output (config, shape[0], -1, ORR_TYPE_DOUBLE);
    }
  orr_config_set_rpar (config, gain, shape[0] * shape[1]);
  orr_config_set_ipar (config, shape, 2);
  orr_param_label_from (config, "gain");
  return TRUE;
}

static void
gain_simulate (OrrSimBlock *block, OrrJob job)
{
  const double *gain = block->rpar;
  const double *u;
  double *y;

  if (job != ORR_JOB_OUTPUTS)
    return;
  u = orr_block_real_in (block, 0);
  y = orr_block_real_out (block, 0);

  if (block->n_rpar == 1)
    {
      int n = orr_block_out_numel (block, 0);
      for (int i = 0; i < n; i++)
        y[i] = gain[0] * u[i];
    }
  else
    {
      int m = block->ipar[0], n = block->ipar[1];
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
}

const OrrBlockClass orr_gain_class = {
  .name = "Gain",
  .palette = "Math",
  .label = "Gain",
  .description = "Multiplies its input by a scalar or, from the left, by a matrix.",
  .icon_text = "K",
  .params = gain_params,
  .n_params = G_N_ELEMENTS (gain_params),
  .configure = gain_configure,
  .simulate = gain_simulate,
};
